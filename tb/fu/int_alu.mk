TESTBENCHES   += int_alu_tb
int_alu_tb_TOP := int_alu
int_alu_tb_RTL := rtl/fu/int_alu.sv rtl/common/delay_line.sv
int_alu_tb_C   := tb/fu/int_alu_tb.c
