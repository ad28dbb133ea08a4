// EXPECT: call to 'fract' (not a supported builtin)
// Builtins with pointer arguments (sincos, fract, frexp, modf, remquo, lgamma_r) are not
// linked from libclc (docs/compiler.md "Math and common builtins").
__kernel void k(__global float *o, __global float *p) { int i = get_global_id(0); o[i] = fract(o[i], p + i); }
