/* Live values.
 *
 * A var whose value crosses a block boundary lives in the live value cache (LVC) between
 * blocks: the defining block stores it (LVU store, at the block's end), every block that
 * reads it loads it (LVU load, at the block's start). Liveness is computed at block
 * granularity (backward dataflow over the CFG). Two vars interfere when both are live
 * into, or both live out of, the same block; interfering vars get different live value
 * IDs, others may share one (greedy colouring in var order). Sharing an ID between a var
 * loaded by a block and a var stored by the same block is safe because dfg.c orders each
 * LVU store after the LVU load of the same ID in that block.
 *
 * Phi nodes arrive as copies (ir.c): phivar := value at the end of each predecessor,
 * dst := phivar at the start of the phi's block. dst prefers phivar's ID; when it gets it,
 * dfg.c omits dst's store (the LVC already holds the value).
 */
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"

static void set_add(uint64_t *s, int v) { s[v >> 6] |= 1ull << (v & 63); }
static int set_has(const uint64_t *s, int v) { return (int)((s[v >> 6] >> (v & 63)) & 1); }

void live_alloc(Func *f)
{
    int nb = f->nblocks, nv = f->nvars, W = (nv + 63) / 64;
    if (W == 0)
        W = 1;
    f->setwords = W;
    uint64_t **use = xcalloc((size_t)nb, sizeof *use), **def = xcalloc((size_t)nb, sizeof *def);
    f->livein = xcalloc((size_t)nb, sizeof *f->livein);
    f->liveout = xcalloc((size_t)nb, sizeof *f->liveout);
    for (int b = 0; b < nb; b++) {
        use[b] = xcalloc((size_t)W, 8);
        def[b] = xcalloc((size_t)W, 8);
        f->livein[b] = xcalloc((size_t)W, 8);
        f->liveout[b] = xcalloc((size_t)W, 8);
        Block *B = &f->blocks[b];
        for (int i = 0; i < B->ninsts; i++) {
            Inst *in = &B->insts[i];
            for (int k = 0; k < in->nops; k++)
                if (in->ops[k].kind == OPND_VAR && !set_has(def[b], (int)in->ops[k].v))
                    set_add(use[b], (int)in->ops[k].v);
            if (in->dst >= 0)
                set_add(def[b], in->dst);
        }
        if (B->nsucc == 2 && B->cond.kind == OPND_VAR && !set_has(def[b], (int)B->cond.v))
            set_add(use[b], (int)B->cond.v);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = nb - 1; b >= 0; b--) {
            Block *B = &f->blocks[b];
            for (int s = 0; s < B->nsucc; s++)
                for (int w = 0; w < W; w++)
                    f->liveout[b][w] |= f->livein[B->succ[s]][w];
            for (int w = 0; w < W; w++) {
                uint64_t in = use[b][w] | (f->liveout[b][w] & ~def[b][w]);
                if (in != f->livein[b][w]) {
                    f->livein[b][w] = in;
                    changed = 1;
                }
            }
        }
    }
    /* Vars that cross blocks, densely numbered. */
    int *idx = xcalloc((size_t)nv + 1, sizeof *idx), *vars = xcalloc((size_t)nv + 1, sizeof *vars), m = 0;
    for (int v = 0; v < nv; v++) {
        idx[v] = -1;
        f->vars[v].lv = -1;
        for (int b = 0; b < nb; b++)
            if (set_has(f->livein[b], v) || set_has(f->liveout[b], v)) {
                idx[v] = m;
                vars[m++] = v;
                break;
            }
    }
    for (int k = 0; k < m; k++)
        if (set_has(f->livein[0], vars[k]) && !f->vars[vars[k]].is_phivar)
            fatal("internal error: var %d of kernel '%s' is live into the entry block", vars[k], f->name);
    int MW = (m + 63) / 64 ? (m + 63) / 64 : 1;
    uint64_t *adj = xcalloc((size_t)m * (size_t)MW + 1, 8);
    int *tmp = xcalloc((size_t)m + 1, sizeof *tmp);
    for (int b = 0; b < nb; b++)
        for (int pass = 0; pass < 2; pass++) {
            uint64_t *s = pass ? f->liveout[b] : f->livein[b];
            int t = 0;
            for (int k = 0; k < m; k++)
                if (set_has(s, vars[k]))
                    tmp[t++] = k;
            for (int i = 0; i < t; i++)
                for (int j = 0; j < t; j++)
                    if (i != j)
                        set_add(adj + (size_t)tmp[i] * (size_t)MW, tmp[j]);
        }
    /* Greedy colouring with the phi preference. */
    int *color = xcalloc((size_t)m + 1, sizeof *color);
    char *taken = xcalloc((size_t)m + 1, 1);
    int ncolors = 0;
    for (int k = 0; k < m; k++) {
        memset(taken, 0, (size_t)m + 1);
        for (int j = 0; j < k; j++)
            if (set_has(adj + (size_t)k * (size_t)MW, j))
                taken[color[j]] = 1;
        int c = -1;
        int pv = f->vars[vars[k]].pref;
        if (pv >= 0 && idx[pv] >= 0 && idx[pv] < k && !taken[color[idx[pv]]])
            c = color[idx[pv]];
        if (c < 0)
            for (c = 0; taken[c]; c++)
                ;
        color[k] = c;
        if (c + 1 > ncolors)
            ncolors = c + 1;
        f->vars[vars[k]].lv = c;
    }
    f->lv_count = (uint32_t)ncolors;
    for (int b = 0; b < nb; b++) {
        free(use[b]);
        free(def[b]);
    }
    free(use); free(def); free(idx); free(vars); free(adj); free(tmp); free(color); free(taken);
}
