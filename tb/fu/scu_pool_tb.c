/* scu_pool testbench (docs/fu/scu_pool.md): the special compute unit pool with
 * out-of-order completion.
 *
 * Every result is matched to its operation by tag and checked bit-exactly against
 * vgiw_scu() (sw/lib/vgiw_arith.c). Around that, every cycle:
 *   - in_ready_o must equal "some instance idle", which the testbench knows exactly: an
 *     instance is busy from the cycle after it accepted until the cycle its result is
 *     taken, and accepts again in that cycle (so the pool keeps every instance busy while
 *     operations wait);
 *   - a result offered but not taken must stay offered, unchanged, next cycle;
 *   - a returned tag must be one in flight;
 *   - no starvation: once an operation must have finished (LAT_BOUND cycles after it
 *     was accepted), at most INSTANCES-1 other results may leave before it.
 * Input gaps and output backpressure are random, their rates changing every block of
 * operations. Results returned out of issue order are counted (stats). The throughput
 * phase (no gaps, no backpressure) reports operations per cycle and checks that the
 * instance-cycles in use are >= 99% of those available.
 *
 * --op selects the work:  fdiv | fsqrt | int   directed cases of that class + --count
 *                                               biased random operations
 *                         directed             all directed cases
 *                         mixed                --count random ops of all kinds; the second
 *                                               half is the throughput phase
 *                         (none)               directed, then mixed
 * The pool's INSTANCES is VGIW_FU_SCU_INSTANCES, or SCU_TB_INSTANCES for a build whose
 * INSTANCES is overridden with -G (tb/fu/scu_pool.mk); a single scu_instance, whose ports are
 * the pool's, is driven as a pool of one. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "fp_rand.h"
#include "rng.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

#define NTAGS     (1u << DUT_TAG_I_BITS)
/* > worst-case accept-to-valid latency of an instance at 1 bit per cycle: int 35; FP with
 * a subnormal operand 1 + 1 + 23 (NORM) + 1 + 24 (ITER) + 1 + 1 = 52 */
#define LAT_BOUND 64u
#define BLOCK     4096u /* operations between changes of the gap/backpressure rates */

typedef struct req { unsigned op; uint32_t a, b; } req_t;

typedef struct entry {
    int in_use;
    req_t r;
    uint32_t expect;
    uint64_t seq;           /* issue order */
    uint64_t accept_cycle;
    unsigned passed_by;     /* results taken since this one must have finished */
} entry_t;

static entry_t tags[NTAGS];
static unsigned n_inst;
static unsigned inflight[256];   /* tags in flight (<= n_inst) */
static unsigned n_inflight;
static unsigned next_tag;
static uint64_t seq_issued, n_taken, n_ooo;
static rng_t trng;               /* timing randomness (gaps, backpressure) */
static unsigned gap_pct, stall_pct;
static int prev_offer_held;      /* last cycle: out_valid && !out_ready */
static uint32_t prev_res;
static unsigned prev_tag;
static uint64_t lat_min[2] = { UINT64_MAX, UINT64_MAX }, lat_max[2];   /* [0] int, [1] fp, unstalled */
static uint64_t stalled_since;   /* last cycle with out_valid && !out_ready */

/* throughput accounting */
static int tp_on;
static uint64_t tp_first_accept, tp_last_take, tp_ops, tp_occupancy;

static int is_fp(unsigned op) { return op == SCU_FDIV || op == SCU_FSQRT; }

static void dump_state(void)
{
    fprintf(stderr, "in flight: %u of %u instances\n", n_inflight, n_inst);
    for (unsigned i = 0; i < n_inflight; i++) {
        const entry_t *e = &tags[inflight[i]];
        fprintf(stderr, "  tag %3u seq %" PRIu64 " %s a=0x%08x b=0x%08x accepted at %" PRIu64 "\n",
                inflight[i], e->seq, scu_op_names[e->r.op], e->r.a, e->r.b, e->accept_cycle);
    }
}

static unsigned alloc_tag(void)
{
    for (unsigned k = 0; k < NTAGS; k++) {
        unsigned t = (next_tag + k) % NTAGS;
        if (!tags[t].in_use)
            return t;
    }
    sim_die("no free tag");
}

static void take_result(uint32_t res, unsigned tg)
{
    uint64_t now = sim_cycle();
    if (tg >= NTAGS || !tags[tg].in_use) {
        sim_fail("cycle %" PRIu64 ": result 0x%08x with tag %u that is not in flight", now, res, tg);
        return;
    }
    entry_t *e = &tags[tg];
    sim_check_eq(res, e->expect, "%s a=0x%08x b=0x%08x (tag %u, cycle %" PRIu64 ")",
                 scu_op_names[e->r.op], e->r.a, e->r.b, tg, now);
    if (e->passed_by > n_inst - 1)
        sim_fail("tag %u (%s) finished but %u other results left before it (starvation)",
                 tg, scu_op_names[e->r.op], e->passed_by);
    /* out of order: an older operation is still in flight. Every other operation that
     * must have finished by now is passed by this result. */
    unsigned idx = 0;
    int older = 0;
    for (unsigned i = 0; i < n_inflight; i++) {
        entry_t *o = &tags[inflight[i]];
        if (inflight[i] == tg) {
            idx = i;
            continue;
        }
        if (o->seq < e->seq)
            older = 1;
        if (now >= o->accept_cycle + LAT_BOUND)
            o->passed_by++;
    }
    n_ooo += older;
    uint64_t lat = now - e->accept_cycle;
    if (stalled_since < e->accept_cycle) {   /* never stalled while in flight */
        int k = is_fp(e->r.op);
        if (lat < lat_min[k]) lat_min[k] = lat;
        if (lat > lat_max[k]) lat_max[k] = lat;
        if (tp_on && lat > LAT_BOUND + n_inst)
            sim_fail("tag %u (%s a=0x%08x b=0x%08x) took %" PRIu64 " cycles without backpressure",
                     tg, scu_op_names[e->r.op], e->r.a, e->r.b, lat);
    }
    if (tp_on && e->accept_cycle >= tp_first_accept) {
        tp_occupancy += lat;       /* accept cycle .. the cycle before the take, which accepts again */
        tp_last_take = now;
    }
    inflight[idx] = inflight[--n_inflight];
    e->in_use = 0;
    n_taken++;
    sim_progress();
}

/* One cycle. Offers `r` (if not NULL) subject to a random gap; returns 1 if accepted. */
static int cycle(const req_t *r)
{
    int valid = r != NULL && !(gap_pct && rng_below(&trng, 100) < gap_pct);
    int ready = !(stall_pct && rng_below(&trng, 100) < stall_pct);
    unsigned tg = r ? alloc_tag() : 0;
    dut_set_in_valid_i((uint64_t)valid);
    dut_set_op_i(r ? r->op : 0);
    dut_set_a_i(r ? r->a : 0);
    dut_set_b_i(r ? r->b : 0);
    dut_set_tag_i(tg);
    dut_set_out_ready_i((uint64_t)ready);
    sim_eval();

    uint64_t now = sim_cycle();
    int in_ready = (int)dut_get_in_ready_o();
    int out_valid = (int)dut_get_out_valid_o();
    uint32_t res = (uint32_t)dut_get_result_o();
    unsigned otag = (unsigned)dut_get_tag_o();

    unsigned busy = n_inflight - (unsigned)(out_valid && ready);   /* a leaving result frees its instance */
    if (in_ready != (busy < n_inst))
        sim_fail("cycle %" PRIu64 ": in_ready_o=%d with %u of %u instances busy", now, in_ready, busy, n_inst);
    if (prev_offer_held && (!out_valid || res != prev_res || otag != prev_tag))
        sim_fail("cycle %" PRIu64 ": offered result (tag %u, 0x%08x) changed to valid=%d tag %u 0x%08x before it was taken",
                 now, prev_tag, prev_res, out_valid, otag, res);
    prev_offer_held = out_valid && !ready;
    prev_res = res;
    prev_tag = otag;
    if (out_valid && !ready)
        stalled_since = now;

    if (out_valid && ready)
        take_result(res, otag);
    int accepted = valid && in_ready;
    if (accepted && n_inflight == sizeof inflight / sizeof inflight[0])
        sim_die("cycle %" PRIu64 ": more operations in flight than any pool can hold", now);
    if (accepted) {
        entry_t *e = &tags[tg];
        e->in_use = 1;
        e->r = *r;
        e->expect = vgiw_scu(r->op, r->a, r->b);
        e->seq = seq_issued++;
        e->accept_cycle = now;
        e->passed_by = 0;
        inflight[n_inflight++] = tg;
        next_tag = (tg + 1) % NTAGS;
        if (tp_on && tp_ops++ == 0)
            tp_first_accept = now;
    }
    sim_step();
    return accepted;
}

static uint64_t n_issued_in_block;

static void new_rates(void)
{
    static const unsigned gaps[] = { 0, 0, 10, 30, 70 };
    static const unsigned stalls[] = { 0, 0, 20, 50, 90 };
    gap_pct = gaps[rng_below(&trng, 5)];
    stall_pct = stalls[rng_below(&trng, 5)];
}

static int fp_finite_nonzero(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u && (x & 0x7FFFFFFFu) != 0; }

/* Counts the operand/result classes the random generators are meant to reach. */
static void coverage(const req_t *r)
{
    uint32_t res = vgiw_scu(r->op, r->a, r->b);
    uint32_t mag = res & 0x7FFFFFFFu;
    if (r->op == SCU_FDIV && fp_finite_nonzero(r->a) && fp_finite_nonzero(r->b)) {
        if (mag == 0)
            stats_add("cov_fdiv_underflow_to_zero", 1);
        else if (mag < 0x00800000u)
            stats_add("cov_fdiv_subnormal_result", 1);
        else if (mag == 0x00800000u)
            stats_add("cov_fdiv_min_normal_result", 1);
        else if (mag == 0x7F800000u)
            stats_add("cov_fdiv_overflow", 1);
        else if (mag == 0x7F7FFFFFu)
            stats_add("cov_fdiv_max_normal_result", 1);
        if ((r->a & 0x7F800000u) == 0 || (r->b & 0x7F800000u) == 0)
            stats_add("cov_fdiv_subnormal_operand", 1);
        /* products of two 24-bit significands (25 for a midpoint) are exact in double */
        double fa = (double)vgiw_f32(r->a & 0x7FFFFFFFu), fb = (double)vgiw_f32(r->b & 0x7FFFFFFFu);
        double q = (double)vgiw_f32(mag);
        if (q * fb == fa)
            stats_add("cov_fdiv_exact", 1);
        else if (mag < 0x7F800000u &&
                 ((mag > 0 && (q + (double)vgiw_f32(mag - 1)) / 2 * fb == fa) ||
                  (mag < 0x7F7FFFFFu && (q + (double)vgiw_f32(mag + 1)) / 2 * fb == fa)))
            stats_add("cov_fdiv_rounding_tie", 1);
    } else if (r->op == SCU_FSQRT && fp_finite_nonzero(r->a) && !(r->a >> 31)) {
        if ((r->a & 0x7F800000u) == 0)
            stats_add("cov_fsqrt_subnormal_operand", 1);
        if ((double)vgiw_f32(res) * (double)vgiw_f32(res) == (double)vgiw_f32(r->a))
            stats_add("cov_fsqrt_exact", 1);
    } else if (r->op <= SCU_REMU) {
        if (r->b == 0)
            stats_add("cov_int_div_by_zero", 1);
        else if (r->a == 0x80000000u && r->b == 0xFFFFFFFFu && (r->op == SCU_DIV || r->op == SCU_REM))
            stats_add("cov_int_min_by_minus_one", 1);
    }
}

static void issue(const req_t *r)
{
    if (!tp_on && ++n_issued_in_block == BLOCK) {
        n_issued_in_block = 0;
        new_rates();
    }
    stats_add(scu_op_names[r->op], 1);
    coverage(r);
    while (!cycle(r)) {}
}

static void drain(void)
{
    while (n_inflight)
        cycle(NULL);
}

/* ---- operand generation ---------------------------------------------------------------- */

static const uint32_t edge_ints[] = {
    0, 1, 0xFFFFFFFFu, 2, 0xFFFFFFFEu, 3, 0xFFFFFFFDu, 7, 10, 0xFFFFFFF6u, 16, 31, 0x7F, 0x80,
    0xFF, 0x100, 0xFFFF, 0x10000, 0x12345678u, 0x55555555u, 0xAAAAAAAAu,
    0x7FFFFFFFu, 0x7FFFFFFEu, 0x80000000u, 0x80000001u, 0x40000000u, 0xC0000000u,
};
#define N_EDGE (sizeof edge_ints / sizeof edge_ints[0])

static uint32_t rand_int(rng_t *r)
{
    switch (rng_below(r, 6)) {
    case 0:  return edge_ints[rng_below(r, N_EDGE)];
    case 1:  return (uint32_t)((int32_t)rng_below(r, 33) - 16);                  /* small */
    case 2:  return rng_u32(r) >> rng_below(r, 32);                               /* k bits */
    case 3:  return (uint32_t)-(int32_t)(rng_u32(r) >> rng_below(r, 32));
    default: return rng_u32(r);
    }
}

static req_t rand_int_req(rng_t *r)
{
    req_t q = { rng_below(r, 4), rand_int(r), 0 };   /* DIV, DIVU, REM, REMU */
    switch (rng_below(r, 5)) {
    case 0:  q.b = (uint32_t)((int32_t)rng_below(r, 17) - 8); break;            /* small divisor */
    case 1:  q.b = q.a + (uint32_t)((int32_t)rng_below(r, 5) - 2); break;      /* b ~ a */
    case 2:  q.b = q.a >> rng_below(r, 32); break;                              /* big quotient */
    default: q.b = rand_int(r); break;
    }
    return q;
}

static uint32_t fp_pack(uint32_t s, uint32_t e, uint32_t m) { return (s << 31) | ((e & 0xFFu) << 23) | (m & 0x7FFFFFu); }

static req_t rand_fdiv_req(rng_t *r)
{
    req_t q = { SCU_FDIV, 0, 0 };
    uint32_t c;
    fp_rand_operands(r, 2, &q.a, &q.b, &c);
    int ea = (int)((q.a >> 23) & 0xFFu);
    switch (rng_below(r, 8)) {
    case 0: { /* exact or near-exact quotients: a = b * c, rounded */
        uint32_t p = vgiw_bits(vgiw_f32(q.b) * vgiw_f32(c));
        if (!vgiw_is_nan(p))
            q.a = p + (rng_below(r, 2) ? 0 : (uint32_t)rng_below(r, 3) - 1u);
        break;
    }
    case 1: { /* quotient near or below the normal range: exponent -26 .. 2 */
        int eb = ea + 127 - ((int)rng_below(r, 29) - 26);
        if (eb >= 1 && eb <= 254)
            q.b = fp_pack(rng_u32(r) & 1u, (uint32_t)eb, rng_u32(r));
        break;
    }
    case 2: { /* quotient near overflow: exponent 252 .. 256 */
        int eb = ea + 127 - (252 + (int)rng_below(r, 5));
        if (eb >= 0 && eb <= 254)
            q.b = fp_pack(rng_u32(r) & 1u, (uint32_t)eb, rng_u32(r));
        break;
    }
    case 3: /* significands close: quotient near 1 or just below */
        q.b = (q.a & 0x7FFFFFFFu) + (uint32_t)rng_below(r, 9) - 4u;
        if (((q.b >> 23) & 0xFFu) == 0xFFu) q.b = q.a;
        q.b ^= rng_u32(r) & 0x80000000u;
        break;
    default:
        break;
    }
    return q;
}

static req_t rand_fsqrt_req(rng_t *r)
{
    req_t q = { SCU_FSQRT, 0, 0 };
    uint32_t b, c;
    fp_rand_operands(r, 1, &q.a, &b, &c);
    if (rng_below(r, 4))
        q.a &= 0x7FFFFFFFu;              /* mostly non-negative: negatives only give NaN */
    if (rng_below(r, 4) == 0) {          /* near perfect squares */
        uint32_t y = fp_rand_value(r) & 0x7FFFFFFFu;
        uint32_t p = vgiw_bits(vgiw_f32(y) * vgiw_f32(y));
        if (!vgiw_is_nan(p) && p < 0x7F800000u)
            q.a = p + (uint32_t)rng_below(r, 5) - 2u;
        q.a &= 0x7FFFFFFFu;
    }
    q.b = rng_u32(r);                    /* unused operand: any value */
    return q;
}

static req_t rand_any_req(rng_t *r)
{
    switch (rng_below(r, 3)) {
    case 0:  return rand_int_req(r);
    case 1:  return rand_fdiv_req(r);
    default: return rand_fsqrt_req(r);
    }
}

/* ---- directed cases ---------------------------------------------------------------------- */

static void directed_int(void)
{
    for (unsigned op = SCU_DIV; op <= SCU_REMU; op++)
        for (unsigned i = 0; i < N_EDGE; i++)
            for (unsigned j = 0; j < N_EDGE; j++) {
                req_t q = { op, edge_ints[i], edge_ints[j] };
                issue(&q);
            }
}

/* Exact quotients t * 2^-s, t small and odd, placed at every bit position around the
 * subnormal LSB, guard and sticky positions, with divisors that are not powers of two
 * (so the recurrence runs to the end and the final remainder decides the sticky bit). */
static void directed_fdiv_subnormal(void)
{
    static const uint32_t big_ts[] = { 0x7FF, 0x555555, 0xAAAAAB, 0x7FFFFF };
    static const uint32_t mbs[] = { 1, 3, 5, 7, 0xAB, 0xFFFFFF };
    for (uint32_t i = 0; i < 32 + sizeof big_ts / sizeof big_ts[0]; i++)
        for (int sh = 140; sh <= 176; sh++)
            for (unsigned j = 0; j < sizeof mbs / sizeof mbs[0]; j++) {
                uint32_t t = i < 32 ? 2 * i + 1 : big_ts[i - 32];   /* odd 1..63, then wide ones */
                double b = ldexp((double)mbs[j], sh - 100);
                double a = ldexp((double)t * (double)mbs[j], -100);   /* a / b = t * 2^-sh */
                if ((double)(float)a != a || (double)(float)b != b)
                    continue;   /* not exactly a float */
                for (uint32_t sg = 0; sg < 2; sg++) {
                    req_t q = { SCU_FDIV, vgiw_bits((float)a) ^ (sg << 31), vgiw_bits((float)b) };
                    issue(&q);
                }
            }
}

static void directed_fdiv(void)
{
    for (unsigned i = 0; i < fp_special_count; i++)
        for (unsigned j = 0; j < fp_special_count; j++) {
            req_t q = { SCU_FDIV, fp_special_values[i], fp_special_values[j] };
            issue(&q);
        }
    directed_fdiv_subnormal();
}

static void directed_fsqrt(void)
{
    for (unsigned i = 0; i < fp_special_count; i++) {
        req_t q = { SCU_FSQRT, fp_special_values[i], 0 };
        issue(&q);
    }
    /* every subnormal exponent position, both parities of the exponent */
    for (unsigned k = 0; k < 23; k++) {
        req_t q = { SCU_FSQRT, 1u << k, 0 };
        issue(&q);
        q.a = (1u << k) | 1u;
        issue(&q);
    }
    for (uint32_t e = 1; e < 255; e++) {
        req_t q = { SCU_FSQRT, fp_pack(0, e, 0), 0 };
        issue(&q);
        q.a = fp_pack(0, e, 0x7FFFFFu);
        issue(&q);
    }
}

static void directed_all(void)
{
    directed_int();
    directed_fdiv();
    directed_fsqrt();
}

/* ---- phases ---------------------------------------------------------------------------------- */

static void random_ops(rng_t *r, uint64_t n, req_t (*gen)(rng_t *))
{
    for (uint64_t k = 0; k < n; k++) {
        req_t q = gen(r);
        issue(&q);
    }
}

static void throughput_phase(rng_t *r, uint64_t n)
{
    drain();
    gap_pct = stall_pct = 0;
    tp_on = 1;
    random_ops(r, n, rand_any_req);
    drain();
    tp_on = 0;
    uint64_t span = tp_last_take - tp_first_accept + 1;
    uint64_t avail = span * n_inst;
    stats_set("throughput_ops", tp_ops);
    stats_set("throughput_cycles", span);
    stats_set("throughput_ops_per_kcycle", tp_ops * 1000 / span);
    stats_set("throughput_busy_permille", tp_occupancy * 1000 / avail);
    stats_set("throughput_mean_occupancy_x100", tp_occupancy * 100 / tp_ops);
    printf("scu_pool_tb: throughput %.4f ops/cycle with %u instances (mean occupancy %.2f cycles, "
           "%.1f%% of instance-cycles busy)\n", (double)tp_ops / (double)span, n_inst,
           (double)tp_occupancy / (double)tp_ops, 100.0 * (double)tp_occupancy / (double)avail);
    sim_check_u32(tp_occupancy * 100 >= avail * 99,
                  "throughput phase: instances busy only %" PRIu64 " of %" PRIu64 " instance-cycles",
                  tp_occupancy, avail);
}

int main(int argc, char **argv)
{
    sim_init("scu_pool_tb", argc, argv);
    sim_on_watchdog(dump_state);
#ifdef SCU_TB_INSTANCES
    n_inst = SCU_TB_INSTANCES;
#else
    n_inst = VGIW_FU_SCU_INSTANCES;
#endif
    if (n_inst == 0 || n_inst > 256 || n_inst > NTAGS)
        sim_die("unsupported instance count %u", n_inst);
    sim_reset(4);

    rng_t r;
    rng_seed(&r, sim_args.seed);
    rng_seed(&trng, sim_args.seed ^ 0x5C05C05Cull);
    new_rates();

    const char *mode = sim_args.op ? sim_args.op : "default";
    uint64_t n = sim_args.count ? sim_args.count : 20000;
    if (!strcmp(mode, "fdiv")) {
        directed_fdiv();
        random_ops(&r, n, rand_fdiv_req);
    } else if (!strcmp(mode, "fsqrt")) {
        directed_fsqrt();
        random_ops(&r, n, rand_fsqrt_req);
    } else if (!strcmp(mode, "int")) {
        directed_int();
        random_ops(&r, n, rand_int_req);
    } else if (!strcmp(mode, "directed")) {
        directed_all();
    } else if (!strcmp(mode, "mixed") || !strcmp(mode, "default")) {
        if (!strcmp(mode, "default"))
            directed_all();
        random_ops(&r, n - n / 2, rand_any_req);
        throughput_phase(&r, n / 2);
        if (n_inst > 1)
            sim_check_u32(n_ooo > 0, "mixed stream with %u instances: no result came back out of order", n_inst);
    } else {
        sim_die("unknown --op '%s' (fdiv, fsqrt, int, directed, mixed)", mode);
    }
    drain();

    stats_set("instances", n_inst);
    stats_set("results", n_taken);
    stats_set("out_of_order", n_ooo);
    if (lat_max[0]) { stats_set("latency_int_min", lat_min[0]); stats_set("latency_int_max", lat_max[0]); }
    if (lat_max[1]) { stats_set("latency_fp_min", lat_min[1]); stats_set("latency_fp_max", lat_max[1]); }
    printf("scu_pool_tb: %" PRIu64 " results, %" PRIu64 " out of issue order (%.1f%%)\n", n_taken, n_ooo,
           n_taken ? 100.0 * (double)n_ooo / (double)n_taken : 0.0);
    return sim_finish();
}
