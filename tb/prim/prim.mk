# Tests of the primitives of rtl/common that have behaviour of their own (the FIFOs and
# registers are exercised by every unit that uses them). One C testbench per primitive, built
# for several parameter sets with -G; the C side learns them from matching -D flags.
define rr_arbiter_build
TESTBENCHES         += rr_arbiter_$(1)_tb
rr_arbiter_$(1)_tb_TOP    := vgiw_rr_arbiter
rr_arbiter_$(1)_tb_RTL    := rtl/common/vgiw_rr_arbiter.sv
rr_arbiter_$(1)_tb_C      := tb/prim/rr_arbiter_tb.c
rr_arbiter_$(1)_tb_VFLAGS := -GN=$(2) -GHOLD=$(3)
rr_arbiter_$(1)_tb_CFLAGS := -DRR_N=$(2) -DRR_HOLD=$(3)
endef
$(eval $(call rr_arbiter_build,n3,3,0))
$(eval $(call rr_arbiter_build,n5h,5,1))
$(eval $(call rr_arbiter_build,n32h,32,1))
