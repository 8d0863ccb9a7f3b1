; Miscompile by llc's reconverging control-flow lowering (-O2, -O3; -O1
; too on gfx1030), fixed in AMDGPUReconvergeCFG (rewriteUndefForParkedLanes).
; Found by cf_fuzz.py --switches --twins (seed 524, in the reference build:
; mem2reg only, no cf-meld), reduced with llvm-reduce.
;
; After AMDGPUReconvergeCFG (LowerSwitch made NodeBlock4, NodeBlock,
; LeafBlock, LeafBlock2 of the switch) the value of %b9 reaches %b10 through
; route phis
;   Flow6: %h.3.route13 = phi i32 [ %t137, %b9 ], [ poison, %NodeBlock ]
;   Flow7: %h.3.route12 = phi i32 [ %h.3.route13, %Flow6 ],
;                                 [ poison, %Flow ], [ poison, %LeafBlock2 ]
; The wave runs %LeafBlock2 (lanes with tid & 7 == 6 or 7) after %Flow6
; while %b9's lanes (tid & 7 == 5) wait at %Flow7. UniformityAnalysis takes
; the route phis, whose only input other than poison is the uniform
; %t137 = %s * 31, to be uniform, so the value lived in one SGPR (s6); the
; poison from %LeafBlock2 left s6 dead there, and %LeafBlock2 reused s[6:7]
; for a lane mask ("s_and_b64 s[6:7], vcc, exec"). At %Flow7
; "v_mov_b32 v1, s6" read the mask (0x40404040) for %b9's lanes: out[tid]
; for tid & 7 == 5 was 1077952576 instead of 3813. The fix makes the input
; from %LeafBlock2 %h.3.route13, which keeps the SGPR live there.
; (The dead load in %b1 and the division in %b4 keep the register layout
; that showed it.)
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x0 = load i32, ptr addrspace(1) %out, align 4
  %t12 = and i32 %tid, 7
  switch i32 %t12, label %b1 [
    i32 5, label %b9
    i32 2, label %b4
    i32 3, label %b1
    i32 4, label %b1
    i32 6, label %b4
    i32 7, label %b1
    i32 1, label %b4
  ]
b1:
  %t52 = or i32 %s, 1
  %t53 = getelementptr i32, ptr addrspace(1) %visits, i32 %t52
  %t54 = load i32, ptr addrspace(1) %t53, align 4
  br label %b10
b4:
  %t73 = icmp eq i32 %x0, 0
  %spec.select = select i1 %t73, i32 1, i32 0
  %t90 = udiv i32 1, %s
  br label %b10
b9:
  %t137 = mul i32 %s, 31
  br label %b10
b10:
  %h.3 = phi i32 [ 0, %b1 ], [ %spec.select, %b4 ], [ %t137, %b9 ]
  %x.3 = phi i32 [ 0, %b1 ], [ %t90, %b4 ], [ 0, %b9 ]
  store i32 %x.3, ptr addrspace(1) %out, align 4
  %t221 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %h.3, ptr addrspace(1) %t221, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
