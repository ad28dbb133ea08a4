// Iterative 32-bit integer divider: DIV, DIVU, REM, REMU of the special compute unit
// (VGIW §3.5 "special compute units"; SGMF §4.2 virtual pipelining).
//
// Not pipelined: one operation at a time. Radix-2 restoring division on magnitudes,
// BITS_PER_CYCLE quotient bits per cycle (that many restoring steps chained in one
// cycle). Cycle by cycle:
//   accept  (in_valid_i && in_ready_o): magnitudes and signs are computed from a_i/b_i
//           and loaded into the iteration registers. Leading zero bytes of |a| are
//           skipped (chunks of max(8, BITS_PER_CYCLE) bits): a dividend with k
//           significant bits needs ceil(k/8)*8 / BITS_PER_CYCLE iterations.
//           b == 0 finishes at once (-> DONE).
//   ITER    BITS_PER_CYCLE restoring steps per cycle, 1..32/BITS_PER_CYCLE cycles.
//   FIX     selects quotient or remainder and applies the sign (two's complement).
//   DONE    out_valid_o until out_ready_i; then idle again (in_ready_o) next cycle.
// Latency from accept to out_valid_o: 2 + (iterations) cycles, 2 + 32/BITS_PER_CYCLE at
// most (2 for a == 0, 1 for b == 0). The operands are used only in the accept cycle, so the
// caller should drive them from registers (scu_instance does).
//
// Semantics (sw/lib/vgiw_arith.c, vgiw_scu): truncating signed division as C; x / 0 =
// 0xFFFFFFFF, x % 0 = x (signed and unsigned); INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0
// fall out of the magnitude algorithm (|INT_MIN| = 2^31 as unsigned, negated back).
// op_i other than DIV/DIVU/REM/REMU is treated as DIVU.
module vgiw_int_div #(
  // restoring steps per cycle; must divide 32 (1, 2, 4, 8, 16, 32)
  parameter int unsigned BITS_PER_CYCLE = 2
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::scu_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o
);
  typedef enum logic [1:0] {
    ST_IDLE = 2'd0,
    ST_ITER = 2'd1,
    ST_FIX  = 2'd2,
    ST_DONE = 2'd3
  } state_e;

  // Leading zeros of the dividend are skipped in chunks of SKIP bits (at least 8): the
  // shift is then a 32/SKIP-way multiplexer instead of a barrel shifter and a full
  // leading-zero count, and a dividend of k significant bits still needs only
  // ceil(k / SKIP) * SKIP / BITS_PER_CYCLE iterations.
  localparam int unsigned SKIP   = (BITS_PER_CYCLE > 8) ? BITS_PER_CYCLE : 8;
  localparam int unsigned CHUNKS = 32 / SKIP;

  state_e      state_q, state_d;
  logic [31:0] rem_q, rem_d;     // partial remainder
  logic [31:0] quo_q, quo_d;     // dividend bits (shifted out at the top) and quotient
                                 // bits (shifted in at the bottom); holds the result in DONE
  logic [31:0] div_q, div_d;     // |divisor|
  logic [5:0]  cnt_q, cnt_d;     // iterations left
  logic        want_rem_q, want_rem_d;
  logic        neg_q, neg_d;     // negate the selected result in FIX

  // ---- accept: operand preparation ---------------------------------------------------
  logic        in_signed, in_want_rem, in_a_neg, in_b_neg;
  logic [31:0] in_a_mag, in_b_mag;
  logic [5:0]  in_skip, in_iters;
  logic        in_nonzero_seen;

  always_comb begin
    in_signed   = (op_i == vgiw_fu_pkg::SCU_DIV) || (op_i == vgiw_fu_pkg::SCU_REM);
    in_want_rem = (op_i == vgiw_fu_pkg::SCU_REM) || (op_i == vgiw_fu_pkg::SCU_REMU);
    in_a_neg    = in_signed && a_i[31];
    in_b_neg    = in_signed && b_i[31];
    in_a_mag    = in_a_neg ? 32'(-a_i) : a_i;
    in_b_mag    = in_b_neg ? 32'(-b_i) : b_i;
    // count the all-zero SKIP-bit chunks at the top of |a|
    in_skip         = 6'd0;
    in_nonzero_seen = 1'b0;
    for (int unsigned c = 0; c < CHUNKS; c++) begin
      if (in_a_mag[31 - c*SKIP -: SKIP] != '0) in_nonzero_seen = 1'b1;
      if (!in_nonzero_seen) in_skip = in_skip + 6'(SKIP);
    end
    in_iters    = 6'((7'd32 - {1'b0, in_skip}) / 7'(BITS_PER_CYCLE));
  end

  // ---- ITER: BITS_PER_CYCLE restoring steps --------------------------------------------
  logic [31:0] it_rem, it_quo;
  logic [32:0] it_rem2;   // remainder shifted left with the next dividend bit
  logic [32:0] it_sub;    // low 32 bits of it_rem2 minus divisor; bit 32 is the borrow

  always_comb begin
    it_rem  = rem_q;
    it_quo  = quo_q;
    it_rem2 = '0;
    it_sub  = '0;
    for (int unsigned k = 0; k < BITS_PER_CYCLE; k++) begin
      it_rem2 = {it_rem, it_quo[31]};
      it_quo  = {it_quo[30:0], 1'b0};
      // it_rem2 >= divisor when its top bit is set (divisor < 2^32) or the low 32 bits
      // subtract without borrow; the difference is < divisor, so 32 bits hold it.
      it_sub  = {1'b0, it_rem2[31:0]} - {1'b0, div_q};
      if (it_rem2[32] || !it_sub[32]) begin
        it_rem    = it_sub[31:0];
        it_quo[0] = 1'b1;
      end else begin
        it_rem    = it_rem2[31:0];   // top bit is 0: it_rem2 < divisor < 2^32
      end
    end
  end

  // ---- FIX: select and sign ------------------------------------------------------------
  logic [31:0] fix_sel;
  assign fix_sel = want_rem_q ? rem_q : quo_q;

  // ---- state machine ---------------------------------------------------------------------
  always_comb begin
    state_d    = state_q;
    rem_d      = rem_q;
    quo_d      = quo_q;
    div_d      = div_q;
    cnt_d      = cnt_q;
    want_rem_d = want_rem_q;
    neg_d      = neg_q;
    unique case (state_q)
      ST_IDLE: begin
        if (in_valid_i) begin
          want_rem_d = in_want_rem;
          neg_d      = in_want_rem ? in_a_neg : (in_a_neg ^ in_b_neg);
          div_d      = in_b_mag;
          rem_d      = '0;
          cnt_d      = in_iters;
          if (b_i == 32'd0) begin
            quo_d   = in_want_rem ? a_i : 32'hFFFF_FFFF;
            state_d = ST_DONE;
          end else begin
            // the mask makes the multiple-of-SKIP shift amount visible to synthesis
            quo_d   = in_skip[5] ? 32'd0 : (in_a_mag << (in_skip[4:0] & ~5'(SKIP - 1)));
            state_d = (in_iters == 6'd0) ? ST_FIX : ST_ITER;
          end
        end
      end
      ST_ITER: begin
        rem_d = it_rem;
        quo_d = it_quo;
        cnt_d = cnt_q - 6'd1;
        if (cnt_q == 6'd1) state_d = ST_FIX;
      end
      ST_FIX: begin
        quo_d   = neg_q ? 32'(-fix_sel) : fix_sel;
        state_d = ST_DONE;
      end
      ST_DONE: begin
        if (out_ready_i) state_d = ST_IDLE;
      end
      default: state_d = ST_IDLE;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q    <= ST_IDLE;
      rem_q      <= '0;
      quo_q      <= '0;
      div_q      <= '0;
      cnt_q      <= '0;
      want_rem_q <= 1'b0;
      neg_q      <= 1'b0;
    end else begin
      state_q    <= state_d;
      rem_q      <= rem_d;
      quo_q      <= quo_d;
      div_q      <= div_d;
      cnt_q      <= cnt_d;
      want_rem_q <= want_rem_d;
      neg_q      <= neg_d;
    end
  end

  assign in_ready_o  = (state_q == ST_IDLE);
  assign out_valid_o = (state_q == ST_DONE);
  assign result_o    = quo_q;

`ifndef SYNTHESIS
  initial begin
    assert (BITS_PER_CYCLE >= 1 && BITS_PER_CYCLE <= 32 && (32 % BITS_PER_CYCLE) == 0)
      else $fatal(1, "int_div: BITS_PER_CYCLE must divide 32");
  end
`endif

endmodule
