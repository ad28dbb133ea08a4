// EXPECT: vector type that survives lowering
// Vector values are scalarized (docs/compiler.md "Vector types"), but a vector kernel
// argument passed by value is not supported.
__kernel void k(__global float *o, float4 s) { int i = get_global_id(0); o[i] = s.x + s.w; }
