; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The irreducible rule: a variant branch into or inside an irreducible cycle
; makes the whole cycle divergent. By control dependence alone, %P and %Q
; would be convergent here (%P post-dominates %entry), but lanes that enter
; the cycle {P, Q, T} at different blocks may run different iterations of it
; once a lowering makes it reducible.

define amdgpu_kernel void @divergent_entry(ptr addrspace(1) %out, i32 %a, i32 %b) {
; CHECK-LABEL: Convergence and variance for function 'divergent_entry':
; CHECK:       block %P: divergent
; CHECK-NEXT:    [variant]  %p.phi = phi i32 [ %a, %entry ], [ %b, %T ]
; CHECK-NEXT:    [variant]  %pp = add i32 %b, 1
; CHECK:       block %Q: divergent
; CHECK:       block %T: divergent
; CHECK:       block %exit: convergent
; CHECK-NEXT:    [variant]  %x = phi i32 [ %qq, %Q ]
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond.div = icmp slt i32 %tid, 16
  %cond.uni = icmp slt i32 %a, 0
  br i1 %cond.div, label %T, label %P

P:
  %p.phi = phi i32 [ %a, %entry ], [ %b, %T ]
  %pp = add i32 %b, 1
  br label %Q

Q:
  %qq = add i32 %pp, %p.phi
  br i1 %cond.uni, label %T, label %exit

T:
  %t.phi = phi i32 [ %qq, %Q ], [ %a, %entry ]
  br label %P

exit:
  %x = phi i32 [ %qq, %Q ]
  store i32 %x, ptr addrspace(1) %out
  ret void
}

; The same cycle entered through a uniform branch, with a variant branch
; inside it.
define amdgpu_kernel void @divergent_inside(ptr addrspace(1) %out, i32 %a, i32 %b) {
; CHECK-LABEL: Convergence and variance for function 'divergent_inside':
; CHECK:       block %P: divergent
; CHECK:       block %Q: divergent
; CHECK:       block %T: divergent
; CHECK:       block %exit: convergent
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond.div = icmp slt i32 %tid, 16
  %cond.uni = icmp slt i32 %a, 0
  br i1 %cond.uni, label %T, label %P

P:
  %p.phi = phi i32 [ %a, %entry ], [ %b, %T ]
  br label %Q

Q:
  br i1 %cond.div, label %T, label %exit

T:
  br label %P

exit:
  store i32 %p.phi, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
