// EXPECT: __local pointer kernel argument
__kernel void k(__global int *o, __local int *tmp) { int i = get_local_id(0); tmp[i] = o[i]; barrier(CLK_LOCAL_MEM_FENCE); o[i] = tmp[i ^ 1]; }
