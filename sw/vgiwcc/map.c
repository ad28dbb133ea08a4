/* Back end, step 1: a block's dataflow graph (vg_block) as fabric units (MGraph).
 *
 * Every DFG node becomes one unit with the op-code the fabric decodes (docs/fabric.md,
 * docs/fabric-units/): ALU/FMA/FCMP/FCVT -> CU {class, sub-op}; SCU, LDST, LVU with their
 * own enums; SPLIT -> SJU JOIN with only in0 used; JOIN -> SJU JOIN on in1..in3 (so its
 * token is a control token); CVU IN and END -> the replica's one CVU (node 0).
 *
 * The CVU injects, with every thread, two values its configuration selects (imm[3:0] for
 * out0, imm[7:4] for out1; VGIW §2, docs/fabric-units/cvu.md): the linear global thread ID
 * or one of the thread's coordinates (global, local, group ID per dimension, the __local
 * base). The coordinates a block uses (at most two) come straight from those outputs.
 * Every other CVU source of the DFG becomes either
 *   - a launch constant (kernel arguments, NDRange sizes): a constant operand of the
 *     consuming unit whose configuration word the loader patches (relocation), or
 *   - when a block uses more than two coordinates, out0 carries the linear ID and out1 the
 *     costliest coordinate; the others are a small graph over the linear ID with SCU
 *     DIVU/REMU and ALU MUL/ADD whose divisors are launch constants (thread IDs are numbered
 *     work-group-major, as the interpreter and the tiles of docs/core.md do).
 * A constant that cannot be an operand (third constant of a unit, SJU/CVU inputs, the
 * LVU load trigger) is materialised by a CU (ALU ADD const, 0) enabled by the thread ID.
 * A unit whose operands are all constants is enabled by the thread ID on in3 (a unit
 * needs one token input to fire). Several control inputs of one node are merged by SJU
 * JOINs (one enable input in3 per unit, SGMF §4.3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_cfg.h"
#include "vgiwcc.h"
#include "vgiw_ops.h"

typedef struct {
    MGraph *g;
    const vg_kernel *k;
    const vg_block *B;
    uint32_t b;
    MIn *val;                 /* per DFG node: its token (data or control) */
    MIn src[VG_SRC_ARG + VG_SRC_ARG_MAX];
    char have[VG_SRC_ARG + VG_SRC_ARG_MAX];
    int memo[8];              /* derived thread-ID helpers, -1 = not built */
    int out_src[2];           /* CVU source (enum vg_src) on out0 / out1, -1 = none */
    uint32_t line;
} M;

static MIn edge(int src, int out) { MIn m = { MI_EDGE, (uint8_t)out, src, 0, -1 }; return m; }
static MIn cst(uint32_t v, int reloc) { MIn m = { MI_CONST, 0, -1, v, reloc }; return m; }
static MIn none(void) { MIn m = { MI_NONE, 0, -1, 0, -1 }; return m; }

static int addn(M *m, unsigned type, unsigned op, int vg)
{
    MGraph *g = m->g;
    if (g->nn == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 64;
        g->n = xrealloc(g->n, (size_t)g->cap * sizeof *g->n);
    }
    MNode *n = &g->n[g->nn];
    memset(n, 0, sizeof *n);
    n->type = (uint8_t)type;
    n->op = (uint8_t)op;
    n->vg = vg;
    n->line = m->line;
    for (int k = 0; k < 4; k++)
        n->in[k] = none();
    return g->nn++;
}

static MIn tid(void) { return edge(0, 0); }

/* A unit that outputs a constant (operands that cannot be constants). */
static MIn materialise(M *m, MIn c)
{
    if (c.kind != MI_CONST)
        return c;
    int n = addn(m, UNIT_CU, fcfg_cu_op(CU_ALU, ALU_ADD), -1);
    m->g->n[n].in[0] = c;
    m->g->n[n].in[1] = cst(0, -1);
    m->g->n[n].in[3] = tid();
    return edge(n, 0);
}

/* One unit with operands ops[0..nops-1] on in0.., constants where `cmask` allows (two at
 * most), `en` on in3; enabled by the thread ID when it would have no token input. */
static int unit(M *m, unsigned type, unsigned op, int vg, const MIn *ops, int nops, unsigned cmask, MIn en)
{
    MIn in[3];
    int nconst = 0;
    for (int k = 0; k < nops; k++) {
        in[k] = ops[k];
        if (in[k].kind == MI_CONST) {
            if ((cmask >> k & 1) && nconst < 2)
                nconst++;
            else
                in[k] = materialise(m, in[k]);
        }
    }
    int n = addn(m, type, op, vg);
    int edges = 0;
    for (int k = 0; k < nops; k++) {
        m->g->n[n].in[k] = in[k];
        edges += in[k].kind == MI_EDGE;
    }
    if (en.kind == MI_EDGE)
        m->g->n[n].in[3] = en;
    else if (!edges)
        m->g->n[n].in[3] = tid();
    return n;
}

/* One control token for a list of tokens (constants carry no ordering and are dropped). */
static MIn join_all(M *m, MIn *list, int k)
{
    int j = 0;
    for (int i = 0; i < k; i++)
        if (list[i].kind == MI_EDGE)
            list[j++] = list[i];
    k = j;
    while (k > 1) {
        int out = 0;
        for (int i = 0; i < k; i += 3) {
            int n = addn(m, UNIT_SJU, SJU_JOIN, -1);
            for (int t = i; t < k && t < i + 3; t++)
                m->g->n[n].in[1 + t - i] = list[t];
            list[out++] = edge(n, 0);
        }
        k = out;
    }
    return k ? list[0] : none();
}

/* ---- CVU sources from the linear thread ID ---- */

enum { H_G, H_T_LS0, H_T_LS01, H_G_NG0, H_TILEGRP, H_COUNT };

static MIn scu(M *m, unsigned op, MIn a, MIn b)
{
    MIn ops[2] = { a, b };
    return edge(unit(m, UNIT_SCU, op, -1, ops, 2, 3u, none()), 0);
}

static MIn alu(M *m, unsigned op, MIn a, MIn b)
{
    MIn ops[2] = { a, b };
    return edge(unit(m, UNIT_CU, fcfg_cu_op(CU_ALU, op), -1, ops, 2, 3u, none()), 0);
}

static MIn helper(M *m, int h)
{
    if (m->memo[h] >= 0)
        return edge(m->memo[h], 0);
    MIn v;
    switch (h) {
    case H_G:       v = scu(m, SCU_DIVU, tid(), cst(0, VG_L_GROUP_THREADS)); break;
    case H_T_LS0:   v = scu(m, SCU_DIVU, tid(), cst(0, VG_L_LOCAL_SIZE + 0)); break;
    case H_T_LS01:  v = scu(m, SCU_DIVU, tid(), cst(0, VG_L_LS01)); break;
    case H_G_NG0:   v = scu(m, SCU_DIVU, helper(m, H_G), cst(0, VG_L_NUM_GROUPS + 0)); break;
    default:        v = scu(m, SCU_REMU, helper(m, H_G), cst(0, VG_L_TILE_GROUPS)); break;
    }
    m->memo[h] = v.src;
    return v;
}

/* Which coordinates the block's CVU injects: those the block uses when they are at most two;
 * else the linear ID (from which the rest are derived) and the costliest to derive. */
static void choose_outputs(M *m)
{
    uint32_t used[VG_SRC_LINEAR_ID + 1];
    int n = 0;
    for (uint32_t i = 0; i < m->B->nnodes; i++) {
        const vg_node *nd = &m->B->nodes[i];
        if (nd->unit != VG_U_CVU || nd->op != VG_CVU_IN || vg_src_cvu(nd->param) < 0)
            continue;
        int seen = 0;
        for (int j = 0; j < n; j++)
            seen |= used[j] == nd->param;
        if (!seen)
            used[n++] = nd->param;
    }
    m->out_src[0] = VG_SRC_LINEAR_ID;
    m->out_src[1] = -1;
    if (n > 2 && getenv("VGIWCC_TRACE"))
        fprintf(stderr, "vgiwcc: kernel '%s' block %u uses %d coordinates; the CVU injects 2, the rest are derived\n",
                m->k->name, m->b, n);
    if (n <= 2) {
        for (int j = 0; j < n; j++)
            m->out_src[j] = (int)used[j];
        if (n == 2 && used[1] == VG_SRC_LINEAR_ID) {   /* the linear ID on out0 */
            m->out_src[0] = VG_SRC_LINEAR_ID;
            m->out_src[1] = (int)used[0];
        }
        return;
    }
    /* the __local base costs two SCU and two CU operations, a group or local ID of
     * dimension 1 or 2 two SCU operations, a global ID up to three SCU and two CU */
    static const uint32_t pref[] = { VG_SRC_LOCAL_BASE, VG_SRC_GLOBAL_ID + 1, VG_SRC_GLOBAL_ID + 2, VG_SRC_GLOBAL_ID,
                                     VG_SRC_GROUP_ID + 1, VG_SRC_LOCAL_ID + 1, VG_SRC_GROUP_ID + 2,
                                     VG_SRC_LOCAL_ID + 2, VG_SRC_GROUP_ID, VG_SRC_LOCAL_ID };
    for (size_t k = 0; k < sizeof pref / sizeof pref[0] && m->out_src[1] < 0; k++)
        for (int j = 0; j < n; j++)
            if (used[j] == pref[k])
                m->out_src[1] = (int)pref[k];
}

static MIn source(M *m, uint32_t s)
{
    if (m->have[s])
        return m->src[s];
    MIn v;
    uint32_t d = s % 3;
    if (m->out_src[0] == (int)s)
        v = edge(0, 0);
    else if (m->out_src[1] == (int)s)
        v = edge(0, 1);
    else if (s >= VG_SRC_ARG)
        v = cst(0, (int)(VG_L_ARG + s - VG_SRC_ARG));
    else if (s == VG_SRC_LINEAR_ID)
        v = tid();
    else if (s == VG_SRC_GROUP_THREADS)
        v = cst(0, VG_L_GROUP_THREADS);
    else if (s == VG_SRC_LS01)
        v = cst(0, VG_L_LS01);
    else if (s == VG_SRC_NG01)
        v = cst(0, VG_L_NG01);
    else if (s == VG_SRC_LOCAL_BASE0)
        v = cst(0, VG_L_LOCAL_BASE);
    else if (s == VG_SRC_LOCAL_STRIDE)
        v = cst(0, VG_L_LOCAL_STRIDE);
    else if (s == VG_SRC_TILE_GROUPS)
        v = cst(0, VG_L_TILE_GROUPS);
    else if (s == VG_SRC_LOCAL_BASE)
        v = alu(m, ALU_ADD, alu(m, ALU_MUL, helper(m, H_TILEGRP), cst(0, VG_L_LOCAL_STRIDE)), cst(0, VG_L_LOCAL_BASE));
    else if (s >= VG_SRC_GLOBAL_SIZE && s < VG_SRC_GLOBAL_SIZE + 3)
        v = cst(0, (int)(VG_L_GLOBAL_SIZE + d));
    else if (s >= VG_SRC_LOCAL_SIZE && s < VG_SRC_LOCAL_SIZE + 3)
        v = cst(0, (int)(VG_L_LOCAL_SIZE + d));
    else if (s >= VG_SRC_NUM_GROUPS && s < VG_SRC_NUM_GROUPS + 3)
        v = cst(0, (int)(VG_L_NUM_GROUPS + d));
    else if (s >= VG_SRC_LOCAL_ID && s < VG_SRC_LOCAL_ID + 3) {
        /* t = g * GT + l and GT is a multiple of LS0 and of LS0*LS1, so the local
         * coordinates follow from t directly, without l. */
        if (d == 0)
            v = scu(m, SCU_REMU, tid(), cst(0, VG_L_LOCAL_SIZE + 0));
        else if (d == 1)
            v = scu(m, SCU_REMU, helper(m, H_T_LS0), cst(0, VG_L_LOCAL_SIZE + 1));
        else
            v = scu(m, SCU_REMU, helper(m, H_T_LS01), cst(0, VG_L_LOCAL_SIZE + 2));
    } else if (s >= VG_SRC_GROUP_ID && s < VG_SRC_GROUP_ID + 3) {
        if (d == 0)
            v = scu(m, SCU_REMU, helper(m, H_G), cst(0, VG_L_NUM_GROUPS + 0));
        else if (d == 1)
            v = scu(m, SCU_REMU, helper(m, H_G_NG0), cst(0, VG_L_NUM_GROUPS + 1));
        else
            v = scu(m, SCU_DIVU, helper(m, H_G), cst(0, VG_L_NG01));
    } else {
        /* global_id(d) = group_id(d) * local_size(d) + local_id(d) */
        MIn grp = source(m, VG_SRC_GROUP_ID + d), lid = source(m, VG_SRC_LOCAL_ID + d);
        v = alu(m, ALU_ADD, alu(m, ALU_MUL, grp, cst(0, (int)(VG_L_LOCAL_SIZE + d))), lid);
    }
    m->src[s] = v;
    m->have[s] = 1;
    return v;
}

/* ---- the block ---- */

static MIn ctrl_of(M *m, uint32_t node)
{
    MIn v = m->val[node];
    if (v.kind == MI_EDGE && v.out == 1)
        m->g->n[v.src].out1 = 1;
    return v;
}

static MIn opnd(M *m, const vg_opnd *o)
{
    switch (o->kind) {
    case VG_O_IMM:  return cst(o->v, -1);
    case VG_O_NODE: return m->val[o->v];
    case VG_O_CTRL: return ctrl_of(m, o->v);
    default:        return none();
    }
}

void map_block(const vg_kernel *k, uint32_t b, MGraph *g)
{
    memset(g, 0, sizeof *g);
    M m;
    memset(&m, 0, sizeof m);
    m.g = g;
    m.k = k;
    m.B = &k->blocks[b];
    m.b = b;
    for (int h = 0; h < 8; h++)
        m.memo[h] = -1;
    const vg_block *B = m.B;
    m.val = xcalloc(B->nnodes + 1, sizeof *m.val);
    int cvu = addn(&m, UNIT_CVU, 0, -1);
    choose_outputs(&m);
    g->n[cvu].imm = (uint32_t)vg_src_cvu((uint32_t)m.out_src[0]);
    if (m.out_src[1] >= 0)
        g->n[cvu].imm |= (uint32_t)vg_src_cvu((uint32_t)m.out_src[1]) << 4;
    for (uint32_t i = 0; i < B->nnodes; i++) {
        const vg_node *n = &B->nodes[i];
        m.line = n->line;
        int arity = vg_op_arity(n->unit, n->op);
        if (n->unit == VG_U_CVU && n->op == VG_CVU_END)
            arity = B->nsucc == 2 ? 1 : 0;
        MIn data[3], ctl[3];
        int nd = 0, nc = 0;
        for (int j = 0; j < n->nin; j++) {
            if (j < arity)
                data[nd++] = opnd(&m, &n->in[j]);
            else
                ctl[nc++] = opnd(&m, &n->in[j]);
        }
        switch (n->unit) {
        case VG_U_ALU: case VG_U_FMA: case VG_U_FCMP: case VG_U_FCVT: {
            MIn en = join_all(&m, ctl, nc);
            int u = unit(&m, UNIT_CU, fcfg_cu_op((unsigned)(n->unit - VG_U_ALU), n->op), (int)i, data, nd, 7u, en);
            m.val[i] = edge(u, 0);
            break;
        }
        case VG_U_SCU: {
            MIn en = join_all(&m, ctl, nc);
            m.val[i] = edge(unit(&m, UNIT_SCU, n->op, (int)i, data, nd, 3u, en), 0);
            break;
        }
        case VG_U_LDST: {
            MIn en = join_all(&m, ctl, nc);
            int u = unit(&m, UNIT_LDST, n->op, (int)i, data, nd, 7u, en);
            /* a store's only token is its completion on out1; an atomic's old word is on out0 */
            m.val[i] = vg_ldst_is_store(n->op) ? edge(u, 1) : edge(u, 0);
            break;
        }
        case VG_U_LVU:
            if (n->op == VG_LVLD) {
                MIn trig = join_all(&m, ctl, nc);
                if (trig.kind != MI_EDGE)
                    trig = tid();
                int u = addn(&m, UNIT_LVU, LVU_LOAD, (int)i);
                g->n[u].imm = n->param;
                g->n[u].in[0] = trig;
                m.val[i] = edge(u, 0);
            } else {
                MIn en = join_all(&m, ctl, nc);
                int u = unit(&m, UNIT_LVU, LVU_STORE, (int)i, data, nd, 1u, en);
                g->n[u].imm = n->param;
                m.val[i] = edge(u, 1);
            }
            break;
        case VG_U_CVU:
            if (n->op == VG_CVU_IN) {
                m.val[i] = source(&m, n->param);
            } else {
                /* END: the outcome (bit 0) reaches CVU in0 after everything else. */
                int direct = nd && nc >= 2;
                for (int t = 0; t < nc; t++)
                    direct &= ctl[t].kind == MI_EDGE;
                MIn en = direct ? ctl[0] : join_all(&m, ctl, nc);
                MIn out;
                if (direct) {
                    /* the outcome and the block's last tokens in one JOIN (dfg.c leaves
                     * up to two for it): the last store's completion passes one JOIN */
                    MIn c = materialise(&m, data[0]);
                    int j = addn(&m, UNIT_SJU, SJU_JOIN, -1);
                    g->n[j].in[0] = c;
                    for (int t = 0; t < nc; t++)
                        g->n[j].in[1 + t] = ctl[t];
                    out = edge(j, 0);
                } else if (nd && en.kind == MI_EDGE) {
                    MIn c = materialise(&m, data[0]);
                    int j = addn(&m, UNIT_SJU, SJU_JOIN, -1);
                    g->n[j].in[0] = c;
                    g->n[j].in[1] = en;
                    out = edge(j, 0);
                } else if (nd) {
                    out = materialise(&m, data[0]);
                } else if (en.kind == MI_EDGE) {
                    out = en;
                } else {
                    /* an empty block: the thread ID itself through a JOIN (a unit
                     * cannot feed itself) */
                    int j = addn(&m, UNIT_SJU, SJU_JOIN, -1);
                    g->n[j].in[0] = tid();
                    out = edge(j, 0);
                }
                if (out.kind == MI_EDGE && out.out == 1)
                    g->n[out.src].out1 = 1;
                if (out.kind == MI_EDGE && out.src == 0) {
                    int j = addn(&m, UNIT_SJU, SJU_JOIN, -1);
                    g->n[j].in[0] = out;
                    out = edge(j, 0);
                }
                g->n[0].in[0] = out;
                g->n[0].vg = (int)i;
            }
            break;
        case VG_U_SJU:
            if (n->op == VG_SPLIT) {
                if (data[0].kind == MI_CONST) {
                    m.val[i] = data[0];     /* a constant needs no fan-out tree */
                } else {
                    int u = addn(&m, UNIT_SJU, SJU_JOIN, (int)i);
                    g->n[u].in[0] = data[0];
                    m.val[i] = edge(u, 0);
                }
            } else {
                MIn list[3];
                int j = 0;
                for (int t = 0; t < nc; t++)
                    if (ctl[t].kind == MI_EDGE)
                        list[j++] = ctl[t];
                if (!j) {
                    m.val[i] = tid();
                } else {
                    int u = addn(&m, UNIT_SJU, SJU_JOIN, (int)i);
                    for (int t = 0; t < j; t++)
                        g->n[u].in[1 + t] = list[t];
                    m.val[i] = edge(u, 0);
                }
            }
            break;
        default:
            fatal("internal error: kernel '%s' block %u node %u: unit %u cannot be mapped", k->name, b, i, n->unit);
        }
    }
    /* out1 of every source feeding something from out1 */
    for (int i = 0; i < g->nn; i++)
        for (int j = 0; j < 4; j++)
            if (g->n[i].in[j].kind == MI_EDGE && g->n[i].in[j].out == 1)
                g->n[g->n[i].in[j].src].out1 = 1;
    free(m.val);
}

void map_free(MGraph *g)
{
    free(g->n);
    memset(g, 0, sizeof *g);
}

unsigned map_count_type(const MGraph *g, unsigned type)
{
    unsigned c = 0;
    for (int i = 0; i < g->nn; i++)
        c += g->n[i].type == type;
    return c;
}

/* Latency of one unit in cycles (docs/fabric-units: pipeline stages + output fork; the
 * reordering units: a typical hit / a typical division). */
static int latency(const vgiw_preset_t *p, const MNode *n)
{
    switch (n->type) {
    case UNIT_CU:
        switch (n->op >> 5) {
        case CU_ALU:  return (int)p->fu_alu_stages + 1;
        case CU_FMA:  return (int)p->fu_fma_stages + 1;
        case CU_FCMP: return (int)p->fu_cmp_stages + 1;
        default:      return (int)p->fu_cvt_stages + 1;
        }
    case UNIT_SCU:  return 18;
    case UNIT_LDST: return 8;
    case UNIT_LVU:  return 6;
    case UNIT_SJU:  return 1;
    default:        return 1;
    }
}

/* Path balancing (SGMF §4.4): where two inputs of a unit come from paths whose latencies
 * differ by more than a token buffer holds, the short path would stall the long one at
 * one thread per (difference / depth) cycles; an SJU DELAY on the short input holds up to
 * `fabric.sju_fifo_depth` more tokens. Inserted only while SJUs remain free, since the
 * graph's own splits and joins need them more; the rest relies on the token buffers. */
void map_balance(MGraph *g, const vgiw_preset_t *p)
{
    int n0 = g->nn;
    int *t = xcalloc((size_t)n0 + 1, sizeof *t);
    /* the nodes are created in a topological order except CVU node 0 (in0 last) */
    for (int i = 1; i < n0; i++) {
        int a = 0;
        for (int k = 0; k < 4; k++)
            if (g->n[i].in[k].kind == MI_EDGE && g->n[i].in[k].src != 0 && g->n[i].in[k].src < i)
                a = a > t[g->n[i].in[k].src] ? a : t[g->n[i].in[k].src];
        t[i] = a + latency(p, &g->n[i]);
    }
    unsigned free_sju = p->units_sju > map_count_type(g, UNIT_SJU) ? p->units_sju - map_count_type(g, UNIT_SJU) : 0;
    int depth = (int)p->fabric_token_buffer_depth;
    for (int i = 1; i < n0 && free_sju; i++) {
        int a = 0;
        for (int k = 0; k < 4; k++)
            if (g->n[i].in[k].kind == MI_EDGE && g->n[i].in[k].src < n0)
                a = a > t[g->n[i].in[k].src] ? a : t[g->n[i].in[k].src];
        for (int k = 0; k < 4 && free_sju; k++) {
            MIn *in = &g->n[i].in[k];
            if (in->kind != MI_EDGE || in->src >= n0)
                continue;
            int slack = a - t[in->src];
            if (slack <= depth)
                continue;
            M m;
            memset(&m, 0, sizeof m);
            m.g = g;
            m.line = g->n[i].line;
            int d = addn(&m, UNIT_SJU, SJU_DELAY, -1);
            int len = slack - depth;
            g->n[d].imm = (uint32_t)(len > (int)p->fabric_sju_fifo_depth ? (int)p->fabric_sju_fifo_depth : len);
            g->n[d].in[0] = g->n[i].in[k];   /* g->n may have moved: index again */
            g->n[i].in[k] = edge(d, 0);
            g->delays++;
            free_sju--;
        }
    }
    free(t);
}
