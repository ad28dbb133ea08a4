/* Reference semantics of the compute operations; see vgiw_arith.h for the conventions. */
#include "vgiw_arith.h"

#include <math.h>
#include <string.h>

#include "vgiw_ops.h"

float vgiw_f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t vgiw_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

int vgiw_is_nan(uint32_t bits)
{
    return (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu) != 0;
}

uint32_t vgiw_canon(float f)
{
    uint32_t u = vgiw_bits(f);
    return vgiw_is_nan(u) ? VGIW_CANONICAL_NAN : u;
}

uint32_t vgiw_alu(unsigned op, uint32_t a, uint32_t b, uint32_t c)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    unsigned sh = b & 31u;
    switch (op) {
    case ALU_ADD:    return a + b;
    case ALU_SUB:    return a - b;
    case ALU_MUL:    return a * b;
    case ALU_MULH:   return (uint32_t)(((int64_t)sa * (int64_t)sb) >> 32);
    case ALU_MULHU:  return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    case ALU_AND:    return a & b;
    case ALU_OR:     return a | b;
    case ALU_XOR:    return a ^ b;
    case ALU_NOT:    return ~a;
    case ALU_SLL:    return a << sh;
    case ALU_SRL:    return a >> sh;
    /* Arithmetic right shift written without relying on implementation-defined >> of negatives. */
    case ALU_SRA:    return sa < 0 ? ~(~a >> sh) : a >> sh;
    case ALU_EQ:     return a == b;
    case ALU_NE:     return a != b;
    case ALU_LT:     return sa < sb;
    case ALU_LTU:    return a < b;
    case ALU_LE:     return sa <= sb;
    case ALU_LEU:    return a <= b;
    case ALU_GT:     return sa > sb;
    case ALU_GTU:    return a > b;
    case ALU_GE:     return sa >= sb;
    case ALU_GEU:    return a >= b;
    case ALU_SEL:    return a != 0 ? b : c;
    case ALU_MIN:    return sa < sb ? a : b;
    case ALU_MAX:    return sa > sb ? a : b;
    case ALU_MINU:   return a < b ? a : b;
    case ALU_MAXU:   return a > b ? a : b;
    case ALU_SEXT8:  return (uint32_t)(int32_t)(int8_t)(uint8_t)a;
    case ALU_SEXT16: return (uint32_t)(int32_t)(int16_t)(uint16_t)a;
    case ALU_ZEXT8:  return a & 0xFFu;
    case ALU_ZEXT16: return a & 0xFFFFu;
    default:         return 0;
    }
}

uint32_t vgiw_fma(unsigned op, uint32_t a, uint32_t b, uint32_t c)
{
    float fa = vgiw_f32(a), fb = vgiw_f32(b), fc = vgiw_f32(c);
    switch (op) {
    case FMA_FADD:  return vgiw_canon(fa + fb);
    case FMA_FSUB:  return vgiw_canon(fa - fb);
    case FMA_FMUL:  return vgiw_canon(fa * fb);
    case FMA_FMADD: return vgiw_canon(fmaf(fa, fb, fc));
    default:        return 0;
    }
}

/* Total order used by fmin/fmax for non-NaN operands: -0 below +0. */
static int f32_less(uint32_t a, uint32_t b)
{
    float fa = vgiw_f32(a), fb = vgiw_f32(b);
    if (fa == fb)
        return (a >> 31) > (b >> 31);   /* only differs for -0 vs +0 */
    return fa < fb;
}

uint32_t vgiw_fcmp(unsigned op, uint32_t a, uint32_t b)
{
    float fa = vgiw_f32(a), fb = vgiw_f32(b);
    int an = vgiw_is_nan(a), bn = vgiw_is_nan(b);
    if (op <= FCMP_TRUE) {
        /* LLVM fcmp predicate bits: 1 = equal, 2 = greater, 4 = less, 8 = unordered. */
        unsigned rel = (an || bn) ? 8u : fa == fb ? 1u : fa > fb ? 2u : 4u;
        return (op & rel) != 0;
    }
    switch (op) {
    case FCMP_FMIN:
    case FCMP_FMAX:
        if (an && bn) return VGIW_CANONICAL_NAN;
        if (an) return b;
        if (bn) return a;
        return (f32_less(a, b) == (op == FCMP_FMIN)) ? a : b;
    case FCMP_FABS:      return a & 0x7FFFFFFFu;
    case FCMP_FNEG:      return a ^ 0x80000000u;
    case FCMP_FCOPYSIGN: return (a & 0x7FFFFFFFu) | (b & 0x80000000u);
    default:             return 0;
    }
}

uint32_t vgiw_fcvt(unsigned op, uint32_t a)
{
    float f = vgiw_f32(a);
    switch (op) {
    case FCVT_I2F: return vgiw_bits((float)(int32_t)a);
    case FCVT_U2F: return vgiw_bits((float)a);
    case FCVT_F2I:
        if (vgiw_is_nan(a)) return 0x7FFFFFFFu;
        if (f >= 2147483648.0f) return 0x7FFFFFFFu;
        if (f < -2147483648.0f) return 0x80000000u;
        return (uint32_t)(int32_t)f;
    case FCVT_F2U:
        if (vgiw_is_nan(a)) return 0xFFFFFFFFu;
        if (f >= 4294967296.0f) return 0xFFFFFFFFu;
        if (f <= -1.0f) return 0;
        return (uint32_t)f;   /* (-1, 0) truncates to 0 */
    default:
        return 0;
    }
}

uint32_t vgiw_atomic(unsigned op, uint32_t old, uint32_t v, uint32_t c)
{
    switch (op) {
    case LDST_AADD:     return old + v;
    case LDST_ASUB:     return old - v;
    case LDST_AXCHG:    return v;
    case LDST_AMIN:     return (int32_t)old < (int32_t)v ? old : v;
    case LDST_AMAX:     return (int32_t)old > (int32_t)v ? old : v;
    case LDST_AMINU:    return old < v ? old : v;
    case LDST_AMAXU:    return old > v ? old : v;
    case LDST_AAND:     return old & v;
    case LDST_AOR:      return old | v;
    case LDST_AXOR:     return old ^ v;
    case LDST_ACMPXCHG: return old == c ? v : old;
    default:            return old;
    }
}

uint32_t vgiw_scu(unsigned op, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case SCU_DIV:
        if (b == 0) return 0xFFFFFFFFu;
        if (sa == INT32_MIN && sb == -1) return a;
        return (uint32_t)(sa / sb);
    case SCU_DIVU:
        return b == 0 ? 0xFFFFFFFFu : a / b;
    case SCU_REM:
        if (b == 0) return a;
        if (sa == INT32_MIN && sb == -1) return 0;
        return (uint32_t)(sa % sb);
    case SCU_REMU:
        return b == 0 ? a : a % b;
    case SCU_FDIV:  return vgiw_canon(vgiw_f32(a) / vgiw_f32(b));
    case SCU_FSQRT: return vgiw_canon(sqrtf(vgiw_f32(a)));
    default:        return 0;
    }
}
