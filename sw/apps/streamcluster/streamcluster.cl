// Streamcluster (VGIW Table 2: StreamCluster), the compute_cost step of pgain: what would
// opening a new centre at point x save? Each point compares its weighted squared distance
// to x with its current cost. If x is closer, the point would switch (switch_membership)
// and records the (negative) change in its row's last column; otherwise it records how
// much its current centre would have to give up (column of that centre).
// Coordinates are feature-major: coord[f * num + i].
__kernel void compute_cost(__global const float *coord, __global const float *weight,
                           __global const float *cost, __global const int *assign,
                           __global const int *center_table, __global uchar *switch_membership,
                           __global float *work_mem, int num, int dim, int x, int k)
{
    int i = get_global_id(0);
    if (i >= num)
        return;
    float d = 0.0f;
    for (int f = 0; f < dim; f++) {
        float diff = coord[f * num + i] - coord[f * num + x];
        d += diff * diff;
    }
    float x_cost = d * weight[i];
    float cur = cost[i];
    int row = i * (k + 1);
    if (x_cost < cur) {
        switch_membership[i] = 1;
        work_mem[row + k] = x_cost - cur;
    } else {
        work_mem[row + center_table[assign[i]]] = cur - x_cost;
    }
}
