#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models derived from gem5's Vega instruction implementations
(the commit and files are named in isa_crosscheck.py's docstring)."""

import math
from fractions import Fraction
from typing import Callable, Tuple

from .fp import (b32, c_fmax, c_fmin, F32, f32, F64, FloatFormat, fp_class_bit,
                 is_zero_or_denorm, M32, M64, QNAN32, s32, s64, sext)
from .manual import manual_rndne


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


def add_carry(a: int, b: int, c: int = 0) -> Tuple[int, int]:
    """(a + b + c) mod 2^32 and its carry out."""
    t = a + b + c
    return (t & M32, t >> 32)


def sub_borrow(a: int, b: int, c: int = 0) -> Tuple[int, int]:
    """a - b - c mod 2^32 with gem5's borrow (sub_borrow_gem5)."""
    return ((a - b - c) & M32, sub_borrow_gem5(a, b, c))


def mad64(a: int, b: int, c: int, signed: bool) -> Tuple[int, int]:
    """v_mad_{u64_u32,i64_i32}: the 64-bit sum and gem5's carry, set when
    the 128-bit result has bits above bit 63 (for signed: when it is
    negative, as gem5's muladd returns (result >> 64) != 0)."""
    if signed:
        r = s32(a) * s32(b) + s64(c)
    else:
        r = a * b + c
    return (r & M64, int((r >> 64) != 0))


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
