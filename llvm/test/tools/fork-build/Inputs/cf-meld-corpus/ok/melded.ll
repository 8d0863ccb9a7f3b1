; Two sides that do the same work on different data: cf-meld melds them.
define amdgpu_kernel void @twins(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %a = load i32, ptr addrspace(1) %pa, align 4
  %a2 = mul i32 %a, 3
  store i32 %a2, ptr addrspace(1) %pa, align 4
  br label %exit

else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %q, i32 %tid
  %b = load i32, ptr addrspace(1) %pb, align 4
  %b2 = mul i32 %b, 3
  store i32 %b2, ptr addrspace(1) %pb, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
