TESTBENCHES   += fp_cmp_tb
fp_cmp_tb_TOP := vgiw_fp_cmp
fp_cmp_tb_RTL := rtl/common/vgiw_delay_line.sv rtl/fu/vgiw_fp_cmp.sv rtl/fu/vgiw_fp_cmp_ieee.sv
fp_cmp_tb_C   := tb/fu/fp_cmp_tb.c
