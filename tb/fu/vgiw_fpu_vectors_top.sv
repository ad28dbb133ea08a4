// Testbench-only top for the TestFloat vector checker (tb/fu/fpu_vectors_tb.c,
// docs/testfloat.md): the FP datapaths vgiw_fp_fma_ieee, vgiw_fp_cmp_ieee, vgiw_fp_cvt_ieee
// (those of fp_fma, fp_cmp, fp_cvt, with the rounding mode rm_i and the flags flags_o),
// scu_pool (VGIW's divide/sqrt pool, RNE, no flags) and one fp_divsqrt with rm_i and flags
// behind one valid/ready handshake, chosen by unit_i.
//
// unit_i: 0 = fma, 1 = cmp, 2 = cvt, 3 = scu_pool, 4 = fp_divsqrt (tb/fu/fpu_vectors_tb.c uses
// the same numbers); fp_divsqrt takes one operation at a time and its tag is held here. op_i carries the selected unit's operation encoding (vgiw_fu_pkg), truncated to
// that unit's op width. in_valid_i goes only to the selected unit and in_ready_o is that
// unit's ready. On the output side every unit's result competes through a fixed-priority
// multiplexer (fma, cmp, cvt, scu) and out_ready_i reaches only the unit being shown, so
// results of different units are never lost even if unit_i changes while operations are
// in flight. scu_pool returns results out of order; the tag identifies them.
module vgiw_fpu_vectors_top #(
  parameter int unsigned TAG_W = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [2:0]        unit_i,
  input  logic [2:0]        rm_i,        // rounding mode, RISC-V rm encoding
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [4:0]        op_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  input  logic [TAG_W-1:0]  tag_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o,
  output logic [4:0]        flags_o,     // {NV, DZ, OF, UF, NX}; 0 from scu_pool
  output logic [TAG_W-1:0]  tag_o
);
  localparam int unsigned NUnits = 5;

  logic [NUnits-1:0]            unit_in_valid, unit_in_ready;
  logic [NUnits-1:0]            unit_out_valid, unit_out_ready;
  logic [NUnits-1:0][31:0]      unit_result;
  logic [NUnits-1:0][TAG_W-1:0] unit_tag;
  logic [NUnits-1:0][4:0]       unit_flags;

  always_comb begin
    unit_in_valid         = '0;
    unit_in_valid[unit_i] = in_valid_i;
  end
  assign in_ready_o = unit_in_ready[unit_i];

  vgiw_fp_fma_ieee #(
    .TAG_W (TAG_W)
  ) u_fma (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (unit_in_valid[0]),
    .in_ready_o  (unit_in_ready[0]),
    .op_i        (vgiw_fu_pkg::fma_op_e'(op_i[1:0])),
    .a_i         (a_i),
    .b_i         (b_i),
    .c_i         (c_i),
    .rm_i        (rm_i),
    .tag_i       (tag_i),
    .out_valid_o (unit_out_valid[0]),
    .out_ready_i (unit_out_ready[0]),
    .result_o    (unit_result[0]),
    .flags_o     (unit_flags[0]),
    .tag_o       (unit_tag[0])
  );

  vgiw_fp_cmp_ieee #(
    .TAG_W (TAG_W)
  ) u_cmp (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (unit_in_valid[1]),
    .in_ready_o  (unit_in_ready[1]),
    .op_i        (vgiw_fu_pkg::fcmp_op_e'(op_i)),
    .a_i         (a_i),
    .b_i         (b_i),
    .tag_i       (tag_i),
    .out_valid_o (unit_out_valid[1]),
    .out_ready_i (unit_out_ready[1]),
    .result_o    (unit_result[1]),
    .flags_o     (unit_flags[1]),
    .tag_o       (unit_tag[1])
  );

  vgiw_fp_cvt_ieee #(
    .TAG_W (TAG_W)
  ) u_cvt (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (unit_in_valid[2]),
    .in_ready_o  (unit_in_ready[2]),
    .op_i        (vgiw_fu_pkg::fcvt_op_e'(op_i[1:0])),
    .a_i         (a_i),
    .rm_i        (rm_i),
    .tag_i       (tag_i),
    .out_valid_o (unit_out_valid[2]),
    .out_ready_i (unit_out_ready[2]),
    .result_o    (unit_result[2]),
    .flags_o     (unit_flags[2]),
    .tag_o       (unit_tag[2])
  );

  vgiw_scu_pool #(
    .TAG_W (TAG_W)
  ) u_scu (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (unit_in_valid[3]),
    .in_ready_o  (unit_in_ready[3]),
    .op_i        (vgiw_fu_pkg::scu_op_e'(op_i[2:0])),
    .a_i         (a_i),
    .b_i         (b_i),
    .tag_i       (tag_i),
    .out_valid_o (unit_out_valid[3]),
    .out_ready_i (unit_out_ready[3]),
    .result_o    (unit_result[3]),
    .tag_o       (unit_tag[3])
  );
  assign unit_flags[3] = '0;

  logic [TAG_W-1:0] ds_tag_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                                        ds_tag_q <= '0;
    else if (unit_in_valid[4] && unit_in_ready[4])      ds_tag_q <= tag_i;
  end
  vgiw_fp_divsqrt u_ds (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (unit_in_valid[4]),
    .in_ready_o  (unit_in_ready[4]),
    .op_i        (vgiw_fu_pkg::scu_op_e'(op_i[2:0])),
    .a_i         (a_i),
    .b_i         (b_i),
    .rm_i        (rm_i),
    .out_valid_o (unit_out_valid[4]),
    .out_ready_i (unit_out_ready[4]),
    .result_o    (unit_result[4]),
    .flags_o     (unit_flags[4])
  );
  assign unit_tag[4] = ds_tag_q;

  // Fixed-priority output multiplexer: the lowest-numbered unit with a result is shown.
  always_comb begin
    out_valid_o    = 1'b0;
    result_o       = '0;
    flags_o        = '0;
    tag_o          = '0;
    unit_out_ready = '0;
    for (int i = NUnits - 1; i >= 0; i--) begin
      if (unit_out_valid[i]) begin
        out_valid_o    = 1'b1;
        result_o       = unit_result[i];
        flags_o        = unit_flags[i];
        tag_o          = unit_tag[i];
        unit_out_ready = '0;
        unit_out_ready[i] = out_ready_i;
      end
    end
  end

endmodule
