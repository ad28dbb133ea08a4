// __local memory and barrier(): tree reduction (barrier inside a loop) and a neighbour exchange.
// RUN: -k reduce --global 256 --local 64 --arg buf:i32:256:rand:1:-1000:1000 --arg buf:i32:4
// RUN: -k reduce --global 64 --local 16 --arg buf:i32:64:rand:2:-1000:1000 --arg buf:i32:4
// RUN: -k shift --global 128 --local 32 --arg buf:f32:128:rand:3:0:10 --arg buf:f32:128
__kernel void reduce(__global const int *in, __global int *out)
{
    __local int tmp[64];
    int l = get_local_id(0), n = get_local_size(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = tmp[0];
}
__kernel void shift(__global const float *in, __global float *out)
{
    __local float a[32];
    __local short b[32];
    int l = get_local_id(0), n = get_local_size(0);
    a[l] = in[get_global_id(0)];
    b[l] = (short)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = a[(l + 1) % n] + (float)b[n - 1 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[n - 1 - l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a[l] * 2.0f;
}
