#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the integer and lane instructions of table_misc.py,
derived from gem5's Vega implementations (vop1.cc, vop2.cc, vop3.cc,
vop3p.cc, vopc.cc, and the permute() helper of V_PERM_B32 in
instructions.hh). gem5's Vega has no v_swap_b32 (its decoder stops with
"instruction without a class"), no vector v_movrel*, and no gfx10
instruction (v_xor3_b32, the _nc_ and _co_ci_ names); those models follow
the ISA manuals' descriptions quoted in their docstrings, and the gfx10
renamings the gem5 model of their Vega counterpart.

Lane-dependent models (Spec.lanes) take (lane, wave, *ops): the lane
number and the operand sets of the wave's lanes, in lane order."""

from typing import Sequence, Tuple

from .fp import b32, M32


def gem5_perm_byte(data: int, sel: int) -> int:
    """gem5's permute(): byte `sel` of the 8 bytes of data = {S0, S1}
    (S1 the low word); 8-11 the sign of byte 1, 3, 5 or 7 as 0x00/0xff, 12
    0x00, 13 and up 0xff."""
    if sel >= 13:
        return 0xFF
    if sel == 12:
        return 0
    if sel >= 8:
        return 0xFF if (data >> (8 * (2 * (sel - 8) + 1) + 7)) & 1 else 0
    return (data >> (8 * sel)) & 0xFF


def gem5_perm(a: int, b: int, sel: int) -> Tuple[int]:
    """v_perm_b32: each byte of S2 selects a byte of {S0, S1}."""
    data = (a << 32) | b
    return (sum(gem5_perm_byte(data, (sel >> (8 * i)) & 0xFF) << (8 * i)
                for i in range(4)),)


def cvt_f32_ubyte(n: int):
    """v_cvt_f32_ubyte<n>: (float) of byte n of S0 (exact)."""
    return lambda a: (b32(float((a >> (8 * n)) & 0xFF)),)


def cndmask(a: int, b: int, c: int) -> Tuple[int]:
    """v_cndmask_b32: VCC[lane] ? S1 : S0."""
    return (b if c else a,)


def mbcnt(hi: bool):
    """v_mbcnt_{lo,hi}_u32_b32: S1 + the ones of S0 in the mask of lanes
    below this one (bits 31:0 of it for lo, 63:32 for hi)."""
    def model(lane: int, wave: Sequence, a: int, b: int) -> Tuple[int]:
        """The result in `lane`."""
        below = (1 << lane) - 1
        mask = (below >> 32) if hi else below & M32
        return ((bin(a & mask).count('1') + b) & M32,)
    return model


def readfirstlane(lane: int, wave: Sequence, v: int, act: int) -> Tuple[int]:
    """v_readfirstlane_b32: S0 of the lowest lane in EXEC (here the lanes
    whose act bit is set), of lane 0 when EXEC is zero; every lane stores
    the same SGPR."""
    first = next((i for i, ops in enumerate(wave) if ops[1]), 0)
    return (wave[first][0],)


def swap(a: int, b: int) -> Tuple[int, int]:
    """v_swap_b32 vdst, vsrc (vdst = a, vsrc = b before): the Vega
    manual's 'tmp = D.u; D.u = S0.u; S0.u = tmp'."""
    return (b, a)


def add_u16_keep(a: int, b: int, old: int) -> Tuple[int]:
    """v_add_nc_u16 after gem5's V_ADD_U16: the 16-bit sum written as a
    16-bit element (gem5 copies sizeof(uint16_t) bytes into the VGPR), the
    high half of the destination kept."""
    return ((old & 0xFFFF0000) | ((a + b) & 0xFFFF),)


def sub_u16_keep(a: int, b: int, old: int) -> Tuple[int]:
    """v_sub_nc_u16 after gem5's V_SUB_U16, as add_u16_keep."""
    return ((old & 0xFFFF0000) | ((a - b) & 0xFFFF),)


def movrels(lane: int, wave: Sequence, m0: int, *vals: int) -> Tuple[int]:
    """v_movrels_b32 d, v4 with v4.. = vals: 'VGPR[D] = VGPR[S0 + M0]';
    M0 is the first lane's m0 operand (v_readfirstlane)."""
    return (vals[wave[0][0]],)


def movreld(lane: int, wave: Sequence, m0: int,
            *ops: int) -> Tuple[int, ...]:
    """v_movreld_b32 v4, src with v4.. = ops[:-1], src = ops[-1]:
    'VGPR[D + M0] = S0'; the results are v4.."""
    vals = list(ops[:-1])
    vals[wave[0][0]] = ops[-1]
    return tuple(vals)


def movrelsd(lane: int, wave: Sequence, m0: int,
             *vals: int) -> Tuple[int, ...]:
    """v_movrelsd_b32 v5, v4 with v4.. = vals: 'VGPR[D + M0] =
    VGPR[S0 + M0]' (a move one register up at M0); the results are v4..
    (a write past them is not observed)."""
    out = list(vals)
    k = wave[0][0]
    if k + 1 < len(out):
        out[k + 1] = vals[k]
    return tuple(out)


def movrelsd_2(lane: int, wave: Sequence, m0: int,
               *vals: int) -> Tuple[int, ...]:
    """v_movrelsd_2_b32 v4, v4 with v4.. = vals: the RDNA manual's
    'addr_src = SRC0 + M0[9:0]; addr_dst = VDST + M0[25:16]'."""
    w = wave[0][0]
    out = list(vals)
    out[(w >> 16) & 0x3FF] = vals[w & 0x3FF]
    return tuple(out)
