; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<convergence-variance>' -disable-output < %s 2>&1 | FileCheck %s
;
; The barrier rule and the sources of variance.

; A block that calls a workgroup barrier is never divergent (a barrier in
; divergent code is undefined in OpenCL and HIP); its sibling without one is.
define amdgpu_kernel void @barrier_rule(ptr addrspace(1) %out, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'barrier_rule':
; CHECK:       block %with.barrier: convergent
; CHECK-NEXT:    [invariant]  call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT:    [invariant]  %k = mul i32 %n, 3
; CHECK:       block %without: divergent
; CHECK-NEXT:    [variant]  %l = mul i32 %n, 5
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %with.barrier, label %without

with.barrier:
  call void @llvm.amdgcn.s.barrier()
  %k = mul i32 %n, 3
  store i32 %k, ptr addrspace(1) %out
  br label %join

without:
  %l = mul i32 %n, 5
  store i32 %l, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

; Atomics, atomic loads and volatile loads are variant even at an invariant
; address (the paper's seeds); an ordinary load from an invariant address is
; invariant. readfirstlane is invariant whatever its operand.
define amdgpu_kernel void @seeds(ptr addrspace(1) %p, i32 %n) {
; CHECK-LABEL: Convergence and variance for function 'seeds':
; CHECK:         [variant]  %rmw = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
; CHECK-NEXT:    [variant]  %cas = cmpxchg ptr addrspace(1) %p, i32 0, i32 1 seq_cst seq_cst, align 4
; CHECK-NEXT:    [variant]  %al = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; CHECK-NEXT:    [variant]  %vl = load volatile i32, ptr addrspace(1) %p, align 4
; CHECK-NEXT:    [invariant]  %ld = load i32, ptr addrspace(1) %p, align 4
; CHECK-NEXT:    [variant]  %tid = call i32 @llvm.amdgcn.workitem.id.x()
; CHECK-NEXT:    [variant]  %sum = add i32 %tid, %ld
; CHECK-NEXT:    [invariant]  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %sum)
; CHECK-NEXT:    [invariant]  %twice = shl i32 %first, 1
entry:
  %rmw = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst
  %cas = cmpxchg ptr addrspace(1) %p, i32 0, i32 1 seq_cst seq_cst
  %al = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  %vl = load volatile i32, ptr addrspace(1) %p
  %ld = load i32, ptr addrspace(1) %p
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %sum = add i32 %tid, %ld
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %sum)
  %twice = shl i32 %first, 1
  store i32 %twice, ptr addrspace(1) %p
  ret void
}

; A function that is not a kernel gets its arguments per thread, unless
; they are passed in SGPRs (inreg).
define void @callee(i32 %v, i32 inreg %s) {
; CHECK-LABEL: Convergence and variance for function 'callee':
; CHECK-NEXT:  argument %v: variant
; CHECK-NEXT:  argument %s: invariant
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare void @llvm.amdgcn.s.barrier()
