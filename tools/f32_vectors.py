#!/usr/bin/env python3
"""Binary32 test vectors in Berkeley TestFloat's testfloat_gen text format, from an
independent golden model: exact integer arithmetic and this file's own round-to-nearest-
even to binary32 (subnormals included). No host floating point is used anywhere, so the
vectors do not share a single line of code or hardware with sw/lib/vgiw_arith.c.

  f32_vectors.py --op f32_add --count 20000 --seed 1 -o add.tv
  make fpu-vectors OP=f32_add VECTORS=add.tv

One test case per line: operands, the expected result and the exception flags, in hex.
Floats and 32-bit integers are 8 hex digits, comparison results one digit 0/1, flags two
hex digits (0x01 inexact, 0x02 underflow with tininess detected after rounding, 0x04
overflow, 0x08 infinite / divide by zero, 0x10 invalid). Rounding is to nearest even unless
--rm names another of TestFloat's modes (near_even, minMag, min, max, near_maxMag).
Where IEEE 754 leaves results to the implementation, this follows TestFloat's default
x86 (8086-SSE) specialization: NaN results are the default NaN 0x7FC00000, invalid
float -> int32 conversions return 0x80000000 and float -> uint32 return 0xFFFFFFFF;
float -> integer conversions raise inexact only with --exact (testfloat_gen -exact).
The operand classes are biased the way tb/common/fp_rand.c biases them (zeros,
subnormals, exponent extremes, NaNs and infinities, rounding ties, cancellation, results
near the underflow and overflow thresholds); the first part of every file is directed
cases (all pairs of special values). docs/testfloat.md explains the checker.
"""
import argparse
import math
import random
import sys

INEXACT, UNDERFLOW, OVERFLOW, INFINITE, INVALID = 0x01, 0x02, 0x04, 0x08, 0x10
QNAN = 0x7FC00000          # default NaN of the x86 specialization
INF = 0x7F800000
SIGN = 0x80000000
MAG = 0x7FFFFFFF
# rounding mode (testfloat_gen -r<mode>): near_even, minMag (toward zero), min (down), max (up),
# near_maxMag (to nearest, ties away from zero); set by --rm
RM = "near_even"
RMODES = ["near_even", "minMag", "min", "max", "near_maxMag"]


def round_up(s, q, rem, half):
    """Does rounding a magnitude with kept part q, dropped part rem (> 0) and half = the weight
    of half an ulp increment q, for sign s and the rounding mode RM?"""
    if RM == "near_even":
        return rem > half or (rem == half and q & 1)
    if RM == "near_maxMag":
        return rem >= half
    if RM == "min":
        return s == 1
    if RM == "max":
        return s == 0
    return False                          # minMag


def zero_sum_sign():
    """Sign of an exact zero sum of operands of opposite signs (IEEE 754 §6.3)."""
    return SIGN if RM == "min" else 0


# ----------------------------------------------------------------------- binary32 model

def is_nan(x):
    return (x & MAG) > INF


def is_snan(x):
    return is_nan(x) and not (x & 0x00400000)


def unpack(x):
    """Finite x as (sign, M, E) with |x| = M * 2^E exactly (M = 0 for zeros)."""
    e = (x >> 23) & 0xFF
    f = x & 0x7FFFFF
    if e:
        return x >> 31, f | 0x800000, e - 150
    return x >> 31, f, -149


def round_pack(s, m, e):
    """Round s * m * 2^e (m > 0, exact) to binary32 by RM. Returns (bits, flags)."""
    n = m.bit_length()
    lead = n - 1 + e                      # exponent of the leading one
    lsb = lead - 23 if lead > -126 else -149
    sh = lsb - e
    flags = 0
    if sh <= 0:
        q = m << -sh                      # exact
    else:
        q = m >> sh
        rem = m & ((1 << sh) - 1)
        if rem:
            flags = INEXACT
            half = 1 << (sh - 1)
            if round_up(s, q, rem, half):
                q += 1
                if q >> 24:               # carried out of the significand
                    q >>= 1
                    lsb += 1
    if lead < -126 and flags:
        # Tininess after rounding: would the result, rounded to 24 bits with an unbounded
        # exponent, be below 2^-126? Only lead == -127 can round up to 2^-126.
        tiny = True
        sh24 = -150 - e                   # drop count at 24 bits; <= 0: exact, stays tiny
        if lead == -127 and sh24 > 0:
            q24 = m >> sh24
            rem24 = m & ((1 << sh24) - 1)
            half24 = 1 << (sh24 - 1)
            if rem24 and round_up(s, q24, rem24, half24):
                q24 += 1
            tiny = q24 < (1 << 24)
        if tiny:
            flags |= UNDERFLOW
    sbit = s << 31
    if q >= 0x800000:
        ef = lsb + 150
        if ef >= 255:
            to_inf = RM in ("near_even", "near_maxMag") or (RM == "max" and not s) or (RM == "min" and s)
            return sbit | (INF if to_inf else 0x7F7FFFFF), OVERFLOW | INEXACT
        return sbit | (ef << 23) | (q & 0x7FFFFF), flags
    return sbit | q, flags                 # subnormal (lsb == -149) or zero


def nan_flags(*xs):
    return INVALID if any(is_snan(x) for x in xs) else 0


def add_exact(sa, ma, ea, sb, mb, eb):
    """Exact s*m*2^e of a sum, as (sign, m, e) with m possibly 0."""
    e = min(ea, eb)
    va = ma << (ea - e)
    vb = mb << (eb - e)
    v = (-va if sa else va) + (-vb if sb else vb)
    if v < 0:
        return 1, -v, e
    return 0, v, e


def f32_add(a, b):
    if is_nan(a) or is_nan(b):
        return QNAN, nan_flags(a, b)
    ainf, binf = (a & MAG) == INF, (b & MAG) == INF
    if ainf or binf:
        if ainf and binf and (a ^ b) & SIGN:
            return QNAN, INVALID
        return (a if ainf else b), 0
    sa, ma, ea = unpack(a)
    sb, mb, eb = unpack(b)
    if ma == 0 and mb == 0:
        return ((sa & sb) << 31 if sa == sb else zero_sum_sign()), 0
    s, m, e = add_exact(sa, ma, ea, sb, mb, eb)
    if m == 0:
        return zero_sum_sign(), 0         # exact cancellation: +0, -0 rounding down
    return round_pack(s, m, e)


def f32_sub(a, b):
    return f32_add(a, b if is_nan(b) else b ^ SIGN)


def f32_mul(a, b):
    if is_nan(a) or is_nan(b):
        return QNAN, nan_flags(a, b)
    s = (a ^ b) & SIGN
    ainf, binf = (a & MAG) == INF, (b & MAG) == INF
    if ainf or binf:
        if (a & MAG) == 0 or (b & MAG) == 0:
            return QNAN, INVALID
        return s | INF, 0
    _, ma, ea = unpack(a)
    _, mb, eb = unpack(b)
    if ma == 0 or mb == 0:
        return s, 0
    return round_pack(s >> 31, ma * mb, ea + eb)


def f32_mulAdd(a, b, c):
    # Special cases in the order SoftFloat's softfloat_mulAddF32 takes them.
    if is_nan(a) or is_nan(b):
        return QNAN, nan_flags(a, b, c)
    sp = (a ^ b) & SIGN
    ainf, binf = (a & MAG) == INF, (b & MAG) == INF
    if ainf or binf:
        if (a & MAG) == 0 or (b & MAG) == 0:
            return QNAN, INVALID            # inf * 0 (+ anything, even a quiet NaN)
        if is_nan(c):
            return QNAN, nan_flags(c)
        if (c & MAG) == INF and (c & SIGN) != sp:
            return QNAN, INVALID
        return sp | INF, 0
    if is_nan(c):
        return QNAN, nan_flags(c)
    if (c & MAG) == INF:
        return c, 0
    _, ma, ea = unpack(a)
    _, mb, eb = unpack(b)
    sc, mc, ec = unpack(c)
    if ma == 0 or mb == 0:
        if mc == 0:
            return (sp if sp == (c & SIGN) else zero_sum_sign()), 0
        return c, 0
    if mc == 0:
        return round_pack(sp >> 31, ma * mb, ea + eb)
    s, m, e = add_exact(sp >> 31, ma * mb, ea + eb, sc, mc, ec)
    if m == 0:
        return zero_sum_sign(), 0
    return round_pack(s, m, e)


def f32_div(a, b):
    if is_nan(a) or is_nan(b):
        return QNAN, nan_flags(a, b)
    s = (a ^ b) & SIGN
    ainf, binf = (a & MAG) == INF, (b & MAG) == INF
    if ainf:
        return (QNAN, INVALID) if binf else (s | INF, 0)
    if binf:
        return s, 0
    _, ma, ea = unpack(a)
    _, mb, eb = unpack(b)
    if mb == 0:
        return (QNAN, INVALID) if ma == 0 else (s | INF, INFINITE)
    if ma == 0:
        return s, 0
    # Quotient with at least 27 bits, plus a sticky bit for the remainder.
    k = max(0, 27 + mb.bit_length() - ma.bit_length())
    q, r = divmod(ma << k, mb)
    return round_pack(s >> 31, (q << 1) | (r != 0), ea - eb - k - 1)


def f32_sqrt(a):
    if is_nan(a):
        return QNAN, nan_flags(a)
    if (a & MAG) == 0:
        return a, 0                         # sqrt(-0) = -0
    if a & SIGN:
        return QNAN, INVALID
    if a == INF:
        return INF, 0
    _, m, e = unpack(a)
    if e & 1:
        m <<= 1
        e -= 1
    # Integer square root with at least 27 bits, plus a sticky bit for the remainder.
    k = max(0, (56 - m.bit_length()) // 2)
    mm = m << (2 * k)
    r = math.isqrt(mm)
    return round_pack(0, (r << 1) | (mm != r * r), (e - 2 * k) // 2 - 1)


def order_key(x):
    """Integer with the numeric order of a non-NaN binary32 (+0 and -0 both map to 0)."""
    return -(x & MAG) if x & SIGN else x


def cmp_common(a, b, signaling):
    if is_nan(a) or is_nan(b):
        return None, (INVALID if signaling else nan_flags(a, b))
    return (order_key(a), order_key(b)), 0


def f32_eq(a, b, signaling=False):
    keys, fl = cmp_common(a, b, signaling)
    return (0, fl) if keys is None else (int(keys[0] == keys[1]), 0)


def f32_le(a, b, signaling=True):
    keys, fl = cmp_common(a, b, signaling)
    return (0, fl) if keys is None else (int(keys[0] <= keys[1]), 0)


def f32_lt(a, b, signaling=True):
    keys, fl = cmp_common(a, b, signaling)
    return (0, fl) if keys is None else (int(keys[0] < keys[1]), 0)


def i32_to_f32(x):
    if x == 0:
        return 0, 0
    if x & SIGN:
        return round_pack(1, (1 << 32) - x, 0)
    return round_pack(0, x, 0)


def ui32_to_f32(x):
    return (0, 0) if x == 0 else round_pack(0, x, 0)


def f32_to_i32_r_minMag(x, exact=False):
    e = (x >> 23) & 0xFF
    f = x & 0x7FFFFF
    if e < 127:
        return 0, (INEXACT if exact and (e or f) else 0)
    if e >= 158:
        if x == 0xCF000000:
            return 0x80000000, 0            # -2^31 exactly
        return 0x80000000, INVALID          # x86: overflow and NaN alike
    sh = 158 - e
    sig = (f | 0x800000) << 8
    z = sig >> sh
    fl = INEXACT if exact and (sig & ((1 << sh) - 1)) else 0
    return ((-z) & 0xFFFFFFFF if x & SIGN else z), fl


def f32_to_ui32_r_minMag(x, exact=False):
    e = (x >> 23) & 0xFF
    f = x & 0x7FFFFF
    if e < 127:
        return 0, (INEXACT if exact and (e or f) else 0)   # |x| < 1, either sign
    if x & SIGN or e > 158:
        return 0xFFFFFFFF, INVALID          # x86: negative, too large and NaN alike
    sh = 158 - e
    sig = (f | 0x800000) << 8
    fl = INEXACT if exact and (sig & ((1 << sh) - 1)) else 0
    return sig >> sh, fl


def f32_to_int(x, signed, exact):
    """float -> int32 / uint32 rounded by RM (testfloat_gen f32_to_i32 / f32_to_ui32 -r<mode>).
    Invalid (NaN, infinity, rounded value out of range) returns the x86 values, flags invalid only."""
    bad = (0x80000000 if signed else 0xFFFFFFFF), INVALID
    if (x & MAG) >= INF:
        return bad
    s, m, e = unpack(x)
    rem = 0
    if e >= 0:
        v = m << e
    else:
        v, rem = m >> -e, m & ((1 << -e) - 1)
        if rem and round_up(s, v, rem, 1 << (-e - 1)):
            v += 1
    val = -v if s else v
    if (signed and not -(1 << 31) <= val < (1 << 31)) or (not signed and not 0 <= val < (1 << 32)):
        return bad
    return val & 0xFFFFFFFF, (INEXACT if exact and rem else 0)


# ----------------------------------------------------------------------- operations

# name -> (arity, operand kind, result kind, function); kinds: f = float, i/u = int32/uint32,
# b = boolean.
OPS = {
    "f32_add":             (2, "f", "f", f32_add),
    "f32_sub":             (2, "f", "f", f32_sub),
    "f32_mul":             (2, "f", "f", f32_mul),
    "f32_mulAdd":          (3, "f", "f", f32_mulAdd),
    "f32_div":             (2, "f", "f", f32_div),
    "f32_sqrt":            (1, "f", "f", f32_sqrt),
    "f32_eq":              (2, "f", "b", lambda a, b: f32_eq(a, b, False)),
    "f32_le":              (2, "f", "b", lambda a, b: f32_le(a, b, True)),
    "f32_lt":              (2, "f", "b", lambda a, b: f32_lt(a, b, True)),
    "f32_eq_signaling":    (2, "f", "b", lambda a, b: f32_eq(a, b, True)),
    "f32_le_quiet":        (2, "f", "b", lambda a, b: f32_le(a, b, False)),
    "f32_lt_quiet":        (2, "f", "b", lambda a, b: f32_lt(a, b, False)),
    "i32_to_f32":          (1, "i", "f", i32_to_f32),
    "ui32_to_f32":         (1, "u", "f", ui32_to_f32),
    "f32_to_i32_r_minMag": (1, "f", "i", f32_to_i32_r_minMag),
    "f32_to_ui32_r_minMag": (1, "f", "i", f32_to_ui32_r_minMag),
    "f32_to_i32":          (1, "f", "i", lambda x, exact=False: f32_to_int(x, True, exact)),
    "f32_to_ui32":         (1, "f", "i", lambda x, exact=False: f32_to_int(x, False, exact)),
}
ALIASES = {"f32_to_i32_rz": "f32_to_i32_r_minMag", "f32_to_ui32_rz": "f32_to_ui32_r_minMag"}


# ----------------------------------------------------------------------- operands

SPECIALS = [
    0x00000000, 0x80000000,               # +-0
    0x7F800000, 0xFF800000,               # +-inf
    0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFBFFFFF, 0x7FA5A5A5, 0x7FC12345,  # NaNs
    0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF,  # smallest, largest subnormal
    0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF,  # smallest, largest normal
    0x3F800000, 0xBF800000, 0x3F000000, 0x40000000,  # +-1, 0.5, 2
    0x4B7FFFFF, 0x4B800000, 0x4F000000, 0xCF000000, 0x4F7FFFFF, 0x4F800000,
    0x3F7FFFFF, 0x3F800001, 0x00400000, 0x00000003, 0x00FFFFFF, 0x33800000,
]

EDGE_INTS = [
    0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE,
    0x00FFFFFF, 0x01000000, 0x01000001, 0x01000002, 0x01000003, 0x02000001, 0x02000003,
    0x7FFFFFC0, 0x7FFFFF80, 0x7FFFFF7F, 0xFFFFFF80, 0xFFFFFF7F, 0x55555555, 0xAAAAAAAA,
]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.bits = self.r.getrandbits

    def below(self, n):
        return self.r.randrange(n)

    def mantissa(self):
        """Mantissas with long runs of ones or zeros: carry and sticky corner cases."""
        k = self.below(6)
        if k == 0:
            return 0
        if k == 1:
            return 0x7FFFFF
        if k == 2:
            return 0x7FFFFF >> self.below(23)
        if k == 3:
            return (0x7FFFFF << self.below(23)) & 0x7FFFFF
        if k == 4:
            return 1 << self.below(23)
        return self.bits(23)

    def value(self):
        """One biased binary32 operand."""
        s = self.bits(1) << 31
        k = self.below(16)
        if k == 0:
            return SPECIALS[self.below(len(SPECIALS))]
        if k == 1:
            return s | self.mantissa()                                   # subnormal / zero
        if k == 2:
            return s | self.bits(23)                                     # subnormal
        if k == 3:
            return s | ((1 + self.below(3)) << 23) | self.mantissa()     # low exponents
        if k == 4:
            return s | ((251 + self.below(4)) << 23) | self.mantissa()   # near overflow
        if k == 5:
            return s | INF | ((self.bits(23) | 1) if self.below(4) else 0)  # NaN / inf
        if k == 6:
            return s | ((112 + self.below(31)) << 23) | self.mantissa()  # around 1
        if k == 7:
            return i32_to_f32(self.bits(32) >> self.below(32))[0]        # integers
        return self.bits(32)

    def with_exp(self, a, delta):
        e = min(254, max(0, ((a >> 23) & 0xFF) + delta))
        return (self.bits(1) << 31) | (e << 23) | self.mantissa()

    def operands(self, arity):
        a, b, c = self.value(), self.value(), self.value()
        if arity >= 2 and self.bits(1):
            k = self.below(9)
            ea = (a >> 23) & 0xFF
            if k == 0:                      # b = -a +- a few ulps: massive cancellation
                b = ((a ^ SIGN) + self.below(5) - 2) & 0xFFFFFFFF
            elif k == 1:                    # exponents close: alignment, ties, carries
                b = self.with_exp(a, self.below(54) - 27)
            elif k == 2:                    # exact tie for addition
                d = 1 + self.below(24)
                if d < ea < 255:
                    man = ((self.mantissa() | 0x800000) >> 1) & ~((1 << (d - 1)) - 1)
                    b = (self.bits(1) << 31) | ((ea - d) << 23) | ((man | (1 << (d - 1))) & 0x7FFFFF)
            elif k == 3:                    # product near the subnormal boundary
                b = (self.bits(1) << 31) | (((128 - ea + self.below(30) - 25) & 0xFF) << 23) | self.mantissa()
            elif k == 4:                    # product near overflow
                b = (self.bits(1) << 31) | (((254 - ea + self.below(5) - 2) & 0xFF) << 23) | self.mantissa()
            elif k == 5:                    # subnormal pair
                a = (self.bits(1) << 31) | self.bits(23)
                b = (self.bits(1) << 31) | (self.below(3) << 23) | self.bits(23)
            elif k == 6:                    # both near 1: long carry chains
                a = (self.bits(1) << 31) | ((126 + self.below(2)) << 23) | self.mantissa()
                b = (self.bits(1) << 31) | ((126 + self.below(2)) << 23) | self.mantissa()
            elif k == 7:                    # equal, or neighbours
                b = (a + self.below(3) - 1) & 0xFFFFFFFF
            else:                           # exact quotient / product with a small integer
                q = 1 + self.below(1000)
                p = f32_mul(a, i32_to_f32(q)[0])[0]
                a, b = p, a
        if arity == 3 and self.bits(1):
            # c cancels a*b: the rounded product, negated, nudged by a few ulps.
            p = f32_mul(a, b)[0]
            if not is_nan(p):
                c = ((p ^ SIGN) + self.below(7) - 3) & 0xFFFFFFFF
                if self.below(4) == 0:
                    c = self.with_exp(p, self.below(60) - 30)
        return a, b, c

    def sqrt_operand(self):
        k = self.below(4)
        if k == 0:                          # exact squares of short significands
            m = self.bits(12) | 0x800
            sq = m * m
            e = self.below(200) - 100
            return round_pack(0, sq, e)[0]
        if k == 3:                          # any sign (negative: invalid)
            return self.value()
        return self.value() & MAG           # positive, any class

    def int_operand(self):
        k = self.below(6)
        if k == 0:
            return EDGE_INTS[self.below(len(EDGE_INTS))]
        if k == 1:
            return self.bits(32) >> self.below(32)
        if k == 2:
            return (-(self.bits(32) >> self.below(32))) & 0xFFFFFFFF
        if k == 3:                          # rounding boundary: low bits tie / near tie
            lead = 24 + self.below(8)
            drop = lead - 23
            kept = (1 << 23) | self.bits(23)
            low = (1 << (drop - 1)) + self.below(3) - 1
            x = ((kept << drop) | (low & ((1 << drop) - 1))) & 0xFFFFFFFF
            return (-x) & 0xFFFFFFFF if self.bits(1) else x
        if k == 4:                          # 2^k +- small
            return ((1 << self.below(32)) + self.below(7) - 3) & 0xFFFFFFFF
        return self.bits(32)

    def f2i_operand(self):
        if self.bits(1):
            return self.value()
        s = self.bits(1) << 31
        e = 119 + self.below(48)            # |x| from 2^-8 to 2^40: the interesting range
        return s | (e << 23) | (self.mantissa() if self.bits(1) else self.bits(23))


def directed(arity, kind):
    if kind in "iu":
        return [(x,) for x in EDGE_INTS] + [(((1 << k) + d) & 0xFFFFFFFF,) for k in range(32) for d in (-1, 0, 1)]
    if arity == 1:
        return [(x,) for x in SPECIALS]
    if arity == 2:
        return [(x, y) for x in SPECIALS for y in SPECIALS]
    small = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x00000001,
             0x3F800000, 0xBF800000, 0x7F7FFFFF]
    return [(x, y, z) for x in SPECIALS for y in SPECIALS for z in small]


# ----------------------------------------------------------------------- main

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--op", required=True, help="operation: " + ", ".join(list(OPS) + list(ALIASES)))
    p.add_argument("--count", type=int, default=10000, help="number of test cases (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--exact", action="store_true",
                   help="float -> int conversions raise inexact (testfloat_gen -exact)")
    p.add_argument("--no-directed", action="store_true", help="random cases only")
    p.add_argument("--rm", default="near_even", choices=RMODES,
                   help="rounding mode (testfloat_gen -r<mode>; default near_even)")
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    args = p.parse_args(argv)
    global RM
    RM = args.rm

    name = ALIASES.get(args.op, args.op)
    if name not in OPS:
        p.error(f"unknown op '{args.op}'; known: {', '.join(list(OPS) + list(ALIASES))}")
    if args.count < 0:
        p.error("--count must be >= 0")
    arity, kind, rkind, fn = OPS[name]
    if rkind == "i" and args.exact:
        base = fn
        fn = lambda x: base(x, True)  # noqa: E731
    g = Gen(args.seed)

    # Directed cases first (at most half the file, evenly sampled), then random ones.
    cases = directed(arity, kind) if not args.no_directed else []
    n_dir = min(len(cases), args.count // 2)
    if n_dir < len(cases):
        step = len(cases) / max(1, n_dir)
        cases = [cases[int(i * step)] for i in range(n_dir)]

    def random_case():
        if kind == "i" or kind == "u":
            return (g.int_operand(),)
        if name == "f32_sqrt":
            return (g.sqrt_operand(),)
        if rkind == "i":
            return (g.f2i_operand(),)
        return g.operands(arity)[:arity]

    out = sys.stdout if args.output == "-" else open(args.output, "w")
    try:
        buf = []
        for i in range(args.count):
            ops = cases[i] if i < n_dir else random_case()
            z, fl = fn(*ops)
            zs = str(z) if rkind == "b" else f"{z:08X}"
            buf.append(" ".join(f"{x:08X}" for x in ops) + f" {zs} {fl:02X}\n")
            if len(buf) >= 4096:
                out.write("".join(buf))
                buf.clear()
        out.write("".join(buf))
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
