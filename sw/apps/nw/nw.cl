// Needleman-Wunsch global alignment (VGIW Table 2: NW). The (n+1) x (n+1) score matrix is
// filled in 16 x 16 blocks, one anti-diagonal of blocks per launch: needle_1 for the
// diagonals of the upper-left triangle, needle_2 for the lower-right one. A work-group of
// 16 work-items fills one block in __local memory, one anti-diagonal of cells per step
// (work-item tx owns column tx), with a barrier between steps. OpenCL C only allows
// __local variables at kernel scope: each kernel declares the tiles and passes them down.
#define BS 16

// always_inline: vgiwcc needs every call inlined, and clang keeps a helper called twice.
static inline __attribute__((always_inline)) void fill_block(__global const int *reference, __global int *items, int cols, int penalty,
                       int brow, int bcol, __local int (*temp)[BS + 1], __local int (*ref)[BS])
{
    int tx = get_local_id(0);
    int base = cols * BS * brow + BS * bcol;   // the cell above and left of the block
    if (tx == 0)
        temp[0][0] = items[base];
    for (int ty = 0; ty < BS; ty++)
        ref[ty][tx] = reference[base + cols * (ty + 1) + tx + 1];
    temp[tx + 1][0] = items[base + cols * (tx + 1)];
    temp[0][tx + 1] = items[base + tx + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    // 2 * BS - 1 anti-diagonals; on diagonal d, work-item tx fills row d - tx + 1 if it exists
    for (int d = 0; d < 2 * BS - 1; d++) {
        int x = tx + 1, y = d - tx + 1;
        if (y >= 1 && y <= BS) {
            int diag = temp[y - 1][x - 1] + ref[y - 1][x - 1];
            int left = temp[y][x - 1] - penalty;
            int up = temp[y - 1][x] - penalty;
            temp[y][x] = max(diag, max(left, up));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int ty = 0; ty < BS; ty++)
        items[base + cols * (ty + 1) + tx + 1] = temp[ty + 1][tx + 1];
}

// Diagonal i (1..bw) of the upper-left triangle: blocks (i - 1 - b, b).
__kernel void needle_1(__global const int *reference, __global int *items, int cols, int penalty, int i)
{
    __local int temp[BS + 1][BS + 1];
    __local int ref[BS][BS];
    int b = get_group_id(0);
    fill_block(reference, items, cols, penalty, i - 1 - b, b, temp, ref);
}

// Diagonal i (bw-1..1) of the lower-right triangle: blocks (bw - 1 - b, bw - i + b).
__kernel void needle_2(__global const int *reference, __global int *items, int cols, int penalty, int i,
                       int bw)
{
    __local int temp[BS + 1][BS + 1];
    __local int ref[BS][BS];
    int b = get_group_id(0);
    fill_block(reference, items, cols, penalty, bw - 1 - b, bw - i + b, temp, ref);
}
