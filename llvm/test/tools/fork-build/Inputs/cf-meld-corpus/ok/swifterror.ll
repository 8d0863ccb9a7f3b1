; Upstream's SimplifyCFG/hoist-sink-swifterror-store.ll in short: cf-meld
; before session 14 selected between %arg and the swifterror %err, which
; the verifier rejects. Now the stores do not align; the same swifterror
; pointer on both sides melds.
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
