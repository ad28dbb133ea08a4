// `__local` arrays declared inside an `if` and a loop body, as vendor compilers accept and
// Rodinia 3.1's lavaMD writes (OpenCL C 1.2 §6.5.2 allows them only in a kernel's outermost
// scope): vgiwcc and native execution move them to the outermost scope (docs/compiler.md
// "Extension: `__local` in inner scopes"). `tiles` is written that way; `tiles_ref` is the
// same computation with the arrays at the outermost scope, the golden of
// sw/tests/local_inner_scope.sh. Names that must not be captured by the move: a private
// `buf` and a struct member `buf` outside and inside the blocks, two blocks each with its own
// `__local buf`.
// RUN: -k tiles --global 256 --local 64 --arg buf:i32:256:rand:1:-1000:1000 --arg buf:i32:256 --arg i32:3
// RUN: -k tiles_ref --global 256 --local 64 --arg buf:i32:256:rand:1:-1000:1000 --arg buf:i32:256 --arg i32:3
#define WG 64
typedef struct { int buf; int k; } pair;

__kernel void tiles(__global const int *in, __global int *out, int n)
{
    int l = get_local_id(0), g = get_global_id(0);
    int sum = 0;
    int buf = in[g] ^ 0x55;          /* private: the __local 'buf' below is renamed, not this */
    pair p;
    p.buf = in[g] * 3;
    p.k = l;
    if (get_group_id(0) % 2 == 0) {   /* uniform in the work-group: barriers allowed */
        __local int buf[WG];
        __local int rev[WG],
                    sq[WG];           /* two declarators, over two lines */
        buf[l] = in[g] * n + p.buf;
        rev[WG - 1 - l] = in[g];
        barrier(CLK_LOCAL_MEM_FENCE);
        sq[l] = buf[(l + 1) % WG] + rev[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        sum = sq[WG - 1 - l] - p.k;
    } else {
        for (int k = 0; k < n; k++) {
            __local int buf[WG];      /* another 'buf', in another block */
            buf[l] = in[g] + k + p.buf;
            barrier(CLK_LOCAL_MEM_FENCE);
            sum += buf[(l + k + 1) % WG];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[g] = sum + buf;
}

__kernel void tiles_ref(__global const int *in, __global int *out, int n)
{
    __local int lbuf[WG], rev[WG], sq[WG], lbuf2[WG];
    int l = get_local_id(0), g = get_global_id(0);
    int sum = 0;
    int buf = in[g] ^ 0x55;
    pair p;
    p.buf = in[g] * 3;
    p.k = l;
    if (get_group_id(0) % 2 == 0) {
        lbuf[l] = in[g] * n + p.buf;
        rev[WG - 1 - l] = in[g];
        barrier(CLK_LOCAL_MEM_FENCE);
        sq[l] = lbuf[(l + 1) % WG] + rev[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        sum = sq[WG - 1 - l] - p.k;
    } else {
        for (int k = 0; k < n; k++) {
            lbuf2[l] = in[g] + k + p.buf;
            barrier(CLK_LOCAL_MEM_FENCE);
            sum += lbuf2[(l + k + 1) % WG];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[g] = sum + buf;
}
