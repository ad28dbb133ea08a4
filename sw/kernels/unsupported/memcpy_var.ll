; EXPECT: of a length known only at run time
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir"

declare void @llvm.memcpy.p1.p1.i32(ptr addrspace(1), ptr addrspace(1), i32, i1)

define spir_kernel void @k(ptr addrspace(1) %d, ptr addrspace(1) %s, i32 %n) {
entry:
  call void @llvm.memcpy.p1.p1.i32(ptr addrspace(1) align 4 %d, ptr addrspace(1) align 4 %s, i32 %n, i1 false)
  ret void
}
