#!/usr/bin/env python3
"""The divergent kernel suite: compile, run on llvm-amdgpu-emu, check, bench.

Every kernel lives in kernels/ as an OpenCL C (.cl) or HIP (.hip) source
plus a Python module of the same stem that registers it and computes its CPU
reference (kernelsuite/kernels.py says how). The emulator checks each
launch's outputs (llvm-amdgpu-emu --launch, "expect_file").

  suite.py list
  suite.py check --clang CLANG [--opt -O3 ...] [--mcpu gfx90a] [--kernel K ...]
      compile every kernel at every -O level, run every case, check it
  suite.py bench --fork-clang CLANG [--fork-flags "..."] [--report R.md]
      compile with Debian clang-19 -O3 and the fork's clang -O3, run both on
      the same inputs, check both, print a summary and write what is asked
      for: the Markdown report (docs/benchmarks.md is one), a gnuplot SVG of
      the ratios, the raw figures as JSON

This script is the command line; the registry and the compile and run steps
are the library kernelsuite/ beside it.
"""

import argparse
import math
import os
import shlex
import sys
import tempfile

from kernelsuite import report as report_writer
from kernelsuite.kernels import GROUPS, KERNEL_DIR, load_kernels
from kernelsuite.run import (DEBIAN_CLANG, compile_kernel, kernel_static,
                             parallel, prepare_case, run_case)


def selected(args):
    ks = load_kernels(args.kernel_dir)
    names = args.kernel or sorted(ks)
    for n in names:
        if n not in ks:
            sys.exit(f"error: no kernel '{n}' (suite.py list shows them)")
    return [ks[n] for n in names]


# ----------------------------------------------------------------------------
# Commands.
# ----------------------------------------------------------------------------

def cmd_list(args):
    ks = load_kernels(args.kernel_dir)
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
    sources = sorted({(k.source, k.path) for k in kernels})

    def build(item):
        (src, path), opt = item
        co = os.path.join(work, f"{src}{opt}-{args.mcpu}.co")
        try:
            compile_kernel(args.clang, path, opt, args.mcpu, co, args.flag)
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
            t = compile_kernel(clang, k.path, "-O3", args.mcpu, co, flags)
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
    report_writer.write(report, args.report, args.plot, args.json)
    for f in failed:
        print("FAIL:", f)
    print(f"bench: {len(kernels)} kernels x {len(configs)} configurations, "
          f"{len(failed)} failures"
          + (f"; report {args.report}" if args.report else ""))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list the kernels").add_argument(
        "--kernel-dir", default=KERNEL_DIR, help="kernels from this directory")
    for name in ("check", "bench"):
        p = sub.add_parser(name)
        p.add_argument("--emu", required=True, help="llvm-amdgpu-emu")
        p.add_argument("--mcpu", default="gfx90a")
        p.add_argument("--kernel", action="append", help="only this kernel")
        p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
        p.add_argument("--kernel-dir", default=KERNEL_DIR,
                       help="kernels from this directory "
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
    bench.add_argument("--report", help="write the Markdown report here")
    bench.add_argument("--plot", help="also write an SVG plot here (gnuplot; "
                       "with --report)")
    bench.add_argument("--json", help="also write the raw figures here")
    bench.add_argument("--quick", action="store_true",
                       help="each kernel's smallest checked size, not its "
                       "bench size (the README's demo)")
    args = ap.parse_args()
    args.kernel_dir = os.path.abspath(args.kernel_dir)
    if args.cmd == "bench" and args.plot and not args.report:
        ap.error("--plot needs --report")
    if args.cmd == "list":
        return cmd_list(args)
    return cmd_check(args) if args.cmd == "check" else cmd_bench(args)


if __name__ == "__main__":
    sys.exit(main())
