#!/bin/sh
# A stand-in opt for cf-meld-fuzz.test: when its pipeline has cf-meld, it
# swaps the operands of every select cf-meld made (%meld.sel...), so lanes
# of a melded block take the other side's operands; otherwise it is opt.
opt "$@" || exit $?
case "$*" in *cf-meld*) ;; *) exit 0 ;; esac
out=
prev=
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  prev=$a
done
sed -E '/%meld\.sel[0-9]* = select/s/(select i1 [^,]+), ([^,]+), ([^,]+)$/\1, \3, \2/' \
  "$out" > "$out.wrong" && mv "$out.wrong" "$out"
