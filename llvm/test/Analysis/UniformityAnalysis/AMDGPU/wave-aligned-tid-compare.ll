; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='print<uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=CHECK,W64
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes='print<uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=CHECK,W32
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-uniform-wave-aligned-tid-compare=0 -passes='print<uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

; In a one-dimensional workgroup (reqd_work_group_size X x 1 x 1) wave W
; holds the work-items [W * wavesize, (W + 1) * wavesize), so a comparison of
; workitem-id-x with a constant is uniform when the first item it changes
; value at is a multiple of the wavefront size: `tid < 64`, `tid >= 128`,
; `tid <= 63`, `tid > 127`, and the signed forms with a non-negative bound.
; `tid < 32` separates whole waves only with 32-wide waves (gfx1030's
; default). Divergent: a bound off a wave boundary, equality, a negative
; signed bound (never true, but not recognized), a two-dimensional
; workgroup, whose waves span rows, an unknown workgroup shape, and the
; option off.

; CHECK-LABEL: UniformityInfo for function 'ult_64':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'ult_64':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @ult_64(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'uge_128':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'uge_128':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @uge_128(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp uge i32 %tid, 128
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ule_63':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'ule_63':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @ule_63(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ule i32 %tid, 63
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ugt_127':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'ugt_127':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @ugt_127(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ugt i32 %tid, 127
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'slt_64':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'slt_64':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @slt_64(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'sgt_191':
; CHECK-NOT:   DIVERGENT: %c =
; CHECK-NOT:   DIVERGENT: br i1 %c
; OFF-LABEL:   UniformityInfo for function 'sgt_191':
; OFF:         DIVERGENT: %c = icmp
define amdgpu_kernel void @sgt_191(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp sgt i32 %tid, 191
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ult_32':
; W64:         DIVERGENT: %c = icmp
; W64:         DIVERGENT: br i1 %c
; W32-NOT:     DIVERGENT: %c =
; W32-NOT:     DIVERGENT: br i1 %c
define amdgpu_kernel void @ult_32(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ule_64':
; CHECK:       DIVERGENT: %c = icmp
; CHECK:       DIVERGENT: br i1 %c
define amdgpu_kernel void @ule_64(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ule i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'eq_64':
; CHECK:       DIVERGENT: %c = icmp
; CHECK:       DIVERGENT: br i1 %c
define amdgpu_kernel void @eq_64(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'slt_neg':
; CHECK:       DIVERGENT: %c = icmp
; CHECK:       DIVERGENT: br i1 %c
define amdgpu_kernel void @slt_neg(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, -64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ult_64_2d':
; CHECK:       DIVERGENT: %c = icmp
; CHECK:       DIVERGENT: br i1 %c
define amdgpu_kernel void @ult_64_2d(ptr addrspace(1) %out) !reqd_work_group_size !1 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ult_64_no_size':
; CHECK:       DIVERGENT: %c = icmp
; CHECK:       DIVERGENT: br i1 %c
define amdgpu_kernel void @ult_64_no_size(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 64
  br i1 %c, label %then, label %exit

then:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 256, i32 1, i32 1}
!1 = !{i32 64, i32 4, i32 1}
