#!/usr/bin/env python3
"""A compiler whose builds are not reproducible, for corpus-diff-unstable.test:
runs $FLIP_CLANG with its arguments, adding -DLAST_GLOBAL on the first, third,
... call (counted in the file $FLIP_STATE), or on every call if $FLIP_ALWAYS
is set."""
import os
import sys

state = os.environ["FLIP_STATE"]
calls = 0
if os.path.exists(state):
    with open(state) as f:
        calls = int(f.read())
with open(state, "w") as f:
    f.write(str(calls + 1))
extra = ["-DLAST_GLOBAL"] if calls % 2 == 0 or "FLIP_ALWAYS" in os.environ \
    else []
clang = os.environ["FLIP_CLANG"]
os.execv(clang, [clang] + extra + sys.argv[1:])
