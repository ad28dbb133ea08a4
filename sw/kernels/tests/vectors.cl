// Vector types scalarized by LLVM's scalarizer (docs/compiler.md "Vector types"): float4,
// int4, char2..float16 buffers, swizzles, vector literals, vload/vstore, component-wise
// comparisons and select, conversions, vector forms of libclc builtins.
// RUN: -k fvec --global 32 --local 8 --arg buf:f32:160:rand:1:-8:8 --arg buf:f32:256:rand:2:-8:8 --arg buf:f32:320
// RUN: -k fvec --global 32 --local 32 --arg buf:f32:160:rand:3:-1000:1000 --arg buf:f32:256:rand:4:0:2 --arg buf:f32:320
// RUN: -k ivec --global 32 --local 8 --arg buf:i32:128:rand:5:-100000:100000 --arg buf:i8:256:rand:6:-128:127 --arg buf:u16:512:rand:7:0:65535 --arg buf:i32:512
// RUN: -k ivec --global 32 --local 16 --arg buf:i32:128:rand:8:-2147483648:2147483647 --arg buf:i8:256:rand:9:-128:127 --arg buf:u16:512:rand:10:0:65535 --arg buf:i32:512
__kernel void fvec(__global const float4 *a, __global const float *b, __global float8 *o)
{
    int i = get_global_id(0);
    float4 x = a[i], y = vload4(i, b + 3);
    float4 lit = (float4)(1.0f, -2.0f, 0.5f, 3.0f);
    int4 lt = x < y;                          /* -1 / 0 per component */
    float4 s = select(x * lit + y.wzyx, y - x, lt);
    float2 h = s.lo + s.hi.yx;
    float3 c = cross(x.xyz, y.xyz);
    float d = dot(x, y) + length(h) + distance(x.xy, y.zw);
    float4 m = fmin(x, y) + clamp(y, -1.0f, 1.0f) + mix(x, y, 0.25f) + floor(x) + fabs(y);
    float4 t = exp(y * 0.1f) + sqrt(fabs(x)) + mad(x, y, lit) + rint(x);
    int4 ci = convert_int4(x * 10.0f) + convert_int4_sat(y * 1e9f);
    float8 r = (float8)(s, m + t);
    r.s7 = d + c.z;
    r.s0 += (float)(ci.x + ci.w) + (any(lt) ? 1.0f : 0.0f) + (all(lt) ? 2.0f : 0.0f);
    o[i] = r;
    vstore2(h + c.xy, i, (__global float *)o + 256);
}

__kernel void ivec(__global const int4 *a, __global const char2 *b, __global const ushort16 *u, __global int *o)
{
    int i = get_global_id(0);
    int4 x = a[i];
    char2 c = b[i];
    ushort16 v = u[i];
    int4 y = x.yzwx ^ (int4)(c.x, c.y, c.x + c.y, 7);
    int4 z = (x > y) ? x : y;                 /* vector ?: is select */
    uint4 pc = popcount(as_uint4(x)) + clz(as_uint4(y));
    int4 r = rotate(x, (int4)(1, 5, 31, 16)) + as_int4(abs_diff(x, y).s1032) + mul_hi(x, y) + add_sat(x, y) + max(x, z);
    ushort8 w = v.even + v.odd;
    short4 sh = convert_short4_sat(x);
    uchar4 cc = convert_uchar4_sat(y >> 20);
    int sum = w.s0 + w.s3 + w.s7 + sh.x + sh.w + cc.y + cc.z;
    vstore4(r + as_int4(pc), i, o);
    o[128 + i] = sum + (int)(c.x * c.y);
    o[160 + i] = hadd(x.x, y.w) + upsample((short)c.x, v.s5);
}
