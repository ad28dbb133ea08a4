/* a store at an offset given at launch: outside the buffer for most offsets */
__kernel void k(__global int *a, int off)
{
    a[get_global_id(0) + off] = 1;
}
