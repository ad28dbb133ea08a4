/* cvu_unit testbench: thread injection with coordinates (VGIW §2; docs/fabric-units/cvu.md).
 *
 * Each kernel (--count of them) gets a random 1-, 2- or 3-D NDRange with uneven work-groups
 * (different, mostly non-power-of-two local sizes per dimension, 1..7 groups per dimension),
 * one tile or several (a tile is a multiple of lcm(work-group, 64) threads, as the runtime
 * cuts them) and random __local geometry, written to the unit's geom_i as the BBS passes the
 * descriptor words. Per tile, several scans of batches: dense, sparse and single-thread
 * masks, words skipped as when other replicas take them, scans that restart at a lower base
 * after a clear, random output selections (changed only at a clear, as a
 * configuration is), random out0/out1/done backpressure and outcome delays. Checked:
 *   - every injected value on out0 and out1 against a golden computation by division
 *     (the definition: OpenCL work-group-major numbering, docs/compiler.md);
 *   - each thread of each batch exactly once, in increasing thread-ID order, nothing else;
 *   - every done packet: the batch's base and mask, and the outcomes the testbench sent;
 *   - error_o stays 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

#define GW (VGIW_DESC_W_LOCAL_SPAN - VGIW_DESC_W_LSIZE0 + 1)
#define G(name) (VGIW_DESC_W_##name - VGIW_DESC_W_LSIZE0)
#define TOKB VGIW_TOKEN_BITS
#define MAXB 2048                      /* batches per scan */
#define TIDS (1u << VGIW_DATAPATH_TID_BITS)   /* thread IDs of a tile: the token's tid field */

static rng_t rng;
static int throughput;                /* --op throughput: full masks, no backpressure */
static uint64_t inj_cycles, inj_threads;

typedef struct {
    uint32_t ls[3], ng[3], gt, tg, lbase, stride;
} geo_t;

static uint32_t golden(const geo_t *g, unsigned sel, uint32_t x)
{
    uint32_t grp = x / g->gt, l = x % g->gt;
    uint32_t lid[3] = { l % g->ls[0], (l / g->ls[0]) % g->ls[1], l / (g->ls[0] * g->ls[1]) };
    uint32_t gid[3] = { grp % g->ng[0], (grp / g->ng[0]) % g->ng[1], grp / (g->ng[0] * g->ng[1]) };
    switch (sel) {
    case CVU_SRC_GLOBAL_ID0: case CVU_SRC_GLOBAL_ID1: case CVU_SRC_GLOBAL_ID2: {
        unsigned d = sel - CVU_SRC_GLOBAL_ID0;
        return gid[d] * g->ls[d] + lid[d];
    }
    case CVU_SRC_LOCAL_ID0: case CVU_SRC_LOCAL_ID1: case CVU_SRC_LOCAL_ID2:
        return lid[sel - CVU_SRC_LOCAL_ID0];
    case CVU_SRC_GROUP_ID0: case CVU_SRC_GROUP_ID1: case CVU_SRC_GROUP_ID2:
        return gid[sel - CVU_SRC_GROUP_ID0];
    case CVU_SRC_LOCAL_BASE:
        return g->lbase + (grp % g->tg) * g->stride;
    default:
        return x;
    }
}

static const uint32_t sizes[] = { 1, 2, 3, 5, 6, 7, 9, 10, 12, 13, 16, 17, 31, 48, 64, 100 };
#define NSIZES (sizeof sizes / sizeof sizes[0])

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* ---- one scan of batches ---------------------------------------------------------------- */

typedef struct { uint32_t base; uint64_t mask, taken, seen; int done; } batch_t;

static batch_t bat[MAXB];
static unsigned nbat;
static uint32_t *exp_tid;             /* expected injection order */
static unsigned nexp;
static uint32_t *oq_tid, *oq_bit;     /* outcomes to send: FIFO */
static uint64_t kernels, scans, threads_checked, batches_checked;

static void set_geom(const geo_t *g)
{
    uint32_t w[GW];
    memset(w, 0, sizeof w);
    w[G(LSIZE0)] = g->ls[0];
    w[G(LSIZE1)] = g->ls[1];
    w[G(LSIZE2)] = g->ls[2];
    w[G(NGROUPS0)] = g->ng[0];
    w[G(NGROUPS1)] = g->ng[1];
    w[G(GSIZE0)] = g->ng[0] * g->ls[0];
    w[G(GSIZE1)] = g->ng[1] * g->ls[1];
    w[G(LOCAL_BASE)] = g->lbase;
    w[G(LOCAL_STRIDE)] = g->stride;
    w[G(TILE_GROUPS)] = g->tg;
    w[G(LOCAL_SPAN)] = g->stride * g->tg;
    dut_setw_geom_i(w);
}

static void set_cfg(unsigned sel0, unsigned sel1, unsigned out1)
{
    unit_cfg_t c;
    memset(&c, 0, sizeof c);
    c.in_sel = 1;                      /* in0: outcomes */
    c.out1_en = out1;
    c.imm = sel0 | sel1 << 4;
    uint32_t w[VGIW_UNIT_CFG_WORDS];
    unit_cfg_pack(&c, w);
    dut_setw_cfg_i(w);
}

static void clear_pulse(void)
{
    dut_set_cvu_batch_valid_i(0);
    dut_set_in_valid_i(0);
    dut_set_out_ready_i(0);
    dut_set_cvu_done_ready_i(0);
    dut_set_clear_i(1);
    sim_step();
    dut_set_clear_i(0);
}

/* a configuration row shifting in after a clear (the fabric's cfg_shift_i): the CVU's
 * coordinate setup restarts at the first one, for the geometry of a new kernel */
static uint64_t last_shift;
static void shift_pulse(void)
{
    last_shift = sim_cycle();
    dut_set_cfg_shift_i(1);
    sim_step();
    dut_set_cfg_shift_i(0);
}

static uint64_t rand_mask(uint32_t valid)
{
    uint64_t lim = valid >= 64 ? ~0ull : ((1ull << valid) - 1);
    uint64_t m;
    switch (throughput ? 0 : rng_below(&rng, 5)) {
    case 0:  m = ~0ull; break;
    case 1:  m = 1ull << rng_below(&rng, 64); break;
    case 2:  m = rng_u64(&rng) & rng_u64(&rng) & rng_u64(&rng); break;
    default: m = rng_u64(&rng); break;
    }
    return m & lim;
}

/* restart: the scan follows a clear without a configuration shift (a loop back to the
 * configured block): its first batch must be taken in its first cycle (issue 17), once the
 * setup of the last configuration had its 7 cycles (a reconfiguration shifts at least 13
 * rows, docs/fabric.md; here a scan may have had no batch at all) */
static void run_scan(const geo_t *g, uint32_t tile_base, uint32_t tile_threads, unsigned sel0, unsigned sel1,
                     unsigned out1, int restart)
{
    /* batches: words in increasing order, a replica's share (every R-th word) or all */
    unsigned words = (tile_threads + 63) / 64, R = 1 + rng_below(&rng, 3), r = rng_below(&rng, R);
    unsigned first = rng_below(&rng, 4) == 0 ? rng_below(&rng, words) : 0;
    if (throughput)
        first = 0;
    nbat = nexp = 0;
    for (unsigned w = first; w < words && nbat < MAXB; w++) {
        if (w % R != r)
            continue;
        uint32_t valid = tile_threads - 64 * w;
        uint64_t m = rand_mask(valid);
        if (!m)
            continue;
        bat[nbat].base = 64 * w;
        bat[nbat].mask = m;
        bat[nbat].taken = 0;
        bat[nbat].seen = 0;
        bat[nbat].done = 0;
        for (unsigned i = 0; i < 64; i++)
            if (m >> i & 1)
                exp_tid[nexp++] = 64 * w + i;
        nbat++;
    }
    scans++;
    unsigned sent = 0, got0 = 0, got1 = 0, oq_head = 0, oq_tail = 0, done = 0;
    unsigned p_out = rng_below(&rng, 4) == 0 ? 60 : 95, p_done = rng_below(&rng, 3) == 0 ? 40 : 90;
    unsigned p_oc = rng_below(&rng, 3) == 0 ? 30 : 90;
    if (throughput)
        p_out = p_done = p_oc = 100;
    uint64_t c0 = sim_cycle(), first_inj = 0, last_inj = 0;
    uint32_t tok[(4 * TOKB + 31) / 32];
    while (done < nbat || got0 < nexp || (out1 && got1 < nexp)) {
        /* drive */
        dut_set_cvu_batch_valid_i(sent < nbat);
        if (sent < nbat) {
            uint32_t w[(VGIW_CVU_BATCH_BITS + 31) / 32] = { 0 };
            cvu_batch_t b = { .base = bat[sent].base, .mask = bat[sent].mask };
            cvu_batch_pack_at(&b, w, 0);
            dut_setw_cvu_batch_i(w);
        }
        unsigned ordy = (rng_below(&rng, 100) < p_out ? 1u : 0u) | (rng_below(&rng, 100) < p_out ? 2u : 0u);
        dut_set_out_ready_i(ordy);
        unsigned drdy = rng_below(&rng, 100) < p_done;
        dut_set_cvu_done_ready_i(drdy);
        int send_oc = oq_head != oq_tail && rng_below(&rng, 100) < p_oc;
        memset(tok, 0, sizeof tok);
        if (send_oc) {
            token_t t = { 0 };
            uint32_t tw[2] = { 0, 0 };
            t.tid = oq_tid[oq_head];
            t.data = oq_bit[oq_head] | (rng_u32(&rng) & ~1u);   /* only bit 0 is the outcome */
            token_pack_at(&t, tw, 0);
            bits_set(tok, 0, 32, tw[0]);
            bits_set(tok, 32, TOKB - 32, tw[1]);
        }
        dut_setw_in_tok_i(tok);
        dut_set_in_valid_i(send_oc ? 1 : 0);
        sim_eval();
        /* sample */
        if (restart && sent == 0 && nbat && sim_cycle() == c0 && c0 >= last_shift + 8)
            sim_check_eq(dut_get_cvu_batch_ready_o(), 1, "first batch after a clear without a new configuration "
                         "taken at once (kernel %llu scan %llu)", (unsigned long long)kernels, (unsigned long long)scans);
        if (sent < nbat && dut_get_cvu_batch_ready_o())
            sent++;
        unsigned ov = (unsigned)dut_get_out_valid_o();
        uint32_t ow[(2 * TOKB + 31) / 32];
        dut_getw_out_tok_o(ow);
        for (unsigned k = 0; k < 2; k++) {
            if (!(ov >> k & 1) || !(ordy >> k & 1))
                continue;
            uint32_t tw[2] = { (uint32_t)bits_get(ow, k * TOKB, 32), (uint32_t)bits_get(ow, k * TOKB + 32, TOKB - 32) };
            token_t t;
            token_unpack_at(tw, 0, &t);
            unsigned *pos = k ? &got1 : &got0;
            unsigned sel = k ? sel1 : sel0;
            if (k == 1 && !out1) {
                sim_fail("out1 sends a token though out1_en is 0");
                continue;
            }
            if (*pos >= nexp) {
                sim_fail("out%u: thread %u injected beyond the %u threads of the scan", k, t.tid, nexp);
                continue;
            }
            uint32_t want_tid = exp_tid[*pos], x = tile_base + want_tid;
            sim_check_eq(t.tid, want_tid, "out%u: thread %u of the scan (kernel %llu scan %llu)", k, *pos,
                         (unsigned long long)kernels, (unsigned long long)scans);
            sim_check_eq(t.ctrl, 0, "out%u: ctrl bit", k);
            sim_check_eq(t.data, golden(g, sel, x), "out%u: source %u of linear ID %u (LS %u,%u,%u NG %u,%u,%u, TG %u)",
                         k, sel, x, g->ls[0], g->ls[1], g->ls[2], g->ng[0], g->ng[1], g->ng[2], g->tg);
            threads_checked++;
            if (k == 0) {
                if (!first_inj)
                    first_inj = sim_cycle() + 1;
                last_inj = sim_cycle() + 1;
                oq_tid[oq_tail] = t.tid;
                oq_bit[oq_tail] = rng_below(&rng, 2);
                oq_tail++;
            }
            (*pos)++;
        }
        if (send_oc) {
            if (!(dut_get_in_ready_o() & 1))
                sim_fail("in0 not ready for an outcome");
            uint32_t tid = oq_tid[oq_head];
            for (unsigned b = 0; b < nbat; b++)
                if (tid >= bat[b].base && tid < bat[b].base + 64 && (bat[b].mask >> (tid - bat[b].base) & 1)) {
                    if (oq_bit[oq_head])
                        bat[b].taken |= 1ull << (tid - bat[b].base);
                    bat[b].seen |= 1ull << (tid - bat[b].base);
                    /* the batch is finished in the cycle of its last outcome (issue 17) */
                    if (bat[b].seen == bat[b].mask)
                        sim_check_eq(dut_get_cvu_done_valid_o(), 1, "done packet of base %u in the cycle of its "
                                     "last outcome", bat[b].base);
                    break;
                }
            oq_head++;
        }
        if (dut_get_cvu_done_valid_o() && drdy) {
            uint32_t w[(VGIW_CVU_DONE_BITS + 31) / 32];
            cvu_done_t d;
            dut_getw_cvu_done_o(w);
            cvu_done_unpack_at(w, 0, &d);
            uint32_t base = d.base;
            uint64_t m = d.mask, tk = d.taken;
            int found = 0;
            for (unsigned b = 0; b < nbat; b++)
                if (bat[b].base == base && !bat[b].done) {
                    found = 1;
                    bat[b].done = 1;
                    sim_check_eq(m, bat[b].mask, "done packet of base %u: mask", base);
                    sim_check_eq(tk, bat[b].taken, "done packet of base %u: outcomes", base);
                    batches_checked++;
                    break;
                }
            if (!found)
                sim_fail("done packet for base %u, which no pending batch has", base);
            done++;
        }
        sim_step();
        sim_progress();
        if (dut_get_error_o())
            sim_fail("error_o set (kernel %llu scan %llu)", (unsigned long long)kernels, (unsigned long long)scans);
    }
    dut_set_cvu_batch_valid_i(0);
    dut_set_in_valid_i(0);
    if (nexp) {
        inj_cycles += last_inj - first_inj + 1;   /* first to last injection of the scan */
        inj_threads += nexp;
    }
    (void)c0;
    sim_check_eq(got0, nexp, "out0: threads injected in the scan");
    if (out1)
        sim_check_eq(got1, nexp, "out1: threads injected in the scan");
}

/* one kernel of geometry g: N threads in tiles of T */
static void run_geometry(const geo_t *g, uint64_t N, uint64_t T)
{
    set_geom(g);
    kernels++;
    unsigned sel0 = rng_below(&rng, CVU_SRC_LOCAL_BASE + 1), sel1 = rng_below(&rng, CVU_SRC_LOCAL_BASE + 1);
    unsigned out1 = rng_below(&rng, 4) != 0;
    set_cfg(sel0, sel1, out1);
    clear_pulse();
    shift_pulse();   /* a new kernel's first block is shifted in: the setup for its geometry */
    for (uint64_t tb = 0; tb < N; tb += T) {
        dut_set_tile_base_i((uint32_t)tb);
        uint32_t tt = (uint32_t)(N - tb < T ? N - tb : T);
        unsigned passes = 1 + rng_below(&rng, 3);
        for (unsigned p = 0; p < passes; p++) {
            int restart = 0;
            if (p || tb) {
                /* every scan of a block follows a clear (the injection order of docs/fabric.md
                 * holds between clears); sometimes another configuration, shifted in, else a
                 * restart of the same one */
                int reconf = rng_below(&rng, 2);
                if (reconf) {
                    sel0 = rng_below(&rng, CVU_SRC_LOCAL_BASE + 1);
                    sel1 = rng_below(&rng, CVU_SRC_LOCAL_BASE + 1);
                    out1 = rng_below(&rng, 4) != 0;
                    set_cfg(sel0, sel1, out1);
                }
                clear_pulse();
                if (reconf)
                    shift_pulse();
                restart = !reconf;
            }
            run_scan(g, (uint32_t)tb, tt, sel0, sel1, out1, restart);
        }
    }
}

/* edge: 0 a random geometry; 1 one work-group of TIDS threads per tile (a local-ID digit of
 * radix 2^TID_BITS, the most the BBS accepts); 2 work-groups of one thread, TIDS per tile (TG
 * of radix 2^TID_BITS). The CVU adds those digits in TID_BITS + 1 bits (vgiw_cvu_coord_add). */
static void run_kernel(unsigned edge)
{
    geo_t g;
    memset(&g, 0, sizeof g);
    unsigned dims = 1 + rng_below(&rng, 3);
    uint64_t N;
    if (edge) {
        for (unsigned d = 0; d < 3; d++) g.ls[d] = g.ng[d] = 1;
        if (edge == 1) {
            g.ls[0] = TIDS;
            g.ng[0] = 1 + rng_below(&rng, 2);
        } else {
            g.ng[0] = TIDS + rng_below(&rng, TIDS);
        }
        g.gt = g.ls[0];
        N = (uint64_t)g.gt * g.ng[0];
        g.tg = TIDS / g.gt;
        g.stride = 16 * rng_below(&rng, 64);
        g.lbase = 0x100000u + 4096 * rng_below(&rng, 256);
        run_geometry(&g, N, TIDS);
        return;
    }
    do {
        for (unsigned d = 0; d < 3; d++) {
            g.ls[d] = d < dims ? sizes[rng_below(&rng, NSIZES)] : 1;
            g.ng[d] = d < dims ? 1 + rng_below(&rng, 7) : 1;
        }
        g.gt = g.ls[0] * g.ls[1] * g.ls[2];
        N = (uint64_t)g.gt * g.ng[0] * g.ng[1] * g.ng[2];
    } while (N > 12000 || g.gt > 4096 || g.gt / gcd(g.gt, 64) * 64 > TIDS);
    /* tiles: one, or multiples of lcm(work-group, 64) threads (docs/core.md), at most TIDS */
    uint64_t T, q = g.gt / gcd(g.gt, 64) * 64;
    int one_tile = rng_below(&rng, 2) == 0;
    if ((one_tile && (N + 63) / 64 * 64 <= TIDS) || N <= q) {
        T = (N + 63) / 64 * 64;
        g.tg = g.ng[0] * g.ng[1] * g.ng[2];
    } else {
        uint64_t kmax = (N - 1) / q < TIDS / q ? (N - 1) / q : TIDS / q;
        T = q * (1 + rng_below(&rng, (unsigned)kmax));
        g.tg = (uint32_t)(T / g.gt);
    }
    g.stride = 16 * rng_below(&rng, 64);
    g.lbase = 0x100000u + 4096 * rng_below(&rng, 256);
    run_geometry(&g, N, T);
}

int main(int argc, char **argv)
{
    sim_init("cvu_unit_tb", argc, argv);
    rng_seed(&rng, sim_args.seed);
    if (sim_args.op) {
        if (strcmp(sim_args.op, "throughput"))
            sim_die("--op: only 'throughput' is known");
        throughput = 1;
    }
    exp_tid = malloc(TIDS * sizeof *exp_tid);
    oq_tid = malloc(TIDS * sizeof *oq_tid);
    oq_bit = malloc(TIDS * sizeof *oq_bit);
    if (!exp_tid || !oq_tid || !oq_bit)
        sim_die("out of memory");
    dut_set_clear_i(0);
    dut_set_cfg_shift_i(0);
    dut_set_cvu_batch_valid_i(0);
    dut_set_in_valid_i(0);
    dut_set_out_ready_i(0);
    dut_set_cvu_done_ready_i(0);
    sim_reset(4);
    uint64_t n = sim_args.count ? sim_args.count : 50;
    for (uint64_t i = 0; i < n; i++)
        run_kernel(!throughput && i % 8 == 7 ? 1 + (unsigned)(i / 8) % 2 : 0);
    printf("cvu_unit_tb: %llu kernels, %llu scans, %llu injected values and %llu done packets checked, %llu cycles\n",
           (unsigned long long)kernels, (unsigned long long)scans, (unsigned long long)threads_checked,
           (unsigned long long)batches_checked, (unsigned long long)sim_cycle());
    printf("cvu_unit_tb: %llu threads injected in %llu cycles from each scan's first to last injection: %.3f threads "
           "per cycle%s\n", (unsigned long long)inj_threads, (unsigned long long)inj_cycles,
           inj_cycles ? (double)inj_threads / (double)inj_cycles : 0.0, throughput ? " (full masks, no backpressure)" : "");
    free(exp_tid);
    free(oq_tid);
    free(oq_bit);
    return sim_finish();
}
