// Kernels that exist only when the device has cl_khr_fp64 (as in Rodinia 3.1's
// particle_double.cl): without fp64 clang leaves none, and the error says why, naming double
// and the line of the conditional (docs/compiler.md "clang flags").
// EXPECT: unsupported: double precision: the file's 1 kernel(s) are compiled only when the device supports cl_khr_fp64 ('double')
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void scale(__global double *x, double s) { int i = get_global_id(0); x[i] *= s; }
#endif
