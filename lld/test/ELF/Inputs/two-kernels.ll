define amdgpu_kernel void @first(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %gep
  ret void
}
define amdgpu_kernel void @second(ptr addrspace(1) %out, i32 %v) {
  store i32 %v, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
