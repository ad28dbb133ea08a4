// Loop-carried values: the phi swap problem, values live across nested loops, a load and
// store to the same address in one block (memory order within a thread).
// RUN: -k swap --global 64 --local 16 --arg buf:i32:64:rand:1:0:30 --arg buf:i32:192
// RUN: -k rmw --global 64 --local 16 --arg buf:i32:64:rand:2:0:100 --arg buf:i32:64:rand:3:0:63
__kernel void swap(__global const int *n, __global int *out)
{
    int i = get_global_id(0);
    int a = 1, b = 2, c = 3;
    for (int j = 0; j < n[i]; j++) {
        int t = a;
        a = b;
        b = t + j;
        for (int k = 0; k < (j & 3); k++)
            c = c * 3 + a - k;
    }
    out[3 * i] = a;
    out[3 * i + 1] = b;
    out[3 * i + 2] = c;
}
__kernel void rmw(__global int *x, __global const int *idx)
{
    int i = get_global_id(0);
    int v = x[i];
    x[i] = v + 1;
    int w = x[i];           /* must see the store above */
    x[i] = w * 2 + v;
    if (idx[i] == i)
        x[i] += x[i];
}
