// EXPECT: call to non-inlined function 'helper'
__attribute__((noinline)) int helper(int x) { return x * 3 + 1; }
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = helper(o[i]); }
