#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Random CFGs: generate_model (random edges between blocks) and
generate_structured (units of blocks and fans, for --switches / --twins)."""

from .model import Block, EXTRA_OPS, OPS, TWIN_OPS


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
