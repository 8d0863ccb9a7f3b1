#!/usr/bin/env bash
# Compare the fork's clang -O3 with Debian's clang-19 on example kernels.
# Usage: clang-faithfulness.sh FORK_CLANG DEBIAN_CLANG SOURCES...
# Each source is compiled by both for gfx90a and gfx1030, to assembly and to a
# linked code object; the outputs must be byte-identical. The fork's clang
# gets only the flags that turn its on-by-default features off (control-flow
# melding at -O3, the reconverging CFG lowering) and finds the device
# libraries itself; Debian's is told where they are. Code objects are compared
# without their .comment section, which names the linker (the fork's lld or
# Debian's). Prints one line per difference and a summary line.
set -uo pipefail
fork=$1 debian=$2
shift 2
libs=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0 diff=0
for src in "$@"; do
  for cpu in gfx90a gfx1030; do
    if [[ $src == *.hip ]]; then
      # The compilation-unit id hashes the command line, which differs (the
      # device-library flag): fix it for both.
      flags=(-x hip --cuda-device-only --no-gpu-bundle-output --offload-arch=$cpu
        -cuid=faithfulness)
    else
      flags=(--target=amdgcn-amd-amdhsa -mcpu=$cpu)
    fi
    off=(-mllvm -amdgpu-cf-meld=0 -mllvm -amdgpu-cf-lowering=structurize
      -mllvm -amdgpu-promote-alloca-reject-divergent-index=0
      -mllvm -amdgpu-invariant-readfirstlanes=0
      -mllvm -amdgpu-lane-affine-addressing=0
      -mllvm -machine-cse-pre-ignorable-uses=0
      -mllvm -amdgpu-vcmpx-and-exec=0
      -mllvm -amdgpu-uniform-trunc-branch=0
      -mllvm -amdgpu-hazard-skip-terminators-not-run=0
      -mllvm -amdgpu-drop-kill-only-wwm-reloads=0
      -mllvm -amdgpu-scaled-index-mad=0
      -mllvm -amdgpu-codegenprepare-split-uniform-gep-index=0
      -mllvm -amdgpu-codegenprepare-one-lane-branch-weights=0
      -mllvm -amdgpu-post-ra-wait-out-hazards=0
      -mllvm -amdgpu-waitcnt-flush-memoryless-loops=0
      -mllvm -tail-dup-prologue-conservatively=0
      -mllvm -rafast-reload-after-prologue=0
      -mllvm -amdgpu-dead-sdst-prefer-vcc=0
      -mllvm -amdgpu-reserve-scalar-load-lanes=0
      -mllvm -amdgpu-skip-threshold-issue-slots=0
      -mllvm -amdgpu-lane-mask-not-operands=0
      -mllvm -amdgpu-fold-scalar-add-sub-imm=0
      -mllvm -amdgpu-uniform-wave-aligned-tid-compare=0
      -mllvm -licm-pressure-per-path=0)
    for kind in s co; do
      out=()
      [ $kind = s ] && out=(-S)
      "$fork" "${flags[@]}" "${off[@]}" -O3 "${out[@]}" "$src" -o "$tmp/fork.$kind" \
        2>"$tmp/fork.err"
      f=$?
      "$debian" "${flags[@]}" -O3 "${out[@]}" --rocm-device-lib-path=$libs "$src" \
        -o "$tmp/deb.$kind" 2>"$tmp/deb.err"
      d=$?
      if [ $kind = co ] && [ $f = 0 ] && [ $d = 0 ]; then
        /usr/lib/llvm-19/bin/llvm-objcopy --remove-section=.comment "$tmp/fork.co"
        /usr/lib/llvm-19/bin/llvm-objcopy --remove-section=.comment "$tmp/deb.co"
      fi
      if [ $f = 0 ] && [ $d = 0 ] && cmp -s "$tmp/fork.$kind" "$tmp/deb.$kind"; then
        same=$((same + 1))
      else
        diff=$((diff + 1))
        echo "different: $(basename "$src") -mcpu=$cpu ($kind; exit $f vs $d)"
        head -3 "$tmp/fork.err"
      fi
    done
  done
done
echo "clang faithfulness: identical $same, different $diff"
[ $diff = 0 ]
