/* Back end, step 4b: blocks too large for the fabric (VGIW's point against SGMF, whose
 * kernels must fit the grid whole).
 *
 * split_block() cuts block b of the machine IR in two consecutive blocks: b keeps the
 * first half of its instructions and jumps to the new block b+1, which takes the rest,
 * the branch condition and the successors. Every later block ID moves up by one. This
 * keeps the properties cfg.c established: b and b+1 lie in exactly the same loops (a
 * loop stays a contiguous ID range), edges into b still target b, back edges still go to
 * smaller IDs, and a barrier's "before" block stays before its "after" block. Values that
 * cross the cut become live values when live.c runs again; memory order across the cut
 * holds because a thread leaves a block only after all its accesses completed (END waits
 * for every sink, dfg.c). The caller re-runs live_alloc and dfg_build.
 */
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"

/* Where to cut: the point that needs the fewest live value accesses (LVU units) in the
 * busier half -- the LVU is the scarcest unit of small fabrics (tiny: 2) -- and among
 * those the one nearest the middle, so repeated cuts halve the block. Counted per half:
 * loads of the vars it reads but does not define before, stores of the vars it defines
 * that the other half or a later block reads. */
static int cut_point(const Func *f, int b)
{
    const Block *B = &f->blocks[b];
    int n = B->ninsts, nv = f->nvars;
    int *def = xcalloc((size_t)nv + 1, sizeof *def), *first = xcalloc((size_t)nv + 1, sizeof *first);
    int *last = xcalloc((size_t)nv + 1, sizeof *last);
    for (int v = 0; v < nv; v++) {
        def[v] = -1;
        first[v] = -1;
        last[v] = -1;
    }
    for (int i = 0; i < n; i++) {
        const Inst *in = &B->insts[i];
        for (int k = 0; k < in->nops; k++)
            if (in->ops[k].kind == OPND_VAR) {
                int v = (int)in->ops[k].v;
                if (first[v] < 0)
                    first[v] = i;
                last[v] = i;
            }
        if (in->dst >= 0 && def[in->dst] < 0)
            def[in->dst] = i;
    }
    if (B->cond.kind == OPND_VAR) {
        int v = (int)B->cond.v;
        if (first[v] < 0)
            first[v] = n;
        last[v] = n;
    }
    int best = n / 2;
    long best_score = -1;
    for (int c = 1; c < n; c++) {
        int l1 = 0, l2 = 0;
        for (int v = 0; v < nv; v++) {
            int used = first[v] >= 0, d = def[v];
            int out = f->liveout && (f->liveout[b][v >> 6] >> (v & 63) & 1);
            if (used && first[v] < c && (d < 0 || d >= first[v]))
                l1++;                                   /* half 1 loads it */
            if (used && last[v] >= c && (d < 0 || d < c))
                l2++;                                   /* half 2 loads it */
            if (d >= 0 && d < c && ((used && last[v] >= c) || out))
                l1++;                                   /* half 1 stores it */
            if (d >= c && out)
                l2++;                                   /* half 2 stores it */
        }
        long score = (long)(l1 > l2 ? l1 : l2) * 100000 + labs((long)(2 * c - n));
        if (best_score < 0 || score < best_score) {
            best_score = score;
            best = c;
        }
    }
    free(def); free(first); free(last);
    return best;
}

/* Index in insts[0..n) of the instruction defining v, or -1. */
static int def_in(const Inst *insts, int n, int v)
{
    for (int i = n - 1; i >= 0; i--)
        if (insts[i].dst == v)
            return i;
    return -1;
}

/* Whether v (defined in insts[0..n)) is a pure function of CVU sources and immediates,
 * at most `depth` instructions deep (work-item coordinates, launch constants): such a
 * value is recomputed after a cut instead of passed through a live value. */
static int pure(const Inst *insts, int n, int v, int depth)
{
    int i = def_in(insts, n, v);
    if (i < 0 || depth == 0)
        return 0;
    const Inst *in = &insts[i];
    /* Loads are not pure. SCU operations (the divisions of derive.c) are not recomputed
     * either: an LVU load (6 cycles) is cheaper than a DIVU (18), and the SCU is the
     * scarcest unit of `tiny` (1): a tail that had to recompute two SCU operations would
     * never fit, and cutting it again would recompute them again (no progress). */
    if (in->kind == IK_UNIT && (in->unit == VG_U_LDST || in->unit == VG_U_SCU))
        return 0;
    for (int k = 0; k < in->nops; k++)
        if (in->ops[k].kind == OPND_VAR && !pure(insts, i, (int)in->ops[k].v, depth - 1))
            return 0;
    return 1;
}

/* Appends to out the instructions computing v (dependencies first), once each. */
static void clone_pure(const Inst *insts, int n, int v, Inst *out, int *nout, char *have)
{
    int i = def_in(insts, n, v);
    if (i < 0 || have[i])
        return;
    const Inst *in = &insts[i];
    for (int k = 0; k < in->nops; k++)
        if (in->ops[k].kind == OPND_VAR)
            clone_pure(insts, i, (int)in->ops[k].v, out, nout, have);
    have[i] = 1;
    out[(*nout)++] = *in;
}

int split_block(Func *f, int b, vg_kernel *k)
{
    (void)k;
    if (b < 0 || b >= f->nblocks)
        return 0;
    Block *B = &f->blocks[b];
    int mid;
    if (B->ninsts >= 2)
        mid = cut_point(f, b);
    else if (B->ninsts == 1 && B->cond.kind == OPND_VAR)
        /* One instruction with three live-value operands and a live-value result takes 4
         * LVU operations; a conditional branch on a live value a fifth (differential tester
         * seed 54: an FMA and the branch, 5 LVUs on tiny and small, which have 4). The branch
         * goes to a block of its own (an empty tail: its load and the END); the head then
         * ends in a jump, and a block of one instruction without a branch always fits 4. */
        mid = 1;
    else
        return 0;               /* nothing left to cut: the caller reports why it fails */
    for (int i = 0; i < f->nblocks; i++) {
        if (f->livein) free(f->livein[i]);
        if (f->liveout) free(f->liveout[i]);
    }
    free(f->livein);
    free(f->liveout);
    f->livein = f->liveout = NULL;
    int nb = func_new_block(f);         /* appended; moved to b+1 below */
    B = &f->blocks[b];
    Block tail = f->blocks[nb];
    tail.insts = xcalloc((size_t)(B->ninsts - mid), sizeof *tail.insts);
    memcpy(tail.insts, B->insts + mid, (size_t)(B->ninsts - mid) * sizeof *tail.insts);
    tail.ninsts = tail.cap = B->ninsts - mid;
    /* Rematerialise in the tail the values it reads that the head computes from CVU
     * sources only (derive.c's coordinates, mostly): an SCU or CU operation is cheaper
     * than an LVU store and load, and LVUs are the scarcest units on small fabrics. */
    {
        char *have = xcalloc((size_t)mid + 1, 1);
        Inst *pre = xcalloc((size_t)mid + 1, sizeof *pre);
        int npre = 0;
        for (int i = 0; i < tail.ninsts + 1; i++) {
            const Opnd *ops = i < tail.ninsts ? tail.insts[i].ops : &B->cond;
            int nops = i < tail.ninsts ? tail.insts[i].nops : 1;
            for (int q = 0; q < nops; q++) {
                if (ops[q].kind != OPND_VAR)
                    continue;
                int v = (int)ops[q].v;
                /* defined in the tail before this use: nothing to do */
                int local = 0;
                for (int j = 0; j < i && j < tail.ninsts; j++)
                    local |= tail.insts[j].dst == v;
                if (!local && pure(B->insts, mid, v, 3))
                    clone_pure(B->insts, mid, v, pre, &npre, have);
            }
        }
        /* progress: the tail must be shorter than the block it comes from */
        if (npre && npre + tail.ninsts < B->ninsts) {
            Inst *all = xcalloc((size_t)(npre + tail.ninsts), sizeof *all);
            memcpy(all, pre, (size_t)npre * sizeof *all);
            memcpy(all + npre, tail.insts, (size_t)tail.ninsts * sizeof *all);
            free(tail.insts);
            tail.insts = all;
            tail.ninsts += npre;
            tail.cap = tail.ninsts;
        }
        free(have);
        free(pre);
    }
    tail.nsucc = B->nsucc;
    tail.succ[0] = B->succ[0];
    tail.succ[1] = B->succ[1];
    tail.cond = B->cond;
    tail.end_line = B->end_line;
    tail.preds = NULL;
    tail.npreds = 0;
    B->ninsts = mid;
    B->nsucc = 1;
    B->succ[0] = b + 1;         /* after renumbering */
    B->succ[1] = 0;
    B->cond.kind = OPND_NONE;
    /* shift blocks b+1 .. nb-1 up by one and put the tail at b+1 */
    memmove(&f->blocks[b + 2], &f->blocks[b + 1], (size_t)(nb - b - 1) * sizeof *f->blocks);
    f->blocks[b + 1] = tail;
    for (int i = 0; i < f->nblocks; i++) {
        Block *X = &f->blocks[i];
        X->id = i;
        if (i == b)
            continue;
        for (int s = 0; s < X->nsucc; s++)
            if (X->succ[s] > b)
                X->succ[s]++;
        free(X->preds);
        X->preds = NULL;
        X->npreds = 0;
    }
    for (int v = 0; v < f->nvars; v++)
        if (f->vars[v].def_block > b)
            f->vars[v].def_block++;
    for (int i = 0; i < f->blocks[b + 1].ninsts; i++) {
        int d = f->blocks[b + 1].insts[i].dst;
        if (d < 0)
            continue;
        /* defined in both halves (rematerialised): several definitions, like phi vars */
        int in_head = def_in(f->blocks[b].insts, f->blocks[b].ninsts, d) >= 0;
        f->vars[d].def_block = in_head ? -1 : b + 1;
    }
    return 1;
}
