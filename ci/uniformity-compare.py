#!/usr/bin/env python3
"""Compare what ConvergenceVarianceAnalysis and UniformityAnalysis prove uniform.

Every input is turned into optimized IR and run through

  opt -mtriple=amdgcn-amd-amdhsa -mcpu=M -passes='lcssa,print<convergence-variance-vs-uniformity>'

  .cl   clang --target=amdgcn-amd-amdhsa -mcpu=M -O3 -emit-llvm -S
  .hip  clang -x hip --cuda-device-only --offload-arch=M -O3 -emit-llvm -S
  .ll   used as it is (lines of an upstream test that opt cannot parse make
        the file count as skipped)

LCSSA makes the values loops pass out visible as phis, as instruction
selection sees them. Per input it prints the instructions (values and
conditional branches) both analyses call uniform, neither does, only the
convergence-variance analysis does, and only UniformityAnalysis does, then
the totals; with --list, the instructions of the last two kinds.

  python3 ci/uniformity-compare.py --bin build/obj/bin FILES...
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SUMMARY = re.compile(
    r"uniform for both: (\d+), divergent for both: (\d+), uniform only here: "
    r"(\d+), uniform only for UniformityAnalysis: (\d+)")


def to_ir(path, args, tmp):
    if path.endswith(".ll"):
        return path
    out = os.path.join(tmp, os.path.basename(path) + ".ll")
    clang = os.path.join(args.bin, "clang")
    if path.endswith(".cl"):
        cmd = [clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + args.mcpu]
    else:
        cmd = [clang, "-x", "hip", "--cuda-device-only",
               "--offload-arch=" + args.mcpu]
    cmd += ["-O3", "-w", "-emit-llvm", "-S", path, "-o", out]
    if args.device_libs:
        cmd.append("--rocm-device-lib-path=" + args.device_libs)
    if subprocess.run(cmd, capture_output=True).returncode:
        return None
    return out


def compare(ir, args):
    cmd = [os.path.join(args.bin, "opt"), "-mtriple=amdgcn-amd-amdhsa",
           "-mcpu=" + args.mcpu, "-disable-output",
           "-passes=lcssa,print<convergence-variance-vs-uniformity>", ir]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return None, []
    totals = [0, 0, 0, 0]
    listed = []
    for line in r.stderr.splitlines():
        m = SUMMARY.search(line)
        if m:
            totals = [t + int(g) for t, g in zip(totals, m.groups())]
        elif line.startswith("  [only"):
            listed.append(line.strip())
    return totals, listed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="the fork's bin directory")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--device-libs",
                    default="/usr/lib/x86_64-linux-gnu/amdgcn/bitcode")
    ap.add_argument("--list", action="store_true",
                    help="also list the instructions the analyses disagree on")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    grand = [0, 0, 0, 0]
    skipped = 0
    print("| input | uniform for both | divergent for both "
          "| only convergence-variance | only UniformityAnalysis |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            ir = to_ir(path, args, tmp)
            totals, listed = compare(ir, args) if ir else (None, [])
            if totals is None:
                skipped += 1
                continue
            grand = [g + t for g, t in zip(grand, totals)]
            print("| %s | %d | %d | %d | %d |" %
                  ((os.path.basename(path),) + tuple(totals)))
            if args.list:
                for line in listed:
                    print("|   | %s | | | |" % line.replace("|", "\\|"))
    print("| **total** | %d | %d | %d | %d |" % tuple(grand))
    if skipped:
        print("\n%d input(s) skipped (did not compile or parse)" % skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
