; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-linearize=all -amdgpu-linearize-force -verify-machineinstrs < %s | FileCheck %s --check-prefixes=GCN,WAVE64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-linearize=all -amdgpu-linearize-force -verify-machineinstrs < %s | FileCheck %s --check-prefixes=GCN,WAVE32
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=structurize -amdgpu-linearize=all -amdgpu-linearize-force -verify-machineinstrs < %s | FileCheck %s --check-prefixes=GCN,WAVE64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-cf-lowering=structurize -amdgpu-linearize=all -amdgpu-linearize-force -verify-machineinstrs < %s | FileCheck %s --check-prefixes=GCN,WAVE32
;
; The linearized result is structured: with one guard per block (no steps,
; no repeat guards), neither StructurizeCFG nor the reconverging lowering
; adds a flow block, while without linearization StructurizeCFG needs three
; for the short circuit.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=structurize -amdgpu-linearize=all -amdgpu-linearize-force -linearize-cfg-steps=0 -linearize-cfg-repeat-percent=0 -stop-after=structurizecfg < %s | FileCheck %s --check-prefix=NOFLOW
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-linearize=all -amdgpu-linearize-force -linearize-cfg-steps=0 -linearize-cfg-repeat-percent=0 -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=NOFLOW
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=structurize -stop-after=structurizecfg < %s | FileCheck %s --check-prefix=FLOW
;
; AMDGPULinearizeCFG runs in llc's pipeline, before either lowering, for
; wave64 and wave32: the merged loop of the nest gets a repeat guard whose
; lane counts are the population counts of ballots (s_bcnt1 of a lane mask).

; NOFLOW:     lin.guard.b2:
; NOFLOW:     lin.guard.inner:
; NOFLOW-NOT: {{^ *}}Flow{{[0-9]*}}:
; FLOW-COUNT-3: {{^ *}}Flow{{[0-9]*}}:
; FLOW-NOT:     {{^ *}}Flow{{[0-9]*}}:

; GCN-LABEL: short_circuit:
; GCN-NOT:   s_bcnt1
; GCN:       s_endpgm

; GCN-LABEL: divergent_inner:
; WAVE64:    s_bcnt1_i32_b64
; WAVE32:    s_bcnt1_i32_b32
; GCN:       s_endpgm

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @short_circuit(ptr addrspace(1) %out, ptr addrspace(1) %in) {
b1:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %c1 = icmp sgt i32 %v, 10
  br i1 %c1, label %b3, label %b2

b2:
  %c2 = icmp slt i32 %v, -10
  br i1 %c2, label %b3, label %b5

b3:
  %x3 = mul i32 %v, 7
  %c3 = icmp ne i32 %x3, 77
  br i1 %c3, label %b4, label %b5

b4:
  %s1 = add i32 %x3, 1
  br label %b6

b5:
  %s2 = sub i32 0, %v
  br label %b6

b6:
  %r = phi i32 [ %s1, %b4 ], [ %s2, %b5 ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @divergent_inner(ptr addrspace(1) %out, i32 %outer) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %tid, 15
  br label %outer.header

outer.header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.inner, %outer.latch ]
  %s1 = add i32 %acc, %i
  %trip = add i32 %n, %i
  br label %inner

inner:
  %j = phi i32 [ 0, %outer.header ], [ %j.next, %inner ]
  %a = phi i32 [ %s1, %outer.header ], [ %a.next, %inner ]
  %a.next = mul i32 %a, 3
  %j.next = add i32 %j, 1
  %more = icmp ult i32 %j.next, %trip
  br i1 %more, label %inner, label %outer.latch

outer.latch:
  %acc.inner = xor i32 %a.next, %j.next
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, %outer
  br i1 %again, label %outer.header, label %exit

exit:
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc.inner, ptr addrspace(1) %gep
  ret void
}
