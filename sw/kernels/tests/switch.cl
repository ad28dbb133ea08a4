// switch with several cases, shared targets, fallthrough and default (lowered to two-way blocks).
// RUN: -k sw --global 128 --local 32 --arg buf:i32:128:rand:1:-2:12 --arg buf:i32:256
__kernel void sw(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i], r = 0, q = 1;
    switch (v) {
    case 0:  r = 10; break;
    case 1:
    case 2:  r = 20 + v; break;
    case 3:  r = 30;                    /* fall through */
    case 4:  r += 40; q = 4; break;
    case 7:  r = v * v; break;
    case 11: q = -1; break;
    default: r = -v; break;
    }
    switch ((uchar)(v & 3)) {
    case 0: q += 100; break;
    case 2: q += 200; break;
    default: break;
    }
    out[2 * i] = r;
    out[2 * i + 1] = q;
}
