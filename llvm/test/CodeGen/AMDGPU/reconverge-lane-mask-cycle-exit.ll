; A lane mask that lanes read after they left a cycle and waited at a rejoin
; outside it, while the wave ran the cycle again for other lanes: %f.1 is
; defined in the inner cycle %inner -> %test -> %latch -> %reset, and lanes
; that leave it through %resume or %test -> %latch -> %outer.again read it in
; %outer. The other values of such a cycle reach the waiting lanes through
; exit phis in VGPRs, whose lanes change only while active; the exit phi of
; an i1 is a lane mask in an SGPR, which the wave writes whole when it
; leaves the cycle again for other lanes (a cf_fuzz.py kernel took the wrong
; branch in wave64 and wave32, see
; llvm/test/tools/llvm-amdgpu-emu/reconverge-lane-mask-cycle-exit.test).
; AMDGPUReconvergeCFG structurizes the function, with a remark.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O0 -amdgpu-cf-lowering=reconverge -verify-machineinstrs -pass-remarks-missed=amdgpu-reconverge-cfg < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O0 -amdgpu-cf-lowering=reconverge -verify-machineinstrs -pass-remarks-missed=amdgpu-reconverge-cfg < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O0 -amdgpu-cf-lowering=reconverge -stop-after=amdgpu-reconverge-cfg < %s | FileCheck %s

; The structurizer's flow blocks, and no reconverging-lowering attribute.
; CHECK-LABEL: define amdgpu_kernel void @lane_mask_leaves_inner_cycle(
; CHECK: Flow:
; CHECK-NOT: "amdgpu-cf-lowering"="reconverge"

; REMARK: remark: <unknown>:0:0: divergent control flow is structurized: lanes waiting for a rejoin inside a cycle would read %f.1 after other lanes ran it again
; REMARK-NOT: remark

define amdgpu_kernel void @lane_mask_leaves_inner_cycle(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bit = and i32 %tid, 4
  %f.init = icmp ne i32 %bit, 0
  br label %outer

latch:
  br i1 %f.1, label %outer.again, label %reset

outer.again:
  %c.again = add i32 %c.2, 1
  br label %outer

outer:
  %f.0 = phi i1 [ %f.init, %entry ], [ %f.1, %resume ], [ true, %outer.again ]
  %c.0 = phi i32 [ 0, %entry ], [ %c.2, %resume ], [ %c.again, %outer.again ]
  %x.0 = phi i32 [ 0, %entry ], [ %x.2, %resume ], [ 0, %outer.again ]
  %x.1 = add i32 %x.0, 464
  %c.1 = add i32 %c.0, 2
  br label %inner

reset:
  %c.reset = add i32 %c.2, 3
  br label %inner

inner:
  %c.2 = phi i32 [ %c.1, %outer ], [ %c.reset, %reset ]
  %f.1 = phi i1 [ %f.0, %outer ], [ false, %reset ]
  %x.in = phi i32 [ %x.1, %outer ], [ 0, %reset ]
  %x.2 = add i32 %x.in, %tid
  %x.bit = and i32 %x.2, 8
  %stay = icmp eq i32 %x.bit, 0
  br i1 %stay, label %test, label %resume

test:
  %done = icmp ugt i32 %c.2, 12
  br i1 %done, label %exit, label %latch

resume:
  br label %outer

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %c.2, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
