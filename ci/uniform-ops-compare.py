#!/usr/bin/env python3
"""Compare scalar vs. vector memory operations of kernels under two flag sets.

Every device source of a corpus (a manifest, or paths given on the command
line) is compiled by ONE compiler (--clang) twice per --mcpu:

  A  the configuration under test        (--a, default: no extra flags)
  B  the reference configuration         (--b, default:
                                          -mllvm -amdgpu-cf-lowering=structurize)

The compile lines are

  OpenCL C (.cl):  clang --target=amdgcn-amd-amdhsa -mcpu=M -O3 -c
                   -Xclang -finclude-default-header -cl-std=STD
  HIP (.hip/.cu):  clang -x hip --cuda-device-only --no-gpu-bundle-output
                   --offload-arch=M -O3 -c -I<dir of file>

followed by -w, --cflags, the file's manifest "flags", then --a or --b, run
in the file's directory (so relative -I flags of the manifest resolve against
it). STD is the manifest's "std" (default CL2.0) unless its flags carry a
-cl-std already; the manifest's flags may include -nogpulib.
Each code object is disassembled with llvm-objdump -d; the kernels are the
symbols that have a kernel descriptor (NAME.kd), and per kernel body it
counts:

  sload  scalar loads: s_load_* and s_buffer_load_*
  sdword dwords the scalar loads read (s_load_dwordx4 reads 4): merging
         adjacent loads (two s_load_dwordx2 into one s_load_dwordx4) leaves
         it unchanged
  udword the same over distinct scalar loads: loads with the same mnemonic
         and source operands (one duplicated into two blocks) count once
  vload  vector loads of global memory: global_load*, flat_load* (LDS ds_*
         reads are not counted)
  pload  buffer_load* and scratch_load*: in compiled HIP and OpenCL code
         almost only reloads of spilled registers and private arrays, so
         a matter of register pressure, not of uniformity; reported in the
         totals and the JSON, never a regression
  ubr    uniform branches: s_cbranch_scc0/scc1/vccz/vccnz

A kernel REGRESSED if A has more vector loads than B, or reads fewer dwords
through scalar loads than B both in total and over distinct loads: a value
that B proved uniform (and loaded through the scalar cache) was loaded per
lane, or not through the scalar cache, under A. (Fewer in one count only is
B duplicating a block, or the same loads from other registers.) One line is
printed per regressed kernel:

  file  kernel  mcpu  sload A/B  sdword A/B  udword A/B  vload A/B  ubr A/B

then a summary line: files compiled (under both configurations, per mcpu),
kernels compared, kernels regressed, kernels with fewer uniform branches under
A (reported only; not a failure), and the totals of each count.

Exit status:
  0  no kernel regressed and every compile agreed
  1  at least one kernel regressed in its loads
  2  some file compiled under one configuration but not the other (takes
     precedence over 1); files failing under both are only counted

Usage:
  uniform-ops-compare.py --manifest /work/corpus/manifest.json [--split report]
  uniform-ops-compare.py --mcpu gfx90a --mcpu gfx1030 --jobs 2 a.cl dir/
  # self-check of the script: A == B must report nothing
  uniform-ops-compare.py --clang /usr/bin/clang-19 --a '' --b '' \
      --cflags --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode \
      --manifest /work/corpus/manifest.json

--a, --b and --cflags take one shell-quoted string (split with shlex), which
may start with '-'. The default --clang is the fork's build/obj/bin/clang.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "llvm", "utils", "amdgpu-kernel-suite"))
from kernelsuite import proc  # noqa: E402  (the kernel suite's runner)

LLVM_BIN = "/usr/lib/llvm-19/bin"
SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLANG = os.path.join(os.path.dirname(SCRIPT_DIR), "build", "obj", "bin", "clang")
DEFAULT_B = "-mllvm -amdgpu-cf-lowering=structurize"
VLOAD_PREFIXES = ("global_load", "flat_load")
PLOAD_PREFIXES = ("buffer_load", "scratch_load")
SLOAD_PREFIXES = ("s_load_", "s_buffer_load_")
SLOAD_DWORDS = re.compile(r"_dwordx(\d+)$|_b(\d+)$")
UBR = frozenset(("s_cbranch_scc0", "s_cbranch_scc1", "s_cbranch_vccz", "s_cbranch_vccnz"))
FUNC_HEADER = re.compile(r"^(?:[0-9a-fA-F]+ )?<(.+)>:$")
COUNTS = ("sload", "sdword", "udword", "vload", "pload", "ubr")
HIP_EXTS = (".hip", ".cu")
SOURCE_EXTS = (".cl",) + HIP_EXTS


def lang_of(path):
    return "cl" if path.endswith(".cl") else "hip"


def compile_cmd(clang, entry, mcpu, cflags, extra, out):
    """The full compile line of one manifest entry for one mcpu and config."""
    path, flags = entry["abspath"], list(entry.get("flags", []))
    if entry["lang"] == "cl":
        cmd = [clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + mcpu, "-O3", "-c",
               "-Xclang", "-finclude-default-header"]
        if not any(f.startswith("-cl-std=") for f in flags):
            cmd.append("-cl-std=" + entry.get("std", "CL2.0"))
    else:
        cmd = [clang, "-x", "hip", "--cuda-device-only", "--no-gpu-bundle-output",
               "--offload-arch=" + mcpu, "-O3", "-c",
               "-I", os.path.dirname(path)]
    return cmd + ["-w"] + cflags + flags + extra + [path, "-o", out]


def kernel_names(obj):
    """Symbols that have a kernel descriptor NAME.kd in the object."""
    out = subprocess.run([LLVM_BIN + "/llvm-nm", obj], capture_output=True,
                         text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[-1].endswith(".kd"):
            names.add(parts[-1][:-3])
    return names


def scalar_load_dwords(mnem):
    """Dwords an s_load/s_buffer_load reads: s_load_dwordx4 4, s_load_dword
    1, s_load_b64 (gfx11+) 2, sub-dword loads (gfx12) 1."""
    m = SLOAD_DWORDS.search(mnem)
    if not m:
        return 1
    return int(m.group(1)) if m.group(1) else max(1, int(m.group(2)) // 32)


def count_ops(obj):
    """kernel name -> COUNTS over that kernel's body."""
    kernels = kernel_names(obj)
    dis = subprocess.run([LLVM_BIN + "/llvm-objdump", "-d", "--no-show-raw-insn",
                          "--no-leading-addr", obj],
                         capture_output=True, text=True, check=True).stdout
    counts, cur, seen = {}, None, set()
    for line in dis.splitlines():
        if not line[:1].isspace():
            m = FUNC_HEADER.match(line)
            if m:  # "<symbol>:" starts a function body
                name = m.group(1)
                cur = counts.setdefault(name, dict.fromkeys(COUNTS, 0)) \
                    if name in kernels else None
            continue
        fields = line.split(None, 1)
        if cur is None or not fields:
            continue
        mnem = fields[0]
        if mnem.startswith(SLOAD_PREFIXES):
            cur["sload"] += 1
            cur["sdword"] += scalar_load_dwords(mnem)
            srcs = fields[1].split("//")[0].split(",", 1)[1:]  # drop the destination
            key = (name, mnem, "".join(srcs).replace(" ", ""))
            if key not in seen:
                seen.add(key)
                cur["udword"] += scalar_load_dwords(mnem)
        elif mnem.startswith(VLOAD_PREFIXES):
            cur["vload"] += 1
        elif mnem.startswith(PLOAD_PREFIXES):
            cur["pload"] += 1
        elif mnem in UBR:
            cur["ubr"] += 1
    for k in kernels:  # a kernel with an empty body still counts
        counts.setdefault(k, dict.fromkeys(COUNTS, 0))
    return counts


def measure(clang, entry, mcpu, cflags, extra, timeout):
    """(counts or None, first error line)."""
    with tempfile.TemporaryDirectory(prefix="uniform-ops-") as tmp:
        obj = os.path.join(tmp, "out.o")
        cmd = compile_cmd(clang, entry, mcpu, cflags, extra, obj)
        p = proc.run(cmd, timeout=timeout, cwd=os.path.dirname(entry["abspath"]))
        if p.timed_out:
            return None, "timeout after %ds" % timeout
        stderr = p.stderr
        if p.returncode != 0 or not os.path.exists(obj):
            errs = [l for l in stderr.splitlines() if "error" in l]
            return None, (errs or stderr.splitlines() or ["exit %d" % p.returncode])[0]
        try:
            return count_ops(obj), ""
        except subprocess.CalledProcessError as e:
            return None, "objdump failed: %s" % (e.stderr or "").strip()[:200]


def load_entries(args):
    entries = []
    if args.manifest:
        root = args.corpus_root or os.path.dirname(os.path.abspath(args.manifest))
        with open(args.manifest) as f:
            for e in json.load(f):
                if args.split != "all" and e.get("split", "report") != args.split:
                    continue
                e = dict(e)
                e["abspath"] = os.path.join(root, e["path"])
                e.setdefault("lang", lang_of(e["path"]))
                entries.append(e)
    root = args.corpus_root or os.getcwd()
    for p in args.paths:
        files = [p]
        if os.path.isdir(p):
            files = sorted(os.path.join(d, f) for d, _, fs in os.walk(p)
                           for f in fs if f.endswith(SOURCE_EXTS))
        for f in files:
            entries.append({"path": os.path.relpath(f, root), "abspath": os.path.abspath(f),
                            "lang": lang_of(f), "flags": []})
    return entries


def join_flag_args(argv):
    """Let '--a -mllvm ...' work: argparse refuses values that start with '-'."""
    out, i = [], 0
    while i < len(argv):
        if argv[i] in ("--a", "--b", "--cflags") and i + 1 < len(argv):
            out.append(argv[i] + "=" + argv[i + 1])
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", help="source files or directories (.cl, .hip, .cu)")
    ap.add_argument("--clang", default=DEFAULT_CLANG, help="compiler (default: %(default)s)")
    ap.add_argument("--a", default="", help="flags of the configuration under test (default: none)")
    ap.add_argument("--b", default=DEFAULT_B, help="flags of the reference (default: %(default)s)")
    ap.add_argument("--cflags", default="", help="flags for both configurations, e.g. "
                    "--rocm-device-lib-path=DIR for a clang without built-in device libs")
    ap.add_argument("--mcpu", action="append", help="target GPU, repeatable (default: gfx90a)")
    ap.add_argument("--manifest", help="manifest.json of the corpus")
    ap.add_argument("--corpus-root", help="root of the manifest's paths (default: its directory)")
    ap.add_argument("--split", choices=("tune", "report", "all"), default="all",
                    help="manifest entries to use (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=600, help="seconds per compile")
    ap.add_argument("--json", help="write per-kernel counts to this file")
    args = ap.parse_args(join_flag_args(sys.argv[1:]))
    if os.sep in args.clang:  # Compiles run in each file's directory.
        args.clang = os.path.abspath(args.clang)
    mcpus = args.mcpu or ["gfx90a"]
    cflags, fa, fb = shlex.split(args.cflags), shlex.split(args.a), shlex.split(args.b)
    entries = load_entries(args)
    if not entries:
        ap.error("no input: give --manifest or source paths")

    jobs = [(e, m, cfg) for e in entries for m in mcpus for cfg in ("a", "b")]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futs = {pool.submit(measure, args.clang, e, m, cflags, fa if cfg == "a" else fb,
                            args.timeout): (e["path"], m, cfg) for e, m, cfg in jobs}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()

    rows, mismatch, both_failed, compiled = [], [], 0, 0
    regressed = fewer_ubr = 0
    tot = {c: dict.fromkeys(COUNTS, 0) for c in "ab"}
    for e in entries:
        for m in mcpus:
            (ca, ea), (cb, eb) = results[(e["path"], m, "a")], results[(e["path"], m, "b")]
            if ca is None and cb is None:
                both_failed += 1
                print("both failed: %s %s: %s" % (e["path"], m, ea), file=sys.stderr)
                continue
            if ca is None or cb is None:
                mismatch.append((e["path"], m, "A" if ca is None else "B", ea or eb))
                continue
            compiled += 1
            for k in sorted(set(ca) | set(cb)):
                if k not in ca or k not in cb:
                    print("kernel only under %s: %s %s %s" % ("A" if k in ca else "B",
                          e["path"], k, m), file=sys.stderr)
                    continue
                a, b = ca[k], cb[k]
                reg = a["vload"] > b["vload"] or (a["sdword"] < b["sdword"] and
                                                   a["udword"] < b["udword"])
                regressed += reg
                fewer_ubr += a["ubr"] < b["ubr"]
                for c, v in (("a", a), ("b", b)):
                    for n in v:
                        tot[c][n] += v[n]
                rows.append({"file": e["path"], "kernel": k, "mcpu": m, "a": a, "b": b,
                             "regressed": reg, "split": e.get("split")})

    for r in rows:
        if r["regressed"]:
            a, b = r["a"], r["b"]
            print("%s\t%s\t%s\tsload %d/%d\tsdword %d/%d\tudword %d/%d\tvload %d/%d\tubr %d/%d" % (
                r["file"], r["kernel"], r["mcpu"], a["sload"], b["sload"],
                a["sdword"], b["sdword"], a["udword"], b["udword"], a["vload"], b["vload"], a["ubr"], b["ubr"]))
    for path, m, which, err in mismatch:
        print("COMPILE MISMATCH\t%s\t%s\tfailed only under %s: %s" % (path, m, which, err))
    print("summary: files compiled %d/%d (%d failed under both, %d under one only), "
          "kernels compared %d, regressed %d, fewer uniform branches %d; "
          "totals sload A/B %d/%d, sdword A/B %d/%d, udword A/B %d/%d, vload A/B %d/%d, pload A/B %d/%d, "
          "ubr A/B %d/%d" % (
              compiled, len(entries) * len(mcpus), both_failed, len(mismatch),
              len(rows), regressed, fewer_ubr,
              tot["a"]["sload"], tot["b"]["sload"], tot["a"]["sdword"], tot["b"]["sdword"],
              tot["a"]["udword"], tot["b"]["udword"],
              tot["a"]["vload"], tot["b"]["vload"],
              tot["a"]["pload"], tot["b"]["pload"], tot["a"]["ubr"], tot["b"]["ubr"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"clang": args.clang, "a": fa, "b": fb, "cflags": cflags,
                       "mcpus": mcpus, "kernels": rows,
                       "compile_mismatch": [dict(zip(("file", "mcpu", "failed_under", "error"), x))
                                            for x in mismatch]}, f, indent=1)
    if mismatch:
        return 2
    return 1 if regressed else 0


if __name__ == "__main__":
    sys.exit(main())
