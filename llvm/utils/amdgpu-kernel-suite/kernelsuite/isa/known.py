#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Known differences between gem5 and the emulator, each with the ISA
wording that decides which is right: those of the core table (table.py)
here, then each family's KNOWN (table_scalar, table_f64, table_h16,
table_misc, table_mem, table_rest)."""

from typing import List

from . import (table_f64, table_h16, table_mem, table_misc, table_rest,
               table_scalar)
from .fp import F32, F64, M32, s32
from .manual import (legacy_mad_f32, manual_cmp_class, manual_cvt_int,
                     manual_fract, manual_ieee, manual_minmax, manual_minmax3,
                     manual_rndne, sub_borrow_exact)
from .spec import by_name, KnownDifference


# Quotations of the manual are the Vega ISA descriptions gem5 reproduces
# ("--- description from .arch file ---").
CORE_KNOWN: List[KnownDifference] = [
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

KNOWN_DIFFERENCES: List[KnownDifference] = (
    CORE_KNOWN + table_scalar.KNOWN + table_f64.KNOWN + table_h16.KNOWN
    + table_misc.KNOWN + table_mem.KNOWN + table_rest.KNOWN)
