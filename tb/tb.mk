# Build rules for Verilator testbenches (docs/harness.md).
#
# A testbench is declared in a fragment tb/<group>/<name>.mk:
#   TESTBENCHES   += fp_fma_tb
#   fp_fma_tb_TOP := vgiw_fp_fma                       # top module (clk_i, rst_ni; or neither: combinational)
#   fp_fma_tb_RTL := rtl/fu/vgiw_fp_fma.sv ...         # its RTL (packages are added here)
#   fp_fma_tb_C   := tb/fu/fp_fma_tb.c ...        # its C11 sources (main() lives here)
#   fp_fma_tb_VFLAGS := -GSTAGES=8                # optional: extra Verilator flags
#   fp_fma_tb_CFLAGS := -DFP_FMA_TB_STAGES=8      # optional: extra C flags
# and built per preset as build/tb/<CONFIG>/<name>/sim  (make tb-<name> CONFIG=...; with
# PROFILE=fast in build/tb-fast/<CONFIG>/<name>/sim).

TB_COMMON_C := $(wildcard tb/common/*.c) sw/lib/vgiw_arith.c
TB_COMMON_H := $(wildcard tb/common/*.h tb/*/*.h) sw/lib/vgiw_arith.h sw/lib/vgiw_layout.h
TB_CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -Werror -ffp-contract=off -fno-strict-aliasing \
               -Itb/common -Isw/lib -I$(GEN) -I$(GEN)/$(CONFIG)

# Build profiles (docs/harness.md, "Build profiles"): every model is built from the same sources
# and flags, in one of two variants chosen by PROFILE:
#   test  (make test): assertions on, FST tracing compiled in, X-initialisation `unique` so a
#         design that depends on uninitialised state shows it; per-cycle C++ at -O1 (builds fast)
#   fast  (make sim, vgiw-run, the apps, make bench): no assertions, no tracing (WAVES=1 runs
#         use the test profile), X-initialisation `fast` (no run-time cost); per-cycle C++ at -O2,
#         compiled by clang++-19
# TB_VOPT adds Verilator flags, TB_OPT_FAST overrides the per-cycle optimisation of either and
# TB_CXX the model's C++ compiler.
PROFILE ?= test
ifeq ($(PROFILE),test)
TB_ROOT       := $(BUILD)/tb
TB_PROFILE_VFLAGS := --trace-fst --assert --x-initial unique
TB_PROFILE_OPT    := -O1
TB_PROFILE_CXX    := g++
else ifeq ($(PROFILE),fast)
TB_ROOT       := $(BUILD)/tb-fast
TB_PROFILE_VFLAGS := --x-initial fast
TB_PROFILE_OPT    := -O2
# clang 19 (a project dependency, tools/deps.sh) compiles the model's C++ into code that runs
# 1.3x faster than g++ 12's at -O2 (docs/harness.md "Simulation speed"); g++ where it is missing
TB_PROFILE_CXX    := $(if $(shell command -v clang++-19 2>/dev/null),clang++-19,g++)
else
$(error PROFILE must be test or fast, not '$(PROFILE)')
endif
TB_VOPT     ?=
TB_OPT_FAST ?= $(TB_PROFILE_OPT)
# Profile-guided optimisation of the fast profile's per-cycle C++ (docs/harness.md "Simulation
# speed"): a testbench that names a training run (<name>_PGO_TRAIN, its own arguments: the core
# testbench runs random multi-block kernels) is compiled instrumented first, runs it, and is
# compiled again with the profile. With clang (the fast profile's compiler) the profile is one
# file for the whole model, so both compiles cover every per-cycle object. On by default in the
# fast profile where clang++-19 and llvm-profdata-19 are installed (x1.2 simulated cycles per
# CPU-second on `small`, docs/harness.md); TB_PGO=0 turns it off, and with g++ (TB_CXX=g++) it
# uses g++'s per-object profile files.
TB_CXX      ?= $(TB_PROFILE_CXX)
TB_PGO_CLANG := $(if $(findstring clang,$(TB_CXX)),$(if $(shell command -v llvm-profdata-19 2>/dev/null),1))
TB_PGO      ?= $(if $(and $(filter fast,$(PROFILE)),$(TB_PGO_CLANG)),1,0)
ifeq ($(TB_PGO_CLANG),1)
TB_PGO_GEN   = -fprofile-instr-generate
TB_PGO_USE   = -fprofile-instr-use=../model.profdata -Wno-profile-instr-unprofiled \
               -Wno-profile-instr-out-of-date -Wno-backend-plugin
else
TB_PGO_GEN   = -fprofile-generate -fprofile-update=single
TB_PGO_USE   = -fprofile-use -fprofile-partial-training -Wno-missing-profile
endif
# --reloop-limit 65: Verilator 5.006 splits a wide signal's copy into one assignment per word
# (up to 64 words) and rolls 40 or more of them back into a loop whose counter it declares after
# the loop when the copy is an assertion's sampled value (`__Vilp` was not declared; the
# `fpga_3x3` preset's 2,048-bit configuration chains). Not rolling copies of 64 words or fewer avoids it.
VERILATOR_BUILD_FLAGS := --cc --exe -O3 --x-assign fast $(TB_PROFILE_VFLAGS) -Wno-fatal --MMD --reloop-limit 65 $(TB_VOPT)

# Flags are tracked (docs/harness.md "Flags are tracked"): each build step writes the flags it
# uses (Verilator's, the testbench C compiler's, the model's C++ compiler's and PGO's) to a stamp
# file, rewritten only when they differ from the last build's, and depends on it; so a changed
# TB_VOPT, TB_OPT_FAST, TB_CXX, TB_PGO or CC rebuilds what it affects and nothing else. The
# stamp is looked at on every make (TB_FORCE), but only a change makes it newer. The model's
# objects are compiled by Verilator's own makefile, which does not know the flags: a changed
# Verilator or C++ stamp removes them. $(call tb_flag_stamp,TEXT,EXTRA): recipe writing TEXT to
# $@ when it changed, then running the shell command EXTRA.
.PHONY: TB_FORCE
TB_FORCE:
tb_sq = $(subst ','\'',$(1))
tb_flag_stamp = @mkdir -p $(@D); printf '%s\n' '$(call tb_sq,$(1))' | cmp -s - $@ \
                  || { printf '%s\n' '$(call tb_sq,$(1))' > $@; $(2) true; }

# Verilator's runtime (verilated.cpp, the FST writer, the thread pool) does not depend on the
# model: with the same VERILATOR_BUILD_FLAGS it is the same objects for every testbench. It is
# compiled once here (from a one-line model, by Verilator's own makefile, so with exactly the
# flags a testbench would use) and linked into every testbench and the RTL device, instead of
# once per testbench: about 15 s of CPU each, for the 35 testbenches of `make test`.
VLIB_DIR  := $(TB_ROOT)/verilated
VLIB_OBJS := $(addprefix $(abspath $(VLIB_DIR))/,verilated.o verilated_threads.o \
               $(if $(filter --trace-fst,$(VERILATOR_BUILD_FLAGS)),verilated_fst_c.o))

$(VLIB_DIR)/flags: TB_FORCE
	$(call tb_flag_stamp,verilator $(VERILATOR_BUILD_FLAGS),rm -f $(VLIB_DIR)/*.o;)

$(VLIB_DIR)/.built: $(VLIB_DIR)/flags
	@mkdir -p $(VLIB_DIR)
	@echo "  BUILD    Verilator runtime objects"
	@printf 'module vlib_top (input logic clk_i);\nendmodule\n' > $(VLIB_DIR)/vlib_top.sv
	$(Q)verilator $(filter-out --exe,$(VERILATOR_BUILD_FLAGS)) -Wno-UNUSEDSIGNAL --top-module vlib_top \
	    -Mdir $(VLIB_DIR) $(VLIB_DIR)/vlib_top.sv > $(VLIB_DIR)/build.log 2>&1 \
	    && $(MAKE) -s -C $(VLIB_DIR) -f Vvlib_top.mk $(notdir $(VLIB_OBJS)) >> $(VLIB_DIR)/build.log 2>&1 \
	    || { cat $(VLIB_DIR)/build.log; exit 1; }
	@touch $@

# $(call tb_rules,NAME)
define tb_rules
TB_DIR_$(1) := $(TB_ROOT)/$(CONFIG)/$(1)
TB_OBJS_$(1) := $$(patsubst %.c,$$(TB_DIR_$(1))/c/%.o,$$($(1)_C) $$(TB_COMMON_C))

# The flags of each step (tracked: see TB_FORCE above). A new Verilator or C++ stamp removes
# the model's objects and binary, which Verilator's makefile would otherwise keep.
$$(TB_DIR_$(1))/flags.verilate: TB_FORCE
	$$(call tb_flag_stamp,verilator $$(VERILATOR_BUILD_FLAGS) $$($(1)_VFLAGS) --top-module $$($(1)_TOP),rm -f $$(TB_DIR_$(1))/obj/*.o $$(TB_DIR_$(1))/obj/*.a;)
$$(TB_DIR_$(1))/flags.c: TB_FORCE
	$$(call tb_flag_stamp,$$(CC) $$(TB_CFLAGS) $$($(1)_CFLAGS))
$$(TB_DIR_$(1))/flags.model: TB_FORCE
	$$(call tb_flag_stamp,$$(TB_CXX) $$(TB_OPT_FAST) pgo=$$(TB_PGO_$(1)) $$(TB_PGO_GEN) $$(TB_PGO_USE) $$($(1)_PGO_TRAIN),rm -f $$(TB_DIR_$(1))/obj/*.o $$(TB_DIR_$(1))/obj/*.a;)

# The stamp, not V<top>.h, marks a fresh model: Verilator leaves unchanged files untouched.
$$(TB_DIR_$(1))/obj/V$$($(1)_TOP).h: $$(TB_DIR_$(1))/obj/.verilated
$$(TB_DIR_$(1))/obj/.verilated: $$(RTL_PKGS) $$($(1)_RTL) $$(TB_DIR_$(1))/flags.verilate | gen
	@mkdir -p $$(TB_DIR_$(1))/obj
	@echo "  VERILATE $(1) ($$($(1)_TOP), $(CONFIG))"
	$(Q)verilator $$(VERILATOR_BUILD_FLAGS) $$($(1)_VFLAGS) --top-module $$($(1)_TOP) -Mdir $$(TB_DIR_$(1))/obj \
	    -CFLAGS "-I$$(abspath tb/common) -I$$(abspath $$(TB_DIR_$(1)))" \
	    $$(RTL_PKGS) $$($(1)_RTL) $$(abspath $$(TB_DIR_$(1)))/dut_shim.cpp > $$(TB_DIR_$(1))/verilate.log 2>&1 \
	    || { cat $$(TB_DIR_$(1))/verilate.log; exit 1; }
	@touch $$@

# dut.h follows the stamp, not V<top>.h: make does not re-read the time of a target without a
# recipe, so a port that changed width would keep a stale dut.h in an incremental build.
$$(TB_DIR_$(1))/dut.h: $$(TB_DIR_$(1))/obj/.verilated tools/gen_dut_shim.py
	$(Q)python3 tools/gen_dut_shim.py $$(TB_DIR_$(1))/obj/V$$($(1)_TOP).h $$(TB_DIR_$(1))
	@# the generator leaves an unchanged dut.h untouched: mark it fresh, or every make relinks
	@touch $$@

$$(TB_DIR_$(1))/c/%.o: %.c $$(TB_COMMON_H) $$(TB_DIR_$(1))/dut.h $(GEN)/.stamp $$(TB_DIR_$(1))/flags.c
	@mkdir -p $$(dir $$@)
	$(Q)$(CC) $$(TB_CFLAGS) $$($(1)_CFLAGS) -I$$(TB_DIR_$(1)) -c $$< -o $$@

TB_PGO_$(1) := $$(if $$(and $$(filter 1,$(TB_PGO)),$$(filter fast,$(PROFILE)),$$($(1)_PGO_TRAIN)),1)

# The training run of profile-guided optimisation (TB_PGO above): the instrumented build, the
# run, and removal of the instrumented objects so the final build below compiles them again with
# the profile (clang: all of them, into ../model.profdata; g++: those with a profile file). A
# failing training run only leaves a partial profile.
$$(TB_DIR_$(1))/obj/.pgo: $$(TB_DIR_$(1))/obj/.verilated $$(TB_DIR_$(1))/dut.h $$(TB_OBJS_$(1)) $(VLIB_DIR)/.built \
                          $$(TB_DIR_$(1))/flags.model
	@echo "  PGO      $(1) ($(CONFIG)): instrumented build and training run"
	@rm -f $$(TB_DIR_$(1))/obj/V$$($(1)_TOP) $$(TB_DIR_$(1))/obj/*.gcda $$(TB_DIR_$(1))/*.profraw \
	    $(if $(TB_PGO_CLANG),$$(TB_DIR_$(1))/obj/*.o $$(TB_DIR_$(1))/obj/*.a)
	$(Q)$$(MAKE) -s -C $$(TB_DIR_$(1))/obj -f V$$($(1)_TOP).mk CXX=$(TB_CXX) LINK=$(TB_CXX) OPT_FAST="$(TB_OPT_FAST) $(TB_PGO_GEN)" VM_GLOBAL_FAST= \
	    LDFLAGS="$(TB_PGO_GEN) $$(abspath $$(TB_OBJS_$(1))) $(VLIB_OBJS) -lm" > $$(TB_DIR_$(1))/pgo.log 2>&1 \
	    || { tail -40 $$(TB_DIR_$(1))/pgo.log; exit 1; }
	$(Q)cd $$(TB_DIR_$(1))/obj && LLVM_PROFILE_FILE=../train-%p.profraw ./V$$($(1)_TOP) $$($(1)_PGO_TRAIN) --quiet >> ../pgo.log 2>&1 \
	    || echo "  PGO      $(1) ($(CONFIG)): the training run failed (see $$(TB_DIR_$(1))/pgo.log); the profile is partial"
ifeq ($(TB_PGO_CLANG),1)
	$(Q)llvm-profdata-19 merge -o $$(TB_DIR_$(1))/model.profdata $$(TB_DIR_$(1))/*.profraw >> $$(TB_DIR_$(1))/pgo.log 2>&1 \
	    || { tail -20 $$(TB_DIR_$(1))/pgo.log; exit 1; }
	@rm -f $$(TB_DIR_$(1))/*.profraw $$(TB_DIR_$(1))/obj/*.o $$(TB_DIR_$(1))/obj/*.a $$(TB_DIR_$(1))/obj/V$$($(1)_TOP)
else
	$(Q)cd $$(TB_DIR_$(1))/obj && for f in *.gcda; do [ -e "$$$$f" ] && rm -f "$$$${f%.gcda}.o"; done; rm -f V$$($(1)_TOP)
endif
	@touch $$@

$$(TB_DIR_$(1))/sim: $$(TB_DIR_$(1))/obj/.verilated $$(TB_DIR_$(1))/dut.h $$(TB_OBJS_$(1)) $(VLIB_DIR)/.built \
                     $$(TB_DIR_$(1))/flags.model $$(if $$(TB_PGO_$(1)),$$(TB_DIR_$(1))/obj/.pgo)
	@echo "  BUILD    $(1) ($(CONFIG))"
	@# The testbench objects reach Verilator's makefile only through LDFLAGS, so it would
	@# not relink for a changed testbench: remove its binary to force the link.
	@rm -f $$(TB_DIR_$(1))/obj/V$$($(1)_TOP)
	@# VM_GLOBAL_FAST empty: the model's makefile does not compile Verilator's runtime again
	$(Q)$$(MAKE) -s -C $$(TB_DIR_$(1))/obj -f V$$($(1)_TOP).mk VM_GLOBAL_FAST= CXX=$(TB_CXX) \
	    OPT_FAST="$(TB_OPT_FAST) $$(if $$(TB_PGO_$(1)),$(TB_PGO_USE))" \
	    LDFLAGS="$$(abspath $$(TB_OBJS_$(1))) $(VLIB_OBJS) -lm" > $$(TB_DIR_$(1))/build.log 2>&1 \
	    || { tail -40 $$(TB_DIR_$(1))/build.log; exit 1; }
	$(Q)cp $$(TB_DIR_$(1))/obj/V$$($(1)_TOP) $$@

.PHONY: tb-$(1)
tb-$(1): $$(TB_DIR_$(1))/sim
endef

include $(wildcard tb/*/*.mk)
$(foreach t,$(TESTBENCHES),$(eval $(call tb_rules,$(t))))

.PHONY: testbenches
testbenches: $(foreach t,$(TESTBENCHES),tb-$(t))

# Host-only C tests (tb/host/*.c): built twice, with ASan+UBSan and plain for valgrind.
HOST_TEST_LIBS := tb/common/mem_model.c tb/common/stats.c sw/lib/vgiw_arith.c
HOST_CFLAGS    := -std=c11 -O1 -g -Wall -Wextra -Werror -ffp-contract=off -Itb/common -Itb/host -Isw/lib -I$(GEN)

$(BUILD)/host/%.asan: tb/host/%.c $(HOST_TEST_LIBS) $(TB_COMMON_H) $(wildcard tb/host/*.h) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $< $(HOST_TEST_LIBS) -lm

$(BUILD)/host/%.plain: tb/host/%.c $(HOST_TEST_LIBS) $(TB_COMMON_H) $(wildcard tb/host/*.h) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $< $(HOST_TEST_LIBS) -lm
