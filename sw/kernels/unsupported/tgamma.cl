// EXPECT: call to 'tgamma' (not a supported builtin)
// libclc's tgamma is outside the OpenCL 1.2 bound (16 ulp): 115 ulp at 31.5, +inf below -34
// (sw/tests/math_ulp.py), so it is not linked (docs/compiler.md "Math and common builtins").
__kernel void k(__global float *o) { int i = get_global_id(0); o[i] = tgamma(o[i]); }
