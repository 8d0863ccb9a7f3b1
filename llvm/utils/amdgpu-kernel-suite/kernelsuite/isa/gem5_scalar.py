#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the scalar ALU instructions (SOP1, SOP2, SOPC,
SOPK) derived from gem5's Vega implementations: sop1.cc, sop2.cc, sopc.cc,
sopk.cc and inst_util.hh (findFirstZero, findFirstOne, countZeroBitsMsb,
firstOppositeSignBit) of the commit isa_crosscheck.py names.

Each model takes raw operand bits and returns the raw results in the order
of its Spec's destinations ('scc' as 0/1)."""

from typing import Callable, Tuple

from .fp import M32, M64, s32, s64, sext


def nz(d: int, mask: int = M64) -> Tuple[int, int]:
    """A result and gem5's 'SCC = 1 if result is non-zero'."""
    d &= mask
    return (d, int(d != 0))


def find_first_one(v: int) -> int:
    """findFirstOne: the index of the lowest one bit, -1 for 0."""
    return ((v & -v).bit_length() - 1) & M32


def find_first_zero(v: int, bits: int) -> int:
    """findFirstZero: the index of the lowest zero bit among `bits`, -1 if
    every bit is one."""
    return find_first_one(~v & ((1 << bits) - 1))


def count_zero_bits_msb(v: int, bits: int) -> int:
    """countZeroBitsMsb: zeros above the highest one bit of a `bits`-wide
    value, -1 for 0 (s_flbit_i32_b32/b64)."""
    return (bits - v.bit_length()) if v else M32


def first_opposite_sign_bit64(v: int) -> int:
    """firstOppositeSignBit of a 64-bit value: bits from the MSB that equal
    the sign bit, -1 for 0 and -1 (s_flbit_i32_i64)."""
    if v in (0, M64):
        return M32
    return 64 - (v ^ M64 if v >> 63 else v).bit_length()


def gem5_bfe64(x: int, field: int, signed: bool) -> Tuple[int, int]:
    """s_bfe_u64/s_bfe_i64: S0 (arithmetically for i64) shifted right by
    S1[5:0], masked to S1[22:16] bits, sign-extended from the field's top
    bit for i64; SCC = result != 0. gem5 builds the mask as the C int
    (1 << width) - 1, undefined from a width of 31 on; there the model
    takes the manual's meaning: a width of 64 or more keeps every shifted
    bit."""
    off, width = field & 63, (field >> 16) & 127
    shifted = (s64(x) if signed else x) >> off
    if width == 0:
        return (0, 0)
    if width < 64:
        shifted &= (1 << width) - 1
        if signed:
            shifted = sext(shifted, width)
    return nz(shifted)


def gem5_bitset(one: bool, bits: int) -> Callable[[int, int], Tuple[int]]:
    """s_bitset0/1_b32/b64 as gem5: the destination operand is not read
    (sdst.setBit on a fresh, zeroed operand), so the result is 0 with at
    most bit S0[4:0] (b64: S0[5:0]) set. Operands: (bit, old D)."""
    def model(bit: int, old: int) -> Tuple[int]:
        """The new D for a bit index (the old D is ignored)."""
        return ((1 << (bit & (bits - 1))) if one else 0,)
    return model


def saveexec(op: Callable[[int, int], int],
             bits: int = 64) -> Callable[..., Tuple[int, ...]]:
    """s_<op>_saveexec_b64: D = EXEC; EXEC = op(S0, EXEC); SCC = EXEC != 0.
    Operands: (S0, EXEC before); results: (D, SCC, EXEC after). With bits
    32 the wave32 s_<op>_saveexec_b32 of gfx10, which gem5 (Vega) lacks:
    the b64 pseudo-code on EXEC_LO and 32-bit values, as the RDNA ISA
    manual describes the b32 forms."""
    def model(src: int, exec_: int) -> Tuple[int, int, int]:
        """The saved EXEC, SCC and the new EXEC."""
        new = op(src, exec_) & ((1 << bits) - 1)
        return (exec_, int(new != 0), new)
    return model


def cmp(op: str, signed: bool, bits: int = 32) -> Callable[[int, int], bool]:
    """The predicate of s_cmp_<op>_{i32,u32,u64} (gem5 compares S0.i64 for
    the u64 forms; eq and lg do not care)."""
    conv = (s32 if bits == 32 else s64) if signed else (lambda v: v)
    return {
        'eq': lambda a, b: conv(a) == conv(b),
        'lg': lambda a, b: conv(a) != conv(b),
        'gt': lambda a, b: conv(a) > conv(b),
        'ge': lambda a, b: conv(a) >= conv(b),
        'lt': lambda a, b: conv(a) < conv(b),
        'le': lambda a, b: conv(a) <= conv(b),
    }[op]


def addk(imm: int) -> Callable[[int], Tuple[int, int]]:
    """s_addk_i32: D = D + signext(SIMM16); SCC = the operands' sign bits
    agree and differ from the result's (signed overflow)."""
    k = sext(imm, 16)

    def model(d: int) -> Tuple[int, int]:
        """The sum and its overflow."""
        r = (d + k) & M32
        sd, sk, sr = d >> 31, (imm >> 15) & 1, r >> 31
        return (r, int(sd == sk and sd != sr))
    return model
