; A grid-stride loop that divides a 64-bit index by a loop-invariant divisor.
; BypassSlowDivision splits the division into a 64-bit path and a 32-bit
; path whose reciprocal of the divisor (s_sub_i32 0, d and the v_mul_lo_u32 /
; v_mul_hi_u32 refinement) is loop-invariant. Early MachineLICM judges each
; block by the register pressure of the blocks that dominate it, not by that
; of the other path, visited before it: the refinement is hoisted above the
; loop under both control-flow lowerings. With -licm-pressure-per-path=0 the
; 32-bit path is judged at the pressure of both and keeps it in the loop.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs < %s | FileCheck %s --check-prefix=HOIST
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -amdgpu-cf-lowering=structurize < %s | FileCheck %s --check-prefix=HOIST
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs < %s | FileCheck %s --check-prefix=HOIST
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -licm-pressure-per-path=0 < %s | FileCheck %s --check-prefix=INLOOP

; HOIST-LABEL: udiv_in_loop:
; HOIST:       s_sub_i32 [[NEG:s[0-9]+]], 0, s{{[0-9]+}}
; HOIST:       v_mul_lo_u32 v{{[0-9]+}}, [[NEG]], v{{[0-9]+}}
; HOIST:       ; =>This Inner Loop Header: Depth=1
; HOIST-NOT:   s_sub_i32 s{{[0-9]+}}, 0, s
; HOIST:       s_endpgm

; INLOOP-LABEL: udiv_in_loop:
; INLOOP:       ; =>This Inner Loop Header: Depth=1
; INLOOP:       s_sub_i32 [[NEG:s[0-9]+]], 0, s{{[0-9]+}}
; INLOOP:       v_mul_lo_u32 v{{[0-9]+}}, [[NEG]], v{{[0-9]+}}
; INLOOP:       s_endpgm

define amdgpu_kernel void @udiv_in_loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %d, i64 %step, i64 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  br label %loop

loop:
  %sum = phi double [ 0.0, %entry ], [ %sum.next, %loop ]
  %i = phi i64 [ %t, %entry ], [ %i.next, %loop ]
  %q = udiv i64 %i, %d
  %p = getelementptr float, ptr addrspace(1) %in, i64 %q
  %v = load float, ptr addrspace(1) %p, align 4
  %v.ext = fpext float %v to double
  %sum.next = fadd double %sum, %v.ext
  %i.next = add i64 %i, %step
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %f = fptrunc double %sum.next to float
  store float %f, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
