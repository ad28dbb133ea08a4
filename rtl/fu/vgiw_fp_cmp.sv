// FP32 compare / min / max / sign datapath of the VGIW compute unit (VGIW §3.5;
// docs/fu/fp_cmp.md): the shared datapath vgiw_fp_cmp_ieee with its invalid-operation flag
// unused (docs/arithmetic.md: VGIW kernels have no exception flags). The SIMT core uses
// vgiw_fp_cmp_ieee directly for RISC-V's flags.
module vgiw_fp_cmp #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_CMP_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fcmp_op_e  op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0] flags;        // VGIW has no exception flags
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_fp_cmp_ieee #(.STAGES (STAGES), .TAG_W (TAG_W)) u_ieee (
    .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .op_i, .a_i, .b_i,
    .tag_i, .out_valid_o, .out_ready_i, .result_o, .flags_o (flags), .tag_o
  );
endmodule
