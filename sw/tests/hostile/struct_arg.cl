typedef struct { int a; float b; } S;
__kernel void k(__global int *o, S s)
{
    o[0] = s.a;
}
