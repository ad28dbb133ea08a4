// EXPECT: store into the struct argument 't' passed by value
typedef struct { int v[3]; } T;
__kernel void k(T t, __global const int *idx, __global int *out)
{
    int i = get_global_id(0);
    t.v[idx[i] % 3] = i;
    out[i] = t.v[0] + t.v[1] + t.v[2];
}
