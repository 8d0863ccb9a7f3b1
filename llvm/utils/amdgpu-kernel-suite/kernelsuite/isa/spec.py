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
from typing import Callable, List, Optional, Tuple


# rcp, rsq and sqrt are compared with this tolerance, in units in the last
# place (the Vega ISA manual gives these a 1 ulp accuracy).
TRANSCENDENTAL_ULPS = 1

# Operand kinds (all as raw bits): u32 any word, sh a shift amount, exp an
# ldexp exponent, b1 a carry or SCC input (0/1), f32, f64, u64, cls a
# v_cmp_class mask, sbfe an s_bfe field word (offset[4:0], width[22:16]).
# Destination kinds: u32, f32, u64, f64 (a VGPR or SGPR, or a pair), mask
# (VCC of a lane, 0/1), scc. harness.py generates and loads each kind.


@dataclass
class Spec:
    """One instruction to check: its name, unit ('v' or 's'), operand and
    destination kinds, the instruction text (operands as {s0}.., {d0}..;
    VCC and SCC implicit), its gem5 model, and a ULP tolerance for float
    results."""
    name: str
    unit: str
    srcs: Tuple[str, ...]
    dsts: Tuple[str, ...]
    asm: str
    model: Callable[..., Tuple[int, ...]]
    ulps: int = 0
    writes_scc: bool = False
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
