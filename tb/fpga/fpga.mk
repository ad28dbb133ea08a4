# The simulated board (docs/fpga.md "Simulated board"): hl_board (host link, board memory, the
# VGIW core of the preset) driven through its serial line by a bit-level UART model and the
# host library sw/lib/hostlink.c. Short bit time and timeout so the tests run quickly; 16 MB of
# board memory so the core tests' kernels (tb/core/kernels.h memory map) fit.
HL_TB_CPB     := 4
HL_TB_TIMEOUT := 20000
HL_TB_MEM     := 16777216
TESTBENCHES      += hl_board_tb
hl_board_tb_TOP  := vgiw_hl_board
hl_board_tb_RTL  := $(filter-out %_pkg.sv,$(wildcard rtl/host/*.sv rtl/core/*.sv rtl/ctrl/*.sv rtl/mem/*.sv \
                      rtl/fabric/*.sv rtl/fu/*.sv rtl/common/*.sv))
# recursive (=): KLAYOUT_C, the kernel-in-memory contract, is defined in tb/core/core_tb.mk
hl_board_tb_C     = tb/fpga/hl_board_tb.c sw/lib/hostlink.c tb/core/kbuild.c tb/core/kernels.c sw/lib/fabric_cfg.c \
                    $(KLAYOUT_C) $(GEN)/vgiw_presets.c
hl_board_tb_VFLAGS := -fno-dfg -GCLKS_PER_BIT=$(HL_TB_CPB) -GTIMEOUT_CYCLES=$(HL_TB_TIMEOUT) -GMEM_BYTES=$(HL_TB_MEM)
hl_board_tb_CFLAGS := -Itb/core -Isw/image -DHL_TB_CPB=$(HL_TB_CPB) -DHL_TB_TIMEOUT=$(HL_TB_TIMEOUT) -DHL_TB_MEM_BYTES=$(HL_TB_MEM)u
