/* Linking the OpenCL C builtins that vgiwcc does not lower itself (exp, sin, floor, fmod,
 * popcount, rotate, add_sat, ...) from libclc (docs/compiler.md "Math and common
 * builtins"). The library is libclc's own LLVM bitcode, reduced by sw/clc/clc_prep.sh; its
 * functions are linked into the kernel's module, inlined (ir_inline_calls) and lowered like
 * the kernel's own code, so there is no second implementation of any of them. Native
 * execution links the same file (sw/native/native_build.c), so the engines agree bit for
 * bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "self_dir.h"
#include "vg_llvm_md.h"
#include "vgiwcc.h"


/* The library sits next to the native shim: build/sw/native/vgiw_clc.bc, found from the
 * directory of this program (build/sw/bin or build/sw/asan/bin); $VGIW_CLC overrides. */
static int clc_path(char *out, size_t len)
{
    const char *env = getenv("VGIW_CLC");
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return 0;
    }
    char dir[4096];
    if (vg_self_dir(dir, sizeof dir) != 0)
        return -1;
    snprintf(out, len, "%s/../native/vgiw_clc.bc", dir);
    if (access(out, R_OK) == 0)
        return 0;
    snprintf(out, len, "%s/../../native/vgiw_clc.bc", dir);
    return 0;
}

/* Whether the module declares (calls) an OpenCL builtin that vgiwcc does not lower itself. */
static const char *first_foreign_builtin(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f))
            continue;
        size_t n;
        const char *name = LLVMGetValueName2(f, &n), *params;
        char bn[128];
        if (ir_demangle(name, bn, sizeof bn, &params) && !ir_own_builtin(bn))
            return name;
    }
    return NULL;
}

void clc_link(LLVMModuleRef m)
{
    const char *need = first_foreign_builtin(m);
    if (!need)
        return;   /* modules calling no such builtin are not touched */
    char path[4200];
    if (clc_path(path, sizeof path) != 0 || access(path, R_OK) != 0)
        fatal("%s: error: the kernel calls '%s', but the builtin library '%s' is missing (make sw builds it from "
              "libclc-19)", g_source_name, need, path);
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
        fatal("error: cannot read the builtin library '%s': %s", path, msg ? msg : "?");
    LLVMModuleRef lib = NULL;
    int bad = LLVMParseBitcodeInContext2(ctx, buf, &lib);
    LLVMDisposeMemoryBuffer(buf);
    if (bad)
        fatal("error: the builtin library '%s' is not valid LLVM bitcode", path);
    /* library definitions discardable, so that after linking only the functions the kernels
     * reach remain (globaldce below) (vg_llvm_md.h, the same for vgiw-simtcc) */
    if (vgl_link_builtins(m, lib))   /* takes lib */
        fatal("%s: error: linking the builtin library '%s' failed", g_source_name, path);
    run_passes(m, "globaldce", "after linking the builtin library");
}

static int has_vectors(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVectorTypeKind)
                    return 1;
                for (int k = 0; k < LLVMGetNumOperands(i); k++) {
                    LLVMValueRef o = LLVMGetOperand(i, k);
                    if (!LLVMIsABasicBlock(o) && LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMVectorTypeKind)
                        return 1;
                }
            }
    return 0;
}

/* Vector types (float4, int2, swizzles, vload/vstore, vector compares and select) are
 * scalarized by LLVM's scalarizer, loads and stores included (-scalarize-load-store);
 * instcombine then folds the insert/extract chains it leaves between scalar values, so
 * the lowering sees scalars only (issue 23 item 3). Modules without vectors are not
 * touched. */
void ir_scalarize(LLVMModuleRef m)
{
    if (!has_vectors(m))
        return;
    static int opts;
    if (!opts) {
        const char *argv[] = { "vgiwcc", "-scalarize-load-store" };
        LLVMParseCommandLineOptions(2, argv, NULL);
        opts = 1;
    }
    run_passes(m, "function(scalarizer,instcombine,dce,simplifycfg)", "scalarizing vector code");
}
