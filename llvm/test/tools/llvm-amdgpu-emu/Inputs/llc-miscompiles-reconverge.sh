#!/bin/sh
# A stand-in llc for cf-fuzz-detects.test: with -amdgpu-cf-lowering=reconverge
# it compiles its input with every 'icmp eq' turned into 'icmp ne' (so every
# divergent branch on a bit of X goes the wrong way); otherwise it is llc.
wrong=
for a in "$@"; do
  [ "$a" = "-amdgpu-cf-lowering=reconverge" ] && wrong=1
done
[ -z "$wrong" ] && exec llc "$@"
for a in "$@"; do
  shift
  case "$a" in
  *.ll)
    sed 's/icmp eq/icmp ne/' "$a" > "$a.wrong.ll"
    set -- "$@" "$a.wrong.ll"
    ;;
  *) set -- "$@" "$a" ;;
  esac
done
exec llc "$@"
