; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance-vs-uniformity>' -disable-output < %s 2>&1 | FileCheck %s
;
; What each of ConvergenceVarianceAnalysis and UniformityAnalysis proves
; uniform that the other does not.
;  - Only here: a value a loop passes out through its uniform exit when its
;    other exits are divergent but return (UniformityAnalysis calls every
;    value leaving a loop with a divergent exit divergent).
;  - Only UniformityAnalysis: a value computed from uniform operands in a
;    divergent block (Lee et al. call every instruction of a divergent block
;    variant) and a volatile load from a uniform address.

define amdgpu_kernel void @compare(ptr addrspace(1) %out, ptr addrspace(1) %key, i32 %m, i32 %n) {
; CHECK-LABEL: Convergence-variance vs. uniformity for function 'compare':
; CHECK-NEXT:  uniform for both: 4, divergent for both: 6, uniform only here: 1, uniform only for UniformityAnalysis: 2
; CHECK-NEXT:  [only here]  %j.lcssa = phi i32 [ %j.next, %latch ]
; CHECK-NEXT:  [only uniformity]  %vol = load volatile i32, ptr addrspace(1) %key, align 4
; CHECK-NEXT:  [only uniformity]  %k = mul i32 %n, 3
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %hit = icmp eq i32 %j, %tid
  br i1 %hit, label %found, label %latch

found:
  store i32 %j, ptr addrspace(1) %out
  ret void

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %tail, label %loop

tail:
  %j.lcssa = phi i32 [ %j.next, %latch ]
  %vol = load volatile i32, ptr addrspace(1) %key
  %c = icmp slt i32 %tid, %vol
  br i1 %c, label %then, label %join

then:
  %k = mul i32 %n, 3
  br label %join

join:
  %x = phi i32 [ %k, %then ], [ %j.lcssa, %tail ]
  store i32 %x, ptr addrspace(1) %key
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
