; cf-meld leaves alone a divergent branch that at most one lane of each
; wavefront of a typical launch reaches: one guarded by a test of the
; work-item x id, or of the global x id, for equality with a uniform value
; (the "one thread runs the sequential part" idiom, `if (threadIdx.x == 0)`),
; since a wavefront holds distinct x ids (AMDGPU::isOneLanePerWaveBlock).
; Melding there only adds selects; the test may be one operand of a logical
; and. A guard that admits a range of ids, one
; whose value differs between lanes, and a reqd_work_group_size that puts
; two rows in a wavefront leave the branch to be melded; so does the generic
; `cf-meld`, which has no wavefront.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -disable-output \
; RUN:   -pass-remarks-output=%t.w64.yaml < %s
; RUN: FileCheck %s < %t.w64.yaml
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=amdgpu-cf-meld -disable-output \
; RUN:   -pass-remarks-output=%t.w32.yaml < %s
; RUN: FileCheck %s < %t.w32.yaml
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -disable-output \
; RUN:   -pass-remarks-output=%t.generic.yaml < %s
; RUN: FileCheck %s --check-prefix=GENERIC < %t.generic.yaml
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -disable-output \
; RUN:   -pass-remarks-missed=cf-meld < %s 2>&1 | FileCheck %s --check-prefix=TEXT
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld,verify -disable-output < %s

; TEXT: remark: <unknown>:0:0: at most one lane of each wavefront runs the divergent branch (it is guarded by a test of the work-item id for equality)

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

; The body of `if (threadIdx.x == 0)`, past a join of its own.
; CHECK:      Name: OneLanePerWave
; CHECK-NEXT: Function: tid_eq_zero
; CHECK-NOT:  Name: Melded
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: tid_eq_zero
define amdgpu_kernel void @tid_eq_zero(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %guard = icmp eq i32 %tid, 0
  br i1 %guard, label %first, label %exit
first:
  %v = load i32, ptr addrspace(1) %a
  %pre = icmp sgt i32 %v, 0
  br i1 %pre, label %bump, label %body
bump:
  store i32 0, ptr addrspace(1) %a
  br label %body
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; `if (gid != n) return;` with n a kernel argument: the global x id.
; CHECK:      Name: OneLanePerWave
; CHECK-NEXT: Function: gid_ne_arg_return
; CHECK-NOT:  Name: Melded
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: gid_ne_arg_return
define amdgpu_kernel void @gid_ne_arg_return(ptr addrspace(1) %b, i32 %n, i32 %size) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %wg, %size
  %gid = add i32 %base, %tid
  %guard = icmp ne i32 %gid, %n
  br i1 %guard, label %exit, label %body
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; OpenCL's `if (get_global_id(0) == n)`: the global x id plus the global
; offset (a hidden kernel argument), truncated to 32 bits.
; CHECK:      Name: OneLanePerWave
; CHECK-NEXT: Function: opencl_gid_eq_arg
; CHECK-NOT:  Name: Melded
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: opencl_gid_eq_arg
define amdgpu_kernel void @opencl_gid_eq_arg(ptr addrspace(1) %b, i32 %n, i32 %size) {
entry:
  %implicit = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %offset.ptr = getelementptr i8, ptr addrspace(4) %implicit, i64 40
  %offset = load i64, ptr addrspace(4) %offset.ptr, align 8
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %wg, %size
  %id = add i32 %base, %tid
  %id.ext = zext i32 %id to i64
  %gid.64 = add i64 %offset, %id.ext
  %gid = trunc i64 %gid.64 to i32
  %guard = icmp eq i32 %gid, %n
  br i1 %guard, label %body, label %exit
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; `if (blockIdx.x == 1 && threadIdx.x == 0)`, folded into one branch.
; CHECK:      Name: OneLanePerWave
; CHECK-NEXT: Function: tid_eq_zero_and
; CHECK-NOT:  Name: Melded
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: tid_eq_zero_and
define amdgpu_kernel void @tid_eq_zero_and(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %second = icmp eq i32 %wg, 1
  %first = icmp eq i32 %tid, 0
  %guard = and i1 %second, %first
  br i1 %guard, label %body, label %exit
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; threadIdx.x < 4 admits four lanes of a wavefront.
; CHECK:      Name: Melded
; CHECK-NEXT: Function: tid_range
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: tid_range
define amdgpu_kernel void @tid_range(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %guard = icmp ult i32 %tid, 4
  br i1 %guard, label %body, label %exit
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; threadIdx.x == b[threadIdx.x]: the value differs between lanes.
; CHECK:      Name: Melded
; CHECK-NEXT: Function: tid_eq_divergent
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: tid_eq_divergent
define amdgpu_kernel void @tid_eq_divergent(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %guard = icmp eq i32 %tid, %w
  br i1 %guard, label %body, label %exit
body:
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; Workgroups of 16 x 4: a wavefront holds x = 0 of several rows.
; CHECK:      Name: Melded
; CHECK-NEXT: Function: tid_eq_zero_rows
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: tid_eq_zero_rows
define amdgpu_kernel void @tid_eq_zero_rows(ptr addrspace(1) %b) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %guard = icmp eq i32 %tid, 0
  br i1 %guard, label %body, label %exit
body:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

; The sequential part moved into an internal helper that kernels call only
; behind `if (threadIdx.x == 0)` or `if (blockIdx.x == 1 && threadIdx.x ==
; 0)`: the helper's divergent branch runs in one lane per wavefront too.
; CHECK:      Name: OneLanePerWave
; CHECK-NEXT: Function: one_lane_helper
; CHECK-NOT:  Name: Melded
; GENERIC:      Name: Melded
; GENERIC-NEXT: Function: one_lane_helper
define internal void @one_lane_helper(ptr addrspace(1) %pv) {
entry:
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @calls_one_lane_helper(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %guard = icmp eq i32 %tid, 0
  br i1 %guard, label %body, label %exit
body:
  call void @one_lane_helper(ptr addrspace(1) %b)
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @calls_one_lane_helper_and(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %second = icmp eq i32 %wg, 1
  %first = icmp eq i32 %tid, 0
  %guard = and i1 %second, %first
  br i1 %guard, label %body, label %exit
body:
  %p = getelementptr i32, ptr addrspace(1) %b, i32 4
  call void @one_lane_helper(ptr addrspace(1) %p)
  br label %exit
exit:
  ret void
}

; A helper that a kernel also calls outside such a guard, or that is not
; internal, runs in many lanes: its branch is melded.
; CHECK:      Name: Melded
; CHECK-NEXT: Function: helper_also_unguarded
; CHECK:      Name: Melded
; CHECK-NEXT: Function: external_helper
define internal void @helper_also_unguarded(ptr addrspace(1) %pv) {
entry:
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

define void @external_helper(ptr addrspace(1) %pv) {
entry:
  %w = load i32, ptr addrspace(1) %pv
  %c = icmp slt i32 %w, 100
  br i1 %c, label %then, label %else
then:
  %ra = mul i32 %w, 3
  store i32 %ra, ptr addrspace(1) %pv
  br label %exit
else:
  %rb = mul i32 %w, 5
  store i32 %rb, ptr addrspace(1) %pv
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @calls_helpers(ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %guard = icmp eq i32 %tid, 0
  br i1 %guard, label %body, label %exit
body:
  call void @helper_also_unguarded(ptr addrspace(1) %b)
  call void @external_helper(ptr addrspace(1) %b)
  br label %exit
exit:
  %pv = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  call void @helper_also_unguarded(ptr addrspace(1) %pv)
  ret void
}

!0 = !{i32 16, i32 4, i32 1}
