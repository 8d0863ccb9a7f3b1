#!/usr/bin/env python3
"""Cross-check llvm-amdgpu-emu's instruction semantics against gem5's Vega ISA.

An independent second opinion on what single instructions compute: for each
entry of the table (kernelsuite/isa/table.py: the core instructions, then
the families of table_scalar, table_f64, table_h16, table_misc, table_mem
and table_rest), random operand sets (with edge values mixed in, and fixed
ones first where an entry lists them) are written to a buffer, a
hand-written kernel per entry loads one operand set per lane with
global_load_dword, executes the instruction once and stores every
destination -- VGPR results, the lane mask of a compare or carry-out
(through v_cndmask_b32), SCC of a scalar instruction (through
s_cselect_b32), the EXEC bit a v_cmpx leaves -- to an output buffer. Kernels
are for gfx90a, except v_fmaak/fmamk_f32 and flat_atomic_add_f32 (gfx940)
and the gfx10 names and s_*_saveexec_b32 (gfx1030 in wave32); the memory
family writes its kernels whole (LDS, global, flat and scalar memory,
branches: kernelsuite/isa/harness_mem.py),
and so do the private (scratch) MUBUF accesses of table_rest, whose kernels
have a private segment. The kernels of each processor are assembled with
llvm-mc into one code object, linked with ld.lld and run on llvm-amdgpu-emu
with a launch file whose output buffer is written to a file; each result is
then compared bit for bit with a reference model in Python.

The reference models (kernelsuite/isa/gem5.py and gem5_scalar, gem5_f64,
gem5_h16, gem5_misc, gem5_mem, gem5_rest) are this tool's own, written
after reading the execute() methods of gem5's Vega (GCN5/gfx9) instruction
implementations and the instruction descriptions gem5 quotes from AMD's
Vega ISA ".arch" file ("--- description from .arch file ---" comments):

    gem5 commit b1a44b89c7bae73fae2dc547bc1f871452075b85 (github:gem5/gem5)
    src/arch/amdgpu/vega/insts/vop1.cc, vop2.cc, vop3.cc, vop3p.cc,
    vopc.cc, sop1.cc, sop2.cc, sopc.cc, sopk.cc, sopp.cc, smem.cc, ds.cc,
    flat.cc, mubuf.cc, op_encodings.hh, instructions.hh (permute),
    inst_util.hh (median, findFirstOne, findFirstZero, findFirstOneMsb,
    countZeroBitsMsb, firstOppositeSignBit, muladd, roundNearestEven);
    src/arch/amdgpu/common/dtype/mxfp.hh and mxfp_convert.hh (f16
    conversions), src/arch/arm/insts/fplib.cc (packed f16 arithmetic),
    src/base/amo.hh (atomics)

No gem5 code is copied. Each model follows gem5's arithmetic, including
where gem5 departs from the ISA manual; those departures are listed in
kernelsuite/isa/known.py (and each family's KNOWN), each with a model of
what the manual says (kernelsuite/isa/manual.py and the families'
manual_* models). Where gem5's C++ has undefined behaviour (a shift by 32
or more, a float-to-unsigned conversion of a negative value, signed
overflow), the model takes the manual's meaning, since gem5 itself has no
defined answer there; where gem5 does not implement an instruction, the
model follows the ".arch" description it quotes or the manual's
pseudo-code, as the model's docstring says.

A disagreement between the emulator and the gem5 model is *known* when a
known-difference entry covers the instruction and the emulator's result
equals the entry's manual model on those operands (bit for bit), and
*unexpected* otherwise. Two NaN results with different payloads (of an
f16, f32 or f64 value, each half or word of a packed result on its own)
are the known difference 'nan-payload'. Float results are compared bit
for bit except where the manual states an accuracy: v_rcp_f32, v_rsq_f32,
v_sqrt_f32, v_rcp_iflag_f32, v_exp_f32, v_log_f32, v_sin_f32 and
v_cos_f32 within TRANSCENDENTAL_ULPS units in the last place (1 ulp),
v_rcp_f64, v_rsq_f64 and v_sqrt_f64 within 2^29 ulps ('(2**29)ULP
accuracy'). Atomics of several lanes on one address may apply in any
order: their models accept an order the emulator's results show, else
lane order.

Usage:
    isa_crosscheck.py --emu llvm-amdgpu-emu --llvm-mc llvm-mc --ld-lld ld.lld \\
        [--cases 1000] [--seed 1] [--only v_add_f32 ...] [--out DIR]

Exit status 0 when every disagreement is known, 1 otherwise, or when a
kernel does not assemble or a tool fails. An instruction the emulator
refuses ('instruction not implemented') is reported as 'refused' and is not
a failure."""

import argparse
import os
import random
import shutil
import sys
import tempfile
from typing import Dict, List

from kernelsuite import proc
from kernelsuite.isa.coverage import coverage
from kernelsuite.isa.harness import (Outcome, assemble, check, emulate,
                                     gen_cases, in_kinds)
from kernelsuite.isa.known import KNOWN_DIFFERENCES
from kernelsuite.isa.table import build_table


def report(outcomes: List[Outcome]) -> int:
    """Print the table and the summary; returns the number of unexpected
    disagreements and kernels that did not assemble."""
    w = max(len(o.name) for o in outcomes)
    print('%-*s %6s %6s %6s %6s  %s' % (w, 'instruction', 'cases', 'agree',
                                        'known', 'unexp', 'first unexpected / known keys'))
    for o in outcomes:
        if o.refused or o.error:
            what = 'refused: ' + o.refused if o.refused else 'ERROR: ' + o.error
            print('%-*s %6s %6s %6s %6s  %s' % (w, o.name, '-', '-', '-', '-', what))
            continue
        known = sum(o.known.values())
        note = o.first or ' '.join('%s=%d' % kv for kv in sorted(o.known.items()))
        print('%-*s %6d %6d %6d %6d  %s' % (w, o.name, o.cases, o.agree, known,
                                           o.unexpected, note))
    ran = [o for o in outcomes if not (o.refused or o.error)]
    errors = [o for o in outcomes if o.error]
    totals: Dict[str, int] = {}
    for o in ran:
        for k, v in o.known.items():
            totals[k] = totals.get(k, 0) + v
    unexpected = sum(o.unexpected for o in ran)
    print('\nknown differences: ' + (', '.join('%s %d' % kv for kv in sorted(totals.items()))
                                     or 'none'))
    print('isa crosscheck: %d instructions, %d cases, %d refused, %d errors, '
          '%d known differences, %d unexpected disagreements'
          % (len(ran), sum(o.cases for o in ran), sum(1 for o in outcomes if o.refused),
             len(errors), sum(totals.values()), unexpected))
    return unexpected + len(errors)


def list_known() -> None:
    """Print the known-differences table."""
    for kd in KNOWN_DIFFERENCES:
        print('%s (%s) -- right: %s\n  %s\n' % (kd.key, ', '.join(kd.insts), kd.right, kd.why))
    print('nan-payload (every float result) -- right: either\n'
          '  Both results are NaN with different bits. gem5 returns the host\'s '
          'default NaN or C\'s propagation; the manual only says NaN inputs are '
          'quieted and propagated (IEEE 754-2008 leaves the payload open).')


def report_coverage(emu: str) -> int:
    """Print which of the emulator's instructions the table checks; 0, or 1
    if the emulator cannot list them."""
    r = proc.run([emu, '--list-instructions'])
    if r.returncode:
        print('llvm-amdgpu-emu --list-instructions failed:\n' + r.stderr)
        return 1
    covered, skipped, missing = coverage(r.stdout.split(), build_table())
    for reason, insts in skipped.items():
        print('not checked (%s): %s' % (reason, ' '.join(insts)))
    print('missing from the table: ' + (' '.join(missing) or 'none'))
    print('isa crosscheck coverage: %d instructions checked, %d not checked '
          'by design, %d missing' % (len(covered),
                                     sum(len(v) for v in skipped.values()),
                                     len(missing)))
    return 0


def main(argv=None) -> int:
    """Parse arguments, run every selected instruction, report."""
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--emu', default='llvm-amdgpu-emu')
    p.add_argument('--llvm-mc', dest='llvm_mc', default='llvm-mc')
    p.add_argument('--ld-lld', dest='ld_lld', default='ld.lld')
    p.add_argument('--cases', type=int, default=1000, help='operand sets per instruction')
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--only', nargs='*', help='check only these instructions')
    p.add_argument('--out', help='keep the kernels and buffers in this directory')
    p.add_argument('--list-known', action='store_true', help='print the known differences')
    p.add_argument('--coverage', action='store_true',
                   help="list the emulator's instructions the table does not check")
    args = p.parse_args(argv)
    if args.list_known:
        list_known()
        return 0
    if args.coverage:
        return report_coverage(args.emu)
    specs = build_table()
    if args.only:
        unknown = set(args.only) - {s.name for s in specs}
        if unknown:
            p.error('not in the table: ' + ', '.join(sorted(unknown)))
        specs = [s for s in specs if s.name in args.only]
    rng = random.Random(args.seed)
    cases = {s.name: gen_cases(s, args.cases, rng) for s in specs}
    kinds = {s.name: in_kinds(s) for s in specs}
    work = args.out or tempfile.mkdtemp(prefix='isa-xcheck-')
    os.makedirs(work, exist_ok=True)
    try:
        co, refused = assemble(specs, kinds, args, work)
        outcomes = []
        for s in specs:
            if s.name in refused:
                outcomes.append(Outcome(s.name, error=refused[s.name]))
                continue
            results, err = emulate(s, kinds[s.name], cases[s.name], co, args, work)
            if err:
                outcomes.append(Outcome(s.name, refused=err))
                continue
            outcomes.append(check(s, kinds[s.name], cases[s.name], results,
                                  KNOWN_DIFFERENCES))
        return 1 if report(outcomes) else 0
    finally:
        if not args.out:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
