// FP32 <-> int32 conversion datapath of the VGIW compute unit (VGIW §3.5; docs/fu/fp_cvt.md):
// the shared datapath vgiw_fp_cvt_ieee with the rounding of docs/arithmetic.md (int -> float
// round to nearest even, float -> int truncating like a C cast) and the flags unused. The SIMT
// core uses vgiw_fp_cvt_ieee directly with the instruction's rounding mode.
module vgiw_fp_cvt #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_CVT_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fcvt_op_e  op_i,
  input  logic [31:0]       a_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0] flags;        // VGIW has no exception flags
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_fp_cvt_ieee #(.STAGES (STAGES), .TAG_W (TAG_W), .C_ROUNDING (1'b1)) u_ieee (
    .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .op_i, .a_i,
    .rm_i (3'd0),                   // ignored: C_ROUNDING (int -> float RNE, float -> int RTZ)
    .tag_i, .out_valid_o, .out_ready_i, .result_o, .flags_o (flags), .tag_o
  );
endmodule
