TESTBENCHES   += int_alu_tb
int_alu_tb_TOP := vgiw_int_alu
int_alu_tb_RTL := rtl/fu/vgiw_int_alu.sv rtl/common/vgiw_delay_line.sv
int_alu_tb_C   := tb/fu/int_alu_tb.c
