// LU decomposition without pivoting, in place, in 16 x 16 blocks (VGIW Table 2: LUD).
// For each block step at offset `off`:
//   lud_diagonal  one work-group factors the diagonal block (L below, U on and above);
//   lud_perimeter the blocks right of it become U rows, the blocks below it L columns;
//   lud_internal  every trailing block subtracts L-column block x U-row block.
// Every element receives its updates one product at a time in increasing k order, as
// unblocked right-looking LU does, so the result is bit-identical to it.
#define BS 16

__kernel void lud_diagonal(__global float *m, int n, int off)
{
    __local float d[BS][BS];
    int tx = get_local_id(0);
    for (int i = 0; i < BS; i++)
        d[i][tx] = m[(off + i) * n + off + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < BS - 1; i++) {
        if (tx > i) {   // L column i, row tx
            float v = d[tx][i];
            for (int k = 0; k < i; k++)
                v -= d[tx][k] * d[k][i];
            d[tx][i] = v / d[i][i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tx > i) {   // U row i + 1, column tx
            float v = d[i + 1][tx];
            for (int k = 0; k <= i; k++)
                v -= d[i + 1][k] * d[k][tx];
            d[i + 1][tx] = v;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 1; i < BS; i++)
        m[(off + i) * n + off + tx] = d[i][tx];
}

// Work-group g (2 * BS work-items): U block right of the diagonal at column block g + 1
// (work-item tx < BS owns its column), and L block below it at row block g + 1
// (work-item tx >= BS owns row tx - BS).
__kernel void lud_perimeter(__global float *m, int n, int off)
{
    __local float dia[BS][BS], row[BS][BS], col[BS][BS];
    int tx = get_local_id(0);
    int other = off + (get_group_id(0) + 1) * BS;
    for (int i = 0; i < BS; i++) {
        if (tx < BS) {
            dia[i][tx] = m[(off + i) * n + off + tx];
            row[i][tx] = m[(off + i) * n + other + tx];
        } else {
            col[i][tx - BS] = m[(other + i) * n + off + tx - BS];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tx < BS) {
        for (int i = 1; i < BS; i++) {
            float v = row[i][tx];
            for (int k = 0; k < i; k++)
                v -= dia[i][k] * row[k][tx];
            row[i][tx] = v;
        }
    } else {
        int r = tx - BS;
        for (int j = 0; j < BS; j++) {
            float v = col[r][j];
            for (int k = 0; k < j; k++)
                v -= col[r][k] * dia[k][j];
            col[r][j] = v / dia[j][j];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < BS; i++) {
        if (tx < BS)
            m[(off + i) * n + other + tx] = row[i][tx];
        else
            m[(other + i) * n + off + tx - BS] = col[i][tx - BS];
    }
}

__kernel void lud_internal(__global float *m, int n, int off)
{
    __local float row[BS][BS], col[BS][BS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int r0 = off + (get_group_id(1) + 1) * BS, c0 = off + (get_group_id(0) + 1) * BS;
    row[ty][tx] = m[(off + ty) * n + c0 + tx];
    col[ty][tx] = m[(r0 + ty) * n + off + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = m[(r0 + ty) * n + c0 + tx];
    for (int k = 0; k < BS; k++)
        v -= col[ty][k] * row[k][tx];
    m[(r0 + ty) * n + c0 + tx] = v;
}
