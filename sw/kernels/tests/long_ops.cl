// 64-bit integers (long/ulong) lowered to pairs of 32-bit words: carry chains, multiply,
// shifts by constant and variable amounts, signed and unsigned comparisons, min/max/abs,
// conversions, loads and stores, loop-carried values (docs/compiler.md "64-bit integers").
// RUN: -k arith --global 64 --local 16 --arg buf:i64:64:rand:1:-1099511627776:1099511627776 --arg buf:i64:64:rand:2:-4294967296:4294967296 --arg buf:i64:512
// RUN: -k arith --global 64 --local 64 --arg buf:i64:64:rand:3:-9000000000000000000:9000000000000000000 --arg buf:i64:64:rand:4:-9000000000000000000:9000000000000000000 --arg buf:i64:512
// RUN: -k shifts --global 128 --local 32 --arg buf:u64:128:rand:5:0:18000000000000000000 --arg buf:i32:128:rand:6:0:200 --arg buf:u64:768
// RUN: -k compare --global 128 --local 32 --arg buf:i64:128:rand:7:-3:3 --arg buf:i64:128:rand:8:-3:3 --arg buf:i32:128:rand:9:-100:100 --arg buf:i32:1280
// RUN: -k sum --global 32 --local 8 --arg buf:u32:1024:rand:10:0:4294967295 --arg buf:u64:32 --arg buf:i64:32
__kernel void arith(__global const long *a, __global const long *b, __global long *o)
{
    int i = get_global_id(0);
    long x = a[i], y = b[i];
    o[8 * i + 0] = x + y;
    o[8 * i + 1] = x - y;
    o[8 * i + 2] = x * y;
    o[8 * i + 3] = (x & y) ^ (x | 0x123456789ALL);
    o[8 * i + 4] = x * 1000003L + (long)i;          /* constant multiplier, int widened */
    o[8 * i + 5] = -x;
    o[8 * i + 6] = (long)(int)x + (long)(uint)y;     /* sign and zero extension, truncation */
    o[8 * i + 7] = (ulong)x * (ulong)y + 0xFFFFFFFFUL; /* carry out of the lo word */
}
__kernel void shifts(__global const ulong *a, __global const int *s, __global ulong *o)
{
    int i = get_global_id(0);
    ulong x = a[i];
    int n = s[i];
    o[6 * i + 0] = x << n;                           /* OpenCL: the amount is taken mod 64 */
    o[6 * i + 1] = x >> n;
    o[6 * i + 2] = (ulong)((long)x >> n);
    o[6 * i + 3] = (x << 7) | (x >> 40);
    o[6 * i + 4] = (ulong)((long)x >> 35) + (x << 32);
    o[6 * i + 5] = x >> 32;
}
__kernel void compare(__global const long *a, __global const long *b, __global const int *c, __global int *o)
{
    int i = get_global_id(0);
    long x = a[i] * 0x100000000L + c[i], y = b[i] * 0x100000000L - c[i];   /* hi words often equal */
    ulong ux = (ulong)x, uy = (ulong)y;
    o[10 * i + 0] = x < y;
    o[10 * i + 1] = x <= y;
    o[10 * i + 2] = x > y;
    o[10 * i + 3] = x == y;
    o[10 * i + 4] = ux < uy;
    o[10 * i + 5] = ux >= uy;
    o[10 * i + 6] = (int)min(x, y);
    o[10 * i + 7] = (int)(max(ux, uy) >> 32);
    o[10 * i + 8] = (int)abs(x) + (int)(abs(x) >> 32);
    o[10 * i + 9] = x != y ? (int)(x >> 20) : -1;
}
// a 64-bit accumulator carried around a loop (phi of a pair), size_t-style index arithmetic
__kernel void sum(__global const uint *v, __global ulong *s, __global long *t)
{
    int i = get_global_id(0);
    ulong acc = 0;
    long alt = 0;
    for (int k = 0; k < 32; k++) {
        ulong e = v[i * 32 + k];
        acc += e * e;
        alt = (k & 1) ? alt - (long)e : alt + (long)(e << 3);
    }
    s[i] = acc;
    t[i] = alt;
}
// 64-bit scalar arguments (the host puts them in device memory), next to a struct argument
// (whose native wrapper is LLVM IR) and a 32-bit one
// RUN: -k scalars --global 64 --local 16 --arg i64:-81985529216486895 --arg u64:18446744073709551615 --arg buf:i64:64:rand:11:-100000:100000 --arg i32:-5
// RUN: -k with_struct --global 32 --local 8 --arg struct:i32=3,i64=-4294967297 --arg u64:0x8000000000000001 --arg buf:u64:32
__kernel void scalars(long a, ulong b, __global long *o, int c)
{
    int i = get_global_id(0);
    o[i] = o[i] * a + (long)(b >> (i & 63)) + c;
}
typedef struct { int k; long bias; } KB;
__kernel void with_struct(KB p, ulong m, __global ulong *o)
{
    int i = get_global_id(0);
    o[i] = (ulong)(p.bias * (i + p.k)) ^ m;
}
// 64-bit division and remainder (a 64-step loop block per operation); divisors made non-zero
// and INT64_MIN / -1 avoided (undefined in C, a trap on the native host)
// RUN: -k divide --global 64 --local 16 --arg buf:u64:64:rand:12:0:18000000000000000000 --arg buf:u64:64:rand:13:0:18000000000000000000 --arg buf:u64:384
// RUN: -k divide --global 32 --local 32 --arg buf:u64:32:rand:14:0:18000000000000000000 --arg buf:u64:32:rand:15:0:5000000000 --arg buf:u64:192
__kernel void divide(__global const ulong *a, __global const ulong *b, __global ulong *o)
{
    int i = get_global_id(0);
    ulong x = a[i], y = b[i] >> (i & 31);
    if (y == 0)
        y = 3;
    long sx = (long)x, sy = (long)y;
    if (sy == -1)
        sy = -2;
    o[6 * i + 0] = x / y;
    o[6 * i + 1] = x % y;
    o[6 * i + 2] = (ulong)(sx / sy);
    o[6 * i + 3] = (ulong)(sx % sy);
    o[6 * i + 4] = (ulong)(sx / (long)(i - 16 == 0 ? 5 : i - 16));   /* small signed divisors */
    o[6 * i + 5] = x / 10;
}
// conversions between 64-bit integers and float (round to nearest even; float -> long
// truncates), values in range (C leaves the others undefined)
// RUN: -k cvt --global 128 --local 32 --arg buf:i64:128:rand:16:-9000000000000000000:9000000000000000000 --arg buf:i32:128:rand:17:0:63 --arg buf:f32:128:rand:18:-1e18:1e18 --arg buf:f32:512 --arg buf:i64:256
__kernel void cvt(__global const long *a, __global const int *s, __global const float *f, __global float *o,
                  __global long *q)
{
    int i = get_global_id(0);
    long x = a[i] >> s[i];                       /* every magnitude, 2^0 .. 2^63 */
    ulong u = (ulong)a[i] >> (s[i] & 31);
    o[4 * i + 0] = (float)x;
    o[4 * i + 1] = (float)u;
    o[4 * i + 2] = (float)(x | 0x10000001L);      /* low bits set: sticky rounding */
    /* 26-bit patterns shifted into the hi word: exact ties (round to even) and near ties */
    o[4 * i + 3] = (float)((((ulong)(0x1000000 + (i & 3)) << 2 | (ulong)(i >> 2 & 3)) << (s[i] & 31)) +
                           (ulong)(i >> 4 & 1));
    float g = f[i] / (float)(1 << (s[i] & 15));   /* 1e18 down to small values */
    q[2 * i + 0] = (long)g;
    q[2 * i + 1] = (long)(ulong)fabs(g);
}
