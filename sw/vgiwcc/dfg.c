/* One dataflow graph per block.
 *
 * Each instruction becomes a node on the unit type that executes it; immediates stay in
 * the node (folded into its configuration). Around them:
 *   - CVU IN nodes inject thread coordinates and launch parameters (kernel arguments,
 *     NDRange sizes, the work-group's __local base), one per distinct source per block;
 *   - LVU LVLD nodes load the live-in vars the block reads; LVU LVST nodes store the vars
 *     it defines that are live out (each ordered after the block's LVLD of the same ID);
 *   - memory order (SGMF §4.3): a load waits for the thread's last store before it; a
 *     store waits for the last store and for every load since it (loads may run in
 *     parallel with each other, never across a store in either direction); waits are
 *     control-token inputs, several merged by SJU JOIN nodes (at most 3 inputs each);
 *   - the CVU END node receives the branch outcome (for two successors) and, through a
 *     JOIN tree, the tokens of every node nothing else consumes, so a thread moves on
 *     only when all its stores, LV stores and loads of the block have completed;
 *   - SJU SPLIT nodes where a token has more than `fanout` consumers (a JOIN with one
 *     input splits a control-only token).
 * Nodes are finally renumbered in a topological order (every operand refers to an
 * earlier node; END is last).
 */
#include <stdlib.h>
#include <string.h>

#include "vgiwcc.h"
#include "vgiw_ops.h"

/* A memory access of the block being built, as memory ordering sees it. */
typedef struct {
    int node;
    int store;                /* a store or an atomic: later accesses may have to wait for it */
    const MemAlias *alias;    /* what LLVM proved of its address (ir.c) */
    int root;                 /* its address is node `root` + `off` (root -1: not known) */
    uint32_t off, size;       /* byte offset from root, bytes accessed */
} MemAccess;

typedef struct {
    vg_node *n; int nn, cap;
    Func *f;
    int blk;
    vg_opnd *varval; char *varset;  /* per var: value inside this block */
    int *srcnode;                   /* per CVU source: node or -1 */
    int *lvld;                      /* per LV ID: LVLD node or -1 */
    MemAccess *mem; int nmem, mcap;   /* the block's loads, stores and atomics, in order */
    char *anc;                        /* memory_op's scratch: ancestors of the kept waits */
    uint32_t line;
} G;

static int add_node(G *g, unsigned unit, unsigned op, uint32_t param)
{
    if (g->nn == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 64;
        g->n = xrealloc(g->n, (size_t)g->cap * sizeof *g->n);
    }
    vg_node *n = &g->n[g->nn];
    memset(n, 0, sizeof *n);
    n->unit = (uint8_t)unit;
    n->op = (uint8_t)op;
    n->param = param;
    n->line = g->line;
    return g->nn++;
}

static void add_in(G *g, int node, vg_opnd o)
{
    vg_node *n = &g->n[node];
    if (n->nin >= VG_MAX_IN)
        fatal("internal error: node with more than %d inputs", VG_MAX_IN);
    n->in[n->nin++] = o;
}

static vg_opnd data_of(int node) { vg_opnd o = { VG_O_NODE, (uint32_t)node }; return o; }
static vg_opnd ctrl_of(int node) { vg_opnd o = { VG_O_CTRL, (uint32_t)node }; return o; }

/* When a node's token is likely to leave it, in cycles from the block's start, for shaping
 * JOIN trees only: the latencies of docs/apps.md "One thread around a loop" (a unit's
 * stages plus a switch hop; memory and live values as hits). */
static int est_latency(const vg_node *n)
{
    switch (n->unit) {
    case VG_U_CVU: return 1;
    case VG_U_ALU: return 3;
    case VG_U_SJU: return 2;
    case VG_U_LVU: return 6;
    case VG_U_LDST: return 5;
    default: return 6;   /* FMA and the SCU pool */
    }
}

static int *arrival_times(const G *g)
{
    int *t = xcalloc((size_t)g->nn + 1, sizeof *t);
    for (int i = 0; i < g->nn; i++) {
        int m = 0;
        for (int k = 0; k < g->n[i].nin; k++) {
            const vg_opnd *o = &g->n[i].in[k];
            if ((o->kind == VG_O_NODE || o->kind == VG_O_CTRL) && t[o->v] > m)
                m = t[o->v];
        }
        t[i] = m + est_latency(&g->n[i]);
    }
    return t;
}

/* JOIN tree: reduces the k control tokens of `list` to at most `roots` (list[0..], the
 * count returned). The tree is built like a Huffman code of arity VG_MAX_IN over the
 * estimated arrival times: the earliest tokens are joined first, so the last to arrive
 * passes the fewest JOINs (a trip of a one-thread loop waits for its last store,
 * docs/compiler.md "dfg.c"). */
static int join_to(G *g, int *list, int k, int roots)
{
    if (k <= roots)
        return k;
    int *t = arrival_times(g);
    int *at = xcalloc((size_t)k, sizeof *at);
    for (int i = 0; i < k; i++)
        at[i] = t[list[i]];
    free(t);
    /* the first JOIN takes 2 when that leaves a count every later one (3) ends on */
    int take = (k - roots) % (VG_MAX_IN - 1) ? 2 : VG_MAX_IN;
    while (k > roots) {
        /* stable selection of the `take` earliest (ties: list order) to the front */
        for (int i = 0; i < take && i < k; i++) {
            int b = i;
            for (int j = i + 1; j < k; j++)
                if (at[j] < at[b])
                    b = j;
            int tl = list[b], ta = at[b];
            memmove(&list[i + 1], &list[i], (size_t)(b - i) * sizeof *list);
            memmove(&at[i + 1], &at[i], (size_t)(b - i) * sizeof *at);
            list[i] = tl;
            at[i] = ta;
        }
        if (take > k)
            take = k;
        int j = add_node(g, VG_U_SJU, VG_JOIN, 0), m = 0;
        for (int i = 0; i < take; i++) {
            add_in(g, j, ctrl_of(list[i]));
            if (at[i] > m)
                m = at[i];
        }
        list[0] = j;
        at[0] = m + est_latency(&g->n[j]);
        memmove(&list[1], &list[take], (size_t)(k - take) * sizeof *list);
        memmove(&at[1], &at[take], (size_t)(k - take) * sizeof *at);
        k -= take - 1;
        take = VG_MAX_IN;
    }
    free(at);
    return k;
}

/* One control token standing for all of `list`, or -1 when empty. */
static int join(G *g, int *list, int k)
{
    return join_to(g, list, k, 1) ? list[0] : -1;
}

static vg_opnd operand(G *g, Opnd o)
{
    switch (o.kind) {
    case OPND_IMM:
        return (vg_opnd){ VG_O_IMM, o.v };
    case OPND_SRC:
        if (g->srcnode[o.v] < 0)
            g->srcnode[o.v] = add_node(g, VG_U_CVU, VG_CVU_IN, o.v);
        return data_of(g->srcnode[o.v]);
    case OPND_VAR: {
        int v = (int)o.v;
        if (g->varset[v])
            return g->varval[v];
        int lv = g->f->vars[v].lv;
        if (lv < 0)
            fatal("internal error: kernel '%s' block %d reads var %d which has no live value", g->f->name, g->blk, v);
        if (g->lvld[lv] < 0)
            g->lvld[lv] = add_node(g, VG_U_LVU, VG_LVLD, (uint32_t)lv);
        g->varval[v] = data_of(g->lvld[lv]);
        g->varset[v] = 1;
        return g->varval[v];
    }
    default:
        fatal("internal error: empty operand");
    }
}

/* Two accesses LLVM proves disjoint (docs/compiler.md "Memory ordering"): every scope of
 * one is in the other's !noalias list (LLVM's scoped-noalias rule, taken conservatively:
 * all scopes, not per domain), or they are based on two different noalias (restrict)
 * kernel arguments. Anything else may alias. */
static int scopes_in(const MemAlias *a, const MemAlias *b)
{
    if (!a->nscope)
        return 0;
    for (int i = 0; i < a->nscope; i++) {
        int found = 0;
        for (int j = 0; j < b->nnoalias; j++)
            found |= a->scope[i] == b->noalias[j];
        if (!found)
            return 0;
    }
    return 1;
}

/* The node an address is computed from and the constant added to it: ADD nodes with an
 * immediate operand are walked back (the IR folds `p + C` into the immediate, so the k
 * copies of an unrolled loop address `p`, `p + 4`, ...). root -1 when the address is not a
 * node (an immediate). */
static void addr_root(const G *g, vg_opnd a, int *root, uint32_t *off)
{
    *root = -1;
    *off = 0;
    while (a.kind == VG_O_NODE) {
        const vg_node *n = &g->n[a.v];
        if (n->unit == VG_U_ALU && n->op == ALU_ADD && n->in[1].kind == VG_O_IMM && n->in[0].kind == VG_O_NODE) {
            *off += n->in[1].v;
            a = n->in[0];
            continue;
        }
        *root = (int)a.v;
        return;
    }
}

static uint32_t access_bytes(unsigned op)
{
    switch (op) {
    case VG_LD8S: case VG_LD8U: case VG_ST8: return 1;
    case VG_LD16S: case VG_LD16U: case VG_ST16: return 2;
    default: return 4;
    }
}

/* Two accesses proven disjoint: by LLVM (above), or one address node plus two constants
 * whose byte ranges do not overlap (mod 2^32, as the address arithmetic wraps). */
static int mem_disjoint(const MemAccess *a, const MemAccess *b)
{
    if (a->root >= 0 && a->root == b->root && b->off - a->off >= a->size && a->off - b->off >= b->size)
        return 1;
    const MemAlias *x = a->alias, *y = b->alias;
    if (x->base && y->base && x->base != y->base)
        return 1;
    return scopes_in(x, y) || scopes_in(y, x);
}

/* Mark `n` and every node it consumes a token of, directly or through others, in g->anc:
 * each of them has completed before `n` fires (a load's data token leaves the LDST unit
 * only with its response). */
static void mark_ancestors(G *g, int n)
{
    if (g->anc[n])
        return;
    g->anc[n] = 1;
    for (int i = n; i >= 0; i--) {
        if (g->anc[i] != 1)
            continue;
        g->anc[i] = 2;   /* 2: its inputs are marked too */
        for (int k = 0; k < g->n[i].nin; k++) {
            const vg_opnd *o = &g->n[i].in[k];
            if ((o->kind == VG_O_NODE || o->kind == VG_O_CTRL) && !g->anc[o->v])
                g->anc[o->v] = 1;
        }
    }
}

/* Memory order within a thread (SGMF §4.3; docs/compiler.md "Memory ordering"): an access
 * waits for every earlier store that may alias it, a store also for every earlier load that
 * may alias it. Of these it keeps only the waits nothing else it waits for (or consumes)
 * already implies: latest first, an access is dropped when it is an ancestor of a kept one
 * or of the new access's operands. When every access may alias every other, stores form
 * one chain and this is "the last store and the loads no store has waited for". An atomic
 * is both a load and a store; its data token is the old word; it carries no address
 * information, so it aliases everything. Between threads nothing is ordered (OpenCL 1.2
 * atomics are relaxed). */
static void memory_op(G *g, const Inst *in)
{
    int is_atomic = vg_ldst_is_atomic(in->op);
    int is_store = vg_ldst_is_store(in->op) || is_atomic;
    int nd = vg_op_arity(VG_U_LDST, in->op);
    vg_opnd ops[3];
    for (int i = 0; i < nd; i++)
        ops[i] = operand(g, in->ops[i]);
    static const MemAlias none;
    MemAccess me = { -1, is_store, is_atomic ? &none : &in->alias, -1, 0, access_bytes(in->op) };
    if (!is_atomic)
        addr_root(g, ops[0], &me.root, &me.off);
    g->anc = xrealloc(g->anc, (size_t)g->nn + 1);
    memset(g->anc, 0, (size_t)g->nn + 1);
    for (int k = 0; k < nd; k++)
        if (is_store && ops[k].kind == VG_O_NODE)
            mark_ancestors(g, (int)ops[k].v);   /* a store needs no wait for what its operands imply */
    int *keep = xcalloc((size_t)g->nmem + 1, sizeof *keep), nk = 0;
    for (int i = g->nmem - 1; i >= 0; i--) {
        const MemAccess *m = &g->mem[i];
        if ((!m->store && !is_store) || g->anc[m->node] || mem_disjoint(&me, m))
            continue;
        keep[i] = 1;
        nk++;
        mark_ancestors(g, m->node);
    }
    /* stores latest first, then loads in order (the inputs of the JOIN tree) */
    int *wait = xcalloc((size_t)nk + 1, sizeof *wait), nw = 0;
    for (int i = g->nmem - 1; i >= 0; i--)
        if (keep[i] && g->mem[i].store)
            wait[nw++] = g->mem[i].node;
    for (int i = 0; i < g->nmem; i++)
        if (keep[i] && !g->mem[i].store)
            wait[nw++] = g->mem[i].node;
    free(keep);
    int w = join(g, wait, nw);
    free(wait);
    if (w >= 0 && nd == VG_MAX_IN) {
        /* ACMPXCHG has three data operands and no room for the wait: its address goes
         * through an ALU node (address | 0) that fires after the wait instead */
        int gate = add_node(g, VG_U_ALU, ALU_OR, 0);
        add_in(g, gate, ops[0]);
        add_in(g, gate, (vg_opnd){ VG_O_IMM, 0 });
        add_in(g, gate, ctrl_of(w));
        ops[0] = data_of(gate);
        w = -1;
    }
    int node = add_node(g, VG_U_LDST, in->op, 0);
    for (int i = 0; i < nd; i++)
        add_in(g, node, ops[i]);
    if (w >= 0)
        add_in(g, node, ctrl_of(w));
    me.node = node;
    if (g->nmem == g->mcap) {
        g->mcap = g->mcap ? g->mcap * 2 : 16;
        g->mem = xrealloc(g->mem, (size_t)g->mcap * sizeof *g->mem);
    }
    g->mem[g->nmem++] = me;
    if (!is_store || is_atomic) {
        g->varval[in->dst] = data_of(node);
        g->varset[in->dst] = 1;
    }
}

/* Common subexpressions: an earlier node of this block computing the same operation on
 * the same operands, or -1. Only compute nodes (CU datapaths, SCU) are merged: they are
 * pure, every thread fires each node once, so one node can feed every consumer of both
 * (the interconnect fans its token out). Loads are not: a store may come between two
 * loads of one address. The IR lowers each address computation on its own (a GEP per
 * access), so an index scaled for two arrays appears twice (particlefilter's CDF loop:
 * `x << 2` for weights[x] and cdf[x]); merging saves a unit and its routes per replica. */
static int same_node(const G *g, unsigned unit, unsigned op, const vg_opnd *ops, int nops)
{
    if (unit != VG_U_ALU && unit != VG_U_FMA && unit != VG_U_FCMP && unit != VG_U_FCVT && unit != VG_U_SCU)
        return -1;
    for (int i = 0; i < g->nn; i++) {
        const vg_node *n = &g->n[i];
        if (n->unit != unit || n->op != op || n->nin != nops || n->param != 0)
            continue;
        int k = 0;
        while (k < nops && n->in[k].kind == ops[k].kind && n->in[k].v == ops[k].v)
            k++;
        if (k == nops)
            return i;
    }
    return -1;
}

/* Consumer references of every node: (consumer, input slot). */
typedef struct { int node, slot; } Ref;
typedef struct { int src, lo, hi; } Work;

/* Fan-out trees (SJU SPLIT for data, JOIN for control tokens) where a token has more than
 * `fanout` consumers. The consumers on the longest way to the END (estimated, est_latency)
 * stay on the source itself and only the rest go through splitters: with 5 consumers and
 * fanout 4, three are fed directly and two by one SPLIT, so the critical one pays no SJU
 * (particlefilter's loop-carried index feeds both addresses, the exit test and its own
 * store). */
static void insert_splits(G *g, int fanout)
{
    int n0 = g->nn;
    int *cnt = xcalloc((size_t)n0, sizeof *cnt);
    for (int i = 0; i < n0; i++)
        for (int k = 0; k < g->n[i].nin; k++)
            if (g->n[i].in[k].kind == VG_O_NODE || g->n[i].in[k].kind == VG_O_CTRL)
                cnt[g->n[i].in[k].v]++;
    /* height: a node's latency plus the longest way from it to the END (consumers come
     * after their sources in node order) */
    int *h = xcalloc((size_t)n0 + 1, sizeof *h);
    for (int i = 0; i < n0; i++)
        h[i] = est_latency(&g->n[i]);
    for (int i = n0 - 1; i >= 0; i--)
        for (int k = 0; k < g->n[i].nin; k++) {
            const vg_opnd *o = &g->n[i].in[k];
            if ((o->kind == VG_O_NODE || o->kind == VG_O_CTRL) && h[o->v] < est_latency(&g->n[o->v]) + h[i])
                h[o->v] = est_latency(&g->n[o->v]) + h[i];
        }
    for (int p = 0; p < n0; p++) {
        if (cnt[p] <= fanout)
            continue;
        Ref *refs = xcalloc((size_t)cnt[p], sizeof *refs);
        int k = 0;
        for (int i = 0; i < n0; i++)
            for (int s = 0; s < g->n[i].nin; s++)
                if ((g->n[i].in[s].kind == VG_O_NODE || g->n[i].in[s].kind == VG_O_CTRL) && g->n[i].in[s].v == (uint32_t)p)
                    refs[k++] = (Ref){ i, s };
        /* most critical first (stable: insertion sort, ties keep node order) */
        for (int a = 1; a < k; a++) {
            Ref r = refs[a];
            int b = a;
            while (b > 0 && h[refs[b - 1].node] < h[r.node]) {
                refs[b] = refs[b - 1];
                b--;
            }
            refs[b] = r;
        }
        int has_data = vg_op_has_data(g->n[p].unit, g->n[p].op);
        Work work[256];
        int nw = 0;
        work[nw++] = (Work){ p, 0, k };
        while (nw) {
            int src = work[nw - 1].src, lo = work[nw - 1].lo, hi = work[nw - 1].hi;
            nw--;
            int m = hi - lo;
            /* c splitters and fanout - c consumers fed directly, the fewest c that serve m;
             * when even fanout splitters are not enough, every consumer goes through one */
            int c = m <= fanout ? 0 : (m - fanout + fanout - 2) / (fanout - 1);
            int direct = c < fanout ? (m <= fanout ? m : fanout - c) : 0;
            if (c >= fanout)
                c = fanout;
            for (int r = lo; r < lo + direct; r++) {
                vg_opnd *o = &g->n[refs[r].node].in[refs[r].slot];
                o->v = (uint32_t)src;
                if (!vg_op_has_data(g->n[src].unit, g->n[src].op))
                    o->kind = VG_O_CTRL;
            }
            int rest = m - direct, lo2 = lo + direct;
            for (int ci = 0; ci < c; ci++) {
                int a = lo2 + (int)((long)rest * ci / c), b = lo2 + (int)((long)rest * (ci + 1) / c);
                int sp;
                if (has_data) {
                    sp = add_node(g, VG_U_SJU, VG_SPLIT, 0);
                    add_in(g, sp, data_of(src));
                } else {
                    sp = add_node(g, VG_U_SJU, VG_JOIN, 0);
                    add_in(g, sp, ctrl_of(src));
                }
                g->n[sp].line = g->n[p].line;
                if (nw >= 256)
                    fatal("internal error: split tree too deep");
                work[nw++] = (Work){ sp, a, b };
            }
        }
        free(refs);
    }
    free(h);
    free(cnt);
}

/* Kahn's algorithm, smallest original index first; END ends up last (it is the only sink). */
static void topo_renumber(G *g)
{
    int n = g->nn;
    int *indeg = xcalloc((size_t)n, sizeof *indeg), *newid = xcalloc((size_t)n, sizeof *newid);
    int *order = xcalloc((size_t)n, sizeof *order);
    char *done = xcalloc((size_t)n, 1);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < g->n[i].nin; k++)
            if (g->n[i].in[k].kind == VG_O_NODE || g->n[i].in[k].kind == VG_O_CTRL)
                indeg[i]++;
    /* consumer lists */
    int *cstart = xcalloc((size_t)n + 1, sizeof *cstart), *clist, *cfill = xcalloc((size_t)n, sizeof *cfill);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < g->n[i].nin; k++)
            if (g->n[i].in[k].kind == VG_O_NODE || g->n[i].in[k].kind == VG_O_CTRL)
                cstart[g->n[i].in[k].v + 1]++;
    for (int i = 0; i < n; i++)
        cstart[i + 1] += cstart[i];
    clist = xcalloc((size_t)cstart[n] + 1, sizeof *clist);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < g->n[i].nin; k++)
            if (g->n[i].in[k].kind == VG_O_NODE || g->n[i].in[k].kind == VG_O_CTRL) {
                int p = (int)g->n[i].in[k].v;
                clist[cstart[p] + cfill[p]++] = i;
            }
    /* A min-heap would be faster; blocks are small, a linear scan from a cursor is fine. */
    int placed = 0, cursor = 0;
    while (placed < n) {
        int pick = -1;
        for (int i = cursor; i < n; i++)
            if (!done[i] && indeg[i] == 0) {
                pick = i;
                break;
            }
        if (pick < 0)
            fatal("internal error: cycle in a dataflow graph");
        done[pick] = 1;
        newid[pick] = placed;
        order[placed++] = pick;
        for (int c = cstart[pick]; c < cstart[pick + 1]; c++)
            if (--indeg[clist[c]] == 0 && clist[c] < cursor)
                cursor = clist[c];
        while (cursor < n && done[cursor])
            cursor++;
    }
    vg_node *nn = xcalloc((size_t)n, sizeof *nn);
    for (int i = 0; i < n; i++) {
        nn[i] = g->n[order[i]];
        for (int k = 0; k < nn[i].nin; k++)
            if (nn[i].in[k].kind == VG_O_NODE || nn[i].in[k].kind == VG_O_CTRL)
                nn[i].in[k].v = (uint32_t)newid[nn[i].in[k].v];
    }
    free(g->n);
    g->n = nn;
    g->cap = n;
    free(indeg); free(newid); free(order); free(done); free(cstart); free(clist); free(cfill);
}

static void build_block(G *g, int b, const Options *opt, vg_block *out)
{
    Func *f = g->f;
    Block *B = &f->blocks[b];
    g->blk = b;
    g->nn = 0;
    g->nmem = 0;
    memset(g->varset, 0, (size_t)f->nvars + 1);
    for (uint32_t s = 0; s < VG_SRC_ARG + VG_SRC_ARG_MAX; s++)
        g->srcnode[s] = -1;
    for (uint32_t l = 0; l < f->lv_count; l++)
        g->lvld[l] = -1;
    int *defs = xcalloc((size_t)B->ninsts + 1, sizeof *defs), ndefs = 0;
    for (int i = 0; i < B->ninsts; i++) {
        const Inst *in = &B->insts[i];
        g->line = in->line;
        if (in->dst >= 0)
            defs[ndefs++] = in->dst;
        if (in->kind == IK_COPY) {
            g->varval[in->dst] = operand(g, in->ops[0]);
            g->varset[in->dst] = 1;
            continue;
        }
        if (in->unit == VG_U_LDST) {
            memory_op(g, in);
            continue;
        }
        vg_opnd ops[3];
        for (int k = 0; k < in->nops; k++)
            ops[k] = operand(g, in->ops[k]);
        int node = same_node(g, in->unit, in->op, ops, in->nops);
        if (node < 0) {
            node = add_node(g, in->unit, in->op, 0);
            for (int k = 0; k < in->nops; k++)
                add_in(g, node, ops[k]);
        }
        g->varval[in->dst] = data_of(node);
        g->varset[in->dst] = 1;
    }
    g->line = B->end_line;
    vg_opnd cond = { VG_O_NONE, 0 };
    if (B->nsucc == 2)
        cond = operand(g, B->cond);
    /* LV stores of vars defined here and live out (each var once). */
    for (int i = 0; i < ndefs; i++) {
        int v = defs[i], dup = 0;
        for (int j = 0; j < i; j++)
            dup |= defs[j] == v;
        if (dup || !(f->liveout[b][v >> 6] >> (v & 63) & 1))
            continue;
        int lv = f->vars[v].lv;
        int pv = f->vars[v].pref;
        if (pv >= 0 && f->vars[pv].lv == lv)
            continue;       /* phi value already in the phi's live value slot */
        vg_opnd val = g->varval[v];
        int st = add_node(g, VG_U_LVU, VG_LVST, (uint32_t)lv);
        add_in(g, st, val);
        if (g->lvld[lv] >= 0 && !(val.kind == VG_O_NODE && val.v == (uint32_t)g->lvld[lv]))
            add_in(g, st, ctrl_of(g->lvld[lv]));
    }
    free(defs);
    /* END: branch outcome plus the completion of everything else. */
    int *used = xcalloc((size_t)g->nn + 1, sizeof *used);
    for (int i = 0; i < g->nn; i++)
        for (int k = 0; k < g->n[i].nin; k++)
            if (g->n[i].in[k].kind == VG_O_NODE || g->n[i].in[k].kind == VG_O_CTRL)
                used[g->n[i].in[k].v] = 1;
    if (cond.kind == VG_O_NODE)
        used[cond.v] = 1;
    int *sinks = xcalloc((size_t)g->nn + 1, sizeof *sinks), ns = 0;
    for (int i = 0; i < g->nn; i++)
        if (!used[i])
            sinks[ns++] = i;
    /* the END's own JOIN (map.c) takes the outcome and up to two more tokens: the latest
     * sinks go there directly */
    int nw = join_to(g, sinks, ns, B->nsucc == 2 ? VG_MAX_IN - 1 : 1);
    int end = add_node(g, VG_U_CVU, VG_CVU_END, 0);
    if (B->nsucc == 2)
        add_in(g, end, cond);
    for (int i = 0; i < nw; i++)
        add_in(g, end, ctrl_of(sinks[i]));
    free(used);
    free(sinks);
    insert_splits(g, opt->fanout);
    topo_renumber(g);
    out->nsucc = (uint8_t)B->nsucc;
    out->succ[0] = B->nsucc > 0 ? (uint32_t)B->succ[0] : VG_NO_BLOCK;
    out->succ[1] = B->nsucc > 1 ? (uint32_t)B->succ[1] : VG_NO_BLOCK;
    out->nnodes = (uint32_t)g->nn;
    out->nodes = xcalloc((size_t)g->nn, sizeof *out->nodes);
    memcpy(out->nodes, g->n, (size_t)g->nn * sizeof *g->n);
}

void dfg_build(Func *f, const Options *opt, vg_kernel *out)
{
    G g = { 0 };
    g.f = f;
    g.varval = xcalloc((size_t)f->nvars + 1, sizeof *g.varval);
    g.varset = xcalloc((size_t)f->nvars + 1, 1);
    g.srcnode = xcalloc(VG_SRC_ARG + VG_SRC_ARG_MAX, sizeof *g.srcnode);
    g.lvld = xcalloc((size_t)f->lv_count + 1, sizeof *g.lvld);
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", f->name);
    out->nargs = (uint32_t)f->nargs;
    out->args = xcalloc((size_t)f->nargs + 1, sizeof *out->args);
    memcpy(out->args, f->args, (size_t)f->nargs * sizeof *f->args);
    out->nblocks = (uint32_t)f->nblocks;
    out->blocks = xcalloc((size_t)f->nblocks, sizeof *out->blocks);
    out->lv_count = f->lv_count;
    out->local_bytes = f->local_bytes;
    out->const_bytes = f->cbytes;
    out->const_data = NULL;
    if (f->cbytes) {
        out->const_data = xmalloc(f->cbytes);
        memcpy(out->const_data, f->cdata, f->cbytes);
    }
    for (int b = 0; b < f->nblocks; b++)
        build_block(&g, b, opt, &out->blocks[b]);
    free(g.n); free(g.varval); free(g.varset); free(g.srcnode); free(g.lvld); free(g.mem); free(g.anc);
}
