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
reference build of the same kernel did not fail the same way. Where the
reference fails the same way (both do not compile, or both give wrong
results), the line says so and the summary counts it as shared: upstream's
lowering has bugs of its own on such CFGs, and a function the reconverging
lowering gives up on falls back to it. A wrong result where the reference
does not compile is a problem: the model says what is right.
--show-reference-failures also prints a line for each reference build that
fails.

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

This script is the command line; the generator, the model, the IR emitter
and the checks are kernelsuite/fuzz/.
"""

import argparse
import concurrent.futures
import os
import sys

from kernelsuite.fuzz.check import Case, Stats, check_seed


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
