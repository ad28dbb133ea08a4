// FP32 <-> int32 conversion datapath of the VGIW compute unit's FPU (VGIW §3.5, "compute
// units"; SGMF §5.2).
//
// Rounding mode rm_i in RISC-V's encoding (0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM; others act as
// RNE) and flags_o = {NV, DZ, OF, UF, NX} as RISC-V's fflags (unprivileged spec, chapter "F"
// §11.2, §11.7 FCVT): NX for an inexact result, NV (and no NX) for NaN, infinity or a rounded
// value out of the integer range. fp_cvt is this module with int -> float RNE, float -> int
// RTZ (sw/lib/vgiw_arith.c, C semantics) and the flags unused: the VGIW compute unit.
//
// Operations (vgiw_fu_pkg::fcvt_op_e), operand a_i only:
//   I2F / U2F  signed / unsigned int32 -> FP32, rounded by rm_i. The magnitude is
//              normalized by a 5-stage left shifter that counts leading zeros as it goes;
//              bits below the 24-bit significand give guard and sticky. Results never
//              overflow (|x| < 2^32).
//   F2I / F2U  FP32 -> signed / unsigned int32, rounded by rm_i, saturating like RISC-V:
//              out of range -> INT32_MIN / INT32_MAX (unsigned: negative -> 0, too large ->
//              UINT32_MAX), NaN -> INT32_MAX / UINT32_MAX. The significand is shifted right
//              by 158 - exp on the same shifter (bit-reversed in and out); the bits it drops
//              (round bit and sticky) come from a mask decoded from the same shift amount.
//
// Fully pipelined, one operation per cycle, STAGES >= 1 cycles from accepted input to valid
// output: stage 1 registers the operand and converts, stages 2..STAGES register the result
// (with STAGES >= 2 the output is a flop). With STAGES >= 3 the first of those registers sits
// between the shifter and the rounding instead (MID_REG: the longest path halved, the same
// latency; fu.cvt_stages = 3 on the board's presets, docs/fpga.md "Eleventh round"). The
// whole pipeline stalls while a result waits at the output (out_valid_o && !out_ready_i).
module vgiw_fp_cvt_ieee #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_CVT_STAGES,
  parameter int unsigned TAG_W  = 8,
  // 1: rm_i is ignored, int -> float rounds to nearest even and float -> int toward zero (C
  // semantics, fp_cvt for VGIW): constants, so synthesis removes the other modes' logic
  // (an rm that depends on the operation would keep it)
  parameter bit          C_ROUNDING = 1'b0
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // operation in
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fcvt_op_e  op_i,
  input  logic [31:0]       a_i,
  input  logic [2:0]        rm_i,        // rounding mode, RISC-V rm encoding
  input  logic [TAG_W-1:0]  tag_i,
  // result out
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [4:0]        flags_o,     // {NV, DZ, OF, UF, NX} of result_o
  output logic [TAG_W-1:0]  tag_o
);
  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- stage 1: operand registers ------------------------------------------------
  logic             s1_valid_q;
  vgiw_fu_pkg::fcvt_op_e s1_op_q;
  logic [31:0]      s1_a_q;
  logic [2:0]       s1_rm_q;
  logic [TAG_W-1:0] s1_tag_q;

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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_op_q    <= vgiw_fu_pkg::FCVT_I2F;
      s1_a_q     <= '0;
      s1_rm_q    <= '0;
      s1_tag_q   <= '0;
    end else if (advance) begin
      s1_valid_q <= in_valid_i;
      s1_op_q    <= op_i;
      s1_a_q     <= a_i;
      s1_rm_q    <= rm_i;
      s1_tag_q   <= tag_i;
    end
  end

  // ---- stage 1: operand decode -----------------------------------------------------
  logic        s1_to_float;        // I2F / U2F (else F2I / F2U)
  logic        s1_i_sign;
  logic [31:0] s1_i_mag;
  logic [31:0] s1_f_sig_rev;       // bit-reversed {1.fraction, 8'b0}: see the shifter
  logic [4:0]  s1_f_shift;         // 158 - exponent (mod 32), used for 127 <= exp <= 158

  assign s1_to_float = (s1_op_q == vgiw_fu_pkg::FCVT_I2F) || (s1_op_q == vgiw_fu_pkg::FCVT_U2F);
  assign s1_i_sign   = (s1_op_q == vgiw_fu_pkg::FCVT_I2F) && s1_a_q[31];
  // Two's complement magnitude; INT32_MIN maps to 2^31, which fits unsigned.
  assign s1_i_mag    = s1_i_sign ? (~s1_a_q + 32'd1) : s1_a_q;

  always_comb begin
    for (int unsigned i = 0; i < 23; i++) begin
      s1_f_sig_rev[1 + i] = s1_a_q[22 - i];
    end
    s1_f_sig_rev[0]     = 1'b1;          // hidden bit
    s1_f_sig_rev[31:24] = 8'd0;
  end
  assign s1_f_shift  = 5'd30 - s1_a_q[27:23];      // the exponent's low bits: 158 mod 32 = 30

  // ---- stage 1: one shared left shifter ---------------------------------------------
  // Five stages shift left by 16, 8, 4, 2, 1. For I2F/U2F each stage shifts when the top
  // bits it would drop are all zero, which normalizes the magnitude and yields the
  // leading-zero count in s1_sh_amt. For F2I/F2U the stages follow 158 - exponent, and
  // since the significand enters bit-reversed, reversing the output gives the right shift
  // that truncates 1.fraction * 2^(exp-127) to an integer. One shifter instead of a
  // leading-zero counter and two barrel shifters.
  logic [31:0] s1_sh0, s1_sh1, s1_sh2, s1_sh3, s1_sh4, s1_sh5;
  logic        s1_by16, s1_by8, s1_by4, s1_by2, s1_by1;
  logic [4:0]  s1_sh_amt;

  assign s1_sh0    = s1_to_float ? s1_i_mag : s1_f_sig_rev;
  assign s1_by16   = s1_to_float ? (s1_sh0[31:16] == 16'd0) : s1_f_shift[4];
  assign s1_sh1    = s1_by16 ? {s1_sh0[15:0], 16'd0} : s1_sh0;
  assign s1_by8    = s1_to_float ? (s1_sh1[31:24] == 8'd0) : s1_f_shift[3];
  assign s1_sh2    = s1_by8 ? {s1_sh1[23:0], 8'd0} : s1_sh1;
  assign s1_by4    = s1_to_float ? (s1_sh2[31:28] == 4'd0) : s1_f_shift[2];
  assign s1_sh3    = s1_by4 ? {s1_sh2[27:0], 4'd0} : s1_sh2;
  assign s1_by2    = s1_to_float ? (s1_sh3[31:30] == 2'd0) : s1_f_shift[1];
  assign s1_sh4    = s1_by2 ? {s1_sh3[29:0], 2'd0} : s1_sh3;
  assign s1_by1    = s1_to_float ? !s1_sh4[31] : s1_f_shift[0];
  assign s1_sh5    = s1_by1 ? {s1_sh4[30:0], 1'd0} : s1_sh4;
  assign s1_sh_amt = {s1_by16, s1_by8, s1_by4, s1_by2, s1_by1};

  // ---- with MID_REG, a register between the shifter and the rounding ------------------
  // The rounding reads the r_* signals: stage 1's, or with MID_REG their registered copies.
  localparam bit MID_REG = STAGES >= 3;
  logic             r_valid;
  vgiw_fu_pkg::fcvt_op_e r_op;
  logic [31:0]      r_a, r_sh5;
  logic [2:0]       r_rm;
  logic [TAG_W-1:0] r_tag;
  logic [4:0]       r_sh_amt;
  logic             r_i_sign;
  if (MID_REG) begin : g_mid
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        r_valid  <= 1'b0;
        r_op     <= vgiw_fu_pkg::FCVT_I2F;
        r_a      <= '0;
        r_sh5    <= '0;
        r_rm     <= '0;
        r_tag    <= '0;
        r_sh_amt <= '0;
        r_i_sign <= 1'b0;
      end else if (advance) begin
        r_valid  <= s1_valid_q;
        r_op     <= s1_op_q;
        r_a      <= s1_a_q;
        r_sh5    <= s1_sh5;
        r_rm     <= s1_rm_q;
        r_tag    <= s1_tag_q;
        r_sh_amt <= s1_sh_amt;
        r_i_sign <= s1_i_sign;
      end
    end
  end else begin : g_no_mid
    assign r_valid  = s1_valid_q;
    assign r_op     = s1_op_q;
    assign r_a      = s1_a_q;
    assign r_sh5    = s1_sh5;
    assign r_rm     = s1_rm_q;
    assign r_tag    = s1_tag_q;
    assign r_sh_amt = s1_sh_amt;
    assign r_i_sign = s1_i_sign;
  end

  // the float operand's fields again, from the rounding stage's copy of it
  logic       r_f_sign, r_f_nan;
  logic [7:0] r_f_exp;
  logic [4:0] r_f_shift;
  assign r_f_sign  = r_a[31];
  assign r_f_exp   = r_a[30:23];
  assign r_f_nan   = (r_f_exp == 8'hFF) && (r_a[22:0] != 23'd0);
  assign r_f_shift = 5'd30 - r_f_exp[4:0];

  // ---- rounding: integer -> float -------------------------------------------------
  logic [30:0] r_i_norm;          // normalized magnitude without its leading one (bit 31)
  logic        r_i_guard, r_i_sticky, r_i_round_up;
  logic [30:0] r_i_exp_man;       // {biased exponent, fraction} before rounding
  logic [31:0] r_i2f;

  assign r_i_norm     = r_sh5[30:0];
  assign r_i_guard    = r_i_norm[7];
  assign r_i_sticky   = |r_i_norm[6:0];
  logic [2:0] r_rm_i2f, r_rm_f2i;
  assign r_rm_i2f = C_ROUNDING ? 3'd0 : r_rm;     // RNE
  assign r_rm_f2i = C_ROUNDING ? 3'd1 : r_rm;     // RTZ
  assign r_i_round_up = round_inc(r_rm_i2f, r_i_sign, r_i_norm[8], r_i_guard, r_i_sticky);
  // Exponent = 127 + 31 - leading zeros; the hidden bit is dropped. A carry out of the fraction
  // increments the exponent, which is the correct renormalization (max 2^32: no overflow).
  assign r_i_exp_man  = {8'(8'd158 - {3'd0, r_sh_amt}), r_i_norm[30:8]};

  always_comb begin
    if (!r_sh5[31]) begin
      r_i2f = 32'd0;                  // zero input: no leading one after normalization
    end else begin
      r_i2f = {r_i_sign, r_i_exp_man + {30'd0, r_i_round_up}};
    end
  end

  // ---- rounding: float -> integer -------------------------------------------------
  // For 127 <= exp <= 158 the shifter gives the integer part of |x|; the bits it drops are
  // the low (158 - exp) bits of the significand word {1.fraction, 8'b0} (r_f_word): a mask
  // decoded from the shift amount gives round bit and sticky without a second shifter.
  // |x| < 1: integer part 0, round bit set for exp 126, sticky for any other nonzero.
  logic [31:0] r_f_int;           // truncated |x| for 2^0 <= |x| < 2^32
  logic [31:0] r_f_word, r_f_low;
  logic        r_f_small, r_f_big_i, r_f_big_u;
  logic        r_f_g, r_f_s, r_f_inc;
  logic [32:0] r_f_mag;           // |x| rounded, up to 2^32
  logic [31:0] r_f2i, r_f2u;
  logic        r_f2i_nv, r_f2u_nv;

  always_comb begin
    for (int unsigned i = 0; i < 32; i++) begin
      r_f_int[i] = r_sh5[31 - i];
    end
  end

  assign r_f_word    = {1'b1, r_a[22:0], 8'd0};
  assign r_f_low     = ~(32'hFFFF_FFFF << r_f_shift);    // bits below the integer point
  assign r_f_small   = r_f_exp < 8'd127;
  assign r_f_big_i   = r_f_exp >= 8'd158;               // |x| >= 2^31 (or inf, NaN)
  assign r_f_big_u   = r_f_exp >= 8'd159;               // |x| >= 2^32 (or inf, NaN)
  always_comb begin
    if (r_f_small) begin
      r_f_g = r_f_exp == 8'd126;
      r_f_s = (r_f_exp == 8'd126) ? (r_a[22:0] != 23'd0) : (r_a[30:0] != 31'd0);
    end else begin
      // round bit: the highest dropped bit, (158 - exp - 1); sticky: the ones below it
      r_f_g = |(r_f_word & r_f_low & ~(r_f_low >> 1));
      r_f_s = |(r_f_word & (r_f_low >> 1));
    end
  end
  assign r_f_inc = round_inc(r_rm_f2i, r_f_sign, r_f_small ? 1'b0 : r_f_int[0], r_f_g, r_f_s);
  assign r_f_mag = (r_f_small ? 33'd0 : {1'b0, r_f_int}) + 33'(r_f_inc);

  always_comb begin
    r_f2i_nv = 1'b1;
    if (r_f_nan) begin
      r_f2i = 32'h7FFF_FFFF;
    end else if (r_f_big_i && !(r_f_sign && r_f_exp == 8'd158 && r_a[22:0] == 23'd0)) begin
      r_f2i = r_f_sign ? 32'h8000_0000 : 32'h7FFF_FFFF;  // -2^31 itself is in range
    end else if (!r_f_sign && r_f_mag[31]) begin
      r_f2i = 32'h7FFF_FFFF;                              // rounded up to 2^31
    end else begin
      r_f2i_nv = 1'b0;
      r_f2i = r_f_sign ? (~r_f_mag[31:0] + 32'd1) : r_f_mag[31:0];
    end
  end

  always_comb begin
    r_f2u_nv = 1'b1;
    if (r_f_nan) begin
      r_f2u = 32'hFFFF_FFFF;
    end else if (r_f_sign && (r_f_big_u || r_f_mag != 33'd0)) begin
      r_f2u = 32'd0;                                      // negative: 0 (exact 0 if it rounds to 0)
    end else if (!r_f_sign && (r_f_big_u || r_f_mag[32])) begin
      r_f2u = 32'hFFFF_FFFF;                              // |x| >= 2^32 after rounding, +inf
    end else begin
      r_f2u_nv = 1'b0;
      r_f2u = r_f_mag[31:0];
    end
  end

  logic [31:0] r_result;
  logic [4:0]  r_flags;
  always_comb begin
    r_flags = '0;
    unique case (r_op)
      vgiw_fu_pkg::FCVT_I2F,
      vgiw_fu_pkg::FCVT_U2F: begin
        r_result   = r_i2f;
        r_flags[0] = r_sh5[31] && (r_i_guard || r_i_sticky);
      end
      vgiw_fu_pkg::FCVT_F2I: begin
        r_result   = r_f2i;
        r_flags[4] = r_f2i_nv;
        r_flags[0] = !r_f2i_nv && (r_f_g || r_f_s);
      end
      vgiw_fu_pkg::FCVT_F2U: begin
        r_result   = r_f2u;
        r_flags[4] = r_f2u_nv;
        r_flags[0] = !r_f2u_nv && (r_f_g || r_f_s);
      end
      default:          r_result = '0;
    endcase
  end

  // ---- stages 2..STAGES: result registers ------------------------------------------
  // STAGES - 1 registers after stage 1, one of them MID_REG (none for STAGES = 1: the output
  // is combinational from the stage-1 registers).
  vgiw_delay_line #(
    .WIDTH (1 + 32 + 5 + TAG_W),
    .DEPTH (STAGES - 1 - 32'(MID_REG))
  ) u_result_regs (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (advance),
    .d_i    ({r_valid, r_result, r_flags, r_tag}),
    .q_o    ({out_valid_o, result_o, flags_o, tag_o})
  );

`ifndef SYNTHESIS
  initial begin
    assert (STAGES >= 1) else $fatal(1, "vgiw_fp_cvt_ieee: STAGES must be >= 1");
  end
`endif

endmodule
