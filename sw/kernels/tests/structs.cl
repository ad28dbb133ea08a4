// GEPs on buffers of structs (mixed field sizes, nested arrays) and pointer arithmetic.
// RUN: -k st --global 64 --local 16 --arg buf:i32:1024:rand:1:0:1000 --arg buf:f32:64
typedef struct { short tag; char flag; int count; float w[3]; uchar pad[2]; } Item;   /* 24 bytes */
typedef struct { int start, n; } Range;
__kernel void st(__global Item *items, __global float *out)
{
    int i = get_global_id(0);
    __global Item *it = &items[i];
    float s = it->w[0] + it->w[1] * 2.0f + it->w[(it->count & 1) + 1];
    int c = it->count + it->tag + it->flag + it->pad[1];
    __global Range *r = (__global Range *)(items + 100) + (i & 7);   /* read-only: no race */
    it->count = c + r->start + r->n;
    it->w[2] = s;
    it->flag = (char)(c & 0x7f);
    out[i] = s + (float)c;
}
