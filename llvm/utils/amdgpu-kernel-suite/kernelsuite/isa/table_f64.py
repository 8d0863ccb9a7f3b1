#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The f64 and special f32 instructions of the table: f64 rounding, fract,
frexp, ldexp, rcp, rsq, sqrt, conversions to and from i32/u32, fmac,
v_trig_preop_f64, v_cmp_class_f64, the f64 and 64-bit integer compares,
the division helpers (v_div_scale, v_div_fmas, v_div_fixup), v_exp_f32,
v_log_f32, v_sin_f32, v_cos_f32, v_rcp_iflag_f32, v_fmac_f32 and the
multiply-adds with a literal (v_madak/madmk_f32 on gfx90a, v_fmaak/fmamk_f32
on gfx940, which has them and gfx90a does not), and their known
differences (KNOWN, appended to known.KNOWN_DIFFERENCES).

Tolerances are the manual's stated accuracy: 2^29 ulps for v_rcp_f64,
v_rsq_f64 and v_sqrt_f64 ('This opcode has (2**29)ULP accuracy and
supports denormals'), 1 ulp for v_exp_f32, v_log_f32 ('1ULP accuracy,
denormals are flushed'), v_rcp_iflag_f32 (as v_rcp_f32), and v_sin_f32,
v_cos_f32 (the manual states none; the emulator rounds correctly, so 1 ulp
covers the rounding of the reference).

v_div_scale is checked in the two forms compilers emit, S0 the denominator
or the numerator ('s0 must equal s1 or s2'): the text runs both, the
second's VCC saved through v_cndmask_b32 before the first overwrites it.
v_div_fmas reads VCC from a random bit per lane. Each multiply-add with a
literal runs once per literal of LITERALS, one destination each."""

import math
from functools import partial
from typing import Callable, List, Tuple

from .fp import F32, F64, ieee_fma, M32, round_integral, s32, s64
from .gem5 import gem5_cmp_class, gem5_rcp, gem5_sqrt, scalar_cmp
from .gem5_f64 import (accepted_div_fmas, both_scales, fma32,
                       gem5_cvt_i32_f64, gem5_cvt_u32_f64, gem5_div_fixup32,
                       gem5_div_fixup64, gem5_div_fmas, gem5_div_scale64,
                       gem5_exp32, gem5_fract64, gem5_frexp_exp64,
                       gem5_frexp_mant64, gem5_ldexp64, gem5_log32,
                       gem5_rcp64, gem5_rndne64, gem5_rsq64, gem5_sincos,
                       manual_cmp_class64, manual_cvt_int64,
                       manual_div_fixup, manual_div_scale, manual_exp32,
                       manual_fract64, manual_ldexp64, manual_log32,
                       manual_rcp64, manual_rndne64, manual_rsq64,
                       manual_sincos, manual_trig_preop)
from .manual import legacy_mad_f32
from .spec import (by_name, KnownDifference, mask_result, Spec,
                   TRANSCENDENTAL_ULPS, vop)


# v_rcp_f64, v_rsq_f64, v_sqrt_f64: '(2**29)ULP accuracy'.
F64_ROOT_ULPS = 1 << 29

# The literals each multiply-add with a literal is checked with: 1/3, -pi,
# the smallest subnormal, the largest float, -inf.
LITERALS = (0x3EAAAAAB, 0xC0490FDB, 0x00000001, 0x7F7FFFFF, 0xFF800000)


def f64_unary(fn: Callable[[float], float]) -> Callable[[int], Tuple[int]]:
    """A model computing fn on the f64 value of its operand."""
    return lambda a: (F64.bits(fn(F64.value(a))),)


def literal_forms(name: str, k_second: bool) -> str:
    """The text of a multiply-add with a literal, once per literal of
    LITERALS into {d0}, {d1}, ...: '<name> D, S0, S1, K' (v_madak,
    v_fmaak) or, with k_second, '<name> D, S0, K, S1' (v_madmk, v_fmamk)."""
    lines = []
    for i, k in enumerate(LITERALS):
        ops = ('{s0}', '0x%08x' % k, '{s1}') if k_second \
            else ('{s0}', '{s1}', '0x%08x' % k)
        lines.append('%s {d%d}, %s' % (name, i, ', '.join(ops)))
    return '\n'.join(lines)


def per_literal(fn: Callable[[int, int, int], int],
                k_second: bool) -> Callable[[int, int], Tuple[int, ...]]:
    """A model of a multiply-add with a literal: fn(S0, K, S1) (k_second)
    or fn(S0, S1, K), one result per literal."""
    if k_second:
        return lambda a, b: tuple(fn(a, k, b) for k in LITERALS)
    return lambda a, b: tuple(fn(a, b, k) for k in LITERALS)


def div_scale_form(name: str) -> str:
    """v_div_scale in both forms: (numerator, denominator, numerator) into
    {d2} with its VCC in {d3}, then (denominator, denominator, numerator)
    into {d0} (its VCC stored as {d1}, a mask); srcs (den, num)."""
    return ('%s {d2}, vcc, {s1}, {s0}, {s1}\n'
            'v_cndmask_b32 {d3}, 0, 1, vcc\n'
            '%s {d0}, vcc, {s0}, {s0}, {s1}' % (name, name))


def specs() -> List[Spec]:
    """The f64 and special f32 instructions, in report order."""
    f64_1, f64_2 = ('f64',), ('f64', 'f64')
    f2, f3 = ('f32', 'f32'), ('f32', 'f32', 'f32')
    t: List[Spec] = []
    # f64 rounding, fract, frexp, ldexp, rcp, rsq, sqrt, conversions.
    t += [
        vop('v_ceil_f64', f64_1, f64_1,
            f64_unary(lambda x: round_integral(x, math.ceil))),
        vop('v_floor_f64', f64_1, f64_1,
            f64_unary(lambda x: round_integral(x, math.floor))),
        vop('v_trunc_f64', f64_1, f64_1,
            f64_unary(lambda x: round_integral(x, math.trunc))),
        vop('v_rndne_f64', f64_1, f64_1, gem5_rndne64),
        vop('v_fract_f64', f64_1, f64_1, gem5_fract64),
        vop('v_frexp_exp_i32_f64', f64_1, ('u32',), gem5_frexp_exp64),
        vop('v_frexp_mant_f64', f64_1, f64_1, gem5_frexp_mant64),
        vop('v_ldexp_f64', ('f64', 'exp64'), f64_1, gem5_ldexp64),
        vop('v_rcp_f64', f64_1, f64_1, gem5_rcp64, ulps=F64_ROOT_ULPS),
        vop('v_rsq_f64', f64_1, f64_1, gem5_rsq64, ulps=F64_ROOT_ULPS),
        vop('v_sqrt_f64', f64_1, f64_1, f64_unary(gem5_sqrt),
            ulps=F64_ROOT_ULPS),
        vop('v_cvt_f64_i32', ('u32',), f64_1,
            lambda a: (F64.bits(float(s32(a))),)),
        vop('v_cvt_f64_u32', ('u32',), f64_1, lambda a: (F64.bits(float(a)),)),
        vop('v_cvt_i32_f64', f64_1, ('u32',), gem5_cvt_i32_f64),
        vop('v_cvt_u32_f64', f64_1, ('u32',), gem5_cvt_u32_f64),
        vop('v_fmac_f64', ('f64', 'f64', 'f64'), f64_1,
            lambda a, b, c: (ieee_fma(F64.value(a), F64.value(b),
                                      F64.value(c), F64),),
            form='v_lshlrev_b64 {d0}, 0, {s2}\n'
                 'v_fmac_f64 {d0}, {s0}, {s1}'),
        vop('v_trig_preop_f64', ('f64', 'u32'), f64_1, manual_trig_preop),
    ]
    # f64 compares, v_cmp_class_f64, 64-bit integer compares.
    for op in ('f', 'lt', 'eq', 'le', 'gt', 'lg', 'ge', 'o', 'u', 'nge',
               'nlg', 'ngt', 'nle', 'neq', 'nlt', 'tru'):
        pred = scalar_cmp(op)
        t.append(vop('v_cmp_%s_f64' % op, f64_2, ('mask',), mask_result(
            lambda a, b, p=pred: p(F64.value(a), F64.value(b)))))
    t.append(vop('v_cmp_class_f64', ('f64', 'cls'), ('mask',),
                 lambda a, m: gem5_cmp_class(a, m, F64)))
    for op in ('f', 'lt', 'eq', 'le', 'gt', 'ne', 'ge', 't'):
        for ty, conv in (('i64', s64), ('u64', lambda v: v)):
            pred = scalar_cmp(op)
            t.append(vop('v_cmp_%s_%s' % (op, ty), ('u64', 'u64'), ('mask',),
                         mask_result(lambda a, b, p=pred, c=conv:
                                     p(c(a), c(b)))))
    # The division helpers.
    t += [
        vop('v_div_scale_f32', f2, ('f32', 'mask', 'f32', 'u32'),
            both_scales(lambda s0, s1, s2: (s0, 0)),
            form=div_scale_form('v_div_scale_f32')),
        vop('v_div_scale_f64', f64_2, ('f64', 'mask', 'f64', 'u32'),
            both_scales(gem5_div_scale64),
            form=div_scale_form('v_div_scale_f64')),
        vop('v_div_fmas_f32', ('f32', 'f32', 'f32', 'b1'), ('f32',),
            partial(gem5_div_fmas, F32),
            form='v_div_fmas_f32 {d0}, {s0}, {s1}, {s2}'),
        vop('v_div_fmas_f64', ('f64', 'f64', 'f64', 'b1'), f64_1,
            partial(gem5_div_fmas, F64),
            form='v_div_fmas_f64 {d0}, {s0}, {s1}, {s2}'),
        vop('v_div_fixup_f32', f3, ('f32',), gem5_div_fixup32),
        vop('v_div_fixup_f64', ('f64', 'f64', 'f64'), f64_1, gem5_div_fixup64),
    ]
    # Special f32: transcendentals, fmac, multiply-adds with a literal.
    lit_dsts = ('f32',) * len(LITERALS)
    t += [
        vop('v_exp_f32', ('f32',), ('f32',), gem5_exp32,
            ulps=TRANSCENDENTAL_ULPS),
        vop('v_log_f32', ('f32',), ('f32',), gem5_log32,
            ulps=TRANSCENDENTAL_ULPS),
        vop('v_sin_f32', ('f32',), ('f32',),
            lambda a: gem5_sincos(a, False), ulps=TRANSCENDENTAL_ULPS),
        vop('v_cos_f32', ('f32',), ('f32',),
            lambda a: gem5_sincos(a, True), ulps=TRANSCENDENTAL_ULPS),
        vop('v_rcp_iflag_f32', ('f32',), ('f32',), gem5_rcp,
            ulps=TRANSCENDENTAL_ULPS),
        vop('v_fmac_f32', f3, ('f32',), lambda a, b, c: (fma32(a, b, c),),
            form='v_mov_b32 {d0}, {s2}\nv_fmac_f32 {d0}, {s0}, {s1}'),
        vop('v_madak_f32', f2, lit_dsts, per_literal(fma32, False),
            form=literal_forms('v_madak_f32', False)),
        vop('v_madmk_f32', f2, lit_dsts, per_literal(fma32, True),
            form=literal_forms('v_madmk_f32', True)),
        vop('v_fmaak_f32', f2, lit_dsts, per_literal(fma32, False),
            form=literal_forms('v_fmaak_f32', False), target='gfx940'),
        vop('v_fmamk_f32', f2, lit_dsts, per_literal(fma32, True),
            form=literal_forms('v_fmamk_f32', True), target='gfx940'),
    ]
    return t


def legacy_mad(a: int, b: int, c: int) -> int:
    """The legacy v_mad_f32 of three operands' bits, as bits."""
    return legacy_mad_f32(a, b, c)[0]


# Quotations of the manual: the Vega ISA descriptions gem5 reproduces, and
# the pseudo-code and notes of later AMD manuals (RDNA3/RDNA3.5, CDNA3).
KNOWN: List[KnownDifference] = [
    KnownDifference(
        'rndne-f64-float-rounding', ('v_rndne_f64',), 'emulator',
        "gem5 computes floor(x + 0.5) in double precision, so x + 0.5 "
        "rounds first (0.49999999999999994 -> 1.0; odd integers in [2^52, "
        "2^53) move up by 1), and -0.5 gives +0. The manual: 'D.d = "
        "round_nearest_even(S0.d)'.",
        by_name({'v_rndne_f64': manual_rndne64})),
    KnownDifference(
        'fract-f64-of-negative', ('v_fract_f64',), 'emulator',
        "gem5 returns modf's fractional part, x - trunc(x), negative for "
        "negative x, and 0 for infinities. The manual: 'D0.f64 = S0.f64 + "
        "-floor(S0.f64)', 'result clamped to 0x3fefffffffffffff' (fract(-1.2) "
        "= 0.8); infinities give NaN as v_fract_f32's.",
        by_name({'v_fract_f64': manual_fract64})),
    KnownDifference(
        'ldexp-f64-denormal-src0', ('v_ldexp_f64',), 'emulator',
        "gem5 returns a zero for a subnormal S0 whatever the denormal mode. "
        "The kernels run with FLOAT_DENORM_MODE_16_64 = 3, under which the "
        "manual keeps denormal inputs: 'D.d = S0.d * 2.0 ** S1.i' rounded "
        "once.",
        by_name({'v_ldexp_f64': manual_ldexp64})),
    KnownDifference(
        'rcp-rsq-f64-neg-zero', ('v_rcp_f64', 'v_rsq_f64'), 'emulator',
        "gem5 returns +inf for either zero. The manual: 'D.d = 1.0 / S0.d' "
        "and 'D.d = 1.0 / sqrt(S0.d)' 'using IEEE rules' (later manuals), "
        "so -0 gives -inf, as their examples for f32 'rcp(-0.0) = -INF', "
        "'rsq(-0.0) = -INF'.",
        by_name({'v_rcp_f64': manual_rcp64, 'v_rsq_f64': manual_rsq64})),
    KnownDifference(
        'cvt-f64-saturates-early', ('v_cvt_i32_f64', 'v_cvt_u32_f64'),
        'emulator',
        "gem5 saturates when frexp's exponent exceeds 30 (i32) or 31 (u32), "
        "which already holds for |x| in [2^30, 2^31) resp. [2^31, 2^32), "
        "values that fit, and gives 0xffffffff for any u32 input below "
        "-2^31. The manual: 'D.i = (int)S0.d. Out-of-range floating point "
        "values (including infinity) saturate. NaN is converted to 0.' (and "
        "the same for (unsigned)).",
        by_name({'v_cvt_i32_f64':
                 lambda a: manual_cvt_int64(a, -2**31, 2**31 - 1),
                 'v_cvt_u32_f64': lambda a: manual_cvt_int64(a, 0, M32)})),
    KnownDifference(
        'class-snan-qnan-f64', ('v_cmp_class_f64',), 'emulator',
        "gem5 matches any NaN with mask bit 0 or 1. The manual: 'S1.u[0] -- "
        "value is a signaling NaN. S1.u[1] -- value is a quiet NaN.'",
        by_name({'v_cmp_class_f64': manual_cmp_class64})),
    KnownDifference(
        'madak-madmk-legacy', ('v_madak_f32', 'v_madmk_f32'), 'emulator',
        "gem5 computes both with std::fma: fused, denormals kept. The Vega "
        "text: 'D.f = S0.f * S1.f + K' ('S0.f * K + S1.f') ... 'SQ "
        "translates to V_MAD_F32', the legacy multiply-add LLVM's backend "
        "treats as unfused and without denormal support (see "
        "mad-mac-f32-legacy). Accepted: the product rounded, then the sum, "
        "subnormal inputs (K too), product and result flushed.",
        by_name({'v_madak_f32': per_literal(legacy_mad, False),
                 'v_madmk_f32': per_literal(legacy_mad, True)})),
    KnownDifference(
        'div-scale-f32-stub', ('v_div_scale_f32',), 'emulator',
        "gem5 returns S0 and clears VCC. The Vega text: 'this opcode will "
        "appropriately scale inputs for division to avoid subnormal terms "
        "during Newton-Raphson correction algorithm. This opcode producses "
        "a VCC flag for post-scale of quotient.'; later manuals' "
        "pseudo-code scales S0 by 2^+-64 when the quotient or the "
        "reciprocal of the denominator would leave the normal range.",
        by_name({'v_div_scale_f32':
                 both_scales(partial(manual_div_scale, F32))})),
    KnownDifference(
        'div-scale-f64-frexp', ('v_div_scale_f64',), 'emulator',
        "gem5 tests the pseudo-code's exponents with frexp's: its 'Numerator "
        "is tiny' test (exponent(S2) <= 53) then holds for every |S2| < "
        "2^53, and S0 is scaled by 2^128 for nearly every division. Later "
        "manuals' pseudo-code compares the biased exponent: 'elsif "
        "exponent(S2.f64) <= 52 then // Numerator is tiny'.",
        by_name({'v_div_scale_f64':
                 both_scales(partial(manual_div_scale, F64))})),
    KnownDifference(
        'div-fmas-scale', ('v_div_fmas_f32', 'v_div_fmas_f64'),
        'unclear (the emulator makes the division sequence exact)',
        "With VCC set, gem5 scales the f64 fma by 2^64 and its f32 form "
        "writes no result. The Vega text only says 'Special case divide FMA "
        "with scale and flags'; later manuals' pseudo-code: 'D0.f32 = 2.0F "
        "** 32 * fma(S0.f32, S1.f32, S2.f32)' ('2.0 ** 64' for f64), which "
        "cannot undo v_div_scale's 2^+-64 (2^+-128). The emulator scales by "
        "2^64 (2^128) when S2 >= 2.0 and 2^-64 (2^-128) otherwise, rounding "
        "once, which div-scaling.test checks against the IEEE quotient.",
        by_name({'v_div_fmas_f32': partial(accepted_div_fmas, F32),
                 'v_div_fmas_f64': partial(accepted_div_fmas, F64)})),
    KnownDifference(
        'div-fixup-quotient', ('v_div_fixup_f32', 'v_div_fixup_f64'),
        'emulator',
        "gem5's f32 form ignores the quotient S0 and divides S2 by S1 "
        "again (a zero or infinite denominator giving an infinity); its f64 "
        "form returns S0 unchanged when frexp's exponents differ by less "
        "than -1075. The Vega text: 'D.f = Divide fixup and flags -- s0.f = "
        "Quotient, s1.f = Denominator, s2.f = Numerator'; later manuals' "
        "pseudo-code handles NaN, 0/0, inf/inf, x/0, x/inf and a quotient "
        "below the subnormal range (a zero), else 'D0.f32 = sign_out ? "
        "-abs(S0.f32) : abs(S0.f32)'.",
        by_name({'v_div_fixup_f32': partial(manual_div_fixup, F32),
                 'v_div_fixup_f64': partial(manual_div_fixup, F64)})),
    KnownDifference(
        'div-fixup-nan-quotient', ('v_div_fixup_f32', 'v_div_fixup_f64'),
        'unclear (the emulator makes the division sequence exact)',
        "With finite, nonzero operands and a NaN quotient S0 (the scaled "
        "sequence overflowed), the pseudo-code's 'sign_out ? -abs(S0.f32) : "
        "abs(S0.f32)' is a NaN; the emulator returns an infinity of the "
        "quotient's sign, the IEEE result of the division. gem5's f32 form "
        "divides again; its f64 form returns the NaN.",
        by_name({'v_div_fixup_f32':
                 partial(manual_div_fixup, F32, nan_quotient_inf=True),
                 'v_div_fixup_f64':
                 partial(manual_div_fixup, F64, nan_quotient_inf=True)})),
    KnownDifference(
        'exp-log-denormals-flushed', ('v_exp_f32', 'v_log_f32'), 'emulator',
        "gem5 keeps a subnormal result of v_exp_f32 and a subnormal input of "
        "v_log_f32. Later manuals: 'D0.f32 = pow(2.0F, S0.f32)' and "
        "'D0.f32 = log2(S0.f32)', '1ULP accuracy, denormals are flushed' "
        "(whatever the denormal mode; LLVM's llvm.exp2/log2 lowering "
        "rescales those ranges).",
        by_name({'v_exp_f32': manual_exp32, 'v_log_f32': manual_log32})),
    KnownDifference(
        'sin-cos-inv-2pi', ('v_sin_f32', 'v_cos_f32'), 'emulator',
        "gem5 multiplies S0 by 2.0 and by REG_PI, which holds the inline "
        "constant 1/(2 pi) (0x3e22f983), so it computes sin(S0 / pi). Its "
        "own quotation: 'D.f = sin(S0.f * 2 * PI)' (cos), S0 in "
        "revolutions. Accepted within [-256, 256].",
        by_name({'v_sin_f32': lambda a: manual_sincos(a, False, False),
                 'v_cos_f32': lambda a: manual_sincos(a, True, False)})),
    KnownDifference(
        'sin-cos-full-range', ('v_sin_f32', 'v_cos_f32'),
        'unclear (Vega text: gem5; later manuals: the emulator)',
        "For |S0| > 256 and infinities gem5 returns 0.0, after the Vega "
        "text: 'Valid range of S0.f is [-256.0, +256.0]. Out of range input "
        "results in float 0.0.' (1.0 for cos). Later manuals: 'Denormals "
        "are supported. Full range input is supported.', 'sin(+INF) = NAN'; "
        "LLVM limits the range (FeatureTrigReducedRange) up to gfx8 only, "
        "and the emulator computes sin(2 pi S0) for every finite S0.",
        by_name({'v_sin_f32': lambda a: manual_sincos(a, False, True),
                 'v_cos_f32': lambda a: manual_sincos(a, True, True)})),
]
