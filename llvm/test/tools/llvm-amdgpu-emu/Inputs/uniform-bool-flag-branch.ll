; The kernel of uniform-bool-flag-branch.test: the loop of HeCBench
; hungarian's step_2. Each round, lane 0 clears the workgroup's `repeat`
; flag; every lane whose element of the round is positive sets it; the
; workgroup loops while (repeat) and each lane stores the number of rounds
; it ran. The latch branches on trunc (load repeat), a bool by its range
; metadata, which AMDGPUDAGToDAGISel::matchUniformTruncBranch selects as
; v_cmp of the loaded byte into VCC and s_cbranch_vccnz.

@repeat = internal addrspace(3) global i8 undef

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @flag(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wgbase = shl i32 %wg, 6
  %gid = add i32 %wgbase, %tid
  %first = icmp eq i32 %tid, 0
  br label %loop

loop:
  %round = phi i32 [ 0, %entry ], [ %round.next, %latch ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %first, label %clear, label %work

clear:
  store i8 0, ptr addrspace(3) @repeat, align 1
  br label %work

work:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %rbase = mul i32 %round, 128
  %idx = add i32 %rbase, %gid
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %pos = icmp sgt i32 %v, 0
  br i1 %pos, label %set, label %latch

set:
  store i8 1, ptr addrspace(3) @repeat, align 1
  br label %latch

latch:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %r = load i8, ptr addrspace(3) @repeat, align 1, !range !0, !noundef !1
  %again = trunc nuw i8 %r to i1
  %round.next = add i32 %round, 1
  br i1 %again, label %loop, label %exit

exit:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gid
  store i32 %round.next, ptr addrspace(1) %o, align 4
  ret void
}

!0 = !{i8 0, i8 2}
!1 = !{}
