; EXPECT: irreducible control flow
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir"

define spir_kernel void @k(ptr addrspace(1) %o, i32 %s) {
entry:
  %c = icmp eq i32 %s, 0
  br i1 %c, label %a, label %b
a:
  %x = load i32, ptr addrspace(1) %o
  %ca = icmp sgt i32 %x, 10
  br i1 %ca, label %b, label %done
b:
  %y = load i32, ptr addrspace(1) %o
  %y1 = add i32 %y, 1
  store i32 %y1, ptr addrspace(1) %o
  %cb = icmp sgt i32 %y1, 5
  br i1 %cb, label %a, label %done
done:
  ret void
}
