# The SIMT device of the runtime library (docs/runtime.md "The simt device"):
# build/tb/<CONFIG>/vgiw_simt/vgiw-simt (PROFILE=fast: build/tb-fast/...), the Verilator model
# of simt_core driven by sw/runtime/device/simt_device.c behind the pipe protocol of vgiw-rtl.
#
#   make simt-device CONFIG=tiny
#
# The model is the SIMT core testbench's (tb/simt/simt_core.mk: same top, RTL and flags),
# linked with this program instead of being verilated a second time.
# A second device, vgiw_simt_arb/vgiw-simt, is the same program on the model with the other
# divergence tracker (simt_core_arb_tb: TRACKER = 1, the per-thread PC arbiter of RR-9073 §3.1)
# for make compare (docs/compare.md); select it with $VGIW_SIMT_DEVICE or vrt_options.device_path.
SIMTDEV_C    := sw/runtime/device/simt_device.c sw/runtime/device/device_loop.c tb/core/host_port.c tb/common/mem_model.c tb/common/sim.c \
                tb/common/stats.c sw/lib/vgiw_arith.c $(GEN)/vgiw_presets.c

# $(call simt_device,DIR,CORE_TB)
define simt_device
$(TB_ROOT)/$(CONFIG)/$(1)/c/%.o: %.c $(TB_COMMON_H) sw/runtime/rt_proto.h sw/runtime/vgiw_rt.h sw/simtcc/simt_launch.h \
                      $(TB_ROOT)/$(CONFIG)/$(2)/sim $(GEN)/.stamp
	@mkdir -p $$(dir $$@)
	$(Q)$(CC) $(TB_CFLAGS) -Isw/runtime -Isw/simtcc -Itb/core -I$(TB_ROOT)/$(CONFIG)/$(2) -c $$< -o $$@

$(TB_ROOT)/$(CONFIG)/$(1)/vgiw-simt: $(TB_ROOT)/$(CONFIG)/$(2)/sim $(patsubst %.c,$(TB_ROOT)/$(CONFIG)/$(1)/c/%.o,$(SIMTDEV_C))
	@echo "  LINK     $(1)/vgiw-simt ($(CONFIG))"
	$(Q)g++ -o $$@ $(patsubst %.c,$(TB_ROOT)/$(CONFIG)/$(1)/c/%.o,$(SIMTDEV_C)) \
	    $(addprefix $(TB_ROOT)/$(CONFIG)/$(2)/obj/,dut_shim.o Vvgiw_simt_core__ALL.a) $(VLIB_OBJS) -lz -pthread -latomic -lm

# for the test runner (bench = "$(1)"), as tb-vgiw_rtl
.PHONY: tb-$(1)
tb-$(1): $(TB_ROOT)/$(CONFIG)/$(1)/sim
$(TB_ROOT)/$(CONFIG)/$(1)/sim: $(TB_ROOT)/$(CONFIG)/$(1)/vgiw-simt
	@ln -sf vgiw-simt $$@
endef
$(eval $(call simt_device,vgiw_simt,simt_core_tb))
$(eval $(call simt_device,vgiw_simt_arb,simt_core_arb_tb))

.PHONY: simt-device
simt-device: $(TB_ROOT)/$(CONFIG)/vgiw_simt/vgiw-simt

# make compare's three device programs of $(CONFIG) as one bench of the test runner, so a test
# of make compare (tools/compare.tests.toml) gets them built up front and never builds itself
.PHONY: tb-compare_devices
tb-compare_devices: tb-vgiw_rtl tb-vgiw_simt tb-vgiw_simt_arb
