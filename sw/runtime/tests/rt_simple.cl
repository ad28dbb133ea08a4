/* Kernels of the runtime's own tests (sw/runtime/tests/rt_api_test.c): small enough for the
 * tiny preset (scale_add also fits the 2-LVU tiny grid of earlier versions). */
__kernel void scale_add(__global int *a, __global const int *b, int k)
{
    int i = get_global_id(0);
    a[i] += b[i] * k;
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
