; Upstream's SimplifyCFG/hoist-sink-swifterror-store.ll in short: a select
; between %arg and the swifterror %err is invalid IR, so cf-meld must not
; align these stores; the same swifterror pointer on both sides melds.
define swiftcc void @store_differs(ptr %arg, ptr swifterror %err, i1 %c) {
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

define swiftcc void @same_pointer(ptr %p, ptr %q, ptr swifterror %err, i1 %c) {
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
