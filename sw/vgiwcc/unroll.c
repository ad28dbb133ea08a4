/* Unrolling of single-block loops (docs/compiler.md "unroll.c").
 *
 * VGIW runs a loop one block execution per trip (VGIW §2-3): every trip of a thread goes
 * through the BBS, the CVU, the live value loads and stores and the END's join tree. With
 * many threads the fabric overlaps trips of different threads (throughput-bound); with few
 * threads a trip is the thread's whole path through the graph (latency-bound), and the
 * fixed part of that path is paid once per trip. Unrolling by k pays it once per k trips,
 * and the k copies' loads and independent operations run in parallel inside the block.
 *
 * The transformation is LLVM's own (LoopUnrollPass, runtime unrolling): this file only
 * marks the loops (llvm.loop.unroll.count) and runs the pass; the choice of k, and the
 * fall-back when the unrolled block no longer fits the grid, are in pipeline.c.
 */
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdio.h>
#include <string.h>

#include "vgiwcc.h"

/* A block whose conditional branch goes back to itself: an innermost loop of one block
 * (clang -O2 rotates loops, so a `for` without branches in its body has this form). */
static int self_loop(LLVMBasicBlockRef bb)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
        return 0;
    return LLVMGetSuccessor(t, 0) == bb || LLVMGetSuccessor(t, 1) == bb;
}

int unroll_candidates(struct LLVMOpaqueModule *m, const char *kernel)
{
    LLVMValueRef fn = LLVMGetNamedFunction(m, kernel);
    int n = 0;
    if (fn)
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            n += self_loop(bb);
    return n;
}

/* log2 of n if n is a power of two, else -1 */
static int log2_exact(unsigned long long n)
{
    for (int s = 0; s < 63; s++)
        if (n == 1ull << s)
            return s;
    return -1;
}

/* Whether `user` is `gep inbounds T, base, idx` with T of 2^shift bytes (the same for
 * every use: *shift, -1 before the first), base not computed in bb. */
static int address_use(LLVMTargetDataRef td, LLVMValueRef user, LLVMValueRef idx, LLVMBasicBlockRef bb, int *shift)
{
    if (!LLVMIsAGetElementPtrInst(user) || !LLVMIsInBounds(user) || LLVMGetNumOperands(user) != 2 ||
        LLVMGetOperand(user, 1) != idx || LLVMGetOperand(user, 0) == idx)
        return 0;
    LLVMValueRef base = LLVMGetOperand(user, 0);
    if (LLVMIsAInstruction(base) && LLVMGetInstructionParent(base) == bb)
        return 0;   /* the base must not change within the loop */
    int sh = log2_exact(LLVMABISizeOfType(td, LLVMGetGEPSourceElementType(user)));
    if (sh < 1 || (*shift >= 0 && sh != *shift))
        return 0;
    *shift = sh;
    return 1;
}

/* gep inbounds T, base, x  ->  gep inbounds i8, base, byte offset */
static void rewrite_gep(LLVMBuilderRef b, LLVMTypeRef i8, LLVMValueRef gep, LLVMValueRef off)
{
    LLVMPositionBuilderBefore(b, gep);
    LLVMValueRef g = LLVMBuildInBoundsGEP2(b, i8, LLVMGetOperand(gep, 0), &off, 1, "");
    LLVMReplaceAllUsesWith(gep, g);
    LLVMInstructionEraseFromParent(gep);
}

/* every use of idx is such a gep */
static void rewrite_geps(LLVMBuilderRef b, LLVMTypeRef i8, LLVMValueRef idx, LLVMValueRef off)
{
    LLVMUseRef u = LLVMGetFirstUse(idx);
    while (u) {
        LLVMValueRef g = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        rewrite_gep(b, i8, g, off);
    }
}

/* A counter whose every other use scales it into an address: the loop-carried index x of
 * `a[x]`, `b[x]`, stepped by C. The address path of a trip is LVLD x -> SLL -> ADD -> LD,
 * and in a loop one thread runs that path is the start of every trip (docs/compiler.md
 * "unroll.c"). Carrying the byte offset o = x * S instead (S the element size, a power of
 * two) drops the shift from it: LVLD o -> ADD -> LD; the next index is (o >> log2 S) + C,
 * off that path. `gep inbounds T, p, x` promises that x * S does not overflow (LLVM's
 * inbounds: the scaled index is nsw), so o is exact and o >> log2 S is x. Only loops whose
 * counter has no other use are rewritten. Returns whether bb's counter was rewritten. */
static int byte_offset_counter(LLVMModuleRef m, LLVMBasicBlockRef bb)
{
    LLVMContextRef C = LLVMGetModuleContext(m);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(C), i8 = LLVMInt8TypeInContext(C);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(bb); phi && LLVMIsAPHINode(phi); phi = LLVMGetNextInstruction(phi)) {
        if (LLVMTypeOf(phi) != i32 || LLVMCountIncoming(phi) != 2)
            continue;
        int self = LLVMGetIncomingBlock(phi, 0) == bb ? 0 : 1;
        if (LLVMGetIncomingBlock(phi, (unsigned)self) != bb || LLVMGetIncomingBlock(phi, (unsigned)!self) == bb)
            continue;
        LLVMValueRef next = LLVMGetIncomingValue(phi, (unsigned)self);
        LLVMValueRef init = LLVMGetIncomingValue(phi, (unsigned)!self);
        LLVMBasicBlockRef pre = LLVMGetIncomingBlock(phi, (unsigned)!self);
        if (!LLVMIsAInstruction(next) || LLVMGetInstructionOpcode(next) != LLVMAdd ||
            LLVMGetInstructionParent(next) != bb || LLVMGetOperand(next, 0) != phi ||
            !LLVMIsAConstantInt(LLVMGetOperand(next, 1)))
            continue;
        long long step = LLVMConstIntGetSExtValue(LLVMGetOperand(next, 1));
        int shift = -1, ok = 1, ngep = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(phi); u && ok; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (user == next)
                continue;
            if (LLVMIsAInstruction(user) && LLVMGetInstructionOpcode(user) == LLVMAdd &&
                LLVMGetOperand(user, 0) == phi && LLVMIsAConstantInt(LLVMGetOperand(user, 1))) {
                /* x + K of an unrolled copy: every use of it must be an address too */
                long long kk = LLVMConstIntGetSExtValue(LLVMGetOperand(user, 1));
                if (kk > (1 << 20) || kk < -(1 << 20) || !LLVMGetFirstUse(user))
                    ok = 0;
                for (LLVMUseRef v = LLVMGetFirstUse(user); v && ok; v = LLVMGetNextUse(v))
                    ok = address_use(td, LLVMGetUser(v), user, bb, &shift);
            } else {
                ok = address_use(td, user, phi, bb, &shift);
            }
            ngep += ok;
        }
        if (!ok || ngep == 0 || step > (1 << 20) || step < -(1 << 20))
            continue;
        LLVMBuilderRef b = LLVMCreateBuilderInContext(C);
        LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(pre));
        LLVMValueRef off0 = LLVMBuildShl(b, init, LLVMConstInt(i32, (unsigned)shift, 0), "off.init");
        if (LLVMIsAInstruction(off0))
            LLVMSetNSW(off0, 1);
        LLVMPositionBuilderBefore(b, phi);
        LLVMValueRef off = LLVMBuildPhi(b, i32, "off");
        LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(bb));
        LLVMValueRef offn = LLVMBuildNSWAdd(b, off, LLVMConstInt(i32, (unsigned long long)(step << shift), 1), "off.next");
        LLVMPositionBuilderBefore(b, next);
        LLVMValueRef x = LLVMBuildAShr(b, off, LLVMConstInt(i32, (unsigned)shift, 0), "x");
        LLVMSetExact(x, 1);
        LLVMValueRef vals[2] = { off0, offn };
        LLVMBasicBlockRef blks[2] = { pre, bb };
        LLVMAddIncoming(off, vals, blks, 2);
        /* the address uses take the byte offset (plus K * S for x + K); the step reads x */
        LLVMUseRef u = LLVMGetFirstUse(phi);
        while (u) {
            LLVMValueRef user = LLVMGetUser(u);
            u = LLVMGetNextUse(u);
            if (user == next)
                continue;
            if (LLVMGetInstructionOpcode(user) == LLVMAdd) {
                long long kk = LLVMConstIntGetSExtValue(LLVMGetOperand(user, 1));
                LLVMPositionBuilderBefore(b, user);
                LLVMValueRef offk = LLVMBuildNSWAdd(b, off, LLVMConstInt(i32, (unsigned long long)(kk * (1ll << shift)), 1), "");
                rewrite_geps(b, i8, user, offk);
                LLVMInstructionEraseFromParent(user);
            } else {
                rewrite_gep(b, i8, user, off);
            }
        }
        LLVMSetOperand(next, 0, x);
        LLVMDisposeBuilder(b);
        LLVMReplaceAllUsesWith(phi, x);   /* none left but the step's, replaced above */
        LLVMInstructionEraseFromParent(phi);
        return 1;
    }
    return 0;
}

/* bb's loop gets a new loop ID {self, prop}: it replaces clang's llvm.loop.unroll.disable
 * (-fno-unroll-loops) on this loop only */
static void set_loop_id(LLVMBasicBlockRef bb, LLVMMetadataRef prop)
{
    LLVMContextRef C = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(bb)));
    LLVMMetadataRef tmp = LLVMTemporaryMDNode(C, NULL, 0);
    LLVMMetadataRef ops[2] = { tmp, prop };
    LLVMMetadataRef id = LLVMMDNodeInContext2(C, ops, 2);
    LLVMMetadataReplaceAllUsesWith(tmp, id);
    LLVMSetMetadata(LLVMGetBasicBlockTerminator(bb), LLVMGetMDKindIDInContext(C, "llvm.loop", 9),
                    LLVMMetadataAsValue(C, id));
}

int unroll_loops(struct LLVMOpaqueModule *m, const char *kernel, int k)
{
    static int options_set;
    if (!options_set) {
        /* The remainder (trip count mod k) runs first: the prologue form keeps the loop's own
         * exit test, where the epilogue form adds a trip counter (one more live value, two
         * more LVU nodes, in the loop block). For k = 2 the remainder is one guarded copy of
         * the body; for larger k a loop of at most k - 1 trips (one block, where unrolling
         * the remainder would add 2(k - 1) blocks, each a reconfiguration). */
        const char *argv[] = { "vgiwcc", "-unroll-runtime-epilog=false" };
        LLVMParseCommandLineOptions(2, argv, NULL);
        options_set = 1;
    }
    LLVMValueRef fn = LLVMGetNamedFunction(m, kernel);
    if (!fn || k < 2)
        return 0;
    LLVMContextRef C = LLVMGetModuleContext(m);
    int n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        if (!self_loop(bb))
            continue;
        LLVMMetadataRef cnt[2] = { LLVMMDStringInContext2(C, "llvm.loop.unroll.count", 22),
                                   LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(C), (unsigned)k, 0)) };
        set_loop_id(bb, LLVMMDNodeInContext2(C, cnt, 2));
        n++;
    }
    if (!n)
        return 0;
    /* loop-versioning first (docs/compiler.md "Loop versioning"): a loop whose accesses need
     * run-time pointer checks gets a checked copy with scoped-noalias metadata and keeps the
     * original (`.lver.orig`) for overlapping buffers. Only the checked copy is unrolled: the
     * original runs only when the buffers overlap, and its remainder blocks would cost CVT
     * rows (a tile holds cvt.bits / blocks threads: particlefilter's 1,024-item work-group
     * no longer fitted one tile on `small` with both copies unrolled). */
    run_passes(m, "function(loop-simplify,lcssa,loop-versioning)", "loop unrolling failed");
    LLVMMetadataRef dis = LLVMMDStringInContext2(C, "llvm.loop.unroll.disable", 24);
    for (LLVMBasicBlockRef pre = LLVMGetFirstBasicBlock(fn); pre; pre = LLVMGetNextBasicBlock(pre)) {
        /* the original's preheader is named `<preheader>.lver.orig` by the pass; the loop
         * block it enters is the original */
        LLVMValueRef t = LLVMGetBasicBlockTerminator(pre);
        if (!t || !strstr(LLVMGetBasicBlockName(pre), ".lver.orig"))
            continue;
        for (unsigned i = 0; i < LLVMGetNumSuccessors(t); i++) {
            LLVMBasicBlockRef bb = LLVMGetSuccessor(t, i);
            if (bb == pre || !self_loop(bb))
                continue;
            set_loop_id(bb, LLVMMDNodeInContext2(C, &dis, 1));
        }
    }
    /* full-unroll-max=0, no-partial, no-runtime: only the loops marked above are unrolled
     * (a count pragma implies runtime unrolling); instcombine and simplifycfg fold the
     * copies' address arithmetic and the remainder's branches */
    run_passes(m, "function(loop-unroll<O2;no-partial;no-runtime;full-unroll-max=0>,instcombine<no-verify-fixpoint>,simplifycfg)", "loop unrolling failed");
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        if (self_loop(bb))
            byte_offset_counter(m, bb);
    return n;
}
