// EXPECT: 64-bit integer argument or result of a call to '_Z8atom_addPU3AS1Vll'
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void k(__global long *o) { atom_add(&o[0], (long)get_global_id(0)); }
