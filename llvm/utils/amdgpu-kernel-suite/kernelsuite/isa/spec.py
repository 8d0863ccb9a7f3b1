#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""What an instruction of the table is (Spec) and the constructors the
tables use: vop for a vector instruction, sop for a scalar one."""

from dataclasses import dataclass
from typing import Callable, Tuple


# rcp, rsq and sqrt are compared with this tolerance, in units in the last
# place (the Vega ISA manual gives these a 1 ulp accuracy).
TRANSCENDENTAL_ULPS = 1

# Operand kinds (all as raw bits): u32 any word, sh a shift amount, exp an
# ldexp exponent, b1 a carry or SCC input (0/1), f32, f64, u64, cls a
# v_cmp_class mask, sbfe an s_bfe field word (offset[4:0], width[22:16]).
# Destination kinds: u32, f32, u64, f64 (a VGPR or SGPR, or a pair), mask
# (VCC of a lane, 0/1), scc. harness.py generates and loads each kind.
# Lane and EXEC kinds (vector instructions): source act, a lane-active bit
# (the instruction runs with EXEC = the launch EXEC and these bits); perm,
# a v_perm_b32 selector; rel, a v_movrel* VGPR offset (0-2); rel2, a
# v_movrelsd_2_b32 M0 word (offsets 0-2 at [9:0] and [25:16]). Destination
# exec, the lane's EXEC bit after the instruction (0/1); sgpr, a 32-bit
# SGPR result ({dN} is an SGPR, read after EXEC is restored).

# The targets a kernel is assembled for, and their wave sizes.
WAVE_SIZE = {'gfx90a': 64, 'gfx1030': 32}


@dataclass
class Spec:
    """One instruction to check: its name, unit ('v' or 's'), operand and
    destination kinds, the instruction text (operands as {s0}.., {d0}..;
    VCC and SCC implicit), its gem5 model, and a ULP tolerance for float
    results. `target` is the processor the kernel is assembled for
    (WAVE_SIZE). With `lanes` the model depends on the lane: it is called
    as model(lane, wave, *ops), lane the lane number in the wave and wave
    the operand sets of the wave's lanes."""
    name: str
    unit: str
    srcs: Tuple[str, ...]
    dsts: Tuple[str, ...]
    asm: str
    model: Callable[..., Tuple[int, ...]]
    ulps: int = 0
    writes_scc: bool = False
    target: str = 'gfx90a'
    lanes: bool = False


def mask_result(fn: Callable[..., bool]) -> Callable[..., Tuple[int]]:
    """A model returning a single lane-mask bit."""
    return lambda *ops: (int(bool(fn(*ops))),)


def vop(name, srcs, dsts, model, form=None, ulps=0):
    """A vector instruction whose text is '<name> <dsts>, <srcs>' unless
    `form` gives it; 'vcc' is written where a mask is."""
    if form is None:
        ops = ['{d%d}' % i if k != 'mask' else 'vcc' for i, k in enumerate(dsts)]
        ops += ['{s%d}' % i if k != 'b1' else 'vcc' for i, k in enumerate(srcs)]
        form = name + ' ' + ', '.join(ops)
    return Spec(name, 'v', tuple(srcs), tuple(dsts), form, model, ulps)


def sop(name, srcs, model, scc=True, form=None):
    """A scalar instruction with one SGPR destination; `scc` whether it
    writes SCC (the model then returns (dst, scc))."""
    if form is None:
        form = name + ' {d0}, ' + ', '.join('{s%d}' % i for i, k in enumerate(srcs)
                                            if k != 'b1')
    return Spec(name, 's', tuple(srcs), ('u32', 'scc'), form, model,
                writes_scc=scc)
