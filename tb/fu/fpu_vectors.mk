# TestFloat vector checker (docs/testfloat.md): `make fpu-vectors OP=<op> VECTORS=<file>`.
# The top instantiates fp_fma, fp_cmp, fp_cvt and scu_pool; every module of rtl/fu and
# rtl/common is passed so their submodules are found (packages come from RTL_PKGS).
TESTBENCHES        += fpu_vectors_tb
fpu_vectors_tb_TOP := vgiw_fpu_vectors_top
fpu_vectors_tb_RTL := $(filter-out %_pkg.sv,$(wildcard rtl/fu/*.sv rtl/common/*.sv)) tb/fu/vgiw_fpu_vectors_top.sv
fpu_vectors_tb_C   := tb/fu/fpu_vectors_tb.c
