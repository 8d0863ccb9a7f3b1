; AMDGPUReconvergeCFG splits a critical edge that leaves a loop through a
; uniform branch into a block with phis (splitUniformLoopExits): AMDGPU
; never splits critical edges in machine code, so PHI elimination would put
; the phi copies at the end of the loop's exiting block, where every
; iteration runs them.
;  - @uniform_exit: the uniform latch's exit edge into %join (which also has
;    an edge from %entry) gets a block of its own.
;  - @divergent_exit: the latch branch is divergent; its edges are not
;    split as loop exits (one of them leads to the branch's primary
;    successor). Its exit edge gets the rejoin block %join.rejoin instead
;    (separateUnparkedEntries), because %entry enters %join with no lanes
;    waiting there.
;  - @no_phi: the exit block has no phi, nothing to split.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs < %s -o /dev/null

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @uniform_exit(
; CHECK:         br i1 %done, label %[[SPLIT:body.join_crit_edge]], label %loop
; CHECK:       [[SPLIT]]:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    %r = phi i32 [ %m.load{{[0-9]*}}, %entry ], [ %i.next, %[[SPLIT]] ]
define amdgpu_kernel void @uniform_exit(ptr addrspace(1) %out, i32 %n, i32 %m, i1 %skip) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br i1 %skip, label %join, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp ult i32 %tid, %i
  br i1 %c, label %then, label %body
then:
  store i32 %i, ptr addrspace(1) %p
  br label %body
body:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %join, label %loop
join:
  %r = phi i32 [ %m, %entry ], [ %i.next, %body ]
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @divergent_exit(
; CHECK:         br i1 %go{{[0-9]*}}, label %loop, label %join.rejoin
; CHECK:       join.rejoin:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    %r = phi i32 [ %m.load{{[0-9]*}}, %entry ], [ %i.next, %join.rejoin ]
define amdgpu_kernel void @divergent_exit(ptr addrspace(1) %out, i32 %m, i1 %skip) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %skip, label %join, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  br label %body
body:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %tid
  br i1 %done, label %join, label %loop
join:
  %r = phi i32 [ %m, %entry ], [ %i.next, %body ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @no_phi(
; CHECK:         br i1 %done, label %join, label %loop
; CHECK-NOT:   crit_edge
; CHECK-LABEL: name: uniform_exit
define amdgpu_kernel void @no_phi(ptr addrspace(1) %out, i32 %n, i1 %skip) {
entry:
  br i1 %skip, label %join, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  br label %body
body:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %join, label %loop
join:
  store i32 0, ptr addrspace(1) %out
  ret void
}
