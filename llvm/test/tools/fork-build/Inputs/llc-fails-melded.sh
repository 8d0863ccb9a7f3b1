#!/bin/sh
# An "llc" that fails on the melded modules of ci/cf-meld-corpus.py (named
# meld.bc) and compiles everything else.
for a in "$@"; do
  case "$a" in
    */meld.bc) echo "error: llc-fails-melded.sh refuses $a" >&2; exit 1 ;;
  esac
done
exec llc "$@"
