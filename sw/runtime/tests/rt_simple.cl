/* Kernels of the runtime's own tests (sw/runtime/tests/rt_api_test.c): small enough for the
 * tiny preset (scale_add also fits the 2-LVU tiny grid of earlier versions). */
__kernel void scale_add(__global int *a, __global const int *b, int k)
{
    int i = get_global_id(0);
    a[i] += b[i] * k;
}

/* launch constants (docs/core.md "Launch values"): two scalar arguments and the NDRange sizes,
 * constants of the configuration that the core substitutes at every launch */
__kernel void lconst(__global int *a, int k, uint m)
{
    int i = get_global_id(0);
    a[i] = a[i] * k + (int)(m * get_global_size(0)) + (int)get_local_size(0) * 3 + (int)get_num_groups(0);
}

/* more launch values than the descriptor's 12 slots: the ones without a slot are written into
 * the configuration words at each launch (docs/core.md "Launch values") */
__kernel void lmany(__global int *a, int k0, int k1, int k2, int k3, int k4, int k5, int k6, int k7,
                    int k8, int k9, int k10, int k11, int k12)
{
    int i = get_global_id(0);
    a[i] = ((((a[i] ^ k0) + k1) ^ k2) + k3) * k4 + (k5 ^ k6) + (k7 - k8) + (k9 ^ k10) + k11 * k12;
}

__kernel void index2d(__global uint *out, uint w)
{
    uint x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = (y << 16) | (get_local_id(1) << 12) | (get_group_id(0) << 8) | x;
}

__kernel void bad_load(__global int *a, uint off)
{
    a[get_global_id(0)] = *(__global int *)((__global char *)a + off);
}

/* __local memory and a barrier: each work-group of 64 reverses its slice (7 blocks on tiny;
 * several work-groups per tile, several tiles: the __local regions of docs/runtime.md) */
__kernel void rev_local(__global int *a)
{
    __local int t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[63 - l];
}

/* rev_local with the region as a __local pointer argument (vgiw-run --arg local:BYTES,
 * vrt_set_arg_local): laid out after the kernel's own __local array */
__kernel void rev_local_arg(__global int *a, __local int *t)
{
    __local int own[4];
    int l = get_local_id(0), n = get_local_size(0);
    t[l] = a[get_global_id(0)];
    if (l < 4)
        own[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[n - 1 - l] + own[l & 3];
}

/* a struct passed by value (vgiw-run --arg struct:..., vrt_set_arg_struct): the kernel reads
 * it from the device memory the runtime put it in */
typedef struct { int mul; short add; uchar shift; } Affine;   /* 8 bytes */
__kernel void affine(__global int *a, Affine p)
{
    int i = get_global_id(0);
    a[i] = ((a[i] * p.mul) >> p.shift) + p.add;
}

/* 64-bit integers on pairs of 32-bit words (vgiw-run --arg buf:u64:..., buf:i64:...) */
__kernel void mac64(__global ulong *acc, __global const long *x, __global const uint *y, ulong mul)
{
    int i = get_global_id(0);
    acc[i] = acc[i] * mul + (ulong)(x[i] >> 3) * y[i] + (acc[i] >> 29);
}

/* buffers of vectors (vgiw-run --arg buf:f32:4·N for float4, buf:i32:2·N for int2,
 * buf:u8:4·N for uchar4; docs/compiler.md "Vector types"): whole-vector loads and stores,
 * swizzles and vector literals, scalarized by vgiwcc */
__kernel void vec_bufs(__global const float4 *a, __global int2 *b, __global uchar4 *c, __global float4 *o)
{
    int i = get_global_id(0);
    float4 v = a[i];
    int2 w = b[i];
    o[i] = v.wzyx * (float)w.x + (float4)((float)w.y, 1.0f, -2.0f, 0.5f);
    b[i] = (int2)(w.y - w.x, w.x * 3);
    c[i] = c[i].yxwz + (uchar4)((uchar)i, 1, 2, 3);
}

/* a kernel of two blocks on fpga_3x3, whose CVT would give it tiles of 14,336 threads where its
 * 12-bit thread IDs name 4,096 (sw/runtime/tests/tile_cap.sh, docs/core.md "Tiles") */
__kernel void iota(__global uint *out)
{
    uint i = get_global_id(0);
    out[i] = i * 3u + 1u;
}
