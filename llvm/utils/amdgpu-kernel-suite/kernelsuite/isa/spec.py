#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""What an instruction of the table is (Spec), the constructors the
tables use (vop for a vector instruction, sop for a scalar one), the
targets a kernel is assembled for (WAVE_SIZE), and what a known difference
is (KnownDifference, by_name; the entries are in known.py and the family
tables' KNOWN lists)."""

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple


# rcp, rsq and sqrt (f32), and exp, log, sin, cos and rcp_iflag are
# compared with this tolerance, in units in the last place (the Vega ISA
# manual gives these a 1 ulp accuracy).
TRANSCENDENTAL_ULPS = 1

# Operand kinds (all as raw bits): u32 any word, sh a shift amount, exp an
# ldexp exponent, exp64 an ldexp exponent of the f64 range, b1 a carry or
# SCC input (0/1), f32, f64, u64, cls a v_cmp_class mask, sbfe an s_bfe
# field word (offset[4:0], width[22:16]), b64 a 64-bit bit pattern (an
# SGPR pair; lane masks, bit scans), sbfe64 an s_bfe_*64 field word
# (offset[5:0], width[22:16] up to 127), k16 a word compared with a 16-bit
# immediate (values next to its sign- and zero-extension).
# Destination kinds: u32, f32, u64, f64 (a VGPR or SGPR, or a pair), mask
# (VCC of a lane, 0/1), scc. harness.py generates and loads each kind.
# Kinds of 16-bit and packed operands: u16 a word of two random 16-bit
# halves, f16 a word of two f16 values, f32x2 a VGPR pair of two f32
# values. As destinations, f16 is a word whose halves are compared as f16
# values and f32x2 a pair whose words are compared as f32 values (a NaN
# with another payload is the known difference 'nan-payload').
# Lane and EXEC kinds (vector instructions): source act, a lane-active bit
# (the instruction runs with EXEC = the launch EXEC and these bits); perm,
# a v_perm_b32 selector; rel, a v_movrel* VGPR offset (0-2); rel2, a
# v_movrelsd_2_b32 M0 word (offsets 0-2 at [9:0] and [25:16]). Destination
# exec, the lane's EXEC bit after the instruction (0/1); sgpr, a 32-bit
# SGPR result ({dN} is an SGPR, read after EXEC is restored).
# The memory family's kinds (LDS addresses, atomic data, byte offsets,
# branch conditions, permute addresses) are defined in harness_mem.py,
# which registers them in harness.OPERAND_KINDS and WIDE_KINDS.

# The targets a kernel is assembled for, and their wave sizes.
WAVE_SIZE = {'gfx90a': 64, 'gfx940': 64, 'gfx1030': 32}


@dataclass
class Spec:
    """One instruction to check: its name, unit ('v' vector, 's' scalar,
    'm' the memory family's, whose kernel is `kernel`), operand and
    destination kinds, the instruction text (operands as {s0}.., {d0}..;
    VCC and SCC implicit), its gem5 model, a ULP tolerance for float
    results, and the processor its kernel is assembled for (`target`, a
    key of WAVE_SIZE; one code object is built per processor). `ties`: the
    fraction of operand sets in which src1 is made src0, src0 - 1 or
    src0 + 1 (compares see equal operands that often). With `lanes` the
    model depends on the lane: it is called as model(lane, wave, *ops),
    lane the lane number in the wave and wave the operand sets of the
    wave's lanes."""
    name: str
    unit: str
    srcs: Tuple[str, ...]
    dsts: Tuple[str, ...]
    asm: str
    model: Callable[..., Tuple[int, ...]]
    ulps: int = 0
    writes_scc: bool = False
    ties: float = 0.0
    target: str = 'gfx90a'
    # Operand sets checked before the random ones (an edge case that
    # random operands are unlikely to meet).
    cases: Tuple[Tuple[int, ...], ...] = ()
    lanes: bool = False
    # Kernels of another shape (harness_mem.py): `kernel(spec, in_kinds)`
    # gives every instruction line of the kernel (the operand loads, the
    # instruction, the stores; s_endpgm is appended), `lds` the group
    # segment bytes it needs. A `wave` model is called once per wave with
    # the list of its lanes' operand sets and the emulator's results for
    # them (a model may accept any of several answers the ISA allows, such
    # as an order of atomics to one address) and returns the list of the
    # lanes' results.
    kernel: Optional[Callable[..., List[str]]] = None
    lds: int = 0
    wave: bool = False
    # Private segment bytes per lane: the kernel then has the
    # private-segment buffer descriptor in s[0:3], so the kernarg pointer
    # is s[4:5] and the workgroup id s6.
    private: int = 0


def mask_result(fn: Callable[..., bool]) -> Callable[..., Tuple[int]]:
    """A model returning a single lane-mask bit."""
    return lambda *ops: (int(bool(fn(*ops))),)


def vop(name, srcs, dsts, model, form=None, ulps=0, target='gfx90a',
        cases=()):
    """A vector instruction whose text is '<name> <dsts>, <srcs>' unless
    `form` gives it; 'vcc' is written where a mask is; `target` the
    processor (for instructions gfx90a lacks); `cases` are operand sets
    checked first."""
    if form is None:
        ops = ['{d%d}' % i if k != 'mask' else 'vcc' for i, k in enumerate(dsts)]
        ops += ['{s%d}' % i if k != 'b1' else 'vcc' for i, k in enumerate(srcs)]
        form = name + ' ' + ', '.join(ops)
    return Spec(name, 'v', tuple(srcs), tuple(dsts), form, model, ulps,
                target=target, cases=tuple(cases))


def sop(name, srcs, model, scc=True, form=None, dsts=('u32', 'scc'),
        ties=0.0):
    """A scalar instruction, by default with one SGPR destination; `scc`
    whether it writes SCC (the model then returns SCC too, where dsts has
    it). `dsts` lists the results in the model's order, 'scc' among them
    (SCC alone for a compare; a pair for 64 bits); an SCC the instruction
    keeps is filled in from the preset one. The default text is '<name>
    <non-SCC dsts>, <srcs>'."""
    if form is None:
        ops = ['{d%d}' % i for i, k in enumerate(dsts) if k != 'scc']
        ops += ['{s%d}' % i for i, k in enumerate(srcs) if k != 'b1']
        form = name + ' ' + ', '.join(ops)
    return Spec(name, 's', tuple(srcs), tuple(dsts), form, model,
                writes_scc=scc, ties=ties)


@dataclass
class KnownDifference:
    """A documented disagreement: the instructions it covers, which source
    is right and why (with the ISA wording), and `accepted`: a model of the
    result the emulator gives in that case (the manual's where the emulator
    is right, the emulator's present behaviour where it is not). A
    disagreement is known only if the emulator's result equals `accepted`
    on those operands, so an entry never hides any other wrong result."""
    key: str
    insts: Tuple[str, ...]
    right: str
    why: str
    accepted: Callable[[str], Callable[..., Tuple[int, ...]]]


def by_name(table: Dict[str, Callable]) -> Callable[[str], Callable]:
    """An `accepted` lookup from an instruction name."""
    return lambda name: table[name]
