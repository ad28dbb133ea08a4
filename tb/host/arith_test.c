/* Known-answer tests of the golden model (sw/lib/vgiw_arith.c): the conventions this
 * project defines (docs/arithmetic.md) written out as literal bit patterns, so a change
 * to the golden side that would silently change what "correct" means is caught here. */
#include "test_util.h"
#include "vgiw_arith.h"
#include "vgiw_ops.h"

#define QNAN 0x7FC00000u
#define SNAN 0x7F800001u
#define PINF 0x7F800000u
#define NINF 0xFF800000u
#define PZERO 0x00000000u
#define NZERO 0x80000000u
#define ONE 0x3F800000u
#define MINSUB 0x00000001u

int main(void)
{
    /* integer */
    EXPECT_EQ_U32(vgiw_alu(ALU_SRA, 0x80000000u, 33, 0), 0xC0000000u, "sra masks shift to 5 bits");
    EXPECT_EQ_U32(vgiw_alu(ALU_SLL, 1, 32, 0), 1, "sll by 32 is sll by 0");
    EXPECT_EQ_U32(vgiw_alu(ALU_MULH, 0x80000000u, 0x80000000u, 0), 0x40000000u, "mulh INT_MIN^2");
    EXPECT_EQ_U32(vgiw_alu(ALU_MULHU, 0xFFFFFFFFu, 0xFFFFFFFFu, 0), 0xFFFFFFFEu, "mulhu");
    EXPECT_EQ_U32(vgiw_alu(ALU_SEXT8, 0x1280u, 0, 0), 0xFFFFFF80u, "sext8");
    EXPECT_EQ_U32(vgiw_alu(ALU_SEL, 0, 5, 9), 9, "sel false");
    EXPECT_EQ_U32(vgiw_scu(SCU_DIV, 0x80000000u, 0xFFFFFFFFu), 0x80000000u, "INT_MIN / -1");
    EXPECT_EQ_U32(vgiw_scu(SCU_REM, 0x80000000u, 0xFFFFFFFFu), 0, "INT_MIN % -1");
    EXPECT_EQ_U32(vgiw_scu(SCU_DIV, 7, 0), 0xFFFFFFFFu, "x / 0 signed");
    EXPECT_EQ_U32(vgiw_scu(SCU_DIVU, 7, 0), 0xFFFFFFFFu, "x / 0 unsigned");
    EXPECT_EQ_U32(vgiw_scu(SCU_REM, 0xFFFFFFF9u, 0), 0xFFFFFFF9u, "x % 0 is x");
    EXPECT_EQ_U32(vgiw_scu(SCU_REM, 0xFFFFFFF9u, 2), 0xFFFFFFFFu, "-7 % 2 = -1 (C truncation)");
    EXPECT_EQ_U32(vgiw_scu(SCU_DIV, 0xFFFFFFF9u, 2), 0xFFFFFFFDu, "-7 / 2 = -3");
    /* FP arithmetic: canonical NaN, signed zeros, subnormals, rounding */
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, SNAN, ONE, 0), QNAN, "sNaN + 1 -> canonical NaN");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, 0xFFC12345u, ONE, 0), QNAN, "payload dropped");
    EXPECT_EQ_U32(vgiw_fma(FMA_FSUB, PINF, PINF, 0), QNAN, "inf - inf");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMADD, PINF, PZERO, QNAN), QNAN, "inf*0+qNaN");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, ONE, 0xBF800000u, 0), PZERO, "1 + -1 = +0");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, NZERO, NZERO, 0), NZERO, "-0 + -0 = -0");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMUL, NZERO, ONE, 0), NZERO, "-0 * 1 = -0");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, MINSUB, MINSUB, 0), 0x00000002u, "subnormal add kept");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMUL, 0x00800000u, 0x3F000000u, 0), 0x00400000u, "normal*0.5 -> subnormal");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMUL, MINSUB, 0x3F000000u, 0), PZERO, "tie to even underflows to 0");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMUL, 0x00000003u, 0x3F000000u, 0), 0x00000002u, "1.5 ulp ties to even 2");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, ONE, 0x33800000u, 0), ONE, "1 + 2^-24 ties to even 1");
    EXPECT_EQ_U32(vgiw_fma(FMA_FADD, 0x3F800001u, 0x33800000u, 0), 0x3F800002u, "ties to even up");
    EXPECT_EQ_U32(vgiw_fma(FMA_FMUL, 0x7F7FFFFFu, 0x40000000u, 0), PINF, "overflow to inf");
    /* fma is fused: (1+2^-23)*(1-2^-23) - 1 = -2^-46 exactly, unfused would give 0 */
    EXPECT_EQ_U32(vgiw_fma(FMA_FMADD, 0x3F800001u, 0x3F7FFFFEu, 0xBF800000u), 0xA8800000u, "fused rounding");
    EXPECT_EQ_U32(vgiw_scu(SCU_FSQRT, NZERO, 0), NZERO, "sqrt(-0) = -0");
    EXPECT_EQ_U32(vgiw_scu(SCU_FSQRT, 0xBF800000u, 0), QNAN, "sqrt(-1) = NaN");
    EXPECT_EQ_U32(vgiw_scu(SCU_FDIV, ONE, NZERO), NINF, "1 / -0 = -inf");
    EXPECT_EQ_U32(vgiw_scu(SCU_FDIV, PZERO, PZERO), QNAN, "0 / 0");
    EXPECT_EQ_U32(vgiw_scu(SCU_FSQRT, 0x40000000u, 0), 0x3FB504F3u, "sqrt(2)");
    /* compares and min/max */
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_OEQ, PZERO, NZERO), 1, "+0 == -0");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_UNE, QNAN, QNAN), 1, "NaN une NaN");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_OEQ, QNAN, QNAN), 0, "NaN oeq NaN");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_ULT, ONE, QNAN), 1, "unordered lt");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FMIN, PZERO, NZERO), NZERO, "fmin(+0,-0) = -0");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FMAX, NZERO, PZERO), PZERO, "fmax(-0,+0) = +0");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FMIN, SNAN, ONE), ONE, "fmin ignores NaN");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FMAX, SNAN, QNAN), QNAN, "fmax of two NaNs");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FNEG, 0x7FC12345u, 0), 0xFFC12345u, "fneg keeps payload");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FABS, 0xFF800001u, 0), 0x7F800001u, "fabs keeps sNaN");
    EXPECT_EQ_U32(vgiw_fcmp(FCMP_FCOPYSIGN, ONE, NZERO), 0xBF800000u, "copysign");
    /* conversions */
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2I, QNAN), 0x7FFFFFFFu, "NaN -> INT_MAX");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2I, NINF), 0x80000000u, "-inf -> INT_MIN");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2I, 0x4F000000u), 0x7FFFFFFFu, "2^31 saturates");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2I, 0xCF000000u), 0x80000000u, "-2^31 exact");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2I, 0xBFF00000u), 0xFFFFFFFFu, "-1.875 truncates to -1");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2U, 0xBF7FFFFFu), 0, "-0.99 -> 0");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2U, 0xBF800000u), 0, "-1 saturates to 0");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2U, QNAN), 0xFFFFFFFFu, "NaN -> UINT_MAX");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2U, 0x4F800000u), 0xFFFFFFFFu, "2^32 saturates");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_F2U, 0x4F7FFFFFu), 0xFFFFFF00u, "largest float below 2^32");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_I2F, 0x01000001u), 0x4B800000u, "2^24+1 ties to even");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_I2F, 0x01000003u), 0x4B800002u, "2^24+3 ties to even up");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_I2F, 0x80000000u), 0xCF000000u, "INT_MIN");
    EXPECT_EQ_U32(vgiw_fcvt(FCVT_U2F, 0xFFFFFFFFu), 0x4F800000u, "UINT_MAX rounds up to 2^32");
    return test_report("arith_test");
}
