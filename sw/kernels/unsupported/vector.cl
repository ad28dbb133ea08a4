// EXPECT: 64-bit integer arithmetic
// Vector kernel arguments by value are passed like structs (docs/compiler.md "Vector types"),
// but not vectors of 64-bit lanes.
__kernel void k(__global long *o, long2 s) { int i = get_global_id(0); o[i] = s.x + s.y; }
