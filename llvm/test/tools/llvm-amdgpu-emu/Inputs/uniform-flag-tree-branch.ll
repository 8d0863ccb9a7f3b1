; The kernel of uniform-flag-tree-branch.test: the loop of HeCBench
; hungarian's step_4. Each round, lane 0 clears the workgroup's `found`
; flag; every lane whose element of the round is positive sets `found`,
; and one above 100 also sets `done`; the workgroup loops while
; (found && !done) and each lane stores the number of rounds it ran. The
; latch branches on or (xor (trunc found), true), (trunc done), which
; AMDGPUDAGToDAGISel::matchUniformTruncBranch selects as scalar logic on
; the two loaded bytes and an SCC branch.

@found = internal addrspace(3) global i8 undef
@done = internal addrspace(3) global i8 undef

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @flags(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wgbase = shl i32 %wg, 8
  %gid = add i32 %wgbase, %tid
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %init, label %loop

init:
  store i8 0, ptr addrspace(3) @done, align 1
  br label %loop

loop:
  %round = phi i32 [ 0, %entry ], [ 0, %init ], [ %round.next, %latch ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %first, label %clear, label %work

clear:
  store i8 0, ptr addrspace(3) @found, align 1
  br label %work

work:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %rbase = mul i32 %round, 512
  %idx = add i32 %rbase, %gid
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %pos = icmp sgt i32 %v, 0
  br i1 %pos, label %set.found, label %latch

set.found:
  store i8 1, ptr addrspace(3) @found, align 1
  %big = icmp sgt i32 %v, 100
  br i1 %big, label %set.done, label %latch

set.done:
  store i8 1, ptr addrspace(3) @done, align 1
  br label %latch

latch:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %f = load i8, ptr addrspace(3) @found, align 1, !range !0, !noundef !1
  %tf = trunc nuw i8 %f to i1
  %d = load i8, ptr addrspace(3) @done, align 1, !range !0
  %td = trunc nuw i8 %d to i1
  %nf = xor i1 %tf, true
  %stop = select i1 %nf, i1 true, i1 %td
  %round.next = add i32 %round, 1
  br i1 %stop, label %exit, label %loop

exit:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gid
  store i32 %round.next, ptr addrspace(1) %o, align 4
  ret void
}

!0 = !{i8 0, i8 2}
!1 = !{}
