// A __local declaration in an inner scope written by a macro: the text at the location
// clang gives is the macro's name, so the declaration is not moved: clang's located error
// stands, with a note saying why (docs/compiler.md "Extension: `__local` in inner scopes").
// EXPECT: cannot move this __local declaration to the kernel's outermost scope: the declaration is written through a macro
#define SCRATCH __local int scratch[16]
__kernel void k(__global int *out, int n)
{
    int l = get_local_id(0);
    if (n > 0) {
        SCRATCH;
        scratch[l % 16] = l;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[l] = scratch[(l + 1) % 16];
    }
}
