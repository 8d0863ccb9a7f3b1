; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-promote-alloca-to-vector < %s | FileCheck %s --check-prefixes=CHECK,REJECT
; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=amdgpu-promote-alloca-to-vector < %s | FileCheck %s --check-prefixes=CHECK,REJECT
; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-promote-alloca-to-vector -amdgpu-promote-alloca-reject-divergent-index=0 < %s | FileCheck %s --check-prefixes=CHECK,UPSTREAM
;
; A private array indexed by a divergent value would become a vector whose
; every access selects element by element: a compare and a v_cndmask per
; dword (instruction selection expands divergent dynamic indexes that way).
; For 16 dwords that is 32 instructions per access, and the whole vector stays
; live in VGPRs (DARM's nqueens kept four such arrays and spilled them: 45x
; more wave-instructions than with the arrays left in scratch). The fork
; leaves such an alloca in scratch when the selection would take more than 16
; instructions, the limit instruction selection uses for uniform indexes.
; Uniform indexes and small vectors are promoted as before; the option turns
; the check off (upstream's behaviour).

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: @divergent_index_16(
; REJECT:      alloca [16 x i32]
; UPSTREAM-NOT: alloca
; UPSTREAM:    extractelement <16 x i32>
define amdgpu_kernel void @divergent_index_16(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [16 x i32], align 4, addrspace(5)
  %i = and i32 %tid, 15
  %p = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; Uniform index: promoted (the lowering uses movrel or a scalar index).
; CHECK-LABEL: @uniform_index_16(
; CHECK-NOT:   alloca
; CHECK:       extractelement <16 x i32>
define amdgpu_kernel void @uniform_index_16(ptr addrspace(1) %out, i32 %v, i32 %k) {
  %a = alloca [16 x i32], align 4, addrspace(5)
  %i = and i32 %k, 15
  %p = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; Divergent index into 8 dwords: 16 instructions per access, promoted.
; CHECK-LABEL: @divergent_index_8(
; CHECK-NOT:   alloca
; CHECK:       extractelement <8 x i32>
define amdgpu_kernel void @divergent_index_8(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [8 x i32], align 4, addrspace(5)
  %i = and i32 %tid, 7
  %p = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [8 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; Divergent index into 8 x i64 (16 dwords): 8 compares + 16 selects, kept.
; CHECK-LABEL: @divergent_index_8xi64(
; REJECT:      alloca [8 x i64]
; UPSTREAM-NOT: alloca
; UPSTREAM:    extractelement <8 x i64>
define amdgpu_kernel void @divergent_index_8xi64(ptr addrspace(1) %out, i64 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [8 x i64], align 8, addrspace(5)
  %i = and i32 %tid, 7
  %p = getelementptr inbounds [8 x i64], ptr addrspace(5) %a, i32 0, i32 %i
  store i64 %v, ptr addrspace(5) %p
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [8 x i64], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i64, ptr addrspace(5) %q
  store i64 %r, ptr addrspace(1) %out
  ret void
}
