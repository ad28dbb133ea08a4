// Counters of the basic block scheduler (docs/ctrl.md "Counters"): the fixed counters of
// arch/core.toml [counters.fixed], the per-block ranges and the per-unit firings, cleared at a
// kernel start and counting while the kernel runs, and the read-out through CNT_SEL of those
// and of mem_system's counters. The index map is generated into vgiw_cfg_pkg (CNT_<NAME>).
// Counters are counters.bits wide (CB, 64 unless a preset narrows them for a board: docs/ctrl.md
// "Counters") and wrap there; the read-out is zero-extended to CNT_LO/CNT_HI's 64 bits.
module vgiw_bbs_counters #(
  // counters.bits; a testbench narrows it further to see the counters wrap (ctrl.bbs.counters.wrap)
  parameter  int unsigned CB    = vgiw_cfg_pkg::COUNTERS_BITS,
  localparam int unsigned U     = vgiw_cfg_pkg::FABRIC_UNITS,
  localparam int unsigned MAXB  = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned BW    = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned NX    = vgiw_cfg_pkg::CNT_EXT_COUNT,
  localparam int unsigned NFIX  = vgiw_cfg_pkg::CNT_FIXED_COUNT,
  localparam int unsigned CNT_W = vgiw_cfg_pkg::CNT_INDEX_BITS
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  clear_i,          // kernel start
  input  logic                  run_i,            // the kernel runs (busy)
  // fixed counters, bit i: counter CNT_FIXED + i counts this cycle; the retired counter adds
  // the threads of retire_bits_i, every other one adds 1
  input  logic [NFIX-1:0]       inc_i,
  input  logic [63:0]           retire_bits_i,
  input  logic                  exec_inc_i,       // block exec_blk_i starts a run
  input  logic [BW-1:0]         exec_blk_i,
  input  logic                  thr_inc_i,        // threads thr_bits_i go to block thr_blk_i
  input  logic [BW-1:0]         thr_blk_i,
  input  logic [63:0]           thr_bits_i,
  input  logic                  blk_cyc_inc_i,    // block blk_cyc_blk_i holds the fabric
  input  logic [BW-1:0]         blk_cyc_blk_i,
  input  logic [U-1:0]          unit_fire_i,
  // read-out
  input  logic [NX-1:0][63:0]   ext_cnt_i,
  input  logic [CNT_W-1:0]      cnt_sel_i,
  output logic [63:0]           cnt_value_o
);
  localparam int unsigned C_FIX       = vgiw_cfg_pkg::CNT_FIXED;
  localparam int unsigned C_RETIRED   = vgiw_cfg_pkg::CNT_RETIRED - C_FIX;
  localparam int unsigned C_EXT       = vgiw_cfg_pkg::CNT_EXT;        // + 0 .. NX-1
  localparam int unsigned C_BLK_EXEC  = vgiw_cfg_pkg::CNT_BLK_EXEC;   // + block
  localparam int unsigned C_BLK_THR   = vgiw_cfg_pkg::CNT_BLK_THR;    // + block
  localparam int unsigned C_UNIT_FIRE = vgiw_cfg_pkg::CNT_UNIT_FIRE;  // + unit
  localparam int unsigned C_BLK_CYC   = vgiw_cfg_pkg::CNT_BLK_CYCLES; // + block
  localparam int unsigned C_TOTAL     = vgiw_cfg_pkg::CNT_TOTAL;

  function automatic logic [6:0] popcount64(input logic [63:0] x);
    popcount64 = '0;
    for (int i = 0; i < 64; i++) popcount64 = popcount64 + 7'(x[i]);
  endfunction

  logic [NFIX-1:0][CB-1:0] cnt_fix_q;
  logic [U-1:0][CB-1:0]    cnt_fire_q;

  // Per-block counters: at most one block's execution count, one block's thread count and one
  // block's cycle count change per cycle, so they live in three memories (LUT RAM: one write port, reads without a
  // clock) updated read-modify-write. A start cannot clear a memory in one cycle; a flip-flop
  // per entry says whether it has been written since the start, and an unwritten entry reads 0.
  logic [CB-1:0]   cnt_exec_mem [MAXB];
  logic [CB-1:0]   cnt_thr_mem  [MAXB];
  logic [CB-1:0]   cnt_cyc_mem  [MAXB];
  logic [MAXB-1:0] cnt_exec_vld_q, cnt_thr_vld_q, cnt_cyc_vld_q;
  logic            exec_inc, thr_inc, cyc_inc;
  logic [CB-1:0]   exec_old, thr_old, cyc_old;

  assign exec_inc = run_i && exec_inc_i;
  assign thr_inc  = run_i && thr_inc_i;
  assign exec_old = cnt_exec_vld_q[exec_blk_i] ? cnt_exec_mem[exec_blk_i] : CB'(0);
  assign thr_old  = cnt_thr_vld_q[thr_blk_i] ? cnt_thr_mem[thr_blk_i] : CB'(0);
  assign cyc_inc  = run_i && blk_cyc_inc_i;
  assign cyc_old  = cnt_cyc_vld_q[blk_cyc_blk_i] ? cnt_cyc_mem[blk_cyc_blk_i] : CB'(0);

  always_ff @(posedge clk_i) begin
    if (exec_inc) cnt_exec_mem[exec_blk_i] <= exec_old + CB'(1);
  end
  always_ff @(posedge clk_i) begin
    if (thr_inc) cnt_thr_mem[thr_blk_i] <= thr_old + CB'(popcount64(thr_bits_i));
  end
  always_ff @(posedge clk_i) begin
    if (cyc_inc) cnt_cyc_mem[blk_cyc_blk_i] <= cyc_old + CB'(1);
  end
  // The counters are cleared by the reset and by a start, both synchronous: on ECP5 the
  // flip-flop's set/reset input then clears them, where an asynchronous reset (which takes that
  // input) left the start's clear to a LUT4 per bit between the adder and the flip-flop (1,984
  // bits on `tiny`; docs/core.md "The BBS"). The reset is held for cycles of the clock
  // (tb/common/sim.h sim_reset, the board's reset), so after it nothing differs.
  /* verilator lint_off SYNCASYNCNET */  // rst_ni is synchronous here only (see above)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      cnt_fix_q  <= '0;
      cnt_fire_q <= '0;
    end else if (run_i) begin
      for (int i = 0; i < NFIX; i++) begin
        if (inc_i[i])
          cnt_fix_q[i] <= cnt_fix_q[i] + ((i == C_RETIRED) ? CB'(popcount64(retire_bits_i)) : CB'(1));
      end
      for (int u = 0; u < U; u++) begin
        if (unit_fire_i[u]) cnt_fire_q[u] <= cnt_fire_q[u] + CB'(1);
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
  // written since the start: a compare per block, not a write at a computed index
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_exec_vld_q <= '0;
      cnt_thr_vld_q  <= '0;
      cnt_cyc_vld_q  <= '0;
    end else if (clear_i) begin
      cnt_exec_vld_q <= '0;
      cnt_thr_vld_q  <= '0;
      cnt_cyc_vld_q  <= '0;
    end else if (run_i) begin
      for (int b = 0; b < MAXB; b++) begin
        if (exec_inc && exec_blk_i == BW'(b)) cnt_exec_vld_q[b] <= 1'b1;
        if (thr_inc  && thr_blk_i == BW'(b))  cnt_thr_vld_q[b]  <= 1'b1;
        if (cyc_inc  && blk_cyc_blk_i == BW'(b)) cnt_cyc_vld_q[b] <= 1'b1;
      end
    end
  end

  // Read-out: ranges of the index map, so the mux is indexed, not a compare per counter.
  localparam int unsigned NFW = $clog2(NFIX);
  localparam int unsigned NXW = $clog2(NX);
  localparam int unsigned UW  = (U > 1) ? $clog2(U) : 1;
  logic [31:0]   cnt_sel;
  logic [BW-1:0] blk_sel;
  assign cnt_sel = 32'(cnt_sel_i);
  assign blk_sel = BW'(cnt_sel - ((cnt_sel >= C_BLK_CYC) ? C_BLK_CYC : (cnt_sel >= C_BLK_THR) ? C_BLK_THR : C_BLK_EXEC));

  always_comb begin
    cnt_value_o = '0;
    if (cnt_sel - C_FIX < NFIX)
      cnt_value_o = 64'(cnt_fix_q[NFW'(cnt_sel - C_FIX)]);
    else if (cnt_sel >= C_EXT && cnt_sel < C_EXT + NX)
      cnt_value_o = ext_cnt_i[NXW'(cnt_sel - C_EXT)];
    else if (cnt_sel >= C_BLK_EXEC && cnt_sel < C_BLK_THR)
      cnt_value_o = cnt_exec_vld_q[blk_sel] ? 64'(cnt_exec_mem[blk_sel]) : 64'd0;
    else if (cnt_sel >= C_BLK_THR && cnt_sel < C_UNIT_FIRE)
      cnt_value_o = cnt_thr_vld_q[blk_sel] ? 64'(cnt_thr_mem[blk_sel]) : 64'd0;
    else if (cnt_sel >= C_UNIT_FIRE && cnt_sel < C_BLK_CYC)
      cnt_value_o = 64'(cnt_fire_q[UW'(cnt_sel - C_UNIT_FIRE)]);
    else if (cnt_sel >= C_BLK_CYC && cnt_sel < C_TOTAL)
      cnt_value_o = cnt_cyc_vld_q[blk_sel] ? 64'(cnt_cyc_mem[blk_sel]) : 64'd0;
  end

`ifndef SYNTHESIS
  initial begin
    if (C_TOTAL > 2 ** CNT_W) $error("bbs: %0d counters do not fit the %0d-bit CNT_SEL", C_TOTAL, CNT_W);
  end
`endif
endmodule
