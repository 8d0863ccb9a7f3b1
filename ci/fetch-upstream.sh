#!/usr/bin/env bash
# Fetch the fork point (Debian's llvm-toolchain-19 orig tarball), verify its
# sha256, and extract the subtrees the build needs into $UPSTREAM.
#
# The tarball is cached in $CACHE; an extract is complete only once its stamp
# file exists, so an interrupted run is redone from scratch, never reused.
source "$(dirname "$0")/common.sh"

tarball=$CACHE/$UPSTREAM_TARBALL
stamp=$UPSTREAM_STAMP

[ -f "$stamp" ] && exit 0
mkdir -p "$CACHE"

# A deb-src entry for the Debian archive and suites the machine already uses.
add_deb_src() {
  local list=/etc/apt/sources.list.d/llvm-amdgpu-fork-src.sources
  [ -f "$list" ] && return 0
  [ "$(id -u)" = 0 ] ||
    die "no deb-src entry for $UPSTREAM_SRCPKG and not root" \
      "run as root once, or put $UPSTREAM_TARBALL into $CACHE by hand"
  # Copy each deb822 stanza that names the Debian archive, as deb-src.
  local found=0
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    grep -q '^URIs:.*debian' "$f" || continue
    sed -e 's/^Types:.*/Types: deb-src/' "$f" >>"$list.tmp"
    echo >>"$list.tmp"
    found=1
  done
  if [ $found = 0 ] && [ -f /etc/apt/sources.list ]; then
    grep -E '^deb [^ ]*debian' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
      >/etc/apt/sources.list.d/llvm-amdgpu-fork-src.list
    found=1
    list=/etc/apt/sources.list.d/llvm-amdgpu-fork-src.list
  else
    mv "$list.tmp" "$list"
  fi
  [ $found = 1 ] ||
    die "no Debian archive found in the machine's apt sources" \
      "add a 'deb-src' line for Debian bookworm main to /etc/apt/sources.list"
  apt-get update -q >/dev/null ||
    die "apt-get update failed after adding deb-src entries (no network?)" \
      "check network access to the Debian archive, then re-run"
}

download() {
  add_deb_src
  note "downloading $UPSTREAM_SRCPKG source ($UPSTREAM_DEBVER, 164 MB)"
  local dl=$CACHE/download
  rm -rf "$dl" && mkdir -p "$dl"
  (cd "$dl" && apt-get source -q --download-only \
    "$UPSTREAM_SRCPKG=$UPSTREAM_DEBVER" >/dev/null) || {
    rm -rf "$dl"
    die "apt-get source $UPSTREAM_SRCPKG=$UPSTREAM_DEBVER failed (no network, or the version left the archive)" \
      "check network access to the Debian archive and re-run; or place $UPSTREAM_TARBALL in $CACHE"
  }
  mv "$dl/$UPSTREAM_TARBALL" "$tarball.part"
  rm -rf "$dl"
}

verify() {
  local got
  got=$(sha256sum "$1" | cut -d' ' -f1)
  [ "$got" = "$UPSTREAM_SHA256" ]
}

if [ ! -f "$tarball" ]; then
  download
  verify "$tarball.part" || {
    rm -f "$tarball.part"
    die "$UPSTREAM_TARBALL has the wrong sha256 (corrupt download or different upstream)" \
      "re-run to download it again; expected sha256 $UPSTREAM_SHA256"
  }
  mv "$tarball.part" "$tarball"
elif ! verify "$tarball"; then
  mv "$tarball" "$tarball.bad"
  die "cached $tarball has the wrong sha256 (moved aside to $tarball.bad)" \
    "re-run to download it again; expected sha256 $UPSTREAM_SHA256"
fi

note "extracting upstream subtrees into $UPSTREAM"
rm -rf "$UPSTREAM" "$UPSTREAM.part"
mkdir -p "$UPSTREAM.part"
top=llvm-toolchain-19_19.1.7
tar -xJf "$tarball" -C "$UPSTREAM.part" --strip-components=1 \
  "${UPSTREAM_SUBTREES[@]/#/$top/}" ||
  die "extracting $UPSTREAM_TARBALL failed" "delete $CACHE and re-run"
mv "$UPSTREAM.part" "$UPSTREAM"
touch "$stamp"
