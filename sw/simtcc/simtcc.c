/* vgiw-simtcc: OpenCL C kernels for the SIMT core (docs/simt.md "Kernels", issue 21 item 1).
 *
 * The same .cl files vgiwcc compiles, by the same clang-19 front end with the same flags
 * (target spir, -O2, no unrolling or vectorizing, -ffp-contract=off), so both cores start from
 * the same LLVM IR; then, with the LLVM-C API:
 *   1. unsupported constructs are located errors (vgiwcc's message format);
 *   2. the OpenCL builtins come from the same libclc bitcode vgiwcc links (vgiw_clc.bc,
 *      sw/clc/clc_prep.sh), the work-item functions and the builtins vgiwcc lowers itself from
 *      simt_wi.bc (simt_wi.c): both cores run the same builtin code on the same datapaths;
 *   3. the module is retargeted to riscv32 (spir's 32-bit pointers and C layout are
 *      riscv32's), every kernel gets a wrapper __simt_k_<name>(const uint32_t *args) that
 *      reads its arguments from the launch block, and the kernel-information sections are
 *      added (names, argument kinds as in the vgiwcc image, entry addresses, mode flags);
 *   4. -O2, code generation for rv32imf/ilp32f, and ld.lld-19 with simt_crt.o and simt.ld.
 * The output is a static ELF the runtime's simt backend loads (sw/runtime/vrt_simt.c). */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "self_dir.h"
#include "simt_launch.h"
#include "vg_args.h"
#include "vg_file.h"
#include "vg_hoist.h"
#include "vg_llvm_md.h"
#include "vg_proc.h"
#include "vgiw_image.h"

#define CC_SPIR_FUNC 75
#define CC_SPIR_KERNEL 76
#define MAX_KERNELS 64

static const char *g_src = "?";
static char g_tmpdir[4096];

static _Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "vgiw-simtcc: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (g_tmpdir[0])
        vgp_rmdir(g_tmpdir);
    exit(1);
}

/* "FILE:LINE: error: unsupported: WHAT (kernel 'K')", as vgiwcc (docs/compiler.md) */
static _Noreturn void unsupported(LLVMValueRef at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void unsupported(LLVMValueRef at, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    unsigned line = 0;
    const char *fn = "?";
    if (at && LLVMIsAInstruction(at)) {
        line = LLVMGetDebugLocLine(at);
        size_t n;
        fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(at)), &n);
    }
    if (line)
        fatal("%s:%u: error: unsupported: %s (kernel '%s')", g_src, line, what, fn);
    fatal("%s: error: unsupported: %s (kernel '%s')", g_src, what, fn);
}

/* ---- files next to the tool: build/sw/bin/vgiw-simtcc -> build/sw/simt/, build/sw/native/ ---- */
static void lib_path(const char *env, const char *sub, const char *name, char *out, size_t len)
{
    const char *e = getenv(env);
    if (e && *e) {
        snprintf(out, len, "%s/%s", e, name);
        return;
    }
    char dir[4096];
    if (vg_self_dir(dir, sizeof dir) != 0)
        dir[0] = 0;
    snprintf(out, len, "%s/../%s/%s", dir, sub, name);
    if (access(out, R_OK) == 0)
        return;
    snprintf(out, len, "%s/../../%s/%s", dir, sub, name);
}

static LLVMModuleRef read_bc(LLVMContextRef ctx, const char *path, const char *what)
{
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
        fatal("error: cannot read %s '%s': %s (make simtcc builds it)", what, path, msg ? msg : "?");
    LLVMModuleRef m = NULL;
    int bad = LLVMParseBitcodeInContext2(ctx, buf, &m);
    LLVMDisposeMemoryBuffer(buf);
    if (bad)
        fatal("error: %s '%s' is not valid LLVM bitcode", what, path);
    return m;
}

static void run_passes(LLVMModuleRef m, const char *passes, const char *why)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, passes, NULL, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        char *em = LLVMGetErrorMessage(e);
        fprintf(stderr, "vgiw-simtcc: %s: error: %s: %s\n", g_src, why, em);
        LLVMDisposeErrorMessage(em);
        fatal("giving up");
    }
}

/* ---- 1. constructs the SIMT core cannot run (RV32IMF, no A extension, no libc) ---- */
static int is_fp_wide(LLVMTypeRef t)
{
    while (LLVMGetTypeKind(t) == LLVMVectorTypeKind || LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMDoubleTypeKind || k == LLVMHalfTypeKind;
}
static int is_i64(LLVMTypeRef t)
{
    while (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 32;
}

static void check_inst(LLVMValueRef in)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence ||
        ((op == LLVMLoad || op == LLVMStore) && LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic))
        unsupported(in, "atomic operation: atomics are not supported on the SIMT core (no A extension)");
    if (is_fp_wide(LLVMTypeOf(in)))
        unsupported(in, "double precision floating point");
    for (int k = 0; k < LLVMGetNumOperands(in); k++) {
        LLVMValueRef o = LLVMGetOperand(in, k);
        if (!LLVMIsABasicBlock(o) && LLVMTypeOf(o) && is_fp_wide(LLVMTypeOf(o)))
            unsupported(in, "double precision floating point");
    }
    if (op == LLVMFRem)
        unsupported(in, "floating-point remainder");
    /* 64-bit division and 64-bit <-> float conversions are library routines on RV32 */
    if ((op == LLVMSDiv || op == LLVMUDiv || op == LLVMSRem || op == LLVMURem) && is_i64(LLVMTypeOf(in)))
        unsupported(in, "64-bit integer division or remainder");
    if ((op == LLVMFPToSI || op == LLVMFPToUI) && is_i64(LLVMTypeOf(in)))
        unsupported(in, "conversion of a float to a 64-bit integer");
    if ((op == LLVMSIToFP || op == LLVMUIToFP) && is_i64(LLVMTypeOf(LLVMGetOperand(in, 0))))
        unsupported(in, "conversion of a 64-bit integer to a float");
}

static void check_module(LLVMModuleRef m)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
        if (as == 1 && !LLVMIsGlobalConstant(g)) {
            size_t n;
            fatal("%s: error: unsupported: program-scope variable '%s'", g_src, LLVMGetValueName2(g, &n));
        }
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                check_inst(i);
}

/* Calls of functions nobody defines after the libraries are linked: a located error at the
 * first call (printf, the builtins libclc does not provide: fract, sincos, tgamma, ...). */
static int provided_by_crt(const char *name)
{
    return !strcmp(name, "__simt_swap") || !strcmp(name, "__simt_fiber_start") || !strcmp(name, "__simt_bar") ||
           !strcmp(name, "memcpy") || !strcmp(name, "memset") || !strcmp(name, "memmove");
}

static void check_undefined(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (LLVMGetInstructionOpcode(i) != LLVMCall)
                    continue;
                LLVMValueRef c = LLVMGetCalledValue(i);
                if (!LLVMIsAFunction(c)) {
                    if (!LLVMIsAInlineAsm(c))
                        continue;   /* indirect calls: the core has JALR */
                    continue;
                }
                if (!LLVMIsDeclaration(c) || LLVMGetIntrinsicID(c))
                    continue;
                size_t n;
                const char *name = LLVMGetValueName2(c, &n);
                if (provided_by_crt(name))
                    continue;
                if (!strncmp(name, "_Z", 2)) {
                    const char *p = name + 2;
                    unsigned len = 0;
                    while (*p >= '0' && *p <= '9')
                        len = len * 10 + (unsigned)(*p++ - '0');
                    char bn[128];
                    snprintf(bn, sizeof bn, "%.*s", (int)(len < sizeof bn ? len : sizeof bn - 1), p);
                    /* OpenCL's atomic_* and atom_* builtins: vgiwcc's engines run them at the
                     * L1 bank (docs/compiler.md "Atomics"); RV32IMF has no A extension */
                    if (!strncmp(bn, "atomic_", 7) || !strncmp(bn, "atom_", 5))
                        unsupported(i, "call to '%s': atomics are not supported on the SIMT core (no A extension)",
                                    bn);
                    unsupported(i, "call to '%s' (not a supported builtin)", bn);
                }
                unsupported(i, "call to external function '%s'", name);
            }
}

/* The rounding intrinsics become calls of simt_wi.c's versions (FCVT with a static rounding mode
 * and back, the sign copied; they were bit-level while the core had RTZ only, docs/simt.md
 * "Floating point"), one definition the kernels link whatever the back end's lowering.
 * Vector forms are scalarized first. Returns how many declarations were replaced. */
static int replace_rounding(LLVMModuleRef m)
{
    static const char *const map[][2] = {
        { "llvm.floor.f32", "__simt_floorf" }, { "llvm.ceil.f32", "__simt_ceilf" },
        { "llvm.trunc.f32", "__simt_truncf" }, { "llvm.rint.f32", "__simt_rintf" },
        { "llvm.nearbyint.f32", "__simt_rintf" }, { "llvm.roundeven.f32", "__simt_rintf" },
        { "llvm.round.f32", "__simt_roundf" } };
    int vec = 0, n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
            size_t bl = strlen(map[i][0]) - 3;   /* "llvm.floor." */
            if (!strncmp(name, map[i][0], bl) && strcmp(name + bl, "f32"))
                vec = 1;
        }
    }
    if (vec)
        run_passes(m, "function(scalarizer,instcombine)", "scalarizing rounding intrinsics");
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        LLVMValueRef in = LLVMGetNamedFunction(m, map[i][0]);
        if (!in)
            continue;
        LLVMValueRef mine = LLVMGetNamedFunction(m, map[i][1]);
        if (!mine)
            fatal("%s: error: internal: the work-item library has no %s", g_src, map[i][1]);
        LLVMReplaceAllUsesWith(in, mine);
        LLVMDeleteFunction(in);
        n++;
    }
    return n;
}

/* ---- kernels and their arguments (the same kinds and types as vgiwcc's image) ---- */
typedef struct {
    char name[VG_NAME_MAX + 1];
    LLVMValueRef fn, wrapper;
    uint32_t nargs, flags;
    vg_arg args[VG_SRC_ARG_MAX];
    LLVMTypeRef byval[VG_SRC_ARG_MAX];
} kern_t;

static void kernel_args(LLVMModuleRef m, kern_t *K)
{
    LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
    unsigned n = LLVMCountParams(K->fn);
    if (n > VG_SRC_ARG_MAX)
        fatal("%s: error: unsupported: more than %d kernel arguments (kernel '%s')", g_src, VG_SRC_ARG_MAX, K->name);
    K->nargs = n;
    static unsigned byval_kind;
    if (!byval_kind)
        byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    for (unsigned i = 0; i < n; i++) {
        vg_arg *a = &K->args[i];
        char buf[128];
        const char *nm = md_string(K->fn, "kernel_arg_name", i, buf, sizeof buf);
        snprintf(a->name, sizeof a->name, "%s", nm && *nm ? nm : "");
        if (!a->name[0])
            snprintf(a->name, sizeof a->name, "arg%u", i);
        const char *tn = md_string(K->fn, "kernel_arg_base_type", i, buf, sizeof buf);
        if (!tn)
            tn = md_string(K->fn, "kernel_arg_type", i, buf, sizeof buf);
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(K->fn, i));
        LLVMTypeKind k = LLVMGetTypeKind(t);
        LLVMAttributeRef at = k == LLVMPointerTypeKind ? LLVMGetEnumAttributeAtIndex(K->fn, i + 1, byval_kind) : NULL;
        if (at) {
            K->byval[i] = LLVMGetTypeAttributeValue(at);
            unsigned long long size = LLVMABISizeOfType(td, K->byval[i]);
            if (size == 0 || size > 4096)
                fatal("%s: error: unsupported: struct argument '%s' of %llu bytes (1..4096) (kernel '%s')", g_src,
                      a->name, size, K->name);
            a->kind = VG_ARG_STRUCT;
            a->type = VG_T_OTHER;
            a->elem_size = (uint32_t)size;
        } else if (k == LLVMPointerTypeKind) {
            unsigned as = LLVMGetPointerAddressSpace(t);
            if (as != 1 && as != 2 && as != 3)
                fatal("%s: error: unsupported: kernel argument '%s' in address space %u (kernel '%s')", g_src, a->name,
                      as, K->name);
            a->kind = as == 3 ? VG_ARG_LOCAL : VG_ARG_BUFFER;
            a->addrspace = as == 3 ? 0 : as == 2 ? VG_AS_CONSTANT : VG_AS_GLOBAL;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : VG_T_OTHER;
            if (a->type == VG_T_OTHER)
                a->elem_size = 1;
            if (as == 3)
                K->flags |= SIMT_KINFO_FLAG_GROUP;
        } else if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64) {
            a->kind = VG_ARG_SCALAR;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : VG_T_I64;
            if (a->type != VG_T_I64 && a->type != VG_T_U64)
                a->type = VG_T_I64;
            a->elem_size = 8;
        } else if ((k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) <= 32 && LLVMGetIntTypeWidth(t) > 1) ||
                   k == LLVMFloatTypeKind) {
            a->kind = VG_ARG_SCALAR;
            a->elem_size = k == LLVMFloatTypeKind ? 4 : LLVMGetIntTypeWidth(t) / 8;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : (k == LLVMFloatTypeKind ? VG_T_F32 : VG_T_I32);
            if (a->type == VG_T_OTHER)
                fatal("%s: error: unsupported: kernel argument '%s' of type '%s' (kernel '%s')", g_src, a->name,
                      tn ? tn : "?", K->name);
        } else {
            fatal("%s: error: unsupported: kernel argument '%s' of this type (kernel '%s')", g_src, a->name, K->name);
        }
    }
    LLVMDisposeTargetData(td);
}

/* __simt_k_<name>(const uint32_t *args): one word per argument, as the runtime writes them
 * (sw/runtime/vrt_simt.c): buffers and __local pointers as addresses, 32-bit scalars as their
 * bits, 64-bit scalars and structs as the address of their bytes. */
static void make_wrapper(LLVMModuleRef m, kern_t *K)
{
    LLVMContextRef c = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(c), ptr = LLVMPointerTypeInContext(c, 0);
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c), &ptr, 1, 0);
    char wn[VG_NAME_MAX + 16];
    snprintf(wn, sizeof wn, "__simt_k_%s", K->name);
    LLVMValueRef w = LLVMAddFunction(m, wn, fty);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, w, "entry"));
    LLVMValueRef argp = LLVMGetParam(w, 0);
    LLVMValueRef vals[VG_SRC_ARG_MAX];
    for (unsigned i = 0; i < K->nargs; i++) {
        LLVMValueRef idx = LLVMConstInt(i32, i, 0);
        LLVMValueRef wp = LLVMBuildGEP2(b, i32, argp, &idx, 1, "");
        LLVMValueRef word = LLVMBuildLoad2(b, i32, wp, "");
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(K->fn, i));
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMPointerTypeKind)
            vals[i] = LLVMBuildIntToPtr(b, word, t, "");
        else if (k == LLVMFloatTypeKind)
            vals[i] = LLVMBuildBitCast(b, word, t, "");
        else if (LLVMGetIntTypeWidth(t) == 64)
            vals[i] = LLVMBuildLoad2(b, t, LLVMBuildIntToPtr(b, word, ptr, ""), "");
        else if (LLVMGetIntTypeWidth(t) < 32)
            vals[i] = LLVMBuildTrunc(b, word, t, "");
        else
            vals[i] = word;
    }
    LLVMTypeRef kty = LLVMGlobalGetValueType(K->fn);
    LLVMValueRef call = LLVMBuildCall2(b, kty, K->fn, vals, K->nargs, "");
    static unsigned byval_kind;
    if (!byval_kind)
        byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    for (unsigned i = 0; i < K->nargs; i++)
        if (K->byval[i])
            LLVMAddCallSiteAttribute(call, i + 1, LLVMCreateTypeAttribute(c, byval_kind, K->byval[i]));
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    K->wrapper = w;
}

/* Whether the code reachable from fn calls barrier() or touches a __local variable
 * (address space 3): such kernels run in group mode (simt_launch.h). */
static int refs_local(LLVMValueRef v, int depth)
{
    if (LLVMIsAGlobalVariable(v))
        return LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 3;
    if (depth < 6 && LLVMIsAConstantExpr(v))
        for (int k = 0; k < LLVMGetNumOperands(v); k++)
            if (refs_local(LLVMGetOperand(v, k), depth + 1))
                return 1;
    return 0;
}

static int needs_group(LLVMValueRef fn, LLVMValueRef *seen, int *nseen)
{
    for (int s = 0; s < *nseen; s++)
        if (seen[s] == fn)
            return 0;
    if (*nseen < 4096)
        seen[(*nseen)++] = fn;
    size_t n;
    const char *name = LLVMGetValueName2(fn, &n);
    if (!strcmp(name, "_Z7barrierj") || !strcmp(name, "_Z18work_group_barrierj"))
        return 1;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            for (int k = 0; k < LLVMGetNumOperands(i); k++) {
                LLVMValueRef o = LLVMGetOperand(i, k);
                if (LLVMIsAFunction(o) && needs_group(o, seen, nseen))
                    return 1;
                if (refs_local(o, 0))
                    return 1;
            }
        }
    return 0;
}

static void put_u32(vg_buf *b, uint32_t v)
{
    uint8_t w[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    vg_buf_put(b, w, 4);
}
static void put_str(vg_buf *b, const char *s)
{
    uint32_t len = (uint32_t)strlen(s);
    put_u32(b, len);
    for (uint32_t k = 0; k < len; k += 4) {
        uint32_t w = 0;
        for (uint32_t j = 0; j < 4 && k + j < len; j++)
            w |= (uint32_t)(uint8_t)s[k + j] << (8 * j);
        put_u32(b, w);
    }
}

/* .simt_kinfo: "KNFO", version 1, count; per kernel: name, flags, nargs, per argument: name,
 * kind, type, address space, element size (vg_arg). .simt_kentry: the wrappers' addresses in
 * the same order. */
static void add_kinfo(LLVMModuleRef m, kern_t *ks, int nk)
{
    LLVMContextRef c = LLVMGetModuleContext(m);
    vg_buf b = { 0 };
    put_u32(&b, SIMT_KINFO_MAGIC);
    put_u32(&b, 1);
    put_u32(&b, (uint32_t)nk);
    for (int i = 0; i < nk; i++) {
        put_str(&b, ks[i].name);
        put_u32(&b, ks[i].flags);
        put_u32(&b, ks[i].nargs);
        for (unsigned a = 0; a < ks[i].nargs; a++) {
            put_str(&b, ks[i].args[a].name);
            put_u32(&b, ks[i].args[a].kind);
            put_u32(&b, ks[i].args[a].type);
            put_u32(&b, ks[i].args[a].addrspace);
            put_u32(&b, ks[i].args[a].elem_size);
        }
    }
    if (b.oom)
        fatal("out of memory");
    LLVMValueRef init = LLVMConstStringInContext(c, (const char *)b.p, (unsigned)b.n, 1);
    LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(init), "__simt_kinfo");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetSection(g, ".simt_kinfo");
    LLVMSetAlignment(g, 4);
    vg_buf_free(&b);
    LLVMValueRef *ents = calloc((size_t)nk + 1, sizeof *ents);
    for (int i = 0; i < nk; i++)
        ents[i] = ks[i].wrapper;
    LLVMTypeRef at = LLVMArrayType2(LLVMPointerTypeInContext(c, 0), (uint64_t)nk);
    LLVMValueRef e = LLVMAddGlobal(m, at, "__simt_kentry");
    LLVMSetInitializer(e, LLVMConstArray2(LLVMPointerTypeInContext(c, 0), ents, (uint64_t)nk));
    LLVMSetGlobalConstant(e, 1);
    LLVMSetSection(e, ".simt_kentry");
    LLVMSetAlignment(e, 4);
    free(ents);
}

static int run_tool(char **argv, const char *what)
{
    int rc = vgp_run(argv, 0);
    if (rc == -1)
        fatal("error: cannot run '%s' (is it installed?)", argv[0]);
    if (rc == VGP_TIMED_OUT)
        fatal("%s: error: %s ran past the time limit of %u s (VGIW_TIMEOUT) and was stopped", g_src, what,
              vgp_timeout());
    return rc;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: vgiw-simtcc KERNEL.cl [-o OUT.simt] [-D X=Y] [-I DIR] [-q] [--emit-ll F.ll] [--timeout S]\n");
}

/* clang-19 on the source: exactly vgiwcc's front end (vg_hoist.h, docs/compiler.md "clang
 * flags"); fp64 1 only for the check of kernels that exist only with cl_khr_fp64. Returns 0,
 * or clang's status when fp64 is 1 (the check then gives the plain error). */
static int run_clang(const char *input, const char **extra, int nextra, int fp64, const char *out)
{
    const char *clang = getenv("VGIW_CLANG");
    if (!clang || !*clang)
        clang = "clang-19";
    int src_i;
    char **cargv = vgh_front_end(clang, fp64, out, extra, nextra, 0, input, &src_i);
    if (!cargv)
        fatal("out of memory");
    /* __local declared in an inner scope: moved as vgiwcc does (vg_hoist.h); notes once */
    int crc = vgh_run_clang(cargv, src_i, g_tmpdir, fp64 ? NULL : "vgiw-simtcc", 0);
    free(cargv);
    if (crc == -1)
        fatal("error: cannot run '%s' (is it installed?)", clang);
    if (crc == VGP_TIMED_OUT)
        fatal("%s: error: clang-19 ran past the time limit of %u s (VGIW_TIMEOUT) and was stopped", g_src, vgp_timeout());
    if (crc && !fp64)
        fatal("%s: error: clang-19 failed to compile the kernel source", input);
    return crc;
}

int main(int argc, char **argv)
{
    vgp_init("vgiw-simtcc");
    vga_t P;
    vga_init(&P, "vgiw-simtcc", argc, argv, usage);
    const char *input = NULL, *out = NULL, *emit_ll = NULL;
    int quiet = 0, nextra = 0;
    const char **extra = calloc((size_t)argc * 2 + 1, sizeof *extra);
    while (vga_next(&P)) {
        if (vga_is(&P, "-o"))
            out = vga_str(&P);
        else if (vga_is(&P, "-D") || vga_is(&P, "-I")) {
            const char *o = P.arg;
            extra[nextra++] = o;
            extra[nextra++] = vga_str(&P);
        } else if (!strncmp(P.arg, "-D", 2) || !strncmp(P.arg, "-I", 2))
            extra[nextra++] = P.arg;
        else if (vga_is(&P, "-q"))
            quiet = 1;
        else if (vga_is(&P, "--emit-ll"))
            emit_ll = vga_str(&P);
        else if (vga_is(&P, "--timeout")) {
            unsigned t;
            const char *v = vga_str(&P);
            if (vgp_parse_timeout(v, &t))
                vga_fail(&P, "--timeout '%s': not a number", v);
            vgp_set_timeout(t);
        } else if (vga_is(&P, "-h") || vga_is(&P, "--help")) {
            usage(stdout);
            return 0;
        } else if (vga_positional(&P) && !input)
            input = P.arg;
        else
            vga_unknown(&P);
    }
    if (!input)
        vga_fail(&P, "no kernel file given");
    if (access(input, R_OK))
        fatal("%s: error: cannot read the kernel file", input);
    g_src = input;
    char outbuf[4096];
    if (!out) {
        const char *dot = strrchr(input, '.');
        snprintf(outbuf, sizeof outbuf, "%.*s.simt", (int)(dot ? dot - input : (long)strlen(input)), input);
        out = outbuf;
    }
    char clc[4200], wi[4200], crt[4200], lds[4200];
    lib_path("VGIW_SIMT_LIB", "simt", "simt_wi.bc", wi, sizeof wi);
    lib_path("VGIW_SIMT_LIB", "simt", "simt_crt.o", crt, sizeof crt);
    lib_path("VGIW_SIMT_LIB", "simt", "simt.ld", lds, sizeof lds);
    const char *ce = getenv("VGIW_CLC");
    if (ce && *ce)
        snprintf(clc, sizeof clc, "%s", ce);
    else
        lib_path("VGIW_CLC_DIR", "native", "vgiw_clc.bc", clc, sizeof clc);

    /* clang-19: exactly vgiwcc's front end (docs/compiler.md "clang flags") */
    if (vgp_mkdtemp("simtcc", g_tmpdir, sizeof g_tmpdir))
        fatal("error: cannot create a temporary directory (TMPDIR)");
    char kbc[4200], kobj[4200];
    snprintf(kbc, sizeof kbc, "%s/k.bc", g_tmpdir);
    snprintf(kobj, sizeof kobj, "%s/k.o", g_tmpdir);
    run_clang(input, extra, nextra, 0, kbc);

    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = read_bc(ctx, kbc, "the kernel bitcode");
    check_module(m);
    kern_t *ks = calloc(MAX_KERNELS, sizeof *ks);
    int nk = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f) || LLVMGetFunctionCallConv(f) != CC_SPIR_KERNEL)
            continue;
        if (nk == MAX_KERNELS)
            fatal("%s: error: more than %d kernels", input, MAX_KERNELS);
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        if (n > VG_NAME_MAX)
            fatal("%s: error: unsupported: kernel name longer than %d characters (kernel '%s')", input, VG_NAME_MAX,
                  name);
        snprintf(ks[nk].name, sizeof ks[nk].name, "%s", name);
        ks[nk].fn = f;
        kernel_args(m, &ks[nk]);
        nk++;
    }
    if (!nk) {
        /* kernels only with cl_khr_fp64: said as vgiwcc says it (vg_hoist.h) */
        char kbc64[4200], msg[4300];
        snprintf(kbc64, sizeof kbc64, "%s/k64.bc", g_tmpdir);
        if (run_clang(input, extra, nextra, 1, kbc64) == 0) {
            LLVMModuleRef m64 = read_bc(ctx, kbc64, "the kernel bitcode");
            int nk64 = 0;
            for (LLVMValueRef f = LLVMGetFirstFunction(m64); f; f = LLVMGetNextFunction(f))
                nk64 += !LLVMIsDeclaration(f) && LLVMGetFunctionCallConv(f) == CC_SPIR_KERNEL;
            LLVMDisposeModule(m64);
            if (nk64) {
                vgh_fp64_only(msg, sizeof msg, input, nk64);
                fatal("%s", msg);
            }
        }
        fatal("%s: error: no __kernel function in the file", input);
    }

    /* the builtin libraries: libclc (as vgiwcc: discardable, tables internal) and simt_wi */
    LLVMModuleRef wim = read_bc(ctx, wi, "the work-item library");
    LLVMSetDataLayout(m, LLVMGetDataLayoutStr(wim));
    LLVMSetTarget(m, LLVMGetTarget(wim));
    LLVMModuleRef lib = read_bc(ctx, clc, "the builtin library (libclc, make sw builds it)");
    if (vgl_link_builtins(m, lib))   /* m has simt_wi's layout and target now */
        fatal("%s: error: linking the builtin library '%s' failed", input, clc);
    if (LLVMLinkModules2(m, wim))
        fatal("%s: error: linking the work-item library '%s' failed", input, wi);
    /* the kernels become internal functions called by their wrappers; every call uses the C
     * convention of the target (spir_func/spir_kernel mean nothing to the RISC-V back end) */
    for (int i = 0; i < nk; i++)
        make_wrapper(m, &ks[i]);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        LLVMSetFunctionCallConv(f, LLVMCCallConv);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMGetInstructionOpcode(i) == LLVMCall)
                    LLVMSetInstructionCallConv(i, LLVMCCallConv);
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        int keep = !strncmp(name, "__simt_", 7) || provided_by_crt(name);   /* libcalls of the back end */
        /* one target for all: the target machine gives rv32imf; differing per-function
         * features (simt_wi.bc has them, the spir code has none) would stop inlining */
        LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-features", 15);
        LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-cpu", 10);
        if (!provided_by_crt(name))
            LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "no-builtins", 11);
        if (!LLVMIsDeclaration(f) && !keep)
            LLVMSetLinkage(f, LLVMInternalLinkage);
    }
    run_passes(m, "globaldce", "after linking the libraries");
    check_undefined(m);
    char *verr = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &verr))
        fatal("%s: error: internal: the linked module does not verify: %s", input, verr ? verr : "?");
    LLVMDisposeMessage(verr);
    replace_rounding(m);
    run_passes(m, "default<O2>", "optimizing");
    if (replace_rounding(m))   /* -O2 may fold a conversion pair into llvm.trunc */
        run_passes(m, "default<O2>", "optimizing");
    for (int i = 0; i < nk; i++) {
        LLVMValueRef seen[4096];
        int nseen = 0;
        if (needs_group(ks[i].wrapper, seen, &nseen))
            ks[i].flags |= SIMT_KINFO_FLAG_GROUP;
    }
    add_kinfo(m, ks, nk);
    if (emit_ll) {
        char *em = NULL;
        if (LLVMPrintModuleToFile(m, emit_ll, &em))
            fatal("error: cannot write %s: %s", emit_ll, em ? em : "?");
    }

    /* code generation: rv32imf, ilp32f (the module flag comes with simt_wi.bc) */
    LLVMInitializeRISCVTargetInfo();
    LLVMInitializeRISCVTarget();
    LLVMInitializeRISCVTargetMC();
    LLVMInitializeRISCVAsmPrinter();
    LLVMInitializeRISCVAsmParser();   /* the inline assembly of simt_wi.c */
    LLVMTargetRef tgt;
    char *terr = NULL;
    if (LLVMGetTargetFromTriple("riscv32-unknown-unknown", &tgt, &terr))
        fatal("error: this LLVM has no RISC-V back end: %s", terr ? terr : "?");
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(tgt, "riscv32-unknown-unknown", "generic-rv32", "+m,+f",
                                                      LLVMCodeGenLevelDefault, LLVMRelocStatic,
                                                      LLVMCodeModelDefault);
    if (LLVMTargetMachineEmitToFile(tm, m, kobj, LLVMObjectFile, &terr))
        fatal("%s: error: code generation failed: %s", input, terr ? terr : "?");
    LLVMDisposeTargetMachine(tm);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);

    const char *lld = getenv("VGIW_LLD");
    if (!lld || !*lld)
        lld = "ld.lld-19";
    char *largv[] = { (char *)lld, "-static", "-nostdlib", "--no-relax", "-T", lds, crt, kobj, "-o", (char *)out,
                      NULL };
    if (run_tool(largv, "ld.lld-19"))
        fatal("%s: error: linking the program for the SIMT core failed (ld.lld-19 said why above)", input);
    if (!quiet)
        for (int i = 0; i < nk; i++)
            printf("vgiw-simtcc: kernel %s: %u arguments, %s mode -> %s\n", ks[i].name, ks[i].nargs,
                   ks[i].flags & SIMT_KINFO_FLAG_GROUP ? "group" : "flat", out);
    free(ks);
    free(extra);
    vgp_rmdir(g_tmpdir);
    g_tmpdir[0] = 0;
    return 0;
}
