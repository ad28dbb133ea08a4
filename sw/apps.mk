# The application kernel set (docs/apps.md): one host program per sw/apps/<name>/, linked
# with the host helper library (sw/apps/common) and the interpreter; plain builds in
# build/sw/apps/bin, ASan/UBSan twins in build/sw/asan/apps/bin.
#
#   make apps          every application host program (and the sw tools they call)

# This file is read before sw/sw.mk (alphabetical): it names its own paths and flags, since
# prerequisites are expanded when read.
APPS        := $(notdir $(patsubst %/,%,$(dir $(wildcard sw/apps/*/*_host.c))))
APPS_OUT    := $(BUILD)/sw
APPS_HDRS   := $(wildcard sw/apps/common/*.h sw/*/*.h)
APPS_DEPS_C := sw/interp/interp.c sw/interp/fabexec.c sw/lib/vgiw_layout.c sw/image/vgiw_image.c sw/lib/vgiw_arith.c sw/lib/self_dir.c \
               sw/native/native_build.c sw/lib/vg_proc.c sw/lib/vg_args.c sw/lib/vg_hoist.c sw/lib/vg_file.c
APPS_SAN    := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: apps
apps: sw $(addprefix $(APPS_OUT)/apps/bin/,$(APPS)) $(addprefix $(APPS_OUT)/asan/apps/bin/,$(APPS))

# $(call apps_variant,OUTDIR,OBJDIR,CFLAGS)
define apps_variant
$(2)/apps/%.o: sw/apps/%.c $(APPS_HDRS) $(GEN)/.stamp
	@mkdir -p $$(dir $$@)
	$(Q)$$(SW_CC) $$(SW_WARN) $$(SW_INC) -Isw/apps/common -Isw/runtime $(3) -c $$< -o $$@

endef

# $(call apps_link,OUTDIR,OBJDIR,CFLAGS,APP)
define apps_link
$(1)/$(4): $(2)/apps/$(4)/$(4)_host.o $(2)/apps/common/app.o $(patsubst sw/%.c,$(2)/%.o,$(APPS_DEPS_C)) $(2)/gen/vgiw_presets.o
	@mkdir -p $$(dir $$@)
	$(Q)$$(SW_CC) $(3) $$^ -ldl -lm -o $$@

endef

$(eval $(call apps_variant,$(APPS_OUT)/apps/bin,$(APPS_OUT)/obj,-O2 -g))
$(eval $(call apps_variant,$(APPS_OUT)/asan/apps/bin,$(APPS_OUT)/asan/obj,$(APPS_SAN)))
$(foreach a,$(APPS),$(eval $(call apps_link,$(APPS_OUT)/apps/bin,$(APPS_OUT)/obj,-O2 -g,$(a))))
$(foreach a,$(APPS),$(eval $(call apps_link,$(APPS_OUT)/asan/apps/bin,$(APPS_OUT)/asan/obj,$(APPS_SAN),$(a))))
