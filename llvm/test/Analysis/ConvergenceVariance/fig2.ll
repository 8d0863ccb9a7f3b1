; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The CFG of Lee et al., Fig. 2: a uniform branch in N2p guards N3 .. N5,
; and the loop {N4, N4p} exits on a thread-variant condition in N4p. The
; blocks control dependent on N4p (N4 and N4p itself) are divergent; N5 is
; not control dependent on N4p (every thread leaving the loop passes
; through it), so it stays convergent. Simple structure-only convergence
; would also give up N3 and N5: they are control dependent on N2p, whose
; condition is invariant.

define amdgpu_kernel void @fig2(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'fig2':
; CHECK-NEXT:  argument %out: invariant
; CHECK-NEXT:  argument %n: invariant
; CHECK-NEXT:  block %N1: convergent
; CHECK-NEXT:    [variant]  %tid = call i32 @llvm.amdgcn.workitem.id.x()
; CHECK-NEXT:    [invariant]  br label %N2
; CHECK-NEXT:  block %N2: convergent
; CHECK-NEXT:    [invariant]  %a = add i32 %n, 1
; CHECK-NEXT:    [invariant]  br label %N2p
; CHECK-NEXT:  block %N2p: convergent
; CHECK-NEXT:    [invariant]  %c = icmp sgt i32 %a, 8
; CHECK-NEXT:    [invariant]  br i1 %c, label %N3, label %N6
; CHECK-NEXT:  block %N3: convergent
; CHECK-NEXT:    [invariant]  br label %N4
; CHECK-NEXT:  block %N4: divergent
; CHECK-NEXT:    [variant]  %i = phi i32 [ 0, %N3 ], [ %i.next, %N4p ]
; CHECK-NEXT:    [variant]  %s = phi i32 [ 0, %N3 ], [ %s.next, %N4p ]
; CHECK-NEXT:    [variant]  %s.next = add i32 %s, %a
; CHECK-NEXT:    [variant]  br label %N4p
; CHECK-NEXT:  block %N4p: divergent
; CHECK-NEXT:    [variant]  %i.next = add i32 %i, 1
; CHECK-NEXT:    [variant]  %cv = icmp ult i32 %i.next, %tid
; CHECK-NEXT:    [variant]  br i1 %cv, label %N4, label %N5
; CHECK-NEXT:  block %N5: convergent
; CHECK-NEXT:    [variant]  %s.lcssa = phi i32 [ %s.next, %N4p ]
; CHECK-NEXT:    [invariant]  %b = mul i32 %a, 3
; CHECK-NEXT:    [variant]  %r = add i32 %s.lcssa, %b
; CHECK-NEXT:    [variant]  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
; CHECK-NEXT:    [variant]  store i32 %r, ptr addrspace(1) %p, align 4
; CHECK-NEXT:    [invariant]  br label %N6
; CHECK-NEXT:  block %N6: convergent
; CHECK-NEXT:    [invariant]  br label %N7
; CHECK-NEXT:  block %N7: convergent
; CHECK-NEXT:    [invariant]  ret void
N1:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %N2

N2:
  %a = add i32 %n, 1
  br label %N2p

N2p:
  %c = icmp sgt i32 %a, 8
  br i1 %c, label %N3, label %N6

N3:
  br label %N4

N4:
  %i = phi i32 [ 0, %N3 ], [ %i.next, %N4p ]
  %s = phi i32 [ 0, %N3 ], [ %s.next, %N4p ]
  %s.next = add i32 %s, %a
  br label %N4p

N4p:
  %i.next = add i32 %i, 1
  %cv = icmp ult i32 %i.next, %tid
  br i1 %cv, label %N4, label %N5

N5:
  %s.lcssa = phi i32 [ %s.next, %N4p ]
  %b = mul i32 %a, 3
  %r = add i32 %s.lcssa, %b
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  br label %N6

N6:
  br label %N7

N7:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
