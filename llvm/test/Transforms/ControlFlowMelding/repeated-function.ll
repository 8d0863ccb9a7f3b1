; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -cf-meld-run-overhead=0 \
; RUN:   -pass-remarks=cf-meld -pass-remarks-analysis=cf-meld -disable-output < %s 2>&1 | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld,verify -cf-meld-run-overhead=0 \
; RUN:   -S < %s | FileCheck %s --check-prefix=IR

; The store pairs; the loads before and after it on the true side become two
; unpredicated runs. SimplifyCFG then threads the melded block's branches back
; into a diamond with a store on each side, the function the round started
; from (up to names), and the next round would meld it again, until
; -cf-meld-max-melds. Melding stops at the first round that gives back a
; function an earlier round left. (Reduced from Rodinia's lud_perimeter with
; the net-benefit check off.)

; CHECK:      remark: <unknown>:0:0: melded basic-block-basic-block with profitability {{.*}}: 1 aligned pairs, 0 selects, 2 unpredicated runs
; CHECK-NEXT: remark: <unknown>:0:0: melding stopped after round 0: the function is one an earlier round left
; CHECK-NOT:  melded

; IR-LABEL: define amdgpu_kernel void @store_between_loads(
; IR-COUNT-2: store float 0.000000e+00
define amdgpu_kernel void @store_between_loads(ptr addrspace(3) %p, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %else

then:
  %a = load float, ptr addrspace(3) %p, align 4
  store float 0.0, ptr addrspace(3) %p, align 4
  %b = load float, ptr addrspace(3) %p, align 4
  br label %join

else:
  store float 0.0, ptr addrspace(3) %p, align 4
  br label %join

join:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
