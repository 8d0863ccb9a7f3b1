#!/usr/bin/env python3
"""Run upstream's CodeGen/AMDGPU corpus through both control-flow lowerings.

Every .ll file of upstream's llvm/test/CodeGen/AMDGPU is compiled by the
fork's llc, once per -mcpu and lowering:

  llc -mtriple=amdgcn-amd-amdhsa -mcpu=CPU -verify-machineinstrs \\
      -amdgpu-cf-lowering={structurize,reconverge} FILE -o /dev/null

Each (file, cpu) pair lands in one category:

  both-ok          both lowerings compile it
  both-fail        both fail (invalid input for this command line, or an
                   upstream crash or verifier error)
  reconverge-only  only the reconverging lowering fails: a regression
  structurize-only only the structurizing lowering fails
  timeout          either run exceeded --timeout seconds

It also sums the CPU time (user + system) of the both-ok runs per lowering
and prints the ratio reconverge / structurize. With --sample N a fixed, evenly
spaced sample of N files is used. --extra adds llc flags to both runs (say,
a transform forced on, to compare its failures with a run without it);
--list-failures prints every failing (file, cpu, lowering). Exit status 1 if
any pair is 'reconverge-only'.
"""

import argparse
import concurrent.futures
import os
import shlex
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from faithfulness import corpus_files  # noqa: E402

LOWERINGS = ("structurize", "reconverge")


def run_llc(llc, path, cpu, lowering, timeout, extra=()):
    """(exit status or None on timeout, CPU seconds, first stderr line)."""
    cmd = [llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu,
           "-verify-machineinstrs", "-amdgpu-cf-lowering=" + lowering,
           *extra, path, "-o", os.devnull]
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    timed_out = threading.Event()

    def kill():
        timed_out.set()
        p.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        err = p.stderr.read()
    finally:
        timer.cancel()
    # wait4, not Popen.wait: it also gives this process's CPU time.
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if timed_out.is_set():
        return None, 0.0, ""
    first = err.decode(errors="replace").strip().splitlines()[:1]
    return p.returncode, usage.ru_utime + usage.ru_stime, (
        first[0] if first else "")


def run_pair(args, path, cpu):
    results = {lowering: run_llc(args.llc, path, cpu, lowering, args.timeout,
                                 shlex.split(args.extra))
               for lowering in LOWERINGS}
    s, r = results["structurize"], results["reconverge"]
    if s[0] is None or r[0] is None:
        category = "timeout"
    elif s[0] == 0 and r[0] == 0:
        category = "both-ok"
    elif s[0] != 0 and r[0] != 0:
        category = "both-fail"
    elif r[0] != 0:
        category = "reconverge-only"
    else:
        category = "structurize-only"
    failed = [lowering for lowering in LOWERINGS if results[lowering][0]]
    return (category, s[1], r[1], r[2] if category == "reconverge-only" else "",
            failed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llc", required=True, help="the fork's llc")
    ap.add_argument("--corpus", required=True,
                    help="upstream llvm/test/CodeGen/AMDGPU")
    ap.add_argument("--mcpu", action="append", default=[],
                    help="repeatable; default gfx90a and gfx1030")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--extra", default="", help="llc flags for both runs")
    ap.add_argument("--list-failures", action="store_true")
    args = ap.parse_args()
    cpus = args.mcpu or ["gfx90a", "gfx1030"]
    pairs = [(f, c) for f in corpus_files(args.corpus, args.sample)
             for c in cpus]

    counts = {k: 0 for k in ("both-ok", "both-fail", "reconverge-only",
                             "structurize-only", "timeout")}
    time = {lowering: 0.0 for lowering in LOWERINGS}
    regressions, failures = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run_pair, args, f, c): (f, c)
                   for f, c in pairs}
        for fut in concurrent.futures.as_completed(futures):
            f, c = futures[fut]
            category, s_time, r_time, err, failed = fut.result()
            counts[category] += 1
            failures += [f"{os.path.basename(f)} {c} {lowering}"
                         for lowering in failed]
            if category == "both-ok":
                time["structurize"] += s_time
                time["reconverge"] += r_time
            if category == "reconverge-only":
                regressions.append(f"{os.path.basename(f)} {c}: {err}")

    for line in sorted(regressions):
        print("REGRESSION:", line)
    if args.list_failures:
        for line in sorted(failures):
            print("FAIL:", line)
    print(f"{len(pairs)} (file, cpu) pairs: " +
          ", ".join(f"{k} {v}" for k, v in counts.items()))
    if time["structurize"] > 0:
        print(f"CPU time of both-ok runs: structurize "
              f"{time['structurize']:.1f} s, reconverge "
              f"{time['reconverge']:.1f} s, ratio "
              f"{time['reconverge'] / time['structurize']:.3f}")
    return 1 if counts["reconverge-only"] else 0


if __name__ == "__main__":
    sys.exit(main())
