/* LLVM IR -> machine-level IR (vgiwcc.h).
 *
 * Walks one kernel's basic blocks in reverse post-order (so every value is translated
 * before its non-phi uses), checks each construct and lowers it:
 *   - arithmetic to unit ops of the CU/SCU with the project's semantics; i8/i16 values
 *     live in 32-bit words whose upper bits are "don't care", and are sign/zero extended
 *     exactly where an operation looks at them (compares, division, right shifts,
 *     int->float); i1 values are always 0/1
 *   - GEPs to address arithmetic (struct field offsets folded into constants)
 *   - work-item functions and kernel arguments to CVU sources (rematerialized in
 *     every block that uses them, so they never occupy live values)
 *   - __local variables to offsets from the work-group's local base address
 *   - barrier() ends the current block: the code after it starts a new block
 *   - switch to a chain of two-successor compare blocks
 *   - phi nodes to copies: each predecessor writes the phi's variable at its end,
 *     the phi's block reads it at its start (resolved in live.c/dfg.c into LV stores/loads)
 * Anything else stops with "FILE:LINE: error: unsupported ...".
 */
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vg_llvm_md.h"
#include "vgiw_arith.h"
#include "vgiw_ops.h"
#include "vgiwcc.h"

/* ---- state of one kernel's translation ---- */

typedef struct { LLVMValueRef key; Opnd val; } MapEnt;

typedef struct {
    LLVMModuleRef mod;
    LLVMTargetDataRef td;
    Func *f;
    LLVMValueRef fn;
    int cur;                       /* current block index */
    uint32_t line;                 /* line of the instruction being lowered */
    MapEnt *map; size_t mapcap, mapn;
    LLVMBasicBlockRef *bbs; int nbbs;
    int *bb_first, *bb_last;       /* my blocks of each LLVM block (by RPO index) */
    LLVMValueRef *locals; uint32_t *local_off; int nlocals;
    int cur_bbi;                   /* RPO index of the LLVM block being lowered */
    int *origin;                   /* my block -> RPO index of the LLVM block it comes from */
    LLVMValueRef *ctabs; uint32_t *ctab_off; int nctabs;   /* tables in the constant data section */
    MemAlias mem;                  /* given to the LDST instructions emit() makes (mem_alias) */
} Lower;

static Lower *g_L;   /* for error messages */


_Noreturn static void unsupported(LLVMValueRef at, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

_Noreturn static void unsupported(LLVMValueRef at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    unsigned line = 0;
    const char *file = g_source_name;
    if ((!at || !LLVMIsAInstruction(at) || !LLVMGetDebugLocLine(at)) && g_L && !g_L->line)
        at = g_L->fn;   /* no better place: the kernel's own line */
    if (at && (LLVMIsAInstruction(at) || LLVMIsAFunction(at))) {
        line = LLVMGetDebugLocLine(at);
        unsigned flen = 0;
        const char *fn = line ? LLVMGetDebugLocFilename(at, &flen) : NULL;
        static char fbuf[256];
        if (fn && flen > 0 && flen < sizeof fbuf) {
            memcpy(fbuf, fn, flen);
            fbuf[flen] = 0;
            file = fbuf;
        }
    }
    if (!line && g_L)
        line = g_L->line;
    if (line)
        fatal("%s:%u: error: unsupported: %s (kernel '%s')", file, line, msg, g_L ? g_L->f->name : "?");
    fatal("%s: error: unsupported: %s (kernel '%s')", file, msg, g_L ? g_L->f->name : "?");
}

/* ---- value map ---- */

static size_t hashp(LLVMValueRef p) { return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull; }

static void map_put(Lower *L, LLVMValueRef k, Opnd v)
{
    if ((L->mapn + 1) * 2 > L->mapcap) {
        size_t ncap = L->mapcap ? L->mapcap * 2 : 256;
        MapEnt *nm = xcalloc(ncap, sizeof *nm);
        for (size_t i = 0; i < L->mapcap; i++)
            if (L->map[i].key) {
                size_t h = hashp(L->map[i].key) & (ncap - 1);
                while (nm[h].key)
                    h = (h + 1) & (ncap - 1);
                nm[h] = L->map[i];
            }
        free(L->map);
        L->map = nm;
        L->mapcap = ncap;
    }
    size_t h = hashp(k) & (L->mapcap - 1);
    while (L->map[h].key && L->map[h].key != k)
        h = (h + 1) & (L->mapcap - 1);
    if (!L->map[h].key)
        L->mapn++;
    L->map[h].key = k;
    L->map[h].val = v;
}

static int map_get(Lower *L, LLVMValueRef k, Opnd *v)
{
    if (!L->mapcap)
        return 0;
    size_t h = hashp(k) & (L->mapcap - 1);
    while (L->map[h].key) {
        if (L->map[h].key == k) {
            *v = L->map[h].val;
            return 1;
        }
        h = (h + 1) & (L->mapcap - 1);
    }
    return 0;
}

/* ---- types ---- */

/* Scalar class of a type: 1/8/16/32 for integers, 'f' float, 'p' pointer; errors otherwise. */
enum { TC_F = 'f', TC_P = 'p', TC_VOID = 'v' };

static int tclass(LLVMValueRef at, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        if (w >= 1 && w <= 32)   /* odd widths (i3 from narrowed loop counts) like i8/i16 */
            return (int)w;
        if (w == 64)
            unsupported(at, "64-bit integer arithmetic (long/ulong, or size_t on a 64-bit target)");
        unsupported(at, "%u-bit integer type", w);
    }
    case LLVMFloatTypeKind:   return TC_F;
    case LLVMPointerTypeKind: return TC_P;
    case LLVMVoidTypeKind:    return TC_VOID;
    case LLVMDoubleTypeKind:  unsupported(at, "double precision floating point");
    case LLVMHalfTypeKind:    unsupported(at, "half precision floating point");
    case LLVMVectorTypeKind:  unsupported(at, "vector type that survives lowering");
    case LLVMStructTypeKind:  unsupported(at, "struct value in a register (struct copy or return)");
    case LLVMArrayTypeKind:   unsupported(at, "array value in a register");
    default:                  unsupported(at, "value of an unsupported type");
    }
}

/* As tclass, but a 64-bit integer is class 64 (a lo/hi pair of words, lower_inst64). */
enum { TC_64 = 64 };
static int tclass64(LLVMValueRef at, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 32 && LLVMGetIntTypeWidth(t) <= 64)
        return TC_64;
    return tclass(at, t);
}

/* Integers of 33..64 bits are pairs of words. i33..i63 come from LLVM's loop exit values
 * (the sum of a loop counter: zext to i33, mul, lshr 1, trunc); they are kept zero-extended
 * (lower_inst64's results are masked to the width), so only unsigned operations on them are
 * right: signed ones are a located error (odd_width_check). */
static int is64(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 32 && LLVMGetIntTypeWidth(t) <= 64;
}

static unsigned int_width(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
}

static uint32_t line_of(LLVMValueRef v)
{
    return LLVMIsAInstruction(v) ? LLVMGetDebugLocLine(v) : 0;
}

/* ---- emitting instructions (with constant folding) ---- */

static Opnd emit(Lower *L, unsigned unit, unsigned op, int nops, Opnd a, Opnd b, Opnd c)
{
    Opnd ops[3] = { a, b, c };
    int allimm = 1;
    for (int i = 0; i < nops; i++)
        allimm &= ops[i].kind == OPND_IMM;
    /* Identities: x+0, x-0, x|0, x^0, x<<0, x>>0, x*1 are x. */
    if (unit == VG_U_ALU && nops == 2 && b.kind == OPND_IMM
        && ((b.v == 0 && (op == ALU_ADD || op == ALU_SUB || op == ALU_OR || op == ALU_XOR
                          || op == ALU_SLL || op == ALU_SRL || op == ALU_SRA))
            || (b.v == 1 && op == ALU_MUL)))
        return a;
    if (allimm && unit <= VG_U_SCU) {
        uint32_t x = ops[0].v, y = nops > 1 ? ops[1].v : 0, z = nops > 2 ? ops[2].v : 0, r = 0;
        switch (unit) {
        case VG_U_ALU:  r = vgiw_alu(op, x, y, z); break;
        case VG_U_FMA:  r = vgiw_fma(op, x, y, z); break;
        case VG_U_FCMP: r = vgiw_fcmp(op, x, y); break;
        case VG_U_FCVT: r = vgiw_fcvt(op, x); break;
        case VG_U_SCU:  r = vgiw_scu(op, x, y); break;
        }
        return opnd_imm(r);
    }
    Inst *in = block_add(&L->f->blocks[L->cur]);
    in->kind = IK_UNIT;
    in->unit = (uint8_t)unit;
    in->op = (uint8_t)op;
    in->nops = (uint8_t)nops;
    for (int i = 0; i < 3; i++)
        in->ops[i] = i < nops ? ops[i] : (Opnd){ OPND_NONE, 0 };
    in->line = L->line;
    if (unit == VG_U_LDST)
        in->alias = L->mem;
    if (vg_op_has_data(unit, op)) {
        in->dst = func_new_var(L->f);
        L->f->vars[in->dst].def_block = L->cur;
        return opnd_var(in->dst);
    }
    in->dst = -1;
    return (Opnd){ OPND_NONE, 0 };
}

static Opnd alu1(Lower *L, unsigned op, Opnd a) { return emit(L, VG_U_ALU, op, 1, a, a, a); }
static Opnd alu2(Lower *L, unsigned op, Opnd a, Opnd b) { return emit(L, VG_U_ALU, op, 2, a, b, b); }

/* A list of scopes (!alias.scope or !noalias) as node identities; 0 when absent or, for
 * alias.scope only (`exact`), longer than MEM_SCOPES (a subset of it would prove too much). */
static uint8_t mem_scopes(LLVMValueRef in, const char *kind, int exact, uintptr_t *out)
{
    LLVMValueRef md = LLVMGetMetadata(in, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(in)),
                                                                 kind, (unsigned)strlen(kind)));
    if (!md || !LLVMIsAMDNode(md))
        return 0;
    unsigned n = LLVMGetMDNodeNumOperands(md);
    if (n == 0 || (exact && n > MEM_SCOPES))
        return 0;
    LLVMValueRef ops[64];
    if (n > 64)
        return 0;
    LLVMGetMDNodeOperands(md, ops);
    if (n > MEM_SCOPES)
        n = MEM_SCOPES;
    for (unsigned i = 0; i < n; i++)
        out[i] = (uintptr_t)ops[i];   /* MetadataAsValue is unique per node: identity */
    return (uint8_t)n;
}

/* What LLVM proves about the address `ptr` of the load or store `in` (docs/compiler.md
 * "Memory ordering"): its scoped-noalias lists, and the noalias (restrict) kernel argument
 * it is based on, found by walking GEPs and casts back by hand; anything else: unknown. */
static void mem_alias(Lower *L, LLVMValueRef in, LLVMValueRef ptr)
{
    memset(&L->mem, 0, sizeof L->mem);
    L->mem.nscope = mem_scopes(in, "alias.scope", 1, L->mem.scope);
    L->mem.nnoalias = mem_scopes(in, "noalias", 0, L->mem.noalias);
    for (int steps = 0; steps < 64 && ptr; steps++) {
        LLVMOpcode op = LLVMIsAInstruction(ptr) ? LLVMGetInstructionOpcode(ptr)
                      : LLVMIsAConstantExpr(ptr) ? LLVMGetConstOpcode(ptr) : LLVMRet;
        if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
            break;
        ptr = LLVMGetOperand(ptr, 0);
    }
    if (!ptr || !LLVMIsAArgument(ptr) || LLVMGetTypeKind(LLVMTypeOf(ptr)) != LLVMPointerTypeKind)
        return;
    unsigned n = LLVMCountParams(L->fn);
    for (unsigned ai = 0; ai < n && ai < 0xfffe; ai++)
        if (LLVMGetParam(L->fn, ai) == ptr) {
            if (LLVMGetEnumAttributeAtIndex(L->fn, ai + 1, LLVMGetEnumAttributeKindForName("noalias", 7)))
                L->mem.base = (uint16_t)(ai + 1);
            return;
        }
}

static void emit_copy(Lower *L, int blk, int dst, Opnd src)
{
    Inst *in = block_add(&L->f->blocks[blk]);
    in->kind = IK_COPY;
    in->nops = 1;
    in->ops[0] = src;
    in->dst = dst;
    in->line = L->line;
}

/* Bring an iN value (garbage upper bits) to a clean 32-bit value. */
static Opnd norm(Lower *L, Opnd v, int width, int is_signed)
{
    if (width == 32 || width == 1 || width == TC_F || width == TC_P || width == 64)
        return v;   /* 64: the lo word of a pair, as a truncation to 32 bits */
    if (width == 8)
        return alu1(L, is_signed ? ALU_SEXT8 : ALU_ZEXT8, v);
    if (width == 16)
        return alu1(L, is_signed ? ALU_SEXT16 : ALU_ZEXT16, v);
    if (!is_signed)
        return alu2(L, ALU_AND, v, opnd_imm((1u << width) - 1));
    return alu2(L, ALU_SRA, alu2(L, ALU_SLL, v, opnd_imm(32u - (unsigned)width)), opnd_imm(32u - (unsigned)width));
}

/* ---- operands ---- */

static Opnd value(Lower *L, LLVMValueRef v);

static uint32_t local_offset(Lower *L, LLVMValueRef g)
{
    for (int i = 0; i < L->nlocals; i++)
        if (L->locals[i] == g)
            return L->local_off[i];
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    unsigned long long size = LLVMABISizeOfType(L->td, t);
    unsigned align = LLVMGetAlignment(g);
    if (align < 4)
        align = 4;
    if (align > 4096 || size > (1u << 24))
        unsupported(NULL, "__local variable of %llu bytes (align %u)", size, align);
    uint32_t off = (L->f->local_bytes + align - 1) & ~(align - 1);
    L->f->local_bytes = off + (uint32_t)size;
    L->locals = xrealloc(L->locals, (size_t)(L->nlocals + 1) * sizeof *L->locals);
    L->local_off = xrealloc(L->local_off, (size_t)(L->nlocals + 1) * sizeof *L->local_off);
    L->locals[L->nlocals] = g;
    L->local_off[L->nlocals++] = off;
    return off;
}

static uint32_t int_const(LLVMValueRef at, LLVMValueRef c)
{
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(c));
    if (w > 64)
        unsupported(at, "integer constant wider than 64 bits");
    return (uint32_t)(uint64_t)LLVMConstIntGetSExtValue(c);
}

static Opnd gep(Lower *L, LLVMValueRef g, LLVMValueRef at);
static LLVMValueRef const_table_root(LLVMValueRef p);

static Opnd value(Lower *L, LLVMValueRef v)
{
    Opnd o;
    if (map_get(L, v, &o))
        return o;
    if (LLVMIsAConstantInt(v))
        return opnd_imm(int_const(v, v));
    if (LLVMIsAConstantFP(v)) {
        if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMFloatTypeKind)
            unsupported(NULL, "double precision constant");
        LLVMBool lost;
        double d = LLVMConstRealGetDouble(v, &lost);
        return opnd_imm(vgiw_bits((float)d));
    }
    if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantPointerNull(v)
        || LLVMIsAConstantAggregateZero(v)) {
        tclass64(NULL, LLVMTypeOf(v));
        return opnd_imm(0);
    }
    if (LLVMIsAArgument(v)) {
        unsigned n = LLVMCountParams(L->fn);
        for (unsigned i = 0; i < n; i++)
            if (LLVMGetParam(L->fn, i) == v) {
                /* a __local pointer argument's launch value is its offset in the work-group's
                 * __local region (vg_local_layout): the address is the region base plus it */
                if (L->f->args[i].kind == VG_ARG_LOCAL)
                    return alu2(L, ALU_ADD, opnd_src(VG_SRC_LOCAL_BASE), opnd_src(VG_SRC_ARG + i));
                if (L->f->args[i].kind == VG_ARG_SCALAR && L->f->args[i].elem_size == 8) {
                    /* a 64-bit scalar: the host put it in device memory (launch value = its
                     * address, like a struct argument); this is its lo word */
                    Opnd a = opnd_src(VG_SRC_ARG + i);
                    return emit(L, VG_U_LDST, VG_LD32, 1, a, a, a);
                }
                return opnd_src(VG_SRC_ARG + i);
            }
    }
    if (LLVMIsAGlobalVariable(v)) {
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
        if (as != 3)
            unsupported(NULL, "program-scope variable '%s' (only __local variables are supported)", LLVMGetValueName(v));
        uint32_t off = local_offset(L, v);
        return alu2(L, ALU_ADD, opnd_src(VG_SRC_LOCAL_BASE), opnd_imm(off));
    }
    if (LLVMIsAFunction(v))
        unsupported(NULL, "function pointer");
    if (LLVMIsABlockAddress(v))
        unsupported(NULL, "indirect branch target (address of a label)");
    if (LLVMIsAConstantExpr(v)) {
        switch (LLVMGetConstOpcode(v)) {
        case LLVMGetElementPtr:
            return gep(L, v, NULL);
        case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr:
            return value(L, LLVMGetOperand(v, 0));
        default:
            unsupported(NULL, "constant expression");
        }
    }
    if (LLVMIsAConstant(v))
        unsupported(NULL, "aggregate or vector constant");
    if (LLVMIsAInstruction(v) && const_table_root(v))
        unsupported(v, "address of the program-scope constant '%s' used other than by a load",
                    LLVMGetValueName(const_table_root(v)));
    if (LLVMIsAInstruction(v))
        unsupported(v, "use of a value not dominated by its definition (irreducible or malformed IR)");
    unsupported(NULL, "unknown kind of value");
}

/* ---- 64-bit integers: a value is a pair of words; value() gives the lo word (so any
 * 32-bit use is its truncation), value_hi() the hi word, kept in the map under the value's
 * address + 1 (never another value's address: values are aligned objects). ---- */

static LLVMValueRef hi_key(LLVMValueRef v) { return (LLVMValueRef)((char *)v + 1); }

static Opnd value_hi(Lower *L, LLVMValueRef v)
{
    Opnd o;
    if (map_get(L, hi_key(v), &o))
        return o;
    if (LLVMIsAConstantInt(v))   /* i33..i63: zero-extended, as their values are kept */
        return opnd_imm((uint32_t)((int_width(v) < 64 ? LLVMConstIntGetZExtValue(v) : (uint64_t)LLVMConstIntGetSExtValue(v))
                                   >> 32));
    if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantAggregateZero(v))
        return opnd_imm(0);
    if (LLVMIsAArgument(v)) {
        unsigned n = LLVMCountParams(L->fn);
        for (unsigned i = 0; i < n; i++)
            if (LLVMGetParam(L->fn, i) == v && L->f->args[i].elem_size == 8) {
                Opnd a = alu2(L, ALU_ADD, opnd_src(VG_SRC_ARG + i), opnd_imm(4));
                return emit(L, VG_U_LDST, VG_LD32, 1, a, a, a);
            }
        unsupported(NULL, "64-bit value of argument '%s'", LLVMGetValueName(v));
    }
    if (LLVMIsAConstantExpr(v))
        unsupported(NULL, "64-bit integer constant expression");
    if (LLVMIsAInstruction(v))
        unsupported(v, "use of a value not dominated by its definition (irreducible or malformed IR)");
    unsupported(NULL, "unknown kind of 64-bit value");
}

static void put64(Lower *L, LLVMValueRef v, Opnd lo, Opnd hi)
{
    map_put(L, v, lo);
    map_put(L, hi_key(v), hi);
}

/* Pair of an operand: 64-bit values directly, narrower integers zero/sign extended. */
static void pair_of(Lower *L, LLVMValueRef v, int is_signed, Opnd *lo, Opnd *hi)
{
    if (is64(v)) {
        *lo = value(L, v);
        *hi = value_hi(L, v);
        return;
    }
    int w = tclass(v, LLVMTypeOf(v));
    Opnd a = value(L, v);
    if (w == 1) {
        *lo = is_signed ? alu2(L, ALU_SUB, opnd_imm(0), a) : a;
    } else {
        *lo = norm(L, a, w, is_signed);
    }
    *hi = is_signed ? alu2(L, ALU_SRA, *lo, opnd_imm(31)) : opnd_imm(0);
}

/* Comparison of two pairs (predicate as LLVM's): on the hi words when they differ, else on
 * the lo words unsigned. */
static Opnd cmp64(Lower *L, LLVMIntPredicate p, Opnd al, Opnd ah, Opnd bl, Opnd bh)
{
    if (p == LLVMIntEQ)
        return alu2(L, ALU_AND, alu2(L, ALU_EQ, al, bl), alu2(L, ALU_EQ, ah, bh));
    if (p == LLVMIntNE)
        return alu2(L, ALU_OR, alu2(L, ALU_NE, al, bl), alu2(L, ALU_NE, ah, bh));
    unsigned hop, lop;
    switch (p) {
    case LLVMIntUGT: hop = ALU_GTU; lop = ALU_GTU; break;
    case LLVMIntUGE: hop = ALU_GTU; lop = ALU_GEU; break;
    case LLVMIntULT: hop = ALU_LTU; lop = ALU_LTU; break;
    case LLVMIntULE: hop = ALU_LTU; lop = ALU_LEU; break;
    case LLVMIntSGT: hop = ALU_GT;  lop = ALU_GTU; break;
    case LLVMIntSGE: hop = ALU_GT;  lop = ALU_GEU; break;
    case LLVMIntSLT: hop = ALU_LT;  lop = ALU_LTU; break;
    default:         hop = ALU_LT;  lop = ALU_LEU; break;   /* SLE */
    }
    /* hi words equal: the lo comparison decides; else the strict hi comparison */
    return emit(L, VG_U_ALU, ALU_SEL, 3, alu2(L, ALU_EQ, ah, bh), alu2(L, lop, al, bl), alu2(L, hop, ah, bh));
}

/* Shifts of a pair by s (0..63; LLVM's result is poison beyond, OpenCL masks the amount). */
static void shift64(Lower *L, LLVMOpcode opc, Opnd lo, Opnd hi, Opnd s, Opnd *rl, Opnd *rh)
{
    Opnd s5 = alu2(L, ALU_AND, s, opnd_imm(31));
    Opnd big = alu2(L, ALU_AND, s, opnd_imm(32));
    Opnd inv = alu2(L, ALU_SUB, opnd_imm(31), s5);   /* x >> 1 >> (31 - s5): no shift by 32 */
    Opnd sl, sh, bl, bh;
    if (opc == LLVMShl) {
        sl = alu2(L, ALU_SLL, lo, s5);
        sh = alu2(L, ALU_OR, alu2(L, ALU_SLL, hi, s5), alu2(L, ALU_SRL, alu2(L, ALU_SRL, lo, opnd_imm(1)), inv));
        bl = opnd_imm(0);
        bh = sl;
    } else {
        unsigned op = opc == LLVMAShr ? ALU_SRA : ALU_SRL;
        sh = alu2(L, op, hi, s5);
        sl = alu2(L, ALU_OR, alu2(L, ALU_SRL, lo, s5), alu2(L, ALU_SLL, alu2(L, ALU_SLL, hi, opnd_imm(1)), inv));
        bl = sh;
        bh = opc == LLVMAShr ? alu2(L, ALU_SRA, hi, opnd_imm(31)) : opnd_imm(0);
    }
    if (big.kind == OPND_IMM) {
        *rl = big.v ? bl : sl;
        *rh = big.v ? bh : sh;
        return;
    }
    *rl = emit(L, VG_U_ALU, ALU_SEL, 3, big, bl, sl);
    *rh = emit(L, VG_U_ALU, ALU_SEL, 3, big, bh, sh);
}

static void check_addrspace(LLVMValueRef at, LLVMValueRef ptr, int is_store);
static int new_block(Lower *L, LLVMBasicBlockRef origin);

static void neg64(Lower *L, Opnd *lo, Opnd *hi)
{
    Opnd nl = alu2(L, ALU_SUB, opnd_imm(0), *lo);
    *hi = alu2(L, ALU_SUB, alu2(L, ALU_SUB, opnd_imm(0), *hi), alu2(L, ALU_NE, *lo, opnd_imm(0)));
    *lo = nl;
}

/* u64/i64 -> float, rounded to nearest even like FCVT: with s = the bit count of the hi
 * word (estimated from its own conversion's exponent, which may round up by one; at most
 * 32), x >> s
 * has 31 or 32 significant bits, with the bits shifted out ORed into bit 0 (below the
 * guard bit, so a sticky bit), FCVT U2F rounds it exactly as x would round, and the result
 * is scaled by 2^s (exact). hi == 0: FCVT U2F of lo. */
static Opnd i64_to_f32(Lower *L, LLVMValueRef v, int is_signed)
{
    Opnd lo, hi, neg = opnd_imm(0);
    pair_of(L, v, 0, &lo, &hi);
    if (is_signed) {
        neg = alu2(L, ALU_LT, hi, opnd_imm(0));
        Opnd nl = lo, nh = hi;
        neg64(L, &nl, &nh);
        lo = emit(L, VG_U_ALU, ALU_SEL, 3, neg, nl, lo);
        hi = emit(L, VG_U_ALU, ALU_SEL, 3, neg, nh, hi);
    }
    Opnd fh = emit(L, VG_U_FCVT, FCVT_U2F, 1, hi, hi, hi);
    /* 1..33 when hi != 0 (33: hi rounded up to 2^32), kept at most 32 so x >> s keeps hi */
    Opnd sh = alu2(L, ALU_MINU, alu2(L, ALU_SUB, alu2(L, ALU_SRL, fh, opnd_imm(23)), opnd_imm(126)), opnd_imm(32));
    Opnd rl, rh;
    shift64(L, LLVMLShr, lo, hi, sh, &rl, &rh);
    Opnd sticky = alu2(L, ALU_NE, alu2(L, ALU_SLL, lo, alu2(L, ALU_SUB, opnd_imm(32), sh)), opnd_imm(0));
    Opnd red = alu2(L, ALU_OR, rl, sticky);
    Opnd fr = emit(L, VG_U_FCVT, FCVT_U2F, 1, red, red, red);
    Opnd scale = alu2(L, ALU_SLL, alu2(L, ALU_ADD, sh, opnd_imm(127)), opnd_imm(23));   /* 2^s */
    Opnd big = emit(L, VG_U_FMA, FMA_FMUL, 2, fr, scale, scale);
    Opnd small = emit(L, VG_U_FCVT, FCVT_U2F, 1, lo, lo, lo);
    Opnd r = emit(L, VG_U_ALU, ALU_SEL, 3, alu2(L, ALU_NE, hi, opnd_imm(0)), big, small);
    if (is_signed)
        r = alu2(L, ALU_OR, r, alu2(L, ALU_SLL, neg, opnd_imm(31)));
    return r;
}

/* float -> i64/u64, truncating; out of range saturates and NaN gives the maximum, as FCVT
 * F2I/F2U do for 32 bits (C leaves both undefined). */
static void f32_to_i64(Lower *L, Opnd f, int is_signed, Opnd *lo, Opnd *hi)
{
    Opnd e = alu2(L, ALU_SUB, alu2(L, ALU_AND, alu2(L, ALU_SRL, f, opnd_imm(23)), opnd_imm(255)), opnd_imm(127));
    Opnd m = alu2(L, ALU_OR, alu2(L, ALU_AND, f, opnd_imm(0x7FFFFF)), opnd_imm(0x800000));
    Opnd neg = alu2(L, ALU_SRL, f, opnd_imm(31));
    /* e in 0..23: m >> (23 - e); e in 24..63: m << (e - 23) over 64 bits */
    Opnd sm = alu2(L, ALU_SRL, m, alu2(L, ALU_SUB, opnd_imm(23), e));
    Opnd bl, bh;
    shift64(L, LLVMShl, m, opnd_imm(0), alu2(L, ALU_SUB, e, opnd_imm(23)), &bl, &bh);
    Opnd isbig = alu2(L, ALU_GT, e, opnd_imm(23));
    Opnd vl = emit(L, VG_U_ALU, ALU_SEL, 3, isbig, bl, sm), vh = emit(L, VG_U_ALU, ALU_SEL, 3, isbig, bh, opnd_imm(0));
    Opnd tiny = alu2(L, ALU_LT, e, opnd_imm(0));
    vl = emit(L, VG_U_ALU, ALU_SEL, 3, tiny, opnd_imm(0), vl);
    vh = emit(L, VG_U_ALU, ALU_SEL, 3, tiny, opnd_imm(0), vh);
    Opnd nan = emit(L, VG_U_FCMP, FCMP_UNO, 2, f, f, f);
    Opnd satl, sath, over;
    if (is_signed) {
        Opnd nl = vl, nh = vh;
        neg64(L, &nl, &nh);
        vl = emit(L, VG_U_ALU, ALU_SEL, 3, neg, nl, vl);
        vh = emit(L, VG_U_ALU, ALU_SEL, 3, neg, nh, vh);
        over = alu2(L, ALU_GT, e, opnd_imm(62));   /* |f| >= 2^63 (or inf/NaN) */
        Opnd pos = alu2(L, ALU_OR, alu2(L, ALU_EQ, neg, opnd_imm(0)), nan);
        satl = emit(L, VG_U_ALU, ALU_SEL, 3, pos, opnd_imm(0xFFFFFFFFu), opnd_imm(0));
        sath = emit(L, VG_U_ALU, ALU_SEL, 3, pos, opnd_imm(0x7FFFFFFFu), opnd_imm(0x80000000u));
    } else {
        over = alu2(L, ALU_OR, alu2(L, ALU_GT, e, opnd_imm(63)), nan);   /* >= 2^64, inf, NaN */
        Opnd below = alu2(L, ALU_AND, neg, alu2(L, ALU_EQ, nan, opnd_imm(0)));
        vl = emit(L, VG_U_ALU, ALU_SEL, 3, below, opnd_imm(0), vl);   /* negative: 0 */
        vh = emit(L, VG_U_ALU, ALU_SEL, 3, below, opnd_imm(0), vh);
        satl = sath = opnd_imm(0xFFFFFFFFu);
    }
    *lo = emit(L, VG_U_ALU, ALU_SEL, 3, over, satl, vl);
    *hi = emit(L, VG_U_ALU, ALU_SEL, 3, over, sath, vh);
}

/* 64-bit division and remainder: a loop block of 64 restoring-division steps, one quotient
 * bit each (the fabric has no 64-bit divider; SCU DIV/REM are 32-bit). The current block
 * ends by entering the loop; the loop's state lives in phi-style variables (written at the
 * end of the block before and of each iteration, read at the loop's start, like phis); the
 * code after the division continues in a new block. Signed forms divide the magnitudes and
 * fix the signs (quotient: negative when the signs differ; remainder: the dividend's sign),
 * as C does. Division by zero, undefined in C, gives an all-ones quotient and the dividend
 * as remainder. */
static void divrem64(Lower *L, LLVMValueRef in, int is_signed, int want_rem)
{
    Opnd al, ah, bl, bh, na = opnd_imm(0), nb = opnd_imm(0);
    pair_of(L, LLVMGetOperand(in, 0), 0, &al, &ah);
    pair_of(L, LLVMGetOperand(in, 1), 0, &bl, &bh);
    if (is_signed) {
        na = alu2(L, ALU_LT, ah, opnd_imm(0));
        nb = alu2(L, ALU_LT, bh, opnd_imm(0));
        Opnd xl = al, xh = ah, yl = bl, yh = bh;
        neg64(L, &xl, &xh);
        neg64(L, &yl, &yh);
        al = emit(L, VG_U_ALU, ALU_SEL, 3, na, xl, al);
        ah = emit(L, VG_U_ALU, ALU_SEL, 3, na, xh, ah);
        bl = emit(L, VG_U_ALU, ALU_SEL, 3, nb, yl, bl);
        bh = emit(L, VG_U_ALU, ALU_SEL, 3, nb, yh, bh);
    }
    /* state: dividend bits still to bring in (n), remainder (r), quotient (q), steps left */
    enum { NL, NH, RL, RH, QL, QH, CNT, NSTATE };
    Opnd init[NSTATE] = { al, ah, opnd_imm(0), opnd_imm(0), opnd_imm(0), opnd_imm(0), opnd_imm(64) };
    Func *f = L->f;
    int pre = L->cur, loop = new_block(L, NULL), post = new_block(L, NULL);
    int pv[NSTATE];
    Opnd cur[NSTATE];
    for (int k = 0; k < NSTATE; k++) {
        pv[k] = func_new_var(f);
        f->vars[pv[k]].is_phivar = 1;
        f->vars[pv[k]].def_block = -1;
        emit_copy(L, pre, pv[k], init[k]);
    }
    Block *b = &f->blocks[pre];
    b->nsucc = 1;
    b->succ[0] = loop;
    b->end_line = L->line;
    L->cur = loop;
    for (int k = 0; k < NSTATE; k++) {
        int dv = func_new_var(f);
        f->vars[dv].def_block = loop;
        f->vars[dv].pref = pv[k];
        emit_copy(L, loop, dv, opnd_var(pv[k]));
        cur[k] = opnd_var(dv);
    }
    Opnd rh = alu2(L, ALU_OR, alu2(L, ALU_SLL, cur[RH], opnd_imm(1)), alu2(L, ALU_SRL, cur[RL], opnd_imm(31)));
    Opnd rl = alu2(L, ALU_OR, alu2(L, ALU_SLL, cur[RL], opnd_imm(1)), alu2(L, ALU_SRL, cur[NH], opnd_imm(31)));
    Opnd nh = alu2(L, ALU_OR, alu2(L, ALU_SLL, cur[NH], opnd_imm(1)), alu2(L, ALU_SRL, cur[NL], opnd_imm(31)));
    Opnd nl = alu2(L, ALU_SLL, cur[NL], opnd_imm(1));
    /* r < d before the shift, and r < 2^63 then (d <= 2^63, or d > 2^63 and the quotient is
     * at most 1, so r holds only a prefix of the dividend until the last step): r << 1 loses
     * nothing */
    Opnd ge = cmp64(L, LLVMIntUGE, rl, rh, bl, bh);
    Opnd sl = alu2(L, ALU_SUB, rl, bl);
    Opnd sh = alu2(L, ALU_SUB, alu2(L, ALU_SUB, rh, bh), alu2(L, ALU_LTU, rl, bl));
    Opnd nrl = emit(L, VG_U_ALU, ALU_SEL, 3, ge, sl, rl), nrh = emit(L, VG_U_ALU, ALU_SEL, 3, ge, sh, rh);
    Opnd qh = alu2(L, ALU_OR, alu2(L, ALU_SLL, cur[QH], opnd_imm(1)), alu2(L, ALU_SRL, cur[QL], opnd_imm(31)));
    Opnd ql = alu2(L, ALU_OR, alu2(L, ALU_SLL, cur[QL], opnd_imm(1)), ge);
    Opnd cnt = alu2(L, ALU_SUB, cur[CNT], opnd_imm(1));
    Opnd next[NSTATE] = { nl, nh, nrl, nrh, ql, qh, cnt };
    for (int k = 0; k < NSTATE; k++)
        emit_copy(L, loop, pv[k], next[k]);
    Opnd more = alu2(L, ALU_NE, cnt, opnd_imm(0));
    b = &f->blocks[loop];
    b->nsucc = 2;
    b->cond = more;
    b->succ[0] = loop;
    b->succ[1] = post;
    b->end_line = L->line;
    L->cur = post;
    Opnd rlo = want_rem ? nrl : ql, rhi = want_rem ? nrh : qh;
    if (is_signed) {
        Opnd neg = want_rem ? na : alu2(L, ALU_XOR, na, nb);
        Opnd xl = rlo, xh = rhi;
        neg64(L, &xl, &xh);
        rlo = emit(L, VG_U_ALU, ALU_SEL, 3, neg, xl, rlo);
        rhi = emit(L, VG_U_ALU, ALU_SEL, 3, neg, xh, rhi);
    }
    put64(L, in, rlo, rhi);
}

/* Instructions with a 64-bit integer operand or result (docs/compiler.md "64-bit
 * integers"): every operation on pairs of 32-bit words, bit-exact with C. */
/* Operations on i33..i63 that would need their sign: refused (they are kept zero-extended). */
static void odd_width_check(LLVMValueRef in)
{
    int odd = 0;
    for (int i = 0; i < LLVMGetNumOperands(in); i++) {
        unsigned w = LLVMIsABasicBlock(LLVMGetOperand(in, i)) ? 0 : int_width(LLVMGetOperand(in, i));
        odd |= w > 32 && w < 64;
    }
    if (!odd)
        return;
    LLVMOpcode opc = LLVMGetInstructionOpcode(in);
    int sg = opc == LLVMAShr || opc == LLVMSDiv || opc == LLVMSRem || opc == LLVMSExt || opc == LLVMSIToFP
             || (opc == LLVMICmp && LLVMGetICmpPredicate(in) >= LLVMIntSGT);
    if (sg || opc == LLVMCall)
        unsupported(in, "signed operation or call on a %u-bit integer", int_width(LLVMGetOperand(in, 0)));
}

static void lower_inst64(Lower *L, LLVMValueRef in)
{
    LLVMOpcode opc = LLVMGetInstructionOpcode(in);
    LLVMValueRef o0 = LLVMGetNumOperands(in) > 0 ? LLVMGetOperand(in, 0) : NULL;
    LLVMValueRef o1 = LLVMGetNumOperands(in) > 1 ? LLVMGetOperand(in, 1) : NULL;
    Opnd al, ah, bl, bh, rl, rh;
    switch (opc) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
        pair_of(L, o0, 0, &al, &ah);
        pair_of(L, o1, 0, &bl, &bh);
        if (opc == LLVMAdd) {
            rl = alu2(L, ALU_ADD, al, bl);
            Opnd carry = alu2(L, ALU_LTU, rl, al);
            rh = alu2(L, ALU_ADD, alu2(L, ALU_ADD, ah, bh), carry);
        } else if (opc == LLVMSub) {
            rl = alu2(L, ALU_SUB, al, bl);
            Opnd borrow = alu2(L, ALU_LTU, al, bl);
            rh = alu2(L, ALU_SUB, alu2(L, ALU_SUB, ah, bh), borrow);
        } else if (opc == LLVMMul) {
            rl = alu2(L, ALU_MUL, al, bl);
            rh = alu2(L, ALU_ADD, alu2(L, ALU_MULHU, al, bl),
                      alu2(L, ALU_ADD, alu2(L, ALU_MUL, al, bh), alu2(L, ALU_MUL, ah, bl)));
        } else {
            unsigned op = opc == LLVMAnd ? ALU_AND : opc == LLVMOr ? ALU_OR : ALU_XOR;
            rl = alu2(L, op, al, bl);
            rh = alu2(L, op, ah, bh);
        }
        put64(L, in, rl, rh);
        return;
    case LLVMShl: case LLVMLShr: case LLVMAShr:
        pair_of(L, o0, 0, &al, &ah);
        shift64(L, opc, al, ah, value(L, o1), &rl, &rh);
        put64(L, in, rl, rh);
        return;
    case LLVMICmp:
        pair_of(L, o0, 0, &al, &ah);
        pair_of(L, o1, 0, &bl, &bh);
        map_put(L, in, cmp64(L, LLVMGetICmpPredicate(in), al, ah, bl, bh));
        return;
    case LLVMSelect: {
        Opnd c = value(L, o0);
        LLVMValueRef t = LLVMGetOperand(in, 1), e = LLVMGetOperand(in, 2);
        pair_of(L, t, 0, &al, &ah);
        pair_of(L, e, 0, &bl, &bh);
        put64(L, in, emit(L, VG_U_ALU, ALU_SEL, 3, c, al, bl), emit(L, VG_U_ALU, ALU_SEL, 3, c, ah, bh));
        return;
    }
    case LLVMZExt: case LLVMSExt:
        pair_of(L, o0, opc == LLVMSExt, &al, &ah);
        put64(L, in, al, ah);
        return;
    case LLVMTrunc: {
        int rc = tclass(in, LLVMTypeOf(in));
        Opnd a = value(L, o0);
        map_put(L, in, rc == 1 ? alu2(L, ALU_AND, a, opnd_imm(1)) : a);
        return;
    }
    case LLVMPtrToInt:
        put64(L, in, value(L, o0), opnd_imm(0));
        return;
    case LLVMIntToPtr:
        map_put(L, in, value(L, o0));
        return;
    case LLVMBitCast: case LLVMFreeze:
        if (!is64(o0))
            unsupported(in, "bit cast to a 64-bit integer (from double?)");
        put64(L, in, value(L, o0), value_hi(L, o0));
        return;
    case LLVMLoad: {
        if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
            unsupported(in, "atomic load");
        check_addrspace(in, o0, 0);
        Opnd a = value(L, o0), a4 = alu2(L, ALU_ADD, a, opnd_imm(4));
        mem_alias(L, in, o0);
        rl = emit(L, VG_U_LDST, VG_LD32, 1, a, a, a);
        rh = emit(L, VG_U_LDST, VG_LD32, 1, a4, a4, a4);   /* little-endian: lo word first */
        memset(&L->mem, 0, sizeof L->mem);
        put64(L, in, rl, rh);
        return;
    }
    case LLVMStore: {
        if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
            unsupported(in, "atomic store");
        check_addrspace(in, o1, 1);
        pair_of(L, o0, 0, &al, &ah);
        Opnd a = value(L, o1), a4 = alu2(L, ALU_ADD, a, opnd_imm(4));
        mem_alias(L, in, o1);
        emit(L, VG_U_LDST, VG_ST32, 2, a, al, al);
        emit(L, VG_U_LDST, VG_ST32, 2, a4, ah, ah);
        memset(&L->mem, 0, sizeof L->mem);
        return;
    }
    case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
        divrem64(L, in, opc == LLVMSDiv || opc == LLVMSRem, opc == LLVMURem || opc == LLVMSRem);
        return;
    case LLVMSIToFP: case LLVMUIToFP:
        if (tclass(in, LLVMTypeOf(in)) != TC_F)
            unsupported(in, "conversion of a 64-bit integer to this floating-point type");
        map_put(L, in, i64_to_f32(L, o0, opc == LLVMSIToFP));
        return;
    case LLVMFPToSI: case LLVMFPToUI:
        if (tclass(in, LLVMTypeOf(o0)) != TC_F)
            unsupported(in, "conversion of this floating-point type to a 64-bit integer");
        f32_to_i64(L, value(L, o0), opc == LLVMFPToSI, &rl, &rh);
        put64(L, in, rl, rh);
        return;
    default:
        unsupported(in, "64-bit integer arithmetic (this operation on long/ulong)");
    }
}

/* 64-bit min/max/abs intrinsics (llvm.smin.i64 ...), through cmp64. */
static int intrinsic64(Lower *L, LLVMValueRef call, const char *name)
{
    int smin = !strncmp(name, "llvm.smin.i64", 13), smax = !strncmp(name, "llvm.smax.i64", 13),
        umin = !strncmp(name, "llvm.umin.i64", 13), umax = !strncmp(name, "llvm.umax.i64", 13),
        abs = !strncmp(name, "llvm.abs.i64", 12);
    if (!(smin || smax || umin || umax || abs))
        return 0;
    Opnd al, ah, bl, bh;
    pair_of(L, LLVMGetOperand(call, 0), 0, &al, &ah);
    if (abs) {   /* x < 0 ? 0 - x : x */
        Opnd nl = alu2(L, ALU_SUB, opnd_imm(0), al);
        Opnd nh = alu2(L, ALU_SUB, alu2(L, ALU_SUB, opnd_imm(0), ah), alu2(L, ALU_NE, al, opnd_imm(0)));
        Opnd neg = alu2(L, ALU_LT, ah, opnd_imm(0));
        put64(L, call, emit(L, VG_U_ALU, ALU_SEL, 3, neg, nl, al), emit(L, VG_U_ALU, ALU_SEL, 3, neg, nh, ah));
        return 1;
    }
    pair_of(L, LLVMGetOperand(call, 1), 0, &bl, &bh);
    LLVMIntPredicate p = smin ? LLVMIntSLT : smax ? LLVMIntSGT : umin ? LLVMIntULT : LLVMIntUGT;
    Opnd c = cmp64(L, p, al, ah, bl, bh);
    put64(L, call, emit(L, VG_U_ALU, ALU_SEL, 3, c, al, bl), emit(L, VG_U_ALU, ALU_SEL, 3, c, ah, bh));
    return 1;
}

static int demangle(const char *m, char *name, size_t ncap, const char **params);

/* OpenCL min/max/clamp/abs on long/ulong (mangled 'l'/'m'), through cmp64. */
static int builtin64(Lower *L, LLVMValueRef call, const char *mname)
{
    char name[64];
    const char *params;
    if (!demangle(mname, name, sizeof name, &params) || (params[0] != 'l' && params[0] != 'm'))
        return 0;
    int sg = params[0] == 'l';
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    Opnd xl, xh, yl, yh, zl, zh;
    pair_of(L, LLVMGetOperand(call, 0), 0, &xl, &xh);
    if (!strcmp(name, "abs") && nargs == 1) {
        if (!sg) {
            put64(L, call, xl, xh);
            return 1;
        }
        Opnd nl = alu2(L, ALU_SUB, opnd_imm(0), xl);
        Opnd nh = alu2(L, ALU_SUB, alu2(L, ALU_SUB, opnd_imm(0), xh), alu2(L, ALU_NE, xl, opnd_imm(0)));
        Opnd neg = alu2(L, ALU_LT, xh, opnd_imm(0));
        put64(L, call, emit(L, VG_U_ALU, ALU_SEL, 3, neg, nl, xl), emit(L, VG_U_ALU, ALU_SEL, 3, neg, nh, xh));
        return 1;
    }
    int mn = !strcmp(name, "min"), mx = !strcmp(name, "max"), cl = !strcmp(name, "clamp");
    if (!((mn || mx) && nargs == 2) && !(cl && nargs == 3))
        return 0;
    pair_of(L, LLVMGetOperand(call, 1), 0, &yl, &yh);
    LLVMIntPredicate lt = sg ? LLVMIntSLT : LLVMIntULT, gt = sg ? LLVMIntSGT : LLVMIntUGT;
    Opnd c = cmp64(L, mn ? lt : gt, xl, xh, yl, yh);
    Opnd rl = emit(L, VG_U_ALU, ALU_SEL, 3, c, xl, yl), rh = emit(L, VG_U_ALU, ALU_SEL, 3, c, xh, yh);
    if (cl) {   /* min(max(x, lo), hi) */
        pair_of(L, LLVMGetOperand(call, 2), 0, &zl, &zh);
        Opnd c2 = cmp64(L, lt, rl, rh, zl, zh);
        Opnd ml = emit(L, VG_U_ALU, ALU_SEL, 3, c2, rl, zl), mh = emit(L, VG_U_ALU, ALU_SEL, 3, c2, rh, zh);
        rl = ml;
        rh = mh;
    }
    put64(L, call, rl, rh);
    return 1;
}

/* Address arithmetic of a GEP (instruction or constant expression). */
static Opnd gep(Lower *L, LLVMValueRef g, LLVMValueRef at)
{
    Opnd addr = value(L, LLVMGetOperand(g, 0));
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
    int nops = LLVMGetNumOperands(g);
    uint32_t konst = 0;
    for (int i = 1; i < nops; i++) {
        LLVMValueRef idx = LLVMGetOperand(g, i);
        LLVMTypeRef it = LLVMTypeOf(idx);
        if (LLVMGetTypeKind(it) != LLVMIntegerTypeKind)
            unsupported(at, "vector GEP");
        uint64_t elsize;
        if (i == 1) {
            elsize = LLVMABISizeOfType(L->td, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            if (!LLVMIsAConstantInt(idx))
                unsupported(at, "non-constant struct field index");
            unsigned fi = (unsigned)LLVMConstIntGetZExtValue(idx);
            if (fi >= LLVMCountStructElementTypes(ty))
                unsupported(at, "struct field index out of range");
            konst += (uint32_t)LLVMOffsetOfElement(L->td, ty, fi);
            ty = LLVMStructGetTypeAtIndex(ty, fi);
            continue;
        } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind) {
            ty = LLVMGetElementType(ty);
            elsize = LLVMABISizeOfType(L->td, ty);
        } else {
            unsupported(at, "GEP into a vector or non-aggregate type");
        }
        if (LLVMIsAConstantInt(idx)) {
            konst += (uint32_t)((uint64_t)LLVMConstIntGetSExtValue(idx) * elsize);
            continue;
        }
        /* idx = v + C (an unrolled loop's a[x + 1], instcombine's form of a[x - 1]) computed in
         * this block: the address is base + v*size + C*size (mod 2^32, so exact whatever the
         * add's wrap flags), the constant joins konst and the add may die (dead_code). */
        while (LLVMIsAInstruction(g) && LLVMIsABinaryOperator(idx) && LLVMGetInstructionOpcode(idx) == LLVMAdd
               && LLVMGetIntTypeWidth(it) == 32 && LLVMIsAConstantInt(LLVMGetOperand(idx, 1))
               && LLVMGetInstructionParent(idx) == LLVMGetInstructionParent(g)) {
            konst += (uint32_t)((uint64_t)LLVMConstIntGetSExtValue(LLVMGetOperand(idx, 1)) * elsize);
            idx = LLVMGetOperand(idx, 0);
        }
        int w = tclass64(at, it);
        Opnd iv = norm(L, value(L, idx), w, 1);   /* an i64 index: its lo word (32-bit addresses) */
        Opnd term;
        if (elsize == 1)
            term = iv;
        else if ((elsize & (elsize - 1)) == 0) {
            uint32_t sh = 0;
            while ((1ull << sh) < elsize)
                sh++;
            term = alu2(L, ALU_SLL, iv, opnd_imm(sh));
        } else
            term = alu2(L, ALU_MUL, iv, opnd_imm((uint32_t)elsize));
        addr = alu2(L, ALU_ADD, addr, term);
    }
    if (konst)
        addr = alu2(L, ALU_ADD, addr, opnd_imm(konst));
    return addr;
}

/* ---- OpenCL builtins (Itanium-mangled names) ---- */

/* Splits "_Z<len><name><params>" into name and parameter code string; 0 if not mangled. */
static int demangle(const char *m, char *name, size_t ncap, const char **params)
{
    if (strncmp(m, "_Z", 2) != 0)
        return 0;
    const char *p = m + 2;
    size_t len = 0;
    while (*p >= '0' && *p <= '9')
        len = len * 10 + (size_t)(*p++ - '0');
    if (len == 0 || len >= ncap || strlen(p) < len)
        return 0;
    memcpy(name, p, len);
    name[len] = 0;
    *params = p + len;
    return 1;
}

static int is_name(const char *n, const char *a) { return strcmp(n, a) == 0; }

/* Integer kind of a mangled parameter code: width and signedness; 0 if not an integer. */
static int int_code(char c, int *is_signed)
{
    switch (c) {
    case 'i': *is_signed = 1; return 32;
    case 'j': *is_signed = 0; return 32;
    case 'c': case 'a': *is_signed = 1; return 8;
    case 'h': *is_signed = 0; return 8;
    case 's': *is_signed = 1; return 16;
    case 't': *is_signed = 0; return 16;
    default:  return 0;
    }
}

/* The OpenCL builtins builtin() below lowers itself (by name; the types it accepts are those
 * of OpenCL C). Every other builtin comes from the libclc library (clc.c), which is built
 * without these (sw/clc/clc_prep.sh asks `vgiwcc --own-builtins`), so the native engine
 * takes them from its shim and both agree. */
static const char *const own_builtins[] = {
    "get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size", "get_num_groups",
    "barrier", "work_group_barrier", "mem_fence", "read_mem_fence", "write_mem_fence",
    "sqrt", "native_sqrt", "half_sqrt", "fabs", "fmin", "fmax", "min", "max", "mad", "fma",
    "native_divide", "half_divide", "native_recip", "half_recip", "copysign", "clamp", "abs",
    "mul24", "mad24", "select",
    "atomic_add", "atomic_sub", "atomic_xchg", "atomic_inc", "atomic_dec", "atomic_min", "atomic_max",
    "atomic_and", "atomic_or", "atomic_xor", "atomic_cmpxchg",
    "atom_add", "atom_sub", "atom_xchg", "atom_inc", "atom_dec", "atom_min", "atom_max",
    "atom_and", "atom_or", "atom_xor", "atom_cmpxchg", NULL };

int ir_own_builtin(const char *name)
{
    for (int i = 0; own_builtins[i]; i++)
        if (!strcmp(name, own_builtins[i]))
            return 1;
    return 0;
}

void ir_print_own_builtins(void)
{
    for (int i = 0; own_builtins[i]; i++)
        printf("%s\n", own_builtins[i]);
}

int ir_demangle(const char *m, char *name, size_t ncap, const char **params)
{
    return demangle(m, name, ncap, params);
}

static Opnd builtin(Lower *L, LLVMValueRef call, const char *mname, int *handled)
{
    char name[64];
    const char *params;
    *handled = 1;
    if (!demangle(mname, name, sizeof name, &params)) {
        *handled = 0;
        return opnd_imm(0);
    }
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef a0 = nargs > 0 ? LLVMGetOperand(call, 0) : NULL;
    static const struct { const char *n; uint32_t src; } wi[] = {
        { "get_global_id", VG_SRC_GLOBAL_ID }, { "get_local_id", VG_SRC_LOCAL_ID },
        { "get_group_id", VG_SRC_GROUP_ID }, { "get_global_size", VG_SRC_GLOBAL_SIZE },
        { "get_local_size", VG_SRC_LOCAL_SIZE }, { "get_num_groups", VG_SRC_NUM_GROUPS },
    };
    for (size_t i = 0; i < sizeof wi / sizeof wi[0]; i++)
        if (is_name(name, wi[i].n)) {
            if (!a0 || !LLVMIsAConstantInt(a0))
                unsupported(call, "%s() with a non-constant dimension", name);
            uint64_t d = LLVMConstIntGetZExtValue(a0);
            if (d > 2)   /* OpenCL: out-of-range dimension gives 0 (or 1 for sizes) */
                return opnd_imm(wi[i].src >= VG_SRC_GLOBAL_SIZE ? 1 : 0);
            return opnd_src(wi[i].src + (uint32_t)d);
        }
    /* One parameter code per argument for the simple scalar builtins. */
    char t = params[0];
    int sg = 0, w = int_code(t, &sg);
    Opnd x = a0 ? value(L, a0) : opnd_imm(0);
    Opnd y = nargs > 1 ? value(L, LLVMGetOperand(call, 1)) : opnd_imm(0);
    Opnd z = nargs > 2 ? value(L, LLVMGetOperand(call, 2)) : opnd_imm(0);
    int isf = t == 'f';
    if ((is_name(name, "sqrt") || is_name(name, "native_sqrt") || is_name(name, "half_sqrt")) && isf)
        return emit(L, VG_U_SCU, SCU_FSQRT, 1, x, x, x);
    if (is_name(name, "fabs") && isf)
        return emit(L, VG_U_FCMP, FCMP_FABS, 1, x, x, x);
    if ((is_name(name, "fmin") || (is_name(name, "min") && isf)) && isf)
        return emit(L, VG_U_FCMP, FCMP_FMIN, 2, x, y, y);
    if ((is_name(name, "fmax") || (is_name(name, "max") && isf)) && isf)
        return emit(L, VG_U_FCMP, FCMP_FMAX, 2, x, y, y);
    if ((is_name(name, "mad") || is_name(name, "fma")) && isf)
        return emit(L, VG_U_FMA, FMA_FMADD, 3, x, y, z);
    if ((is_name(name, "native_divide") || is_name(name, "half_divide")) && isf)
        return emit(L, VG_U_SCU, SCU_FDIV, 2, x, y, y);
    if ((is_name(name, "native_recip") || is_name(name, "half_recip")) && isf)
        return emit(L, VG_U_SCU, SCU_FDIV, 2, opnd_imm(0x3F800000u), x, x);
    if (is_name(name, "copysign") && isf)
        return emit(L, VG_U_FCMP, FCMP_FCOPYSIGN, 2, x, y, y);
    if (is_name(name, "clamp") && isf)
        return emit(L, VG_U_FCMP, FCMP_FMIN, 2, emit(L, VG_U_FCMP, FCMP_FMAX, 2, x, y, y), z, z);
    if (w) {
        unsigned mn = sg ? ALU_MIN : ALU_MINU, mx = sg ? ALU_MAX : ALU_MAXU;
        if (is_name(name, "min") || is_name(name, "max") || is_name(name, "clamp")) {
            x = norm(L, x, w, sg);
            y = norm(L, y, w, sg);
            if (is_name(name, "min")) return alu2(L, mn, x, y);
            if (is_name(name, "max")) return alu2(L, mx, x, y);
            z = norm(L, z, w, sg);
            return alu2(L, mn, alu2(L, mx, x, y), z);
        }
        if (is_name(name, "abs")) {
            if (!sg)
                return x;
            x = norm(L, x, w, 1);
            return alu2(L, ALU_MAX, x, alu2(L, ALU_SUB, opnd_imm(0), x));
        }
        if (is_name(name, "mul24") && w == 32)
            return alu2(L, ALU_MUL, x, y);
        if (is_name(name, "mad24") && w == 32)
            return alu2(L, ALU_ADD, alu2(L, ALU_MUL, x, y), z);
    }
    if (is_name(name, "select") && nargs == 3) {
        /* select(a, b, c) = c ? b : a (scalar); c's type is the last parameter code. */
        size_t pl = strlen(params);
        int csg = 0, cw = pl ? int_code(params[pl - 1], &csg) : 0;
        if (!cw)
            unsupported(call, "select() with these argument types");
        Opnd c = norm(L, z, cw, 0);
        return emit(L, VG_U_ALU, ALU_SEL, 3, c, y, x);
    }
    if (is_name(name, "mem_fence") || is_name(name, "read_mem_fence") || is_name(name, "write_mem_fence"))
        return opnd_imm(0);   /* each thread's memory operations are already kept in order */
    *handled = 0;
    return opnd_imm(0);
}

/* ---- operations the ALU does not have, built from its operations (for libclc's code and
 * the LLVM intrinsics clang emits; docs/compiler.md "Math and common builtins") ---- */

static Opnd imm(uint32_t v) { return opnd_imm(v); }
static Opnd sel(Lower *L, Opnd c, Opnd a, Opnd b) { return emit(L, VG_U_ALU, ALU_SEL, 3, c, a, b); }
static Opnd fop(Lower *L, unsigned op, Opnd a, Opnd b) { return emit(L, VG_U_FMA, op, 2, a, b, b); }
static Opnd fcmp(Lower *L, unsigned pred, Opnd a, Opnd b) { return emit(L, VG_U_FCMP, pred, 2, a, b, b); }

/* trunc(x) on the bits: exponent e; |x| < 1 keeps the sign only, |x| >= 2^23 (and inf,
 * NaN) is x, else the fraction bits below 2^0 are cleared. Exact, as IEEE requires. */
static Opnd f_trunc(Lower *L, Opnd x)
{
    Opnd e = alu2(L, ALU_AND, alu2(L, ALU_SRL, x, imm(23)), imm(0xFF));
    Opnd t = alu2(L, ALU_AND, x, alu2(L, ALU_SLL, imm(0xFFFFFFFFu), alu2(L, ALU_SUB, imm(150), e)));
    Opnd r = sel(L, alu2(L, ALU_LTU, e, imm(127)), alu2(L, ALU_AND, x, imm(0x80000000u)), t);
    return sel(L, alu2(L, ALU_GEU, e, imm(150)), x, r);
}

/* floor/ceil: trunc, then one step down/up when it moved x the wrong way (exact: t is an
 * integer below 2^23 in magnitude there); the sign of a zero result is trunc's. */
static Opnd f_floor(Lower *L, Opnd x, int ceil)
{
    Opnd t = f_trunc(L, x);
    Opnd c = fcmp(L, ceil ? FCMP_OGT : FCMP_OLT, x, t);
    return sel(L, c, fop(L, ceil ? FMA_FADD : FMA_FSUB, t, imm(0x3F800000u)), t);
}

/* rint: |x| + 2^23 - 2^23 rounds to an integer (nearest even) for |x| < 2^23; sign kept. */
static Opnd f_rint(Lower *L, Opnd x)
{
    Opnd a = emit(L, VG_U_FCMP, FCMP_FABS, 1, x, x, x);
    Opnd y = fop(L, FMA_FSUB, fop(L, FMA_FADD, a, imm(0x4B000000u)), imm(0x4B000000u));
    Opnd r = emit(L, VG_U_FCMP, FCMP_FCOPYSIGN, 2, y, x, x);
    return sel(L, fcmp(L, FCMP_OLT, a, imm(0x4B000000u)), r, x);
}

/* round: half away from zero; x - trunc(x) is exact. */
static Opnd f_round(Lower *L, Opnd x)
{
    Opnd t = f_trunc(L, x);
    Opnd d = emit(L, VG_U_FCMP, FCMP_FABS, 1, fop(L, FMA_FSUB, x, t), x, x);
    Opnd one = emit(L, VG_U_FCMP, FCMP_FCOPYSIGN, 2, imm(0x3F800000u), x, x);
    return sel(L, fcmp(L, FCMP_OGE, d, imm(0x3F000000u)), fop(L, FMA_FADD, t, one), t);
}

/* Leading zeros of a 32-bit word: y = x & ~(x >> 1) keeps x's top bit and clears the next,
 * so its conversion to float cannot round up to the next power of two and the exponent is
 * the top bit's position. */
static Opnd i_clz32(Lower *L, Opnd x)
{
    Opnd y = alu2(L, ALU_AND, x, alu1(L, ALU_NOT, alu2(L, ALU_SRL, x, imm(1))));
    Opnd f = emit(L, VG_U_FCVT, FCVT_U2F, 1, y, y, y);
    Opnd r = alu2(L, ALU_SUB, imm(158), alu2(L, ALU_SRL, f, imm(23)));
    return sel(L, alu2(L, ALU_EQ, x, imm(0)), imm(32), r);
}

static Opnd i_popcount32(Lower *L, Opnd x)
{
    x = alu2(L, ALU_SUB, x, alu2(L, ALU_AND, alu2(L, ALU_SRL, x, imm(1)), imm(0x55555555u)));
    x = alu2(L, ALU_ADD, alu2(L, ALU_AND, x, imm(0x33333333u)),
             alu2(L, ALU_AND, alu2(L, ALU_SRL, x, imm(2)), imm(0x33333333u)));
    x = alu2(L, ALU_AND, alu2(L, ALU_ADD, x, alu2(L, ALU_SRL, x, imm(4))), imm(0x0F0F0F0Fu));
    return alu2(L, ALU_SRL, alu2(L, ALU_MUL, x, imm(0x01010101u)), imm(24));
}

/* Funnel shifts of w-bit words (LLVM fshl/fshr; rotate is fshl(x, x, s)). */
static Opnd i_fsh(Lower *L, Opnd a, Opnd b, Opnd s, int w, int right)
{
    s = alu2(L, ALU_AND, s, imm((uint32_t)w - 1));
    if (w == 32) {
        if (!right)   /* (a << s) | ((b >> 1) >> (31 - s)): no shift by 32 */
            return alu2(L, ALU_OR, alu2(L, ALU_SLL, a, s),
                        alu2(L, ALU_SRL, alu2(L, ALU_SRL, b, imm(1)), alu2(L, ALU_SUB, imm(31), s)));
        return alu2(L, ALU_OR, alu2(L, ALU_SRL, b, s),
                    alu2(L, ALU_SLL, alu2(L, ALU_SLL, a, imm(1)), alu2(L, ALU_SUB, imm(31), s)));
    }
    /* 8/16 bits: the concatenation a:b fits a word */
    Opnd v = alu2(L, ALU_OR, alu2(L, ALU_SLL, norm(L, a, w, 0), imm((uint32_t)w)), norm(L, b, w, 0));
    if (right)
        return alu2(L, ALU_SRL, v, s);
    return alu2(L, ALU_SRL, alu2(L, ALU_SLL, v, s), imm((uint32_t)w));
}

/* Saturating add/sub of w-bit integers (llvm.[su]{add,sub}.sat). */
static Opnd i_sat(Lower *L, Opnd a, Opnd b, int w, int sg, int sub)
{
    if (w < 32) {   /* exact in 32 bits, then clamped to the type's range */
        a = norm(L, a, w, sg);
        b = norm(L, b, w, sg);
        Opnd r = alu2(L, sub ? ALU_SUB : ALU_ADD, a, b);
        uint32_t hi = sg ? (1u << (w - 1)) - 1 : (1u << w) - 1, lo = sg ? (uint32_t)-(int32_t)(1u << (w - 1)) : 0;
        return alu2(L, ALU_MIN, alu2(L, ALU_MAX, r, imm(lo)), imm(hi));
    }
    Opnd r = alu2(L, sub ? ALU_SUB : ALU_ADD, a, b);
    if (!sg)
        return sub ? sel(L, alu2(L, ALU_LTU, a, b), imm(0), r) : sel(L, alu2(L, ALU_LTU, r, a), imm(0xFFFFFFFFu), r);
    /* signed overflow: the operands' signs (equal for add, different for sub) differ from
     * the result's; then the bound with a's sign */
    Opnd ov = sub ? alu2(L, ALU_AND, alu2(L, ALU_XOR, a, b), alu2(L, ALU_XOR, a, r))
                  : alu2(L, ALU_AND, alu2(L, ALU_XOR, a, r), alu2(L, ALU_XOR, b, r));
    Opnd bound = alu2(L, ALU_XOR, alu2(L, ALU_SRA, a, imm(31)), imm(0x7FFFFFFFu));
    return sel(L, alu2(L, ALU_LT, ov, imm(0)), bound, r);
}

/* llvm.is.fpclass(x, mask): IEEE classes from the bits. */
static Opnd f_class(Lower *L, Opnd x, uint32_t mask)
{
    Opnd a = alu2(L, ALU_AND, x, imm(0x7FFFFFFFu));
    Opnd neg = alu2(L, ALU_SRL, x, imm(31)), pos = alu2(L, ALU_XOR, neg, imm(1));
    Opnd nan = alu2(L, ALU_GTU, a, imm(0x7F800000u));
    Opnd quiet = alu2(L, ALU_AND, alu2(L, ALU_SRL, x, imm(22)), imm(1));
    Opnd cls[4] = { alu2(L, ALU_EQ, a, imm(0x7F800000u)),                                             /* inf */
                    alu2(L, ALU_LTU, alu2(L, ALU_SUB, a, imm(0x00800000u)), imm(0x7F000000u)),          /* normal */
                    alu2(L, ALU_LTU, alu2(L, ALU_SUB, a, imm(1)), imm(0x007FFFFFu)),                    /* subnormal */
                    alu2(L, ALU_EQ, a, imm(0)) };                                                     /* zero */
    Opnd r = imm(0);
    if (mask & 1) r = alu2(L, ALU_OR, r, alu2(L, ALU_AND, nan, alu2(L, ALU_XOR, quiet, imm(1))));
    if (mask & 2) r = alu2(L, ALU_OR, r, alu2(L, ALU_AND, nan, quiet));
    for (int k = 0; k < 4; k++) {   /* negative classes: bits 2..5 (inf, normal, subnormal, zero) */
        if (mask & (4u << k)) r = alu2(L, ALU_OR, r, alu2(L, ALU_AND, cls[k], neg));
        if (mask & (0x200u >> k)) r = alu2(L, ALU_OR, r, alu2(L, ALU_AND, cls[k], pos));   /* positive: 9..6 */
    }
    return r;
}

/* ---- loads from constant tables (program-scope __constant arrays with an initializer,
 * such as libclc's log and exp tables): a load at a constant offset is the constant; one at
 * a run-time index reads the kernel's constant data section, which the host copies into
 * device memory (an ordinary LDST load from launch value VG_SRC_ARG + nargs); a table of
 * at most TABLE_SELECT_MAX rows stays a select tree over its entries on the index bits,
 * cheaper than an address computation and a memory access. ---- */

/* Value and pointer keys of vector lanes in the value map (after the value's address + 1,
 * the hi word of 64-bit values; LLVM values are larger than 18 bytes). */
static LLVMValueRef lane_key(LLVMValueRef v, unsigned lane) { return (LLVMValueRef)((char *)v + 2 + lane); }

/* Serializes a constant of type t into buf (little endian; size bytes). 0 if unsupported. */
static int const_bytes(Lower *L, LLVMValueRef c, LLVMTypeRef t, uint8_t *buf, uint64_t size)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c)) {
        memset(buf, 0, size);
        return 1;
    }
    if (k == LLVMFloatTypeKind) {
        LLVMBool lost;
        uint32_t b = vgiw_bits((float)LLVMConstRealGetDouble(c, &lost));
        memcpy(buf, &b, 4 < size ? 4 : size);
        return 1;
    }
    if (k == LLVMIntegerTypeKind) {
        uint64_t v = LLVMConstIntGetZExtValue(c);
        for (uint64_t i = 0; i < size && i < 8; i++)
            buf[i] = (uint8_t)(v >> (8 * i));
        return 1;
    }
    if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
        LLVMTypeRef et = LLVMGetElementType(t);
        uint64_t es = LLVMABISizeOfType(L->td, et);
        unsigned n = k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (!e || (i + 1) * es > size || !const_bytes(L, e, et, buf + i * es, es))
                return 0;
        }
        return 1;
    }
    if (k == LLVMStructTypeKind) {
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++) {
            LLVMTypeRef et = LLVMStructGetTypeAtIndex(t, i);
            uint64_t off = LLVMOffsetOfElement(L->td, t, i), es = LLVMABISizeOfType(L->td, et);
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (!e || off + es > size || !const_bytes(L, e, et, buf + off, es))
                return 0;
        }
        return 1;
    }
    return 0;
}

/* The constant global a pointer points into (through GEPs and casts), or NULL. */
static LLVMValueRef const_table_root(LLVMValueRef p)
{
    for (int depth = 0; depth < 16 && p; depth++) {
        if (LLVMIsAGlobalVariable(p))
            return LLVMIsGlobalConstant(p) && LLVMGetInitializer(p)
                           && LLVMGetPointerAddressSpace(LLVMTypeOf(p)) != 3 ? p : NULL;
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p))
            p = LLVMGetOperand(p, 0);
        else if (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMGetElementPtr
                                            || LLVMGetConstOpcode(p) == LLVMBitCast
                                            || LLVMGetConstOpcode(p) == LLVMAddrSpaceCast))
            p = LLVMGetOperand(p, 0);
        else
            return NULL;
    }
    return NULL;
}

/* Byte offset of pointer p into its constant table: konst + var * stride (var NULL when
 * the offset is constant). At most one run-time index. */
static void table_offset(Lower *L, LLVMValueRef at, LLVMValueRef p, uint64_t *konst, LLVMValueRef *var,
                         uint64_t *stride)
{
    while (!LLVMIsAGlobalVariable(p)) {
        int is_gep = LLVMIsAGetElementPtrInst(p)
                     || (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
        if (is_gep) {
            LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
            int nops = LLVMGetNumOperands(p);
            for (int i = 1; i < nops; i++) {
                LLVMValueRef idx = LLVMGetOperand(p, i);
                uint64_t es;
                if (i == 1) {
                    es = LLVMABISizeOfType(L->td, ty);
                } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
                    if (!LLVMIsAConstantInt(idx))
                        unsupported(at, "non-constant struct field index");
                    unsigned fi = (unsigned)LLVMConstIntGetZExtValue(idx);
                    *konst += LLVMOffsetOfElement(L->td, ty, fi);
                    ty = LLVMStructGetTypeAtIndex(ty, fi);
                    continue;
                } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind || LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
                    ty = LLVMGetElementType(ty);
                    es = LLVMABISizeOfType(L->td, ty);
                } else {
                    unsupported(at, "GEP into a non-aggregate type");
                }
                if (LLVMIsAConstantInt(idx)) {
                    *konst += (uint64_t)LLVMConstIntGetSExtValue(idx) * es;
                } else {
                    if (*var)
                        unsupported(at, "load from the constant table '%s' with more than one run-time index",
                                    LLVMGetValueName(const_table_root(p)));
                    *var = idx;
                    *stride = es;
                }
            }
        }
        p = LLVMGetOperand(p, 0);
    }
}

#define TABLE_MAX_ENTRIES 1024   /* a select tree per loaded word: larger tables cost too many nodes */
#define TABLE_SELECT_MAX 4       /* rows of a table that stays a select tree (above) */

/* Offset of table root in the constant data section, adding its bytes the first time. */
static uint32_t const_section_offset(Lower *L, LLVMValueRef at, LLVMValueRef root, const uint8_t *bytes, uint64_t size)
{
    for (int i = 0; i < L->nctabs; i++)
        if (L->ctabs[i] == root)
            return L->ctab_off[i];
    Func *f = L->f;
    uint64_t off = ((uint64_t)f->cbytes + VG_CONST_ALIGN - 1) & ~(uint64_t)(VG_CONST_ALIGN - 1);
    if (off + size > VG_CONST_MAX)
        unsupported(at, "constant data of more than %u bytes (table '%s')", VG_CONST_MAX, LLVMGetValueName(root));
    if (f->nargs >= VG_SRC_ARG_MAX)
        unsupported(at, "constant table '%s' in a kernel of %d arguments (its address takes a slot)",
                    LLVMGetValueName(root), f->nargs);
    f->cdata = xrealloc(f->cdata, (size_t)(off + size));
    memset(f->cdata + f->cbytes, 0, (size_t)(off - f->cbytes));
    memcpy(f->cdata + off, bytes, (size_t)size);
    f->cbytes = (uint32_t)(off + size);
    L->ctabs = xrealloc(L->ctabs, (size_t)(L->nctabs + 1) * sizeof *L->ctabs);
    L->ctab_off = xrealloc(L->ctab_off, (size_t)(L->nctabs + 1) * sizeof *L->ctab_off);
    L->ctabs[L->nctabs] = root;
    L->ctab_off[L->nctabs++] = (uint32_t)off;
    return (uint32_t)off;
}

/* The w-byte word at byte offset off of row `row` (an address into the table in memory:
 * base + index * stride, computed once per load) read from the constant data section. */
static Opnd table_mem_word(Lower *L, LLVMValueRef at, Opnd row, uint64_t size, uint64_t off, unsigned w)
{
    if (off + w > size)
        unsupported(at, "load outside its constant table");
    Opnd a = off ? alu2(L, ALU_ADD, row, opnd_imm((uint32_t)off)) : row;
    return emit(L, VG_U_LDST, w == 4 ? VG_LD32 : w == 2 ? VG_LD16U : VG_LD8U, 1, a, a, a);
}

/* The w-byte word at byte offset off + var * stride of the table (select tree over var). */
static Opnd table_word(Lower *L, LLVMValueRef at, const uint8_t *bytes, uint64_t size, uint64_t off,
                       LLVMValueRef var, uint64_t stride, unsigned w)
{
    uint32_t vals[TABLE_MAX_ENTRIES];
    uint64_t n = 1;
    if (var) {
        n = off < size ? (size - off - w) / stride + 1 : 0;
        if (n > TABLE_MAX_ENTRIES)
            unsupported(at, "load at a run-time index from a constant table of %llu entries (at most %d)",
                        (unsigned long long)n, TABLE_MAX_ENTRIES);
    }
    if (n == 0 || off + w > size)
        unsupported(at, "load outside its constant table");
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = 0;
        for (unsigned b = 0; b < w; b++)
            v |= (uint32_t)bytes[off + i * stride + b] << (8 * b);
        vals[i] = v;
    }
    if (!var)
        return imm(vals[0]);
    Opnd idx = value(L, var);   /* indices beyond the table are undefined behaviour: any entry */
    Opnd level[TABLE_MAX_ENTRIES];
    for (uint64_t i = 0; i < n; i++)
        level[i] = imm(vals[i]);
    uint64_t m = n;
    for (unsigned bit = 0; m > 1; bit++) {
        Opnd c = alu2(L, ALU_AND, alu2(L, ALU_SRL, idx, imm(bit)), imm(1));
        uint64_t k = 0;
        for (uint64_t i = 0; i < m; i += 2)
            level[k++] = i + 1 < m ? (level[i].kind == level[i + 1].kind && level[i].kind == OPND_IMM
                                              && level[i].v == level[i + 1].v ? level[i]
                                                                              : sel(L, c, level[i + 1], level[i]))
                                   : level[i];
        m = k;
    }
    return level[0];
}

/* A load (scalar or vector of 32/16/8-bit lanes) from a constant table. */
static void table_load(Lower *L, LLVMValueRef in, LLVMValueRef root)
{
    LLVMTypeRef gt = LLVMGlobalGetValueType(root);
    uint64_t size = LLVMABISizeOfType(L->td, gt);
    if (size > (1u << 20))
        unsupported(in, "constant table '%s' of %llu bytes", LLVMGetValueName(root), (unsigned long long)size);
    uint8_t *bytes = xcalloc(size ? size : 1, 1);
    if (!const_bytes(L, LLVMGetInitializer(root), gt, bytes, size))
        unsupported(in, "initializer of the constant table '%s'", LLVMGetValueName(root));
    uint64_t konst = 0, stride = 0;
    LLVMValueRef var = NULL;
    table_offset(L, in, LLVMGetOperand(in, 0), &konst, &var, &stride);
    /* in memory: the row address base + index * stride, the lanes at konst + i * w from it */
    int in_mem = var && size / stride > TABLE_SELECT_MAX;
    Opnd row = opnd_imm(0);
    if (in_mem) {
        uint32_t toff = const_section_offset(L, in, root, bytes, size);
        Opnd iv = norm(L, value(L, var), tclass64(in, LLVMTypeOf(var)), 1);
        Opnd term;
        if (stride == 1)
            term = iv;
        else if ((stride & (stride - 1)) == 0) {
            uint32_t sh = 0;
            while ((1ull << sh) < stride)
                sh++;
            term = alu2(L, ALU_SLL, iv, opnd_imm(sh));
        } else
            term = alu2(L, ALU_MUL, iv, opnd_imm((uint32_t)stride));
        row = alu2(L, ALU_ADD, opnd_src(VG_SRC_ARG + (uint32_t)L->f->nargs), term);
        konst += toff;
        size += toff;   /* offsets are now relative to the start of the section */
    }
    LLVMTypeRef t = LLVMTypeOf(in);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        LLVMTypeRef et = LLVMGetElementType(t);
        int tc = tclass(in, et);
        unsigned w = tc == TC_F || tc == 32 ? 4 : tc == 16 ? 2 : 1, n = LLVMGetVectorSize(t);
        if (n > 16)
            unsupported(in, "vector of %u elements", n);
        for (unsigned i = 0; i < n; i++)
            map_put(L, lane_key(in, i), in_mem ? table_mem_word(L, in, row, size, konst + i * w, w)
                                               : table_word(L, in, bytes, size, konst + i * w, var, stride, w));
    } else {
        int tc = tclass(in, t);
        if (tc == 64 || tc == TC_P)
            unsupported(in, "64-bit or pointer load from the constant table '%s'", LLVMGetValueName(root));
        unsigned w = tc == TC_F || tc == 32 ? 4 : tc == 16 ? 2 : 1;
        map_put(L, in, in_mem ? table_mem_word(L, in, row, size, konst, w)
                              : table_word(L, in, bytes, size, konst, var, stride, w));
    }
    free(bytes);
}

static Opnd intrinsic(Lower *L, LLVMValueRef call, const char *name, int *handled, int w)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    Opnd x = nargs > 0 ? value(L, LLVMGetOperand(call, 0)) : opnd_imm(0);
    Opnd y = nargs > 1 ? value(L, LLVMGetOperand(call, 1)) : opnd_imm(0);
    Opnd z = nargs > 2 ? value(L, LLVMGetOperand(call, 2)) : opnd_imm(0);
    *handled = 1;
#define PFX(p) (strncmp(name, p, strlen(p)) == 0)
    if (PFX("llvm.smin.")) return alu2(L, ALU_MIN, norm(L, x, w, 1), norm(L, y, w, 1));
    if (PFX("llvm.smax.")) return alu2(L, ALU_MAX, norm(L, x, w, 1), norm(L, y, w, 1));
    if (PFX("llvm.umin.")) return alu2(L, ALU_MINU, norm(L, x, w, 0), norm(L, y, w, 0));
    if (PFX("llvm.umax.")) return alu2(L, ALU_MAXU, norm(L, x, w, 0), norm(L, y, w, 0));
    if (PFX("llvm.abs.")) {
        x = norm(L, x, w, 1);
        return alu2(L, ALU_MAX, x, alu2(L, ALU_SUB, opnd_imm(0), x));
    }
    if (PFX("llvm.fabs.f32")) return emit(L, VG_U_FCMP, FCMP_FABS, 1, x, x, x);
    if (PFX("llvm.fma.f32") || PFX("llvm.fmuladd.f32")) return emit(L, VG_U_FMA, FMA_FMADD, 3, x, y, z);
    if (PFX("llvm.sqrt.f32")) return emit(L, VG_U_SCU, SCU_FSQRT, 1, x, x, x);
    if (PFX("llvm.minnum.f32")) return emit(L, VG_U_FCMP, FCMP_FMIN, 2, x, y, y);
    if (PFX("llvm.maxnum.f32")) return emit(L, VG_U_FCMP, FCMP_FMAX, 2, x, y, y);
    if (PFX("llvm.copysign.f32")) return emit(L, VG_U_FCMP, FCMP_FCOPYSIGN, 2, x, y, y);
    if (PFX("llvm.expect.") || PFX("llvm.annotation.")) return x;
    if (PFX("llvm.trunc.f32")) return f_trunc(L, x);
    if (PFX("llvm.floor.f32")) return f_floor(L, x, 0);
    if (PFX("llvm.ceil.f32")) return f_floor(L, x, 1);
    if (PFX("llvm.rint.f32") || PFX("llvm.nearbyint.f32") || PFX("llvm.roundeven.f32")) return f_rint(L, x);
    if (PFX("llvm.round.f32")) return f_round(L, x);
    if (PFX("llvm.ctlz.") && (w == 8 || w == 16 || w == 32))
        return alu2(L, ALU_SUB, i_clz32(L, norm(L, x, w, 0)), imm(32 - (uint32_t)w));
    if (PFX("llvm.ctpop.") && (w == 8 || w == 16 || w == 32)) return i_popcount32(L, norm(L, x, w, 0));
    if (PFX("llvm.fshl.") && (w == 8 || w == 16 || w == 32)) return i_fsh(L, x, y, z, w, 0);
    if (PFX("llvm.fshr.") && (w == 8 || w == 16 || w == 32)) return i_fsh(L, x, y, z, w, 1);
    if (w == 8 || w == 16 || w == 32) {
        if (PFX("llvm.sadd.sat.")) return i_sat(L, x, y, w, 1, 0);
        if (PFX("llvm.uadd.sat.")) return i_sat(L, x, y, w, 0, 0);
        if (PFX("llvm.ssub.sat.")) return i_sat(L, x, y, w, 1, 1);
        if (PFX("llvm.usub.sat.")) return i_sat(L, x, y, w, 0, 1);
    }
    if (PFX("llvm.is.fpclass.f32")) {
        LLVMValueRef m = LLVMGetOperand(call, 1);
        if (!LLVMIsAConstantInt(m))
            unsupported(call, "llvm.is.fpclass with a run-time class mask");
        return f_class(L, x, (uint32_t)LLVMConstIntGetZExtValue(m));
    }
#undef PFX
    *handled = 0;
    return opnd_imm(0);
}

static int ignored_intrinsic(const char *name)
{
    static const char *const ign[] = { "llvm.dbg.", "llvm.lifetime.", "llvm.assume",
        "llvm.experimental.noalias.scope.decl", "llvm.invariant.", "llvm.var.annotation",
        "llvm.donothing", "llvm.sideeffect" };
    for (size_t i = 0; i < sizeof ign / sizeof ign[0]; i++)
        if (strncmp(name, ign[i], strlen(ign[i])) == 0)
            return 1;
    return 0;
}

/* ---- instructions ---- */

static int new_block(Lower *L, LLVMBasicBlockRef origin);

static void lower_memop(Lower *L, LLVMValueRef in, const char *name);

/* Whether a call chain leads from function `from` to `to` (defined functions only). */
static int reaches(LLVMValueRef from, LLVMValueRef to)
{
    LLVMModuleRef m = LLVMGetGlobalParent(from);
    int n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        n++;
    LLVMValueRef *stack = xcalloc((size_t)n + 1, sizeof *stack), *seen = xcalloc((size_t)n + 1, sizeof *seen);
    int sp = 0, ns = 0, found = 0;
    stack[sp++] = from;
    seen[ns++] = from;
    while (sp && !found) {
        LLVMValueRef f = stack[--sp];
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !found; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i))
                    continue;
                LLVMValueRef c = LLVMGetCalledValue(i);
                if (!LLVMIsAFunction(c) || LLVMIsDeclaration(c))
                    continue;
                if (c == to) {
                    found = 1;
                    break;
                }
                int k = 0;
                while (k < ns && seen[k] != c)
                    k++;
                if (k == ns && ns < n) {
                    seen[ns++] = c;
                    stack[sp++] = c;
                }
            }
    }
    free(stack);
    free(seen);
    return found;
}

/* ---- atomics (docs/compiler.md "Atomics") ---- */

/* One atomic LDST op (VG_AADD..VG_ACMPXCHG) on the 32-bit word at `ptr`, a __global or
 * __local pointer; `v` the operand, `c` the comparand (ACMPXCHG). Returns the old word. */
static Opnd emit_atomic(Lower *L, LLVMValueRef at, unsigned op, LLVMValueRef ptr, Opnd v, Opnd c)
{
    LLVMTypeRef pt = LLVMTypeOf(ptr);
    if (LLVMGetTypeKind(pt) != LLVMPointerTypeKind)
        unsupported(at, "atomic operation on a value that is not a pointer");
    unsigned as = LLVMGetPointerAddressSpace(pt);
    if (as != 1 && as != 3)
        unsupported(at, "atomic operation on %s memory (only __global and __local)",
                    as == 2 ? "__constant" : as == 0 ? "__private" : "this address space's");
    Opnd a = value(L, ptr);
    return emit(L, VG_U_LDST, op, op == VG_ACMPXCHG ? 3 : 2, a, v, c);
}

/* The OpenCL 1.2 atomic builtins (atomic_* and the atom_* of cl_khr_*_atomics) on int and
 * unsigned int (atomic_xchg on float too), which clang leaves as calls: mangled
 * _Z10atomic_addPU3AS1Vii. Returns 1 if `name` is one; 64-bit forms were refused before. */
static int atomic_builtin(Lower *L, LLVMValueRef in, const char *bname, const char *params, Opnd *r)
{
    const char *n = bname;
    if (strncmp(n, "atomic_", 7) == 0)
        n += 7;
    else if (strncmp(n, "atom_", 5) == 0)
        n += 5;
    else
        return 0;
    /* element type: skip P, vendor qualifiers U<len><name> (U3AS1) and V/K */
    const char *p = params;
    if (*p == 'P')
        p++;
    while (*p == 'V' || *p == 'K' || *p == 'U') {
        if (*p++ != 'U')
            continue;
        size_t len = 0;
        while (*p >= '0' && *p <= '9')
            len = len * 10 + (size_t)(*p++ - '0');
        if (strlen(p) < len)
            break;
        p += len;
    }
    int sg = *p == 'i', un = *p == 'j', fl = *p == 'f';
    static const struct { const char *n; unsigned op, uop; int nargs; } t[] = {
        { "add", VG_AADD, VG_AADD, 2 },   { "sub", VG_ASUB, VG_ASUB, 2 },   { "xchg", VG_AXCHG, VG_AXCHG, 2 },
        { "inc", VG_AADD, VG_AADD, 1 },   { "dec", VG_ASUB, VG_ASUB, 1 },   { "min", VG_AMIN, VG_AMINU, 2 },
        { "max", VG_AMAX, VG_AMAXU, 2 },  { "and", VG_AAND, VG_AAND, 2 },   { "or", VG_AOR, VG_AOR, 2 },
        { "xor", VG_AXOR, VG_AXOR, 2 },   { "cmpxchg", VG_ACMPXCHG, VG_ACMPXCHG, 3 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (strcmp(n, t[i].n) != 0)
            continue;
        if (!(sg || un || (fl && t[i].op == VG_AXCHG)) || (unsigned)LLVMGetNumArgOperands(in) != (unsigned)t[i].nargs)
            unsupported(in, "atomic operation '%s' on this type (int and unsigned int are supported, and float for "
                        "atomic_xchg)", bname);
        LLVMValueRef ptr = LLVMGetOperand(in, 0);
        Opnd v = t[i].nargs == 1 ? opnd_imm(1) : value(L, LLVMGetOperand(in, t[i].nargs == 3 ? 2 : 1));
        Opnd c = t[i].nargs == 3 ? value(L, LLVMGetOperand(in, 1)) : v;
        *r = emit_atomic(L, in, un ? t[i].uop : t[i].op, ptr, v, c);
        return 1;
    }
    return 0;
}

/* atomicrmw (LLVM IR input, C11-style code): the operations the L1 performs on i32. */
static void lower_atomicrmw(Lower *L, LLVMValueRef in)
{
    LLVMTypeRef ty = LLVMTypeOf(in);
    int ok = LLVMGetTypeKind(ty) == LLVMFloatTypeKind
             || (LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 32);
    unsigned op;
    switch (LLVMGetAtomicRMWBinOp(in)) {
    case LLVMAtomicRMWBinOpXchg: op = VG_AXCHG; break;
    case LLVMAtomicRMWBinOpAdd:  op = VG_AADD; break;
    case LLVMAtomicRMWBinOpSub:  op = VG_ASUB; break;
    case LLVMAtomicRMWBinOpAnd:  op = VG_AAND; break;
    case LLVMAtomicRMWBinOpOr:   op = VG_AOR; break;
    case LLVMAtomicRMWBinOpXor:  op = VG_AXOR; break;
    case LLVMAtomicRMWBinOpMax:  op = VG_AMAX; break;
    case LLVMAtomicRMWBinOpMin:  op = VG_AMIN; break;
    case LLVMAtomicRMWBinOpUMax: op = VG_AMAXU; break;
    case LLVMAtomicRMWBinOpUMin: op = VG_AMINU; break;
    default: unsupported(in, "atomicrmw operation (nand, floating-point and wrapping ones are not supported)");
    }
    if (!ok || (LLVMGetTypeKind(ty) == LLVMFloatTypeKind && op != VG_AXCHG))
        unsupported(in, "atomicrmw on this type (32-bit integers are supported, and float for xchg)");
    Opnd v = value(L, LLVMGetOperand(in, 1));
    map_put(L, in, emit_atomic(L, in, op, LLVMGetOperand(in, 0), v, v));
}

/* cmpxchg: {old, old == expected}; extractvalue reads lanes 0 and 1 (as for llvm.*.with.overflow). */
static void lower_cmpxchg(Lower *L, LLVMValueRef in)
{
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetOperand(in, 1));
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) != 32)
        unsupported(in, "cmpxchg on this type (32-bit integers are supported)");
    Opnd c = value(L, LLVMGetOperand(in, 1)), v = value(L, LLVMGetOperand(in, 2));
    Opnd old = emit_atomic(L, in, VG_ACMPXCHG, LLVMGetOperand(in, 0), v, c);
    map_put(L, lane_key(in, 0), old);
    map_put(L, lane_key(in, 1), alu2(L, ALU_EQ, old, c));
}

/* Lowers a call; returns 1 if the call was a barrier (the block was split). */
static int lower_call(Lower *L, LLVMValueRef in)
{
    LLVMValueRef callee = LLVMGetCalledValue(in);
    if (LLVMIsAInlineAsm(callee))
        unsupported(in, "inline assembly");
    if (!LLVMIsAFunction(callee))
        unsupported(in, "indirect call through a function pointer");
    size_t nlen;
    const char *name = LLVMGetValueName2(callee, &nlen);
    if (LLVMGetIntrinsicID(callee) && ignored_intrinsic(name))
        return 0;   /* llvm.lifetime.* take an i64 */
    if (is64(in) && LLVMGetIntrinsicID(callee) && intrinsic64(L, in, name))
        return 0;
    if (LLVMGetIntrinsicID(callee) && strstr(name, ".with.overflow.i32")) {
        /* {i32 result, i1 overflow}, read by extractvalue (lanes 0 and 1) */
        Opnd a = value(L, LLVMGetOperand(in, 0)), b = value(L, LLVMGetOperand(in, 1)), r, ov;
        int sg = name[5] == 's';
        if (strstr(name, "add.")) {
            r = alu2(L, ALU_ADD, a, b);
            ov = sg ? alu2(L, ALU_SRL, alu2(L, ALU_AND, alu2(L, ALU_XOR, a, r), alu2(L, ALU_XOR, b, r)), imm(31))
                    : alu2(L, ALU_LTU, r, a);
        } else if (strstr(name, "sub.")) {
            r = alu2(L, ALU_SUB, a, b);
            ov = sg ? alu2(L, ALU_SRL, alu2(L, ALU_AND, alu2(L, ALU_XOR, a, b), alu2(L, ALU_XOR, a, r)), imm(31))
                    : alu2(L, ALU_LTU, a, b);
        } else {
            r = alu2(L, ALU_MUL, a, b);
            ov = sg ? alu2(L, ALU_NE, alu2(L, ALU_MULH, a, b), alu2(L, ALU_SRA, r, imm(31)))
                    : alu2(L, ALU_NE, alu2(L, ALU_MULHU, a, b), imm(0));
        }
        map_put(L, lane_key(in, 0), r);
        map_put(L, lane_key(in, 1), ov);
        return 0;
    }
    if (is64(in) && LLVMIsDeclaration(callee) && builtin64(L, in, name))
        return 0;
    for (unsigned i = 0; i < (unsigned)LLVMGetNumArgOperands(in); i++)
        if (is64(LLVMGetOperand(in, i)) || is64(in))
            unsupported(in, "64-bit integer argument or result of a call to '%s'", name);
    int rt = tclass(in, LLVMTypeOf(in));
    int handled = 0;
    Opnd r = opnd_imm(0);
    for (unsigned i = 0; i < (unsigned)LLVMGetNumArgOperands(in); i++)
        if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, i))) == LLVMVectorTypeKind)
            unsupported(in, "vector argument to '%s'", name);
    if (LLVMGetIntrinsicID(callee)) {
        if (ignored_intrinsic(name))
            return 0;
        if (strncmp(name, "llvm.memcpy", 11) == 0 || strncmp(name, "llvm.memset", 11) == 0
            || strncmp(name, "llvm.memmove", 12) == 0) {
            lower_memop(L, in, name);
            return 0;
        }
        int w = rt == TC_VOID ? 32 : rt;
        r = intrinsic(L, in, name, &handled, w);
        if (!handled)
            unsupported(in, "intrinsic '%s'", name);
    } else if (LLVMIsDeclaration(callee)) {
        char bname[64];
        const char *params;
        if (demangle(name, bname, sizeof bname, &params)
            && (is_name(bname, "barrier") || is_name(bname, "work_group_barrier"))) {
            int nb = new_block(L, NULL);
            Block *b = &L->f->blocks[L->cur];
            b->nsucc = 1;
            b->succ[0] = nb;
            b->end_line = L->line;
            L->cur = nb;
            return 1;
        }
        if (demangle(name, bname, sizeof bname, &params) && atomic_builtin(L, in, bname, params, &r)) {
            if (rt != TC_VOID)
                map_put(L, in, r);
            return 0;
        }
        if (strstr(name, "atomic") || strncmp(name, "_Z4atom", 7) == 0 || strncmp(name, "_Z8atom", 7) == 0)
            unsupported(in, "atomic operation '%s'", name);
        r = builtin(L, in, name, &handled);
        if (!handled) {
            if (demangle(name, bname, sizeof bname, &params))
                unsupported(in, "call to '%s' (not a supported builtin)", bname);
            unsupported(in, "call to external function '%s'", name);
        }
    } else {
        if (callee == L->fn)
            unsupported(in, "recursion (kernel '%s' calls itself)", name);
        if (reaches(callee, callee))
            unsupported(in, "recursion: call to non-inlined function '%s', which calls itself (directly or through "
                        "other functions)", name);
        unsupported(in, "call to non-inlined function '%s'", name);
    }
    if (rt != TC_VOID)
        map_put(L, in, r);
    return 0;
}

static unsigned ldst_op(LLVMValueRef at, int tc, int is_store)
{
    int bytes = tc == 8 || tc == 1 ? 1 : tc == 16 ? 2 : 4;
    if (tc == 1)
        unsupported(at, "memory access of type i1");
    if (tc != 8 && tc != 16 && tc != 32 && tc != TC_F && tc != TC_P)
        unsupported(at, "memory access of a %d-bit integer", tc);
    if (is_store)
        return bytes == 1 ? VG_ST8 : bytes == 2 ? VG_ST16 : VG_ST32;
    /* Loads of i8/i16 zero-extend; sign is applied where the value is used. */
    return bytes == 1 ? VG_LD8U : bytes == 2 ? VG_LD16U : VG_LD32;
}

/* The kernel argument a private pointer is derived from (through GEPs and casts), or NULL. */
static LLVMValueRef private_root(LLVMValueRef p)
{
    for (int depth = 0; depth < 64; depth++) {
        if (LLVMIsAArgument(p))
            return p;
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p))
            p = LLVMGetOperand(p, 0);
        else if (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMGetElementPtr
                                            || LLVMGetConstOpcode(p) == LLVMBitCast))
            p = LLVMGetOperand(p, 0);
        else
            return NULL;
    }
    return NULL;
}

static void check_addrspace(LLVMValueRef at, LLVMValueRef ptr, int is_store)
{
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (as == 0) {
        /* A struct argument passed by value is a private pointer (byval) to the copy the host
         * put in device memory (lower_args): reading it is a load from there. */
        LLVMValueRef root = private_root(ptr);
        if (root && g_L && LLVMGetParamParent(root) == g_L->fn) {
            unsigned n = LLVMCountParams(g_L->fn);
            for (unsigned i = 0; i < n; i++)
                if (LLVMGetParam(g_L->fn, i) == root && g_L->f->args[i].kind == VG_ARG_STRUCT) {
                    if (is_store)
                        unsupported(at, "store into the struct argument '%s' passed by value (copy it into a variable "
                                    "first)", g_L->f->args[i].name);
                    return;
                }
        }
        unsupported(at, "access to __private memory (a private array that was not promoted to registers)");
    }
    if (as > 3)
        unsupported(at, "address space %u", as);
}

/* Alignment (bytes) of call argument i as its `align` attribute gives it (1 if none). */
static unsigned arg_align(LLVMValueRef call, unsigned i)
{
    static unsigned kind;
    if (!kind)
        kind = LLVMGetEnumAttributeKindForName("align", 5);
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i + 1, kind);
    uint64_t v = a ? LLVMGetEnumAttributeValue(a) : 1;
    return v >= 4 ? 4 : v >= 2 ? 2 : 1;
}


/* llvm.memcpy / llvm.memmove / llvm.memset with a constant length (struct and array
 * assignments, `= {0}` initialisers) become loads and stores of the widest size both
 * pointers' alignments allow, then narrower ones for the tail. A copy loads every piece
 * before it stores any, so overlapping memmoves are right too. */
static void lower_memop(Lower *L, LLVMValueRef in, const char *name)
{
    int is_set = strncmp(name, "llvm.memset", 11) == 0;
    LLVMValueRef dst = LLVMGetOperand(in, 0), src = LLVMGetOperand(in, 1), len = LLVMGetOperand(in, 2);
    if (!LLVMIsAConstantInt(len))
        unsupported(in, "block memory copy/fill (%s) of a length known only at run time", name);
    uint64_t n = LLVMConstIntGetZExtValue(len);
    if (n > MEMOP_MAX_BYTES)
        unsupported(in, "block memory copy/fill (%s) of %llu bytes (at most %d are lowered to loads and stores)", name,
                    (unsigned long long)n, MEMOP_MAX_BYTES);
    check_addrspace(in, dst, 1);
    if (!is_set)
        check_addrspace(in, src, 0);
    unsigned al = arg_align(in, 0);
    if (!is_set && arg_align(in, 1) < al)
        al = arg_align(in, 1);
    Opnd d = value(L, dst), sv = value(L, src);
    Opnd fill[3] = { sv, sv, sv };   /* memset: the byte replicated for 1, 2, 4 bytes */
    if (is_set) {
        Opnd b = norm(L, sv, 8, 0);
        fill[1] = alu2(L, ALU_MUL, b, opnd_imm(0x0101u));
        fill[2] = alu2(L, ALU_MUL, b, opnd_imm(0x01010101u));
        fill[0] = b;
    }
    /* pieces: offset and size */
    uint32_t off[MEMOP_MAX_BYTES], sz[MEMOP_MAX_BYTES];
    int np = 0;
    for (uint64_t o = 0; o < n;) {
        unsigned w = al;
        while (w > n - o)
            w >>= 1;
        off[np] = (uint32_t)o;
        sz[np++] = w;
        o += w;
    }
    Opnd vals[MEMOP_MAX_BYTES];
    for (int i = 0; i < np && !is_set; i++) {
        unsigned op = sz[i] == 4 ? VG_LD32 : sz[i] == 2 ? VG_LD16U : VG_LD8U;
        Opnd a = alu2(L, ALU_ADD, sv, opnd_imm(off[i]));
        vals[i] = emit(L, VG_U_LDST, op, 1, a, a, a);
    }
    for (int i = 0; i < np; i++) {
        unsigned op = sz[i] == 4 ? VG_ST32 : sz[i] == 2 ? VG_ST16 : VG_ST8;
        Opnd a = alu2(L, ALU_ADD, d, opnd_imm(off[i]));
        Opnd v = is_set ? fill[sz[i] == 4 ? 2 : sz[i] == 2 ? 1 : 0] : vals[i];
        emit(L, VG_U_LDST, op, 2, a, v, v);
    }
}

static void lower_inst(Lower *L, LLVMValueRef in)
{
    LLVMOpcode opc = LLVMGetInstructionOpcode(in);
    L->line = line_of(in);
    LLVMTypeRef rty = LLVMTypeOf(in);
    Opnd r = opnd_imm(0);
    int w = 0;
    switch (opc) {
    case LLVMCall:
        lower_call(L, in);
        return;
    case LLVMAlloca:
        unsupported(in, "__private array or variable that was not promoted to registers (alloca)");
    case LLVMAtomicRMW:
        lower_atomicrmw(L, in);
        return;
    case LLVMAtomicCmpXchg:
        lower_cmpxchg(L, in);
        return;
    case LLVMFence:
        unsupported(in, "memory fence instruction");
    case LLVMIndirectBr:
        unsupported(in, "indirect branch");
    case LLVMInvoke: case LLVMCallBr: case LLVMLandingPad: case LLVMResume:
    case LLVMCatchSwitch: case LLVMCatchPad: case LLVMCleanupPad: case LLVMCatchRet: case LLVMCleanupRet:
        unsupported(in, "exception handling");
    case LLVMGetElementPtr:
        if (const_table_root(in))
            return;   /* an address into a constant table: its loads read the table (table_load) */
        break;
    case LLVMLoad: {
        LLVMValueRef root = const_table_root(LLVMGetOperand(in, 0));
        if (root) {
            table_load(L, in, root);
            return;
        }
        break;
    }
    case LLVMExtractElement: {
        LLVMValueRef vec = LLVMGetOperand(in, 0), ix = LLVMGetOperand(in, 1);
        Opnd lane;
        if (LLVMIsAArgument(vec) && LLVMIsAConstantInt(ix)) {
            /* a lane of a vector argument by value: a load from the host's copy */
            unsigned ai = 0, n = LLVMCountParams(L->fn);
            while (ai < n && LLVMGetParam(L->fn, ai) != vec)
                ai++;
            uint64_t li = LLVMConstIntGetZExtValue(ix);
            if (ai == n || !L->f->args[ai].lanes || li >= L->f->args[ai].lanes)
                unsupported(in, "vector operation");
            unsigned es = (unsigned)LLVMABISizeOfType(L->td, LLVMGetElementType(LLVMTypeOf(vec)));
            Opnd a = opnd_src(VG_SRC_ARG + ai);
            if (li)
                a = alu2(L, ALU_ADD, a, opnd_imm((uint32_t)(li * es)));
            map_put(L, in, emit(L, VG_U_LDST, es == 4 ? VG_LD32 : es == 2 ? VG_LD16U : VG_LD8U, 1, a, a, a));
            return;
        }
        if (!LLVMIsAConstantInt(ix) || !map_get(L, lane_key(vec, (unsigned)LLVMConstIntGetZExtValue(ix) & 15), &lane)
            || LLVMConstIntGetZExtValue(ix) > 15)
            unsupported(in, "vector operation");
        map_put(L, in, lane);
        return;
    }
    case LLVMInsertElement: case LLVMShuffleVector:
        unsupported(in, "vector operation");
    case LLVMExtractValue: {
        /* {result, overflow} of llvm.*.with.overflow (lower_call): lanes 0 and 1 */
        LLVMValueRef agg = LLVMGetOperand(in, 0);
        Opnd part;
        if (LLVMGetNumIndices(in) != 1 || LLVMGetIndices(in)[0] > 1
            || !map_get(L, lane_key(agg, LLVMGetIndices(in)[0]), &part))
            unsupported(in, "aggregate value operation");
        map_put(L, in, part);
        return;
    }
    case LLVMInsertValue:
        unsupported(in, "aggregate value operation");
    case LLVMVAArg:
        unsupported(in, "variadic arguments");
    default:
        break;
    }
    if (opc != LLVMGetElementPtr) {   /* GEP indices of 64 bits: gep() takes their lo word */
        int has64 = is64(in);
        for (int i = 0; i < LLVMGetNumOperands(in) && !has64; i++)
            has64 = !LLVMIsABasicBlock(LLVMGetOperand(in, i)) && is64(LLVMGetOperand(in, i));
        if (has64) {
            odd_width_check(in);
            lower_inst64(L, in);
            unsigned rw = int_width(in);
            Opnd hi;
            if (rw > 32 && rw < 64 && map_get(L, hi_key(in), &hi))
                map_put(L, hi_key(in), alu2(L, ALU_AND, hi, opnd_imm((1u << (rw - 32)) - 1)));
            return;
        }
    }
    /* Every remaining instruction has a scalar result type we can represent. */
    int rc = tclass(in, rty);
    unsigned nops = (unsigned)LLVMGetNumOperands(in);
    for (unsigned i = 0; i < nops; i++) {
        LLVMValueRef o = LLVMGetOperand(in, i);
        if (LLVMIsABasicBlock(o))
            continue;
        int oc = tclass(in, LLVMTypeOf(o));
        if (i == 0)
            w = oc;
    }
    Opnd a = nops > 0 && opc != LLVMGetElementPtr ? value(L, LLVMGetOperand(in, 0)) : opnd_imm(0);
    Opnd b = nops > 1 && opc != LLVMGetElementPtr ? value(L, LLVMGetOperand(in, 1)) : opnd_imm(0);
    switch (opc) {
    case LLVMAdd:  r = alu2(L, ALU_ADD, a, b); break;
    case LLVMSub:  r = alu2(L, w == 1 ? ALU_XOR : ALU_SUB, a, b); break;
    case LLVMMul:  r = alu2(L, w == 1 ? ALU_AND : ALU_MUL, a, b); break;
    case LLVMAnd:  r = alu2(L, ALU_AND, a, b); break;
    case LLVMOr:   r = alu2(L, ALU_OR, a, b); break;
    case LLVMXor:  r = alu2(L, ALU_XOR, a, b); break;
    case LLVMShl:  r = alu2(L, ALU_SLL, a, b); break;
    case LLVMLShr: r = alu2(L, ALU_SRL, norm(L, a, w, 0), b); break;
    case LLVMAShr: r = alu2(L, ALU_SRA, norm(L, a, w, 1), b); break;
    case LLVMUDiv: r = emit(L, VG_U_SCU, SCU_DIVU, 2, norm(L, a, w, 0), norm(L, b, w, 0), b); break;
    case LLVMURem: r = emit(L, VG_U_SCU, SCU_REMU, 2, norm(L, a, w, 0), norm(L, b, w, 0), b); break;
    case LLVMSDiv: r = emit(L, VG_U_SCU, SCU_DIV, 2, norm(L, a, w, 1), norm(L, b, w, 1), b); break;
    case LLVMSRem: r = emit(L, VG_U_SCU, SCU_REM, 2, norm(L, a, w, 1), norm(L, b, w, 1), b); break;
    case LLVMFAdd: r = emit(L, VG_U_FMA, FMA_FADD, 2, a, b, b); break;
    case LLVMFSub: r = emit(L, VG_U_FMA, FMA_FSUB, 2, a, b, b); break;
    case LLVMFMul: r = emit(L, VG_U_FMA, FMA_FMUL, 2, a, b, b); break;
    case LLVMFDiv: r = emit(L, VG_U_SCU, SCU_FDIV, 2, a, b, b); break;
    case LLVMFRem: unsupported(in, "floating-point remainder (fmod)");
    case LLVMFNeg: r = emit(L, VG_U_FCMP, FCMP_FNEG, 1, a, a, a); break;
    case LLVMICmp: {
        static const struct { LLVMIntPredicate p; unsigned op; int sg; } t[] = {
            { LLVMIntEQ, ALU_EQ, 0 }, { LLVMIntNE, ALU_NE, 0 }, { LLVMIntUGT, ALU_GTU, 0 },
            { LLVMIntUGE, ALU_GEU, 0 }, { LLVMIntULT, ALU_LTU, 0 }, { LLVMIntULE, ALU_LEU, 0 },
            { LLVMIntSGT, ALU_GT, 1 }, { LLVMIntSGE, ALU_GE, 1 }, { LLVMIntSLT, ALU_LT, 1 },
            { LLVMIntSLE, ALU_LE, 1 } };
        LLVMIntPredicate p = LLVMGetICmpPredicate(in);
        for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
            if (t[i].p == p)
                r = alu2(L, t[i].op, norm(L, a, w, t[i].sg), norm(L, b, w, t[i].sg));
        break;
    }
    case LLVMFCmp:
        r = emit(L, VG_U_FCMP, (unsigned)LLVMGetFCmpPredicate(in), 2, a, b, b);
        break;
    case LLVMSelect: {
        Opnd c = value(L, LLVMGetOperand(in, 2));
        r = emit(L, VG_U_ALU, ALU_SEL, 3, a, b, c);
        break;
    }
    case LLVMTrunc:
        r = rc == 1 ? alu2(L, ALU_AND, a, opnd_imm(1)) : a;
        break;
    case LLVMZExt:
        r = w == 1 ? a : norm(L, a, w, 0);
        break;
    case LLVMSExt:
        r = w == 1 ? alu2(L, ALU_SUB, opnd_imm(0), a) : norm(L, a, w, 1);
        break;
    case LLVMFPToSI: r = emit(L, VG_U_FCVT, FCVT_F2I, 1, a, a, a); break;
    case LLVMFPToUI: r = emit(L, VG_U_FCVT, FCVT_F2U, 1, a, a, a); break;
    case LLVMSIToFP: r = emit(L, VG_U_FCVT, FCVT_I2F, 1, w == 1 ? alu2(L, ALU_SUB, opnd_imm(0), a) : norm(L, a, w, 1), a, a); break;
    case LLVMUIToFP: r = emit(L, VG_U_FCVT, FCVT_U2F, 1, norm(L, a, w, 0), a, a); break;
    case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMFreeze:
        r = a;
        break;
    case LLVMGetElementPtr:
        r = gep(L, in, in);
        break;
    case LLVMLoad:
        if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
            unsupported(in, "atomic load");
        check_addrspace(in, LLVMGetOperand(in, 0), 0);
        mem_alias(L, in, LLVMGetOperand(in, 0));
        r = emit(L, VG_U_LDST, ldst_op(in, rc, 0), 1, a, a, a);
        memset(&L->mem, 0, sizeof L->mem);
        break;
    case LLVMStore:
        if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
            unsupported(in, "atomic store");
        check_addrspace(in, LLVMGetOperand(in, 1), 1);
        mem_alias(L, in, LLVMGetOperand(in, 1));
        emit(L, VG_U_LDST, ldst_op(in, w, 1), 2, b, a, a);
        memset(&L->mem, 0, sizeof L->mem);
        return;
    default:
        unsupported(in, "instruction '%s'", LLVMGetInstructionOpcode(in) == LLVMUserOp1 ? "user op" : "(this opcode)");
    }
    if (rc != TC_VOID)
        map_put(L, in, r);
}

/* ---- blocks ---- */

static int new_block(Lower *L, LLVMBasicBlockRef origin)
{
    (void)origin;
    int b = func_new_block(L->f);
    L->origin = xrealloc(L->origin, (size_t)L->f->nblocks * sizeof *L->origin);
    L->origin[b] = L->cur_bbi;
    return b;
}

static int rpo_index(Lower *L, LLVMBasicBlockRef bb)
{
    for (int i = 0; i < L->nbbs; i++)
        if (L->bbs[i] == bb)
            return i;
    return -1;
}

/* Reverse post-order of the LLVM blocks (iterative DFS). */
static void llvm_rpo(Lower *L)
{
    unsigned n = LLVMCountBasicBlocks(L->fn);
    LLVMBasicBlockRef *all = xcalloc(n, sizeof *all);
    LLVMGetBasicBlocks(L->fn, all);
    int *state = xcalloc(n, sizeof *state);
    int *stack = xcalloc(n, sizeof *stack), *succi = xcalloc(n, sizeof *succi);
    LLVMBasicBlockRef *post = xcalloc(n, sizeof *post);
    int sp = 0, np = 0;
    stack[sp++] = 0;
    state[0] = 1;
    while (sp) {
        int v = stack[sp - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(all[v]);
        if (!term)
            unsupported(NULL, "basic block without terminator");
        unsigned ns = LLVMGetNumSuccessors(term);
        if ((unsigned)succi[v] < ns) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(term, (unsigned)succi[v]++);
            for (unsigned j = 0; j < n; j++)
                if (all[j] == s && !state[j]) {
                    state[j] = 1;
                    stack[sp++] = (int)j;
                }
        } else {
            post[np++] = all[v];
            sp--;
        }
    }
    L->nbbs = np;
    L->bbs = xcalloc((size_t)np, sizeof *L->bbs);
    for (int i = 0; i < np; i++)
        L->bbs[i] = post[np - 1 - i];
    free(all); free(state); free(stack); free(succi); free(post);
}

typedef struct { LLVMValueRef phi; int phivar; int bbi; int hi; } PhiRec;   /* hi: the hi word of an i64 phi */

/* Terminator: fills the current block's successor slots with RPO indices of LLVM blocks,
 * encoded as -(index+1), resolved once every LLVM block has its first my-block. */
static void lower_term(Lower *L, LLVMValueRef t, int bbi)
{
    L->line = line_of(t);
    Block *b = &L->f->blocks[L->cur];
    b->end_line = L->line;
    LLVMOpcode opc = LLVMGetInstructionOpcode(t);
    if (opc == LLVMRet || opc == LLVMUnreachable) {
        if (opc == LLVMRet && LLVMGetNumOperands(t) > 0)
            unsupported(t, "kernel returning a value");
        b->nsucc = 0;
    } else if (opc == LLVMBr) {
        if (LLVMIsConditional(t)) {
            LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
            if (s0 == s1) {
                b->nsucc = 1;
                b->succ[0] = -(rpo_index(L, s0) + 1);
            } else {
                Opnd c = value(L, LLVMGetCondition(t));
                b = &L->f->blocks[L->cur];
                if (c.kind == OPND_IMM) {
                    b->nsucc = 1;
                    b->succ[0] = -(rpo_index(L, c.v ? s0 : s1) + 1);
                } else {
                    b->nsucc = 2;
                    b->cond = c;
                    b->succ[0] = -(rpo_index(L, s0) + 1);
                    b->succ[1] = -(rpo_index(L, s1) + 1);
                }
            }
        } else {
            b->nsucc = 1;
            b->succ[0] = -(rpo_index(L, LLVMGetSuccessor(t, 0)) + 1);
        }
    } else if (opc == LLVMSwitch) {
        if (is64(LLVMGetOperand(t, 0)))
            unsupported(t, "switch on a 64-bit integer");
        int w = tclass(t, LLVMTypeOf(LLVMGetOperand(t, 0)));
        Opnd v = norm(L, value(L, LLVMGetOperand(t, 0)), w, 0);
        unsigned ns = LLVMGetNumSuccessors(t);
        LLVMBasicBlockRef dflt = LLVMGetSwitchDefaultDest(t);
        if (ns == 1) {
            b = &L->f->blocks[L->cur];
            b->nsucc = 1;
            b->succ[0] = -(rpo_index(L, dflt) + 1);
        }
        for (unsigned i = 1; i < ns; i++) {
            uint32_t cv = int_const(t, LLVMGetOperand(t, 2 * i));
            if (w < 32)
                cv &= (1u << w) - 1u;
            Opnd c = alu2(L, ALU_EQ, v, opnd_imm(cv));
            b = &L->f->blocks[L->cur];
            b->nsucc = 2;
            b->cond = c;
            b->end_line = L->line;
            b->succ[0] = -(rpo_index(L, LLVMGetSuccessor(t, i)) + 1);
            if (i + 1 < ns) {
                int nb = new_block(L, NULL);
                b = &L->f->blocks[L->cur];
                b->succ[1] = nb;
                L->cur = nb;
                /* the switch value crosses into the next compare block */
            } else {
                b->succ[1] = -(rpo_index(L, dflt) + 1);
            }
        }
    } else {
        unsupported(t, "terminator '%s'", opc == LLVMIndirectBr ? "indirectbr" : "(this kind)");
    }
    (void)bbi;
}

/* Removes pure instructions whose result nobody uses (address arithmetic made for
 * operands that were then not needed, copies of unused phi values). */
static void dead_code(Func *f)
{
    int *uses = xcalloc((size_t)f->nvars + 1, sizeof *uses);
    for (int b = 0; b < f->nblocks; b++) {
        Block *B = &f->blocks[b];
        for (int i = 0; i < B->ninsts; i++)
            for (int k = 0; k < B->insts[i].nops; k++)
                if (B->insts[i].ops[k].kind == OPND_VAR)
                    uses[B->insts[i].ops[k].v]++;
        if (B->nsucc == 2 && B->cond.kind == OPND_VAR)
            uses[B->cond.v]++;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < f->nblocks; b++) {
            Block *B = &f->blocks[b];
            int k = 0;
            for (int i = 0; i < B->ninsts; i++) {
                Inst *in = &B->insts[i];
                int pure = in->dst >= 0
                           && (in->kind == IK_COPY || in->unit != VG_U_LDST);
                if (pure && uses[in->dst] == 0) {
                    for (int o = 0; o < in->nops; o++)
                        if (in->ops[o].kind == OPND_VAR)
                            uses[in->ops[o].v]--;
                    changed = 1;
                    continue;
                }
                B->insts[k++] = *in;
            }
            B->ninsts = k;
        }
    }
    free(uses);
}

/* ---- kernels ---- */

static int is_kernel(LLVMValueRef fn)
{
    return !LLVMIsDeclaration(fn) && LLVMGetFunctionCallConv(fn) == 76 /* SPIR_KERNEL */;
}

/* Inlines every call of a defined function (docs/compiler.md "Calls"): the fabric has no
 * call mechanism, and clang's inliner leaves large helpers (and noinline ones) out of line.
 * Every defined function becomes alwaysinline (noinline removed, also at call sites) and
 * LLVM's always-inliner runs, followed by the scalar cleanups the inlined bodies need
 * (SROA promotes the private variables whose addresses the helpers took). Recursive calls
 * stay (the always-inliner does not unroll recursion) and lower_call reports them. Only
 * modules with such a call are touched, so the others compile exactly as before. */
void ir_inline_calls(LLVMModuleRef m)
{
    int calls = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMIsACallInst(i)) {
                    LLVMValueRef c = LLVMGetCalledValue(i);
                    if (LLVMIsAFunction(c) && !LLVMIsDeclaration(c)) {
                        calls++;
                        LLVMRemoveCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex,
                                                        LLVMGetEnumAttributeKindForName("noinline", 8));
                    }
                }
    if (!calls)
        return;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12), ni = LLVMGetEnumAttributeKindForName("noinline", 8),
             on = LLVMGetEnumAttributeKindForName("optnone", 7);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, ni);
        LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, on);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, ai, 0));
    }
    run_passes(m, "always-inline,function(sroa,early-cse,instcombine,simplifycfg)", "inlining calls failed");
}

/* Runs an LLVM pass pipeline on the module; a failure ends the compilation with
 * "vgiwcc: SOURCE: error: WHAT: LLVM's message". */
void run_passes(LLVMModuleRef m, const char *passes, const char *what)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, passes, NULL, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        char *msg = LLVMGetErrorMessage(e);
        fprintf(stderr, "vgiwcc: %s: error: %s: %s\n", g_source_name, what, msg);
        LLVMDisposeErrorMessage(msg);
        fatal("giving up");
    }
}

int ir_kernel_count(LLVMModuleRef m)
{
    int n = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        n += is_kernel(fn);
    return n;
}

const char *ir_kernel_name(LLVMModuleRef m, int i)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (is_kernel(fn) && i-- == 0) {
            size_t len;
            return LLVMGetValueName2(fn, &len);
        }
    return NULL;
}

static void lower_args(Lower *L)
{
    Func *f = L->f;
    unsigned n = LLVMCountParams(L->fn);
    if (n > VG_SRC_ARG_MAX)
        unsupported(NULL, "more than %d kernel arguments", VG_SRC_ARG_MAX);
    f->nargs = (int)n;
    f->args = xcalloc(n ? n : 1, sizeof *f->args);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef p = LLVMGetParam(L->fn, i);
        vg_arg *a = &f->args[i];
        char buf[128];
        const char *nm = md_string(L->fn, "kernel_arg_name", i, buf, sizeof buf);
        snprintf(a->name, sizeof a->name, "%s", nm && *nm ? nm : "");
        if (!a->name[0])
            snprintf(a->name, sizeof a->name, "arg%u", i);
        /* kernel_arg_base_type has typedefs resolved (typedef float DATA_TYPE gives "float");
         * kernel_arg_type keeps the spelling, used only when the base type is missing. */
        const char *tn = md_string(L->fn, "kernel_arg_base_type", i, buf, sizeof buf);
        if (!tn)
            tn = md_string(L->fn, "kernel_arg_type", i, buf, sizeof buf);
        LLVMTypeRef t = LLVMTypeOf(p);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        LLVMTypeRef byval = NULL;
        if (k == LLVMPointerTypeKind) {
            static unsigned byval_kind;
            if (!byval_kind)
                byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
            LLVMAttributeRef at = LLVMGetEnumAttributeAtIndex(L->fn, i + 1, byval_kind);
            if (at)
                byval = LLVMGetTypeAttributeValue(at);
        }
        if (byval) {
            /* struct/union by value: the host copies its bytes (C layout of spir: natural
             * alignment, docs/compiler.md) to device memory; the argument is their address */
            unsigned long long size = LLVMABISizeOfType(L->td, byval);
            if (size == 0 || size > 4096)
                unsupported(NULL, "struct argument '%s' of %llu bytes (1..4096)", a->name, size);
            a->kind = VG_ARG_STRUCT;
            a->addrspace = 0;
            a->type = VG_T_OTHER;
            a->elem_size = (uint32_t)size;
        } else if (k == LLVMVectorTypeKind) {
            /* a vector by value (float4 s): like a struct, its bytes in device memory (OpenCL
             * layout: a 3-lane vector takes 4 lanes' room) and the argument their address; each
             * lane a load (extractelement of the argument, lower_inst) */
            LLVMTypeRef et = LLVMGetElementType(t);
            unsigned lanes = LLVMGetVectorSize(t);
            int tc = tclass(NULL, et);
            if (tc == 64 || tc == TC_P || tc == 1 || lanes > 16)
                unsupported(NULL, "vector argument '%s' of 64-bit, pointer or bool lanes", a->name);
            a->kind = VG_ARG_STRUCT;
            a->addrspace = 0;
            a->lanes = (uint8_t)lanes;
            a->elem_size = 0;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : VG_T_OTHER;
            if (a->type == VG_T_OTHER)
                a->type = tc == TC_F ? VG_T_F32 : tc == 32 ? VG_T_I32 : tc == 16 ? VG_T_I16 : VG_T_I8;
            a->elem_size = (uint32_t)LLVMABISizeOfType(L->td, t);
        } else if (k == LLVMPointerTypeKind) {
            unsigned as = LLVMGetPointerAddressSpace(t);
            if (as != 1 && as != 2 && as != 3)
                unsupported(NULL, "kernel argument '%s' in address space %u", a->name, as);
            a->kind = as == 3 ? VG_ARG_LOCAL : VG_ARG_BUFFER;
            a->addrspace = as == 3 ? 0 : as == 2 ? VG_AS_CONSTANT : VG_AS_GLOBAL;
            a->elem_size = 0;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : VG_T_OTHER;
            if (a->type == VG_T_OTHER)
                a->elem_size = 1;
        } else {
            if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64) {
                /* long/ulong: 8 bytes the host puts in device memory (vrt_set_arg_u64) */
                a->kind = VG_ARG_SCALAR;
                a->elem_size = 8;
                a->type = tn ? vg_type_from_name(tn, &a->elem_size) : VG_T_I64;
                if (a->type != VG_T_I64 && a->type != VG_T_U64)
                    a->type = VG_T_I64;
                a->elem_size = 8;
                continue;
            }
            int tc = tclass(NULL, t);
            if (tc == TC_P || tc == TC_VOID || tc == 1)
                unsupported(NULL, "kernel argument '%s' of this type", a->name);
            a->kind = VG_ARG_SCALAR;
            a->elem_size = tc == TC_F ? 4 : (uint32_t)tc / 8;
            a->type = tn ? vg_type_from_name(tn, &a->elem_size) : (tc == TC_F ? VG_T_F32 : VG_T_I32);
            if (a->type == VG_T_OTHER)
                unsupported(NULL, "kernel argument '%s' of type '%s'", a->name, tn ? tn : "?");
        }
    }
}

void ir_lower_kernel(LLVMModuleRef m, const char *kernel, Func *f)
{
    Lower L = { 0 };
    g_L = &L;
    L.mod = m;
    L.f = f;
    L.fn = LLVMGetNamedFunction(m, kernel);
    L.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
    snprintf(f->name, sizeof f->name, "%s", kernel);
    if (strlen(kernel) > VG_NAME_MAX)
        unsupported(NULL, "kernel name longer than %d characters", VG_NAME_MAX);
    if (LLVMPointerSize(L.td) != 4)
        unsupported(NULL, "64-bit pointers (compile with -target spir)");
    lower_args(&L);
    llvm_rpo(&L);
    L.bb_first = xcalloc((size_t)L.nbbs, sizeof *L.bb_first);
    L.bb_last = xcalloc((size_t)L.nbbs, sizeof *L.bb_last);
    for (int i = 0; i < L.nbbs; i++) {
        L.cur_bbi = i;
        L.bb_first[i] = new_block(&L, NULL);
    }
    PhiRec *phis = NULL;
    int nphis = 0;
    for (int i = 0; i < L.nbbs; i++) {
        L.cur = L.bb_first[i];
        L.cur_bbi = i;
        LLVMValueRef in = LLVMGetFirstInstruction(L.bbs[i]);
        for (; in && LLVMIsAPHINode(in); in = LLVMGetNextInstruction(in)) {
            L.line = line_of(in);
            int words = tclass64(in, LLVMTypeOf(in)) == TC_64 ? 2 : 1;
            for (int h = 0; h < words; h++) {
                int pv = func_new_var(f), dv = func_new_var(f);
                f->vars[pv].is_phivar = 1;
                f->vars[pv].def_block = -1;
                f->vars[dv].def_block = L.cur;
                f->vars[dv].pref = pv;
                emit_copy(&L, L.cur, dv, opnd_var(pv));
                map_put(&L, h ? hi_key(in) : in, opnd_var(dv));
                phis = xrealloc(phis, (size_t)(nphis + 1) * sizeof *phis);
                phis[nphis++] = (PhiRec){ in, pv, i, h };
            }
        }
        for (; in; in = LLVMGetNextInstruction(in)) {
            if (LLVMIsATerminatorInst(in)) {
                lower_term(&L, in, i);
                break;
            }
            lower_inst(&L, in);
        }
        L.bb_last[i] = L.cur;
    }
    /* Resolve successor references to LLVM blocks. */
    int *origin = L.origin;
    for (int bi = 0; bi < f->nblocks; bi++) {
        Block *b = &f->blocks[bi];
        for (int s = 0; s < b->nsucc; s++)
            if (b->succ[s] < 0)
                b->succ[s] = L.bb_first[-b->succ[s] - 1];
    }
    /* Phi copies on every edge into a block with phis. */
    for (int bi = 0; bi < f->nblocks; bi++) {
        Block *b = &f->blocks[bi];
        int ns = b->nsucc;
        int succ[2] = { b->succ[0], b->succ[1] };
        for (int s = 0; s < ns; s++) {
            if (s == 1 && succ[1] == succ[0])
                continue;
            for (int p = 0; p < nphis; p++) {
                if (L.bb_first[phis[p].bbi] != succ[s])
                    continue;
                if (origin[bi] < 0)
                    unsupported(phis[p].phi, "internal: block without origin");
                LLVMBasicBlockRef pred = L.bbs[origin[bi]];
                unsigned ni = LLVMCountIncoming(phis[p].phi);
                for (unsigned k = 0; k < ni; k++)
                    if (LLVMGetIncomingBlock(phis[p].phi, k) == pred) {
                        L.cur = bi;
                        L.line = f->blocks[bi].end_line;
                        LLVMValueRef iv = LLVMGetIncomingValue(phis[p].phi, k);
                        Opnd v = phis[p].hi ? value_hi(&L, iv) : value(&L, iv);
                        emit_copy(&L, bi, phis[p].phivar, v);
                        f->vars[phis[p].phivar].def_block = -1;
                        break;
                    }
            }
        }
    }
    dead_code(f);
    free(L.origin);
    free(phis);
    free(L.map);
    free(L.ctabs);
    free(L.ctab_off);
    free(L.bbs);
    free(L.bb_first);
    free(L.bb_last);
    free(L.locals);
    free(L.local_off);
    LLVMDisposeTargetData(L.td);
    g_L = NULL;
}
