/* fp_cvt testbench: I2F, U2F, F2I, F2U on biased random and directed operands, every
 * result checked bit-exactly against vgiw_fcvt() (sw/lib/vgiw_arith.c), with random input
 * gaps and output backpressure; latency must equal STAGES and tags must come back in order
 * (tb/common/pipe_driver.c).
 *
 * --count N (default 1000000): N random operands per operation.
 * Directed: I2F/U2F on integer edge cases (0, +-1, INT_MIN, INT_MAX, UINT_MAX, every 2^k
 * and 2^k +- 1..3, 2^24 +- 1, and for every position of the leading one the patterns that
 * make rounding ties, just-below-ties and just-above-ties with odd and even kept bits);
 * F2I/F2U on every fp_special_value and on every exponent 0..255 with edge mantissas and
 * both signs (covers +-2^31, 2^32, +-1, (-1, 0), subnormals, infinities, NaNs). */
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
    }
    dut_set_tag_i(tag);
}
static void set_out_ready(int r) { dut_set_out_ready_i((uint64_t)r); }
static int in_ready(void) { return (int)dut_get_in_ready_o(); }
static int out_valid(void) { return (int)dut_get_out_valid_o(); }
static uint32_t result(void) { return (uint32_t)dut_get_result_o(); }
static unsigned tag(void) { return (unsigned)dut_get_tag_o(); }

static void issue(pipe_driver_t *d, unsigned op, uint32_t a)
{
    pipe_op_t o = { op, a, 0, 0, vgiw_fcvt(op, a) };
    pipe_driver_issue(d, &o);
}

static void issue_int(pipe_driver_t *d, uint32_t x)
{
    issue(d, FCVT_I2F, x);
    issue(d, FCVT_U2F, x);
    issue(d, FCVT_I2F, (uint32_t)0 - x);
}

/* A 32-bit integer with its leading one at bit `lead` (24..31), so lead - 23 bits fall
 * below the 24-bit significand. kind bit 0: parity of the lowest kept bit; kind >> 1
 * selects the dropped bits: 0 exact tie, 1 just below, 2 just above, 3 all ones (kept bits
 * all ones too: rounding carries into the exponent), 4 zero (exact). */
static uint32_t with_round_bits(rng_t *r, unsigned lead, unsigned kind)
{
    unsigned drop = lead - 23;                 /* bits below the 24-bit significand */
    uint32_t half = 1u << (drop - 1);
    uint32_t kept = (1u << 23) | (rng_u32(r) & 0x7FFFFEu) | (kind & 1u);   /* LSB odd/even */
    uint32_t low;
    switch (kind >> 1) {
    case 0:  low = half; break;                           /* exact tie */
    case 1:  low = half - 1u; break;                      /* just below */
    case 2:  low = half + 1u; break;                      /* just above */
    case 3:  low = (1u << drop) - 1u; break;              /* all ones: carry out */
    default: low = 0; break;                              /* exact */
    }
    if (drop == 1 && (kind >> 1) == 2)
        low = half;   /* one dropped bit: "just above" does not exist */
    if (kind >> 1 == 3)
        kept |= 0x7FFFFFu;   /* all ones kept as well: rounding carries into the exponent */
    return (kept << drop) | (low & ((1u << drop) - 1u));
}

/* Random integers for I2F/U2F: any bits, small magnitudes, both signs, rounding cases. */
static uint32_t rand_int(rng_t *r)
{
    switch (rng_below(r, 6)) {
    case 0:  return rng_u32(r) >> rng_below(r, 32);
    case 1:  return (uint32_t)0 - (rng_u32(r) >> rng_below(r, 32));
    case 2:  return with_round_bits(r, 24 + rng_below(r, 8), rng_below(r, 10));
    case 3:  return (uint32_t)0 - with_round_bits(r, 24 + rng_below(r, 8), rng_below(r, 10));
    default: return rng_u32(r);
    }
}

/* Random floats for F2I/F2U: fp_rand_value() half the time, otherwise exponents around the
 * integer range (|x| in [2^-8, 2^40)) with edge-heavy mantissas. */
static uint32_t rand_float(rng_t *r)
{
    static const uint32_t mans[] = { 0, 1, 0x7FFFFFu, 0x400000u, 0x7FFFFEu, 0x000100u, 0x0000FFu };
    if (rng_below(r, 2))
        return fp_rand_value(r);
    uint32_t s = rng_u32(r) & 0x80000000u;
    uint32_t e = 119 + rng_below(r, 48);
    uint32_t m = rng_below(r, 2) ? mans[rng_below(r, sizeof mans / sizeof mans[0])] : (rng_u32(r) & 0x7FFFFFu);
    return s | (e << 23) | m;
}

int main(int argc, char **argv)
{
    sim_init("fp_cvt_tb", argc, argv);
    sim_reset(4);

    pipe_driver_t d = {
        .set_inputs = set_inputs, .set_out_ready = set_out_ready, .in_ready = in_ready,
        .out_valid = out_valid, .result = result, .tag = tag, .op_names = fcvt_op_names,
        .stages = VGIW_FU_CVT_STAGES, .tag_bits = DUT_TAG_I_BITS,
        .gap_percent = 20, .stall_percent = 20,
    };
    pipe_driver_init(&d, sim_args.seed);

    /* Directed integers. */
    static const uint32_t edge_ints[] = {
        0, 1, 2, 3, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu, 0xFFFFFFFEu,
        0x00FFFFFFu, 0x01000000u, 0x01000001u, 0x01000002u, 0x01000003u, 0x00FFFFFFu,
        0x02000001u, 0x02000002u, 0x02000003u, 0x02000006u, 0x7FFFFFC0u, 0x7FFFFF80u,
        0x7FFFFF7Fu, 0x7FFFFFBFu, 0xFFFFFF80u, 0xFFFFFF7Fu, 0xFFFFFFC0u, 0x55555555u, 0xAAAAAAAAu,
    };
    for (unsigned i = 0; i < sizeof edge_ints / sizeof edge_ints[0]; i++)
        issue_int(&d, edge_ints[i]);
    for (unsigned k = 0; k < 32; k++)
        for (int delta = -3; delta <= 3; delta++)
            issue_int(&d, (1u << k) + (uint32_t)delta);
    for (unsigned lead = 24; lead < 32; lead++)
        for (unsigned kind = 0; kind < 10; kind++)
            for (unsigned rep = 0; rep < 8; rep++)
                issue_int(&d, with_round_bits(&d.rng, lead, kind));

    /* Directed floats. */
    for (unsigned i = 0; i < fp_special_count; i++) {
        issue(&d, FCVT_F2I, fp_special_values[i]);
        issue(&d, FCVT_F2U, fp_special_values[i]);
    }
    static const uint32_t edge_mans[] = { 0, 1, 2, 0x400000u, 0x7FFFFEu, 0x7FFFFFu, 0x2AAAAAu };
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t e = 0; e < 256; e++)
            for (unsigned m = 0; m < sizeof edge_mans / sizeof edge_mans[0]; m++) {
                uint32_t x = (s << 31) | (e << 23) | edge_mans[m];
                issue(&d, FCVT_F2I, x);
                issue(&d, FCVT_F2U, x);
            }

    /* Random: N operands per operation, operations interleaved. */
    uint64_t n = sim_args.count ? sim_args.count : 1000000;
    for (uint64_t k = 0; k < n; k++) {
        issue(&d, FCVT_I2F, rand_int(&d.rng));
        issue(&d, FCVT_U2F, rand_int(&d.rng));
        issue(&d, FCVT_F2I, rand_float(&d.rng));
        issue(&d, FCVT_F2U, rand_float(&d.rng));
        if (k == n / 2) {   /* second half: no gaps, no stalls: full throughput */
            d.gap_percent = 0;
            d.stall_percent = 0;
        }
    }
    pipe_driver_drain(&d);
    pipe_driver_free(&d);
    return sim_finish();
}
