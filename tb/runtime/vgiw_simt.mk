# The SIMT device of the runtime library (docs/runtime.md "The simt device"):
# build/tb/<CONFIG>/vgiw_simt/vgiw-simt (PROFILE=fast: build/tb-fast/...), the Verilator model
# of simt_core driven by tb/runtime/simt_device.c behind the pipe protocol of vgiw-rtl.
#
#   make simt-device CONFIG=tiny
#
# The model is the SIMT core testbench's (tb/simt/simt_core.mk: same top, RTL and flags),
# linked with this program instead of being verilated a second time.
SIMTDEV_DIR  := $(TB_ROOT)/$(CONFIG)/vgiw_simt
SIMTDEV_CORE := $(TB_ROOT)/$(CONFIG)/simt_core_tb
SIMTDEV_C    := tb/runtime/simt_device.c tb/core/host_port.c tb/common/mem_model.c tb/common/sim.c \
                tb/common/stats.c sw/lib/vgiw_arith.c $(GEN)/vgiw_presets.c
SIMTDEV_OBJS := $(patsubst %.c,$(SIMTDEV_DIR)/c/%.o,$(SIMTDEV_C))
SIMTDEV_MODEL := $(addprefix $(SIMTDEV_CORE)/obj/,dut_shim.o Vsimt_core__ALL.a) $(VLIB_OBJS)

$(SIMTDEV_DIR)/c/%.o: %.c $(TB_COMMON_H) sw/runtime/rt_proto.h sw/runtime/vgiw_rt.h sw/simtcc/simt_launch.h \
                      $(SIMTDEV_CORE)/sim $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(TB_CFLAGS) -Isw/runtime -Isw/simtcc -Itb/core -I$(SIMTDEV_CORE) -c $< -o $@

$(SIMTDEV_DIR)/vgiw-simt: $(SIMTDEV_CORE)/sim $(SIMTDEV_OBJS)
	@echo "  LINK     vgiw-simt ($(CONFIG))"
	$(Q)g++ -o $@ $(SIMTDEV_OBJS) $(SIMTDEV_MODEL) -lz -pthread -latomic -lm

.PHONY: simt-device
simt-device: $(SIMTDEV_DIR)/vgiw-simt

# for the test runner (bench = "vgiw_simt"), as tb-vgiw_rtl
.PHONY: tb-vgiw_simt
tb-vgiw_simt: $(SIMTDEV_DIR)/sim
$(SIMTDEV_DIR)/sim: $(SIMTDEV_DIR)/vgiw-simt
	@ln -sf vgiw-simt $@
