# Software: vgiwcc (compiler), image library, vgiw-objdump, functional interpreter,
# native golden execution, clcheck (docs/compiler.md). Everything builds under build/sw/.
#
#   make sw            all tools (build/sw/bin/) and their ASan/UBSan twins (build/sw/asan/bin/)

SW_OUT      := $(BUILD)/sw
SW_CC       ?= gcc
LLVM_CONFIG ?= llvm-config-19
SW_WARN     := -std=c11 -Wall -Wextra -Werror -ffp-contract=off -fno-strict-aliasing
SW_INC      := -Isw/image -Isw/lib -Isw/interp -Isw/native -Isw/runtime -I$(GEN)
SW_CFLAGS   := $(SW_WARN) -O2 -g $(SW_INC)
SW_SAN      := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# Evaluated lazily: only builds that link vgiwcc run llvm-config.
SW_LLVM_CFLAGS = $(shell $(LLVM_CONFIG) --cflags)
SW_LLVM_LIBS   = $(shell $(LLVM_CONFIG) --ldflags --libs core bitreader irreader analysis passes linker)

# the image library reads files through the whole-file reader (sw/lib/vg_file.c)
SW_IMAGE_C  := sw/image/vgiw_image.c sw/lib/vg_file.c
SW_ARITH_C  := sw/lib/vgiw_arith.c
SW_CC_C     := $(wildcard sw/vgiwcc/*.c)
SW_CC_H     := $(wildcard sw/vgiwcc/*.h) sw/image/vgiw_image.h
# the kernel-in-memory contract (tile rule, descriptor, block table, shift order, relocation)
SW_LAYOUT_C := sw/lib/vgiw_layout.c
SW_INTERP_C := sw/interp/interp.c sw/interp/fabexec.c $(SW_LAYOUT_C)
SW_FCFG_C   := sw/lib/fabric_cfg.c
SW_NATIVE_C := sw/native/native_build.c
# child processes, temporary directories, the command-line parser (docs/runtime.md "Defences")
SW_LIB_C    := sw/lib/vg_proc.c sw/lib/vg_args.c sw/lib/vg_hoist.c sw/lib/vg_file.c
SW_HDRS     := $(wildcard sw/*/*.h) sw/lib/vgiw_arith.h

SW_TOOLS    := vgiwcc vgiw-objdump clcheck imgfuzz pnrcheck vgiw-link
SW_BINS     := $(addprefix $(SW_OUT)/bin/,$(SW_TOOLS)) $(addprefix $(SW_OUT)/asan/bin/,$(SW_TOOLS)) \
               $(SW_OUT)/native/vgiw_native_shim.o $(SW_OUT)/native/vgiw_clc.bc $(SW_OUT)/native/vgiw_native_vload.o \
               $(SW_OUT)/native/vgiw_native_atomics.o \
               $(SW_OUT)/native/vgiw_native_ptr.bc

.PHONY: sw
sw: $(SW_BINS)

# $(call sw_variant,DIR,EXTRA_CFLAGS)
define sw_variant
$(1)/obj/%.o: sw/%.c $(SW_HDRS) $(GEN)/.stamp
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(SW_WARN) $(SW_INC) $(2) $$(if $$(findstring vgiwcc/,$$<),$$(SW_LLVM_CFLAGS)) -c $$< -o $$@

# The generated preset tables (interconnect, grid) for the back end, interpreter and checker.
$(1)/obj/gen/vgiw_presets.o: $(GEN)/vgiw_presets.c $(GEN)/vgiw_presets.h $(GEN)/.stamp
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(SW_WARN) $(SW_INC) $(2) -c $$< -o $$@

$(1)/bin/vgiwcc: $(patsubst sw/%.c,$(1)/obj/%.o,$(SW_CC_C) $(SW_IMAGE_C) $(SW_ARITH_C) $(SW_FCFG_C) $(SW_LIB_C) $(SW_LAYOUT_C) sw/lib/self_dir.c sw/interp/fabexec.c) $(1)/obj/gen/vgiw_presets.o
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ $$(SW_LLVM_LIBS) -lm -o $$@

$(1)/bin/vgiw-objdump: $(patsubst sw/%.c,$(1)/obj/%.o,sw/cmd/objdump.c $(SW_IMAGE_C) $(SW_LIB_C))
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ -lm -o $$@

$(1)/bin/clcheck: $(patsubst sw/%.c,$(1)/obj/%.o,sw/cmd/clcheck.c sw/lib/ndrange.c sw/lib/self_dir.c $(SW_LIB_C) $(SW_NATIVE_C) $(SW_INTERP_C) $(SW_IMAGE_C) $(SW_ARITH_C)) $(1)/obj/gen/vgiw_presets.o
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ -ldl -lm -o $$@

$(1)/bin/imgfuzz: $(patsubst sw/%.c,$(1)/obj/%.o,sw/cmd/imgfuzz.c $(SW_INTERP_C) $(SW_IMAGE_C) $(SW_ARITH_C)) $(1)/obj/gen/vgiw_presets.o
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ -lm -o $$@

# the FPGA board's host link over a serial port (docs/fpga.md)
$(1)/bin/vgiw-link: $(patsubst sw/%.c,$(1)/obj/%.o,sw/cmd/vgiw_link.c sw/lib/hostlink.c sw/lib/hostlink_serial.c)
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ -o $$@

$(1)/bin/pnrcheck: $(patsubst sw/%.c,$(1)/obj/%.o,sw/cmd/pnrcheck.c $(SW_IMAGE_C)) $(1)/obj/gen/vgiw_presets.o
	@mkdir -p $$(dir $$@)
	$(Q)$(SW_CC) $(2) $$^ -lm -o $$@
endef

$(eval $(call sw_variant,$(SW_OUT),-O2 -g))
$(eval $(call sw_variant,$(SW_OUT)/asan,$(SW_SAN)))

# The work-item shim linked into every natively compiled kernel (position independent).
$(SW_OUT)/native/vgiw_native_shim.o: sw/native/shim.c sw/native/vgiw_native.h sw/native/vg_int_builtins.h $(GEN)/.stamp
	@mkdir -p $(dir $@)
	$(Q)$(SW_CC) $(SW_WARN) -O2 -g -fPIC -Isw/native -c $< -o $@

# The OpenCL C builtin library (libclc's bitcode reduced by sw/clc/clc_prep.sh), linked by
# vgiwcc and by native execution (docs/compiler.md "Math and common builtins").
CLC_SRC ?= /usr/lib/clc/nvptx--.bc
$(SW_OUT)/native/vgiw_clc.bc: sw/clc/clc_prep.sh $(SW_OUT)/bin/vgiwcc
	@mkdir -p $(dir $@)
	$(Q)bash sw/clc/clc_prep.sh $(CLC_SRC) $(SW_OUT)/bin/vgiwcc $@

# fract, frexp, modf, sincos, remquo, lgamma_r with the x86-64 mangling, calling libclc's own
# functions, linked between a natively built kernel and the library (sw/native/ptr_builtins.cl).
$(SW_OUT)/native/vgiw_native_ptr.bc: sw/native/ptr_builtins.cl
	@mkdir -p $(dir $@)
	$(Q)clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target x86_64-unknown-linux-gnu -O1 -ffp-contract=off -fPIC -w -emit-llvm -c $< -o $@

# The atomic builtins with the x86-64 mangling for natively built kernels (sw/native/atomics.cl).
$(SW_OUT)/native/vgiw_native_atomics.o: sw/native/atomics.cl
	@mkdir -p $(dir $@)
	$(Q)clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target x86_64-unknown-linux-gnu -O1 -fPIC -w -c $< -o $@

# vloadN/vstoreN with the x86-64 mangling for natively built kernels (sw/native/vload.cl).
$(SW_OUT)/native/vgiw_native_vload.o: sw/native/vload.cl
	@mkdir -p $(dir $@)
	$(Q)clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target x86_64-unknown-linux-gnu -O1 -fPIC -w -c $< -o $@
