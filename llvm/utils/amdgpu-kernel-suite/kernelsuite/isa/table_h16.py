#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""16-bit and packed VALU instructions: f16 arithmetic and conversions,
16-bit integer ops, packed f16 and f32 (VOP3P), v_fma_mix*, v_pack_b32_f16,
and their known differences (KNOWN, appended to known.KNOWN_DIFFERENCES).

A name '<instruction>__<variant>' checks the instruction with modifiers
(op_sel, op_sel_hi, neg, abs) or a register overlap the plain entry does
not use. An instruction writing only a 16-bit half first gets its
destination set to a random word (the last operand), so that what it does
to the other half is seen: gfx9 zeroes bits 31:16 of a low-half result
(LLVM's GCNSubtarget::zeroesHigh16BitsOfDest), and a high-half result
(op_sel[3], v_fma_mixhi) or a v_fma_mixlo result keeps the other half."""

from typing import List

from .fp import F16, F32, sext
from .gem5_h16 import (cvt_f16_int16, cvt_int16_f16, f16_scalar,
                       f16_value_op, fma_mix, gem5_ashr16, gem5_cvt_f16_f32,
                       gem5_cvt_f32_f16, gem5_lshr16, ieee_cvt_f16_f32,
                       int16_op, mad16, manual_f16_op, packed16, packed32,
                       pack_b32_f16, pk_mov_b32)
from .spec import by_name, KnownDifference, Spec, vop

KEEP = 'v_mov_b32 {d0}, {s%d}\n  '

# The integer 16-bit ops: gem5's result on the low halves (a shift count
# in src0, the value in src1) and the manual's where gem5 differs.
INT16 = {
    'v_add_u16': lambda a, b: a + b,
    'v_sub_u16': lambda a, b: a - b,
    'v_subrev_u16': lambda a, b: b - a,
    'v_mul_lo_u16': lambda a, b: a * b,
    'v_lshlrev_b16': lambda a, b: b << (a & 15),
    'v_lshrrev_b16': gem5_lshr16,
    'v_ashrrev_i16': gem5_ashr16,
    'v_max_u16': max,
    'v_min_u16': min,
    'v_max_i16': lambda a, b: max(sext(a, 16), sext(b, 16)),
    'v_min_i16': lambda a, b: min(sext(a, 16), sext(b, 16)),
}
INT16_MANUAL = dict(INT16, **{
    'v_lshrrev_b16': lambda a, b: b >> (a & 15),
    'v_ashrrev_i16': lambda a, b: sext(b, 16) >> (a & 15),
})

# v_fma_f16 operands whose f32-rounded fma lies on an f16 rounding midpoint
# that the exact result does not: 3 * (1 + 2^-10) - 2^-24, and the same
# with the addend's sign flipped (exact result above the midpoint).
FMA16_CASES = ((0x4200, 0x3C01, 0x8001, 0x12345678),
               (0x4200, 0x3C01, 0x0001, 0x9ABCDEF0),
               (0x3C01, 0x3C01, 0x8001, 0))
# The same for v_pk_fma_f16: the first case in the low halves, the second
# in the high ones.
PK_FMA16_CASES = ((0x42004200, 0x3C013C01, 0x00018001),)

# v_cvt_f16_f32 operands: a tie (1 + 2^-11), 65536, 98304, 2^17, -inf,
# a value just below the smallest f16 subnormal's half (1.5 * 2^-26).
CVT16_CASES = tuple((v, 0xDEADBEEF) for v in
                    (0x3F801000, 0x47800000, 0x47C00000, 0x48000000,
                     0xFF800000, 0x32C00000, 0x33400000))


def with_old(name: str, nsrc: int, text: str = '') -> str:
    """The text of a 16-bit result instruction whose destination first
    holds operand nsrc (the previous destination word)."""
    ops = ', '.join('{s%d}' % i for i in range(nsrc))
    return (KEEP % nsrc) + (text or '%s {d0}, %s' % (name, ops))


def specs() -> List[Spec]:
    """Every 16-bit and packed instruction checked, in report order."""
    t: List[Spec] = []
    u16_old = ('u16', 'u16', 'u32')
    for name, fn in INT16.items():
        srcs = ('sh', 'u16', 'u32') if 'shlrev' in name or 'shrrev' in name \
            else u16_old
        t.append(vop(name, srcs, ('u32',), int16_op(fn, True),
                     form=with_old(name, 2)))
    mad = ('u16', 'u16', 'u16', 'u32')
    for name, signed in (('v_mad_u16', False), ('v_mad_i16', True),
                         ('v_mad_legacy_u16', False),
                         ('v_mad_legacy_i16', True)):
        t.append(vop(name, mad, ('u32',), mad16(signed, zero_high=False),
                     form=with_old(name, 3)))
    for name, signed in (('v_mad_u16', False), ('v_mad_i16', True)):
        t.append(vop(name + '__sel', mad, ('u32',),
                     mad16(signed, zero_high=False),
                     form=with_old(name, 3, '%s {d0}, {s0}, {s1}, {s2} '
                                   'op_sel:[1,0,1,1]' % name)))
        t.append(vop(name + '__sel_lo', mad, ('u32',),
                     mad16(signed, zero_high=False),
                     form=with_old(name, 3, '%s {d0}, {s0}, {s1}, {s2} '
                                   'op_sel:[0,1,1,0]' % name)))
    # f16 arithmetic (VOP2 and VOP3 v_fma_f16).
    f16_old = ('f16', 'f16', 'u32')
    for op in ('add', 'sub', 'subrev', 'mul', 'max', 'min'):
        name = 'v_%s_f16' % op
        t.append(vop(name, f16_old, ('f16',),
                     f16_scalar(manual_f16_op(op), 2), form=with_old(name, 2)))
    fma3 = ('f16', 'f16', 'f16', 'u32')
    t.append(vop('v_fma_f16', fma3, ('f16',),
                 f16_scalar(f16_value_op('fma'), 3),
                 form=with_old('v_fma_f16', 3), cases=FMA16_CASES))
    t.append(vop('v_fma_f16__sel', fma3, ('f16',),
                 f16_scalar(f16_value_op('fma'), 3, (1, 0, 1, 1)),
                 form=with_old('v_fma_f16', 3, 'v_fma_f16 {d0}, {s0}, {s1}, '
                               '{s2} op_sel:[1,0,1,1]')))
    # Conversions.
    t += [
        vop('v_cvt_f16_f32', ('f32', 'u32'), ('f16',),
            lambda a, old: (gem5_cvt_f16_f32(a),),
            form=with_old('v_cvt_f16_f32', 1), cases=CVT16_CASES),
        vop('v_cvt_f32_f16', ('f16',), ('f32',),
            lambda a: (gem5_cvt_f32_f16(a & 0xFFFF),)),
        vop('v_cvt_f16_i16', ('u16', 'u32'), ('f16',),
            lambda a, old: cvt_f16_int16(True)(a),
            form=with_old('v_cvt_f16_i16', 1)),
        vop('v_cvt_f16_u16', ('u16', 'u32'), ('f16',),
            lambda a, old: cvt_f16_int16(False)(a),
            form=with_old('v_cvt_f16_u16', 1)),
        vop('v_cvt_i16_f16', ('f16', 'u32'), ('u32',),
            lambda a, old: cvt_int16_f16(True)(a),
            form=with_old('v_cvt_i16_f16', 1)),
        vop('v_cvt_u16_f16', ('f16', 'u32'), ('u32',),
            lambda a, old: cvt_int16_f16(False)(a),
            form=with_old('v_cvt_u16_f16', 1)),
    ]
    # Packed f16.
    for op in ('add', 'mul', 'fma', 'max', 'min'):
        name = 'v_pk_%s_f16' % op
        n = 3 if op == 'fma' else 2
        fn = f16_value_op(op)
        t.append(vop(name, ('f16',) * n, ('f16',), packed16(fn, n),
                     cases=PK_FMA16_CASES if op == 'fma' else ()))
        sel = '[1,0,1]' if n == 3 else '[1,0]'
        sel_hi = '[0,1,0]' if n == 3 else '[0,1]'
        t.append(vop(name + '__sel', ('f16',) * n, ('f16',),
                     packed16(fn, n, (1, 0, 1), (0, 1, 0)),
                     form='%s {d0}, %s op_sel:%s op_sel_hi:%s'
                     % (name, ', '.join('{s%d}' % i for i in range(n)),
                        sel, sel_hi)))
        neg_lo = '[1,0,1]' if n == 3 else '[1,0]'
        neg_hi = '[0,1,1]' if n == 3 else '[0,1]'
        t.append(vop(name + '__neg', ('f16',) * n, ('f16',),
                     packed16(fn, n, neg_lo=(1, 0, 1), neg_hi=(0, 1, 1)),
                     form='%s {d0}, %s neg_lo:%s neg_hi:%s'
                     % (name, ', '.join('{s%d}' % i for i in range(n)),
                        neg_lo, neg_hi)))
    # Packed f32 and v_pk_mov_b32.
    x2 = 'f32x2'
    for op in ('add', 'mul', 'fma'):
        name = 'v_pk_%s_f32' % op
        n = 3 if op == 'fma' else 2
        srcs = ', '.join('{s%d}' % i for i in range(n))
        t.append(vop(name, (x2,) * n, (x2,), packed32(op)))
        sel, sel_hi = ('[1,0,1]', '[0,1,0]') if n == 3 else ('[1,0]', '[0,1]')
        t.append(vop(name + '__sel', (x2,) * n, (x2,),
                     packed32(op, (1, 0, 1), (0, 1, 0)),
                     form='%s {d0}, %s op_sel:%s op_sel_hi:%s'
                     % (name, srcs, sel, sel_hi)))
        # The destination pair is also the src0 pair, the halves swapped:
        # every source dword is read before either result is written.
        t.append(vop(name + '__overlap', (x2,) * n, (x2,),
                     packed32(op, (1, 0, 1), (0, 1, 0)),
                     form='%s {s0}, %s op_sel:%s op_sel_hi:%s\n'
                     '  v_lshlrev_b64 {d0}, 0, {s0}'
                     % (name, srcs, sel, sel_hi)))
        neg_lo, neg_hi = (('[0,1,1]', '[1,0,1]') if n == 3
                          else ('[0,1]', '[1,0]'))
        t.append(vop(name + '__neg', (x2,) * n, (x2,),
                     packed32(op, neg_lo=(0, 1, 1), neg_hi=(1, 0, 1),
                              gem5_fma_neg=op == 'fma'),
                     form='%s {d0}, %s neg_lo:%s neg_hi:%s'
                     % (name, srcs, neg_lo, neg_hi)))
    t += [
        vop('v_pk_mov_b32', ('u64', 'u64'), ('u64',), pk_mov_b32((0, 0))),
        vop('v_pk_mov_b32__sel', ('u64', 'u64'), ('u64',),
            pk_mov_b32((1, 0)),
            form='v_pk_mov_b32 {d0}, {s0}, {s1} op_sel:[1,0]'),
        vop('v_pk_mov_b32__overlap', ('u64', 'u64'), ('u64',),
            lambda a, b: pk_mov_b32((1, 0))(b, a),
            form='v_pk_mov_b32 {s0}, {s1}, {s0} op_sel:[1,0]\n'
            '  v_lshlrev_b64 {d0}, 0, {s0}'),
    ]
    # Mixed precision.
    for name, dst in (('v_fma_mix_f32', 'f32'), ('v_fma_mixlo_f16', 'lo'),
                      ('v_fma_mixhi_f16', 'hi')):
        old = () if dst == 'f32' else ('u32',)
        kind = ('f32',) if dst == 'f32' else ('f16',)
        text = name + ' {d0}, %s, %s, %s %s'

        def form(mods: str, ops=('{s0}', '{s1}', '{s2}'), n=name,
                 d=dst, x=text) -> str:
            """The instruction text, after the destination set up."""
            s = x % (ops + (mods,))
            return s if d == 'f32' else with_old(n, 3, s)
        t += [
            vop(name, ('f16',) * 3 + old, kind, fma_mix(dst),
                form=form('op_sel_hi:[1,1,1]')),
            vop(name + '__f32', ('f32',) * 3 + old, kind,
                fma_mix(dst, op_sel_hi=(0, 0, 0)),
                form=form('op_sel_hi:[0,0,0]')),
            vop(name + '__sel', ('f16', 'f32', 'f16') + old, kind,
                fma_mix(dst, (1, 0, 1), (1, 0, 1)),
                form=form('op_sel:[1,0,1] op_sel_hi:[1,0,1]')),
            vop(name + '__mods', ('f16', 'f16', 'f32') + old, kind,
                fma_mix(dst, (0, 1, 0), (1, 1, 0), neg=(1, 0, 1),
                        absm=(0, 1, 1)),
                form=form('op_sel:[0,1,0] op_sel_hi:[1,1,0]',
                          ('-{s0}', '|{s1}|', '-|{s2}|'))),
        ]
    t += [
        vop('v_pack_b32_f16', ('f16', 'f16'), ('u32',), pack_b32_f16()),
        vop('v_pack_b32_f16__sel', ('f16', 'f16'), ('u32',),
            pack_b32_f16((1, 0), neg=(1, 0), absm=(0, 1)),
            form='v_pack_b32_f16 {d0}, -{s0}, |{s1}| op_sel:[1,0]'),
    ]
    return t


def zero_high_int16(table):
    """A lookup of the 16-bit integer result of `table` (INT16: gem5's,
    INT16_MANUAL: the manual's) with bits 31:16 zeroed (gfx9)."""
    return lambda name: lambda a, b, old: (table[name](a & 0xFFFF,
                                                       b & 0xFFFF) & 0xFFFF,)


# Quotations are the Vega ".arch" descriptions gem5 reproduces.
KNOWN: List[KnownDifference] = [
    KnownDifference(
        'gfx9-16bit-high-zero',
        tuple(INT16) + ('v_mad_u16', 'v_mad_i16', 'v_mad_legacy_u16',
                        'v_mad_legacy_i16'),
        'emulator (the Vega text is silent on bits 31:16)',
        "gem5 writes a 16-bit result through VecOperandU16, whose write "
        "copies two bytes into the VGPR and keeps bits 31:16. The Vega text "
        "names only the result ('D.u16 = S0.u16 + S1.u16.', 'D.u[15:0] = "
        "S1.u[15:0] << S0.u[3:0].'); LLVM's "
        "GCNSubtarget::zeroesHigh16BitsOfDest ('mostly derived from "
        "experimentation') lists these opcodes as zeroing bits 31:16 up to "
        "gfx9, as the emulator does. Accepted: the manual's 16-bit result, "
        "bits 31:16 zero.",
        lambda name: (zero_high_int16(INT16)(name) if name in INT16 else
                      mad16('i16' in name, zero_high=True))),
    KnownDifference(
        'shift16-count-unmasked', ('v_lshrrev_b16', 'v_ashrrev_i16'),
        'emulator',
        "gem5's VOP2 v_lshrrev_b16 and v_ashrrev_i16 shift by the whole "
        "16-bit src0 (its VOP3 forms mask it), so a count of 16 to 31 "
        "gives 0 or the sign fill. The manual: 'D.u[15:0] = S1.u[15:0] >> "
        "S0.u[3:0].', 'D.i[15:0] = signext(S1.i[15:0]) >> S0.i[3:0].'. "
        "Accepted: the count's bits 3:0, bits 31:16 zero (gfx9).",
        zero_high_int16(INT16_MANUAL)),
    KnownDifference(
        'mad16-op-sel-ignored', ('v_mad_u16__sel', 'v_mad_i16__sel',
                                 'v_mad_u16__sel_lo', 'v_mad_i16__sel_lo'),
        'emulator',
        "gem5 decodes gfx9's v_mad_u16/i16 (with op_sel) to the class of "
        "the older opcode, which reads the low halves and writes the low "
        "half whatever OPSEL says. The manual's VOP3 OPSEL: bits [2:0] pick "
        "the high half of src0..src2, bit [3] writes the result to the high "
        "half of the destination (the low half kept). Accepted: that, and "
        "a low-half result with bits 31:16 zero (gfx9).",
        lambda name: mad16('i16' in name,
                           (1, 0, 1, 1) if name.endswith('__sel')
                           else (0, 1, 1, 0), zero_high=True)),
    KnownDifference(
        'cvt-f16-mxfp', ('v_cvt_f16_f32', 'v_cvt_f32_f16'), 'emulator',
        "gem5 converts through AMDGPU::mxfloat16 (convertMXFP): a tie "
        "rounds away from zero (its tie test includes the round bit), an "
        "f32 of 2^16 or more has its rebiased exponent wrap in 5 bits "
        "instead of giving infinity, subnormal results round from the "
        "wrong bit, and any infinity becomes +inf (both ways). The manual: "
        "'D.f16 = flt32_to_flt16(S0.f). Supports input modifiers and "
        "creates FP16 denormals when appropriate.', 'D.f = "
        "flt16_to_flt32(S0.f16).': IEEE conversions, round to nearest "
        "even (the MODE default). Accepted: those, bits 31:16 zero.",
        by_name({'v_cvt_f16_f32': lambda a, old: (ieee_cvt_f16_f32(a),),
                 'v_cvt_f32_f16':
                 lambda a: (F32.bits(F16.value(a & 0xFFFF)),)})),
    KnownDifference(
        'pk-minmax-f16-nan', ('v_pk_max_f16', 'v_pk_min_f16',
                              'v_pk_max_f16__sel', 'v_pk_min_f16__sel',
                              'v_pk_max_f16__neg', 'v_pk_min_f16__neg'),
        'emulator',
        "gem5 computes v_pk_max/min_f16 with ARM's fplibMax/fplibMin "
        "(FMAX/FMIN), which return a NaN when either operand is one. The "
        "Vega text: 'D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . "
        "D.f[15:0] = max(S0.f[15:0], S1.f[15:0]) .'; in IEEE mode (the "
        "kernel default) max and min are IEEE 754-2008 maxNum/minNum: a "
        "quiet NaN operand gives the other operand, a signaling NaN a "
        "quiet NaN (as for v_max_f32, 'minmax-ieee'). Accepted: that.",
        lambda name: pk_minmax_manual(name)),
    KnownDifference(
        'pk-fma-f32-neg', ('v_pk_fma_f32__neg',), 'emulator',
        "gem5's v_pk_fma_f32 negates all three operands of a dword when "
        "bit 0 of NEG (NEG_HI) is set and ignores bits 1 and 2, so "
        "neg_lo:[0,1,1] negates nothing and neg_hi:[1,0,1] all three. The "
        "VOP3P NEG and NEG_HI fields have one bit per source: 'D.f[63:32] "
        "= S0.f[63:32] * S1.f[63:32] + S2.f[63:32] . D.f[31:0] = "
        "S0.f[31:0] * S1.f[31:0] + S2.f[31:0] .' with each source negated "
        "as its bit says. Accepted: that.",
        by_name({'v_pk_fma_f32__neg':
                 packed32('fma', neg_lo=(0, 1, 1), neg_hi=(1, 0, 1))})),
]


def pk_minmax_manual(name: str):
    """The IEEE-mode model of a v_pk_max/min_f16 entry (its modifiers as
    in specs())."""
    op = 'min' if 'min' in name else 'max'
    fn = manual_f16_op(op)
    if name.endswith('__sel'):
        return packed16(fn, 2, (1, 0, 1), (0, 1, 0))
    if name.endswith('__neg'):
        return packed16(fn, 2, neg_lo=(1, 0, 1), neg_hi=(0, 1, 1))
    return packed16(fn, 2)
