; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The affine analysis (Lee et al., section 3.5): variant values of the form
; Base + Stride * tid.x with Base and Stride invariant.

define amdgpu_kernel void @affine(ptr addrspace(1) %a, i32 %n, i64 %s) {
; CHECK-LABEL: Convergence and variance for function 'affine':
; CHECK:         [variant]  %tid.64 = zext i32 %tid to i64 ; affine: 0 + 1 * tid.x
; CHECK-NEXT:    [variant]  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %tid.64 ; affine: %a + 4 * tid.x
; CHECK-NEXT:    [variant]  %gid = add i64 %base, %tid.64 ; affine: (256 * (zext i32 %wg to i64))<nuw><nsw> + 1 * tid.x
; CHECK-NEXT:    [variant]  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid ; affine: ((1024 * (zext i32 %wg to i64))<nuw><nsw> + %a) + 4 * tid.x
; CHECK-NEXT:    [variant]  %scaled = mul i64 %tid.64, %s ; affine: 0 + %s * tid.x
; CHECK-NEXT:    [variant]  %square = mul i64 %tid.64, %tid.64
; CHECK-NEXT:    [variant]  %t32 = trunc i64 %gid to i32
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wg.64 = zext i32 %wg to i64
  %base = mul nuw nsw i64 %wg.64, 256
  %tid.64 = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %tid.64
  %gid = add i64 %base, %tid.64
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid
  %scaled = mul i64 %tid.64, %s
  %square = mul i64 %tid.64, %tid.64
  %t32 = trunc i64 %gid to i32
  store float 0.0, ptr addrspace(1) %p
  store float 1.0, ptr addrspace(1) %q
  store i64 %scaled, ptr addrspace(1) %a
  store i64 %square, ptr addrspace(1) %a
  store i32 %t32, ptr addrspace(1) %a
  ret void
}

; A grid-stride loop: the induction variable starts at an affine value and
; steps by an invariant amount, so it stays affine; the lane part is the
; start's. The loop is convergent although its exit condition is variant:
; threads leave it only to return (the early-exit rule), so the threads
; that stay are in the same iteration.
define amdgpu_kernel void @grid_stride(ptr addrspace(1) %a, i64 %n) {
; CHECK-LABEL: Convergence and variance for function 'grid_stride':
; CHECK:       block %loop: convergent
; CHECK-NEXT:    [variant]  %i = phi i64 [ %tid.64, %entry ], [ %i.next, %loop ] ; affine: {0,+,64}<{{.*}}%loop> + 1 * tid.x
; CHECK-NEXT:    [variant]  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i ; affine: {%a,+,256}<{{.*}}%loop> + 4 * tid.x
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext i32 %tid to i64
  br label %loop

loop:
  %i = phi i64 [ %tid.64, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  store i32 0, ptr addrspace(1) %p
  %i.next = add nuw nsw i64 %i, 64
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; Values in a divergent block are not given an affine form: the threads
; that compute them are not all the threads.
define amdgpu_kernel void @divergent_block(ptr addrspace(1) %a, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'divergent_block':
; CHECK:       block %then: divergent
; CHECK-NEXT:    [variant]  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %tid.64{{$}}
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext i32 %tid to i64
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %join

then:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %tid.64
  store i32 0, ptr addrspace(1) %p
  br label %join

join:
  %x = phi i32 [ 1, %then ], [ 0, %entry ]
  store i32 %x, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

!0 = !{i32 0, i32 1024}
