/* Graphs and tests of the fabric testbench (docs/fabric-tests.md), selected by --op NAME.
 * Every graph is built with the tg_* helpers (fabric_tb.h), placed and routed by the
 * configuration library, and run by fabric_run(), which checks every token of every
 * thread against the C model. --count scales the work (threads, or graphs for random);
 * --seed varies placements, thread masks, latencies and backpressure. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_tb.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"

static uint32_t f32(float f) { return vgiw_bits(f); }

static unsigned units_of(unsigned type)
{
    unsigned n = 0;
    for (unsigned u = 0; u < tb_preset->fabric_units; u++)
        n += tb_preset->unit_type[u] == type;
    return n;
}

static unsigned threads_or(uint64_t count, unsigned dflt) { return count ? (unsigned)count : dflt; }

static void report(const char *what, const run_result_t *r)
{
    if (!sim_args.quiet)
        printf("%-28s %s: %6" PRIu64 " threads in %7" PRIu64 " cycles = %.3f threads/cycle (longest route %" PRIu64
               " hops, %" PRIu64 " switch links)\n",
               what, r->ok ? "ok  " : "FAIL", r->threads, r->cycles, (double)r->threads / (double)r->cycles, r->max_hops,
               r->links_used);
}

/* Per-thread word offset gid*4 and a word index into the 16 KB input regions. */
static unsigned node_offset(tg_graph_t *g)
{
    unsigned off = tg_cu(g, CU_ALU, ALU_SLL);
    tg_edge(g, 0, 0, off, 0);
    tg_const(g, off, 1, 2);
    return off;
}

static unsigned node_index(tg_graph_t *g, unsigned from)
{
    unsigned idx = tg_cu(g, CU_ALU, ALU_AND);
    tg_edge(g, from, 0, idx, 0);
    tg_const(g, idx, 1, MEM_IN_MASK);
    return idx;
}

static unsigned node_mem(tg_graph_t *g, unsigned op, uint32_t imm, unsigned addr)
{
    unsigned n = tg_node(g, UNIT_LDST, op);
    g->node[n].imm = imm;
    tg_edge(g, addr, 0, n, 0);
    return n;
}

/* ---- smoke: CVU -> ADD -> CVU ------------------------------------------------------------ */

static void t_smoke(uint64_t count)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned add = tg_cu(&g, CU_ALU, ALU_ADD);
    tg_edge(&g, 0, 0, add, 0);
    tg_const(&g, add, 1, 0x1234567);
    tg_edge(&g, add, 0, 0, 0);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 300);
    run_result_t r = fabric_run(&g, 1, &c, sim_args.seed);
    report("smoke", &r);
}

/* ---- saxpy --------------------------------------------------------------------------- */

/* a*x + y on the CUs only: x = (float)gid, y = (float)(unsigned)gid, a constant. */
static void t_saxpy_cu(uint64_t count)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned x = tg_cu(&g, CU_FCVT, FCVT_I2F);
    tg_edge(&g, 0, 0, x, 0);
    unsigned ax = tg_cu(&g, CU_FMA, FMA_FMUL);
    tg_const(&g, ax, 0, f32(2.5f));
    tg_edge(&g, x, 0, ax, 1);
    unsigned y = tg_cu(&g, CU_FCVT, FCVT_U2F);
    tg_edge(&g, 0, 0, y, 0);
    unsigned sum = tg_cu(&g, CU_FMA, FMA_FADD);
    tg_edge(&g, ax, 0, sum, 0);
    tg_edge(&g, y, 0, sum, 1);
    tg_edge(&g, sum, 0, 0, 0);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 4000);
    c.tile_base = 0xFFFF0000u;   /* negative global IDs: I2F and U2F differ */
    run_result_t r = fabric_run(&g, 1, &c, sim_args.seed);
    report("saxpy (CU only)", &r);
}

/* z[i] = a*x[i] + y[i]: x loaded, y loaded (or a live value when the preset has only two
 * LDST units), z stored; the outcome waits for the store through a join. */
static void t_saxpy(uint64_t count)
{
    bool y_from_memory = units_of(UNIT_LDST) >= 3;
    tg_graph_t g;
    tg_init(&g);
    unsigned off = node_offset(&g);
    unsigned idx = node_index(&g, off);
    unsigned x = node_mem(&g, LDST_LD32, MEM_IN_A, idx);
    unsigned y;
    if (y_from_memory) {
        y = node_mem(&g, LDST_LD32, MEM_IN_B, idx);
    } else {
        y = tg_node(&g, UNIT_LVU, LVU_LOAD);
        g.node[y].imm = 3;
        tg_edge(&g, 0, 0, y, 0);
    }
    unsigned ax = tg_cu(&g, CU_FMA, FMA_FMUL);
    tg_const(&g, ax, 0, f32(-1.75f));
    tg_edge(&g, x, 0, ax, 1);
    unsigned z = tg_cu(&g, CU_FMA, FMA_FADD);
    tg_edge(&g, ax, 0, z, 0);
    tg_edge(&g, y, 0, z, 1);
    unsigned st = node_mem(&g, LDST_ST32, MEM_OUT, off);
    tg_edge(&g, z, 0, st, 1);
    g.node[st].out1 = true;
    unsigned end = tg_node(&g, UNIT_SJU, SJU_JOIN);
    tg_edge(&g, z, 0, end, 0);
    tg_edge(&g, st, 1, end, 3);
    tg_edge(&g, end, 0, 0, 0);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 4000);
    c.tile_base = 0;
    run_result_t r = fabric_run(&g, 1, &c, sim_args.seed);
    report(y_from_memory ? "saxpy (x, y loaded)" : "saxpy (x loaded, y live value)", &r);
}

/* ---- (a+x)*(b+c+x): unbalanced paths, with and without a delay on the short one ------ */

static run_result_t run_unbalanced(bool balanced, unsigned threads, uint64_t seed)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned ax = tg_cu(&g, CU_FMA, FMA_FADD);         /* short path: a + x */
    tg_edge(&g, 0, 0, ax, 0);
    tg_const(&g, ax, 1, f32(1.5f));
    unsigned bx = tg_cu(&g, CU_FMA, FMA_FADD);         /* long path: (b + x) + c */
    tg_edge(&g, 0, 0, bx, 0);
    tg_const(&g, bx, 1, f32(-3.25f));
    unsigned bcx = tg_cu(&g, CU_FMA, FMA_FADD);
    tg_edge(&g, bx, 0, bcx, 0);
    tg_const(&g, bcx, 1, f32(0.125f));
    unsigned left = ax;
    if (balanced) {
        unsigned d = tg_node(&g, UNIT_SJU, SJU_DELAY);
        g.node[d].imm = VGIW_FABRIC_SJU_FIFO_DEPTH;
        tg_edge(&g, ax, 0, d, 0);
        left = d;
    }
    unsigned prod = tg_cu(&g, CU_FMA, FMA_FMUL);
    tg_edge(&g, left, 0, prod, 0);
    tg_edge(&g, bcx, 0, prod, 1);
    tg_edge(&g, prod, 0, 0, 0);
    run_cfg_t c = run_defaults();
    c.threads = threads;
    c.hole_pct = 0;
    c.batch_gap_pct = 0;
    c.done_stall_pct = 0;
    c.tile_base = 0x3F000000u;   /* gids are floats near 0.5 */
    return fabric_run(&g, 1, &c, seed);
}

static void t_unbalanced(uint64_t count)
{
    unsigned n = threads_or(count, 4000);
    run_result_t u = run_unbalanced(false, n, sim_args.seed);
    report("(a+x)*(b+c+x) unbalanced", &u);
    run_result_t b = run_unbalanced(true, n, sim_args.seed);
    report("(a+x)*(b+c+x) with a delay", &b);
    stats_set("unbalanced.cycles", u.cycles);
    stats_set("balanced.cycles", b.cycles);
    if (!sim_args.quiet)
        printf("delay balancing: %" PRIu64 " -> %" PRIu64 " cycles (%.2fx)\n", u.cycles, b.cycles,
               (double)u.cycles / (double)b.cycles);
    /* a delay buffer can only help when the token buffers are shallower than the skew */
    if (VGIW_FABRIC_TOKEN_BUFFER_DEPTH <= 4)
        sim_check_u32(b.cycles < u.cycles, "balanced graph faster (%" PRIu64 " vs %" PRIu64 " cycles)", b.cycles, u.cycles);
}

/* ---- load -> load -> add (SGMF Fig. 4) under random latency ---------------------------- */

static void t_ldld(uint64_t count)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned off = node_offset(&g);
    unsigned idx = node_index(&g, off);
    unsigned a = node_mem(&g, LDST_LD32, MEM_IN_A, idx);
    unsigned idx2 = node_index(&g, a);                   /* the loaded value indexes the next load */
    unsigned b = node_mem(&g, LDST_LD32, MEM_IN_B, idx2);
    unsigned sum = tg_cu(&g, CU_ALU, ALU_ADD);
    tg_edge(&g, a, 0, sum, 0);
    tg_edge(&g, b, 0, sum, 1);
    tg_edge(&g, sum, 0, 0, 0);
    unsigned n = threads_or(count, 3000);
    /* long latencies with few threads: a 4-entry token buffer keeps 4 loads in flight */
    static const uint32_t lat[][3] = { { 1, 100, 2 }, { 50, 400, 10 }, { 1, 3, 1 } };
    for (unsigned k = 0; k < 3; k++) {
        run_cfg_t c = run_defaults();
        c.threads = n / lat[k][2];
        c.hole_pct = 0;
        c.mem_lat_min = lat[k][0];
        c.mem_lat_max = lat[k][1];
        c.mem_stall_pct = 20;
        c.done_stall_pct = 30;
        run_result_t r = fabric_run(&g, 1, &c, sim_args.seed + k);
        char what[64];
        snprintf(what, sizeof what, "ld->ld->add lat %u..%u", lat[k][0], lat[k][1]);
        report(what, &r);
    }
}

/* ---- division and square root, out-of-order completion ------------------------------- */

static void t_divsqrt(uint64_t count)
{
    unsigned nscu = units_of(UNIT_SCU);
    unsigned n = threads_or(count, 1000);
    /* one graph per operation on a preset with one SCU; a chain of all on larger ones */
    static const unsigned ops[] = { SCU_DIV, SCU_REMU, SCU_FDIV, SCU_FSQRT };
    unsigned rounds = nscu >= 3 ? 1 : 4;
    for (unsigned k = 0; k < rounds; k++) {
        tg_graph_t g;
        tg_init(&g);
        unsigned h = tg_cu(&g, CU_ALU, ALU_MUL);          /* hash of the global ID */
        tg_edge(&g, 0, 0, h, 0);
        tg_const(&g, h, 1, 0x9E3779B1u);
        unsigned d = tg_cu(&g, CU_ALU, ALU_SRA);           /* divisor: short, sometimes 0 or -1 */
        tg_edge(&g, h, 0, d, 0);
        tg_const(&g, d, 1, 23);
        unsigned last;
        if (rounds == 1) {
            unsigned q = tg_node(&g, UNIT_SCU, SCU_DIV);
            tg_edge(&g, h, 0, q, 0);
            tg_edge(&g, d, 0, q, 1);
            unsigned fd = tg_node(&g, UNIT_SCU, SCU_FDIV);
            tg_edge(&g, h, 0, fd, 0);
            tg_edge(&g, d, 0, fd, 1);
            unsigned sq = tg_node(&g, UNIT_SCU, SCU_FSQRT);
            tg_edge(&g, fd, 0, sq, 0);
            unsigned x = tg_cu(&g, CU_ALU, ALU_XOR);
            tg_edge(&g, q, 0, x, 0);
            tg_edge(&g, sq, 0, x, 1);
            last = x;
        } else {
            unsigned s = tg_node(&g, UNIT_SCU, ops[k]);
            tg_edge(&g, h, 0, s, 0);
            if (ops[k] != SCU_FSQRT)
                tg_edge(&g, d, 0, s, 1);
            unsigned x = tg_cu(&g, CU_ALU, ALU_XOR);
            tg_edge(&g, s, 0, x, 0);
            tg_edge(&g, d, 0, x, 1);
            last = x;
        }
        tg_edge(&g, last, 0, 0, 0);
        run_cfg_t c = run_defaults();
        c.threads = n;
        c.tile_base = (uint32_t)(rng_u32(&tb_rng) & 0xFFFF0000u);
        run_result_t r = fabric_run(&g, 1, &c, sim_args.seed + k);
        report(rounds == 1 ? "div, fdiv, fsqrt" : scu_op_names[ops[k]], &r);
    }
}

/* ---- memory ordering through joins ------------------------------------------------------ */

/* load A[i]; A[i] = gid ^ K only after the load (join of the load's control token);
 * the outcome waits for the store. The load must see the old value. */
static void graph_load_store(tg_graph_t *g, bool with_join)
{
    tg_init(g);
    unsigned off = node_offset(g);
    unsigned idx = node_index(g, off);
    /* the load's address takes one more operation than the store's: without the join
     * the store would usually reach the memory first */
    unsigned late = tg_cu(g, CU_ALU, ALU_OR);
    tg_edge(g, idx, 0, late, 0);
    tg_const(g, late, 1, 0);
    unsigned ld = node_mem(g, LDST_LD32, MEM_IN_C, late);
    g->node[ld].out1 = true;
    unsigned val = tg_cu(g, CU_ALU, ALU_XOR);
    tg_edge(g, 0, 0, val, 0);
    tg_const(g, val, 1, 0xA5A5F00Du);
    unsigned data = val;
    if (with_join) {
        data = tg_node(g, UNIT_SJU, SJU_JOIN);
        tg_edge(g, val, 0, data, 0);
        tg_edge(g, ld, 1, data, 3);
    }
    unsigned st = node_mem(g, LDST_ST32, MEM_IN_C, idx);
    tg_edge(g, data, 0, st, 1);
    g->node[st].out1 = true;
    unsigned end = tg_node(g, UNIT_SJU, SJU_JOIN);
    tg_edge(g, ld, 0, end, 0);
    tg_edge(g, st, 1, end, 3);
    tg_edge(g, end, 0, 0, 0);
}

/* A[i] = gid * 3; then load A[i], enabled by the store's control token: sees the new value. */
static void graph_store_load(tg_graph_t *g)
{
    tg_init(g);
    unsigned off = node_offset(g);
    unsigned idx = node_index(g, off);
    unsigned val = tg_cu(g, CU_ALU, ALU_MUL);
    tg_edge(g, 0, 0, val, 0);
    tg_const(g, val, 1, 3);
    unsigned st = node_mem(g, LDST_ST16, MEM_IN_C + 2, idx);
    tg_edge(g, val, 0, st, 1);
    g->node[st].out1 = true;
    unsigned ld = node_mem(g, LDST_LD32, MEM_IN_C, idx);
    tg_edge(g, st, 1, ld, 3);
    tg_edge(g, ld, 0, 0, 0);
}

static void t_memorder(uint64_t count)
{
    unsigned n = threads_or(count, 3000);
    if (n > MEM_IN_WORDS)
        n = MEM_IN_WORDS;   /* one word per thread, no two threads on one address */
    static const uint32_t lat[][3] = { { 1, 60, 1 }, { 1, 300, 6 } };
    for (unsigned k = 0; k < 2; k++) {
        tg_graph_t g;
        run_cfg_t c = run_defaults();
        c.threads = n / lat[k][2];
        c.hole_pct = 0;
        c.mem_lat_min = lat[k][0];
        c.mem_lat_max = lat[k][1];
        c.mem_stall_pct = 30;
        graph_load_store(&g, true);
        run_result_t r = fabric_run(&g, 1, &c, sim_args.seed + k);
        report("load, join, store same word", &r);
        graph_store_load(&g);
        r = fabric_run(&g, 1, &c, sim_args.seed + 10 + k);
        report("store, then load same word", &r);
    }
}

/* Without the join the store may overtake the load: a check that the test can fail
 * (not part of the suite; expected to report mismatches under random latency). */
static void t_memorder_nojoin(uint64_t count)
{
    tg_graph_t g;
    graph_load_store(&g, false);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 2000);
    c.hole_pct = 0;
    c.mem_lat_min = 1;
    c.mem_lat_max = 100;
    run_result_t r = fabric_run(&g, 1, &c, sim_args.seed);
    report("load, store same word, no join", &r);
}

/* A switch output selecting both outputs of one corner unit, which share one data link
 * (docs/fabric.md "Interconnect"): the fabric reports it on error_o and the run fails (not
 * part of the suite; fabric.pair_conflict_fails checks that it does). */
static void t_pair_conflict(uint64_t count)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned a = tg_cu(&g, CU_ALU, ALU_ADD);
    tg_edge(&g, 0, 0, a, 0);
    tg_const(&g, a, 1, 7);
    unsigned b = tg_cu(&g, CU_ALU, ALU_XOR);
    tg_edge(&g, a, 0, b, 0);
    tg_edge(&g, 0, 0, b, 1);
    tg_edge(&g, b, 0, 0, 0);
    /* a and b on CUs that are no neighbours, so a's out0 reaches b through a switch */
    const vgiw_preset_t *p = tb_preset;
    int ua = -1, ub = -1;
    for (unsigned u = 0; u < p->fabric_units && ub < 0; u++)
        for (unsigned v = 0; v < p->fabric_units && ub < 0; v++) {
            int dr = (int)(u / p->grid_cols) - (int)(v / p->grid_cols), dc = (int)(u % p->grid_cols) - (int)(v % p->grid_cols);
            if (p->unit_type[u] == UNIT_CU && p->unit_type[v] == UNIT_CU && abs(dr) + abs(dc) >= 2)
                ua = (int)u, ub = (int)v;
        }
    if (ub < 0)
        sim_die("pair_conflict: preset %s has no two CUs apart", p->name);
    tg_at(&g, a, (unsigned)ua);
    tg_at(&g, b, (unsigned)ub);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 500);
    c.corrupt_pair = true;
    run_result_t r = fabric_run(&g, 1, &c, sim_args.seed);
    report("switch output on the other output of a shared link", &r);
}

/* ---- fan-out through switches over several hops ---------------------------------------- */

/* A path of switches from a corner of unit a to a corner of unit b with at least
 * min_hops switches: random depth-first search over the switch-to-switch links. */
static bool find_path(unsigned a, unsigned b, unsigned min_hops, unsigned max_hops, unsigned *path, unsigned *n,
                      rng_t *r)
{
    const vgiw_preset_t *p = tb_preset;
    unsigned U = p->fabric_units, UL = p->fabric_unit_links, US = p->fabric_unit_slots;
    unsigned SWL = p->fabric_switch_links, SWS = p->fabric_switch_slots;
    /* corner switches of a unit: targets of its links 4..7 of output 0 */
    unsigned start[4], goal[4], ns = 0, ng = 0;
    for (unsigned d = UL / 4; d < UL / 2; d++) {
        unsigned sa = p->link_dst[a * UL + d], sb = p->link_dst[b * UL + d];
        if (sa != p->slot_none && sa >= U * US) start[ns++] = (sa - U * US) / SWS;
        if (sb != p->slot_none && sb >= U * US) goal[ng++] = (sb - U * US) / SWS;
    }
    for (int attempt = 0; attempt < 2000; attempt++) {
        unsigned len = 0, cur = start[rng_below(r, ns)];
        path[len++] = cur;
        bool ok = true;
        while (ok) {
            bool at_goal = false;
            for (unsigned k = 0; k < ng; k++)
                at_goal |= goal[k] == cur;
            if (at_goal && len >= min_hops)
                break;
            if (len >= max_hops) {
                ok = false;
                break;
            }
            unsigned next[8], nn = 0;
            for (unsigned j = 0; j < SWL; j++) {
                unsigned slot = p->link_dst[U * UL + cur * SWL + j];
                if (slot == p->slot_none || slot < U * US)
                    continue;
                unsigned t = (slot - U * US) / SWS;
                bool fresh = true;
                for (unsigned k = 0; k < len; k++)
                    fresh &= path[k] != t;
                if (fresh)
                    next[nn++] = t;
            }
            if (nn == 0) {
                ok = false;
                break;
            }
            cur = next[rng_below(r, nn)];
            path[len++] = cur;
        }
        if (ok) {
            *n = len;
            return true;
        }
    }
    return false;
}

static void t_fanout(uint64_t count)
{
    const vgiw_preset_t *p = tb_preset;
    unsigned cvu = 0, cus[256], ncu = 0;
    for (unsigned u = 0; u < p->fabric_units; u++) {
        if (p->unit_type[u] == UNIT_CVU && cvu == 0)
            cvu = u + 1;
        if (p->unit_type[u] == UNIT_CU)
            cus[ncu++] = u;
    }
    cvu--;
    /* the four CUs farthest from the CVU */
    for (unsigned a = 0; a < ncu; a++)
        for (unsigned b = a + 1; b < ncu; b++) {
            unsigned C = p->grid_cols;
            int da = abs((int)(cus[a] / C) - (int)(cvu / C)) + abs((int)(cus[a] % C) - (int)(cvu % C));
            int db = abs((int)(cus[b] / C) - (int)(cvu / C)) + abs((int)(cus[b] % C) - (int)(cvu % C));
            if (db > da) {
                unsigned t = cus[a]; cus[a] = cus[b]; cus[b] = t;
            }
        }
    unsigned n = threads_or(count, 3000);
    for (unsigned round = 0; round < 2; round++) {
        tg_graph_t g;
        tg_init(&g);
        tg_at(&g, 0, cvu);
        unsigned n1 = tg_cu(&g, CU_ALU, ALU_SUB), n2 = tg_cu(&g, CU_ALU, ALU_XOR);
        unsigned n3 = tg_cu(&g, CU_ALU, ALU_MUL), n4 = tg_cu(&g, CU_ALU, ALU_ADD);
        tg_edge(&g, 0, 0, n1, 0);
        tg_const(&g, n1, 1, 77);
        tg_edge(&g, 0, 0, n2, 0);
        tg_const(&g, n2, 1, 0x0F0F0F0Fu);
        tg_edge(&g, n1, 0, n3, 0);
        tg_edge(&g, n2, 0, n3, 1);
        tg_edge(&g, n3, 0, n4, 0);
        tg_edge(&g, 0, 0, n4, 1);
        tg_edge(&g, n4, 0, 0, 0);
        unsigned nodes[4] = { n1, n2, n3, n4 };
        for (unsigned k = 0; k < 4; k++)
            tg_at(&g, nodes[k], cus[(k + round) % 4]);
        /* round 1: the three branches of the thread ID's fan-out take long explicit paths */
        if (round == 1) {
            rng_t r;
            rng_seed(&r, sim_args.seed * 7 + 1);
            const unsigned fan[3][2] = { { n1, 0 }, { n2, 0 }, { n4, 1 } };
            /* random paths until a set of them routes together with the other edges */
            for (int attempt = 0; attempt < 200; attempt++) {
                for (unsigned k = 0; k < 3; k++) {
                    tg_in_t *in = &g.node[fan[k][0]].in[fan[k][1]];
                    unsigned dst = (unsigned)g.node[fan[k][0]].unit;
                    in->via_set = find_path(cvu, dst, 3 + k, 8 + k, in->via, &in->nvia, &r);
                }
                fcfg_t *probe = fcfg_new(p);
                int unit_of[1][TG_MAX_NODES];
                rng_t pr;
                rng_seed(&pr, 1);
                bool ok = tg_place(&g, probe, &cvu, 1, &pr, unit_of, true);
                fcfg_free(probe);
                if (ok)
                    break;
            }
        }
        run_cfg_t c = run_defaults();
        c.threads = n;
        run_result_t res = fabric_run(&g, 1, &c, sim_args.seed + round);
        report(round ? "fan-out, long explicit paths" : "fan-out, routed", &res);
        if (round == 1)
            sim_check_u32(res.max_hops >= 3, "fan-out over several hops (%" PRIu64 ")", res.max_hops);
    }
}

/* ---- random graphs ------------------------------------------------------------------- */

typedef struct val {
    unsigned node, out;
    bool data;    /* a data token (usable as an operand) */
} val_t;

/* A random earlier value (a data token when `data`), recent ones preferred: deeper graphs. */
static int pick(const val_t *vals, unsigned nv, rng_t *r, bool data)
{
    for (int t = 0; t < 32; t++) {
        unsigned k = nv - 1 - rng_below(r, rng_below(r, 2) ? (nv < 4 ? nv : 4) : nv);
        if (!data || vals[k].data)
            return (int)k;
    }
    return 0;   /* the thread ID is always a data value */
}

/* A random graph within the preset's unit counts: random ops, operands from earlier
 * values or constants, loads from the input regions, stores to per-thread words of the
 * output regions, live value loads and stores, joins and delays. */
static void random_graph(tg_graph_t *g, rng_t *r, unsigned max_nodes)
{
    unsigned left[UNIT_OP_COUNT];
    for (unsigned t = 0; t < UNIT_OP_COUNT; t++)
        left[t] = units_of(t);
    left[UNIT_CVU] = 0;
    tg_init(g);
    val_t vals[2 * TG_MAX_NODES];
    unsigned nv = 0, stores = 0, lv_stores = 0;
    vals[nv++] = (val_t){ 0, 0, true };
    if (rng_below(r, 3) == 0) {
        g->node[0].out1 = true;
        vals[nv++] = (val_t){ 0, 1, true };
    }
    int offnode = -1;   /* gid * 4, the per-thread store address */
    unsigned target = 2 + rng_below(r, max_nodes - 1);
    for (unsigned step = 0; step < 4 * target && g->n - 1 < target; step++) {
        unsigned type = rng_below(r, 5);   /* CU SCU LDST LVU SJU */
        if (rng_below(r, 3) == 0)
            type = UNIT_CU;   /* compute is the common case */
        if (left[type] == 0)
            continue;
        unsigned n;
        if (type == UNIT_CU) {
            unsigned cls = rng_below(r, CU_OP_COUNT);
            static const unsigned subs[CU_OP_COUNT] = { ALU_OP_COUNT, FMA_OP_COUNT, FCMP_OP_COUNT, FCVT_OP_COUNT };
            unsigned sub = rng_below(r, subs[cls]);
            if (cls == CU_ALU && sub == ALU_SLL && offnode < 0 && rng_below(r, 2)) {
                n = tg_cu(g, CU_ALU, ALU_SLL);   /* the store address */
                tg_edge(g, 0, 0, n, 0);
                tg_const(g, n, 1, 2);
                offnode = (int)n;
            } else {
                n = tg_cu(g, cls, sub);
                unsigned need = 0x3;
                if (cls == CU_ALU && (sub == ALU_NOT || sub >= ALU_SEXT8)) need = 0x1;
                if (cls == CU_ALU && sub == ALU_SEL) need = 0x7;
                if (cls == CU_FMA && sub == FMA_FMADD) need = 0x7;
                if (cls == CU_FCMP && (sub == FCMP_FABS || sub == FCMP_FNEG)) need = 0x1;
                if (cls == CU_FCVT) need = 0x1;
                unsigned consts = 0, edges = 0;
                for (unsigned k = 0; k < 3; k++) {
                    if (!(need >> k & 1u))
                        continue;
                    if (consts < 2 && rng_below(r, 4) == 0) {
                        static const uint32_t pool[] = { 0, 1, 2, 31, 0xFFFFFFFFu, 0x80000000u, 0x3F800000u, 0x7F800000u,
                                                         0x7FC00000u, 0x00000001u, 0xC0490FDBu, 12345 };
                        tg_const(g, n, k, rng_below(r, 2) ? pool[rng_below(r, 12)] : rng_u32(r));
                        consts++;
                    } else {
                        int v = pick(vals, nv, r, true);
                        tg_edge(g, vals[v].node, vals[v].out, n, k);
                        edges++;
                    }
                }
                if (edges == 0 || rng_below(r, 8) == 0) {
                    int v = pick(vals, nv, r, false);   /* an enable: any token */
                    tg_edge(g, vals[v].node, vals[v].out, n, 3);
                }
            }
            vals[nv++] = (val_t){ n, 0, true };
        } else if (type == UNIT_SCU) {
            unsigned op = rng_below(r, SCU_OP_COUNT);
            n = tg_node(g, UNIT_SCU, op);
            int v = pick(vals, nv, r, true);
            tg_edge(g, vals[v].node, vals[v].out, n, 0);
            if (op != SCU_FSQRT) {
                if (rng_below(r, 4) == 0) {
                    tg_const(g, n, 1, rng_below(r, 2) ? 0 : rng_u32(r) >> rng_below(r, 32));
                } else {
                    v = pick(vals, nv, r, true);
                    tg_edge(g, vals[v].node, vals[v].out, n, 1);
                }
            }
            g->node[n].out1 = rng_below(r, 3) == 0;
            vals[nv++] = (val_t){ n, 0, true };
            if (g->node[n].out1)
                vals[nv++] = (val_t){ n, 1, false };
        } else if (type == UNIT_LDST) {
            bool store = rng_below(r, 2) == 0 && stores < 8;
            if (store) {
                /* per-thread address: gid*4 (any size) or gid (bytes) */
                unsigned op = offnode >= 0 ? LDST_ST8 + rng_below(r, 3) : LDST_ST8;
                unsigned size = op == LDST_ST8 ? 1 : op == LDST_ST16 ? 2 : 4;
                uint32_t imm = MEM_OUT + (stores % 8) * MEM_OUT_STRIDE;
                if (size < 4)
                    imm += size * rng_below(r, 4 / size);
                n = node_mem(g, op, imm, offnode >= 0 ? (unsigned)offnode : 0);
                stores++;
                int v = pick(vals, nv, r, true);
                if (rng_below(r, 6) == 0)
                    tg_const(g, n, 1, rng_u32(r));
                else
                    tg_edge(g, vals[v].node, vals[v].out, n, 1);
            } else {
                unsigned op = rng_below(r, LDST_LD32 + 1);
                unsigned size = op <= LDST_LD8U ? 1 : op <= LDST_LD16U ? 2 : 4;
                static const uint32_t regions[3] = { MEM_IN_A, MEM_IN_B, MEM_IN_C };
                uint32_t imm = regions[rng_below(r, 3)] + (size < 4 ? size * rng_below(r, 4 / size) : 0);
                n = tg_node(g, UNIT_LDST, op);
                g->node[n].imm = imm;
                if (rng_below(r, 4) == 0) {
                    /* one word for every thread: a constant address, fired by an enable */
                    tg_const(g, n, 0, 4 * rng_below(r, MEM_IN_WORDS));
                    int v = pick(vals, nv, r, false);
                    tg_edge(g, vals[v].node, vals[v].out, n, 3);
                } else {
                    /* address from a value: needs an AND with the index mask on a CU */
                    if (left[UNIT_CU] == 0) {
                        g->n--;
                        continue;
                    }
                    g->n--;
                    int v = pick(vals, nv, r, true);
                    unsigned idx = node_index(g, vals[v].node);
                    g->node[idx].in[0].out = (uint8_t)vals[v].out;
                    left[UNIT_CU]--;
                    vals[nv++] = (val_t){ idx, 0, true };
                    n = tg_node(g, UNIT_LDST, op);
                    g->node[n].imm = imm;
                    tg_edge(g, idx, 0, n, 0);
                }
            }
            g->node[n].out1 = store ? rng_below(r, 2) == 0 : rng_below(r, 3) == 0;
            if (rng_below(r, 5) == 0 && g->node[n].in[3].kind == TG_NONE) {
                int v = pick(vals, nv, r, false);   /* an enable from an earlier node */
                tg_edge(g, vals[v].node, vals[v].out, n, 3);
            }
            if (!store)
                vals[nv++] = (val_t){ n, 0, true };
            if (g->node[n].out1)
                vals[nv++] = (val_t){ n, 1, false };
        } else if (type == UNIT_LVU) {
            bool store = rng_below(r, 3) == 0 && lv_stores < 8;
            n = tg_node(g, UNIT_LVU, store ? LVU_STORE : LVU_LOAD);
            g->node[n].imm = store ? 8 + lv_stores++ : rng_below(r, 8);
            int v = pick(vals, nv, r, true);
            tg_edge(g, vals[v].node, vals[v].out, n, 0);
            if (rng_below(r, 5) == 0) {
                v = pick(vals, nv, r, false);
                tg_edge(g, vals[v].node, vals[v].out, n, 3);
            }
            g->node[n].out1 = store || rng_below(r, 3) == 0;
            if (!store)
                vals[nv++] = (val_t){ n, 0, true };
            if (g->node[n].out1)
                vals[nv++] = (val_t){ n, 1, false };
        } else {
            bool delay = rng_below(r, 3) == 0;
            bool data = false;
            n = tg_node(g, UNIT_SJU, delay ? SJU_DELAY : SJU_JOIN);
            if (delay) {
                g->node[n].imm = 1 + rng_below(r, VGIW_FABRIC_SJU_FIFO_DEPTH);
                int v = pick(vals, nv, r, false);
                tg_edge(g, vals[v].node, vals[v].out, n, 0);
                data = vals[v].data;
            } else {
                unsigned mask = 1 + rng_below(r, 15);
                for (unsigned k = 0; k < 4; k++) {
                    if (!(mask >> k & 1u))
                        continue;
                    int v = pick(vals, nv, r, false);
                    tg_edge(g, vals[v].node, vals[v].out, n, k);
                    if (k == 0)
                        data = vals[v].data;
                }
            }
            /* a join without in0 sends control tokens; with in0 it passes in0's value */
            g->node[n].out1 = rng_below(r, 2) == 0;
            vals[nv++] = (val_t){ n, 0, data };
            if (g->node[n].out1)
                vals[nv++] = (val_t){ n, 1, data };
        }
        left[type]--;
    }
    /* the outcome: the latest data value */
    int v = -1;
    for (int k = (int)nv - 1; k >= 0 && v < 0; k--)
        if (vals[k].data && (k > 0 || nv == 1))
            v = k;
    if (v < 0)
        v = 0;
    tg_edge(g, vals[v].node, vals[v].out, 0, 0);
}

/* count graphs, each with its own seed: graph, placement, threads, memory latency and
 * backpressure all follow from it. short_runs: 16-79 threads per graph instead of 64-463
 * (still several epochs of every token buffer), so that a CI-sized batch covers many
 * more graphs (docs/fabric-tests.md, "Randomized stress"). */
static void random_graphs(uint64_t count, bool short_runs)
{
    unsigned graphs = threads_or(count, 50), placed = 0, skipped = 0;
    unsigned max_nodes = tb_preset->fabric_units - units_of(UNIT_CVU);
    if (max_nodes > 24)
        max_nodes = 24;
    uint64_t threads = 0, cycles = 0;
    for (unsigned i = 0; i < graphs; i++) {
        uint64_t seed = sim_args.seed * 1000003u + i;
        rng_t r;
        rng_seed(&r, seed);
        tg_graph_t g;
        random_graph(&g, &r, max_nodes);
        run_cfg_t c = run_defaults();
        c.quiet = true;
        c.threads = short_runs ? 16 + rng_below(&r, 64) : 64 + rng_below(&r, 400);
        /* up to 463 threads with up to 60 % holes span < 1,200 IDs: room below the top ID */
        c.tid_base = rng_below(&r, (1u << VGIW_DATAPATH_TID_BITS) - 2048u);
        c.hole_pct = rng_below(&r, 3) == 0 ? 0 : rng_below(&r, 60);
        c.tile_base = rng_below(&r, 2) ? rng_below(&r, 0x8000) : rng_u32(&r) & 0xFFFF0000u;
        static const uint32_t lats[] = { 0, 2, 8, 30, 100 };
        c.mem_lat_min = 1 + rng_below(&r, 3);
        c.mem_lat_max = c.mem_lat_min + lats[rng_below(&r, 5)];
        c.mem_in_order = rng_below(&r, 4) == 0;
        c.mem_stall_pct = rng_below(&r, 3) == 0 ? 0 : rng_below(&r, 60);
        c.lv_lat_max = rng_below(&r, 20);
        c.lv_stall_pct = rng_below(&r, 50);
        c.batch_gap_pct = rng_below(&r, 40);
        c.done_stall_pct = rng_below(&r, 70);
        /* stores address by gid: keep gid * 4 inside an output region */
        bool stores = false;
        for (unsigned k = 0; k < g.n; k++)
            stores |= g.node[k].type == UNIT_LDST && g.node[k].op >= LDST_ST8;
        if (stores)
            c.tile_base = rng_below(&r, 0x4000);
        /* placement can fail on a full grid: a new graph then (not a test failure) */
        fcfg_t *probe = fcfg_new(tb_preset);
        unsigned cvus[VGIW_UNITS_CVU];
        fcfg_units_of_type(probe, UNIT_CVU, cvus, VGIW_UNITS_CVU);
        int unit_of[1][TG_MAX_NODES];
        rng_t pr;
        rng_seed(&pr, seed ^ 0x5EED);
        bool ok = tg_place(&g, probe, cvus, 1, &pr, unit_of, true);
        fcfg_free(probe);
        if (!ok) {
            skipped++;
            continue;
        }
        uint64_t f0 = sim_failed();
        run_result_t res = fabric_run(&g, 1, &c, seed);
        placed++;
        threads += res.threads;
        cycles += res.cycles;
        if (sim_failed() != f0) {
            printf("random graph %u (--seed %" PRIu64 " graph seed %" PRIu64 "): %u nodes, %" PRIu64 " threads FAILED\n", i,
                   sim_args.seed, seed, g.n, res.threads);
            if (sim_failed() > 50)
                break;
        } else if (!sim_args.quiet && getenv("FABRIC_TB_VERBOSE")) {
            printf("random graph %u: %u nodes, %" PRIu64 " threads, %" PRIu64 " cycles ok\n", i, g.n, res.threads, res.cycles);
        }
    }
    stats_set("random.graphs", placed);
    stats_set("random.unplaceable", skipped);
    stats_set("random.threads", threads);
    /* printed with --quiet too: the coverage of this batch */
    printf("random: seeds %" PRIu64 "*1000003+[0,%u): %u graphs run (%u could not be placed), %" PRIu64
           " threads, %" PRIu64 " cycles\n",
           sim_args.seed, graphs, placed, skipped, threads, cycles);
    sim_check_u32(placed * 2 >= graphs, "most random graphs placed (%u of %u)", placed, graphs);
}

static void t_random(uint64_t count) { random_graphs(count, false); }
static void t_stress(uint64_t count) { random_graphs(count, true); }

/* ---- figures for make bench ---------------------------------------------------------- */

/* Runs g with no gaps and no backpressure, memory at a fixed latency; records
 * <prefix>threads_per_kcycle (threads per 1000 cycles), <prefix>replicas, ... */
static double bench_run(const char *prefix, const char *name, const tg_graph_t *g, unsigned replicas, uint32_t lat,
                        unsigned threads)
{
    run_cfg_t c = run_defaults();
    c.threads = threads;
    c.hole_pct = 0;
    c.batch_gap_pct = 0;
    c.done_stall_pct = 0;
    c.mem_stall_pct = 0;
    c.lv_stall_pct = 0;
    c.mem_lat_min = c.mem_lat_max = lat;
    c.quiet = true;
    run_result_t r = fabric_run(g, replicas, &c, sim_args.seed);
    double tpc = (double)r.threads / (double)r.cycles;
    char key[96];
    snprintf(key, sizeof key, "%sthreads_per_kcycle", prefix);
    stats_set(key, (uint64_t)(tpc * 1000.0 + 0.5));
    snprintf(key, sizeof key, "%sreplicas", prefix);
    stats_set(key, replicas);
    snprintf(key, sizeof key, "%sthreads_run", prefix);
    stats_set(key, r.threads);
    snprintf(key, sizeof key, "%sthread_cycles", prefix);
    stats_set(key, r.cycles);
    printf("  %-22s %2u replicas  %7" PRIu64 " threads  %8" PRIu64 " cycles  %.3f threads/cycle  (%.3f per replica)\n",
           name, replicas, r.threads, r.cycles, tpc, tpc / replicas);
    return tpc;
}

/* Compute bound: CVU -> chain of CUs -> CVU, one replica per CVU as far as the CUs go. */
static unsigned bench_compute_graph(tg_graph_t *g)
{
    unsigned ncvu = units_of(UNIT_CVU), ncu = units_of(UNIT_CU);
    unsigned chain = 3, reps = ncvu;
    while (chain > 1 && chain * reps > ncu)
        chain--;
    while (reps > 1 && chain * reps > ncu)
        reps--;
    tg_init(g);
    unsigned prev = 0;
    static const unsigned ops[3] = { ALU_ADD, ALU_MUL, ALU_XOR };
    for (unsigned k = 0; k < chain; k++) {
        unsigned n = tg_cu(g, CU_ALU, ops[k]);
        tg_edge(g, prev, 0, n, 0);
        tg_const(g, n, 1, 0x10001u * (k + 3));
        prev = n;
    }
    tg_edge(g, prev, 0, 0, 0);
    return reps;
}

/* Memory bound: one load per thread (address from the thread ID), plus one. */
static unsigned bench_load_graph(tg_graph_t *g)
{
    unsigned ncvu = units_of(UNIT_CVU), ncu = units_of(UNIT_CU), nls = units_of(UNIT_LDST);
    unsigned reps = ncvu < nls ? ncvu : nls;
    while (reps > 1 && 3 * reps > ncu)
        reps--;
    tg_init(g);
    unsigned off = node_offset(g);
    unsigned idx = node_index(g, off);
    unsigned ld = node_mem(g, LDST_LD32, MEM_IN_A, idx);
    /* no second edge from the CVU: a short path beside the load would hold the CVU's
     * fan-out (and so the injection) until each load returns (see "unbalanced") */
    unsigned add = tg_cu(g, CU_ALU, ALU_ADD);
    tg_edge(g, ld, 0, add, 0);
    tg_const(g, add, 1, 1);
    tg_edge(g, add, 0, 0, 0);
    return reps;
}

static void bench_header(void)
{
    printf("fabric bench, preset %s: %u units, %u-entry token buffers, configuration %u cycles\n", VGIW_PRESET,
           tb_preset->fabric_units, VGIW_FABRIC_TOKEN_BUFFER_DEPTH, fcfg_cfg_cycles(tb_preset));
    stats_set("config_cycles", fcfg_cfg_cycles(tb_preset));
}

static void t_bench_compute(uint64_t count)
{
    tg_graph_t g;
    bench_header();
    unsigned reps = bench_compute_graph(&g);
    bench_run("", "compute", &g, reps, 1, threads_or(count, 8192));
}

static void bench_load(uint64_t count, uint32_t lat)
{
    tg_graph_t g;
    bench_header();
    unsigned reps = bench_load_graph(&g);
    char name[32];
    snprintf(name, sizeof name, "load, latency %u", lat);
    bench_run("", name, &g, reps, lat, threads_or(count, 4096));
}

static void t_bench_load20(uint64_t count) { bench_load(count, 20); }
static void t_bench_load100(uint64_t count) { bench_load(count, 100); }
static void t_bench_load400(uint64_t count) { bench_load(count, 400); }
/* any latency: FABRIC_TB_LAT=N (exploration) */
static void t_bench_load(uint64_t count)
{
    const char *l = getenv("FABRIC_TB_LAT");
    bench_load(count, l ? (uint32_t)strtoul(l, NULL, 0) : 1);
}

static void t_bench(uint64_t count)
{
    unsigned threads = threads_or(count, 8192);
    tg_graph_t g;
    bench_header();
    unsigned reps = bench_compute_graph(&g);
    bench_run("compute.", "compute", &g, reps, 1, threads);
    bench_run("compute1.", "compute, 1 replica", &g, 1, 1, threads / 2);
    reps = bench_load_graph(&g);
    static const uint32_t lats[] = { 20, 100, 400 };
    for (unsigned k = 0; k < 3; k++) {
        char prefix[32], name[32];
        snprintf(prefix, sizeof prefix, "load%u.", lats[k]);
        snprintf(name, sizeof name, "load, latency %u", lats[k]);
        bench_run(prefix, name, &g, reps, lats[k], threads / (k == 2 ? 4 : 2));
    }
}

/* ---- harness self-test: a graph that cannot finish ----------------------------------- */

/* The memory never accepts a request: the watchdog must fire and dump the busy units. */
static void t_hang(uint64_t count)
{
    tg_graph_t g;
    tg_init(&g);
    unsigned off = node_offset(&g);
    unsigned idx = node_index(&g, off);
    unsigned ld = node_mem(&g, LDST_LD32, MEM_IN_A, idx);
    tg_edge(&g, ld, 0, 0, 0);
    run_cfg_t c = run_defaults();
    c.threads = threads_or(count, 200);
    c.mem_stall_pct = 100;
    fabric_run(&g, 1, &c, sim_args.seed);
    sim_fail("the run finished although the memory accepted nothing");
}

const tb_test_t tb_tests[] = {
    { "smoke", "CVU -> ADD -> CVU", t_smoke },
    { "saxpy_cu", "a*x+y with x, y from the thread ID (CUs only)", t_saxpy_cu },
    { "saxpy", "z = a*x + y: loads, store, join before the outcome", t_saxpy },
    { "unbalanced", "(a+x)*(b+c+x) without and with a delay on the short path", t_unbalanced },
    { "ldld", "load -> load -> add (SGMF Fig. 4) under random latency", t_ldld },
    { "divsqrt", "division and square root, out-of-order SCU completion", t_divsqrt },
    { "memorder", "load/store to one word per thread ordered by joins", t_memorder },
    { "memorder_nojoin", "the same without the join (expected to FAIL)", t_memorder_nojoin },
    { "pair_conflict", "both outputs of a unit selected on its one link (expected to FAIL)", t_pair_conflict },
    { "fanout", "one value fanned out over multi-hop switch routes", t_fanout },
    { "random", "random graphs x latency x backpressure (--count graphs)", t_random },
    { "stress", "the same with 16-79 threads per graph: many graphs per batch", t_stress },
    { "bench", "all figures: threads/cycle compute bound and at 20/100/400-cycle latency", t_bench },
    { "bench_compute", "figure: threads/cycle on a compute-bound graph, all replicas", t_bench_compute },
    { "bench_load20", "figure: threads/cycle, one load per thread at latency 20", t_bench_load20 },
    { "bench_load100", "figure: the same at latency 100", t_bench_load100 },
    { "bench_load400", "figure: the same at latency 400", t_bench_load400 },
    { "bench_load", "the same at latency $FABRIC_TB_LAT (default 1)", t_bench_load },
    { "hang", "harness self-test: memory never answers, the watchdog must fire", t_hang },
    { NULL, NULL, NULL },
};
