// FP32 fused multiply-add of the VGIW compute unit (VGIW §3.5; docs/fu/fp_fma.md): the shared
// datapath vgiw_fp_fma_ieee with the rounding mode tied to round-to-nearest-even and the
// exception flags unused (docs/arithmetic.md: VGIW kernels have neither). The SIMT core uses
// vgiw_fp_fma_ieee directly for RISC-V's rounding modes and flags.
module vgiw_fp_fma #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_FMA_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::fma_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0] flags;        // VGIW has no exception flags
  /* verilator lint_on UNUSEDSIGNAL */
  vgiw_fp_fma_ieee #(.STAGES (STAGES), .TAG_W (TAG_W)) u_ieee (
    .clk_i, .rst_ni, .in_valid_i, .in_ready_o, .op_i, .a_i, .b_i, .c_i,
    .rm_i (3'd0),           // RNE
    .tag_i, .out_valid_o, .out_ready_i, .result_o, .flags_o (flags), .tag_o
  );
endmodule
