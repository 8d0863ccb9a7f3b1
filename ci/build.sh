#!/usr/bin/env bash
# Build the fork: install what is missing, fetch and materialize the tree,
# configure once, then let Ninja rebuild whatever changed.
# Usage: ci/build.sh [ninja targets...]
source "$(dirname "$0")/common.sh"

# One build at a time in this tree: a second invocation waits here.
mkdir -p "$BUILD"
exec 9>"$BUILD/.build.lock"
flock 9

"$REPO/ci/deps.sh"
"$REPO/ci/fetch-upstream.sh"
"$REPO/ci/materialize.sh"

obj=$BUILD/obj
if [ ! -f "$obj/build.ninja" ]; then
  note "configuring $obj"
  cmake -S "$REPO/ci/cmake" -B "$obj" -G Ninja -Wno-dev \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DFORK_SRC="$SRC" -DFORK_REPO="$REPO" >"$BUILD/configure.log" 2>&1 || {
    rm -f "$obj/build.ninja"
    tail -20 "$BUILD/configure.log" >&2
    die "CMake configuration failed (log: $BUILD/configure.log)" \
      "read the log above; a missing package is installed by ci/deps.sh"
  }
fi
export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
export CCACHE_BASEDIR=$BUILD
ccache -M 5G >/dev/null
ninja -C "$obj" "$@"
