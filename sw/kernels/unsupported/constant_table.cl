// EXPECT: constant table 'lut' of 1048580 bytes
// A __constant table read at a run-time index is placed in the kernel's constant data
// section (docs/compiler.md "Constant tables"), which holds at most 1 MiB.
__constant int lut[262145] = { 3, 1, 4, 1 };
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = lut[o[i] & 262143]; }
