; MachineCSE's partial redundancy elimination looks at every register operand
; of a candidate, including the NoRegister index and segment operands of an
; X86 memory reference; asking whether NoRegister is a constant or
; caller-preserved register must not be attempted. The loads of %p[%i] in both
; arms of the branch are PRE candidates with such operands.
; RUN: llc -mtriple=x86_64-unknown-linux-gnu -O2 < %s | FileCheck %s

define i32 @both_arms(ptr %p, i64 %i, i1 %c) {
; CHECK-LABEL: both_arms:
; CHECK: retq
entry:
  br i1 %c, label %then, label %else

then:
  %a = getelementptr i32, ptr %p, i64 %i
  %x = load i32, ptr %a
  %x3 = mul i32 %x, 3
  br label %join

else:
  %b = getelementptr i32, ptr %p, i64 %i
  %y = load i32, ptr %b
  %y5 = mul i32 %y, 5
  br label %join

join:
  %r = phi i32 [ %x3, %then ], [ %y5, %else ]
  ret i32 %r
}

define i32 @sum(ptr %a, i32 %n) {
; CHECK-LABEL: sum:
; CHECK: retq
entry:
  %cmp = icmp sgt i32 %n, 0
  br i1 %cmp, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %idx = zext i32 %i to i64
  %ptr = getelementptr i32, ptr %a, i64 %idx
  %v = load i32, ptr %ptr
  %m = mul i32 %v, 3
  %s.next = add i32 %s, %m
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
