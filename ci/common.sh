# Shared settings and helpers for the fork's build scripts. Sourced, not run.
#
# Every path the scripts use is defined here once:
#   REPO        the fork's repository (this checkout)
#   CACHE       outside the repo: the upstream tarball and its pristine extract
#   BUILD       the build directory (git-ignored): materialized tree, CMake/Ninja build, tools
#   SRC         the materialized tree: upstream subtrees + amd-patches/series + fork files

set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${FORK_CACHE:-$HOME/.cache/llvm-amdgpu-fork}
BUILD=${FORK_BUILD:-$REPO/build}
SRC=$BUILD/src

# The fork point: LLVM 19.1.7 as Debian 12 ships it.
UPSTREAM_SRCPKG=llvm-toolchain-19
UPSTREAM_DEBVER=1:19.1.7-3~deb12u1
UPSTREAM_TARBALL=llvm-toolchain-19_19.1.7.orig.tar.xz
UPSTREAM_SHA256=ae498f3bc58ae2d9f64ef5f0c035c4240152bf015a5b7738b15c22e93bdc97ce
UPSTREAM=$CACHE/upstream-19.1.7

# Subtrees of the monorepo the build and the tests read. Everything else in the
# tarball (other projects, other targets' tests) is never extracted.
UPSTREAM_SUBTREES=(
  llvm/include
  llvm/lib
  llvm/tools/llc
  llvm/tools/opt
  llvm/utils/UpdateTestChecks
  llvm/utils/update_test_checks.py
  llvm/utils/update_llc_test_checks.py
  llvm/utils/update_mir_test_checks.py
  llvm/test/CodeGen/AMDGPU
  llvm/unittests/Target/AMDGPU
  clang/include
  clang/lib
  clang/tools/driver
  lld/include
  lld/Common
  lld/ELF
)

# An extract is complete, and matches the list above, once this stamp exists.
UPSTREAM_STAMP=$UPSTREAM/.extracted-$(echo "$UPSTREAM_SHA256 ${UPSTREAM_SUBTREES[*]}" |
  sha256sum | cut -c1-16)

# Debian packages the build and tests need (binary package names).
DEBIAN_PACKAGES=(
  llvm-19-dev llvm-19-tools clang-19 libclang-19-dev lld-19
  rocm-device-libs libamdhip64-dev googletest
  cmake ninja-build ccache g++ python3 python3-psutil rsync xz-utils dpkg-dev patch git
  zlib1g-dev libzstd-dev libxml2-dev libz3-dev libedit-dev libffi-dev libncurses-dev
  gnuplot-nox chromium
)

LLVM_PREFIX=/usr/lib/llvm-19

# die CAUSE FIX: one clear message naming the cause and the fix, then exit 1.
die() {
  printf 'error: %s\n  fix: %s\n' "$1" "$2" >&2
  exit 1
}

note() { printf '==> %s\n' "$*" >&2; }
