// EXPECT: printf
__kernel void k(__global int *o) { printf("%d\n", o[0]); }
