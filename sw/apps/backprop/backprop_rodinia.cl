// Back-propagation in the form of Rodinia's OpenCL kernels (issue 23: the published form runs
// unchanged): Rodinia's kernel names and argument lists, the input slice and the weight tile
// as __local pointer arguments whose sizes the host gives at launch (HEIGHT and HEIGHT * WIDTH
// floats), indexed as flat arrays, the layer sizes `in` and `hid` passed as arguments and the
// learning constants as macros. The data layout and the arithmetic are backprop.cl's (no
// bias row: weight (k, j) of input k and hidden unit j at k * hid + j), so the results are the
// same, checked against the same golden model. output_hidden and `in` are in the argument
// list, as in Rodinia, and unused by the kernel, as there.
#define WIDTH 16
#define HEIGHT 16
#define ETA 0.3f
#define MOMENTUM 0.3f

// a WIDTH x HEIGHT work-group multiplies HEIGHT inputs by their weights in __local memory and
// reduces the products over the inputs by a tree, one barrier a level
__kernel void bpnn_layerforward_ocl(__global float *input_cuda, __global float *output_hidden_cuda,
                                    __global float *input_hidden_cuda, __global float *hidden_partial_sum,
                                    __local float *input_node, __local float *weight_matrix, int in, int hid)
{
    int by = get_group_id(1);
    int tx = get_local_id(0), ty = get_local_id(1);
    int k = HEIGHT * by + ty;
    (void)output_hidden_cuda;
    (void)in;
    if (tx == 0)
        input_node[ty] = input_cuda[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    weight_matrix[ty * WIDTH + tx] = input_hidden_cuda[k * hid + tx] * input_node[ty];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 1; step < HEIGHT; step *= 2) {
        if (ty % (2 * step) == 0)
            weight_matrix[ty * WIDTH + tx] += weight_matrix[(ty + step) * WIDTH + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ty == 0)
        hidden_partial_sum[by * hid + tx] = weight_matrix[tx];
}

// every weight moves by ETA * delta * input + MOMENTUM * its previous change
__kernel void bpnn_adjust_weights_ocl(__global float *delta, int hid, __global float *ly, int in,
                                      __global float *w, __global float *oldw)
{
    int by = get_group_id(1);
    int tx = get_local_id(0), ty = get_local_id(1);
    int k = HEIGHT * by + ty;
    int index = k * hid + tx;
    (void)in;
    float dw = ETA * delta[tx] * ly[k] + MOMENTUM * oldw[index];
    w[index] += dw;
    oldw[index] = dw;
}
