target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) #0 {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wgbase = mul i32 %wg, 64
  %lane = add i32 %wgbase, %tid
  %vbase = mul i32 %lane, 16
  %obase = mul i32 %lane, 4
  %inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  %x0 = load i32, ptr addrspace(1) %inp, align 4
  %t2 = and i32 %x0, 127
  %t3 = getelementptr i32, ptr addrspace(1) %in, i32 %t2
  %t4 = load i32, ptr addrspace(1) %t3, align 4
  %t5 = add i32 %x0, %t4
  %t6 = shl i32 %t5, 5
  %t8 = mul i32 0, 31
  %t9 = add i32 %t8, 0
  %t11 = add i32 0, 1
  %t12 = add i32 %vbase, 0
  %t13 = getelementptr i32, ptr addrspace(1) %visits, i32 %t12
  %t14 = load i32, ptr addrspace(1) %t13, align 4
  %t15 = add i32 %t14, 1
  store i32 %t15, ptr addrspace(1) %t13, align 4
  %t19 = shl i32 %t6, 4
  %t20 = sub i32 12, %t19
  %t21 = shl i32 %t20, 4
  %t23 = mul i32 %t9, 31
  %t24 = add i32 %t23, 1
  %t26 = add i32 %t11, 1
  %t27 = add i32 %vbase, 1
  %t28 = getelementptr i32, ptr addrspace(1) %visits, i32 %t27
  %t29 = load i32, ptr addrspace(1) %t28, align 4
  %t30 = add i32 %t29, 1
  store i32 %t30, ptr addrspace(1) %t28, align 4
  %t31 = and i32 %t21, 2
  %t32 = icmp ne i32 %t31, 0
  %t34 = lshr i32 %t21, 4
  %t33 = and i32 %t34, 3
  %cond = icmp eq i32 %t33, 0
  %switch.case4 = icmp eq i32 %t33, 3
  %meld.sel12 = select i1 %cond, i32 807, i32 565
  %t73 = add i32 %meld.sel12, %t21
  %t75 = mul i32 %t24, 31
  %meld.sel13 = select i1 %cond, i32 5, i32 2
  %t76 = add i32 %t75, %meld.sel13
  %t78 = add i32 %t26, 1
  %t79 = add i32 %vbase, %meld.sel13
  %t90 = add i32 -547, %t21
  %t91 = and i32 %t90, 127
  %meld.sel = select i1 %switch.case4, ptr addrspace(1) %visits, ptr addrspace(1) %in
  %meld.sel5 = select i1 %switch.case4, i32 %t79, i32 %t91
  %meld.sel14 = select i1 %cond, ptr addrspace(1) %meld.sel, ptr addrspace(1) %visits
  %meld.sel15 = select i1 %cond, i32 %meld.sel5, i32 %t79
  %t80 = getelementptr i32, ptr addrspace(1) %meld.sel14, i32 %meld.sel15
  %t81 = load i32, ptr addrspace(1) %t80, align 4
  br i1 %cond, label %meld.join, label %meld.else

meld.else16:                                      ; preds = %meld.join
  %t49 = sub i32 -258, %t73
  %t51 = mul i32 %t76, 31
  %t52 = add i32 %t51, 3
  %t54 = add i32 %t78, 1
  %t55 = add i32 %vbase, 3
  %t56 = getelementptr i32, ptr addrspace(1) %visits, i32 %t55
  %t57 = load i32, ptr addrspace(1) %t56, align 4
  %t58 = add i32 %t57, 1
  store i32 %t58, ptr addrspace(1) %t56, align 4
  %t59 = and i32 %t49, 32
  %t60 = icmp ne i32 %t59, 0
  br label %meld.exit

meld.else:                                        ; preds = %entry
  %t45 = add i32 %t81, 1
  store i32 %t45, ptr addrspace(1) %t80, align 4
  %t46 = and i32 %t73, 8
  %t47 = icmp eq i32 %t46, 0
  br label %meld.join

meld.exit:                                        ; preds = %meld.else16, %meld.join
  %c.0.meld = phi i32 [ %t78, %meld.join ], [ %t54, %meld.else16 ]
  %h.0.meld = phi i32 [ %t76, %meld.join ], [ %t52, %meld.else16 ]
  %x.0.meld = phi i32 [ %t73, %meld.join ], [ %t49, %meld.else16 ]
  br i1 %cond, label %meld.split, label %b4

meld.join:                                        ; preds = %entry, %meld.else
  %t47.meld = phi i1 [ %t47, %meld.else ], [ poison, %entry ]
  %meld.cond = select i1 %cond, i1 true, i1 %t47.meld
  br i1 %meld.cond, label %meld.exit, label %meld.else16

meld.split:                                       ; preds = %meld.exit
  %t94 = add i32 %t90, %t81
  %t96 = mul i32 %t24, 31
  %meld.sel6 = select i1 %switch.case4, i32 %t81, i32 %t96
  %meld.sel7 = select i1 %switch.case4, i32 1, i32 6
  %t82 = add i32 %meld.sel6, %meld.sel7
  %meld.sel8 = select i1 %switch.case4, i32 386, i32 %t26
  %meld.sel10 = select i1 %switch.case4, i32 5, i32 6
  %meld.sel9 = select i1 %switch.case4, i32 %t73, i32 1
  %t84 = add i32 %meld.sel8, %meld.sel9
  %t85 = add i32 %vbase, %meld.sel10
  %t86 = getelementptr i32, ptr addrspace(1) %visits, i32 %t85
  %t87 = load i32, ptr addrspace(1) %t86, align 4
  %t88 = add i32 %t87, 1
  store i32 %t88, ptr addrspace(1) %t86, align 4
  %c.1.meld = select i1 %switch.case4, i32 %t78, i32 %t84
  %h.1.meld = select i1 %switch.case4, i32 %t76, i32 %t82
  %x.1.meld = select i1 %switch.case4, i32 %t84, i32 %t94
  br label %b7

b4:                                               ; preds = %meld.exit
  %c.0 = phi i32 [ %c.0.meld, %meld.exit ]
  %h.0 = phi i32 [ %h.0.meld, %meld.exit ]
  %x.0 = phi i32 [ %x.0.meld, %meld.exit ]
  %t62 = add i32 %x.0, 168
  %t64 = mul i32 %h.0, 31
  %t65 = add i32 %t64, 4
  %t67 = add i32 %c.0, 1
  %t68 = add i32 %vbase, 4
  %t69 = getelementptr i32, ptr addrspace(1) %visits, i32 %t68
  %t70 = load i32, ptr addrspace(1) %t69, align 4
  %t71 = add i32 %t70, 1
  store i32 %t71, ptr addrspace(1) %t69, align 4
  br label %b7

b7:                                               ; preds = %meld.split, %b4
  %c.1 = phi i32 [ %t67, %b4 ], [ %c.1.meld, %meld.split ]
  %h.1 = phi i32 [ %t65, %b4 ], [ %h.1.meld, %meld.split ]
  %x.1 = phi i32 [ %t62, %b4 ], [ %x.1.meld, %meld.split ]
  %t105 = xor i32 %x.1, -132
  %t106 = lshr i32 %t105, 3
  %t107 = add i32 %t106, %lane
  %t109 = mul i32 %h.1, 31
  %t110 = add i32 %t109, 7
  %t112 = add i32 %c.1, 1
  %t113 = add i32 %vbase, 7
  %t114 = getelementptr i32, ptr addrspace(1) %visits, i32 %t113
  %t115 = load i32, ptr addrspace(1) %t114, align 4
  %t116 = add i32 %t115, 1
  store i32 %t116, ptr addrspace(1) %t114, align 4
  %t118 = lshr i32 %t107, 1
  %t117 = and i32 %t118, 3
  switch i32 %t117, label %b7.unreachabledefault [
    i32 3, label %b9
    i32 2, label %b11
    i32 0, label %b10
    i32 1, label %b8
  ]

b7.unreachabledefault:                            ; preds = %b7
  unreachable

b8:                                               ; preds = %b7
  %t120 = and i32 %t107, 127
  %t121 = getelementptr i32, ptr addrspace(1) %in, i32 %t120
  %t122 = load i32, ptr addrspace(1) %t121, align 4
  %t123 = add i32 %t107, %t122
  %t124 = or i32 %s, 839
  %t125 = udiv i32 %t123, %t124
  %t126 = icmp sgt i32 629, %t125
  %t127 = select i1 %t126, i32 %t125, i32 629
  %t129 = mul i32 %t110, 31
  %t130 = add i32 %t129, 8
  %t132 = add i32 %t112, 1
  %t133 = add i32 %vbase, 8
  %t134 = getelementptr i32, ptr addrspace(1) %visits, i32 %t133
  %t135 = load i32, ptr addrspace(1) %t134, align 4
  %t136 = add i32 %t135, 1
  store i32 %t136, ptr addrspace(1) %t134, align 4
  br label %b11

b9:                                               ; preds = %b7
  %t138 = and i32 %t107, 127
  %t139 = getelementptr i32, ptr addrspace(1) %in, i32 %t138
  %t140 = load i32, ptr addrspace(1) %t139, align 4
  %t141 = add i32 %t107, %t140
  %t142 = or i32 %s, 457
  %t143 = udiv i32 %t141, %t142
  %t144 = icmp slt i32 %t143, 580
  %t145 = select i1 %t144, i32 %t143, i32 580
  %t147 = mul i32 %t110, 31
  %t148 = add i32 %t147, 9
  %t150 = add i32 %t112, 1
  %t151 = add i32 %vbase, 9
  %t152 = getelementptr i32, ptr addrspace(1) %visits, i32 %t151
  %t153 = load i32, ptr addrspace(1) %t152, align 4
  %t154 = add i32 %t153, 1
  store i32 %t154, ptr addrspace(1) %t152, align 4
  br label %b11

b10:                                              ; preds = %b7
  %t156 = and i32 %t107, 127
  %t157 = getelementptr i32, ptr addrspace(1) %in, i32 %t156
  %t158 = load i32, ptr addrspace(1) %t157, align 4
  %t159 = add i32 %t107, %t158
  %t160 = or i32 %s, 141
  %t161 = udiv i32 %t159, %t160
  %t162 = icmp slt i32 %t161, 652
  %t163 = select i1 %t162, i32 %t161, i32 652
  %t165 = mul i32 %t110, 31
  %t166 = add i32 %t165, 10
  %t168 = add i32 %t112, 1
  %t169 = add i32 %vbase, 10
  %t170 = getelementptr i32, ptr addrspace(1) %visits, i32 %t169
  %t171 = load i32, ptr addrspace(1) %t170, align 4
  %t172 = add i32 %t171, 1
  store i32 %t172, ptr addrspace(1) %t170, align 4
  br label %b11

b11:                                              ; preds = %b7, %b10, %b9, %b8
  %c.2 = phi i32 [ %t132, %b8 ], [ %t168, %b10 ], [ %t112, %b7 ], [ %t150, %b9 ]
  %h.2 = phi i32 [ %t130, %b8 ], [ %t166, %b10 ], [ %t110, %b7 ], [ %t148, %b9 ]
  %x.2 = phi i32 [ %t127, %b8 ], [ %t163, %b10 ], [ %t107, %b7 ], [ %t145, %b9 ]
  %t174 = xor i32 %x.2, -745
  %t175 = sub i32 299, %t174
  %t177 = mul i32 %h.2, 31
  %t178 = add i32 %t177, 11
  %t180 = add i32 %c.2, 1
  %t181 = add i32 %vbase, 11
  %t182 = getelementptr i32, ptr addrspace(1) %visits, i32 %t181
  %t183 = load i32, ptr addrspace(1) %t182, align 4
  %t184 = add i32 %t183, 1
  store i32 %t184, ptr addrspace(1) %t182, align 4
  %t185 = and i32 %t175, 2
  %t186 = icmp eq i32 %t185, 0
  br i1 %t186, label %b12, label %b15

b12:                                              ; preds = %b11
  %t188 = lshr i32 %t175, 4
  %t189 = lshr i32 %t188, 3
  %t190 = xor i32 %t189, 55
  %t192 = mul i32 %t178, 31
  %t193 = add i32 %t192, 12
  %t195 = add i32 %t180, 1
  %t196 = add i32 %vbase, 12
  %t197 = getelementptr i32, ptr addrspace(1) %visits, i32 %t196
  %t198 = load i32, ptr addrspace(1) %t197, align 4
  %t199 = add i32 %t198, 1
  store i32 %t199, ptr addrspace(1) %t197, align 4
  %t200 = and i32 %t190, 4
  %t201 = icmp eq i32 %t200, 0
  br i1 %t201, label %b13, label %b14

b13:                                              ; preds = %b12
  %t203 = lshr i32 %t190, 3
  %t204 = and i32 %t203, 127
  %t205 = getelementptr i32, ptr addrspace(1) %in, i32 %t204
  %t206 = load i32, ptr addrspace(1) %t205, align 4
  %t207 = add i32 %t203, %t206
  %t208 = mul i32 %t207, 83
  %t210 = mul i32 %t193, 31
  %t211 = add i32 %t210, 13
  %t213 = add i32 %t195, 1
  %t214 = add i32 %vbase, 13
  %t215 = getelementptr i32, ptr addrspace(1) %visits, i32 %t214
  %t216 = load i32, ptr addrspace(1) %t215, align 4
  %t217 = add i32 %t216, 1
  store i32 %t217, ptr addrspace(1) %t215, align 4
  br label %b14

b14:                                              ; preds = %b13, %b12
  %c.3 = phi i32 [ %t213, %b13 ], [ %t195, %b12 ]
  %h.3 = phi i32 [ %t211, %b13 ], [ %t193, %b12 ]
  %x.3 = phi i32 [ %t208, %b13 ], [ %t190, %b12 ]
  %t219 = lshr i32 %x.3, 3
  %t221 = mul i32 %h.3, 31
  %t222 = add i32 %t221, 14
  %t224 = add i32 %c.3, 1
  %t225 = add i32 %vbase, 14
  %t226 = getelementptr i32, ptr addrspace(1) %visits, i32 %t225
  %t227 = load i32, ptr addrspace(1) %t226, align 4
  %t228 = add i32 %t227, 1
  store i32 %t228, ptr addrspace(1) %t226, align 4
  br label %exit1

b15:                                              ; preds = %b11
  %t230 = lshr i32 %t175, 4
  %t231 = lshr i32 %t230, 3
  %t232 = xor i32 677, %t231
  %t234 = mul i32 %t178, 31
  %t235 = add i32 %t234, 15
  %t237 = add i32 %t180, 1
  %t238 = add i32 %vbase, 15
  %t239 = getelementptr i32, ptr addrspace(1) %visits, i32 %t238
  %t240 = load i32, ptr addrspace(1) %t239, align 4
  %t241 = add i32 %t240, 1
  store i32 %t241, ptr addrspace(1) %t239, align 4
  %t243 = lshr i32 %t232, 1
  %t244 = add i32 %vbase, 15
  %t245 = getelementptr i32, ptr addrspace(1) %visits, i32 %t244
  %t246 = load i32, ptr addrspace(1) %t245, align 4
  %t247 = add i32 %t246, 1
  store i32 %t247, ptr addrspace(1) %t245, align 4
  br label %exit1

exit1:                                            ; preds = %b15, %b14
  %c.4 = phi i32 [ %t224, %b14 ], [ %t237, %b15 ]
  %h.4 = phi i32 [ %t222, %b14 ], [ %t235, %b15 ]
  %x.4 = phi i32 [ %t219, %b14 ], [ %t243, %b15 ]
  %t262 = add i32 %obase, 0
  %t263 = getelementptr i32, ptr addrspace(1) %out, i32 %t262
  store i32 %x.4, ptr addrspace(1) %t263, align 4
  %t264 = add i32 %obase, 1
  %t265 = getelementptr i32, ptr addrspace(1) %out, i32 %t264
  store i32 %h.4, ptr addrspace(1) %t265, align 4
  %t266 = add i32 %obase, 2
  %t267 = getelementptr i32, ptr addrspace(1) %out, i32 %t266
  store i32 %c.4, ptr addrspace(1) %t267, align 4
  %t268 = add i32 %obase, 3
  %t269 = getelementptr i32, ptr addrspace(1) %out, i32 %t268
  store i32 2, ptr addrspace(1) %t269, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

attributes #0 = { nounwind }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
