; A pixel shader that needs WQM only for the implicit derivatives of an image
; sample. The reconverging lowering miscompiled it when such a function did
; not fall back (AMDGPUReconvergeCFG::unsupportedReason listed only the
; exec-mask intrinsics): SIWholeQuadMode ran on the rejoin masks of
; SIInsertRejoinMasks and put a mask's MOVE into an Exact region. Wave32
; output of this file then (-O2):
;
;   s_mov_b32 s16, exec_lo              ; live mask
;   s_wqm_b32 exec_lo, exec_lo          ; WQM: helper lanes on
; .LBB0_1:                              ; %loop
;   v_mov_b32_e32 v3, v0
;   v_mul_f32_e32 v0, v3, v2            ; t2 (WQM)
;   v_cmp_ngt_f32_e32 vcc_lo, v0, v1    ; lanes that stay, helpers included
;   s_and_saveexec_b32 s19, s16         ; Exact, for the store
;   v_mov_b32_e32 v4, s18
;   s_andn2_b32 s20, exec_lo, vcc_lo    ; parked lanes from the EXACT exec
;   s_add_i32 s18, s18, 4
;   s_or_b32 s17, s17, s20              ; exit mask: no helper lane
;   buffer_store_dword v3, v4, s[12:15], 0 offen
;   s_mov_b32 exec_lo, s19              ; back to WQM
;   s_and_b32 exec_lo, exec_lo, vcc_lo  ; helper lanes that leave are dropped
;   s_cbranch_execnz .LBB0_1
; ; %bb.2:                              ; %exit
;   s_or_b32 exec_lo, exec_lo, s17      ; rejoins the live lanes only
;   v_add_f32_e32 v0, 0.5, v0           ; coordinate: not computed in helpers
;   s_and_b32 exec_lo, exec_lo, s16
;   image_sample v[0:3], v[0:1], ...    ; derivatives read the helpers' v0
;
; Helper lanes that leave the loop are in neither the exit mask (s17) nor
; exec, so after the rejoin they no longer run: the helpers' v0 keeps t2
; instead of t2 + 0.5, and the implicit derivatives of the sample (hence its
; LOD) are wrong in every quad with a helper lane. Upstream (structurize)
; builds the mask from the WQM compare alone (s_or_b32 s17, vcc_lo, s17) and
; reads no exec in the Exact region. -O0 has the same s_andn2 in the Exact
; region. The cause: the MOVE `S_ANDN2 $exec, cond` of a mask that only the
; exit's SI_END_CF reads is not on a def-use chain into a terminator, so
; SIWholeQuadMode marks it neither WQM nor Exact, and a mode switch placed
; before the block's terminators leaves it in Exact mode. (SI_IF's saved exec,
; `COPY $exec`, is safe: the exec-writing terminator uses it, which makes it
; WQM; so is the inverted-compare form of an integer loop exit.) gfx900
; happens to schedule the store before the compare and is right.
;
; Every pixel shader falls back to upstream's lowering, with a remark:
; the output is upstream's, byte for byte, and has no exec read in the Exact
; region around the store.
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs < %s > %t.default.s
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -amdgpu-cf-lowering=structurize < %s > %t.structurize.s
; RUN: cmp %t.default.s %t.structurize.s
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -pass-remarks-missed=amdgpu-reconverge-cfg \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: it is a pixel shader

define amdgpu_ps <4 x float> @loop_store_sample(<8 x i32> inreg %rsrc, <4 x i32> inreg %samp, <4 x i32> inreg %buf, float %u, float %v, float %x) {
; CHECK-LABEL: loop_store_sample:
; CHECK:       s_mov_b32 [[LIVE:s[0-9]+]], exec_lo
; CHECK-NEXT:  s_wqm_b32 exec_lo, exec_lo
; CHECK:       .LBB0_1: ; %loop
; CHECK:       s_and_saveexec_b32 [[SAVED:s[0-9]+]], [[LIVE]]
; CHECK-NOT:   exec_lo
; CHECK:       buffer_store_dword
; CHECK-NOT:   exec_lo
; CHECK:       s_mov_b32 exec_lo, [[SAVED]]
; CHECK:       image_sample
entry:
  br label %loop
loop:
  %t = phi float [ %u, %entry ], [ %t2, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %t2 = fmul float %t, %x
  %i2 = add i32 %i, 4
  %done = fcmp ogt float %t2, %v
  call void @llvm.amdgcn.raw.buffer.store.f32(float %t, <4 x i32> %buf, i32 %i, i32 0, i32 0)
  br i1 %done, label %exit, label %loop
exit:
  %u3 = fadd float %t2, 0.5
  %s = call <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32 15, float %u3, float %v, <8 x i32> %rsrc, <4 x i32> %samp, i1 false, i32 0, i32 0)
  ret <4 x float> %s
}

declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
