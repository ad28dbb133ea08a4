// Testbench top: one scu_instance with INT_BITS_PER_CYCLE = 1 and FP_BITS_PER_CYCLE = 1
// (scu_pool always uses the defaults). Its ports are those of scu_pool, so
// tb/fu/scu_pool_tb.c drives it as a pool of one instance (n_instances_o).
module scu_instance_i1f1 #(
  parameter int unsigned TAG_W = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  fu_pkg::scu_op_e   op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [TAG_W-1:0]  tag_o,
  output logic [7:0]        n_instances_o
);
  scu_instance #(
    .TAG_W              (TAG_W),
    .INT_BITS_PER_CYCLE (1),
    .FP_BITS_PER_CYCLE  (1)
  ) u_inst (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .op_i        (op_i),
    .a_i         (a_i),
    .b_i         (b_i),
    .tag_i       (tag_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .result_o    (result_o),
    .tag_o       (tag_o)
  );
  assign n_instances_o = 8'd1;
endmodule
