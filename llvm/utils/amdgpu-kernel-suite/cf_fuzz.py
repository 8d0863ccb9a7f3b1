#!/usr/bin/env python3
"""Random-CFG fuzzing of the control-flow lowerings on the emulator.

Each seed generates a kernel with a random CFG: reducible and irreducible
loops, several exits, divergent branches (on per-lane data), uniform branches
(on a kernel argument), branches with both edges to one block, and lane-mask
(i1) values carried across blocks. The kernel is compiled by llc once per
lowering (--a, the reference, and --b, the one under test), -mcpu and -O
level, linked, and run on llvm-amdgpu-emu. What every lane must write is
computed here, by running the kernel's model in Python; the emulator checks
each build against it. A lowering that runs a block with a lane that should
be parked, loses a lane at a join, or merges a value or a lane mask wrongly,
changes what some lane writes.

The kernel (block B_i, i = 0..N-1, then the exits):

  entry:  lane = workgroup.id * 64 + workitem.id; X = in[lane]; H = C = 0
  B_i:    X = f_i(X, lane); H = H * 31 + i; C = C + 1; [F = (X & m_i) != 0]
          visits[lane * N + i] += 1
          br <cond>, B_j, B_k        (or br B_j, or br exit_e)
  exit_e: out[lane * 4 ..] = {X, H, C, e + 1}

Every state variable is an alloca; mem2reg turns them into phis, and the
CFG reaches the lowering as generated. A condition is a bit of X
(divergent), a bit of the kernel argument S (uniform), or the flag F (a
divergent i1 across blocks). Edges to a block with a lower or equal index go
through a guard block that exits once C exceeds a bound, so every run
terminates.

  cf_fuzz.py --llc LLC --opt OPT --emu EMU [--lld LLD] [--seeds N] [--first S]
      [--cpu gfx90a ...] [--level 0 ...] [--keep DIR]
      [--a "-amdgpu-cf-lowering=structurize"] [--b "-amdgpu-cf-lowering=reconverge"]

Prints a line for each build of --b that does not match the model or fails to
compile or run, and a summary line; exit status 1 if any did where the
reference build of the same kernel did not. Where the reference fails too,
the line says so and the summary counts it as shared: upstream's lowering
has bugs of its own on such CFGs, and a function the reconverging lowering
gives up on falls back to it.
"""

import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile

LANES = 128  # two wave64 waves or four wave32 waves
WORKGROUP = 64
LOOP_BOUND = 12
MASK = 0xFFFFFFFF

# X = f(X, lane), one or two per block: (IR template, Python model).
OPS = {
    "mul": ("mul i32 {x}, {k}", lambda x, k, lane: x * k),
    "add": ("add i32 {x}, {k}", lambda x, k, lane: x + k),
    "xor": ("xor i32 {x}, {k}", lambda x, k, lane: x ^ (k & MASK)),
    "addlane": ("add i32 {x}, %lane", lambda x, k, lane: x + lane),
    "lshr": ("lshr i32 {x}, {k}", lambda x, k, lane: x >> k),
    "shl": ("shl i32 {x}, {k}", lambda x, k, lane: x << k),
    "subfrom": ("sub i32 {k}, {x}", lambda x, k, lane: k - x),
}


def signed(v):
    v &= MASK
    return v - (1 << 32) if v >> 31 else v


class Block:
    """B_i of the model: its ops, its flag bit, and its terminator.

    term is ("br", T) or ("cbr", cond, T, T), cond one of ("div", bit),
    ("uni", bit), ("flag",); a target T is ("block", j), ("exit", e), or
    ("guard", j, e) for an edge to B_j through a guard that exits to exit_e.
    """

    def __init__(self, ops, flag, term):
        self.ops, self.flag, self.term = ops, flag, term


def random_operand(rng, name):
    if name == "mul":
        return rng.randrange(3, 99, 2)
    if name in ("lshr", "shl"):
        return rng.randint(1, 5)
    return rng.randint(-999, 999)


def generate_model(rng):
    """A random program: its blocks and its number of exits."""
    n, nexits = rng.randint(3, 10), rng.randint(1, 2)

    def target(i):
        r = rng.random()
        if r < 0.1:
            return ("exit", rng.randrange(nexits))
        j = rng.randrange(0, n) if r < 0.35 or i + 1 >= n else rng.randrange(i + 1, n)
        return ("block", j) if j > i else ("guard", j, rng.randrange(nexits))

    blocks = []
    for i in range(n):
        ops = []
        for _ in range(rng.randint(1, 2)):
            name = rng.choice(sorted(OPS))
            ops.append((name, random_operand(rng, name)))
        flag = rng.randint(0, 6) if rng.random() < 0.4 else None
        if rng.random() < 0.2:
            term = ("br", target(i))
        else:
            kinds = ["div", "div", "uni", "flag"] if i else ["div", "uni"]
            kind = rng.choice(kinds)
            cond = {"div": lambda: ("div", rng.randint(0, 6)),
                    "uni": lambda: ("uni", rng.randint(0, 7)),
                    "flag": lambda: ("flag",)}[kind]()
            a = target(i)
            b = a if rng.random() < 0.05 else target(i)
            term = ("cbr", cond, a, b)
        blocks.append(Block(ops, flag, term))
    return blocks, nexits


def simulate(blocks, lane, x, s):
    """What lane writes: (its four outputs, its visit counts)."""
    h = c = 0
    f = False
    visits = [0] * len(blocks)
    t = ("block", 0)
    while True:
        if t[0] == "exit":
            return [signed(x), signed(h), c, t[1] + 1], visits
        if t[0] == "guard":
            if c > LOOP_BOUND:
                return [signed(x), signed(h), c, t[2] + 1], visits
        i = t[1]
        blk = blocks[i]
        for name, k in blk.ops:
            x = OPS[name][1](x & MASK, k, lane) & MASK
        h = (h * 31 + i) & MASK
        c += 1
        visits[i] += 1
        if blk.flag is not None:
            f = bool(x & (1 << blk.flag))
        if blk.term[0] == "br":
            t = blk.term[1]
            continue
        cond = blk.term[1]
        if cond[0] == "div":
            taken = (x & (1 << cond[1])) == 0
        elif cond[0] == "uni":
            taken = (s & (1 << cond[1])) != 0
        else:
            taken = f
        t = blk.term[2] if taken else blk.term[3]


class Emitter:
    """Writes the model as LLVM IR with allocas for X, H, C and F."""

    def __init__(self, blocks, nexits):
        self.blocks, self.nexits = blocks, nexits
        self.lines, self.tmp, self.guards = [], 0, []

    def fresh(self):
        self.tmp += 1
        return f"%t{self.tmp}"

    def emit(self, s):
        self.lines.append("  " + s)

    def load(self, var, ty="i32"):
        t = self.fresh()
        self.emit(f"{t} = load {ty}, ptr addrspace(5) %{var}")
        return t

    def store_at(self, base, offset, value, buf):
        idx, p = self.fresh(), self.fresh()
        self.emit(f"{idx} = add i32 {base}, {offset}")
        self.emit(f"{p} = getelementptr i32, ptr addrspace(1) %{buf}, i32 {idx}")
        if value is None:  # visits[...] += 1
            v, w = self.fresh(), self.fresh()
            self.emit(f"{v} = load i32, ptr addrspace(1) {p}")
            self.emit(f"{w} = add i32 {v}, 1")
            value = w
        self.emit(f"store i32 {value}, ptr addrspace(1) {p}")

    def label(self, i, t):
        if t[0] == "exit":
            return f"exit{t[1]}"
        if t[0] == "block":
            return f"b{t[1]}"
        g = f"g{i}_{len(self.guards)}"
        self.guards.append((g, t[1], t[2]))
        return g

    def block(self, i, blk):
        self.lines.append(f"b{i}:")
        x = self.load("x")
        for name, k in blk.ops:
            t = self.fresh()
            self.emit(f"{t} = " + OPS[name][0].format(x=x, k=k))
            x = t
        self.emit(f"store i32 {x}, ptr addrspace(5) %x")
        h, h31, h1 = self.load("h"), self.fresh(), self.fresh()
        self.emit(f"{h31} = mul i32 {h}, 31")
        self.emit(f"{h1} = add i32 {h31}, {i}")
        self.emit(f"store i32 {h1}, ptr addrspace(5) %h")
        c, c1 = self.load("c"), self.fresh()
        self.emit(f"{c1} = add i32 {c}, 1")
        self.emit(f"store i32 {c1}, ptr addrspace(5) %c")
        self.store_at("%vbase", i, None, "visits")
        if blk.flag is not None:
            m, f = self.fresh(), self.fresh()
            self.emit(f"{m} = and i32 {x}, {1 << blk.flag}")
            self.emit(f"{f} = icmp ne i32 {m}, 0")
            self.emit(f"store i1 {f}, ptr addrspace(5) %f")
        if blk.term[0] == "br":
            self.emit(f"br label %{self.label(i, blk.term[1])}")
            return
        cond = blk.term[1]
        if cond[0] == "flag":
            v = self.load("f", "i1")
        else:
            m, v = self.fresh(), self.fresh()
            src, pred = (x, "eq") if cond[0] == "div" else ("%s", "ne")
            self.emit(f"{m} = and i32 {src}, {1 << cond[1]}")
            self.emit(f"{v} = icmp {pred} i32 {m}, 0")
        a, b = self.label(i, blk.term[2]), self.label(i, blk.term[3])
        self.emit(f"br i1 {v}, label %{a}, label %{b}")

    def guard(self, name, j, e):
        self.lines.append(f"{name}:")
        c, stop = self.load("c"), self.fresh()
        self.emit(f"{stop} = icmp ugt i32 {c}, {LOOP_BOUND}")
        self.emit(f"br i1 {stop}, label %exit{e}, label %b{j}")

    def exit(self, e):
        self.lines.append(f"exit{e}:")
        vals = [self.load("x"), self.load("h"), self.load("c"), str(e + 1)]
        for k, v in enumerate(vals):
            self.store_at("%obase", k, v, "out")
        self.emit("ret void")

    def kernel(self):
        self.lines += [
            "define amdgpu_kernel void @k(ptr addrspace(1) %in, "
            "ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {",
            "entry:"]
        for var, ty in (("x", "i32"), ("h", "i32"), ("c", "i32"), ("f", "i1")):
            self.emit(f"%{var} = alloca {ty}, addrspace(5)")
        for line in (
                "%wg = call i32 @llvm.amdgcn.workgroup.id.x()",
                "%tid = call i32 @llvm.amdgcn.workitem.id.x()",
                f"%wgbase = mul i32 %wg, {WORKGROUP}",
                "%lane = add i32 %wgbase, %tid",
                f"%vbase = mul i32 %lane, {len(self.blocks)}",
                "%obase = mul i32 %lane, 4",
                "%inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane",
                "%x0 = load i32, ptr addrspace(1) %inp",
                "store i32 %x0, ptr addrspace(5) %x",
                "store i32 0, ptr addrspace(5) %h",
                "store i32 0, ptr addrspace(5) %c",
                "store i1 false, ptr addrspace(5) %f",
                "br label %b0"):
            self.emit(line)
        for i, blk in enumerate(self.blocks):
            self.block(i, blk)
        for g in self.guards:
            self.guard(*g)
        for e in range(self.nexits):
            self.exit(e)
        self.lines += ["}", "",
                       "declare i32 @llvm.amdgcn.workgroup.id.x()",
                       "declare i32 @llvm.amdgcn.workitem.id.x()", ""]
        return "\n".join(self.lines)


class Case:
    """One seed: the kernel, its inputs, and what each lane must write."""

    def __init__(self, seed):
        rng = random.Random(seed)
        self.blocks, nexits = generate_model(rng)
        self.text = Emitter(self.blocks, nexits).kernel()
        self.inputs = [rng.randint(-100000, 100000) for _ in range(LANES)]
        self.s = rng.randrange(256)
        self.out, self.visits = [], []
        for lane, x in enumerate(self.inputs):
            out, visits = simulate(self.blocks, lane, x & MASK, self.s)
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
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
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
        run([args.emu, "--launch=" + launch, "--run", co], timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "does not finish"
    except RuntimeError as e:
        return f"wrong results ({e})"
    return None


def check_seed(args, seed):
    """The problem lines of one seed, how many of its reference builds
    failed, and the lines of builds under test that failed where the
    reference build failed too."""
    case = Case(seed)
    problems, reference_failures, shared = [], 0, []
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
            return [f"seed {seed}: the generated kernel is invalid: {e}"], 0, []
        for cpu in args.cpu:
            for opt in args.O:
                ref = build_and_run(args, ir, launch, cpu, opt, args.a.split(), work)
                reference_failures += bool(ref)
                why = build_and_run(args, ir, launch, cpu, opt, args.b.split(), work)
                if why:
                    line = f"seed {seed} {cpu} {opt}: {why}"
                    (shared if ref else problems).append(line)
        if problems and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            stem = os.path.join(args.keep, f"seed{seed}")
            with open(ir) as src, open(stem + ".ll", "w") as dst:
                dst.write(src.read())
            with open(stem + ".json", "w") as f:
                json.dump(case.launch(), f)
    return problems, reference_failures, shared


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llc", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--emu", required=True)
    ap.add_argument("--lld", default="ld.lld")
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--cpu", action="append", help="default gfx90a and gfx1030")
    ap.add_argument("--level", action="append", choices="0123",
                    help="llc -O level (repeatable); default 0 and 2")
    ap.add_argument("--a", default="-amdgpu-cf-lowering=structurize",
                    help="llc flags of the reference build")
    ap.add_argument("--b", default="-amdgpu-cf-lowering=reconverge",
                    help="llc flags of the build under test")
    ap.add_argument("--keep", help="write the IR and launch file of failing seeds here")
    ap.add_argument("--print", type=int, metavar="SEED",
                    help="print the generated kernel of SEED and exit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args()
    if args.print is not None:
        print(Case(args.print).text)
        return 0
    args.cpu = args.cpu or ["gfx90a", "gfx1030"]
    args.O = ["-O" + level for level in args.level or ["0", "2"]]
    seeds = range(args.first, args.first + args.seeds)
    bad = reference_failures = shared = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for problems, ref, also in pool.map(lambda s: check_seed(args, s), seeds):
            for p in problems:
                print(p)
            for p in also:
                print(p, "(the reference fails too)")
            bad += bool(problems)
            reference_failures += ref
            shared += len(also)
    builds = len(seeds) * len(args.cpu) * len(args.O)
    print(f"cf_fuzz: {len(seeds)} seeds x {len(args.cpu)} cpus x "
          f"{len(args.O)} opt levels = {builds} builds each; reference "
          f"failures {reference_failures}, {shared} of them shared; "
          f"{bad} seeds with problems")
    if reference_failures == builds:
        print("cf_fuzz: error: no reference build ran; check --llc, --lld "
              "and --emu")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
