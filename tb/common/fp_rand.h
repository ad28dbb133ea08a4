/* Biased generation of FP32 operands for datapath tests: plain random bit patterns
 * find little, so most operands come from the classes where FP hardware goes wrong
 * (zeros, subnormals, exponent extremes, near-overflow, NaNs and infinities, mantissa
 * patterns that make rounding ties) and from operand pairs chosen to make the result
 * cancel, tie, underflow or overflow. */
#ifndef VGIW_FP_RAND_H
#define VGIW_FP_RAND_H

#include <stdint.h>

#include "rng.h"

/* One operand from a random class. */
uint32_t fp_rand_value(rng_t *r);

/* Operands for one operation. `arity` is 1, 2 or 3; with 2 or 3, a fraction of the
 * draws relate b (and c) to a so that sums cancel or tie, products land near the
 * subnormal or overflow boundaries, and a*b+c cancels. */
void fp_rand_operands(rng_t *r, int arity, uint32_t *a, uint32_t *b, uint32_t *c);

/* The directed special values: +-0, +-inf, qNaN, sNaN, smallest and largest subnormal
 * and normal, 1, -1, 0.5, 2, max integers exactly representable. */
extern const uint32_t fp_special_values[];
extern const unsigned fp_special_count;

#endif
