// EXPECT: program-scope variable
__constant int lut[4] = { 3, 1, 4, 1 };
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = lut[o[i] & 3]; }
