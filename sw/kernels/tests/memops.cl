// Struct and array assignments that clang turns into llvm.memcpy / llvm.memset: lowered to
// loads and stores of the widest size the alignment allows (docs/compiler.md).
// RUN: -k copy --global 64 --local 16 --arg buf:i32:640:rand:1:-100000:100000 --arg buf:i32:640 --arg buf:u8:1024:rand:2:0:255 --arg buf:u8:1024:rand:4:0:255
// RUN: -k fill --global 32 --local 8 --arg buf:i32:320:rand:3:0:1000 --arg i32:-7
// RUN: -k from_arg --global 32 --local 32 --arg struct:i32=5,f32=1.5,i16=-2,u8=9 --arg buf:i32:96
// RUN: -k long_loops --global 64 --local 32 --arg buf:i32:1200:rand:5:-1000:1000 --arg buf:i32:64
typedef struct { int id; float w[6]; short s[3]; char c; } Rec;          /* 36 bytes, align 4 */
typedef struct { uchar b[7]; } Bytes;                                     /* 7 bytes, align 1 */
typedef struct { short h[3]; } Halves;                                    /* 6 bytes, align 2 */
__kernel void copy(__global const Rec *in, __global Rec *out, __global const Bytes *bi, __global Bytes *bo)
{
    int i = get_global_id(0);
    out[i] = in[(i * 7) & 63];          /* memcpy of 36 bytes, 4-byte pieces */
    bo[i] = bi[63 - i];                 /* memcpy of 7 bytes, byte pieces */
    __global Halves *h = (__global Halves *)(bo + 64);
    h[i & 31] = h[32 + ((i + 5) & 31)]; /* 6 bytes, 2-byte pieces, from records no thread writes */
}
__kernel void fill(__global Rec *r, int v)
{
    int i = get_global_id(0);
    Rec z = { 0 };                      /* memset 0 */
    z.id = v + i;
    r[i] = z;
    __global uchar *p = (__global uchar *)(r + 32) + i * 4;   /* a 3-byte memset of a run-time value */
    for (int k = 0; k < 3; k++)
        p[k] = (uchar)v;
}
typedef struct { int a; float f; short s; uchar u; } Small;               /* 12 bytes */
__kernel void from_arg(Small p, __global Small *out)
{
    int i = get_global_id(0);
    out[i] = p;                         /* memcpy from the struct argument */
    out[i].a += i;
}
// Loops that clang's loop idioms would make one llvm.memcpy (4,800 bytes) and one llvm.memset
// (4,400 bytes), longer than vgiwcc unrolls into loads and stores: vgiwcc compiles the kernel
// again without loop idioms and the loops stay loops (Rodinia's dwt2d zeroes its buffer so).
__kernel void long_loops(__global const int *in, __global int *out)
{
    __local int buf[1200];
    __local int z[1100];
    int l = get_local_id(0);
    if (l == 0) {
        for (int k = 0; k < 1200; k++)
            buf[k] = in[k];
        for (int k = 0; k < 1100; k++)
            z[k] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    z[l * 3] += l;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    out[i] = buf[(i * 37) % 1200] + z[(i * 13) % 1100];
}
