#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Reference models of the memory instructions, after gem5's Vega
implementations (ds.cc, flat.cc, smem.cc, sopp.cc, op_encodings.hh and
the atomic functors of src/base/amo.hh at the commit isa_crosscheck.py
names) and, where gem5 leaves an instruction unimplemented
(panicUnimplemented), after the ".arch" description gem5 quotes for it.

An atomic operation is a function (old, data, cmp) -> new memory value on
raw bits of a width of 32 or 64."""

from typing import Callable, Dict

from .fp import F32, F64, M32


def _signed(x: int, bits: int) -> int:
    """The signed value of the low `bits` bits of x."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def float_add(old: int, data: int, bits: int) -> int:
    """IEEE addition of two raw floats, subnormals kept (gem5's
    AtomicOpAdd on float/double: *b += a, on the host)."""
    fmt = F32 if bits == 32 else F64
    return fmt.bits(fmt.value(old) + fmt.value(data))


def gem5_fmin(old: int, data: int, bits: int) -> int:
    """gem5's AtomicOpMin on double: `if (a < *b) *b = a` (a the data): a
    NaN on either side keeps the memory value, as does -0 against +0."""
    fmt = F32 if bits == 32 else F64
    return data if fmt.value(data) < fmt.value(old) else old


def gem5_fmax(old: int, data: int, bits: int) -> int:
    """gem5's AtomicOpMax on double: `if (a > *b) *b = a`."""
    fmt = F32 if bits == 32 else F64
    return data if fmt.value(data) > fmt.value(old) else old


def gem5_atomic(op: str, bits: int) -> Callable[[int, int, int], int]:
    """The new memory value of gem5's atomic `op` at a width (32 or 64).
    inc and dec are gem5's AtomicOpInc/AtomicOpDec, which ignore the data:
    *b += 1 and *b -= 1 (wrapping). cmpswap stores data where the memory
    equals cmp (AtomicOpCAS)."""
    m = (1 << bits) - 1
    table: Dict[str, Callable[[int, int, int], int]] = {
        'swap': lambda o, d, c: d,
        'cmpswap': lambda o, d, c: d if o == c else o,
        'add': lambda o, d, c: (o + d) & m,
        'sub': lambda o, d, c: (o - d) & m,
        'rsub': lambda o, d, c: (d - o) & m,
        'smin': lambda o, d, c: min(_signed(o, bits), _signed(d, bits)) & m,
        'smax': lambda o, d, c: max(_signed(o, bits), _signed(d, bits)) & m,
        'umin': lambda o, d, c: min(o, d),
        'umax': lambda o, d, c: max(o, d),
        'and': lambda o, d, c: o & d,
        'or': lambda o, d, c: o | d,
        'xor': lambda o, d, c: o ^ d,
        'inc': lambda o, d, c: (o + 1) & m,
        'dec': lambda o, d, c: (o - 1) & m,
        'mskor': lambda o, d, c: (o & ~d & m) | c,
        'fadd': lambda o, d, c: float_add(o, d, bits),
        'fmin': lambda o, d, c: gem5_fmin(o, d, bits),
        'fmax': lambda o, d, c: gem5_fmax(o, d, bits),
    }
    return table[op]


def arch_atomic(op: str, bits: int) -> Callable[[int, int, int], int]:
    """An atomic as the ".arch" descriptions gem5 quotes give it: inc and
    dec compare with the data, 'MEM[ADDR] = (tmp >= DATA) ? 0 : tmp + 1'
    and 'MEM[ADDR] = (tmp == 0 || tmp > DATA) ? DATA : tmp - 1' (unsigned);
    every other operation as gem5_atomic."""
    m = (1 << bits) - 1
    if op == 'inc':
        return lambda o, d, c: 0 if o >= d else (o + 1) & m
    if op == 'dec':
        return lambda o, d, c: d if o == 0 or o > d else o - 1
    return gem5_atomic(op, bits)


def sext_load(value: int, nbytes: int, signed: bool) -> int:
    """A sub-dword load into a VGPR: zero- or sign-extended to 32 bits
    (gem5's ds_read_{u,i}8/16, flat_load_{u,s}byte/short)."""
    bits = 8 * nbytes
    value &= (1 << bits) - 1
    if signed and value >> (bits - 1):
        value -= 1 << bits
    return value & M32


__all__ = ['arch_atomic', 'float_add', 'gem5_atomic', 'gem5_fmax',
           'gem5_fmin', 'sext_load', 'M64']
