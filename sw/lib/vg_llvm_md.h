/* What the two OpenCL compilers (vgiwcc, vgiw-simtcc) do alike through the LLVM C API: read
 * clang's OpenCL kernel metadata (kernel_arg_name, kernel_arg_type, ...: vgiwcc's lower_args,
 * vgiw-simtcc's kernel_args) and link the libclc builtin library. Header-only because only the
 * programs linked with LLVM include it; the image library stays free of LLVM. */
#ifndef VG_LLVM_MD_H
#define VG_LLVM_MD_H

#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>

/* String operand i of the function metadata node KIND of fn, copied into buf (cap bytes);
 * NULL when there is no such node or operand, or the string does not fit. */
static inline const char *md_string(LLVMValueRef fn, const char *kind, unsigned i, char *buf, size_t cap)
{
    LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
    unsigned kid = LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind));
    size_t n = 0;
    LLVMValueMetadataEntry *ents = LLVMGlobalCopyAllMetadata(fn, &n);
    const char *res = NULL;
    for (unsigned e = 0; e < n && !res; e++) {
        if (LLVMValueMetadataEntriesGetKind(ents, e) != kid)
            continue;
        LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(ents, e));
        unsigned nops = LLVMGetMDNodeNumOperands(node);
        if (i >= nops)
            break;
        LLVMValueRef *ops = calloc(nops, sizeof *ops);
        if (!ops)
            break;
        LLVMGetMDNodeOperands(node, ops);
        unsigned len = 0;
        const char *s = ops[i] ? LLVMGetMDString(ops[i], &len) : NULL;
        if (s && len < cap) {
            memcpy(buf, s, len);
            buf[len] = 0;
            res = buf;
        }
        free(ops);
    }
    if (ents)
        LLVMDisposeValueMetadataEntries(ents);
    return res;
}

/* Links the builtin library lib (libclc bitcode, consumed) into m as both compilers do, so both
 * cores run the same builtin code: its function definitions become discardable (linkonce_odr:
 * after globaldce only what the kernels reach remains, never exported), its tables (globals
 * with an initializer) internal; lib takes m's data layout and target. Returns
 * LLVMLinkModules2's result: nonzero when linking failed. */
static inline int vgl_link_builtins(LLVMModuleRef m, LLVMModuleRef lib)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
    for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g))
        if (LLVMGetInitializer(g))
            LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(m));
    LLVMSetTarget(lib, LLVMGetTarget(m));
    return LLVMLinkModules2(m, lib);
}

#endif
