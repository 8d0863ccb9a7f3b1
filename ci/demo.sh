#!/usr/bin/env bash
# The fork's main job, for a newcomer: build the fork (installing what is
# missing), then compile the example divergent kernels in docs/examples with
# Debian's clang-19 and with the fork's clang and print their static ISA
# statistics side by side.
source "$(dirname "$0")/common.sh"

"$REPO/ci/build.sh"
python3 "$REPO/ci/isa_stats.py" --fork-clang "$BUILD/obj/bin/clang" "$@" \
  "$REPO"/docs/examples/*.cl "$REPO"/docs/examples/*.hip
