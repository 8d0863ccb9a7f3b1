#!/usr/bin/env python3
"""Export the fork as upstream-style review patches, one per feature.

Features are described in amd-patches/features (see the comment there). The
export builds a scratch git repository whose first commit is the pristine
llvmorg-19.1.7 tree (the subtrees the fork uses), then commits each feature in
order: its series patches applied with 'git apply', its fork files copied in.
'git format-patch' turns each commit into one file in the output directory.

Every feature must own a test (a file under a test/ or unittests/
directory). The result is then checked: the exported patches, applied in order with
'git apply --check' and 'git apply' to a fresh pristine copy, must apply
cleanly, and after each one every library source (.cpp under llvm/lib or
clang/lib) created so far must be named in its directory's CMakeLists.txt.
Exit status 1 with a message naming the feature if anything fails.

Usage: export-patches.py --upstream DIR --out DIR [--repo DIR]
"""

import argparse
import configparser
import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile

AUTHOR = "LLVM AMDGPU fork <llvm-amdgpu-fork@example.invalid>"


def fail(cause, fix):
    sys.exit(f"error: {cause}\n  fix: {fix}")


def git(cwd, *args, stdin=None):
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(cwd),
               GIT_AUTHOR_DATE="2025-01-01T00:00:00Z",
               GIT_COMMITTER_DATE="2025-01-01T00:00:00Z")
    p = subprocess.run(["git", "-c", "user.name=LLVM AMDGPU fork",
                        "-c", "user.email=llvm-amdgpu-fork@example.invalid",
                        "-c", "core.autocrlf=false",
                        # No background gc: it would write into .git while the
                        # temporary directory is being removed.
                        "-c", "gc.auto=0", "-c", "maintenance.auto=false", *args],
                       cwd=cwd, env=env, input=stdin, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(p.stderr.strip() or p.stdout.strip())
    return p.stdout


def read_series(repo):
    series = []
    with open(os.path.join(repo, "amd-patches", "series")) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                series.append(line)
    return series


def read_features(repo, series):
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(os.path.join(repo, "amd-patches", "features"))
    features, owner = [], {}
    for name in cfg.sections():
        sec = cfg[name]
        if "subject" not in sec:
            fail(f"feature [{name}] in amd-patches/features has no subject",
                 "add 'subject = <one-line summary>'")
        patches = sec.get("patches", "").split()
        for p in patches:
            if p not in series:
                fail(f"feature [{name}] lists {p}, which is not in amd-patches/series",
                     "add it to the series or remove it from the feature")
            if p in owner:
                fail(f"{p} belongs to both [{owner[p]}] and [{name}]",
                     "list each series patch under exactly one feature")
            owner[p] = name
        features.append({"name": name, "subject": sec["subject"],
                         "message": sec.get("message", ""), "patches": patches,
                         "files": sec.get("files", "").split()})
    for p in series:
        if p not in owner:
            fail(f"series patch {p} belongs to no feature in amd-patches/features",
                 "add it to the 'patches' of the feature it implements")
    # A feature's patches must keep their series order across features.
    order = [p for f in features for p in f["patches"]]
    if order != [p for p in series if p in order]:
        fail("the features in amd-patches/features do not follow the series order",
             "order the sections (and their patches) as in amd-patches/series")
    return features


def fork_files(repo):
    out = subprocess.run(["git", "ls-files", "--cached", "--others",
                          "--exclude-standard", "--", "llvm", "clang", "lld"],
                         cwd=repo, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if os.path.isfile(os.path.join(repo, f))]


def copy_pristine(upstream, dest):
    """Copy the upstream subtrees, less the CodeGen test corpus (never patched)."""
    corpus = os.path.join(upstream, "llvm", "test")
    skip = lambda d, names: ["test"] if os.path.join(d, "test") == corpus else []
    for top in ("llvm", "clang"):
        shutil.copytree(os.path.join(upstream, top), os.path.join(dest, top),
                        symlinks=True, ignore=skip)


def export(repo, upstream, out, work):
    series = read_series(repo)
    features = read_features(repo, series)
    files = fork_files(repo)
    tree = os.path.join(work, "tree")
    copy_pristine(upstream, tree)
    git(tree, "init", "-q")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "llvmorg-19.1.7 (Debian llvm-toolchain-19 orig)")

    os.makedirs(out, exist_ok=True)
    written = []
    for n, feat in enumerate(features, 1):
        for p in feat["patches"]:
            try:
                git(tree, "apply", "-p1", os.path.join(repo, "amd-patches", p))
            except RuntimeError as e:
                fail(f"feature [{feat['name']}]: {p} does not apply: {e}",
                     "rebase the patch (ci/materialize.sh shows the same failure)")
        owned = [f for f in files if any(fnmatch.fnmatch(f, g) for g in feat["files"])]
        if not any("/test/" in f or "/unittests/" in f for f in owned):
            fail(f"feature [{feat['name']}] has no test",
                 "give it a lit test or unit test under 'files' in "
                 "amd-patches/features")
        for f in owned:
            dest = os.path.join(tree, f)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copy2(os.path.join(repo, f), dest)
        git(tree, "add", "-A")
        if not git(tree, "status", "--porcelain"):
            fail(f"feature [{feat['name']}] changes nothing",
                 "give it patches or files, or remove the section")
        msg = feat["subject"] + "\n\n" + feat["message"].strip() + "\n"
        git(tree, "commit", "-q", "--author", AUTHOR, "-F", "-", stdin=msg)
        name = git(tree, "format-patch", "-1", "--start-number", str(n),
                   "-o", out, "--no-signature", "HEAD").strip()
        written.append(name)
    return written


def new_files(patch):
    """The files a git patch creates."""
    created, current = [], None
    with open(patch) as f:
        for line in f:
            if line.startswith("diff --git a/"):
                current = line.split()[2][2:]
            elif line.startswith("new file mode") and current:
                created.append(current)
    return created


def check_build_lists(tree, patch, created):
    """Every library source the exported patches have created so far is named
    in the CMakeLists.txt of its directory: a review patch that adds a .cpp
    must also build it."""
    for f in created:
        if not (f.endswith(".cpp") and
                (f.startswith("llvm/lib/") or f.startswith("clang/lib/"))):
            continue
        lists = os.path.join(tree, os.path.dirname(f), "CMakeLists.txt")
        with open(lists) as cm:
            named = os.path.basename(f) in cm.read()
        if not named:
            fail(f"after {os.path.basename(patch)}, {f} is not in "
                 f"{os.path.dirname(f)}/CMakeLists.txt",
                 "add it to the CMakeLists.txt in the series patch of the "
                 "feature that owns the file")


def check(upstream, patches, work):
    """Apply the exported patches in order to a fresh pristine tree, and check
    after each one that the library sources created so far are built."""
    tree = os.path.join(work, "check")
    copy_pristine(upstream, tree)
    created = []
    for p in patches:
        try:
            git(tree, "apply", "--check", p)
            git(tree, "apply", p)
        except RuntimeError as e:
            fail(f"exported {os.path.basename(p)} does not apply to llvmorg-19.1.7: {e}",
                 "report this: the export and the series disagree")
        created += new_files(p)
        check_build_lists(tree, p, created)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    ap.add_argument("--upstream", required=True, help="pristine upstream extract")
    ap.add_argument("--out", required=True, help="directory for the .patch files")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        patches = export(args.repo, args.upstream, os.path.abspath(args.out), work)
        check(args.upstream, patches, work)
    for p in patches:
        print(p)
    print(f"exported {len(patches)} feature patches to {args.out}; "
          "all apply in order to llvmorg-19.1.7 and list their library "
          "sources in CMake")


if __name__ == "__main__":
    main()
