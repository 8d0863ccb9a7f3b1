; AMDGPUReconvergeCFG marks a divergent branch with !amdgpu.rejoined.lanes
; when its condition towards the secondary successor is true exactly on the
; edges on which lanes arrive parked (the flow block of an if-then-else),
; and nowhere else. SIInsertRejoinMasks then branches on the block's rejoin
; mask, and SILowerReconvergingCF lowers the pair like SI_ELSE.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs < %s | FileCheck %s --check-prefix=ISA

declare i32 @llvm.amdgcn.workitem.id.x()

; The flow block of a diamond: lanes parked by %entry (true) go to %else,
; the lanes from %then (false) to %join.
; IR-LABEL: define amdgpu_kernel void @diamond(
; IR:       Flow:
; IR:         br i1 %{{.*}}, label %else, label %join, !amdgpu.rejoined.lanes
; ISA-LABEL: diamond:
; ISA:         s_andn2_saveexec_b64 [[LIVE:s\[[0-9]+:[0-9]+\]]], [[LIVE]]
; ISA-NEXT:    s_cbranch_execz
; ISA:       ; %join
; ISA-NEXT:    s_or_b64 exec, exec, [[LIVE]]
define amdgpu_kernel void @diamond(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tid, 3
  br label %join
else:
  %b = add i32 %tid, 7
  br label %join
join:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; The then side has its own divergent if-then, whose skip edge %then ->
; Flow parks lanes bound for %join: those lanes arrive parked but must not
; go to %else, so the flow block branches on its phi, unmarked.
; IR-LABEL: define amdgpu_kernel void @diamond_with_inner_if(
; IR:       Flow:
; IR-NOT:     !amdgpu.rejoined.lanes
; IR:       ret void
define amdgpu_kernel void @diamond_with_inner_if(ptr addrspace(1) %out, i32 %k) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %d = icmp ult i32 %tid, %k
  br i1 %d, label %inner, label %join
inner:
  store i32 1, ptr addrspace(1) %p
  br label %join
else:
  store i32 2, ptr addrspace(1) %p
  br label %join
join:
  store i32 3, ptr addrspace(1) %p
  ret void
}
