; A divergent branch in a block the entry does not reach is no violation: no
; thread runs it. Both functions are reconverging where it matters and must
; come back unchanged (the post-dominator tree has nodes for such blocks, so
; the pre-check must not rely on it alone).
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -S < %s > %t.in.ll
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=reconverge-cfg -S < %s | diff %t.in.ll -
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=reconverge-cfg -pass-remarks=reconverge-cfg -pass-remarks-analysis=reconverge-cfg -disable-output < %s 2> %t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; One analysis remark per function (both have divergent values), nothing else.
; REMARK-COUNT-2: remark: <unknown>:0:0: every divergent branch already has a post-dominating successor
; REMARK-NOT: remark

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @dead_block_reconverging(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %join
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
dead:
  %d = icmp ult i32 %tid, 8
  br i1 %d, label %then, label %dead2
dead2:
  ret void
join:
  ret void
}

define amdgpu_kernel void @dead_divergent(ptr addrspace(1) %out, i32 %u) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %u, 16
  br i1 %c, label %then, label %join
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
dead:
  %d = icmp ult i32 %tid, 8
  br i1 %d, label %then, label %dead2
dead2:
  ret void
join:
  ret void
}
