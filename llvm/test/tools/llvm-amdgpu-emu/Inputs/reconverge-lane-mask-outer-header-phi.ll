; cf_fuzz.py seed 130211 (-O2): a loop with two latches, %b1 -> %b3 and
; %b2 -> %b3, whose header phi %f.0 is a lane mask that the divergent branch
; of %b1 reads. At -O2, LoopSimplify makes %b3 <-> %b1 an inner cycle and
; gives the outer one the header %b3.outer with the phi
;   %f.0.ph = phi i1 [ %t14, %b3.preheader ], [ %t42, %b2 ]
; The lanes that go from %b1 back to %b3 wait there while the wave runs %b2
; and %b3.outer for the others; the phi, lowered without merging, cleared
; the waiting lanes' bits and sent them to %b2 on their next iteration.
;
; %visits counts each lane's visits of %b0, %b1, %b2 and %b3 (words 0-3).
; The expected contents in the .json come from the fuzzer's per-lane Python
; model of this function, not from a compiler.
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
  %t2 = shl i32 %x0, 4
  %t3 = mul i32 %t2, 95
  %t5 = mul i32 0, 31
  %t6 = add i32 %t5, 0
  %t8 = add i32 0, 1
  %t9 = add i32 %vbase, 0
  %t10 = getelementptr i32, ptr addrspace(1) %visits, i32 %t9
  %t11 = load i32, ptr addrspace(1) %t10, align 4
  %t12 = add i32 %t11, 1
  store i32 %t12, ptr addrspace(1) %t10, align 4
  %t13 = and i32 %t3, 2
  %t14 = icmp ne i32 %t13, 0
  %t15 = and i32 %s, 16
  %t16 = icmp ne i32 %t15, 0
  br i1 %t16, label %b3, label %exit0

b1:                                               ; preds = %g3_0
  %t18 = add i32 %t44, 897
  %t20 = mul i32 %t47, 31
  %t21 = add i32 %t20, 1
  %t23 = add i32 %t49, 1
  %t24 = add i32 %vbase, 1
  %t25 = getelementptr i32, ptr addrspace(1) %visits, i32 %t24
  %t26 = load i32, ptr addrspace(1) %t25, align 4
  %t27 = add i32 %t26, 1
  store i32 %t27, ptr addrspace(1) %t25, align 4
  br i1 %f.0, label %b3, label %b2

b2:                                               ; preds = %b1
  %t30 = xor i32 %t18, 448
  %t31 = lshr i32 %t30, 1
  %t33 = mul i32 %t21, 31
  %t34 = add i32 %t33, 2
  %t36 = add i32 %t23, 1
  %t37 = add i32 %vbase, 2
  %t38 = getelementptr i32, ptr addrspace(1) %visits, i32 %t37
  %t39 = load i32, ptr addrspace(1) %t38, align 4
  %t40 = add i32 %t39, 1
  store i32 %t40, ptr addrspace(1) %t38, align 4
  %t41 = and i32 %t31, 64
  %t42 = icmp ne i32 %t41, 0
  br label %b3

b3:                                               ; preds = %b2, %b1, %b0
  %f.0 = phi i1 [ %t14, %b0 ], [ %f.0, %b1 ], [ %t42, %b2 ]
  %c.0 = phi i32 [ %t8, %b0 ], [ %t23, %b1 ], [ %t36, %b2 ]
  %h.0 = phi i32 [ %t6, %b0 ], [ %t21, %b1 ], [ %t34, %b2 ]
  %x.0 = phi i32 [ %t3, %b0 ], [ %t18, %b1 ], [ %t31, %b2 ]
  %t44 = add i32 %x.0, 704
  %t46 = mul i32 %h.0, 31
  %t47 = add i32 %t46, 3
  %t49 = add i32 %c.0, 1
  %t50 = add i32 %vbase, 3
  %t51 = getelementptr i32, ptr addrspace(1) %visits, i32 %t50
  %t52 = load i32, ptr addrspace(1) %t51, align 4
  %t53 = add i32 %t52, 1
  store i32 %t53, ptr addrspace(1) %t51, align 4
  br label %g3_0

g3_0:                                             ; preds = %b3
  %t55 = icmp ugt i32 %t49, 12
  br i1 %t55, label %exit0, label %b1

exit0:                                            ; preds = %g3_0, %b0
  %c.1 = phi i32 [ %t49, %g3_0 ], [ %t8, %b0 ]
  %h.1 = phi i32 [ %t47, %g3_0 ], [ %t6, %b0 ]
  %x.1 = phi i32 [ %t44, %g3_0 ], [ %t3, %b0 ]
  %t59 = add i32 %obase, 0
  %t60 = getelementptr i32, ptr addrspace(1) %out, i32 %t59
  store i32 %x.1, ptr addrspace(1) %t60, align 4
  %t61 = add i32 %obase, 1
  %t62 = getelementptr i32, ptr addrspace(1) %out, i32 %t61
  store i32 %h.1, ptr addrspace(1) %t62, align 4
  %t63 = add i32 %obase, 2
  %t64 = getelementptr i32, ptr addrspace(1) %out, i32 %t63
  store i32 %c.1, ptr addrspace(1) %t64, align 4
  %t65 = add i32 %obase, 3
  %t66 = getelementptr i32, ptr addrspace(1) %out, i32 %t65
  store i32 1, ptr addrspace(1) %t66, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
