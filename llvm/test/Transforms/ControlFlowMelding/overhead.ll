; The net-benefit check: a meld must save more issued instructions (one per
; aligned pair) than it adds (a select per differing operand that is not an
; aligned pair itself, -cf-meld-run-overhead per unaligned run). Here the
; two sides share their shape but differ in every constant and address, so
; the profitability (which weighs the loads by their latency) is high, yet
; the meld would add four selects for four pairs: it is rejected by default
; and done with the check off.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -pass-remarks-missed=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=GUARD
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -cf-meld-run-overhead=0 -pass-remarks=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -S < %s | FileCheck %s --check-prefix=IR

; GUARD: remark: <unknown>:0:0: melding then and else saves 4 instructions but its selects and unpredicated runs add 4
; OFF: remark: <unknown>:0:0: melded basic-block-basic-block with profitability {{.*}}: 4 aligned pairs, 4 selects, 0 unpredicated runs
; IR-LABEL: define amdgpu_kernel void @differ_everywhere(
; IR:       then:
; IR:       else:
; IR-NOT:   select

; The same shape with shared constants: only the address differs, one
; select for four pairs, so it is melded.
; GUARD-NOT: melding then2 and else2
; OFF: remark: <unknown>:0:0: melded basic-block-basic-block
; IR-LABEL: define amdgpu_kernel void @differ_in_address(
; IR:         select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @differ_everywhere(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  br i1 %c, label %then, label %else
then:
  %x = load i32, ptr addrspace(1) %pa
  %x1 = mul i32 %x, 3
  %x2 = add i32 %x1, 7
  %x3 = xor i32 %x2, 5
  br label %join
else:
  %y = load i32, ptr addrspace(1) %pb
  %y1 = mul i32 %y, 5
  %y2 = add i32 %y1, 9
  %y3 = xor i32 %y2, 3
  br label %join
join:
  %v = phi i32 [ %x3, %then ], [ %y3, %else ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @differ_in_address(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %tid
  br i1 %c, label %then2, label %else2
then2:
  %x = load i32, ptr addrspace(1) %pa
  %x1 = mul i32 %x, 3
  %x2 = add i32 %x1, 7
  %x3 = xor i32 %x2, 5
  br label %join
else2:
  %y = load i32, ptr addrspace(1) %pb
  %y1 = mul i32 %y, 3
  %y2 = add i32 %y1, 7
  %y3 = xor i32 %y2, 5
  br label %join
join:
  %v = phi i32 [ %x3, %then2 ], [ %y3, %else2 ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %po
  ret void
}
