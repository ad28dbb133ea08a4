// Regression: random kernel of sw/tests/difftest.py seed 54; a block cut down to one instruction
// (an FMA of three live values, then a conditional branch on a live value) needed 5 LVU operations,
// and tiny and small have 4: refused ("block 54 needs 5 LVU units"). split.c now moves the branch
// to a block of its own (docs/compiler.md "Differential testing").
// difftest seed 54 (sw/tests/difftest.py)
// RUN: -k k --global 64 --local 16 --arg buf:i32:64:rand:54:-100000:100000 --arg buf:f32:64:rand:55:-50:50 --arg buf:u32:320 --arg buf:f32:192
__kernel void k(__global const int *a, __global const float *f, __global uint *o, __global float *of)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    __local uint lm[16];
    uint v0 = (uint)a[(gid + 17u) % 64u] + 28766u;
    uint v1 = (uint)a[(gid + 38u) % 64u] + 31655u;
    uint v2 = (uint)a[(gid + 62u) % 64u] + 24929u;
    uint v3 = (uint)a[(gid + 28u) % 64u] + 29261u;
    uint v4 = (uint)a[(gid + 42u) % 64u] + 37839u;
    float f0 = f[(gid + 48u) % 64u] * 1.505f;
    float f1 = f[(gid + 26u) % 64u] * 0.895f;
    float f2 = f[(gid + 7u) % 64u] * -0.017f;
    { struct { uint a; float b; uchar c; } s = { v0, f2, (uchar)v2 };
      s.a += s.c; s.b *= 0.5f; v4 = s.a; f1 = s.b + (float)s.c; }
    for (uint t0 = 0; t0 < (v2 & 7u); t0++) {
        v2 = (rotate((v3 | v2), (v4 >> (68856950u & 31u))) | min(7u, add_sat(2147483648u, v2)));
        { uint4 w = (uint4)(v1, v3, v1, v0);
          w = w.wzyx + (uint4)(1u, 2u, 3u, 4u) * w.xxyy; w = select(w, w.yxwz, (int4)(w < w.zwxy));
          float4 q = (float4)(f0, f2, (f2 < sqrt(fabs(f0)) ? f2 : sqrt(fabs(f0))), 0.5f) * convert_float4(w & 255u);
          v3 = w.x ^ w.z; f1 = dot(q, q.wzyx) + q.y; }
        f0 = mad(fmin(-2.915025f, fmin(-2.403699f, f2)), exp(clamp(fabs(f0), -20.0f, 20.0f)), f2);
        if ((v0 & 15u) == 3u) break;
        v3 += t0;
    }
    lm[lid] = v0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 += lm[(lid + 3u) % 16u];
    barrier(CLK_LOCAL_MEM_FENCE);
    { struct { uint a; float b; uchar c; } s = { v0, f2, (uchar)v4 };
      s.a += s.c; s.b *= 0.5f; v0 = s.a; f0 = s.b + (float)s.c; }
    if ((v2 & 1u)) {
        if (f1 < f2) {
            if ((v4 & 1u)) {
                v1 = popcount((255u + (4294967295u | v1)));
            }
        }
        { struct { uint a; float b; uchar c; } s = { v1, f2, (uchar)v3 };
          s.a += s.c; s.b *= 0.5f; v4 = s.a; f0 = s.b + (float)s.c; }
    } else {
        v0 = rotate(((v2 | v1) & v2), ((v3 >> (v0 & 31u)) | (v2 >= v2 ? v2 : v2)));
        v2 = (popcount(v3) << ((uint)((int)v0 % (int)((clz(v2) & 127u) + 1u)) & 31u));
        v1 = min((mul_hi(v1, v3) - (v0 | v4)), (uint)((int)(v0 ^ v3) < (int)(v0 ^ v1)));
    }
    f0 = sqrt(fabs(f1));
    lm[lid] = v0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 += lm[(lid + 9u) % 16u];
    barrier(CLK_LOCAL_MEM_FENCE);
    f2 = exp(clamp(-4.022986f, -20.0f, 20.0f));
    lm[lid] = v1;
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 += lm[(lid + 7u) % 16u];
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
