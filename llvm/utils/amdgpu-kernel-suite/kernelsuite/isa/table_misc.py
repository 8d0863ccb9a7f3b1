#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Integer and lane VALU instructions: byte permute and conversion,
cndmask, mbcnt, moves (v_mov, v_swap, the AGPR moves, v_movrel*),
v_readfirstlane, v_cmpx (EXEC written; on gfx10 only EXEC), and the gfx10
names (v_*_nc_*, v_*_co_ci_u32, v_xor3_b32), which run on gfx1030 in wave32.
Their gem5 models are in gem5_misc.py; KNOWN lists where gem5 departs from
the manual (known.py appends it to KNOWN_DIFFERENCES).

A name ending in '.gfx1030' is the gfx1030 (wave32) kernel of an
instruction that the table also checks on gfx90a."""

from typing import List

from .fp import f32, M32, s32
from .gem5 import add_carry, scalar_cmp, sub_borrow
from .gem5_misc import (add_u16_keep, cndmask, cvt_f32_ubyte, gem5_perm,
                        mbcnt, movreld, movrels, movrelsd, movrelsd_2,
                        readfirstlane, sub_u16_keep, swap)
from .manual import sub_borrow_exact
from .spec import by_name, KnownDifference, Spec, vop

GFX10 = 'gfx1030'


def gfx10(spec: Spec) -> Spec:
    """A Spec assembled for gfx1030 (wave32)."""
    spec.target = GFX10
    return spec


def lanes(spec: Spec) -> Spec:
    """A Spec whose model depends on the lane (Spec.lanes)."""
    spec.lanes = True
    return spec


def cmpx_specs() -> List[Spec]:
    """v_cmpx_* for i32, u32 and f32 on gfx90a (the result in VCC and
    EXEC) and on gfx1030 (EXEC only: VCC, preset from a b1 operand, is
    kept)."""
    out: List[Spec] = []
    preds = [(op, ty) for op in ('f', 'lt', 'eq', 'le', 'gt', 'ne', 'ge', 't')
             for ty in ('i32', 'u32')]
    preds += [(op, 'f32') for op in (
        'f', 'lt', 'eq', 'le', 'gt', 'lg', 'ge', 'o', 'u', 'nge', 'nlg', 'ngt',
        'nle', 'neq', 'nlt', 'tru')]
    conv = {'i32': s32, 'u32': lambda v: v, 'f32': f32}
    for op, ty in preds:
        name = 'v_cmpx_%s_%s' % (op, ty)
        kind = 'f32' if ty == 'f32' else 'u32'

        def test(a, b, p=scalar_cmp(op), c=conv[ty]):
            """The compare's bit for one lane."""
            return int(bool(p(c(a), c(b))))
        out.append(Spec(name, 'v', (kind, kind, 'b1'), ('exec', 'mask'),
                        name + '_e32 vcc, {s0}, {s1}',
                        lambda a, b, v, t=test: (t(a, b), t(a, b))))
        out.append(gfx10(Spec(name + '.' + GFX10, 'v', (kind, kind, 'b1'),
                              ('exec', 'mask'), name + '_e32 {s0}, {s1}',
                              lambda a, b, v, t=test: (t(a, b), v))))
    return out


def movrel_specs() -> List[Spec]:
    """v_movrel* on gfx1030: M0 from the wave's first lane (its rel
    operand, through v_readfirstlane), the values in v4-v6."""
    setup = ('v_readfirstlane_b32 s30, {s0}\n  s_mov_b32 m0, s30\n'
             '  v_mov_b32 v4, {s1}\n  v_mov_b32 v5, {s2}\n'
             '  v_mov_b32 v6, {s3}\n  ')
    out3 = ('\n  v_mov_b32 {d0}, v4\n  v_mov_b32 {d1}, v5'
            '\n  v_mov_b32 {d2}, v6')
    u3 = ('u32', 'u32', 'u32')
    return [lanes(gfx10(s)) for s in (
        vop('v_movrels_b32', ('rel',) + u3, ('u32',), movrels,
            form=setup + 'v_movrels_b32 {d0}, v4'),
        vop('v_movreld_b32', ('rel',) + u3 + ('u32',), ('u32',) * 3, movreld,
            form=setup + 'v_movreld_b32 v4, {s4}' + out3),
        vop('v_movrelsd_b32', ('rel',) + u3, ('u32',) * 3, movrelsd,
            form=setup + 'v_movrelsd_b32 v5, v4' + out3),
        vop('v_movrelsd_2_b32', ('rel2',) + u3, ('u32',) * 3, movrelsd_2,
            form=setup + 'v_movrelsd_2_b32 v4, v4' + out3),
    )]


def specs() -> List[Spec]:
    """Every instruction of this family, in report order."""
    u1, u2, u3 = ('u32',), ('u32', 'u32'), ('u32', 'u32', 'u32')
    t: List[Spec] = [
        vop('v_perm_b32', ('u32', 'u32', 'perm'), u1, gem5_perm),
        vop('v_cvt_f32_ubyte0', u1, ('f32',), cvt_f32_ubyte(0)),
        vop('v_cvt_f32_ubyte1', u1, ('f32',), cvt_f32_ubyte(1)),
        vop('v_cvt_f32_ubyte2', u1, ('f32',), cvt_f32_ubyte(2)),
        vop('v_cvt_f32_ubyte3', u1, ('f32',), cvt_f32_ubyte(3)),
        vop('v_cndmask_b32', ('u32', 'u32', 'b1'), u1, cndmask),
        lanes(vop('v_mbcnt_lo_u32_b32', u2, u1, mbcnt(False))),
        lanes(vop('v_mbcnt_hi_u32_b32', u2, u1, mbcnt(True))),
        vop('v_mov_b32', u1, u1, lambda a: (a,)),
        vop('v_swap_b32', u2, u2, swap,
            form='v_mov_b32 {d0}, {s0}\n  v_mov_b32 {d1}, {s1}\n'
                 '  v_swap_b32 {d0}, {d1}'),
        lanes(vop('v_readfirstlane_b32', ('u32', 'act'), ('sgpr',),
                  readfirstlane, form='v_readfirstlane_b32 {d0}, {s0}')),
        # AGPRs cannot be loaded by the harness: each kernel writes them
        # with v_accvgpr_write and reads them back with v_accvgpr_read.
        vop('v_accvgpr_write_b32', u1, u1, lambda a: (a,),
            form='v_accvgpr_write_b32 a1, {s0}\n'
                 '  v_accvgpr_read_b32 {d0}, a1'),
        vop('v_accvgpr_read_b32', u2, u2, lambda a, b: (b, a),
            form='v_accvgpr_write_b32 a2, {s0}\n'
                 '  v_accvgpr_write_b32 a3, {s1}\n'
                 '  v_accvgpr_read_b32 {d0}, a3\n'
                 '  v_accvgpr_read_b32 {d1}, a2'),
        vop('v_accvgpr_mov_b32', u2, u2, lambda a, b: (a, a),
            form='v_accvgpr_write_b32 a4, {s0}\n'
                 '  v_accvgpr_write_b32 a5, {s1}\n'
                 '  v_accvgpr_mov_b32 a5, a4\n'
                 '  v_accvgpr_read_b32 {d0}, a4\n'
                 '  v_accvgpr_read_b32 {d1}, a5'),
    ]
    # gfx10 names: the model of their Vega counterpart (V_ADD_U32,
    # V_ADDC_CO_U32, V_SUBB_CO_U32, V_ADD_U16 ...).
    ci = ('u32', 'u32', 'b1')
    t += [gfx10(s) for s in (
        vop('v_xor3_b32', u3, u1, lambda a, b, c: (a ^ b ^ c,)),
        vop('v_add_nc_u32', u2, u1, lambda a, b: ((a + b) & M32,)),
        vop('v_sub_nc_u32', u2, u1, lambda a, b: ((a - b) & M32,)),
        vop('v_subrev_nc_u32', u2, u1, lambda a, b: ((b - a) & M32,)),
        vop('v_add_co_ci_u32', ci, ('u32', 'mask'), add_carry,
            form='v_add_co_ci_u32_e32 {d0}, vcc_lo, {s0}, {s1}, vcc_lo'),
        vop('v_sub_co_ci_u32', ci, ('u32', 'mask'), sub_borrow,
            form='v_sub_co_ci_u32_e32 {d0}, vcc_lo, {s0}, {s1}, vcc_lo'),
        vop('v_subrev_co_ci_u32', ci, ('u32', 'mask'),
            lambda a, b, c: sub_borrow(b, a, c),
            form='v_subrev_co_ci_u32_e32 {d0}, vcc_lo, {s0}, {s1}, vcc_lo'),
        vop('v_add_nc_u16', u3, u1, add_u16_keep,
            form='v_mov_b32 {d0}, {s2}\n  v_add_nc_u16 {d0}, {s0}, {s1}'),
        vop('v_sub_nc_u16', u3, u1, sub_u16_keep,
            form='v_mov_b32 {d0}, {s2}\n  v_sub_nc_u16 {d0}, {s0}, {s1}'),
    )]
    t += movrel_specs()
    t += cmpx_specs()
    return t


# Quotations of the manual are the Vega ISA descriptions gem5 reproduces
# ("--- description from .arch file ---").
KNOWN: List[KnownDifference] = [
    KnownDifference(
        'co-ci-borrow-wrap', ('v_sub_co_ci_u32', 'v_subrev_co_ci_u32'),
        'emulator',
        "The gfx10 names of v_subb_co_u32 and v_subbrev_co_u32, whose gem5 "
        "model computes the borrow as (S1 + carry) > S0 in 32 bits: "
        "S1 = 0xffffffff with a carry in wraps to 0 and reports no borrow. "
        "The manual: 'D.u = S0.u - S1.u - VCC[threadId]; VCC[threadId] = "
        "(S1.u + VCC[threadId] > S0.u ? 1 : 0) is an UNSIGNED overflow', the "
        "borrow of the full subtraction (as 'sub-borrow-wrap').",
        by_name({'v_sub_co_ci_u32': sub_borrow_exact,
                 'v_subrev_co_ci_u32':
                 lambda a, b, c: sub_borrow_exact(b, a, c)})),
]
