// One bank of a set-associative, write-back, write-allocate cache (docs/mem.md), the building
// block of both the banked L1 (VGIW Table 1) and the live value cache (VGIW §3.4).
//
// Word port: 32-bit accesses with byte enables, one at a time (the bank is blocking: a miss
// holds it until the refill is in). Banks are independent, so a miss in one bank does not stop
// the others (non-blocking across banks). Requests are performed in acceptance order, which is
// the ordering guarantee the memory system builds on.
//
// Line port: whole-line write-backs and refills towards the next level, one in flight.
// Replacement: true LRU per set (an age per way, 0 = most recent); invalid ways first.
// Flush: with FLUSH_WB every dirty line is written back, then every line is invalidated;
// without it (LVC: live values are dead between kernels) lines are dropped.
// The parameter defaults are one L1 bank of the preset (for the stand-alone area row).
module cache_bank #(
  parameter int unsigned SETS       = vgiw_cfg_pkg::L1_BYTES /
                                      (vgiw_cfg_pkg::L1_BANKS * vgiw_cfg_pkg::L1_LINE_BYTES * vgiw_cfg_pkg::L1_WAYS),
  parameter int unsigned WAYS       = vgiw_cfg_pkg::L1_WAYS,
  parameter int unsigned LINE_BYTES = vgiw_cfg_pkg::L1_LINE_BYTES,
  parameter int unsigned ID_W       = 8,
  // line-address bits that selected this bank; they are zero in the line port's addresses,
  // the banked cache fills in the bank's number (so every bank is one module: docs/mem.md)
  parameter int unsigned BANK_BITS  = $clog2(vgiw_cfg_pkg::L1_BANKS),
  parameter bit          FLUSH_WB   = 1'b1,
  localparam int unsigned LB        = LINE_BYTES,
  localparam int unsigned LBITS     = 8 * LINE_BYTES
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // word requests
  input  logic              req_valid_i,
  output logic              req_ready_o,
  input  logic [31:0]       req_addr_i,
  input  logic              req_write_i,
  input  logic [3:0]        req_be_i,
  input  logic [31:0]       req_wdata_i,
  input  logic [ID_W-1:0]   req_id_i,
  output logic              rsp_valid_o,
  input  logic              rsp_ready_i,
  output logic [ID_W-1:0]   rsp_id_o,
  output logic [31:0]       rsp_rdata_o,
  // maintenance
  input  logic              flush_i,
  output logic              flush_done_o,
  output logic              busy_o,
  // line port to the next level (one request in flight; the response carries no ID)
  output logic              mem_req_valid_o,
  input  logic              mem_req_ready_i,
  output logic [31:0]       mem_req_addr_o,
  output logic              mem_req_write_o,
  output logic [LBITS-1:0]  mem_req_wdata_o,
  input  logic              mem_rsp_valid_i,
  input  logic [LBITS-1:0]  mem_rsp_rdata_i,
  // event pulses for the counters
  output logic              ev_access_o,
  output logic              ev_hit_o,
  output logic              ev_miss_o,
  output logic              ev_writeback_o
);
  localparam int unsigned OFF_W   = $clog2(LB);
  localparam int unsigned WORDS   = LB / 4;
  localparam int unsigned WO_W    = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam int unsigned SET_W   = $clog2(SETS);
  localparam int unsigned LINES   = SETS * WAYS;
  localparam int unsigned IDX_W   = (LINES > 1) ? $clog2(LINES) : 1;
  localparam int unsigned WAY_W   = (WAYS > 1) ? $clog2(WAYS) : 1;
  localparam int unsigned TAG_LO  = OFF_W + BANK_BITS + SET_W;
  localparam int unsigned TAG_W   = 32 - TAG_LO;

  // The line index is {set, way}: both counts must be powers of two, and at least two.
  if (SETS < 2 || WAYS < 2 || (SETS & (SETS - 1)) != 0 || (WAYS & (WAYS - 1)) != 0 ||
      LINE_BYTES < 4 || (LINE_BYTES & (LINE_BYTES - 1)) != 0) begin : g_bad_geometry
    $error("cache_bank: SETS, WAYS (>= 2) and LINE_BYTES (>= 4) must be powers of two");
  end

  typedef enum logic [2:0] {
    S_IDLE, S_LOOKUP, S_RESP, S_WB_REQ, S_WB_WAIT, S_RF_REQ, S_RF_WAIT, S_FLUSH
  } state_e;

  state_e state_q, state_d;

  // the accepted request
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]     r_addr_q;     // byte offset and bank bits are not needed inside the bank
  /* verilator lint_on UNUSEDSIGNAL */
  logic            r_write_q;
  logic [3:0]      r_be_q;
  logic [31:0]     r_wdata_q;
  logic [ID_W-1:0] r_id_q;
  logic            r_first_q, r_first_d;   // first lookup of this request (counts hit/miss once)

`ifdef VGIW_FAULT_LVC_DROP_SPILL
  // fault for showing that the tests catch a lost spill: a bank without write-back on flush
  // (the LVC) drops dirty victims instead of writing them back
  localparam bit VICTIM_WB = FLUSH_WB;
`else
  localparam bit VICTIM_WB = 1'b1;
`endif

  // directory in flops: line index = set * WAYS + way
  logic [LINES-1:0][TAG_W-1:0] tag_q;
  logic [LINES-1:0]            valid_q, dirty_q;
  logic [LINES-1:0][WAY_W-1:0] age_q;

  // data array (below): byte-masked write, synchronous read
  logic             ram_we, ram_re;
  logic [IDX_W-1:0] ram_widx, ram_ridx;
  logic [LB-1:0]    ram_wmask;
  logic [LBITS-1:0] ram_wline, ram_rdata_q;

  logic [IDX_W-1:0] vict_q, vict_d;       // line being written back / refilled
  logic             flushing_q, flushing_d;
  logic             flush_pend_q;
  logic [IDX_W-1:0] fl_idx_q, fl_idx_d;

  // request decomposition
  logic [SET_W-1:0] r_set;
  logic [TAG_W-1:0] r_tag;
  logic [WO_W-1:0]  r_wo;
  assign r_set = r_addr_q[OFF_W+BANK_BITS +: SET_W];
  assign r_tag = r_addr_q[31:TAG_LO];
  if (WORDS > 1) begin : g_wo
    assign r_wo = r_addr_q[OFF_W-1:2];
  end else begin : g_wo1
    assign r_wo = '0;
  end

  // lookup (combinational over the directory flops)
  logic             hit;
  logic [WAY_W-1:0] hit_way, vict_way;
  logic             vict_found;
  always_comb begin
    hit        = 1'b0;
    hit_way    = '0;
    vict_way   = '0;
    vict_found = 1'b0;
    for (int w = 0; w < WAYS; w++) begin
      if (valid_q[r_set * WAYS + w] && tag_q[r_set * WAYS + w] == r_tag) begin
        hit     = 1'b1;
        hit_way = WAY_W'(w);
      end
    end
    // an invalid way first, otherwise the least recently used one (age WAYS-1)
    for (int w = 0; w < WAYS; w++) begin
      if (!vict_found && !valid_q[r_set * WAYS + w]) begin
        vict_found = 1'b1;
        vict_way   = WAY_W'(w);
      end
    end
    for (int w = 0; w < WAYS; w++) begin
      if (!vict_found && age_q[r_set * WAYS + w] == WAY_W'(WAYS - 1)) begin
        vict_found = 1'b1;
        vict_way   = WAY_W'(w);
      end
    end
  end

  logic [IDX_W-1:0] hit_idx, miss_idx;
  assign hit_idx  = {r_set, hit_way};   // WAYS and SETS are powers of two
  assign miss_idx = {r_set, vict_way};

  // line address of the line being written back
  logic [SET_W-1:0] wb_set;
  logic [31:0]      wb_addr, rf_addr;
  assign wb_set  = vict_q[IDX_W-1:WAY_W];
  assign wb_addr = {tag_q[vict_q], wb_set, BANK_BITS'(0), OFF_W'(0)};
  assign rf_addr = {r_tag, r_set, BANK_BITS'(0), OFF_W'(0)};

  // LRU update
  logic             touch;
  logic [WAY_W-1:0] touch_way;
  logic [IDX_W-1:0] touch_idx;
  assign touch_idx = {r_set, touch_way};
  logic             dir_fill, dir_set_dirty, dir_clr_dirty, dir_inval_all;

  always_comb begin
    state_d         = state_q;
    r_first_d       = r_first_q;
    vict_d          = vict_q;
    flushing_d      = flushing_q;
    fl_idx_d        = fl_idx_q;
    req_ready_o     = 1'b0;
    rsp_valid_o     = 1'b0;
    mem_req_valid_o = 1'b0;
    mem_req_write_o = 1'b0;
    mem_req_addr_o  = rf_addr;
    ram_we          = 1'b0;
    ram_re          = 1'b0;
    ram_widx        = hit_idx;
    ram_ridx        = hit_idx;
    ram_wmask       = '0;
    ram_wline       = {WORDS{r_wdata_q}};
    touch           = 1'b0;
    touch_way       = hit_way;
    dir_fill        = 1'b0;
    dir_set_dirty   = 1'b0;
    dir_clr_dirty   = 1'b0;
    dir_inval_all   = 1'b0;
    flush_done_o    = 1'b0;
    ev_access_o     = 1'b0;
    ev_hit_o        = 1'b0;
    ev_miss_o       = 1'b0;
    ev_writeback_o  = 1'b0;
    unique case (state_q)
      S_IDLE: begin
        if (flush_pend_q) begin
          state_d    = S_FLUSH;
          flushing_d = 1'b1;
          fl_idx_d   = '0;
        end else begin
          req_ready_o = 1'b1;
          if (req_valid_i) begin
            state_d     = S_LOOKUP;
            r_first_d   = 1'b1;
            ev_access_o = 1'b1;
          end
        end
      end
      S_LOOKUP: begin
        r_first_d = 1'b0;
        if (hit) begin
          ev_hit_o = r_first_q;
          touch    = 1'b1;
          if (r_write_q) begin
            ram_we        = 1'b1;
            ram_wmask     = LB'(r_be_q) << (4 * r_wo);
            dir_set_dirty = 1'b1;
          end else begin
            ram_re = 1'b1;
          end
          state_d = S_RESP;
        end else begin
          ev_miss_o = r_first_q;
          vict_d    = miss_idx;
          if (VICTIM_WB && valid_q[miss_idx] && dirty_q[miss_idx]) begin
            ram_re   = 1'b1;
            ram_ridx = miss_idx;
            state_d  = S_WB_REQ;
          end else begin
            state_d  = S_RF_REQ;
          end
        end
      end
      S_RESP: begin
        rsp_valid_o = 1'b1;
        if (rsp_ready_i) state_d = S_IDLE;
      end
      S_WB_REQ: begin
        mem_req_valid_o = 1'b1;
        mem_req_write_o = 1'b1;
        mem_req_addr_o  = wb_addr;
        if (mem_req_ready_i) begin
          ev_writeback_o = 1'b1;
          state_d        = S_WB_WAIT;
        end
      end
      S_WB_WAIT: begin
        if (mem_rsp_valid_i) begin
          dir_clr_dirty = 1'b1;
          state_d       = flushing_q ? S_FLUSH : S_RF_REQ;
        end
      end
      S_RF_REQ: begin
        mem_req_valid_o = 1'b1;
        if (mem_req_ready_i) state_d = S_RF_WAIT;
      end
      S_RF_WAIT: begin
        if (mem_rsp_valid_i) begin
          ram_we    = 1'b1;
          ram_widx  = vict_q;
          ram_wmask = '1;
          ram_wline = mem_rsp_rdata_i;
          dir_fill  = 1'b1;
          state_d   = S_LOOKUP;
        end
      end
      S_FLUSH: begin
        if (FLUSH_WB && valid_q[fl_idx_q] && dirty_q[fl_idx_q]) begin
          vict_d   = fl_idx_q;
          ram_re   = 1'b1;
          ram_ridx = fl_idx_q;
          state_d  = S_WB_REQ;
        end else if (fl_idx_q == IDX_W'(LINES - 1)) begin
          dir_inval_all = 1'b1;
          flush_done_o  = 1'b1;
          flushing_d    = 1'b0;
          state_d       = S_IDLE;
        end else begin
          fl_idx_d = fl_idx_q + 1'b1;
        end
      end
      default: state_d = S_IDLE;
    endcase
  end

  assign mem_req_wdata_o = ram_rdata_q;
  assign rsp_id_o        = r_id_q;
  assign rsp_rdata_o     = ram_rdata_q[32 * r_wo +: 32];
  assign busy_o          = (state_q != S_IDLE) || flush_pend_q;

  // data array: one byte-wide memory per byte lane (per-byte write enables map onto RAM
  // blocks without read-modify-write); the read register holds until the next read
  for (genvar b = 0; b < LB; b++) begin : g_lane
    logic [7:0] lane_mem [LINES];
    logic [7:0] lane_rdata_q;
    always_ff @(posedge clk_i) begin
      if (ram_we && ram_wmask[b]) lane_mem[ram_widx] <= ram_wline[8 * b +: 8];
      if (ram_re) lane_rdata_q <= lane_mem[ram_ridx];
    end
    assign ram_rdata_q[8 * b +: 8] = lane_rdata_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= S_IDLE;
      r_addr_q     <= '0;
      r_write_q    <= 1'b0;
      r_be_q       <= '0;
      r_wdata_q    <= '0;
      r_id_q       <= '0;
      r_first_q    <= 1'b0;
      vict_q       <= '0;
      flushing_q   <= 1'b0;
      flush_pend_q <= 1'b0;
      fl_idx_q     <= '0;
      tag_q        <= '0;
      valid_q      <= '0;
      dirty_q      <= '0;
      for (int i = 0; i < LINES; i++) age_q[i] <= WAY_W'(i % WAYS);
    end else begin
      state_q    <= state_d;
      r_first_q  <= r_first_d;
      vict_q     <= vict_d;
      flushing_q <= flushing_d;
      fl_idx_q   <= fl_idx_d;
      if (req_valid_i && req_ready_o) begin
        r_addr_q  <= req_addr_i;
        r_write_q <= req_write_i;
        r_be_q    <= req_be_i;
        r_wdata_q <= req_wdata_i;
        r_id_q    <= req_id_i;
      end
      if (flush_i) flush_pend_q <= 1'b1;
      else if (state_q == S_IDLE) flush_pend_q <= 1'b0;
      if (touch) begin
        for (int w = 0; w < WAYS; w++) begin
          if (age_q[r_set * WAYS + w] < age_q[touch_idx]) begin
            age_q[r_set * WAYS + w] <= age_q[r_set * WAYS + w] + 1'b1;
          end
        end
        age_q[touch_idx] <= '0;
      end
      if (dir_set_dirty) dirty_q[hit_idx] <= 1'b1;
      if (dir_clr_dirty) dirty_q[vict_q] <= 1'b0;
      if (dir_fill) begin
        tag_q[vict_q]   <= r_tag;
        valid_q[vict_q] <= 1'b1;
        dirty_q[vict_q] <= 1'b0;
      end
      if (dir_inval_all) begin
        valid_q <= '0;
        dirty_q <= '0;
        for (int i = 0; i < LINES; i++) age_q[i] <= WAY_W'(i % WAYS);
      end
    end
  end

`ifndef SYNTHESIS
  // The line port has one request in flight: a response outside the wait states is a bug.
  always_ff @(posedge clk_i) begin
    if (rst_ni && mem_rsp_valid_i) begin
      assert (state_q == S_WB_WAIT || state_q == S_RF_WAIT)
        else $error("%m: line response with nothing in flight");
    end
  end
`endif
endmodule
