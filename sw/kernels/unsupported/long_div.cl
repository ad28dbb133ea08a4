// EXPECT: 64-bit integer division or remainder
__kernel void k(__global long *o, __global const long *d) { int i = get_global_id(0); o[i] = o[i] / d[i]; }
