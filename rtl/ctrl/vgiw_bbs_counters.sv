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
  input  logic                  blk_load_i,       // the next block's table entry loads (0, 1, ...)
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
  input  logic [CNT_W-1:0]      cnt_sel_i,        // the index from the next edge on (below)
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
  // block's cycle count change per cycle, so each kind lives in block RAM (vgiw_ram_1w1r; in
  // LUT RAM with two read ports the BBS of fpga_3x3 was 1,129 LUT4 sites larger: docs/ctrl.md
  // "Counters") updated read-modify-write in a pipeline: an increment reads its block at the
  // edge that ends its cycle (stage 0) and writes the sum at the next (stage 1). The word written at the edge between is forwarded, since the
  // read at that edge saw the old one. A second copy of each memory serves the read-out. A start
  // cannot clear a memory in one cycle, but a block counts only once its entry of the block
  // table has loaded, in order from block 0, cycles before any block runs: each entry's
  // counters are written 0 as it loads (blk_load_i), and loaded_q says how many have been, so
  // an entry at or past it reads 0. One count and one compare instead of a flag per entry and
  // kind with its decoder and two reads (issue 22: 2,146 LUT4 sites at 288 blocks, docs/ctrl.md
  // "Counters"). The read-out shows 0 from the start's edge on, as the other counters do, and
  // after it each kind as it stood two cycles earlier.
  localparam int unsigned NK = 3;           // kinds: executions, threads, cycles
  localparam int unsigned AMW = 7;          // an increment adds at most 64 threads
  logic [NK-1:0]          blk_inc;
  logic [NK-1:0][BW-1:0]  blk_idx;
  logic [NK-1:0][AMW-1:0] blk_amt;
  logic [NK-1:0][CB-1:0]  blk_rd_val;       // read-out: the word at the registered index ...
  logic                   blk_rd_vld;       // ... and whether its entry has loaded since the start
  logic [BW:0]            loaded_q;         // entries loaded (and their counters cleared) since the start
  logic                   load;             // entry loaded_q loads: its counters are written 0
  logic [BW-1:0]          blk_sel_d;        // read-out block of cnt_sel_i (registered by the RAM)

  assign blk_inc = {NK{run_i && !clear_i}} & {blk_cyc_inc_i, thr_inc_i, exec_inc_i};
  assign blk_idx = {blk_cyc_blk_i, thr_blk_i, exec_blk_i};
  assign blk_amt = {AMW'(1), popcount64(thr_bits_i), AMW'(1)};
  assign load    = blk_load_i && !clear_i && 32'(loaded_q) < MAXB;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      loaded_q   <= '0;
      blk_rd_vld <= 1'b0;
    end else begin
      if (clear_i)   loaded_q <= '0;
      else if (load) loaded_q <= loaded_q + (BW+1)'(1);
      // the entry's clearing write landed at an earlier edge than the read (a start reads 0 at once)
      blk_rd_vld <= !clear_i && {1'b0, blk_sel_d} < loaded_q;
    end
  end

  for (genvar k = 0; k < NK; k++) begin : g_blk
    logic            s1_valid_q;            // stage 1: the increment of the last cycle
    logic [BW-1:0]   s1_blk_q;
    logic [AMW-1:0]  s1_amt_q;
    logic            fwd_valid_q;           // the word written at the last edge
    logic [BW-1:0]   fwd_blk_q;
    logic [CB-1:0]   fwd_val_q;
    logic [CB-1:0]   s1_rd, s1_old, s1_sum;
    logic            wr_en;                 // an increment's sum or a loading entry's 0
    logic [BW-1:0]   wr_addr;
    logic [CB-1:0]   wr_data;

    assign wr_en   = s1_valid_q || load;
    assign wr_addr = s1_valid_q ? s1_blk_q : loaded_q[BW-1:0];
    assign wr_data = s1_valid_q ? s1_sum : '0;
    vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(CB)) u_rmw_ram (
      .clk_i, .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
      .rd_addr_i(blk_idx[k]), .rd_data_o(s1_rd)
    );
    vgiw_ram_1w1r #(.DEPTH(MAXB), .WIDTH(CB)) u_read_ram (
      .clk_i, .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data),
      .rd_addr_i(blk_sel_d), .rd_data_o(blk_rd_val[k])
    );

    assign s1_old = (fwd_valid_q && fwd_blk_q == s1_blk_q) ? fwd_val_q : s1_rd;
    assign s1_sum = s1_old + CB'(s1_amt_q);

    always_ff @(posedge clk_i) begin
      s1_blk_q  <= blk_idx[k];
      s1_amt_q  <= blk_amt[k];
      fwd_blk_q <= s1_blk_q;
      fwd_val_q <= s1_sum;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s1_valid_q  <= 1'b0;
        fwd_valid_q <= 1'b0;
      end else begin
        s1_valid_q  <= blk_inc[k];
        fwd_valid_q <= s1_valid_q;
      end
    end
`ifndef SYNTHESIS
    // a block counts only once its entry has loaded (its counters written 0), and the loads
    // come before the runs, so the two never share the write port
    a_inc_loaded: assert property (@(posedge clk_i) disable iff (!rst_ni)
        !(blk_inc[k] && {1'b0, blk_idx[k]} >= loaded_q))
      else $error("bbs counters: block %0d counts before its table entry loaded (%0d loaded)",
                  blk_idx[k], loaded_q);
    a_load_alone: assert property (@(posedge clk_i) disable iff (!rst_ni) !(s1_valid_q && load))
      else $error("bbs counters: a table entry loads while block %0d's count is written", s1_blk_q);
`endif
  end

  // The counters are cleared by the reset and by a start, both synchronous: on ECP5 the
  // flip-flop's set/reset input then clears them, where an asynchronous reset (which takes that
  // input) left the start's clear to a LUT4 per bit between the adder and the flip-flop (1,984
  // bits on `tiny`; docs/core.md "The BBS"). The reset is held for cycles of the clock
  // (tb/common/sim.h sim_reset, the board's reset), so after it nothing differs.
  //
  // The units' fire events are registered before they count (fire_q): they come from across
  // the fabric, and an event with run_i into a fire counter's clock enable was the routed
  // critical path of fpga_3x3 after "Sixth round" (issue 22, docs/fpga.md "Seventh round"). A
  // firing therefore counts one edge later and reads out a cycle later; the final counts are
  // the same (one of the last cycle before a start is dropped, as that start clears anyway).
  logic [U-1:0] fire_q;                     // the firings of the last cycle, while running
  /* verilator lint_off SYNCASYNCNET */  // rst_ni is synchronous here only (see above)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) fire_q <= '0;
    else                    fire_q <= run_i ? unit_fire_i : '0;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      cnt_fix_q  <= '0;
      cnt_fire_q <= '0;
    end else begin
      if (run_i) begin
        for (int i = 0; i < NFIX; i++) begin
          if (inc_i[i])
            cnt_fix_q[i] <= cnt_fix_q[i] + ((i == C_RETIRED) ? CB'(popcount64(retire_bits_i)) : CB'(1));
        end
      end
      for (int u = 0; u < U; u++) begin
        if (fire_q[u]) cnt_fire_q[u] <= cnt_fire_q[u] + CB'(1);
      end
    end
  end
  /* verilator lint_on SYNCASYNCNET */
  // Read-out: ranges of the index map, so the mux is indexed, not a compare per counter. The
  // index is registered here (the per-block words come out of block RAM a clock edge after
  // their address), so cnt_sel_i is the index CNT_SEL holds from the next edge on and
  // cnt_value_o is the counter it selected at the last edge (docs/ctrl.md "Counters").
  localparam int unsigned NFW = $clog2(NFIX);
  localparam int unsigned NXW = $clog2(NX);
  localparam int unsigned UW  = (U > 1) ? $clog2(U) : 1;
  logic [CNT_W-1:0] cnt_sel_q;
  logic [31:0]      cnt_sel_d, cnt_sel;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cnt_sel_q <= '0;
    else         cnt_sel_q <= cnt_sel_i;
  end
  assign cnt_sel_d = 32'(cnt_sel_i);
  assign cnt_sel   = 32'(cnt_sel_q);
  assign blk_sel_d = BW'(cnt_sel_d - ((cnt_sel_d >= C_BLK_CYC) ? C_BLK_CYC
                                    : (cnt_sel_d >= C_BLK_THR) ? C_BLK_THR : C_BLK_EXEC));

  always_comb begin
    cnt_value_o = '0;
    if (cnt_sel - C_FIX < NFIX)
      cnt_value_o = 64'(cnt_fix_q[NFW'(cnt_sel - C_FIX)]);
    else if (cnt_sel >= C_EXT && cnt_sel < C_EXT + NX)
      cnt_value_o = ext_cnt_i[NXW'(cnt_sel - C_EXT)];
    else if (cnt_sel >= C_BLK_EXEC && cnt_sel < C_BLK_THR)
      cnt_value_o = blk_rd_vld ? 64'(blk_rd_val[0]) : 64'd0;
    else if (cnt_sel >= C_BLK_THR && cnt_sel < C_UNIT_FIRE)
      cnt_value_o = blk_rd_vld ? 64'(blk_rd_val[1]) : 64'd0;
    else if (cnt_sel >= C_UNIT_FIRE && cnt_sel < C_BLK_CYC)
      cnt_value_o = 64'(cnt_fire_q[UW'(cnt_sel - C_UNIT_FIRE)]);
    else if (cnt_sel >= C_BLK_CYC && cnt_sel < C_TOTAL)
      cnt_value_o = blk_rd_vld ? 64'(blk_rd_val[2]) : 64'd0;
  end

`ifndef SYNTHESIS
  initial begin
    if (C_TOTAL > 2 ** CNT_W) $error("bbs: %0d counters do not fit the %0d-bit CNT_SEL", C_TOTAL, CNT_W);
  end
`endif
endmodule
