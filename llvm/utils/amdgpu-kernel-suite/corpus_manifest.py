#!/usr/bin/env python3
"""Materialize the development corpus of public GPU programs and its manifest.

SUITES is a fixed table: per suite a public repository, globs selecting its
device sources (OpenCL C .cl; HIP .cu, .hip, .cpp) and globs to leave out,
its license file and SPDX id, compile flags per glob, and whether the
unconditional -D and relative -I flags of each source directory's Makefile
apply. Repositories are read at HEAD from git mirrors,
--mirror-root/<owner>+<name>/repo (bare, or holding .git) or
--mirror-root/<owner>+<name>.

Each source is copied to --out/<suite dir>/<path in the repository> with
the suite's license file and every file of the repository it #includes,
transitively (looked up beside the including file, the source and in its
-I directories). It is compiled for --mcpu by --clang with compile_cmd of
ci/uniform-ops-compare.py plus --rocm-device-lib-path=DEVICE_LIBS, in its
directory, and kept if that succeeds and defines a kernel (NAME.kd).

--out/manifest.json lists the kept sources by path: path (<suite
dir>/<orig_path>), suite, repo, commit, orig_path, license (SPDX id),
license_file (under --out; the source itself if its header is the license),
lang ("cl" or "hip"), flags, and split: "tune" if the first byte of
sha256(path) is below 96 (about 3/8), else "report". --out/rejected.json
lists the other sources with the first error line (paths relative to
--out) or "no kernels", --out/SOURCES.md the repositories, commits and
licenses. Compile results are cached in --out/.compile-cache.json (by
compiler, mcpu, path, commit, flags), so a rerun compiles nothing new and
writes the same files. Suites without a mirror are skipped with a warning.

  corpus_manifest.py --mirror-root /work/.mirror --out /work/corpus \\
      --clang /usr/bin/clang-19 [--jobs 2]
"""

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import posixpath
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_diff  # noqa: E402 (its UOC: ci/uniform-ops-compare.py)
from kernelsuite import proc  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
TUNE_BELOW = 96  # first byte of sha256(path) below this: "tune"
INCLUDE_RE = re.compile(rb'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
CONDITIONAL_RE = re.compile(r"^\s*(ifeq|ifneq|ifdef|ifndef)\b")
MAKE_FLAG_RE = re.compile(r"(?<!\S)(-I|-D)\s*([^\s$]+)")

Suite = collections.namedtuple(
    "Suite", "name repo dir globs exclude license_file license flags makefile")


def rodinia_cl_flags(root):
    """What the Rodinia OpenCL hosts pass to clBuildProgram by default."""
    return ((root + "b+tree/kernel/kernel_gpu_opencl.cl", ("-DDEFAULT_ORDER=256",)),
            (root + "b+tree/kernel/kernel_gpu_opencl_2.cl", ("-DDEFAULT_ORDER_2=256",)),
            (root + "heartwall/kernel/*.cl", ("-I..",)),
            (root + "srad/kernel/*.cl", ("-I..",)),
            (root + "hotspot/*.cl", ("-DBLOCK_SIZE=16",)),
            (root + "lud/*.cl", ("-DBLOCK_SIZE=16",)),
            (root + "nw/*.cl", ("-DBLOCK_SIZE=16",)))


# flags: (glob, flags) pairs; a source gets the flags of every glob it matches.
# SHOC's are its hosts' defaults: single precision, --lsize 8,256, S3D size 1.
SUITES = (
    Suite("HeCBench", "zjin-lcf/HeCBench", "hecbench",
          ("src/*-hip/*.cu", "src/*-hip/*.hip"), (), "LICENSE", "BSD-3-Clause",
          (), True),
    Suite("Rodinia", "yuhc/gpu-rodinia", "rodinia", ("opencl/**/*.cl",), (),
          "LICENSE", "BSD-3-Clause", rodinia_cl_flags("opencl/"), False),
    Suite("SHOC", "vetter/shoc", "shoc", ("src/opencl/**/*.cl",), (),
          "LICENSE.md", "BSD-3-Clause",
          (("src/opencl/**", ("-DSINGLE_PRECISION",)),
           ("src/opencl/level1/stencil2d/*", ("-DLROWS=8", "-DLCOLS=256")),
           ("src/opencl/level2/s3d/*", ("-DDIM=24", "-DN_GP=13824"))), False),
    Suite("PolyBench-ACC", "cavazos-lab/PolyBench-ACC", "polybench-acc",
          ("OpenCL/**/*.cl",), (), "LICENSE", "BSD-3-Clause", (), False),
    Suite("HIP-Examples", "ROCm-Developer-Tools/HIP-Examples", "hip-examples",
          ("rodinia_3.0/opencl/**/*.cl", "rodinia_3.0/hip/**/*.cu"),
          ("rodinia_3.0/hip/**/cusrc/**",), "rodinia_3.0/LICENSE", "BSD-3-Clause",
          rodinia_cl_flags("rodinia_3.0/opencl/") +
          (("rodinia_3.0/hip/*/*.cu", ("-I../../common",)),
           ("rodinia_3.0/hip/*/*/*.cu", ("-I../../../common",))), False),
    Suite("HIP-Examples", "ROCm-Developer-Tools/HIP-Examples", "hip-examples",
          ("mini-nbody/hip/*.cpp",), (), "mini-nbody/LICENSE", "Apache-2.0",
          (("mini-nbody/hip/*", ("-I..",)),), False),
    Suite("HIP-Examples", "ROCm-Developer-Tools/HIP-Examples", "hip-examples",
          ("strided-access/benchmark-hip.cpp",), (),
          "strided-access/LICENSE.txt", "MIT", (), False),
    # Chai has no license file: every source carries the license in its header.
    Suite("Chai", "chai-benchmarks/chai", "chai",
          ("OpenCL-D/*/kernel.cl", "OpenCL-U/*/kernel.cl"), (), None, "NCSA",
          (), False),
    Suite("Pannotia", "pannotia/pannotia", "pannotia",
          ("graph_app/*/kernel/*.cl",), (), "license", "LicenseRef-Pannotia",
          (), False),
    Suite("ROCm-Examples", "ROCm/rocm-examples", "rocm-examples",
          ("Applications/*/*.hip", "HIP-Basic/*/*.hip", "HIP-Basic/*/*.cu"),
          (), "LICENSE.md", "MIT", (("*/*/*", ("-I../../Common",)),), False),
    Suite("Parboil", "yuhc/gpu-parboil", "parboil",
          ("benchmarks/*/src/opencl*/**/*.cl",), (), "LICENSE", "NCSA", (),
          False),
    # OpenDwarfs: its hosts' GPU defaults (nqueens not vectorized).
    Suite("OpenDwarfs", "vtsynergy/OpenDwarfs", "opendwarfs", ("**/*.cl",),
          ("**/*fpga*",), "LICENSE", "LGPL-2.1-only",
          (("branch-and-bound/nqueens/*", ("-DWORK_ITEMS=256",)),
           ("dense-linear-algebra/lud/*", ("-DBLOCK_SIZE=16",)),
           ("combinational-logic/crc/src/*", ("-I../../../combinational-logic",))),
          False),
    # Hetero-Mark's HIP sources include their headers by repository path.
    Suite("Hetero-Mark", "NUCAR-DEV/Hetero-Mark", "hetero-mark",
          ("src/*/hip/*.cu", "src/*/cl12/*.cl", "src/*/cl20/*.cl"), (),
          "LICENSE", "NCSA", (("src/*/hip/*", ("-I../../..",)),), False),
    # HPCTrainingExamples: HIP in .hip and .cpp files (host-only .cpp files
    # define no kernel and are left out); its CUDA originals are not HIP.
    Suite("HPCTrainingExamples", "amd/HPCTrainingExamples",
          "hpc-training-examples", ("**/*.hip", "**/*.cpp"),
          ("**/cuda/**", "Pragma_Examples/**"), "LICENSE.md", "MIT", (), False),
    # Bullet3's OpenCL rigid-body pipeline: collision detection (SAT, MPR,
    # BVH traversal), constraint solving and its parallel primitives; the
    # kernels include shared headers by path from src/.
    Suite("Bullet3", "bulletphysics/bullet3", "bullet3",
          ("src/Bullet3OpenCL/**/kernels/*.cl",), (), "LICENSE.txt", "Zlib",
          (("src/Bullet3OpenCL/*/kernels/*", ("-I../../..",)),), False),
    # The AMD lab notes' examples: CSR and ELLPACK SpMV, Jacobi, a Laplacian,
    # LBM under register pressure, MFMA demos (MPI examples left out).
    Suite("amd-lab-notes", "amd/amd-lab-notes", "amd-lab-notes",
          ("**/*.cpp",), ("gpu-aware-mpi/**",), "LICENSE.md", "MIT",
          (("matrix-cores/src/*", ("-I../include",)),), False),
    # MIOpen's OpenCL and HIP kernels take their element types and sizes as
    # -D options from the library's solvers; these are one FP32 choice of
    # them. Sources that need others (tuning parameters, MIO_BN_*) do not
    # compile and are left out by the compile filter.
    Suite("MIOpen", "ROCm/MIOpen", "miopen",
          ("src/kernels/*.cl", "src/kernels/*.cpp"), (), "LICENSE.txt", "MIT",
          (("src/kernels/*", tuple("-D" + d for d in (
              "MIOPEN_USE_FP32=1", "MIOPEN_USE_FP16=0", "MIOPEN_USE_BFP16=0",
              "MIOPEN_USE_FP64=0", "MIOPEN_USE_INT8=0", "MIOPEN_USE_INT32=0",
              "LOCAL_SIZE=256", "REDUCE_SIZE=256", "VIEW_DIMS=5",
              "INPUT_TYPE=float", "OUTPUT_TYPE=float", "IO_TYPE=float",
              "PTYPE=float", "GTYPE=float", "CTYPE=float", "INDEX_TYPE=int",
              "MIOPEN_READ_UNIT=4", "MIOPEN_READ_TYPE=float4",
              "MIOPEN_PREC_READ_TYPE=float4", "REDUCTION_TYPE=0",
              "OP_TYPE=0", "MIOPEN_TYPE=float", "MIOPEN_USE_64BIT_INDEX=0",
              "MIOPEN_BETA_IS_ZERO=0", "MLO_POOLING_INDEX_TYPE=uint",
              "MLO_POOLING_INDEX_MAX=UINT_MAX", "MIO_BN_GRP0=64",
              "MIO_BN_GRP1=1", "MIO_BN_GRP2=1", "LOCAL_MEM_SIZE=65536",
              "MIOPEN_ELEMENTWISE_AFFINE=0", "MIOPEN_ALPHA_IS_ONE=1",
              "MLO_POOLING_GROUP_SZ0=8", "MLO_POOLING_GROUP_SZ1=8",
              "MLO_POOLING_GROUP_SZ2=1", "MLO_POOLBWD_GROUP_SZ0=8",
              "MLO_POOLBWD_GROUP_SZ1=8", "MLO_POOLBWD_GROUP_SZ2=1",
              "MLO_POOLING_IS2D_KERNEL=1", "MLO_POOLING_OP_ID=1"))),), False),
)


def glob_regex(pattern):
    """A glob over repository paths: * stays in one component, **/ spans any."""
    table = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*"}
    parts = re.split(r"(\*\*/|\*\*|\*)", pattern)
    return re.compile("".join(table.get(p, re.escape(p)) for p in parts) + r"\Z")


def matches(path, globs):
    return any(glob_regex(g).match(path) for g in globs)


def git_dir(mirror_root, repo):
    """The git directory of repo's mirror (bare or a work tree's .git), or
    None."""
    base = os.path.join(mirror_root, repo.replace("/", "+"))
    return next((d for d in (os.path.join(base, "repo"),
                             os.path.join(base, "repo", ".git"), base)
                 if os.path.isfile(os.path.join(d, "HEAD"))), None)


def git(gdir, *args):
    return proc.run(["git", "--git-dir=" + gdir] + list(args), text=False,
                    check=True).stdout


def makefile_flags(read, tree, src_dir):
    """The unconditional -D and relative -I flags of src_dir's Makefile."""
    mk = posixpath.join(src_dir, "Makefile")
    if mk not in tree:
        return []
    flags, depth = [], 0
    for line in read(mk).decode("utf-8", "replace").replace("\\\n", " ").splitlines():
        line = line.split("#", 1)[0]
        if CONDITIONAL_RE.match(line):
            depth += 1
        elif line.strip() == "endif":
            depth = max(0, depth - 1)
        elif depth == 0:
            for opt, val in MAKE_FLAG_RE.findall(line):
                if (opt == "-D" or not val.startswith("/")) and opt + val not in flags:
                    flags.append(opt + val)
    return flags


def closure(read, tree, source, flags):
    """source and every file of the tree it includes, transitively."""
    src_dir = posixpath.dirname(source)
    inc_dirs = [posixpath.normpath(posixpath.join(src_dir, f[2:]))
                for f in flags if f.startswith("-I") and not f[2:].startswith("/")]
    seen, todo = {source}, [source]
    while todo:
        cur = todo.pop()
        for name in INCLUDE_RE.findall(read(cur)):
            name = name.decode("utf-8", "replace")
            for d in [posixpath.dirname(cur), src_dir] + inc_dirs:
                cand = posixpath.normpath(posixpath.join(d, name))
                if cand in tree:
                    if cand not in seen:
                        seen.add(cand)
                        todo.append(cand)
                    break
    return seen


def write_if_changed(dest, data):
    if os.path.isfile(dest):
        with open(dest, "rb") as f:
            if f.read() == data:
                return
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(data)


def split_of(path):
    first = hashlib.sha256(path.encode()).digest()[0]
    return "tune" if first < TUNE_BELOW else "report"


def collect_suite(suite, gdir, out):
    """Copies the suite's sources, their includes and its license under out;
    returns (commit, the sources' manifest entries)."""
    commit = git(gdir, "rev-parse", "HEAD").decode().strip()
    tree = git(gdir, "ls-tree", "-r", "-z", "--name-only", commit).decode()
    tree = set(tree.split("\0"))
    blobs = {}

    def read(path):
        if path not in blobs:
            blobs[path] = git(gdir, "show", commit + ":" + path)
        return blobs[path]

    sources = sorted(p for p in tree if matches(p, suite.globs)
                     and not matches(p, suite.exclude))
    copies, entries = {suite.license_file} - {None}, []
    for src in sources:
        flags = [f for g, fs in suite.flags if matches(src, (g,)) for f in fs]
        if suite.makefile:
            flags += makefile_flags(read, tree, posixpath.dirname(src))
        copies |= closure(read, tree, src, flags)
        path = posixpath.join(suite.dir, src)
        entries.append({"path": path, "suite": suite.name, "repo": suite.repo,
                        "commit": commit, "orig_path": src, "license": suite.license,
                        "license_file": posixpath.join(suite.dir, suite.license_file)
                        if suite.license_file else path,
                        "lang": "cl" if src.endswith(".cl") else "hip",
                        "flags": flags, "split": split_of(path)})
    for p in sorted(copies):
        write_if_changed(os.path.join(out, suite.dir, p), read(p))
    return commit, entries


def check_compiles(uoc, args, entry):
    """'' if entry compiles to a code object with kernels, else why not."""
    e = dict(entry, abspath=os.path.join(args.out, entry["path"]))
    with tempfile.TemporaryDirectory(prefix="corpus-manifest-") as tmp:
        obj = os.path.join(tmp, "out.o")
        cmd = uoc.compile_cmd(args.clang, e, args.mcpu,
                              ["--rocm-device-lib-path=" + DEVICE_LIBS], [], obj)
        p = proc.run(cmd, timeout=args.timeout, cwd=os.path.dirname(e["abspath"]))
        if p.timed_out:
            return "timeout after %ds" % args.timeout
        if p.returncode != 0 or not os.path.exists(obj):
            lines = p.stderr.splitlines()
            return ([l for l in lines if "error" in l] or lines or
                    ["exit %d" % p.returncode])[0]
        try:
            return "" if uoc.kernel_names(obj) else "no kernels"
        except subprocess.CalledProcessError as err:
            return "llvm-nm failed: %s" % (err.stderr or "").strip()[:200]


def compile_all(args, entries):
    """{path: '' or why it was rejected}, through the cache."""
    cache_path = os.path.join(args.out, ".compile-cache.json")
    cache = {}
    if os.path.isfile(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    key = lambda e: hashlib.sha256(json.dumps(
        [os.path.realpath(args.clang), args.mcpu, e["path"], e["commit"],
         e["flags"]]).encode()).hexdigest()
    todo = [e for e in entries if key(e) not in cache]
    print("compiling %d of %d sources (the others cached)" % (len(todo), len(entries)),
          flush=True)
    uoc = corpus_diff.UOC
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(check_compiles, uoc, args, e): e for e in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            cache[key(futs[fut])] = fut.result()
            if i % 50 == 0:
                print("  %d/%d" % (i, len(todo)), flush=True)
    write_json(cache_path, cache)
    return {e["path"]: cache[key(e)] for e in entries}


def write_json(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=isinstance(data, dict))
        f.write("\n")


def write_sources(out, used):
    """SOURCES.md: one row per table entry of SUITES that had a mirror."""
    rows = ["# Sources of the corpus", "",
            "Written by llvm/utils/amdgpu-kernel-suite/corpus_manifest.py.", "",
            "| suite | repository | commit | sources | license |",
            "|---|---|---|---|---|"]
    for suite, commit in used:
        lic = posixpath.join(suite.dir, suite.license_file) \
            if suite.license_file else "header of each source"
        rows.append("| %s | [%s](https://github.com/%s) | `%s` | %s | %s (`%s`) |" % (
            suite.name, suite.repo, suite.repo, commit,
            ", ".join("`%s`" % g for g in suite.globs), suite.license, lic))
    with open(os.path.join(out, "SOURCES.md"), "w") as f:
        f.write("\n".join(rows) + "\n")


def print_summary(entries, status):
    fmt = "%-14s %6s %8s %5s %6s"
    print(fmt % ("suite", "found", "compiled", "tune", "report"))
    for name in sorted({e["suite"] for e in entries}) + ["total"]:
        mine = [e for e in entries if name in (e["suite"], "total")]
        ok = [e["split"] for e in mine if not status[e["path"]]]
        print(fmt % (name, len(mine), len(ok), ok.count("tune"), ok.count("report")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror-root", required=True,
                    help="directory of the <owner>+<name> git mirrors")
    ap.add_argument("--out", required=True, help="corpus directory to write")
    ap.add_argument("--clang", default="/usr/bin/clang-19",
                    help="compiler of the compile filter (default: %(default)s)")
    ap.add_argument("--mcpu", default="gfx90a", help="default: %(default)s")
    ap.add_argument("--jobs", type=int, default=1, help="parallel compiles")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per compile")
    args = ap.parse_args()
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)

    entries, used = [], []
    for suite in SUITES:
        gdir = git_dir(args.mirror_root, suite.repo)
        if not gdir:
            print("warning: no mirror of %s under %s; skipped" %
                  (suite.repo, args.mirror_root), file=sys.stderr)
            continue
        commit, found = collect_suite(suite, gdir, args.out)
        entries += found
        used.append((suite, commit))
    entries.sort(key=lambda e: e["path"])
    status = compile_all(args, entries)
    write_json(os.path.join(args.out, "manifest.json"),
               [e for e in entries if not status[e["path"]]])
    write_json(os.path.join(args.out, "rejected.json"),
               [{"path": e["path"], "suite": e["suite"],
                 "error": status[e["path"]].replace(args.out + os.sep, "")}
                for e in entries if status[e["path"]]])
    write_sources(args.out, used)
    print_summary(entries, status)
    print("manifest: %s" % os.path.join(args.out, "manifest.json"))


if __name__ == "__main__":
    main()
