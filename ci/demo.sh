#!/usr/bin/env bash
# The fork's main job, for a newcomer: build the fork (installing what is
# missing), then
#  1. compile the kernel suite (llvm/utils/amdgpu-kernel-suite) with Debian's
#     clang-19 and with the fork's clang and print static ISA statistics side
#     by side;
#  2. run both builds of every kernel on the wave emulator, check them
#     against their CPU references, and print dynamic wave-instructions, VALU
#     utilization and code size (a short version of the bench report; the
#     full one is docs/benchmarks.md, see docs/Emulator.md), with a column
#     for the reconverging-CFG lowering (-amdgpu-cf-lowering=reconverge,
#     docs/ReconvergingCFG.md), which is not the default yet.
# Extra arguments go to the fork's clang (e.g. -mllvm -some-fork-option).
source "$(dirname "$0")/common.sh"

"$REPO/ci/build.sh"
suite=$REPO/llvm/utils/amdgpu-kernel-suite
python3 "$REPO/ci/isa_stats.py" --fork-clang "$BUILD/obj/bin/clang" \
  $(printf -- '--fork-flag=%s ' "$@") "$suite"/kernels/*.cl "$suite"/kernels/*.hip
echo
echo "Dynamic figures on llvm-amdgpu-emu (gfx90a, -O3, smallest checked size):"
python3 "$suite/suite.py" bench --quick --emu "$BUILD/obj/bin/llvm-amdgpu-emu" \
  --fork-clang "$BUILD/obj/bin/clang" --fork-flags="$*" \
  --config "reconverge=$* -mllvm -amdgpu-cf-lowering=reconverge" \
  --out-dir "$BUILD/demo" --report "$BUILD/demo/benchmarks.md"
