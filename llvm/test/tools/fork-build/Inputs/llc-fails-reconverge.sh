#!/bin/sh
# A stand-in llc for cf-lowering-corpus-detects.test: fails on the
# reconverging lowering, succeeds otherwise.
for a in "$@"; do
  if [ "$a" = "-amdgpu-cf-lowering=reconverge" ]; then
    echo "reconverge failed" >&2
    exit 1
  fi
done
exit 0
