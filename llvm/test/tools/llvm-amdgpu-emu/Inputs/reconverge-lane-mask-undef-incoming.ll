; cf_fuzz.py seed 99412: ReconvergeCFG's flow block %Flow (for %b0 -> %b3 and
; %b0 -> %b7) gets a phi of the lane mask %f.0 whose incoming value from %b3
; is undef (the lanes of %b3 do not read it) and from %b0 the constant false.
; The lanes that go from %b0 straight to %Flow wait there while the wave
; runs %b3; SILowerI1Copies' merge for the %b3 incoming must keep their
; false bits. Unmerged, at -O0 they read undefined bits and take %b1 -> %b5
; instead of %b1 -> %b2.
;
; %visits counts each lane's visits of %b0 to %b7 (words 0-7). The expected
; contents in the .json come from the fuzzer's per-lane Python model of this
; function, not from a compiler.
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

b0:                                               ; preds = %entry
  %t2 = sub i32 -151, %x0
  %t3 = lshr i32 %t2, 5
  %t5 = mul i32 0, 31
  %t6 = add i32 %t5, 0
  %t8 = add i32 0, 1
  %t9 = add i32 %vbase, 0
  %t10 = getelementptr i32, ptr addrspace(1) %visits, i32 %t9
  %t11 = load i32, ptr addrspace(1) %t10, align 4
  %t12 = add i32 %t11, 1
  store i32 %t12, ptr addrspace(1) %t10, align 4
  %t13 = and i32 %t3, 2
  %t14 = icmp eq i32 %t13, 0
  br i1 %t14, label %b3, label %b7

b1:                                               ; preds = %g7_1, %g7_0
  %t16 = add i32 %t98, -526
  %t18 = mul i32 %t101, 31
  %t19 = add i32 %t18, 1
  %t21 = add i32 %t103, 1
  %t22 = add i32 %vbase, 1
  %t23 = getelementptr i32, ptr addrspace(1) %visits, i32 %t22
  %t24 = load i32, ptr addrspace(1) %t23, align 4
  %t25 = add i32 %t24, 1
  store i32 %t25, ptr addrspace(1) %t23, align 4
  br i1 %f.0, label %b5, label %b2

b2:                                               ; preds = %b1
  %t28 = lshr i32 %t16, 2
  %t29 = xor i32 %t28, -94
  %t31 = mul i32 %t19, 31
  %t32 = add i32 %t31, 2
  %t34 = add i32 %t21, 1
  %t35 = add i32 %vbase, 2
  %t36 = getelementptr i32, ptr addrspace(1) %visits, i32 %t35
  %t37 = load i32, ptr addrspace(1) %t36, align 4
  %t38 = add i32 %t37, 1
  store i32 %t38, ptr addrspace(1) %t36, align 4
  br label %b4

b3:                                               ; preds = %b0
  %t40 = shl i32 %t3, 2
  %t42 = mul i32 %t6, 31
  %t43 = add i32 %t42, 3
  %t45 = add i32 %t8, 1
  %t46 = add i32 %vbase, 3
  %t47 = getelementptr i32, ptr addrspace(1) %visits, i32 %t46
  %t48 = load i32, ptr addrspace(1) %t47, align 4
  %t49 = add i32 %t48, 1
  store i32 %t49, ptr addrspace(1) %t47, align 4
  %t50 = and i32 %t40, 64
  %t51 = icmp ne i32 %t50, 0
  %t52 = and i32 %t40, 8
  %t53 = icmp eq i32 %t52, 0
  br i1 %t53, label %exit0, label %b5

b4:                                               ; preds = %b2
  %t55 = lshr i32 %t29, 1
  %t57 = mul i32 %t32, 31
  %t58 = add i32 %t57, 4
  %t60 = add i32 %t34, 1
  %t61 = add i32 %vbase, 4
  %t62 = getelementptr i32, ptr addrspace(1) %visits, i32 %t61
  %t63 = load i32, ptr addrspace(1) %t62, align 4
  %t64 = add i32 %t63, 1
  store i32 %t64, ptr addrspace(1) %t62, align 4
  %t65 = and i32 %t55, 64
  %t66 = icmp eq i32 %t65, 0
  br i1 %t66, label %b7, label %b7

b5:                                               ; preds = %b3, %b1
  %c.0 = phi i32 [ %t45, %b3 ], [ %t21, %b1 ]
  %h.0 = phi i32 [ %t43, %b3 ], [ %t19, %b1 ]
  %x.0 = phi i32 [ %t40, %b3 ], [ %t16, %b1 ]
  %t68 = xor i32 %x.0, 141
  %t70 = mul i32 %h.0, 31
  %t71 = add i32 %t70, 5
  %t73 = add i32 %c.0, 1
  %t74 = add i32 %vbase, 5
  %t75 = getelementptr i32, ptr addrspace(1) %visits, i32 %t74
  %t76 = load i32, ptr addrspace(1) %t75, align 4
  %t77 = add i32 %t76, 1
  store i32 %t77, ptr addrspace(1) %t75, align 4
  %t78 = and i32 %t68, 16
  %t79 = icmp ne i32 %t78, 0
  br i1 %t79, label %b7, label %b7

b6:                                               ; No predecessors!
  %t81 = load i32, ptr addrspace(5) poison, align 4
  %t82 = shl i32 %t81, 5
  %t83 = mul i32 %t82, 91
  store i32 %t83, ptr addrspace(5) poison, align 4
  %t84 = load i32, ptr addrspace(5) poison, align 4
  %t85 = mul i32 %t84, 31
  %t86 = add i32 %t85, 6
  store i32 %t86, ptr addrspace(5) poison, align 4
  %t87 = load i32, ptr addrspace(5) poison, align 4
  %t88 = add i32 %t87, 1
  store i32 %t88, ptr addrspace(5) poison, align 4
  %t89 = add i32 %vbase, 6
  %t90 = getelementptr i32, ptr addrspace(1) %visits, i32 %t89
  %t91 = load i32, ptr addrspace(1) %t90, align 4
  %t92 = add i32 %t91, 1
  store i32 %t92, ptr addrspace(1) %t90, align 4
  %t93 = and i32 %t83, 2
  %t94 = icmp ne i32 %t93, 0
  store i1 %t94, ptr addrspace(5) poison, align 1
  %t95 = and i32 %s, 8
  %t96 = icmp ne i32 %t95, 0
  br i1 %t96, label %exit1, label %b7

b7:                                               ; preds = %b6, %b5, %b5, %b4, %b4, %b0
  %f.0 = phi i1 [ %t79, %b5 ], [ %t79, %b5 ], [ %f.0, %b4 ], [ %f.0, %b4 ], [ false, %b0 ], [ poison, %b6 ]
  %c.1 = phi i32 [ %t73, %b5 ], [ %t73, %b5 ], [ %t60, %b4 ], [ %t60, %b4 ], [ %t8, %b0 ], [ poison, %b6 ]
  %h.1 = phi i32 [ %t71, %b5 ], [ %t71, %b5 ], [ %t58, %b4 ], [ %t58, %b4 ], [ %t6, %b0 ], [ poison, %b6 ]
  %x.1 = phi i32 [ %t68, %b5 ], [ %t68, %b5 ], [ %t55, %b4 ], [ %t55, %b4 ], [ %t3, %b0 ], [ poison, %b6 ]
  %t98 = xor i32 %x.1, -488
  %t100 = mul i32 %h.1, 31
  %t101 = add i32 %t100, 7
  %t103 = add i32 %c.1, 1
  %t104 = add i32 %vbase, 7
  %t105 = getelementptr i32, ptr addrspace(1) %visits, i32 %t104
  %t106 = load i32, ptr addrspace(1) %t105, align 4
  %t107 = add i32 %t106, 1
  store i32 %t107, ptr addrspace(1) %t105, align 4
  %t108 = and i32 %s, 4
  %t109 = icmp ne i32 %t108, 0
  br i1 %t109, label %g7_0, label %g7_1

g7_0:                                             ; preds = %b7
  %t111 = icmp ugt i32 %t103, 12
  br i1 %t111, label %exit0, label %b1

g7_1:                                             ; preds = %b7
  %t113 = icmp ugt i32 %t103, 12
  br i1 %t113, label %exit1, label %b1

exit0:                                            ; preds = %g7_0, %b3
  %c.2 = phi i32 [ %t45, %b3 ], [ %t103, %g7_0 ]
  %h.2 = phi i32 [ %t43, %b3 ], [ %t101, %g7_0 ]
  %x.2 = phi i32 [ %t40, %b3 ], [ %t98, %g7_0 ]
  %t117 = add i32 %obase, 0
  %t118 = getelementptr i32, ptr addrspace(1) %out, i32 %t117
  store i32 %x.2, ptr addrspace(1) %t118, align 4
  %t119 = add i32 %obase, 1
  %t120 = getelementptr i32, ptr addrspace(1) %out, i32 %t119
  store i32 %h.2, ptr addrspace(1) %t120, align 4
  %t121 = add i32 %obase, 2
  %t122 = getelementptr i32, ptr addrspace(1) %out, i32 %t121
  store i32 %c.2, ptr addrspace(1) %t122, align 4
  %t123 = add i32 %obase, 3
  %t124 = getelementptr i32, ptr addrspace(1) %out, i32 %t123
  store i32 1, ptr addrspace(1) %t124, align 4
  ret void

exit1:                                            ; preds = %g7_1, %b6
  %t128 = add i32 %obase, 0
  %t129 = getelementptr i32, ptr addrspace(1) %out, i32 %t128
  store i32 %t98, ptr addrspace(1) %t129, align 4
  %t130 = add i32 %obase, 1
  %t131 = getelementptr i32, ptr addrspace(1) %out, i32 %t130
  store i32 %t101, ptr addrspace(1) %t131, align 4
  %t132 = add i32 %obase, 2
  %t133 = getelementptr i32, ptr addrspace(1) %out, i32 %t132
  store i32 %t103, ptr addrspace(1) %t133, align 4
  %t134 = add i32 %obase, 3
  %t135 = getelementptr i32, ptr addrspace(1) %out, i32 %t134
  store i32 2, ptr addrspace(1) %t135, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
