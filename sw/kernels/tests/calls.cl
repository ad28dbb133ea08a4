// Helper functions that clang's inliner leaves out of line (noinline here, large ones in
// Rodinia's myocyte) are inlined by vgiwcc (docs/compiler.md "Calls").
// RUN: -k k --global 64 --local 16 --arg buf:i32:64:rand:1:-1000:1000
// RUN: -k nested --global 128 --local 32 --arg buf:f32:128:rand:2:-10:10 --arg buf:f32:128 --arg i32:3
// RUN: -k reduce --global 128 --local 64 --arg buf:i32:128:rand:3:-1000:1000 --arg buf:i32:2
__attribute__((noinline)) int helper(int x) { return x * 3 + 1; }
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = helper(o[i]); }

// helpers calling helpers, a pointer to a private variable, a loop and a global store inside
__attribute__((noinline)) static void minmax(float a, float b, float *lo, float *hi)
{
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
}
__attribute__((noinline)) float poly(float x, int n)
{
    float r = 0.0f;
    for (int i = 0; i < n; i++)
        r = r * x + (float)(i + 1);
    return r;
}
__attribute__((noinline)) void put(__global float *out, int i, float v) { out[i] = v; }
__kernel void nested(__global const float *in, __global float *out, int n)
{
    int i = get_global_id(0);
    float lo, hi;
    minmax(in[i], in[(i + 1) & 127], &lo, &hi);
    put(out, i, poly(lo, n) - hi);
}

// a helper with a barrier and __local memory passed in
__attribute__((noinline)) int tree(__local int *t, int l, int n)
{
    for (int s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return t[0];
}
__kernel void reduce(__global const int *in, __global int *out)
{
    __local int t[64];
    int l = get_local_id(0);
    t[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = tree(t, l, get_local_size(0));
    if (l == 0)
        out[get_group_id(0)] = s;
}
