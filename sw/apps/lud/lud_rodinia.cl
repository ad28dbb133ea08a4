// LU decomposition in the form of Rodinia's OpenCL kernels (issue 23: the published form
// runs unchanged): Rodinia's kernel names and argument lists, the block tiles as __local
// pointer arguments of BLOCK_SIZE * BLOCK_SIZE floats each whose size the host gives at launch
// (clSetKernelArg(k, i, bytes, NULL)), indexed as flat arrays, and BLOCK_SIZE a macro the host
// may give at build time. Same algorithm, order of updates and results as lud.cl.
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 16
#endif
#define AT(t, r, c) t[(r) * BLOCK_SIZE + (c)]

__kernel void lud_diagonal(__global float *m, __local float *shadow, int matrix_dim, int offset)
{
    int tx = get_local_id(0);
    for (int i = 0; i < BLOCK_SIZE; i++)
        AT(shadow, i, tx) = m[(offset + i) * matrix_dim + offset + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < BLOCK_SIZE - 1; i++) {
        if (tx > i) {   // L column i, row tx
            float v = AT(shadow, tx, i);
            for (int k = 0; k < i; k++)
                v -= AT(shadow, tx, k) * AT(shadow, k, i);
            AT(shadow, tx, i) = v / AT(shadow, i, i);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tx > i) {   // U row i + 1, column tx
            float v = AT(shadow, i + 1, tx);
            for (int k = 0; k <= i; k++)
                v -= AT(shadow, i + 1, k) * AT(shadow, k, tx);
            AT(shadow, i + 1, tx) = v;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 1; i < BLOCK_SIZE; i++)
        m[(offset + i) * matrix_dim + offset + tx] = AT(shadow, i, tx);
}

// Work-group g of 2 * BLOCK_SIZE work-items: the U block right of the diagonal block at column
// block g + 1 (work-items below BLOCK_SIZE, one column each) and the L block below it at row
// block g + 1 (the others, one row each).
__kernel void lud_perimeter(__global float *m, __local float *dia, __local float *peri_row,
                            __local float *peri_col, int matrix_dim, int offset)
{
    int tx = get_local_id(0);
    int other = offset + (get_group_id(0) + 1) * BLOCK_SIZE;
    for (int i = 0; i < BLOCK_SIZE; i++) {
        if (tx < BLOCK_SIZE) {
            AT(dia, i, tx) = m[(offset + i) * matrix_dim + offset + tx];
            AT(peri_row, i, tx) = m[(offset + i) * matrix_dim + other + tx];
        } else {
            AT(peri_col, i, tx - BLOCK_SIZE) = m[(other + i) * matrix_dim + offset + tx - BLOCK_SIZE];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tx < BLOCK_SIZE) {
        for (int i = 1; i < BLOCK_SIZE; i++) {
            float v = AT(peri_row, i, tx);
            for (int k = 0; k < i; k++)
                v -= AT(dia, i, k) * AT(peri_row, k, tx);
            AT(peri_row, i, tx) = v;
        }
    } else {
        int r = tx - BLOCK_SIZE;
        for (int j = 0; j < BLOCK_SIZE; j++) {
            float v = AT(peri_col, r, j);
            for (int k = 0; k < j; k++)
                v -= AT(peri_col, r, k) * AT(dia, k, j);
            AT(peri_col, r, j) = v / AT(dia, j, j);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < BLOCK_SIZE; i++) {
        if (tx < BLOCK_SIZE)
            m[(offset + i) * matrix_dim + other + tx] = AT(peri_row, i, tx);
        else
            m[(other + i) * matrix_dim + offset + tx - BLOCK_SIZE] = AT(peri_col, i, tx - BLOCK_SIZE);
    }
}

__kernel void lud_internal(__global float *m, __local float *peri_row, __local float *peri_col, int matrix_dim,
                           int offset)
{
    int tx = get_local_id(0), ty = get_local_id(1);
    int r0 = offset + (get_group_id(1) + 1) * BLOCK_SIZE, c0 = offset + (get_group_id(0) + 1) * BLOCK_SIZE;
    AT(peri_row, ty, tx) = m[(offset + ty) * matrix_dim + c0 + tx];
    AT(peri_col, ty, tx) = m[(r0 + ty) * matrix_dim + offset + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = m[(r0 + ty) * matrix_dim + c0 + tx];
    for (int k = 0; k < BLOCK_SIZE; k++)
        v -= AT(peri_col, ty, k) * AT(peri_row, k, tx);
    m[(r0 + ty) * matrix_dim + c0 + tx] = v;
}
