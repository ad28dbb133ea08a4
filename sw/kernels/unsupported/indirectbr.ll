; EXPECT: indirect branch
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir"

define spir_kernel void @k(ptr addrspace(1) %o, i32 %s) {
entry:
  %c = icmp eq i32 %s, 0
  %t = select i1 %c, ptr blockaddress(@k, %a), ptr blockaddress(@k, %b)
  indirectbr ptr %t, [label %a, label %b]
a:
  store i32 1, ptr addrspace(1) %o
  ret void
b:
  store i32 2, ptr addrspace(1) %o
  ret void
}
