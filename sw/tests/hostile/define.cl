/* V comes from -D: a long definition must arrive whole */
__kernel void k(__global int *a)
{
    a[get_global_id(0)] = V;
}
