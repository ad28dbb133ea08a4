# SIMT divergence trackers (docs/simt.md, "Divergence tracking"): the sorted path list
# (RR-9073 §3.2) and the per-thread-PC arbiter (§3.1), against a C model of RR-9073's list.
# One model per tracker and lane count, chosen with -G on the one testbench top:
#   simt_list_l<N>_tb (TRACKER 0), simt_arb_l<N>_tb (TRACKER 1), N = 4 5 8 10 16 32 64 (5 and 10: the lanes of the tiny and small presets).
SIMT_TRK_RTL := tb/simt/vgiw_simt_tracker_tb_top.sv rtl/simt/vgiw_simt_tracker.sv rtl/simt/vgiw_simt_path_list.sv \
                rtl/simt/vgiw_simt_pl_ccs.sv rtl/simt/vgiw_simt_pc_arbiter.sv rtl/common/vgiw_select_tree.sv
SIMT_TRK_C   := tb/simt/simt_tracker_tb.c tb/simt/simt_model.c

define simt_trk_tb
TESTBENCHES          += simt_$(1)_l$(3)_tb
simt_$(1)_l$(3)_tb_TOP    := vgiw_simt_tracker_tb_top
simt_$(1)_l$(3)_tb_RTL    := $$(SIMT_TRK_RTL)
simt_$(1)_l$(3)_tb_C      := $$(SIMT_TRK_C)
simt_$(1)_l$(3)_tb_VFLAGS := -GTRACKER=$(2) -GLANES=$(3) $$(SIMT_TRK_VFLAGS)
endef
$(foreach n,4 5 8 10 16 32 64,$(eval $(call simt_trk_tb,list,0,$(n)))$(eval $(call simt_trk_tb,arb,1,$(n))))
