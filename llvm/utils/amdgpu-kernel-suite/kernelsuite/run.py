#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Compiling a suite kernel and running a launch on llvm-amdgpu-emu."""

import concurrent.futures
import json
import os
import random
import re
import struct
import time

from . import proc
from .kernels import PACK, Buf, Local, Val

DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
DEBIAN_CLANG = "/usr/lib/llvm-19/bin/clang"



def compile_kernel(clang, src, opt, mcpu, out, flags=()):
    """Compiles src to the code object out; returns the compile time (s).

    A HIP source with -fgpu-rdc among the flags goes the way of relocatable
    device code: compiled to a host+device object, then device-linked
    (--hip-link), so the device code is optimized and generated in the
    linker's LTO step; the flags go to both steps. OpenCL sources ignore
    -fgpu-rdc."""
    flags = list(flags)
    rdc = "-fgpu-rdc" in flags
    if not src.endswith(".hip"):
        flags = [f for f in flags if f != "-fgpu-rdc"]
    libs = "--rocm-device-lib-path=" + DEVICE_LIBS
    if src.endswith(".hip") and rdc:
        obj = out + ".rdc.o"
        steps = [[clang, "-x", "hip", "--offload-arch=" + mcpu, opt, libs, "-c",
                  src, "-o", obj] + flags,
                 [clang, "--offload-arch=" + mcpu, opt, libs, "--hip-link",
                  "--cuda-device-only", "--no-gpu-bundle-output", obj,
                  "-o", out] + flags]
    elif src.endswith(".hip"):
        steps = [[clang, "-x", "hip", "--cuda-device-only",
                  "--no-gpu-bundle-output", "--offload-arch=" + mcpu, opt, libs,
                  src, "-o", out] + flags]
    else:
        steps = [[clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + mcpu, opt,
                  libs, src, "-o", out] + flags]
    start = time.perf_counter()
    for cmd in steps:
        p = proc.run(cmd)
        if p.returncode:
            raise RuntimeError(f"compile failed: {' '.join(cmd)}\n{p.stderr}")
    return time.perf_counter() - start


def write_launch(kname, launch, directory):
    """Writes the launch file and its binary buffers; returns its path."""
    os.makedirs(directory, exist_ok=True)
    args = []
    for i, a in enumerate(launch.args):
        if isinstance(a, Val):
            args.append({"type": a.type, "value": a.value})
            continue
        if isinstance(a, Local):
            args.append({"lds": a.size})
            continue
        fmt = "<%d%s" % (len(a.data), PACK[a.type])
        with open(os.path.join(directory, f"arg{i}.bin"), "wb") as f:
            f.write(struct.pack(fmt, *a.data))
        entry = {"buffer": a.type, "file": f"arg{i}.bin"}
        if a.expect is not None:
            with open(os.path.join(directory, f"arg{i}.expect.bin"), "wb") as f:
                f.write(struct.pack(fmt, *a.expect))
            entry["expect_file"] = f"arg{i}.expect.bin"
            if a.tolerance:
                entry["tolerance"] = a.tolerance
        args.append(entry)
    path = os.path.join(directory, "launch.json")
    with open(path, "w") as f:
        json.dump({"kernel": kname, "grid": launch.grid, "block": launch.block,
                   "args": args}, f, indent=1)
    return path


def prepare_case(k, seed, size, directory):
    launch = k.make(random.Random(seed), size)
    if not any(isinstance(a, Buf) and a.expect is not None for a in launch.args):
        raise RuntimeError(f"kernel {k.name}: the launch checks no buffer")
    return write_launch(k.symbol, launch, directory)


# Every suite launch finishes in well under a second on the emulator (the
# largest, nqueens at n = 10, runs 5.8 million wave-instructions): a kernel
# that never ends stops at MAX_STEPS, a few seconds, or at RUN_TIMEOUT.
RUN_TIMEOUT = 60
MAX_STEPS = 100_000_000


def run_case(emu, co, launch_path, counters_path, timing=False):
    """Runs one launch; returns (ok, message, counters or None). With timing
    the counters include the timing model's (llvm-amdgpu-emu --timing). A
    write-write race (llvm-amdgpu-emu --write-conflicts) fails the case even
    if the buffers match: a suite kernel's result must not depend on the
    order its stores run in, and a race the kernel does not have is the
    compiler's."""
    p = proc.run([emu, "--run", "--strict", "--write-conflicts",
                  f"--max-steps={MAX_STEPS}",
                  "--launch=" + launch_path,
                  "--counters-json=" + counters_path, co]
                 + (["--timing"] if timing else []),
                 timeout=RUN_TIMEOUT)
    if p.timed_out:
        # A wave that never leaves a loop: lanes lost by the lowering.
        return False, f"no result after {RUN_TIMEOUT} s (endless loop?)", None
    if p.returncode:
        msg = [l for l in (p.stdout + p.stderr).strip().splitlines()
               if not l.startswith("write conflicts: 0 bytes")]
        return False, " | ".join(msg[:4]), None
    with open(counters_path) as f:
        counters = json.load(f)
    if counters.get("write_conflicts"):
        race = next((l for l in p.stdout.splitlines()
                     if l.startswith("write conflicts:")), "")
        return False, race or "write conflicts", counters
    return True, "", counters


def kernel_static(emu, co, kname):
    """Code size and register counts from llvm-amdgpu-emu --list-kernels."""
    out = proc.run([emu, "--list-kernels", co], check=True).stdout
    cur, info = None, {}
    for line in out.splitlines():
        m = re.match(r"kernel (\S+)", line)
        if m:
            cur = m.group(1)
        m = re.search(r"code (\d+) bytes", line)
        if m and cur == kname:
            info["bytes"] = int(m.group(1))
        m = re.search(r"(\d+) VGPRs, (\d+) AGPRs, (\d+) SGPRs", line)
        if m and cur == kname:
            info["vgpr"], info["sgpr"] = int(m.group(1)), int(m.group(3))
    return info


def parallel(jobs, fn, items):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        return list(ex.map(fn, items))
