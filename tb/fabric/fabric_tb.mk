# Fabric testbench (docs/fabric-tests.md): the whole fabric of a preset behind a monitor
# wrapper, configured with the configuration library, driven by tb/fabric/fabric_tb.c.
TESTBENCHES    += fabric_tb
fabric_tb_TOP  := vgiw_fabric_tb_top
fabric_tb_RTL  := tb/fabric/vgiw_fabric_tb_top.sv $(filter-out %_pkg.sv,$(wildcard rtl/fabric/*.sv rtl/common/*.sv rtl/fu/*.sv))
fabric_tb_C    := tb/fabric/fabric_tb.c tb/fabric/fabric_graphs.c sw/lib/fabric_cfg.c $(GEN)/vgiw_presets.c

# Host test of the configuration library, with ASan+UBSan and plain (valgrind).
# (with the interpreter's decoder, which must reject what the library never makes)
FABRIC_CFG_TEST_SRC := tb/fabric/fabric_cfg_test.c sw/lib/fabric_cfg.c sw/interp/fabexec.c $(GEN)/vgiw_presets.c
FABRIC_CFG_TEST_DEP := $(FABRIC_CFG_TEST_SRC) sw/lib/fabric_cfg.h sw/interp/fabexec.h tb/host/test_util.h $(TB_COMMON_H)
FABRIC_CFG_TEST_INC := -Isw/interp -Isw/image

$(BUILD)/host/fabric_cfg_test.asan: $(FABRIC_CFG_TEST_DEP) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) $(FABRIC_CFG_TEST_INC) -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $(FABRIC_CFG_TEST_SRC)

$(BUILD)/host/fabric_cfg_test.plain: $(FABRIC_CFG_TEST_DEP) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) $(FABRIC_CFG_TEST_INC) -o $@ $(FABRIC_CFG_TEST_SRC)

# -fno-dfg: Verilator's DFG pass merges the fabric's thousands of per-link assignments
# into chained wide concatenations, evaluated every cycle (several times slower).
fabric_tb_VFLAGS := -fno-dfg
