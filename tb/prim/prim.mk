# Tests of the primitives of rtl/common that have behaviour of their own (the FIFOs and
# registers are exercised by every unit that uses them; the skid buffer, whose registered
# ready is its point, has a cycle model of its own). One C testbench per primitive, built
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

define select_tree_build
TESTBENCHES          += select_tree_$(1)_tb
select_tree_$(1)_tb_TOP    := vgiw_select_tree
select_tree_$(1)_tb_RTL    := rtl/common/vgiw_select_tree.sv
select_tree_$(1)_tb_C      := tb/prim/select_tree_tb.c
select_tree_$(1)_tb_VFLAGS := -GN=$(2) -GKEY_W=$(3) -GMAX=$(4)
select_tree_$(1)_tb_CFLAGS := -DST_N=$(2) -DST_KEY_W=$(3) -DST_MAX=$(4)
endef
$(eval $(call select_tree_build,n1,1,5,0))
$(eval $(call select_tree_build,n6,6,7,0))
$(eval $(call select_tree_build,n32,32,4,0))
$(eval $(call select_tree_build,n5max,5,32,1))

define lowest2_build
TESTBENCHES            += lowest2_$(1)_tb
lowest2_$(1)_tb_TOP    := vgiw_lowest2
lowest2_$(1)_tb_RTL    := rtl/common/vgiw_lowest2.sv
lowest2_$(1)_tb_C      := tb/prim/lowest2_tb.c
lowest2_$(1)_tb_VFLAGS := -GWIDTH=$(2)
lowest2_$(1)_tb_CFLAGS := -DL2_W=$(2)
endef
$(eval $(call lowest2_build,w1,1))
$(eval $(call lowest2_build,w5,5))
$(eval $(call lowest2_build,w64,64))
$(eval $(call lowest2_build,w288,288))

define stream_skid_build
TESTBENCHES                += stream_skid_$(1)_tb
stream_skid_$(1)_tb_TOP    := vgiw_stream_skid
stream_skid_$(1)_tb_RTL    := rtl/common/vgiw_stream_skid.sv
stream_skid_$(1)_tb_C      := tb/prim/stream_skid_tb.c
stream_skid_$(1)_tb_VFLAGS := -GWIDTH=$(2)
stream_skid_$(1)_tb_CFLAGS := -DSK_W=$(2)
endef
$(eval $(call stream_skid_build,w1,1))
$(eval $(call stream_skid_build,w40,40))
