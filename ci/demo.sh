#!/usr/bin/env bash
# The fork's main job, for a newcomer: build the fork (installing what is
# missing), then
#  1. compile the kernel suite (llvm/utils/amdgpu-kernel-suite) with Debian's
#     clang-19 and with the fork's clang and print static ISA statistics side
#     by side;
#  2. run both builds of every kernel on the wave emulator, check them
#     against their CPU references, and print dynamic wave-instructions, VALU
#     utilization and code size (a short version of the bench report; the
#     full one is docs/benchmarks.md, see docs/Emulator.md). The fork's
#     column has both of its default-on techniques, control-flow melding
#     (docs/ControlFlowMelding.md) and the reconverging-CFG lowering
#     (docs/ReconvergingCFG.md); two more columns show each alone;
#  3. write the divergence report of one kernel (docs/DivergenceInsight.md)
#     and print where its waves lose the most lanes, and why.
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
  --config "meld-only=$* -mllvm -amdgpu-cf-lowering=structurize" \
  --config "reconverge-only=$* -mllvm -amdgpu-cf-meld=0" \
  --out-dir "$BUILD/demo" --report "$BUILD/demo/benchmarks.md"
echo
echo "Where bitonic_tile's waves lose lanes (docs/DivergenceInsight.md):"
python3 "$suite/divergence_report.py" --clang "$BUILD/obj/bin/clang" \
  --emu "$BUILD/obj/bin/llvm-amdgpu-emu" --kernel bitonic_tile --top 3 \
  --work "$BUILD/demo/report" --out "$BUILD/demo/bitonic_tile.html"
