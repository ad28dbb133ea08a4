// RUN: -k coords --global 150 --local 30 --arg buf:i32:1200 --arg buf:i32:64 --arg i32:7
// RUN: -k coords --global 18,16 --local 6,4 --arg buf:i32:2304 --arg buf:i32:64 --arg i32:7
// RUN: -k coords --global 9,4,6 --local 3,2,2 --arg buf:i32:1728 --arg buf:i32:64 --arg i32:7
/* Work-item coordinates as the CVU injects them (VGIW §2; docs/fabric-units/cvu.md), checked
 * against native execution on 1-, 2- and 3-D NDRanges with uneven work-groups: by clcheck
 * (graphs and configuration words, RUN lines) and by vgiw-run on the interpreter and the RTL
 * core (sw/runtime/tests/vgiw_run.sh). Each `if` is its own block, and each uses two coordinates:
 * the ones its CVU injects directly (block 0 uses three: the linear index needs the global ID
 * of every dimension, so there the third one is derived). n is uniform: every work-item takes
 * the same path, so the barrier is legal. */
__kernel void coords(__global int *o, __global int *g, int n)
{
    __local int t[64];
    int i = get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2));
    if (n > 0)
        o[8 * i + 0] = get_local_id(0) * 1000 + get_local_id(1);
    if (n > 1)
        o[8 * i + 1] = get_local_id(2) * 1000 + get_group_id(2);
    if (n > 2)
        o[8 * i + 2] = get_group_id(0) * 1000 + get_group_id(1);
    if (n > 3)
        o[8 * i + 3] = get_global_id(0) * 1000 + get_global_id(1);
    if (n > 4)
        o[8 * i + 4] = get_global_id(2) * 1000 + get_local_id(0);
    if (n > 5) {
        /* the work-group's __local region: each item writes its slot, reads its neighbour's */
        int l = get_local_id(0);
        t[l] = i;
        barrier(CLK_LOCAL_MEM_FENCE);
        o[8 * i + 5] = t[(l + 1) % get_local_size(0)];
    }
    if (n > 6)
        g[get_group_id(0) + get_num_groups(0) * get_group_id(1)] = get_group_id(1) * 1000 + get_group_id(0);
}
