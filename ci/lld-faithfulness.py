#!/usr/bin/env python3
"""Check that the fork's lld links device bitcode exactly like Debian's lld.

Device code reaches lld as bitcode whenever clang links it with LTO (HIP
-fgpu-rdc, OpenMP offload, -flto), and lld's LTO step then runs the
optimization pipeline and the code generator it is linked with. With every
fork feature off, the fork's lld must produce the same code object as
Debian's ld.lld-19.

Each source (OpenCL C .cl or HIP .hip) is compiled once, by Debian's clang-19,
to LTO bitcode for --mcpu:

  OpenCL  clang-19 --target=amdgcn-amd-amdhsa -mcpu=M -O3 -flto -c
  HIP     clang-19 -x hip --cuda-device-only -fgpu-rdc --offload-arch=M -O3 -c

(with the ROCm device libraries of Debian's rocm-device-libs)

and linked by both linkers with

  ld.lld -shared -plugin-opt=mcpu=M -plugin-opt=O3 FILE.bc -o FILE.co

the fork's lld also getting FEATURES_OFF. The two code objects are compared
byte for byte after removing the .comment section, which names each
linker's version. Each (source, mcpu) lands in one category: identical,
different, or both-fail. Exit status 1 if any is different or if a source
compiles but only one linker fails.

Usage: lld-faithfulness.py --fork-lld PATH [--mcpu M ...] SOURCES...
"""

import argparse
import os
import subprocess
import sys
import tempfile

DEBIAN_BIN = "/usr/lib/llvm-19/bin"
DEVICE_LIBS = "--rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
FEATURES_OFF = ["-plugin-opt=-amdgpu-cf-lowering=structurize",
                "-plugin-opt=-amdgpu-cf-meld=0",
                "-plugin-opt=-amdgpu-promote-alloca-reject-divergent-index=0",
                "-plugin-opt=-amdgpu-invariant-readfirstlanes=0",
                "-plugin-opt=-amdgpu-lane-affine-addressing=0",
                "-plugin-opt=-machine-cse-pre-ignorable-uses=0",
                "-plugin-opt=-amdgpu-vcmpx-and-exec=0",
                "-plugin-opt=-amdgpu-uniform-trunc-branch=0",
                "-plugin-opt=-amdgpu-hazard-skip-terminators-not-run=0",
                "-plugin-opt=-amdgpu-drop-kill-only-wwm-reloads=0",
                "-plugin-opt=-amdgpu-scaled-index-mad=0",
                "-plugin-opt=-amdgpu-codegenprepare-split-uniform-gep-index=0",
                "-plugin-opt=-amdgpu-codegenprepare-one-lane-branch-weights=0",
                "-plugin-opt=-amdgpu-post-ra-wait-out-hazards=0",
                "-plugin-opt=-amdgpu-waitcnt-flush-memoryless-loops=0",
                "-plugin-opt=-tail-dup-prologue-conservatively=0",
                "-plugin-opt=-rafast-reload-after-prologue=0",
                "-plugin-opt=-amdgpu-dead-sdst-prefer-vcc=0",
                "-plugin-opt=-amdgpu-reserve-scalar-load-lanes=0",
                "-plugin-opt=-amdgpu-skip-threshold-issue-slots=0",
                "-plugin-opt=-amdgpu-lane-mask-not-operands=0",
                "-plugin-opt=-amdgpu-fold-scalar-add-sub-imm=0",
                "-plugin-opt=-amdgpu-uniform-wave-aligned-tid-compare=0",
                "-plugin-opt=-licm-pressure-per-path=0"]


def bitcode_cmd(src, mcpu, out):
    clang = os.path.join(DEBIAN_BIN, "clang")
    if src.endswith(".hip"):
        return [clang, "-x", "hip", "--cuda-device-only", "-fgpu-rdc",
                "--offload-arch=" + mcpu, DEVICE_LIBS, "-O3", "-c", src,
                "-o", out]
    return [clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + mcpu, DEVICE_LIBS,
            "-O3", "-flto", "-c", src, "-o", out]


def link(lld, bc, mcpu, out, extra):
    cmd = [lld, "-shared", "-plugin-opt=mcpu=" + mcpu, "-plugin-opt=O3",
           bc, "-o", out] + extra
    if subprocess.run(cmd, capture_output=True).returncode != 0:
        return None
    subprocess.run([os.path.join(DEBIAN_BIN, "llvm-objcopy"),
                    "--remove-section=.comment", out], check=True)
    with open(out, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fork-lld", required=True)
    ap.add_argument("--ref-lld", default=os.path.join(DEBIAN_BIN, "ld.lld"))
    ap.add_argument("--mcpu", action="append")
    ap.add_argument("--keep-features", action="store_true",
                    help="leave the fork's features on (shows the check fails)")
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()
    mcpus = args.mcpu or ["gfx90a", "gfx1030"]
    counts = {"identical": 0, "different": 0, "both-fail": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for src in args.sources:
            for mcpu in mcpus:
                base = os.path.join(tmp, "%s-%s" % (os.path.basename(src), mcpu))
                subprocess.run(bitcode_cmd(src, mcpu, base + ".bc"), check=True,
                               capture_output=True)
                ref = link(args.ref_lld, base + ".bc", mcpu, base + ".ref.co", [])
                fork = link(args.fork_lld, base + ".bc", mcpu, base + ".fork.co",
                            [] if args.keep_features else FEATURES_OFF)
                if ref is None and fork is None:
                    kind = "both-fail"
                else:
                    kind = "identical" if ref == fork else "different"
                counts[kind] += 1
                if kind != "identical":
                    print("%s: %s %s" % (kind, src, mcpu))
    print("lld-faithfulness: %d sources x %d cpus (%s): identical %d, "
          "different %d, both-fail %d"
          % (len(args.sources), len(mcpus), ", ".join(mcpus),
             counts["identical"], counts["different"], counts["both-fail"]))
    return 1 if counts["different"] else 0


if __name__ == "__main__":
    sys.exit(main())
