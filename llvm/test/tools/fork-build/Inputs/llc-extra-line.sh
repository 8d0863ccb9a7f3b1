#!/bin/sh
# Debian's llc, with one extra line of output: a reference that must differ.
/usr/lib/llvm-19/bin/llc "$@" || exit
echo "; extra line"
