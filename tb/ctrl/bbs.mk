# bbs: basic block scheduler with its CVT (docs/ctrl.md), against C models of the fabric's CVU
# ports, of the control port's memory and of a reference scheduler.
TESTBENCHES += bbs_tb
bbs_tb_TOP  := vgiw_bbs_tb_top
bbs_tb_RTL  := tb/ctrl/vgiw_bbs_tb_top.sv rtl/ctrl/vgiw_bbs.sv rtl/ctrl/vgiw_bbs_cfg_cache.sv rtl/ctrl/vgiw_bbs_fetch.sv \
               rtl/ctrl/vgiw_bbs_prefetch.sv rtl/ctrl/vgiw_bbs_dispatch.sv rtl/ctrl/vgiw_bbs_counters.sv \
               rtl/ctrl/vgiw_bbs_launch.sv \
               rtl/ctrl/vgiw_cvt.sv rtl/common/vgiw_select_tree.sv rtl/common/vgiw_lowest2.sv rtl/common/vgiw_rr_arbiter.sv rtl/common/vgiw_ram_1w1r.sv
bbs_tb_C    := tb/ctrl/bbs_tb.c

# The same with a fault (VGIW_FAULT_BBS_BOTH_SUCCESSORS: a done packet's taken threads are
# merged into both successors), for the test that shows the CVT's one-vector assertion fires.
TESTBENCHES          += bbs_fault_tb
bbs_fault_tb_TOP     := vgiw_bbs_tb_top
bbs_fault_tb_RTL     := $(bbs_tb_RTL)
bbs_fault_tb_C       := $(bbs_tb_C)
bbs_fault_tb_VFLAGS  := -DVGIW_FAULT_BBS_BOTH_SUCCESSORS

# The scheduler's parts, each against a C model of its rules (docs/ctrl.md "Structure").
TESTBENCHES += vgiw_bbs_dispatch_tb
vgiw_bbs_dispatch_tb_TOP := vgiw_bbs_dispatch
vgiw_bbs_dispatch_tb_RTL := rtl/ctrl/vgiw_bbs_dispatch.sv rtl/common/vgiw_rr_arbiter.sv
vgiw_bbs_dispatch_tb_C   := tb/ctrl/vgiw_bbs_dispatch_tb.c

TESTBENCHES += vgiw_bbs_counters_tb
vgiw_bbs_counters_tb_TOP := vgiw_bbs_counters
vgiw_bbs_counters_tb_RTL := rtl/ctrl/vgiw_bbs_counters.sv rtl/common/vgiw_ram_1w1r.sv
vgiw_bbs_counters_tb_C   := tb/ctrl/vgiw_bbs_counters_tb.c

# The same with 12-bit counters, so that they wrap within a run (counters.bits, docs/ctrl.md)
TESTBENCHES += vgiw_bbs_counters_wrap_tb
vgiw_bbs_counters_wrap_tb_TOP    := vgiw_bbs_counters
vgiw_bbs_counters_wrap_tb_RTL    := $(vgiw_bbs_counters_tb_RTL)
vgiw_bbs_counters_wrap_tb_C      := $(vgiw_bbs_counters_tb_C)
vgiw_bbs_counters_wrap_tb_VFLAGS := -GCB=12
vgiw_bbs_counters_wrap_tb_CFLAGS := -DTB_COUNTER_BITS=12

TESTBENCHES += vgiw_bbs_prefetch_tb
# vgiw_bbs_prefetch is combinational: the model is the module itself (no clk_i, rst_ni)
vgiw_bbs_prefetch_tb_TOP := vgiw_bbs_prefetch
vgiw_bbs_prefetch_tb_RTL := rtl/ctrl/vgiw_bbs_prefetch.sv
vgiw_bbs_prefetch_tb_C   := tb/ctrl/vgiw_bbs_prefetch_tb.c
