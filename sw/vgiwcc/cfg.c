/* Control flow graph, loops and the block order.
 *
 * Block IDs must satisfy VGIW's scheduler (smallest waiting block ID first):
 *   - block 0 is the entry;
 *   - every forward edge goes to a larger ID, every back edge (loop latch -> header) to a
 *     smaller one, so all threads that will reach a block in this pass over the code are
 *     waiting for it before it is scheduled (control flow coalescing);
 *   - every natural loop occupies a contiguous range of IDs starting at its header, so a
 *     thread that leaves a loop early waits (at a larger ID) until every thread of its tile
 *     has left the loop. This is what makes barrier() correct inside and after loops.
 * The order is a topological sort of each loop region with inner loops collapsed to one
 * node (ties broken by reverse post-order), expanded recursively. Irreducible control flow
 * (a cycle without a dominating header) is rejected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"

typedef struct {
    Func *f;
    int n;
    int *rpo, *rponum;       /* RPO list, and position of each block in it */
    int *idom;
    int nloops;
    int *lhead;              /* header of each loop */
    char **lbody;            /* membership flags per loop */
    int *lsize;
    int *out, nout;          /* the final order */
} Cfg;

static void compute_preds(Func *f)
{
    for (int i = 0; i < f->nblocks; i++) {
        free(f->blocks[i].preds);
        f->blocks[i].preds = NULL;
        f->blocks[i].npreds = 0;
    }
    for (int i = 0; i < f->nblocks; i++)
        for (int s = 0; s < f->blocks[i].nsucc; s++) {
            if (s == 1 && f->blocks[i].succ[1] == f->blocks[i].succ[0])
                continue;
            Block *t = &f->blocks[f->blocks[i].succ[s]];
            t->preds = xrealloc(t->preds, (size_t)(t->npreds + 1) * sizeof *t->preds);
            t->preds[t->npreds++] = i;
        }
}

static void compute_rpo(Cfg *c)
{
    Func *f = c->f;
    int n = c->n;
    int *state = xcalloc((size_t)n, sizeof *state), *stack = xcalloc((size_t)n, sizeof *stack);
    int *si = xcalloc((size_t)n, sizeof *si), *post = xcalloc((size_t)n, sizeof *post);
    int sp = 0, np = 0;
    stack[sp++] = 0;
    state[0] = 1;
    while (sp) {
        int v = stack[sp - 1];
        if (si[v] < f->blocks[v].nsucc) {
            int s = f->blocks[v].succ[si[v]++];
            if (!state[s]) {
                state[s] = 1;
                stack[sp++] = s;
            }
        } else {
            post[np++] = v;
            sp--;
        }
    }
    if (np != n)
        fatal("internal error: %d of %d blocks unreachable in kernel '%s'", n - np, n, f->name);
    c->rpo = xcalloc((size_t)n, sizeof *c->rpo);
    c->rponum = xcalloc((size_t)n, sizeof *c->rponum);
    for (int i = 0; i < n; i++) {
        c->rpo[i] = post[n - 1 - i];
        c->rponum[c->rpo[i]] = i;
    }
    free(state); free(stack); free(si); free(post);
}

/* Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm". */
static void compute_idom(Cfg *c)
{
    int n = c->n;
    c->idom = xcalloc((size_t)n, sizeof *c->idom);
    for (int i = 0; i < n; i++)
        c->idom[i] = -1;
    c->idom[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 1; k < n; k++) {
            int b = c->rpo[k], nd = -1;
            Block *bb = &c->f->blocks[b];
            for (int p = 0; p < bb->npreds; p++) {
                int q = bb->preds[p];
                if (c->idom[q] < 0)
                    continue;
                if (nd < 0) {
                    nd = q;
                    continue;
                }
                int x = q, y = nd;
                while (x != y) {
                    while (c->rponum[x] > c->rponum[y]) x = c->idom[x];
                    while (c->rponum[y] > c->rponum[x]) y = c->idom[y];
                }
                nd = x;
            }
            if (nd >= 0 && c->idom[b] != nd) {
                c->idom[b] = nd;
                changed = 1;
            }
        }
    }
}

static int dominates(Cfg *c, int a, int b)
{
    for (;;) {
        if (a == b)
            return 1;
        if (b == 0)
            return 0;
        b = c->idom[b];
    }
}

static void find_loops(Cfg *c)
{
    Func *f = c->f;
    int n = c->n;
    int *stack = xcalloc((size_t)n, sizeof *stack);
    for (int u = 0; u < n; u++)
        for (int s = 0; s < f->blocks[u].nsucc; s++) {
            int h = f->blocks[u].succ[s];
            if (c->rponum[h] > c->rponum[u])
                continue;                      /* forward edge */
            if (!dominates(c, h, u)) {
                uint32_t line = f->blocks[u].end_line;
                fatal("%s:%u: error: unsupported: irreducible control flow (a loop entered other than through its header) (kernel '%s')",
                      g_source_name, line, f->name);
            }
            int li;
            for (li = 0; li < c->nloops; li++)
                if (c->lhead[li] == h)
                    break;
            if (li == c->nloops) {
                c->nloops++;
                c->lhead = xrealloc(c->lhead, (size_t)c->nloops * sizeof *c->lhead);
                c->lbody = xrealloc(c->lbody, (size_t)c->nloops * sizeof *c->lbody);
                c->lhead[li] = h;
                c->lbody[li] = xcalloc((size_t)n, 1);
                c->lbody[li][h] = 1;
            }
            /* Everything that reaches the latch u without passing through h. */
            char *body = c->lbody[li];
            int sp = 0;
            if (!body[u]) {
                body[u] = 1;
                stack[sp++] = u;
            }
            while (sp) {
                int v = stack[--sp];
                for (int p = 0; p < f->blocks[v].npreds; p++) {
                    int q = f->blocks[v].preds[p];
                    if (!body[q]) {
                        body[q] = 1;
                        stack[sp++] = q;
                    }
                }
            }
        }
    c->lsize = xcalloc((size_t)(c->nloops ? c->nloops : 1), sizeof *c->lsize);
    for (int li = 0; li < c->nloops; li++)
        for (int i = 0; i < n; i++)
            c->lsize[li] += c->lbody[li][i];
    free(stack);
}

/* Appends the blocks of a region (the whole function when loop < 0) in order. */
static void order_region(Cfg *c, int loop, const char *members)
{
    Func *f = c->f;
    int n = c->n;
    int rhead = loop >= 0 ? c->lhead[loop] : -1;
    /* Representative of each member: header of the outermost inner loop holding it. */
    int *rep = xcalloc((size_t)n, sizeof *rep), *replp = xcalloc((size_t)n, sizeof *replp);
    for (int b = 0; b < n; b++) {
        rep[b] = members[b] ? b : -1;
        replp[b] = -1;
        if (!members[b])
            continue;
        int best = -1;
        for (int li = 0; li < c->nloops; li++) {
            if (li == loop || c->lhead[li] == rhead || !c->lbody[li][b] || !members[c->lhead[li]])
                continue;
            if (best < 0 || c->lsize[li] > c->lsize[best])
                best = li;
        }
        if (best >= 0) {
            rep[b] = c->lhead[best];
            replp[b] = best;
        }
    }
    /* In-degrees over representatives. */
    int *indeg = xcalloc((size_t)n, sizeof *indeg);
    char *done = xcalloc((size_t)n, 1);
    for (int u = 0; u < n; u++) {
        if (!members[u])
            continue;
        for (int s = 0; s < f->blocks[u].nsucc; s++) {
            int v = f->blocks[u].succ[s];
            if (s == 1 && v == f->blocks[u].succ[0])
                continue;
            if (!members[v] || v == rhead || rep[u] == rep[v])
                continue;
            indeg[rep[v]]++;
        }
    }
    int total = 0;
    for (int b = 0; b < n; b++)
        total += members[b] && rep[b] == b;
    for (int k = 0; k < total; k++) {
        /* Ready representative with the smallest RPO number. */
        int pick = -1;
        for (int b = 0; b < n; b++)
            if (members[b] && rep[b] == b && !done[b] && indeg[b] == 0
                && (pick < 0 || c->rponum[b] < c->rponum[pick]))
                pick = b;
        if (pick < 0)
            fatal("error: unsupported: irreducible control flow in kernel '%s'", f->name);
        done[pick] = 1;
        if (replp[pick] >= 0) {
            int li = replp[pick];
            order_region(c, li, c->lbody[li]);
        } else {
            c->out[c->nout++] = pick;
        }
        /* Release the successors of everything this representative stands for. */
        for (int u = 0; u < n; u++) {
            if (!members[u] || rep[u] != pick)
                continue;
            for (int s = 0; s < f->blocks[u].nsucc; s++) {
                int v = f->blocks[u].succ[s];
                if (s == 1 && v == f->blocks[u].succ[0])
                    continue;
                if (!members[v] || v == rhead || rep[v] == pick)
                    continue;
                indeg[rep[v]]--;
            }
        }
    }
    free(rep); free(replp); free(indeg); free(done);
}

void cfg_order(Func *f)
{
    Cfg c = { 0 };
    c.f = f;
    c.n = f->nblocks;
    compute_preds(f);
    compute_rpo(&c);
    compute_idom(&c);
    find_loops(&c);
    c.out = xcalloc((size_t)c.n, sizeof *c.out);
    char *all = xcalloc((size_t)c.n, 1);
    memset(all, 1, (size_t)c.n);
    order_region(&c, -1, all);
    if (c.nout != c.n || c.out[0] != 0)
        fatal("internal error: block ordering produced %d of %d blocks", c.nout, c.n);
    /* Renumber: blocks[new] = old blocks[out[new]]. */
    int *newid = xcalloc((size_t)c.n, sizeof *newid);
    for (int i = 0; i < c.n; i++)
        newid[c.out[i]] = i;
    Block *nb = xcalloc((size_t)c.n, sizeof *nb);
    for (int i = 0; i < c.n; i++) {
        nb[i] = f->blocks[c.out[i]];
        nb[i].id = i;
        for (int s = 0; s < nb[i].nsucc; s++)
            nb[i].succ[s] = newid[nb[i].succ[s]];
        if (nb[i].nsucc == 2 && nb[i].succ[0] == nb[i].succ[1])
            nb[i].nsucc = 1;
    }
    free(f->blocks);
    f->blocks = nb;
    f->bcap = c.n;
    for (int v = 0; v < f->nvars; v++)
        if (f->vars[v].def_block >= 0)
            f->vars[v].def_block = newid[f->vars[v].def_block];
    compute_preds(f);
    /* Check the property the scheduler relies on. */
    for (int i = 0; i < c.n; i++)
        for (int s = 0; s < nb[i].nsucc; s++) {
            int t = nb[i].succ[s];
            if (t <= i) {
                /* back edge: target must be a loop header dominating the source */
                int ok = 0;
                for (int li = 0; li < c.nloops; li++)
                    if (newid[c.lhead[li]] == t && c.lbody[li][c.out[i]])
                        ok = 1;
                if (!ok)
                    fatal("internal error: edge B%d -> B%d goes backwards but is not a loop back edge", i, t);
            }
        }
    free(newid);
    free(all);
    for (int li = 0; li < c.nloops; li++)
        free(c.lbody[li]);
    free(c.lbody); free(c.lhead); free(c.lsize);
    free(c.rpo); free(c.rponum); free(c.idom); free(c.out);
}
