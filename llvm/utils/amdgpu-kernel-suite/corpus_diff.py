#!/usr/bin/env python3
"""Run the kernels of a corpus of public programs, built by upstream clang-19
and by the fork, on the same inputs, and compare what they write.

Every device source of a manifest (the format ci/uniform-ops-compare.py
reads, which also gives the compile lines) is compiled at -O3 (or
--opt-level) for --mcpu by the reference compiler (--ref-clang, default
Debian's clang-19) and by the fork (--clang), and linked with --lld. Every
kernel of both code objects is launched on the emulator, with --strict, on
generated inputs:

  grid --grid work-items in workgroups of --block (1-D)
  global_buffer           --buffer-elems i32 elements, uniform in
                          [0, --rand-max] (63)
                          (small values keep data-dependent indices in range)
  by_value                --value, in the argument's size; a struct or
                          vector of a multiple of 4 bytes: --value in
                          each of its 64-bit (else 32-bit) elements
  dynamic_shared_pointer  lds:--lds-bytes
  a kernel whose metadata has hidden_dynamic_lds_size (HIP extern __shared__)
                          --dynamic-lds bytes of dynamic LDS (16384)

and the final contents of every buffer are compared byte for byte, and, for
kernels that match, how fast each build ran: wave-instructions, the cycle
estimate and the timing model's cycles (llvm-amdgpu-emu --timing, one CU).
There is
no CPU reference: the upstream build is the reference. Each kernel falls in
one category:

  match       both ran and wrote the same bytes
  nan-bits    both ran, and every differing dword is an f32 NaN in both
              buffers: only the sign or payload of a NaN differs, which
              IEEE 754 leaves unspecified and LLVM does not preserve
              (it commutes and reassociates around NaN operands); listed,
              not a failure
  differs     both ran, the buffers differ (a fork bug, or a float rounding
              difference to explain)
  unstable    the buffers differ, or only the fork's build failed, but the
              reference built at -O0 writes other bytes than at
              --opt-level on the same inputs, or fails (at -O0: the
              reference built at -O3 does): the kernel's behaviour is
              undefined there (an uninitialized value, an array indexed
              out of its bounds by a generated argument); listed, not a
              failure;
              also a kernel that only one build runs, where the other
              read or wrote outside every buffer and building the file
              again with the same compiler gives another code object:
              where the program's globals sit then depends on the run
              (clang-19's HIP front end emits a variable template's
              instantiations in no fixed order), and so does whether an
              out-of-bounds access stays inside another global
  racy        both ran and the buffers differ, but on the generated inputs
              the reference's run has write-write races (llvm-amdgpu-emu
              --write-conflicts: work-items store different values to one
              byte with no barrier between), so the result depends on the
              order the stores run in; listed, not a failure
  refused     both stopped at an instruction or feature the emulator does
              not implement
  faulted     both stopped on the same kind of error (a memory fault on the
              generated inputs, the step limit, ...), also when run again
              with buffer elements in [0, 1] (unless --no-small-retry; a
              kernel that ran again has "inputs": "small" in --json and is
              counted on a line of its own), and, while those runs access
              LDS out of range (shared arrays sized for a smaller workgroup
              than --block), in workgroups of half as many work-items, down
              to 8 ("inputs": "small, block B")
  fork-only   only the fork's build failed (its message is printed)
  ref-only    only the reference build failed
  strict      a --strict violation in either build

Prints one line per kernel outside match/refused/faulted, the most common
reasons for refusal, a summary, and the matched kernels on which the fork is
slower than the reference by more than --slower-by (default 1 %) in any of
the three figures, with the geometric means of the fork/reference ratios;
--json writes every result (matched kernels with their figures).

  corpus_diff.py --manifest M --corpus-root R [--sample N] [--jobs J]
                 [--keep-dir D]   (keep each file's builds, launches, counters)
"""

import argparse
import collections
import concurrent.futures
import contextlib
import importlib.util
import json
import math
import os
import random
import re
import shutil
import sys
import tempfile

from kernelsuite import proc

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.path.join(REPO, "build", "obj", "bin")
DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"


def load_compare_module():
    """ci/uniform-ops-compare.py, for its manifest reader and compile lines."""
    path = os.path.join(REPO, "ci", "uniform-ops-compare.py")
    spec = importlib.util.spec_from_file_location("uniform_ops_compare", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


UOC = load_compare_module()


def build(clang, lld, entry, mcpu, out_dir, tag, timeout, extra=()):
    """Compiles and links one entry (-O3, then the flags \p extra); returns
    (code object or None, error)."""
    obj = os.path.join(out_dir, tag + ".o")
    co = os.path.join(out_dir, tag + ".co")
    cflags = ["--rocm-device-lib-path=" + DEVICE_LIBS] + list(extra)
    cmd = UOC.compile_cmd(clang, entry, mcpu, cflags, [], obj)
    p = proc.run(cmd, timeout=timeout, cwd=os.path.dirname(entry["abspath"]))
    if p.timed_out:
        return None, "timeout"
    if p.returncode or not os.path.exists(obj):
        return None, (p.stderr.strip().splitlines() or ["error"])[-1]
    with open(obj, "rb") as f:
        linked = f.read(18)[16:18] == b"\x03\x00"  # ET_DYN
    if linked:  # The HIP device toolchain links -c output itself.
        return obj, ""
    p = proc.run([lld, "-shared", obj, "-o", co], timeout=timeout)
    if p.timed_out:
        return None, "timeout"
    if p.returncode:
        return None, p.stderr.strip()[:200]
    return co, ""


KERNEL_RE = re.compile(r"^kernel (\S+) \((\S+)\)$")
ARG_RE = re.compile(r"^    (\S+) offset (\d+) size (\d+)")


# The hidden argument that a kernel using dynamic LDS (HIP's extern
# __shared__ arrays) has in its code object metadata.
DYNAMIC_LDS_ARG = "hidden_dynamic_lds_size"


def list_kernels(emu, co):
    """{kernel name: [(value kind, size)]} of the explicit arguments, followed
    by (DYNAMIC_LDS_ARG, 4) if the kernel uses dynamic LDS."""
    out = proc.run([emu, "--list-kernels", co]).stdout
    kernels, cur = {}, None
    for line in out.splitlines():
        m = KERNEL_RE.match(line)
        if m:
            cur = kernels.setdefault(m.group(1), [])
            continue
        m = ARG_RE.match(line)
        if not m or cur is None:
            continue
        if not m.group(1).startswith("hidden_") or m.group(1) == DYNAMIC_LDS_ARG:
            cur.append((m.group(1), int(m.group(3))))
    for kargs in kernels.values():  # The hidden argument goes last.
        kargs.sort(key=lambda a: a[0] == DYNAMIC_LDS_ARG)
    return kernels


def launch_for(args, kernel, kargs, seed, out_dir, tag, rand_max=None,
               block=None):
    """A launch file for kernel whose buffers are written to out_dir; buffer
    elements in [0, rand_max] (default --rand-max), workgroups of block
    work-items (default --block)."""
    a, dynamic_lds = [], 0
    for i, (kind, size) in enumerate(kargs):
        if kind == DYNAMIC_LDS_ARG:
            dynamic_lds = args.dynamic_lds
        elif kind == "global_buffer":
            a.append({"buffer": "i32", "count": args.buffer_elems,
                      "rand": [seed * 131 + i, 0,
                               args.rand_max if rand_max is None else rand_max],
                      "output": os.path.join(out_dir, f"{tag}-{i}.bin")})
        elif kind == "dynamic_shared_pointer":
            a.append({"lds": args.lds_bytes})
        elif kind == "by_value" and size in (4, 8):
            a.append({"type": "i32" if size == 4 else "i64",
                      "value": args.value})
        elif kind == "by_value" and size % 4 == 0:
            # A struct or vector: every 64-bit (else 32-bit) element --value.
            elem = 8 if size % 8 == 0 else 4
            a.append({"type": "i64" if elem == 8 else "i32",
                      "value": [args.value] * (size // elem)})
        else:
            return None  # A bool or short by value, an image, ...
    launch = {"kernel": kernel, "grid": args.grid,
              "block": block or args.block,
              "args": a}
    if dynamic_lds:
        launch["dynamic_lds"] = dynamic_lds
    return launch


# The figures compared per matched kernel: counters-JSON path -> name.
PERF = (("wave_instructions",), ("cycle_estimate",), ("timing", "cycles"))


def perf_of(counters):
    out = {}
    for path in PERF:
        v = counters
        for k in path:
            v = v.get(k, {}) if isinstance(v, dict) else None
        out["_".join(path)] = v if isinstance(v, int) else None
    out["write_conflicts"] = counters.get("write_conflicts", 0)
    return out


def run(args, co, launch, path):
    """Runs one launch; returns (error or None, the run's figures)."""
    with open(path, "w") as f:
        json.dump(launch, f)
    counters = path + ".counters.json"
    p = proc.run([args.emu, "--run", "--strict", "--timing",
                  "--write-conflicts",
                  f"--max-steps={args.max_steps}", "--launch=" + path,
                  "--counters-json=" + counters, co],
                 timeout=args.timeout)
    if p.timed_out:
        return "timeout", None
    if p.returncode == 0:
        with open(counters) as f:
            return None, perf_of(json.load(f))
    return (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1], \
        None


def error_kind(msg):
    if "strict:" in msg:
        return "strict"
    if "not implemented" in msg or "not modelled" in msg or \
            "is not implemented" in msg or "not supported" in msg:
        return "refused"
    return "faulted"


def opcode_of(msg):
    """The opcode an emulator error names, without its encoding suffix."""
    m = re.search(r"': (\S+) at 0x", msg)
    if not m:
        return msg[:60]
    return re.sub(r"(_e32|_e64|_sdwa|_dpp|_vi|_si|_ci|_gfx\w+)+$", "",
                  m.group(1))


def is_f32_nan(word):
    return (word >> 23) & 0xff == 0xff and word & 0x7fffff != 0


def compare_buffers(ref, fork):
    """'match', 'nan-bits' or 'differs' for two buffers' bytes."""
    if ref == fork:
        return "match"
    if len(ref) != len(fork) or len(ref) % 4:
        return "differs"
    for i in range(0, len(ref), 4):
        a = int.from_bytes(ref[i:i + 4], "little")
        b = int.from_bytes(fork[i:i + 4], "little")
        if a != b and not (is_f32_nan(a) and is_f32_nan(b)):
            return "differs"
    return "nan-bits"


def compare_outputs(kdir, a, b, nargs):
    """'match', 'nan-bits' or 'differs' for the output buffers that the runs
    tagged a and b wrote in kdir."""
    result = "match"
    for i in range(nargs):
        pa = os.path.join(kdir, f"{a}-{i}.bin")
        pb = os.path.join(kdir, f"{b}-{i}.bin")
        if os.path.exists(pa) != os.path.exists(pb):
            return "differs"
        if os.path.exists(pa):
            one = compare_buffers(open(pa, "rb").read(), open(pb, "rb").read())
            if one == "differs":
                return one
            if one != "match":
                result = one
    return result


def unless_unstable(result, ref_agrees_with_itself):
    """'unstable' for buffers that differ, or a build of the fork that
    failed where the reference's ran, where the reference's build at the
    other level writes other bytes or fails, else result."""
    if result in ("differs", "fork-only") and not ref_agrees_with_itself:
        return "unstable"
    return result


def is_out_of_buffers_fault(msg):
    return bool(msg) and "outside every buffer" in msg


def unreproducible_builds(args, entry, tmp, level):
    """The compilers ('reference', 'fork') whose second build of entry at
    level, into the same paths (HIP's __hip_cuid_ symbol hashes the output
    path), gives other bytes than their first builds in tmp."""
    return [who for who, clang, tag in (("reference", args.ref_clang, "ref"),
                                        ("fork", args.clang, "fork"))
            if not builds_again_alike(args, clang, entry, tmp, tag, level)]


def builds_again_alike(args, clang, entry, tmp, tag, level):
    """Whether building entry again as tag in tmp writes the same code
    object; the first build's files stay in place."""
    paths = [os.path.join(tmp, tag + ext) for ext in (".o", ".co")]
    first = [p for p in paths if os.path.exists(p)]
    for p in first:
        os.replace(p, p + ".first")
    try:
        again, _ = build(clang, args.lld, entry, args.mcpu, tmp, tag,
                         args.timeout, level)
        return bool(again) and same_bytes(again + ".first", again)
    finally:
        for p in first:
            os.replace(p + ".first", p)


def same_bytes(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def unless_unreproducible(result, msg, changed):
    """'unstable' for a kernel that only one build runs, where the other
    accessed memory outside every buffer and a compiler's builds of the file
    differ (\p changed), else result."""
    if result in ("fork-only", "ref-only") and changed and \
            is_out_of_buffers_fault(msg):
        return "unstable"
    return result


def unless_racy(result, ref_figures):
    """'racy' for buffers that differ where the reference's run had
    write-write races on the generated inputs, else result."""
    if result == "differs" and ref_figures.get("write_conflicts"):
        return "racy"
    return result


def reference_is_stable(args, entry, tmp, kdir, name, kinds, rand_max=None):
    """Whether the reference built at another level (-O0, or -O3 when
    --opt-level is 0) writes the bytes its --opt-level build wrote for
    kernel name (runs tagged 'r' in kdir): if not, the kernel's result on the
    generated inputs is undefined (an uninitialized value, an out-of-range
    read that happens to stay in a buffer), and a difference from the fork
    says nothing about the fork."""
    other = "-O3" if args.opt_level == "0" else "-O0"
    ref0 = os.path.join(tmp, "ref" + other + ".co")
    if not os.path.exists(ref0):
        built, _ = build(args.ref_clang, args.lld, entry, args.mcpu, tmp,
                         "ref" + other, args.timeout, extra=[other])
        if not built:
            return True
        ref0 = built
    launch = launch_for(args, name, kinds, 1, kdir, "r0", rand_max)
    err, _ = run(args, ref0, launch, os.path.join(kdir, "r0.json"))
    return err is None and \
        compare_outputs(kdir, "r", "r0", len(kinds)) != "differs"


def run_both(args, ref, fork, name, kargs_r, kargs_f, kdir, rand_max=None,
             block=None):
    """Runs kernel name of both builds on the same generated inputs, each
    writing its buffers to kdir (tags 'r' and 'f'); (reference error,
    reference figures, fork error, fork figures), or None if its arguments
    cannot be generated."""
    os.makedirs(kdir)
    launch_r = launch_for(args, name, kargs_r, 1, kdir, "r", rand_max, block)
    launch_f = launch_for(args, name, kargs_f, 1, kdir, "f", rand_max, block)
    if launch_r is None or launch_f is None:
        return None
    er, pr_ = run(args, ref, launch_r, os.path.join(kdir, "r.json"))
    ef, pf_ = run(args, fork, launch_f, os.path.join(kdir, "f.json"))
    return er, pr_, ef, pf_


@contextlib.contextmanager
def work_dir(args, entry):
    """The directory of one entry's builds and runs: a temporary one, or
    with --keep-dir, a directory named after the entry that stays."""
    if not args.keep_dir:
        with tempfile.TemporaryDirectory(prefix="corpus-diff-") as tmp:
            yield tmp
        return
    path = os.path.join(args.keep_dir, entry["path"].replace(os.sep, "_"))
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    yield path


def is_lds_range_fault(msg):
    return bool(msg) and "outside the" in msg and "LDS allocation" in msg


def check_entry(args, entry):
    results = []
    with work_dir(args, entry) as tmp:
        level = ["-O" + args.opt_level]
        ref, err_r = build(args.ref_clang, args.lld, entry, args.mcpu, tmp,
                           "ref", args.timeout, level)
        fork, err_f = build(args.clang, args.lld, entry, args.mcpu, tmp,
                            "fork", args.timeout, level)
        if not ref or not fork:
            return [{"file": entry["path"], "kernel": "", "result":
                     "no-build", "detail": err_r or err_f}]
        builds = {}
        kr, kf = list_kernels(args.emu, ref), list_kernels(args.emu, fork)
        for n, name in enumerate(sorted(set(kr) & set(kf))):
            r = {"file": entry["path"], "kernel": name}
            # Each kernel's output files in a directory of its own: a build
            # whose run of an earlier kernel failed wrote none, and its stale
            # files must not be compared with the other build's.
            kdir = os.path.join(tmp, f"kernel{n}")
            runs = run_both(args, ref, fork, name, kr[name], kf[name], kdir)
            if runs is None:
                results.append(dict(r, result="no-inputs", detail=""))
                continue
            er, pr_, ef, pf_ = runs
            if er and ef and error_kind(er) == error_kind(ef) == "faulted" \
                    and args.small_retry:
                # Generated indices often leave the buffers: try once more
                # with elements in [0, 1].
                kdir = os.path.join(tmp, f"kernel{n}-small")
                er, pr_, ef, pf_ = run_both(args, ref, fork, name, kr[name],
                                            kf[name], kdir, rand_max=1)
                r["inputs"] = "small"
                block = args.block
                while is_lds_range_fault(er) and is_lds_range_fault(ef) \
                        and block > 8:
                    # Shared arrays sized for smaller workgroups.
                    block //= 2
                    kdir = os.path.join(tmp, f"kernel{n}-block{block}")
                    er, pr_, ef, pf_ = run_both(args, ref, fork, name,
                                                kr[name], kf[name], kdir,
                                                rand_max=1, block=block)
                    r["inputs"] = f"small, block {block}"
            if er is None and ef is None:
                result = compare_outputs(kdir, "r", "f", len(kr[name]))
                result = unless_racy(result, pr_)
                if result == "differs":
                    result = unless_unstable(result, reference_is_stable(
                        args, entry, tmp, kdir, name, kr[name],
                        1 if r.get("inputs") else None))
                results.append(dict(r, result=result, detail="", ref=pr_,
                                    fork=pf_))
            elif er and ef:
                kind = error_kind(er)
                if error_kind(ef) == "strict":
                    kind = "strict"
                results.append(dict(r, result=kind, detail=ef if
                                    kind == "strict" and "strict:" in ef
                                    else er))
            elif ef:
                result = "strict" if "strict:" in ef else "fork-only"
                if result == "fork-only":
                    result = unless_unstable(result, reference_is_stable(
                        args, entry, tmp, kdir, name, kr[name],
                        1 if r.get("inputs") else None))
                results.append(one_sided(args, entry, tmp, level, builds,
                                         dict(r, result=result, detail=ef)))
            else:
                results.append(one_sided(args, entry, tmp, level, builds,
                                         dict(r, result="strict" if "strict:"
                                              in er else "ref-only",
                                              detail=er)))
    return results


def one_sided(args, entry, tmp, level, builds, r):
    """r, a kernel that only one build ran, made 'unstable' where the
    other's fault is an access outside every buffer and the builds are not
    reproducible; \p builds caches which compilers' builds are not, as
    builds["changed"]."""
    if r["result"] not in ("fork-only", "ref-only") or \
            not is_out_of_buffers_fault(r["detail"]):
        return r
    if "changed" not in builds:
        builds["changed"] = unreproducible_builds(args, entry, tmp, level)
    changed = builds["changed"]
    result = unless_unreproducible(r["result"], r["detail"], changed)
    if result == r["result"]:
        return r
    return dict(r, result=result, detail=r["detail"] + " (the " +
                " and the ".join(changed) + " build of the file is not "
                "reproducible)")


def report_performance(results, slower_by):
    """Prints the matched kernels the fork runs slower, and the geomeans."""
    logs = collections.defaultdict(list)
    slower = []
    for r in results:
        if r["result"] != "match" or not r.get("ref") or not r.get("fork"):
            continue
        ratios = {}
        for key in ("_".join(path) for path in PERF):
            a, b = r["fork"].get(key), r["ref"].get(key)
            if a and b:
                ratios[key] = a / b
                logs[key].append(math.log(a / b))
        if any(x > 1 + slower_by for x in ratios.values()):
            slower.append((max(ratios.values()), r, ratios))
    for _, r, ratios in sorted(slower, key=lambda t: -t[0]):
        print(f"slower    {r['file']} {r['kernel']}: " + ", ".join(
            f"{k} {r['fork'][k]}/{r['ref'][k]} = {v:.3f}"
            for k, v in ratios.items()))
    print(f"performance: {len(logs['wave_instructions'])} matched kernels, "
          f"{len(slower)} slower by more than {100 * slower_by:g} %; "
          "geomean fork/reference " + ", ".join(
              f"{k} {math.exp(sum(v) / len(v)):.3f}"
              for k, v in logs.items() if v))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--corpus-root")
    ap.add_argument("--split", default="all")
    ap.add_argument("--sample", type=int, help="this many files, at random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--opt-level", default="3", choices=["0", "1", "2", "3"],
                    help="build both compilers' code at -O<this>")
    ap.add_argument("--clang", default=os.path.join(BIN, "clang"))
    ap.add_argument("--ref-clang", default="/usr/lib/llvm-19/bin/clang")
    ap.add_argument("--lld", default=os.path.join(BIN, "ld.lld"))
    ap.add_argument("--emu", default=os.path.join(BIN, "llvm-amdgpu-emu"))
    ap.add_argument("--grid", type=int, default=256)
    ap.add_argument("--block", type=int, default=64)
    ap.add_argument("--buffer-elems", type=int, default=65536)
    ap.add_argument("--value", type=int, default=16)
    ap.add_argument("--lds-bytes", type=int, default=4096)
    ap.add_argument("--rand-max", type=int, default=63,
                    help="buffer elements are uniform in [0, this]")
    ap.add_argument("--no-small-retry", dest="small_retry",
                    action="store_false",
                    help="do not run a kernel that faults on both builds "
                    "again with buffer elements in [0, 1], nor in smaller "
                    "workgroups")
    ap.add_argument("--dynamic-lds", type=int, default=16384,
                    help="bytes of dynamic LDS a kernel that uses it (HIP's "
                    "extern __shared__ arrays) gets")
    ap.add_argument("--max-steps", type=int, default=50_000_000)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--json", help="write every result here")
    ap.add_argument("--keep-dir", help="build and run each file in a "
                    "directory under this one and keep the code objects, "
                    "launch files and counters")
    ap.add_argument("--slower-by", type=float, default=0.01,
                    help="report matched kernels whose fork/reference ratio "
                    "exceeds 1 + this in any figure")
    args = ap.parse_args()
    args.paths = []
    # Compiles run in each file's directory: every path must be absolute.
    args.manifest = os.path.abspath(args.manifest)
    if args.corpus_root:
        args.corpus_root = os.path.abspath(args.corpus_root)
    for tool in ("clang", "ref_clang", "lld", "emu"):
        path = getattr(args, tool)
        if os.sep in path:
            setattr(args, tool, os.path.abspath(path))
    entries = UOC.load_entries(args)
    if args.sample:
        entries = random.Random(args.seed).sample(
            entries, min(args.sample, len(entries)))
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for rs in pool.map(lambda e: check_entry(args, e), entries):
            results += rs
    counts = collections.Counter(r["result"] for r in results)
    for r in results:
        if r["result"] in ("differs", "unstable", "racy", "nan-bits",
                           "fork-only", "ref-only", "strict"):
            print(f"{r['result']:9} {r['file']} {r['kernel']}: {r['detail']}")
    refused = collections.Counter(opcode_of(r["detail"]) for r in results
                                  if r["result"] == "refused")
    print("refused most often: " + ", ".join(
        f"{op} {n}" for op, n in refused.most_common(12)))
    launched = ("match", "nan-bits", "differs", "unstable", "racy",
                "refused", "faulted", "fork-only", "ref-only", "strict")
    ran = sum(counts[k] for k in launched)
    print(f"corpus diff: {len(entries)} files, {ran} kernels launched: "
          + ", ".join(f"{counts[k]} {k}" for k in
                      launched + ("no-inputs", "no-build")))
    small = [r for r in results if r.get("inputs")]
    if small:
        print(f"small inputs: {len(small)} kernels that faulted on both "
              f"builds ran again with buffer elements in [0, 1]: "
              f"{sum(r['result'] == 'match' for r in small)} match")
    smaller = [r for r in small if r["inputs"] != "small"]
    if smaller:
        print(f"smaller workgroups: {len(smaller)} of them wrote LDS out of "
              f"range and ran again in smaller workgroups: "
              f"{sum(r['result'] == 'match' for r in smaller)} match")
    report_performance(results, args.slower_by)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    bad = counts["differs"] + counts["fork-only"] + counts["strict"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
