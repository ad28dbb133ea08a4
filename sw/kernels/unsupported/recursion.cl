// EXPECT: recursion: call to non-inlined function 'fib'
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__kernel void k(__global int *o) { int i = get_global_id(0); o[i] = fib(o[i]); }
