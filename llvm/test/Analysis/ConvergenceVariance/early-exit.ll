; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The early-exit rule (Lee et al., section 3.4): threads that take a
; successor from which they never meet the others again (they only return)
; do not make the others divergent. The departing blocks themselves are
; divergent.

; `if (tid >= n) return;` then a uniform loop: nothing is divergent.
define amdgpu_kernel void @guard_then_loop(ptr addrspace(1) %out, i32 %n, i32 %m) {
; CHECK-LABEL: Convergence and variance for function 'guard_then_loop':
; CHECK:       block %entry: convergent
; CHECK:         [variant]  br i1 %oob, label %exit, label %loop
; CHECK-NEXT:  block %loop: convergent
; CHECK-NEXT:    [invariant]  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
; CHECK-NEXT:    [invariant]  %j.next = add i32 %j, 1
; CHECK-NEXT:    [invariant]  %done = icmp eq i32 %j.next, %m
; CHECK-NEXT:    [invariant]  br i1 %done, label %tail, label %loop
; CHECK-NEXT:  block %tail: convergent
; CHECK-NEXT:    [invariant]  %j.lcssa = phi i32 [ %j.next, %loop ]
; CHECK:       block %exit: convergent
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %oob = icmp sge i32 %tid, %n
  br i1 %oob, label %exit, label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %tail, label %loop

tail:
  %j.lcssa = phi i32 [ %j.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %j.lcssa, ptr addrspace(1) %p
  br label %exit

exit:
  ret void
}

; A loop whose variant exit returns after a store. The loop and the value
; it passes out through its uniform exit stay invariant; the departing block
; %found is divergent: it runs for threads that left in different
; iterations, so the value of %j it reads is variant there.
define amdgpu_kernel void @loop_with_early_return(ptr addrspace(1) %out, ptr addrspace(1) %key, i32 %m) {
; CHECK-LABEL: Convergence and variance for function 'loop_with_early_return':
; CHECK:       block %loop: convergent
; CHECK-NEXT:    [invariant]  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
; CHECK-NEXT:    [variant]  %hit = icmp eq i32 %j, %tid
; CHECK-NEXT:    [variant]  br i1 %hit, label %found, label %latch
; CHECK-NEXT:  block %found: divergent
; CHECK-NEXT:    [variant]  %j.found = phi i32 [ %j, %loop ]
; CHECK-NEXT:    [variant]  store i32 %j.found, ptr addrspace(1) %out, align 4
; CHECK-NEXT:    [variant]  ret void
; CHECK-NEXT:  block %latch: convergent
; CHECK-NEXT:    [invariant]  %j.next = add i32 %j, 1
; CHECK-NEXT:    [invariant]  %done = icmp eq i32 %j.next, %m
; CHECK-NEXT:    [invariant]  br i1 %done, label %tail, label %loop
; CHECK-NEXT:  block %tail: convergent
; CHECK-NEXT:    [invariant]  %j.lcssa = phi i32 [ %j.next, %latch ]
; CHECK-NEXT:    [invariant]  store i32 %j.lcssa, ptr addrspace(1) %key, align 4
; CHECK-NEXT:    [invariant]  ret void
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %hit = icmp eq i32 %j, %tid
  br i1 %hit, label %found, label %latch

found:
  %j.found = phi i32 [ %j, %loop ]
  store i32 %j.found, ptr addrspace(1) %out
  ret void

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %tail, label %loop

tail:
  %j.lcssa = phi i32 [ %j.next, %latch ]
  store i32 %j.lcssa, ptr addrspace(1) %key
  ret void
}

; Negative: the threads that leave the loop early meet the others again in
; %join, so the branch is an ordinary variant branch. The loop is divergent
; and so are the values it passes out.
define amdgpu_kernel void @loop_exit_rejoins(ptr addrspace(1) %out, i32 %m) {
; CHECK-LABEL: Convergence and variance for function 'loop_exit_rejoins':
; CHECK:       block %loop: divergent
; CHECK:       block %latch: divergent
; CHECK:       block %early: divergent
; CHECK:       block %join: convergent
; CHECK-NEXT:    [variant]  %v = phi i32 [ %j, %early ], [ %j.next, %latch ]
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %hit = icmp eq i32 %j, %tid
  br i1 %hit, label %early, label %latch

latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %m
  br i1 %done, label %join, label %loop

early:
  br label %join

join:
  %v = phi i32 [ %j, %early ], [ %j.next, %latch ]
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Negative: both successors do work and then meet in a shared block that
; does more than return, so neither departs.
define amdgpu_kernel void @shared_tail(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'shared_tail':
; CHECK:       block %then: divergent
; CHECK:       block %tail: convergent
; CHECK-NEXT:    [variant]  %x = phi i32 [ 1, %then ], [ 2, %entry ]
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %then, label %tail

then:
  store i32 0, ptr addrspace(1) %out
  br label %tail

tail:
  %x = phi i32 [ 1, %then ], [ 2, %entry ]
  store i32 %x, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

; The early-exit rule needs the branch's block to be convergent. %left and
; %right each end on a branch whose other successor is exit code (a store
; and a return), but a variant branch in %head picks between them: the
; threads that stay in %left are some of the threads only, so %left.body and
; %right.body are divergent, and %h, which they set to 1 or 2, is variant at
; the latch and in the header. (cf_fuzz.py seed 140263:
; AMDGPUInvariantReadFirstLane read %h with readfirstlane, and every lane
; took the first lane's value.)
define amdgpu_kernel void @early_exit_in_divergent_block(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'early_exit_in_divergent_block':
; CHECK:       block %head: divergent
; CHECK-NEXT:    [variant]  %h = phi i32 [ 0, %entry ], [ %h.next, %latch ]
; CHECK:       block %left: divergent
; CHECK:       block %left.body: divergent
; CHECK:       block %right.body: divergent
; CHECK:       block %latch: divergent
; CHECK-NEXT:    [variant]  %h.next = phi i32 [ 1, %left.body ], [ 2, %right.body ]
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head

head:
  %h = phi i32 [ 0, %entry ], [ %h.next, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %bit = and i32 %tid, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %left, label %right

left:
  %left.done = icmp ugt i32 %i, %n
  br i1 %left.done, label %left.exit, label %left.body

left.body:
  br label %latch

right:
  %right.done = icmp ugt i32 %i, %n
  br i1 %right.done, label %right.exit, label %right.body

right.body:
  br label %latch

latch:
  %h.next = phi i32 [ 1, %left.body ], [ 2, %right.body ]
  %i.next = add i32 %i, 1
  br label %head

left.exit:
  store i32 %h, ptr addrspace(1) %out
  br label %ret

right.exit:
  %out1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %h, ptr addrspace(1) %out1
  br label %ret

ret:
  ret void
}
