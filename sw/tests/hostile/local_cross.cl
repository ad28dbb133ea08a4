/* work-group 0 stores into the __local array at an offset given at launch: with off = 4
 * (the array's length) it reaches the next work-group's region */
__kernel void k(__global int *o, int off)
{
    __local int t[4];
    int l = get_local_id(0);
    t[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_group_id(0) == 0)
        t[l + off] = 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[l];
}
