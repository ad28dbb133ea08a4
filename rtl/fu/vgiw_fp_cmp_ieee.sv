// FP32 compare / min / max / sign datapath: the comparison part of the VGIW compute unit's
// FPU (VGIW §3.5, "compute units"; SGMF §5.2).
//
// Operations (vgiw_fu_pkg::fcmp_op_e, semantics in sw/lib/vgiw_arith.c):
//   0..15      the fcmp predicates, LLVM encoding: the op value is a mask over the four
//              mutually exclusive relations {bit0 equal, bit1 greater, bit2 less,
//              bit3 unordered}; the result is 1 when the relation that holds is selected.
//   FMIN/FMAX  a NaN operand is ignored, -0 orders below +0, two NaNs -> 0x7FC00000.
//   FABS/FNEG/FCOPYSIGN  pure sign-bit operations (NaN payloads kept).
// Everything is sign/magnitude integer comparison of the bit patterns: no arithmetic.
// flags_o = {NV, DZ, OF, UF, NX} as RISC-V's fflags (unprivileged spec, chapter "F" §11.2,
// §11.8): NV for a signalling NaN operand, and for any NaN operand of an ordering predicate
// (one of less / greater selected, not both: OLT OLE OGT OGE ULT ULE UGT UGE; IEEE 754 §5.11
// signalling compares, RISC-V FLT/FLE); FMIN/FMAX and the quiet predicates (FEQ) only for a
// signalling NaN; the sign operations never. fp_cmp is this module with the flags unused.
//
// Fully pipelined, one operation per cycle, STAGES >= 1 cycles from accepted input to valid
// output: stage 1 registers the operands and computes, stages 2..STAGES register the result.
// The whole pipeline stalls while a result waits at the output (out_valid_o && !out_ready_i).
module vgiw_fp_cmp_ieee #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_CMP_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // operation in
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fcmp_op_e  op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [TAG_W-1:0]  tag_i,
  // result out
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [4:0]        flags_o,     // {NV, DZ, OF, UF, NX} of result_o
  output logic [TAG_W-1:0]  tag_o
);
  localparam logic [31:0] CanonicalNan = 32'h7FC0_0000;

  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- stage 1: operand registers ------------------------------------------------
  logic             s1_valid_q;
  vgiw_fu_pkg::fcmp_op_e s1_op_q;
  logic [31:0]      s1_a_q, s1_b_q;
  logic [TAG_W-1:0] s1_tag_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_op_q    <= vgiw_fu_pkg::FCMP_FALSE;
      s1_a_q     <= '0;
      s1_b_q     <= '0;
      s1_tag_q   <= '0;
    end else if (advance) begin
      s1_valid_q <= in_valid_i;
      s1_op_q    <= op_i;
      s1_a_q     <= a_i;
      s1_b_q     <= b_i;
      s1_tag_q   <= tag_i;
    end
  end

  // ---- stage 1: classify and compare ---------------------------------------------
  logic        s1_a_sign, s1_b_sign;
  logic [30:0] s1_a_mag, s1_b_mag;
  logic        s1_a_nan, s1_b_nan, s1_unordered;
  logic        s1_both_zero;
  logic        s1_mag_lt, s1_mag_eq;
  logic        s1_eq, s1_lt;          // IEEE relations, valid when ordered (-0 == +0)
  logic        s1_total_lt;           // order of fmin/fmax: as s1_lt, but -0 < +0
  logic [3:0]  s1_rel;                // one-hot relation in LLVM predicate bit order
  logic        s1_pred;

  assign s1_a_sign = s1_a_q[31];
  assign s1_b_sign = s1_b_q[31];
  assign s1_a_mag  = s1_a_q[30:0];
  assign s1_b_mag  = s1_b_q[30:0];
  // NaN: exponent all ones and a nonzero fraction (quiet and signalling alike).
  assign s1_a_nan  = (s1_a_q[30:23] == 8'hFF) && (s1_a_q[22:0] != 23'd0);
  assign s1_b_nan  = (s1_b_q[30:23] == 8'hFF) && (s1_b_q[22:0] != 23'd0);
  assign s1_unordered = s1_a_nan || s1_b_nan;
  logic  s1_snan, s1_nv;
  assign s1_snan = (s1_a_nan && !s1_a_q[22]) || (s1_b_nan && !s1_b_q[22]);
  assign s1_both_zero = (s1_a_mag == 31'd0) && (s1_b_mag == 31'd0);
  // One 31-bit magnitude comparator serves every operation.
  assign s1_mag_lt = s1_a_mag < s1_b_mag;
  assign s1_mag_eq = s1_a_mag == s1_b_mag;

  // Sign/magnitude order of the bit patterns: among negatives a larger magnitude is smaller.
  always_comb begin
    if (s1_a_sign != s1_b_sign) begin
      s1_total_lt = s1_a_sign;
    end else if (s1_a_sign) begin
      s1_total_lt = !s1_mag_lt && !s1_mag_eq;
    end else begin
      s1_total_lt = s1_mag_lt;
    end
  end
  // IEEE equality and order differ from the total order only for -0 vs +0.
  assign s1_eq = (s1_mag_eq && (s1_a_sign == s1_b_sign)) || s1_both_zero;
  assign s1_lt = s1_total_lt && !s1_both_zero;

  always_comb begin
    if (s1_unordered) begin
      s1_rel = 4'b1000;
    end else if (s1_eq) begin
      s1_rel = 4'b0001;
    end else if (s1_lt) begin
      s1_rel = 4'b0100;
    end else begin
      s1_rel = 4'b0010;
    end
  end
  // The 16 predicates (op values 0..15): the op value is the mask of accepted relations.
  assign s1_pred = |(s1_rel & s1_op_q[3:0]) && !s1_op_q[4];

  // ---- stage 1: result selection ---------------------------------------------------
  // Every result is one of: a's magnitude with some sign, b unchanged, the canonical NaN,
  // or a predicate bit. Deciding which first and multiplexing once keeps the 32-bit
  // datapath to a single narrow multiplexer per bit.
  logic s1_minmax, s1_take_b, s1_take_nan, s1_take_a_mag;
  logic s1_sign;

  assign s1_minmax = (s1_op_q == vgiw_fu_pkg::FCMP_FMIN) || (s1_op_q == vgiw_fu_pkg::FCMP_FMAX);

  always_comb begin
    s1_take_nan   = 1'b0;
    s1_take_b     = 1'b0;
    s1_take_a_mag = 1'b0;
    s1_sign       = 1'b0;
    if (s1_minmax) begin
      if (s1_a_nan && s1_b_nan) begin
        s1_take_nan = 1'b1;                        // both NaN: canonical NaN
      end else if (s1_a_nan || s1_b_nan) begin
        s1_take_b   = s1_a_nan;                    // the non-NaN operand
      end else begin
        // FMIN takes b unless a < b; FMAX takes b when a < b. Equal patterns: either.
        s1_take_b   = (s1_op_q == vgiw_fu_pkg::FCMP_FMAX) ? s1_total_lt : !s1_total_lt;
      end
      s1_take_a_mag = !s1_take_nan && !s1_take_b;
      s1_sign       = s1_a_sign;
    end else begin
      unique case (s1_op_q)
        vgiw_fu_pkg::FCMP_FABS:      begin s1_take_a_mag = 1'b1; s1_sign = 1'b0;       end
        vgiw_fu_pkg::FCMP_FNEG:      begin s1_take_a_mag = 1'b1; s1_sign = !s1_a_sign; end
        vgiw_fu_pkg::FCMP_FCOPYSIGN: begin s1_take_a_mag = 1'b1; s1_sign = s1_b_sign;  end
        default:                ;                  // predicates: result is s1_pred
      endcase
    end
  end

  always_comb begin
    if (s1_op_q[4]) begin           // FMIN FMAX FABS FNEG FCOPYSIGN
      s1_nv = s1_minmax && s1_snan;
    end else begin                  // predicates: ordering ones signal on any NaN
      s1_nv = s1_snan || (s1_unordered && (s1_op_q[1] != s1_op_q[2]));
    end
  end

  logic [31:0] s1_result;
  always_comb begin
    if (s1_take_nan) begin
      s1_result = CanonicalNan;
    end else if (s1_take_b) begin
      s1_result = s1_b_q;
    end else if (s1_take_a_mag) begin
      s1_result = {s1_sign, s1_a_mag};
    end else begin
      s1_result = {31'd0, s1_pred};
    end
  end

  // ---- stages 2..STAGES: result registers ------------------------------------------
  // STAGES - 1 registers after stage 1 (none for STAGES = 1: the output is combinational
  // from the stage-1 registers).
  vgiw_delay_line #(
    .WIDTH (1 + 32 + 5 + TAG_W),
    .DEPTH (STAGES - 1)
  ) u_result_regs (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (advance),
    .d_i    ({s1_valid_q, s1_result, s1_nv, 4'd0, s1_tag_q}),
    .q_o    ({out_valid_o, result_o, flags_o, tag_o})
  );

`ifndef SYNTHESIS
  initial begin
    assert (STAGES >= 1) else $fatal(1, "vgiw_fp_cmp_ieee: STAGES must be >= 1");
  end
`endif

endmodule
