; cf_fuzz.py seed 130055 (-O0 and -O2): %b2's divergent branch sends lanes
; to %b3 or %b4; the cycle %b2 -> %b4 -> %b6 -> %g6_1 -> %b2 has a second
; entry, %b6 from %b5 (it is irreducible). ReconvergeCFG routes %b2's
; branch through a virtual node %b2.virt and a flow block %Flow, where lanes
; that went around the outer cycle through %b3 meet lanes that did not, and
; %Flow's route phis are divergent although UniformityAnalysis takes them
; for uniform; the lanes bound for %b4 went to %b5.
;
; %visits counts each lane's visits of %b0 to %b6 (words 0-6). The expected
; contents in the .json come from the fuzzer's per-lane Python model of this
; function, not from a compiler.
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 7
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  br label %b0

b0:                                               ; preds = %g6_0, %entry
  %c.0 = phi i32 [ 0, %entry ], [ %t93, %g6_0 ]
  %h.0 = phi i32 [ 0, %entry ], [ %t91, %g6_0 ]
  %x.0 = phi i32 [ %x0, %entry ], [ %t88, %g6_0 ]
  %t2 = sub i32 72, %x.0
  %t4 = mul i32 %h.0, 31
  %t5 = add i32 %t4, 0
  %t7 = add i32 %c.0, 1
  %t8 = add i32 %vbase, 0
  %t9 = getelementptr i32, ptr addrspace(1) %visits, i32 %t8
  %t10 = load i32, ptr addrspace(1) %t9, align 4
  %t11 = add i32 %t10, 1
  store i32 %t11, ptr addrspace(1) %t9, align 4
  %t12 = and i32 %t2, 1
  %t13 = icmp ne i32 %t12, 0
  %t14 = and i32 %t2, 1
  %t15 = icmp eq i32 %t14, 0
  br i1 %t15, label %exit0, label %b1

b1:                                               ; preds = %b0
  %t17 = add i32 %t2, -326
  %t19 = mul i32 %t5, 31
  %t20 = add i32 %t19, 1
  %t22 = add i32 %t7, 1
  %t23 = add i32 %vbase, 1
  %t24 = getelementptr i32, ptr addrspace(1) %visits, i32 %t23
  %t25 = load i32, ptr addrspace(1) %t24, align 4
  %t26 = add i32 %t25, 1
  store i32 %t26, ptr addrspace(1) %t24, align 4
  br label %b3

b2:                                               ; preds = %g6_1
  %t28 = lshr i32 %t88, 1
  %t29 = shl i32 %t28, 3
  %t31 = mul i32 %t91, 31
  %t32 = add i32 %t31, 2
  %t34 = add i32 %t93, 1
  %t35 = add i32 %vbase, 2
  %t36 = getelementptr i32, ptr addrspace(1) %visits, i32 %t35
  %t37 = load i32, ptr addrspace(1) %t36, align 4
  %t38 = add i32 %t37, 1
  store i32 %t38, ptr addrspace(1) %t36, align 4
  %t39 = and i32 %t29, 8
  %t40 = icmp ne i32 %t39, 0
  %t41 = and i32 %t29, 16
  %t42 = icmp eq i32 %t41, 0
  br i1 %t42, label %b3, label %b4

b3:                                               ; preds = %b2, %b1
  %c.1 = phi i32 [ %t22, %b1 ], [ %t34, %b2 ]
  %h.1 = phi i32 [ %t20, %b1 ], [ %t32, %b2 ]
  %x.1 = phi i32 [ %t17, %b1 ], [ %t29, %b2 ]
  %t44 = add i32 %x.1, %lane
  %t46 = mul i32 %h.1, 31
  %t47 = add i32 %t46, 3
  %t49 = add i32 %c.1, 1
  %t50 = add i32 %vbase, 3
  %t51 = getelementptr i32, ptr addrspace(1) %visits, i32 %t50
  %t52 = load i32, ptr addrspace(1) %t51, align 4
  %t53 = add i32 %t52, 1
  store i32 %t53, ptr addrspace(1) %t51, align 4
  %t54 = and i32 %t44, 2
  %t55 = icmp ne i32 %t54, 0
  %t56 = and i32 %s, 4
  %t57 = icmp ne i32 %t56, 0
  br i1 %t57, label %b4, label %b5

b4:                                               ; preds = %b3, %b2
  %c.2 = phi i32 [ %t49, %b3 ], [ %t34, %b2 ]
  %h.2 = phi i32 [ %t47, %b3 ], [ %t32, %b2 ]
  %x.2 = phi i32 [ %t44, %b3 ], [ %t29, %b2 ]
  %t59 = mul i32 %x.2, 87
  %t60 = mul i32 %t59, 41
  %t62 = mul i32 %h.2, 31
  %t63 = add i32 %t62, 4
  %t65 = add i32 %c.2, 1
  %t66 = add i32 %vbase, 4
  %t67 = getelementptr i32, ptr addrspace(1) %visits, i32 %t66
  %t68 = load i32, ptr addrspace(1) %t67, align 4
  %t69 = add i32 %t68, 1
  store i32 %t69, ptr addrspace(1) %t67, align 4
  %t70 = and i32 %t60, 32
  %t71 = icmp ne i32 %t70, 0
  br label %b6

b5:                                               ; preds = %b3
  %t73 = shl i32 %t44, 4
  %t75 = mul i32 %t47, 31
  %t76 = add i32 %t75, 5
  %t78 = add i32 %t49, 1
  %t79 = add i32 %vbase, 5
  %t80 = getelementptr i32, ptr addrspace(1) %visits, i32 %t79
  %t81 = load i32, ptr addrspace(1) %t80, align 4
  %t82 = add i32 %t81, 1
  store i32 %t82, ptr addrspace(1) %t80, align 4
  %t83 = and i32 %t73, 16
  %t84 = icmp ne i32 %t83, 0
  br i1 %t84, label %b6, label %b6

b6:                                               ; preds = %b5, %b5, %b4
  %c.3 = phi i32 [ %t65, %b4 ], [ %t78, %b5 ], [ %t78, %b5 ]
  %h.3 = phi i32 [ %t63, %b4 ], [ %t76, %b5 ], [ %t76, %b5 ]
  %x.3 = phi i32 [ %t60, %b4 ], [ %t73, %b5 ], [ %t73, %b5 ]
  %t87 = sub i32 970, %x.3
  %t88 = lshr i32 %t87, 4
  %t90 = mul i32 %h.3, 31
  %t91 = add i32 %t90, 6
  %t93 = add i32 %c.3, 1
  %t94 = add i32 %vbase, 6
  %t95 = getelementptr i32, ptr addrspace(1) %visits, i32 %t94
  %t96 = load i32, ptr addrspace(1) %t95, align 4
  %t97 = add i32 %t96, 1
  store i32 %t97, ptr addrspace(1) %t95, align 4
  %t98 = and i32 %t88, 2
  %t99 = icmp ne i32 %t98, 0
  %t100 = and i32 %s, 128
  %t101 = icmp ne i32 %t100, 0
  br i1 %t101, label %g6_0, label %g6_1

g6_0:                                             ; preds = %b6
  %t103 = icmp ugt i32 %t93, 12
  br i1 %t103, label %exit0, label %b0

g6_1:                                             ; preds = %b6
  %t105 = icmp ugt i32 %t93, 12
  br i1 %t105, label %exit0, label %b2

exit0:                                            ; preds = %g6_1, %g6_0, %b0
  %c.4 = phi i32 [ %t7, %b0 ], [ %t93, %g6_0 ], [ %t93, %g6_1 ]
  %h.4 = phi i32 [ %t5, %b0 ], [ %t91, %g6_0 ], [ %t91, %g6_1 ]
  %x.4 = phi i32 [ %t2, %b0 ], [ %t88, %g6_0 ], [ %t88, %g6_1 ]
  %t109 = add i32 %obase, 0
  %t110 = getelementptr i32, ptr addrspace(1) %out, i32 %t109
  store i32 %x.4, ptr addrspace(1) %t110, align 4
  %t111 = add i32 %obase, 1
  %t112 = getelementptr i32, ptr addrspace(1) %out, i32 %t111
  store i32 %h.4, ptr addrspace(1) %t112, align 4
  %t113 = add i32 %obase, 2
  %t114 = getelementptr i32, ptr addrspace(1) %out, i32 %t113
  store i32 %c.4, ptr addrspace(1) %t114, align 4
  %t115 = add i32 %obase, 3
  %t116 = getelementptr i32, ptr addrspace(1) %out, i32 %t115
  store i32 1, ptr addrspace(1) %t116, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
