# Runtime library (sw/runtime, docs/runtime.md), the rtl engine of the application set and
# `make sim`.
#
#   make sim TEST=<app> [CONFIG=small] [SIZE=N] [SEED=S] [ENGINE=rtl|interp|pnr|simt] [CORE=simt] [WAVES=1 [WAVES_FROM=C] [WAVES_TO=C]] [FILE=F] [CL=F.cl]
#   make wave TEST=<app> [CONFIG=small] [CORE=simt]   GTKWave with the committed layout on that run's FST
#   (CORE=simt: the SIMT core, engine simt, docs/runtime.md "The simt device")
#   make rtl-device CONFIG=...     the device program of the rtl backend (sw/runtime/device/vgiw_rtl.mk)
#   make runtime                   the runtime's test program (plain and ASan/UBSan)
#
# Read after sw/apps.mk (alphabetical): adds the runtime objects to every app host program.
RT_C := sw/runtime/vgiw_rt.c
RT_H := sw/runtime/vgiw_rt.h sw/runtime/rt_proto.h
# the fpga backend: the board behind the serial host link (sw/runtime/vrt_fpga.c, docs/fpga.md)
RT_FPGA := runtime/vrt_fpga.c lib/hostlink.c lib/hostlink_serial.c
# the backends beside rtl and interp: the SIMT core (sw/runtime/vrt_simt.c) and the board
RT_BACKENDS := runtime/vrt_simt.c $(RT_FPGA)

# every app host program links the runtime and the engines on its devices (extra prerequisites: $^)
$(foreach a,$(APPS),$(eval $(APPS_OUT)/apps/bin/$(a): $(APPS_OUT)/obj/runtime/vgiw_rt.o $(APPS_OUT)/obj/apps/common/eng_vrt.o \
  $(patsubst %.c,$(APPS_OUT)/obj/%.o,$(RT_BACKENDS))))
$(foreach a,$(APPS),$(eval $(APPS_OUT)/asan/apps/bin/$(a): $(APPS_OUT)/asan/obj/runtime/vgiw_rt.o $(APPS_OUT)/asan/obj/apps/common/eng_vrt.o \
  $(patsubst %.c,$(APPS_OUT)/asan/obj/%.o,$(RT_BACKENDS))))

RT_TEST_DEPS = runtime/tests/rt_api_test.c runtime/vgiw_rt.c $(RT_BACKENDS) interp/interp.c interp/fabexec.c lib/vgiw_layout.c image/vgiw_image.c lib/vg_file.c lib/vgiw_arith.c \
               lib/self_dir.c lib/vg_proc.c

$(APPS_OUT)/bin/rt_api_test: $(patsubst %.c,$(APPS_OUT)/obj/%.o,$(RT_TEST_DEPS)) $(APPS_OUT)/obj/gen/vgiw_presets.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) -O2 -g $^ -lm -o $@

$(APPS_OUT)/asan/bin/rt_api_test: $(patsubst %.c,$(APPS_OUT)/asan/obj/%.o,$(RT_TEST_DEPS)) $(APPS_OUT)/asan/obj/gen/vgiw_presets.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_SAN) $^ -lm -o $@

# the simt backend on bad input (sw/runtime/tests/simt_api_test.c)
SIMT_TEST_DEPS = runtime/tests/simt_api_test.c runtime/vgiw_rt.c $(RT_BACKENDS) interp/interp.c interp/fabexec.c \
               lib/vgiw_layout.c image/vgiw_image.c lib/vg_file.c lib/vgiw_arith.c lib/self_dir.c lib/vg_proc.c
$(APPS_OUT)/asan/bin/simt_api_test: $(patsubst %.c,$(APPS_OUT)/asan/obj/%.o,$(SIMT_TEST_DEPS)) $(APPS_OUT)/asan/obj/gen/vgiw_presets.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_SAN) $^ -lm -o $@

.PHONY: runtime sim
runtime: $(APPS_OUT)/bin/rt_api_test $(APPS_OUT)/asan/bin/rt_api_test $(APPS_OUT)/asan/bin/simt_api_test

SIM_ENGINE ?= $(if $(ENGINE),$(ENGINE),$(if $(filter simt,$(CORE)),simt,rtl))
# the fast build profile, or the test profile (assertions and tracing compiled in) when waves
# or assertions (ASSERT=1) are asked for
SIM_PROFILE := $(if $(or $(WAVES),$(ASSERT)),test,fast)
comma := ,
SIM_OUT    := $(BUILD)/sim/$(CONFIG)$(if $(filter simt,$(CORE) $(ENGINE)),/simt)
SIM_ARGS    = --engine $(SIM_ENGINE) --config $(CONFIG) $(if $(SIZE),--size $(SIZE)) $(if $(SEED),--seed $(SEED)) \
              $(if $(FILE),--file $(FILE)) $(if $(CL),--cl $(CL)) --stats $(SIM_OUT)/$(TEST).json --progress \
              $(if $(WAVES),--waves $(SIM_OUT)/$(TEST).fst $(if $(WAVES_FROM),--waves-from $(WAVES_FROM)) \
                 $(if $(WAVES_TO),--waves-to $(WAVES_TO)))

sim: gen
	@test -n "$(TEST)" || { echo "usage: make sim TEST=<$(subst $(eval) ,|,$(APPS))> [CONFIG=small] [SIZE=N] [SEED=S] [ENGINE=rtl|interp|pnr|simt] [CORE=simt] [WAVES=1] [ASSERT=1]"; exit 2; }
	@test -f sw/apps/$(TEST)/$(TEST)_host.c || { echo "make sim: no application '$(TEST)' (sw/apps/<name>/)"; exit 2; }
	$(Q)$(MAKE) -s -j$(JOBS) PROFILE=$(SIM_PROFILE) $(APPS_OUT)/apps/bin/$(TEST) $(APPS_OUT)/bin/vgiwcc \
	  $(if $(filter rtl,$(SIM_ENGINE)),rtl-device) $(if $(filter simt,$(SIM_ENGINE)),simt-device simtcc)
	@mkdir -p $(SIM_OUT)
	@rm -f $(SIM_OUT)/$(TEST).json
	@echo "  SIM      $(TEST) on $(SIM_ENGINE) ($(CONFIG)$(if $(filter rtl simt,$(SIM_ENGINE)),$(comma) $(SIM_PROFILE) profile))"
	$(Q)VGIW_RTL_PROFILE=$(SIM_PROFILE) $(APPS_OUT)/apps/bin/$(TEST) $(SIM_ARGS); rc=$$?; \
	  if [ $$rc = 0 ]; then echo "make sim: $(TEST) PASSED ($(SIM_ENGINE), $(CONFIG))"; \
	  else echo "make sim: $(TEST) FAILED ($(SIM_ENGINE), $(CONFIG), exit status $$rc)"; fi; \
	  if [ -f $(SIM_OUT)/$(TEST).json ]; then echo "make sim: all counters in $(SIM_OUT)/$(TEST).json"; fi; \
	  exit $$rc

# make wave TEST=<app> [CONFIG=small]: GTKWave on the FST of `make sim TEST=<app> WAVES=1`, with
# the committed layout fitted to the preset's bit ranges (docs/waves.md). GTKWAVE_ARGS: extra
# GTKWave options (the batch test passes -S SCRIPT.tcl).
WAVE_LAYOUT := $(if $(filter simt,$(CORE)),tb/wave/simt_core.gtkw,tb/wave/vgiw_core.gtkw)
.PHONY: wave
wave:
	@test -n "$(TEST)" || { echo "usage: make wave TEST=<app> [CONFIG=small]  (after make sim TEST=<app> WAVES=1)"; exit 2; }
	@test -f $(SIM_OUT)/$(TEST).fst || { echo "make wave: no waveform $(SIM_OUT)/$(TEST).fst: run make sim TEST=$(TEST) CONFIG=$(CONFIG) $(if $(CORE),CORE=$(CORE) )WAVES=1 first"; exit 2; }
	$(Q)$(PYTHON) tools/wave_layout.py $(WAVE_LAYOUT) $(SIM_OUT)/$(TEST).fst $(SIM_OUT)/$(TEST).gtkw \
	  || echo "make wave: some layout signals are missing from this waveform (listed above); opening anyway"
	@test -n "$$DISPLAY$$WAYLAND_DISPLAY" || { echo "make wave: no display (DISPLAY is not set): open $(SIM_OUT)/$(TEST).fst with $(SIM_OUT)/$(TEST).gtkw on a machine with one"; exit 2; }
	@echo "  GTKWAVE  $(SIM_OUT)/$(TEST).fst ($(SIM_OUT)/$(TEST).gtkw)"
	$(Q)gtkwave $(GTKWAVE_ARGS) $(SIM_OUT)/$(TEST).fst $(SIM_OUT)/$(TEST).gtkw

# vgiw-run: any kernel on a device, checked against native execution (docs/runtime.md)
VGIW_RUN_DEPS = runtime/vgiw_run.c runtime/vgiw_rt.c $(RT_BACKENDS) lib/ndrange.c interp/interp.c interp/fabexec.c lib/vgiw_layout.c \
                image/vgiw_image.c lib/vgiw_arith.c lib/self_dir.c native/native_build.c \
                lib/vg_proc.c lib/vg_args.c lib/vg_hoist.c lib/vg_file.c

$(APPS_OUT)/bin/vgiw-run: $(patsubst %.c,$(APPS_OUT)/obj/%.o,$(VGIW_RUN_DEPS)) $(APPS_OUT)/obj/gen/vgiw_presets.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) -O2 -g $^ -ldl -lm -o $@

$(APPS_OUT)/asan/bin/vgiw-run: $(patsubst %.c,$(APPS_OUT)/asan/obj/%.o,$(VGIW_RUN_DEPS)) $(APPS_OUT)/asan/obj/gen/vgiw_presets.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_SAN) $^ -ldl -lm -o $@

runtime: $(APPS_OUT)/bin/vgiw-run $(APPS_OUT)/asan/bin/vgiw-run
