; EXPECT: atomicrmw operation (nand, floating-point and wrapping ones are not supported)
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir"

define spir_kernel void @k(ptr addrspace(1) %o, i32 %s) {
entry:
  %old = atomicrmw nand ptr addrspace(1) %o, i32 %s monotonic
  ret void
}
