// __local pointer kernel arguments (clSetKernelArg(k, i, bytes, NULL); clcheck/vgiw-run
// --arg local:BYTES): laid out per work-group after the kernel's own __local variables.
// RUN: -k reduce --global 256 --local 64 --arg buf:i32:256:rand:1:-1000:1000 --arg local:256 --arg buf:i32:4
// RUN: -k reduce --global 96 --local 32 --arg buf:i32:96:rand:2:-1000:1000 --arg local:128 --arg buf:i32:3
// RUN: -k mixed --global 128 --local 32 --arg buf:f32:128:rand:3:0:10 --arg local:70 --arg buf:f32:128 --arg local:128 --arg i32:5
// RUN: -k mixed --global 64 --local 16 --arg buf:f32:64:rand:4:-5:5 --arg local:34 --arg buf:f32:64 --arg local:4096 --arg i32:-2
__kernel void reduce(__global const int *in, __local int *tmp, __global int *out)
{
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
// a kernel-scope __local array next to two __local arguments of other element types
__kernel void mixed(__global const float *in, __local short *sh, __global float *out, __local float *f, int k)
{
    __local int own[8];
    int l = get_local_id(0), n = get_local_size(0);
    f[l] = in[get_global_id(0)];
    sh[l] = (short)(l * k);
    if (l < 8)
        own[l] = l + 100;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = f[(l + 1) % n] + (float)sh[n - 1 - l] + (float)own[l & 7];
}
