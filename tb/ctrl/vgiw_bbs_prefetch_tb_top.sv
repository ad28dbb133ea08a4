// vgiw_bbs_prefetch is combinational; the harness drives clk_i and rst_ni (docs/harness.md).
module vgiw_bbs_prefetch_tb_top #(
  localparam int unsigned MAXB = vgiw_cfg_pkg::BBS_MAX_BLOCKS,
  localparam int unsigned BW   = (MAXB > 1) ? $clog2(MAXB) : 1,
  localparam int unsigned SB   = vgiw_cfg_pkg::BT_SUCC_BITS
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic               clk_i,
  input  logic               rst_ni,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [MAXB-1:0]    nonempty_i,
  input  logic [BW-1:0]      cur_i,
  input  logic [SB-1:0]      succ0_i,
  input  logic [SB-1:0]      succ1_i,
  output logic [BW-1:0]      smallest_o,
  output logic               any_nonempty_o,
  output logic [3*BW-1:0]    cand_o,
  input  logic [2:0]         cand_hit_i,
  output logic [BW-1:0]      predict_o,
  output logic               predict_vld_o
);
  vgiw_bbs_prefetch u_dut (
    .nonempty_i, .cur_i, .succ0_i, .succ1_i, .smallest_o, .any_nonempty_o,
    .cand_o, .cand_hit_i, .predict_o, .predict_vld_o
  );
endmodule
