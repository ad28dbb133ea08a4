/* fp_cmp testbench: the 16 fcmp predicates, FMIN/FMAX and FABS/FNEG/FCOPYSIGN on biased
 * random and directed FP32 operands, every result checked bit-exactly against vgiw_fcmp()
 * (sw/lib/vgiw_arith.c), with random input gaps and output backpressure; latency must
 * equal STAGES and tags must come back in order (tb/common/pipe_driver.c).
 *
 * --count N (default 1000000): N random operand pairs checked against all 16 predicates
 * (16 N operations), and N further pairs each for FMIN, FMAX, FABS, FNEG and FCOPYSIGN.
 * Directed: every op on every pair of fp_special_values. */
#include <stdint.h>

#include "dut.h"
#include "fp_rand.h"
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
    }
    dut_set_tag_i(tag);
}
static void set_out_ready(int r) { dut_set_out_ready_i((uint64_t)r); }
static int in_ready(void) { return (int)dut_get_in_ready_o(); }
static int out_valid(void) { return (int)dut_get_out_valid_o(); }
static uint32_t result(void) { return (uint32_t)dut_get_result_o(); }
static unsigned tag(void) { return (unsigned)dut_get_tag_o(); }

/* Operand pairs for comparisons: fp_rand_operands() plus pairs that are equal, differ by
 * an ulp or two, differ only in sign (+-0 in particular), or are NaNs of either sign. */
static void rand_pair(rng_t *r, uint32_t *a, uint32_t *b)
{
    uint32_t c;
    fp_rand_operands(r, 2, a, b, &c);
    switch (rng_below(r, 8)) {
    case 0: *b = *a; break;                                          /* equal bits */
    case 1: *b = *a + (rng_u32(r) % 5u) - 2u; break;                 /* neighbours */
    case 2: *b = *a ^ 0x80000000u; break;                            /* opposite sign */
    case 3: *a &= 0x80000000u; *b = (rng_u32(r) & 0x80000000u) | (rng_below(r, 2) ? 0 : 1u); break;
    default: break;
    }
    if (rng_below(r, 2))   /* swap so that both operand positions see every class */
        c = *a, *a = *b, *b = c;
}

static void issue(pipe_driver_t *d, unsigned op, uint32_t a, uint32_t b)
{
    pipe_op_t o = { op, a, b, 0, vgiw_fcmp(op, a, b) };
    pipe_driver_issue(d, &o);
}

int main(int argc, char **argv)
{
    sim_init("fp_cmp_tb", argc, argv);
    sim_reset(4);

    pipe_driver_t d = {
        .set_inputs = set_inputs, .set_out_ready = set_out_ready, .in_ready = in_ready,
        .out_valid = out_valid, .result = result, .tag = tag, .op_names = fcmp_op_names,
        .stages = VGIW_FU_CMP_STAGES, .tag_bits = DUT_TAG_I_BITS,
        .gap_percent = 20, .stall_percent = 20,
    };
    pipe_driver_init(&d, sim_args.seed);

    /* Directed: every op on every pair of special values. */
    for (unsigned op = 0; op < FCMP_OP_COUNT; op++)
        for (unsigned i = 0; i < fp_special_count; i++)
            for (unsigned j = 0; j < fp_special_count; j++)
                issue(&d, op, fp_special_values[i], fp_special_values[j]);

    /* Random: N pairs per operation group, groups interleaved. */
    static const unsigned groups[] = { FCMP_FMIN, FCMP_FMAX, FCMP_FABS, FCMP_FNEG, FCMP_FCOPYSIGN };
    uint64_t n = sim_args.count ? sim_args.count : 1000000;
    for (uint64_t k = 0; k < n; k++) {
        uint32_t a, b;
        rand_pair(&d.rng, &a, &b);
        for (unsigned pred = FCMP_FALSE; pred <= FCMP_TRUE; pred++)
            issue(&d, pred, a, b);
        for (unsigned g = 0; g < sizeof groups / sizeof groups[0]; g++) {
            rand_pair(&d.rng, &a, &b);
            issue(&d, groups[g], a, b);
        }
        if (k == n / 2) {   /* second half: no gaps, no stalls: full throughput */
            d.gap_percent = 0;
            d.stall_percent = 0;
        }
    }
    pipe_driver_drain(&d);
    pipe_driver_free(&d);
    return sim_finish();
}
