#!/usr/bin/env python3
"""Run cf-meld over upstream's IR tests: no invalid IR, no backend failure.

Every .ll file under the --corpus directories (searched recursively) that the
verifier accepts goes through

  opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=cf-meld,verify \\
      -cf-meld-force -cf-meld-threshold=0.05 -cf-meld-run-overhead=0

which melds whatever the paper's measure accepts at a low threshold, every
conditional branch counting as divergent (-cf-meld-force), so that the IR
shapes of all of upstream's tests reach the pass. Each file lands in one
category:

  unchanged     cf-meld left the module as it was
  melded        cf-meld changed it and the result verifies
  opt-fail      opt failed: a crash, a verifier error in the melded IR, or a
                diagnostic on the file (some upstream tests are meant to fail)
  llc-fail      with --llc: llc -O0 or -O2 (-verify-machineinstrs) compiles
                the original module but not the melded one
  timeout       a run exceeded --timeout seconds

Files the verifier rejects on their own (inputs of parser tests, say) and
the files of KNOWN_INVALID are skipped. With --sample N a fixed, evenly
spaced sample of N files is used. Exit status 1 if any file is opt-fail or
llc-fail.

The fetched upstream tree has CodeGen/AMDGPU only; the Transforms tests are
in the cached source tarball:

  tar xf ~/.cache/llvm-amdgpu-fork/llvm-toolchain-19_19.1.7.orig.tar.xz \\
      llvm-toolchain-19_19.1.7/llvm/test/Transforms
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

TARGET = ["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a"]
MELD = ["-passes=cf-meld,verify", "-cf-meld-force", "-cf-meld-threshold=0.05",
        "-cf-meld-run-overhead=0"]

# Upstream test inputs that are meant to be rejected by the target, which
# cf-meld, asking the target for its information, reports as llc does.
KNOWN_INVALID = {
    "attr-unparseable.ll": "CodeGen/AMDGPU: amdgpu-* attributes the "
                           "subtarget cannot parse (its RUN line is 'not llc')",
}


def ll_files(dirs, sample):
    files = []
    for d in dirs:
        for root, _, names in os.walk(d):
            files += [os.path.join(root, n) for n in names if n.endswith(".ll")]
    files.sort()
    if sample and sample < len(files):
        step = len(files) / sample
        files = [files[int(i * step)] for i in range(sample)]
    return files


def run(cmd, timeout):
    """(exit status or None on timeout, first line of stderr)."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, ""
    lines = p.stderr.decode(errors="replace").strip().splitlines()
    return p.returncode, lines[0] if lines else ""


def check_file(args, path):
    """(category, message) for one file."""
    if os.path.basename(path) in KNOWN_INVALID:
        return "skipped", ""
    with tempfile.TemporaryDirectory() as tmp:
        orig, meld = os.path.join(tmp, "orig.bc"), os.path.join(tmp, "meld.bc")
        status, _ = run([args.opt] + TARGET + ["-passes=verify", path, "-o",
                                                orig], args.timeout)
        if status != 0:
            return "skipped", ""
        status, err = run([args.opt] + TARGET + MELD + [orig, "-o", meld],
                          args.timeout)
        if status is None:
            return "timeout", "opt"
        if status != 0:
            return "opt-fail", err
        with open(orig, "rb") as a, open(meld, "rb") as b:
            if a.read() == b.read():
                return "unchanged", ""
        for level in (["-O0"], ["-O2"]) if args.llc else []:
            llc = [args.llc] + TARGET + level + ["-verify-machineinstrs",
                                                 "-o", os.devnull]
            if run(llc + [orig], args.timeout)[0] != 0:
                continue
            status, err = run(llc + [meld], args.timeout)
            if status is None:
                return "timeout", "llc " + level[0]
            if status != 0:
                return "llc-fail", f"llc {level[0]}: {err}"
        return "melded", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opt", required=True, help="the fork's opt")
    ap.add_argument("--llc", help="the fork's llc: also compile melded modules")
    ap.add_argument("--corpus", action="append", required=True,
                    help="a directory of .ll files (repeatable)")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args()
    files = ll_files(args.corpus, args.sample)

    counts = {k: 0 for k in ("unchanged", "melded", "opt-fail", "llc-fail",
                             "timeout", "skipped")}
    problems = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(check_file, args, f): f for f in files}
        for fut in concurrent.futures.as_completed(futures):
            category, msg = fut.result()
            counts[category] += 1
            if category in ("opt-fail", "llc-fail", "timeout"):
                problems.append(f"{category.upper()}: {futures[fut]}: {msg}")

    for line in sorted(problems):
        print(line)
    print(f"{len(files)} files: " +
          ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if counts["opt-fail"] or counts["llc-fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
