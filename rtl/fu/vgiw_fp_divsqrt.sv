// Iterative FP32 divide and square root of the special compute unit (VGIW §3.5 "special
// compute units"; SGMF §4.2 virtual pipelining).
//
// Not pipelined: one operation at a time. Both operations share one radix-2 restoring
// digit-recurrence datapath on the significands (one subtractor per quotient bit):
//   divide  q = x / d,    Q[0] = 1, W[0] = x - d,
//           W[j+1] = 2 W[j] - q(j+1) * d
//   sqrt    q = sqrt(x),  Q[0] = 1, W[0] = x - 1,
//           W[j+1] = 2 W[j] - q(j+1) * (2 Q[j] + 2^-(j+1))
// with q(j+1) = 1 exactly when the subtraction does not go negative. x is prescaled so
// the result lies in [1, 2): for divide x = ma or 2*ma (when ma < mb), for sqrt the
// exponent is made even by doubling the significand when it is odd. 24 iterations give
// Q with 1 integer bit, 23 fraction bits and a guard bit; the sticky bit is W != 0.
// W, Q and the divisor are fixed point with 24 fraction bits (W < 4, so 26 bits).
//
// Cycle by cycle:
//   accept  unpack and classify the operands. Special operands (zero, infinity, NaN,
//           x/0, sqrt of a negative) produce the result at once (-> DONE). A subnormal
//           operand goes to NORM. Otherwise SETUP computes the exponent, W[0] and Q[0]
//           (-> ITER, or ROUND when W[0] = 0).
//   NORM    subnormal operands only: the significands sit in the W and divisor
//           registers and move left one place per cycle until their leading one reaches
//           bit 23 (the exponent follows); in the cycle they are both normalized, SETUP
//           runs on them. 1 + (leading zeros) extra cycles, at most 24. Iterating here
//           instead of a leading-zero counter and two barrel shifters saves about a third
//           of this module's area for operands that are rare in practice.
//   ITER    BITS_PER_CYCLE recurrence steps per cycle, up to 24 / BITS_PER_CYCLE cycles;
//           stops early once W == 0 (the remaining quotient bits are zero: exact result).
//   ROUND   round to nearest even and pack; overflow gives infinity.
//   DONE    out_valid_o until out_ready_i; then idle again (in_ready_o) next cycle.
// Subnormal results: a quotient below the normal range is produced denormalized. Its
// integer bit starts as many places lower in Q as the subnormal format drops, and the
// recurrence stops at the guard bit as always, so it computes only the bits the result
// keeps (fewer cycles) and the remainder W supplies the sticky bit: one correct rounding
// and no shifter after the recurrence. Quotients below 2^-150 are +-0 at once.
//
// Latency from accept to out_valid_o: 2 + (cycles in ITER), at most 2 + 24/BITS_PER_CYCLE
// for normal operands; plus 1 + (leading zeros of the significand) for subnormal ones;
// 1 for special operands. The operands are used only in the accept cycle, so the caller
// should drive them from registers (scu_instance does).
//
// Semantics (sw/lib/vgiw_arith.c, vgiw_scu): IEEE 754 binary32 correctly rounded RNE,
// subnormal inputs and outputs; x/0 = +-inf; 0/0, inf/inf, sqrt(negative non-zero) and any
// NaN operand give the canonical NaN 0x7FC00000; sqrt(-0) = -0. op_i other than FSQRT is
// treated as FDIV.
// Rounding mode rm_i (RISC-V rm encoding: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM; others act as
// RNE) and flags_o = {NV, DZ, OF, UF, NX} with the result, as RISC-V's fflags (unprivileged
// spec, chapter "F" §11.2, §11.6), for the SIMT core; VGIW's scu_instance ties rm_i to RNE and
// leaves the flags unused. Tininess is detected after rounding as RISC-V requires; for a
// quotient that is the same as "below 2^-126 before rounding": a significand quotient of two
// 24-bit significands is never within 2^-23 below 2 without being exactly representable
// (2 mb - ma would have to be 0 or 1), so rounding with an unbounded exponent never carries a
// quotient below 2^-126 up to it. A square root is never tiny and never overflows.
module vgiw_fp_divsqrt #(
  // recurrence steps per cycle; must divide 24 (1, 2, 3, 4, 6, 8, 12, 24)
  parameter int unsigned BITS_PER_CYCLE = 2
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::scu_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [2:0]        rm_i,        // rounding mode, RISC-V rm encoding
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [4:0]        flags_o      // {NV, DZ, OF, UF, NX} of result_o
);
  localparam logic [31:0] CANON_NAN = 32'h7FC0_0000;

  typedef enum logic [2:0] {
    ST_IDLE  = 3'd0,
    ST_NORM  = 3'd1,
    ST_ITER  = 3'd2,
    ST_ROUND = 3'd3,
    ST_DONE  = 3'd4
  } state_e;

  state_e             state_q, state_d;
  // Partial remainder W (24 fraction bits); a's significand in NORM.
  logic [25:0]        w_q, w_d;
  logic [24:0]        q_q, q_d;       // quotient / root Q (1 integer, 24 fraction bits)
  logic [23:0]        pos_q, pos_d;   // one-hot weight of the next quotient bit
  // Divisor (1.24 fixed point, bits [24:0]) while iterating, b's significand in NORM, the
  // packed result in DONE. Sharing one register saves 32 flops per instance.
  logic [31:0]        aux_q, aux_d;
  logic               sqrt_q, sqrt_d;
  logic               sign_q, sign_d;
  // Exponent. Before SETUP: divide ea - eb + 127, sqrt ea (biased, of the significands
  // as they stand); after SETUP: the biased exponent of Q (may be <= 0 or >= 255).
  logic signed [9:0]  exp_q, exp_d;
  logic [2:0]         rm_q, rm_d;
  logic [4:0]         flags_q, flags_d;

  // Rounding increment of a magnitude with last kept bit lsb, first dropped bit g and sticky
  // s, for rounding mode rm and sign (RISC-V rm encoding).
  function automatic logic round_inc(input logic [2:0] rm, input logic sign, input logic lsb,
                                     input logic g, input logic s);
    unique case (rm)
      3'd1:    round_inc = 1'b0;                // RTZ
      3'd2:    round_inc = sign & (g | s);      // RDN
      3'd3:    round_inc = !sign & (g | s);     // RUP
      3'd4:    round_inc = g;                   // RMM
      default: round_inc = g & (s | lsb);       // RNE
    endcase
  endfunction

  // ---- accept: unpack, classify ---------------------------------------------------------
  logic              in_sqrt, in_sign;
  logic [7:0]        a_expf, b_expf;
  logic              a_zero, b_zero, a_inf, b_inf, a_nan, b_nan, a_sub, b_sub;
  logic [23:0]       a_man, b_man;      // significands, leading one not yet at bit 23 if subnormal
  logic signed [9:0] in_exp;
  logic              in_special;
  logic [31:0]       in_special_res;
  logic [4:0]        in_special_flags;
  logic              a_snan, b_snan;

  always_comb begin
    in_sqrt = (op_i == vgiw_fu_pkg::SCU_FSQRT);
    in_sign = in_sqrt ? 1'b0 : (a_i[31] ^ b_i[31]);
    a_expf  = a_i[30:23];
    b_expf  = b_i[30:23];
    a_zero  = (a_expf == 8'd0)  && (a_i[22:0] == 23'd0);
    b_zero  = (b_expf == 8'd0)  && (b_i[22:0] == 23'd0);
    a_sub   = (a_expf == 8'd0)  && (a_i[22:0] != 23'd0);
    b_sub   = (b_expf == 8'd0)  && (b_i[22:0] != 23'd0);
    a_inf   = (a_expf == 8'hFF) && (a_i[22:0] == 23'd0);
    b_inf   = (b_expf == 8'hFF) && (b_i[22:0] == 23'd0);
    a_nan   = (a_expf == 8'hFF) && (a_i[22:0] != 23'd0);
    b_nan   = (b_expf == 8'hFF) && (b_i[22:0] != 23'd0);
    a_snan  = a_nan && !a_i[22];
    b_snan  = b_nan && !b_i[22];
    a_man   = {!a_sub, a_i[22:0]};     // zero never gets here
    b_man   = {!b_sub, b_i[22:0]};
    // a subnormal's exponent is that of the smallest normal (field 1)
    if (in_sqrt) in_exp = $signed({2'b00, a_sub ? 8'd1 : a_expf});
    else         in_exp = $signed({2'b00, a_sub ? 8'd1 : a_expf})
                        - $signed({2'b00, b_sub ? 8'd1 : b_expf}) + 10'sd127;

    in_special       = 1'b1;
    in_special_res   = CANON_NAN;
    in_special_flags = '0;
    if (in_sqrt) begin
      if (a_nan)                              in_special_flags[4] = a_snan;
      else if (a_zero)                        in_special_res = a_i;        // sqrt(+-0) = +-0
      else if (a_i[31])                       in_special_flags[4] = 1'b1;  // invalid
      else if (a_inf)                         in_special_res = a_i;        // +inf
      else                                    in_special     = 1'b0;
    end else begin
      if (a_nan || b_nan)                     in_special_flags[4] = a_snan || b_snan;
      else if ((a_inf && b_inf) || (a_zero && b_zero))
                                              in_special_flags[4] = 1'b1;  // invalid
      else if (a_inf || b_zero) begin
        in_special_res = {in_sign, 8'hFF, 23'd0};
        in_special_flags[3] = b_zero && !a_inf;                            // divide by zero
      end
      else if (a_zero || b_inf)               in_special_res = {in_sign, 31'd0};
      else                                    in_special     = 1'b0;
    end
  end

  // ---- NORM: one place per cycle ---------------------------------------------------------
  logic        nm_a_done, nm_b_done;
  assign nm_a_done = w_q[23];
  assign nm_b_done = aux_q[23] || sqrt_q;   // sqrt has no second operand

  // ---- SETUP: from the accepted operands, or from NORM's registers ---------------------
  logic              su_sqrt, su_sign;
  logic [23:0]       su_ma, su_mb;       // normalized significands
  logic signed [9:0] su_e;
  logic              su_lt;              // ma < mb: quotient of significands below 1
  logic [24:0]       su_div_x;
  logic signed [9:0] su_unb;             // sqrt: unbiased exponent of a
  logic [25:0]       su_sq_x;
  logic [25:0]       su_w0;
  logic signed [9:0] su_exp;
  logic              su_tiny;            // quotient below half the smallest subnormal
  logic [4:0]        su_denorm;          // result bits lost below the subnormal LSB
  logic [24:0]       su_q0;
  logic [23:0]       su_pos0;

  always_comb begin
    if (state_q == ST_IDLE) begin
      su_sqrt = in_sqrt;
      su_sign = in_sign;
      su_ma   = a_man;
      su_mb   = b_man;
      su_e    = in_exp;
    end else begin
      su_sqrt = sqrt_q;
      su_sign = sign_q;
      su_ma   = w_q[23:0];
      su_mb   = aux_q[23:0];
      su_e    = exp_q;
    end
    // divide: x / mb in [1, 2)
    su_lt    = (su_ma < su_mb);
    su_div_x = su_lt ? {su_ma, 1'b0} : {1'b0, su_ma};
    // sqrt: make the exponent even; x in [1, 4)
    su_unb  = su_e - 10'sd127;
    su_sq_x = su_unb[0] ? {su_ma, 2'b00} : {1'b0, su_ma, 1'b0};
    if (su_sqrt) begin
      su_w0  = su_sq_x - 26'h100_0000;                       // x - 1
      su_exp = (su_unb >>> 1) + 10'sd127;
    end else begin
      su_w0  = {su_div_x, 1'b0} - {1'b0, su_mb, 1'b0};       // x - d
      su_exp = su_e - (su_lt ? 10'sd1 : 10'sd0);
    end
    // Results below the normal range (divide only) are produced already denormalized:
    // the integer bit of Q starts su_denorm places lower and the recurrence stops at the
    // guard bit as usual, so it produces only the bits a subnormal result keeps.
    // exp <= -24: the quotient is below 2^-150, half the smallest subnormal: +-0.
    su_tiny   = (su_exp <= -10'sd24);
    su_denorm = (su_exp >= 10'sd1) ? 5'd0 : 5'(10'sd1 - su_exp);   // 0..24 unless tiny
    su_q0     = 25'h100_0000 >> su_denorm;
    su_pos0   = 24'h80_0000 >> su_denorm;
  end

  // ---- ITER: BITS_PER_CYCLE recurrence steps ----------------------------------------------
  logic [25:0] it_w;
  logic [24:0] it_q;
  logic [23:0] it_pos;
  logic [26:0] it_w2;     // 2 W
  logic [25:0] it_t;      // subtrahend: divisor, or 2 Q + weight of the new bit
  logic [26:0] it_sub;    // low 26 bits of 2 W minus it_t; bit 26 is the borrow

  always_comb begin
    it_w   = w_q;
    it_q   = q_q;
    it_pos = pos_q;
    it_w2  = '0;
    it_t   = '0;
    it_sub = '0;
    for (int unsigned k = 0; k < BITS_PER_CYCLE; k++) begin
      it_w2  = {it_w, 1'b0};
      it_t   = sqrt_q ? ({it_q, 1'b0} | {2'b00, it_pos}) : {1'b0, aux_q[24:0]};
      it_sub = {1'b0, it_w2[25:0]} - {1'b0, it_t};
      // No step once the guard bit is done (a denormalized quotient may end within a
      // cycle): W must stay the exact remainder for the sticky bit.
      if (it_pos != 24'd0) begin
        // 2W >= t when 2W's top bit is set (t < 2^26) or the low bits subtract without
        // borrow; the new W is below 4, so 26 bits hold it either way.
        if (it_w2[26] || !it_sub[26]) begin
          it_w = it_sub[25:0];
          it_q = it_q | {1'b0, it_pos};
        end else begin
          it_w = it_w2[25:0];
        end
      end
      it_pos = it_pos >> 1;
    end
  end

  // ---- ROUND: round by rm_q, pack, flags ------------------------------------------------------
  logic        rd_ovf, rd_up, rd_inexact, rd_ovf_inf, rd_of;
  logic [7:0]  rd_base;
  logic [30:0] rd_mag;
  logic [31:0] rd_res;
  logic [4:0]  rd_flags;

  always_comb begin
    rd_ovf  = (exp_q >= 10'sd255);
    // Q[24:1] is the significand (denormalized already for subnormal results), Q[0] the
    // guard bit, W != 0 the sticky bit.
    rd_up   = round_inc(rm_q, sign_q, q_q[1], q_q[0], w_q != 26'd0);
    // The leading one of a normal result lands on the exponent's low bit, so the stored
    // exponent is exp - 1 (0 for subnormal results); a rounding carry propagates into the
    // exponent (up to infinity, and from the largest subnormal to the smallest normal).
    rd_base = (exp_q >= 10'sd1) ? 8'(exp_q - 10'sd1) : 8'd0;
    rd_mag  = {rd_base, 23'd0} + {7'd0, q_q[24:1]} + {30'd0, rd_up};
    // overflow: infinity when the mode rounds away from zero on this side, else the largest
    // finite number (IEEE 754 §7.4); a rounding carry into exponent 255 is an overflow too
    // (only modes that round away from zero increment)
    rd_ovf_inf = (rm_q != 3'd1) && !(rm_q == 3'd2 && !sign_q) && !(rm_q == 3'd3 && sign_q);
    rd_of      = rd_ovf || rd_mag[30:23] == 8'hFF;
    rd_inexact = q_q[0] || (w_q != 26'd0) || rd_ovf;
    rd_res  = rd_ovf ? (rd_ovf_inf ? {sign_q, 8'hFF, 23'd0} : {sign_q, 8'hFE, 23'h7F_FFFF})
                     : {sign_q, rd_mag};
    rd_flags = {2'b00, rd_of, rd_inexact && exp_q <= 10'sd0, rd_inexact};
  end

  // ---- state machine ------------------------------------------------------------------------
  logic do_setup;

  always_comb begin
    state_d  = state_q;
    w_d      = w_q;
    q_d      = q_q;
    pos_d    = pos_q;
    aux_d    = aux_q;
    sqrt_d   = sqrt_q;
    sign_d   = sign_q;
    exp_d    = exp_q;
    rm_d     = rm_q;
    flags_d  = flags_q;
    do_setup = 1'b0;
    unique case (state_q)
      ST_IDLE: begin
        if (in_valid_i) begin
          sqrt_d = in_sqrt;
          sign_d = in_sign;
          rm_d   = rm_i;
          flags_d = in_special_flags;
          if (in_special) begin
            aux_d   = in_special_res;
            state_d = ST_DONE;
          end else if (a_sub || (b_sub && !in_sqrt)) begin
            w_d     = {2'b00, a_man};
            aux_d   = {8'd0, b_man};
            exp_d   = in_exp;
            state_d = ST_NORM;
          end else begin
            do_setup = 1'b1;
          end
        end
      end
      ST_NORM: begin
        if (nm_a_done && nm_b_done) begin
          do_setup = 1'b1;
        end else begin
          // a moving up lowers the exponent, b moving up raises the quotient's
          if (!nm_a_done) w_d   = {w_q[24:0], 1'b0};
          if (!nm_b_done) aux_d = {aux_q[30:0], 1'b0};
          exp_d = exp_q - (nm_a_done ? 10'sd0 : 10'sd1) + (nm_b_done ? 10'sd0 : 10'sd1);
        end
      end
      ST_ITER: begin
        w_d   = it_w;
        q_d   = it_q;
        pos_d = it_pos;
        if (it_pos == 24'd0 || it_w == 26'd0) state_d = ST_ROUND;
      end
      ST_ROUND: begin
        aux_d   = rd_res;
        flags_d = rd_flags;
        state_d = ST_DONE;
      end
      ST_DONE: begin
        if (out_ready_i) state_d = ST_IDLE;
      end
      default: state_d = ST_IDLE;
    endcase

    if (do_setup) begin
      exp_d = su_exp;
      w_d   = su_w0;
      q_d   = su_q0;          // the integer bit is known to be 1
      pos_d = su_pos0;
      aux_d = {7'd0, su_mb, 1'b0};
      if (su_tiny && !su_sqrt) begin
        // below 2^-150: +-0, or the smallest subnormal when rounding away from zero on
        // this side; always inexact and tiny
        aux_d   = {su_sign, 30'd0, (rm_d == 3'd3 && !su_sign) || (rm_d == 3'd2 && su_sign)};
        flags_d = 5'b00011;
        state_d = ST_DONE;
      end else begin
        state_d = (su_w0 == 26'd0 || su_pos0 == 24'd0) ? ST_ROUND : ST_ITER;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      w_q     <= '0;
      q_q     <= '0;
      pos_q   <= '0;
      aux_q   <= '0;
      sqrt_q  <= 1'b0;
      sign_q  <= 1'b0;
      exp_q   <= '0;
      rm_q    <= '0;
      flags_q <= '0;
    end else begin
      state_q <= state_d;
      w_q     <= w_d;
      q_q     <= q_d;
      pos_q   <= pos_d;
      aux_q   <= aux_d;
      sqrt_q  <= sqrt_d;
      sign_q  <= sign_d;
      exp_q   <= exp_d;
      rm_q    <= rm_d;
      flags_q <= flags_d;
    end
  end

  assign in_ready_o  = (state_q == ST_IDLE);
  assign out_valid_o = (state_q == ST_DONE);
  assign result_o    = aux_q;
  assign flags_o     = flags_q;

`ifndef SYNTHESIS
  initial begin
    assert (BITS_PER_CYCLE >= 1 && BITS_PER_CYCLE <= 24 && (24 % BITS_PER_CYCLE) == 0)
      else $fatal(1, "fp_divsqrt: BITS_PER_CYCLE must divide 24");
  end
`endif

endmodule
