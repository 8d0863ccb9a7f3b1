#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Bit patterns and IEEE binary formats: the arithmetic every model
shares."""

import math
import struct
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF
QNAN16 = 0x7E00
QNAN32 = 0x7FC00000
QNAN64 = 0x7FF8000000000000
# The struct code of a bit pattern of each format width.
INT_CODE = {16: '<H', 32: '<I', 64: '<Q'}


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
        return {16: QNAN16, 32: QNAN32}.get(self.width, QNAN64)

    def value(self, bits: int) -> float:
        """The value of a bit pattern (exact in a Python float)."""
        fmt = INT_CODE[self.width]
        return struct.unpack(self.pack, struct.pack(fmt, bits))[0]

    def bits(self, x: float) -> int:
        """The bit pattern of x rounded to this format (a NaN becomes the
        default quiet NaN)."""
        if math.isnan(x):
            return self.qnan
        fmt = INT_CODE[self.width]
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


F16 = FloatFormat(16, 11, -14, 15, '<e')
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
