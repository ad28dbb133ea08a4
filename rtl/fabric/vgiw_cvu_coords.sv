// Thread coordinates of the control vector unit (VGIW §2: the CVU injects each thread's ID
// *and its coordinates*), without a divider: docs/fabric-units/cvu.md "Coordinates".
//
// A thread's linear ID x = tile_base + tid is written as a mixed-radix number
//   x = L0 + LS0*(L1 + LS1*(L2 + LS2*(G0 + NG0*(G1 + NG1*G2))))
// (threads are numbered work-group-major, local and group IDs x-fastest: docs/compiler.md),
// plus a redundant digit TG = (linear group) mod TILE_GROUPS. Two such numbers add digit by
// digit with one carry each (cvu_coord_add). The outputs multiply once where they need a
// product: global_id(d) = Gd*LSd + Ld, the work-group's __local region LOCAL_BASE +
// TG*LOCAL_STRIDE (LSd and TG have at most TID_BITS + 1 bits: two DSP multipliers per output).
// So, without dividing:
//   setup (from the first configuration shift after a clear, 7 cycles, while the rest of the
//     configuration shifts in; the geometry changes only with a new kernel, whose first block
//     is always shifted in): P[0] = D(1), P[k+1] = P[k] + P[k]  (P[k] = digits of 2^k,
//     k = 0..6). A clear alone (a loop back to the configured block, VGIW §2: its threads run
//     again without reconfiguration) keeps the powers and the previous batch's digits, so the
//     first batch after it is taken at once (issue 17: it waited 7 cycles for a setup that
//     recomputed the same powers);
//   per batch <base, bitmap> (stage A): C(tile_base + base) from the previous batch's
//     C(x_prev) by adding the digits of the difference, one bit per cycle (powers of two by
//     doubling), or from 0 when the base went down; batches of one block arrive in
//     increasing order and usually 64 * replicas apart, so this takes a few cycles and
//     overlaps the injection of the previous batch (stage B);
//   per thread (stage B, one per cycle): C(base + j) = C(base) + D(j0) + D(4*j1) + D(16*j2)
//     for the base-4 digits j2 j1 j0 of the offset j < 64 in the batch: a chain of three
//     adders, each adding 0, P[2i], P[2i+1] or Q[i] = D(3*4^i) = P[2i] + P[2i+1] (computed
//     in the setup by the stage-A adder, which is idle then), then a register. Three adders
//     instead of six (one per bit of j): the same sums, so the same values and cycles. The
//     chain takes fabric.cvu_coord_stages cycles (registers between its adders, g_chain, and
//     in front of the outputs' multiply-add, g_pick_reg).
// Out0 and out1 carry the values selected by sel0_i / sel1_i (vgiw_fu_pkg::cvu_src_e).
module vgiw_cvu_coords #(
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS,
  localparam int unsigned GW    = vgiw_cfg_pkg::DESC_W_LOCAL_SPAN - vgiw_cfg_pkg::DESC_W_LSIZE0 + 1,
  localparam int unsigned ND    = 7,            // digits, cvu_coord_add
  localparam int unsigned VW    = ND * 32
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     clear_i,
  input  logic                     cfg_shift_i,  // a configuration row shifts in (docs/fabric.md)
  input  logic [GW-1:0][31:0]      geom_i,       // descriptor words LSIZE0 .. LOCAL_SPAN
  input  logic [31:0]              tile_base_i,
  input  logic [3:0]               sel0_i,
  input  logic [3:0]               sel1_i,
  // batches (already registered by the CVU's batch table)
  input  logic                     batch_valid_i,
  output logic                     batch_ready_o,
  input  logic [TID_W-1:0]         batch_base_i,
  input  logic [63:0]              batch_mask_i,
  // threads, one per cycle, increasing thread ID
  output logic                     thr_valid_o,
  input  logic                     thr_ready_i,
  output logic [TID_W-1:0]         thr_tid_o,
  output logic [31:0]              thr_data0_o,
  output logic [31:0]              thr_data1_o
);
  // digit indices: cvu_coord_add
  localparam int unsigned D_L0 = 0, D_G0 = 3, D_TG = 6;
  localparam int unsigned G_LSIZE0       = 0;   // geom_i starts at LSIZE0
  localparam int unsigned G_LOCAL_BASE   = vgiw_cfg_pkg::DESC_W_LOCAL_BASE
                                         - vgiw_cfg_pkg::DESC_W_LSIZE0;
  localparam int unsigned G_LOCAL_STRIDE = vgiw_cfg_pkg::DESC_W_LOCAL_STRIDE
                                         - vgiw_cfg_pkg::DESC_W_LSIZE0;
  localparam int unsigned NP = 7;               // P[0..6]: 2^0 .. 2^6
  localparam int unsigned NQ = 3;               // Q[i] = D(3 * 4^i), i = 0..2

  // The local-ID digits and TG are TID_W bits wide in their 32-bit slots (vgiw_cvu_coord_add;
  // the BBS refuses a geometry whose radices exceed 2^TID_W). The adders leave the upper bits
  // zero; saying so again where the sums enter the registers lets a synthesis that keeps the
  // hierarchy drop those flip-flops too, not only a flat one (issue 22).
  function automatic logic [VW-1:0] narrow(input logic [VW-1:0] v);
    narrow = v;
    for (int unsigned d = 0; d < ND; d++) begin
      if (d < D_G0 || d == D_TG) narrow[32*d + TID_W +: 32 - TID_W] = '0;
    end
  endfunction

  // ---- powers of two: setup -------------------------------------------------------------
  logic [NP-1:0][VW-1:0] pw_q;
  logic [NQ-1:0][VW-1:0] q_q;
  logic [2:0]            setup_q;               // next power to compute; NP = ready
  logic                  cleared_q;             // cleared, no configuration shift since
  logic                  ready, setup_start;
  assign setup_start = cfg_shift_i && cleared_q;  // a new configuration (maybe a new kernel)
  assign ready = setup_q == 3'(NP);

  // doubling adder: setup (P[k] = P[k-1] + P[k-1], P[0] = 0 + 0 + 1) and stage A's powers
  logic [VW-1:0] dbl_in, dbl_sum, dbl_out;
  logic          dbl_cin;
  vgiw_cvu_coord_add u_dbl (.geom_i, .a_i (dbl_in), .b_i (dbl_in), .cin_i (dbl_cin), .sum_o (dbl_sum));
  assign dbl_out = narrow(dbl_sum);

  // ---- stage A: the coordinates of the batch base ---------------------------------------
  logic             a_valid_q, a_busy;
  logic [TID_W-1:0] a_base_q;
  logic [63:0]      a_mask_q;
  logic [31:0]      a_x_q, a_rem_q;
  logic             a_first_q;                  // no step of this batch taken yet
  logic [VW-1:0]    a_acc_q, a_pow_q, a_cur, acc_sum;
  logic             last_valid_q;
  logic [31:0]      last_x_q;
  logic [VW-1:0]    last_c_q;

  // In the setup stage A is idle and its registers walk the powers: a_acc_q holds
  // P[setup_q - 1] (0 after a clear), a_pow_q P[setup_q - 2]. The doubler doubles a_acc_q,
  // and this adder makes Q[i] = P[2i + 1] + P[2i] at setup_q = 2i + 2 (a_cur is a_pow_q).
  // In stage A a_pow_q holds the power of two being added: P[0] when a batch is taken (P[6]
  // when the six low bits are skipped), then its own double each step, so both adders read a
  // register, never a 7:1 choice of the powers (issue 22: the same values in the same cycles,
  // about 1,700 LUT4 fewer).
  assign a_cur = a_pow_q;
  logic [VW-1:0]    acc_add;
  vgiw_cvu_coord_add u_acc (.geom_i, .a_i (a_acc_q), .b_i (a_cur), .cin_i (1'b0), .sum_o (acc_add));
  assign acc_sum = narrow(acc_add);
  assign a_busy = a_valid_q && a_rem_q != '0;
  logic [31:0] x;                               // linear ID of an arriving batch's base
  assign x = tile_base_i + 32'(batch_base_i);

  always_comb begin
    dbl_cin = 1'b0;
    dbl_in  = a_cur;
    if (!ready) begin
      dbl_cin = setup_q == '0;
      dbl_in  = a_acc_q;
    end
  end

  // ---- stage B: one thread per cycle ----------------------------------------------------
  logic             b_valid;
  logic [TID_W-1:0] b_base_q;
  logic [63:0]      b_left_q;
  // stage B's base digits are the last batch's, last_c_q (one register: the two were always equal)
  logic [5:0]       b_bit;
  logic [63:0]      b_rest, b_left_rev;
  logic             b_fire, b_last, a_to_b;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [6:0]       b_tz;                       // 64 (bit 6) only with no bit left: b_valid
  logic             b_none;
  /* verilator lint_on UNUSEDSIGNAL */

  // The next thread is the lowest bit left: b_left_q & (b_left_q - 1) clears it (a decrement,
  // on the carry chain), so whether it is the batch's last thread, which the handshakes into
  // stage A and B wait for, does not wait for its index. The index is the count of trailing
  // zeros (the leading-zero tree on the reversed bits), not a loop over the 64 bits, which was
  // a chain of 64 choices, one after the other (issue 22, docs/fpga.md "Fifth round").
  assign b_rest = b_left_q & (b_left_q - 64'd1);
  always_comb begin
    for (int i = 0; i < 64; i++) b_left_rev[i] = b_left_q[63 - i];
  end
  vgiw_lzc #(.WIDTH (64)) u_next_bit (.data_i (b_left_rev), .cnt_o (b_tz), .empty_o (b_none));
  assign b_bit    = b_tz[5:0];
  assign b_valid  = b_left_q != '0;
  assign b_last   = b_rest == '0;
  assign a_to_b   = a_valid_q && !a_busy && (!b_valid || (b_fire && b_last));

  // Stage B's chain: adder i adds the base-4 digit i of the thread's offset. With
  // fabric.cvu_coord_stages = NS > 1, a register (stream_reg, one entry) stands in front of
  // adder i for i > NQ - NS: NS = 2 in front of the third adder (two adders, then one adder
  // and the outputs' multiply-add), 3 also in front of the second, 4 also in front of the
  // first (after the search for the thread's bit), 5 also between the third adder and the
  // outputs' multiply-add (g_pick_reg). Issue 22: the chain was the board build's
  // critical path. Same values, one thread per cycle, NS - 1 cycles more from a batch to its
  // first thread. A thread carries its linear ID, thread ID and offset through the registers;
  // the selections and the geometry hold for the whole block. x_*[i] is a thread on its way to
  // adder i, a_*[i] the same after the register, if any; x_val[NQ] is the chain's result
  // (split_var: each element its own signal). Adding D(0) (all digits zero) to a number in
  // range leaves it unchanged.
  localparam int unsigned NS = vgiw_cfg_pkg::FABRIC_CVU_COORD_STAGES;
  logic [NQ:0]              x_valid /*verilator split_var*/;
  logic [NQ:0]              x_ready /*verilator split_var*/;
  logic [NQ:0][31:0]        x_lin   /*verilator split_var*/;
  logic [NQ:0][TID_W-1:0]   x_tid   /*verilator split_var*/;
  logic [NQ:0][VW-1:0]      x_val   /*verilator split_var*/;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [NQ:0][5:0]         x_off   /*verilator split_var*/;  // element NQ: no adder reads it
  /* verilator lint_on UNUSEDSIGNAL */
  assign x_valid[0] = b_valid;
  assign x_tid[0]   = b_base_q + TID_W'(b_bit);
  assign x_lin[0]   = tile_base_i + 32'(x_tid[0]);
  assign x_off[0]   = b_bit;
  assign x_val[0]   = last_c_q;
  for (genvar i = 0; i < NQ; i++) begin : g_chain
    logic             a_valid, a_ready;
    logic [31:0]      a_lin;
    logic [TID_W-1:0] a_tid;
    logic [5:0]       a_off;
    logic [VW-1:0]    a_val, addend;
    logic [1:0]       digit;
    if (i + NS > NQ) begin : g_reg
      vgiw_stream_reg #(.WIDTH (32 + TID_W + 6 + VW), .SPILL (1'b0)) u_reg (
        .clk_i, .rst_ni, .clear_i,
        .valid_i (x_valid[i]), .ready_o (x_ready[i]),
        .data_i  ({x_lin[i], x_tid[i], x_off[i], narrow(x_val[i])}),
        .valid_o (a_valid), .ready_i (a_ready),
        .data_o  ({a_lin, a_tid, a_off, a_val})
      );
    end else begin : g_wire
      assign a_valid    = x_valid[i];
      assign x_ready[i] = a_ready;
      assign a_lin      = x_lin[i];
      assign a_tid      = x_tid[i];
      assign a_off      = x_off[i];
      assign a_val      = x_val[i];
    end
    assign digit = a_off[2*i +: 2];
    always_comb begin
      unique case (digit)
        2'd1:    addend = pw_q[2*i];
        2'd2:    addend = pw_q[2*i + 1];
        2'd3:    addend = q_q[i];
        default: addend = '0;
      endcase
    end
    vgiw_cvu_coord_add u_add (.geom_i, .a_i (a_val), .b_i (addend), .cin_i (1'b0), .sum_o (x_val[i+1]));
    assign x_valid[i+1] = a_valid;
    assign a_ready      = x_ready[i+1];
    assign x_lin[i+1]   = a_lin;
    assign x_tid[i+1]   = a_tid;
    assign x_off[i+1]   = a_off;
  end

  logic [VW-1:0] c;
  logic [TID_W-1:0] tid;
  assign c   = x_val[NQ];
  assign tid = x_tid[NQ];

  // Every output is one term plus one product (global ID = Gd * LSd + Ld, __local base =
  // LOCAL_BASE + TG * LOCAL_STRIDE, the others + 0): one multiplier and one adder per output.
  // The narrow factor (LSd <= 2^TID_W, bad_geometry; TG < 2^TID_W) has TID_W + 1 bits.
  localparam int unsigned SW = TID_W + 1;
  typedef struct packed {
    logic [31:0]   term;
    logic [31:0]   factor;                      // the product's 32-bit factor
    logic [SW-1:0] scale;                       // and its narrow one (LSd or TG)
  } cvu_out_t;
  localparam int unsigned OW = 64 + SW;         // its width (the pinned Yosys has no $bits of a type)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic cvu_out_t pick(input logic [3:0] sel, input logic [VW-1:0] v,
                                    input logic [31:0] lin, input logic [GW-1:0][31:0] geom);
    logic [31:0]   term, factor;
    logic [SW-1:0] scale;
    term   = lin;
    factor = '0;
    scale  = '0;
    unique case (sel)
      vgiw_fu_pkg::CVU_SRC_GLOBAL_ID0: begin
        term   = v[32*(D_L0+0) +: 32];
        factor = v[32*(D_G0+0) +: 32];
        scale  = geom[G_LSIZE0+0][SW-1:0];
      end
      vgiw_fu_pkg::CVU_SRC_GLOBAL_ID1: begin
        term   = v[32*(D_L0+1) +: 32];
        factor = v[32*(D_G0+1) +: 32];
        scale  = geom[G_LSIZE0+1][SW-1:0];
      end
      vgiw_fu_pkg::CVU_SRC_GLOBAL_ID2: begin
        term   = v[32*(D_L0+2) +: 32];
        factor = v[32*(D_G0+2) +: 32];
        scale  = geom[G_LSIZE0+2][SW-1:0];
      end
      vgiw_fu_pkg::CVU_SRC_LOCAL_ID0:  term = v[32*(D_L0+0) +: 32];
      vgiw_fu_pkg::CVU_SRC_LOCAL_ID1:  term = v[32*(D_L0+1) +: 32];
      vgiw_fu_pkg::CVU_SRC_LOCAL_ID2:  term = v[32*(D_L0+2) +: 32];
      vgiw_fu_pkg::CVU_SRC_GROUP_ID0:  term = v[32*(D_G0+0) +: 32];
      vgiw_fu_pkg::CVU_SRC_GROUP_ID1:  term = v[32*(D_G0+1) +: 32];
      vgiw_fu_pkg::CVU_SRC_GROUP_ID2:  term = v[32*(D_G0+2) +: 32];
      vgiw_fu_pkg::CVU_SRC_LOCAL_BASE: begin
        term   = geom[G_LOCAL_BASE];
        factor = geom[G_LOCAL_STRIDE];
        scale  = v[32*D_TG +: SW];
      end
      default: ;
    endcase
    pick = {term, factor, scale};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  cvu_out_t         t0, t1;
  assign t0 = pick(sel0_i, c, x_lin[NQ], geom_i);
  assign t1 = pick(sel1_i, c, x_lin[NQ], geom_i);

  // With NS = NQ + 2 a register (one entry) also stands between the chain's last adder and the
  // outputs' multiply-add, which were the routed critical path of fpga_3x3 together (issue 22,
  // docs/fpga.md "Seventh round"); y_* is the thread after it, if any.
  logic             y_valid, y_ready;
  logic [TID_W-1:0] y_tid;
  cvu_out_t         y_t0, y_t1;
  if (NS > NQ + 1) begin : g_pick_reg
    vgiw_stream_reg #(.WIDTH (TID_W + 2 * OW), .SPILL (1'b0)) u_pick_reg (
      .clk_i, .rst_ni, .clear_i,
      .valid_i (x_valid[NQ]), .ready_o (x_ready[NQ]), .data_i ({tid, t1, t0}),
      .valid_o (y_valid), .ready_i (y_ready), .data_o ({y_tid, y_t1, y_t0})
    );
  end else begin : g_pick_wire
    assign y_valid     = x_valid[NQ];
    assign x_ready[NQ] = y_ready;
    assign y_tid       = tid;
    assign y_t0        = t0;
    assign y_t1        = t1;
  end

  logic [31:0] d0, d1;
  assign d0 = y_t0.term + 32'(y_t0.factor * 32'(y_t0.scale));
  assign d1 = y_t1.term + 32'(y_t1.factor * 32'(y_t1.scale));

  // registered output: the adder chain ends here (full throughput). With NS > 1 (the board's
  // clock) a spill register, whose ready is a register too: the fabric's ready does not run on
  // through the chain's registers into stage B (issue 22, docs/fabric-units/cvu.md)
  vgiw_stream_reg #(.WIDTH (TID_W + 64), .SPILL (NS > 1)) u_out (
    .clk_i, .rst_ni, .clear_i,
    .valid_i (y_valid), .ready_o (y_ready), .data_i ({y_tid, d1, d0}),
    .valid_o (thr_valid_o), .ready_i (thr_ready_i), .data_o ({thr_tid_o, thr_data1_o, thr_data0_o})
  );
  assign b_fire = b_valid && x_ready[0];

  assign batch_ready_o = ready && !a_valid_q && !clear_i;

  // A batch whose first thread's digits are known as it arrives (the previous batch's base
  // again, as in a loop of the same threads or a tile of one word, or linear ID 0 after the
  // setup) has nothing to add in stage A: it goes straight to stage B when B is free or
  // takes its last thread now (issue 17: one cycle less from the BBS to the first token).
  logic          in_take, in_from_last, in_direct;
  logic [31:0]   in_rem;
  assign in_take      = batch_valid_i && batch_ready_o;
  assign in_from_last = last_valid_q && x >= last_x_q;
  assign in_rem       = in_from_last ? x - last_x_q : x;
  // in_rem == 0, as two equality tests on x rather than a test of the difference: the
  // subtraction and a zero test after it were one long path (issue 22, docs/fpga.md "Fourth
  // round"). x >= last_x_q with x - last_x_q == 0 is x == last_x_q; otherwise in_rem is x.
  assign in_direct    = in_take && (x == '0 || (last_valid_q && x == last_x_q))
                        && (!b_valid || (b_fire && b_last));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pw_q         <= '0;
      q_q          <= '0;
      setup_q      <= '0;
      a_valid_q    <= 1'b0;
      a_base_q     <= '0;
      a_mask_q     <= '0;
      a_x_q        <= '0;
      a_rem_q      <= '0;
      a_first_q    <= 1'b0;
      a_acc_q      <= '0;
      a_pow_q      <= '0;
      last_valid_q <= 1'b0;
      last_x_q     <= '0;
      last_c_q     <= '0;
      b_base_q     <= '0;
      b_left_q     <= '0;
      cleared_q    <= 1'b1;
    end else if (clear_i) begin
      // thread state only: the powers and the previous batch's digits depend on the geometry
      a_valid_q    <= 1'b0;
      b_left_q     <= '0;
      cleared_q    <= 1'b1;
    end else if (setup_start) begin
      // the first shift of a configuration: the geometry of a new kernel is in place by then
      setup_q      <= '0;
      a_acc_q      <= '0;                     // the setup's first doubling: 0 + 0 + 1
      last_valid_q <= 1'b0;
      cleared_q    <= 1'b0;
    end else begin
      if (!ready) begin
        for (int unsigned k = 0; k < NP; k++) begin
          if (setup_q == 3'(k)) pw_q[k] <= dbl_out;
        end
        setup_q       <= setup_q + 3'd1;
        a_acc_q       <= dbl_out;             // P[setup_q]
        a_pow_q       <= a_acc_q;             // P[setup_q - 1]
        for (int unsigned i = 0; i < NQ; i++) begin
          if (setup_q == 3'(2 * i + 2)) q_q[i] <= acc_sum;
        end
      end
      if (in_take && !in_direct) begin
        a_valid_q <= 1'b1;
        a_base_q  <= batch_base_i;
        a_mask_q  <= batch_mask_i;
        a_x_q     <= x;
        a_first_q <= 1'b1;
        a_acc_q   <= in_from_last ? last_c_q : '0;
        a_pow_q   <= pw_q[0];
        a_rem_q   <= in_rem;
      end else if (a_busy) begin
        a_first_q <= 1'b0;
        if (a_first_q && a_rem_q[5:0] == '0) begin
          // batch bases are multiples of 64: skip to 2^6 at once
          a_rem_q <= a_rem_q >> 6;
          a_pow_q <= pw_q[6];
        end else begin
          if (a_rem_q[0]) a_acc_q <= acc_sum;
          a_pow_q <= dbl_out;
          a_rem_q <= a_rem_q >> 1;
        end
      end
      if (b_fire) b_left_q <= b_rest;
      if (a_to_b) begin
        a_valid_q    <= 1'b0;
        b_base_q     <= a_base_q;
        b_left_q     <= a_mask_q;
        last_valid_q <= 1'b1;
        last_x_q     <= a_x_q;
        last_c_q     <= a_acc_q;
      end
      if (in_direct) begin
        b_base_q     <= batch_base_i;
        b_left_q     <= batch_mask_i;
        last_valid_q <= 1'b1;
        last_x_q     <= x;
        if (!in_from_last) last_c_q <= '0;      // linear ID 0
      end
    end
  end

`ifndef SYNTHESIS
  a_setup_idle: assert property (@(posedge clk_i) disable iff (!rst_ni || clear_i) !(a_valid_q && !ready))
    else $error("cvu_coords: batch accepted before the powers of two were ready");
`endif
endmodule
