; cf_fuzz.py seed 180097 (after mem2reg): an irreducible cycle whose flow block
; parks lanes that later read a lane mask the cycle computes again.

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 10
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  br label %b0

b0:                                               ; preds = %entry
  %t2 = lshr i32 %x0, 3
  %t4 = mul i32 0, 31
  %t5 = add i32 %t4, 0
  %t7 = add i32 0, 1
  %t8 = add i32 %vbase, 0
  %t9 = getelementptr i32, ptr addrspace(1) %visits, i32 %t8
  %t10 = load i32, ptr addrspace(1) %t9, align 4
  %t11 = add i32 %t10, 1
  store i32 %t11, ptr addrspace(1) %t9, align 4
  %t12 = and i32 %t2, 64
  %t13 = icmp eq i32 %t12, 0
  br i1 %t13, label %b5, label %b6

b1:                                               ; preds = %g6_0
  %t15 = mul i32 %t83, 73
  %t17 = mul i32 %t86, 31
  %t18 = add i32 %t17, 1
  %t20 = add i32 %t88, 1
  %t21 = add i32 %vbase, 1
  %t22 = getelementptr i32, ptr addrspace(1) %visits, i32 %t21
  %t23 = load i32, ptr addrspace(1) %t22, align 4
  %t24 = add i32 %t23, 1
  store i32 %t24, ptr addrspace(1) %t22, align 4
  %t25 = and i32 %t15, 1
  %t26 = icmp eq i32 %t25, 0
  br i1 %t26, label %b3, label %b9

b2:                                               ; No predecessors!
  %t27 = load i32, ptr addrspace(5) poison, align 4
  %t28 = xor i32 %t27, -85
  %t29 = xor i32 %t28, -370
  store i32 %t29, ptr addrspace(5) poison, align 4
  %t30 = load i32, ptr addrspace(5) poison, align 4
  %t31 = mul i32 %t30, 31
  %t32 = add i32 %t31, 2
  store i32 %t32, ptr addrspace(5) poison, align 4
  %t33 = load i32, ptr addrspace(5) poison, align 4
  %t34 = add i32 %t33, 1
  store i32 %t34, ptr addrspace(5) poison, align 4
  %t35 = add i32 %vbase, 2
  %t36 = getelementptr i32, ptr addrspace(1) %visits, i32 %t35
  %t37 = load i32, ptr addrspace(1) %t36, align 4
  %t38 = add i32 %t37, 1
  store i32 %t38, ptr addrspace(1) %t36, align 4
  %t39 = and i32 %t29, 64
  %t40 = icmp eq i32 %t39, 0
  br i1 %t40, label %b4, label %b3

b3:                                               ; preds = %g9_3, %g8_1, %b2, %b1
  %f.0 = phi i1 [ %f.2, %g9_3 ], [ %f.1, %g8_1 ], [ %t94, %b1 ], [ poison, %b2 ]
  %c.0 = phi i32 [ %t128, %g9_3 ], [ %t116, %g8_1 ], [ %t20, %b1 ], [ poison, %b2 ]
  %h.0 = phi i32 [ %t126, %g9_3 ], [ %t114, %g8_1 ], [ %t18, %b1 ], [ poison, %b2 ]
  %x.0 = phi i32 [ %t123, %g9_3 ], [ %t111, %g8_1 ], [ %t15, %b1 ], [ poison, %b2 ]
  %t42 = add i32 %x.0, 307
  %t43 = mul i32 %t42, 75
  %t45 = mul i32 %h.0, 31
  %t46 = add i32 %t45, 3
  %t48 = add i32 %c.0, 1
  %t49 = add i32 %vbase, 3
  %t50 = getelementptr i32, ptr addrspace(1) %visits, i32 %t49
  %t51 = load i32, ptr addrspace(1) %t50, align 4
  %t52 = add i32 %t51, 1
  store i32 %t52, ptr addrspace(1) %t50, align 4
  %t53 = and i32 %t43, 64
  %t54 = icmp eq i32 %t53, 0
  br i1 %t54, label %b9, label %b5

b4:                                               ; preds = %b2
  %t55 = load i32, ptr addrspace(5) poison, align 4
  %t56 = lshr i32 %t55, 2
  %t57 = mul i32 %t56, 53
  store i32 %t57, ptr addrspace(5) poison, align 4
  %t58 = load i32, ptr addrspace(5) poison, align 4
  %t59 = mul i32 %t58, 31
  %t60 = add i32 %t59, 4
  store i32 %t60, ptr addrspace(5) poison, align 4
  %t61 = load i32, ptr addrspace(5) poison, align 4
  %t62 = add i32 %t61, 1
  store i32 %t62, ptr addrspace(5) poison, align 4
  %t63 = add i32 %vbase, 4
  %t64 = getelementptr i32, ptr addrspace(1) %visits, i32 %t63
  %t65 = load i32, ptr addrspace(1) %t64, align 4
  %t66 = add i32 %t65, 1
  store i32 %t66, ptr addrspace(1) %t64, align 4
  %t67 = and i32 %t57, 1
  %t68 = icmp eq i32 %t67, 0
  br i1 %t68, label %b8, label %b6

b5:                                               ; preds = %g9_2, %b3, %b0
  %f.1 = phi i1 [ false, %b0 ], [ %f.2, %g9_2 ], [ %f.0, %b3 ]
  %c.1 = phi i32 [ %t7, %b0 ], [ %t128, %g9_2 ], [ %t48, %b3 ]
  %h.1 = phi i32 [ %t5, %b0 ], [ %t126, %g9_2 ], [ %t46, %b3 ]
  %x.1 = phi i32 [ %t2, %b0 ], [ %t123, %g9_2 ], [ %t43, %b3 ]
  %t70 = shl i32 %x.1, 2
  %t72 = mul i32 %h.1, 31
  %t73 = add i32 %t72, 5
  %t75 = add i32 %c.1, 1
  %t76 = add i32 %vbase, 5
  %t77 = getelementptr i32, ptr addrspace(1) %visits, i32 %t76
  %t78 = load i32, ptr addrspace(1) %t77, align 4
  %t79 = add i32 %t78, 1
  store i32 %t79, ptr addrspace(1) %t77, align 4
  br i1 %f.1, label %b8, label %b9

b6:                                               ; preds = %b4, %b0
  %t82 = xor i32 %t2, 683
  %t83 = sub i32 683, %t82
  %t85 = mul i32 %t5, 31
  %t86 = add i32 %t85, 6
  %t88 = add i32 %t7, 1
  %t89 = add i32 %vbase, 6
  %t90 = getelementptr i32, ptr addrspace(1) %visits, i32 %t89
  %t91 = load i32, ptr addrspace(1) %t90, align 4
  %t92 = add i32 %t91, 1
  store i32 %t92, ptr addrspace(1) %t90, align 4
  %t93 = and i32 %t83, 32
  %t94 = icmp ne i32 %t93, 0
  br label %g6_0

b7:                                               ; No predecessors!
  %t95 = load i32, ptr addrspace(5) poison, align 4
  %t96 = lshr i32 %t95, 1
  store i32 %t96, ptr addrspace(5) poison, align 4
  %t97 = load i32, ptr addrspace(5) poison, align 4
  %t98 = mul i32 %t97, 31
  %t99 = add i32 %t98, 7
  store i32 %t99, ptr addrspace(5) poison, align 4
  %t100 = load i32, ptr addrspace(5) poison, align 4
  %t101 = add i32 %t100, 1
  store i32 %t101, ptr addrspace(5) poison, align 4
  %t102 = add i32 %vbase, 7
  %t103 = getelementptr i32, ptr addrspace(1) %visits, i32 %t102
  %t104 = load i32, ptr addrspace(1) %t103, align 4
  %t105 = add i32 %t104, 1
  store i32 %t105, ptr addrspace(1) %t103, align 4
  %t106 = and i32 %t96, 64
  %t107 = icmp ne i32 %t106, 0
  store i1 %t107, ptr addrspace(5) poison, align 1
  %t108 = load i1, ptr addrspace(5) poison, align 1
  br i1 %t108, label %b9, label %b9

b8:                                               ; preds = %b5, %b4
  %t110 = add i32 %t70, %lane
  %t111 = lshr i32 %t110, 5
  %t113 = mul i32 %t73, 31
  %t114 = add i32 %t113, 8
  %t116 = add i32 %t75, 1
  %t117 = add i32 %vbase, 8
  %t118 = getelementptr i32, ptr addrspace(1) %visits, i32 %t117
  %t119 = load i32, ptr addrspace(1) %t118, align 4
  %t120 = add i32 %t119, 1
  store i32 %t120, ptr addrspace(1) %t118, align 4
  br i1 %f.1, label %b9, label %g8_1

b9:                                               ; preds = %b8, %b7, %b7, %b5, %b3, %b1
  %f.2 = phi i1 [ %f.1, %b8 ], [ %f.0, %b3 ], [ %f.1, %b5 ], [ %t94, %b1 ], [ poison, %b7 ], [ poison, %b7 ]
  %c.2 = phi i32 [ %t116, %b8 ], [ %t48, %b3 ], [ %t75, %b5 ], [ %t20, %b1 ], [ poison, %b7 ], [ poison, %b7 ]
  %h.2 = phi i32 [ %t114, %b8 ], [ %t46, %b3 ], [ %t73, %b5 ], [ %t18, %b1 ], [ poison, %b7 ], [ poison, %b7 ]
  %x.2 = phi i32 [ %t111, %b8 ], [ %t43, %b3 ], [ %t70, %b5 ], [ %t15, %b1 ], [ poison, %b7 ], [ poison, %b7 ]
  %t123 = sub i32 -866, %x.2
  %t125 = mul i32 %h.2, 31
  %t126 = add i32 %t125, 9
  %t128 = add i32 %c.2, 1
  %t129 = add i32 %vbase, 9
  %t130 = getelementptr i32, ptr addrspace(1) %visits, i32 %t129
  %t131 = load i32, ptr addrspace(1) %t130, align 4
  %t132 = add i32 %t131, 1
  store i32 %t132, ptr addrspace(1) %t130, align 4
  %t133 = and i32 %t123, 1
  %t134 = icmp eq i32 %t133, 0
  br i1 %t134, label %g9_2, label %g9_3

g6_0:                                             ; preds = %b6
  %t136 = icmp ugt i32 %t88, 12
  br i1 %t136, label %exit1, label %b1

g8_1:                                             ; preds = %b8
  %t138 = icmp ugt i32 %t116, 12
  br i1 %t138, label %exit1, label %b3

g9_2:                                             ; preds = %b9
  %t140 = icmp ugt i32 %t128, 12
  br i1 %t140, label %exit0, label %b5

g9_3:                                             ; preds = %b9
  %t142 = icmp ugt i32 %t128, 12
  br i1 %t142, label %exit0, label %b3

exit0:                                            ; preds = %g9_3, %g9_2
  %t146 = add i32 %obase, 0
  %t147 = getelementptr i32, ptr addrspace(1) %out, i32 %t146
  store i32 %t123, ptr addrspace(1) %t147, align 4
  %t148 = add i32 %obase, 1
  %t149 = getelementptr i32, ptr addrspace(1) %out, i32 %t148
  store i32 %t126, ptr addrspace(1) %t149, align 4
  %t150 = add i32 %obase, 2
  %t151 = getelementptr i32, ptr addrspace(1) %out, i32 %t150
  store i32 %t128, ptr addrspace(1) %t151, align 4
  %t152 = add i32 %obase, 3
  %t153 = getelementptr i32, ptr addrspace(1) %out, i32 %t152
  store i32 1, ptr addrspace(1) %t153, align 4
  ret void

exit1:                                            ; preds = %g8_1, %g6_0
  %c.3 = phi i32 [ %t116, %g8_1 ], [ %t88, %g6_0 ]
  %h.3 = phi i32 [ %t114, %g8_1 ], [ %t86, %g6_0 ]
  %x.3 = phi i32 [ %t111, %g8_1 ], [ %t83, %g6_0 ]
  %t157 = add i32 %obase, 0
  %t158 = getelementptr i32, ptr addrspace(1) %out, i32 %t157
  store i32 %x.3, ptr addrspace(1) %t158, align 4
  %t159 = add i32 %obase, 1
  %t160 = getelementptr i32, ptr addrspace(1) %out, i32 %t159
  store i32 %h.3, ptr addrspace(1) %t160, align 4
  %t161 = add i32 %obase, 2
  %t162 = getelementptr i32, ptr addrspace(1) %out, i32 %t161
  store i32 %c.3, ptr addrspace(1) %t162, align 4
  %t163 = add i32 %obase, 3
  %t164 = getelementptr i32, ptr addrspace(1) %out, i32 %t163
  store i32 2, ptr addrspace(1) %t164, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
