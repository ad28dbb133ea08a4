// EXPECT: constant table of 2048 entries
// A __constant table read at a run-time index becomes a select tree over its entries
// (docs/compiler.md); more than 1024 entries are refused.
__constant int lut[2048] = { 3, 1, 4, 1 };
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = lut[o[i] & 2047]; }
