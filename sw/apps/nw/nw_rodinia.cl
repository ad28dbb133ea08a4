// Needleman-Wunsch in the form of Rodinia's OpenCL kernel (issue 23: the published form runs
// unchanged): the two score tiles are __local pointer arguments whose sizes the host gives at
// launch (clSetKernelArg(k, i, bytes, NULL)), indexed as flat arrays, and one kernel serves
// both triangles of the matrix through the block offsets it is given (Rodinia's nw_kernel1 and
// nw_kernel2 differ only in how they compute them). Same algorithm and results as nw.cl:
// a work-group of BS work-items fills one BS x BS block, one anti-diagonal per step.
#define BS 16

__kernel void nw_block(__global const int *reference_d, __global int *itemsets_d,
                       __local int *itemsets_l, __local int *reference_l,
                       int cols, int penalty, int blk, int first_row, int first_col, int row_step)
{
    int bx = get_group_id(0), tx = get_local_id(0);
    // block b of this launch: row first_row + row_step * b, column first_col + b
    int b_row = first_row + row_step * bx, b_col = first_col + bx;
    int base = cols * BS * b_row + BS * b_col;
    (void)blk;
    if (tx == 0)
        itemsets_l[0] = itemsets_d[base];
    for (int ty = 0; ty < BS; ty++)
        reference_l[ty * BS + tx] = reference_d[base + cols * (ty + 1) + tx + 1];
    itemsets_l[(tx + 1) * (BS + 1)] = itemsets_d[base + cols * (tx + 1)];
    itemsets_l[tx + 1] = itemsets_d[base + tx + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 0; d < 2 * BS - 1; d++) {
        int x = tx + 1, y = d - tx + 1;
        if (y >= 1 && y <= BS) {
            int diag = itemsets_l[(y - 1) * (BS + 1) + x - 1] + reference_l[(y - 1) * BS + x - 1];
            int left = itemsets_l[y * (BS + 1) + x - 1] - penalty;
            int up = itemsets_l[(y - 1) * (BS + 1) + x] - penalty;
            itemsets_l[y * (BS + 1) + x] = max(diag, max(left, up));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int ty = 0; ty < BS; ty++)
        itemsets_d[base + cols * (ty + 1) + tx + 1] = itemsets_l[(ty + 1) * (BS + 1) + tx + 1];
}
