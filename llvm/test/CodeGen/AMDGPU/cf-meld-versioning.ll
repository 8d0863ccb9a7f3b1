; The agreement test of a region versioned before melding
; (ControlFlowMeldingVersioning.cpp) costs a wavefront whose lanes disagree
; four scalar instructions under the reconverging lowering: the ballot of the
; condition is the lane mask of its compare, tested against 0 by
; s_cbranch_vccz and against EXEC by s_cmp + s_cbranch_scc. A wavefront whose
; lanes agree runs an unmelded side (no v_cndmask) on uniform branches. The
; join is small enough to be copied into each of the three ways (its store
; and s_endpgm end each of them).
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -cf-meld-version-factor=1 < %s | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 -verify-machineinstrs | FileCheck %s --check-prefix=WAVE64
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=amdgpu-cf-meld -cf-meld-version-factor=1 < %s | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 -verify-machineinstrs | FileCheck %s --check-prefix=WAVE32

; WAVE64-LABEL: two_ranges:
; WAVE64:         v_cmp_lt_f32_e32 vcc, 1.0, v{{[0-9]+}}
; WAVE64-NEXT:    s_cbranch_vccz [[LO:.LBB[0-9_]+]]
; WAVE64-NEXT:  ; %bb.{{[0-9]+}}:
; WAVE64-NEXT:    s_cmp_eq_u64 vcc, exec
; WAVE64-NEXT:    s_cbranch_scc0 [[MELD:.LBB[0-9_]+]]
; WAVE64-NEXT:  ; %bb.{{[0-9]+}}: ; %hi.uniform
; WAVE64-NOT:     v_cndmask
; WAVE64:         global_store_dword
; WAVE64-NEXT:    s_endpgm
; WAVE64-NEXT:  [[LO]]: ; %lo.uniform
; WAVE64-NOT:     v_cndmask
; WAVE64:         global_store_dword
; WAVE64-NEXT:    s_endpgm
; WAVE64-NEXT:  [[MELD]]: ; %meld
; WAVE64-COUNT-6: v_cndmask_b32
; WAVE64-NOT:     exec
; WAVE64:         global_store_dword
; WAVE64-NEXT:    s_endpgm

; WAVE32-LABEL: two_ranges:
; WAVE32:         v_cmp_lt_f32_e32 vcc_lo, 1.0, v{{[0-9]+}}
; WAVE32-NEXT:    s_cbranch_vccz [[LO:.LBB[0-9_]+]]
; WAVE32-NEXT:  ; %bb.{{[0-9]+}}:
; WAVE32-NEXT:    s_cmp_eq_u32 vcc_lo, exec_lo
; WAVE32-NEXT:    s_cbranch_scc0 [[MELD:.LBB[0-9_]+]]
; WAVE32-NEXT:  ; %bb.{{[0-9]+}}: ; %hi.uniform
; WAVE32-NOT:     v_cndmask
; WAVE32:         global_store_dword
; WAVE32-NEXT:    s_endpgm
; WAVE32-NEXT:  [[LO]]: ; %lo.uniform
; WAVE32-NOT:     v_cndmask
; WAVE32:         global_store_dword
; WAVE32-NEXT:    s_endpgm
; WAVE32-NEXT:  [[MELD]]: ; %meld
; WAVE32-COUNT-6: v_cndmask_b32
; WAVE32-NOT:     exec
; WAVE32:         global_store_dword
; WAVE32-NEXT:    s_endpgm

define amdgpu_kernel void @two_ranges(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %t = load float, ptr addrspace(1) %pin, align 4
  %high = fcmp ogt float %t, 1.0
  br i1 %high, label %hi, label %lo

hi:
  %h0 = call float @llvm.fmuladd.f32(float %t, float 0.5, float 3.25)
  %h1 = call float @llvm.fmuladd.f32(float %t, float %h0, float -0.125)
  %h2 = call float @llvm.fmuladd.f32(float %t, float 2.25, float 3.0)
  %h3 = call float @llvm.fmuladd.f32(float %t, float %h2, float -0.1875)
  br label %join

lo:
  %l0 = call float @llvm.fmuladd.f32(float %t, float 8.0, float 2.375)
  %l1 = call float @llvm.fmuladd.f32(float %t, float %l0, float -19.5)
  %l2 = call float @llvm.fmuladd.f32(float %t, float -2.0625, float 4.25)
  %l3 = call float @llvm.fmuladd.f32(float %t, float %l2, float 6.5)
  br label %join

join:
  %a = phi float [ %h1, %hi ], [ %l1, %lo ]
  %b = phi float [ %h3, %hi ], [ %l3, %lo ]
  %sum = fadd float %a, %b
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %sum, ptr addrspace(1) %pout, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fmuladd.f32(float, float, float)
