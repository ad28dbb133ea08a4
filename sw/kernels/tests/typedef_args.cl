// Kernel arguments declared through typedefs of scalar types (Rodinia's DATA_TYPE style):
// scalars and buffer elements take the resolved base type (kernel_arg_base_type).
// RUN: -k axpy --global 128 --local 32 --arg f32:1.5 --arg i32:-7 --arg u32:3000000000 --arg buf:f32:128:rand:1:-10:10 --arg buf:f32:128:rand:2:-10:10 --arg buf:u32:128
// RUN: -k small --global 64 --local 16 --arg i32:-3 --arg i32:200 --arg buf:i16:64:rand:3:-1000:1000 --arg buf:u8:64
typedef float DATA_TYPE;
typedef int INDEX;
typedef unsigned int WORD;
typedef DATA_TYPE REAL;                       /* a typedef of a typedef */
typedef short SHORT_T;
typedef unsigned char BYTE;
__kernel void axpy(REAL alpha, const INDEX bias, WORD big, __global const DATA_TYPE *x, __global DATA_TYPE *y,
                   __global WORD *w)
{
    INDEX i = get_global_id(0);
    y[i] = alpha * x[i] + y[i] + (DATA_TYPE)bias;
    w[i] = big / (WORD)(i + 1) + (WORD)bias;   /* unsigned division: big > INT_MAX */
}
__kernel void small(SHORT_T s, BYTE b, __global SHORT_T *v, __global BYTE *o)
{
    int i = get_global_id(0);
    v[i] = (SHORT_T)(v[i] * s);
    o[i] = (BYTE)(b + i * 3);
}
