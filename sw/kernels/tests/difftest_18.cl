// Regression: random kernel of sw/tests/difftest.py seed 18; clang -O2 computed a loop's exit value
// in i33 (zext, mul, lshr 1, trunc) and narrowed loop counts to i3, both refused before
// ("33-bit integer type", "3-bit integer type"; docs/compiler.md "Differential testing").
// difftest seed 18 (sw/tests/difftest.py)
// RUN: -k k --global 64 --local 16 --arg buf:i32:64:rand:18:-100000:100000 --arg buf:f32:64:rand:19:-50:50 --arg buf:u32:320 --arg buf:f32:192
__kernel void k(__global const int *a, __global const float *f, __global uint *o, __global float *of)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    __local uint lm[16];
    uint v0 = (uint)a[(gid + 23u) % 64u] + 8048u;
    uint v1 = (uint)a[(gid + 57u) % 64u] + 21925u;
    uint v2 = (uint)a[(gid + 30u) % 64u] + 12972u;
    uint v3 = (uint)a[(gid + 62u) % 64u] + 41168u;
    uint v4 = (uint)a[(gid + 63u) % 64u] + 11991u;
    float f0 = f[(gid + 61u) % 64u] * -0.818f;
    float f1 = f[(gid + 33u) % 64u] * -1.216f;
    float f2 = f[(gid + 15u) % 64u] * -0.702f;
    v1 = ((uint)((int)v1 < (int)4294967295u) & ((255u | v4) | (v1 >= v0 ? v0 : v1)));
    for (uint t0 = 0; t0 < (v1 & 7u); t0++) {
        f0 = ((f0 - fmin(f2, f2)) - f1);
        if ((v3 & 15u) == 3u) break;
        v2 += t0;
    }
    v4 = 3828369385u;
    lm[lid] = v2;
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 += lm[(lid + 1u) % 16u];
    barrier(CLK_LOCAL_MEM_FENCE);
    { struct { uint a; float b; uchar c; } s = { v2, f2, (uchar)v0 };
      s.a += s.c; s.b *= 0.5f; v4 = s.a; f1 = s.b + (float)s.c; }
    if ((int)v0 > (int)v1) {
        { uint4 w = (uint4)(v4, v1, v2, v4);
          w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
          float4 q = (float4)(f0, f0, (mad((float)(int)v3, 5.196540f, f1) / (fabs(mad(f2, f2, f0)) + 1.0f)), 0.5f) * convert_float4(w & 255u);
          v0 = w.x ^ w.z; f1 = dot(q, q.wzyx) + q.y; }
        if ((v1 & 1u)) {
            v1 = v0;
        } else {
            v4 = ((min(v2, v1) / (((v3 / ((v1 & 255u) + 1u)) & 255u) + 1u)) >= v4 ? v4 : (min(v2, v1) / (((v3 / ((v1 & 255u) + 1u)) & 255u) + 1u)));
        }
    } else {
        if (f2 < f0) {
            for (uint t2 = 0; t2 < (v3 & 7u); t2++) {
                v2 = ((uint)abs((int)v0) / ((((3u & v2) + (255u | v0)) & 255u) + 1u));
                v1 += t2;
            }
        }
        v2 = ((popcount(1625942376u) - min(v1, v1)) ^ v1);
    }
    lm[lid] = v1;
    barrier(CLK_LOCAL_MEM_FENCE);
    v4 += lm[(lid + 10u) % 16u];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[gid * 5u + 0u] = v0;
    o[gid * 5u + 1u] = v1;
    o[gid * 5u + 2u] = v2;
    o[gid * 5u + 3u] = v3;
    o[gid * 5u + 4u] = v4;
    of[gid * 3u + 0u] = f0;
    of[gid * 3u + 1u] = f1;
    of[gid * 3u + 2u] = f2;
}
