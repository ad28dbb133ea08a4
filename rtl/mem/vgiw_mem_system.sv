// The memory system of the VGIW core (docs/core.md "mem_system", docs/mem.md): the banked L1
// behind the LDST ports, the live value cache behind the LVU ports (VGIW §3.4), read-ahead
// line slots for the control port, and one line-granular memory port shared by all of them.
//
// A cache bank has up to 2 x MSHRS line requests in flight (a refill and a write-back per MSHR)
// and names each by a local ID; every control line slot has one. The memory request ID is the
// requester's first ID plus its local ID (L1 banks, then LVC banks, then the control slots:
// docs/mem.md "Memory port"), and a response goes back by its ID; the port always takes
// responses. A round-robin arbiter picks among the requesters and holds its choice while the
// memory refuses it, so an offered request stays stable until taken.
module vgiw_mem_system #(
  localparam int unsigned NL    = vgiw_cfg_pkg::UNITS_LDST,
  localparam int unsigned NV    = vgiw_cfg_pkg::UNITS_LVU,
  localparam int unsigned L     = vgiw_cfg_pkg::L1_LINE_BYTES,
  localparam int unsigned LBITS = 8 * L
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // LDST and LVU ports: bundles of arch/formats.toml (docs/fabric-units/ldst.md, lvu.md)
  input  logic [NL-1:0]             ldst_req_valid_i,
  output logic [NL-1:0]             ldst_req_ready_o,
  input  logic [NL-1:0][vgiw_cfg_pkg::LDST_REQ_BITS-1:0] ldst_req_i,
  output logic [NL-1:0]             ldst_rsp_valid_o,
  output logic [NL-1:0][vgiw_cfg_pkg::LDST_RSP_BITS-1:0] ldst_rsp_o,
  input  logic [NV-1:0]             lv_req_valid_i,
  output logic [NV-1:0]             lv_req_ready_o,
  input  logic [NV-1:0][vgiw_cfg_pkg::LV_REQ_BITS-1:0]   lv_req_i,
  output logic [NV-1:0]             lv_rsp_valid_o,
  output logic [NV-1:0][vgiw_cfg_pkg::LV_RSP_BITS-1:0]   lv_rsp_o,
  input  logic [31:0]               lv_base_i,
  input  logic [vgiw_cfg_pkg::DATAPATH_TID_BITS:0] lv_tile_threads_i,
  // control port: 32-bit word reads, responses in order
  input  logic                      ctl_req_valid_i,
  output logic                      ctl_req_ready_o,
  input  logic [31:0]               ctl_req_addr_i,
  output logic                      ctl_rsp_valid_o,
  input  logic                      ctl_rsp_ready_i,
  output logic [31:0]               ctl_rsp_rdata_o,
  output logic [LBITS-1:0]          ctl_rsp_line_o,    // the whole line of the word read
  // maintenance
  input  logic                      flush_i,
  output logic                      flush_done_o,
  // the core's memory port (line-granular): bundles line_req / line_rsp of arch/formats.toml
  output logic                      line_req_valid_o,
  input  logic                      line_req_ready_i,
  output logic [vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic                      line_rsp_valid_i,
  output logic                      line_rsp_ready_o,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i,
  output logic                      error_o,
  // counters (from reset)
  output logic [63:0]               cnt_l1_access_o,
  output logic [63:0]               cnt_l1_hit_o,
  output logic [63:0]               cnt_l1_miss_o,
  output logic [63:0]               cnt_l1_bank_conflict_o,
  output logic [63:0]               cnt_l1_writeback_o,
  output logic [63:0]               cnt_lvc_access_o,
  output logic [63:0]               cnt_lvc_hit_o,
  output logic [63:0]               cnt_lvc_miss_o,
  output logic [63:0]               cnt_lvc_spill_o,
  output logic [63:0]               cnt_l1_mshr_stall_o,
  output logic [63:0]               cnt_l1_refill_o,
  output logic [63:0]               cnt_l1_miss_cycles_o,
  output logic [63:0]               cnt_lvc_bank_conflict_o,
  output logic [63:0]               cnt_lvc_mshr_stall_o,
  output logic [63:0]               cnt_lvc_refill_o,
  output logic [63:0]               cnt_lvc_miss_cycles_o
);
  localparam int unsigned B1   = vgiw_cfg_pkg::L1_BANKS;
  localparam int unsigned B2   = vgiw_cfg_pkg::LVC_BANKS;
  localparam int unsigned CK   = vgiw_cfg_pkg::BBS_FETCH_LINES;  // control port line slots
  localparam int unsigned CKW  = (CK > 1) ? $clog2(CK) : 1;
  localparam int unsigned R    = B1 + B2 + CK;           // requesters on the memory port
  localparam int unsigned RW   = $clog2(R);
  localparam int unsigned CTL  = B1 + B2;                // first control slot
  localparam int unsigned OFF  = $clog2(L);
  localparam int unsigned WO_W = (L > 4) ? $clog2(L / 4) : 1;
  localparam int unsigned M1   = vgiw_cfg_pkg::L1_MSHRS;
  localparam int unsigned M2   = vgiw_cfg_pkg::LVC_MSHRS;
  localparam int unsigned LID1 = $clog2(M1) + 1;          // cache_bank's local ID widths
  localparam int unsigned LID2 = $clog2(M2) + 1;
  localparam int unsigned S1   = 1 << LID1;               // memory IDs per L1 bank
  localparam int unsigned S2   = 1 << LID2;               // memory IDs per LVC bank
  localparam int unsigned LV0  = B1 * S1;                 // first LVC ID
  localparam int unsigned CT0  = LV0 + B2 * S2;           // first control slot ID

  if (CT0 + CK > 256) begin : g_bad_ids
    $error("mem_system: %0d memory request IDs needed, the port has 8 bits (fewer MSHRs in arch/)",
           CT0 + CK);
  end

  // requesters of the memory port
  logic [R-1:0]            rq_valid, rq_ready, rq_write, rq_rsp;
  logic [R-1:0][31:0]      rq_addr;
  logic [R-1:0][LBITS-1:0] rq_wdata;
  logic [R-1:0][7:0]       rq_id;      // memory request ID of the requester's current request
  logic [B1-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] l1_req;    // IDs: the banks' local IDs
  logic [B2-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] lvc_req;
  vgiw_cfg_pkg::line_rsp_t rsp, lvc_rsp;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [7:0]              lvc_rsp_off;   // only its local-ID bits are used
  /* verilator lint_on UNUSEDSIGNAL */
  assign rsp         = line_rsp_i;
  assign lvc_rsp_off = rsp.id - 8'(LV0);
  always_comb begin
    lvc_rsp    = rsp;
    lvc_rsp.id = 8'(lvc_rsp_off[LID2-1:0]);
  end
  for (genvar b = 0; b < B1; b++) begin : g_l1_id
    /* verilator lint_off UNUSEDSIGNAL */  // a bank's local ID is LID1 bits
    vgiw_cfg_pkg::line_req_t q;
    /* verilator lint_on UNUSEDSIGNAL */
    assign q           = l1_req[b];
    assign rq_addr[b]  = q.addr;
    assign rq_write[b] = q.write;
    assign rq_wdata[b] = q.wdata;
    assign rq_id[b]    = 8'(b * S1) + 8'(q.id[LID1-1:0]);
  end
  for (genvar b = 0; b < B2; b++) begin : g_lvc_id
    /* verilator lint_off UNUSEDSIGNAL */
    vgiw_cfg_pkg::line_req_t q;
    /* verilator lint_on UNUSEDSIGNAL */
    assign q                = lvc_req[b];
    assign rq_addr[B1 + b]  = q.addr;
    assign rq_write[B1 + b] = q.write;
    assign rq_wdata[B1 + b] = q.wdata;
    assign rq_id[B1 + b]    = 8'(LV0 + b * S2) + 8'(q.id[LID2-1:0]);
  end
  for (genvar k = 0; k < CK; k++) begin : g_ctl_id
    assign rq_id[CTL + k] = 8'(CT0 + k);
  end

  // ---- L1
  logic            l1_flush_done, l1_busy;
  vgiw_cfg_pkg::cache_inc_t l1_inc;

  vgiw_l1 u_l1 (
    .clk_i, .rst_ni,
    .ldst_req_valid_i, .ldst_req_ready_o, .ldst_req_i, .ldst_rsp_valid_o, .ldst_rsp_o,
    .flush_i, .flush_done_o (l1_flush_done), .busy_o (l1_busy),
    .line_req_valid_o (rq_valid[B1-1:0]), .line_req_ready_i (rq_ready[B1-1:0]), .line_req_o (l1_req),
    .line_rsp_valid_i (rq_rsp[B1-1:0]),   .line_rsp_i (rsp),   // L1 IDs: the local ID in the low bits
    .cache_inc_o (l1_inc)
  );

  // ---- LVC
  logic            lvc_flush_done, lvc_busy;
  vgiw_cfg_pkg::cache_inc_t lvc_inc;

  vgiw_lvc u_lvc (
    .clk_i, .rst_ni, .lv_base_i, .lv_tile_threads_i,
    .lv_req_valid_i, .lv_req_ready_o, .lv_req_i, .lv_rsp_valid_o, .lv_rsp_o,
    .flush_i, .flush_done_o (lvc_flush_done), .busy_o (lvc_busy),
    .line_req_valid_o (rq_valid[CTL-1:B1]), .line_req_ready_i (rq_ready[CTL-1:B1]), .line_req_o (lvc_req),
    .line_rsp_valid_i (rq_rsp[CTL-1:B1]),   .line_rsp_i (lvc_rsp),
    .cache_inc_o (lvc_inc)
  );

  // ---- control port: a read-ahead line buffer (docs/mem.md "Control port")
  // The BBS reads descriptors, block tables and configurations as runs of consecutive words
  // (VGIW §3.2: configurations are fetched from memory). CK line slots hold the line of the
  // current read and the CK-1 lines after it; each slot has its own memory request ID, so the
  // following lines are in flight while the current one streams out at one word per cycle,
  // and a configuration costs one memory latency rather than one per line. A read-ahead line
  // that comes back with an error (past the end of memory) is harmless until a read uses it.
  localparam int unsigned LNW = 32 - OFF;                 // line number width

  logic [CK-1:0]            sl_valid_q;  // data present
  logic [CK-1:0]            sl_want_q;   // allocated, request not yet taken by the memory
  logic [CK-1:0]            sl_sent_q;   // request in flight
  logic [CK-1:0]            sl_drop_q;   // in flight across a flush: discard the data
  logic [CK-1:0]            sl_err_q;    // the line came back with an error response
  logic [CK-1:0][LNW-1:0]   sl_line_q;
  logic [CK-1:0][LBITS-1:0] sl_data_q;
  logic                     hd_valid_q;  // hd_line_q: the line of the latest read
  logic [LNW-1:0]           hd_line_q;

  logic             cb_pend_q, cr_valid_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]      cb_addr_q;   // byte offset within the word is not needed
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0]      cr_data_q;
  logic [LBITS-1:0] cr_line_q;
  logic             ctl_accept, ctl_hit, ctl_err;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]      ctl_addr;    // byte offset within the word is not needed
  /* verilator lint_on UNUSEDSIGNAL */
  logic [WO_W-1:0]  ctl_wo;
  logic [CKW-1:0]   ctl_slot;
  logic [LBITS-1:0] ctl_line;
  logic             ctl_deliver_pend;

  // The slot holding a line with data for the one read being served: the pending one, or
  // else the one offered (a request is taken only while none is pending), so the line slots
  // are searched and read through one multiplexer.
  assign ctl_addr = cb_pend_q ? cb_addr_q : ctl_req_addr_i;
  always_comb begin
    ctl_hit  = 1'b0;
    ctl_slot = '0;
    for (int k = 0; k < CK; k++) begin
      if (sl_valid_q[k] && sl_line_q[k] == ctl_addr[31:OFF]) begin
        ctl_hit  = 1'b1;
        ctl_slot = CKW'(k);
      end
    end
  end

  assign ctl_wo   = (L > 4) ? WO_W'(ctl_addr[OFF-1:2]) : '0;
  assign ctl_err  = sl_err_q[ctl_slot];
  assign ctl_line = sl_data_q[ctl_slot];
  assign ctl_req_ready_o  = !cb_pend_q && (!cr_valid_q || ctl_rsp_ready_i);
  assign ctl_accept       = ctl_req_valid_i && ctl_req_ready_o;
  assign ctl_deliver_pend = cb_pend_q && ctl_hit && (!cr_valid_q || ctl_rsp_ready_i);
  assign ctl_rsp_valid_o  = cr_valid_q;
  assign ctl_rsp_rdata_o  = cr_data_q;
  assign ctl_rsp_line_o   = cr_line_q;

  // Read-ahead window: lines hd, hd+1, .., hd+CK-1. Each cycle the first line of the window
  // that no slot holds or awaits gets a slot that is empty, or holds a line behind the window.
  // A slot whose request is offered keeps it until taken (the request stays stable).
  logic [LNW-1:0] win_line;
  logic           win_need;
  logic [CKW-1:0] win_slot;
  logic           win_free;

  always_comb begin
    logic [CK-1:0] covered;
    logic [LNW-1:0] ahead;
    win_line = hd_line_q;
    win_need = 1'b0;
    for (int d = CK - 1; d >= 0; d--) begin
      covered = '0;
      for (int k = 0; k < CK; k++)
        covered[k] = (sl_valid_q[k] || sl_want_q[k] || (sl_sent_q[k] && !sl_drop_q[k])) &&
                     sl_line_q[k] == hd_line_q + LNW'(d);
      if (hd_valid_q && covered == '0) begin
        win_need = 1'b1;
        win_line = hd_line_q + LNW'(d);
      end
    end
    win_free = 1'b0;
    win_slot = '0;
    for (int k = CK - 1; k >= 0; k--) begin
      ahead = sl_line_q[k] - hd_line_q;
      if (!sl_sent_q[k] && !sl_want_q[k] && (!sl_valid_q[k] || ahead >= LNW'(CK))) begin
        win_free = 1'b1;
        win_slot = CKW'(k);
      end
    end
  end

  for (genvar k = 0; k < CK; k++) begin : g_ctl_slot_req
    assign rq_valid[CTL + k] = sl_want_q[k];
    assign rq_addr[CTL + k]  = {sl_line_q[k], OFF'(0)};
    assign rq_write[CTL + k] = 1'b0;
    assign rq_wdata[CTL + k] = '0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sl_valid_q <= '0;
      sl_want_q  <= '0;
      sl_sent_q  <= '0;
      sl_drop_q  <= '0;
      sl_err_q   <= '0;
      sl_line_q  <= '0;
      sl_data_q  <= '0;
      hd_valid_q <= 1'b0;
      hd_line_q  <= '0;
      cb_pend_q  <= 1'b0;
      cb_addr_q  <= '0;
      cr_valid_q <= 1'b0;
      cr_data_q  <= '0;
      cr_line_q  <= '0;
    end else begin
      if (cr_valid_q && ctl_rsp_ready_i) cr_valid_q <= 1'b0;
      if (ctl_accept) begin
        hd_valid_q <= 1'b1;
        hd_line_q  <= ctl_req_addr_i[31:OFF];
        if (ctl_hit) begin
          cr_valid_q <= 1'b1;
          cr_data_q  <= ctl_line[32 * ctl_wo +: 32];
          cr_line_q  <= ctl_line;
        end else begin
          cb_pend_q <= 1'b1;
          cb_addr_q <= ctl_req_addr_i;
        end
      end
      if (ctl_deliver_pend) begin
        cb_pend_q  <= 1'b0;
        cr_valid_q <= 1'b1;
        cr_data_q  <= ctl_line[32 * ctl_wo +: 32];
        cr_line_q  <= ctl_line;
      end
      if (win_need && win_free) begin
        sl_valid_q[win_slot] <= 1'b0;
        sl_want_q[win_slot]  <= 1'b1;
        sl_err_q[win_slot]   <= 1'b0;
        sl_line_q[win_slot]  <= win_line;
      end
      for (int k = 0; k < CK; k++) begin
        if (rq_valid[CTL + k] && rq_ready[CTL + k]) begin
          sl_want_q[k] <= 1'b0;
          sl_sent_q[k] <= 1'b1;
        end
        if (rq_rsp[CTL + k]) begin
          sl_sent_q[k]  <= 1'b0;
          sl_drop_q[k]  <= 1'b0;
          sl_valid_q[k] <= !sl_drop_q[k] && !flush_i;
          sl_err_q[k]   <= rsp.error;
          sl_data_q[k]  <= rsp.rdata;
        end
      end
      // the host may have changed memory: forget every line, discard those in flight. A read
      // accepted and not yet answered (cb_pend_q, or taken as a miss in this cycle) keeps its
      // line at the head of the window, so the line is fetched again and the read is answered:
      // the BBS's configuration prefetch can be in flight when it flushes at the end of a
      // kernel, and a lost answer left its word reader busy forever (the kernel never ended).
      if (flush_i) begin
        sl_valid_q <= '0;
        sl_want_q  <= '0;
        sl_drop_q  <= (sl_drop_q | sl_sent_q | (rq_valid[CTL +: CK] & rq_ready[CTL +: CK]))
                      & ~rq_rsp[CTL +: CK];
        hd_valid_q <= (cb_pend_q && !ctl_deliver_pend) || (ctl_accept && !ctl_hit);
      end
    end
  end

  // ---- memory port arbiter: round robin, choice held while refused (HOLD)
  logic [RW-1:0] arb_idx;
  logic          arb_valid;

  vgiw_rr_arbiter #(.N(R), .HOLD(1'b1)) u_port_arb (
    .clk_i, .rst_ni,
    .req_i   (rq_valid),
    .ready_i (line_req_ready_i),
    .valid_o (arb_valid),
    .idx_o   (arb_idx)
  );

  always_comb begin
    rq_ready = '0;
    rq_rsp   = '0;
    for (int r = 0; r < R; r++) begin
      rq_ready[r] = arb_valid && line_req_ready_i && arb_idx == RW'(r);
      if (r < B1)       rq_rsp[r] = line_rsp_valid_i && rsp.id >= 8'(r * S1) && rsp.id < 8'((r + 1) * S1);
      else if (r < CTL) rq_rsp[r] = line_rsp_valid_i && rsp.id >= 8'(LV0 + (r - B1) * S2) &&
                                    rsp.id < 8'(LV0 + (r - B1 + 1) * S2);
      else              rq_rsp[r] = line_rsp_valid_i && rsp.id == 8'(CT0 + r - CTL);
    end
  end

  vgiw_cfg_pkg::line_req_t req;
  always_comb begin
    req       = '0;
    req.addr  = rq_addr[arb_idx];
    req.write = rq_write[arb_idx];
    req.wdata = rq_wdata[arb_idx];
    req.id    = rq_id[arb_idx];
  end
  assign line_req_valid_o = arb_valid;
  assign line_req_o       = req;
  assign line_rsp_ready_o = 1'b1;

  // ---- flush completion, error, counters
  logic fl_active_q, fl_l1_q, fl_lvc_q, error_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fl_active_q <= 1'b0;
      fl_l1_q     <= 1'b0;
      fl_lvc_q    <= 1'b0;
      error_q     <= 1'b0;
    end else begin
      if (flush_i) begin
        fl_active_q <= 1'b1;
        fl_l1_q     <= 1'b0;
        fl_lvc_q    <= 1'b0;
      end else if (flush_done_o) begin
        fl_active_q <= 1'b0;
      end else begin
        if (l1_flush_done)  fl_l1_q  <= 1'b1;
        if (lvc_flush_done) fl_lvc_q <= 1'b1;
      end
      // a control line's error counts only once a read uses it (read-ahead goes past the end)
      if (line_rsp_valid_i && rsp.error && !(|rq_rsp[CTL +: CK])) error_q <= 1'b1;
      if ((ctl_accept && ctl_hit && ctl_err) || (ctl_deliver_pend && ctl_err))
        error_q <= 1'b1;
    end
  end
  assign flush_done_o = fl_active_q && !flush_i && (fl_l1_q || l1_flush_done) &&
                        (fl_lvc_q || lvc_flush_done);
  assign error_o      = error_q;

  // counters.bits-wide counters (docs/ctrl.md "Counters"), in the order of arch/core.toml
  // [counters.ext], zero-extended to the 64-bit read-out
  localparam int unsigned NC = 16;
  localparam int unsigned CB = vgiw_cfg_pkg::COUNTERS_BITS;
  logic [NC-1:0][CB-1:0] c_q, c_inc;
  // The caches' increments count a cycle after their events: an access is a bank's ready,
  // which comes out of its tag compare, and the counters' adders are far from the banks
  // (issue 22, docs/fpga.md "Twelfth round"). The counters are read after a kernel's flush,
  // many cycles later, so their values then are the same.
  vgiw_cfg_pkg::cache_inc_t l1_inc_q, lvc_inc_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      l1_inc_q  <= '0;
      lvc_inc_q <= '0;
    end else begin
      l1_inc_q  <= l1_inc;
      lvc_inc_q <= lvc_inc;
    end
  end
  always_comb begin
    c_inc     = '0;
    c_inc[0]  = CB'(l1_inc_q.access);
    c_inc[1]  = CB'(l1_inc_q.hit);
    c_inc[2]  = CB'(l1_inc_q.miss);
    c_inc[3]  = CB'(l1_inc_q.conflict);
    c_inc[4]  = CB'(l1_inc_q.writeback);
    c_inc[5]  = CB'(lvc_inc_q.access);
    c_inc[6]  = CB'(lvc_inc_q.hit);
    c_inc[7]  = CB'(lvc_inc_q.miss);
    c_inc[8]  = CB'(lvc_inc_q.writeback);   // the LVC's write-backs are spills
    c_inc[9]  = CB'(l1_inc_q.mshr_stall);
    c_inc[10] = CB'(l1_inc_q.refill);
    c_inc[11] = CB'(l1_inc_q.miss_wait);
    c_inc[12] = CB'(lvc_inc_q.conflict);
    c_inc[13] = CB'(lvc_inc_q.mshr_stall);
    c_inc[14] = CB'(lvc_inc_q.refill);
    c_inc[15] = CB'(lvc_inc_q.miss_wait);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_q <= '0;
    end else begin
      for (int i = 0; i < NC; i++) c_q[i] <= c_q[i] + c_inc[i];
    end
  end
  assign cnt_l1_access_o         = 64'(c_q[0]);
  assign cnt_l1_hit_o            = 64'(c_q[1]);
  assign cnt_l1_miss_o           = 64'(c_q[2]);
  assign cnt_l1_bank_conflict_o  = 64'(c_q[3]);
  assign cnt_l1_writeback_o      = 64'(c_q[4]);
  assign cnt_lvc_access_o        = 64'(c_q[5]);
  assign cnt_lvc_hit_o           = 64'(c_q[6]);
  assign cnt_lvc_miss_o          = 64'(c_q[7]);
  assign cnt_lvc_spill_o         = 64'(c_q[8]);
  assign cnt_l1_mshr_stall_o     = 64'(c_q[9]);
  assign cnt_l1_refill_o         = 64'(c_q[10]);
  assign cnt_l1_miss_cycles_o    = 64'(c_q[11]);
  assign cnt_lvc_bank_conflict_o = 64'(c_q[12]);
  assign cnt_lvc_mshr_stall_o    = 64'(c_q[13]);
  assign cnt_lvc_refill_o        = 64'(c_q[14]);
  assign cnt_lvc_miss_cycles_o   = 64'(c_q[15]);

  // busy flags are for debugging and the assertion below
  /* verilator lint_off UNUSEDSIGNAL */
  logic busy_unused;
  /* verilator lint_on UNUSEDSIGNAL */
  assign busy_unused = l1_busy | lvc_busy;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni && line_rsp_valid_i) begin
      assert (int'(rsp.id) < CT0 + CK) else $error("mem_system: response with unknown ID %0d", rsp.id);
    end
  end
`endif
endmodule
