/* a float buffer and a float scalar: specs of other types must be refused */
__kernel void k(__global float *a, float s)
{
    a[get_global_id(0)] += s;
}
