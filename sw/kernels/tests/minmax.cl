// min/max/abs/clamp on integer types and the llvm.smin/smax/umin/umax/abs intrinsics.
// RUN: -k mm --global 128 --local 32 --arg buf:i32:128:rand:1:-1000:1000 --arg buf:u32:128:rand:2:0:3000000000 --arg buf:i16:128:rand:3:-30000:30000 --arg buf:i32:1280
__kernel void mm(__global const int *a, __global const uint *u, __global const short *s, __global int *out)
{
    int i = get_global_id(0);
    int x = a[i];
    uint y = u[i];
    short z = s[i];
    __global int *o = out + i * 10;
    o[0] = min(x, 17) + max(x, -5);
    o[1] = (int)min(y, 2000000000u) + (int)(max(y, 5u) >> 8);
    o[2] = abs(x) + abs(z);
    o[3] = clamp(x, -100, 100);
    o[4] = x < 3 ? x : 3;
    o[5] = (int)(y > 100u ? y : 100u);
    o[6] = min(z, (short)-7) + max(z, (short)9);
    o[7] = x < 0 ? -x : x;
    o[8] = (int)clamp(y, 10u, 1000000u);
    o[9] = mul24(x, 3) + mad24(x, 2, 1) + select(x, 5, x > 0);
}
