; AMDGPUReconvergeCFG gives every value that an irreducible cycle defines and
; code after the cycle uses a phi in the cycle's exit block (loop-closed SSA;
; the LCSSA pass after it only handles natural loops). Lanes leave the cycle
; below in different iterations, so each must keep the counter of its own
; last iteration: the exit phi is divergent and gets a VGPR that each lane
; writes on its way out (v_mov_b32 inside the loop). Without it the store
; read the SGPR counter of the wave's last iteration (found by cf_fuzz.py).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge -verify-machineinstrs < %s | FileCheck %s --check-prefix=ISA

; IR-LABEL: define amdgpu_kernel void @irreducible_exit(
; IR:       exit:
; IR-NEXT:    %c.next.exit = phi i32 [ %c.next, %b ]
; IR:         store i32 %c.next.exit,

; ISA-LABEL: irreducible_exit:
; ISA:       .LBB0_2: ; %b
; ISA:         s_add_i32 [[C:s[0-9]+]], [[C]], 1
; ISA:         v_mov_b32_e32 [[V:v[0-9]+]], [[C]]
; ISA:         s_cbranch_execnz .LBB0_1
; ISA:       ; %exit
; ISA:         global_store_dword v{{[0-9]+}}, [[V]], s{{\[[0-9]+:[0-9]+\]}}

; The uniform branch in %entry enters the cycle {a, b} at a and at b.
define amdgpu_kernel void @irreducible_exit(ptr addrspace(1) %out, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %u = icmp ne i32 %s, 0
  br i1 %u, label %a, label %b

a:
  %c.a = phi i32 [ 0, %entry ], [ %c.next, %b ]
  %c.a1 = add i32 %c.a, 2
  br label %b

b:
  %c = phi i32 [ 0, %entry ], [ %c.a1, %a ]
  %c.next = add i32 %c, 1
  %done = icmp ult i32 %tid, %c.next
  br i1 %done, label %exit, label %a

exit:
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %c.next, ptr addrspace(1) %gep
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
