; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-atomic-optimizer-strategy=None -pass-remarks-analysis=amdgpu-divergence -o /dev/null < %s 2>&1 | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-atomic-optimizer-strategy=None -pass-remarks-analysis=amdgpu-divergence -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=RECONV
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-atomic-optimizer-strategy=None -amdgpu-cf-lowering=structurize -pass-remarks-analysis=amdgpu-divergence -o /dev/null < %s 2>&1 | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-atomic-optimizer-strategy=None -amdgpu-cf-lowering=structurize -pass-remarks-analysis=amdgpu-divergence -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=STRUCT
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O0 -pass-remarks-output=%t.yaml -o /dev/null < %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -o /dev/null < %s 2>&1 | count 0
;
; -Rpass-analysis=amdgpu-divergence: every divergent branch and loop exit,
; with the dependence chain from its condition to a source of divergence
; (data, sync and loop-exit dependences), then what the selected lowering does
; with it. Uniform branches get no remark, and without the option there is no
; output at all.

; Under the reconverging lowering (the default) a branch whose successor
; post-dominates it keeps its shape, lanes rejoin there; the switch's pivot,
; whose successors are both further compares, is rerouted. Under the
; structurizing lowering every remark says so.
; RECONV:      remark: {{.*}} loop at %b1: {{.*}}; lanes rejoin at %b5, which post-dominates it (reconverging lowering){{$}}
; RECONV-NEXT: remark: {{.*}} condition %p2 {{.*}}; lanes rejoin at %b8, which post-dominates it (reconverging lowering){{$}}
; RECONV-NEXT: remark: {{.*}} condition %p3 {{.*}}; lanes rejoin at %b10, which post-dominates it (reconverging lowering){{$}}
; RECONV-NEXT: remark: {{.*}} condition %c {{.*}}; lanes rejoin at %b, which post-dominates it (reconverging lowering){{$}}
; RECONV-NEXT: remark: {{.*}} condition %Pivot {{.*}}; no successor post-dominates it: the reconverging transform reroutes its edges{{$}}
; RECONV-COUNT-2: remark: {{.*}} condition %SwitchLeaf{{[0-9]*}} {{.*}}; lanes rejoin at %b, which post-dominates it (reconverging lowering){{$}}
; STRUCT-COUNT-7: remark: {{.*}}; the structurizer lowers it{{$}}
; STRUCT-NOT:  reconverg

; The loop of Pereira's Fig. 1.23: its exit (%p0) depends on the work-item
; id; inside it %j1 stays uniform, so the branch on %p1 is uniform; after the
; loop %j3's value depends on how many iterations each lane ran, so the
; branch on %p2 diverges (loop-exit dependence), and so does the branch on
; the phi %x that joins its two paths (sync dependence).
; CHECK-NOT: remark: {{.*}}%p1
; CHECK: remark: <unknown>:0:0: divergent exit from the loop at %b1: lanes leave it at different iterations; condition %p0 differs per lane because %p0 uses %lim; %lim uses %tid; %tid is the work-item id
; CHECK-NEXT: remark: <unknown>:0:0: divergent branch: condition %p2 differs per lane because %p2 uses %j3, which leaves the loop at %b1 after lanes ran different numbers of iterations (loop-exit dependence)
; CHECK-NEXT: remark: <unknown>:0:0: divergent branch: condition %p3 differs per lane because %p3 uses %x; %x joins the paths of the divergent branch in %b5 (sync dependence)

; Other sources: an atomic's result (the atomic optimizer, which would
; compute it from the lane id, is off) and a load from a per-lane address
; (the address, not the load, carries the divergence), in a switch.
; CHECK-NEXT: remark: <unknown>:0:0: divergent branch: condition %c differs per lane because %c uses %old; %old is an atomic's result, different in each lane
; (LowerSwitch has turned the switch into branches by then.)
; CHECK-COUNT-3: remark: <unknown>:0:0: divergent branch: condition %{{Pivot|SwitchLeaf[0-9]*}} differs per lane because %{{Pivot|SwitchLeaf[0-9]*}} uses %v; %v uses %p; %p uses %idxprom; %idxprom uses %lane; %lane is the lane id
; CHECK-NOT: remark

; YAML:      --- !Analysis
; YAML-NEXT: Pass: amdgpu-divergence
; YAML-NEXT: Name: DivergentLoopExit
; YAML-NEXT: Function: fig_1_23
; YAML:        - Loop: '%b1'
; YAML:        - Condition: '%p0'
; YAML:      Name: DivergentBranch
; YAML:        - Cause: '%p2 uses %j3, which leaves the loop at %b1 after lanes ran different numbers of iterations (loop-exit dependence)'
; YAML:        - Lowering: '

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @fig_1_23(ptr addrspace(1) %out, i32 %n) {
b0:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lim = and i32 %tid, 7
  br label %b1

b1:
  %i = phi i32 [ 0, %b0 ], [ %i1, %b4 ]
  %j = phi i32 [ 0, %b0 ], [ %j3, %b4 ]
  %j1 = add i32 %j, 1
  %p1 = icmp ult i32 %j1, %n
  br i1 %p1, label %b2, label %b3

b2:
  %j2 = shl i32 %j1, 1
  br label %b4

b3:
  br label %b4

b4:
  %j3 = phi i32 [ %j2, %b2 ], [ %j1, %b3 ]
  %i1 = add i32 %i, 1
  %p0 = icmp ult i32 %i1, %lim
  br i1 %p0, label %b1, label %b5

b5:
  %p2 = icmp eq i32 %j3, 4
  br i1 %p2, label %b6, label %b7

b6:
  br label %b8

b7:
  br label %b8

b8:
  %x = phi i32 [ 1, %b6 ], [ 2, %b7 ]
  %p3 = icmp eq i32 %x, 1
  br i1 %p3, label %b9, label %b10

b9:
  store i32 %x, ptr addrspace(1) %out
  br label %b10

b10:
  ret void
}

declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)

define amdgpu_kernel void @other_sources(ptr addrspace(1) %out, ptr addrspace(1) %ctr, i32 %k) {
entry:
  %old = atomicrmw add ptr addrspace(1) %ctr, i32 1 monotonic
  %c = trunc i32 %old to i1
  br i1 %c, label %a, label %b

a:
  %lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %lane
  %v = load i32, ptr addrspace(1) %p
  switch i32 %v, label %b [
    i32 1, label %c1
    i32 2, label %c2
  ]

c1:
  store i32 1, ptr addrspace(1) %ctr
  br label %b

c2:
  store i32 2, ptr addrspace(1) %ctr
  br label %b

b:
  %u = icmp eq i32 %k, 0
  br i1 %u, label %uniform, label %exit

uniform:
  store i32 0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}
