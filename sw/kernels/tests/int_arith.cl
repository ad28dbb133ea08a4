// int/uint arithmetic, shifts, bit operations, comparisons, select, division by non-zero.
// RUN: -k int_ops --global 256 --local 64 --arg buf:i32:256:rand:1:-100000:100000 --arg buf:i32:256:rand:2:-3000:3000 --arg buf:i32:2560 --arg i32:7
// RUN: -k uint_ops --global 64 --local 16 --arg buf:u32:64:rand:3:0:4000000000 --arg buf:u32:64:rand:4:0:70000 --arg buf:u32:640
__kernel void int_ops(__global const int *a, __global const int *b, __global int *out, int k)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    int d = y == 0 ? 1 : y;
    __global int *o = out + i * 10;
    o[0] = x + y * k - (x ^ y);
    o[1] = x / d + x % d;
    o[2] = (x << (y & 31)) + (x >> (k & 31));
    o[3] = (x & y) | (~x & k);
    o[4] = (x < y) + 2 * (x <= y) + 4 * (x > k) + 8 * (x >= k) + 16 * (x == y) + 32 * (x != k);
    o[5] = x > y ? x - y : y * 3;
    o[6] = x * y;
    o[7] = -x + (y >> 3);
    o[8] = (x << k) >> 2;
    o[9] = x / 7 + x % 5 + (int)((unsigned)x >> 28);
}
__kernel void uint_ops(__global const uint *a, __global const uint *b, __global uint *out)
{
    uint i = get_global_id(0);
    uint x = a[i], y = b[i] | 1u;
    __global uint *o = out + i * 10;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = x >> (y & 31u);
    o[3] = (x < y) + 2u * (x >= y) + 4u * (x > 3000000000u);
    o[4] = x * y + (x >> 16);
    o[5] = x > y ? x : y;
    o[6] = (x << 3) ^ (y >> 2);
    o[7] = (uint)(x < 0x80000000u ? 1 : 2);
    o[8] = x / 3u;
    o[9] = x - y;
}
