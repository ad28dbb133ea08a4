// EXPECT: use of type 'double' requires cl_khr_fp64 support
// The device has no double precision: clang compiles without cl_khr_fp64 (docs/compiler.md
// "clang flags"), so the type double is a located error (an unsuffixed literal is a float).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global double *o, double s) { int i = get_global_id(0); o[i] = o[i] * s + 1.0; }
