/* Reference semantics of every compute operation of the VGIW and SIMT cores.
 *
 * This is the golden model the RTL datapaths are checked against, and the semantics
 * the functional interpreter and the compiler's constant folding use. It is host C
 * arithmetic (compiled with -ffp-contract=off, IEEE binary32, round to nearest even,
 * subnormals kept) plus the conventions this project defines where C leaves a gap:
 *
 *   - NaN results of arithmetic (add, sub, mul, fma, div, sqrt, min/max of two NaNs)
 *     are the canonical quiet NaN 0x7FC00000; abs/neg/copysign are bit operations
 *     and keep the payload (docs/arithmetic.md).
 *   - float -> int conversions truncate and saturate: out of range to INT32_MIN /
 *     INT32_MAX (UINT32 0 / UINT32_MAX), NaN to INT32_MAX / UINT32_MAX (as RISC-V).
 *   - integer division by zero: quotient all ones, remainder the dividend;
 *     INT32_MIN / -1 = INT32_MIN, INT32_MIN % -1 = 0 (as RISC-V).
 *   - shift amounts use their low 5 bits (as OpenCL C).
 *   - fmin/fmax: a NaN operand is ignored, -0 orders below +0.
 *
 * Operands and results are passed as raw 32-bit patterns so NaN payloads and the
 * sign of zero survive. The op arguments use the generated encodings of vgiw_ops.h.
 */
#ifndef VGIW_ARITH_H
#define VGIW_ARITH_H

#include <stdint.h>

#define VGIW_CANONICAL_NAN 0x7FC00000u

uint32_t vgiw_alu(unsigned op, uint32_t a, uint32_t b, uint32_t c);   /* enum alu_op  */
uint32_t vgiw_fma(unsigned op, uint32_t a, uint32_t b, uint32_t c);   /* enum fma_op  */
uint32_t vgiw_fcmp(unsigned op, uint32_t a, uint32_t b);              /* enum fcmp_op */
uint32_t vgiw_fcvt(unsigned op, uint32_t a);                          /* enum fcvt_op */
uint32_t vgiw_scu(unsigned op, uint32_t a, uint32_t b);               /* enum scu_op  */
/* The word an atomic LDST op (enum ldst_op LDST_AADD..LDST_ACMPXCHG) leaves in memory, from
 * the old word, the operand v and the comparand c (ACMPXCHG); the op returns `old`. The
 * one model of the RMW the L1 bank performs (rtl/mem/vgiw_cache_bank.sv). */
uint32_t vgiw_atomic(unsigned op, uint32_t old, uint32_t v, uint32_t c);

/* Raw-bit helpers shared by golden models and test generators. */
float    vgiw_f32(uint32_t bits);
uint32_t vgiw_bits(float f);
int      vgiw_is_nan(uint32_t bits);
uint32_t vgiw_canon(float f);   /* bits of f, with any NaN replaced by the canonical NaN */

#endif
