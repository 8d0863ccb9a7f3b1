; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-promote-alloca-to-vector < %s | FileCheck %s --check-prefixes=CHECK,REJECT
; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=amdgpu-promote-alloca-to-vector < %s | FileCheck %s --check-prefixes=CHECK,REJECT
; RUN: opt -S -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-promote-alloca-to-vector -amdgpu-promote-alloca-reject-divergent-index=0 < %s | FileCheck %s --check-prefixes=CHECK,UPSTREAM
;
; A private array indexed by a divergent value would become a vector whose
; every access selects element by element: a compare and a v_cndmask per
; dword (instruction selection expands divergent dynamic indexes that way).
; For 16 dwords that is 32 instructions per access, and the whole vector stays
; live in VGPRs (DARM's nqueens has four such arrays: promoted, it runs 50x
; the wave-instructions it runs with the arrays left in scratch). One such
; array of up to 16 dwords is cheaper promoted than waited for in scratch
; (HeCBench s8n's temp_dist[16]). The fork leaves the allocas of a function
; in scratch when the selection would take more than 16 instructions (the
; limit instruction selection uses for uniform indexes) and the function's
; divergently indexed allocas take more than 16 dwords together. Uniform
; indexes and small vectors are promoted as before; the option turns the
; check off (upstream's behaviour).

declare i32 @llvm.amdgcn.workitem.id.x()

; One divergently indexed 16 x i32 array: promoted.
; CHECK-LABEL: @divergent_index_16(
; CHECK-NOT:   alloca
; CHECK:       extractelement <16 x i32>
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

; Two divergently indexed 16 x i32 arrays (32 dwords): both kept in scratch.
; CHECK-LABEL: @two_divergent_index_16(
; REJECT:      alloca [16 x i32]
; REJECT:      alloca [16 x i32]
; UPSTREAM-NOT: alloca
; UPSTREAM:    extractelement <16 x i32>
define amdgpu_kernel void @two_divergent_index_16(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [16 x i32], align 4, addrspace(5)
  %b = alloca [16 x i32], align 4, addrspace(5)
  %i = and i32 %tid, 15
  %p = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %pb = getelementptr inbounds [16 x i32], ptr addrspace(5) %b, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %pb
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  %qb = getelementptr inbounds [16 x i32], ptr addrspace(5) %b, i32 0, i32 %j
  %rb = load i32, ptr addrspace(5) %qb
  %s = add i32 %r, %rb
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; A divergently indexed 16 x i32 array beside a divergently indexed 8 x i32
; one (24 dwords together): the 16 x i32 one stays in scratch; the 8 x i32
; one, 16 instructions per access, is promoted.
; CHECK-LABEL: @divergent_index_16_and_8(
; REJECT:      alloca [16 x i32]
; REJECT-NOT:  alloca [8 x i32]
; UPSTREAM-NOT: alloca
; CHECK:       extractelement <8 x i32>
define amdgpu_kernel void @divergent_index_16_and_8(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [16 x i32], align 4, addrspace(5)
  %b = alloca [8 x i32], align 4, addrspace(5)
  %i = and i32 %tid, 15
  %p = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %k = and i32 %tid, 7
  %pb = getelementptr inbounds [8 x i32], ptr addrspace(5) %b, i32 0, i32 %k
  store i32 %v, ptr addrspace(5) %pb
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [16 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  %l = xor i32 %k, 3
  %qb = getelementptr inbounds [8 x i32], ptr addrspace(5) %b, i32 0, i32 %l
  %rb = load i32, ptr addrspace(5) %qb
  %s = add i32 %r, %rb
  store i32 %s, ptr addrspace(1) %out
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

; Divergent index into 8 x i64 (16 dwords, the only such alloca): 8 compares
; + 16 selects per access, promoted.
; CHECK-LABEL: @divergent_index_8xi64(
; CHECK-NOT:   alloca
; CHECK:       extractelement <8 x i64>
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

; A divergently indexed 12 x i32 array beside divergently indexed arrays that
; are never promoted (64 x <4 x float>: more than 16 elements, and vector
; elements; 5 x a structure): those stay in scratch whatever their indexes and
; take no VGPRs, so the 12 x i32 one is the function's only candidate (12
; dwords) and is promoted. Bullet3's clipHullHullConcaveConvexKernel keeps
; such clipping buffers beside its `int indicesA[12]`.
; CHECK-LABEL: @divergent_index_12_beside_unpromotable(
; CHECK:       alloca [64 x <4 x float>]
; CHECK:       alloca [5 x { i32, float }]
; CHECK-NOT:   alloca [12 x i32]
; CHECK:       extractelement <12 x i32>
define amdgpu_kernel void @divergent_index_12_beside_unpromotable(ptr addrspace(1) %out, i32 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %big = alloca [64 x <4 x float>], align 16, addrspace(5)
  %faces = alloca [5 x { i32, float }], align 4, addrspace(5)
  %a = alloca [12 x i32], align 4, addrspace(5)
  %i = and i32 %tid, 7
  %pbig = getelementptr inbounds [64 x <4 x float>], ptr addrspace(5) %big, i32 0, i32 %tid
  store <4 x float> zeroinitializer, ptr addrspace(5) %pbig
  %k = and i32 %tid, 3
  %pf = getelementptr inbounds [5 x { i32, float }], ptr addrspace(5) %faces, i32 0, i32 %k, i32 0
  store i32 %v, ptr addrspace(5) %pf
  %p = getelementptr inbounds [12 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %j = xor i32 %i, 5
  %q = getelementptr inbounds [12 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %r = load i32, ptr addrspace(5) %q
  %qbig = getelementptr inbounds [64 x <4 x float>], ptr addrspace(5) %big, i32 0, i32 %j
  %rbig = load <4 x float>, ptr addrspace(5) %qbig
  %e = extractelement <4 x float> %rbig, i32 0
  %b = bitcast float %e to i32
  %qf = getelementptr inbounds [5 x { i32, float }], ptr addrspace(5) %faces, i32 0, i32 %j, i32 0
  %rf = load i32, ptr addrspace(5) %qf
  %s1 = add i32 %r, %b
  %s = add i32 %s1, %rf
  store i32 %s, ptr addrspace(1) %out
  ret void
}
