// Structs and unions passed by value as kernel arguments (clcheck/vgiw-run --arg
// struct:TYPE=V,...: fields in order, each at the next multiple of its size).
// RUN: -k scale --global 64 --local 16 --arg buf:f32:64:rand:1:-10:10 --arg struct:f32=1.5,i32=-3,i8=7 --arg buf:f32:64
// RUN: -k scale --global 32 --local 32 --arg buf:f32:32:rand:2:-10:10 --arg struct:f32=-0.25,i32=100000,i8=-128 --arg buf:f32:32
// RUN: -k mixed --global 64 --local 8 --arg struct:u8=200,i16=-300,u16=65000,i32=-5,f32=2.0,u8=9,u8=1 --arg buf:i32:64 --arg struct:u32=2,u32=3 --arg struct:f32=0.5 --arg struct:i32=1,i32=2,i32=3,i32=4,f32=0.5
// RUN: -k sel --global 64 --local 16 --arg struct:i32=20,i32=40,i32=1 --arg buf:i32:64:rand:3:0:63 --arg buf:i32:64
typedef struct { float alpha; int bias; char shift; } Params;       /* 12 bytes: 3 of tail padding */
typedef struct { uchar a; short b; ushort c; int d; float e; uchar f, g; } Mixed;   /* 20 bytes */
typedef union { float f; int i; } FloatBits;                         /* a union by value */
typedef struct { int start, n; } Range;
typedef struct { Range r[2]; float w; } Nested;                      /* nested struct and array */
__kernel void scale(__global const float *x, Params p, __global float *y)
{
    int i = get_global_id(0);
    y[i] = p.alpha * x[i] + (float)p.bias + (float)(p.shift >> 1);
}
__kernel void mixed(Mixed m, __global int *out, struct { uint lo, hi; } pair, FloatBits u, Nested nd)
{
    int i = get_global_id(0);
    int v = m.a + m.b + m.c + m.d + (int)(m.e * (float)i) + m.f * m.g;
    v += (int)(i * pair.lo + pair.hi) + u.i + nd.r[i & 1].start * nd.r[1].n + (int)(nd.w * (float)i);
    out[i] = v;
}
// a field chosen at run time: the struct is read through a computed address
__kernel void sel(struct { int v[3]; } t, __global const int *idx, __global int *out)
{
    int i = get_global_id(0);
    out[i] = t.v[idx[i] % 3] + i;
}
