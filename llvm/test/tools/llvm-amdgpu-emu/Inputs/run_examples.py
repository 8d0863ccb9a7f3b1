#!/usr/bin/env python3
"""Compile docs/examples kernels at several -O levels, run each on
llvm-amdgpu-emu with several inputs, and check each run with
check_reference.py. Prints one line per failure and a summary line."""
import argparse
import os
import subprocess
import sys

# kernel: (source, [(grid, block, args, dumps, reference scalars), ...])
RUNS = {
    "short_circuit": ("short_circuit.cl", [
        ("100", "64", ["buf:i32:100:seq:-50:1", "buf:i32:100:seq:30:-1",
                       "buf:i32:100:zero", "i32:100"], [0, 1, 2], [100]),
        ("300", "128", ["buf:i32:300:rand:7:-200:200", "buf:i32:300:rand:8:-200:200",
                        "buf:i32:300:fill:-9", "i32:250"], [0, 1, 2], [250]),
    ]),
    "loop_break": ("loop_break.cl", [
        ("128", "64", ["buf:i32:128:rand:1:-1000:1000", "buf:i32:128:zero",
                       "i32:128"], [0, 1], [128]),
        ("200", "32", ["buf:i32:200:rand:2:0:100000", "buf:i32:200:zero",
                       "i32:200"], [0, 1], [200]),
    ]),
    "multi_exit": ("multi_exit.cl", [
        ("64", "64", ["buf:i32:64:rand:2:-5:40", "buf:i32:64:zero", "i32:64",
                      "i32:7"], [0, 1], [64, 64, 7]),
        ("96", "48", ["buf:i32:96:rand:3:-2:60", "buf:i32:96:zero", "i32:96",
                      "i32:13"], [0, 1], [96, 96, 13]),
    ]),
    "bitonic_tile": ("bitonic.cl", [
        ("256", "256", ["buf:i32:256:rand:3:-100:100"], [0], []),
        ("512", "256", ["buf:i32:512:rand:4:-100000:100000"], [0], []),
    ]),
    "uniform_stencil": ("uniform_stencil.cl", [
        ("60", "64", ["buf:f32:64:seq:1:0.5", "buf:f32:64:zero",
                      "buf:f32:5:fill:0.25", "i32:2", "i32:2"], [0, 1, 2],
         [60, 2, 2]),
        ("100", "32", ["buf:f32:110:rand:5:-1:1", "buf:f32:110:zero",
                       "buf:f32:7:rand:6:0:1", "i32:3", "i32:1"], [0, 1, 2],
         [100, 3, 1]),
    ]),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--device-libs", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--check", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--emu", default="llvm-amdgpu-emu")
    ap.add_argument("--opt", action="append", help="default: -O0, -O1, -O3")
    ap.add_argument("--mcpu", default="gfx90a")
    args = ap.parse_args()
    ok = fail = 0
    for kernel, (src, runs) in sorted(RUNS.items()):
        for opt in args.opt or ["-O0", "-O1", "-O3"]:
            co = os.path.join(args.out, f"{kernel}{opt}-{args.mcpu}.co")
            subprocess.run([args.clang, opt, "--target=amdgcn-amd-amdhsa",
                            "-mcpu=" + args.mcpu, "--rocm-device-lib-path=" + args.device_libs,
                            os.path.join(args.examples, src), "-o", co], check=True)
            for grid, block, kargs, dumps, scalars in runs:
                cmd = [args.emu, "--run", "--kernel=" + kernel, "--grid=" + grid,
                       "--block=" + block, "--dump-initial", co]
                cmd += ["--arg=" + a for a in kargs]
                cmd += ["--dump=%d" % d for d in dumps]
                emu = subprocess.run(cmd, capture_output=True, text=True)
                chk = subprocess.run([sys.executable, args.check, kernel]
                                     + [str(s) for s in scalars],
                                     input=emu.stdout, capture_output=True, text=True)
                if emu.returncode or chk.returncode:
                    fail += 1
                    print(f"mismatch: {kernel} {opt} grid {grid} block {block}: "
                          f"{emu.stderr.strip()} {chk.stdout.strip()}")
                else:
                    ok += 1
    print(f"examples: {ok} runs match the reference, {fail} fail")
    sys.exit(1 if fail else 0)


if __name__ == "__main__":
    main()
