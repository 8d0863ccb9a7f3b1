; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The join rule: `x = c ? 1 : 2` with a variant c and empty arms. The phi is
; in a convergent block and its incoming values are constants, yet it is
; variant because the variant branch chose the edge. The printed algorithm of
; Lee et al. (Fig. 3) would call it invariant.

define amdgpu_kernel void @diamond(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'diamond':
; CHECK:       block %a: divergent
; CHECK:       block %b: divergent
; CHECK:       block %join: convergent
; CHECK-NEXT:    [variant]  %x = phi i32 [ 1, %a ], [ 2, %b ]
; CHECK-NEXT:    [invariant]  %y = add i32 %n, 1
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %x = phi i32 [ 1, %a ], [ 2, %b ]
  %y = add i32 %n, 1
  %z = add i32 %x, %y
  store i32 %z, ptr addrspace(1) %out
  ret void
}

; A uniform branch inside a divergent region: the blocks it controls are
; divergent too (iterated control dependence), and a value computed there
; from invariant operands is variant (every instruction of a divergent block
; is).
define amdgpu_kernel void @nested(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'nested':
; CHECK:       block %outer: divergent
; CHECK-NEXT:    [variant]  %u = icmp sgt i32 %n, 4
; CHECK:       block %inner: divergent
; CHECK-NEXT:    [variant]  %k = mul i32 %n, 7
; CHECK:       block %join: convergent
; CHECK-NEXT:    [variant]  %x = phi i32 [ %k, %inner ], [ 0, %outer ], [ 1, %entry ]
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %outer, label %join

outer:
  %u = icmp sgt i32 %n, 4
  br i1 %u, label %inner, label %join

inner:
  %k = mul i32 %n, 7
  br label %join

join:
  %x = phi i32 [ %k, %inner ], [ 0, %outer ], [ 1, %entry ]
  store i32 %x, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
