; The kernel of CodeGen/AMDGPU/reconverge-lane-mask-latch-join.ll, run by
; reconverge-lane-mask-latch-join.test. Each lane sweeps its elements of a[]
; (a[i] for i = tid, tid + 64, ... < n), decrementing those above 1 and
; remembering in the divergent flag %again whether any is still above 1; it
; sweeps again while the flag is set and stores its number of loop
; iterations to out[tid]. The flag is a lane-mask phi in the latch, which is
; the join of the if in the loop; lanes whose element needs no work wait at
; the latch while the others run %then.
define amdgpu_kernel void @latch_join(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %start = icmp slt i32 %tid, %n
  br i1 %start, label %header, label %exit

header:
  %again = phi i1 [ false, %entry ], [ %again.next, %latch ]
  %i = phi i32 [ %tid, %entry ], [ %i.next, %latch ]
  %count = phi i32 [ 0, %entry ], [ %count.next, %latch ]
  %addr = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load volatile i32, ptr addrspace(1) %addr
  %big = icmp ugt i32 %v, 1
  br i1 %big, label %then, label %latch

then:
  %w = add i32 %v, -1
  store volatile i32 %w, ptr addrspace(1) %addr
  %t = icmp ugt i32 %w, 1
  br label %latch

latch:
  %flag = phi i1 [ %t, %then ], [ %again, %header ]
  %count.next = add i32 %count, 1
  %i.step = add i32 %i, 64
  %inrange = icmp slt i32 %i.step, %n
  %cont = select i1 %inrange, i1 true, i1 %flag
  %again.next = select i1 %inrange, i1 %flag, i1 false
  %i.next = select i1 %inrange, i32 %i.step, i32 %tid
  br i1 %cont, label %header, label %exit.store

exit.store:
  %oaddr = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %count.next, ptr addrspace(1) %oaddr
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
