#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the instructions of table_rest.py, derived from
gem5's Vega implementations (vopc.cc: the 16-bit integer compares, the
v_cmpx_* of i64, u64, f64 and the class compares; vop3.cc: V_READLANE_B32,
V_WRITELANE_B32).

gem5 leaves every f16 compare unimplemented (panicUnimplemented()): those
models follow the ".arch" description it quotes, 'D.u64[threadID] = (S0 <
S1)' and so on, with S0 and S1 the f16 values of the low halves. gem5's
decoder has no class for s_lshl1_add_u32 .. s_lshl4_add_u32 ('Trying to
decode instruction without a class'): their model follows the ISA
wording 'D.u = (S0.u << N) + S1.u; SCC = (unsigned overflow)', the carry
out of bit 31 of the 64-bit value (S0 << N) + S1.

The private (scratch) MUBUF models follow gem5's buffer loads and stores
(mubuf.cc; Inst_MUBUF::calcAddr in op_encodings.hh): the bytes at offset +
vaddr (offen) of the lane's own part of the swizzled private segment, a
dword load or store moving consecutive dwords, a byte or short load
zero-extending (gem5's BUFFER_LOAD_UBYTE/USHORT), a byte or short store
writing the VGPR's low bytes. gem5 leaves buffer_load_sbyte and
buffer_load_sshort unimplemented: their models follow its .arch text,
'Untyped buffer load signed byte (sign extend to VGPR destination)'.

Lane-dependent models (Spec.lanes) take (lane, wave, *ops): the lane
number and the operand sets of the wave's lanes, in lane order; a lane a
partial last wave lacks has zero operands (the kernels zero them)."""

from typing import Callable, Sequence, Tuple

from .fp import F16, M32, sext
from .gem5 import scalar_cmp
from .gem5_mem import sext_load

# Bytes of the private segment a lane's image of the MUBUF kernels
# covers (16 dwords), and the instruction offset of the offen form.
PRIVATE_IMAGE = 64
OFFEN_OFFSET = 8


def cmp_int16(op: str, signed: bool) -> Callable[[int, int], Tuple[int]]:
    """v_cmp_<op>_{i16,u16}: gem5 reads the low halves
    (ConstVecOperandI16/U16) and compares them with C's operators."""
    pred = scalar_cmp(op)

    def model(a: int, b: int) -> Tuple[int]:
        """The lane's compare bit."""
        x, y = a & 0xFFFF, b & 0xFFFF
        if signed:
            x, y = sext(x, 16), sext(y, 16)
        return (int(bool(pred(x, y))),)
    return model


def cmp_f16(op: str) -> Callable[[int, int], Tuple[int]]:
    """v_cmp_<op>_f16 after the .arch text (gem5 implements none): the
    predicate on the f16 values of the low halves; '<>' is 'S0 < S1 || S0 >
    S1', ordered, as gem5 writes v_cmp_lg_f32."""
    pred = scalar_cmp(op)
    return lambda a, b: (int(bool(pred(F16.value(a & 0xFFFF),
                                       F16.value(b & 0xFFFF)))),)


def lshl_add(n: int) -> Callable[[int, int], Tuple[int, int]]:
    """s_lshl<n>_add_u32: (S0 << n) + S1 in 64 bits; D its low word, SCC
    whether it needs more than 32 bits."""
    def model(a: int, b: int) -> Tuple[int, int]:
        """D and SCC."""
        t = (a << n) + b
        return (t & M32, int(t > M32))
    return model


def lane_value(wave: Sequence, lane: int, op: int = 0) -> int:
    """Operand `op` of a lane of the wave; 0 for a lane the wave lacks
    (the kernels zero those lanes' operand VGPRs)."""
    return wave[lane][op] if lane < len(wave) else 0


def readlane(size: int) -> Callable[..., Tuple[int]]:
    """v_readlane_b32 with the lane select an SGPR, run once per lane of a
    wave of `size` with that lane's index operand: S0 of lane
    'src1.rawData() & 0x3f' (gem5; the index modulo the wave size)."""
    def model(lane: int, wave: Sequence, v: int, idx: int) -> Tuple[int]:
        """The value read for this lane's index."""
        return (lane_value(wave, idx % size),)
    return model


def readlane_const(consts: Sequence[int],
                   size: int) -> Callable[..., Tuple[int, ...]]:
    """v_readlane_b32 with each inline constant of `consts` as the lane
    select: one SGPR result per constant."""
    def model(lane: int, wave: Sequence, v: int) -> Tuple[int, ...]:
        """The values read (the same in every lane)."""
        return tuple(lane_value(wave, (k & M32) % size) for k in consts)
    return model


def writelane(size: int) -> Callable[..., Tuple[int]]:
    """v_writelane_b32 vdst, s, idx run for lane 0, 1, .. size-1 of the
    wave in turn with s and idx that lane's value and index operands (gem5:
    'vdst[src1.rawData() & 0x3f] = src0.rawData()'), vdst first each
    lane's old operand: the last write to a lane wins."""
    def model(lane: int, wave: Sequence, val: int, idx: int,
              old: int) -> Tuple[int]:
        """This lane's destination after every write."""
        out = lane_value(wave, lane, 2)
        for m in range(size):
            if lane_value(wave, m, 1) % size == lane:
                out = lane_value(wave, m, 0)
        return (out,)
    return model


def writelane_const(consts: Sequence[int],
                    size: int) -> Callable[..., Tuple[int]]:
    """v_writelane_b32 vdst, s, k for each inline constant k of `consts`
    in turn, s the value operand of lane i for the i-th constant, vdst
    first each lane's old operand."""
    def model(lane: int, wave: Sequence, val: int, old: int) -> Tuple[int]:
        """This lane's destination after every write."""
        out = old
        for i, k in enumerate(consts):
            if (k & M32) % size == lane:
                out = lane_value(wave, i)
        return (out,)
    return model


def image_bytes(words: Sequence[int]) -> bytearray:
    """Dwords as little-endian bytes."""
    return bytearray(b''.join((w & M32).to_bytes(4, 'little')
                              for w in words))


def image_words(img: bytearray) -> Tuple[int, ...]:
    """Little-endian bytes as dwords."""
    return tuple(int.from_bytes(img[i:i + 4], 'little')
                 for i in range(0, len(img), 4))


def private_load(size: int, signed: bool,
                 offset: int) -> Callable[..., Tuple[int, ...]]:
    """buffer_load_<size> from the lane's image (its first 16 operands):
    the offen form at vaddr (the last operand) + OFFEN_OFFSET, then the
    offset form at `offset`; a byte or short is zero- or (signed)
    sign-extended."""
    def load(img: bytearray, addr: int) -> Tuple[int, ...]:
        """The dwords of one load."""
        value = int.from_bytes(img[addr:addr + size], 'little')
        if size < 4:
            return (sext_load(value, size, signed),)
        return image_words(img[addr:addr + size])

    def model(*ops: int) -> Tuple[int, ...]:
        """The two loads' dwords."""
        img = image_bytes(ops[:PRIVATE_IMAGE // 4])
        return (load(img, ops[-1] + OFFEN_OFFSET) + load(img, offset))
    return model


def private_store(size: int, offset: int) -> Callable[..., Tuple[int, ...]]:
    """buffer_store_<size> of the data operands (after the 16 image
    dwords) at `offset` (the offset form), then at vaddr (the last
    operand) + OFFEN_OFFSET (offen); the image dwords after both."""
    def model(*ops: int) -> Tuple[int, ...]:
        """The lane's image after the stores."""
        n = PRIVATE_IMAGE // 4
        img = image_bytes(ops[:n])
        data = image_bytes(ops[n:-1])[:size]
        for addr in (offset, ops[-1] + OFFEN_OFFSET):
            img[addr:addr + size] = data
        return image_words(img)
    return model
