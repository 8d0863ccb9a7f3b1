; cf_fuzz.py seed 140263 (-O1 to -O3, with either control-flow lowering): the
; variant branch of %b3 picks %g3_0 or %g3_1, each of which either leaves
; the loop (exit code) or goes on to %b2 or %b1, which give %h.0 different
; values. ConvergenceVarianceAnalysis applied its early-exit rule to the
; branches of the divergent blocks %g3_0 and %g3_1 and took %b1, %b2 and
; %h.0 for convergent and invariant; AMDGPUInvariantReadFirstLane then read
; %h.0 with readfirstlane, and every lane stored the first lane's %h.
;
; %visits counts each lane's visits of %b0 to %b3 (words 0-3). The expected
; contents in the .json come from the fuzzer's per-lane Python model of this
; function, not from a compiler.
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 4
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  br label %b0

b0:                                               ; preds = %entry
  %t2 = sub i32 767, %x0
  %t4 = mul i32 0, 31
  %t5 = add i32 %t4, 0
  %t7 = add i32 0, 1
  %t8 = add i32 %vbase, 0
  %t9 = getelementptr i32, ptr addrspace(1) %visits, i32 %t8
  %t10 = load i32, ptr addrspace(1) %t9, align 4
  %t11 = add i32 %t10, 1
  store i32 %t11, ptr addrspace(1) %t9, align 4
  %t12 = and i32 %t2, 2
  %t13 = icmp ne i32 %t12, 0
  br label %b3

b1:                                               ; preds = %g3_1
  %t15 = shl i32 %t45, 5
  %t17 = mul i32 %t48, 31
  %t18 = add i32 %t17, 1
  %t20 = add i32 %t50, 1
  %t21 = add i32 %vbase, 1
  %t22 = getelementptr i32, ptr addrspace(1) %visits, i32 %t21
  %t23 = load i32, ptr addrspace(1) %t22, align 4
  %t24 = add i32 %t23, 1
  store i32 %t24, ptr addrspace(1) %t22, align 4
  %t25 = and i32 %t15, 1
  %t26 = icmp ne i32 %t25, 0
  %t27 = and i32 %t15, 32
  %t28 = icmp eq i32 %t27, 0
  br i1 %t28, label %b3, label %b3

b2:                                               ; preds = %g3_0
  %t30 = shl i32 %t45, 4
  %t32 = mul i32 %t48, 31
  %t33 = add i32 %t32, 2
  %t35 = add i32 %t50, 1
  %t36 = add i32 %vbase, 2
  %t37 = getelementptr i32, ptr addrspace(1) %visits, i32 %t36
  %t38 = load i32, ptr addrspace(1) %t37, align 4
  %t39 = add i32 %t38, 1
  store i32 %t39, ptr addrspace(1) %t37, align 4
  %t40 = and i32 %t30, 16
  %t41 = icmp ne i32 %t40, 0
  %t42 = and i32 %s, 1
  %t43 = icmp ne i32 %t42, 0
  br i1 %t43, label %b3, label %b3

b3:                                               ; preds = %b2, %b2, %b1, %b1, %b0
  %c.0 = phi i32 [ %t7, %b0 ], [ %t35, %b2 ], [ %t35, %b2 ], [ %t20, %b1 ], [ %t20, %b1 ]
  %h.0 = phi i32 [ %t5, %b0 ], [ %t33, %b2 ], [ %t33, %b2 ], [ %t18, %b1 ], [ %t18, %b1 ]
  %x.0 = phi i32 [ %t2, %b0 ], [ %t30, %b2 ], [ %t30, %b2 ], [ %t15, %b1 ], [ %t15, %b1 ]
  %t45 = mul i32 %x.0, 81
  %t47 = mul i32 %h.0, 31
  %t48 = add i32 %t47, 3
  %t50 = add i32 %c.0, 1
  %t51 = add i32 %vbase, 3
  %t52 = getelementptr i32, ptr addrspace(1) %visits, i32 %t51
  %t53 = load i32, ptr addrspace(1) %t52, align 4
  %t54 = add i32 %t53, 1
  store i32 %t54, ptr addrspace(1) %t52, align 4
  %t55 = and i32 %t45, 64
  %t56 = icmp eq i32 %t55, 0
  br i1 %t56, label %g3_0, label %g3_1

g3_0:                                             ; preds = %b3
  %t58 = icmp ugt i32 %t50, 12
  br i1 %t58, label %exit1, label %b2

g3_1:                                             ; preds = %b3
  %t60 = icmp ugt i32 %t50, 12
  br i1 %t60, label %exit0, label %b1

exit0:                                            ; preds = %g3_1
  %t64 = add i32 %obase, 0
  %t65 = getelementptr i32, ptr addrspace(1) %out, i32 %t64
  store i32 %t45, ptr addrspace(1) %t65, align 4
  %t66 = add i32 %obase, 1
  %t67 = getelementptr i32, ptr addrspace(1) %out, i32 %t66
  store i32 %t48, ptr addrspace(1) %t67, align 4
  %t68 = add i32 %obase, 2
  %t69 = getelementptr i32, ptr addrspace(1) %out, i32 %t68
  store i32 %t50, ptr addrspace(1) %t69, align 4
  %t70 = add i32 %obase, 3
  %t71 = getelementptr i32, ptr addrspace(1) %out, i32 %t70
  store i32 1, ptr addrspace(1) %t71, align 4
  ret void

exit1:                                            ; preds = %g3_0
  %t75 = add i32 %obase, 0
  %t76 = getelementptr i32, ptr addrspace(1) %out, i32 %t75
  store i32 %t45, ptr addrspace(1) %t76, align 4
  %t77 = add i32 %obase, 1
  %t78 = getelementptr i32, ptr addrspace(1) %out, i32 %t77
  store i32 %t48, ptr addrspace(1) %t78, align 4
  %t79 = add i32 %obase, 2
  %t80 = getelementptr i32, ptr addrspace(1) %out, i32 %t79
  store i32 %t50, ptr addrspace(1) %t80, align 4
  %t81 = add i32 %obase, 3
  %t82 = getelementptr i32, ptr addrspace(1) %out, i32 %t81
  store i32 2, ptr addrspace(1) %t82, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
