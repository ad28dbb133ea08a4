// libclc builtins that read constant tables (log, pow, cbrt, sinh, ...): the tables are in
// the kernel's constant data section (docs/compiler.md "Constant tables"); the engines must
// agree bit for bit with native execution, which runs the same libclc code. Accuracy
// against libm: sw/tests/math_ulp.py.
// RUN: -k tlog --global 64 --local 16 --arg buf:f32:64:rand:1:0:100000 --arg buf:f32:256
// RUN: -k tpow --global 64 --local 16 --arg buf:f32:64:rand:3:0:40 --arg buf:f32:64:rand:4:-8:8 --arg buf:f32:128
// RUN: -k tmisc --global 64 --local 16 --arg buf:f32:64:rand:5:-20:20 --arg buf:f32:256
__kernel void tlog(__global const float *x, __global float *o)
{
    int i = get_global_id(0);
    float v = x[i];
    o[4 * i] = log(v);
    o[4 * i + 1] = log2(v);
    o[4 * i + 2] = log10(v);
    o[4 * i + 3] = log1p(v);
}

__kernel void tpow(__global const float *x, __global const float *y, __global float *o)
{
    int i = get_global_id(0);
    o[2 * i] = pow(x[i], y[i]);
    o[2 * i + 1] = pown(x[i], (int)y[i]);
}

__kernel void tmisc(__global const float *x, __global float *o)
{
    int i = get_global_id(0);
    float v = x[i];
    o[4 * i] = cbrt(v);
    o[4 * i + 1] = sinh(v);
    o[4 * i + 2] = expm1(v);
    o[4 * i + 3] = atanh(v / 21.0f);
}
