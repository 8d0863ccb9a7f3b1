#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The kernel registry: what a kernel module of the suite uses.

Every kernel lives in kernels/ as an OpenCL C (.cl) or HIP (.hip) source
plus a Python module of the same stem. The module registers each kernel of
the source with @kernel: a function that, given a random generator and a
size, builds a Launch -- grid, workgroup size, arguments -- whose output
buffers carry the contents the CPU reference (the same function, in Python)
computed for those inputs.

Floating point: f32() rounds a Python float (a double) to binary32, and one
IEEE operation on two binary32 values done in double and rounded once is the
correctly rounded binary32 result; references round after every operation.
Kernels whose device code may contract a*b+c into an FMA or use the OpenCL
fast division declare a tolerance on their float outputs.
"""

import importlib.util
import os
import struct
import sys

KERNEL_DIR = os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "kernels")


PACK = {"i32": "i", "u32": "I", "f32": "f", "i64": "q", "u64": "Q", "f64": "d"}


def i32(v):
    """v wrapped to a signed 32-bit integer."""
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def u32(v):
    return v & 0xFFFFFFFF


def f32(v):
    """v rounded to the nearest binary32 value."""
    return struct.unpack("<f", struct.pack("<f", v))[0]


def idiv(a, b):
    """C's truncating integer division."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def irem(a, b):
    """C's remainder (sign of the dividend)."""
    return a - idiv(a, b) * b


def ints(rng, n, lo, hi):
    return [rng.randint(lo, hi) for _ in range(n)]


def floats(rng, n, lo, hi):
    return [f32(rng.uniform(lo, hi)) for _ in range(n)]


class Buf:
    """A buffer argument: element type, initial contents, and optionally the
    contents the reference expects after the run."""

    def __init__(self, type, data, expect=None, tolerance=None):
        assert type in PACK, type
        self.type, self.data = type, list(data)
        self.expect = None if expect is None else list(expect)
        self.tolerance = tolerance
        assert self.expect is None or len(self.expect) == len(self.data)


class Val:
    """A by-value argument."""

    def __init__(self, type, value):
        assert type in PACK, type
        self.type, self.value = type, value


class Local:
    """A __local pointer argument: that many bytes of LDS per workgroup."""

    def __init__(self, size):
        self.size = size


class Launch:
    def __init__(self, grid, block, args):
        self.grid = list(grid) if isinstance(grid, (list, tuple)) else [grid]
        self.block = list(block) if isinstance(block, (list, tuple)) else [block]
        self.args = args


class Kernel:
    def __init__(self, name, source, group, sizes, bench_size, make, doc,
                 symbol=None):
        self.name, self.source, self.group = name, source, group
        self.symbol = symbol or name  # The code object's kernel name.
        self.sizes, self.bench_size, self.make, self.doc = sizes, bench_size, make, doc
        self.path = None  # The source's path, set by load_kernels.

    def cases(self):
        """(seed, size) of every checked case: one seed per size."""
        return [(seed, size) for seed, size in enumerate(self.sizes, 1)]


KERNELS = {}
GROUPS = ("darm", "synthetic", "unstructured", "linearize", "uniform",
          "coverage", "bound")


def kernel(source, group, sizes, bench_size=None, name=None, symbol=None):
    """Registers the decorated Launch builder as a kernel of source. symbol
    is the kernel's name in the code object if it differs (HIP's mangled
    names)."""
    assert group in GROUPS, group

    def register(make):
        kname = name or make.__name__
        assert kname not in KERNELS, kname
        doc = (make.__doc__ or "").strip().split("\n")[0]
        KERNELS[kname] = Kernel(kname, source, group, list(sizes),
                                bench_size or max(sizes), make, doc, symbol)
        return make
    return register


def load_kernels(directory=KERNEL_DIR):
    """Runs every kernel module of directory, which registers its kernels,
    and gives each kernel the path of its source; returns the registry."""
    for f in sorted(os.listdir(directory)):
        if f.endswith(".py"):
            spec = importlib.util.spec_from_file_location(
                "suite_kernel_" + f[:-3], os.path.join(directory, f))
            spec.loader.exec_module(importlib.util.module_from_spec(spec))
    for k in KERNELS.values():
        k.path = os.path.join(directory, k.source)
        if not os.path.exists(k.path):
            sys.exit(f"error: kernel {k.name}: no source {k.path}")
    return KERNELS
