// Gaussian elimination (VGIW Table 2: Gaussian), one column t per pair of launches.
// Fan1: the multipliers of column t for every row below t.
// Fan2: subtract multiplier x row t from every row below t (columns t..n-1), and from b.
__kernel void Fan1(__global float *m, __global const float *a, int n, int t)
{
    int r = get_global_id(0);
    if (r < n - 1 - t) {
        int row = r + t + 1;
        m[n * row + t] = a[n * row + t] / a[n * t + t];
    }
}

__kernel void Fan2(__global const float *m, __global float *a, __global float *b, int n, int t)
{
    int r = get_global_id(0);
    int c = get_global_id(1);
    if (r < n - 1 - t && c < n - t) {
        int row = r + t + 1, col = c + t;
        float mult = m[n * row + t];
        a[n * row + col] -= mult * a[n * t + col];
        if (c == 0)
            b[row] -= mult * b[t];
    }
}
