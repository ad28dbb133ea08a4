# vgiw-simtcc: OpenCL C kernels for the SIMT core (docs/simt.md "Kernels"). Builds under
# build/sw/: the compiler build/sw/bin/vgiw-simtcc, its start-up code, work-item library and
# linker script in build/sw/simt/, and it needs the libclc bitcode of vgiwcc (vgiw_clc.bc).
#
#   make simtcc
SIMT_SW_OUT  := $(BUILD)/sw
SIMT_OUT     := $(SIMT_SW_OUT)/simt
SIMT_RV_CC   ?= clang-19
# the CSR numbers (vgiw_simt_csr.h) come from arch/base.toml [simt], the same in every preset: the
# library is built once, with the header of $(CONFIG)
SIMT_RV_FLAGS := --target=riscv32 -march=rv32imf -mabi=ilp32f -Isw/simtcc -I$(GEN)/$(CONFIG)
SIMT_LIB     := $(SIMT_OUT)/simt_wi.bc $(SIMT_OUT)/simt_crt.o $(SIMT_OUT)/simt.ld
SIMTCC       := $(SIMT_SW_OUT)/bin/vgiw-simtcc

$(SIMT_OUT)/simt_wi.bc: sw/simtcc/simt_wi.c sw/simtcc/simt_launch.h sw/native/vg_int_builtins.h $(GEN)/.stamp
	@mkdir -p $(dir $@)
	@echo "  RV32     $@"
	$(Q)$(SIMT_RV_CC) $(SIMT_RV_FLAGS) -O2 -ffreestanding -nostdlib -Wall -Wextra -Werror -emit-llvm -c $< -o $@

$(SIMT_OUT)/simt_crt.o: sw/simtcc/simt_crt.S sw/simtcc/simt_launch.h $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(SIMT_RV_CC) $(SIMT_RV_FLAGS) -c $< -o $@

$(SIMT_OUT)/simt.ld: sw/simtcc/simt.ld
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

$(SIMT_SW_OUT)/obj/simtcc/simtcc.o: sw/simtcc/simtcc.c sw/simtcc/simt_launch.h $(SW_HDRS) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_CFLAGS) -Isw/simtcc $(SW_LLVM_CFLAGS) -c $< -o $@

$(SIMTCC): $(SIMT_SW_OUT)/obj/simtcc/simtcc.o $(addprefix $(SIMT_SW_OUT)/obj/lib/,vg_proc.o vg_args.o self_dir.o vg_hoist.o vg_file.o) \
           $(SIMT_SW_OUT)/obj/image/vgiw_image.o
	@mkdir -p $(dir $@)
	@echo "  LINK     vgiw-simtcc"
	$(Q)$(SW_CC) $^ $(SW_LLVM_LIBS) -lm -o $@

# the ASan/UBSan twin, which the ASan builds of vgiw-run and the apps call (build/sw/asan/bin)
$(SIMT_SW_OUT)/asan/obj/simtcc/simtcc.o: sw/simtcc/simtcc.c sw/simtcc/simt_launch.h $(SW_HDRS) $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_WARN) $(SW_INC) $(SW_SAN) -Isw/simtcc $(SW_LLVM_CFLAGS) -c $< -o $@

$(SIMT_SW_OUT)/asan/bin/vgiw-simtcc: $(SIMT_SW_OUT)/asan/obj/simtcc/simtcc.o $(addprefix $(SIMT_SW_OUT)/asan/obj/lib/,vg_proc.o vg_args.o self_dir.o vg_hoist.o vg_file.o) \
                                     $(SIMT_SW_OUT)/asan/obj/image/vgiw_image.o
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_SAN) $^ $(SW_LLVM_LIBS) -lm -o $@

.PHONY: simtcc
simtcc: $(SIMTCC) $(SIMT_SW_OUT)/asan/bin/vgiw-simtcc $(SIMT_LIB) $(SIMT_SW_OUT)/native/vgiw_clc.bc
