/* int_alu testbench: every operation on biased random and directed operands, checked
 * bit-exactly against vgiw_alu() (sw/lib/vgiw_arith.c), with random input gaps and
 * output backpressure; latency must equal STAGES and tags must come back in order. */
#include <stdint.h>

#include "dut.h"
#include "pipe_driver.h"
#include "sim.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

static void set_inputs(int valid, const pipe_op_t *op, unsigned tag)
{
    dut_set_in_valid_i((uint64_t)valid);
    if (op) {
        dut_set_op_i(op->op);
        dut_set_a_i(op->a);
        dut_set_b_i(op->b);
        dut_set_c_i(op->c);
    }
    dut_set_tag_i(tag);
}
static void set_out_ready(int r) { dut_set_out_ready_i((uint64_t)r); }
static int in_ready(void) { return (int)dut_get_in_ready_o(); }
static int out_valid(void) { return (int)dut_get_out_valid_o(); }
static uint32_t result(void) { return (uint32_t)dut_get_result_o(); }
static unsigned tag(void) { return (unsigned)dut_get_tag_o(); }

static const uint32_t edge_ints[] = {
    0, 1, 2, 7, 8, 15, 16, 31, 32, 33, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
    0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x55555555u, 0xAAAAAAAAu,
};
#define N_EDGE (sizeof edge_ints / sizeof edge_ints[0])

/* Integers biased to the values where ALUs go wrong: edges, small, sign boundary. */
static uint32_t rand_int(rng_t *r)
{
    switch (rng_below(r, 4)) {
    case 0:  return edge_ints[rng_below(r, N_EDGE)];
    case 1:  return rng_u32(r) >> rng_below(r, 32);
    case 2:  return (uint32_t)-(int32_t)(rng_u32(r) >> rng_below(r, 32));
    default: return rng_u32(r);
    }
}

int main(int argc, char **argv)
{
    sim_init("int_alu_tb", argc, argv);
    sim_reset(4);

    pipe_driver_t d = {
        .set_inputs = set_inputs, .set_out_ready = set_out_ready, .in_ready = in_ready,
        .out_valid = out_valid, .result = result, .tag = tag, .op_names = alu_op_names,
        .stages = VGIW_FU_ALU_STAGES, .tag_bits = DUT_TAG_I_BITS,
        .gap_percent = 20, .stall_percent = 20,
    };
    pipe_driver_init(&d, sim_args.seed);

    /* Directed: every op on every pair of edge values. */
    for (unsigned op = 0; op < ALU_OP_COUNT; op++)
        for (unsigned i = 0; i < N_EDGE; i++)
            for (unsigned j = 0; j < N_EDGE; j++) {
                pipe_op_t o = { op, edge_ints[i], edge_ints[j], edge_ints[(i + j) % N_EDGE], 0 };
                o.expect = vgiw_alu(op, o.a, o.b, o.c);
                pipe_driver_issue(&d, &o);
            }

    /* Random: --count operations, ops drawn uniformly. */
    uint64_t n = sim_args.count ? sim_args.count : 100000;
    for (uint64_t k = 0; k < n; k++) {
        pipe_op_t o;
        o.op = rng_below(&d.rng, ALU_OP_COUNT);
        o.a = rand_int(&d.rng);
        o.b = rand_int(&d.rng);
        o.c = rand_int(&d.rng);
        if (o.op == ALU_SEL && rng_below(&d.rng, 2))
            o.a = 0;
        o.expect = vgiw_alu(o.op, o.a, o.b, o.c);
        pipe_driver_issue(&d, &o);
        if (k == n / 2) {   /* second half: no gaps, no stalls: full throughput */
            d.gap_percent = 0;
            d.stall_percent = 0;
        }
    }
    pipe_driver_drain(&d);
    pipe_driver_free(&d);
    return sim_finish();
}
