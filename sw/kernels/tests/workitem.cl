// Work-item functions in dimensions 0..2.
// RUN: -k wi --global 8,4,2 --local 4,2,1 --arg buf:i32:1024
// RUN: -k wi --global 16 --local 4 --arg buf:i32:1024
__kernel void wi(__global int *out)
{
    int gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
    int lin = gx + get_global_size(0) * (gy + get_global_size(1) * gz);
    __global int *o = out + lin * 16;
    o[0] = gx; o[1] = gy; o[2] = gz;
    o[3] = get_local_id(0); o[4] = get_local_id(1); o[5] = get_local_id(2);
    o[6] = get_group_id(0); o[7] = get_group_id(1); o[8] = get_group_id(2);
    o[9] = get_local_size(0) * 100 + get_local_size(1) * 10 + get_local_size(2);
    o[10] = get_num_groups(0) * 100 + get_num_groups(1) * 10 + get_num_groups(2);
    o[11] = get_global_size(0) * 100 + get_global_size(1) * 10 + get_global_size(2);
    o[12] = get_global_id(3) + get_local_size(5);
}
