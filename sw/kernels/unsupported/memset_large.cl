// EXPECT: block memory copy/fill (llvm.memset
typedef struct { int v[600]; } Big;   /* 2400 bytes: more than vgiwcc unrolls into stores */
__kernel void k(__global Big *b) { Big z = { 0 }; b[get_global_id(0)] = z; }
