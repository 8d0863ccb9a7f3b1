; UniformityAnalysis takes a phi that merges one value with undef to be
; uniform even where divergent paths join, so it lives in one SGPR that PHI
; elimination writes at the end of the predecessors that bring the value and
; leaves dead in those that bring undef. Lanes that bring the value on a
; parked edge (%pv -> %join below, %join being the primary successor of
; %pv's divergent branch) wait at %join while the wave runs %side, which
; brings undef and may therefore reuse the register. AMDGPUReconvergeCFG
; makes such an undef input the phi's value (as upstream's
; AMDGPURewriteUndefForPHI does for the structurized CFG), or structurizes
; the function if the value is not available there. An undef that the
; parked lanes bring themselves (%entry -> %join) needs nothing. Found by
; cf_fuzz.py (Inputs of ../../tools/llvm-amdgpu-emu/reconverge-undef-phi-parked.test).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs -stop-after=amdgpu-reconverge-cfg -pass-remarks-missed=amdgpu-reconverge-cfg < %s 2> %t.remarks | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs < %s | FileCheck %s --check-prefix=ISA

; REMARK: remark: <unknown>:0:0: divergent control flow is structurized: lanes waiting for a rejoin would read the uniform phi %p, whose value the wave cannot keep meanwhile
; REMARK-NOT: remark

; IR-LABEL: define amdgpu_kernel void @parked_lanes_bring_value(
; IR:       join:
; IR-NEXT:    %p = phi i32 [ poison, %entry ], [ %v, %pv ], [ %v, %side ]

; ISA-LABEL: parked_lanes_bring_value:
; ISA:         s_mul_i32 [[P:s[0-9]+]], s{{[0-9]+}}, 31
; ISA:       ; %bb.2: ; %side
; ISA-NOT:     {{^}}	s_{{[a-z0-9_]+}} [[P]],
; ISA:       .LBB0_3: ; %join
; ISA:         v_mov_b32_e32 v{{[0-9]+}}, [[P]]
define amdgpu_kernel void @parked_lanes_bring_value(ptr addrspace(1) %out, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp ult i32 %tid, 32
  br i1 %c0, label %pv, label %join

pv:
  %v = mul i32 %s, 31
  %c = icmp ult i32 %tid, 8
  br i1 %c, label %side, label %join

side:
  %w = add i32 %s, 5
  %gep.side = getelementptr i32, ptr addrspace(1) %out, i32 %w
  store i32 %tid, ptr addrspace(1) %gep.side
  br label %join

join:
  %p = phi i32 [ poison, %entry ], [ %v, %pv ], [ poison, %side ]
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %p, ptr addrspace(1) %gep
  ret void
}

; The lanes with %c false bring undef and are the ones that wait.
; IR-LABEL: define amdgpu_kernel void @parked_lanes_bring_undef(
; IR:       join:
; IR-NEXT:    %p = phi i32 [ poison, %entry ], [ %v, %side ]
define amdgpu_kernel void @parked_lanes_bring_undef(ptr addrspace(1) %out, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 8
  br i1 %c, label %side, label %join

side:
  %v = mul i32 %s, 31
  br label %join

join:
  %p = phi i32 [ poison, %entry ], [ %v, %side ]
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %p, ptr addrspace(1) %gep
  ret void
}

; %v is not available in %merge, which the wave also reaches from %x: the
; function is structurized.
; IR-LABEL: define amdgpu_kernel void @value_not_available(
; IR:       Flow:
; IR-NEXT:    phi i32 [ %v, %a ], [ undef, %entry ]
define amdgpu_kernel void @value_not_available(ptr addrspace(1) %out, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %u = icmp eq i32 %s, 0
  br i1 %u, label %a, label %x

a:
  %v = mul i32 %s, 31
  %c = icmp ult i32 %tid, 8
  br i1 %c, label %side, label %join

side:
  br label %merge

x:
  br label %merge

merge:
  br label %join

join:
  %p = phi i32 [ %v, %a ], [ poison, %merge ]
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %p, ptr addrspace(1) %gep
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
