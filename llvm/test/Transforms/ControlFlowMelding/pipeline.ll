; cf-meld is part of the amdgcn -O3 pipeline (after loop unrolling, at the
; end of the optimization pipeline), not of -O2, and -amdgpu-cf-meld=0 turns
; it off. It is not added for other targets.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='default<O3>' -debug-pass-manager -disable-output < %s 2>&1 | FileCheck %s --check-prefix=O3
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='default<O2>' -debug-pass-manager -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-cf-meld=0 -passes='default<O3>' -debug-pass-manager -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O3>' -debug-pass-manager -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
; And it considers the diamond at -O3 with no extra flags:
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes='default<O3>' -pass-remarks-analysis=cf-meld -disable-output < %s 2>&1 | FileCheck %s --check-prefix=REMARK

; O3: Running pass: LoopUnrollPass on
; O3: Running pass: ControlFlowMeldingPass on diamond
; OFF-NOT: ControlFlowMeldingPass
; REMARK: remark: {{.*}}melding profitability of then and else

define amdgpu_kernel void @diamond(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
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
declare i32 @llvm.amdgcn.workitem.id.x()
