// FP32 fused multiply-add datapath: the floating-point half of the VGIW compute unit
// (VGIW §3.5 "compute units"; SGMF §5.2: "the fused-multiply-add operation is also
// supported by the unit"), with the five IEEE 754 rounding modes and the exception flags of
// RISC-V's F extension (unprivileged spec, chapter "F" §11.2: rm encoding, fflags NV DZ OF UF
// NX, tininess detected after rounding) for the SIMT core. fp_fma is this module with rm tied
// to RNE and the flags unused (the VGIW compute unit). docs/fu/fp_fma.md.
//
// One fused datapath computes x*y + z with a single rounding (IEEE 754 binary32, rounding
// mode rm_i in RISC-V encoding: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM, other values act as RNE;
// subnormals in and out, canonical NaN 0x7FC00000). flags_o = {NV, DZ, OF, UF, NX} (DZ is
// always 0 here) comes with result_o. The four operations map onto it at the input:
//   FMA_FADD   a + b  = a*1.0 + b
//   FMA_FSUB   a - b  = a*1.0 + (-b)
//   FMA_FMUL   a * b  = a*b + (-0.0)   (-0.0 is the additive identity that keeps the sign
//                                        of an exact zero product: +0 + -0 = +0, -0 + -0 = -0;
//                                        under RDN it is +0.0: there +0 + -0 = -0)
//   FMA_FMADD  a*b + c
//
// Pipeline (one register rank per stage; a rank is a plain wire when STAGES is too small
// to hold it, extra STAGES add output registers):
//   rank 1  operands x, y, z (op already folded in)
//   stage 1 unpack, special cases, 24x24 product (DSP), addend alignment       -> rank 2
//   stage 2 78-bit add / subtract of product and aligned addend, sign            -> rank 3
//   stage 3 leading-zero count, normalizing left shift, exponent, sticky         -> rank 4
//   stage 4 round to nearest even, overflow to infinity, pack, special-case select
// STAGES = latency from accepted input to valid output; any STAGES >= 1 is accepted
// (1..3 merge stages, 4 is the natural depth, > 4 appends output registers).
//
// Fixed-point window of stage 2 (bit index, one unit = 2^-3 product LSB):
//   [76:53] addend significand when not shifted, [52:51] gap, [50:3] exact 48-bit product,
//   [2:1] guard bits below the product, [0] sticky OR of addend bits shifted further out,
//   [77] carry. The two guard bits make the result exact-then-rounded-once even when one
//   multiplicand is subnormal (product leading one as low as product bit 23).
module vgiw_fp_fma_ieee #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_FMA_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // operation in
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fma_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  input  logic [2:0]        rm_i,        // rounding mode, RISC-V rm encoding
  input  logic [TAG_W-1:0]  tag_i,
  // result out
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [4:0]        flags_o,     // {NV, DZ, OF, UF, NX} of result_o
  output logic [TAG_W-1:0]  tag_o
);
  // STAGES = 0 is meaningless: stop elaboration in both Verilator (missing module is a hard
  // error even with -Wno-fatal) and Yosys.
  if (STAGES < 1) begin : g_bad_stages
    $fatal(1, "vgiw_fp_fma_ieee: STAGES must be >= 1");
    vgiw_fp_fma_ieee_error_stages_must_be_at_least_1 u_stop ();
  end

  // ---- window geometry (see header) --------------------------------------------------
  localparam int unsigned SUM_W     = 78;  // stage-2 adder width, bits [77:0]
  localparam int unsigned ADDEND_W  = 77;  // aligned addend incl. sticky bit, [76:0]
  localparam int unsigned PROD_LSB  = 3;   // product occupies [PROD_LSB+47:PROD_LSB]
  localparam int unsigned ALIGN_MAX = 76;  // shift that moves every addend bit into sticky
  localparam int unsigned EXP_W     = 10;  // internal biased exponent, up to 2*254-99 = 409
  localparam int unsigned SHIFT_W   = 7;   // shift amounts 0..78
  // Where things sit, from the weights: a significand LSB weighs 2^(e - 150) for biased
  // exponent e (1 for subnormals), so with the product at PROD_LSB, window index 0 weighs
  // 2^(ex + ey - 300 - PROD_LSB), and the addend's LSB lands at index
  // ez - ex - ey + 150 + PROD_LSB: a right shift of ex + ey - ez - ALIGN_BIAS from its home
  // index ADDEND_HOME. A negative shift means the addend dominates: it stays home, and the
  // product (two or more zero bits below it, really even further) can only change the
  // sticky information, which is the same either way.
  localparam int unsigned ADDEND_HOME = SUM_W - 1 - 24;                    // 53
  localparam int unsigned ALIGN_BIAS  = 150 + PROD_LSB - ADDEND_HOME;      // 100
  // Biased exponent of a result whose leading one is at index SUM_W-1: ex + ey - PROD_BIAS
  // when the product positions the window, ez + ADDEND_BIAS when the addend does.
  localparam int unsigned PROD_BIAS   = 300 + PROD_LSB - (SUM_W - 1) - 127;  // 99
  localparam int unsigned ADDEND_BIAS = (SUM_W - 1) + 127 - 150 - ADDEND_HOME; // 1

  localparam logic [31:0] FP_ONE       = 32'h3F80_0000;
  localparam logic [31:0] FP_NEG_ZERO  = 32'h8000_0000;
  localparam logic [31:0] FP_CANON_NAN = 32'h7FC0_0000;
  localparam logic [2:0]  RM_RTZ = 3'd1, RM_RDN = 3'd2, RM_RUP = 3'd3, RM_RMM = 3'd4;

  // Rounding increment of a magnitude with last kept bit lsb, first dropped bit g and sticky
  // s (everything below g), for rounding mode rm and sign.
  function automatic logic round_inc(input logic [2:0] rm, input logic sign, input logic lsb,
                                     input logic g, input logic s);
    unique case (rm)
      RM_RTZ:  round_inc = 1'b0;
      RM_RDN:  round_inc = sign & (g | s);
      RM_RUP:  round_inc = !sign & (g | s);
      RM_RMM:  round_inc = g;
      default: round_inc = g & (s | lsb);       // RNE
    endcase
  endfunction

  typedef struct packed {
    logic             valid;
    logic [TAG_W-1:0] tag;
    logic [2:0]       rm;
    logic [31:0]      x, y, z;       // computes x*y + z
  } rank1_t;

  typedef struct packed {
    logic               valid;
    logic [TAG_W-1:0]   tag;
    logic [2:0]         rm;
    logic               special;     // result fully decided by the special-case logic
    logic [31:0]        special_res;
    logic               nv;          // invalid operation (only with special)
    logic               sign_p;      // sign of the product x*y
    logic               sign_z;
    logic [47:0]        prod;
    logic [ADDEND_W-1:0] addend;     // aligned addend magnitude, sticky in bit 0
    logic [EXP_W-1:0]   exp_top;     // biased exponent of window index 77
  } rank2_t;

  typedef struct packed {
    logic             valid;
    logic [TAG_W-1:0] tag;
    logic [2:0]       rm;
    logic             special;
    logic [31:0]      special_res;
    logic             nv;
    logic             sign;          // sign of the (nonzero) sum
    logic [SUM_W-1:0] sum;           // magnitude |x*y + z| in window units (sticky in bit 0)
    logic [EXP_W-1:0] exp_top;
  } rank3_t;

  typedef struct packed {
    logic             valid;
    logic [TAG_W-1:0] tag;
    logic [2:0]       rm;
    logic             special;
    logic [31:0]      special_res;
    logic             nv;
    logic             sign;
    logic             zero;          // exact cancellation: result +0 (-0 under RDN)
    logic [EXP_W-1:0] exp_field;     // biased exponent field before rounding (0: subnormal)
    logic [22:0]      frac;          // fraction bits before rounding
    logic             round_bit;
    logic             sticky;        // OR of everything below round_bit: round2 | sticky2
    logic             round2;        // the bit below round_bit (tininess after rounding)
    logic             sticky2;       // everything below round2
  } rank4_t;

  logic advance;   // the whole pipeline moves; it stalls only while the output is held
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ==== rank 1: operands, with the operation folded into x*y + z ====================
  rank1_t s1_d, s1_q;

  always_comb begin
    s1_d.valid = in_valid_i;
    s1_d.tag   = tag_i;
    s1_d.rm    = rm_i;
    s1_d.x     = a_i;
    unique case (op_i)
      vgiw_fu_pkg::FMA_FADD: begin
        s1_d.y = FP_ONE;
        s1_d.z = b_i;
      end
      vgiw_fu_pkg::FMA_FSUB: begin
        s1_d.y = FP_ONE;
        s1_d.z = {~b_i[31], b_i[30:0]};
      end
      vgiw_fu_pkg::FMA_FMUL: begin
        s1_d.y = b_i;
        s1_d.z = (rm_i == RM_RDN) ? 32'd0 : FP_NEG_ZERO;
      end
      default: begin   // FMA_FMADD
        s1_d.y = b_i;
        s1_d.z = c_i;
      end
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_q <= '0;
    end else if (advance) begin
      s1_q <= s1_d;
    end
  end

  // ==== stage 1: unpack, special cases, multiply, align ================================
  // Operand k = 0, 1, 2 is x, y, z.
  logic [2:0][31:0] s1_opd;
  logic [2:0]       s1_sign, s1_zero, s1_inf, s1_nan, s1_snan;
  logic [2:0][7:0]  s1_exp;    // biased exponent, 1 for subnormals (and zero)
  logic [2:0][23:0] s1_man;    // significand with the hidden bit

  assign s1_opd = {s1_q.z, s1_q.y, s1_q.x};

  always_comb begin
    for (int unsigned k = 0; k < 3; k++) begin
      s1_sign[k] = s1_opd[k][31];
      s1_exp[k]  = (s1_opd[k][30:23] == 8'd0) ? 8'd1 : s1_opd[k][30:23];
      s1_man[k]  = {s1_opd[k][30:23] != 8'd0, s1_opd[k][22:0]};
      s1_zero[k] = (s1_opd[k][30:0] == 31'd0);
      s1_inf[k]  = (s1_opd[k][30:23] == 8'hFF) && (s1_opd[k][22:0] == 23'd0);
      s1_nan[k]  = (s1_opd[k][30:23] == 8'hFF) && (s1_opd[k][22:0] != 23'd0);
      s1_snan[k] = s1_nan[k] && !s1_opd[k][22];
    end
  end

  // Exact product of the significands; meant for the FPGA's DSP blocks (registered on both
  // sides by ranks 1 and 2).
  logic [47:0] s1_prod;
  assign s1_prod = 48'(s1_man[0]) * 48'(s1_man[1]);

  logic s1_sign_p, s1_eff_sub;
  assign s1_sign_p  = s1_sign[0] ^ s1_sign[1];
  assign s1_eff_sub = s1_sign_p ^ s1_sign[2];

  // Alignment: right shift of the addend from its home position [76:53].
  logic [EXP_W-1:0]    s1_exp_sum;
  logic [EXP_W:0]      s1_shift_raw;   // two's complement, range -352..407
  logic                s1_addend_dom;  // addend at least as far left as its home position
  logic [SHIFT_W-1:0]  s1_shift;
  logic [ADDEND_W+22:0] s1_addend_wide;  // window indices 76..0 are bits 99..23
  logic [ADDEND_W-1:0] s1_addend;
  logic [EXP_W-1:0]    s1_exp_top;

  assign s1_exp_sum    = EXP_W'(s1_exp[0]) + EXP_W'(s1_exp[1]);
  assign s1_shift_raw  = (EXP_W+1)'(s1_exp_sum) - (EXP_W+1)'(s1_exp[2]) - (EXP_W+1)'(ALIGN_BIAS);
  assign s1_addend_dom = s1_shift_raw[EXP_W];
  always_comb begin
    if (s1_addend_dom) begin
      s1_shift = '0;
    end else if (s1_shift_raw[EXP_W-1:0] > EXP_W'(ALIGN_MAX)) begin
      s1_shift = SHIFT_W'(ALIGN_MAX);
    end else begin
      s1_shift = s1_shift_raw[SHIFT_W-1:0];
    end
  end
  assign s1_addend_wide = {s1_man[2], {(ADDEND_W - 1){1'b0}}} >> s1_shift;
  // bits that fall below window index 1 only matter as "something nonzero was there"
  assign s1_addend  = {s1_addend_wide[ADDEND_W+22:24], |s1_addend_wide[23:0]};
  assign s1_exp_top = s1_addend_dom ? EXP_W'(s1_exp[2]) + EXP_W'(ADDEND_BIAS)
                                    : s1_exp_sum - EXP_W'(PROD_BIAS);

  // Special cases: NaN in, invalid (inf*0, inf-inf), infinities, and a zero product (the
  // exact result is then z itself, or a zero whose sign follows the RNE rule: -0 only
  // when both zeros are negative).
  logic        s1_prod_inf, s1_prod_zero, s1_invalid, s1_special, s1_nv;
  logic [31:0] s1_special_res;

  assign s1_prod_inf  = s1_inf[0] | s1_inf[1];
  assign s1_prod_zero = s1_zero[0] | s1_zero[1];
  assign s1_invalid   = (|s1_nan) | (s1_prod_inf & s1_prod_zero) |
                        (s1_prod_inf & s1_inf[2] & s1_eff_sub);
  assign s1_special   = s1_invalid | s1_prod_inf | s1_inf[2] | s1_prod_zero;
  // IEEE 754 §7.2: a signalling NaN, inf*0 (even with a quiet NaN addend, as RISC-V requires
  // for the fused forms) and inf - inf; a quiet NaN operand alone raises nothing
  assign s1_nv        = (|s1_snan) | (s1_prod_inf & s1_prod_zero) |
                        (s1_prod_inf & s1_inf[2] & s1_eff_sub & ~(|s1_nan));

  always_comb begin
    if (s1_invalid) begin
      s1_special_res = FP_CANON_NAN;
    end else if (s1_prod_inf) begin
      s1_special_res = {s1_sign_p, 8'hFF, 23'd0};
    end else if (s1_inf[2] || !s1_zero[2]) begin
      s1_special_res = s1_q.z;                       // z infinite, or x*y == 0 and z != 0
    end else begin
      // 0 + 0: -0 only when both are negative, or (RDN) either is
      s1_special_res = {(s1_q.rm == RM_RDN) ? (s1_sign_p | s1_sign[2]) : (s1_sign_p & s1_sign[2]), 31'd0};
    end
  end

  rank2_t s2_d, s2;
  always_comb begin
    s2_d.valid       = s1_q.valid;
    s2_d.tag         = s1_q.tag;
    s2_d.rm          = s1_q.rm;
    s2_d.special     = s1_special;
    s2_d.special_res = s1_special_res;
    s2_d.nv          = s1_nv;
    s2_d.sign_p      = s1_sign_p;
    s2_d.sign_z      = s1_sign[2];
    s2_d.prod        = s1_prod;
    s2_d.addend      = s1_addend;
    s2_d.exp_top     = s1_exp_top;
  end

  // rank 2 is a register when the latency allows it, else a wire
  vgiw_delay_line #(
    .WIDTH ($bits(s2_d)),
    .DEPTH ((STAGES >= 2) ? 1 : 0)
  ) u_rank2 (
    .clk_i,
    .rst_ni,
    .en_i (advance),
    .d_i  (s2_d),
    .q_o  (s2)
  );

  // ==== stage 2: add / subtract ========================================================
  // Effective subtraction computes P - A and A - P side by side and keeps the
  // non-negative one, so no second carry chain follows the first.
  logic [SUM_W-1:0] s2_prod_ext, s2_addend_ext, s2_rev;
  logic [SUM_W:0]   s2_fwd;
  logic             s2_eff_sub, s2_neg;

  assign s2_prod_ext   = {{(SUM_W - 48 - PROD_LSB){1'b0}}, s2.prod, {PROD_LSB{1'b0}}};
  assign s2_addend_ext = {1'b0, s2.addend};
  assign s2_eff_sub    = s2.sign_p ^ s2.sign_z;
  assign s2_fwd = {1'b0, s2_prod_ext}
                + (s2_eff_sub ? {1'b1, ~s2_addend_ext} : {1'b0, s2_addend_ext})
                + (SUM_W+1)'(s2_eff_sub);
  assign s2_rev = s2_addend_ext - s2_prod_ext;
  assign s2_neg = s2_eff_sub & s2_fwd[SUM_W];

  rank3_t s3_d, s3;
  always_comb begin
    s3_d.valid       = s2.valid;
    s3_d.tag         = s2.tag;
    s3_d.rm          = s2.rm;
    s3_d.special     = s2.special;
    s3_d.special_res = s2.special_res;
    s3_d.nv          = s2.nv;
    s3_d.sign        = s2_neg ? s2.sign_z : s2.sign_p;
    s3_d.sum         = s2_neg ? s2_rev : s2_fwd[SUM_W-1:0];
    s3_d.exp_top     = s2.exp_top;
  end

  // rank 3 is a register when the latency allows it, else a wire
  vgiw_delay_line #(
    .WIDTH ($bits(s3_d)),
    .DEPTH ((STAGES >= 3) ? 1 : 0)
  ) u_rank3 (
    .clk_i,
    .rst_ni,
    .en_i (advance),
    .d_i  (s3_d),
    .q_o  (s3)
  );

  // ==== stage 3: normalize =============================================================
  // Shift the leading one to index 77, but never below the minimum exponent: then the
  // result is subnormal (exponent field 0) and its LSB lands where rounding expects it.
  logic [SHIFT_W-1:0] s3_lz;
  logic               s3_zero, s3_normal;
  logic [SHIFT_W-1:0] s3_shift;
  logic [EXP_W-1:0]   s3_exp_field;
  logic [SUM_W-1:0]   s3_norm;

  vgiw_lzc #(
    .WIDTH (SUM_W),
    .CNT_W (SHIFT_W)
  ) u_lzc (
    .data_i  (s3.sum),
    .cnt_o   (s3_lz),
    .empty_o (s3_zero)
  );

  // exp_top >= 2 always (ez + 1 or ex + ey - 99 with ex + ey >= 101), so exp_top - 1 fits
  // the shift when it is the smaller of the two.
  assign s3_normal    = EXP_W'(s3_lz) < s3.exp_top;
  assign s3_shift     = s3_normal ? s3_lz : SHIFT_W'(s3.exp_top - EXP_W'(1));
  assign s3_exp_field = s3_normal ? s3.exp_top - EXP_W'(s3_lz) : '0;
  assign s3_norm      = s3.sum << s3_shift;

  rank4_t s4_d, s4;
  always_comb begin
    s4_d.valid       = s3.valid;
    s4_d.tag         = s3.tag;
    s4_d.rm          = s3.rm;
    s4_d.special     = s3.special;
    s4_d.special_res = s3.special_res;
    s4_d.nv          = s3.nv;
    s4_d.sign        = s3.sign;
    s4_d.zero        = s3_zero;
    s4_d.exp_field   = s3_exp_field;
    s4_d.frac        = s3_norm[SUM_W-2 -: 23];
    s4_d.round_bit   = s3_norm[SUM_W-25];
    s4_d.sticky      = |s3_norm[SUM_W-26:0];
    s4_d.round2      = s3_norm[SUM_W-26];
    s4_d.sticky2     = |s3_norm[SUM_W-27:0];
  end

  // rank 4 is a register when the latency allows it, else a wire
  vgiw_delay_line #(
    .WIDTH ($bits(s4_d)),
    .DEPTH ((STAGES >= 4) ? 1 : 0)
  ) u_rank4 (
    .clk_i,
    .rst_ni,
    .en_i (advance),
    .d_i  (s4_d),
    .q_o  (s4)
  );

  // ==== stage 4: round, pack, flags ===================================================
  // The increment carries from the fraction into the exponent field, which turns the
  // largest subnormal into the smallest normal and 1.11..1 into the next binade for free.
  logic               s4_inc;
  logic [EXP_W+22:0]  s4_rounded;
  logic               s4_overflow, s4_ovf_inf, s4_inexact, s4_tiny;
  logic [31:0]        s4_result;
  logic [4:0]         s4_flags;

  assign s4_inc      = round_inc(s4.rm, s4.sign, s4.frac[0], s4.round_bit, s4.sticky);
  assign s4_rounded  = {s4.exp_field, s4.frac} + (EXP_W+23)'(s4_inc);
  assign s4_overflow = s4_rounded[EXP_W+22:23] >= EXP_W'(255);
  // overflow gives infinity when the mode rounds away from zero on this side, else the
  // largest finite number (IEEE 754 §7.4)
  assign s4_ovf_inf  = (s4.rm != RM_RTZ) && !(s4.rm == RM_RDN && !s4.sign) && !(s4.rm == RM_RUP && s4.sign);
  assign s4_inexact  = s4.round_bit | s4.sticky | s4_overflow;
  // Tininess after rounding (RISC-V F §11.2; IEEE 754 §7.5): a result below 2^-126 before
  // rounding is tiny unless rounding it to 24 bits with an unbounded exponent reaches 2^-126,
  // which needs all 23 fraction bits and round_bit set and an increment at round_bit.
  assign s4_tiny     = (s4.exp_field == '0) &&
                       !((&s4.frac) && s4.round_bit && round_inc(s4.rm, s4.sign, 1'b1, s4.round2, s4.sticky2));

  always_comb begin
    s4_flags = '0;
    if (s4.special) begin
      s4_result   = s4.special_res;
      s4_flags[4] = s4.nv;
    end else if (s4.zero) begin
      s4_result = {s4.rm == RM_RDN, 31'd0};         // x*y == -z exactly: +0, -0 under RDN
    end else begin
      s4_flags[0] = s4_inexact;                     // NX
      s4_flags[1] = s4_tiny && s4_inexact;          // UF
      s4_flags[2] = s4_overflow;                    // OF
      if (s4_overflow) begin
        s4_result = s4_ovf_inf ? {s4.sign, 8'hFF, 23'd0} : {s4.sign, 8'hFE, 23'h7F_FFFF};
      end else begin
        s4_result = {s4.sign, s4_rounded[30:0]};
      end
    end
  end

  // ==== output registers for STAGES > 4 ================================================
  vgiw_delay_line #(
    .WIDTH (1 + 32 + 5 + TAG_W),
    .DEPTH ((STAGES > 4) ? STAGES - 4 : 0)
  ) u_out_regs (
    .clk_i,
    .rst_ni,
    .en_i (advance),
    .d_i  ({s4.valid, s4_result, s4_flags, s4.tag}),
    .q_o  ({out_valid_o, result_o, flags_o, tag_o})
  );

endmodule
