// EXPECT: vector type that survives lowering
// vloadN from a __constant pointer: libclc's nvptx library has it for nvptx's constant address
// space only (docs/compiler.md "Math and common builtins"); __private, __global and __local
// pointers are supported (and fract, frexp, modf, sincos, remquo, lgamma_r with them).
__kernel void k(__global float4 *o, __constant float *c) { int i = get_global_id(0); o[i] = vload4(i, c); }
