// HotSpot (VGIW Table 2): one explicit time step of the chip temperature grid per launch.
// Each 16x16 work-group stages its tile of temperatures in __local memory; a cell reads
// its four neighbours from the tile, or from global memory across the tile's edge.
// Borders are clamped (a border cell is its own missing neighbour).
#define BS 16

__kernel void hotspot(__global const float *power, __global const float *tin, __global float *tout,
                      int rows, int cols, float step_div_cap, float rx1, float ry1, float rz1, float amb)
{
    __local float tile[BS][BS];
    int lx = get_local_id(0), ly = get_local_id(1);
    int c = get_global_id(0), r = get_global_id(1);
    int inside = r < rows && c < cols;
    tile[ly][lx] = inside ? tin[r * cols + c] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (inside) {
        float t = tile[ly][lx];
        float tn = (ly > 0) ? tile[ly - 1][lx] : tin[max(r - 1, 0) * cols + c];
        float ts = (ly < BS - 1 && r + 1 < rows) ? tile[ly + 1][lx] : tin[min(r + 1, rows - 1) * cols + c];
        float tw = (lx > 0) ? tile[ly][lx - 1] : tin[r * cols + max(c - 1, 0)];
        float te = (lx < BS - 1 && c + 1 < cols) ? tile[ly][lx + 1] : tin[r * cols + min(c + 1, cols - 1)];
        float delta = step_div_cap * (power[r * cols + c] + (ts + tn - 2.0f * t) * ry1 +
                                      (te + tw - 2.0f * t) * rx1 + (amb - t) * rz1);
        tout[r * cols + c] = t + delta;
    }
}
