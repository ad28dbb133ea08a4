// OpenCL C math, common and integer builtins linked from libclc and lowered like user code
// (docs/compiler.md "Math and common builtins"); the interpreter, the configuration words
// and native execution (which links the same libclc code) must agree bit for bit. The
// accuracy of the functions against libm is sw/tests/math_ulp.py. Functions reading
// libclc's constant tables (log, pow, ...) are in math_tables.cl.
// RUN: -k fmath --global 64 --local 16 --arg buf:f32:64:rand:1:-30:30 --arg buf:f32:64:rand:2:-4:4 --arg buf:f32:1536
// RUN: -k fmath --global 64 --local 64 --arg buf:f32:64:rand:3:-100000:100000 --arg buf:f32:64:rand:4:0:1 --arg buf:f32:1536
// RUN: -k imath --global 64 --local 16 --arg buf:i32:64:rand:5:-2147483648:2147483647 --arg buf:i32:64:rand:6:-2147483648:2147483647 --arg buf:i32:1536
// RUN: -k imath --global 64 --local 32 --arg buf:i32:64:rand:7:-40:40 --arg buf:i32:64:rand:8:-3:70 --arg buf:i32:1536
// RUN: -k smath --global 64 --local 16 --arg buf:i16:64:rand:9:-32768:32767 --arg buf:u8:64:rand:10:0:255 --arg buf:i32:1024
// RUN: -k table --global 64 --local 16 --arg buf:i32:64:rand:11:-1000:1000 --arg buf:i32:128
__kernel void fmath(__global const float *a, __global const float *b, __global float *o)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    __global float *r = o + 24 * i;
    r[0] = exp(x * 0.1f);
    r[1] = exp2(y);
    r[2] = sin(x);
    r[3] = cos(x);
    r[4] = tan(y);
    r[5] = floor(x);
    r[6] = ceil(x);
    r[7] = trunc(x * 1.5f);
    r[8] = round(x * 0.5f);
    r[9] = rint(x * 0.5f);
    r[10] = fmod(x, y);
    r[11] = rsqrt(fabs(x));
    r[12] = mix(x, y, 0.25f);
    r[13] = native_sin(y) + native_exp(y);
    r[14] = half_cos(y);
    r[15] = step(y, x) + smoothstep(-1.0f, 1.0f, y);
    r[16] = sign(x) * degrees(y) + radians(x);
    r[17] = atan(x) + asin(y * 0.2f);
    r[18] = fdim(x, y) + maxmag(x, y);
    r[19] = hypot(x, y);
    r[20] = ldexp(y, (int)x);
    r[21] = nextafter(x, y);
    r[22] = remainder(x, y);
    r[23] = sinpi(y) + cospi(x * 0.01f);
}

__kernel void imath(__global const int *a, __global const int *b, __global int *o)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    __global int *r = o + 24 * i;
    r[0] = mul_hi(x, y);
    r[1] = (int)mul_hi(ux, uy);
    r[2] = rotate(x, y);
    r[3] = (int)rotate(ux, (uint)(y & 7));
    r[4] = popcount(x);
    r[5] = clz(x);
    r[6] = clz(ux >> (y & 31));
    r[7] = add_sat(x, y);
    r[8] = sub_sat(x, y);
    r[9] = (int)add_sat(ux, uy);
    r[10] = (int)sub_sat(ux, uy);
    r[11] = hadd(x, y);
    r[12] = rhadd(x, y);
    r[13] = (int)abs_diff(x, y);
    r[14] = mad_hi(x, y, 7);
    r[15] = mad_sat(x, y, x);
    r[16] = (int)mad_sat(ux, uy, 3u);
    r[17] = (int)upsample((short)x, (ushort)y);
    r[18] = (int)hadd(ux, uy);
    r[19] = (int)rhadd(ux, uy);
    r[20] = popcount(ux ^ uy) + clz(0);
    r[21] = (int)abs_diff(ux, uy);
    r[22] = rotate(x, -y);
    r[23] = mul_hi(x, 3);
}

__kernel void smath(__global const short *a, __global const uchar *b, __global int *o)
{
    int i = get_global_id(0);
    short x = a[i];
    uchar y = b[i];
    __global int *r = o + 16 * i;
    r[0] = add_sat(x, (short)(y * 200));
    r[1] = sub_sat(x, (short)(y * 200));
    r[2] = add_sat(y, (uchar)x);
    r[3] = sub_sat(y, (uchar)x);
    r[4] = popcount(x);
    r[5] = clz(x);
    r[6] = clz(y);
    r[7] = rotate(x, (short)y);
    r[8] = rotate(y, (uchar)x);
    r[9] = mul_hi(x, (short)(y << 7));
    r[10] = hadd(y, (uchar)x);
    r[11] = rhadd(x, (short)-y);
    r[12] = abs_diff(x, (short)y);
    r[13] = upsample(y, (uchar)x);
    r[14] = mad_sat(x, (short)y, (short)x);
    r[15] = add_sat((char)x, (char)y);
}

/* __constant tables indexed at run time (13 and 5 rows): read from the constant data section */
__constant int lut[13] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9 };
__constant float flut[5] = { 0.5f, -1.25f, 3.0f, 1e-3f, 7.0f };
__kernel void table(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int x = a[i];
    o[2 * i] = lut[(uint)x % 13u] + lut[4];
    o[2 * i + 1] = as_int(flut[(x & 0xffff) % 5] * (float)x);
}
