// EXPECT: not promoted to registers
__kernel void k(__global int *o, __global const int *idx)
{
    int t[16];
    int i = get_global_id(0);
    for (int j = 0; j < 16; j++) t[j] = o[j] * i;
    o[i] = t[idx[i] & 15];
}
