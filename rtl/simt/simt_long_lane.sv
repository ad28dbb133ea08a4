// One lane of the SIMT core's long-latency unit: the project's iterative divider (rtl/fu/int_div)
// for DIV/DIVU/REM/REMU, and MULHSU, which int_alu does not have (the VGIW compiler never needs
// a signed x unsigned high product), by shift-and-add over b's 32 bits so that the lane does not
// carry a second 32x32 multiplier for a rare instruction. One operation at a time; the result
// is held until taken.
module simt_long_lane (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic            mulhsu_i,
  input  fu_pkg::scu_op_e op_i,
  input  logic [31:0]     a_i,
  input  logic [31:0]     b_i,
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [31:0]     result_o
);
  logic        div_in_ready, div_out_valid;
  logic [31:0] div_result;

  // MULHSU: acc = sext(a) * zext(b), 64 bits, one bit of b per cycle
  logic        mul_busy_q, mul_done_q;
  logic [5:0]  mul_cnt_q;
  logic [63:0] mul_acc_q, mul_a_q;
  logic [31:0] mul_b_q;

  int_div u_div (
    .clk_i, .rst_ni,
    .in_valid_i (in_valid_i && !mulhsu_i && !mul_busy_q && !mul_done_q), .in_ready_o (div_in_ready),
    .op_i, .a_i, .b_i,
    .out_valid_o (div_out_valid), .out_ready_i (out_ready_i && !mul_done_q), .result_o (div_result)
  );

  assign in_ready_o  = div_in_ready && !mul_busy_q && !mul_done_q && !div_out_valid;
  assign out_valid_o = mul_done_q || div_out_valid;
  assign result_o    = mul_done_q ? mul_acc_q[63:32] : div_result;

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
    end else if (in_valid_i && mulhsu_i && in_ready_o) begin
      mul_busy_q <= 1'b1;
      mul_cnt_q  <= '0;
      mul_acc_q  <= '0;
      mul_a_q    <= {{32{a_i[31]}}, a_i};
      mul_b_q    <= b_i;
    end
  end
endmodule
