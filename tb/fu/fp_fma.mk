TESTBENCHES   += fp_fma_tb
fp_fma_tb_TOP := vgiw_fp_fma
fp_fma_tb_RTL := rtl/common/vgiw_delay_line.sv rtl/common/vgiw_lzc.sv rtl/fu/vgiw_fp_fma.sv rtl/fu/vgiw_fp_fma_ieee.sv
fp_fma_tb_C   := tb/fu/fp_fma_tb.c

# The same datapath at the ends of its STAGES range (docs/fu/fp_fma.md).
TESTBENCHES       += fp_fma_s1_tb fp_fma_s8_tb
fp_fma_s1_tb_TOP    := vgiw_fp_fma
fp_fma_s1_tb_RTL    := $(fp_fma_tb_RTL)
fp_fma_s1_tb_C      := $(fp_fma_tb_C)
fp_fma_s1_tb_VFLAGS := -GSTAGES=1
fp_fma_s1_tb_CFLAGS := -DFP_FMA_TB_STAGES=1
fp_fma_s8_tb_TOP    := vgiw_fp_fma
fp_fma_s8_tb_RTL    := $(fp_fma_tb_RTL)
fp_fma_s8_tb_C      := $(fp_fma_tb_C)
fp_fma_s8_tb_VFLAGS := -GSTAGES=8
fp_fma_s8_tb_CFLAGS := -DFP_FMA_TB_STAGES=8
