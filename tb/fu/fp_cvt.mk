TESTBENCHES   += fp_cvt_tb
fp_cvt_tb_TOP := vgiw_fp_cvt
fp_cvt_tb_RTL := rtl/common/vgiw_delay_line.sv rtl/fu/vgiw_fp_cvt.sv rtl/fu/vgiw_fp_cvt_ieee.sv
fp_cvt_tb_C   := tb/fu/fp_cvt_tb.c
