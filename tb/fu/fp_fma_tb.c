/* fp_fma testbench: FADD, FSUB, FMUL and FMADD on directed and biased random operands,
 * checked bit-exactly against vgiw_fma() (sw/lib/vgiw_arith.c: host +, -, *, fmaf), with
 * random input gaps and output backpressure; latency must equal STAGES and tags must
 * come back in order (tb/common/pipe_driver.c does the handshake and the checks).
 *
 *   directed   every fp_special_values pair for FADD/FSUB/FMUL and every triple for FMADD,
 *              plus hand-picked rounding / sign-of-zero / overflow / cancellation cases
 *   random     --count operand sets per operation from fp_rand_operands() (arity 2 for
 *              add/sub/mul, 3 for fma), operations interleaved in random order
 *   stress     --count/8 FMADDs whose product has a subnormal multiplicand and whose addend
 *              lies near the product's leading bit or just below its last bit: the cases
 *              that decide how many guard bits the aligned addend needs (docs/fu/fp_fma.md)
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "dut.h"
#include "fp_rand.h"
#include "pipe_driver.h"
#include "sim.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"
#include "vgiw_ops.h"

/* Expected latency; overridable for builds of the RTL with a non-default STAGES. */
#ifndef FP_FMA_TB_STAGES
#define FP_FMA_TB_STAGES VGIW_FU_FMA_STAGES
#endif

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

static pipe_driver_t drv;
static uint64_t issued_per_op[FMA_OP_COUNT];

static void issue(unsigned op, uint32_t a, uint32_t b, uint32_t c)
{
    pipe_op_t o = { op, a, b, c, vgiw_fma(op, a, b, c) };
    pipe_driver_issue(&drv, &o);
    issued_per_op[op]++;
}

/* Every few thousand operations, a new traffic pattern: full throughput, light or heavy
 * input gaps, light or heavy output backpressure. */
static void maybe_new_traffic(uint64_t k)
{
    static const unsigned pct[] = { 0, 0, 10, 30, 60 };
    if (k % 4096 == 0) {
        drv.gap_percent = pct[rng_below(&drv.rng, 5)];
        drv.stall_percent = pct[rng_below(&drv.rng, 5)];
    }
}

static uint32_t pack(uint32_t sign, uint32_t exp, uint32_t man)
{
    return (sign << 31) | ((exp & 0xFFu) << 23) | (man & 0x7FFFFFu);
}

/* Hand-picked cases, each written as {op, a, b, c}. */
static const uint32_t directed[][4] = {
    /* ties to even and just off ties */
    { FMA_FADD,  0x3F800000u, 0x33800000u, 0 },           /* 1 + 2^-24: tie, stays 1 */
    { FMA_FADD,  0x3F800001u, 0x33800000u, 0 },           /* tie, rounds up to even */
    { FMA_FADD,  0x3F800000u, 0x33800001u, 0 },           /* just above tie */
    { FMA_FSUB,  0x3F800000u, 0x33000000u, 0 },           /* 1 - 2^-25: tie below 1 */
    { FMA_FSUB,  0x3F800000u, 0x33000001u, 0 },
    { FMA_FMUL,  0x3F800001u, 0x3F800001u, 0 },           /* (1+u)^2: sticky only */
    { FMA_FMUL,  0x3FFFFFFFu, 0x3FFFFFFFu, 0 },           /* carry into next binade */
    /* exact zeros and their signs */
    { FMA_FADD,  0x3F800000u, 0xBF800000u, 0 },           /* 1 + -1 = +0 */
    { FMA_FSUB,  0xBF800000u, 0xBF800000u, 0 },           /* -1 - -1 = +0 */
    { FMA_FADD,  0x80000000u, 0x80000000u, 0 },           /* -0 + -0 = -0 */
    { FMA_FSUB,  0x80000000u, 0x00000000u, 0 },           /* -0 - +0 = -0 */
    { FMA_FMUL,  0x80000000u, 0x40A00000u, 0 },           /* -0 * 5 = -0 */
    { FMA_FMUL,  0x00000001u, 0x00000001u, 0 },           /* underflow to +0 */
    { FMA_FMUL,  0x80000001u, 0x00000001u, 0 },           /* underflow to -0 */
    { FMA_FMADD, 0x3F800000u, 0x3F800000u, 0xBF800000u }, /* 1*1 - 1 = +0 */
    { FMA_FMADD, 0xBF800000u, 0x3F800000u, 0x3F800000u }, /* -1*1 + 1 = +0 */
    { FMA_FMADD, 0x80000000u, 0x3F800000u, 0x80000000u }, /* -0*1 + -0 = -0 */
    { FMA_FMADD, 0x00000001u, 0x80000001u, 0x80000000u }, /* tiny negative product + -0 = -0 */
    { FMA_FMADD, 0x00000001u, 0x80000001u, 0x00000000u }, /* tiny negative product + +0 = -0 */
    { FMA_FMADD, 0x00000001u, 0x00000001u, 0x80000000u }, /* tiny positive product + -0 = +0 */
    /* subnormal multiplicand, power-of-two product, small addend pulling the result just
     * below the product's leading bit: fail with fewer than 2 guard bits under the product */
    { FMA_FMADD, 0x80000001u, 0x5C800000u, 0x093D687Cu },
    { FMA_FMADD, 0x80000001u, 0x4E000000u, 0x0000006Eu },
    { FMA_FMADD, 0x00000001u, 0xCE800000u, 0x000374B7u },
    { FMA_FMADD, 0x00000001u, 0x55800000u, 0x8014B548u },
    { FMA_FMADD, 0x00000001u, 0x7F7FFFFFu, 0x80000001u },
    { FMA_FMADD, 0x00000001u, 0x7F7FFFFFu, 0x00800000u },
    /* fused: the product is not rounded before the add */
    { FMA_FMADD, 0x3F800001u, 0x3F7FFFFFu, 0xBF800000u }, /* (1+u)(1-u/2) - 1 */
    { FMA_FMADD, 0x3F800001u, 0x3F800001u, 0xBF800002u },
    { FMA_FMADD, 0x3DCCCCCDu, 0x41200000u, 0xBF800000u }, /* 0.1f*10 - 1 */
    /* subnormal products and sums */
    { FMA_FMUL,  0x00000001u, 0x3F000000u, 0 },           /* 2^-150: tie to 0 */
    { FMA_FMUL,  0x00000003u, 0x3F000000u, 0 },           /* 1.5 ulp -> 2 ulp */
    { FMA_FMUL,  0x007FFFFFu, 0x3F800001u, 0 },           /* largest subnormal grows */
    { FMA_FMUL,  0x00800000u, 0x3F7FFFFFu, 0 },           /* smallest normal shrinks */
    { FMA_FADD,  0x007FFFFFu, 0x00000001u, 0 },           /* subnormal + subnormal = normal */
    { FMA_FSUB,  0x00800000u, 0x00000001u, 0 },
    { FMA_FMADD, 0x00000001u, 0x4B000000u, 0x00000001u }, /* subnormal * 2^23 + min */
    { FMA_FMADD, 0x00000003u, 0x7F000000u, 0xB4400000u },
    /* overflow, near overflow */
    { FMA_FADD,  0x7F7FFFFFu, 0x7F7FFFFFu, 0 },
    { FMA_FADD,  0x7F7FFFFFu, 0x73000000u, 0 },           /* max + half ulp: tie -> inf */
    { FMA_FADD,  0x7F7FFFFFu, 0x72FFFFFFu, 0 },           /* just below the tie: max */
    { FMA_FMUL,  0x7F7FFFFFu, 0x40000000u, 0 },
    { FMA_FMUL,  0xFF7FFFFFu, 0x3F800001u, 0 },
    { FMA_FMADD, 0x7F7FFFFFu, 0x40000000u, 0xFF7FFFFFu }, /* 2max - max = max, no overflow */
    { FMA_FMADD, 0x5F800000u, 0x5F800000u, 0xFF7FFFFFu }, /* 2^128 - max: exact, finite */
    /* invalid and NaN */
    { FMA_FMUL,  0x7F800000u, 0x00000000u, 0 },
    { FMA_FADD,  0x7F800000u, 0xFF800000u, 0 },
    { FMA_FSUB,  0xFF800000u, 0xFF800000u, 0 },
    { FMA_FMADD, 0x7F800000u, 0x3F800000u, 0xFF800000u },
    { FMA_FMADD, 0x00000000u, 0x7F800000u, 0x7FC00000u },
    { FMA_FMADD, 0x3F800000u, 0x3F800000u, 0x7F800001u },
};
#define N_DIRECTED (sizeof directed / sizeof directed[0])

/* A significand field with few significant bits: a power of two, or up to 23 random
 * low bits (the product's leading one then sits low, or just above a power of two). */
static uint32_t sparse_man(rng_t *r)
{
    switch (rng_below(r, 3)) {
    case 0:  return 1u << rng_below(r, 23);
    case 1:  return rng_u32(r) >> (9 + rng_below(r, 23));
    default: return rng_u32(r);
    }
}

/* FMADD with a subnormal multiplicand and an addend placed relative to the product. */
static void stress_operands(rng_t *r, uint32_t *a, uint32_t *b, uint32_t *c)
{
    *a = pack(rng_u32(r) & 1u, 0, sparse_man(r) | (rng_below(r, 4) == 0));
    if ((*a & 0x7FFFFFu) == 0)
        *a |= 1u;
    /* b's significand 1.000... (field 0) makes products that are exact powers of two:
     * a small subtrahend then pulls the result just below the product's leading bit */
    *b = pack(rng_u32(r) & 1u, 127 + rng_below(r, 128), rng_below(r, 3) ? sparse_man(r) : 0);
    uint32_t p = vgiw_bits(vgiw_f32(*a) * vgiw_f32(*b));
    int pe = (int)((p >> 23) & 0xFFu);
    int ce;
    switch (rng_below(r, 3)) {
    case 0: /* cancel the rounded product, nudged by a few ulps */
        *c = (p ^ 0x80000000u) + (rng_u32(r) % 9u) - 4u;
        return;
    case 1: /* addend at or below the product's last bit */
        ce = pe - 20 - (int)rng_below(r, 16);
        break;
    default: /* anywhere from just above to far below */
        ce = pe + 2 - (int)rng_below(r, 40);
        break;
    }
    if (ce < 0) ce = 0;
    if (ce > 254) ce = 254;
    *c = pack(rng_u32(r) & 1u, (uint32_t)ce, rng_below(r, 2) ? rng_u32(r) : sparse_man(r));
}

int main(int argc, char **argv)
{
    sim_init("fp_fma_tb", argc, argv);
    sim_reset(4);

    drv = (pipe_driver_t){
        .set_inputs = set_inputs, .set_out_ready = set_out_ready, .in_ready = in_ready,
        .out_valid = out_valid, .result = result, .tag = tag, .op_names = fma_op_names,
        .stages = FP_FMA_TB_STAGES, .tag_bits = DUT_TAG_I_BITS,
        .gap_percent = 20, .stall_percent = 20,
    };
    pipe_driver_init(&drv, sim_args.seed);
    rng_t *r = &drv.rng;

    /* Directed: hand-picked cases, then all special pairs / triples. */
    for (unsigned i = 0; i < N_DIRECTED; i++)
        issue(directed[i][0], directed[i][1], directed[i][2], directed[i][3]);
    uint64_t k = 0;
    const unsigned ns = fp_special_count;
    for (unsigned op = 0; op < FMA_OP_COUNT; op++)
        for (unsigned i = 0; i < ns; i++)
            for (unsigned j = 0; j < ns; j++) {
                if (op != FMA_FMADD) {
                    maybe_new_traffic(k++);
                    issue(op, fp_special_values[i], fp_special_values[j], fp_special_values[(i + j) % ns]);
                    continue;
                }
                for (unsigned l = 0; l < ns; l++) {
                    maybe_new_traffic(k++);
                    issue(op, fp_special_values[i], fp_special_values[j], fp_special_values[l]);
                }
            }

    /* Random: exactly --count operand sets per operation, interleaved in random order. */
    uint64_t n = sim_args.count ? sim_args.count : 100000;
    uint64_t left[FMA_OP_COUNT], total = 0;
    for (unsigned op = 0; op < FMA_OP_COUNT; op++) {
        left[op] = n;
        total += n;
    }
    for (; total > 0; total--) {
        uint64_t pick = (uint64_t)(rng_u64(r) % total);
        unsigned op = 0;
        while (pick >= left[op])
            pick -= left[op++];
        left[op]--;
        uint32_t a, b, c;
        fp_rand_operands(r, op == FMA_FMADD ? 3 : 2, &a, &b, &c);
        maybe_new_traffic(k++);
        issue(op, a, b, c);
    }

    /* Stress: subnormal multiplicand, addend near the guard bits. */
    for (uint64_t i = 0; i < n / 8; i++) {
        uint32_t a, b, c;
        stress_operands(r, &a, &b, &c);
        maybe_new_traffic(k++);
        issue(FMA_FMADD, a, b, c);
    }

    pipe_driver_drain(&drv);
    pipe_driver_free(&drv);
    if (!sim_args.quiet)
        for (unsigned op = 0; op < FMA_OP_COUNT; op++)
            printf("fp_fma_tb: %-6s %" PRIu64 " operations\n", fma_op_names[op], issued_per_op[op]);
    return sim_finish();
}
