; cf-meld leaves alone a divergent branch that each wavefront of a typical
; launch takes one way: the work-item x id compared with a multiple of the
; wavefront size (AMDGPU::isUniformPerWaveBranch), unless
; reqd_work_group_size lets a wavefront span two rows. Melding such a branch
; would only add selects. `opt -passes=amdgpu-cf-meld` asks AMDGPU; the
; generic `cf-meld` has no wavefront size and melds every case.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld -disable-output \
; RUN:   -pass-remarks=cf-meld -pass-remarks-missed=cf-meld < %s 2>&1 | FileCheck %s --check-prefix=W64
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=amdgpu-cf-meld -disable-output \
; RUN:   -pass-remarks=cf-meld -pass-remarks-missed=cf-meld < %s 2>&1 | FileCheck %s --check-prefix=W32
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -disable-output \
; RUN:   -pass-remarks=cf-meld -pass-remarks-missed=cf-meld < %s 2>&1 | FileCheck %s --check-prefix=GENERIC
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=amdgpu-cf-meld,verify -disable-output < %s

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()


; x < 128: a wavefront boundary for wave64 and wave32.
; W64: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @half_block(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 128
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; x <= 63 is x < 64.
; W64: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @ule_boundary(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ule i32 %tid, 63
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; x > 31 splits at 32: a boundary for wave32 only.
; W64: remark: <unknown>:0:0: melded basic-block-basic-block
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @ugt_boundary(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ugt i32 %tid, 31
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; x compared as a 64-bit value (size_t in the source).
; W64: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @wide_compare(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %z = zext i32 %tid to i64
  %c = icmp uge i64 %z, 256
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; x < 96 splits a wave64 in the middle.
; W64: remark: <unknown>:0:0: melded basic-block-basic-block
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @mid_wave(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 96
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; x == 64 is one lane, not a range.
; W64: remark: <unknown>:0:0: melded basic-block-basic-block
; W32: remark: <unknown>:0:0: melded basic-block-basic-block
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @one_lane(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 64
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; reqd_work_group_size 96x2: a wave64 holds the end of one row and the start
; of the next; 96 is a multiple of 32, so every wave32 lies in one row.
; W64: remark: <unknown>:0:0: melded basic-block-basic-block
; W32: remark: <unknown>:0:0: the divergent branch sends each wavefront one way
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @two_rows(ptr addrspace(1) %a, ptr addrspace(1) %b) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 64
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}


; the y id: wavefronts are not aligned to it.
; W64: remark: <unknown>:0:0: melded basic-block-basic-block
; W32: remark: <unknown>:0:0: melded basic-block-basic-block
; GENERIC: remark: <unknown>:0:0: melded basic-block-basic-block
define amdgpu_kernel void @y_id(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.y()
  %c = icmp ult i32 %tid, 64
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %va = load i32, ptr addrspace(1) %pa
  %ra = mul i32 %va, 3
  store i32 %ra, ptr addrspace(1) %pa
  br label %exit
else:
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  %vb = load i32, ptr addrspace(1) %pb
  %rb = mul i32 %vb, 5
  store i32 %rb, ptr addrspace(1) %pb
  br label %exit
exit:
  ret void
}

!0 = !{i32 96, i32 2, i32 1}
