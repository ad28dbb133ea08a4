TESTBENCHES   += fp_cmp_tb
fp_cmp_tb_TOP := fp_cmp
fp_cmp_tb_RTL := rtl/common/delay_line.sv rtl/fu/fp_cmp.sv rtl/fu/vgiw_fp_cmp_ieee.sv
fp_cmp_tb_C   := tb/fu/fp_cmp_tb.c
