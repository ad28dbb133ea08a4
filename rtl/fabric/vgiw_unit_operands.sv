// Operand assembly shared by every unit: which inputs deliver tokens, and the operand
// values with configured constants substituted (docs/fabric.md, "Units"). The first
// constant operand (in operand order) takes const_a, the second const_b.
module vgiw_unit_operands (
  /* verilator lint_off UNUSEDSIGNAL */  // the whole record is passed; op and imm are not needed here
  input  vgiw_cfg_pkg::unit_cfg_t cfg_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [2:0][31:0]        tb_data_i,   // operands from the token buffer
  output logic [3:0]              used_o,      // inputs that receive tokens
  output logic [2:0][31:0]        operand_o
);
  always_comb begin
    logic second;
    second = 1'b0;
    for (int unsigned k = 0; k < 3; k++) begin
      used_o[k] = (cfg_i.in_sel[4*k +: 4] != 4'd0) && !cfg_i.in_const[k];
    end
    used_o[3] = cfg_i.in_sel[15:12] != 4'd0;   // the enable input is never a constant
    for (int unsigned k = 0; k < 3; k++) begin
      operand_o[k] = tb_data_i[k];
      if (cfg_i.in_const[k]) begin
        operand_o[k] = second ? cfg_i.const_b : cfg_i.const_a;
        second       = 1'b1;
      end
    end
  end
endmodule
