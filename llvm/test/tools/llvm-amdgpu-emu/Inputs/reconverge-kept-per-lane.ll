; A "continue outer" from an inner loop (the kernel of
; llvm/test/CodeGen/AMDGPU/kept-per-lane-continue-outer.ll): lanes with
; t = tid & 3 >= 2 go from %latch back to %outer t - 1 times, the others
; wait at %inner. Each lane writes out[2 * tid] = max(t, 1) + 1 (its visits
; of %inner) and out[2 * tid + 1] = max(t, 1) (its visits of %outer); the
; .json holds these expected contents.
define amdgpu_kernel void @continue_outer(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = and i32 %tid, 3
  br label %outer

outer:
  %n = phi i32 [ 0, %entry ], [ %n.next, %latch ]
  %acc.outer = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %n.next = add i32 %n, 1
  br label %inner

inner:
  %k = phi i32 [ 0, %outer ], [ 1, %latch ]
  %acc = phi i32 [ %acc.outer, %outer ], [ %acc.next, %latch ]
  %acc.next = add i32 %acc, 1
  %again = icmp eq i32 %k, 0
  br i1 %again, label %latch, label %exit

latch:
  %back = icmp ult i32 %n.next, %t
  br i1 %back, label %outer, label %inner

exit:
  %i = shl i32 %tid, 1
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %acc.next, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %n.next, ptr addrspace(1) %p1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
