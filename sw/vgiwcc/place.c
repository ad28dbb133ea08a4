/* Back end, steps 2-4: replication, placement, routing, emission (docs/compiler.md
 * "Place and route").
 *
 * For each block: map the DFG to units (map.c), balance paths (map_balance), then try
 * R = as many replicas as the unit counts allow (VGIW §3.1, Fig. 1d: a small graph is
 * copied onto the free units, each copy headed by its own CVU), down to 1:
 *   - placement: simulated annealing over the units of the right type (swaps of two
 *     units of one type, including free ones); cost = sum over edges of the switch hops
 *     between the two units (shortest path over the folded-hypercube switch graph built
 *     from the preset's generated tables SLOT_SRC/LINK_DST), plus a timing term: for each
 *     unit with several routed inputs, the spread of their hop counts (reconvergent paths
 *     should arrive together, SGMF §4.4);
 *   - routing: PathFinder over the switch links (route.c), committed through
 *     fcfg_connect_via; if it does not converge, every edge through fabric_cfg's greedy
 *     router (fewest switch hops, fan-out trees share links), longest edges first. When
 *     an edge finds no free path there, the edges that failed get a history cost that
 *     grows each round (applied to the placement cost) and placement and routing are
 *     redone, up to PNR_ROUNDS rounds;
 *   - emission: fcfg_emit's chain-major words transposed into the shift order of
 *     docs/core.md; each relocated constant recorded as (word index, launch value).
 * Everything is driven by one xorshift generator seeded from --seed, the block index and
 * the replica count, so a seed gives the same image every time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_cfg.h"
#include "vgiw_layout.h"
#include "vgiwcc.h"

#define PNR_ROUNDS 6
#define LOOP_PLACEMENTS 32
#define CRIT_WEIGHT 2.0

/* how often PathFinder routed a placement, how often the greedy fallback was needed */
unsigned g_pathfinder_ok, g_pathfinder_fallback;
#define MAX_REPLICAS 32

typedef struct {
    const vgiw_preset_t *p;
    unsigned U, S;
    int *dist;            /* dist[u * U + v]: switch hops from unit u to unit v (0: neighbours) */
} Fabric;

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Hop distances from the interconnect tables: a slot index below U*unit_slots belongs to
 * a unit, the rest to switches; a link index below U*unit_links leaves a unit. */
static void fabric_init(Fabric *F, const vgiw_preset_t *p)
{
    F->p = p;
    F->U = p->fabric_units;
    F->S = p->fabric_switches;
    unsigned U = F->U, S = F->S, UL = p->fabric_unit_links, US = p->fabric_unit_slots;
    unsigned SWL = p->fabric_switch_links, SWS = p->fabric_switch_slots;
    F->dist = xcalloc((size_t)U * U, sizeof *F->dist);
    char *sw_sw = xcalloc((size_t)S * S, 1), *u_sw = xcalloc((size_t)U * S, 1), *sw_u = xcalloc((size_t)S * U, 1);
    char *u_u = xcalloc((size_t)U * U, 1);
    for (unsigned l = 0; l < p->fabric_links; l++) {
        unsigned slot = p->link_dst[l];
        if (slot == p->slot_none)
            continue;
        int from_unit = l < U * UL;
        unsigned from = from_unit ? l / UL : (l - U * UL) / SWL;
        int to_unit = slot < U * US;
        unsigned to = to_unit ? slot / US : (slot - U * US) / SWS;
        if (from_unit && to_unit) u_u[from * U + to] = 1;
        else if (from_unit) u_sw[from * S + to] = 1;
        else if (to_unit) sw_u[from * U + to] = 1;
        else sw_sw[from * S + to] = 1;
    }
    int *d = xcalloc(S, sizeof *d), *q = xcalloc(S, sizeof *q);
    for (unsigned u = 0; u < U; u++) {
        for (unsigned s = 0; s < S; s++)
            d[s] = -1;
        int qh = 0, qt = 0;
        for (unsigned s = 0; s < S; s++)
            if (u_sw[u * S + s]) {
                d[s] = 1;
                q[qt++] = (int)s;
            }
        while (qh < qt) {
            int s = q[qh++];
            for (unsigned t = 0; t < S; t++)
                if (sw_sw[(unsigned)s * S + t] && d[t] < 0) {
                    d[t] = d[s] + 1;
                    q[qt++] = (int)t;
                }
        }
        for (unsigned v = 0; v < U; v++) {
            int best = 1 << 20;
            if (u_u[u * U + v])
                best = 0;
            else
                for (unsigned s = 0; s < S; s++)
                    if (sw_u[s * U + v] && d[s] >= 0 && d[s] < best)
                        best = d[s];
            F->dist[u * U + v] = u == v ? 0 : best;
        }
    }
    free(d); free(q); free(sw_sw); free(u_sw); free(sw_u); free(u_u);
}

/* One placement problem: R copies of g. Node i of copy r is pnode r * g->nn + i. */
typedef struct {
    const Fabric *F;
    const MGraph *g;
    int R, N;             /* N = R * g->nn */
    int *where;           /* pnode -> unit */
    int *occ;             /* unit -> pnode or -1 */
    int *es, *ed;         /* edges: source pnode, destination pnode */
    double *ew;           /* edge weight (history of routing failures) */
    double *cw;           /* edge weight for timing: 1 + its criticality (edge_criticality) */
    int ne;
    int **in_e; int *nin_e;   /* per pnode: its input edges (timing term) */
    int **all_e; int *nall_e; /* per pnode: every edge touching it */
} Place;

static double edge_cost(const Place *P, int e)
{
    return P->ew[e] * P->cw[e] * P->F->dist[P->where[P->es[e]] * (int)P->F->U + P->where[P->ed[e]]];
}

static double timing_cost(const Place *P, int v)
{
    if (P->nin_e[v] < 2)
        return 0;
    int lo = 1 << 20, hi = 0;
    for (int j = 0; j < P->nin_e[v]; j++) {
        int e = P->in_e[v][j];
        int h = P->F->dist[P->where[P->es[e]] * (int)P->F->U + P->where[v]];
        lo = h < lo ? h : lo;
        hi = h > hi ? h : hi;
    }
    return 0.5 * (hi - lo);
}

static double node_cost(const Place *P, int v)
{
    double c = 0;
    for (int j = 0; j < P->nall_e[v]; j++)
        c += edge_cost(P, P->all_e[v][j]);
    c += timing_cost(P, v);
    for (int j = 0; j < P->nall_e[v]; j++) {
        int e = P->all_e[v][j];
        if (P->ed[e] != v)
            c += timing_cost(P, P->ed[e]);
    }
    return c;
}

static double total_cost(const Place *P)
{
    double c = 0;
    for (int e = 0; e < P->ne; e++)
        c += edge_cost(P, e);
    for (int v = 0; v < P->N; v++)
        c += timing_cost(P, v);
    return c;
}

/* Cycles from a unit's firing to its consumer's, without switch hops (docs/apps.md "One
 * thread around a loop", measured on the waveform): a compute unit's pipeline stages
 * (arch [fu]), an LDST access or LVU live value as an L1/LVC hit (issue register, hit,
 * output register), an SJU's FIFO. The SCU pool's time depends on the operation and the
 * pool; it is taken as long. */
static int unit_latency(const vgiw_preset_t *p, const MNode *n)
{
    switch (n->type) {
    case UNIT_CU:
        switch (n->op >> 5) {
        case CU_FMA: return (int)p->fu_fma_stages;
        case CU_FCMP: return (int)p->fu_cmp_stages;
        case CU_FCVT: return (int)p->fu_cvt_stages;
        default: return (int)p->fu_alu_stages;
        }
    case UNIT_SCU: return 12;
    case UNIT_LDST: return 4;
    case UNIT_LVU: return 5;
    default: return 1;   /* SJU, CVU */
    }
}

/* Criticality of every edge of one copy of g, in [0, 1] (1 - slack / longest path), over
 * unit latencies alone: the path from the CVU's injection back to its END is a thread's
 * time in the block, which is all that a block with few threads (a loop run by one
 * work-item, particlefilter's CDF) costs per trip. Node 0 (the CVU) is the source of its
 * output edges and the sink of its input edges. crit[k] is for the k-th MI_EDGE input, in
 * node order then port order (place_init's edge order). */
static void edge_criticality(const vgiw_preset_t *p, const MGraph *g, double *crit)
{
    int nn = g->nn;
    int *a = xcalloc((size_t)nn + 1, sizeof *a), *r = xcalloc((size_t)nn + 1, sizeof *r);
    int T = 0;
    for (int pass = 0; pass < nn; pass++) {   /* longest paths by relaxation: the graph is small */
        int changed = 0;
        for (int i = 1; i < nn; i++)
            for (int k = 0; k < 4; k++)
                if (g->n[i].in[k].kind == MI_EDGE) {
                    int s = g->n[i].in[k].src, t = a[s] + unit_latency(p, &g->n[s]);
                    if (t > a[i]) {
                        a[i] = t;
                        changed = 1;
                    }
                }
        if (!changed)
            break;
    }
    for (int k = 0; k < 4; k++)
        if (g->n[0].in[k].kind == MI_EDGE) {
            int s = g->n[0].in[k].src, t = a[s] + unit_latency(p, &g->n[s]);
            T = t > T ? t : T;
        }
    for (int i = 0; i < nn; i++)
        r[i] = T;
    for (int pass = 0; pass < nn; pass++) {
        int changed = 0;
        for (int i = 1; i < nn; i++)
            for (int k = 0; k < 4; k++)
                if (g->n[i].in[k].kind == MI_EDGE) {
                    int s = g->n[i].in[k].src, t = r[i] - unit_latency(p, &g->n[s]);
                    if (s != 0 && t < r[s]) {
                        r[s] = t;
                        changed = 1;
                    }
                }
        if (!changed)
            break;
    }
    int e = 0;
    for (int i = 0; i < nn; i++)
        for (int k = 0; k < 4; k++)
            if (g->n[i].in[k].kind == MI_EDGE) {
                int s = g->n[i].in[k].src;
                int req = i == 0 ? T : r[i];
                int slack = req - (a[s] + unit_latency(p, &g->n[s]));
                crit[e++] = T > 0 && slack < T ? 1.0 - (double)(slack < 0 ? 0 : slack) / T : 0.0;
            }
    free(a);
    free(r);
}

static void place_init(Place *P, const Fabric *F, const MGraph *g, int R)
{
    memset(P, 0, sizeof *P);
    P->F = F;
    P->g = g;
    P->R = R;
    P->N = R * g->nn;
    P->where = xcalloc((size_t)P->N, sizeof *P->where);
    P->occ = xcalloc(F->U, sizeof *P->occ);
    int cap = P->N * 4 + 1;
    P->es = xcalloc((size_t)cap, sizeof *P->es);
    P->ed = xcalloc((size_t)cap, sizeof *P->ed);
    P->ew = xcalloc((size_t)cap, sizeof *P->ew);
    P->cw = xcalloc((size_t)cap, sizeof *P->cw);
    double *crit = xcalloc((size_t)g->nn * 4 + 1, sizeof *crit);
    edge_criticality(F->p, g, crit);
    for (int r = 0; r < R; r++)
        for (int i = 0, k1 = 0; i < g->nn; i++)
            for (int k = 0; k < 4; k++)
                if (g->n[i].in[k].kind == MI_EDGE) {
                    P->es[P->ne] = r * g->nn + g->n[i].in[k].src;
                    P->ed[P->ne] = r * g->nn + i;
                    P->ew[P->ne] = 1.0;
                    /* a hop on the critical path costs up to CRIT_WEIGHT + 1 times one elsewhere */
                    double c = crit[k1++];
                    P->cw[P->ne] = 1.0 + CRIT_WEIGHT * c * c * c * c;
                    P->ne++;
                }
    free(crit);
    P->nin_e = xcalloc((size_t)P->N, sizeof *P->nin_e);
    P->nall_e = xcalloc((size_t)P->N, sizeof *P->nall_e);
    P->in_e = xcalloc((size_t)P->N, sizeof *P->in_e);
    P->all_e = xcalloc((size_t)P->N, sizeof *P->all_e);
    for (int v = 0; v < P->N; v++) {
        P->in_e[v] = xcalloc(5, sizeof **P->in_e);
        P->all_e[v] = xcalloc((size_t)P->ne + 1, sizeof **P->all_e);
    }
    for (int e = 0; e < P->ne; e++) {
        int s = P->es[e], d = P->ed[e];
        P->in_e[d][P->nin_e[d]++] = e;
        P->all_e[d][P->nall_e[d]++] = e;
        if (s != d)
            P->all_e[s][P->nall_e[s]++] = e;
    }
}

static void place_free(Place *P)
{
    for (int v = 0; v < P->N; v++) {
        free(P->in_e[v]);
        free(P->all_e[v]);
    }
    free(P->in_e); free(P->all_e); free(P->nin_e); free(P->nall_e);
    free(P->where); free(P->occ); free(P->es); free(P->ed); free(P->ew); free(P->cw);
}

static unsigned ptype(const Place *P, int v) { return P->g->n[v % P->g->nn].type; }

/* Simulated annealing. Returns the final cost. */
static double anneal(Place *P, uint64_t *rng)
{
    const vgiw_preset_t *p = P->F->p;
    unsigned U = P->F->U;
    for (unsigned u = 0; u < U; u++)
        P->occ[u] = -1;
    /* initial: in node order, the first free unit of the type (deterministic) */
    for (int v = 0; v < P->N; v++) {
        unsigned t = ptype(P, v);
        int got = -1;
        unsigned start = (unsigned)(rng_next(rng) % U);
        for (unsigned j = 0; j < U && got < 0; j++) {
            unsigned u = (start + j) % U;
            if (p->unit_type[u] == t && P->occ[u] < 0)
                got = (int)u;
        }
        if (got < 0)
            fatal("internal error: no free unit of type %u", t);
        P->where[v] = got;
        P->occ[got] = v;
    }
    double cost = total_cost(P);
    if (P->N < 2)
        return cost;
    int moves = 400 * P->N;
    if (moves > 120000)
        moves = 120000;
    double T = 4.0;
    double alpha = 1.0;
    for (int it = 0; it < moves; it++) {
        if (it % (moves / 50 + 1) == 0 && it)
            T *= 0.85;
        int v = (int)(rng_next(rng) % (uint64_t)P->N);
        unsigned t = ptype(P, v);
        unsigned u2 = (unsigned)(rng_next(rng) % U);
        if (p->unit_type[u2] != t || (int)u2 == P->where[v])
            continue;
        int w = P->occ[u2];
        int u1 = P->where[v];
        double before = node_cost(P, v) + (w >= 0 ? node_cost(P, w) : 0);
        P->where[v] = (int)u2;
        P->occ[u2] = v;
        P->occ[u1] = w;
        if (w >= 0)
            P->where[w] = u1;
        double after = node_cost(P, v) + (w >= 0 ? node_cost(P, w) : 0);
        double delta = (after - before) * alpha;
        int accept = delta <= 0;
        if (!accept && T > 1e-3) {
            double x = (double)(rng_next(rng) % 1000000) / 1e6;
            /* exp(-delta/T) without libm: (1 - delta/(n T))^n, n = 8 */
            double y = 1.0 - delta / (8.0 * T);
            if (y > 0) {
                double e = y * y;
                e = e * e;
                e = e * e;
                accept = x < e;
            }
        }
        if (!accept) {
            P->where[v] = u1;
            P->occ[u1] = v;
            P->occ[u2] = w;
            if (w >= 0)
                P->where[w] = (int)u2;
        } else {
            cost += after - before;
        }
    }
    return total_cost(P);
}

typedef struct { int e; int len; } EdgeOrd;
static int cmp_edge(const void *a, const void *b)
{
    const EdgeOrd *x = a, *y = b;
    if (x->len != y->len)
        return y->len - x->len;
    return x->e - y->e;
}

/* Places the constants and ops of the fcfg, routes every edge. Returns the index of the
 * first edge that could not be routed, or -1; *fatal_msg set on other errors. */
static int build_cfg(const Place *P, fcfg_t *c, int *hops, char *msg, size_t msglen)
{
    const MGraph *g = P->g;
    for (int v = 0; v < P->N; v++) {
        const MNode *n = &g->n[v % g->nn];
        unsigned u = (unsigned)P->where[v];
        fcfg_status s = fcfg_place(c, u, n->type, n->op);
        if (s == FCFG_OK && n->imm)
            s = fcfg_set_imm(c, u, n->imm);
        if (s == FCFG_OK && n->out1)
            s = fcfg_set_out1(c, u, true);
        for (int k = 0; k < 3 && s == FCFG_OK; k++)
            if (n->in[k].kind == MI_CONST)
                s = fcfg_set_const(c, u, (unsigned)k, n->in[k].val);
        if (s != FCFG_OK) {
            snprintf(msg, msglen, "%s", fcfg_error(c));
            return -2;
        }
    }
    EdgeOrd *ord = xcalloc((size_t)P->ne + 1, sizeof *ord);
    for (int e = 0; e < P->ne; e++) {
        ord[e].e = e;
        ord[e].len = P->F->dist[P->where[P->es[e]] * (int)P->F->U + P->where[P->ed[e]]];
    }
    qsort(ord, (size_t)P->ne, sizeof *ord, cmp_edge);
    /* edge e is the k-th MI_EDGE input of node ed: find the port again */
    int *rs = xcalloc((size_t)P->ne + 1, sizeof *rs), *ro = xcalloc((size_t)P->ne + 1, sizeof *ro);
    int *rd = xcalloc((size_t)P->ne + 1, sizeof *rd), *ri = xcalloc((size_t)P->ne + 1, sizeof *ri);
    for (int j = 0; j < P->ne; j++) {
        int e = ord[j].e, d = P->ed[e];
        const MNode *n = &g->n[d % g->nn];
        int seen = 0;
        for (int k = 0; k < 4; k++)
            if (n->in[k].kind == MI_EDGE) {
                /* the edges of node d are numbered in port order, consecutively */
                if (P->in_e[d][seen] == e) {
                    ri[j] = k;
                    ro[j] = n->in[k].out;
                }
                seen++;
            }
        rs[j] = P->where[P->es[e]];
        rd[j] = P->where[d];
    }
    /* negotiated congestion first (route.c); the library's greedy router if it fails */
    fcfg_t *pf = fcfg_clone(c);
    int pf_hops = 0;
    int pf_ok = pf && route_pathfinder(pf, P->F->p, rs, ro, rd, ri, P->ne, &pf_hops) == 0;
    free(rs); free(ro); free(rd); free(ri);
    if (pf_ok) {
        fcfg_copy(c, pf);
        fcfg_free(pf);
        free(ord);
        *hops = pf_hops;
        g_pathfinder_ok++;
        return -1;
    }
    if (pf)
        fcfg_free(pf);
    g_pathfinder_fallback++;
    int bad = -1;
    *hops = 0;
    for (int j = 0; j < P->ne && bad < 0; j++) {
        int e = ord[j].e, d = P->ed[e], s = P->es[e];
        const MNode *n = &g->n[d % g->nn];
        int seen = 0, port = -1, out = 0;
        for (int k = 0; k < 4; k++)
            if (n->in[k].kind == MI_EDGE) {
                if (P->in_e[d][seen] == e) {
                    port = k;
                    out = n->in[k].out;
                }
                seen++;
            }
        fcfg_status st = fcfg_connect(c, (unsigned)P->where[s], (unsigned)out, (unsigned)P->where[d], (unsigned)port);
        if (st == FCFG_ERR_NO_ROUTE) {
            bad = e;
        } else if (st != FCFG_OK) {
            snprintf(msg, msglen, "%s", fcfg_error(c));
            free(ord);
            return -2;
        } else {
            int h = fcfg_input_source(c, (unsigned)P->where[d], (unsigned)port, NULL, NULL, NULL, 0);
            *hops += h > 0 ? h : 0;
        }
    }
    free(ord);
    return bad;
}

/* A thread's estimated time through replica 0 of a placed and routed block: the longest
 * path from the CVU's injection back to its END, each edge costing its source's latency
 * plus the switch hops of its route. */
static int est_trip(const Place *P, const fcfg_t *c)
{
    const MGraph *g = P->g;
    const vgiw_preset_t *p = P->F->p;
    int nn = g->nn, T = 0;
    int *a = xcalloc((size_t)nn + 1, sizeof *a);
    for (int pass = 0; pass <= nn; pass++) {
        int changed = 0;
        for (int i = 0; i < nn; i++)
            for (int k = 0; k < 4; k++)
                if (g->n[i].in[k].kind == MI_EDGE) {
                    int s = g->n[i].in[k].src;
                    int h = fcfg_input_source(c, (unsigned)P->where[i], (unsigned)k, NULL, NULL, NULL, 0);
                    int t = a[s] + unit_latency(p, &g->n[s]) + (h > 0 ? h : 0);
                    if (i == 0) {
                        T = t > T ? t : T;
                    } else if (t > a[i]) {
                        a[i] = t;
                        changed = 1;
                    }
                }
        if (!changed)
            break;
    }
    free(a);
    return T;
}

/* Places and routes R replicas once; on success fills out and *trip (est_trip) and returns 0. */
static int place_once(const Fabric *F, const MGraph *g, int R, uint64_t seed, vg_pnr *out, char *msg, size_t msglen,
                      uint32_t nnodes, int *trip)
{
    Place P;
    place_init(&P, F, g, R);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 0x5851F42D4C957F2Dull * (uint64_t)R + 1;
    int ok = 0;
    msg[0] = 0;
    for (int round = 0; round < PNR_ROUNDS && !ok; round++) {
        anneal(&P, &rng);
        fcfg_t *c = fcfg_new(F->p);
        if (!c)
            fatal("out of memory");
        int hops = 0;
        int bad = build_cfg(&P, c, &hops, msg, msglen);
        if (bad == -2) {
            fcfg_free(c);
            break;
        }
        if (bad >= 0) {
            /* negotiated congestion: the failed edge (all its replicas) costs more */
            int i = P.ed[bad] % g->nn;
            for (int e = 0; e < P.ne; e++)
                if (P.ed[e] % g->nn == i && P.es[e] % g->nn == P.es[bad] % g->nn)
                    P.ew[e] += 2.0 * (round + 1);
            snprintf(msg, msglen, "no free route for an edge into unit type %s (round %d)",
                     unit_type_names[g->n[i].type], round + 1);
            fcfg_free(c);
            continue;
        }
        *trip = est_trip(&P, c);
        unsigned nw = fcfg_emit_words(c);
        uint32_t *cm = xcalloc(nw, sizeof *cm);
        if (fcfg_emit(c, cm) != FCFG_OK) {
            snprintf(msg, msglen, "%s", fcfg_error(c));
            free(cm);
            fcfg_free(c);
            break;
        }
        const vgiw_preset_t *p = F->p;
        memset(out, 0, sizeof *out);
        out->nwords = nw;
        out->chains = p->cfg_chains;
        out->words = xcalloc(nw, sizeof *out->words);
        vl_shift_order(p, cm, out->words);   /* chain-major (fcfg_emit) -> shift order */
        free(cm);
        out->relocs = xcalloc((size_t)P.N * 2 + 1, sizeof *out->relocs);
        for (int v = 0; v < P.N; v++) {
            const MNode *n = &g->n[v % g->nn];
            unsigned u = (unsigned)P.where[v];
            if (n->type == UNIT_CVU)
                out->cvu_mask |= 1u << p->unit_index[u];
            int ci = 0;
            for (int k = 0; k < 3; k++) {
                if (n->in[k].kind != MI_CONST)
                    continue;
                if (n->in[k].reloc >= 0) {
                    /* unit record words 2, 3: const_a, const_b */
                    out->relocs[out->nrelocs].word = vl_unit_word(p, u, 2u + (unsigned)ci);
                    out->relocs[out->nrelocs].value = (uint32_t)n->in[k].reloc;
                    out->nrelocs++;
                }
                ci++;
            }
        }
        /* DFG node -> unit, per replica (for pnrcheck) */
        out->nmap = (uint32_t)R * nnodes;
        out->map = xcalloc(out->nmap + 1, sizeof *out->map);
        for (uint32_t i = 0; i < out->nmap; i++)
            out->map[i] = VG_NO_UNIT;
        for (int v = 0; v < P.N; v++) {
            const MNode *n = &g->n[v % g->nn];
            if (n->vg >= 0)
                out->map[(uint32_t)(v / g->nn) * nnodes + (uint32_t)n->vg] = (uint32_t)P.where[v];
        }
        out->replicas = (uint32_t)R;
        out->units_used = (uint32_t)P.N;
        out->delays = (uint32_t)(g->delays * R);
        out->hops = (uint32_t)hops;
        fcfg_free(c);
        ok = 1;
    }
    place_free(&P);
    return ok ? 0 : -1;
}

static void pnr_free(vg_pnr *p)
{
    free(p->words);
    free(p->relocs);
    free(p->map);
    memset(p, 0, sizeof *p);
}

/* Tries R replicas; on success fills out and returns 0. A loop block (its own successor)
 * is placed LOOP_PLACEMENTS times from different seeds and the one with the shortest
 * estimated trip kept (then the fewest hops): a loop that few threads run, such as
 * particlefilter's CDF built by one work-item, costs that trip every iteration
 * (docs/compiler.md "Place and route"). */
static int try_replicas(const Fabric *F, const MGraph *g, int R, uint64_t seed, vg_pnr *out, char *msg, size_t msglen,
                        uint32_t nnodes, int loop)
{
    int best = -1, tries = loop ? LOOP_PLACEMENTS : 1;
    for (int t = 0; t < tries; t++) {
        vg_pnr cand;
        int trip = 0;
        if (place_once(F, g, R, seed + 0x632BE59BD9B4E019ull * (uint64_t)t, &cand, msg, msglen, nnodes, &trip))
            continue;
        if (getenv("VGIWCC_TRACE"))
            fprintf(stderr, "trace: block of %d nodes, %d replica(s), placement %d: estimated trip %d cycles, %u hops\n",
                    g->nn, R, t, trip, cand.hops);
        if (best < 0 || trip < best || (trip == best && cand.hops < out->hops)) {
            if (best >= 0)
                pnr_free(out);
            *out = cand;
            best = trip;
        } else {
            pnr_free(&cand);
        }
    }
    if (best >= 0)
        msg[0] = 0;
    return best >= 0 ? 0 : -1;
}

static const unsigned *type_units(const vgiw_preset_t *p, unsigned type)
{
    static unsigned n[6];
    n[UNIT_CU] = p->units_cu;
    n[UNIT_SCU] = p->units_scu;
    n[UNIT_LDST] = p->units_ldst;
    n[UNIT_LVU] = p->units_lvu;
    n[UNIT_SJU] = p->units_sju;
    n[UNIT_CVU] = p->units_cvu;
    return &n[type];
}

static const char *const type_names[6] = { "CU", "SCU", "LDST", "LVU", "SJU", "CVU" };

/* The unit types of which g has more nodes than p has units, as text ("" if none). */
static void type_lack(const MGraph *g, const vgiw_preset_t *p, char *lack, size_t len)
{
    lack[0] = 0;
    for (unsigned t = 0; t < 6; t++) {
        unsigned need = map_count_type(g, t), have = *type_units(p, t);
        if (need > have) {
            size_t l = strlen(lack);
            snprintf(lack + l, len - l, "%s%u %s units (preset '%s' has %u)", l ? ", " : "", need, type_names[t],
                     p->name, have);
        }
    }
}

int pnr_kernel(vg_kernel *k, const Options *opt, char *why, size_t whylen, int *failed_block)
{
    const vgiw_preset_t *p = vgiw_preset_find(opt->config);
    if (!p)
        fatal("error: unknown preset '%s'", opt->config);
    Fabric F;
    fabric_init(&F, p);
    int rc = 0;
    *failed_block = -1;
    /* Cheap pass first: a block with more nodes of a type than the preset has units is
     * reported before any block is placed (the caller splits it and calls again, so the
     * expensive placement runs only once every block could fit). */
    for (uint32_t b = 0; b < k->nblocks; b++) {
        MGraph g;
        map_block(k, b, &g);
        map_balance(&g, p);
        char lack[256] = "";
        type_lack(&g, p, lack, sizeof lack);
        map_free(&g);
        if (lack[0]) {
            snprintf(why, whylen, "block %u needs %s", b, lack);
            *failed_block = (int)b;
            free(F.dist);
            return -1;
        }
    }
    for (uint32_t b = 0; b < k->nblocks && rc == 0; b++) {
        MGraph g;
        map_block(k, b, &g);
        map_balance(&g, p);
        /* replicas: as many copies as every unit type allows (the first pass above
         * guarantees at least one) */
        int R = MAX_REPLICAS;
        for (unsigned t = 0; t < 6; t++) {
            unsigned need = map_count_type(&g, t), have = *type_units(p, t);
            if (need && (int)(have / need) < R)
                R = (int)(have / need);
        }
        if (opt->max_replicas > 0 && R > opt->max_replicas)
            R = opt->max_replicas;
        char msg[512] = "";
        int done = 0;
        const vg_block *B = &k->blocks[b];
        int is_loop = B->nsucc >= 1 && (B->succ[0] == b || (B->nsucc == 2 && B->succ[1] == b));
        for (; R >= 1 && !done; R--)
            done = try_replicas(&F, &g, R, opt->seed * 1000003ull + b, &k->blocks[b].pnr, msg, sizeof msg,
                               k->blocks[b].nnodes, is_loop) == 0;
        if (!done) {
            snprintf(why, whylen, "block %u (%d units) could not be routed: %s", b, g.nn, msg);
            *failed_block = (int)b;
            rc = -1;
        }
        map_free(&g);
    }
    if (rc) {
        for (uint32_t b = 0; b < k->nblocks; b++) {
            free(k->blocks[b].pnr.words);
            free(k->blocks[b].pnr.relocs);
            free(k->blocks[b].pnr.map);
            memset(&k->blocks[b].pnr, 0, sizeof k->blocks[b].pnr);
        }
    }
    free(F.dist);
    return rc;
}

/* Replicas of block b that the preset's unit counts allow (0: the block does not fit even
 * once), without placing it: the unroller's test of an unrolled loop block (pipeline.c). */
int pnr_block_replicas(const vg_kernel *k, uint32_t b, const Options *opt)
{
    const vgiw_preset_t *p = vgiw_preset_find(opt->config);
    if (!p)
        fatal("error: unknown preset '%s'", opt->config);
    MGraph g;
    map_block(k, b, &g);
    map_balance(&g, p);
    int R = MAX_REPLICAS;
    for (unsigned t = 0; t < 6; t++) {
        unsigned need = map_count_type(&g, t), have = *type_units(p, t);
        if (need && (int)(have / need) < R)
            R = (int)(have / need);
    }
    map_free(&g);
    if (opt->max_replicas > 0 && R > opt->max_replicas)
        R = opt->max_replicas;
    return R;
}
