; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-lane-affine-address -S < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs < %s | FileCheck %s --check-prefix=GFX90A
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs < %s | FileCheck %s --check-prefix=GFX1030
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-lane-affine-addressing=0 < %s | FileCheck %s --check-prefix=OFF
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -pass-remarks=amdgpu-lane-affine-address -pass-remarks-missed=amdgpu-lane-affine-address -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; Global accesses at Base + C * workitem.id.x with Base uniform are addressed
; as an SGPR base plus a 32-bit lane offset (SADDR); the rest keep their
; 64-bit per-lane address.

; The FIR filter of Lee et al., Fig. 1: samples[idx + i] in a loop. The base
; samples + 4 * i becomes an SGPR pair stepped by the SALU.
; REMARK: remark: <unknown>:0:0: address made scalar base + 4 x work-item id
define amdgpu_kernel void @fir(ptr addrspace(1) %samples, ptr addrspace(1) %coeffs, i32 %flen, ptr addrspace(1) %results) {
; GFX90A-LABEL: fir:
; GFX90A:       .LBB0_2:
; GFX90A:         global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; GFX90A-NOT:     v_addc_co_u32
; GFX90A:         s_add_u32
; GFX90A:         s_addc_u32
; GFX90A:         s_cbranch_scc{{[01]}} .LBB0_2
; GFX1030-LABEL: fir:
; GFX1030:       .LBB0_2:
; GFX1030:         global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; GFX1030-NOT:     v_add_co_ci_u32
; GFX1030:         s_cbranch_scc{{[01]}} .LBB0_2
; OFF-LABEL: fir:
; OFF:           global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off
; OFF:           v_addc_co_u32
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %any = icmp sgt i32 %flen, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %acc = phi float [ %acc.next, %loop ], [ 0.0, %entry ]
  %i.64 = zext nneg i32 %i to i64
  %c.addr = getelementptr inbounds float, ptr addrspace(1) %coeffs, i64 %i.64
  %c = load float, ptr addrspace(1) %c.addr, align 4
  %k = add nuw nsw i32 %i, %tid
  %k.64 = zext nneg i32 %k to i64
  %s.addr = getelementptr inbounds float, ptr addrspace(1) %samples, i64 %k.64
  %s = load float, ptr addrspace(1) %s.addr, align 4
  %acc.next = tail call float @llvm.fmuladd.f32(float %c, float %s, float %acc)
  %i.next = add nuw nsw i32 %i, 1
  %end = icmp eq i32 %i.next, %flen
  br i1 %end, label %done, label %loop

done:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tid.64 = zext nneg i32 %tid to i64
  %r.addr = getelementptr inbounds float, ptr addrspace(1) %results, i64 %tid.64
  store float %r, ptr addrspace(1) %r.addr, align 4
  ret void
}

; A 64-bit global index: wg * 256 + tid, in a loop with a divergent exit
; (the trip count depends on the lane). The base's recurrence belongs to the
; loop, where the active lanes share the iteration.
define amdgpu_kernel void @divergent_loop(ptr addrspace(1) %a, ptr addrspace(1) %n) {
; GFX90A-LABEL: divergent_loop:
; GFX90A:         global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; GFX1030-LABEL: divergent_loop:
; GFX1030:        global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %wg = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %tid.64 = zext nneg i32 %tid to i64
  %wg.64 = zext i32 %wg to i64
  %base = shl nuw nsw i64 %wg.64, 8
  %gid = add nuw nsw i64 %base, %tid.64
  %n.addr = getelementptr inbounds i32, ptr addrspace(1) %n, i64 %gid
  %trips = load i32, ptr addrspace(1) %n.addr, align 4
  br label %loop

loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %row = shl nuw nsw i64 %j, 16
  %idx = add nuw nsw i64 %row, %gid
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  store i32 1, ptr addrspace(1) %p, align 4
  %j.next = add nuw nsw i64 %j, 1
  %j.32 = trunc i64 %j.next to i32
  %more = icmp ult i32 %j.32, %trips
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Not rewritten: a 32-bit signed index. sext(trunc(gid) + 1) is not
; wg * 256 + tid + 1 once the 32-bit sum wraps.
; REMARK: remark: <unknown>:0:0: address not made scalar base + lane offset: it is not a uniform base plus a constant times the work-item id
define amdgpu_kernel void @signed_index(ptr addrspace(1) %a) {
; IR-LABEL: @signed_index(
; IR:         %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx.64
; IR-NEXT:    store i32 1, ptr addrspace(1) %p
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %wg = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %wg.base = shl i32 %wg, 8
  %gid = add i32 %wg.base, %tid
  %idx = add nsw i32 %gid, 1
  %idx.64 = sext i32 %idx to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx.64
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; Not rewritten: a negative stride (the lane offset is unsigned).
define amdgpu_kernel void @negative_stride(ptr addrspace(1) %a) {
; IR-LABEL: @negative_stride(
; IR:         %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
; IR-NEXT:    store i32 1, ptr addrspace(1) %p
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext nneg i32 %tid to i64
  %idx = sub nsw i64 1023, %tid.64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; Not rewritten: 2^23 * 1023 does not fit in 32 bits.
; REMARK: remark: <unknown>:0:0: address not made scalar base + lane offset: the lane offset may not fit in 32 bits
define amdgpu_kernel void @offset_too_wide(ptr addrspace(1) %a) {
; IR-LABEL: @offset_too_wide(
; IR:         %p = getelementptr inbounds i8, ptr addrspace(1) %a, i64 %off
; IR-NEXT:    store i32 1, ptr addrspace(1) %p
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext nneg i32 %tid to i64
  %off = shl nuw nsw i64 %tid.64, 23
  %p = getelementptr inbounds i8, ptr addrspace(1) %a, i64 %off
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; Not rewritten: the base is a pointer loaded per lane.
define amdgpu_kernel void @divergent_base(ptr addrspace(1) %tab) {
; IR-LABEL: @divergent_base(
; IR:         %p = getelementptr inbounds i32, ptr addrspace(1) %row, i64 %tid.64
; IR-NEXT:    store i32 1, ptr addrspace(1) %p
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext nneg i32 %tid to i64
  %row.addr = getelementptr inbounds ptr addrspace(1), ptr addrspace(1) %tab, i64 %tid.64
  %row = load ptr addrspace(1), ptr addrspace(1) %row.addr, align 8
  %p = getelementptr inbounds i32, ptr addrspace(1) %row, i64 %tid.64
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; Not rewritten: the base is the value a loop with a divergent exit passes
; out. Lanes that left in different iterations hold different values of %j,
; although %j is uniform inside the loop.
define amdgpu_kernel void @temporal_divergence(ptr addrspace(1) %a, ptr addrspace(1) %n) {
; IR-LABEL: @temporal_divergence(
; IR:       exit:
; IR-NEXT:    %idx = add nuw nsw i64 %j.next, %tid.64
; IR-NEXT:    %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
; IR-NEXT:    store i32 1, ptr addrspace(1) %p
entry:
  %tid = tail call i32 @llvm.amdgcn.workitem.id.x(), !range !0
  %tid.64 = zext nneg i32 %tid to i64
  %n.addr = getelementptr inbounds i32, ptr addrspace(1) %n, i64 %tid.64
  %trips = load i32, ptr addrspace(1) %n.addr, align 4
  br label %loop

loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %j.next = add nuw nsw i64 %j, 1
  %j.32 = trunc i64 %j.next to i32
  %more = icmp ult i32 %j.32, %trips
  br i1 %more, label %loop, label %exit

exit:
  %idx = add nuw nsw i64 %j.next, %tid.64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare float @llvm.fmuladd.f32(float, float, float)

!0 = !{i32 0, i32 1024}
