; Miscompile by llc's default (reconverging) control-flow lowering at -O2/-O3,
; found by cf_fuzz.py (--switches --twins, cf-meld in the build under test),
; reduced with llvm-reduce. The IR is what cf-meld made of a divergent switch
; (switch.cascade8, meld); opt is not needed to reproduce.
;
;   llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 reduced.ll -filetype=obj -o k.o
;   ld.lld -shared k.o -o k.co
;   llvm-amdgpu-emu --launch=reconverge-i1-phi-uniform-path.json --run k.co
;     -> "32 elements differ from the expected contents"
;
; Right: -O0, -O1, and -amdgpu-cf-lowering=structurize at every level; the
; IR run lane by lane on the host. Wrong: -O2 (gfx90a and gfx1030; the
; unreduced kernel, cf_fuzz seed 123 of an earlier generator version, also
; at -O3).
;
; Lanes with an even work-item id must go straight to %common.ret; with the
; reconverging lowering they also run %b25 and store 1 to visits[tid]. After
; AMDGPUReconvergeCFG the IR has one flow block with a lane-mask phi
;   Flow: %Flow.to.b25 = phi i1 [ true, %NodeBlock ], [ false, %LeafBlock ],
;                               [ true, %b18 ], [ true, %meld ]
; where %meld is reached from %b18 only through uniform branches (on %s).
; SILowerI1Copies' PhiIncomingAnalysis expands only the successors of incoming
; blocks with a divergent terminator; %b18's is uniform, so %switch.cascade8
; and %b19 are not in the reachable set and %meld counts as a "source": its
; constant true is used unmerged. The ISA has "s_mov_b64 s[2:3], -1" in
; %switch.cascade8/%meld where "s_or_b64 s[2:3], s[2:3], exec" is needed; the
; even lanes' false (set in %LeafBlock, "s_xor_b64 s[2:3], exec, -1") is
; overwritten and "s_and_b64 exec, exec, s[2:3]" at %Flow enables them for %b25.
; (The dead loads and the constant branch at the end of %b25 keep the blocks
; from being folded before the lowering; without them the bug does not show.)
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t12 = and i32 %tid, 1
  switch i32 %t12, label %common.ret [
    i32 3, label %b25
    i32 1, label %b18
  ]

b18:
  %switch.case = icmp eq i32 %s, 0
  br i1 %switch.case, label %b25, label %switch.cascade8

switch.cascade8:
  %switch.case9 = icmp eq i32 %s, 2
  br i1 %switch.case9, label %b19, label %meld

b19:
  %t273 = or i32 %s, 1
  %t274 = getelementptr i32, ptr addrspace(1) %visits, i32 %t273
  %t275 = load i32, ptr addrspace(1) %t274, align 4
  br label %meld

meld:
  %meld.sel17 = select i1 %switch.case9, i32 1, i32 0
  %t313 = or i32 %s, %meld.sel17
  %t314 = getelementptr i32, ptr addrspace(1) %visits, i32 %t313
  br label %b25

b25:
  %t355 = getelementptr i32, ptr addrspace(1) %visits, i32 %tid
  store i32 1, ptr addrspace(1) %t355, align 4
  %t359 = icmp ne i32 1, 0
  br i1 %t359, label %common.ret, label %b18

common.ret:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
