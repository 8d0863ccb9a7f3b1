; Wave-aligned comparisons of workitem-id-x (uniform in a one-dimensional
; workgroup). @tidcmp: used by branches and selects in later blocks, past a
; divergent if; out[gid] = base + (tid < 64 ? 10 : (tid > 191 ? 20 : 30) +
; (tid >= 128 ? 3 : 5)), base = tid < n ? 1000 : 0.

define amdgpu_kernel void @tidcmp(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wgbase = shl i32 %wg, 8
  %gid = add i32 %wgbase, %tid
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gid
  %c64 = icmp ult i32 %tid, 64
  %c128 = icmp uge i32 %tid, 128
  %c191 = icmp sgt i32 %tid, 191
  %d = icmp ult i32 %tid, %n
  br i1 %d, label %div, label %join

div:
  br label %join

join:
  %base = phi i32 [ 1000, %div ], [ 0, %entry ]
  %v = select i1 %c128, i32 3, i32 5
  br i1 %c64, label %first, label %rest

first:
  %a = add i32 %base, 10
  br label %exit

rest:
  %b = select i1 %c191, i32 20, i32 30
  %b2 = add i32 %b, %v
  %b3 = add i32 %b2, %base
  br label %exit

exit:
  %r = phi i32 [ %a, %first ], [ %b3, %rest ]
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; The comparison inside a loop whose exit is divergent (lanes leave after
; tid % 5 + 1 iterations), read per lane after it: out[gid] = tid < 64 ?
; tid % 5 + 1 : 100.
define amdgpu_kernel void @tidloop(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %wgbase = shl i32 %wg, 8
  %gid = add i32 %wgbase, %tid
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gid
  %m = urem i32 %tid, 5
  %trip = add i32 %m, 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c = icmp ult i32 %tid, 64
  %i1 = add i32 %i, 1
  %done = icmp uge i32 %i1, %trip
  br i1 %done, label %exit, label %loop

exit:
  %v = select i1 %c, i32 %i1, i32 100
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

!0 = !{i32 256, i32 1, i32 1}
