; RUN: not opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=reconverge-cfg -reconverge-cfg-verify -reconverge-cfg-max-rounds=0 -disable-output < %s 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=reconverge-cfg -reconverge-cfg-max-rounds=0 -pass-remarks-missed=reconverge-cfg -disable-output < %s 2>&1 | FileCheck %s --check-prefix=MISSED
; RUN: opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=reconverge-cfg -reconverge-cfg-verify -pass-remarks=reconverge-cfg -pass-remarks-missed=reconverge-cfg -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OK
;
; -reconverge-cfg-verify turns a result that still breaks the output
; contract (a divergent branch without a post-dominating successor) into a
; fatal error naming the function and the offending blocks; the other lit
; tests of the transform run with it. With -reconverge-cfg-max-rounds=0 the
; pass prepares the function but transforms nothing, so @two_violations
; keeps both of its violations:
;  - with the option, opt fails and names both blocks (ERR);
;  - without it, the pass only emits one NotReconverging remark per
;    violation (MISSED);
;  - with the default rounds, the function becomes reconverging and the
;    option stays silent (OK).
;
; ERR: LLVM ERROR: reconverge-cfg: function 'two_violations' is not reconverging after 0 rounds:
; ERR-NEXT: block 'A': divergent branch without a post-dominating successor
; ERR-NEXT: block 'B': divergent branch without a post-dominating successor
; ERR-NOT: block
;
; MISSED-COUNT-2: remark: <unknown>:0:0: divergent branch still has no post-dominating successor
; MISSED-NOT: remark
;
; OK: remark: <unknown>:0:0: made the CFG reconverging with {{[0-9]+}} flow blocks
; OK-NOT: LLVM ERROR
; OK-NOT: remark

declare i32 @llvm.amdgcn.workitem.id.x()

; A -> {B, C}, B -> {C, D}, C -> E, D -> E: neither A's nor B's successors
; post-dominate their branch.
define amdgpu_kernel void @two_violations(ptr addrspace(1) %out) {
A:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cA = icmp ult i32 %tid, 32
  br i1 %cA, label %B, label %C
B:
  %cB = icmp ult i32 %tid, 16
  br i1 %cB, label %C, label %D
C:
  store i32 1, ptr addrspace(1) %out
  br label %E
D:
  store i32 2, ptr addrspace(1) %out
  br label %E
E:
  ret void
}
