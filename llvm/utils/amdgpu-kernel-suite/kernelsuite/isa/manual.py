#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Models of the ISA manual's wording, where gem5 departs from it: what
the known differences (known.py) accept."""

import math
from typing import Callable, Tuple

from .fp import (b32, F32, f32, FloatFormat, fp_class_bit, is_zero_or_denorm,
                 M32, QNAN32, round_integral)


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
    return (int(bool(mask >> fp_class_bit(F32.value(a), F32) & 1)),)


def manual_ieee(fn: Callable[[float, float], float], fmt: FloatFormat):
    """The IEEE operation on fmt values, subnormals kept (the descriptor's
    FLOAT_DENORM_MODE preserves them)."""
    return lambda a, b: (fmt.bits(fn(fmt.value(a), fmt.value(b))),)


def sub_borrow_exact(a: int, b: int, c: int = 0) -> Tuple[int, int]:
    """a - b - c mod 2^32 with the borrow of the full subtraction: the
    manual's 'VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0) is an
    UNSIGNED overflow'."""
    return ((a - b - c) & M32, int(a < b + c))


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
