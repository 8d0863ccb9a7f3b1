#!/usr/bin/env python3
"""The divergent kernel suite: compile, run on llvm-amdgpu-emu, check, bench.

Every kernel lives in kernels/ as an OpenCL C (.cl) or HIP (.hip) source
plus a Python module of the same stem. The module registers each kernel of
the source with @kernel: a function that, given a random generator and a
size, builds a Launch -- grid, workgroup size, arguments -- whose output
buffers carry the contents the CPU reference (the same function, in Python)
computed for those inputs. The emulator checks them (llvm-amdgpu-emu
--launch, "expect_file").

  suite.py list
  suite.py check --clang CLANG [--opt -O3 ...] [--mcpu gfx90a] [--kernel K ...]
      compile every kernel at every -O level, run every case, check it
  suite.py bench --fork-clang CLANG [--fork-flags "..."] [--out docs/...]
      compile with Debian clang-19 -O3 and the fork's clang -O3, run both on
      the same inputs, check both, and write the report (docs/benchmarks.md
      and a gnuplot SVG of the ratios)

Floating point: f32() rounds a Python float (a double) to binary32, and one
IEEE operation on two binary32 values done in double and rounded once is the
correctly rounded binary32 result; references round after every operation.
Kernels whose device code may contract a*b+c into an FMA or use the OpenCL
fast division declare a tolerance on their float outputs.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import math
import os
import random
import re
import shlex
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_DIR = os.path.join(HERE, "kernels")  # --kernel-dir changes it.
DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
DEBIAN_CLANG = "/usr/lib/llvm-19/bin/clang"

# ----------------------------------------------------------------------------
# What kernel modules use.
# ----------------------------------------------------------------------------

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


def load_kernels():
    sys.modules.setdefault("suite", sys.modules[__name__])
    for f in sorted(os.listdir(KERNEL_DIR)):
        if f.endswith(".py"):
            spec = importlib.util.spec_from_file_location(
                "suite_kernel_" + f[:-3], os.path.join(KERNEL_DIR, f))
            spec.loader.exec_module(importlib.util.module_from_spec(spec))
    for k in KERNELS.values():
        if not os.path.exists(os.path.join(KERNEL_DIR, k.source)):
            sys.exit(f"error: kernel {k.name}: no source kernels/{k.source}")
    return KERNELS


# ----------------------------------------------------------------------------
# Compiling and running.
# ----------------------------------------------------------------------------

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
        p = subprocess.run(cmd, capture_output=True, text=True)
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
    the counters include the timing model's (llvm-amdgpu-emu --timing)."""
    try:
        p = subprocess.run([emu, "--run", "--strict",
                            f"--max-steps={MAX_STEPS}",
                            "--launch=" + launch_path,
                            "--counters-json=" + counters_path, co]
                           + (["--timing"] if timing else []),
                           capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        # A wave that never leaves a loop: lanes lost by the lowering.
        return False, f"no result after {RUN_TIMEOUT} s (endless loop?)", None
    if p.returncode:
        msg = (p.stdout + p.stderr).strip().splitlines()
        return False, " | ".join(msg[:4]), None
    with open(counters_path) as f:
        return True, "", json.load(f)


def kernel_static(emu, co, kname):
    """Code size and register counts from llvm-amdgpu-emu --list-kernels."""
    out = subprocess.run([emu, "--list-kernels", co], check=True,
                         capture_output=True, text=True).stdout
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


def selected(args):
    ks = load_kernels()
    names = args.kernel or sorted(ks)
    for n in names:
        if n not in ks:
            sys.exit(f"error: no kernel '{n}' (suite.py list shows them)")
    return [ks[n] for n in names]


# ----------------------------------------------------------------------------
# Commands.
# ----------------------------------------------------------------------------

def cmd_list(args):
    ks = load_kernels()
    for g in GROUPS:
        names = sorted(n for n, k in ks.items() if k.group == g)
        print(f"{g}: {len(names)} kernels")
        for n in names:
            k = ks[n]
            print(f"  {n:<22} {k.source:<22} sizes {k.sizes}  {k.doc}")
    print(f"{len(ks)} kernels")


def cmd_check(args):
    kernels = selected(args)
    opts = args.opt or ["-O0", "-O1", "-O3"]
    work = args.out or tempfile.mkdtemp(prefix="kernel-suite-")
    os.makedirs(work, exist_ok=True)
    sources = sorted({k.source for k in kernels})

    def build(item):
        src, opt = item
        co = os.path.join(work, f"{src}{opt}-{args.mcpu}.co")
        try:
            compile_kernel(args.clang, os.path.join(KERNEL_DIR, src), opt,
                           args.mcpu, co, args.flag)
            return None
        except RuntimeError as e:
            return f"FAIL: {src} {opt}: {e}"
    errors = [e for e in parallel(args.jobs, build,
                                  [(s, o) for s in sources for o in opts]) if e]

    def case(item):
        k, seed, size, opt = item
        co = os.path.join(work, f"{k.source}{opt}-{args.mcpu}.co")
        if not os.path.exists(co):
            return f"FAIL: {k.name} {opt} seed {seed} size {size}: not compiled"
        d = os.path.join(work, f"{k.name}-{seed}-{size}")
        launch = os.path.join(d, "launch.json")
        ok, msg, _ = run_case(args.emu, co, launch,
                              os.path.join(d, f"counters{opt}.json"))
        return None if ok else f"FAIL: {k.name} {opt} seed {seed} size {size}: {msg}"
    items = [(k, s, n) for k in kernels for s, n in k.cases()]
    for k, s, n in items:
        prepare_case(k, s, n, os.path.join(work, f"{k.name}-{s}-{n}"))
    runs = [(k, s, n, o) for (k, s, n) in items for o in opts]
    run_errors = [e for e in parallel(args.jobs, case, runs) if e]
    for e in errors + run_errors:
        print(e)
    print(f"suite: {len(kernels)} kernels, {len(runs) - len(run_errors)} of "
          f"{len(runs)} runs match the CPU reference ({' '.join(opts)}, "
          f"{args.mcpu}); {len(errors)} compile failures")
    return 1 if errors or run_errors else 0


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def print_summary(report):
    """A console table: per kernel, each configuration's dynamic
    wave-instructions, VALU utilization and code bytes."""
    configs = report["configs"]
    print(f"{'kernel':<20}" + "".join(f"{c + ' insts':>16}{'util':>6}{'bytes':>7}"
                                      for c in configs))
    for name, k in sorted(report["kernels"].items(), key=lambda kv: (
            GROUPS.index(kv[1]["group"]), kv[0])):
        cells = ""
        for c in configs:
            r = k.get(c, {})
            if "error" in r:
                cells += f"{'FAIL':>16}{'':>6}{'':>7}"
            else:
                cells += (f"{r.get('wave_instructions', 0):>16,}"
                          f"{r.get('valu_utilization', 0):>6.2f}{r.get('bytes', 0):>7}")
        print(f"{name:<20}{cells}")


def cmd_bench(args):
    import bench_report  # The report writer, next to this file.
    kernels = selected(args)
    configs = [("upstream", args.base_clang, args.base_flags.split())]
    configs.append(("fork", args.fork_clang, args.fork_flags.split()))
    for spec in args.config:
        name, _, flags = spec.partition("=")
        configs.append((name, args.fork_clang, flags.split()))
    work = args.out_dir or tempfile.mkdtemp(prefix="kernel-bench-")
    os.makedirs(work, exist_ok=True)
    for k in kernels:
        k.bench_size = k.sizes[0] if args.quick else k.bench_size
        prepare_case(k, 1, k.bench_size, os.path.join(work, k.name))

    def measure(item):
        k, (cname, clang, flags) = item
        co = os.path.join(work, k.name, f"{cname}.co")
        try:
            t = compile_kernel(clang, os.path.join(KERNEL_DIR, k.source), "-O3",
                               args.mcpu, co, flags)
        except RuntimeError as e:
            return k.name, cname, {"error": str(e).splitlines()[0]}
        ok, msg, counters = run_case(args.emu, co,
                                     os.path.join(work, k.name, "launch.json"),
                                     os.path.join(work, k.name, f"{cname}.json"),
                                     timing=True)
        row = {"compile_s": t, **kernel_static(args.emu, co, k.symbol)}
        if not ok:
            row["error"] = msg
        else:
            counters.pop("blocks", None)
            row.update(counters)
        return k.name, cname, row
    results = {}
    for kname, cname, row in parallel(args.jobs, measure,
                                      [(k, c) for k in kernels for c in configs]):
        results.setdefault(kname, {})[cname] = row
    report = {"mcpu": args.mcpu, "configs": [c[0] for c in configs],
              "flags": {c[0]: " ".join(c[2]) for c in configs},
              "kernels": {k.name: {"group": k.group, "size": k.bench_size,
                                   "doc": k.doc, **results[k.name]}
                          for k in kernels},
              "command": shlex.join(sys.argv)}
    print_summary(report)
    insts = sum(r.get("wave_instructions", 0) for rs in results.values()
                for r in rs.values())
    secs = sum(r.get("run_seconds", 0) for rs in results.values()
               for r in rs.values())
    if secs:
        print(f"emulator speed: {insts:,} wave-instructions in {secs:.2f} s of "
              f"dispatch time: {insts / secs / 1e6:.1f} million per second")
    failed = [f"{k}/{c}: {r['error']}" for k, rs in results.items()
              for c, r in rs.items() if "error" in r]
    bench_report.write(report, args.report, args.plot, args.json)
    for f in failed:
        print("FAIL:", f)
    print(f"bench: {len(kernels)} kernels x {len(configs)} configurations, "
          f"{len(failed)} failures; report {args.report}")
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list the kernels").add_argument(
        "--kernel-dir", help="kernels from this directory")
    for name in ("check", "bench"):
        p = sub.add_parser(name)
        p.add_argument("--emu", required=True, help="llvm-amdgpu-emu")
        p.add_argument("--mcpu", default="gfx90a")
        p.add_argument("--kernel", action="append", help="only this kernel")
        p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
        p.add_argument("--kernel-dir", help="kernels from this directory "
                       "instead of kernels/ (used by the tests)")
    check = sub.choices["check"]
    check.add_argument("--clang", default=DEBIAN_CLANG)
    check.add_argument("--opt", action="append", help="default -O0 -O1 -O3")
    check.add_argument("--flag", action="append", default=[],
                       help="extra compiler flag (repeatable)")
    check.add_argument("--out", help="work directory (default: a temporary one)")
    bench = sub.choices["bench"]
    bench.add_argument("--base-clang", default=DEBIAN_CLANG)
    bench.add_argument("--fork-clang", required=True)
    bench.add_argument("--base-flags", default="",
                       help="flags for the 'upstream' configuration")
    bench.add_argument("--fork-flags", default="",
                       help="flags for the 'fork' configuration")
    bench.add_argument("--config", action="append", default=[],
                       help="another fork configuration NAME=FLAGS")
    bench.add_argument("--out-dir", help="work directory")
    bench.add_argument("--report", default="benchmarks.md")
    bench.add_argument("--plot", help="also write an SVG plot here (gnuplot)")
    bench.add_argument("--json", help="also write the raw figures here")
    bench.add_argument("--quick", action="store_true",
                       help="each kernel's smallest checked size, not its "
                       "bench size (the README's demo)")
    args = ap.parse_args()
    sys.path.insert(0, HERE)
    global KERNEL_DIR
    if getattr(args, "kernel_dir", None):
        KERNEL_DIR = os.path.abspath(args.kernel_dir)
    if args.cmd == "list":
        return cmd_list(args)
    return cmd_check(args) if args.cmd == "check" else cmd_bench(args)


if __name__ == "__main__":
    sys.exit(main())
