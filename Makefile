# vgiw — entry points (README.md). `make help` lists them.
#
#   make deps          install every tool (Debian 12: apt + pinned pip into .venv)
#   make test          the whole suite: gates, unit tests; ends with "N passed, N failed"
#                      (FULL=1: also the long tier, the apps on paper and cfd on small)

SHELL    := /bin/bash
CONFIG   ?= small
BUILD    := build
GEN      := $(BUILD)/gen
Q        ?= @
PYTHON   ?= python3
JOBS     ?= 2
export PATH := $(CURDIR)/.venv/bin:$(PATH)

RTL_PKGS := $(GEN)/vgiw_fu_pkg.sv $(GEN)/vgiw_hl_pkg.sv $(GEN)/$(CONFIG)/vgiw_cfg_pkg.sv $(sort $(wildcard rtl/*/*_pkg.sv))
ARCH_SRC := $(wildcard arch/*.toml arch/presets/*.toml) tools/archgen.py tools/fabric_topology.py

.PHONY: all help deps gen lint synth-check area timing equiv test fpu-vectors clean
all: help

help:
	@sed -n 's/^#   //p' Makefile README.md 2>/dev/null | head -40

deps:
	$(Q)bash tools/deps.sh

# Generated SV packages and C headers from the architecture description (arch/).
gen: $(GEN)/.stamp
$(GEN)/.stamp: $(ARCH_SRC)
	$(Q)$(PYTHON) tools/archgen.py --out $(GEN)
	@touch $@
# every generated file comes from that one run: a target that names one (make sw on a fresh tree)
# gets it through the stamp
$(GEN)/%.c $(GEN)/%.h $(GEN)/%.sv: $(GEN)/.stamp ;

lint: gen
	$(Q)$(PYTHON) tools/rtl_gates.py lint --config $(CONFIG) --jobs $(JOBS)

synth-check: gen
	$(Q)$(PYTHON) tools/rtl_gates.py synth-check --config $(CONFIG) --jobs $(JOBS) $(if $(SHALLOW),--shallow)

area: gen
	$(Q)$(PYTHON) tools/rtl_gates.py area --config $(CONFIG) --jobs $(JOBS)

#   make timing [CONFIG=small] [TOP=vgiw_core] [CUT="A>B ..."]   longest paths by RTL instance,
#                      estimated on the ECP5 (docs/fpga.md "Timing"); CUT: what a register there gives
timing: gen
	$(Q)$(PYTHON) tools/timing_paths.py --config $(CONFIG) $(if $(TOP),--top $(TOP)) $(foreach c,$(CUT),--cut '$(c)')

#   make equiv MODULE=m [REV=HEAD] [CONFIG=small] [PARAMS="N=6"]   the module now against the same
#                      module at commit REV: every register and output proven equal (docs/fpga.md "Equivalence")
equiv: gen
	@test -n "$(MODULE)" || { echo "usage: make equiv MODULE=<module> [REV=HEAD] [CONFIG=...] [PARAMS=...]"; exit 2; }
	$(Q)$(PYTHON) tools/equiv.py --module $(MODULE) --config $(CONFIG) $(if $(REV),--rev $(REV)) $(foreach p,$(PARAMS),--param $(p))

test: gen
	$(Q)$(PYTHON) tools/run_tests.py --jobs $(JOBS) $(if $(FULL),--full) $(foreach o,$(ONLY),--only $(o))

# Check the FP datapaths against a file of TestFloat (testfloat_gen) vectors.
fpu-vectors: gen
	@test -n "$(OP)" -a -n "$(VECTORS)" || { echo "usage: make fpu-vectors OP=<f32_add|...> VECTORS=<file>"; exit 2; }
	$(Q)$(MAKE) -s tb-fpu_vectors_tb CONFIG=$(CONFIG)
	$(Q)$(BUILD)/tb/$(CONFIG)/fpu_vectors_tb/sim --op $(OP) --vectors $(VECTORS) --quiet

clean:
	rm -rf $(BUILD)

include tb/tb.mk
-include $(wildcard sw/*.mk sw/runtime/device/*.mk)

# Performance figures of this run: bench/results.json and bench/results.md (BENCH_LARGE=1: larger sizes).
.PHONY: bench
bench: gen
	$(Q)$(PYTHON) tools/bench.py --jobs $(JOBS) $(if $(BENCH_LARGE),--large) $(foreach o,$(ONLY),--only $(o)) $(if $(BENCH_PROFILE),--profile $(BENCH_PROFILE))

# VGIW against SIMT on the app set (docs/compare.md): bench/compare/<preset>-<size>/.
#   make compare [CONFIG=small] [SIZE=ci|large] [ONLY=app] [UPDATE_DOCS=1] [FROM_JSON=1]
.PHONY: compare
compare: gen
	$(Q)$(PYTHON) tools/compare.py --config $(CONFIG) --size $(or $(SIZE),ci) $(foreach o,$(ONLY),--only $(o)) \
	    $(if $(UPDATE_DOCS),--update-docs) $(if $(FROM_JSON),--from-json)

# The FPGA flow (docs/fpga.md): synth_ecp5, nextpnr-ecp5 and ecppack for a board of fpga/.
#   make fpga BOARD=ulx3s [CONFIG=tiny] [TOP=...] [FREQ=MHz] [PARAMS="CORE=0"] [YOSYS_NATIVE=1]
#             [ROUTER=router2] [PLACER=static] [SEED=1,2,3] [PNR_JOBS=2] [PNR_TIMEOUT=min] [TMG_RIPUP=1]
#             [RESYNTH=1]
#   without CONFIG (on the command line or in the environment): the board's preset, built with
#   the tools of its [defaults] in fpga/<board>/board.toml (ulx3s: fpga_3x3, native Yosys,
#   router2, static placer) where YOSYS_NATIVE, ROUTER, PLACER are not given
#   SEED: nextpnr's placement seed, or several, each placed and routed and the fastest kept
#   (PNR_JOBS of them at once); synthesis is reused while its inputs are unchanged
#   PNR_TIMEOUT: minutes a seed's place and route may take; one past it is stopped, the others kept
.PHONY: fpga
fpga: gen
	@test -n "$(BOARD)" || { echo "usage: make fpga BOARD=<board of fpga/> [CONFIG=...] [TOP=...] [FREQ=MHz]"; exit 2; }
	$(Q)$(PYTHON) tools/fpga_flow.py --board $(BOARD) $(if $(filter file,$(origin CONFIG)),,--config $(CONFIG)) $(if $(TOP),--top $(TOP)) \
	    $(if $(FREQ),--freq $(FREQ)) $(foreach p,$(PARAMS),--param $(p)) $(if $(YOSYS_NATIVE),--yosys native) \
	    $(if $(ROUTER),--router $(ROUTER)) $(if $(PLACER),--placer $(PLACER)) $(if $(SEED),--seed $(SEED)) \
	    $(if $(PNR_JOBS),--jobs $(PNR_JOBS)) $(if $(PNR_TIMEOUT),--pnr-timeout $(PNR_TIMEOUT)) $(if $(TMG_RIPUP),--tmg-ripup) $(if $(RESYNTH),--resynth)
