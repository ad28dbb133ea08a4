# scu_pool: special compute unit pool (docs/fu/scu_pool.md). One testbench, tb/fu/scu_pool_tb.c,
# on five builds: scu_pool with the preset's INSTANCES; scu_pool with INSTANCES = 1 and 3
# (non-power-of-two round-robin wrap); and a single scu_instance with other BITS_PER_CYCLE
# settings (int 1 / fp 1, int 8 / fp 3), which the pool does not expose.
SCU_POOL_RTL := rtl/fu/vgiw_scu_pool.sv rtl/fu/vgiw_scu_instance.sv rtl/fu/vgiw_int_div.sv rtl/fu/vgiw_fp_divsqrt.sv rtl/common/vgiw_rr_arbiter.sv

TESTBENCHES     += scu_pool_tb
scu_pool_tb_TOP := vgiw_scu_pool
scu_pool_tb_RTL := $(SCU_POOL_RTL)
scu_pool_tb_C   := tb/fu/scu_pool_tb.c

# The variants are the same RTL with top-level parameters overridden (-G); the C testbench
# learns the instance count from SCU_TB_INSTANCES (one scu_instance drives like a pool of one:
# its ports are the pool's). $(call scu_variant,NAME,TOP,-G FLAGS,INSTANCES)
define scu_variant
TESTBENCHES     += $(1)_tb
$(1)_tb_TOP    := $(2)
$(1)_tb_RTL    := $(SCU_POOL_RTL)
$(1)_tb_C      := tb/fu/scu_pool_tb.c
$(1)_tb_VFLAGS := $(3)
$(1)_tb_CFLAGS := -DSCU_TB_INSTANCES=$(4)
endef
$(eval $(call scu_variant,scu_pool_n1,vgiw_scu_pool,-GINSTANCES=1,1))
$(eval $(call scu_variant,scu_pool_n3,vgiw_scu_pool,-GINSTANCES=3,3))
$(eval $(call scu_variant,scu_instance_i1f1,vgiw_scu_instance,-GINT_BITS_PER_CYCLE=1 -GFP_BITS_PER_CYCLE=1,1))
$(eval $(call scu_variant,scu_instance_i8f3,vgiw_scu_instance,-GINT_BITS_PER_CYCLE=8 -GFP_BITS_PER_CYCLE=3,1))
