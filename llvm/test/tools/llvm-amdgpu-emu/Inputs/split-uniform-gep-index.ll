; The kernel of split-uniform-gep-index.test: with g the global id,
; out[g] = in[off + g] + in[wrap + g] + (in + 300)[neg + g], where the 64-bit
; indexes are uniform offsets plus the extended 32-bit id (OpenCL's
; get_global_id form). wrap = 2^62 + 5 makes the byte offset wrap modulo
; 2^64 (the GEPs have no inbounds), neg is negative.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @split(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %off, i64 %wrap, i64 %neg) {
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g32 = add i32 %base, %tid
  %g = zext i32 %g32 to i64
  %i1 = add i64 %off, %g
  %p1 = getelementptr i32, ptr addrspace(1) %in, i64 %i1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %i2 = add i64 %wrap, %g
  %p2 = getelementptr i32, ptr addrspace(1) %in, i64 %i2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %in300 = getelementptr i32, ptr addrspace(1) %in, i64 300
  %i3 = add i64 %g, %neg
  %p3 = getelementptr i32, ptr addrspace(1) %in300, i64 %i3
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %s1 = add i32 %v1, %v2
  %s = add i32 %s1, %v3
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %s, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
