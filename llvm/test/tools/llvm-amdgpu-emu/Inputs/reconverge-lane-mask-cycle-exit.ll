; Reduced from cf_fuzz.py seed 1534 (llvm-reduce, then by hand): %f.1, a
; lane mask defined in the inner cycle %b7 -> %g7_2 -> %b1 -> %b5, is read
; in %b4 after %g7_3 by lanes that left the inner cycle and waited at a
; rejoin of the outer cycle while the wave ran the outer cycle, and so the
; inner one, again for other lanes. The inner cycle's exit phi of %f.1 is a
; lane mask as well (one SGPR bit per lane), which the wave rewrites for the
; other lanes; SILowerI1Copies starts its merge chain undefined at the
; inner cycle's entry, so while %f.1 stays a lane mask the waiting lanes
; take the wrong branch in %b1. AMDGPUReconvergeCFG finds the value at risk and
; gives the lanes their own copy of it in a VGPR (keepLaneMaskPerLane; see
; llvm/test/CodeGen/AMDGPU/reconverge-lane-mask-cycle-exit.ll).
;
; %visits counts each lane's visits of %b4 (word 4) and %b7 (word 7). The
; expected contents in the .json come from a per-lane Python model of this
; function, not from a compiler.
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %vbase = shl i32 %tid, 3
  %0 = sext i32 %tid to i64
  %inp = getelementptr i32, ptr addrspace(1) %in, i64 %0
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  %t2 = mul i32 %x0, 75
  %1 = and i32 %t2, 512
  %t14 = icmp ne i32 %1, 0
  br label %b4

b1:                                               ; preds = %g7_2
  %t24 = add i32 %c.4.in, 3
  br i1 %f.1, label %b4, label %b5

b4:                                               ; preds = %g7_3, %b1, %entry
  %f.0 = phi i1 [ %t14, %entry ], [ true, %b1 ], [ %f.1, %g7_3 ]
  %c.1 = phi i32 [ 0, %entry ], [ %t24, %b1 ], [ %t104, %g7_3 ]
  %x.1 = phi i32 [ 0, %entry ], [ 0, %b1 ], [ %t99, %g7_3 ]
  %t57 = add i32 %x.1, 464
  %t63 = or disjoint i32 %vbase, 4
  %2 = sext i32 %t63 to i64
  %t64 = getelementptr i32, ptr addrspace(1) %visits, i64 %2
  %t65 = load i32, ptr addrspace(1) %t64, align 4
  %t66 = add i32 %t65, 1
  store i32 %t66, ptr addrspace(1) %t64, align 4
  br label %b7

b5:                                               ; preds = %b1
  br label %b7

b7:                                               ; preds = %b5, %b4
  %f.1 = phi i1 [ %f.0, %b4 ], [ false, %b5 ]
  %c.4.in = phi i32 [ %c.1, %b4 ], [ %t24, %b5 ]
  %x.4 = phi i32 [ %t57, %b4 ], [ 0, %b5 ]
  %t98 = add i32 %x.4, 425
  %t99 = add i32 %t98, %tid
  %t104 = add i32 %c.4.in, 2
  %t105 = or disjoint i32 %vbase, 7
  %3 = sext i32 %t105 to i64
  %t106 = getelementptr i32, ptr addrspace(1) %visits, i64 %3
  %t107 = load i32, ptr addrspace(1) %t106, align 4
  %t108 = add i32 %t107, 1
  store i32 %t108, ptr addrspace(1) %t106, align 4
  %t109 = and i32 %t99, 8
  %t110 = icmp eq i32 %t109, 0
  br i1 %t110, label %g7_2, label %g7_3

g7_2:                                             ; preds = %b7
  %t116 = icmp ugt i32 %t104, 12
  br i1 %t116, label %exit0, label %b1

g7_3:                                             ; preds = %b7
  br i1 false, label %g7_3.exit0_crit_edge, label %b4

g7_3.exit0_crit_edge:                             ; preds = %g7_3
  br label %exit0

exit0:                                            ; preds = %g7_3.exit0_crit_edge, %g7_2
  ret void
}

declare noundef i32 @llvm.amdgcn.workitem.id.x()
