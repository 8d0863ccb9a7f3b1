#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The scalar ALU instructions of the table beyond table.py's 32-bit SOP1
and SOP2 ones: the 64-bit SOP1/SOP2 forms, the SOPC compares, the SOPK
instructions, s_bitset and the s_*_saveexec_b64 instructions, with their
known differences (KNOWN, appended to known.KNOWN_DIFFERENCES).

A SOPK instruction's 16-bit immediate is part of its text, so each is
checked as several table entries named '<instruction>.<immediate>'
(s_addk_i32.0x8000), one per immediate of IMMEDIATES. s_bitset and the
SOPK instructions that read their destination get it from a source
operand through s_mov. A saveexec instruction runs with EXEC set from an
operand and restored afterwards; its results are the saved EXEC, SCC and
the new EXEC. The wave32 s_*_saveexec_b32 forms run on gfx1030 (EXEC_LO)
and come last in the table (saveexec32_specs).

Not checked: s_lshl1..4_add_u32, which gem5 does not implement (its
decoder stops with 'Trying to decode instruction without a class'), so
there is neither a gem5 model nor a quoted description to check against."""

from typing import Callable, List, Tuple

from .fp import M32, M64, s32, s64, sext
from .gem5_scalar import (addk, cmp, count_zero_bits_msb, find_first_one,
                          find_first_zero, first_opposite_sign_bit64,
                          gem5_bfe64, gem5_bitset, nz, saveexec)
from .spec import KnownDifference, sop, Spec

# The 16-bit immediates each SOPK instruction is checked with: small ones,
# the largest positive, the sign edge and -1 as signed; 0x8000 and 0xffff
# tell sign- from zero-extension.
IMMEDIATES = {
    's_movk_i32': (0x0000, 0x0001, 0x7FFF, 0x8000, 0xFFFF),
    's_addk_i32': (0x0001, 0x7FFF, 0x8000, 0xFFFF),
    's_mulk_i32': (0x0003, 0x7FFF, 0x8000, 0xFFFF),
    's_cmpk': (0x0000, 0x7FFF, 0x8000, 0xFFFF),
}

CMP_OPS = ('eq', 'lg', 'gt', 'ge', 'lt', 'le')

# The fraction of compare operand sets with src1 next to src0.
TIES = 0.2

# The saveexec operations: the new EXEC from (S0, EXEC).
SAVEEXEC_OPS = (('and', lambda s, e: s & e), ('or', lambda s, e: s | e),
                ('xor', lambda s, e: s ^ e), ('andn2', lambda s, e: s & ~e),
                ('orn2', lambda s, e: s | ~e))

# The processor of the wave32 entries.
GFX10 = 'gfx1030'


def brev64(a: int) -> int:
    """The 64 bits of a in reverse order."""
    return int('{:064b}'.format(a)[::-1], 2)


def sop64(name, srcs, model, scc=True, form=None, ties=0.0):
    """A scalar instruction with an SGPR-pair destination."""
    return sop(name, srcs, model, scc, form, ('u64', 'scc'), ties)


def sopc(name, srcs, pred, ties=0.0):
    """A compare writing only SCC: pred(S0, S1)."""
    return sop(name, srcs, lambda a, b: (int(pred(a, b)),), dsts=('scc',),
               ties=ties)


def sopk_entries() -> List[Spec]:
    """The SOPK instructions, one entry per immediate."""
    t: List[Spec] = []
    for k in IMMEDIATES['s_movk_i32']:
        t.append(sop('s_movk_i32.%#06x' % k, (),
                     lambda k=k: (sext(k, 16) & M32,), scc=False,
                     form='s_movk_i32 {d0}, %#06x' % k))
    for k in IMMEDIATES['s_addk_i32']:
        t.append(sop('s_addk_i32.%#06x' % k, ('u32',), addk(k),
                     form='s_mov_b32 {d0}, {s0}\ns_addk_i32 {d0}, %#06x' % k))
    for k in IMMEDIATES['s_mulk_i32']:
        t.append(sop('s_mulk_i32.%#06x' % k, ('u32',),
                     lambda a, k=k: ((s32(a) * sext(k, 16)) & M32,), scc=False,
                     form='s_mov_b32 {d0}, {s0}\ns_mulk_i32 {d0}, %#06x' % k))
    for op in CMP_OPS:
        for ty in ('i32', 'u32'):
            for k in IMMEDIATES['s_cmpk']:
                # Signed forms compare with signext(SIMM16), unsigned ones
                # with SIMM16 zero-extended.
                kk = sext(k, 16) & M32 if ty == 'i32' else k
                pred = cmp(op, ty == 'i32')
                name = 's_cmpk_%s_%s' % (op, ty)
                t.append(sop('%s.%#06x' % (name, k), ('k16',),
                             lambda a, p=pred, kk=kk: (int(p(a, kk)),),
                             dsts=('scc',), form='%s {s0}, %#06x' % (name, k)))
    return t


def specs() -> List[Spec]:
    """The scalar entries of the table, in report order."""
    b2 = ('b64', 'b64')
    t: List[Spec] = []
    # SOP2 / SOP1, 64 bits.
    t += [
        sop64('s_and_b64', b2, lambda a, b: nz(a & b)),
        sop64('s_or_b64', b2, lambda a, b: nz(a | b)),
        sop64('s_xor_b64', b2, lambda a, b: nz(a ^ b)),
        sop64('s_andn2_b64', b2, lambda a, b: nz(a & ~b)),
        sop64('s_orn2_b64', b2, lambda a, b: nz(a | ~b)),
        sop64('s_nand_b64', b2, lambda a, b: nz(~(a & b))),
        sop64('s_nor_b64', b2, lambda a, b: nz(~(a | b))),
        sop64('s_xnor_b64', b2, lambda a, b: nz(~(a ^ b))),
        sop64('s_not_b64', ('b64',), lambda a: nz(~a)),
        sop64('s_mov_b64', ('b64',), lambda a: (a,), scc=False),
        sop64('s_lshl_b64', ('b64', 'sh'), lambda a, b: nz(a << (b & 63))),
        sop64('s_lshr_b64', ('b64', 'sh'), lambda a, b: nz(a >> (b & 63))),
        sop64('s_ashr_i64', ('b64', 'sh'),
              lambda a, b: nz(s64(a) >> (b & 63))),
        sop64('s_bfe_u64', ('b64', 'sbfe64'),
              lambda a, b: gem5_bfe64(a, b, False)),
        sop64('s_bfe_i64', ('b64', 'sbfe64'),
              lambda a, b: gem5_bfe64(a, b, True)),
        sop64('s_bfm_b64', ('sh', 'sh'),
              lambda a, b: ((((1 << (a & 63)) - 1) << (b & 63)) & M64,),
              scc=False),
        sop64('s_brev_b64', ('b64',), lambda a: (brev64(a),), scc=False),
        sop64('s_cselect_b64', ('b64', 'b64', 'b1'),
              lambda a, b, c: (a if c else b,), scc=False),
        sop('s_bcnt1_i32_b64', ('b64',), lambda a: nz(bin(a).count('1'))),
        sop('s_bcnt0_i32_b64', ('b64',),
            lambda a: nz(64 - bin(a).count('1'))),
        sop('s_ff1_i32_b64', ('b64',), lambda a: (find_first_one(a),),
            scc=False),
        sop('s_ff0_i32_b64', ('b64',), lambda a: (find_first_zero(a, 64),),
            scc=False),
        sop('s_flbit_i32_b64', ('b64',),
            lambda a: (count_zero_bits_msb(a, 64),), scc=False),
        sop('s_flbit_i32_i64', ('b64',),
            lambda a: (first_opposite_sign_bit64(a),), scc=False),
    ]
    # SOP1 s_bitset: the destination is also read (set from src1 first).
    for bits, dst, mov in ((32, 'u32', 's_mov_b32'), (64, 'u64', 's_mov_b64')):
        for one in (False, True):
            name = 's_bitset%d_b%d' % (one, bits)
            t.append(sop(name, ('sh', 'u32' if bits == 32 else 'b64'),
                         gem5_bitset(one, bits), scc=False, dsts=(dst, 'scc'),
                         form='%s {d0}, {s1}\n%s {d0}, {s0}' % (mov, name)))
    # SOP1 saveexec: EXEC from src1, restored after the results are taken.
    for op, fn in SAVEEXEC_OPS:
        name = 's_%s_saveexec_b64' % op
        t.append(sop(name, b2, saveexec(fn), dsts=('u64', 'scc', 'u64'),
                     form='s_mov_b64 s[28:29], exec\n'
                          's_mov_b64 exec, {s1}\n'
                          '%s {d0}, {s0}\n'
                          's_mov_b64 {d2}, exec\n'
                          's_mov_b64 exec, s[28:29]' % name))
    # SOPC.
    for op in CMP_OPS:
        for ty in ('i32', 'u32'):
            t.append(sopc('s_cmp_%s_%s' % (op, ty), ('u32', 'u32'),
                          cmp(op, ty == 'i32'), ties=TIES))
    for op in ('eq', 'lg'):
        t.append(sopc('s_cmp_%s_u64' % op, b2, cmp(op, True, 64), ties=TIES))
    for bits, src in ((32, 'u32'), (64, 'b64')):
        for one in (0, 1):
            t.append(sopc('s_bitcmp%d_b%d' % (one, bits), (src, 'sh'),
                          lambda a, b, n=bits - 1, o=one:
                          (a >> (b & n) & 1) == o))
    t += sopk_entries()
    return t


def saveexec32_specs() -> List[Spec]:
    """s_*_saveexec_b32, the wave32 forms, on gfx1030: as the b64 entries,
    with EXEC_LO saved in s28 and restored. Checked after every other
    entry, so that the operand sets a seed gives the earlier entries stay
    as they were."""
    t: List[Spec] = []
    for op, fn in SAVEEXEC_OPS:
        name = 's_%s_saveexec_b32' % op
        spec = sop(name, ('u32', 'u32'), saveexec(fn, 32),
                   dsts=('u32', 'scc', 'u32'),
                   form='s_mov_b32 s28, exec_lo\n'
                        's_mov_b32 exec_lo, {s1}\n'
                        '%s {d0}, {s0}\n'
                        's_mov_b32 {d2}, exec_lo\n'
                        's_mov_b32 exec_lo, s28' % name)
        spec.target = GFX10
        t.append(spec)
    return t


def manual_bitset(one: bool, bits: int) -> Callable[[int, int], Tuple[int]]:
    """s_bitset0/1 as the manual: D with bit S0[4:0] (b64: S0[5:0])
    cleared or set, its other bits kept. Operands: (bit, old D)."""
    def model(bit: int, old: int) -> Tuple[int]:
        """The new D."""
        mask = 1 << (bit & (bits - 1))
        return ((old | mask) if one else (old & ~mask & ((1 << bits) - 1)),)
    return model


KNOWN: List[KnownDifference] = [
    KnownDifference(
        'bitset-reads-dst', ('s_bitset0_b32', 's_bitset1_b32',
                             's_bitset0_b64', 's_bitset1_b64'), 'emulator',
        "gem5 never reads the destination: sdst.setBit() changes one bit of "
        "a fresh operand, whose data its constructor zeroes, so s_bitset1 "
        "gives only that bit and s_bitset0 gives 0. The manual: "
        "'D.u[S0.u[4:0]] = 0.' / 'D.u64[S0.u[5:0]] = 1.', an assignment "
        "to one bit of D that leaves its other bits as they were.",
        lambda name: manual_bitset(name[8] == '1', int(name[-2:]))),
]
