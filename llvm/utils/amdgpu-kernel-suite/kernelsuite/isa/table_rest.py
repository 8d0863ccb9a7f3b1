#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The instructions no other family checks: the f16 and 16-bit integer
compares, v_cmpx_* of i64, u64, f64, f16, i16, u16 and the class compares
(on gfx90a the result in VCC and EXEC, on gfx1030 in EXEC only, as
table_misc checks v_cmpx of i32, u32 and f32), s_lshl1_add_u32 ..
s_lshl4_add_u32, s_mov_b32, v_readlane_b32 and v_writelane_b32 (on gfx90a and on
gfx1030 in wave32), the private (scratch) MUBUF loads and stores, and
their known differences (KNOWN, appended to known.KNOWN_DIFFERENCES). The
gem5 models are in gem5_rest.py.

A 16-bit compare reads the low halves of its operands; the high halves are
random, so that a compare of the whole word shows. v_readlane_b32 and
v_writelane_b32 with an SGPR lane select run once per lane of the wave
(s16 the lane, its index operand read with v_readlane_b32 .., s16), so
each lane's index is checked; with an inline constant the text runs once per
constant of LANE_CONSTS. Their kernels first zero the operands of the
lanes a partial last wave lacks, so that the models know what those lanes
hold. A name ending in '.gfx1030' is the gfx1030 (wave32) kernel of an
instruction that the table also checks on gfx90a; '<instruction>__const'
is the instruction with inline-constant lane selects.

A private MUBUF kernel (Spec.private) gives each lane a 64-byte image of
its first 16 operands in its private segment (through the private-segment
buffer descriptor, soffset 0), runs the instruction in its offset form
and then its offen form (vaddr an operand, instruction offset 8), and
stores what a load returned or, for a store, the image read back. The
emulator does not implement flat scratch (scratch_*), so only MUBUF is
checked."""

from typing import Callable, List, Sequence, Tuple

from .fp import F32, F64, s64
from .gem5 import gem5_cmp_class, scalar_cmp
from .gem5_f64 import manual_cmp_class64
from .gem5_rest import (cmp_f16, cmp_int16, lshl_add, OFFEN_OFFSET,
                        PRIVATE_IMAGE, private_load, private_store,
                        readlane, readlane_const, writelane,
                        writelane_const)
from .harness_mem import copy_words, dst, frame, OPERAND_KINDS, src, vreg
from .manual import manual_cmp_class
from .spec import by_name, KnownDifference, sop, Spec, vop, WAVE_SIZE

GFX10 = 'gfx1030'
# The fraction of operand sets of a compare whose src1 is src0 - 1, src0
# or src0 + 1.
TIES = 0.2
INT_OPS = ('f', 'lt', 'eq', 'le', 'gt', 'ne', 'ge', 't')
FP_OPS = ('f', 'lt', 'eq', 'le', 'gt', 'lg', 'ge', 'o', 'u', 'nge', 'nlg',
          'ngt', 'nle', 'neq', 'nlt', 'tru')
# The inline constants a lane select is checked with: below, at and above
# the wave size, and negative (0xffffffff, 0xfffffff0).
LANE_CONSTS = (0, 17, 63, 64, -1, -16)


def tie(spec: Spec) -> Spec:
    """A compare whose operand sets include near-equal pairs."""
    spec.ties = TIES
    return spec


def int16_test(op: str, signed: bool) -> Callable[[int, int], int]:
    """The bit of a 16-bit integer compare."""
    model = cmp_int16(op, signed)
    return lambda a, b: model(a, b)[0]


def f16_test(op: str) -> Callable[[int, int], int]:
    """The bit of an f16 compare."""
    model = cmp_f16(op)
    return lambda a, b: model(a, b)[0]


def wide_test(op: str, conv: Callable) -> Callable[[int, int], int]:
    """The bit of a 64-bit integer or f64 compare (gem5's C operators)."""
    pred = scalar_cmp(op)
    return lambda a, b: int(bool(pred(conv(a), conv(b))))


def class_test(fmt) -> Callable[[int, int], int]:
    """The bit of gem5's class compare (any NaN for mask bit 0 or 1)."""
    return lambda a, m: gem5_cmp_class(a, m, fmt)[0]


def cmpx(name: str, kinds: Tuple[str, str], test: Callable[[int, int], int],
         ties: bool = True) -> List[Spec]:
    """v_cmpx_<name> on gfx90a (the compare bit in VCC and EXEC) and, if
    gfx10 has it, on gfx1030 (EXEC only: VCC, preset from a b1 operand, is
    kept). gfx10 has no v_cmpx_f/t of i16 and u16."""
    srcs = kinds + ('b1',)
    out = [Spec(name, 'v', srcs, ('exec', 'mask'),
                name + '_e32 vcc, {s0}, {s1}',
                lambda a, b, v, t=test: (t(a, b), t(a, b))),
           Spec(name + '.' + GFX10, 'v', srcs, ('exec', 'mask'),
                name + '_e32 {s0}, {s1}',
                lambda a, b, v, t=test: (t(a, b), v), target=GFX10)]
    if name.split('_')[2] in ('f', 't') and name.endswith('16') \
            and 'f16' not in name:
        out.pop()
    return [tie(s) for s in out] if ties else out


def compare_specs() -> List[Spec]:
    """The f16 and 16-bit integer compares, and the v_cmpx_* forms of
    every compare type table_misc does not check."""
    t: List[Spec] = []
    for op in FP_OPS:
        t.append(tie(vop('v_cmp_%s_f16' % op, ('f16', 'f16'), ('mask',),
                         cmp_f16(op))))
    for op in INT_OPS:
        for ty in ('i16', 'u16'):
            t.append(tie(vop('v_cmp_%s_%s' % (op, ty), ('u16', 'u16'),
                             ('mask',), cmp_int16(op, ty == 'i16'))))
    for op in INT_OPS:
        for ty, conv in (('i64', s64), ('u64', lambda v: v)):
            t += cmpx('v_cmpx_%s_%s' % (op, ty), ('u64', 'u64'),
                      wide_test(op, conv))
    for op in FP_OPS:
        t += cmpx('v_cmpx_%s_f64' % op, ('f64', 'f64'),
                  wide_test(op, F64.value))
    for op in FP_OPS:
        t += cmpx('v_cmpx_%s_f16' % op, ('f16', 'f16'), f16_test(op))
    for op in INT_OPS:
        for ty in ('i16', 'u16'):
            t += cmpx('v_cmpx_%s_%s' % (op, ty), ('u16', 'u16'),
                      int16_test(op, ty == 'i16'))
    t += cmpx('v_cmpx_class_f32', ('f32', 'cls'), class_test(F32), False)
    t += cmpx('v_cmpx_class_f64', ('f64', 'cls'), class_test(F64), False)
    return t


def zero_missing(target: str, regs: Sequence[str]) -> List[str]:
    """Lines that zero VGPRs `regs` in the lanes EXEC leaves out (those a
    partial last wave lacks), s30 (s[30:31]) keeping EXEC."""
    if WAVE_SIZE[target] == 32:
        save, exe, b = 's30', 'exec_lo', 'b32'
    else:
        save, exe, b = 's[30:31]', 'exec', 'b64'
    return (['s_mov_%s %s, %s' % (b, save, exe),
             's_not_%s %s, %s' % (b, exe, exe)]
            + ['v_mov_b32 %s, 0' % r for r in regs]
            + ['s_mov_%s %s, %s' % (b, exe, save)])


def lane_loop(name: str, target: str, body: List[str]) -> List[str]:
    """`body` run with s16 = 0, 1, .. wave size - 1."""
    label = '.L%s_lanes' % name.replace('.', '_')
    return (['s_mov_b32 s16, 0', label + ':'] + body
            + ['s_add_u32 s16, s16, 1',
               's_cmp_lt_u32 s16, %d' % WAVE_SIZE[target],
               's_cbranch_scc1 ' + label])


def lane_specs(target: str) -> List[Spec]:
    """v_readlane_b32 and v_writelane_b32 on a target, with an SGPR lane
    select (one run per lane) and with the inline constants of
    LANE_CONSTS."""
    size = WAVE_SIZE[target]
    tail = '' if target == 'gfx90a' else '.' + target
    u2, u3 = ('u32', 'u32'), ('u32', 'u32', 'u32')

    def text(lines: List[str]) -> str:
        """A Spec's text from its lines."""
        return '\n'.join(lines)
    # gfx90a reads one SGPR or M0 besides the value of v_writelane_b32.
    sel = 'm0' if target == 'gfx90a' else 's14'
    rl, wl = 'v_readlane_b32' + tail, 'v_writelane_b32' + tail
    rlk, wlk = 'v_readlane_b32__const' + tail, 'v_writelane_b32__const' + tail
    read_k = ['v_readlane_b32 {d%d}, {s0}, %d' % (i, k)
              for i, k in enumerate(LANE_CONSTS)]
    write_k = []
    for i, k in enumerate(LANE_CONSTS):
        write_k += ['v_readlane_b32 s12, {s0}, %d' % i,
                    'v_writelane_b32 {d0}, s12, %d' % k]
    specs = [
        Spec(rl, 'v', u2, ('u32',), text(
            zero_missing(target, ('{s0}', '{s1}')) + lane_loop(rl, target, [
                'v_readlane_b32 s12, {s1}, s16',
                'v_readlane_b32 s14, {s0}, s12',
                's_mov_b32 m0, s16',
                'v_writelane_b32 {d0}, s14, m0'])), readlane(size)),
        Spec(rlk, 'v', ('u32',), ('sgpr',) * len(LANE_CONSTS), text(
            zero_missing(target, ('{s0}',)) + read_k),
            readlane_const(LANE_CONSTS, size)),
        Spec(wl, 'v', u3, ('u32',), text(
            zero_missing(target, ('{s0}', '{s1}'))
            + ['v_mov_b32 {d0}, {s2}'] + lane_loop(wl, target, [
                'v_readlane_b32 s12, {s0}, s16',
                'v_readlane_b32 %s, {s1}, s16' % sel,
                'v_writelane_b32 {d0}, s12, %s' % sel])),
            writelane(size)),
        Spec(wlk, 'v', u2, ('u32',), text(
            zero_missing(target, ('{s0}',)) + ['v_mov_b32 {d0}, {s1}']
            + write_k), writelane_const(LANE_CONSTS, size)),
    ]
    for s in specs:
        s.target, s.lanes = target, True
    return specs


# --------------------------------------------------------------------------
# Private (scratch) MUBUF loads and stores
# --------------------------------------------------------------------------

# Byte and dword sizes of the private accesses, and the instruction
# offset of their offset form (odd for a byte, not a multiple of 4 for a
# short).
PRIVATE = {'dword': 4, 'dwordx2': 8, 'dwordx3': 12, 'dwordx4': 16,
           'ubyte': 1, 'sbyte': 1, 'ushort': 2, 'sshort': 2,
           'byte': 1, 'short': 2}
PRIVATE_OFFSET = {1: 13, 2: 14}
RSRC = 's[8:11]'      # the private-segment buffer descriptor
LOADED, DATA = 104, 112   # the loads' destinations, the stores' data


def _private_offen(size: int):
    """An operand kind: the vaddr of an offen access of `size` bytes, so
    that it ends inside the image; aligned to the access (a dword for a
    wider one); 0 or the highest a quarter of the time."""
    align, top = min(size, 4), PRIVATE_IMAGE - OFFEN_OFFSET - size

    def gen(rng) -> int:
        """One offset."""
        if rng.random() < 0.25:
            return rng.choice((0, top - top % align))
        return rng.randrange(0, top + 1, align)
    return gen


for _size in sorted(set(PRIVATE.values())):
    OPERAND_KINDS['priv%d' % _size] = _private_offen(_size)


def private_kernel(mnem: str, size: int, store: bool):
    """The kernel of a private MUBUF access: the private-segment
    descriptor moved to RSRC and the frame's registers (harness_mem.frame)
    set up; the lane's image (its first 16 operands) stored at private
    offset 0 with buffer_store_dword; then the offset form at
    PRIVATE_OFFSET (or 12) and the offen form; a load's results are its
    two values, a store's the image read back with buffer_load_dword."""
    nw = max(1, size // 4)
    n = PRIVATE_IMAGE // 4
    offset = PRIVATE_OFFSET.get(size, 12)

    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        addr = 'v%d' % src(len(in_kinds) - 1)
        body = ['buffer_store_dword v%d, off, %s, 0 offset:%d'
                % (src(i), RSRC, 4 * i) for i in range(n)]
        body.append('s_waitcnt vmcnt(0)')
        if store:
            data = vreg(DATA, nw)
            body += copy_words(DATA, range(n, n + nw), in_kinds)
            body += ['%s %s, off, %s, 0 offset:%d'
                     % (mnem, data, RSRC, offset),
                     '%s %s, %s, %s, 0 offen offset:%d'
                     % (mnem, data, addr, RSRC, OFFEN_OFFSET),
                     's_waitcnt vmcnt(0)']
            body += ['buffer_load_dword v%d, off, %s, 0 offset:%d'
                     % (dst(i), RSRC, 4 * i) for i in range(n)]
        else:
            body += ['%s %s, %s, %s, 0 offen offset:%d'
                     % (mnem, vreg(LOADED, nw), addr, RSRC, OFFEN_OFFSET),
                     '%s %s, off, %s, 0 offset:%d'
                     % (mnem, vreg(LOADED + 4, nw), RSRC, offset),
                     's_waitcnt vmcnt(0)']
            body += ['v_mov_b32 v%d, v%d' % (dst(j), LOADED + 4 * (j // nw)
                                             + j % nw)
                     for j in range(2 * nw)]
        body.append('s_waitcnt vmcnt(0)')
        # The frame reads the kernarg pointer from s[0:1] and the
        # workgroup id from s2.
        return (['s_mov_b64 s[10:11], s[2:3]', 's_mov_b64 s[8:9], s[0:1]',
                 's_mov_b64 s[0:1], s[4:5]', 's_mov_b32 s2, s6']
                + frame(spec, in_kinds, body))
    return kernel


def private_specs() -> List[Spec]:
    """The private MUBUF loads and stores, each in its offset and offen
    forms."""
    t: List[Spec] = []
    n = PRIVATE_IMAGE // 4
    for what, size in PRIVATE.items():
        store = what in ('dword', 'dwordx2', 'dwordx3', 'dwordx4', 'byte',
                         'short')
        nw = max(1, size // 4)
        offset = PRIVATE_OFFSET.get(size, 12)
        for op in ('load', 'store') if what.startswith('dword') else \
                (('store',) if store else ('load',)):
            mnem = 'buffer_%s_%s' % (op, what)
            if op == 'load':
                srcs = ('u32',) * n + ('priv%d' % size,)
                dsts = ('u32',) * (2 * nw)
                model = private_load(size, what[0] == 's', offset)
            else:
                srcs = ('u32',) * (n + nw) + ('priv%d' % size,)
                dsts = ('u32',) * n
                model = private_store(size, offset)
            t.append(Spec(mnem, 'm', srcs, dsts, '', model,
                          kernel=private_kernel(mnem, size, op == 'store'),
                          private=PRIVATE_IMAGE))
    return t


def specs() -> List[Spec]:
    """Every instruction of this family, in report order."""
    t = compare_specs()
    t += [sop('s_lshl%d_add_u32' % n, ('u32', 'u32'), lshl_add(n))
          for n in (1, 2, 3, 4)]
    # gem5's S_MOV_B32: 'D.u = S0.u', SCC kept.
    t.append(sop('s_mov_b32', ('u32',), lambda a: (a,), scc=False))
    t += lane_specs('gfx90a') + lane_specs(GFX10)
    t += private_specs()
    return t


def manual_cmpx_class(fmt, gfx10: bool):
    """v_cmpx_class_f32/f64 as the manual: mask bit 0 a signaling NaN, 1
    a quiet NaN; EXEC and VCC (gfx90a) or EXEC alone, VCC kept
    (gfx1030)."""
    test = manual_cmp_class if fmt is F32 else manual_cmp_class64

    def model(a: int, m: int, v: int) -> Tuple[int, int]:
        """The EXEC and VCC bits."""
        bit = test(a, m)[0]
        return (bit, v if gfx10 else bit)
    return model


# Quotations of the manual are the Vega ISA descriptions gem5 reproduces
# ("--- description from .arch file ---").
KNOWN: List[KnownDifference] = [
    KnownDifference(
        'cmpx-class-snan-qnan',
        ('v_cmpx_class_f32', 'v_cmpx_class_f64',
         'v_cmpx_class_f32.' + GFX10, 'v_cmpx_class_f64.' + GFX10),
        'emulator',
        "gem5 matches any NaN with mask bit 0 or 1 (as 'class-snan-qnan'). "
        "The manual: 'EXEC, VCC = IEEE numeric class function specified in "
        "S1.u, performed on S0.f ... S1.u[0] -- value is a signaling NaN. "
        "S1.u[1] -- value is a quiet NaN.'",
        by_name({'v_cmpx_class_f32': manual_cmpx_class(F32, False),
                 'v_cmpx_class_f64': manual_cmpx_class(F64, False),
                 'v_cmpx_class_f32.' + GFX10: manual_cmpx_class(F32, True),
                 'v_cmpx_class_f64.' + GFX10:
                 manual_cmpx_class(F64, True)})),
]
