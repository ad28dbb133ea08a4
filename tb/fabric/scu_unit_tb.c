/* scu_unit testbench: the special compute unit (docs/fabric-units/scu.md) under the
 * shared reordering-unit driver (reorder_tb.h). Blocks of random operations (one op per
 * block: the configuration is static), operands from ports or constants, biased integer
 * and FP32 operands, results checked bit-exactly against vgiw_scu() (sw/lib/vgiw_arith.c);
 * the epoch order, exactly-once delivery, overtakes and drain are checked by the driver.
 * Some blocks are aborted by a clear while divisions are in flight: their late results
 * must not reach the next block. */
#include <stdint.h>
#include <string.h>

#include "dut.h"
#include "fp_rand.h"
#include "reorder_tb.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

static void nop(void) {}
static bool always_idle(void) { return true; }

static const uint32_t edge_ints[] = {
    0, 1, 2, 3, 7, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFFu, 0x80000000u,
    0x80000001u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x55555555u, 0xAAAAAAAAu,
};
#define N_EDGE (sizeof edge_ints / sizeof edge_ints[0])

static uint32_t rand_int(void)
{
    switch (rng_below(&rt_rng, 4)) {
    case 0:  return edge_ints[rng_below(&rt_rng, N_EDGE)];
    case 1:  return rng_u32(&rt_rng) >> rng_below(&rt_rng, 32);
    case 2:  return (uint32_t)-(int32_t)(rng_u32(&rt_rng) >> rng_below(&rt_rng, 32));
    default: return rng_u32(&rt_rng);
    }
}

static void operands(unsigned op, uint32_t *a, uint32_t *b)
{
    if (op == SCU_FDIV || op == SCU_FSQRT) {
        uint32_t c;
        fp_rand_operands(&rt_rng, op == SCU_FSQRT ? 1 : 2, a, b, &c);
    } else {
        *a = rand_int();
        *b = rand_int();
    }
}

static void make_block(uint64_t max_threads)
{
    rt_block_t *b = &rt_blk;
    unit_cfg_t *c = &b->cfg;
    memset(c, 0, sizeof *c);
    unsigned op = rng_below(&rt_rng, SCU_OP_COUNT);
    c->op = op;
    c->out1_en = rng_below(&rt_rng, 2);
    /* in_sel: any non-zero slot number marks an input used (the unit ignores the slot) */
    unsigned sel[4] = { 0, 0, 0, 0 };
    sel[0] = 1 + rng_below(&rt_rng, 12);
    sel[1] = op == SCU_FSQRT && rng_below(&rt_rng, 2) ? 0 : 1 + rng_below(&rt_rng, 12);
    sel[2] = rng_below(&rt_rng, 10) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;   /* a dummy input */
    sel[3] = rng_below(&rt_rng, 3) == 0 ? 1 + rng_below(&rt_rng, 12) : 0;    /* enable */
    unsigned cst = 0;
    if (rng_below(&rt_rng, 5) == 0) cst |= 1;
    if (sel[1] && rng_below(&rt_rng, 5) == 0) cst |= 2;
    c->in_const = cst;
    c->in_sel = sel[0] | sel[1] << 4 | sel[2] << 8 | sel[3] << 12;
    if (rt_used_inputs(c) == 0)
        c->in_sel |= 1u << 12;                       /* a thread needs at least one token */
    uint32_t ca, cb, consts[2];
    operands(op, &ca, &cb);
    consts[0] = ca;
    consts[1] = cb;
    unsigned nc = 0;
    for (unsigned k = 0; k < 2; k++)
        if ((cst >> k) & 1) {
            if (nc == 0) c->const_a = consts[k];
            else         c->const_b = consts[k];
            nc++;
        }
    b->gap_pct = rt_rand_pct();
    b->stall_pct = rt_rand_pct();
    b->abort_after = !rt_throughput && rng_below(&rt_rng, 10) == 0 ? 5 + rng_below(&rt_rng, 400) : 0;
    unsigned max_n = !rt_throughput && rng_below(&rt_rng, 4) == 0 ? 40 : 2000;
    if (max_n > max_threads)
        max_n = (unsigned)max_threads;
    rt_make_threads(max_n);
    for (unsigned i = 0; i < b->n; i++) {
        rt_thread_t *th = &b->th[i];
        uint32_t a, bb;
        operands(op, &a, &bb);
        th->in[0] = a;
        th->in[1] = bb;
        th->in[2] = rng_u32(&rt_rng);
        th->in[3] = rng_u32(&rt_rng);
        if (cst & 1) a = consts[0];
        if (cst & 2) bb = consts[1];
        if (!sel[1]) bb = 0;                         /* FSQRT without in1: b is not used */
        th->out0 = vgiw_scu(op, a, bb);
        th->want[0] = true;
        th->want[1] = c->out1_en;
        th->ready_cycle = 0;
    }
}

int main(int argc, char **argv)
{
    rt_port_t port = { .pre = nop, .post = nop, .tick = nop, .idle = always_idle };
    rt_init("scu_unit_tb", argc, argv, &port);
    uint64_t want = sim_args.count ? sim_args.count : 20000;
    while (rt_totals().threads < want) {
        make_block(want - rt_totals().threads);
        rt_run_block();
    }
    rt_report();
    return sim_finish();
}
