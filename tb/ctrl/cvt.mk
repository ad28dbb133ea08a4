# cvt: control vector table (docs/ctrl.md), against a C model of the table.
TESTBENCHES += cvt_tb
cvt_tb_TOP  := vgiw_cvt
cvt_tb_RTL  := rtl/ctrl/vgiw_cvt.sv
cvt_tb_C    := tb/ctrl/cvt_tb.c
