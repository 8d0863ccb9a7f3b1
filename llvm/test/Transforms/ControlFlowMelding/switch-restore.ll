; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=verify -S < %s > %t.orig
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -S < %s > %t.meld
; RUN: diff %t.orig %t.meld
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -disable-output \
; RUN:   -pass-remarks=cf-meld -pass-remarks-missed=cf-meld < %s 2>&1 | FileCheck %s

; A divergent switch whose pair is not melded comes out of cf-meld exactly as
; it went in, down to the order of its successors' predecessors (their use
; lists), which the printed `; preds` comments show: the net-benefit check,
; made on the cascade's last region modelled with the switch in place,
; rejects the pair (each side's load and store need a select of a 64-bit
; address), so the cascade is never built.

; CHECK: remark: <unknown>:0:0: melding case0 and case1 saves {{[0-9]+}} instructions but its selects and unpredicated runs add {{[0-9]+}}
; CHECK-NOT: remark: {{.*}}melded

define amdgpu_kernel void @restored(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %early = icmp eq i32 %n, 0
  br i1 %early, label %join, label %dispatch

dispatch:
  %sel = urem i32 %tid, 3
  switch i32 %sel, label %join [
    i32 0, label %case0
    i32 1, label %case1
  ]

case0:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa, align 4
  %xa = add i32 %va, 1
  store i32 %xa, ptr addrspace(1) %pa, align 4
  br label %join

case1:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i32 %n
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %xb = sub i32 %vb, 7
  store i32 %xb, ptr addrspace(1) %pb, align 4
  br label %join

join:
  %r = phi i32 [ 0, %entry ], [ %xa, %case0 ], [ %xb, %case1 ], [ %n, %dispatch ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %b, i32 %tid
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
