#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the f64 and special f32 instructions
(table_f64.py), derived from gem5's Vega implementations (vop1.cc,
vop2.cc, vop3.cc, vopc.cc, inst_util.hh at the commit isa_crosscheck.py
names), and the models of the ISA manual's wording that the known
differences of that table accept.

Where gem5 has no implementation (v_fmac_f64, v_fmaak_f32, v_fmamk_f32:
not Vega instructions; v_trig_preop_f64: panicUnimplemented), the model
follows gem5's arithmetic for the closest instruction it implements, or
the manual's pseudo-code, as its docstring says."""

import math
from fractions import Fraction
from typing import Tuple

from .fp import (b32, F32, f32, F64, FloatFormat, fp_class_bit, ieee_fma,
                 is_zero_or_denorm, M32, QNAN32, QNAN64, round_integral, s32)


def ldexp_bits(x: float, e: int, fmt: FloatFormat) -> int:
    """x * 2^e rounded once to fmt (std::ldexp), as bits; e may be any
    integer."""
    if math.isnan(x) or math.isinf(x) or x == 0:
        return fmt.bits(x)
    e = max(min(e, 2400), -2400)
    return fmt.bits(fmt.round_exact(Fraction(x) * Fraction(2) ** e))


def is_denorm(x: float, fmt: FloatFormat) -> bool:
    """Whether x is a subnormal of fmt (fpclassify == FP_SUBNORMAL)."""
    return x != 0 and is_zero_or_denorm(x, fmt)


# --------------------------------------------------------------------------
# Rounding, fract, frexp, ldexp (f64)
# --------------------------------------------------------------------------


def gem5_rndne64(a: int) -> Tuple[int]:
    """gem5's v_rndne_f64 (roundNearestEven): floor(x + 0.5) in double,
    less one when floor(x) is even and |x| has a fractional part of
    exactly 0.5. Outside the int range (gem5's (int) cast is undefined)
    the manual's rounding."""
    x = F64.value(a)
    if math.isnan(x) or math.isinf(x) or abs(x) >= 2.0 ** 31:
        return manual_rndne64(a)
    r = float(math.floor(x + 0.5))
    if math.floor(x) % 2 == 0 and math.modf(abs(x))[0] == 0.5:
        r -= 1
    return (F64.bits(r),)


def manual_rndne64(a: int) -> Tuple[int]:
    """round_nearest_even(S0.d): ties to even, the sign of a zero kept."""
    x = F64.value(a)
    if math.isnan(x) or math.isinf(x):
        return (a if math.isinf(x) else QNAN64,)
    return (F64.bits(math.copysign(float(round(x)), x)),)


def gem5_fract64(a: int) -> Tuple[int]:
    """gem5's v_fract_f64: modf's fractional part, x - trunc(x) with the
    sign of x (a signed zero for an infinity)."""
    x = F64.value(a)
    if math.isnan(x):
        return (QNAN64,)
    return (F64.bits(math.modf(x)[0]),)


def manual_fract64(a: int) -> Tuple[int]:
    """S0.d - floor(S0.d), at most 0x3fefffffffffffff (the largest double
    below 1.0); NaN for NaN and infinities."""
    x = F64.value(a)
    if math.isnan(x) or math.isinf(x):
        return (QNAN64,)
    r = F64.bits(x - round_integral(x, math.floor))
    return (min(r, 0x3FEFFFFFFFFFFFFF) if r >> 63 == 0 else r,)


def gem5_frexp_exp64(a: int) -> Tuple[int]:
    """gem5's v_frexp_exp_i32_f64: frexp's exponent; 0 for an infinity or
    NaN."""
    x = F64.value(a)
    if math.isinf(x) or math.isnan(x):
        return (0,)
    return (math.frexp(x)[1] & M32,)


def gem5_frexp_mant64(a: int) -> Tuple[int]:
    """gem5's v_frexp_mant_f64: frexp's significand; an infinity or NaN is
    returned as it is."""
    x = F64.value(a)
    if math.isinf(x) or math.isnan(x):
        return (a,)
    return (F64.bits(math.frexp(x)[0]),)


def gem5_ldexp64(a: int, n: int) -> Tuple[int]:
    """gem5's v_ldexp_f64: NaN and infinities returned as they are, a zero
    or subnormal S0 gives a zero of its sign, else std::ldexp(S0.d,
    S1.i)."""
    x = F64.value(a)
    if math.isnan(x) or math.isinf(x):
        return (a,)
    if is_zero_or_denorm(x, F64):
        return (F64.bits(math.copysign(0.0, x)),)
    return (ldexp_bits(x, s32(n), F64),)


def manual_ldexp64(a: int, n: int) -> Tuple[int]:
    """S0.d * 2^S1.i rounded once, a subnormal S0 kept (the kernels' f64
    denormal mode)."""
    return (ldexp_bits(F64.value(a), s32(n), F64),)


# --------------------------------------------------------------------------
# rcp, rsq, sqrt (f64); conversions
# --------------------------------------------------------------------------


def gem5_rcp64(a: int) -> Tuple[int]:
    """gem5's v_rcp_f64: +inf for either zero, NaN for NaN, a signed zero
    for an infinity, else 1.0 / S0.d."""
    x = F64.value(a)
    if x == 0:
        return (F64.bits(math.inf),)
    if math.isnan(x):
        return (QNAN64,)
    return (F64.bits(1.0 / x),)


def gem5_rsq64(a: int) -> Tuple[int]:
    """gem5's v_rsq_f64: +inf for either zero, NaN for NaN, 0 for +inf,
    NaN for a negative S0 (-inf included), else 1.0 / sqrt(S0.d)."""
    x = F64.value(a)
    if x == 0:
        return (F64.bits(math.inf),)
    if math.isnan(x) or math.copysign(1, x) < 0:
        return (QNAN64,)
    if math.isinf(x):
        return (0,)
    return (F64.bits(1.0 / math.sqrt(x)),)


def manual_rcp64(a: int) -> Tuple[int]:
    """'D.d = 1.0 / S0.d' with IEEE rules: 1 / -0 = -inf."""
    x = F64.value(a)
    if x == 0:
        return (F64.bits(math.copysign(math.inf, x)),)
    return (F64.bits(1.0 / x),)


def manual_rsq64(a: int) -> Tuple[int]:
    """'D.d = 1.0 / sqrt(S0.d)' with IEEE rules: sqrt(-0) = -0, so -inf."""
    x = F64.value(a)
    if x == 0:
        return (F64.bits(math.copysign(math.inf, x)),)
    return gem5_rsq64(a)


def gem5_cvt_i32_f64(a: int) -> Tuple[int]:
    """gem5's v_cvt_i32_f64: NaN -> 0; an infinity or frexp exponent > 30
    saturates by sign; else truncation."""
    x = F64.value(a)
    if math.isnan(x):
        return (0,)
    if math.isinf(x) or math.frexp(x)[1] > 30:
        return ((0x80000000 if x < 0 else 0x7FFFFFFF),)
    return (int(x) & M32,)


def gem5_cvt_u32_f64(a: int) -> Tuple[int]:
    """gem5's v_cvt_u32_f64: NaN -> 0; -inf -> 0, +inf -> 0xffffffff; a
    frexp exponent > 31 -> 0xffffffff whatever the sign; else truncation
    (a negative value, undefined in C, is taken as the manual's 0)."""
    x = F64.value(a)
    if math.isnan(x) or x == -math.inf:
        return (0,)
    if math.isinf(x) or math.frexp(x)[1] > 31:
        return (M32,)
    return (max(int(x), 0),)


def manual_cvt_int64(a: int, lo: int, hi: int) -> Tuple[int]:
    """(int)S0.d / (unsigned)S0.d: truncation, saturating to [lo, hi],
    NaN -> 0."""
    x = F64.value(a)
    if math.isnan(x):
        return (0,)
    if math.isinf(x):
        return ((lo if x < 0 else hi) & M32,)
    return (min(max(int(x), lo), hi) & M32,)


def manual_cmp_class64(a: int, mask: int) -> Tuple[int]:
    """v_cmp_class_f64: mask bit 0 signaling NaN, bit 1 quiet NaN, 2..9
    the classes of a number."""
    if F64.is_nan(a):
        return (int(bool(mask >> (0 if F64.is_snan(a) else 1) & 1)),)
    return (int(bool(mask >> fp_class_bit(F64.value(a), F64) & 1)),)


# --------------------------------------------------------------------------
# Multiply-adds with a literal
# --------------------------------------------------------------------------


def fma32(a: int, b: int, c: int) -> int:
    """std::fma on f32 bits (gem5's v_fma_f32, v_fmac_f32, v_madak_f32,
    v_madmk_f32), as bits."""
    return ieee_fma(f32(a), f32(b), f32(c), F32)


# --------------------------------------------------------------------------
# The division helpers
# --------------------------------------------------------------------------


def biased_exp(bits: int, fmt: FloatFormat) -> int:
    """The exponent field of a bit pattern."""
    return (bits >> (fmt.mant - 1)) & ((1 << (fmt.width - fmt.mant)) - 1)


def div_scale_params(fmt: FloatFormat) -> Tuple[int, int, int]:
    """The pseudo-code constants of v_div_scale: the scaling (64 / 128),
    the exponent range of a quotient near the largest value (96 / 768),
    and the exponent of a tiny numerator (23 / 52)."""
    return (64, 96, 23) if fmt is F32 else (128, 768, 52)


def manual_div_scale(fmt: FloatFormat, s0: int, s1: int, s2: int,
                     tiny: int = None) -> Tuple[int, int]:
    """V_DIV_SCALE_F32/F64 after the pseudo-code of later AMD manuals
    (RDNA3, CDNA3): D = S0 unless the quotient S2 / S1 or the reciprocal
    of S1 would leave the normal range; returns (D, VCC). `tiny` the
    bound of the tiny-numerator test (the pseudo-code's 23 / 52)."""
    shift, erange, tiny0 = div_scale_params(fmt)
    tiny = tiny0 if tiny is None else tiny
    x0, x1, x2 = fmt.value(s0), fmt.value(s1), fmt.value(s2)

    def scaled(e):
        """S0 * 2^e rounded to the format."""
        return ldexp_bits(x0, e, fmt)
    if x2 == 0 or x1 == 0:
        return (fmt.qnan, 0)
    if biased_exp(s2, fmt) - biased_exp(s1, fmt) >= erange:
        return (scaled(shift) if x0 == x1 else s0, 1)
    if is_denorm(x1, fmt):
        return (scaled(shift), 0)
    q = fmt.value(fmt.bits(x2 / x1)) if not (math.isnan(x1) or
                                            math.isnan(x2)) else math.nan
    rcp_denorm = (not math.isnan(x1) and not math.isinf(x1)
                  and is_denorm(1.0 / x1, F64))
    if rcp_denorm and is_denorm(q, fmt):
        return (scaled(shift) if x0 == x1 else s0, 1)
    if rcp_denorm:
        return (scaled(-shift), 0)
    if is_denorm(q, fmt):
        return (scaled(shift) if x0 == x2 else s0, 1)
    if biased_exp(s2, fmt) <= tiny:
        return (scaled(shift), 0)
    return (s0, 0)


def gem5_div_scale64(s0: int, s1: int, s2: int) -> Tuple[int, int]:
    """gem5's v_div_scale_f64: the pseudo-code with frexp's exponents (the
    exponent difference test, and a numerator is 'tiny' for a frexp
    exponent <= 53, i.e. below 2^53); where gem5 leaves D unwritten, S0
    (the manual's meaning)."""
    x0, x1, x2 = (F64.value(v) for v in (s0, s1, s2))

    def fexp(x):
        """frexp's exponent (0 for 0, infinities and NaNs as glibc)."""
        return 0 if (x == 0 or math.isinf(x) or math.isnan(x)) \
            else math.frexp(x)[1]
    if x1 == 0 or x2 == 0:
        return (QNAN64, 0)
    if fexp(x2) - fexp(x1) >= 768:
        return (ldexp_bits(x0, 128, F64) if x0 == x1 else s0, 1)
    if is_denorm(x1, F64):
        return (ldexp_bits(x0, 128, F64), 0)
    rcp = 1.0 / x1 if not math.isnan(x1) else math.nan
    q = x2 / x1 if not (math.isnan(x1) or math.isnan(x2) or
                        (math.isinf(x1) and math.isinf(x2))) else math.nan
    if is_denorm(rcp, F64) and is_denorm(q, F64):
        return (ldexp_bits(x0, 128, F64) if x0 == x1 else s0, 1)
    if is_denorm(rcp, F64):
        return (ldexp_bits(x0, -128, F64), 0)
    if is_denorm(q, F64):
        return (ldexp_bits(x0, 128, F64) if x0 == x2 else s0, 1)
    if fexp(x2) <= 53:
        return (ldexp_bits(x0, 128, F64), 0)
    return (s0, 0)


def both_scales(scale):
    """A v_div_scale model of the table's two forms, (den, den, num) and
    (num, den, num), from a model of one (s0, s1, s2)."""
    return lambda den, num: scale(den, den, num) + scale(num, den, num)


def gem5_div_fmas(fmt: FloatFormat, a: int, b: int, c: int,
                  vcc: int) -> Tuple[int]:
    """gem5's v_div_fmas: fma(S0, S1, S2), times 2^64 (f64 only) when the
    lane's VCC bit is set. gem5's f32 form computes the fma but never
    writes it (the write is commented out); the model is what it
    computes."""
    r = ieee_fma(fmt.value(a), fmt.value(b), fmt.value(c), fmt)
    if fmt is F64 and vcc:
        return (F64.bits(F64.value(r) * 2.0 ** 64),)
    return (r,)


def scaled_fma(fmt: FloatFormat, a: int, b: int, c: int, scale: int) -> int:
    """fma(a, b, c) * 2^scale rounded once to fmt, as bits (an infinite or
    NaN operand, or an exact zero, as the unscaled fma)."""
    x, y, z = fmt.value(a), fmt.value(b), fmt.value(c)
    if any(math.isnan(v) or math.isinf(v) for v in (x, y, z)):
        return ieee_fma(x, y, z, fmt)
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if exact == 0:
        return ieee_fma(x, y, z, fmt)
    return fmt.bits(fmt.round_exact(exact * Fraction(2) ** scale))


def accepted_div_fmas(fmt: FloatFormat, a: int, b: int, c: int,
                      vcc: int) -> Tuple[int]:
    """v_div_fmas as the emulator scales it: with VCC set, the fma times
    2^64 (f64: 2^128) when S2 >= 2.0 and 2^-64 (2^-128) otherwise,
    rounded once; the inverse of v_div_scale's scalings."""
    if not vcc:
        return (ieee_fma(fmt.value(a), fmt.value(b), fmt.value(c), fmt),)
    shift = div_scale_params(fmt)[0]
    bias = 127 if fmt is F32 else 1023
    up = biased_exp(c, fmt) > bias
    return (scaled_fma(fmt, a, b, c, shift if up else -shift),)


def gem5_div_fixup32(q: int, d: int, n: int) -> Tuple[int]:
    """gem5's v_div_fixup_f32: a zero or infinite denominator gives an
    infinity of the denominator's sign, a NaN operand NaN, else S2 / S1
    computed again (the quotient S0 is not read)."""
    x, y = f32(d), f32(n)
    if x == 0 or math.isinf(x):
        return (b32(math.copysign(math.inf, x)),)
    if math.isnan(x) or math.isnan(y):
        return (QNAN32,)
    return (b32(y / x),)


def gem5_div_fixup64(q: int, d: int, n: int) -> Tuple[int]:
    """gem5's v_div_fixup_f64: the special cases of the division (NaN, 0/0
    and inf/inf give a NaN, x/0 and inf/y an infinity, x/inf and 0/y a
    zero, of the quotient's sign), S0 itself when frexp's exponents
    differ by less than -1075, else |S0| with the quotient's sign."""
    x, y = F64.value(d), F64.value(n)
    sign = (d ^ n) >> 63
    if math.isnan(x) or math.isnan(y):
        return (QNAN64,)
    if (x == 0 and y == 0) or (math.isinf(x) and math.isinf(y)):
        return (QNAN64,)
    if x == 0 or math.isinf(y):
        return (F64.bits(-math.inf if sign else math.inf),)
    if math.isinf(x) or y == 0:
        return (F64.bits(-0.0 if sign else 0.0),)
    if math.frexp(y)[1] - math.frexp(x)[1] < -1075:
        return (q,)
    return ((q & ~(1 << 63)) | (sign << 63),)


def manual_div_fixup(fmt: FloatFormat, q: int, d: int, n: int,
                     nan_quotient_inf: bool = False) -> Tuple[int]:
    """V_DIV_FIXUP after the pseudo-code of later AMD manuals: a NaN
    operand (numerator first) quieted; 0/0 and inf/inf the default NaN
    (0xffc00000); x/0 and inf/y an infinity, x/inf and 0/y a zero, a
    quotient below the smallest subnormal's range (exponents differing by
    less than -150 / -1075) a zero, of the quotient's sign; else |S0| with
    that sign. With nan_quotient_inf, a NaN S0 there gives an infinity of
    that sign (the emulator: the scaled sequence overflowed)."""
    x, y = fmt.value(d), fmt.value(n)
    top = fmt.width - 1
    sign = ((d ^ n) >> top) & 1
    quiet = 1 << (fmt.mant - 2)
    inf = fmt.bits(math.inf)
    if math.isnan(y):
        return (n | quiet,)
    if math.isnan(x):
        return (d | quiet,)
    if (x == 0 and y == 0) or (math.isinf(x) and math.isinf(y)):
        return (fmt.qnan | (1 << top),)
    if x == 0 or math.isinf(y):
        return (inf | (sign << top),)
    if math.isinf(x) or y == 0:
        return (sign << top,)
    limit = -150 if fmt is F32 else -1075
    if biased_exp(n, fmt) - biased_exp(d, fmt) < limit:
        return (sign << top,)
    if nan_quotient_inf and fmt.is_nan(q):
        return (inf | (sign << top),)
    return ((q & ((1 << top) - 1)) | (sign << top),)


# --------------------------------------------------------------------------
# exp, log, sin, cos (f32)
# --------------------------------------------------------------------------


def gem5_exp32(a: int) -> Tuple[int]:
    """gem5's v_exp_f32: std::pow(2.0, S0.f) in double, rounded to f32
    (subnormal results kept)."""
    x = f32(a)
    if math.isnan(x):
        return (QNAN32,)
    if x > 200:
        return (b32(math.inf),)
    return (b32(2.0 ** x),)


def manual_exp32(a: int) -> Tuple[int]:
    """'D.f = pow(2.0, S0.f)', '1ULP accuracy, denormals are flushed' (a
    subnormal result is +0)."""
    r = gem5_exp32(a)[0]
    return (0 if is_denorm(f32(r), F32) else r,)


def gem5_log32(a: int) -> Tuple[int]:
    """gem5's v_log_f32: std::log2 of the float (-inf for a zero, NaN
    below zero, subnormal inputs kept)."""
    x = f32(a)
    if math.isnan(x) or x < 0:
        return (QNAN32,)
    if x == 0:
        return (b32(-math.inf),)
    return (b32(math.log2(x)),)


def manual_log32(a: int) -> Tuple[int]:
    """'D.f = log2(S0.f)', '1ULP accuracy, denormals are flushed' (a
    subnormal input counts as a zero of its sign: -inf)."""
    x = f32(a)
    if is_denorm(x, F32):
        return (b32(-math.inf),)
    return gem5_log32(a)


INV_2PI_F32 = 0x3E22F983


def gem5_sincos(a: int, cos: bool) -> Tuple[int]:
    """gem5's v_sin_f32 / v_cos_f32: 0.0 outside [-256, 256] (infinities
    included), else sin/cos(S0.f * 2.0 * REG_PI) in double, where REG_PI
    holds the inline constant 1/(2 pi) (0x3e22f983), so the argument is
    S0.f / pi radians."""
    x = f32(a)
    if math.isnan(x):
        return (QNAN32,)
    if x < -256.0 or x > 256.0:
        return (0,)
    t = x * 2.0 * f32(INV_2PI_F32)
    return (b32(math.cos(t) if cos else math.sin(t)),)


def sin_revolutions(x: float, cos: bool) -> float:
    """sin(2 pi x) or cos(2 pi x) for a finite x in revolutions: x less
    the nearest integer (exact), reduced to |g| <= 1/4 with the same
    result as sin(2 pi g); exact zeros and ones at quarter revolutions."""
    f = x - round(x)
    if cos:
        g = 0.25 - abs(f)
    elif abs(f) > 0.25:
        g = math.copysign(0.5, f) - f
    else:
        g = f
    if g == 0:
        return x if (x == 0 and not cos) else 0.0
    if abs(g) == 0.25:
        return math.copysign(1.0, g)
    return math.sin(2 * math.pi * g)


def manual_sincos(a: int, cos: bool, full_range: bool) -> Tuple[int]:
    """'D.f = sin(S0.f * 2 * PI)' (cos): within [-256, 256], and with
    full_range for any finite input (later manuals: 'Full range input is
    supported'); infinities give NaN. Without full_range an input outside
    [-256, 256] gets gem5's result (another entry covers it)."""
    x = f32(a)
    if math.isnan(x):
        return (QNAN32,)
    if math.isinf(x) or abs(x) > 256.0:
        if not full_range:
            return gem5_sincos(a, cos)
        if math.isinf(x):
            return (QNAN32,)
    return (b32(sin_revolutions(x, cos)),)


# --------------------------------------------------------------------------
# v_trig_preop_f64
# --------------------------------------------------------------------------


def two_over_pi_bits(n: int) -> int:
    """The first n fraction bits of 2/pi, as an integer (pi from Machin's
    formula in integer arithmetic, with guard bits)."""
    prec = n + 64
    one = 1 << prec

    def arctan_inv(k: int) -> int:
        """arctan(1/k) * 2^prec."""
        total, term, i, sign = 0, one // k, 1, 1
        while term:
            total += sign * (term // i)
            term //= k * k
            i += 2
            sign = -sign
        return total
    pi = 4 * (4 * arctan_inv(5) - arctan_inv(239))
    return ((2 << prec) << n) // pi


TWO_OVER_PI_1201 = two_over_pi_bits(1201)


def manual_trig_preop(a: int, sel: int) -> Tuple[int]:
    """v_trig_preop_f64 after the pseudo-code of later AMD manuals (gem5
    does not implement it): shift = S1[4:0] * 53, plus exponent(S0) -
    1077 where that is positive; the 53 bits of 2/pi (0.b1200 ... b0,
    zeros beyond) that a left shift by shift + 53 brings into the whole
    part, times 2^(-53 - shift), and 2^128 more for exponent(S0) >= 1968.
    A NaN gives a NaN (the pseudo-code does not say which)."""
    if F64.is_nan(a):
        return (a | (1 << 51),)
    e = biased_exp(a, F64)
    shift = (sel & 31) * 53 + max(e - 1077, 0)
    seg = ((TWO_OVER_PI_1201 << (shift + 53)) >> 1201) & ((1 << 53) - 1)
    scale = -53 - shift + (128 if e >= 1968 else 0)
    return (ldexp_bits(float(seg), scale, F64),)
