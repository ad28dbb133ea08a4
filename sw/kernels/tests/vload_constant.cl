// vloadN from __constant memory (issue 23 item 3): a __constant pointer argument and a
// program-scope __constant table, vload2/3/4/8/16 of int and float at run-time indices and
// an offset pointer (element-aligned, not vector-aligned). libclc has these forms under the
// constant address space of nvptx; sw/clc/clc_prep.sh renames them to spir's (docs/compiler.md
// "Math and common builtins"). Checked bit for bit against native execution.
// RUN: -k arg --global 16 --local 4 --arg buf:f32:512:rand:1:-1000:1000 --arg buf:i32:512:rand:2:-100000:100000 --arg buf:f32:128
// RUN: -k table --global 16 --local 4 --arg buf:u32:16:rand:3:0:1000 --arg buf:i32:128
/* each vector folded into one word: a lane read from the wrong place changes it */
__kernel void arg(__constant float *c, __constant int *ci, __global float *o)
{
    int i = get_global_id(0);
    float2 a = vload2(i, c);
    int3 b = vload3(i, ci + 1);
    float4 d = vload4(i + 3, c);
    int8 e = vload8(i, ci + 5);
    float16 f = vload16(i, c + 2);
    __global float *r = o + 8 * i;
    r[0] = a.x - 3.0f * a.y;
    r[1] = as_float(b.x ^ (b.y << 1) ^ (b.z << 2));
    r[2] = ((d.x * 2.0f + d.y) * 2.0f + d.z) * 2.0f + d.w;
    r[3] = as_float(e.s0 ^ (e.s1 << 1) ^ (e.s2 << 2) ^ (e.s3 << 3) ^ (e.s4 << 4) ^ (e.s5 << 5) ^ (e.s6 << 6) ^ (e.s7 << 7));
    r[4] = ((f.s0 * 2.0f + f.s1) * 2.0f + f.s2) * 2.0f + f.s3;
    r[5] = ((f.s4 * 2.0f + f.s5) * 2.0f + f.s6) * 2.0f + f.s7;
    r[6] = ((f.s8 * 2.0f + f.s9) * 2.0f + f.sa) * 2.0f + f.sb;
    r[7] = ((f.sc * 2.0f + f.sd) * 2.0f + f.se) * 2.0f + f.sf;
}

__constant int tab[40] = { 3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 5, -8, 9, 7, 9, 3, 2, 3, -8, 4,
                           6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5, 0, 2, 8, 8, 4, 1, 9, 7 };
__constant uchar bytes[24] = { 200, 1, 255, 17, 0, 128, 99, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                               14, 15, 16, 17, 18, 19, 20, 21 };

__kernel void table(__global const uint *x, __global int *o)
{
    int i = get_global_id(0);
    uint k = x[i] % 5;
    int2 a = vload2(k, tab + 1);
    int3 b = vload3(k, tab);
    int4 d = vload4(k, tab + 2);
    int8 e = vload8(k % 4, tab + 3);
    uchar16 f = vload16(0, bytes + (k % 8));
    __global int *r = o + 8 * i;
    r[0] = a.x ^ (a.y << 1);
    r[1] = b.x ^ (b.y << 1) ^ (b.z << 2);
    r[2] = d.x ^ (d.y << 1) ^ (d.z << 2) ^ (d.w << 3);
    r[3] = e.s0 ^ (e.s1 << 1) ^ (e.s2 << 2) ^ (e.s3 << 3);
    r[4] = e.s4 ^ (e.s5 << 1) ^ (e.s6 << 2) ^ (e.s7 << 3);
    r[5] = f.s0 | f.s1 << 8 | f.s2 << 16 | f.s3 << 24;
    r[6] = f.s4 ^ f.s5 << 4 ^ f.s6 << 8 ^ f.s7 << 12 ^ f.s8 << 16 ^ f.s9 << 20 ^ f.sa << 24 ^ f.sb << 28;
    r[7] = f.sc | f.sd << 8 | f.se << 16 | f.sf << 24;
}
