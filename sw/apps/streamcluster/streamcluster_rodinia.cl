// Streamcluster's compute_cost step in the form of Rodinia's OpenCL kernel pgain_kernel
// (issue 23: the published form runs unchanged): Rodinia's argument list, the points as an
// array of Point_Struct records (weight, a 64-bit assignment, cost), the candidate's
// coordinates staged in a __local pointer argument whose size the host gives at launch
// (clSetKernelArg(k, i, bytes, NULL)), the candidate index as a long. Same decisions and
// results as streamcluster.cl, checked against the same golden model: each point compares its
// weighted squared distance to candidate x with its current cost; if x is closer the point
// would switch and records the (negative) change in its row's last column, otherwise it adds
// what its current centre would give up to that centre's column (the host zeroes work_mem).
typedef struct {
    float weight;
    long assign;   // the point's centre
    float cost;    // weight * distance to it
} Point_Struct;

__kernel void pgain_kernel(__global Point_Struct *p, __global float *coord_d, __global float *work_mem_d,
                           __global int *center_table_d, __global char *switch_membership_d,
                           __local float *coord_s, int num, int dim, long x, int K)
{
    int thread_id = get_global_id(0);
    int local_id = get_local_id(0);
    // every work-item reaches the barrier, also those past the last point
    if (local_id == 0)
        for (int i = 0; i < dim; i++)
            coord_s[i] = coord_d[i * num + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thread_id >= num)
        return;
    float x_cost = 0.0f;
    for (int i = 0; i < dim; i++) {
        float diff = coord_d[i * num + thread_id] - coord_s[i];
        x_cost += diff * diff;
    }
    x_cost = x_cost * p[thread_id].weight;
    float current_cost = p[thread_id].cost;
    int base = thread_id * (K + 1);
    if (x_cost < current_cost) {
        switch_membership_d[thread_id] = 1;
        work_mem_d[base + K] = x_cost - current_cost;
    } else {
        int assign = (int)p[thread_id].assign;
        work_mem_d[base + center_table_d[assign]] += current_cost - x_cost;
    }
}
