// One lane of the SIMT core's long-latency unit: the project's iterative divider (rtl/fu/int_div)
// for DIV/DIVU/REM/REMU, MULHSU, which int_alu does not have (the VGIW compiler never needs a
// signed x unsigned high product), by shift-and-add over b's 32 bits so that the lane does not
// carry a second 32x32 multiplier for a rare instruction, and fp_divsqrt (FDIV, FSQRT). One
// operation at a time; the result is held until taken. (FP compares and conversions have
// pipelines of their own in simt_core.)
module vgiw_simt_long_lane (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [2:0]      sel_i,      // 0 int_div, 1 MULHSU, 2 fp_divsqrt
  input  vgiw_fu_pkg::scu_op_e op_i,
  input  logic [31:0]     a_i,
  input  logic [31:0]     b_i,
  input  logic [2:0]      rm_i,       // fp_divsqrt: rounding mode (RISC-V rm encoding)
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [31:0]     result_o,
  output logic [4:0]      flags_o     // fp_divsqrt: {NV, DZ, OF, UF, NX}; 0 for the others
);
  logic        div_in_ready, div_out_valid, fds_in_ready, fds_out_valid, mulhsu_i;
  logic [31:0] div_result, fds_result;
  logic [4:0]  fds_flags;
  logic        busy_q;      // an operation of an iterative or pipelined unit is under way

  // MULHSU: acc = sext(a) * zext(b), 64 bits, one bit of b per cycle
  logic        mul_busy_q, mul_done_q;
  logic [5:0]  mul_cnt_q;
  logic [63:0] mul_acc_q, mul_a_q;
  logic [31:0] mul_b_q;
  logic        go;

  assign mulhsu_i = sel_i == 3'd1;
  assign go = in_valid_i && in_ready_o;

  vgiw_int_div u_div (
    .clk_i, .rst_ni,
    .in_valid_i (go && sel_i == 3'd0), .in_ready_o (div_in_ready),
    .op_i, .a_i, .b_i,
    .out_valid_o (div_out_valid), .out_ready_i (out_ready_i), .result_o (div_result)
  );
  vgiw_fp_divsqrt u_fds (
    .clk_i, .rst_ni,
    .in_valid_i (go && sel_i == 3'd2), .in_ready_o (fds_in_ready),
    .op_i, .a_i, .b_i, .rm_i,
    .out_valid_o (fds_out_valid), .out_ready_i (out_ready_i), .result_o (fds_result),
    .flags_o (fds_flags)
  );

  assign in_ready_o  = !busy_q && !mul_busy_q && !mul_done_q && div_in_ready && fds_in_ready;
  assign out_valid_o = mul_done_q || div_out_valid || fds_out_valid;
  always_comb begin
    result_o = div_result;
    if (mul_done_q)    result_o = mul_acc_q[63:32];
    if (fds_out_valid) result_o = fds_result;
  end
  assign flags_o = fds_out_valid ? fds_flags : 5'd0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) busy_q <= 1'b0;
    else if (go && !mulhsu_i) busy_q <= 1'b1;
    else if (out_valid_o && out_ready_i) busy_q <= 1'b0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mul_busy_q <= 1'b0;
      mul_done_q <= 1'b0;
      mul_cnt_q  <= '0;
      mul_acc_q  <= '0;
      mul_a_q    <= '0;
      mul_b_q    <= '0;
    end else if (mul_busy_q) begin
      if (mul_b_q[0]) mul_acc_q <= mul_acc_q + mul_a_q;
      mul_a_q   <= mul_a_q << 1;
      mul_b_q   <= mul_b_q >> 1;
      mul_cnt_q <= mul_cnt_q + 6'd1;
      if (mul_cnt_q == 6'd31) begin
        mul_busy_q <= 1'b0;
        mul_done_q <= 1'b1;
      end
    end else if (mul_done_q) begin
      if (out_ready_i) mul_done_q <= 1'b0;
    end else if (go && mulhsu_i) begin
      mul_busy_q <= 1'b1;
      mul_cnt_q  <= '0;
      mul_acc_q  <= '0;
      mul_a_q    <= {{32{a_i[31]}}, a_i};
      mul_b_q    <= b_i;
    end
  end
endmodule
