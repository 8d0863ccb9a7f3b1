#!/usr/bin/env python3
"""Cross-check llvm-amdgpu-emu's instruction semantics against gem5's Vega ISA.

An independent second opinion on what single instructions compute: for each
instruction of the table below, random operand sets (with edge values mixed
in) are written to a buffer, a hand-written gfx90a kernel per instruction
loads one operand set per lane with global_load_dword, executes the
instruction once and stores every destination -- VGPR results, the lane mask
of a compare or carry-out (through v_cndmask_b32), SCC of a scalar
instruction (through s_cselect_b32) -- to an output buffer. The kernels are
assembled with llvm-mc, linked with ld.lld and run on llvm-amdgpu-emu with a
launch file whose output buffer is written to a file; each result is then
compared bit for bit with a reference model in Python.

The reference models are this script's own, written after reading the
execute() methods of gem5's Vega (GCN5/gfx9) instruction implementations and
the instruction descriptions gem5 quotes from AMD's Vega ISA ".arch" file
("--- description from .arch file ---" comments):

    gem5 commit b1a44b89c7bae73fae2dc547bc1f871452075b85 (github:gem5/gem5)
    src/arch/amdgpu/vega/insts/vop1.cc, vop2.cc, vop3.cc, vopc.cc,
    sop1.cc, sop2.cc, inst_util.hh (median, findFirstOne, findFirstOneMsb,
    countZeroBitsMsb, firstOppositeSignBit, muladd, roundNearestEven)

No gem5 code is copied. Each model follows gem5's arithmetic, including
where gem5 departs from the ISA manual; those departures are listed in
KNOWN_DIFFERENCES, each with a model of what the manual says. Where gem5's
C++ has undefined behaviour (a shift by 32 or more, a float-to-unsigned
conversion of a negative value, signed overflow), the model takes the
manual's meaning, since gem5 itself has no defined answer there.

A disagreement between the emulator and the gem5 model is *known* when a
KNOWN_DIFFERENCES entry covers the instruction and the emulator's result
equals the entry's manual model on those operands (bit for bit), and
*unexpected* otherwise. Two NaN results with different payloads are the
known difference 'nan-payload'. rcp, rsq and sqrt are compared with a
tolerance of TRANSCENDENTAL_ULPS units in the last place (the Vega ISA
manual gives these a 1 ulp accuracy); everything else bit for bit.

Usage:
    isa_crosscheck.py --emu llvm-amdgpu-emu --llvm-mc llvm-mc --ld-lld ld.lld \\
        [--cases 1000] [--seed 1] [--only v_add_f32 ...] [--out DIR]

Exit status 0 when every disagreement is known, 1 otherwise, or when a
kernel does not assemble or a tool fails. An instruction the emulator
refuses ('instruction not implemented') is reported as 'refused' and is not
a failure.
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Dict, List, Optional, Sequence, Tuple

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF
QNAN32 = 0x7FC00000
QNAN64 = 0x7FF8000000000000
TRANSCENDENTAL_ULPS = 1
WAVE = 64

# --------------------------------------------------------------------------
# Bit and floating-point helpers
# --------------------------------------------------------------------------


def s32(x: int) -> int:
    """The signed value of the low 32 bits of x."""
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


def s64(x: int) -> int:
    """The signed value of the low 64 bits of x."""
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def sext(x: int, bits: int) -> int:
    """Sign-extend the low `bits` bits of x to a Python int."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if bits and x >> (bits - 1) else x


@dataclass(frozen=True)
class FloatFormat:
    """An IEEE binary format: total width, significand bits (with the
    implicit one), minimum and maximum exponent."""
    width: int
    mant: int
    emin: int
    emax: int
    pack: str

    @property
    def qnan(self) -> int:
        """The default quiet NaN."""
        return QNAN32 if self.width == 32 else QNAN64

    def value(self, bits: int) -> float:
        """The value of a bit pattern (exact in a Python float)."""
        fmt = '<I' if self.width == 32 else '<Q'
        return struct.unpack(self.pack, struct.pack(fmt, bits))[0]

    def bits(self, x: float) -> int:
        """The bit pattern of x rounded to this format (a NaN becomes the
        default quiet NaN)."""
        if math.isnan(x):
            return self.qnan
        fmt = '<I' if self.width == 32 else '<Q'
        try:
            return struct.unpack(fmt, struct.pack(self.pack, x))[0]
        except OverflowError:
            return self.bits(math.copysign(math.inf, x))

    def is_nan(self, bits: int) -> bool:
        """Whether a bit pattern is a NaN."""
        e = self.mant - 1
        emask = (1 << (self.width - 1)) - (1 << e)
        return bits & emask == emask and bits & ((1 << e) - 1) != 0

    def is_snan(self, bits: int) -> bool:
        """Whether a bit pattern is a signaling NaN (quiet bit clear)."""
        return self.is_nan(bits) and not bits >> (self.mant - 2) & 1

    def round_exact(self, q: Fraction) -> float:
        """Round an exact rational to this format, to nearest even (the
        result as a Python float, infinite on overflow; q != 0)."""
        sign = -1.0 if q < 0 else 1.0
        a = abs(q)
        e = a.numerator.bit_length() - a.denominator.bit_length()
        if a < Fraction(2) ** e:
            e -= 1
        e = max(e, self.emin)
        scale = e - (self.mant - 1)
        m = a / Fraction(2) ** scale
        n = m.numerator // m.denominator
        rest = m - n
        if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n & 1):
            n += 1
        if n * Fraction(2) ** scale >= Fraction(2) ** (self.emax + 1):
            return sign * math.inf
        return sign * math.ldexp(n, scale)


F32 = FloatFormat(32, 24, -126, 127, '<f')
F64 = FloatFormat(64, 53, -1022, 1023, '<d')


def f32(b: int) -> float:
    """The value of an f32 bit pattern."""
    return F32.value(b)


def b32(x: float) -> int:
    """x rounded to f32, as bits."""
    return F32.bits(x)


def is_zero_or_denorm(x: float, fmt: FloatFormat) -> bool:
    """Whether x (a value of fmt) is zero or subnormal."""
    return abs(x) < math.ldexp(1.0, fmt.emin)


def ieee_fma(a: float, b: float, c: float, fmt: FloatFormat) -> int:
    """a * b + c with one rounding to fmt (IEEE 754 fusedMultiplyAdd, what
    C's fma computes), as bits."""
    if math.isnan(a) or math.isnan(b) or math.isnan(c):
        return fmt.qnan
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return fmt.qnan
        prod_sign = math.copysign(1, a) * math.copysign(1, b)
        if math.isinf(c) and math.copysign(1, c) != prod_sign:
            return fmt.qnan
        return fmt.bits(prod_sign * math.inf)
    if math.isinf(c):
        return fmt.bits(c)
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        prod_neg = (math.copysign(1, a) * math.copysign(1, b)) < 0
        if a * b == 0 and c == 0:
            return fmt.bits(-0.0 if prod_neg and math.copysign(1, c) < 0
                            else 0.0)
        return fmt.bits(0.0)
    return fmt.bits(fmt.round_exact(exact))


def ulp_distance(a: int, b: int, fmt: FloatFormat) -> float:
    """Units in the last place between two non-NaN bit patterns of fmt
    (infinite when the signs differ and neither is zero)."""
    def ordered(x):
        """Bits as a signed integer ordered like the values."""
        sign = 1 << (fmt.width - 1)
        return -(x & (sign - 1)) if x & sign else x
    return abs(ordered(a) - ordered(b))


def c_fmin(x: float, y: float) -> float:
    """C's fmin as gem5's host computes it: a NaN operand yields the other
    one; of two equal values (+0 and -0 included) the second."""
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    return x if x < y else y


def c_fmax(x: float, y: float) -> float:
    """C's fmax, as c_fmin."""
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    return x if x > y else y


def round_integral(x: float, how: Callable[[float], int]) -> float:
    """floor/ceil/trunc of a float keeping infinities, NaNs and the sign of
    a zero result."""
    if math.isinf(x) or math.isnan(x):
        return x
    return math.copysign(float(how(x)), x)


# --------------------------------------------------------------------------
# Reference models derived from gem5's Vega implementation
# --------------------------------------------------------------------------
# Each takes the operands as raw bit patterns (ints) and returns a tuple of
# raw results, one per destination of the instruction's Spec.


def f32op(fn: Callable[..., float]) -> Callable[..., Tuple[int]]:
    """A model computing fn on the f32 values of its operands, rounded once
    to f32 (exact for +, -, *, / and sqrt: a double holds every such
    result exactly enough)."""
    return lambda *ops: (b32(fn(*[f32(o) for o in ops])),)


def f64op(fn: Callable[..., float]) -> Callable[..., Tuple[int]]:
    """A model computing fn on the f64 values of its operands."""
    return lambda *ops: (F64.bits(fn(*[F64.value(o) for o in ops])),)


def gem5_mul(x: float, y: float, fmt: FloatFormat) -> float:
    """gem5's v_mul_f32/v_mul_f64: NaN for a NaN operand; a zero or
    subnormal src0 gives a signed zero (NaN with an infinite src1); an
    infinite src0 gives a signed infinity (NaN with a zero or subnormal
    src1); else the product."""
    if math.isnan(x) or math.isnan(y):
        return math.nan
    neg = (math.copysign(1, x) < 0) != (math.copysign(1, y) < 0)
    if is_zero_or_denorm(x, fmt):
        return math.nan if math.isinf(y) else (-0.0 if neg else 0.0)
    if math.isinf(x):
        if is_zero_or_denorm(y, fmt):
            return math.nan
        return -math.inf if neg else math.inf
    return x * y


def gem5_add_f64(x: float, y: float) -> float:
    """gem5's v_add_f64: infinities and NaNs as IEEE, but a zero or
    subnormal operand counts as a zero (the other operand is returned, or a
    zero that is negative only if both are)."""
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if math.isinf(x) and math.isinf(y):
        return x if x == y else math.nan
    if math.isinf(x) or math.isinf(y):
        return x if math.isinf(x) else y
    zx, zy = is_zero_or_denorm(x, F64), is_zero_or_denorm(y, F64)
    if zx and zy:
        both_neg = math.copysign(1, x) < 0 and math.copysign(1, y) < 0
        return -0.0 if both_neg else 0.0
    if zx:
        return y
    if zy:
        return x
    return x + y


def gem5_cvt_i32_f32(a: int) -> Tuple[int]:
    """gem5's v_cvt_i32_f32: NaN -> 0; an infinity or frexp exponent > 30
    saturates by sign; else truncation."""
    x = f32(a)
    if math.isnan(x):
        return (0,)
    if math.isinf(x) or math.frexp(x)[1] > 30:
        return ((0x80000000 if x < 0 else 0x7FFFFFFF),)
    return (int(x) & M32,)


def gem5_cvt_u32_f32(a: int) -> Tuple[int]:
    """gem5's v_cvt_u32_f32: NaN -> 0; -inf -> 0, +inf or frexp exponent
    > 31 -> 0xffffffff; else truncation (a negative value, undefined in
    C, is taken as the manual's 0)."""
    x = f32(a)
    if math.isnan(x) or x == -math.inf:
        return (0,)
    if math.isinf(x) or math.frexp(x)[1] > 31:
        return (M32,)
    return (max(int(x), 0),)


def gem5_rndne(a: int) -> Tuple[int]:
    """gem5's roundNearestEven in float: floor(x + 0.5f), less one when
    floor(x) is even and |x| has a fractional part of exactly 0.5. Outside
    the int range (where gem5's (int) cast is undefined) the manual's
    rounding."""
    x = f32(a)
    if math.isnan(x) or math.isinf(x) or abs(x) >= 2.0 ** 31:
        return manual_rndne(a)
    r = float(math.floor(f32(b32(x + 0.5))))
    if math.floor(x) % 2 == 0 and abs(x) - math.floor(abs(x)) == 0.5:
        r -= 1
    return (b32(r),)


def gem5_fract(a: int) -> Tuple[int]:
    """gem5's v_fract_f32: modf's fractional part, x - trunc(x) (with the
    sign of x; NaN for NaN, a signed zero for an infinity)."""
    x = f32(a)
    if math.isnan(x):
        return (QNAN32,)
    if math.isinf(x):
        return (b32(math.copysign(0.0, x)),)
    return (b32(math.copysign(math.fmod(x, 1.0), x)),)


def gem5_frexp_mant(a: int) -> Tuple[int]:
    """gem5's v_frexp_mant_f32: frexp's significand; infinities and NaNs
    are returned as they are."""
    x = f32(a)
    if math.isinf(x) or math.isnan(x):
        return (a if math.isinf(x) else QNAN32,)
    return (b32(math.frexp(x)[0]),)


def gem5_frexp_exp(a: int) -> Tuple[int]:
    """gem5's v_frexp_exp_i32_f32: frexp's exponent; 0 for an infinity or
    NaN."""
    x = f32(a)
    if math.isinf(x) or math.isnan(x):
        return (0,)
    return (math.frexp(x)[1] & M32,)


def gem5_ldexp(a: int, n: int) -> Tuple[int]:
    """gem5's v_ldexp_f32: std::ldexp(S0.f, S1.i), one rounding to f32."""
    x = f32(a)
    if math.isnan(x) or math.isinf(x) or x == 0:
        return (b32(x),)
    e = max(min(s32(n), 400), -400)
    return (b32(F32.round_exact(Fraction(x) * Fraction(2) ** e)),)


def gem5_rcp(a: int) -> Tuple[int]:
    """gem5's v_rcp_f32: 1.0 / S0.f in double, rounded to f32."""
    x = f32(a)
    if x == 0:
        return (b32(math.copysign(math.inf, x)),)
    return (b32(1.0 / x),)


def gem5_sqrt(x: float) -> float:
    """std::sqrt: NaN below zero, -0 for -0."""
    if math.isnan(x) or x < 0:
        return math.nan
    return math.sqrt(x)


def gem5_rsq(a: int) -> Tuple[int]:
    """gem5's v_rsq_f32: 1.0 / std::sqrt(S0.f), the root rounded to f32
    first."""
    r = f32(b32(gem5_sqrt(f32(a))))
    if r == 0:
        return (b32(math.copysign(math.inf, r)),)
    return (b32(1.0 / r),)


def gem5_cmp_class(a: int, mask: int, fmt: FloatFormat = F32) -> Tuple[int]:
    """gem5's v_cmp_class_f32: mask bit 0 or 1 -> any NaN; 2 -inf, 3
    -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf."""
    x = fmt.value(a)
    if math.isnan(x):
        return (int(bool(mask & 3)),)
    return (int(bool(mask >> fp_class_bit(x, fmt) & 1)),)


def fp_class_bit(x: float, fmt: FloatFormat) -> int:
    """The v_cmp_class mask bit (2..9) of a non-NaN value."""
    neg = math.copysign(1, x) < 0
    if math.isinf(x):
        return 2 if neg else 9
    if x == 0:
        return 5 if neg else 6
    if is_zero_or_denorm(x, fmt):
        return 4 if neg else 7
    return 3 if neg else 8


def first_opposite_sign_bit(a: int) -> int:
    """Bits from the MSB up to the first one that differs from the sign
    bit; 0xffffffff for 0 and -1 (gem5's firstOppositeSignBit)."""
    if a in (0, M32):
        return M32
    v = a ^ M32 if a >> 31 else a
    return 32 - v.bit_length()


def gem5_med3_f32(a: int, b: int, c: int) -> Tuple[int]:
    """gem5's v_med3_f32: fmax(fmin(a, b), fmin(fmax(a, b), c)) with C's
    fmin/fmax (a NaN operand is ignored)."""
    x, y, z = f32(a), f32(b), f32(c)
    return (b32(c_fmax(c_fmin(x, y), c_fmin(c_fmax(x, y), z))),)


def gem5_bfe(x: int, off: int, width: int, signed: bool) -> int:
    """v_bfe/s_bfe: the field of `width` bits at `off` (an arithmetic shift
    for signed), sign-extended from its top bit for signed; width 0 gives 0
    and a width of 32 or more keeps every shifted bit (gem5's 1 << width is
    undefined there; this is the manual's meaning)."""
    shifted = (s32(x) if signed else x) >> off
    if width == 0:
        return 0
    field_ = shifted & ((1 << width) - 1) if width < 32 else shifted
    return (sext(field_, width) if signed and width < 32 else field_) & M32


def sub_borrow_gem5(a: int, b: int, c: int) -> int:
    """gem5's borrow of a - b - c: (b + c) > a computed in 32 bits, so
    b = 0xffffffff with c = 1 wraps to 0 and gives no borrow."""
    return int(((b + c) & M32) > a)


def scalar_cmp(op: str) -> Callable[[float, float], bool]:
    """The predicate of a v_cmp_<op>_{f32,i32,u32}, as gem5 writes it with
    C's comparison operators."""
    return {
        'f': lambda x, y: False, 'tru': lambda x, y: True, 't': lambda x, y: True,
        'lt': lambda x, y: x < y, 'eq': lambda x, y: x == y,
        'le': lambda x, y: x <= y, 'gt': lambda x, y: x > y,
        'lg': lambda x, y: x < y or x > y, 'ne': lambda x, y: x != y,
        'ge': lambda x, y: x >= y,
        'o': lambda x, y: not (math.isnan(x) or math.isnan(y)),
        'u': lambda x, y: math.isnan(x) or math.isnan(y),
        'nge': lambda x, y: not x >= y, 'nlg': lambda x, y: not (x < y or x > y),
        'ngt': lambda x, y: not x > y, 'nle': lambda x, y: not x <= y,
        'neq': lambda x, y: not x == y, 'nlt': lambda x, y: not x < y,
    }[op]


# --------------------------------------------------------------------------
# Models of the ISA manual, for the known differences
# --------------------------------------------------------------------------


def manual_rndne(a: int) -> Tuple[int]:
    """round_nearest_even(S0.f): ties to even, the sign of a zero kept."""
    x = f32(a)
    if math.isnan(x) or math.isinf(x):
        return (a if math.isinf(x) else QNAN32,)
    return (b32(math.copysign(float(round(x)), x)),)


def manual_fract(a: int) -> Tuple[int]:
    """S0.f - floor(S0.f), at most the largest f32 below 1.0 (0x3f7fffff):
    a tiny negative x would otherwise round to 1.0; NaN for NaN and
    infinities."""
    x = f32(a)
    if math.isnan(x) or math.isinf(x):
        return (QNAN32,)
    r = b32(x - round_integral(x, math.floor))
    return (0x3F7FFFFF if f32(r) >= 1.0 else r,)


def manual_cvt_int(a: int, lo: int, hi: int) -> Tuple[int]:
    """(int)S0.f / (unsigned)S0.f: truncation, saturating to [lo, hi],
    NaN -> 0."""
    x = f32(a)
    if math.isnan(x):
        return (0,)
    if math.isinf(x):
        return ((lo if x < 0 else hi) & M32,)
    return (min(max(int(x), lo), hi) & M32,)


def manual_minmax(pick_min: bool, fmt: FloatFormat = F32):
    """v_min/v_max in IEEE mode (IEEE 754-2008 minNum/maxNum): a signaling
    NaN operand gives a quiet NaN, one quiet NaN gives the other operand,
    and -0 is less than +0."""
    def model(a: int, b: int) -> Tuple[int]:
        """The result for two operands' bits."""
        if fmt.is_snan(a) or fmt.is_snan(b) or (fmt.is_nan(a) and fmt.is_nan(b)):
            return (fmt.qnan,)
        if fmt.is_nan(a) or fmt.is_nan(b):
            return (b if fmt.is_nan(a) else a,)
        x, y = fmt.value(a), fmt.value(b)
        kx = (x, math.copysign(1, x))
        ky = (y, math.copysign(1, y))
        return (a if (kx < ky) == pick_min and kx != ky else b,)
    return model


def manual_minmax3(kind: str):
    """v_min3/max3/med3_f32 as the manual: min3 and max3 are two min/max in
    IEEE mode; med3 with a NaN operand is min3, else the median (by the
    same order, -0 below +0)."""
    mn, mx = manual_minmax(True), manual_minmax(False)

    def model(a: int, b: int, c: int) -> Tuple[int]:
        """The result for three operands' bits."""
        if kind == 'min' or (kind == 'med' and any(F32.is_nan(v) for v in (a, b, c))):
            return mn(mn(a, b)[0], c)
        if kind == 'max':
            return mx(mx(a, b)[0], c)
        return mx(mn(a, b)[0], mn(mx(a, b)[0], c)[0])
    return model


def manual_cmp_class(a: int, mask: int) -> Tuple[int]:
    """v_cmp_class_f32: mask bit 0 signaling NaN, bit 1 quiet NaN."""
    if F32.is_nan(a):
        return (int(bool(mask >> (0 if F32.is_snan(a) else 1) & 1)),)
    return gem5_cmp_class(a, mask)


def manual_ieee(fn: Callable[[float, float], float], fmt: FloatFormat):
    """The IEEE operation on fmt values, subnormals kept (the descriptor's
    FLOAT_DENORM_MODE preserves them)."""
    return lambda a, b: (fmt.bits(fn(fmt.value(a), fmt.value(b))),)


def flush32(x: float) -> float:
    """An f32 value with a subnormal flushed to a zero of its sign."""
    return math.copysign(0.0, x) if is_zero_or_denorm(x, F32) else x


def legacy_mad_f32(a: int, b: int, c: int) -> Tuple[int]:
    """v_mad_f32/v_mac_f32 as LLVM's AMDGPU backend describes them: not
    fused (the product is rounded, then the sum), and without denormal
    support: subnormal inputs, product and result are flushed to zero."""
    x, y, z = (flush32(f32(v)) for v in (a, b, c))
    p = flush32(f32(b32(x * y)))
    return (b32(flush32(f32(b32(p + z)))),)


# --------------------------------------------------------------------------
# The instruction table
# --------------------------------------------------------------------------
# Operand kinds (all as raw bits): u32 any word, sh a shift amount, exp an
# ldexp exponent, b1 a
# carry or SCC input (0/1), f32, f64, u64, cls a v_cmp_class mask, sbfe an
# s_bfe field word (offset[4:0], width[22:16]). Destination kinds: u32, f32,
# u64, f64 (a VGPR or SGPR, or a pair), mask (VCC of a lane, 0/1), scc.


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


def add_carry(a, b, c=0):
    """(a + b + c) mod 2^32 and its carry out."""
    t = a + b + c
    return (t & M32, t >> 32)


def sub_borrow(a, b, c=0):
    """a - b - c mod 2^32 with gem5's borrow (sub_borrow_gem5)."""
    return ((a - b - c) & M32, sub_borrow_gem5(a, b, c))


def sub_borrow_exact(a, b, c=0):
    """a - b - c mod 2^32 with the exact borrow."""
    return ((a - b - c) & M32, int(a < b + c))


def mad64(a, b, c, signed):
    """v_mad_{u64_u32,i64_i32}: the 64-bit sum and gem5's carry, set when
    the 128-bit result has bits above bit 63 (for signed: when it is
    negative, as gem5's muladd returns (result >> 64) != 0)."""
    if signed:
        r = s32(a) * s32(b) + s64(c)
    else:
        r = a * b + c
    return (r & M64, int((r >> 64) != 0))


def build_table() -> List[Spec]:
    """Every instruction checked, in report order."""
    u2, u3 = ('u32', 'u32'), ('u32', 'u32', 'u32')
    t: List[Spec] = []
    # VOP2/VOP3 32-bit integer ALU.
    t += [
        vop('v_add_u32', u2, ('u32',), lambda a, b: ((a + b) & M32,)),
        vop('v_sub_u32', u2, ('u32',), lambda a, b: ((a - b) & M32,)),
        vop('v_subrev_u32', u2, ('u32',), lambda a, b: ((b - a) & M32,)),
        vop('v_add_co_u32', u2, ('u32', 'mask'), add_carry),
        vop('v_sub_co_u32', u2, ('u32', 'mask'), sub_borrow),
        vop('v_subrev_co_u32', u2, ('u32', 'mask'), lambda a, b: sub_borrow(b, a)),
        vop('v_addc_co_u32', ('u32', 'u32', 'b1'), ('u32', 'mask'), add_carry),
        vop('v_subb_co_u32', ('u32', 'u32', 'b1'), ('u32', 'mask'), sub_borrow),
        vop('v_subbrev_co_u32', ('u32', 'u32', 'b1'), ('u32', 'mask'),
            lambda a, b, c: sub_borrow(b, a, c)),
        vop('v_mul_lo_u32', u2, ('u32',), lambda a, b: ((a * b) & M32,)),
        vop('v_mul_hi_u32', u2, ('u32',), lambda a, b: ((a * b) >> 32,)),
        vop('v_mul_hi_i32', u2, ('u32',), lambda a, b: (((s32(a) * s32(b)) >> 32) & M32,)),
        vop('v_mul_u32_u24', u2, ('u32',), lambda a, b: (((a & 0xFFFFFF) * (b & 0xFFFFFF)) & M32,)),
        vop('v_mul_hi_u32_u24', u2, ('u32',), lambda a, b: (((a & 0xFFFFFF) * (b & 0xFFFFFF)) >> 32,)),
        vop('v_mul_i32_i24', u2, ('u32',), lambda a, b: ((sext(a, 24) * sext(b, 24)) & M32,)),
        vop('v_mul_hi_i32_i24', u2, ('u32',), lambda a, b: (((sext(a, 24) * sext(b, 24)) >> 32) & M32,)),
        vop('v_mad_u32_u24', u3, ('u32',), lambda a, b, c: (((a & 0xFFFFFF) * (b & 0xFFFFFF) + c) & M32,)),
        vop('v_mad_i32_i24', u3, ('u32',), lambda a, b, c: ((sext(a, 24) * sext(b, 24) + c) & M32,)),
        vop('v_bfe_u32', ('u32', 'sh', 'sh'), ('u32',),
            lambda a, o, w: (gem5_bfe(a, o & 31, w & 31, False),)),
        vop('v_bfe_i32', ('u32', 'sh', 'sh'), ('u32',),
            lambda a, o, w: (gem5_bfe(a, o & 31, w & 31, True),)),
        vop('v_bfi_b32', u3, ('u32',), lambda a, b, c: ((a & b) | (~a & c & M32),)),
        vop('v_bfm_b32', ('sh', 'sh'), ('u32',),
            lambda a, b: ((((1 << (a & 31)) - 1) << (b & 31)) & M32,)),
        vop('v_alignbit_b32', ('u32', 'u32', 'sh'), ('u32',),
            lambda a, b, c: ((((a << 32) | b) >> (c & 31)) & M32,)),
        vop('v_alignbyte_b32', ('u32', 'u32', 'sh'), ('u32',),
            lambda a, b, c: ((((a << 32) | b) >> (8 * (c & 31))) & M32,)),
        vop('v_lshlrev_b32', ('sh', 'u32'), ('u32',), lambda a, b: ((b << (a & 31)) & M32,)),
        vop('v_lshrrev_b32', ('sh', 'u32'), ('u32',), lambda a, b: (b >> (a & 31),)),
        vop('v_ashrrev_i32', ('sh', 'u32'), ('u32',), lambda a, b: ((s32(b) >> (a & 31)) & M32,)),
        vop('v_lshl_add_u32', ('u32', 'sh', 'u32'), ('u32',),
            lambda a, b, c: (((a << (b & 31)) + c) & M32,)),
        vop('v_add_lshl_u32', ('u32', 'u32', 'sh'), ('u32',),
            lambda a, b, c: ((((a + b) & M32) << (c & 31)) & M32,)),
        vop('v_lshl_or_b32', ('u32', 'sh', 'u32'), ('u32',),
            lambda a, b, c: (((a << (b & 31)) & M32) | c,)),
        vop('v_add3_u32', u3, ('u32',), lambda a, b, c: ((a + b + c) & M32,)),
        vop('v_xad_u32', u3, ('u32',), lambda a, b, c: (((a ^ b) + c) & M32,)),
        vop('v_and_or_b32', u3, ('u32',), lambda a, b, c: ((a & b) | c,)),
        vop('v_or3_b32', u3, ('u32',), lambda a, b, c: (a | b | c,)),
        vop('v_and_b32', u2, ('u32',), lambda a, b: (a & b,)),
        vop('v_or_b32', u2, ('u32',), lambda a, b: (a | b,)),
        vop('v_xor_b32', u2, ('u32',), lambda a, b: (a ^ b,)),
        vop('v_bcnt_u32_b32', u2, ('u32',), lambda a, b: ((bin(a).count('1') + b) & M32,)),
        vop('v_min_i32', u2, ('u32',), lambda a, b: (min(s32(a), s32(b)) & M32,)),
        vop('v_max_i32', u2, ('u32',), lambda a, b: (max(s32(a), s32(b)) & M32,)),
        vop('v_min_u32', u2, ('u32',), lambda a, b: (min(a, b),)),
        vop('v_max_u32', u2, ('u32',), lambda a, b: (max(a, b),)),
        vop('v_min3_i32', u3, ('u32',), lambda a, b, c: (min(s32(a), s32(b), s32(c)) & M32,)),
        vop('v_max3_i32', u3, ('u32',), lambda a, b, c: (max(s32(a), s32(b), s32(c)) & M32,)),
        vop('v_min3_u32', u3, ('u32',), lambda a, b, c: (min(a, b, c),)),
        vop('v_max3_u32', u3, ('u32',), lambda a, b, c: (max(a, b, c),)),
        vop('v_med3_i32', u3, ('u32',), lambda a, b, c: (sorted([s32(a), s32(b), s32(c)])[1] & M32,)),
        vop('v_med3_u32', u3, ('u32',), lambda a, b, c: (sorted([a, b, c])[1],)),
        vop('v_cvt_f32_i32', ('u32',), ('f32',), lambda a: (b32(float(s32(a))),)),
        vop('v_cvt_f32_u32', ('u32',), ('f32',), lambda a: (b32(float(a)),)),
        vop('v_cvt_i32_f32', ('f32',), ('u32',), gem5_cvt_i32_f32),
        vop('v_cvt_u32_f32', ('f32',), ('u32',), gem5_cvt_u32_f32),
    ]
    # VOP1 bit operations.
    t += [
        vop('v_not_b32', ('u32',), ('u32',), lambda a: (~a & M32,)),
        vop('v_bfrev_b32', ('u32',), ('u32',), lambda a: (int('{:032b}'.format(a)[::-1], 2),)),
        vop('v_ffbh_u32', ('u32',), ('u32',), lambda a: ((a.bit_length() - 1) & M32,)),
        vop('v_ffbl_b32', ('u32',), ('u32',),
            lambda a: (((a & -a).bit_length() - 1) & M32,)),
        vop('v_ffbh_i32', ('u32',), ('u32',), lambda a: (first_opposite_sign_bit(a),)),
    ]
    # f32 arithmetic.
    f2, f3 = ('f32', 'f32'), ('f32', 'f32', 'f32')
    t += [
        vop('v_add_f32', f2, ('f32',), f32op(lambda x, y: x + y)),
        vop('v_sub_f32', f2, ('f32',), f32op(lambda x, y: x - y)),
        vop('v_subrev_f32', f2, ('f32',), f32op(lambda x, y: y - x)),
        vop('v_mul_f32', f2, ('f32',), f32op(lambda x, y: gem5_mul(x, y, F32))),
        vop('v_fma_f32', f3, ('f32',), lambda a, b, c: (ieee_fma(f32(a), f32(b), f32(c), F32),)),
        vop('v_mac_f32', f3, ('f32',), lambda a, b, c: (ieee_fma(f32(a), f32(b), f32(c), F32),),
            form='v_mov_b32 {d0}, {s2}\n  v_mac_f32 {d0}, {s0}, {s1}'),
        vop('v_mad_f32', f3, ('f32',), lambda a, b, c: (ieee_fma(f32(a), f32(b), f32(c), F32),)),
        vop('v_min_f32', f2, ('f32',), f32op(c_fmin)),
        vop('v_max_f32', f2, ('f32',), f32op(c_fmax)),
        vop('v_min3_f32', f3, ('f32',), f32op(lambda x, y, z: c_fmin(c_fmin(x, y), z))),
        vop('v_max3_f32', f3, ('f32',), f32op(lambda x, y, z: c_fmax(c_fmax(x, y), z))),
        vop('v_med3_f32', f3, ('f32',), gem5_med3_f32),
        vop('v_ldexp_f32', ('f32', 'exp'), ('f32',), gem5_ldexp),
        vop('v_floor_f32', ('f32',), ('f32',), f32op(lambda x: round_integral(x, math.floor))),
        vop('v_ceil_f32', ('f32',), ('f32',), f32op(lambda x: round_integral(x, math.ceil))),
        vop('v_trunc_f32', ('f32',), ('f32',), f32op(lambda x: round_integral(x, math.trunc))),
        vop('v_rndne_f32', ('f32',), ('f32',), gem5_rndne),
        vop('v_fract_f32', ('f32',), ('f32',), gem5_fract),
        vop('v_frexp_mant_f32', ('f32',), ('f32',), gem5_frexp_mant),
        vop('v_frexp_exp_i32_f32', ('f32',), ('u32',), gem5_frexp_exp),
        vop('v_rcp_f32', ('f32',), ('f32',), gem5_rcp, ulps=TRANSCENDENTAL_ULPS),
        vop('v_rsq_f32', ('f32',), ('f32',), gem5_rsq, ulps=TRANSCENDENTAL_ULPS),
        vop('v_sqrt_f32', ('f32',), ('f32',), f32op(gem5_sqrt), ulps=TRANSCENDENTAL_ULPS),
        vop('v_cvt_f64_f32', ('f32',), ('f64',), lambda a: (F64.bits(f32(a)),)),
        vop('v_cvt_f32_f64', ('f64',), ('f32',), lambda a: (b32(F64.value(a)),)),
    ]
    # VOPC compares (e32: the result in VCC).
    for op in ('f', 'lt', 'eq', 'le', 'gt', 'ne', 'ge', 't'):
        for ty, conv in (('i32', s32), ('u32', lambda v: v)):
            pred = scalar_cmp(op)
            t.append(vop('v_cmp_%s_%s' % (op, ty), u2, ('mask',),
                         mask_result(lambda a, b, p=pred, c=conv: p(c(a), c(b)))))
    for op in ('f', 'lt', 'eq', 'le', 'gt', 'lg', 'ge', 'o', 'u', 'nge', 'nlg',
               'ngt', 'nle', 'neq', 'nlt', 'tru'):
        pred = scalar_cmp(op)
        t.append(vop('v_cmp_%s_f32' % op, f2, ('mask',),
                     mask_result(lambda a, b, p=pred: p(f32(a), f32(b)))))
    t.append(vop('v_cmp_class_f32', ('f32', 'cls'), ('mask',), gem5_cmp_class))
    # SOP2 / SOP1 scalar.
    nz = lambda d: (d & M32, int(d & M32 != 0))
    t += [
        sop('s_add_u32', u2, lambda a, b: add_carry(a, b)),
        sop('s_sub_u32', u2, lambda a, b: sub_borrow(a, b)),
        sop('s_addc_u32', ('u32', 'u32', 'b1'), add_carry),
        sop('s_subb_u32', ('u32', 'u32', 'b1'), sub_borrow),
        sop('s_add_i32', u2, lambda a, b: ((a + b) & M32, int(not -2**31 <= s32(a) + s32(b) < 2**31))),
        sop('s_sub_i32', u2, lambda a, b: ((a - b) & M32, int(not -2**31 <= s32(a) - s32(b) < 2**31))),
        sop('s_mul_i32', u2, lambda a, b: ((a * b) & M32,), scc=False),
        sop('s_mul_hi_u32', u2, lambda a, b: ((a * b) >> 32,), scc=False),
        sop('s_mul_hi_i32', u2, lambda a, b: (((s32(a) * s32(b)) >> 32) & M32,), scc=False),
        sop('s_lshl_b32', ('u32', 'sh'), lambda a, b: nz(a << (b & 31))),
        sop('s_lshr_b32', ('u32', 'sh'), lambda a, b: nz(a >> (b & 31))),
        sop('s_ashr_i32', ('u32', 'sh'), lambda a, b: nz(s32(a) >> (b & 31))),
        sop('s_bfe_u32', ('u32', 'sbfe'), lambda a, b: nz(gem5_bfe(a, b & 31, (b >> 16) & 127, False))),
        sop('s_bfe_i32', ('u32', 'sbfe'), lambda a, b: nz(gem5_bfe(a, b & 31, (b >> 16) & 127, True))),
        sop('s_bfm_b32', ('sh', 'sh'), lambda a, b: ((((1 << (a & 31)) - 1) << (b & 31)) & M32,), scc=False),
        sop('s_and_b32', u2, lambda a, b: nz(a & b)),
        sop('s_or_b32', u2, lambda a, b: nz(a | b)),
        sop('s_xor_b32', u2, lambda a, b: nz(a ^ b)),
        sop('s_andn2_b32', u2, lambda a, b: nz(a & ~b)),
        sop('s_orn2_b32', u2, lambda a, b: nz(a | ~b)),
        sop('s_nand_b32', u2, lambda a, b: nz(~(a & b))),
        sop('s_nor_b32', u2, lambda a, b: nz(~(a | b))),
        sop('s_xnor_b32', u2, lambda a, b: nz(~(a ^ b))),
        sop('s_min_i32', u2, lambda a, b: (min(s32(a), s32(b)) & M32, int(s32(a) < s32(b)))),
        sop('s_max_i32', u2, lambda a, b: (max(s32(a), s32(b)) & M32, int(s32(a) > s32(b)))),
        sop('s_min_u32', u2, lambda a, b: (min(a, b), int(a < b))),
        sop('s_max_u32', u2, lambda a, b: (max(a, b), int(a > b))),
        sop('s_absdiff_i32', u2, lambda a, b: nz(abs(s32(a - b)))),
        sop('s_cselect_b32', ('u32', 'u32', 'b1'), lambda a, b, c: (a if c else b,), scc=False),
        sop('s_not_b32', ('u32',), lambda a: nz(~a)),
        sop('s_abs_i32', ('u32',), lambda a: nz(abs(s32(a)))),
        sop('s_brev_b32', ('u32',), lambda a: (int('{:032b}'.format(a)[::-1], 2),), scc=False),
        sop('s_ff1_i32_b32', ('u32',), lambda a: (((a & -a).bit_length() - 1) & M32,), scc=False),
        sop('s_ff0_i32_b32', ('u32',), lambda a: (((~a & (a + 1)).bit_length() - 1) & M32
                                                    if a != M32 else M32,), scc=False),
        sop('s_flbit_i32_b32', ('u32',), lambda a: ((32 - a.bit_length()) if a else M32,), scc=False),
        sop('s_flbit_i32', ('u32',), lambda a: (first_opposite_sign_bit(a),), scc=False),
        sop('s_bcnt1_i32_b32', ('u32',), lambda a: nz(bin(a).count('1'))),
        sop('s_bcnt0_i32_b32', ('u32',), lambda a: nz(32 - bin(a).count('1'))),
        sop('s_sext_i32_i8', ('u32',), lambda a: (sext(a, 8) & M32,), scc=False),
        sop('s_sext_i32_i16', ('u32',), lambda a: (sext(a, 16) & M32,), scc=False),
    ]
    # 64-bit.
    f64_2 = ('f64', 'f64')
    t += [
        vop('v_lshlrev_b64', ('sh', 'u64'), ('u64',), lambda a, b: ((b << (a & 63)) & M64,)),
        vop('v_lshrrev_b64', ('sh', 'u64'), ('u64',), lambda a, b: (b >> (a & 63),)),
        vop('v_ashrrev_i64', ('sh', 'u64'), ('u64',), lambda a, b: ((s64(b) >> (a & 63)) & M64,)),
        vop('v_mad_u64_u32', ('u32', 'u32', 'u64'), ('u64', 'mask'),
            lambda a, b, c: mad64(a, b, c, False)),
        vop('v_mad_i64_i32', ('u32', 'u32', 'u64'), ('u64', 'mask'),
            lambda a, b, c: mad64(a, b, c, True)),
        vop('v_add_f64', f64_2, ('f64',), f64op(gem5_add_f64)),
        vop('v_mul_f64', f64_2, ('f64',), f64op(lambda x, y: gem5_mul(x, y, F64))),
        vop('v_fma_f64', ('f64', 'f64', 'f64'), ('f64',),
            lambda a, b, c: (ieee_fma(F64.value(a), F64.value(b), F64.value(c), F64),)),
        vop('v_min_f64', f64_2, ('f64',), f64op(c_fmin)),
        vop('v_max_f64', f64_2, ('f64',), f64op(c_fmax)),
    ]
    return t


# --------------------------------------------------------------------------
# Known differences between gem5 and the emulator
# --------------------------------------------------------------------------


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
    """A `manual` lookup from an instruction name."""
    return lambda name: table[name]


# Quotations of the manual are the Vega ISA descriptions gem5 reproduces
# ("--- description from .arch file ---").
KNOWN_DIFFERENCES: List[KnownDifference] = [
    KnownDifference(
        'sub-borrow-wrap', ('v_subb_co_u32', 'v_subbrev_co_u32', 's_subb_u32'),
        'emulator',
        "gem5 computes the borrow as (S1 + carry) > S0 in 32 bits, so "
        "S1 = 0xffffffff with a carry in wraps to 0 and reports no borrow. "
        "The manual: 'D.u = S0.u - S1.u - VCC[threadId]; VCC[threadId] = "
        "(S1.u + VCC[threadId] > S0.u ? 1 : 0) is an UNSIGNED overflow', the "
        "borrow of the full subtraction.",
        by_name({'v_subb_co_u32': sub_borrow_exact,
                 'v_subbrev_co_u32': lambda a, b, c: sub_borrow_exact(b, a, c),
                 's_subb_u32': sub_borrow_exact})),
    KnownDifference(
        'alignbyte-byte-select', ('v_alignbyte_b32',), 'emulator',
        "gem5 shifts {S0, S1} right by 8 * S2[4:0] bytes' worth of bits, so "
        "S2 = 4 to 7 shifts by 32 to 56 bits and S2 >= 8 gives 0; that is the "
        "Vega text it quotes, 'D.u = ({S0,S1} >> (8*S2.u[4:0])) & "
        "0xffffffff'. The RDNA3 manual's pseudo-code selects the byte with "
        "S2[1:0] only ('{ S0.u32, S1.u32 } >> (S2.u32[1 : 0] * 8)'), and so "
        "does the emulator.",
        by_name({'v_alignbyte_b32':
                 lambda a, b, c: ((((a << 32) | b) >> (8 * (c & 3))) & M32,)})),
    KnownDifference(
        'ffbh-u32-from-lsb', ('v_ffbh_u32',), 'emulator',
        "gem5 returns findMsbSet(S0), the bit index of the highest one counted "
        "from the LSB (0x80000000 -> 31). The manual: 'D.u = position of first 1 "
        "in S0.u from MSB; D.u = 0xffffffff if S0.u == 0' (0x80000000 -> 0), as "
        "gem5's own s_flbit_i32_b32 computes.",
        by_name({'v_ffbh_u32': lambda a: ((32 - a.bit_length()) if a else M32,)})),
    KnownDifference(
        'cvt-saturates-early', ('v_cvt_i32_f32', 'v_cvt_u32_f32'), 'emulator',
        "gem5 saturates when frexp's exponent exceeds 30 (i32) or 31 (u32), "
        "which already holds for |x| in [2^30, 2^31) resp. [2^31, 2^32), values "
        "that fit. The manual: 'D.u = (unsigned)S0.f. Out-of-range floating "
        "point values (including infinity) saturate. NaN is converted to 0.' "
        "(and the same for (int)): truncation, saturating only out of range.",
        by_name({'v_cvt_i32_f32': lambda a: manual_cvt_int(a, -2**31, 2**31 - 1),
                 'v_cvt_u32_f32': lambda a: manual_cvt_int(a, 0, M32)})),
    KnownDifference(
        'rndne-float-rounding', ('v_rndne_f32',), 'emulator',
        "gem5 computes floor(x + 0.5f) in single precision, so x + 0.5 rounds "
        "first (0.49999997 -> 1.0; odd integers in [2^23, 2^24) move up by 1), "
        "and -0.5 gives +0. The manual: 'D.f = round_nearest_even(S0.f)'.",
        by_name({'v_rndne_f32': manual_rndne})),
    KnownDifference(
        'fract-of-negative', ('v_fract_f32',), 'emulator',
        "gem5 returns modf's fractional part, x - trunc(x), which is negative "
        "for negative x, and 0 for infinities. The manual: 'D.f = S0.f - "
        "floor(S0.f)', in [0, 1); LLVM's constant folding of llvm.amdgcn.fract "
        "clamps it to the largest float below 1 (0x3f7fffff) and gives NaN for "
        "infinities.",
        by_name({'v_fract_f32': manual_fract})),
    KnownDifference(
        'mul-denormal-src0', ('v_mul_f32', 'v_mul_f64', 'v_add_f64'), 'emulator',
        "gem5 treats a subnormal operand as zero (src0 of v_mul_f32/f64, "
        "either operand of v_add_f64) whatever the denormal mode. The kernels "
        "run with FLOAT_DENORM_MODE_32 = FLOAT_DENORM_MODE_16_64 = 3, under "
        "which the manual keeps denormal inputs: the IEEE result.",
        by_name({'v_mul_f32': manual_ieee(lambda x, y: x * y, F32),
                 'v_mul_f64': manual_ieee(lambda x, y: x * y, F64),
                 'v_add_f64': manual_ieee(lambda x, y: x + y, F64)})),
    KnownDifference(
        'minmax-ieee', ('v_min_f32', 'v_max_f32', 'v_min_f64', 'v_max_f64',
                        'v_min3_f32', 'v_max3_f32'), 'emulator',
        "gem5 uses C's fmin/fmax: a signaling NaN operand is ignored like a "
        "quiet one, and of +0 and -0 the host's choice (x86: the second). "
        "The Vega text 'D.f = (S0.f < S1.f ? S0.f : S1.f)' says nothing of "
        "NaNs or zeros beyond IEEE mode (MODE.IEEE = 1, the kernel default: "
        "IEEE 754-2008 minNum/maxNum, a signaling NaN gives a quiet NaN); "
        "the pseudo-code of later AMD manuals (RDNA3, CDNA3) quiets a "
        "signaling NaN and orders -0 below +0, which the emulator does.",
        lambda name: ({'v_min_f32': manual_minmax(True), 'v_max_f32': manual_minmax(False),
                       'v_min_f64': manual_minmax(True, F64),
                       'v_max_f64': manual_minmax(False, F64),
                       'v_min3_f32': manual_minmax3('min'),
                       'v_max3_f32': manual_minmax3('max')}[name])),
    KnownDifference(
        'med3-nan', ('v_med3_f32',), 'emulator',
        "gem5 takes fmax(fmin(a, b), fmin(fmax(a, b), c)), ignoring NaNs "
        "pairwise. The Vega text is only 'D.f = median(S0.f, S1.f, S2.f)'; "
        "the pseudo-code of later AMD manuals (RDNA3, CDNA3) gives "
        "v_min3_f32 of the operands when any is a NaN, else the median, "
        "which the emulator does (-0 below +0 as in v_min/v_max).",
        by_name({'v_med3_f32': manual_minmax3('med')})),
    KnownDifference(
        'class-snan-qnan', ('v_cmp_class_f32',), 'emulator',
        "gem5 matches any NaN with mask bit 0 or 1. The manual: 'S1.u[0] -- "
        "value is a signaling NaN. S1.u[1] -- value is a quiet NaN.'",
        by_name({'v_cmp_class_f32': manual_cmp_class})),
    KnownDifference(
        'mad-mac-f32-legacy', ('v_mad_f32', 'v_mac_f32'), 'emulator',
        "gem5 computes v_mad_f32 and v_mac_f32 with std::fma: fused, "
        "denormals kept. The Vega text of V_MAD_F32 and V_FMA_F32 is the "
        "same, 'D.f = S0.f * S1.f + S2.f'; what tells them apart is "
        "LLVM's AMDGPU backend (SIISelLowering: 'v_mad_f32/v_mac_f32 do not "
        "support denormals') selects them only for an unfused multiply-add "
        "with f32 denormals flushed. Accepted: product rounded, then the "
        "sum, subnormal inputs, product and result flushed.",
        by_name({'v_mad_f32': legacy_mad_f32, 'v_mac_f32': legacy_mad_f32})),
    KnownDifference(
        's-max-scc-tie', ('s_max_i32', 's_max_u32'),
        'gem5 by the Vega wording (unclear)',
        "With S0 == S1 the emulator sets SCC (S0 >= S1). The Vega manual: "
        "'D.i = (S0.i > S1.i) ? S0.i : S1.i; SCC = 1 if S0 is chosen as the "
        "maximum value': on a tie S1 is chosen, SCC = 0, as gem5 computes. "
        "The destination is the same either way; no compiler reads this SCC. "
        "Accepted: the emulator's SCC = (S0 >= S1).",
        by_name({'s_max_i32': lambda a, b: (max(s32(a), s32(b)) & M32, int(s32(a) >= s32(b))),
                 's_max_u32': lambda a, b: (max(a, b), int(a >= b))})),
]

# --------------------------------------------------------------------------
# Operand generation
# --------------------------------------------------------------------------

EDGE_U32 = [0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0x80000001, M32, M32 - 1,
            0x00FFFFFF, 0x01000000, 0x00800000, 0xFF800000, 0x55555555,
            0xAAAAAAAA, 0xFFFF, 0x10000, 31, 32, 33]
EDGE_SH = [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 0x7F, 0xFF, 0x80000000, M32]
EDGE_F32 = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000,
            0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
            0x7FA00000, 0x7FC12345, 0x00000001, 0x80000001, 0x007FFFFF,
            0x807FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF,
            0x3F000000, 0xBF000000, 0x3FC00000, 0xBFC00000, 0x40200000,
            0xC0200000, 0x3EFFFFFF, 0xBEFFFFFF, 0x4B000000, 0x4B000001,
            0x4B7FFFFF, 0x4E800000, 0x4EB2D05E, 0x4F000000, 0xCF000000,
            0x4F7FFFFF, 0x4F800000, 0xB3800000, 0x33800000, 0x3F7FFFFF]
EDGE_F64 = [0, 1 << 63, 0x3FF0000000000000, 0xBFF0000000000000,
            0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
            0xFFF8000000000001, 0x7FF0000000000001, 0x0000000000000001,
            0x800FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF,
            0x3FE0000000000000, 0x4330000000000000, 0x0000000100000000]


def random_float_bits(rng: random.Random, fmt: FloatFormat) -> int:
    """A random float: uniform bits, a value of moderate magnitude, a small
    integer, or a subnormal."""
    pick = rng.random()
    width = fmt.width
    if pick < 0.3:
        return rng.getrandbits(width)
    if pick < 0.7:
        return fmt.bits(rng.choice((-1, 1)) * rng.uniform(0, 1) * 2.0 ** rng.randint(-30, 34))
    if pick < 0.9:
        return fmt.bits(float(rng.randint(-300, 300)) + rng.choice((0, 0.5, 0.25)))
    return rng.getrandbits(fmt.mant - 1) | (rng.getrandbits(1) << (width - 1))


def gen_operand(kind: str, rng: random.Random) -> int:
    """One random operand of a kind, an edge value a quarter of the time."""
    edge = rng.random() < 0.25
    if kind == 'b1':
        return rng.getrandbits(1)
    if kind == 'u32':
        if edge:
            return rng.choice(EDGE_U32)
        return rng.choice((rng.getrandbits(32), rng.getrandbits(rng.randint(1, 32)),
                           (-rng.getrandbits(rng.randint(1, 31))) & M32))
    if kind == 'sh':
        if edge:
            return rng.choice(EDGE_SH)
        return rng.choice((rng.randint(0, 70), rng.getrandbits(32)))
    if kind == 'exp':
        return rng.choice((0, 1, -1, 127, -126, -149, 128, 0x7FFFFFFF, -2**31)) & M32 \
            if edge else rng.randint(-300, 300) & M32
    if kind == 'u64':
        if edge:
            return rng.choice(EDGE_U32 + EDGE_F64)
        return rng.getrandbits(rng.choice((64, 33, 16)))
    if kind == 'f32':
        return rng.choice(EDGE_F32) if edge else random_float_bits(rng, F32)
    if kind == 'f64':
        return rng.choice(EDGE_F64) if edge else random_float_bits(rng, F64)
    if kind == 'cls':
        return (1 << rng.randint(0, 9)) if edge else rng.getrandbits(10)
    if kind == 'sbfe':
        width = rng.choice((0, 1, 31, 32)) if edge else rng.randint(0, 32)
        return (rng.getrandbits(32) & 0xFF80FFE0) | (width << 16) | rng.randint(0, 31)
    raise ValueError(kind)


def in_kinds(spec: Spec) -> List[str]:
    """The kinds of the operands loaded for an instruction: its sources,
    and for a scalar one an SCC input last if it has none."""
    kinds = list(spec.srcs)
    if spec.unit == 's' and 'b1' not in kinds:
        kinds.append('b1')
    return kinds


def gen_cases(spec: Spec, n: int, rng: random.Random) -> List[Tuple[int, ...]]:
    """n operand sets for an instruction."""
    return [tuple(gen_operand(k, rng) for k in in_kinds(spec)) for _ in range(n)]


def words(kind: str) -> int:
    """32-bit words an operand or result of a kind takes."""
    return 2 if kind in ('u64', 'f64') else 1


def reference(spec: Spec, model: Callable, ops: Tuple[int, ...]) -> Tuple[int, ...]:
    """A model's results for one operand set, completed with SCC for a
    scalar instruction that does not write it (SCC is kept)."""
    if spec.unit == 's':
        own = ops[:len(spec.srcs)]
        res = model(*own)
        return res if spec.writes_scc else (res[0], ops[-1])
    return model(*ops)


# --------------------------------------------------------------------------
# Kernel generation
# --------------------------------------------------------------------------


def reg(prefix: str, first: int, kind: str) -> str:
    """The register (or pair) name of an operand of a kind."""
    return '%s%d' % (prefix, first) if words(kind) == 1 else '%s[%d:%d]' % (prefix, first, first + 1)


def kernel_body(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
    """The instructions between the operand loads and the stores: the
    instruction itself, with VCC or SCC set up from a b1 operand and the
    results moved to v20, v22, ... (a mask or SCC as 0/1)."""
    srcs = {'s%d' % i: reg('v' if spec.unit == 'v' else 's', 10 + 2 * i, k)
            for i, k in enumerate(in_kinds)}
    dsts = {'d%d' % i: reg('v' if spec.unit == 'v' else 's', 20 + 2 * i, k)
            for i, k in enumerate(spec.dsts)}
    text = spec.asm.format(**srcs, **dsts)
    lines = []
    if spec.unit == 'v':
        for i, k in enumerate(in_kinds):
            if k == 'b1':
                lines.append('v_cmp_ne_u32 vcc, 0, v%d' % (10 + 2 * i))
        lines += text.split('\n')
        for i, k in enumerate(spec.dsts):
            if k == 'mask':
                lines.append('v_cndmask_b32 v%d, 0, 1, vcc' % (20 + 2 * i))
        return lines
    # Scalar: one lane at a time, M0 the lane (v_writelane may read M0
    # besides its SGPR source), operands read with v_readlane, results
    # written back with v_writelane.
    lines += ['s_mov_b32 m0, 0', '.L%s_lane:' % spec.name]
    for i, k in enumerate(in_kinds):
        lines.append('v_readlane_b32 s%d, v%d, m0' % (10 + 2 * i, 10 + 2 * i))
    scc_in = 10 + 2 * (len(in_kinds) - 1)
    lines.append('s_cmp_lg_u32 s%d, 0' % scc_in)
    lines += text.split('\n')
    lines.append('s_cselect_b32 s22, 1, 0')
    lines.append('v_writelane_b32 v20, s20, m0')
    lines.append('v_writelane_b32 v22, s22, m0')
    lines += ['s_add_u32 m0, m0, 1', 's_cmp_lt_u32 m0, %d' % WAVE,
              's_cbranch_scc1 .L%s_lane' % spec.name]
    return lines


def kernel_asm(spec: Spec, in_kinds: Sequence[str]) -> str:
    """A complete kernel (code and descriptor) for one instruction: lane
    gid reads operand words at in + gid * 4 * nin, writes result words at
    out + gid * 4 * nout."""
    nin = sum(words(k) for k in in_kinds)
    nout = sum(words(k) for k in spec.dsts)
    k = 'xc_' + spec.name
    lines = ['s_load_dwordx4 s[4:7], s[0:1], 0x0',
             'v_lshl_add_u32 v1, s2, 6, v0',
             'v_mul_u32_u24 v2, %d, v1' % (4 * nin),
             'v_mul_u32_u24 v3, %d, v1' % (4 * nout),
             's_waitcnt lgkmcnt(0)']
    word = 0
    for i, kind in enumerate(in_kinds):
        for w in range(words(kind)):
            lines.append('global_load_dword v%d, v2, s[4:5] offset:%d'
                         % (10 + 2 * i + w, 4 * word))
            word += 1
    lines.append('s_waitcnt vmcnt(0)')
    lines += kernel_body(spec, in_kinds)
    word = 0
    for i, kind in enumerate(spec.dsts):
        for w in range(words(kind)):
            lines.append('global_store_dword v3, v%d, s[6:7] offset:%d'
                         % (20 + 2 * i + w, 4 * word))
            word += 1
    lines.append('s_endpgm')
    code = '\n'.join('  ' + l if not l.startswith('.L') else l for l in lines)
    return f"""
  .text
  .globl {k}
  .p2align 8
  .type {k},@function
{k}:
{code}
.L{k}_end:
  .size {k}, .L{k}_end-{k}

  .rodata
  .p2align 6
  .amdhsa_kernel {k}
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_next_free_vgpr 32
    .amdhsa_next_free_sgpr 32
    .amdhsa_accum_offset 32
    .amdhsa_float_denorm_mode_32 3
    .amdhsa_float_denorm_mode_16_64 3
  .end_amdhsa_kernel
"""


def metadata(names: Sequence[str]) -> str:
    """The code object v4 metadata note for kernels (in, out) : 2 global
    buffers."""
    kernels = ''.join(f"""
  - .name: {n}
    .symbol: {n}.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 32
    .vgpr_count: 32
    .max_flat_workgroup_size: 64
    .args:
      - {{ .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }}
      - {{ .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }}""" for n in names)
    return f"""
  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
amdhsa.kernels:{kernels}
...
  .end_amdgpu_metadata
"""


def pack_words(values: Sequence[int], kinds: Sequence[str]) -> List[int]:
    """Split operands or results into 32-bit words (low word first)."""
    out = []
    for v, k in zip(values, kinds):
        out += [v & M32, v >> 32] if words(k) == 2 else [v & M32]
    return out


def unpack_words(ws: Sequence[int], kinds: Sequence[str]) -> Tuple[int, ...]:
    """Join 32-bit words into results of kinds."""
    out, i = [], 0
    for k in kinds:
        out.append(ws[i] | (ws[i + 1] << 32) if words(k) == 2 else ws[i])
        i += words(k)
    return tuple(out)


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


def run(cmd: Sequence[str]) -> subprocess.CompletedProcess:
    """Run a tool, capturing its output."""
    return subprocess.run(list(cmd), capture_output=True, text=True)


def assemble(specs: List[Spec], kinds: Dict[str, List[str]], tools, work: str):
    """Assemble and link every kernel into one code object. A kernel the
    assembler rejects is dropped (and returned with the message: an error
    of this table, not a refusal of the emulator); returns (code object
    path, {name: error})."""
    refused: Dict[str, str] = {}
    while True:
        live = [s for s in specs if s.name not in refused]
        src = '  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n'
        starts = []
        for s in live:
            starts.append((src.count('\n') + 1, s.name))
            src += kernel_asm(s, kinds[s.name])
        src += metadata(['xc_' + s.name for s in live])
        path = os.path.join(work, 'xcheck.s')
        with open(path, 'w') as f:
            f.write(src)
        r = run([tools.llvm_mc, '-triple=amdgcn-amd-amdhsa', '-mcpu=gfx90a',
                 '-filetype=obj', path, '-o', path + '.o'])
        if r.returncode == 0:
            break
        bad = {}
        for m in re.finditer(r'xcheck\.s:(\d+):\d+: error: (.*)', r.stderr):
            line = int(m.group(1))
            owner = [n for start, n in starts if start <= line]
            if owner:
                bad.setdefault(owner[-1], 'assembler: ' + m.group(2))
        if not bad:
            sys.exit('llvm-mc failed:\n' + r.stderr)
        refused.update(bad)
    co = os.path.join(work, 'xcheck.co')
    r = run([tools.ld_lld, '-shared', path + '.o', '-o', co])
    if r.returncode:
        sys.exit('ld.lld failed:\n' + r.stderr)
    return co, refused


def emulate(spec: Spec, in_kinds, cases, co: str, tools, work: str):
    """Run one instruction's kernel on the emulator; returns the results per
    case, or an error message if the emulator refused it."""
    nout = sum(words(k) for k in spec.dsts)
    base = os.path.join(work, spec.name)
    with open(base + '.in.bin', 'wb') as f:
        for ops in cases:
            f.write(struct.pack('<%dI' % len(pack_words(ops, in_kinds)),
                                *pack_words(ops, in_kinds)))
    launch = {'kernel': 'xc_' + spec.name, 'grid': [len(cases)], 'block': [WAVE],
              'args': [{'buffer': 'u32', 'file': base + '.in.bin'},
                       {'buffer': 'u32', 'count': nout * len(cases),
                        'output': base + '.out.bin'}]}
    with open(base + '.json', 'w') as f:
        json.dump(launch, f)
    r = run([tools.emu, '--run', '--launch=' + base + '.json', co])
    if r.returncode:
        msg = (r.stderr or r.stdout).strip().splitlines()
        if not msg:
            return None, 'exit status %d' % r.returncode
        return None, re.sub(r"^.*?error: kernel '[^']*': ", '', msg[-1])
    with open(base + '.out.bin', 'rb') as f:
        data = f.read()
    ws = struct.unpack('<%dI' % (len(data) // 4), data)
    return [unpack_words(ws[i * nout:(i + 1) * nout], spec.dsts)
            for i in range(len(cases))], None


def same(kind: str, got: int, want: int, ulps: int) -> Optional[str]:
    """None if a result equals the reference, 'nan-payload' if both are NaNs
    of different bits, else 'differ'."""
    if got == want:
        return None
    fmt = {'f32': F32, 'f64': F64}.get(kind)
    if fmt is None:
        return 'differ'
    if fmt.is_nan(got) and fmt.is_nan(want):
        return 'nan-payload'
    if ulps and not fmt.is_nan(got) and not fmt.is_nan(want) \
            and ulp_distance(got, want, fmt) <= ulps:
        return None
    return 'differ'


def classify(spec: Spec, ops, got, want) -> Optional[str]:
    """None if the emulator agrees with the gem5 model; else the key of the
    known difference that explains it, or 'unexpected'."""
    verdicts = [same(k, g, w, spec.ulps) for k, g, w in zip(spec.dsts, got, want)]
    if all(v is None for v in verdicts):
        return None
    if all(v in (None, 'nan-payload') for v in verdicts):
        return 'nan-payload'
    for kd in KNOWN_DIFFERENCES:
        if spec.name in kd.insts:
            accepted = reference(spec, kd.accepted(spec.name), ops)
            if all(same(k, g, w, spec.ulps) in (None, 'nan-payload')
                   for k, g, w in zip(spec.dsts, got, accepted)):
                return kd.key
    return 'unexpected'


def hexs(values: Sequence[int]) -> str:
    """Values as a compact hex list."""
    return ','.join('%#x' % v for v in values)


@dataclass
class Outcome:
    """What checking one instruction found."""
    name: str
    cases: int = 0
    agree: int = 0
    known: Dict[str, int] = field(default_factory=dict)
    unexpected: int = 0
    first: str = ''
    refused: str = ''
    error: str = ''


def check(spec: Spec, in_kinds, cases, results) -> Outcome:
    """Compare an instruction's emulated results with the gem5 model."""
    out = Outcome(spec.name, len(cases))
    for ops, got in zip(cases, results):
        want = reference(spec, spec.model, ops)
        verdict = classify(spec, ops, got, want)
        if verdict is None:
            out.agree += 1
        elif verdict == 'unexpected':
            out.unexpected += 1
            if not out.first:
                out.first = 'ops %s: emu %s, gem5 %s' % (hexs(ops), hexs(got), hexs(want))
        else:
            out.known[verdict] = out.known.get(verdict, 0) + 1
    return out


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
    args = p.parse_args(argv)
    if args.list_known:
        list_known()
        return 0
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
            outcomes.append(check(s, kinds[s.name], cases[s.name], results))
        return 1 if report(outcomes) else 0
    finally:
        if not args.out:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
