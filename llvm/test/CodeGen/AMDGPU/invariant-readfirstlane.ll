; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-invariant-readfirstlane -S < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs < %s | FileCheck %s --check-prefix=GFX90A
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs < %s | FileCheck %s --check-prefix=GFX1030
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-invariant-readfirstlanes=0 < %s | FileCheck %s --check-prefix=DISABLED
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-invariant-readfirstlane -pass-remarks=amdgpu-invariant-readfirstlane -disable-output < %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; A value a loop passes out through its uniform exit, when the loop's
; divergent exit only leads to exit code, is invariant (Lee's early-exit
; rule) although UniformityAnalysis calls its use outside the loop
; temporally divergent. It is read into an SGPR where it is computed with.

; REMARK: remark: <unknown>:0:0: value %j.next is invariant here (convergence-variance analysis) but divergent for UniformityAnalysis: read into an SGPR
; REMARK-NOT: remark
define amdgpu_kernel void @search(ptr addrspace(1) %out, ptr addrspace(1) %keys, i32 %m) {
; IR-LABEL: @search(
; IR:       found:
; IR-NEXT:    %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
; IR-NEXT:    store i32 %j, ptr addrspace(1) %slot
; IR:       tail:
; IR-NEXT:    %j.next.sgpr = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %j.next)
; IR-NEXT:    %row = mul i32 %j.next.sgpr, 3
;
; GFX90A-LABEL: search:
; GFX90A:         v_readfirstlane_b32 [[J:s[0-9]+]], v{{[0-9]+}}
; GFX90A:         s_mul_i32 s{{[0-9]+}}, [[J]], 3
; GFX90A:         global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; GFX1030-LABEL: search:
; GFX1030:        v_readfirstlane_b32 [[J:s[0-9]+]], v{{[0-9]+}}
; GFX1030:        s_mul_i32 s{{[0-9]+}}, [[J]], 3
; GFX1030:        global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; DISABLED-LABEL: search:
; DISABLED-NOT:        v_readfirstlane_b32
; DISABLED:            global_store_dword v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %key.addr = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %j
  %key = load i32, ptr addrspace(1) %key.addr, align 4
  %hit = icmp eq i32 %key, %tid
  br i1 %hit, label %found, label %latch

found:
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %j, ptr addrspace(1) %slot, align 4
  ret void

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %tail, label %loop

tail:
  %row = mul i32 %j.next, 3
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %row
  store i32 7, ptr addrspace(1) %p, align 4
  ret void
}

; Not read: the threads that leave early meet the others again in %join, so
; the value is variant there.
define amdgpu_kernel void @exit_rejoins(ptr addrspace(1) %out, ptr addrspace(1) %keys, i32 %m) {
; IR-LABEL: @exit_rejoins(
; IR-NOT:     readfirstlane
; IR:         ret void
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %key.addr = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %j
  %key = load i32, ptr addrspace(1) %key.addr, align 4
  %hit = icmp eq i32 %key, %tid
  br i1 %hit, label %join, label %latch

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %join, label %loop

join:
  %v = phi i32 [ %j, %loop ], [ %j.next, %latch ]
  %row = mul i32 %v, 3
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %row
  store i32 7, ptr addrspace(1) %p, align 4
  ret void
}

; Not read: the only use stores the value, which needs it in a VGPR.
define amdgpu_kernel void @store_only(ptr addrspace(1) %out, ptr addrspace(1) %keys, i32 %m) {
; IR-LABEL: @store_only(
; IR-NOT:     readfirstlane
; IR:         ret void
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %key.addr = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %j
  %key = load i32, ptr addrspace(1) %key.addr, align 4
  %hit = icmp eq i32 %key, %tid
  br i1 %hit, label %found, label %latch

found:
  ret void

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %tail, label %loop

tail:
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %j.next, ptr addrspace(1) %slot, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 0, i32 1024}
