; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge \
; RUN:   -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-lowering=reconverge \
; RUN:   -amdgpu-reconverge-cfg-early-noclobber=false \
; RUN:   -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s --check-prefix=OFF
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge < %s | FileCheck %s --check-prefix=ASM
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=structurize < %s | FileCheck %s --check-prefix=ASM
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge < %s | FileCheck %s --check-prefix=ASM
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-cf-lowering=reconverge -amdgpu-reconverge-cfg-early-noclobber=false \
; RUN:   < %s | FileCheck %s --check-prefix=LOST

; AMDGPUReconvergeCFG marks the uniform global loads of a kernel that nothing
; in the kernel clobbers with !amdgpu.noclobber on the CFG as it comes in,
; before it inserts llvm.amdgcn.if. On the annotated CFG, MemorySSA's walker
; stops at the llvm.amdgcn.if in a loop header and AMDGPUAnnotateUniformValues
; takes the header's MemoryPhi inputs as clobbers, here a float store that
; TBAA says cannot write the loaded pointer: the load became a vector load.
; (Reduced from HeCBench gmm seed_clusters_kernel.)

; IR-LABEL: define amdgpu_kernel void @loop_with_divergent_exit(
; IR:         call { i1, i64 } @llvm.amdgcn.if.i64
; IR:         %p = load ptr, ptr addrspace(1) %{{[a-z.]+}}, align 8, !tbaa !{{[0-9]+}}, !amdgpu.noclobber
; OFF-LABEL: define amdgpu_kernel void @loop_with_divergent_exit(
; OFF:        %p = load ptr, ptr addrspace(1) %{{[a-z.]+}}, align 8, !tbaa !{{[0-9]+}}{{$}}

; ASM-LABEL: {{^}}loop_with_divergent_exit:
; ASM-NOT:   global_load
; ASM:       s_load_dwordx2 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0x8
; ASM-NOT:   global_load
; ASM:       flat_store_dword
; ASM:       s_endpgm
; LOST-LABEL: {{^}}loop_with_divergent_exit:
; LOST:       global_load_dwordx2
define amdgpu_kernel void @loop_with_divergent_exit(ptr addrspace(1) %s, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %tid, %n
  br label %header

header:
  br i1 %in, label %exit, label %body

exit:
  ret void

body:
  %fields = getelementptr inbounds i8, ptr addrspace(1) %s, i64 8
  %p = load ptr, ptr addrspace(1) %fields, align 8, !tbaa !0
  store float 0.0, ptr %p, align 4, !tbaa !5
  br label %header
}

; A store that may write the loaded location clobbers it: no noclobber, and
; the uniform load stays a vector load in both lowerings.
; IR-LABEL: define amdgpu_kernel void @clobbered_in_loop(
; IR:         %v = load i32, ptr addrspace(1) %s{{(.load)?}}, align 4{{$}}
; ASM-LABEL: {{^}}clobbered_in_loop:
; ASM:       global_load_dword
define amdgpu_kernel void @clobbered_in_loop(ptr addrspace(1) %s, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %tid, %n
  br label %header

header:
  br i1 %in, label %exit, label %body

exit:
  ret void

body:
  %v = load i32, ptr addrspace(1) %s, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr addrspace(1) %s, align 4
  br label %header
}

; A load through a divergent pointer is left alone: only uniform loads can
; become scalar loads.
; IR-LABEL: define amdgpu_kernel void @divergent_pointer(
; IR:         %v = load i32, ptr addrspace(1) %p, align 4{{$}}
define amdgpu_kernel void @divergent_pointer(ptr addrspace(1) %s, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %tid, %n
  br i1 %in, label %then, label %exit

then:
  %p = getelementptr inbounds i32, ptr addrspace(1) %s, i32 %tid
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

; A function that is not a kernel may be called after any store: no
; noclobber, as in AMDGPUAnnotateUniformValues.
; IR-LABEL: define void @not_a_kernel(
; IR:         %v = load i32, ptr addrspace(1) %s{{(.load)?}}, align 4{{$}}
define void @not_a_kernel(ptr addrspace(1) inreg %s, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %tid, %n
  br i1 %in, label %then, label %exit

then:
  %v = load i32, ptr addrspace(1) %s, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{!1, !2, i64 8}
!1 = !{!"fields", !2, i64 0, !2, i64 8}
!2 = !{!"any pointer", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C++ TBAA"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !3, i64 0}
