// Kernels of sw/tests/math_ulp.py: one builtin applied to every element, chosen with -D.
#ifdef F1
__kernel void f1(__global const float *x, __global float *y)
{ int i = get_global_id(0); y[i] = F1(x[i]); }
#endif
#ifdef F2
__kernel void f2(__global const float *x, __global const float *z, __global float *y)
{ int i = get_global_id(0); y[i] = F2(x[i], z[i]); }
#endif
#ifdef F3
__kernel void f3(__global const float *x, __global const float *z, __global const float *w, __global float *y)
{ int i = get_global_id(0); y[i] = F3(x[i], z[i], w[i]); }
#endif
#ifdef FI
__kernel void fi(__global const float *x, __global const int *n, __global float *y)
{ int i = get_global_id(0); y[i] = FI(x[i], n[i]); }
#endif
#ifdef IFN
__kernel void ii(__global const int *x, __global int *y)
{ int i = get_global_id(0); y[i] = IFN(x[i]); }
#endif
#ifdef I2
__kernel void i2(__global const int *x, __global const int *z, __global int *y)
{ int i = get_global_id(0); y[i] = I2(x[i], z[i]); }
#endif
