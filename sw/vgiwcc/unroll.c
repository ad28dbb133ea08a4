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
    unsigned loop_kind = LLVMGetMDKindIDInContext(C, "llvm.loop", 9);
    int n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        if (!self_loop(bb))
            continue;
        /* a new loop ID {self, !{"llvm.loop.unroll.count", k}}; it replaces clang's
         * llvm.loop.unroll.disable (-fno-unroll-loops) on this loop only */
        LLVMMetadataRef cnt[2] = { LLVMMDStringInContext2(C, "llvm.loop.unroll.count", 22),
                                   LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(C), (unsigned)k, 0)) };
        LLVMMetadataRef tmp = LLVMTemporaryMDNode(C, NULL, 0);
        LLVMMetadataRef ops[2] = { tmp, LLVMMDNodeInContext2(C, cnt, 2) };
        LLVMMetadataRef id = LLVMMDNodeInContext2(C, ops, 2);
        LLVMMetadataReplaceAllUsesWith(tmp, id);
        LLVMSetMetadata(LLVMGetBasicBlockTerminator(bb), loop_kind, LLVMMetadataAsValue(C, id));
        n++;
    }
    if (!n)
        return 0;
    /* full-unroll-max=0, no-partial, no-runtime: only the loops marked above are unrolled
     * (a count pragma implies runtime unrolling); instcombine and simplifycfg fold the
     * copies' address arithmetic and the remainder's branches */
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(
        m, "function(loop-simplify,lcssa,loop-versioning,loop-unroll<O2;no-partial;no-runtime;full-unroll-max=0>,instcombine<no-verify-fixpoint>,simplifycfg)", NULL, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        char *msg = LLVMGetErrorMessage(e);
        fprintf(stderr, "vgiwcc: %s: error: loop unrolling failed: %s\n", g_source_name, msg);
        LLVMDisposeErrorMessage(msg);
        fatal("giving up");
    }
    return n;
}
