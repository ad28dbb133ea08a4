// EXPECT: 64-bit integer argument or result of a call to 'llvm.ctpop.i64'
// libclc's 64-bit popcount, clz, rotate and saturating arithmetic use LLVM intrinsics on i64
// that are not lowered (docs/compiler.md "Math and common builtins").
__kernel void k(__global long *o) { int i = get_global_id(0); o[i] = popcount(o[i]); }
