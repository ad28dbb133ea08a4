// EXPECT: switch on a 64-bit integer
__kernel void k(__global long *o)
{
    int i = get_global_id(0);
    switch (o[i]) {
    case 5: o[i] = 1; break;
    case 7: o[i] = 9; break;
    case 100: o[i] = 3; break;
    case 1000000000000L: o[i] = 4; break;
    default: o[i] = 2;
    }
}
