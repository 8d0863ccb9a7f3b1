#!/usr/bin/env bash
# Materialize the fork tree in $SRC:
#   1. the pristine upstream subtrees ($UPSTREAM, from fetch-upstream.sh),
#   2. amd-patches/series applied in order (git apply: exact, no fuzz),
#   3. the fork's own files (llvm/, clang/, lld/ of this repo) overlaid.
#
# The tree is assembled in a staging directory and synced into $SRC by
# content, so files that did not change keep their timestamps and Ninja
# rebuilds only what a patch or fork file really touched. Nothing is redone
# when the inputs hash to the stamp of the last run.
#
# Writes the lists the CMake build reads:
#   $SRC/.fork/patched-files.txt  upstream files edited by amd-patches/series
#   $SRC/.fork/rebuilt-files.txt  upstream .cpp files that include a patched
#                                 .def file, so must be rebuilt as well
#   $SRC/.fork/fork-files.txt     files the fork adds (none may shadow upstream)
source "$(dirname "$0")/common.sh"

[ -f "$UPSTREAM_STAMP" ] ||
  die "upstream sources are not extracted in $UPSTREAM" "run ci/fetch-upstream.sh"

series=$REPO/amd-patches/series
mapfile -t patches < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
mapfile -t fork_files < <(cd "$REPO" &&
  git ls-files --cached --others --exclude-standard -- llvm clang lld | sort)

inputs_hash=$(
  cd "$REPO"
  echo "$UPSTREAM_STAMP"
  sha256sum "$series" "${patches[@]/#/amd-patches/}" 2>/dev/null || true
  for f in "${fork_files[@]}"; do [ -f "$f" ] && sha256sum "$f"; done
  cat "$REPO/ci/materialize.sh"
)
inputs_hash=$(sha256sum <<<"$inputs_hash" | cut -d' ' -f1)
[ -f "$SRC/.fork/stamp" ] && [ "$(cat "$SRC/.fork/stamp")" = "$inputs_hash" ] && exit 0

staging=$BUILD/src.staging
# git apply must not mistake the repo around $BUILD for the tree it patches.
export GIT_CEILING_DIRECTORIES=$BUILD
rm -rf "$staging"
mkdir -p "$staging/.fork"
# The AMDGPU CodeGen test corpus is read in place from $UPSTREAM: never patched.
(cd "$UPSTREAM" && tar --exclude=./llvm/test -cf - .) | tar -xf - -C "$staging"

: >"$staging/.fork/patched-files.txt"
for p in "${patches[@]}"; do
  [ -f "$REPO/amd-patches/$p" ] ||
    die "amd-patches/series names $p, which does not exist" \
      "add amd-patches/$p or remove it from amd-patches/series"
  if ! out=$(cd "$staging" && git apply -p1 --whitespace=nowarn \
    "$REPO/amd-patches/$p" 2>&1); then
    die "patch amd-patches/$p does not apply to the upstream tree: $out" \
      "rebase amd-patches/$p on the patches before it in amd-patches/series (see README)"
  fi
  touched=$(cd "$staging" && git apply -p1 --numstat "$REPO/amd-patches/$p" | cut -f3)
  for f in $touched; do
    [ -e "$UPSTREAM/$f" ] ||
      die "patch amd-patches/$p creates $f, which is not an upstream file" \
        "add new files to the fork tree (llvm/, clang/, lld/), not to a patch"
  done
  echo "$touched" >>"$staging/.fork/patched-files.txt"
done
sort -u -o "$staging/.fork/patched-files.txt" "$staging/.fork/patched-files.txt"

# A patched .def file (PassRegistry.def, ...) generates code in the .cpp
# files that include it: those are rebuilt too. (The AMDGPU target is rebuilt
# whole anyway; a patched header only adds declarations -- see Building.md.)
patched_defs=$(grep -E '\.def$' "$staging/.fork/patched-files.txt" |
  grep -v '^llvm/lib/Target/' || true)
for def in $patched_defs; do
  (cd "$staging" && grep -rlE --include='*.cpp' \
    "^#include \"([^\"]*/)?$(basename "$def")\"" llvm/lib clang/lib |
    grep -v '^llvm/lib/Target/' || true)
done | sort -u >"$staging/.fork/rebuilt-files.txt"

for f in "${fork_files[@]}"; do
  [ -f "$REPO/$f" ] || continue
  [ -e "$UPSTREAM/$f" ] &&
    die "fork file $f shadows the upstream file of the same path" \
      "turn the change into a patch in amd-patches/ and delete $f from the tree"
  mkdir -p "$staging/$(dirname "$f")"
  cp "$REPO/$f" "$staging/$f"
  echo "$f" >>"$staging/.fork/fork-files.txt"
done
touch "$staging/.fork/fork-files.txt"

mkdir -p "$SRC"
rsync -rlc --delete "$staging/" "$SRC/"
rm -rf "$staging"
echo "$inputs_hash" >"$SRC/.fork/stamp"
