// EXPECT: 64-bit scalar kernel argument 's'
__kernel void k(__global long *o, long s) { int i = get_global_id(0); o[i] = o[i] * s + (long)i; }
