/* vgiw-run's comparison can fail (sw/runtime/tests/vgiw_run.sh): native execution runs each
 * work-item to its end before the next, the VGIW core runs every thread through a block before
 * the next block, so without the barrier they disagree. */
// A missing barrier: each work-item reads its neighbour's __local slot without waiting for it.
__kernel void no_barrier(__global int *out, __global const int *in)
{
    __local int loc[64];
    int lid = get_local_id(0);
    loc[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = loc[(lid + 1) % 64];
}
