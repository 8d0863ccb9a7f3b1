; AMDGPUReconvergeCFG marks a divergent branch with !amdgpu.rejoined.lanes
; when its condition towards the secondary successor is true exactly on the
; edges on which lanes arrive parked (the flow block of an if-then-else),
; and nowhere else (after giving the passing edges a rejoin block of their
; own where that makes it so). SIInsertRejoinMasks then branches on the block's rejoin
; mask, and SILowerReconvergingCF lowers the pair like SI_ELSE.
; The sides keep terminator order (-reconverge-cfg-cheaper-side-first=0):
; the shapes below need the then side first.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -reconverge-cfg-cheaper-side-first=0 -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -reconverge-cfg-cheaper-side-first=0 -verify-machineinstrs < %s | FileCheck %s --check-prefix=ISA

declare i32 @llvm.amdgcn.workitem.id.x()

; The flow block of a diamond: lanes parked by %entry (true) go to %else,
; the lanes from %then (false) to %join.
; IR-LABEL: define amdgpu_kernel void @diamond(
; IR:       Flow:
; IR:         br i1 %{{.*}}, label %else, label %join, !amdgpu.rejoined.lanes
; ISA-LABEL: diamond:
; ISA:         s_andn2_saveexec_b64 [[LIVE:s\[[0-9]+:[0-9]+\]]], [[LIVE]]
; ISA-NEXT:  ; %bb.3: ; %else
; ISA-NEXT:    v_add_u32_e32
; ISA-NEXT:  ; %bb.4: ; %join
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
; Flow would park lanes bound for %join at the flow block: they arrive
; parked but must not go to %else. The passing edges (from %then and %inner)
; get a rejoin block of their own, Flow.rejoin, which post-dominates %then;
; then the flow block routes exactly its rejoined lanes.
; IR-LABEL: define amdgpu_kernel void @diamond_with_inner_if(
; IR:         br i1 %{{.*}}, label %inner, label %Flow.rejoin
; IR:       inner:
; IR-NEXT:    store i32 1
; IR-NEXT:    br label %Flow.rejoin
; IR:       Flow.rejoin:
; IR-NEXT:    br label %Flow
; IR:       Flow:
; IR-NEXT:    phi i1 [ true, %entry ], [ false, %Flow.rejoin ]
; IR:         br i1 %{{.*}}, label %else, label %join, !amdgpu.rejoined.lanes
; ISA-LABEL: diamond_with_inner_if:
; ISA:         s_and_saveexec_b64 [[INNER:s\[[0-9]+:[0-9]+\]]], vcc
; ISA:       {{.*}}; %Flow.rejoin
; ISA-NEXT:    s_or_b64 exec, exec, [[INNER]]
; ISA-NEXT:  {{.*}}; %Flow{{$}}
; ISA-NEXT:    s_andn2_saveexec_b64
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

; A divergent break inside a divergent if: the flow block that splits the
; break from the latch branches on a phi that is not constant on the edge
; from %inner (the break condition), so it is not marked.
; IR-LABEL: define amdgpu_kernel void @break_inside_if(
; IR-NOT:     !amdgpu.rejoined.lanes
; IR:       ret void
define amdgpu_kernel void @break_inside_if(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp ult i32 %tid, %i
  br i1 %c, label %inner, label %latch
inner:
  store volatile i32 %i, ptr addrspace(1) %p
  %brk = icmp eq i32 %tid, %n
  br i1 %brk, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 64
  br i1 %more, label %loop, label %exit
exit:
  store volatile i32 %tid, ptr addrspace(1) %p
  ret void
}
