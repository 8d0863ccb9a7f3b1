; Dynamic indexing of a <16 x i32> held in VGPRs: out[3t] = v[idx],
; out[3t+1] = (v with [idx + 5 & 15] = 100000)[7t & 15],
; out[3t+2] = (v with [3t + 1 & 15] = -1)[idx], where v is lane t's 16
; elements of in and idx is uniform. gfx9 lowers it with VGPR index mode
; (s_set_gpr_idx_on), gfx10 with v_movrels/v_movreld; a divergent index
; becomes a v_readfirstlane loop under -amdgpu-use-divergent-register-indexing
; and v_cndmask selects otherwise.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @gpr_idx(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %idx) {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %gid, 6
  %t = add i32 %base, %lid
  %p = getelementptr <16 x i32>, ptr addrspace(1) %in, i32 %t
  %v = load <16 x i32>, ptr addrspace(1) %p
  %u = extractelement <16 x i32> %v, i32 %idx
  %i5 = add i32 %idx, 5
  %i5m = and i32 %i5, 15
  %w = insertelement <16 x i32> %v, i32 100000, i32 %i5m
  %t7 = mul i32 %t, 7
  %t7m = and i32 %t7, 15
  %d = extractelement <16 x i32> %w, i32 %t7m
  %t3 = mul i32 %t, 3
  %t31 = add i32 %t3, 1
  %t31m = and i32 %t31, 15
  %x = insertelement <16 x i32> %v, i32 -1, i32 %t31m
  %y = extractelement <16 x i32> %x, i32 %idx
  %o = mul i32 %t, 3
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %u, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  store i32 %d, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2
  store i32 %y, ptr addrspace(1) %o2
  ret void
}
