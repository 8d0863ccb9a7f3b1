; OPEN BUG (found at the end of session 9, not yet analysed): the
; reconverging lowering miscompiles this cf_fuzz.py kernel (seed 1534,
; default mode) on gfx1030 (wave32) at -O2 and -O3; -O1, gfx90a, and
; -amdgpu-cf-lowering=structurize are right, as is Debian's llc-19.
; -disable-machine-cse does not help (so not the SIRematParkedValues
; case); a build from before SIRematParkedValues fails the same way.
;
;   llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 this.ll -filetype=obj -o k.o
;   ld.lld -shared k.o -o k.co
;   llvm-amdgpu-emu --launch=reconverge-open-bug-seed1534.json --run k.co
;     -> 357 elements differ from the expected contents
;
; The expected contents are the fuzzer's per-lane Python model. No test
; runs this file yet; once fixed, reduce it (llvm-reduce, as for
; reconverge-remat-parked-values.ll) and add an emulator test.
; ModuleID = '/tmp/tmprcb70fbr/raw.ll'
source_filename = "/tmp/tmprcb70fbr/raw.ll"

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 8
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  br label %b0

b0:                                               ; preds = %g2_0, %entry
  %c.0 = phi i32 [ 0, %entry ], [ %t37, %g2_0 ]
  %h.0 = phi i32 [ 0, %entry ], [ %t35, %g2_0 ]
  %x.0 = phi i32 [ %x0, %entry ], [ %t32, %g2_0 ]
  %t2 = mul i32 %x.0, 75
  %t3 = lshr i32 %t2, 3
  %t5 = mul i32 %h.0, 31
  %t6 = add i32 %t5, 0
  %t8 = add i32 %c.0, 1
  %t9 = add i32 %vbase, 0
  %t10 = getelementptr i32, ptr addrspace(1) %visits, i32 %t9
  %t11 = load i32, ptr addrspace(1) %t10, align 4
  %t12 = add i32 %t11, 1
  store i32 %t12, ptr addrspace(1) %t10, align 4
  %t13 = and i32 %t3, 64
  %t14 = icmp ne i32 %t13, 0
  %t15 = and i32 %t3, 1
  %t16 = icmp eq i32 %t15, 0
  br i1 %t16, label %b3, label %b2

b1:                                               ; preds = %g7_2
  %t18 = add i32 %t99, -325
  %t19 = add i32 %t18, %lane
  %t21 = mul i32 %t102, 31
  %t22 = add i32 %t21, 1
  %t24 = add i32 %t104, 1
  %t25 = add i32 %vbase, 1
  %t26 = getelementptr i32, ptr addrspace(1) %visits, i32 %t25
  %t27 = load i32, ptr addrspace(1) %t26, align 4
  %t28 = add i32 %t27, 1
  store i32 %t28, ptr addrspace(1) %t26, align 4
  br i1 %f.1, label %b4, label %b5

b2:                                               ; preds = %b0
  %t31 = add i32 %t3, -930
  %t32 = shl i32 %t31, 1
  %t34 = mul i32 %t6, 31
  %t35 = add i32 %t34, 2
  %t37 = add i32 %t8, 1
  %t38 = add i32 %vbase, 2
  %t39 = getelementptr i32, ptr addrspace(1) %visits, i32 %t38
  %t40 = load i32, ptr addrspace(1) %t39, align 4
  %t41 = add i32 %t40, 1
  store i32 %t41, ptr addrspace(1) %t39, align 4
  br label %g2_0

b3:                                               ; preds = %b0
  %t43 = add i32 %t3, %lane
  %t44 = sub i32 470, %t43
  %t46 = mul i32 %t6, 31
  %t47 = add i32 %t46, 3
  %t49 = add i32 %t8, 1
  %t50 = add i32 %vbase, 3
  %t51 = getelementptr i32, ptr addrspace(1) %visits, i32 %t50
  %t52 = load i32, ptr addrspace(1) %t51, align 4
  %t53 = add i32 %t52, 1
  store i32 %t53, ptr addrspace(1) %t51, align 4
  %t54 = and i32 %t44, 8
  %t55 = icmp eq i32 %t54, 0
  br i1 %t55, label %b4, label %b6

b4:                                               ; preds = %g7_3, %b3, %b1
  %f.0 = phi i1 [ %t14, %b3 ], [ %f.1, %b1 ], [ %f.1, %g7_3 ]
  %c.1 = phi i32 [ %t49, %b3 ], [ %t24, %b1 ], [ %t104, %g7_3 ]
  %h.1 = phi i32 [ %t47, %b3 ], [ %t22, %b1 ], [ %t102, %g7_3 ]
  %x.1 = phi i32 [ %t44, %b3 ], [ %t19, %b1 ], [ %t99, %g7_3 ]
  %t57 = add i32 %x.1, 464
  %t59 = mul i32 %h.1, 31
  %t60 = add i32 %t59, 4
  %t62 = add i32 %c.1, 1
  %t63 = add i32 %vbase, 4
  %t64 = getelementptr i32, ptr addrspace(1) %visits, i32 %t63
  %t65 = load i32, ptr addrspace(1) %t64, align 4
  %t66 = add i32 %t65, 1
  store i32 %t66, ptr addrspace(1) %t64, align 4
  br i1 %f.0, label %b7, label %b6

b5:                                               ; preds = %g5_1, %b1
  %c.2 = phi i32 [ %t24, %b1 ], [ %t74, %g5_1 ]
  %h.2 = phi i32 [ %t22, %b1 ], [ %t72, %g5_1 ]
  %x.2 = phi i32 [ %t19, %b1 ], [ %t69, %g5_1 ]
  %t69 = lshr i32 %x.2, 3
  %t71 = mul i32 %h.2, 31
  %t72 = add i32 %t71, 5
  %t74 = add i32 %c.2, 1
  %t75 = add i32 %vbase, 5
  %t76 = getelementptr i32, ptr addrspace(1) %visits, i32 %t75
  %t77 = load i32, ptr addrspace(1) %t76, align 4
  %t78 = add i32 %t77, 1
  store i32 %t78, ptr addrspace(1) %t76, align 4
  %t79 = and i32 %t69, 2
  %t80 = icmp ne i32 %t79, 0
  %t81 = and i32 %s, 64
  %t82 = icmp ne i32 %t81, 0
  br i1 %t82, label %b7, label %g5_1

b6:                                               ; preds = %b4, %b3
  %c.3 = phi i32 [ %t62, %b4 ], [ %t49, %b3 ]
  %h.3 = phi i32 [ %t60, %b4 ], [ %t47, %b3 ]
  %x.3 = phi i32 [ %t57, %b4 ], [ %t44, %b3 ]
  %t84 = sub i32 -916, %x.3
  %t85 = xor i32 %t84, 332
  %t87 = mul i32 %h.3, 31
  %t88 = add i32 %t87, 6
  %t90 = add i32 %c.3, 1
  %t91 = add i32 %vbase, 6
  %t92 = getelementptr i32, ptr addrspace(1) %visits, i32 %t91
  %t93 = load i32, ptr addrspace(1) %t92, align 4
  %t94 = add i32 %t93, 1
  store i32 %t94, ptr addrspace(1) %t92, align 4
  %t95 = and i32 %t85, 32
  %t96 = icmp ne i32 %t95, 0
  br label %b7

b7:                                               ; preds = %b6, %b5, %b4
  %f.1 = phi i1 [ %f.0, %b4 ], [ %t80, %b5 ], [ %t96, %b6 ]
  %c.4 = phi i32 [ %t62, %b4 ], [ %t74, %b5 ], [ %t90, %b6 ]
  %h.4 = phi i32 [ %t60, %b4 ], [ %t72, %b5 ], [ %t88, %b6 ]
  %x.4 = phi i32 [ %t57, %b4 ], [ %t69, %b5 ], [ %t85, %b6 ]
  %t98 = add i32 %x.4, 425
  %t99 = add i32 %t98, %lane
  %t101 = mul i32 %h.4, 31
  %t102 = add i32 %t101, 7
  %t104 = add i32 %c.4, 1
  %t105 = add i32 %vbase, 7
  %t106 = getelementptr i32, ptr addrspace(1) %visits, i32 %t105
  %t107 = load i32, ptr addrspace(1) %t106, align 4
  %t108 = add i32 %t107, 1
  store i32 %t108, ptr addrspace(1) %t106, align 4
  %t109 = and i32 %t99, 8
  %t110 = icmp eq i32 %t109, 0
  br i1 %t110, label %g7_2, label %g7_3

g2_0:                                             ; preds = %b2
  %t112 = icmp ugt i32 %t37, 12
  br i1 %t112, label %exit0, label %b0

g5_1:                                             ; preds = %b5
  %t114 = icmp ugt i32 %t74, 12
  br i1 %t114, label %exit0, label %b5

g7_2:                                             ; preds = %b7
  %t116 = icmp ugt i32 %t104, 12
  br i1 %t116, label %exit0, label %b1

g7_3:                                             ; preds = %b7
  %t118 = icmp ugt i32 %t104, 12
  br i1 %t118, label %exit0, label %b4

exit0:                                            ; preds = %g7_3, %g7_2, %g5_1, %g2_0
  %c.5 = phi i32 [ %t104, %g7_2 ], [ %t74, %g5_1 ], [ %t104, %g7_3 ], [ %t37, %g2_0 ]
  %h.5 = phi i32 [ %t102, %g7_2 ], [ %t72, %g5_1 ], [ %t102, %g7_3 ], [ %t35, %g2_0 ]
  %x.5 = phi i32 [ %t99, %g7_2 ], [ %t69, %g5_1 ], [ %t99, %g7_3 ], [ %t32, %g2_0 ]
  %t122 = add i32 %obase, 0
  %t123 = getelementptr i32, ptr addrspace(1) %out, i32 %t122
  store i32 %x.5, ptr addrspace(1) %t123, align 4
  %t124 = add i32 %obase, 1
  %t125 = getelementptr i32, ptr addrspace(1) %out, i32 %t124
  store i32 %h.5, ptr addrspace(1) %t125, align 4
  %t126 = add i32 %obase, 2
  %t127 = getelementptr i32, ptr addrspace(1) %out, i32 %t126
  store i32 %c.5, ptr addrspace(1) %t127, align 4
  %t128 = add i32 %obase, 3
  %t129 = getelementptr i32, ptr addrspace(1) %out, i32 %t128
  store i32 1, ptr addrspace(1) %t129, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
