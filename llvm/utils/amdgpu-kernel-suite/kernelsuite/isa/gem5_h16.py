#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the 16-bit and packed VALU instructions (table_h16),
and of what the manual says where gem5 departs from it.

gem5 (the commit isa_crosscheck.py names) implements the 16-bit integer
ops (vop2.cc, vop3.cc: VecOperandU16 destinations, whose write copies two
bytes into the 32-bit VGPR and so keeps bits 31:16), v_cvt_f16_f32 and
v_cvt_f32_f16 (vop1.cc, through AMDGPU::mxfloat16 of
common/dtype/mxfp.hh and mxfp_convert.hh), the packed f16 ops (vop3p.cc,
ARM's fplib with a zero FPSCR: IEEE arithmetic, denormals kept, a NaN
operand propagated) and the packed f32 ops and v_pk_mov_b32 (vop3p.cc,
the host's float arithmetic). Its f16 VOP2/VOP3 arithmetic and the
16-bit conversions are panicUnimplemented(), and v_fma_mix*,
v_pack_b32_f16 have no class (the decoder calls fatal()): for those the
models follow the ".arch" description gem5 quotes, and bits 31:16 of a
16-bit result are zero, as gem5's VOP1 v_cvt_f16_f32 writes them.

Every model takes and returns raw bit patterns."""

import math
from typing import Callable, Sequence, Tuple

from .fp import (b32, F16, F32, f32, ieee_fma, M32, sext)
from .manual import manual_minmax

M16 = 0xFFFF


def lo16(w: int) -> int:
    """Bits 15:0 of a word."""
    return w & M16


def hi16(w: int) -> int:
    """Bits 31:16 of a word."""
    return w >> 16 & M16


def h16(w: int) -> float:
    """The f16 value of bits 15:0 of a word."""
    return F16.value(w & M16)


def keep_high(old: int, r: int) -> int:
    """A 16-bit result written as gem5's VecOperandU16 does: bits 31:16 of
    the destination kept."""
    return (old & 0xFFFF0000) | (r & M16)


# --------------------------------------------------------------------------
# 16-bit integer (gem5 vop2.cc / vop3.cc)
# --------------------------------------------------------------------------


def int16_op(fn: Callable[[int, int], int], gem5: bool):
    """A VOP2 16-bit integer op on the low halves of src0 and src1, the
    previous destination word last: gem5 keeps its bits 31:16 (`gem5`),
    gfx9 zeroes them."""
    def model(a: int, b: int, old: int) -> Tuple[int]:
        """The destination word."""
        r = fn(lo16(a), lo16(b)) & M16
        return (keep_high(old, r) if gem5 else r,)
    return model


def gem5_lshr16(s: int, v: int) -> int:
    """gem5's VOP2 v_lshrrev_b16: src1 >> src0 with the 16-bit shift
    count unmasked (0 from 16 to 31); a count of 32 or more, undefined in
    C, takes the manual's S0[3:0]."""
    return v >> s if s < 32 else v >> (s & 15)


def gem5_ashr16(s: int, v: int) -> int:
    """gem5's VOP2 v_ashrrev_i16: signext(src1) >> src0, the count
    unmasked (sign fill from 16 to 31); 32 or more as the manual."""
    return (sext(v, 16) >> (s if s < 32 else s & 15)) & M16


def mad16(signed: bool, sel: Sequence[int] = (0, 0, 0, 0),
          zero_high: bool = True):
    """v_mad_{u16,i16,legacy_*}: S0 * S1 + S2 in 16 bits (wrapping), each
    source's half chosen by op_sel (sel[0:3]), written to the high half
    keeping the low one when sel[3], else to the low half with bits 31:16
    zeroed (`zero_high`, gfx9) or kept (gem5, which ignores op_sel)."""
    def model(a: int, b: int, c: int, old: int) -> Tuple[int]:
        """The destination word."""
        x, y, z = ((hi16(v) if s else lo16(v)) for v, s in zip((a, b, c), sel))
        if signed:
            x, y, z = sext(x, 16), sext(y, 16), sext(z, 16)
        r = (x * y + z) & M16
        if sel[3]:
            return ((old & M16) | r << 16,)
        return (r if zero_high else keep_high(old, r),)
    return model


# --------------------------------------------------------------------------
# f16 <-> f32 (gem5's mxfloat16)
# --------------------------------------------------------------------------


def gem5_cvt_f16_f32(a: int) -> int:
    """gem5's mxfloat16(float) as v_cvt_f16_f32 uses it: any infinity gives
    +inf and any NaN 0x7c10; otherwise convertMXFP: the exponent rebiased
    without an overflow check (stored in 5 bits, so 2^16 and above wrap);
    the significand cut to 10 bits, then rounded up when the first cut bit
    is set (the tie test also sees that bit, so ties round away from zero)
    or, for a subnormal result, when bit -exp of the cut significand is
    set (0 for -exp >= 10; always up at -exp == 31)."""
    sign, exp8, man = a >> 31, a >> 23 & 0xFF, a & 0x7FFFFF
    if exp8 == 0xFF:
        return 0x7C00 if man == 0 else 0x7C10
    if exp8 == 0 and man == 0:
        return sign << 15
    exp = exp8 - 127 + 15
    mant = (man | (1 << 23 if exp8 else 0)) >> 13
    if exp < 1:
        shift = 1 - exp
        # A shift of 32 or more is undefined in C: taken as all bits out.
        mant = mant >> shift if shift < 32 else 0
        out_exp = 0
    else:
        out_exp = exp & 0x1F
    out_man = mant & 0x3FF
    if out_exp == 0:
        check = man >> 13
        if exp >= 1 or -exp > 31:
            up = False
        elif -exp == 31:
            up = True
        else:
            up = bool(check & (1 << -exp))
    else:
        up = bool(man >> 12 & 1)
    if up and not (man & 0x1FFF) and not (out_man & 1):
        up = False
    if up:
        if out_man == 0x3FF:
            if out_exp != 0x1F:
                out_exp += 1
            out_man = 0
        else:
            out_man += 1
    return sign << 15 | out_exp << 10 | out_man


def gem5_cvt_f32_f16(h: int) -> int:
    """gem5's float(mxfloat16) as v_cvt_f32_f16 uses it: exact, but any
    infinity gives +inf (and a NaN the default quiet NaN)."""
    if h & 0x7C00 == 0x7C00:
        return 0x7F800000 if h & 0x3FF == 0 else 0x7FC00000
    return b32(F16.value(h))


def ieee_cvt_f16_f32(a: int) -> int:
    """flt32_to_flt16(S0.f): round to nearest even, overflow to infinity,
    f16 subnormals kept, a NaN quieted."""
    return F16.bits(f32(a))


def cvt_int16_f16(signed: bool):
    """v_cvt_{i16,u16}_f16: truncation toward zero, saturating, NaN -> 0;
    bits 31:16 zero."""
    lo, hi = (-0x8000, 0x7FFF) if signed else (0, 0xFFFF)

    def model(a: int) -> Tuple[int]:
        """The destination word."""
        x = h16(a)
        if math.isnan(x):
            return (0,)
        if math.isinf(x):
            return ((lo if x < 0 else hi) & M16,)
        return (min(max(int(x), lo), hi) & M16,)
    return model


def cvt_f16_int16(signed: bool):
    """v_cvt_f16_{i16,u16}: the low half as an integer, rounded to the
    nearest f16 (65520 and above: infinity); bits 31:16 zero."""
    def model(a: int) -> Tuple[int]:
        """The destination word."""
        v = sext(a, 16) if signed else lo16(a)
        return (F16.bits(float(v)),)
    return model


# --------------------------------------------------------------------------
# f16 arithmetic
# --------------------------------------------------------------------------


def f16_value_op(op: str) -> Callable[..., int]:
    """An f16 operation on f16 bit patterns giving f16 bits, IEEE with
    denormals kept (fplib with a zero FPSCR; the .arch text where gem5 has
    no implementation): add, sub, subrev, mul, fma, and max and min with a
    NaN operand propagated (fplibMax/fplibMin, -0 below +0)."""
    if op in ('max', 'min'):
        def minmax(a: int, b: int) -> int:
            """fplibMax/fplibMin."""
            if F16.is_nan(a) or F16.is_nan(b):
                return F16.qnan
            return manual_minmax(op == 'min', F16)(a, b)[0]
        return minmax
    if op == 'fma':
        return lambda a, b, c: ieee_fma(F16.value(a), F16.value(b),
                                        F16.value(c), F16)
    fn = {'add': lambda x, y: x + y, 'sub': lambda x, y: x - y,
          'subrev': lambda x, y: y - x, 'mul': lambda x, y: x * y}[op]
    return lambda a, b: F16.bits(fn(F16.value(a), F16.value(b)))


def manual_f16_op(op: str) -> Callable[..., int]:
    """As f16_value_op, but max and min in IEEE mode (minNum/maxNum: a
    quiet NaN operand gives the other one)."""
    if op in ('max', 'min'):
        return lambda a, b: manual_minmax(op == 'min', F16)(a, b)[0]
    return f16_value_op(op)


def f16_scalar(fn: Callable[..., int], nsrc: int,
               sel: Sequence[int] = (0, 0, 0, 0)):
    """A VOP2/VOP3 f16 op: each source's half by op_sel (sel[0:nsrc]), the
    previous destination word last; the result in the high half keeping
    the low one when sel[3], else in the low half with bits 31:16 zero
    (gfx9)."""
    def model(*ops: int) -> Tuple[int]:
        """The destination word."""
        srcs, old = ops[:nsrc], ops[nsrc]
        r = fn(*[(hi16(v) if s else lo16(v)) for v, s in zip(srcs, sel)])
        return ((old & M16) | r << 16,) if sel[3] else (r,)
    return model


def packed16(fn: Callable[..., int], nsrc: int,
             op_sel: Sequence[int] = (0, 0, 0),
             op_sel_hi: Sequence[int] = (1, 1, 1),
             neg_lo: Sequence[int] = (0, 0, 0),
             neg_hi: Sequence[int] = (0, 0, 0)):
    """A VOP3P packed 16-bit op (gem5's vop3pHelper): result half 0 takes
    each source's half op_sel selects, half 1 the one op_sel_hi selects;
    neg_lo / neg_hi flip the sign bit of that operand."""
    def model(*srcs: int) -> Tuple[int]:
        """The destination word."""
        out = 0
        for half, (sel, neg) in enumerate(((op_sel, neg_lo),
                                           (op_sel_hi, neg_hi))):
            vals = [((hi16(v) if sel[i] else lo16(v)) ^ (neg[i] << 15))
                    for i, v in enumerate(srcs[:nsrc])]
            out |= fn(*vals) << (16 * half)
        return (out,)
    return model


# --------------------------------------------------------------------------
# Packed f32 (gem5 vop3p.cc)
# --------------------------------------------------------------------------


def f32_value_op(op: str) -> Callable[..., int]:
    """An f32 operation on bit patterns, IEEE with denormals kept (the
    host's float arithmetic)."""
    if op == 'fma':
        return lambda a, b, c: ieee_fma(f32(a), f32(b), f32(c), F32)
    fn = {'add': lambda x, y: x + y, 'mul': lambda x, y: x * y}[op]
    return lambda a, b: b32(fn(f32(a), f32(b)))


def packed32(op: str, op_sel: Sequence[int] = (0, 0, 0),
             op_sel_hi: Sequence[int] = (1, 1, 1),
             neg_lo: Sequence[int] = (0, 0, 0),
             neg_hi: Sequence[int] = (0, 0, 0), gem5_fma_neg: bool = False):
    """v_pk_{add,mul,fma}_f32 on VGPR pairs: result dword 0 takes each
    source's dword op_sel selects, dword 1 the one op_sel_hi selects;
    neg_lo / neg_hi negate that operand. `gem5_fma_neg`: gem5's
    v_pk_fma_f32, which negates all three operands when bit 0 of neg_lo
    (neg_hi) is set and ignores bits 1 and 2."""
    nsrc = 3 if op == 'fma' else 2
    fn = f32_value_op(op)

    def model(*srcs: int) -> Tuple[int]:
        """The destination pair."""
        out = 0
        for half, (sel, neg) in enumerate(((op_sel, neg_lo),
                                           (op_sel_hi, neg_hi))):
            if gem5_fma_neg:
                neg = (neg[0],) * 3
            vals = [((v >> 32 if sel[i] else v) & M32) ^ (neg[i] << 31)
                    for i, v in enumerate(srcs[:nsrc])]
            out |= fn(*vals) << (32 * half)
        return (out,)
    return model


def pk_mov_b32(op_sel: Sequence[int] = (0, 0)):
    """v_pk_mov_b32: dword 0 = the dword of src0 op_sel[0] selects,
    dword 1 = the dword of src1 op_sel[1] selects."""
    def model(a: int, b: int) -> Tuple[int]:
        """The destination pair."""
        lo = (a >> 32 if op_sel[0] else a) & M32
        hi = (b >> 32 if op_sel[1] else b) & M32
        return (lo | hi << 32,)
    return model


# --------------------------------------------------------------------------
# Mixed precision and pack (the .arch text; gem5 has no class)
# --------------------------------------------------------------------------


def mix_source(v: int, hi: int, sel: int, neg: int, absv: int) -> float:
    """A v_fma_mix source: the f32 word (op_sel_hi clear) or the f16 half
    op_sel picks, |x| with the abs modifier (the NEG_HI field), then
    negated."""
    x = ((h16(v >> 16) if sel else h16(v)) if hi else f32(v))
    if absv:
        x = abs(x)
    return -x if neg else x


def fma_mix(dst: str, op_sel: Sequence[int] = (0, 0, 0),
            op_sel_hi: Sequence[int] = (1, 1, 1),
            neg: Sequence[int] = (0, 0, 0), absm: Sequence[int] = (0, 0, 0)):
    """v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16 ('f32', 'lo',
    'hi'): 'D.f = S0.f * S1.f + S2.f', an f32 expression: one fused
    rounding to f32; mixlo/mixhi convert that to f16 into their half of
    the destination, keeping the other half (the previous destination
    word is the last operand)."""
    def model(*ops: int) -> Tuple[int]:
        """The destination word."""
        xs = [mix_source(ops[i], op_sel_hi[i], op_sel[i], neg[i], absm[i])
              for i in range(3)]
        r = ieee_fma(xs[0], xs[1], xs[2], F32)
        if dst == 'f32':
            return (r,)
        h = F16.bits(f32(r))
        old = ops[3]
        return ((old & 0xFFFF0000) | h if dst == 'lo'
                else (old & M16) | h << 16,)
    return model


def pack_b32_f16(op_sel: Sequence[int] = (0, 0),
                 neg: Sequence[int] = (0, 0), absm: Sequence[int] = (0, 0)):
    """v_pack_b32_f16: 'D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16', each
    half op_sel picks, with the abs and neg input modifiers on the sign
    bit (bits otherwise unchanged: no quieting)."""
    def model(a: int, b: int) -> Tuple[int]:
        """The destination word."""
        out = 0
        for i, v in enumerate((a, b)):
            h = hi16(v) if op_sel[i] else lo16(v)
            if absm[i]:
                h &= 0x7FFF
            if neg[i]:
                h ^= 0x8000
            out |= h << (16 * i)
        return (out,)
    return model
