#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Checking one seed: build the kernel with both pipelines (opt, llc,
ld.lld), run each build on llvm-amdgpu-emu against the model, compare
what opt did (cf-meld remarks, IR without melding)."""

import collections
import json
import os
import random
import re
import tempfile

from .. import proc
from .model import LANES, MASK, MAX_STEPS, simulate, WORKGROUP
from .generate import generate_model, generate_structured
from .emit import Emitter


class Case:
    """One seed: the kernel, its inputs, and what each lane must write."""

    def __init__(self, seed, switches=False, twins=False, short_circuits=False):
        rng = random.Random(seed)
        if switches or twins:
            self.blocks, nexits = generate_structured(rng, switches, twins,
                                                      short_circuits)
        else:
            self.blocks, nexits = generate_model(rng)
        self.text = Emitter(self.blocks, nexits).kernel()
        self.inputs = [rng.randint(-100000, 100000) for _ in range(LANES)]
        self.s = rng.randrange(256)
        self.out, self.visits = [], []
        for lane, x in enumerate(self.inputs):
            out, visits = simulate(self.blocks, lane, x & MASK, self.s,
                                   self.inputs)
            self.out += out
            self.visits += visits

    def launch(self):
        zeros = lambda n: {"buffer": "i32", "count": n, "fill": 0}
        return {"kernel": "k", "grid": [LANES], "block": [WORKGROUP], "args": [
            {"buffer": "i32", "data": self.inputs},
            dict(zeros(len(self.out)), expect=self.out),
            dict(zeros(len(self.visits)), expect=self.visits),
            {"type": "i32", "value": self.s}]}


def run(cmd, **kw):
    """The tool's stdout, or None if it timed out; RuntimeError (the first
    line of its output) if it failed."""
    p = proc.run(cmd, **kw)
    if p.timed_out:
        return None
    if p.returncode:
        lines = (p.stderr or p.stdout).strip().splitlines()
        raise RuntimeError(lines[0] if lines else f"exit {p.returncode}")
    return p.stdout


def build_and_run(args, ir, launch, cpu, opt, flags, work):
    """None if the build matches the model, else what went wrong."""
    obj, co = os.path.join(work, "k.o"), os.path.join(work, "k.co")
    try:
        run([args.llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, opt,
             "-verify-machineinstrs", "-filetype=obj", ir, "-o", obj] + flags)
        run([args.lld, "-shared", obj, "-o", co])
    except RuntimeError as e:
        return f"does not compile ({e})"
    try:
        if run([args.emu, "--launch=" + launch, "--run", "--strict",
                f"--max-steps={MAX_STEPS}", co], timeout=args.timeout) is None:
            return "does not finish"
    except RuntimeError as e:
        return f"wrong results ({e})"
    return None


def same_failure(ref, why):
    """Whether the build under test failed the way the reference did (both
    do not compile, both give wrong results, ...): then the kernel may be
    beyond both lowerings, or the reconverging one fell back to upstream's.
    A wrong result where the reference does not even compile is the build
    under test's own: the model, not the reference, says what is right."""
    return bool(ref) and ref.split(" (")[0] == why.split(" (")[0]


def check_seed(args, seed):
    """The problem lines of one seed, how many of its reference builds
    failed, the lines of builds under test that failed where the reference
    build failed too, and what opt did to the kernel (Stats)."""
    case = Case(seed, args.switches, args.twins, args.short_circuits)
    if args.target_opt:
        return check_seed_opt(args, seed, case)
    problems, reference_failures, shared, stats = [], 0, [], Stats()
    with tempfile.TemporaryDirectory() as work:
        raw, ir = os.path.join(work, "raw.ll"), os.path.join(work, "k.ll")
        launch = os.path.join(work, "launch.json")
        with open(raw, "w") as f:
            f.write(case.text)
        with open(launch, "w") as f:
            json.dump(case.launch(), f)
        try:
            run([args.opt, "-passes=mem2reg", "-S", raw, "-o", ir])
        except RuntimeError as e:
            return ([f"seed {seed}: the generated kernel is invalid: {e}"], 0,
                    [], Stats())
        for cpu in args.cpu:
            for opt in args.O:
                ref = build_and_run(args, ir, launch, cpu, opt, args.a.split(), work)
                reference_failures += bool(ref)
                if ref and args.show_reference_failures:
                    stats.reference_lines.append(
                        f"seed {seed} {cpu} {opt}: reference: {ref}")
                why = build_and_run(args, ir, launch, cpu, opt, args.b.split(), work)
                if why:
                    line = f"seed {seed} {cpu} {opt}: {why}"
                    (shared if same_failure(ref, why) else problems).append(line)
        if problems and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            stem = os.path.join(args.keep, f"seed{seed}")
            with open(ir) as src, open(stem + ".ll", "w") as dst:
                dst.write(src.read())
            with open(stem + ".json", "w") as f:
                json.dump(case.launch(), f)
    return problems, reference_failures, shared, stats


class Stats:
    """What --b's opt pipeline did to the kernels (one per seed and cpu)."""

    def __init__(self):
        self.kernels = self.changed = self.melded = 0
        self.seeds_melded = 0
        self.remarks = collections.Counter()
        self.reference_lines = []
        self.notes = []

    def add(self, other):
        self.kernels += other.kernels
        self.changed += other.changed
        self.melded += other.melded
        self.seeds_melded += bool(other.melded)
        self.remarks.update(other.remarks)


def count_remarks(path):
    """The passed cf-meld remarks of a YAML remarks file by name, the Melded
    ones by Kind as well, and as "split" the melds whose candidates (the
    analysis remarks since the last passed or missed one) include a block
    that chain splitting made (meld.split)."""
    counts = collections.Counter()
    if not os.path.exists(path):
        return counts
    with open(path) as f:
        docs = f.read().split("--- !")[1:]
    split = False
    for doc in docs:
        name = re.search(r"^Name:\s+(\S+)", doc, re.M)
        if doc.startswith("Analysis"):
            split |= "meld.split" in doc
            continue
        if doc.startswith("Passed") and name:
            counts[name.group(1)] += 1
            kind = re.search(r"- Kind:\s+'?([\w-]+)", doc)
            if name.group(1) == "Melded" and kind:
                counts[kind.group(1)] += 1
                counts["split"] += split
                counts["loops"] += bool(re.search(r"- Loops:", doc))
        split = False
    return counts


def opt_command(args, passes, flags, cpu):
    return [args.opt, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu,
            "-passes=" + passes] + flags


def run_opt(cmd, raw, out, remarks):
    """None if opt succeeds, else what went wrong."""
    full = cmd + ["-S", raw, "-o", out]
    if remarks:
        full += ["-pass-remarks-output=" + remarks,
                 "-pass-remarks-filter=cf-meld"]
    p = proc.run(full)
    if not p.returncode:
        return None
    lines = (p.stderr or p.stdout).strip().splitlines()
    why = [l for l in lines if l.startswith("LLVM ERROR")] or \
        [l for l in lines if not l.startswith(("PLEASE submit", "Stack dump"))]
    crash = f", signal {-p.returncode}" if p.returncode < 0 else ""
    return f"opt fails ({why[0] if why else 'exit ' + str(p.returncode)}{crash})"


def strip_preds(text):
    """IR text without the '; preds = ...' comments, which give a block's
    predecessors in the order of its use list."""
    return re.sub(r"\s*; preds = .*", "", text)


def without_meld(passes):
    """passes without its cf-meld entries (None if it has none)."""
    parts = passes.split(",")
    rest = [p for p in parts if p != "cf-meld"]
    return ",".join(rest) if rest and len(rest) < len(parts) else None


def check_seed_opt(args, seed, case):
    """check_seed where opt runs other passes than mem2reg: per cpu, with
    the target (cf-meld needs its divergence information), once for --a's
    pipeline and once for --b's. A kernel that cf-meld does not meld must
    come out of --b's opt exactly as out of the same pipeline without
    cf-meld."""
    problems, reference_failures, shared, stats = [], 0, [], Stats()
    problems_ref = []
    with tempfile.TemporaryDirectory() as work:
        raw = os.path.join(work, "raw.ll")
        launch = os.path.join(work, "launch.json")
        with open(raw, "w") as f:
            f.write(case.text)
        with open(launch, "w") as f:
            json.dump(case.launch(), f)
        outputs = {}  # opt command -> (IR file, error, remark counts)

        def opt(passes, flags, cpu):
            cmd = opt_command(args, passes, flags, cpu)
            key = tuple(cmd)
            if key not in outputs:
                out = os.path.join(work, f"opt{len(outputs)}.ll")
                remarks = out[:-3] + ".yaml"
                why = run_opt(cmd, raw, out, remarks)
                outputs[key] = (out, why, count_remarks(remarks))
            return outputs[key]

        def read(path):
            with open(path) as f:
                return f.read()

        kept = {}
        for cpu in args.cpu:
            a_ir, a_why, _ = opt(args.a_passes, args.a_opt_flags, cpu)
            b_ir, b_why, remarks = opt(args.b_passes, args.b_opt_flags, cpu)
            kept[cpu] = (a_ir, b_ir)
            stats.kernels += 1
            if not b_why:
                stats.changed += bool(a_why) or \
                    strip_preds(read(a_ir)) != strip_preds(read(b_ir))
                stats.melded += bool(remarks["Melded"])
                stats.remarks.update(remarks)
                base = without_meld(args.b_passes)
                if base and not remarks["Melded"] and not remarks["SwitchExpanded"]:
                    base_ir, base_why, _ = opt(base, args.b_opt_flags, cpu)
                    if not base_why and read(base_ir) != read(b_ir):
                        if strip_preds(read(base_ir)) != strip_preds(read(b_ir)):
                            problems.append(f"seed {seed} {cpu}: cf-meld "
                                            "changes the IR without a meld")
                        else:
                            stats.notes.append(
                                f"cf_fuzz: note: seed {seed} {cpu}: cf-meld "
                                "changes the order of predecessors (the "
                                "'; preds' comments) without a meld")
            for level in args.O:
                ref = a_why or build_and_run(args, a_ir, launch, cpu, level,
                                             args.a.split(), work)
                reference_failures += bool(ref)
                if ref and args.show_reference_failures:
                    problems_ref.append(f"seed {seed} {cpu} {level}: "
                                        f"reference: {ref}")
                why = b_why or build_and_run(args, b_ir, launch, cpu, level,
                                             args.b.split(), work)
                if why:
                    line = f"seed {seed} {cpu} {level}: {why}"
                    (shared if same_failure(ref, why) else problems).append(line)
        if (problems or problems_ref) and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            stem = os.path.join(args.keep, f"seed{seed}")
            with open(stem + ".ll", "w") as f:
                f.write(case.text)
            with open(stem + ".json", "w") as f:
                json.dump(case.launch(), f)
            for cpu, irs in kept.items():
                for side, ir in zip("ab", irs):
                    if os.path.exists(ir):
                        with open(f"{stem}.{cpu}.{side}.ll", "w") as f:
                            f.write(read(ir))
    stats.reference_lines = problems_ref
    return problems, reference_failures, shared, stats
