// Integer ALU: the integer half of the VGIW compute unit (VGIW §3.5, "compute units").
//
// Fully pipelined, one operation per cycle, STAGES cycles from accepted input to valid
// output (STAGES >= 1; stage 1 registers the operands, the rest register the result so
// the 32x32 multiplier can map onto pipelined DSP blocks). The whole pipeline stalls
// while a result waits at the output (out_valid_o && !out_ready_i); the tag travels with
// the operation unchanged. Semantics of each operation: arch/ops.toml and
// sw/lib/vgiw_arith.c (the golden model).
module vgiw_int_alu #(
  parameter int unsigned STAGES = vgiw_cfg_pkg::FU_ALU_STAGES,
  parameter int unsigned TAG_W  = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // operation in
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  vgiw_fu_pkg::alu_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  input  logic [TAG_W-1:0]  tag_i,
  // result out
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o
);
  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- stage 1: operand registers ------------------------------------------------
  logic             s1_valid_q;
  vgiw_fu_pkg::alu_op_e  s1_op_q;
  logic [31:0]      s1_a_q, s1_b_q, s1_c_q;
  logic [TAG_W-1:0] s1_tag_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_op_q    <= vgiw_fu_pkg::ALU_ADD;
      s1_a_q     <= '0;
      s1_b_q     <= '0;
      s1_c_q     <= '0;
      s1_tag_q   <= '0;
    end else if (advance) begin
      s1_valid_q <= in_valid_i;
      s1_op_q    <= op_i;
      s1_a_q     <= a_i;
      s1_b_q     <= b_i;
      s1_c_q     <= c_i;
      s1_tag_q   <= tag_i;
    end
  end

  // ---- stage 1: compute ----------------------------------------------------------
  // One 33x33 signed multiplier serves MUL, MULH and MULHU: operands are sign- or
  // zero-extended by one bit depending on the operation.
  logic        s1_mul_signed;
  logic [32:0] s1_mul_a, s1_mul_b;
  logic [63:0] s1_prod;
  logic        s1_lt, s1_ltu, s1_eq;
  logic [31:0] s1_result;

  assign s1_mul_signed = (s1_op_q == vgiw_fu_pkg::ALU_MULH);
  assign s1_mul_a      = {s1_mul_signed & s1_a_q[31], s1_a_q};
  assign s1_mul_b      = {s1_mul_signed & s1_b_q[31], s1_b_q};
  assign s1_prod       = 64'($signed(s1_mul_a) * $signed(s1_mul_b));
  // One adder serves ADD, SUB and the comparisons (a - b = a + ~b + 1; its carry out is
  // a >= b unsigned), one right shifter all three shifts (a left shift is the right shift of
  // the bit-reversed operand, reversed): issue 22, the ALU's area.
  function automatic logic [31:0] reverse32(input logic [31:0] x);
    for (int i = 0; i < 32; i++) reverse32[i] = x[31 - i];
  endfunction
  logic        s1_sub, s1_left, s1_fill;
  logic [32:0] s1_sum;
  logic [31:0] s1_sh_in, s1_sh_out, s1_shift;
  assign s1_sub    = s1_op_q != vgiw_fu_pkg::ALU_ADD;
  assign s1_sum    = {1'b0, s1_a_q} + {1'b0, s1_sub ? ~s1_b_q : s1_b_q} + 33'(s1_sub);
  assign s1_ltu    = !s1_sum[32];
  assign s1_lt     = (s1_a_q[31] != s1_b_q[31]) ? s1_a_q[31] : s1_sum[31];
  assign s1_eq     = s1_a_q == s1_b_q;
  assign s1_left   = s1_op_q == vgiw_fu_pkg::ALU_SLL;
  assign s1_fill   = s1_op_q == vgiw_fu_pkg::ALU_SRA && s1_a_q[31];
  assign s1_sh_in  = s1_left ? reverse32(s1_a_q) : s1_a_q;
  assign s1_sh_out = 32'($unsigned($signed({s1_fill, s1_sh_in}) >>> s1_b_q[4:0]));
  assign s1_shift  = s1_left ? reverse32(s1_sh_out) : s1_sh_out;

  always_comb begin
    unique case (s1_op_q)
      vgiw_fu_pkg::ALU_ADD:    s1_result = s1_sum[31:0];
      vgiw_fu_pkg::ALU_SUB:    s1_result = s1_sum[31:0];
      vgiw_fu_pkg::ALU_MUL:    s1_result = s1_prod[31:0];
      vgiw_fu_pkg::ALU_MULH:   s1_result = s1_prod[63:32];
      vgiw_fu_pkg::ALU_MULHU:  s1_result = s1_prod[63:32];
      vgiw_fu_pkg::ALU_AND:    s1_result = s1_a_q & s1_b_q;
      vgiw_fu_pkg::ALU_OR:     s1_result = s1_a_q | s1_b_q;
      vgiw_fu_pkg::ALU_XOR:    s1_result = s1_a_q ^ s1_b_q;
      vgiw_fu_pkg::ALU_NOT:    s1_result = ~s1_a_q;
      vgiw_fu_pkg::ALU_SLL:    s1_result = s1_shift;
      vgiw_fu_pkg::ALU_SRL:    s1_result = s1_shift;
      vgiw_fu_pkg::ALU_SRA:    s1_result = s1_shift;
      vgiw_fu_pkg::ALU_EQ:     s1_result = {31'd0, s1_eq};
      vgiw_fu_pkg::ALU_NE:     s1_result = {31'd0, !s1_eq};
      vgiw_fu_pkg::ALU_LT:     s1_result = {31'd0, s1_lt};
      vgiw_fu_pkg::ALU_LTU:    s1_result = {31'd0, s1_ltu};
      vgiw_fu_pkg::ALU_LE:     s1_result = {31'd0, s1_lt || s1_eq};
      vgiw_fu_pkg::ALU_LEU:    s1_result = {31'd0, s1_ltu || s1_eq};
      vgiw_fu_pkg::ALU_GT:     s1_result = {31'd0, !(s1_lt || s1_eq)};
      vgiw_fu_pkg::ALU_GTU:    s1_result = {31'd0, !(s1_ltu || s1_eq)};
      vgiw_fu_pkg::ALU_GE:     s1_result = {31'd0, !s1_lt};
      vgiw_fu_pkg::ALU_GEU:    s1_result = {31'd0, !s1_ltu};
      vgiw_fu_pkg::ALU_SEL:    s1_result = (s1_a_q != 32'd0) ? s1_b_q : s1_c_q;
      vgiw_fu_pkg::ALU_MIN:    s1_result = s1_lt  ? s1_a_q : s1_b_q;
      vgiw_fu_pkg::ALU_MAX:    s1_result = (s1_lt || s1_eq) ? s1_b_q : s1_a_q;
      vgiw_fu_pkg::ALU_MINU:   s1_result = s1_ltu ? s1_a_q : s1_b_q;
      vgiw_fu_pkg::ALU_MAXU:   s1_result = (s1_ltu || s1_eq) ? s1_b_q : s1_a_q;
      vgiw_fu_pkg::ALU_SEXT8:  s1_result = {{24{s1_a_q[7]}}, s1_a_q[7:0]};
      vgiw_fu_pkg::ALU_SEXT16: s1_result = {{16{s1_a_q[15]}}, s1_a_q[15:0]};
      vgiw_fu_pkg::ALU_ZEXT8:  s1_result = {24'd0, s1_a_q[7:0]};
      vgiw_fu_pkg::ALU_ZEXT16: s1_result = {16'd0, s1_a_q[15:0]};
      default:            s1_result = '0;
    endcase
  end

  // ---- stages 2..STAGES: result registers ------------------------------------------
  vgiw_delay_line #(
    .WIDTH (1 + 32 + TAG_W),
    .DEPTH (STAGES - 1)
  ) u_result_regs (
    .clk_i,
    .rst_ni,
    .en_i (advance),
    .d_i  ({s1_valid_q, s1_result, s1_tag_q}),
    .q_o  ({out_valid_o, result_o, tag_o})
  );

endmodule
