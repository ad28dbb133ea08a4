// A banked cache: PORTS word ports behind a crossbar onto BANKS cache_bank instances
// (docs/mem.md). Used for the L1 (VGIW Table 1: 32 banks) and the live value cache (VGIW §3.4).
//
// The bank of an access is chosen by the low line-address bits, so consecutive lines fall in
// different banks. Each bank arbitrates round-robin among the ports that address it; a port whose
// bank took another port's request in that cycle counts a bank conflict. Responses return to the
// port in the upper bits of the bank-side ID; when several banks answer one port in the same
// cycle, a round-robin pointer per port chooses (banks answer a hit every cycle, so a fixed
// priority could starve one). Each bank's line port is exposed, with the bank's local request
// ID (vgiw_cache_bank.sv); the next level arbitrates among them.
// REQ_SKID = 1 puts a skid buffer (rtl/common/vgiw_stream_skid.sv) between each bank's arbiter
// and the bank: the ports then see a registered ready instead of the bank's tag compare, with
// no cycle more per request (docs/fpga.md "Twelfth round").
// The parameter defaults are the preset's L1 (vgiw_l1.sv sets them all explicitly).
module vgiw_banked_cache #(
  parameter int unsigned PORTS      = vgiw_cfg_pkg::UNITS_LDST,
  parameter int unsigned BANKS      = vgiw_cfg_pkg::L1_BANKS,
  parameter int unsigned SETS       = vgiw_cfg_pkg::L1_BYTES /
                                      (vgiw_cfg_pkg::L1_BANKS * vgiw_cfg_pkg::L1_LINE_BYTES * vgiw_cfg_pkg::L1_WAYS),
  parameter int unsigned WAYS       = vgiw_cfg_pkg::L1_WAYS,
  parameter int unsigned LINE_BYTES = vgiw_cfg_pkg::L1_LINE_BYTES,
  parameter int unsigned MSHRS      = vgiw_cfg_pkg::L1_MSHRS,
  parameter int unsigned TARGETS    = vgiw_cfg_pkg::L1_MSHR_TARGETS,
  parameter int unsigned DATA       = vgiw_cfg_pkg::L1_MSHR_DATA,
  parameter int unsigned IW         = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS,
  parameter bit          FLUSH_WB   = 1'b1,
  parameter bit          WRITE_VALIDATE = 1'b0,   // vgiw_cache_bank.sv: per-word valid (the LVC)
  parameter bit          REQ_SKID   = 1'b0,   // a skid buffer in front of each bank (l1/lvc.req_skid)
  localparam int unsigned LBITS     = 8 * LINE_BYTES,
  localparam int unsigned LID_W     = $clog2(MSHRS) + 1,      // cache_bank's line-port ID
  localparam int unsigned BCW       = $clog2(BANKS + 1),
  localparam int unsigned PCW       = $clog2(PORTS + 1),
  localparam int unsigned MWW       = $clog2(BANKS * MSHRS + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [PORTS-1:0]        req_valid_i,
  output logic [PORTS-1:0]        req_ready_o,
  input  logic [PORTS-1:0][31:0]  req_addr_i,
  input  logic [PORTS-1:0]        req_write_i,
  input  logic [PORTS-1:0][3:0]   req_be_i,
  input  logic [PORTS-1:0][31:0]  req_wdata_i,
  input  logic [PORTS-1:0][IW-1:0] req_id_i,
  input  logic [PORTS-1:0][3:0]   req_amo_i,      // vgiw_fu_pkg::amo_op_e (vgiw_cache_bank.sv); '0 for none
  input  logic [PORTS-1:0][31:0]  req_cmp_i,
  output logic [PORTS-1:0]        rsp_valid_o,
  output logic [PORTS-1:0][IW-1:0] rsp_id_o,
  output logic [PORTS-1:0][31:0]  rsp_rdata_o,
  input  logic                    flush_i,
  output logic                    flush_done_o,
  output logic                    busy_o,
  // one line port per bank (bundles line_req / line_rsp of arch/formats.toml): a request's id
  // holds the bank's local ID (vgiw_cache_bank.sv) in its low LID_W bits; the response is shared,
  // one line per cycle, its id's low LID_W bits the local ID
  output logic [BANKS-1:0]        line_req_valid_o,
  input  logic [BANKS-1:0]        line_req_ready_i,
  output logic [BANKS-1:0][vgiw_cfg_pkg::LINE_REQ_BITS-1:0] line_req_o,
  input  logic [BANKS-1:0]        line_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::LINE_RSP_BITS-1:0] line_rsp_i,
  // per-cycle counter increments (bundle cache_inc of arch/formats.toml)
  output logic [vgiw_cfg_pkg::CACHE_INC_BITS-1:0] cache_inc_o
);
  localparam int unsigned OFF_W = $clog2(LINE_BYTES);
  localparam int unsigned BB    = (BANKS > 1) ? $clog2(BANKS) : 0;
  localparam int unsigned BSW   = (BANKS > 1) ? $clog2(BANKS) : 1;
  localparam int unsigned PW    = (PORTS > 1) ? $clog2(PORTS) : 1;
  localparam int unsigned BIW   = PW + IW;

  // bank of each port's request
  logic [PORTS-1:0][BSW-1:0] sel;
  always_comb begin
    for (int p = 0; p < PORTS; p++) begin
      sel[p] = (BANKS > 1) ? BSW'(req_addr_i[p] >> OFF_W) : '0;
    end
  end

  // per-bank round-robin arbitration; g_ready: the granted request is taken (by the bank, or
  // by its skid buffer)
  logic [BANKS-1:0][PW-1:0] grant;
  logic [BANKS-1:0]         grant_valid, g_ready;
  logic [BANKS-1:0]         b_req_valid, b_req_ready, b_req_write;
  logic [BANKS-1:0][31:0]   b_req_addr, b_req_wdata;
  logic [BANKS-1:0][3:0]    b_req_be, b_req_amo;
  logic [BANKS-1:0][31:0]   b_req_cmp;
  logic [BANKS-1:0][BIW-1:0] b_req_id;

  // which ports address which bank
  logic [BANKS-1:0][PORTS-1:0] bank_req;
  always_comb begin
    for (int b = 0; b < BANKS; b++) begin
      for (int p = 0; p < PORTS; p++) begin
        bank_req[b][p] = req_valid_i[p] && sel[p] == BSW'(b);
      end
    end
  end

  // per bank, round robin over the requesting ports (rtl/common/vgiw_rr_arbiter.sv)
  for (genvar b = 0; b < BANKS; b++) begin : g_req_arb
    vgiw_rr_arbiter #(.N(PORTS)) u_arb (
      .clk_i, .rst_ni,
      .req_i   (bank_req[b]),
      .ready_i (g_ready[b]),
      .valid_o (grant_valid[b]),
      .idx_o   (grant[b])
    );
  end

  // the granted request of each bank, to the bank directly or through its skid buffer
  localparam int unsigned BRW = 32 + 1 + 4 + 32 + 4 + 32 + BIW;   // {addr, write, be, wdata, amo, cmp, id}
  logic [BANKS-1:0][BRW-1:0] g_req, b_req;
  logic [BANKS-1:0]          skid_full;
  always_comb begin
    for (int b = 0; b < BANKS; b++) begin
      g_req[b] = {req_addr_i[grant[b]], req_write_i[grant[b]], req_be_i[grant[b]],
                  req_wdata_i[grant[b]], req_amo_i[grant[b]], req_cmp_i[grant[b]],
                  grant[b], req_id_i[grant[b]]};
      {b_req_addr[b], b_req_write[b], b_req_be[b], b_req_wdata[b], b_req_amo[b], b_req_cmp[b],
       b_req_id[b]} = b_req[b];
    end
  end
  for (genvar b = 0; b < BANKS; b++) begin : g_req_path
    if (REQ_SKID) begin : g_skid
      vgiw_stream_skid #(.WIDTH(BRW)) u_skid (
        .clk_i, .rst_ni,
        .valid_i (grant_valid[b]), .ready_o (g_ready[b]), .data_i (g_req[b]),
        .valid_o (b_req_valid[b]), .ready_i (b_req_ready[b]), .data_o (b_req[b]),
        .full_o  (skid_full[b])
      );
    end else begin : g_direct
      assign b_req_valid[b] = grant_valid[b];
      assign g_ready[b]     = b_req_ready[b];
      assign b_req[b]       = g_req[b];
      assign skid_full[b]   = 1'b0;
    end
  end

  logic [PCW-1:0] conflicts;
  always_comb begin
    conflicts = '0;
    for (int p = 0; p < PORTS; p++) begin
      req_ready_o[p] = g_ready[sel[p]] && grant_valid[sel[p]] && grant[sel[p]] == PW'(p);
      if (req_valid_i[p] && g_ready[sel[p]] && grant[sel[p]] != PW'(p)) begin
        conflicts = conflicts + 1'b1;
      end
    end
  end

  // the banks
  logic [BANKS-1:0]          b_rsp_valid, b_rsp_ready, b_flush_done, b_busy;
  logic [BANKS-1:0][BIW-1:0] b_rsp_id;
  logic [BANKS-1:0][31:0]    b_rsp_rdata;
  logic [BANKS-1:0]          ev_access, ev_hit, ev_miss, ev_wb, ev_refill, ev_stall;
  localparam int unsigned MCW = $clog2(MSHRS + 1);
  logic [BANKS-1:0][MCW-1:0] ev_wait;

  // A bank's line addresses leave its own bank bits zero; they are filled in here, so all banks
  // are one module (one synthesis for `make area`, docs/core.md "Area").
  logic [BANKS-1:0][31:0]    b_mem_addr;

  if (LINE_BYTES != vgiw_cfg_pkg::L1_LINE_BYTES) begin : g_bad_line
    $error("banked_cache: LINE_BYTES must be the preset's l1.line_bytes (the line bundles carry those)");
  end

  logic [BANKS-1:0]            lreq_write;
  logic [BANKS-1:0][LBITS-1:0] lreq_wdata;
  /* verilator lint_off UNUSEDSIGNAL */  // the error flag and the ID bits above LID_W are the next level's
  vgiw_cfg_pkg::line_rsp_t     line_rsp;
  /* verilator lint_on UNUSEDSIGNAL */
  assign line_rsp = line_rsp_i;

  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    vgiw_cfg_pkg::line_req_t lreq;
    logic [LID_W-1:0]        lid;
    always_comb begin
      lreq       = '0;
      lreq.addr  = b_mem_addr[b] | (32'(b) << OFF_W);
      lreq.write = lreq_write[b];
      lreq.wdata = lreq_wdata[b];
      lreq.id    = 8'(lid);
    end
    assign line_req_o[b] = lreq;
    vgiw_cache_bank #(
      .SETS(SETS), .WAYS(WAYS), .LINE_BYTES(LINE_BYTES), .MSHRS(MSHRS), .TARGETS(TARGETS), .DATA(DATA), .ID_W(BIW),
      .BANK_BITS(BB), .FLUSH_WB(FLUSH_WB), .WRITE_VALIDATE(WRITE_VALIDATE)
    ) u_bank (
      .clk_i, .rst_ni,
      .req_valid_i     (b_req_valid[b]),  .req_ready_o  (b_req_ready[b]),
      .req_addr_i      (b_req_addr[b]),   .req_write_i  (b_req_write[b]),
      .req_be_i        (b_req_be[b]),     .req_wdata_i  (b_req_wdata[b]),
      .req_id_i        (b_req_id[b]),
      .req_amo_i       (b_req_amo[b]),    .req_cmp_i    (b_req_cmp[b]),
      .rsp_valid_o     (b_rsp_valid[b]),  .rsp_ready_i  (b_rsp_ready[b]),
      .rsp_id_o        (b_rsp_id[b]),     .rsp_rdata_o  (b_rsp_rdata[b]),
      .flush_i,
      .flush_done_o    (b_flush_done[b]), .busy_o       (b_busy[b]),
      .mem_req_valid_o (line_req_valid_o[b]), .mem_req_ready_i (line_req_ready_i[b]),
      .mem_req_addr_o  (b_mem_addr[b]),       .mem_req_write_o (lreq_write[b]),
      .mem_req_wdata_o (lreq_wdata[b]),       .mem_req_lid_o   (lid),
      .mem_rsp_valid_i (line_rsp_valid_i[b]), .mem_rsp_lid_i   (line_rsp.id[LID_W-1:0]),
      .mem_rsp_rdata_i (line_rsp.rdata),
      .ev_access_o     (ev_access[b]),    .ev_hit_o     (ev_hit[b]),
      .ev_miss_o       (ev_miss[b]),      .ev_writeback_o (ev_wb[b]),
      .ev_refill_o     (ev_refill[b]),    .ev_mshr_stall_o (ev_stall[b]),
      .ev_miss_wait_o  (ev_wait[b])
    );
  end

  // response return: per port, round robin over the banks answering it
  logic [PORTS-1:0][BANKS-1:0] ans;
  logic [PORTS-1:0][BSW-1:0]   rsel;
  logic [PORTS-1:0]            ans_any;
  always_comb begin
    for (int p = 0; p < PORTS; p++) begin
      for (int b = 0; b < BANKS; b++) begin
        ans[p][b] = b_rsp_valid[b] && (PORTS == 1 || b_rsp_id[b][BIW-1:IW] == PW'(p));
      end
    end
  end
  for (genvar p = 0; p < PORTS; p++) begin : g_rsp_arb
    vgiw_rr_arbiter #(.N(BANKS)) u_arb (
      .clk_i, .rst_ni,
      .req_i   (ans[p]),
      .ready_i (1'b1),   // a port always takes its response
      .valid_o (ans_any[p]),
      .idx_o   (rsel[p])
    );
  end
  always_comb begin
    b_rsp_ready = '0;
    rsp_valid_o = '0;
    rsp_id_o    = '0;
    rsp_rdata_o = '0;
    for (int p = 0; p < PORTS; p++) begin
      if (ans_any[p]) begin
        rsp_valid_o[p] = 1'b1;
        rsp_id_o[p]    = b_rsp_id[rsel[p]][IW-1:0];
        rsp_rdata_o[p] = b_rsp_rdata[rsel[p]];
      end
    end
    for (int b = 0; b < BANKS; b++) begin
      for (int p = 0; p < PORTS; p++) begin
        if (ans_any[p] && rsel[p] == BSW'(b)) b_rsp_ready[b] = 1'b1;
      end
    end
  end

  // counters and flush completion (every bank finished its walk). The sums are as wide as this
  // cache's counts; the bundle's fields fit the largest cache of the preset (tools/archgen.py).
  localparam int unsigned IBW = vgiw_cfg_pkg::CACHE_INC_BANK_BITS;
  localparam int unsigned IWW = vgiw_cfg_pkg::CACHE_INC_WAIT_BITS;
  localparam int unsigned IPW = vgiw_cfg_pkg::CACHE_INC_PORT_BITS;
  if (BCW > IBW || MWW > IWW || PCW > IPW) begin : g_bad_inc
    $error("banked_cache: BANKS, MSHRS or PORTS larger than the preset's caches (cache_inc)");
  end
  logic [BCW-1:0] inc_access, inc_hit, inc_miss, inc_writeback, inc_refill, inc_stall;
  logic [MWW-1:0] inc_wait;
  always_comb begin
    inc_access    = '0;
    inc_hit       = '0;
    inc_miss      = '0;
    inc_writeback = '0;
    inc_refill    = '0;
    inc_stall     = '0;
    inc_wait      = '0;
    for (int b = 0; b < BANKS; b++) begin
      inc_refill    = inc_refill + BCW'(ev_refill[b]);
      inc_stall     = inc_stall + BCW'(ev_stall[b]);
      inc_wait      = inc_wait + MWW'(ev_wait[b]);
      inc_access    = inc_access + BCW'(ev_access[b]);
      inc_hit       = inc_hit + BCW'(ev_hit[b]);
      inc_miss      = inc_miss + BCW'(ev_miss[b]);
      inc_writeback = inc_writeback + BCW'(ev_wb[b]);
    end
  end
  vgiw_cfg_pkg::cache_inc_t inc;
  assign inc.access     = IBW'(inc_access);
  assign inc.hit        = IBW'(inc_hit);
  assign inc.miss       = IBW'(inc_miss);
  assign inc.writeback  = IBW'(inc_writeback);
  assign inc.refill     = IBW'(inc_refill);
  assign inc.mshr_stall = IBW'(inc_stall);
  assign inc.miss_wait  = IWW'(inc_wait);
  assign inc.conflict   = IPW'(conflicts);
  assign cache_inc_o    = inc;

  logic [BANKS-1:0] fl_done_q;
  logic             fl_active_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fl_done_q   <= '0;
      fl_active_q <= 1'b0;
    end else if (flush_i) begin
      fl_done_q   <= '0;
      fl_active_q <= 1'b1;
    end else if (fl_active_q) begin
      if ((fl_done_q | b_flush_done) == '1) begin
        fl_done_q   <= '0;
        fl_active_q <= 1'b0;
      end else begin
        fl_done_q <= fl_done_q | b_flush_done;
      end
    end
  end
  assign flush_done_o = fl_active_q && !flush_i && ((fl_done_q | b_flush_done) == '1);
  assign busy_o       = (|b_busy) || (|skid_full) || fl_active_q;

`ifndef SYNTHESIS
  // a flush comes after every request was answered (docs/mem.md): none waits in a skid buffer,
  // where it would reach its bank after the flush
  always_ff @(posedge clk_i) begin
    if (rst_ni && flush_i) begin
      assert (skid_full == '0) else $error("%m: flush with a request held in a skid buffer");
    end
  end
`endif
endmodule
