#!/usr/bin/env python3
"""Compile-time ratio of two flag sets over the suite's kernel sources.

Compiles every kernel source of kernels/ to assembly at -O3 with the fork's
clang, once with the flags of --a and once with those of --b, --reps times
in alternation, and prints the CPU time (user + system) of each set and
their ratio. Example, the cost of control-flow melding:

  compile_time.py --clang build/obj/bin/clang \\
      --a=-mllvm --a=-amdgpu-cf-meld=1 --b=-mllvm --b=-amdgpu-cf-meld=0
"""
import argparse
import glob
import os
import resource
import sys

from kernelsuite import proc
from kernelsuite.run import DEVICE_LIBS


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def command(clang, src, mcpu, flags):
    if src.endswith(".hip"):
        return [clang, "-x", "hip", "--cuda-device-only",
                "--offload-arch=" + mcpu, "-O3", "-S", "-o", os.devnull,
                "--rocm-device-lib-path=" + DEVICE_LIBS, src] + list(flags)
    return [clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + mcpu, "-O3", "-S",
            "-o", os.devnull, "--rocm-device-lib-path=" + DEVICE_LIBS, src] + \
        list(flags)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clang", required=True)
    ap.add_argument("--a", action="append", default=[], help="flag of set A")
    ap.add_argument("--b", action="append", default=[], help="flag of set B")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    srcs = sorted(glob.glob(os.path.join(here, "kernels", "*.cl")) +
                  glob.glob(os.path.join(here, "kernels", "*.hip")))
    total = {"a": 0.0, "b": 0.0}
    for _ in range(args.reps):
        for name, flags in (("a", args.a), ("b", args.b)):
            for src in srcs:
                start = child_cpu()
                p = proc.run(command(args.clang, src, args.mcpu, flags))
                total[name] += child_cpu() - start
                if p.returncode:
                    sys.exit(f"compile failed: {src}\n{p.stderr}")
    print(f"compile time: {len(srcs)} sources x {args.reps}: "
          f"A {total['a']:.2f} s, B {total['b']:.2f} s CPU, "
          f"A/B {total['a'] / total['b']:.3f}")


if __name__ == "__main__":
    main()
