; Not valid IR (a use before its definition): skipped.
define i32 @invalid(i32 %x) {
  %y = add i32 %z, 1
  %z = add i32 %x, 1
  ret i32 %y
}
