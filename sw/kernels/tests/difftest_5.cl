// Regression: random kernel of sw/tests/difftest.py seed 5; clang -O2 computed a loop's exit value
// in i33 (zext, mul, lshr 1, trunc) and narrowed loop counts to i3, both refused before
// ("33-bit integer type", "3-bit integer type"; docs/compiler.md "Differential testing").
// difftest seed 5 (sw/tests/difftest.py)
// RUN: -k k --global 64 --local 16 --arg buf:i32:64:rand:5:-100000:100000 --arg buf:f32:64:rand:6:-50:50 --arg buf:u32:320 --arg buf:f32:192
__kernel void k(__global const int *a, __global const float *f, __global uint *o, __global float *of)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    __local uint lm[16];
    uint v0 = (uint)a[(gid + 32u) % 64u] + 48613u;
    uint v1 = (uint)a[(gid + 45u) % 64u] + 52113u;
    uint v2 = (uint)a[(gid + 3u) % 64u] + 55073u;
    uint v3 = (uint)a[(gid + 59u) % 64u] + 50853u;
    uint v4 = (uint)a[(gid + 31u) % 64u] + 42531u;
    float f0 = f[(gid + 6u) % 64u] * 1.604f;
    float f1 = f[(gid + 14u) % 64u] * -0.513f;
    float f2 = f[(gid + 31u) % 64u] * -0.477f;
    v1 = rotate(v3, add_sat((uint)((int)v1 % (int)((v1 & 127u) + 1u)), (v3 * v1)));
    for (uint t0 = 0; t0 < (v1 & 7u); t0++) {
        f1 = (f2 * -8.824588f);
        v2 += t0;
    }
    if ((v2 & 1u)) {
        for (uint t1 = 0; t1 < (v2 & 7u); t1++) {
            { uint4 w = (uint4)(v1, v4, (1u >> ((v1 + 255u) & 31u)), v2);
              w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
              float4 q = (float4)(f1, f2, ((8.063646f + 7.117094f) * ((float)(int)v1 * (float)(int)v2)), 0.5f) * convert_float4(w & 255u);
              v4 = w.x ^ w.z; f2 = dot(q, q.wzyx) + q.y; }
            if ((v4 & 15u) == 3u) break;
            v3 += t1;
        }
        v1 = rotate(((uint)((int)255u % (int)((v2 & 127u) + 1u)) | v4), ((v0 / ((2147483648u & 255u) + 1u)) >= rotate(v1, 1u) ? rotate(v1, 1u) : (v0 / ((2147483648u & 255u) + 1u))));
    } else {
        f2 = (float)(int)v4;
        for (uint t1 = 0; t1 < (v2 & 7u); t1++) {
            f0 = fabs(f2);
            v4 += t1;
        }
        v1 = (v0 >> ((uint)((int)(v0 & v3) % (int)(((v3 >> (255u & 31u)) & 127u) + 1u)) & 31u));
    }
    lm[lid] = v1;
    barrier(CLK_LOCAL_MEM_FENCE);
    v0 += lm[(lid + 15u) % 16u];
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
