// float arithmetic, comparisons, select, casts and math builtins that map to units.
// RUN: -k fops --global 256 --local 64 --arg buf:f32:256:rand:1:-100:100 --arg buf:f32:256:rand:2:-50:50 --arg buf:f32:4096 --arg buf:i32:512 --arg f32:1.25
__kernel void fops(__global const float *a, __global const float *b, __global float *out,
                   __global int *iout, float s)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    __global float *o = out + i * 16;
    o[0] = x + y;
    o[1] = x - y * s;
    o[2] = x * y;
    o[3] = x / (y == 0.0f ? 1.0f : y);
    o[4] = sqrt(fabs(x));
    o[5] = fmin(x, y) + fmax(x, s);
    o[6] = mad(x, y, s);
    o[7] = fma(x, s, y);
    o[8] = native_sqrt(fabs(y)) + native_divide(x, s);
    o[9] = x > y ? x : -y;
    o[10] = copysign(x, y);
    o[11] = (float)i * 0.5f + (float)(uint)i;
    o[12] = min(x, y) - max(y, s);
    o[13] = clamp(x, -10.0f, 10.0f);
    o[14] = (x < y) ? 1.0f : ((x == y) ? 2.0f : 3.0f);
    o[15] = -x;
    iout[2 * i] = (int)x + (int)(y * 100.0f);
    iout[2 * i + 1] = (x >= y) + 2 * (x != s) + 4 * (x < s) + (uint)fabs(y);
}
