target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %o, i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cmp = icmp slt i32 %tid, 32
  br i1 %cmp, label %t, label %f

t:
  %c = icmp sgt i32 %tid, %x
  br i1 %c, label %t.then, label %t.else

t.then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %va = load i32, ptr addrspace(1) %pa, align 4
  %aa = add i32 %va, 1
  store i32 %aa, ptr addrspace(1) %pa, align 4
  br label %t.end

t.else:
  %po = getelementptr inbounds i32, ptr addrspace(1) %o, i32 %tid
  store volatile i32 %x, ptr addrspace(1) %po, align 4
  br label %t.end

t.end:
  br label %exit

f:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %q, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %ab = add i32 %vb, 2
  store i32 %ab, ptr addrspace(1) %pb, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
