typedef struct { int a; float b; } S;
__kernel void k(__global int *o, S s)
{
    o[get_global_id(0)] = s.a + (int)(s.b * (float)get_global_id(0));
}
