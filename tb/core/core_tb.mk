# Core testbench (docs/core.md, "Tests"): the whole VGIW core `vgiw_core` of a preset, driven
# by tb/core/core_tb.c as a host would (docs/core.md), with multi-block kernels built by
# tb/core/kbuild.c and checked against plain-C golden models (tb/core/kernels.c).
TESTBENCHES  += core_tb
core_tb_TOP  := vgiw_core
core_tb_RTL  := $(filter-out %_pkg.sv,$(wildcard rtl/core/*.sv rtl/ctrl/*.sv rtl/mem/*.sv rtl/fabric/*.sv \
                  rtl/fu/*.sv rtl/common/*.sv))
# the kernel-in-memory contract: sw/lib/vgiw_layout.c (its relocation part uses sw/image)
KLAYOUT_C    := sw/lib/vgiw_layout.c sw/image/vgiw_image.c sw/lib/vg_file.c
core_tb_C    := tb/core/core_tb.c tb/core/host_port.c tb/core/kbuild.c tb/core/kernels.c sw/lib/fabric_cfg.c $(KLAYOUT_C) \
                $(GEN)/vgiw_presets.c
# as for the fabric testbench: DFG merges the per-link assignments into slow wide chains
core_tb_VFLAGS := -fno-dfg
core_tb_CFLAGS := -Itb/core -Isw/image
# the training run of the fast profile's profile-guided build (tb/tb.mk, docs/harness.md
# "Simulation speed"): random multi-block kernels, which reach every unit kind, the memory
# system and reconfiguration, in a few CPU-seconds
core_tb_PGO_TRAIN := --op random --count 4 --seed 7

# Host self-check of the kernel side (no RTL): layout parses back, interpreted graphs equal
# the golden models; with ASan+UBSan and plain (valgrind).
KBUILD_TEST_SRC := tb/core/kbuild_test.c tb/core/kbuild.c tb/core/kernels.c sw/lib/fabric_cfg.c $(KLAYOUT_C) \
                   $(GEN)/vgiw_presets.c tb/common/mem_model.c sw/lib/vgiw_arith.c
KBUILD_TEST_DEP := $(KBUILD_TEST_SRC) $(wildcard tb/core/*.h) sw/lib/fabric_cfg.h sw/lib/vgiw_layout.h $(TB_COMMON_H)

$(BUILD)/host/kbuild_test.asan: $(KBUILD_TEST_DEP) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -Itb/core -Isw/image -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $(KBUILD_TEST_SRC) -lm

$(BUILD)/host/kbuild_test.plain: $(KBUILD_TEST_DEP) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -Itb/core -Isw/image -o $@ $(KBUILD_TEST_SRC) -lm
