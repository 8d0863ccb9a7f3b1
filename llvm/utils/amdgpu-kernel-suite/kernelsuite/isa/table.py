#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The instruction table: every instruction checked, its operand and
destination kinds, its text and its gem5 model. The core instructions
(32-bit integer and f32 VALU, the VOPC compares, the 32-bit scalar ALU,
64-bit shifts, multiply-adds and f64 arithmetic) are here; the families
(table_scalar, table_f64, table_h16, table_misc, table_mem, table_rest)
follow them."""

import math
from typing import List

from . import (table_f64, table_h16, table_mem, table_misc, table_rest,
               table_scalar)
from .fp import (b32, c_fmax, c_fmin, F32, f32, F64, ieee_fma, M32, M64,
                 round_integral, s32, s64, sext)
from .gem5 import (add_carry, f32op, f64op, first_opposite_sign_bit,
                   gem5_add_f64, gem5_bfe, gem5_cmp_class, gem5_cvt_i32_f32,
                   gem5_cvt_u32_f32, gem5_fract, gem5_frexp_exp,
                   gem5_frexp_mant, gem5_ldexp, gem5_med3_f32, gem5_mul,
                   gem5_rcp, gem5_rndne, gem5_rsq, gem5_sqrt, mad64,
                   scalar_cmp, sub_borrow)
from .spec import mask_result, sop, Spec, TRANSCENDENTAL_ULPS, vop


def build_table() -> List[Spec]:
    """Every instruction checked, in report order: the core table, then
    each family's, then the entries added since (the flat atomics without
    return and flat_atomic_add_f32, the s_*_saveexec_b32), last so that a
    seed gives the earlier entries the operand sets it gave them."""
    return (core_table() + table_scalar.specs() + table_f64.specs()
            + table_h16.specs() + table_misc.specs() + table_mem.specs()
            + table_rest.specs() + table_mem.flat_nortn_specs()
            + table_scalar.saveexec32_specs())


def core_table() -> List[Spec]:
    """The core instructions, in report order."""
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
