// EXPECT: use of type 'double' requires cl_khr_fp64 support
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global double *o) { int i = get_global_id(0); o[i] = exp(o[i]); }
