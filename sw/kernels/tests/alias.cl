// Memory order between accesses that may alias (docs/compiler.md "Memory ordering"),
// around the particlefilter CDF loop, unrolled: `shifted` writes c = buf + off while it
// reads buf, so with off = 1 every trip reads the word the trip before stored (the run-time
// check of the versioned loop takes the original, not unrolled), with off = 64 the two
// ranges are disjoint at run time (the unrolled copy runs, its order dropped); `restricted` has restrict arguments and
// `scoped` an inlined helper with restrict parameters (LLVM's !alias.scope / !noalias):
// there vgiwcc drops the order between the copies. `offsets` stores to words 0 and 1 of one
// pointer (one address node plus 0 and 4: disjoint, no order), then a byte into word 1 (it
// overlaps: it waits for that store) and reads word 1 back (it waits for the byte store).
// sw/tests/alias.sh runs every RUN line through clcheck with unrolling forced and checks
// which orders were dropped.
// RUN: -k shifted --global 16 --local 16 --arg buf:f32:160:rand:11:0:1 --arg i32:1 --arg i32:63
// RUN: -k shifted --global 16 --local 16 --arg buf:f32:160:rand:12:0:1 --arg i32:2 --arg i32:40
// RUN: -k shifted --global 16 --local 16 --arg buf:f32:160:rand:13:0:1 --arg i32:64 --arg i32:63
// RUN: -k restricted --global 16 --local 16 --arg buf:f32:64:rand:14:0:1 --arg i32:63 --arg buf:f32:64
// RUN: -k scoped --global 16 --local 16 --arg buf:f32:64:rand:15:0:1 --arg i32:63 --arg buf:f32:64
// RUN: -k offsets --global 16 --local 16 --arg buf:i32:64 --arg i32:300
__kernel void shifted(__global float *buf, int off, int n)
{
    __global float *c = buf + off;
    if (get_global_id(0) == 0) {
        float s = buf[0];
        c[0] = s;
        for (int x = 1; x < n; x++) {
            s = s + buf[x];
            c[x] = s;
        }
    }
}
__kernel void restricted(__global const float *restrict w, int n, __global float *restrict c)
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
static void cdf_of(__global const float *restrict w, int n, __global float *restrict c)
{
    float s = w[0];
    c[0] = s;
    for (int x = 1; x < n; x++) {
        s = s + w[x];
        c[x] = s;
    }
}
__kernel void scoped(__global const float *w, int n, __global float *c)
{
    if (get_global_id(0) == 0)
        cdf_of(w, n, c);
}
__kernel void offsets(__global int *p, int n)
{
    int i = get_global_id(0);
    __global int *q = p + 4 * i;
    __global char *b = (__global char *)q;
    q[0] = i;
    q[1] = 2 * i;
    b[5] = (char)n;
    q[2] = q[1] + 1;
}
