// Program-scope __constant tables read at run-time indices: placed in the kernel's constant
// data section, copied into device memory by the host and read with ordinary loads
// (docs/compiler.md "Constant tables"); tables of at most 4 rows stay select trees.
// RUN: -k tables --global 64 --local 16 --arg buf:i32:64:rand:1:-100000:100000 --arg buf:i32:512
// RUN: -k tables --global 128 --local 32 --arg buf:i32:128:rand:2:0:3000 --arg buf:i32:1024
// RUN: -k walk --global 32 --local 8 --arg buf:u32:32:rand:3:0:4000000000 --arg buf:u32:64 --arg u32:7
typedef struct { float hi, lo; } pair;

__constant int big[2048] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, [1000] = -77, [2047] = 123456 };
__constant pair pairs[9] = { { 1.0f, 0.5f }, { 2.5f, -1.0f }, { -3.0f, 1e-3f }, { 4.0f, 0.0f }, { 5.5f, 2.0f },
                             { 6.0f, -6.0f }, { 7.25f, 7.0f }, { 8.0f, 1e10f }, { -9.0f, 3.0f } };
__constant uchar bytes[7] = { 200, 1, 255, 17, 0, 128, 99 };
__constant short shorts[6] = { -32768, 32767, -1, 12345, 0, -300 };
__constant uint few[3] = { 0xdeadbeefu, 7u, 0x80000000u };   /* 3 rows: a select tree */

__kernel void tables(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int x = a[i];
    uint u = (uint)x;
    o[8 * i] = big[u & 2047] + big[1000];                          /* run-time index and a constant one */
    pair p = pairs[u % 9u];                                        /* a struct row: two loads */
    o[8 * i + 1] = as_int(p.hi * (float)x + p.lo);
    o[8 * i + 2] = bytes[u % 7u];                                  /* 8-bit loads zero-extend */
    o[8 * i + 3] = shorts[u % 6u] * 3;                             /* 16-bit, sign-extended where used */
    o[8 * i + 4] = (int)few[u % 3u];
    o[8 * i + 5] = big[(u >> 3) & 2047] - big[(u + 17) & 2047];    /* two loads of one table */
    o[8 * i + 6] = (int)bytes[(u >> 2) % 7u] + shorts[(u >> 1) % 6u];
    o[8 * i + 7] = as_int(pairs[(u >> 4) % 9u].lo);
}

/* a table read in a loop with a data-dependent trip count; the same table as above */
__kernel void walk(__global const uint *a, __global uint *o, uint n)
{
    int i = get_global_id(0);
    uint h = a[i], acc = 0;
    for (uint k = 0; k < (h & 15u) + n; k++) {
        acc = acc * 31u + (uint)big[(h + k * 97u) & 2047u];
        h ^= (uint)bytes[(acc >> 3) % 7u];
    }
    o[2 * i] = acc;
    o[2 * i + 1] = h;
}
