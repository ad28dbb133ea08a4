# bbs: basic block scheduler with its CVT (docs/ctrl.md), against C models of the fabric's CVU
# ports, of the control port's memory and of a reference scheduler.
TESTBENCHES += bbs_tb
bbs_tb_TOP  := bbs_tb_top
bbs_tb_RTL  := tb/ctrl/bbs_tb_top.sv rtl/ctrl/bbs.sv rtl/ctrl/bbs_cfg_cache.sv rtl/ctrl/bbs_fetch.sv rtl/ctrl/cvt.sv rtl/common/lzc.sv
bbs_tb_C    := tb/ctrl/bbs_tb.c

# The same with a fault (VGIW_FAULT_BBS_BOTH_SUCCESSORS: a done packet's taken threads are
# merged into both successors), for the test that shows the CVT's one-vector assertion fires.
TESTBENCHES          += bbs_fault_tb
bbs_fault_tb_TOP     := bbs_tb_top
bbs_fault_tb_RTL     := $(bbs_tb_RTL)
bbs_fault_tb_C       := $(bbs_tb_C)
bbs_fault_tb_VFLAGS  := -DVGIW_FAULT_BBS_BOTH_SUCCESSORS
