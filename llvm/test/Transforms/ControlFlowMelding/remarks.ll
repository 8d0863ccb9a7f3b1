; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -disable-output \
; RUN:   -pass-remarks-output=%t.yaml < %s
; RUN: FileCheck %s < %t.yaml
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld -disable-output \
; RUN:   -pass-remarks=cf-meld -pass-remarks-missed=cf-meld \
; RUN:   -pass-remarks-analysis=cf-meld < %s 2>&1 | FileCheck %s --check-prefix=TEXT

; Optimization remarks: the profitability of each candidate pair (analysis),
; the meld with its kind and score (passed), and the reason a divergent
; region was not melded (missed).

; CHECK:      --- !Analysis
; CHECK-NEXT: Pass:            cf-meld
; CHECK-NEXT: Name:            Profitability
; CHECK-NEXT: Function:        melded
; CHECK-NEXT: Args:
; CHECK-NEXT:   - String:          'melding profitability of '
; CHECK-NEXT:   - TrueBlock:       then
; CHECK-NEXT:   - String:          ' and '
; CHECK-NEXT:   - FalseBlock:      else
; CHECK-NEXT:   - String:          ' ('
; CHECK-NEXT:   - Kind:            basic-block-basic-block
; CHECK-NEXT:   - String:          ') is '
; CHECK-NEXT:   - Score:           '0.50'
; CHECK:      --- !Analysis
; CHECK-NEXT: Pass:            cf-meld
; CHECK-NEXT: Name:            NetBenefit
; CHECK-NEXT: Function:        melded
; CHECK-NEXT: Args:
; CHECK-NEXT:   - String:          'melding '
; CHECK-NEXT:   - TrueBlock:       then
; CHECK-NEXT:   - String:          ' and '
; CHECK-NEXT:   - FalseBlock:      else
; CHECK-NEXT:   - String:          ' saves an estimated '
; CHECK-NEXT:   - Saved:           '9'
; CHECK-NEXT:   - String:          ' issued instructions and adds '
; CHECK-NEXT:   - Added:           '2'
; CHECK:      --- !Passed
; CHECK-NEXT: Pass:            cf-meld
; CHECK-NEXT: Name:            Melded
; CHECK-NEXT: Function:        melded
; CHECK-NEXT: Args:
; CHECK-NEXT:   - String:          'melded '
; CHECK-NEXT:   - Kind:            basic-block-basic-block
; CHECK-NEXT:   - String:          ' with profitability '
; CHECK-NEXT:   - Score:           '0.50'
; CHECK-NEXT:   - String:          ': '
; CHECK-NEXT:   - AlignedPairs:    '3'
; CHECK:      --- !Missed
; CHECK-NEXT: Pass:            cf-meld
; CHECK-NEXT: Name:            Convergent
; CHECK-NEXT: Function:        not_melded
; CHECK-NEXT: Args:
; CHECK-NEXT:   - String:          divergent region contains a convergent operation

; TEXT: remark: <unknown>:0:0: melding profitability of then and else (basic-block-basic-block) is 0.50
; TEXT: remark: <unknown>:0:0: melded basic-block-basic-block with profitability 0.50: 3 aligned pairs, 2 selects, 0 unpredicated runs
; TEXT: remark: <unknown>:0:0: divergent region contains a convergent operation

; Blocks without a name (as clang emits them) are called by their side.
; TEXT: remark: <unknown>:0:0: melding profitability of the true side and the false side (basic-block-basic-block) is 0.50
; TEXT: remark: <unknown>:0:0: melding the true side and the false side saves an estimated

define amdgpu_kernel void @melded(ptr addrspace(1) %p, i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cmp = icmp slt i32 %tid, 16
  br i1 %cmp, label %then, label %else

then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %la = load i32, ptr addrspace(1) %pa, align 4
  %a = add i32 %la, 1
  br label %exit

else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %x
  %lb = load i32, ptr addrspace(1) %pb, align 4
  %b = add i32 %lb, 2
  br label %exit

exit:
  %r = phi i32 [ %a, %then ], [ %b, %else ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @not_melded(ptr addrspace(1) %p, i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cmp = icmp slt i32 %tid, 16
  br i1 %cmp, label %then, label %else

then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %la = load i32, ptr addrspace(1) %pa, align 4
  call void @llvm.amdgcn.wave.barrier()
  br label %exit

else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %x
  %lb = load i32, ptr addrspace(1) %pb, align 4
  br label %exit

exit:
  %r = phi i32 [ %la, %then ], [ %lb, %else ]
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()

define amdgpu_kernel void @unnamed_blocks(ptr addrspace(1) %p, i32 %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cmp = icmp slt i32 %tid, 16
  br i1 %cmp, label %1, label %5

1:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  %la = load i32, ptr addrspace(1) %pa, align 4
  %a = add i32 %la, 1
  br label %9

5:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %x
  %lb = load i32, ptr addrspace(1) %pb, align 4
  %b = add i32 %lb, 2
  br label %9

9:
  %r = phi i32 [ %a, %1 ], [ %b, %5 ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %tid
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}
