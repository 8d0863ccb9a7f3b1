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
gives up on falls back to it. --show-reference-failures also prints a line
for each reference build that fails.

Testing middle-end passes (control-flow melding, cf-meld):

  cf_fuzz.py ... --switches --twins --a= --b= \
      --a-passes mem2reg --b-passes mem2reg,cf-meld \
      --opt-flags "-cf-meld-run-overhead=0 -cf-meld-threshold=0.05" \
      [--b-opt-flags=-cf-meld-mode=diamond] [--min-melded N]

  --passes P        opt -passes of both builds (default mem2reg);
  --a-passes P, --b-passes P   of the reference / the build under test only.
  --opt-flags F     extra opt flags of both builds; --a-opt-flags F and
                    --b-opt-flags F add flags to one (a single flag that
                    starts with '-' needs the --x=F form).
  --switches        some blocks end in a switch on (X >> k) & 3 or & 7
                    (sometimes on bits of S, uniform) with 3-4 distinct
                    targets: sometimes with a default block that only holds
                    `unreachable` (the cases cover every value), two case
                    values to one target, or a case straight to the join.
  --twins           the successors of a branch or switch have the same op
                    sequences with other constants, so cf-meld finds pairs.
  --short-circuits  with --twins, some two-way fans test a second condition
                    in a block of their own that also branches to both arms
                    (`if (a && b)`), so the arms have several predecessors
                    and cf-meld builds funnels.
  --min-melded N    exit status 1 unless cf-meld melds at least N kernels
                    of --b (a fuzzer that never melds proves nothing).

With --switches or --twins the CFG is a sequence of units: plain blocks with
random edges as above (forward, back through guards, exits) and fans, a head
whose branch or switch leads to arms that all end at the fan's join (the
next unit); an arm is one block, an if-then, an if-else or a loop (a back
edge through a guard that leaves for the join), entered only from its head.
Twin arms have the same shape (region-region melds), or one is an if-then
and the other one block with the ops of its first and last block, each
followed by a visit count (chain splitting, DARM's SB3), or one block like
a block of a region (basic-block/region melds); a twin sometimes has an op
more or less (an unaligned run). Blocks have 1-3 ops, which can also be
X = X / (S | k) (a division cf-meld must not speculate) and X = X +
in[X & 127] (a load). Without these options the generator and every kernel
are exactly as before (a seed gives the same kernel).

Unless both pipelines are plain mem2reg without flags, opt runs per -mcpu
with -mtriple=amdgcn-amd-amdhsa (cf-meld needs the target's divergence
information), and its cf-meld remarks are counted (also where cf-meld
runs as part of another pipeline, such as default<O3> for amdgcn). A second
summary line says for how many kernels (seed x cpu) --b's IR differs from
--a's, in how many cf-meld melded, how many melds of each kind there were
("of split blocks": melds whose candidates include a block that chain
splitting made; "of subgraphs with loops": region-region melds of loops)
and how many switch expansions. A kernel that
cf-meld does not meld must come out of opt exactly as from --b's pipeline
without cf-meld (its switch expansion and block splitting undo themselves);
if not, that is a problem too, except that a difference only in the order
of a block's predecessors (the '; preds' comments, the block's use list) is
printed as a note. --keep then writes seedN.ll (the generated kernel, before
opt), seedN.json, and seedN.CPU.a.ll / seedN.CPU.b.ll (what llc compiled).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile

LANES = 128  # two wave64 waves or four wave32 waves
WORKGROUP = 64
LOOP_BOUND = 12
MASK = 0xFFFFFFFF
# A program whose loops all stop after LOOP_BOUND iterations runs far fewer
# wave-instructions; one that never ends stops here, in a few seconds.
MAX_STEPS = 50_000_000

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


# Ops that only the --switches/--twins generator uses (adding them to OPS
# would change the default kernels): a division by a value that LLVM does
# not know is not zero (S | k, k odd), so cf-meld never speculates it, a
# load, and a signed minimum written with either compare (X < k, k > X),
# which twins swap (TWIN_OPS) so that cf-meld melds swapped compares. (IR, each line defining {a}, {b}, ... and the result {r}; the
# model.) The divisor is not X | 1: where X is known to be small, the
# division's expansion uses v_cvt_f32_ubyte0, which the emulator does not
# implement.
EXTRA_OPS = {
    "udivby": (["{a} = or i32 %s, {k}", "{r} = udiv i32 {x}, {a}"],
               lambda x, k, lane, inp, s: x // (s | k)),
    "addin": (["{a} = and i32 {x}, 127",
               "{b} = getelementptr i32, ptr addrspace(1) %in, i32 {a}",
               "{c} = load i32, ptr addrspace(1) {b}",
               "{r} = add i32 {x}, {c}"],
              lambda x, k, lane, inp, s: x + inp[x & 127]),
    "smin": (["{a} = icmp slt i32 {x}, {k}",
              "{r} = select i1 {a}, i32 {x}, i32 {k}"],
             lambda x, k, lane, inp, s: x if signed(x) < k else k),
    "smin.swapped": (["{a} = icmp sgt i32 {k}, {x}",
                      "{r} = select i1 {a}, i32 {x}, i32 {k}"],
                     lambda x, k, lane, inp, s: x if signed(x) < k else k),
}

# Commutative ops of OPS with their operands exchanged, which only twins use
# (TWIN_OPS), so that cf-meld pairs commuted operands.
COMMUTED_OPS = {
    name + ".commuted": (OPS[name][0].replace("{x}, {k}", "{k}, {x}"),
                         OPS[name][1])
    for name in ("mul", "add", "xor")
}

# The op a twin uses in place of an op: the same function, written with the
# swapped compare or the commuted operands.
TWIN_OPS = {"smin": "smin.swapped", "smin.swapped": "smin",
            **{c.split(".")[0]: c for c in COMMUTED_OPS}}


def apply_op(name, x, k, lane, inputs, s):
    if name in OPS:
        return OPS[name][1](x, k, lane) & MASK
    if name in COMMUTED_OPS:
        return COMMUTED_OPS[name][1](x, k, lane) & MASK
    return EXTRA_OPS[name][1](x, k, lane, inputs, s) & MASK


def signed(v):
    v &= MASK
    return v - (1 << 32) if v >> 31 else v


class Block:
    """B_i of the model: its ops, its flag bit, and its terminator.

    term is ("br", T) or ("cbr", cond, T, T), cond one of ("div", bit),
    ("uni", bit), ("flag",); a target T is ("block", j), ("exit", e), or
    ("guard", j, e) for an edge to B_j through a guard that exits to exit_e.
    With --switches, term can also be ("switch", sel, cases, default): sel
    is ("div", shift, mask) for (X >> shift) & mask or ("uni", shift, mask)
    for (S >> shift) & mask, cases a list of (value, T), default a target T
    or None for a default block that only holds `unreachable` (the cases
    then cover every value of sel). They also use ("loop", j, T) for an edge
    back to B_j through a guard that goes to T once C exceeds the bound.
    """

    def __init__(self, ops, flag, term):
        self.ops, self.flag, self.term = ops, flag, term
        # --twins: ops applied after the block's visit count, followed by a
        # second one (the block counts two visits each time).
        self.ops2 = None


def random_operand(rng, name):
    if name == "mul":
        return rng.randrange(3, 99, 2)
    if name in ("lshr", "shl"):
        return rng.randint(1, 5)
    if name == "udivby":
        return rng.randrange(1, 999, 2)
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


def random_op(rng):
    if rng.random() < 0.12:
        name = rng.choice(sorted(EXTRA_OPS))
    else:
        name = rng.choice(sorted(OPS))
    return (name, random_operand(rng, name))


def random_ops(rng, lo, hi):
    return [random_op(rng) for _ in range(rng.randint(lo, hi))]


def twin_ops(rng, ops):
    """The op sequence of ops with other constants (sometimes the same;
    sometimes with one op more or less, which cf-meld leaves unaligned)."""
    r = rng.random()
    if r < 0.15:
        return list(ops)
    twin = [(TWIN_OPS.get(name, name), random_operand(rng, name))
            for name, _ in ops]
    if r > 0.8:
        if len(twin) > 1 and rng.random() < 0.5:
            del twin[rng.randrange(len(twin))]
        else:
            twin.insert(rng.randint(0, len(twin)), random_op(rng))
    return twin


def random_flag(rng):
    return rng.randint(0, 6) if rng.random() < 0.4 else None


def switch_cases(rng, targets, mask):
    """Case values for a switch on a value of mask + 1 values (0..mask) to
    the distinct targets: (cases, default), default None if every value
    has a case and the default block is unreachable. Every target gets at
    least one value; a target may get two (the default target too)."""
    values = list(range(mask + 1))
    rng.shuffle(values)
    n = len(targets)
    if rng.random() < 0.3:
        cases = list(zip(values, targets))
        cases += [(v, rng.choice(targets)) for v in values[n:]]
        default = None
    else:
        d = rng.randrange(n)
        others = targets[:d] + targets[d + 1:]
        cases = list(zip(values, others))
        rest = values[len(others):]
        extra = rng.randint(0, min(2, len(rest) - 1))
        cases += [(v, rng.choice(targets)) for v in rest[:extra]]
        default = targets[d]
    rng.shuffle(cases)
    return cases, default


def random_sel(rng, uniform_p):
    kind = "uni" if rng.random() < uniform_p else "div"
    return (kind, rng.randint(0, 4), rng.choice([3, 3, 7]))


def random_cond(rng, weights):
    kind = rng.choices(["div", "uni", "flag"], weights)[0]
    return {"div": lambda: ("div", rng.randint(0, 6)),
            "uni": lambda: ("uni", rng.randint(0, 7)),
            "flag": lambda: ("flag",)}[kind]()


def generate_structured(rng, switches, twins, short_circuits=False):
    """A random program with --switches and/or --twins.

    A sequence of units, each a plain block (a random terminator as in
    generate_model: forward edges, back edges through guards, exits) or a
    fan: a head that branches (a divergent branch; with --switches often a
    switch with 3-4 distinct targets) to arms that all end at the fan's
    join, the first block of the next unit (or an exit). An arm is one
    block, an if-then (3 blocks), an if-else (4 blocks) or a loop (2
    blocks, back through a guard that leaves for the join once C exceeds
    the bound); only its own fan branches into it. A switch can also send
    a case straight to the join.
    With --twins the arms of a fan have the same op sequences (different
    constants): the same shapes (region-region melds), a one-block arm
    whose ops are those of the first and last block of an if-then arm
    (chain splitting, DARM's SB3), or a one-block arm like one block of a
    region arm (basic-block/region melds). Blocks are numbered in layout
    order, so every edge not through a guard goes forward."""
    nexits = rng.randint(1, 2)
    blocks, unit_first, public, pending = [], [], [], []
    nops = (1, 3)

    def new_block(ops=None, flag=None):
        blocks.append(Block(ops if ops is not None else random_ops(rng, *nops),
                            flag, None))
        return len(blocks) - 1

    def new_arm(shape, ops_like=None, join=None):
        """An arm of the given shape; ops_like: the op lists of another arm
        of the same shape, for twins. Returns its blocks."""
        size = {"single": 1, "loop": 2, "ifthen": 3, "ifelse": 4}[shape]
        idx = []
        for k in range(size):
            if ops_like is not None:
                ops = twin_ops(rng, ops_like[k][0])
                flag = None if ops_like[k][1] is None else rng.randint(0, 6)
            else:
                ops, flag = random_ops(rng, *nops), random_flag(rng)
            idx.append(new_block(ops, flag))
        b = [("block", j) for j in idx]
        if shape == "single":
            blocks[idx[0]].term = ("br", join)
        elif shape == "loop":
            blocks[idx[0]].term = ("br", b[1])
            edges = [("loop", idx[0], join), join]
            rng.shuffle(edges)
            blocks[idx[1]].term = ("cbr", random_cond(rng, [7, 2, 1])) + \
                tuple(edges)
        else:
            cond = random_cond(rng, [7, 2, 1])
            inner = b[1:3] if rng.random() < 0.5 else [b[2], b[1]]
            blocks[idx[0]].term = ("cbr", cond) + tuple(inner)
            blocks[idx[1]].term = ("br", b[2] if shape == "ifthen" else b[3])
            blocks[idx[2]].term = ("br", join if shape == "ifthen" else b[3])
            if shape == "ifelse":
                blocks[idx[3]].term = ("br", join)
        return idx

    def ops_of(arm):
        return [(blocks[j].ops, blocks[j].flag) for j in arm]

    units = rng.randint(2, 5)
    for u in range(units):
        join = ("join", u)
        first = len(blocks)
        unit_first.append(first)
        public.append(first)
        if rng.random() < 0.3:
            new_block(flag=random_flag(rng))
            pending.append(first)
            continue
        head = new_block(flag=random_flag(rng))
        use_switch = switches and rng.random() < 0.6
        if use_switch:
            ntargets = rng.choice([3, 4])
            to_join = rng.random() < 0.25
        else:
            ntargets, to_join = 2, rng.random() < 0.15
        narms = ntargets - to_join
        region_p = 0.15 if use_switch else 0.35
        arms = []
        mid = None
        if twins and narms >= 2:
            template = rng.choice(["same", "same", "same", "sb3", "block-region"])
            if template == "same":
                shape = "single" if rng.random() >= region_p else \
                    rng.choice(["ifthen", "ifelse", "loop"])
                if (short_circuits and shape == "single" and narms == 2 and
                        not use_switch and not to_join and rng.random() < 0.5):
                    # The block of the second condition, before the arms.
                    mid = new_block(flag=random_flag(rng))
                arms.append(new_arm(shape, join=join))
                while len(arms) < narms:
                    arms.append(new_arm(shape, ops_of(arms[0]), join))
            else:
                shape = "ifthen" if template == "sb3" else \
                    rng.choice(["ifthen", "ifelse"])
                region = new_arm(shape, join=join)
                like = ops_of(region)
                ops = like[0][0] if template == "sb3" else rng.choice(like)[0]
                single = new_arm("single", [(ops, like[0][1])], join)
                if template == "sb3":
                    # Like the first block of the if-then, then its last
                    # one, each with a visit count.
                    blocks[single[0]].ops2 = twin_ops(rng, like[2][0])
                arms += [region, single]
                while len(arms) < narms:
                    arms.append(new_arm("single", ops_of(single), join))
            rng.shuffle(arms)
        else:
            for _ in range(narms):
                shape = "single" if rng.random() >= region_p else \
                    rng.choice(["ifthen", "ifelse", "loop"])
                arms.append(new_arm(shape, join=join))
        targets = [("block", arm[0]) for arm in arms]
        if to_join:
            targets.insert(rng.randrange(len(targets) + 1), join)
        if use_switch:
            sel = random_sel(rng, 0.1)
            cases, default = switch_cases(rng, targets, sel[2])
            blocks[head].term = ("switch", sel, cases, default)
        elif mid is not None:
            # if (c1 && c2) A else B, or if (c1 || c2) A else B.
            cond = random_cond(rng, [8, 1, 1]) if head else \
                random_cond(rng, [9, 1, 0])
            blocks[mid].term = ("cbr", random_cond(rng, [8, 1, 1])) + \
                tuple(targets)
            if rng.random() < 0.5:
                blocks[head].term = ("cbr", cond, ("block", mid), targets[1])
            else:
                blocks[head].term = ("cbr", cond, targets[0], ("block", mid))
        else:
            cond = random_cond(rng, [8, 1, 1]) if head else \
                random_cond(rng, [9, 1, 0])
            blocks[head].term = ("cbr", cond) + tuple(targets)

    def resolve(t):
        if t[0] == "loop":
            return ("loop", t[1], resolve(t[2]))
        if t[0] != "join":
            return t
        u = t[1]
        if u + 1 < units:
            return ("block", unit_first[u + 1])
        return ("exit", exits[u])

    def target(i):
        r = rng.random()
        if r < 0.1:
            return ("exit", rng.randrange(nexits))
        later = [j for j in public if j > i]
        if later and r < 0.45:
            j = later[0]  # the next unit, so that few fans are unreachable
        elif r < 0.6 or not later:
            j = rng.choice(public)
        else:
            j = rng.choice(later)
        return ("block", j) if j > i else ("guard", j, rng.randrange(nexits))

    exits = [rng.randrange(nexits) for _ in range(units)]
    for i in pending:
        r = rng.random()
        if r < 0.2:
            blocks[i].term = ("br", target(i))
        elif switches and r < 0.4:
            ts = []
            for _ in range(rng.choice([3, 4])):
                t = target(i)
                if t not in ts:
                    ts.append(t)
            sel = random_sel(rng, 0.15)
            if len(ts) < 2:
                ts.append(("exit", rng.randrange(nexits)) if ts[0][0] != "exit"
                          else ("block", public[-1]) if public[-1] > i
                          else ("guard", public[0], 0))
            cases, default = switch_cases(rng, ts, sel[2])
            blocks[i].term = ("switch", sel, cases, default)
        else:
            cond = random_cond(rng, [2, 1, 1] if i else [1, 1, 0])
            a = target(i)
            b = a if rng.random() < 0.05 else target(i)
            blocks[i].term = ("cbr", cond, a, b)

    for blk in blocks:
        t = blk.term
        if t[0] == "br":
            blk.term = ("br", resolve(t[1]))
        elif t[0] == "cbr":
            blk.term = ("cbr", t[1], resolve(t[2]), resolve(t[3]))
        else:
            blk.term = ("switch", t[1], [(v, resolve(x)) for v, x in t[2]],
                        None if t[3] is None else resolve(t[3]))

    if twins:
        # Sibling blocks of the plain blocks' branches: the same ops.
        done = set()
        for i in pending:
            t = blocks[i].term
            succ = [t[1]] if t[0] == "br" else list(t[2:]) if t[0] == "cbr" \
                else [x for _, x in t[2]] + ([t[3]] if t[3] else [])
            succ = sorted({x[1] for x in succ if x[0] == "block"})
            for j in succ[1:]:
                if j not in done and succ[0] not in done:
                    blocks[j].ops = twin_ops(rng, blocks[succ[0]].ops)
                    done.add(j)
    return blocks, nexits


def simulate(blocks, lane, x, s, inputs=None):
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
        if t[0] == "loop":
            t = t[2] if c > LOOP_BOUND else ("block", t[1])
            continue
        i = t[1]
        blk = blocks[i]
        for name, k in blk.ops:
            x = apply_op(name, x & MASK, k, lane, inputs, s)
        h = (h * 31 + i) & MASK
        c += 1
        visits[i] += 1
        if blk.ops2 is not None:
            for name, k in blk.ops2:
                x = apply_op(name, x, k, lane, inputs, s)
            visits[i] += 1
        if blk.flag is not None:
            f = bool(x & (1 << blk.flag))
        if blk.term[0] == "br":
            t = blk.term[1]
            continue
        if blk.term[0] == "switch":
            kind, shift, mask = blk.term[1]
            v = ((x if kind == "div" else s) >> shift) & mask
            t = next((u for k, u in blk.term[2] if k == v), blk.term[3])
            if t is None:
                raise AssertionError(f"B{i} reaches its unreachable default")
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
        self.lines, self.tmp, self.guards, self.unreachable = [], 0, [], []

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

    def op(self, name, x, k):
        """Emits X = name(X, k); returns the new X."""
        if name in OPS or name in COMMUTED_OPS:
            t = self.fresh()
            template = (OPS.get(name) or COMMUTED_OPS[name])[0]
            self.emit(f"{t} = " + template.format(x=x, k=k))
            return t
        values = {"x": x, "k": k}
        for line in EXTRA_OPS[name][0]:
            values[line[1:line.index("}")]] = self.fresh()
            self.emit(line.format(**values))
        return values["r"]

    def block(self, i, blk):
        self.lines.append(f"b{i}:")
        x = self.load("x")
        for name, k in blk.ops:
            x = self.op(name, x, k)
        self.emit(f"store i32 {x}, ptr addrspace(5) %x")
        h, h31, h1 = self.load("h"), self.fresh(), self.fresh()
        self.emit(f"{h31} = mul i32 {h}, 31")
        self.emit(f"{h1} = add i32 {h31}, {i}")
        self.emit(f"store i32 {h1}, ptr addrspace(5) %h")
        c, c1 = self.load("c"), self.fresh()
        self.emit(f"{c1} = add i32 {c}, 1")
        self.emit(f"store i32 {c1}, ptr addrspace(5) %c")
        self.store_at("%vbase", i, None, "visits")
        if blk.ops2 is not None:
            x = self.load("x")
            for name, k in blk.ops2:
                x = self.op(name, x, k)
            self.emit(f"store i32 {x}, ptr addrspace(5) %x")
            self.store_at("%vbase", i, None, "visits")
        if blk.flag is not None:
            m, f = self.fresh(), self.fresh()
            self.emit(f"{m} = and i32 {x}, {1 << blk.flag}")
            self.emit(f"{f} = icmp ne i32 {m}, 0")
            self.emit(f"store i1 {f}, ptr addrspace(5) %f")
        if blk.term[0] == "br":
            self.emit(f"br label %{self.label(i, blk.term[1])}")
            return
        if blk.term[0] == "switch":
            self.switch(i, x, *blk.term[1:])
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

    def switch(self, i, x, sel, cases, default):
        kind, shift, mask = sel
        t = self.fresh()
        if kind == "uni":
            # S & (mask << shift), against values << shift: the uniform
            # (S >> shift) & mask would be an s_bfe_u32, which the emulator
            # does not implement.
            self.emit(f"{t} = and i32 %s, {mask << shift}")
        else:
            v = x
            if shift:
                v = self.fresh()
                self.emit(f"{v} = lshr i32 {x}, {shift}")
            self.emit(f"{t} = and i32 {v}, {mask}")
        scale = shift if kind == "uni" else 0
        labels = {}  # one guard block per distinct target

        def label(target):
            if target not in labels:
                labels[target] = self.label(i, target)
            return labels[target]

        if default is None:
            dflt = f"unreachable{i}"
            self.unreachable.append(dflt)
        else:
            dflt = label(default)
        self.emit(f"switch i32 {t}, label %{dflt} [")
        for value, target in cases:
            self.emit(f"  i32 {value << scale}, label %{label(target)}")
        self.emit("]")

    def guard(self, name, j, e):
        """A guard to B_j that goes to exit_e (or to the target e, for a
        ("loop", ...) edge) once C exceeds the bound."""
        self.lines.append(f"{name}:")
        c, stop = self.load("c"), self.fresh()
        self.emit(f"{stop} = icmp ugt i32 {c}, {LOOP_BOUND}")
        out = f"exit{e}" if isinstance(e, int) else self.label(None, e)
        self.emit(f"br i1 {stop}, label %{out}, label %b{j}")

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
        for name in self.unreachable:
            self.lines.append(f"{name}:")
            self.emit("unreachable")
        for e in range(self.nexits):
            self.exit(e)
        self.lines += ["}", "",
                       "declare i32 @llvm.amdgcn.workgroup.id.x()",
                       "declare i32 @llvm.amdgcn.workitem.id.x()", ""]
        return "\n".join(self.lines)


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
        run([args.emu, "--launch=" + launch, "--run", "--strict",
             f"--max-steps={MAX_STEPS}", co], timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "does not finish"
    except RuntimeError as e:
        return f"wrong results ({e})"
    return None


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
                    (shared if ref else problems).append(line)
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
    p = subprocess.run(full, capture_output=True, text=True)
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
                    (shared if ref else problems).append(line)
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
    ap.add_argument("--passes", default="mem2reg",
                    help="opt -passes of both builds (default mem2reg)")
    ap.add_argument("--a-passes", help="opt -passes of the reference build")
    ap.add_argument("--b-passes", help="opt -passes of the build under test")
    ap.add_argument("--opt-flags", default="", help="extra opt flags, both builds")
    ap.add_argument("--a-opt-flags", default="",
                    help="extra opt flags of the reference build")
    ap.add_argument("--b-opt-flags", default="",
                    help="extra opt flags of the build under test")
    ap.add_argument("--switches", action="store_true",
                    help="generate divergent switches (3-4 targets)")
    ap.add_argument("--twins", action="store_true",
                    help="give sibling successor blocks the same op sequences")
    ap.add_argument("--short-circuits", action="store_true",
                    help="with --twins: two-way fans whose second condition "
                    "also branches to both arms (funnels)")
    ap.add_argument("--show-reference-failures", action="store_true",
                    help="also print the reference builds that fail")
    ap.add_argument("--min-melded", type=int, default=0, metavar="N",
                    help="fail unless cf-meld melds at least N kernels of --b")
    ap.add_argument("--keep", help="write the IR and launch file of failing seeds here")
    ap.add_argument("--print", type=int, metavar="SEED",
                    help="print the generated kernel of SEED and exit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args()
    if args.print is not None:
        print(Case(args.print, args.switches, args.twins,
                   args.short_circuits).text)
        return 0
    args.cpu = args.cpu or ["gfx90a", "gfx1030"]
    args.O = ["-O" + level for level in args.level or ["0", "2"]]
    args.a_passes = args.a_passes or args.passes
    args.b_passes = args.b_passes or args.passes
    args.a_opt_flags = args.opt_flags.split() + args.a_opt_flags.split()
    args.b_opt_flags = args.opt_flags.split() + args.b_opt_flags.split()
    args.target_opt = (args.a_passes, args.b_passes) != ("mem2reg", "mem2reg") \
        or args.a_opt_flags or args.b_opt_flags
    seeds = range(args.first, args.first + args.seeds)
    bad = reference_failures = shared = 0
    stats = Stats()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for problems, ref, also, st in pool.map(lambda s: check_seed(args, s),
                                                seeds):
            for p in problems:
                print(p)
            for p in also:
                print(p, "(the reference fails too)")
            for p in st.reference_lines + st.notes:
                print(p)
            bad += bool(problems)
            reference_failures += ref
            shared += len(also)
            stats.add(st)
    builds = len(seeds) * len(args.cpu) * len(args.O)
    print(f"cf_fuzz: {len(seeds)} seeds x {len(args.cpu)} cpus x "
          f"{len(args.O)} opt levels = {builds} builds each; reference "
          f"failures {reference_failures}, {shared} of them shared; "
          f"{bad} seeds with problems")
    if args.target_opt:
        r = stats.remarks
        kinds = ", ".join(f"{k} {r[k]}" for k in (
            "basic-block-basic-block", "basic-block-region", "region-region"))
        print(f"cf_fuzz: opt --b changed {stats.changed} of {stats.kernels} "
              f"kernels (seed x cpu); cf-meld melded {stats.melded} of them, "
              f"in {stats.seeds_melded} of {len(seeds)} seeds: {r['Melded']} "
              f"melds ({kinds}; {r['split']} of split blocks, "
              f"{r['loops']} of subgraphs with loops; "
              f"{r['Funnelled']} funnels), "
              f"{r['SwitchExpanded']} switches expanded")
    if reference_failures == builds:
        print("cf_fuzz: error: no reference build ran; check --llc, --lld "
              "and --emu")
        return 1
    if stats.melded < args.min_melded:
        print(f"cf_fuzz: error: cf-meld melded {stats.melded} kernels, "
              f"fewer than --min-melded {args.min_melded}")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
