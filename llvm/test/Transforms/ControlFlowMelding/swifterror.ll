; RUN: opt -passes=cf-meld,verify -cf-meld-force -cf-meld-threshold=0.05 \
; RUN:   -cf-meld-run-overhead=0 -S < %s | FileCheck %s

; A swifterror value can only be loaded, stored and passed as a swifterror
; argument, so two instructions whose operands differ in a swifterror
; pointer do not align: a select of the pointers would be invalid IR (found
; by running cf-meld over upstream's SimplifyCFG tests). The same swifterror
; pointer on both sides needs no select, and the stores meld.

; The stores differ in a swifterror pointer: not melded.
define swiftcc void @store_differs(ptr %arg, ptr swifterror %err, i1 %c) {
; CHECK-LABEL: define swiftcc void @store_differs(
; CHECK-NOT:     select
; CHECK:         store ptr null, ptr %arg, align 8
; CHECK:         store ptr null, ptr %err, align 8
; CHECK-NOT:     select
entry:
  br i1 %c, label %then, label %else

then:
  store ptr null, ptr %arg, align 8
  br label %exit

else:
  store ptr null, ptr %err, align 8
  br label %exit

exit:
  ret void
}

; The loads differ in a swifterror pointer: not melded.
define swiftcc ptr @load_differs(ptr %arg, ptr swifterror %err, i1 %c) {
; CHECK-LABEL: define swiftcc ptr @load_differs(
; CHECK-NOT:     select
; CHECK:         load ptr, ptr %arg, align 8
; CHECK:         load ptr, ptr %err, align 8
entry:
  br i1 %c, label %then, label %else

then:
  %a = load ptr, ptr %arg, align 8
  br label %exit

else:
  %b = load ptr, ptr %err, align 8
  br label %exit

exit:
  %r = phi ptr [ %a, %then ], [ %b, %else ]
  ret ptr %r
}

; Both sides store to the same swifterror pointer: the stores meld with a
; select of the stored values only.
define swiftcc void @same_pointer(ptr %p, ptr %q, ptr swifterror %err, i1 %c) {
; CHECK-LABEL: define swiftcc void @same_pointer(
; CHECK:         [[V:%.*]] = select i1 %c, ptr %p, ptr %q
; CHECK-NEXT:    store ptr [[V]], ptr %err, align 8
; CHECK-NOT:     store
entry:
  br i1 %c, label %then, label %else

then:
  store ptr %p, ptr %err, align 8
  br label %exit

else:
  store ptr %q, ptr %err, align 8
  br label %exit

exit:
  ret void
}
