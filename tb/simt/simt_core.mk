# SIMT core testbench (docs/simt.md "Tests"): the whole core `simt_core` of a preset, driven by
# tb/simt/simt_core_tb.c through the host register interface and the line-granular memory port.
# The divergence trackers (simt_path_list, simt_pc_arbiter, simt_tracker) are rtl/simt files too.
TESTBENCHES        += simt_core_tb
simt_core_tb_TOP   := vgiw_simt_core
simt_core_tb_RTL   := $(filter-out %_pkg.sv,$(wildcard rtl/simt/*.sv)) rtl/fu/vgiw_int_alu.sv rtl/fu/vgiw_int_div.sv \
                      rtl/fu/vgiw_fp_fma_ieee.sv rtl/fu/vgiw_fp_cmp_ieee.sv rtl/fu/vgiw_fp_cvt_ieee.sv rtl/fu/vgiw_fp_divsqrt.sv rtl/common/vgiw_lzc.sv \
                      rtl/common/vgiw_delay_line.sv rtl/mem/vgiw_banked_cache.sv rtl/mem/vgiw_cache_bank.sv \
                      rtl/common/vgiw_rr_arbiter.sv rtl/common/vgiw_select_tree.sv rtl/common/vgiw_stream_skid.sv
# the register and memory ports are driven by the host-port driver of both cores (tb/core)
simt_core_tb_C     := tb/simt/simt_core_tb.c tb/core/host_port.c sw/lib/vg_file.c
simt_core_tb_CFLAGS := -Itb/core

# Test programs (tb/simt/simt_core_conf.py): RV32IMF, freestanding, our own start-up code, built
# with clang-19 and ld.lld-19 and run under qemu-riscv32 (make deps installs them; the
# environment variables SIMT_RV_CC, SIMT_RV_LD and SIMT_QEMU name others).

# The same core with the other tracker (simt.tracker = 1, the per-thread PC arbiter of
# RR-9073 §3.1), for "same programs through both trackers" (docs/simt.md "Tests").
TESTBENCHES          += simt_core_arb_tb
simt_core_arb_tb_TOP := vgiw_simt_core
simt_core_arb_tb_RTL := $(simt_core_tb_RTL)
simt_core_arb_tb_C   := $(simt_core_tb_C)
simt_core_arb_tb_CFLAGS := $(simt_core_tb_CFLAGS)
simt_core_arb_tb_VFLAGS := -GTRACKER=1

# The same core with one instruction per warp in flight (ISSUE_AHEAD = 0: every instruction
# commits to the tracker; the default is 1, issuing ahead under the scoreboard: docs/simt.md
# "Pipeline"), kept passing its random programs by a test.
TESTBENCHES              += simt_core_inorder_tb
simt_core_inorder_tb_TOP := vgiw_simt_core
simt_core_inorder_tb_RTL := $(simt_core_tb_RTL)
simt_core_inorder_tb_C   := $(simt_core_tb_C)
simt_core_inorder_tb_CFLAGS := $(simt_core_tb_CFLAGS)
simt_core_inorder_tb_VFLAGS := -GISSUE_AHEAD=0
