; A cf_fuzz.py kernel (seed 300087, after mem2reg) that llc -O2 miscompiled
; with the reconverging lowering: wrong results on gfx90a, a crash on
; gfx1030. SILowerI1Copies merged the incoming lane mask of a phi before the
; S_CMP of its block's uniform branch, where the V_CMP that defines the mask
; (and the V_AND it reads) had been placed behind the S_CMP; run by
; reconverge-lane-mask-chain-after-scc.test. The reduced MIR is
; CodeGen/AMDGPU/lower-i1-mask-chain-after-scc.mir.

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 5
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  br label %b0

b0:                                               ; preds = %g3_1, %entry
  %c.0 = phi i32 [ 0, %entry ], [ %t53, %g3_1 ]
  %h.0 = phi i32 [ 0, %entry ], [ %t51, %g3_1 ]
  %x.0 = phi i32 [ %x0, %entry ], [ %t48, %g3_1 ]
  %t2 = xor i32 %x.0, -405
  %t3 = shl i32 %t2, 2
  %t5 = mul i32 %h.0, 31
  %t6 = add i32 %t5, 0
  %t8 = add i32 %c.0, 1
  %t9 = add i32 %vbase, 0
  %t10 = getelementptr i32, ptr addrspace(1) %visits, i32 %t9
  %t11 = load i32, ptr addrspace(1) %t10, align 4
  %t12 = add i32 %t11, 1
  store i32 %t12, ptr addrspace(1) %t10, align 4
  %t13 = and i32 %t3, 16
  %t14 = icmp ne i32 %t13, 0
  %t15 = and i32 %s, 1
  %t16 = icmp ne i32 %t15, 0
  br i1 %t16, label %b1, label %b4

b1:                                               ; preds = %g2_0, %b0
  %c.1 = phi i32 [ %t8, %b0 ], [ %t39, %g2_0 ]
  %h.1 = phi i32 [ %t6, %b0 ], [ %t37, %g2_0 ]
  %x.1 = phi i32 [ %t3, %b0 ], [ %t34, %g2_0 ]
  %t18 = add i32 %x.1, 893
  %t19 = add i32 %t18, 32
  %t21 = mul i32 %h.1, 31
  %t22 = add i32 %t21, 1
  %t24 = add i32 %c.1, 1
  %t25 = add i32 %vbase, 1
  %t26 = getelementptr i32, ptr addrspace(1) %visits, i32 %t25
  %t27 = load i32, ptr addrspace(1) %t26, align 4
  %t28 = add i32 %t27, 1
  store i32 %t28, ptr addrspace(1) %t26, align 4
  %t29 = and i32 %t19, 8
  %t30 = icmp ne i32 %t29, 0
  %t31 = and i32 %s, 1
  %t32 = icmp ne i32 %t31, 0
  br i1 %t32, label %b3, label %b4

b2:                                               ; preds = %g4_2
  %t34 = lshr i32 %t61, 1
  %t36 = mul i32 %t64, 31
  %t37 = add i32 %t36, 2
  %t39 = add i32 %t66, 1
  %t40 = add i32 %vbase, 2
  %t41 = getelementptr i32, ptr addrspace(1) %visits, i32 %t40
  %t42 = load i32, ptr addrspace(1) %t41, align 4
  %t43 = add i32 %t42, 1
  store i32 %t43, ptr addrspace(1) %t41, align 4
  %t44 = and i32 %s, 1
  %t45 = icmp ne i32 %t44, 0
  br i1 %t45, label %b3, label %g2_0

b3:                                               ; preds = %b2, %b1
  %f.0 = phi i1 [ %t30, %b1 ], [ %f.1, %b2 ]
  %c.2 = phi i32 [ %t24, %b1 ], [ %t39, %b2 ]
  %h.2 = phi i32 [ %t22, %b1 ], [ %t37, %b2 ]
  %x.2 = phi i32 [ %t19, %b1 ], [ %t34, %b2 ]
  %t47 = shl i32 %x.2, 5
  %t48 = sub i32 193, %t47
  %t50 = mul i32 %h.2, 31
  %t51 = add i32 %t50, 3
  %t53 = add i32 %c.2, 1
  %t54 = add i32 %vbase, 3
  %t55 = getelementptr i32, ptr addrspace(1) %visits, i32 %t54
  %t56 = load i32, ptr addrspace(1) %t55, align 4
  %t57 = add i32 %t56, 1
  store i32 %t57, ptr addrspace(1) %t55, align 4
  %t58 = and i32 %t48, 1
  %t59 = icmp eq i32 %t58, 0
  br i1 %t59, label %g3_1, label %b4

b4:                                               ; preds = %b3, %b1, %b0
  %f.1 = phi i1 [ %f.0, %b3 ], [ %t30, %b1 ], [ %t14, %b0 ]
  %c.3 = phi i32 [ %t53, %b3 ], [ %t24, %b1 ], [ %t8, %b0 ]
  %h.3 = phi i32 [ %t51, %b3 ], [ %t22, %b1 ], [ %t6, %b0 ]
  %x.3 = phi i32 [ %t48, %b3 ], [ %t19, %b1 ], [ %t3, %b0 ]
  %t61 = add i32 %x.3, 306
  %t63 = mul i32 %h.3, 31
  %t64 = add i32 %t63, 4
  %t66 = add i32 %c.3, 1
  %t67 = add i32 %vbase, 4
  %t68 = getelementptr i32, ptr addrspace(1) %visits, i32 %t67
  %t69 = load i32, ptr addrspace(1) %t68, align 4
  %t70 = add i32 %t69, 1
  store i32 %t70, ptr addrspace(1) %t68, align 4
  br i1 %f.1, label %g4_2, label %exit1

g2_0:                                             ; preds = %b2
  %t73 = icmp ugt i32 %t39, 12
  br i1 %t73, label %exit1, label %b1

g3_1:                                             ; preds = %b3
  %t75 = icmp ugt i32 %t53, 12
  br i1 %t75, label %exit0, label %b0

g4_2:                                             ; preds = %b4
  %t77 = icmp ugt i32 %t66, 12
  br i1 %t77, label %exit0, label %b2

exit0:                                            ; preds = %g4_2, %g3_1
  %c.4 = phi i32 [ %t53, %g3_1 ], [ %t66, %g4_2 ]
  %h.4 = phi i32 [ %t51, %g3_1 ], [ %t64, %g4_2 ]
  %x.4 = phi i32 [ %t48, %g3_1 ], [ %t61, %g4_2 ]
  %t81 = add i32 %obase, 0
  %t82 = getelementptr i32, ptr addrspace(1) %out, i32 %t81
  store i32 %x.4, ptr addrspace(1) %t82, align 4
  %t83 = add i32 %obase, 1
  %t84 = getelementptr i32, ptr addrspace(1) %out, i32 %t83
  store i32 %h.4, ptr addrspace(1) %t84, align 4
  %t85 = add i32 %obase, 2
  %t86 = getelementptr i32, ptr addrspace(1) %out, i32 %t85
  store i32 %c.4, ptr addrspace(1) %t86, align 4
  %t87 = add i32 %obase, 3
  %t88 = getelementptr i32, ptr addrspace(1) %out, i32 %t87
  store i32 1, ptr addrspace(1) %t88, align 4
  ret void

exit1:                                            ; preds = %g2_0, %b4
  %c.5 = phi i32 [ %t39, %g2_0 ], [ %t66, %b4 ]
  %h.5 = phi i32 [ %t37, %g2_0 ], [ %t64, %b4 ]
  %x.5 = phi i32 [ %t34, %g2_0 ], [ %t61, %b4 ]
  %t92 = add i32 %obase, 0
  %t93 = getelementptr i32, ptr addrspace(1) %out, i32 %t92
  store i32 %x.5, ptr addrspace(1) %t93, align 4
  %t94 = add i32 %obase, 1
  %t95 = getelementptr i32, ptr addrspace(1) %out, i32 %t94
  store i32 %h.5, ptr addrspace(1) %t95, align 4
  %t96 = add i32 %obase, 2
  %t97 = getelementptr i32, ptr addrspace(1) %out, i32 %t96
  store i32 %c.5, ptr addrspace(1) %t97, align 4
  %t98 = add i32 %obase, 3
  %t99 = getelementptr i32, ptr addrspace(1) %out, i32 %t98
  store i32 2, ptr addrspace(1) %t99, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
