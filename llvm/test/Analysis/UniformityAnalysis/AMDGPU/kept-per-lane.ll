; RUN: opt -mtriple=amdgcn-amd-amdhsa -passes='print<uniformity>' -disable-output %s 2>&1 | FileCheck %s

; An instruction with !amdgpu.kept.per.lane is a source of divergence for
; the AMDGPU target (the reconverging lowering keeps it per lane), and so are
; its users and the branches on them. The same computation without the
; metadata is uniform.

; CHECK-LABEL: UniformityInfo for function 'kept_per_lane':
; CHECK:      DIVERGENT: %k = phi i32 [ 0, %entry ], [ 1, %body ], !amdgpu.kept.per.lane
; CHECK-NEXT: DIVERGENT: %k.next = add i32 %k, 1
; CHECK-NEXT: DIVERGENT: %again = icmp ult i32 %k.next, %n
; CHECK:      DIVERGENT: br i1 %again, label %body, label %exit
; CHECK-NOT:  DIVERGENT:
; CHECK:      DIVERGENT: store i32 %k.next
; CHECK-LABEL: UniformityInfo for function 'uniform':
; CHECK-NOT:  DIVERGENT:

define amdgpu_kernel void @kept_per_lane(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ 1, %body ], !amdgpu.kept.per.lane !0
  %k.next = add i32 %k, 1
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %body, label %exit

body:
  %scaled = mul i32 %n, 3
  br label %loop

exit:
  store i32 %k.next, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @uniform(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ 1, %body ]
  %k.next = add i32 %k, 1
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %body, label %exit

body:
  br label %loop

exit:
  store i32 %k.next, ptr addrspace(1) %out
  ret void
}

!0 = !{}
