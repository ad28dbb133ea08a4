// A __local array declared in an inner scope whose name a macro also uses, with another
// variable of that name outside the block: moving it would need a rename, and the macro's
// expansions cannot be told apart, so it is not moved: clang's located error stands, with a
// note saying why (docs/compiler.md "Extension: `__local` in inner scopes").
// EXPECT: cannot move __local 'tile' to the kernel's outermost scope: a preprocessor directive names 'tile'
#define AT(i) tile[(i) % 16]
__kernel void k(__global int *out, int n)
{
    int l = get_local_id(0);
    int tile = n;
    if (n > 0) {
        __local int tile[16];
        AT(l) = l;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[l] = AT(l + 1);
    }
    out[l] += tile;
}
