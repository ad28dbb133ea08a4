// Builtins returning a second result through a pointer (fract, frexp, modf, sincos, remquo,
// lgamma_r) to __private, __global and __local memory, scalar and vector, and vloadN/vstoreN
// on __private arrays: libclc's code on every engine (docs/compiler.md "Math and common
// builtins"), checked bit for bit against native execution.
// RUN: -k scalar --global 64 --local 16 --arg buf:f32:64:rand:1:-50:50 --arg buf:f32:64:rand:2:-8:8 --arg buf:f32:640
// RUN: -k spaces --global 64 --local 16 --arg buf:f32:64:rand:5:-30:30 --arg buf:f32:256 --arg buf:i32:128 --arg local:64
// RUN: -k vec --global 32 --local 8 --arg buf:f32:128:rand:6:-20:20 --arg buf:f32:512 --arg buf:i32:128
__kernel void scalar(__global const float *x, __global const float *y, __global float *o)
{
    int i = get_global_id(0);
    float a = x[i], b = y[i], fl, ip, c;
    int e, q, s;
    o[10 * i] = fract(a, &fl);
    o[10 * i + 1] = fl;
    o[10 * i + 2] = frexp(a, &e) + (float)e;
    o[10 * i + 3] = modf(a, &ip);
    o[10 * i + 4] = ip;
    o[10 * i + 5] = sincos(a, &c);
    o[10 * i + 6] = c;
    o[10 * i + 7] = remquo(a, b, &q);
    o[10 * i + 8] = as_float(q);
    o[10 * i + 9] = lgamma_r(b * 3.0f - 4.0f, &s) * (float)s;
}

/* the second result stored straight to __global and __local memory */
__kernel void spaces(__global const float *x, __global float *o, __global int *e, __local float *l)
{
    int i = get_global_id(0), li = get_local_id(0);
    float a = x[i];
    o[4 * i] = frexp(a, e + 2 * i);
    o[4 * i + 1] = modf(a, l + li);
    o[4 * i + 2] = remquo(a, 1.5f, e + 2 * i + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[4 * i + 3] = l[(li + 1) % 16];
}

__kernel void vec(__global const float *x, __global float *o, __global int *e)
{
    int i = get_global_id(0);
    float4 a = vload4(i, x);
    int4 ex;
    float4 m = frexp(a, &ex);
    vstore4(m, 4 * i, o);
    vstore4(ex, i, e);
    float2 ip;
    float2 f = modf(a.lo * 3.5f, &ip);
    float3 c;
    float3 s = sincos(a.xyz, &c);
    float priv[8] = { f.x, f.y, ip.x, ip.y, s.x, s.y, s.z, c.x };
    vstore4(vload4(1, priv), 4 * i + 1, o);   /* __private vloadN/vstoreN */
    float4 t;
    vstore4(vload4(0, priv) + (float4)(c.y, c.z, 0.0f, 1.0f), 0, (float *)&t);
    vstore4(t, 4 * i + 2, o);
    float4 fl;
    vstore4(fract(a, &fl) + fl, 4 * i + 3, o);
}
