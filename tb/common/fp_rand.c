/* Biased FP32 operand generation (see fp_rand.h). */
#include "fp_rand.h"

#include <string.h>

#include "vgiw_arith.h"

const uint32_t fp_special_values[] = {
    0x00000000u, 0x80000000u,             /* +-0 */
    0x7F800000u, 0xFF800000u,             /* +-inf */
    0x7FC00000u, 0xFFC00000u,             /* canonical qNaN, negative qNaN */
    0x7F800001u, 0xFFBFFFFFu, 0x7FA5A5A5u, /* sNaNs with payloads */
    0x7FC12345u,                          /* qNaN with payload */
    0x00000001u, 0x80000001u,             /* smallest subnormal */
    0x007FFFFFu, 0x807FFFFFu,             /* largest subnormal */
    0x00800000u, 0x80800000u,             /* smallest normal */
    0x7F7FFFFFu, 0xFF7FFFFFu,             /* largest normal */
    0x3F800000u, 0xBF800000u,             /* +-1 */
    0x3F000000u, 0x40000000u,             /* 0.5, 2 */
    0x4B7FFFFFu, 0x4B800000u,             /* 2^24-1, 2^24 */
    0x4F000000u, 0xCF000000u,             /* +-2^31 */
    0x4F7FFFFFu, 0x4F800000u,             /* below 2^32, 2^32 */
    0x3F7FFFFFu, 0x3F800001u,             /* 1 - ulp, 1 + ulp */
    0x00400000u, 0x00000003u,
};
const unsigned fp_special_count = sizeof fp_special_values / sizeof fp_special_values[0];

static uint32_t pack(uint32_t sign, uint32_t exp, uint32_t man)
{
    return (sign << 31) | ((exp & 0xFFu) << 23) | (man & 0x7FFFFFu);
}

/* Mantissas with long runs of ones or zeros hit carry and sticky corner cases. */
static uint32_t rand_mantissa(rng_t *r)
{
    switch (rng_below(r, 6)) {
    case 0: return 0;
    case 1: return 0x7FFFFFu;
    case 2: return 0x7FFFFFu >> rng_below(r, 23);                 /* low ones */
    case 3: return (0x7FFFFFu << rng_below(r, 23)) & 0x7FFFFFu;   /* high ones */
    case 4: return 1u << rng_below(r, 23);                        /* single bit */
    default: return rng_u32(r) & 0x7FFFFFu;
    }
}

uint32_t fp_rand_value(rng_t *r)
{
    uint32_t s = rng_u32(r) & 1u;
    switch (rng_below(r, 16)) {
    case 0:  return fp_special_values[rng_below(r, fp_special_count)];
    case 1:  return pack(s, 0, rand_mantissa(r));                      /* subnormal / zero */
    case 2:  return pack(s, 0, rng_u32(r));                            /* subnormal */
    case 3:  return pack(s, 1 + rng_below(r, 3), rand_mantissa(r));    /* low exponents */
    case 4:  return pack(s, 251 + rng_below(r, 4), rand_mantissa(r));  /* near overflow */
    case 5:  return pack(s, 255, rng_below(r, 4) ? rng_u32(r) | 1u : 0); /* NaN / inf */
    case 6:  return pack(s, 127 + rng_below(r, 31) - 15, rand_mantissa(r)); /* around 1 */
    case 7:  return vgiw_bits((float)(int32_t)(rng_u32(r) >> rng_below(r, 32)));  /* integers */
    default: return rng_u32(r);                                         /* any bits */
    }
}

static uint32_t exp_of(uint32_t x) { return (x >> 23) & 0xFFu; }

/* A value whose exponent is a's shifted by `delta` (clamped to finite), random mantissa. */
static uint32_t with_exp(rng_t *r, uint32_t a, int delta)
{
    int e = (int)exp_of(a) + delta;
    if (e < 0) e = 0;
    if (e > 254) e = 254;
    return pack(rng_u32(r) & 1u, (uint32_t)e, rand_mantissa(r));
}

void fp_rand_operands(rng_t *r, int arity, uint32_t *a, uint32_t *b, uint32_t *c)
{
    *a = fp_rand_value(r);
    *b = fp_rand_value(r);
    *c = fp_rand_value(r);
    if (arity < 2 || rng_below(r, 2))
        return;
    switch (rng_below(r, 8)) {
    case 0: /* b = -a +- a few ulps: massive cancellation */
        *b = (*a ^ 0x80000000u) + (rng_u32(r) % 5u) - 2u;
        break;
    case 1: /* exponents close: alignment shifts 0..26, rounding ties and carries */
        *b = with_exp(r, *a, (int)rng_below(r, 54) - 27);
        break;
    case 2: { /* exact tie for addition: b's bits below a's ulp are exactly 1000... */
        uint32_t d = 1 + rng_below(r, 24);
        uint32_t e = exp_of(*a);
        if (e > d && e < 255) {
            uint32_t man = (rand_mantissa(r) | 0x800000u) >> 1;
            man &= ~((1u << (d - 1)) - 1u);
            *b = pack(rng_u32(r) & 1u, e - d, (man | (1u << (d - 1))) & 0x7FFFFFu);
        }
        break;
    }
    case 3: /* product near the subnormal boundary: ea + eb ~ 127 - 126..-150 */
        *b = pack(rng_u32(r) & 1u, (uint32_t)((int)(127 + 1) - (int)exp_of(*a) + (int)rng_below(r, 30) - 25) & 0xFFu,
                  rand_mantissa(r));
        break;
    case 4: /* product near overflow */
        *b = pack(rng_u32(r) & 1u, (uint32_t)(127 + 127 - (int)exp_of(*a) + (int)rng_below(r, 5) - 2) & 0xFFu,
                  rand_mantissa(r));
        break;
    case 5: /* subnormal pair */
        *a = pack(rng_u32(r) & 1u, 0, rng_u32(r));
        *b = pack(rng_u32(r) & 1u, rng_below(r, 3), rng_u32(r));
        break;
    case 6: /* both near 1: products with long carry chains */
        *a = pack(rng_u32(r) & 1u, 126 + rng_below(r, 2), rand_mantissa(r));
        *b = pack(rng_u32(r) & 1u, 126 + rng_below(r, 2), rand_mantissa(r));
        break;
    default:
        break;
    }
    if (arity == 3 && rng_below(r, 2)) {
        /* c cancels a*b: the correctly rounded product, negated, nudged by a few ulps. */
        float p = vgiw_f32(*a) * vgiw_f32(*b);
        uint32_t pb = vgiw_bits(p);
        if (!vgiw_is_nan(pb))
            *c = (pb ^ 0x80000000u) + (rng_u32(r) % 7u) - 3u;
        if (rng_below(r, 4) == 0)
            *c = with_exp(r, pb, (int)rng_below(r, 60) - 30);
    }
}
