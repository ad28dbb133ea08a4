# scu_pool: special compute unit pool (docs/fu/scu_pool.md). One testbench, tb/fu/scu_pool_tb.c,
# on five tops: scu_pool with the preset's INSTANCES; wrappers (tb/fu/*.sv) with INSTANCES = 1
# and 3 (non-power-of-two round-robin wrap); and single scu_instance wrappers with other
# BITS_PER_CYCLE settings (int 1 / fp 1, int 8 / fp 3), which the pool does not expose.
SCU_POOL_RTL := rtl/fu/scu_pool.sv rtl/fu/scu_instance.sv rtl/fu/int_div.sv rtl/fu/fp_divsqrt.sv

TESTBENCHES     += scu_pool_tb
scu_pool_tb_TOP := scu_pool
scu_pool_tb_RTL := $(SCU_POOL_RTL)
scu_pool_tb_C   := tb/fu/scu_pool_tb.c

TESTBENCHES        += scu_pool_n1_tb
scu_pool_n1_tb_TOP := scu_pool_n1
scu_pool_n1_tb_RTL := $(SCU_POOL_RTL) tb/fu/scu_pool_n1.sv
scu_pool_n1_tb_C   := tb/fu/scu_pool_tb.c

TESTBENCHES        += scu_pool_n3_tb
scu_pool_n3_tb_TOP := scu_pool_n3
scu_pool_n3_tb_RTL := $(SCU_POOL_RTL) tb/fu/scu_pool_n3.sv
scu_pool_n3_tb_C   := tb/fu/scu_pool_tb.c

TESTBENCHES            += scu_instance_i1f1_tb
scu_instance_i1f1_tb_TOP := scu_instance_i1f1
scu_instance_i1f1_tb_RTL := $(SCU_POOL_RTL) tb/fu/scu_instance_i1f1.sv
scu_instance_i1f1_tb_C   := tb/fu/scu_pool_tb.c

TESTBENCHES            += scu_instance_i8f3_tb
scu_instance_i8f3_tb_TOP := scu_instance_i8f3
scu_instance_i8f3_tb_RTL := $(SCU_POOL_RTL) tb/fu/scu_instance_i8f3.sv
scu_instance_i8f3_tb_C   := tb/fu/scu_pool_tb.c
