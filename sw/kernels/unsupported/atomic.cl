// EXPECT: atomic operation
__kernel void k(__global int *o) { atomic_add(&o[0], get_global_id(0)); }
