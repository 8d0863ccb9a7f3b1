#!/bin/sh
# A "compiler" whose output differs from run to run: it writes its process
# id to the file after -o.
out=
prev=
for arg in "$@"; do
  [ "$prev" = -o ] && out=$arg
  prev=$arg
done
echo "; run $$" > "$out"
