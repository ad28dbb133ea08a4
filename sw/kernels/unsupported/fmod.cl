// EXPECT: call to 'fmod'
__kernel void k(__global float *o, float s) { int i = get_global_id(0); o[i] = fmod(o[i], s); }
