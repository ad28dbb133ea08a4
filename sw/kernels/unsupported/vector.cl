// EXPECT: vector
__kernel void k(__global float4 *o, __global const float4 *a) { int i = get_global_id(0); o[i] = a[i] * a[i + 1] + o[i]; }
