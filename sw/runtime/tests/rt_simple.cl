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
