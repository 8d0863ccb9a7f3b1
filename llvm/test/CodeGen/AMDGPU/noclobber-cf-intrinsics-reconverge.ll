; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -amdgpu-cf-lowering=reconverge < %s | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -amdgpu-cf-lowering=structurize < %s | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -amdgpu-cf-lowering=reconverge < %s | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -amdgpu-cf-lowering=structurize < %s | FileCheck %s

; An early exit, then a uniform loop over a uniform table with a divergent
; branch inside. The table load is a scalar load and the loop branch an SCC
; branch in both lowerings. The reconverging lowering inserts llvm.amdgcn.if
; for both divergent branches before AMDGPUAnnotateUniformValues runs; the
; load must keep amdgpu.noclobber past them (noclobber-cf-intrinsics.ll).

; CHECK-LABEL: {{^}}early_exit_uniform_loop:
; CHECK:       s_cbranch_execz [[EXIT:.LBB0_[0-9]+]]
; CHECK:       {{^}}[[LATCH:.LBB0_[0-9]+]]: ; %latch
; CHECK-NOT:   {{^}}.LBB
; CHECK:       s_cbranch_scc0
; CHECK-NEXT:  {{^}}.LBB0_{{[0-9]+}}: ; %loop
; CHECK-NOT:   global_load
; CHECK:       s_load_dword s{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0x0
; CHECK-NOT:   global_load
; CHECK:       s_cbranch_execz [[LATCH]]
; CHECK:       global_store_dword
; CHECK:       {{^}}[[EXIT]]: ; %exit
define amdgpu_kernel void @early_exit_uniform_loop(ptr addrspace(1) %tab, ptr addrspace(1) %out, i32 %n, i32 %nd) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp slt i32 %tid, %n
  br i1 %in, label %preheader, label %exit

preheader:
  %any = icmp sgt i32 %nd, 0
  br i1 %any, label %loop, label %done

loop:
  %d = phi i32 [ 0, %preheader ], [ %d.next, %latch ]
  %acc = phi i32 [ %tid, %preheader ], [ %acc.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %tab, i32 %d
  %t = load i32, ptr addrspace(1) %p, align 4
  %big = icmp sgt i32 %acc, %t
  br i1 %big, label %then, label %latch

then:
  %sub = sub i32 %acc, %t
  br label %latch

latch:
  %acc.next = phi i32 [ %acc, %loop ], [ %sub, %then ]
  %d.next = add nuw nsw i32 %d, 1
  %more = icmp slt i32 %d.next, %nd
  br i1 %more, label %loop, label %done

done:
  %res = phi i32 [ %tid, %preheader ], [ %acc.next, %latch ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %res, ptr addrspace(1) %o, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
