#!/usr/bin/env python3
"""Check that a compiler gives the same assembly on every run.

Compiles every device source of the suite (kernels/*.cl, *.hip) and, with
--manifest, of a corpus manifest (the format ci/uniform-ops-compare.py reads)
--runs times each at -O3 for each --mcpu, and prints the sources whose
assembly differs between runs. HIP's per-compilation `__hip_cuid_*` symbol
is random by design and ignored.

The output of a pass must not depend on memory addresses. Such a dependence
(iterating a set keyed by pointers, or asking an analysis about a value
that took the address of an erased one) shows up only when the heap layout
changes, which address-space randomization and the HIP driver's random
names do from one clang run to the next, so one compile per run is enough.

  determinism.py --clang build/obj/bin/clang [--mcpu gfx90a] [--runs 2]
                 [--manifest M --corpus-root R] [--jobs J]

Exit status 1 if any source differs.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import sys
import tempfile

from compile_time import command
from corpus_diff import DEVICE_LIBS, UOC  # ci/uniform-ops-compare.py
from kernelsuite import proc

HERE = os.path.dirname(os.path.abspath(__file__))
CUID = re.compile(r"__hip_cuid_[0-9a-f]+")


def suite_jobs(clang, mcpus):
    """(name, command with OUT for the output, cwd) of the suite's kernels."""
    srcs = sorted(glob.glob(os.path.join(HERE, "kernels", "*.cl")) +
                  glob.glob(os.path.join(HERE, "kernels", "*.hip")))
    for mcpu in mcpus:
        for src in srcs:
            cmd = command(clang, src, mcpu, [])
            cmd[cmd.index(os.devnull)] = "OUT"
            yield f"{os.path.basename(src)} ({mcpu})", cmd, None


def corpus_jobs(clang, mcpus, manifest, root):
    """The same for the entries of a corpus manifest."""
    with open(manifest) as f:
        entries = json.load(f)
    for entry in entries:
        entry["abspath"] = os.path.join(root, entry["path"])
        entry.setdefault("lang", UOC.lang_of(entry["path"]))
        for mcpu in mcpus:
            cmd = UOC.compile_cmd(clang, entry, mcpu,
                                  ["--rocm-device-lib-path=" + DEVICE_LIBS],
                                  [], "OUT")
            cmd[cmd.index("-c")] = "-S"
            yield (f"{entry['path']} ({mcpu})", cmd,
                   os.path.dirname(entry["abspath"]))


def compile_once(cmd, cwd, out):
    p = proc.run([out if a == "OUT" else a for a in cmd], cwd=cwd,
                 timeout=600)
    if p.returncode or not os.path.exists(out):
        return None
    with open(out, errors="replace") as f:
        return CUID.sub("CUID", f.read())


def check(job, runs):
    """'same', 'differs' or 'fails' for one source."""
    name, cmd, cwd = job
    with tempfile.TemporaryDirectory() as tmp:
        outs = [compile_once(cmd, cwd, os.path.join(tmp, f"{i}.s"))
                for i in range(runs)]
    if any(o is None for o in outs):
        return name, "fails"
    return name, "same" if all(o == outs[0] for o in outs) else "differs"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clang", required=True)
    ap.add_argument("--mcpu", action="append")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--manifest")
    ap.add_argument("--corpus-root")
    ap.add_argument("--no-suite", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args()
    if os.sep in args.clang:  # corpus sources compile in their directory
        args.clang = os.path.abspath(args.clang)
    mcpus = args.mcpu or ["gfx90a"]
    jobs = [] if args.no_suite else list(suite_jobs(args.clang, mcpus))
    if args.manifest:
        root = args.corpus_root or os.path.dirname(
            os.path.abspath(args.manifest))
        jobs += corpus_jobs(args.clang, mcpus, args.manifest, root)
    counts = {"same": 0, "differs": 0, "fails": 0}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for name, result in ex.map(lambda j: check(j, args.runs), jobs):
            counts[result] += 1
            if result != "same":
                print(f"{result}: {name}", flush=True)
    print(f"determinism: {len(jobs)} sources x {args.runs} runs: "
          f"{counts['same']} same, {counts['differs']} differ, "
          f"{counts['fails']} do not compile")
    sys.exit(1 if counts["differs"] else 0)


if __name__ == "__main__":
    main()
