/* Functional interpreter of VGIW images; see interp.h. */
#include "interp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabexec.h"
#include "vgiw_arith.h"
#include "vgiw_layout.h"
#include "vgiw_ops.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Consumer lists of one block's graph (for the random evaluation order). */
typedef struct {
    int *indeg, *cstart, *clist;
} Deps;

typedef struct {
    const vg_kernel *k;
    vi_launch *L;
    Deps *deps;
    uint32_t ng[3], tile_groups, group_threads, gi0;
    uint32_t local_stride;
    uint32_t local_own;   /* bytes of a work-group's own __local region (from its base) */
    uint8_t *localmem; uint32_t local_size;
    uint32_t *lv;              /* lv[id * tile_threads + thread] */
    uint32_t tthreads;
    uint32_t *vals;
    int *work, *ready;
    uint64_t rng;
    char *err; size_t errlen;
    struct PBlock *pb;         /* per block, PNR mode */
    int pnr_mode;
} Run;

/* A decoded configuration and, per replica, its units in a dataflow order. */
typedef struct PBlock {
    fx_fabric f;
    int R;
    int cvu[32];
    int *ord[32], nord[32];
    uint32_t *val;             /* val[unit * 2 + out] */
} PBlock;

static uint64_t next_rand(Run *r)
{
    r->rng ^= r->rng << 13;
    r->rng ^= r->rng >> 7;
    r->rng ^= r->rng << 17;
    return r->rng;
}

static void thread_coords(Run *r, uint32_t t, uint32_t gid[3], uint32_t lid[3], uint32_t grp[3])
{
    uint32_t g = r->gi0 + t / r->group_threads, l = t % r->group_threads;
    const uint32_t *ls = r->L->local;
    lid[0] = l % ls[0];
    lid[1] = (l / ls[0]) % ls[1];
    lid[2] = l / (ls[0] * ls[1]);
    grp[0] = g % r->ng[0];
    grp[1] = (g / r->ng[0]) % r->ng[1];
    grp[2] = g / (r->ng[0] * r->ng[1]);
    for (int d = 0; d < 3; d++)
        gid[d] = grp[d] * ls[d] + lid[d];
}

static int where(Run *r, uint32_t b, uint32_t n, uint32_t t, char *buf, size_t len)
{
    uint32_t gid[3], lid[3], grp[3];
    thread_coords(r, t, gid, lid, grp);
    if (r->pnr_mode)
        return snprintf(buf, len, "kernel '%s' block %u fabric unit %u (placed configuration), work-item (%u,%u,%u)",
                        r->k->name, b, n, gid[0], gid[1], gid[2]) > 0;
    const vg_node *nd = &r->k->blocks[b].nodes[n];
    return snprintf(buf, len, "kernel '%s' block %u node %u (%s %s%s%u), work-item (%u,%u,%u)", r->k->name, b, n,
                    vg_unit_name(nd->unit), vg_op_name(nd->unit, nd->op), nd->line ? ", line " : "",
                    nd->line ? nd->line : 0u, gid[0], gid[1], gid[2]) > 0;
}

static uint8_t *mem_at(Run *r, uint32_t addr, uint32_t size)
{
    if (r->local_size && addr >= VI_LOCAL_BASE && addr - VI_LOCAL_BASE <= r->local_size - size
        && r->local_size >= size)
        return r->localmem + (addr - VI_LOCAL_BASE);
    vi_memory *m = r->L->mem;
    for (int i = 0; m && i < m->n; i++) {
        vi_region *g = &m->r[i];
        if (addr >= g->base && g->size >= size && addr - g->base <= g->size - size)
            return g->data + (addr - g->base);
    }
    return NULL;
}

/* A load, store or atomic of node n. An atomic's read-modify-write happens here, in one step:
 * nodes are evaluated one at a time, so it is indivisible against every other thread
 * (docs/compiler.md "Atomics"). `cmp` is the comparand of ACMPXCHG. */
static int memory(Run *r, uint32_t b, uint32_t ni, uint32_t t, const vg_node *n, uint32_t addr, uint32_t data,
                  uint32_t cmp, uint32_t *out)
{
    static const uint32_t sizes[] = { 1, 1, 2, 2, 4, 1, 2, 4 };
    uint32_t size = n->op < 8 ? sizes[n->op] : 4;
    const char *what = vg_ldst_is_atomic(n->op) ? "atomic" : vg_ldst_is_store(n->op) ? "store" : "load";
    if (addr % size) {
        char w[256];
        where(r, b, ni, t, w, sizeof w);
        return fail(r->err, r->errlen, "misaligned %u-byte access at 0x%08x by %s", size, addr, w);
    }
    /* __local: each work-group owns [its base, base + local_own) of the tile's __local
     * memory (OpenCL: __local is shared within one work-group only); an access into another
     * work-group's region is an error, not a silently shared byte */
    if (r->local_size && addr >= VI_LOCAL_BASE) {
        uint32_t slot = t / r->group_threads, own = VI_LOCAL_BASE + slot * r->local_stride;
        uint64_t lo = own, hi = (uint64_t)own + r->local_own;
        if (addr < lo || (uint64_t)addr + size > hi) {
            char w[256];
            where(r, b, ni, t, w, sizeof w);
            uint32_t other = (addr - VI_LOCAL_BASE) / (r->local_stride ? r->local_stride : 1);
            return fail(r->err, r->errlen,
                        "__local %s of %u bytes at 0x%08x outside the work-group's own __local region "
                        "[0x%08x, 0x%08llx)%s by %s", what, size, addr, own,
                        (unsigned long long)hi,
                        addr - VI_LOCAL_BASE < r->local_size && other != slot ? ": in another work-group's region" : "",
                        w);
        }
    }
    uint8_t *p = mem_at(r, addr, size);
    if (!p) {
        char w[256];
        where(r, b, ni, t, w, sizeof w);
        return fail(r->err, r->errlen, "out-of-bounds %s of %u bytes at 0x%08x by %s",
                    what, size, addr, w);
    }
    uint32_t v = 0;
    switch (n->op) {
    case VG_LD8S:  v = (uint32_t)(int32_t)(int8_t)p[0]; break;
    case VG_LD8U:  v = p[0]; break;
    case VG_LD16S: v = (uint32_t)(int32_t)(int16_t)(uint16_t)(p[0] | p[1] << 8); break;
    case VG_LD16U: v = (uint32_t)(p[0] | p[1] << 8); break;
    case VG_LD32:  v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; break;
    case VG_ST32:  p[3] = (uint8_t)(data >> 24); p[2] = (uint8_t)(data >> 16); /* fall through */
    case VG_ST16:  p[1] = (uint8_t)(data >> 8); /* fall through */
    case VG_ST8:   p[0] = (uint8_t)data; break;
    default:
        if (vg_ldst_is_atomic(n->op)) {
            v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            uint32_t nv = vgiw_atomic(n->op, v, data, cmp);
            p[0] = (uint8_t)nv;
            p[1] = (uint8_t)(nv >> 8);
            p[2] = (uint8_t)(nv >> 16);
            p[3] = (uint8_t)(nv >> 24);
        }
        break;
    }
    *out = v;
    return 0;
}

static uint32_t source(Run *r, uint32_t t, uint32_t src)
{
    uint32_t gid[3], lid[3], grp[3];
    const vi_launch *L = r->L;
    if (src >= VG_SRC_ARG)
        return L->args[src - VG_SRC_ARG];
    if (src == VG_SRC_LOCAL_BASE)
        return VI_LOCAL_BASE + (t / r->group_threads) * r->local_stride;
    switch (src) {
    case VG_SRC_LINEAR_ID:     return r->gi0 * r->group_threads + t;
    case VG_SRC_GROUP_THREADS: return r->group_threads;
    case VG_SRC_LS01:          return L->local[0] * L->local[1];
    case VG_SRC_NG01:          return r->ng[0] * r->ng[1];
    case VG_SRC_LOCAL_BASE0:   return VI_LOCAL_BASE;
    case VG_SRC_LOCAL_STRIDE:  return r->local_stride;
    case VG_SRC_TILE_GROUPS:   return r->tile_groups;
    default:                   break;
    }
    thread_coords(r, t, gid, lid, grp);
    uint32_t d = src % 3;
    switch (src - d) {
    case VG_SRC_GLOBAL_ID:   return gid[d];
    case VG_SRC_LOCAL_ID:    return lid[d];
    case VG_SRC_GROUP_ID:    return grp[d];
    case VG_SRC_GLOBAL_SIZE: return L->global[d];
    case VG_SRC_LOCAL_SIZE:  return L->local[d];
    case VG_SRC_NUM_GROUPS:  return r->ng[d];
    default:                 return 0;
    }
}

/* Evaluates node ni of block b for tile thread t; sets *branch for END. */
static int eval(Run *r, uint32_t b, uint32_t ni, uint32_t t, int *branch)
{
    const vg_block *B = &r->k->blocks[b];
    const vg_node *n = &B->nodes[ni];
    uint32_t x[VG_MAX_IN] = { 0 };
    for (int i = 0; i < n->nin; i++) {
        if (n->in[i].kind == VG_O_IMM)
            x[i] = n->in[i].v;
        else if (n->in[i].kind == VG_O_NODE)
            x[i] = r->vals[n->in[i].v];
    }
    uint32_t v = 0;
    switch (n->unit) {
    case VG_U_ALU:  v = vgiw_alu(n->op, x[0], x[1], x[2]); break;
    case VG_U_FMA:  v = vgiw_fma(n->op, x[0], x[1], x[2]); break;
    case VG_U_FCMP: v = vgiw_fcmp(n->op, x[0], x[1]); break;
    case VG_U_FCVT: v = vgiw_fcvt(n->op, x[0]); break;
    case VG_U_SCU:  v = vgiw_scu(n->op, x[0], x[1]); break;
    case VG_U_LDST:
        if (memory(r, b, ni, t, n, x[0], x[1], x[2], &v))
            return -1;
        break;
    case VG_U_LVU:
        if (n->op == VG_LVLD)
            v = r->lv[(size_t)n->param * r->tthreads + t];
        else
            r->lv[(size_t)n->param * r->tthreads + t] = x[0];
        break;
    case VG_U_CVU:
        if (n->op == VG_CVU_IN)
            v = source(r, t, n->param);
        else
            *branch = B->nsucc == 2 ? (x[0] != 0 ? 0 : 1) : (B->nsucc == 1 ? 0 : -1);
        break;
    case VG_U_SJU:
        v = x[0];
        break;
    default:
        break;
    }
    r->vals[ni] = v;
    return 0;
}

static int run_thread_block(Run *r, uint32_t b, uint32_t t, int *branch)
{
    const vg_block *B = &r->k->blocks[b];
    uint32_t nn = B->nnodes;
    r->L->nodes += nn;
    *branch = -1;
    if (!r->L->random_order) {
        for (uint32_t i = 0; i < nn; i++)
            if (eval(r, b, i, t, branch))
                return -1;
        return 0;
    }
    Deps *d = &r->deps[b];
    int nready = 0;
    for (uint32_t i = 0; i < nn; i++) {
        r->work[i] = d->indeg[i];
        if (!d->indeg[i])
            r->ready[nready++] = (int)i;
    }
    for (uint32_t done = 0; done < nn; done++) {
        if (!nready)
            return fail(r->err, r->errlen, "kernel '%s' block %u: graph is cyclic", r->k->name, b);
        int pick = (int)(next_rand(r) % (uint64_t)nready);
        int ni = r->ready[pick];
        r->ready[pick] = r->ready[--nready];
        if (eval(r, b, (uint32_t)ni, t, branch))
            return -1;
        for (int c = d->cstart[ni]; c < d->cstart[ni + 1]; c++)
            if (--r->work[d->clist[c]] == 0)
                r->ready[nready++] = d->clist[c];
    }
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void build_deps(const vg_block *B, Deps *d)
{
    uint32_t n = B->nnodes;
    d->indeg = calloc(n + 1, sizeof *d->indeg);
    d->cstart = calloc(n + 2, sizeof *d->cstart);
    int *fill = calloc(n + 1, sizeof *fill);
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < B->nodes[i].nin; k++)
            if (B->nodes[i].in[k].kind == VG_O_NODE || B->nodes[i].in[k].kind == VG_O_CTRL) {
                d->indeg[i]++;
                d->cstart[B->nodes[i].in[k].v + 1]++;
            }
    for (uint32_t i = 0; i < n; i++)
        d->cstart[i + 1] += d->cstart[i];
    d->clist = calloc((size_t)d->cstart[n] + 1, sizeof *d->clist);
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < B->nodes[i].nin; k++)
            if (B->nodes[i].in[k].kind == VG_O_NODE || B->nodes[i].in[k].kind == VG_O_CTRL) {
                uint32_t p = B->nodes[i].in[k].v;
                d->clist[d->cstart[p] + fill[p]++] = (int)i;
            }
    free(fill);
}

/* ---- executing placed-and-routed configurations ---- */

static int pnr_prepare(Run *r, uint32_t b, PBlock *pb)
{
    const vg_block *B = &r->k->blocks[b];
    const vi_launch *L = r->L;
    const vgiw_preset_t *p = L->pnr_preset;
    if (!B->pnr.nwords)
        return fail(r->err, r->errlen, "kernel '%s' block %u: no placed-and-routed configuration", r->k->name, b);
    uint32_t *w = malloc(B->pnr.nwords * sizeof *w);
    if (!w)
        return fail(r->err, r->errlen, "out of memory");
    const vl_launch_t rl = { L->global, L->local, L->args, vg_launch_nargs(r->k), VI_LOCAL_BASE, r->local_stride, r->tile_groups };
    /* the words as the runtime lays them in memory and as the BBS shifts them into the fabric,
     * launch values substituted (docs/core.md "Launch values"): the same contract as the core */
    vl_lv_plan_t lvp;
    uint32_t bad_b, bad;
    for (uint32_t c = 0; c < r->k->nblocks; c++)
        if (!r->k->blocks[c].pnr.nwords) {
            free(w);
            return fail(r->err, r->errlen, "kernel '%s' block %u: no placed-and-routed configuration", r->k->name, c);
        }
    if (vl_lv_plan(r->k, &rl, 0, &lvp, &bad_b, &bad)) {
        free(w);
        return fail(r->err, r->errlen, "kernel '%s' block %u: bad relocation %u", r->k->name, bad_b, bad);
    }
    vl_cfg_mem_words(&B->pnr, &rl, &lvp, w);
    vl_lv_substitute(&lvp, w, B->pnr.nwords);
    char e[256];
    int rc = fx_decode(p, w, B->pnr.nwords, &pb->f, e, sizeof e);
    free(w);
    if (rc)
        return fail(r->err, r->errlen, "kernel '%s' block %u: configuration does not decode: %s", r->k->name, b, e);
    unsigned U = pb->f.U;
    pb->val = calloc((size_t)U * 2, sizeof *pb->val);
    int *comp = calloc(U, sizeof *comp), *indeg = calloc(U, sizeof *indeg), *ready = calloc(U, sizeof *ready);
    if (!pb->val || !comp || !indeg || !ready) {
        free(comp); free(indeg); free(ready);
        return fail(r->err, r->errlen, "out of memory");
    }
    pb->R = 0;
    for (unsigned u = 0; u < U; u++)
        if (pb->f.u[u].placed && p->unit_type[u] == UNIT_CVU && (B->pnr.cvu_mask >> p->unit_index[u] & 1)) {
            if (pb->R == 32)
                break;
            pb->cvu[pb->R++] = (int)u;
        }
    if (pb->R != (int)B->pnr.replicas) {
        free(comp); free(indeg); free(ready);
        return fail(r->err, r->errlen, "kernel '%s' block %u: %d configured CVUs for %u replicas", r->k->name, b, pb->R,
                    B->pnr.replicas);
    }
    /* each replica: the units reachable from its CVU, in a dataflow (Kahn) order */
    for (unsigned u = 0; u < U; u++)
        comp[u] = -1;
    for (int rep = 0; rep < pb->R; rep++) {
        int c = pb->cvu[rep];
        comp[c] = rep;
        for (int changed = 1; changed;) {
            changed = 0;
            for (unsigned u = 0; u < U; u++)
                for (unsigned k = 0; k < 4 && comp[u] < 0; k++)
                    if (pb->f.u[u].src[k] >= 0 && comp[pb->f.u[u].src[k]] == rep) {
                        comp[u] = rep;
                        changed = 1;
                    }
        }
        int n = 0, nr = 0;
        pb->ord[rep] = calloc(U, sizeof **pb->ord);
        if (!pb->ord[rep]) {
            free(comp); free(indeg); free(ready);
            return fail(r->err, r->errlen, "out of memory");
        }
        for (unsigned u = 0; u < U; u++) {
            indeg[u] = 0;
            if (comp[u] != rep || (int)u == c)
                continue;
            for (unsigned k = 0; k < 4; k++) {
                int s = pb->f.u[u].src[k];
                if (s < 0)
                    continue;
                if (comp[s] != rep) {
                    free(comp); free(indeg); free(ready);
                    return fail(r->err, r->errlen, "kernel '%s' block %u: unit %u of replica %d takes input %u from unit %d of another replica",
                                r->k->name, b, u, rep, k, s);
                }
                if (s != c)
                    indeg[u]++;
            }
            if (!indeg[u])
                ready[nr++] = (int)u;
        }
        while (nr) {
            int pick = r->L->random_order ? (int)(next_rand(r) % (uint64_t)nr) : 0;
            int u = ready[pick];
            memmove(&ready[pick], &ready[pick + 1], (size_t)(nr - pick - 1) * sizeof *ready);
            nr--;
            pb->ord[rep][n++] = u;
            for (unsigned v = 0; v < U; v++) {
                if (comp[v] != rep || (int)v == c)
                    continue;
                for (unsigned k = 0; k < 4; k++)
                    if (pb->f.u[v].src[k] == u && --indeg[v] == 0)
                        ready[nr++] = (int)v;
            }
        }
        for (unsigned u = 0; u < U; u++)
            if (comp[u] == rep && (int)u != c && indeg[u]) {
                free(comp); free(indeg); free(ready);
                return fail(r->err, r->errlen, "kernel '%s' block %u: replica %d: unit %u is on a cycle", r->k->name, b, rep, u);
            }
        if (pb->f.u[c].src[0] < 0) {
            free(comp); free(indeg); free(ready);
            return fail(r->err, r->errlen, "kernel '%s' block %u: CVU %d receives no outcome", r->k->name, b, c);
        }
        pb->nord[rep] = n;
    }
    free(comp); free(indeg); free(ready);
    return 0;
}

static uint32_t pin(const PBlock *pb, unsigned u, unsigned k)
{
    const fx_unit *x = &pb->f.u[u];
    if (k < 3 && (x->cfg.in_const >> k & 1))
        return fx_const_value(&x->cfg, k);
    if (x->src[k] < 0)
        return 0;
    return pb->val[x->src[k] * 2 + x->src_out[k]];
}

static int run_thread_pnr(Run *r, uint32_t b, uint32_t t, int *branch)
{
    PBlock *pb = &r->pb[b];
    const vg_block *B = &r->k->blocks[b];
    int rep = (int)((t / 64) % (uint32_t)pb->R);
    int c = pb->cvu[rep];
    /* the CVU injects the values its imm selects (VGIW §2; docs/fabric-units/cvu.md) */
    uint32_t sel = pb->f.u[c].cfg.imm;
    pb->val[c * 2] = source(r, t, vg_cvu_src(sel & 15u));
    pb->val[c * 2 + 1] = source(r, t, vg_cvu_src(sel >> 4 & 15u));
    r->L->nodes += (uint64_t)pb->nord[rep];
    for (int i = 0; i < pb->nord[rep]; i++) {
        unsigned u = (unsigned)pb->ord[rep][i];
        const unit_cfg_t *cf = &pb->f.u[u].cfg;
        uint32_t a = pin(pb, u, 0), bb = pin(pb, u, 1), cc = pin(pb, u, 2), v = 0;
        switch (pb->f.p->unit_type[u]) {
        case UNIT_CU: {
            unsigned cls = cf->op >> 5, sub = cf->op & 31;
            if (cls == CU_ALU) v = vgiw_alu(sub, a, bb, cc);
            else if (cls == CU_FMA) v = vgiw_fma(sub, a, bb, cc);
            else if (cls == CU_FCMP) v = vgiw_fcmp(sub, a, bb);
            else v = vgiw_fcvt(sub, a);
            break;
        }
        case UNIT_SCU:
            v = vgiw_scu(cf->op & 7, a, bb);
            break;
        case UNIT_LDST: {
            vg_node nd;
            memset(&nd, 0, sizeof nd);
            nd.unit = VG_U_LDST;
            nd.op = (uint8_t)(cf->op & 31);
            if (nd.op >= VG_LDST_COUNT)
                return fail(r->err, r->errlen, "kernel '%s' block %u unit %u: LDST op %u out of range", r->k->name, b, u, nd.op);
            if (memory(r, b, u, t, &nd, a + cf->imm, bb, cc, &v))
                return -1;
            break;
        }
        case UNIT_LVU: {
            uint32_t id = cf->imm & 0xFFFF;
            if (id >= r->k->lv_count)
                return fail(r->err, r->errlen, "kernel '%s' block %u unit %u: live value %u out of range", r->k->name, b, u, id);
            if ((cf->op & 1) == LVU_LOAD)
                v = r->lv[(size_t)id * r->tthreads + t];
            else
                r->lv[(size_t)id * r->tthreads + t] = a;
            break;
        }
        case UNIT_SJU:
            v = pb->f.u[u].src[0] >= 0 ? a : 0;
            break;
        default:
            break;
        }
        pb->val[u * 2] = v;
        pb->val[u * 2 + 1] = 0;
    }
    uint32_t outcome = pin(pb, (unsigned)c, 0);
    *branch = B->nsucc == 2 ? ((outcome & 1) ? 0 : 1) : (B->nsucc == 1 ? 0 : -1);
    return 0;
}

int vi_run(const vg_kernel *k, vi_launch *L, char *err, size_t errlen)
{
    Run r = { 0 };
    r.k = k;
    r.L = L;
    r.err = err;
    r.errlen = errlen;
    r.rng = L->seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    if (!r.rng)
        r.rng = 1;
    uint64_t total_groups = 1, gthreads = 1;
    for (int d = 0; d < 3; d++) {
        if (L->global[d] == 0 || L->local[d] == 0)
            return fail(err, errlen, "NDRange: sizes must be at least 1 (dimension %d)", d);
        if (L->global[d] % L->local[d])
            return fail(err, errlen, "NDRange: global size %u not a multiple of local size %u (dimension %d)",
                        L->global[d], L->local[d], d);
        r.ng[d] = L->global[d] / L->local[d];
        total_groups *= r.ng[d];
        gthreads *= L->local[d];
    }
    /* no cap given: a tile's IDs, of the placed preset or, for the graphs, the paper's 16-bit
     * IDs (VGIW §3.3); the results do not depend on the tiles (docs/core.md "Tiles") */
    uint64_t tmax = L->tile_threads ? L->tile_threads : vl_tile_cap(L->pnr_preset ? L->pnr_preset->datapath_tid_bits : 16);
    if (gthreads > tmax)
        return fail(err, errlen, "NDRange: work-group of %llu work-items exceeds a tile (%llu threads)",
                    (unsigned long long)gthreads, (unsigned long long)tmax);
    if (total_groups * gthreads > 0xFFFFFFFFull)
        return fail(err, errlen, "NDRange: too many work-items");
    r.group_threads = (uint32_t)gthreads;
    r.tile_groups = (uint32_t)(tmax / gthreads);
    if (r.tile_groups > total_groups)
        r.tile_groups = (uint32_t)total_groups;
    r.local_stride = (k->local_bytes + 15u) & ~15u;
    for (uint32_t a = 0; a < k->nargs; a++)
        if (k->args[a].kind == VG_ARG_LOCAL && !L->local_stride)
            return fail(err, errlen, "kernel '%s' argument %u '%s' is a __local pointer: the launch must give the "
                        "__local layout (vi_launch.local_stride, vg_local_layout)", k->name, a, k->args[a].name);
    if (L->local_stride) {
        if (L->local_stride < r.local_stride || (L->local_stride & 15u))
            return fail(err, errlen, "__local stride %u: below the kernel's %u bytes or not a multiple of 16",
                        L->local_stride, k->local_bytes);
        r.local_stride = L->local_stride;
    }
    /* the kernel's own __local variables; with __local pointer arguments (laid out after them
     * by vg_local_layout, which gives no sizes to the interpreter) the whole stride, so up to
     * 15 bytes of padding after the last argument are not caught */
    r.local_own = k->local_bytes;
    for (uint32_t a = 0; a < k->nargs; a++)
        if (k->args[a].kind == VG_ARG_LOCAL)
            r.local_own = r.local_stride;
    uint64_t local_size = (uint64_t)r.local_stride * r.tile_groups;
    if (local_size > 0x3FFFFFFFull)
        return fail(err, errlen, "__local memory of a tile too large");
    r.local_size = (uint32_t)local_size;
    r.localmem = calloc(r.local_size + 1, 1);
    r.tthreads = r.tile_groups * r.group_threads;
    r.lv = calloc((size_t)k->lv_count * r.tthreads + 1, sizeof *r.lv);
    uint32_t maxn = 1;
    for (uint32_t b = 0; b < k->nblocks; b++)
        if (k->blocks[b].nnodes > maxn)
            maxn = k->blocks[b].nnodes;
    r.vals = calloc(maxn, sizeof *r.vals);
    r.work = calloc(maxn, sizeof *r.work);
    r.ready = calloc(maxn, sizeof *r.ready);
    r.deps = calloc(k->nblocks, sizeof *r.deps);
    uint32_t **wait = calloc(k->nblocks, sizeof *wait), *nwait = calloc(k->nblocks, sizeof *nwait);
    uint32_t *cur = calloc(r.tthreads + 1, sizeof *cur);
    int rc = 0;
    if (!r.localmem || !r.lv || !r.vals || !r.work || !r.ready || !r.deps || !wait || !nwait || !cur) {
        rc = fail(err, errlen, "out of memory");
        goto out;
    }
    for (uint32_t b = 0; b < k->nblocks; b++) {
        wait[b] = calloc(r.tthreads + 1, sizeof **wait);
        if (!wait[b]) {
            rc = fail(err, errlen, "out of memory");
            goto out;
        }
        if (L->random_order)
            build_deps(&k->blocks[b], &r.deps[b]);
    }
    if (L->pnr_preset) {
        r.pnr_mode = 1;
        r.pb = calloc(k->nblocks, sizeof *r.pb);
        if (!r.pb) {
            rc = fail(err, errlen, "out of memory");
            goto out;
        }
        for (uint32_t b = 0; b < k->nblocks; b++)
            if (pnr_prepare(&r, b, &r.pb[b])) {
                rc = -1;
                goto out;
            }
    }
    uint64_t limit = L->max_steps ? L->max_steps : (1ull << 32);
    for (uint64_t g0 = 0; g0 < total_groups; g0 += r.tile_groups) {
        r.gi0 = (uint32_t)g0;
        uint32_t groups = (uint32_t)(total_groups - g0 < r.tile_groups ? total_groups - g0 : r.tile_groups);
        uint32_t nthreads = groups * r.group_threads;
        memset(r.localmem, 0, r.local_size);
        memset(r.lv, 0, (size_t)k->lv_count * r.tthreads * sizeof *r.lv);
        for (uint32_t t = 0; t < nthreads; t++)
            wait[0][t] = t;
        nwait[0] = nthreads;
        for (;;) {
            uint32_t b = 0;
            while (b < k->nblocks && nwait[b] == 0)
                b++;
            if (b == k->nblocks)
                break;
            /* All threads waiting for block b run it now; arrivals wait for the next round. */
            uint32_t n = nwait[b];
            memcpy(cur, wait[b], n * sizeof *cur);
            nwait[b] = 0;
            /* The CVT is a bit vector: threads are issued in increasing thread ID order. */
            qsort(cur, n, sizeof *cur, cmp_u32);
            L->sched_rounds++;
            for (uint32_t i = 0; i < n; i++) {
                int br;
                if (r.pnr_mode ? run_thread_pnr(&r, b, cur[i], &br) : run_thread_block(&r, b, cur[i], &br)) {
                    rc = -1;
                    goto out;
                }
                L->thread_blocks++;
                if (br >= 0) {
                    uint32_t s = k->blocks[b].succ[br];
                    wait[s][nwait[s]++] = cur[i];
                }
            }
            if (L->nodes > limit) {
                rc = fail(err, errlen, "kernel '%s': step limit of %llu node evaluations exceeded (endless loop?)",
                          k->name, (unsigned long long)limit);
                goto out;
            }
        }
    }
out:
    if (r.pb)
        for (uint32_t b = 0; b < k->nblocks; b++) {
            fx_free(&r.pb[b].f);
            free(r.pb[b].val);
            for (int i = 0; i < 32; i++)
                free(r.pb[b].ord[i]);
        }
    free(r.pb);
    if (wait)
        for (uint32_t b = 0; b < k->nblocks; b++)
            free(wait[b]);
    if (r.deps)
        for (uint32_t b = 0; b < k->nblocks; b++) {
            free(r.deps[b].indeg);
            free(r.deps[b].cstart);
            free(r.deps[b].clist);
        }
    free(wait); free(nwait); free(cur); free(r.deps); free(r.vals); free(r.work); free(r.ready);
    free(r.lv); free(r.localmem);
    return rc;
}
