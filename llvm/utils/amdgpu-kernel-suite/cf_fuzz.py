#!/usr/bin/env python3
"""Differential fuzzing of the two control-flow lowerings on the emulator.

Each seed generates a kernel with a random CFG: reducible and irreducible
loops, several exits, divergent branches (on per-lane data), uniform branches
(on a kernel argument) and lane-mask (i1) values carried across blocks. The
kernel is compiled by llc once per lowering, -mcpu and -O level, linked, and
run on llvm-amdgpu-emu with the same inputs; the buffers the runs write must
be identical. A lowering that runs a block with a lane that should be parked,
loses a lane at a join, or merges a value or a lane mask wrongly, changes what
some lane writes.

Generated kernel (block B_i, i = 0..N-1, then the exits):

  entry:  lane = workgroup.id * 64 + workitem.id; X = in[lane]; H = C = 0
  B_i:    X = f_i(X, lane); H = H * 31 + i; C = C + 1; F = (X & m_i) != 0
          visits[lane * N + i] += 1
          br <cond>, B_j, B_k        (or br B_j, or br exit_e)
  exit_e: out[lane * 4 ..] = {X, H, C, e}

Every state variable is an alloca; mem2reg turns them into phis, so the
generated CFG reaches the lowering unchanged. A branch condition is a bit
of X (divergent), a bit of the kernel argument S (uniform), or the flag F of
an earlier block (a divergent i1 across blocks). Edges to a block with a
lower or equal index go through a guard block that exits once C exceeds a
bound, so every run terminates.

  cf_fuzz.py --llc LLC --opt OPT --emu EMU --lld LLD [--seeds N] [--first S]
      [--a "-amdgpu-cf-lowering=structurize"] [--b "-amdgpu-cf-lowering=reconverge"]

Prints one line per mismatch, and per failure of the build under test where
the reference compiled and ran, and a summary; exit status 1 if any. A
comparison whose reference build fails is skipped and counted.
"""

import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

LANES = 128  # two wave64 waves or four wave32 waves
WORKGROUP = 64
LOOP_BOUND = 12

# X = f(X, lane): one or two of these, chosen per block.
OPS = [
    "mul i32 {x}, {odd}",
    "add i32 {x}, {c}",
    "xor i32 {x}, {c}",
    "add i32 {x}, {lane}",
    "lshr i32 {x}, {sh}",
    "shl i32 {x}, {sh}",
    "sub i32 {c}, {x}",
]


class Gen:
    """Builds the text of one random kernel."""

    def __init__(self, rng, nblocks, nexits):
        self.rng = rng
        self.n = nblocks
        self.nexits = nexits
        self.lines = []
        self.tmp = 0
        self.guards = []

    def fresh(self):
        self.tmp += 1
        return f"%t{self.tmp}"

    def emit(self, s):
        self.lines.append("  " + s)

    def load(self, var, ty="i32"):
        t = self.fresh()
        self.emit(f"{t} = load {ty}, ptr addrspace(5) %{var}")
        return t

    def update_x(self):
        x = self.load("x")
        for _ in range(self.rng.randint(1, 2)):
            op = self.rng.choice(OPS).format(
                x=x, odd=self.rng.randrange(3, 99, 2),
                c=self.rng.randint(-999, 999), lane="%lane",
                sh=self.rng.randint(1, 5))
            t = self.fresh()
            self.emit(f"{t} = {op}")
            x = t
        self.emit(f"store i32 {x}, ptr addrspace(5) %x")
        return x

    def count_visit(self, i):
        idx, p, v, w = self.fresh(), self.fresh(), self.fresh(), self.fresh()
        self.emit(f"{idx} = add i32 %vbase, {i}")
        self.emit(f"{p} = getelementptr i32, ptr addrspace(1) %visits, i32 {idx}")
        self.emit(f"{v} = load i32, ptr addrspace(1) {p}")
        self.emit(f"{w} = add i32 {v}, 1")
        self.emit(f"store i32 {w}, ptr addrspace(1) {p}")

    def bump(self, var, mul, add):
        v = self.load(var)
        t = self.fresh()
        if mul != 1:
            m = self.fresh()
            self.emit(f"{m} = mul i32 {v}, {mul}")
            v = m
        self.emit(f"{t} = add i32 {v}, {add}")
        self.emit(f"store i32 {t}, ptr addrspace(5) %{var}")

    def condition(self, x, i):
        kind = self.rng.choice(["div", "div", "uni", "flag"] if i else ["div", "uni"])
        t, c = self.fresh(), self.fresh()
        if kind == "div":
            self.emit(f"{t} = and i32 {x}, {1 << self.rng.randint(0, 6)}")
            self.emit(f"{c} = icmp eq i32 {t}, 0")
        elif kind == "uni":
            self.emit(f"{t} = and i32 %s, {1 << self.rng.randint(0, 7)}")
            self.emit(f"{c} = icmp ne i32 {t}, 0")
        else:
            return self.load("f", "i1")
        return c

    def target(self, i, j):
        """The label for an edge B_i -> j; back edges get a guard block."""
        if j >= self.n:
            return f"exit{j - self.n}"
        if j > i:
            return f"b{j}"
        g = f"g{i}_{j}_{len(self.guards)}"
        self.guards.append((g, j))
        return g

    def successor(self, i):
        r = self.rng.random()
        if r < 0.1:
            return self.n + self.rng.randrange(self.nexits)
        if r < 0.35 or i + 1 >= self.n:
            return self.rng.randrange(0, self.n)  # may be a back edge
        return self.rng.randrange(i + 1, self.n)

    def block(self, i):
        self.lines.append(f"b{i}:")
        x = self.update_x()
        self.bump("h", 31, i)
        self.bump("c", 1, 1)
        self.count_visit(i)
        if self.rng.random() < 0.4:
            t, f = self.fresh(), self.fresh()
            self.emit(f"{t} = and i32 {x}, {1 << self.rng.randint(0, 6)}")
            self.emit(f"{f} = icmp ne i32 {t}, 0")
            self.emit(f"store i1 {f}, ptr addrspace(5) %f")
        if self.rng.random() < 0.2:
            self.emit(f"br label %{self.target(i, self.successor(i))}")
            return
        c = self.condition(x, i)
        a, b = self.successor(i), self.successor(i)
        self.emit(f"br i1 {c}, label %{self.target(i, a)}, label %{self.target(i, b)}")

    def guard(self, name, j):
        self.lines.append(f"{name}:")
        c, stop = self.load("c"), self.fresh()
        self.emit(f"{stop} = icmp ugt i32 {c}, {LOOP_BOUND}")
        exit_label = f"exit{self.rng.randrange(self.nexits)}"
        self.emit(f"br i1 {stop}, label %{exit_label}, label %b{j}")

    def exit(self, e):
        self.lines.append(f"exit{e}:")
        vals = [self.load("x"), self.load("h"), self.load("c"), str(e + 1)]
        for k, v in enumerate(vals):
            idx, p = self.fresh(), self.fresh()
            self.emit(f"{idx} = add i32 %obase, {k}")
            self.emit(f"{p} = getelementptr i32, ptr addrspace(1) %out, i32 {idx}")
            self.emit(f"store i32 {v}, ptr addrspace(1) {p}")
        self.emit("ret void")

    def kernel(self):
        self.lines += [
            "define amdgpu_kernel void @k(ptr addrspace(1) %in, "
            "ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {",
            "entry:"]
        for var, ty in (("x", "i32"), ("h", "i32"), ("c", "i32"), ("f", "i1")):
            self.emit(f"%{var} = alloca {ty}, addrspace(5)")
        self.emit("%wg = call i32 @llvm.amdgcn.workgroup.id.x()")
        self.emit("%tid = call i32 @llvm.amdgcn.workitem.id.x()")
        self.emit(f"%wgbase = mul i32 %wg, {WORKGROUP}")
        self.emit("%lane = add i32 %wgbase, %tid")
        self.emit(f"%vbase = mul i32 %lane, {self.n}")
        self.emit("%obase = mul i32 %lane, 4")
        self.emit("%inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane")
        self.emit("%x0 = load i32, ptr addrspace(1) %inp")
        self.emit("store i32 %x0, ptr addrspace(5) %x")
        self.emit("store i32 0, ptr addrspace(5) %h")
        self.emit("store i32 0, ptr addrspace(5) %c")
        self.emit("store i1 false, ptr addrspace(5) %f")
        self.emit("br label %b0")
        for i in range(self.n):
            self.block(i)
        for g, j in self.guards:
            self.guard(g, j)
        for e in range(self.nexits):
            self.exit(e)
        self.lines += ["}", "",
                       "declare i32 @llvm.amdgcn.workgroup.id.x()",
                       "declare i32 @llvm.amdgcn.workitem.id.x()", ""]
        return "\n".join(self.lines)


def generate(seed):
    """Returns the kernel of seed, its number of blocks B_i, and the generator."""
    rng = random.Random(seed)
    nblocks = rng.randint(3, 10)
    return Gen(rng, nblocks, rng.randint(1, 2)).kernel(), nblocks, rng


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode:
        raise RuntimeError(" ".join(cmd) + "\n" + p.stderr[-2000:])
    return p.stdout


def execute(args, ir, cpu, opt, flags, name, nblocks, inputs, work):
    """Compiles ir with flags and returns the dumped buffers of one run."""
    obj, co = os.path.join(work, name + ".o"), os.path.join(work, name + ".co")
    run([args.llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, opt,
         "-verify-machineinstrs", "-filetype=obj", ir, "-o", obj] + flags)
    run([args.lld, "-shared", obj, "-o", co])
    in_seed, s = inputs
    return run([args.emu, "--kernel=k", f"--grid={LANES}", f"--block={WORKGROUP}",
                f"--arg=buf:i32:{LANES}:rand:{in_seed}:-100000:100000",
                f"--arg=buf:i32:{LANES * 4}:zero",
                f"--arg=buf:i32:{LANES * nblocks}:zero", f"--arg=i32:{s}",
                "--run", "--dump=1", "--dump=2", co], timeout=args.timeout)


def check_seed(args, seed):
    """Returns the problem lines of one seed (empty: all agree) and how many
    of its comparisons were skipped because the reference build failed."""
    text, nblocks, rng = generate(seed)
    inputs = (rng.randrange(1 << 30), rng.randrange(256))
    problems = []
    skipped = 0
    with tempfile.TemporaryDirectory() as work:
        raw = os.path.join(work, "raw.ll")
        ir = os.path.join(work, "k.ll")
        with open(raw, "w") as f:
            f.write(text)
        try:
            run([args.opt, "-passes=mem2reg", "-S", raw, "-o", ir])
        except RuntimeError as e:
            return [f"seed {seed}: generator produced invalid IR: {e}"], 0
        for cpu in args.cpu:
            for opt in args.O:
                where = f"seed {seed} {cpu} {opt}"
                try:
                    ref = execute(args, ir, cpu, opt, args.a.split(), "a",
                                  nblocks, inputs, work)
                except (RuntimeError, subprocess.TimeoutExpired):
                    # Upstream's lowering has bugs of its own (StructurizeCFG
                    # on duplicate edges at -O0): nothing to compare against.
                    skipped += 1
                    continue
                try:
                    out = execute(args, ir, cpu, opt, args.b.split(), "b",
                                  nblocks, inputs, work)
                except (RuntimeError, subprocess.TimeoutExpired) as e:
                    problems.append(f"{where}: failed where the reference "
                                    f"did not: {str(e).splitlines()[0]}")
                    continue
                if out != ref:
                    problems.append(f"{where}: results differ")
        if problems and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            with open(os.path.join(args.keep, f"seed{seed}.ll"), "w") as f:
                f.write(open(ir).read())
    return problems, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llc", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--emu", required=True)
    ap.add_argument("--lld", default="ld.lld")
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--cpu", action="append", help="default gfx90a and gfx1030")
    ap.add_argument("-O", action="append", help="default -O0 and -O2")
    ap.add_argument("--a", default="-amdgpu-cf-lowering=structurize",
                    help="llc flags of the reference build")
    ap.add_argument("--b", default="-amdgpu-cf-lowering=reconverge",
                    help="llc flags of the build under test")
    ap.add_argument("--keep", help="write the IR of failing seeds here")
    ap.add_argument("--print", type=int, metavar="SEED",
                    help="print the generated kernel of SEED and exit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args()
    if args.print is not None:
        print(generate(args.print)[0])
        return 0
    args.cpu = args.cpu or ["gfx90a", "gfx1030"]
    args.O = args.O or ["-O0", "-O2"]
    seeds = range(args.first, args.first + args.seeds)
    bad = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for problems, skips in pool.map(lambda s: check_seed(args, s), seeds):
            for p in problems:
                print(p)
            bad += bool(problems)
            skipped += skips
    runs = len(seeds) * len(args.cpu) * len(args.O)
    print(f"cf_fuzz: {len(seeds)} seeds x {len(args.cpu)} cpus x "
          f"{len(args.O)} opt levels = {runs} comparisons, {skipped} skipped "
          f"(the reference failed); {bad} seeds with problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
