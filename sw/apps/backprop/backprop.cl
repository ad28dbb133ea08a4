// Back-propagation (VGIW Table 2: BPNN), the two kernels of one training step of a
// two-layer network with HID = 16 hidden units.
// layerforward: a 16 x 16 work-group multiplies 16 inputs by their 16 x 16 weights in
// __local memory and reduces the products over the inputs by a tree (barrier per level);
// the host adds the per-group partial sums and applies the sigmoid.
// adjust_weights: every weight moves by ETA * delta * input + MOMENTUM * previous change.
#define HID 16

__kernel void layerforward(__global const float *input, __global const float *weights,
                           __global float *partial)
{
    __local float in_node[HID];
    __local float w[HID][HID];
    int tx = get_local_id(0), ty = get_local_id(1);
    int by = get_group_id(1);
    int k = by * HID + ty;
    if (tx == 0)
        in_node[ty] = input[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    w[ty][tx] = weights[k * HID + tx] * in_node[ty];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < HID; s *= 2) {
        if (ty % (2 * s) == 0)
            w[ty][tx] += w[ty + s][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ty == 0)
        partial[by * HID + tx] = w[0][tx];
}

__kernel void adjust_weights(__global const float *delta, __global const float *ly, __global float *w,
                             __global float *oldw, float eta, float momentum)
{
    int j = get_global_id(0), k = get_global_id(1);
    int idx = k * HID + j;
    float dw = eta * delta[j] * ly[k] + momentum * oldw[idx];
    w[idx] += dw;
    oldw[idx] = dw;
}
