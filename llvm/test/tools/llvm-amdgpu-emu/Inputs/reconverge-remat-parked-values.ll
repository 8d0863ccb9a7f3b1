; Miscompile of the reconverging lowering at -O2/-O3 (wave64), fixed by
; SIRematParkedValues. Found by cf_fuzz.py (seed 1172, default mode),
; reduced with llvm-reduce (interesting: the structurizing lowering gives the
; same visits[] at -O0 and -O2, the reconverging one at -O2 another).
;
; %b1 and %b6 form a loop that lanes leave in different iterations; %b6
; parks the leaving lanes at the flow block before %b3 while the wave runs
; %b1 again for the others. %b3's %t52 ((t15 >> 4) & 2 != 0) is %b1's
; (t15 & 32 != 0) after instruction selection, and MachineCSE made %b3 read
; %b1's V_CMP mask, whose bits of the lanes that left earlier the later
; iterations had cleared: those lanes left the outer cycle through %b9
; instead of coming back to %b1, and visits[10 * tid + 1] was 2 where it
; must be 12 or more. The expected buffers are those of the structurizing
; lowering (-O0 and -O2 agree).

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %vbase = mul i32 %tid, 10
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  %t2 = xor i32 %x0, -912
  %t12 = and i32 %t2, 2
  %t13 = icmp eq i32 %t12, 0
  br i1 %t13, label %b2, label %b1

b1:                                               ; preds = %b9, %b6, %entry
  %c.1 = phi i32 [ %t91, %b6 ], [ 0, %entry ], [ %t130, %b9 ]
  %x.1 = phi i32 [ 0, %b6 ], [ %t2, %entry ], [ %t125, %b9 ]
  %t15 = add i32 %x.1, %tid
  %t20 = add i32 %c.1, 1
  %t21 = add i32 %vbase, 1
  %t22 = getelementptr i32, ptr addrspace(1) %visits, i32 %t21
  %t23 = load i32, ptr addrspace(1) %t22, align 4
  %t24 = add i32 %t23, 1
  store i32 %t24, ptr addrspace(1) %t22, align 4
  %t25 = and i32 %t15, 32
  %t26 = icmp eq i32 %t25, 0
  br i1 %t26, label %b6, label %b3

b2:                                               ; preds = %b4, %entry
  %x.2 = phi i32 [ %t2, %entry ], [ %t56, %b4 ]
  %t28 = lshr i32 %x.2, 4
  %t38 = and i32 %s, 64
  %t39 = icmp ne i32 %t38, 0
  br i1 %t39, label %b7, label %exit0

b3:                                               ; preds = %b1
  %t41 = lshr i32 %t15, 4
  %t46 = add i32 %t20, 1
  %t51 = and i32 %t41, 2
  %t52 = icmp ne i32 %t51, 0
  %t53 = and i32 %s, 8
  %t54 = icmp ne i32 %t53, 0
  br i1 %t54, label %b4, label %b9

b4:                                               ; preds = %b3
  %t56 = add i32 %t41, %tid
  br label %b2

b6:                                               ; preds = %b1
  %t91 = add i32 %t20, 1
  %t141 = icmp ugt i32 %t91, 12
  br i1 %t141, label %exit0, label %b1

b7:                                               ; preds = %b2
  %t97 = add i32 %t28, 920
  br label %b9

b9:                                               ; preds = %b7, %b3
  %f.0 = phi i1 [ false, %b7 ], [ %t52, %b3 ]
  %c.3 = phi i32 [ 0, %b7 ], [ %t46, %b3 ]
  %x.3 = phi i32 [ %t97, %b7 ], [ %t41, %b3 ]
  %t125 = mul i32 %x.3, 21
  %t130 = add i32 %c.3, 1
  br i1 %f.0, label %b1, label %exit0

exit0:                                            ; preds = %b9, %b6, %b2
  ret void

; uselistorder directives
  uselistorder i32 %t2, { 1, 0, 2 }
  uselistorder i32 %t91, { 1, 0 }
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #0

; uselistorder directives
uselistorder i32 0, { 2, 3, 4, 5, 6, 0, 1, 7 }

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
