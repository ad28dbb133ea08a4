// Regression: random kernel of sw/tests/difftest.py seed 6; clang -O2 computed a loop's exit value
// in i33 (zext, mul, lshr 1, trunc) and narrowed loop counts to i3, both refused before
// ("33-bit integer type", "3-bit integer type"; docs/compiler.md "Differential testing").
// difftest seed 6 (sw/tests/difftest.py)
// RUN: -k k --global 64 --local 16 --arg buf:i32:64:rand:6:-100000:100000 --arg buf:f32:64:rand:7:-50:50 --arg buf:u32:320 --arg buf:f32:192
__kernel void k(__global const int *a, __global const float *f, __global uint *o, __global float *of)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    __local uint lm[16];
    uint v0 = (uint)a[(gid + 10u) % 64u] + 31787u;
    uint v1 = (uint)a[(gid + 33u) % 64u] + 2413u;
    uint v2 = (uint)a[(gid + 0u) % 64u] + 9540u;
    uint v3 = (uint)a[(gid + 60u) % 64u] + 63276u;
    uint v4 = (uint)a[(gid + 47u) % 64u] + 20931u;
    float f0 = f[(gid + 2u) % 64u] * -0.909f;
    float f1 = f[(gid + 25u) % 64u] * 0.919f;
    float f2 = f[(gid + 52u) % 64u] * 1.642f;
    v4 = (((uint)max((int)v0, (int)v2) * (uint)((int)v1 < (int)0u)) >= v4 ? v4 : ((uint)max((int)v0, (int)v2) * (uint)((int)v1 < (int)0u)));
    if (f1 < f0) {
        { uint4 w = (uint4)(v2, v3, (uint)abs((int)(2587654503u / ((v3 & 255u) + 1u))), v1);
          w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
          float4 q = (float4)(f2, f1, f2, 0.5f) * convert_float4(w & 255u);
          v3 = w.x ^ w.z; f1 = dot(q, q.wzyx) + q.y; }
        v4 = 255u;
    } else {
        f0 = (float)((uint)((int)7u >> (rotate(v3, 4294967295u) & 31u)) & 1023u);
        v1 = (uint)abs((int)v4);
        for (uint t1 = 0; t1 < (v4 & 7u); t1++) {
            f1 = f0;
            v0 += t1;
        }
    }
    { uint4 w = (uint4)(v1, v0, v3, v3);
      w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
      float4 q = (float4)(f0, f1, floor((-4.963548f + f2)), 0.5f) * convert_float4(w & 255u);
      v4 = w.x ^ w.z; f2 = dot(q, q.wzyx) + q.y; }
    lm[lid] = v0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v0 += lm[(lid + 14u) % 16u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 = v1;
    f2 = sqrt(fabs((fmin(9.423652f, f2) - -7.972265f)));
    f0 = mad((float)(int)v1, fmax(f1, ((float)(int)v1 < (float)(int)v0 ? (float)(int)v1 : (float)(int)v0)), f2);
    for (uint t0 = 0; t0 < (v3 & 7u); t0++) {
        f1 = (fmin((float)(int)v0, f1) / (fabs(fabs((1.461633f / (fabs(f2) + 1.0f)))) + 1.0f));
        for (uint t1 = 0; t1 < (v0 & 7u); t1++) {
            for (uint t2 = 0; t2 < (v3 & 7u); t2++) {
                v2 = (uint)(int)clamp(((f2 < (float)(int)v0 ? f2 : (float)(int)v0) + fmax(1.378098f, f0)), -1e9f, 1e9f);
                v2 += t2;
            }
            v3 += t1;
        }
        f0 = -1.376024f;
        v2 += t0;
    }
    for (uint t0 = 0; t0 < (v3 & 7u); t0++) {
        { uint4 w = (uint4)(v3, v2, (uint)((int)(7u * v3) >> ((v2 / ((v3 & 255u) + 1u)) & 31u)), v4);
          w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
          float4 q = (float4)(f1, f1, mad(floor(f2), (f1 - f0), f1), 0.5f) * convert_float4(w & 255u);
          v2 = w.x ^ w.z; f2 = dot(q, q.wzyx) + q.y; }
        f0 = (float)(int)v1;
        v1 += t0;
    }
    o[gid * 5u + 0u] = v0;
    o[gid * 5u + 1u] = v1;
    o[gid * 5u + 2u] = v2;
    o[gid * 5u + 3u] = v3;
    o[gid * 5u + 4u] = v4;
    of[gid * 3u + 0u] = f0;
    of[gid * 3u + 1u] = f1;
    of[gid * 3u + 2u] = f2;
}
