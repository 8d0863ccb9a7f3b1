define amdgpu_kernel void @divergent_if(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 17
  br i1 %c, label %then, label %exit
then:
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %gep
  br label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
