#!/usr/bin/env python3
"""Check that the fork's llc behaves exactly like Debian's llc-19.

Every .ll file of upstream's llvm/test/CodeGen/AMDGPU corpus is compiled by
both compilers, once per -mcpu, with the same command line:

  llc -mtriple=amdgcn-amd-amdhsa -mcpu=CPU FILE -o -  [extra llc flags]

except that the fork's llc also gets FORK_FEATURES_OFF, the flags that turn
its on-by-default features off (the reconverging CFG lowering,
AMDGPUPromoteAlloca's refusal of divergent indexes into large vectors, the
scalarization passes, MachineCSE's PRE skipping ignorable uses, the
v_cmpx fold of an EXEC-masking AND, SIInsertWaitcnts' wait before a
loop without memory instructions, the post-RA scheduler's wait for a
hazard before a load's use, the -O2 tail-duplication size for
blocks that start with a prologue, and RegAllocFast's reload of a register
displaced in a block prologue after the prologue, and MachineLICM's
register-pressure estimate per dominator-tree path). The two runs
are compared by stdout and exit status (stderr is not: crash reports carry
addresses). Each (file, cpu) pair lands in one category:

  identical    same exit status 0 and the same stdout
  both-fail    both exit non-zero (crash, fatal error or invalid input)
  different    anything else: the fork is not faithful on this input
  timeout      either run exceeded --timeout seconds

With --sample N a fixed, evenly spaced sample of N files is used (the same N
always gives the same files). Exit status 1 if any pair is 'different'.

The fork also carries fixes of upstream miscompiles (amd-patches/), which no
flag turns off. A corpus function whose 19.1.7 output is such a miscompile
is listed in UPSTREAM_BUGS and compared with its definition removed from
the file, so the rest of the file is still checked byte for byte; the fix
itself is tested by the fork's own tests.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile


FORK_FEATURES_OFF = ["-amdgpu-cf-lowering=structurize",
                     "-amdgpu-promote-alloca-reject-divergent-index=0",
                     "-amdgpu-invariant-readfirstlanes=0",
                     "-amdgpu-lane-affine-addressing=0",
                     "-machine-cse-pre-ignorable-uses=0",
                     "-amdgpu-vcmpx-and-exec=0",
                     "-amdgpu-uniform-trunc-branch=0",
                     "-amdgpu-hazard-skip-terminators-not-run=0",
                     "-amdgpu-drop-kill-only-wwm-reloads=0",
                     "-amdgpu-scaled-index-mad=0",
                     "-amdgpu-codegenprepare-split-uniform-gep-index=0",
                     "-amdgpu-codegenprepare-one-lane-branch-weights=0",
                     "-amdgpu-post-ra-wait-out-hazards=0",
                     "-amdgpu-waitcnt-flush-memoryless-loops=0",
                     "-tail-dup-prologue-conservatively=0",
                     "-rafast-reload-after-prologue=0",
                     "-amdgpu-dead-sdst-prefer-vcc=0",
                     "-amdgpu-reserve-scalar-load-lanes=0",
                     "-amdgpu-skip-threshold-issue-slots=0",
                     "-amdgpu-lane-mask-not-operands=0",
                     "-amdgpu-fold-scalar-add-sub-imm=0",
                     "-amdgpu-uniform-wave-aligned-tid-compare=0",
                     "-licm-pressure-per-path=0"]

# Corpus file -> (functions compiled wrongly by upstream 19.1.7, the fix).
UPSTREAM_BUGS = {
    "constant-fold-mi-operands.ll": (
        ["fold_mi_or_neg1"],
        "amd-patches/0010-amdgpu-si-fold-or-neg1.patch, llvm/llvm-project#189677: "
        "19.1.7 folds the high half of (~ctpop) | y to y.hi instead of -1"),
}


def without_functions(path, names, tmpdir):
    """A copy of the IR file at path without the definitions of names."""
    text = open(path).read()
    for name in names:
        text, n = re.subn(r"^define [^\n]*@%s\(.*?^}\n" % re.escape(name), "",
                          text, flags=re.M | re.S)
        if n != 1:
            sys.exit(f"error: {os.path.basename(path)} does not define @{name} "
                     "once (ci/faithfulness.py UPSTREAM_BUGS is out of date)")
    out = os.path.join(tmpdir, os.path.basename(path))
    with open(out, "w") as f:
        f.write(text)
    return out


def corpus_files(corpus, sample):
    files = sorted(f for f in os.listdir(corpus) if f.endswith(".ll"))
    if sample and sample < len(files):
        step = len(files) / sample
        files = [files[int(i * step)] for i in range(sample)]
    return [os.path.join(corpus, f) for f in files]


def run_llc(llc, path, cpu, flags, timeout):
    cmd = [llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, path, "-o", "-"] + flags
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return None, b""


def compare(args, path, cpu):
    bug = UPSTREAM_BUGS.get(os.path.basename(path))
    if bug:
        with tempfile.TemporaryDirectory() as tmpdir:
            return compare_file(args, without_functions(path, bug[0], tmpdir),
                                cpu)
    return compare_file(args, path, cpu)


def compare_file(args, path, cpu):
    fork = run_llc(args.fork_llc, path, cpu, args.llc_flag + FORK_FEATURES_OFF,
                   args.timeout)
    ref = run_llc(args.ref_llc, path, cpu, args.llc_flag, args.timeout)
    if fork[0] is None or ref[0] is None:
        return "timeout"
    if fork[0] != 0 and ref[0] != 0:
        return "both-fail"
    if fork == ref:
        return "identical"
    return "different"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fork-llc", required=True)
    ap.add_argument("--ref-llc", default="/usr/lib/llvm-19/bin/llc")
    ap.add_argument("--corpus", required=True, help="llvm/test/CodeGen/AMDGPU")
    ap.add_argument("--cpu", action="append", help="default: gfx90a and gfx1030")
    ap.add_argument("--sample", type=int, default=0, help="0: the whole corpus")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--llc-flag", action="append", default=[],
                    help="extra flag given to both llc runs (repeatable)")
    args = ap.parse_args()
    cpus = args.cpu or ["gfx90a", "gfx1030"]

    files = corpus_files(args.corpus, args.sample)
    if not files:
        sys.exit(f"error: no .ll files in {args.corpus}")
    counts = dict.fromkeys(("identical", "different", "both-fail", "timeout"), 0)
    bad = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {pool.submit(compare, args, f, c): (f, c) for f in files for c in cpus}
        for job in concurrent.futures.as_completed(jobs):
            verdict = job.result()
            counts[verdict] += 1
            if verdict in ("different", "timeout"):
                bad.append((verdict,) + jobs[job])

    for path in files:
        bug = UPSTREAM_BUGS.get(os.path.basename(path))
        if bug:
            print(f"without {', '.join('@' + f for f in bug[0])}: "
                  f"{os.path.basename(path)} ({bug[1]})")
    for verdict, path, cpu in sorted(bad):
        print(f"{verdict}: {os.path.basename(path)} -mcpu={cpu}")
    print(f"faithfulness: {len(files)} files x {len(cpus)} cpus ({', '.join(cpus)}): "
          + ", ".join(f"{v} {n}" for v, n in counts.items()))
    sys.exit(1 if counts["different"] else 0)


if __name__ == "__main__":
    main()
