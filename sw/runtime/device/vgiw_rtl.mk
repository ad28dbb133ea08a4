# The RTL device of the runtime library (docs/runtime.md): build/tb/<CONFIG>/vgiw_rtl/vgiw-rtl
# (PROFILE=fast: build/tb-fast/<CONFIG>/vgiw_rtl/vgiw-rtl),
# the Verilator model of vgiw_core driven by sw/runtime/device/rtl_device.c behind a pipe protocol.
#
#   make rtl-device CONFIG=small
#
# The model is the core testbench's (tb/core/core_tb.mk, same top, RTL and flags): its
# compiled objects are linked with this program instead of being verilated and compiled a
# second time (the core of `small` takes many minutes to compile).
RTLDEV_DIR  := $(TB_ROOT)/$(CONFIG)/vgiw_rtl
RTLDEV_CORE := $(TB_ROOT)/$(CONFIG)/core_tb
RTLDEV_C    := sw/runtime/device/rtl_device.c sw/runtime/device/device_loop.c tb/core/host_port.c tb/common/mem_model.c tb/common/sim.c tb/common/stats.c \
               sw/lib/vgiw_arith.c $(GEN)/vgiw_presets.c
RTLDEV_OBJS := $(patsubst %.c,$(RTLDEV_DIR)/c/%.o,$(RTLDEV_C))
RTLDEV_MODEL := $(addprefix $(RTLDEV_CORE)/obj/,dut_shim.o Vvgiw_core__ALL.a) $(VLIB_OBJS)

$(RTLDEV_DIR)/c/%.o: %.c $(TB_COMMON_H) sw/runtime/rt_proto.h sw/runtime/vgiw_rt.h $(RTLDEV_CORE)/sim $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(TB_CFLAGS) -Isw/runtime -Itb/core -I$(RTLDEV_CORE) -c $< -o $@

$(RTLDEV_DIR)/vgiw-rtl: $(RTLDEV_CORE)/sim $(RTLDEV_OBJS)
	@echo "  LINK     vgiw-rtl ($(CONFIG))"
	$(Q)g++ -o $@ $(RTLDEV_OBJS) $(RTLDEV_MODEL) -lz -pthread -latomic -lm

.PHONY: rtl-device
rtl-device: $(RTLDEV_DIR)/vgiw-rtl

# For the test runner (tools/run_tests.py builds `tb-<bench>` per preset up front and expects
# build/tb/<config>/<bench>/sim): tests that need the device name `bench = "vgiw_rtl"`, so it
# is built once before any test runs instead of by several tests at the same time.
.PHONY: tb-vgiw_rtl
tb-vgiw_rtl: $(RTLDEV_DIR)/sim
$(RTLDEV_DIR)/sim: $(RTLDEV_DIR)/vgiw-rtl
	@ln -sf vgiw-rtl $@
