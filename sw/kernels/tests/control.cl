// if/else, loops with data-dependent trip counts, break, continue, early return, do/while.
// RUN: -k ctl --global 256 --local 64 --arg buf:i32:256:rand:1:0:40 --arg buf:i32:256:rand:2:-50:50 --arg buf:i32:768
__kernel void ctl(__global const int *n, __global const int *v, __global int *out)
{
    int i = get_global_id(0);
    int m = n[i], x = v[i];
    out[3 * i + 2] = -1;
    if (m == 13) {
        out[3 * i] = 1313;
        out[3 * i + 1] = x;
        return;                         /* early return */
    }
    int acc = 0;
    for (int j = 0; j < m; j++) {
        if (j % 7 == 3)
            continue;
        if (acc > 200 + x)
            break;
        if (j & 1)
            acc += j * x;
        else
            acc -= j;
        int k = j;
        while (k > 4) {                 /* nested data-dependent loop */
            acc ^= k;
            k -= 3;
        }
    }
    int c = 0;
    do {
        c++;
        x = x / 2;
    } while (x != 0 && c < 20);
    out[3 * i] = acc;
    out[3 * i + 1] = c;
    if (acc < 0)
        out[3 * i + 2] = 0;
    else if (acc < 100)
        out[3 * i + 2] = 1;
    else
        out[3 * i + 2] = 2;
}
