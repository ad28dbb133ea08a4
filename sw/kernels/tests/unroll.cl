// Loops of one block, unrolled by vgiwcc (docs/compiler.md "unroll.c"): trip counts 0 to 10
// per work-item (every remainder of k = 2, 4, 8; the loop starts at i % 11, so no loop
// invariant becomes a live value), one thread around a float chain (the particlefilter CDF,
// n - 1 trips), a loop with 3 memory accesses per trip, which fits `small` once but not
// twice (no unrolling there), and a loop behind a block the back end splits (on `small`
// the unrolled kernel needs 2 splits, the loop as written 1: the unrolling is undone).
// sw/tests/unroll.sh checks which loops were unrolled and runs the forms forced with --unroll K.
// RUN: -k scan --global 64 --local 16 --arg buf:i32:640:rand:1:-50:50 --arg buf:i32:640 --arg i32:10
// RUN: -k cdf --global 16 --local 16 --arg buf:f32:64:rand:2:0:1 --arg i32:1 --arg buf:f32:64
// RUN: -k cdf --global 16 --local 16 --arg buf:f32:64:rand:3:0:1 --arg i32:2 --arg buf:f32:64
// RUN: -k cdf --global 16 --local 16 --arg buf:f32:64:rand:4:0:1 --arg i32:3 --arg buf:f32:64
// RUN: -k cdf --global 16 --local 16 --arg buf:f32:64:rand:5:0:1 --arg i32:64 --arg buf:f32:64
// RUN: -k mixed --global 16 --local 16 --arg buf:f32:64:rand:8:0:1 --arg i32:37 --arg buf:f32:64
// RUN: -k wide --global 32 --local 16 --arg buf:f32:320:rand:6:-2:2 --arg buf:f32:320:rand:7:-2:2 --arg buf:f32:320 --arg i32:10
__kernel void scan(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    int acc = i;
    for (int j = i % 11; j < n; j++) {
        acc = acc * 3 + in[j * 64 + i];
        out[j * 64 + i] = acc;
    }
}
__kernel void cdf(__global const float *w, int n, __global float *c)
{
    if (get_global_id(0) == 0) {
        float s = w[0];
        c[0] = s;
        for (int x = 1; x < n; x++) {
            s = s + w[x];
            c[x] = s;
        }
    }
}
__kernel void wide(__global const float *a, __global const float *b, __global float *c, int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int j = i % 11; j < n; j++) {
        acc = acc + a[j * 32 + i] * b[j * 32 + i];
        c[j * 32 + i] = acc;
    }
}
__kernel void mixed(__global const float *w, int n, __global float *c)
{
    if (get_global_id(0) == 0) {
        float s = w[0] + w[1] + w[2] + w[3] + w[4] + w[5];   /* 6 loads: split on small */
        c[0] = s;
        for (int x = 1; x < n; x++) {
            s = s + w[x];
            c[x] = s;
        }
    }
}
