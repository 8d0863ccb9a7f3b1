; The kernel of scaled-index-mad.test: out[g] = in[64 + (g - 32)] and
; out2[g] = in[g] * 2 with g the global id, whose addresses
; p + (sext(g - 32) << 2) and p + (zext(g) << 2) are v_mad_i64_i32 (with
; negative indexes for g < 32) and v_mad_u64_u32.

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @scaled(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %m = mul i32 %wg, 64
  %g = add i32 %m, %tid
  %shifted = getelementptr inbounds i32, ptr addrspace(1) %in, i64 64
  %i = sub i32 %g, 32
  %e = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %shifted, i64 %e
  %v = load i32, ptr addrspace(1) %p
  %ge = sext i32 %g to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ge
  store i32 %v, ptr addrspace(1) %q
  %gz = zext i32 %g to i64
  %r = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gz
  %w = load i32, ptr addrspace(1) %r
  %w2 = shl i32 %w, 1
  %s = getelementptr inbounds i32, ptr addrspace(1) %out2, i64 %gz
  store i32 %w2, ptr addrspace(1) %s
  ret void
}
