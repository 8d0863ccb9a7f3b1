#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The kernel model: ops with their IR templates and Python meanings, the
blocks of a random CFG, and simulate(), what one lane of the kernel writes."""

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
