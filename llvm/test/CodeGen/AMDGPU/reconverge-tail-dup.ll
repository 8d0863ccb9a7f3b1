; RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge -reconverge-cfg-joins-last=0 < %s | FileCheck %s
; RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge -reconverge-cfg-joins-last=0 < %s | FileCheck %s
; RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge -reconverge-cfg-joins-last=0 \
; RUN:   -tail-dup-prologue-conservatively=0 < %s | FileCheck %s --check-prefix=DUP

; A short-circuit condition (the suite's short_circuit kernel), its join
; ordered before the side only the last test enters
; (-reconverge-cfg-joins-last=0): the reconverging lowering ends each region
; in a small rejoin block. At -O3,
; MachineBlockPlacement's tail-duplication size (4) would copy them into
; their predecessors, and the layout then needs a backward skip branch and an
; unconditional one (DUP, -tail-dup-prologue-conservatively=0); a block that
; starts with the rejoin (a block-prologue instruction) keeps the -O2 size
; (2): every skip branch goes forward and there is no s_branch.

; CHECK-LABEL: {{^}}short_circuit:
; CHECK-NOT:   s_branch
; CHECK:       global_store_dword
; CHECK-NOT:   s_branch
; CHECK:       s_endpgm

; DUP-LABEL: {{^}}short_circuit:
; DUP:       s_branch
; DUP:       s_endpgm

define amdgpu_kernel void @short_circuit(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp slt i32 %tid, %n
  br i1 %in, label %body, label %exit

body:
  %i = sext i32 %tid to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i
  %x = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %i
  %y = load i32, ptr addrspace(1) %pb, align 4
  %xpos = icmp sgt i32 %x, 0
  %ypos = icmp sgt i32 %y, 0
  %both.pos = select i1 %xpos, i1 %ypos, i1 false
  br i1 %both.pos, label %prod, label %test.neg

test.neg:
  %xneg = icmp slt i32 %x, -100
  %yneg = icmp slt i32 %y, -100
  %both.neg = select i1 %xneg, i1 %yneg, i1 false
  br i1 %both.neg, label %prod, label %test.eq

prod:
  %m = mul nsw i32 %y, %x
  %m7 = add nsw i32 %m, 7
  br label %join

test.eq:
  %eq = icmp eq i32 %x, %y
  %low = and i32 %x, 3
  %one = icmp eq i32 %low, 1
  %either = or i1 %eq, %one
  br i1 %either, label %diff, label %shift

diff:
  %d = sub nsw i32 %x, %y
  br label %join

shift:
  %xy = xor i32 %y, %x
  %s = ashr i32 %xy, 1
  br label %join

join:
  %r = phi i32 [ %m7, %prod ], [ %d, %diff ], [ %s, %shift ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %po, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
