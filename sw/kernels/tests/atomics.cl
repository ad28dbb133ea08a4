// Atomics on __global and __local memory (docs/compiler.md "Atomics"). Only results that do
// not depend on the order in which work-items run are written out: final counts, sums,
// minima, bit masks, "exactly one winner", every ticket taken once. The old values an
// atomic returns do depend on that order (native runs work-items in index order, the
// interpreter in --order random), so they are only used in order-independent ways.
// RUN: -k hist --global 512 --local 64 --arg buf:u32:512:rand:1:0:100000 --arg buf:u32:8:zero --arg buf:u32:2:rand:2:0:1000
// RUN: -k hist_local --global 256 --local 32 --arg buf:u32:256:rand:3:0:100000 --arg buf:u32:16:rand:4:0:100
// RUN: -k ops --global 256 --local 16 --arg buf:i32:256:rand:5:-100000:100000 --arg buf:i32:12:rand:6:-1000:1000
// RUN: -k ops --global 96 --local 32 --arg buf:i32:96:rand:7:-2000000000:2000000000 --arg buf:i32:12:rand:8:-2000000000:2000000000
// RUN: -k uops --global 256 --local 64 --arg buf:u32:256:rand:9:0:4000000000 --arg buf:u32:4:rand:10:0:4000000000
// RUN: -k claim --global 128 --local 32 --arg buf:i32:4:zero --arg buf:u32:128:zero --arg buf:i32:4:zero
// RUN: -k lops --global 192 --local 64 --arg buf:i32:192:rand:11:-50000:50000 --arg buf:i32:24:zero
// RUN: -k fxchg --global 64 --local 64 --arg buf:f32:64:rand:12:0:10 --arg buf:f32:2:zero
__kernel void hist(__global const uint *in, __global uint *bins, __global uint *tot)
{
    uint v = in[get_global_id(0)];
    atomic_inc(&bins[v % 8]);             /* many work-items, few bins */
    atom_add(&tot[0], v);
    atomic_sub(&tot[1], v & 15);
}
/* per-work-group histogram in __local, merged into the global one */
__kernel void hist_local(__global const uint *in, __global uint *bins)
{
    __local uint lb[16];
    uint l = get_local_id(0);
    if (l < 16)
        lb[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&lb[in[get_global_id(0)] & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        atomic_add(&bins[l], lb[l]);
}
/* every integer op on a few cells; signed min/max over negative values */
__kernel void ops(__global const int *in, __global int *c)
{
    int v = in[get_global_id(0)];
    atomic_add(&c[0], v);
    atomic_sub(&c[1], v);
    atomic_min(&c[2], v);
    atomic_max(&c[3], v);
    atomic_and(&c[4], v | 0x0F0F0000);
    atomic_or(&c[5], v & 0x00F0F0F0);
    atomic_xor(&c[6], v);
    atomic_inc(&c[7]);
    atomic_dec(&c[8]);
    atom_min(&c[9], v >> 3);
    atom_max(&c[10], v >> 3);
    atom_xor(&c[11], (int)get_global_id(0));
}
/* unsigned min/max compare as unsigned */
__kernel void uops(__global const uint *in, __global uint *c)
{
    uint v = in[get_global_id(0)];
    atomic_min(&c[0], v);
    atomic_max(&c[1], v);
    atom_min(&c[2], v ^ 0x80000000u);
    atom_max(&c[3], v ^ 0x80000000u);
}
/* atomic_cmpxchg: exactly one work-item claims each flag; atomic_inc hands out tickets:
 * each slot is taken exactly once */
__kernel void claim(__global int *flag, __global uint *slot, __global int *won)
{
    int g = (int)get_global_id(0);
    for (int k = 0; k < 4; k++)
        if (atomic_cmpxchg(&flag[k], 0, g + 1) == 0)
            atomic_inc(&won[k]);
    uint t = atomic_inc((volatile __global uint *)&flag[3]);   /* flag[3] is >= 1 here */
    slot[(t - 1) % 128] += 1;
}
/* __local atomics, then a barrier, then one work-item writes the group's results; atomic_xchg
 * passes values along a chain whose total is order independent */
__kernel void lops(__global const int *in, __global int *out)
{
    __local int s[6];
    int l = (int)get_local_id(0), v = in[get_global_id(0)];
    if (l < 6)
        s[l] = l == 2 ? 0x7FFFFFFF : l == 3 ? (int)0x80000000 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&s[0], v);
    atom_sub(&s[1], v);
    atomic_min(&s[2], v);
    atomic_max(&s[3], v);
    int old = atomic_xchg(&s[4], v);
    atomic_add(&s[5], old);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int g = (int)get_group_id(0) * 8;
        out[g + 0] = s[0];
        out[g + 1] = s[1];
        out[g + 2] = s[2];
        out[g + 3] = s[3];
        out[g + 4] = s[4] + s[5];    /* every value, and the 0 the chain started with, once */
        out[g + 5] = atomic_cmpxchg(&s[0], s[0], 7) == s[0];
        out[g + 6] = s[0];
    }
}
__kernel void fxchg(__global const float *in, __global float *out)
{
    __local float f;
    __local int n;
    if (get_local_id(0) == 0) {
        f = 0.0f;
        n = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float o = atomic_xchg(&f, in[get_local_id(0)]);
    if (o == 0.0f)
        atomic_inc(&n);   /* only the first exchange sees 0 (the inputs are > 0 or 0 rarely) */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[0] = (float)n;
}
