// Histogram with atomics (Rodinia hybridsort's histogram1024 step; issue 23 item 5): many
// work-items hit few bins. `hist_global` counts straight into the __global bins;
// `hist_local` counts into a per-work-group __local histogram (atomic_inc), then merges it
// into the __global one with atomic_add after a barrier. The bin of a value is taken from
// its top bits, as hybridsort does from the float's position in [min, max].
__kernel void hist_global(__global const uint *data, __global uint *bins, uint n, uint shift)
{
    uint i = get_global_id(0);
    if (i < n)
        atomic_inc(&bins[data[i] >> shift]);
}

__kernel void hist_local(__global const uint *data, __global uint *bins, uint n, uint shift, uint nbins,
                         __local uint *lb)
{
    uint l = get_local_id(0), ls = get_local_size(0);
    for (uint b = l; b < nbins; b += ls)
        lb[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&lb[data[i] >> shift]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = l; b < nbins; b += ls)
        if (lb[b])
            atomic_add(&bins[b], lb[b]);
}
