#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The memory family of the instruction table: LDS (DS) reads, writes and
atomics, ds_permute/ds_bpermute, global and flat loads, stores and
atomics, scalar loads and branches (kernels and wave models in
harness_mem.py, gem5 models in gem5_mem.py), and its known differences
(KNOWN).

A name is the instruction's mnemonic, with LLVM's suffix for a form:
'_saddr' for an SGPR base, '_rtn' for a returning atomic (glc), '_sgpr'
for an s_load with an SGPR offset; '.hot' marks a check of every lane of
a wave on one or two addresses. The flat atomics without return and
flat_atomic_add_f32 (gfx940 kernels, as gfx90a lacks it) come last in the
table (flat_nortn_specs)."""

import copy
from typing import Callable, Dict, List, Sequence

from .fp import F32, F64
from .gem5_mem import arch_atomic, gem5_atomic
from .harness_mem import (branch_kernel, DsOp, global_kernel, global_model,
                          lds_kernel, lds_model, permute_kernel, smem_kernel)
from .manual import manual_minmax
from .spec import KnownDifference, Spec

MARKER = 0xDEADBEEF   # a permute destination's value before the instruction

# The model of an atomic instruction of the table with another operation
# (old, data, cmp) -> new in place of gem5's: what a known difference
# accepts. Filled as the table is built.
REMODEL: Dict[str, Callable[[Callable], Callable]] = {}


def _spec(name, srcs, dsts, kernel, model, lds=0, wave=True) -> Spec:
    """A Spec of this family (unit 'm')."""
    return Spec(name, 'm', tuple(srcs), tuple(dsts), '', model,
                kernel=kernel, lds=lds, wave=wave)


def _words(size: int) -> int:
    """Dwords of an access of `size` bytes (at least one)."""
    return max(1, size // 4)


# --------------------------------------------------------------------------
# LDS
# --------------------------------------------------------------------------

def _ds(name: str, text: str, op: DsOp, img: str, addr: str,
        data: Sequence[str], ret: Sequence[str], ndata0: int,
        ndata1: int = 0) -> Spec:
    """A DS instruction on the image (16 dwords of kind img, or 8 qwords)."""
    img_kinds = (img,) * (8 if img in ('u64', 'f64', 'small64') else 16)
    out_img = tuple({'small': 'u32', 'small64': 'u64'}.get(k, k) for k in img_kinds)
    srcs = img_kinds + (addr,) + tuple(data)
    nret = sum(2 if k in ('u64', 'f64') else 1 for k in ret)
    if op.kind == 'atomic':
        def remodel(fn):
            """The model with atomic operation fn."""
            other = copy.copy(op)
            other.atomic = fn
            return lds_model(other, len(img_kinds), out_img, tuple(ret),
                             tuple(data))
        REMODEL[name] = remodel
    return _spec(name, srcs, out_img + tuple(ret),
                 lds_kernel(text, len(img_kinds), ndata0, ndata1, nret),
                 lds_model(op, len(img_kinds), out_img, tuple(ret), tuple(data)),
                 lds=4096)


def ds_specs() -> List[Spec]:
    """ds_read*/ds_write* (sub-dword to b128, read2/write2 and st64) and
    the DS atomics the emulator implements, with and without return."""
    t: List[Spec] = []
    for name, size, signed, addr in (
            ('ds_read_u8', 1, False, 'lds1'), ('ds_read_i8', 1, True, 'lds1'),
            ('ds_read_u16', 2, False, 'lds2'), ('ds_read_i16', 2, True, 'lds2'),
            ('ds_read_b32', 4, False, 'lds4'), ('ds_read_b64', 8, False, 'lds8'),
            ('ds_read_b96', 12, False, 'lds16'),
            ('ds_read_b128', 16, False, 'lds16')):
        t.append(_ds(name, name + ' {ret}, {addr} offset:12',
                     DsOp('read', size, (12, 0), signed=signed), 'u32', addr,
                     (), ('u32',) * _words(size), 0))
    for name, size, addr, data in (
            ('ds_write_b8', 1, 'lds1', ('u32',)),
            ('ds_write_b16', 2, 'lds2', ('u32',)),
            ('ds_write_b32', 4, 'lds4', ('u32',)),
            ('ds_write_b64', 8, 'lds8', ('u64',)),
            ('ds_write_b96', 12, 'lds16', ('u32',) * 3),
            ('ds_write_b128', 16, 'lds16', ('u32',) * 4)):
        t.append(_ds(name, name + ' {addr}, {data0} offset:12',
                     DsOp('write', size, (12, 0)), 'u32', addr, data, (),
                     _words(size)))
    for name, size, stride, offs in (
            ('ds_read2_b32', 4, 4, (3, 17)), ('ds_read2st64_b32', 4, 256, (1, 3)),
            ('ds_read2_b64', 8, 8, (2, 9)), ('ds_read2st64_b64', 8, 512, (1, 2))):
        text = name + ' {ret}, {addr} offset0:%d offset1:%d' % offs
        t.append(_ds(name, text, DsOp('read2', size, offs, stride), 'u32',
                     'lds%d' % size, (), ('u32',) * (2 * size // 4), 0))
        wname = name.replace('read', 'write')
        text = wname + ' {addr}, {data0}, {data1} offset0:%d offset1:%d' % offs
        kind = 'u32' if size == 4 else 'u64'
        t.append(_ds(wname, text, DsOp('write2', size, offs, stride), 'u32',
                     'lds%d' % size, (kind, kind), (), size // 4, size // 4))
    # Atomics: (DS name without _rtn, gem5 operation, width, image and data
    # kinds, whether a no-return form exists, whether gem5 implements it).
    atomics = [
        ('ds_add_u32', 'add', 32, 'u32'), ('ds_sub_u32', 'sub', 32, 'u32'),
        ('ds_inc_u32', 'inc', 32, 'small'), ('ds_dec_u32', 'dec', 32, 'small'),
        ('ds_min_i32', 'smin', 32, 'u32'), ('ds_max_i32', 'smax', 32, 'u32'),
        ('ds_min_u32', 'umin', 32, 'u32'), ('ds_max_u32', 'umax', 32, 'u32'),
        ('ds_and_b32', 'and', 32, 'u32'), ('ds_or_b32', 'or', 32, 'u32'),
        ('ds_xor_b32', 'xor', 32, 'u32'), ('ds_cmpst_b32', 'cmpswap', 32, 'small'),
        ('ds_wrxchg_b32', 'swap', 32, 'u32'),
        ('ds_add_f32', 'fadd', 32, 'f32'), ('ds_min_f32', 'fmin', 32, 'f32'),
        ('ds_max_f32', 'fmax', 32, 'f32'),
        ('ds_add_u64', 'add', 64, 'u64'), ('ds_sub_u64', 'sub', 64, 'u64'),
        ('ds_inc_u64', 'inc', 64, 'small64'), ('ds_dec_u64', 'dec', 64, 'small64'),
        ('ds_min_i64', 'smin', 64, 'u64'), ('ds_max_i64', 'smax', 64, 'u64'),
        ('ds_min_u64', 'umin', 64, 'u64'), ('ds_max_u64', 'umax', 64, 'u64'),
        ('ds_and_b64', 'and', 64, 'u64'), ('ds_or_b64', 'or', 64, 'u64'),
        ('ds_xor_b64', 'xor', 64, 'u64'), ('ds_cmpst_b64', 'cmpswap', 64, 'small64'),
        ('ds_wrxchg_b64', 'swap', 64, 'u64'),
        ('ds_add_f64', 'fadd', 64, 'f64'), ('ds_min_f64', 'fmin', 64, 'f64'),
        ('ds_max_f64', 'fmax', 64, 'f64')]
    commutative = ('add', 'sub', 'smin', 'smax', 'umin', 'umax', 'and', 'or', 'xor')
    for base, op, bits, kind in atomics:
        size = bits // 8
        ret_kind = {'small': 'u32', 'small64': 'u64'}.get(kind, kind)
        two = op == 'cmpswap'
        data = (kind, ret_kind) if two else (kind,)
        fn = arch_atomic(op, bits)
        mnem, ty = base.rsplit('_', 1)
        for rtn in (False, True):
            if op == 'swap' and not rtn:
                continue   # ds_wrxchg has only the returning form.
            name = '%s_rtn_%s' % (mnem, ty) if rtn else base
            for hot in (False, True):
                if hot and not (rtn or op in commutative):
                    continue
                text = name + (' {ret},' if rtn else '') + ' {addr}, {data0}' + \
                    (', {data1}' if two else '') + (' offset:8' if not hot else '')
                addr = 'ldshot' if hot else 'lds%d' % size
                dop = DsOp('atomic', size, (0 if hot else 8, 0), atomic=fn,
                           rtn=rtn, swap_data=two)
                t.append(_ds(name + ('.hot' if hot else ''), text, dop, kind,
                             addr, data, (ret_kind,) if rtn else (),
                             bits // 32, bits // 32 if two else 0))
    return t


# --------------------------------------------------------------------------
# Lane exchange
# --------------------------------------------------------------------------

def permute_model(backward: bool, unwritten: int):
    """gem5's ds_bpermute_b32 (lane i reads data of lane ((addr[i] + 4) >>
    2) & 63, 0 if that lane is inactive) or ds_permute_b32 (lane i writes
    its data to that lane, in lane order; gem5 leaves a lane no lane writes
    as it was: `unwritten`, or 0 as the manual)."""
    def model(cases, got):
        """The wave's results."""
        n = len(cases)
        out = [unwritten] * n
        for lane, (addr, data) in enumerate(cases):
            t = ((addr + 4) >> 2) & 63
            if backward:
                out[lane] = cases[t][1] if t < n else 0
            elif t < n:
                out[t] = data
        return [(v,) for v in out]
    return model


def lane_specs() -> List[Spec]:
    """ds_permute_b32 and ds_bpermute_b32 (offset 4)."""
    return [_spec(name, ('lane', 'u32'), ('u32',),
                  permute_kernel(name + ' {ret}, {addr}, {data0} offset:4', MARKER),
                  permute_model(back, MARKER))
            for name, back in (('ds_permute_b32', False), ('ds_bpermute_b32', True))]


# --------------------------------------------------------------------------
# Global and flat
# --------------------------------------------------------------------------

def _text(mnem: str, form: str, ret: bool, data: bool, glc: bool) -> str:
    """The instruction text of a global/flat access in a form."""
    ops = (['{ret}'] if ret else []) + ['{va}'] + (['{data}'] if data else [])
    if form != 'flat':
        ops.append('{sa}')
    return '%s %s {off}%s' % (mnem, ', '.join(ops), ' glc' if glc else '')


def global_specs() -> List[Spec]:
    """Loads, stores and atomics through the three address forms (the
    flat atomics without return and flat_atomic_add_f32 are
    flat_nortn_specs')."""
    t: List[Spec] = []
    forms = (('vaddr', 'global', ''), ('saddr', 'global', '_saddr'),
             ('flat', 'flat', ''))
    loads = (('load_ubyte', 1, False), ('load_sbyte', 1, True),
             ('load_ushort', 2, False), ('load_sshort', 2, True),
             ('load_dword', 4, False), ('load_dwordx2', 8, False),
             ('load_dwordx3', 12, False), ('load_dwordx4', 16, False))
    for form, seg, suffix in forms:
        for op, size, signed in loads:
            boff = size < 4
            mem = ('u32',) * 4
            srcs = mem + (('boff%d' % size,) if boff else ())
            ret = ('u32',) * _words(size)
            t.append(_spec(
                '%s_%s%s' % (seg, op, suffix), srcs, ret,
                global_kernel(_text('%s_%s' % (seg, op), form, True, False, False),
                              form, 4, 0, len(ret), boff, False),
                global_model('load', size, 4, mem, (), ret, boff, signed=signed,
                             readback=False)))
        for op, size, data in (('store_byte', 1, ('u32',)),
                               ('store_short', 2, ('u32',)),
                               ('store_dword', 4, ('u32',)),
                               ('store_dwordx2', 8, ('u32',) * 2),
                               ('store_dwordx3', 12, ('u32',) * 3),
                               ('store_dwordx4', 16, ('u32',) * 4)):
            boff = size < 4
            mem = ('u32',) * 4
            srcs = mem + data + (('boff%d' % size,) if boff else ())
            t.append(_spec(
                '%s_%s%s' % (seg, op, suffix), srcs, mem,
                global_kernel(_text('%s_%s' % (seg, op), form, False, True, False),
                              form, 4, len(data), 0, boff, True),
                global_model('store', size, 4, mem, data, (), boff)))
    for op, gop, bits, kind in ATOMICS:
        for form, seg, suffix in forms + (('hot', 'global', ''),):
            for rtn in (False, True):
                if form in ('flat', 'hot') and not rtn:
                    continue   # The flat no-return forms: flat_nortn_specs.
                if form == 'flat' and op == 'add_f32':
                    continue   # Not a gfx90a instruction: flat_nortn_specs.
                t.append(_atomic(op, gop, bits, kind, form, seg, suffix, rtn))
    return t


# The global/flat atomics: (name after '_atomic_', gem5 operation, width,
# memory and data kind).
ATOMICS = [('swap', 'swap', 32, 'u32'), ('cmpswap', 'cmpswap', 32, 'small'),
           ('add', 'add', 32, 'u32'), ('sub', 'sub', 32, 'u32'),
           ('smin', 'smin', 32, 'u32'), ('umin', 'umin', 32, 'u32'),
           ('smax', 'smax', 32, 'u32'), ('umax', 'umax', 32, 'u32'),
           ('and', 'and', 32, 'u32'), ('or', 'or', 32, 'u32'),
           ('xor', 'xor', 32, 'u32'), ('inc', 'inc', 32, 'small'),
           ('dec', 'dec', 32, 'small'), ('add_f32', 'fadd', 32, 'f32'),
           ('add_f64', 'fadd', 64, 'f64'), ('min_f64', 'fmin', 64, 'f64'),
           ('max_f64', 'fmax', 64, 'f64')]
ATOMICS += [(a + '_x2', o, 64, {'u32': 'u64', 'small': 'small64'}[k])
            for a, o, b, k in ATOMICS[:13]]


def _atomic(op: str, gop: str, bits: int, kind: str, form: str, seg: str,
            suffix: str, rtn: bool, target: str = 'gfx90a') -> Spec:
    """The entry of a global/flat atomic in an address form, with or
    without return (glc; sc0 on gfx940), for a processor; its model with
    another operation goes to REMODEL."""
    size = bits // 8
    val = {'small': 'u32', 'small64': 'u64'}.get(kind, kind)
    data = (val, kind) if gop == 'cmpswap' else (kind,)
    name = '%s_atomic_%s%s%s%s' % (seg, op, suffix, '_rtn' if rtn else '',
                                    '.hot' if form == 'hot' else '')
    ret = (val,) if rtn else ()
    REMODEL[name] = lambda f: global_model(
        'atomic', size, 1, (val,), data, ret, False, hot=form == 'hot',
        atomic=f, rtn=rtn)
    ndata = sum(2 if k in ('u64', 'f64', 'small64') else 1 for k in data)
    text = _text('%s_atomic_%s' % (seg, op), form, rtn, True, rtn)
    if target == 'gfx940':
        text = text.replace(' glc', ' sc0')
    spec = _spec(
        name, (kind,) + data, (val,) + ret,
        global_kernel(text, form, 1, ndata, bits // 32 if rtn else 0, False,
                      True),
        global_model('atomic', size, 1, (val,), data, ret, False,
                     hot=form == 'hot', atomic=gem5_atomic(gop, bits),
                     rtn=rtn))
    spec.target = target
    return spec


def flat_nortn_specs() -> List[Spec]:
    """The FLAT atomics without return (their final memory is compared),
    and flat_atomic_add_f32 with and without return, which gfx90a lacks,
    as gfx940 kernels (gem5 runs it as global_atomic_add_f32). Checked
    after every other entry, so that the operand sets a seed gives the
    earlier entries stay as they were."""
    t = [_atomic(op, gop, bits, kind, 'flat', 'flat', '', False)
         for op, gop, bits, kind in ATOMICS if op != 'add_f32']
    t += [_atomic('add_f32', 'fadd', 32, 'f32', 'flat', 'flat', '', rtn,
                  target='gfx940') for rtn in (False, True)]
    return t


# --------------------------------------------------------------------------
# Scalar loads and branches
# --------------------------------------------------------------------------

def smem_specs() -> List[Spec]:
    """s_load_dword{,x2,x4,x8,x16} with an immediate offset of 4 and with
    an SGPR offset of 4 plus 0..3 (the low two address bits are ignored,
    gem5's calcAddr: '(addr + offset) & ~0x3')."""
    t = []
    for n in (1, 2, 4, 8, 16):
        mnem = 's_load_dword' + ('x%d' % n if n > 1 else '')
        for sgpr in (False, True):
            text = mnem + ' {sdst}, s[10:11], ' + ('s12' if sgpr else '0x4')
            t.append(Spec(mnem + ('_sgpr' if sgpr else ''), 'm',
                          ('u32',) * 20 + ('boff1',), ('u32',) * n, '',
                          lambda *ops, n=n: tuple(ops[1:1 + n]),
                          kernel=smem_kernel(text, n)))
    return t


def branch_model(cond: str):
    """Whether a branch is taken in a wave, from its lanes' operand bits:
    SCC is the first lane's bit, VCC and EXEC the lanes' bits (gem5's
    s_cbranch_*: SCC, 'VCC == 0', 'EXEC == 0')."""
    def model(cases, got):
        """The wave's results."""
        bits = [ops[0] for ops in cases]
        taken = {'always': True, 'scc0': not bits[0], 'scc1': bool(bits[0]),
                 'vccz': not any(bits), 'vccnz': any(bits),
                 'execz': not any(bits), 'execnz': any(bits)}[cond]
        return [(int(taken),)] * len(cases)
    return model


def branch_specs() -> List[Spec]:
    """s_branch and s_cbranch_{scc0,scc1,vccz,vccnz,execz,execnz}."""
    scc = ['v_readfirstlane_b32 s22, {s0}', 's_cmp_lg_u32 s22, 0']
    vcc = ['v_cmp_ne_u32 vcc, 0, {s0}']
    ex = vcc + ['s_mov_b64 exec, vcc']
    t = []
    for cond, kind, setup in (('always', 'b1', []), ('scc0', 'b1', scc),
                              ('scc1', 'b1', scc), ('vccz', 'bsp', vcc),
                              ('vccnz', 'bsp', vcc), ('execz', 'bsp', ex),
                              ('execnz', 'bsp', ex)):
        name = 's_branch' if cond == 'always' else 's_cbranch_' + cond
        t.append(_spec(name, (kind,), ('u32',), branch_kernel(setup, name),
                       branch_model(cond)))
    return t


def specs() -> List[Spec]:
    """Every instruction of the memory family, in report order."""
    return ds_specs() + lane_specs() + global_specs() + smem_specs() + \
        branch_specs()


# --------------------------------------------------------------------------
# Known differences
# --------------------------------------------------------------------------

def ieee_minmax(pick_min: bool, bits: int) -> Callable:
    """An atomic min/max as the manual's 'Floating point minimum that
    handles NaN/INF/denormal values' reads in IEEE mode (manual.py's
    v_min/v_max model: a signaling NaN gives a quiet NaN, a quiet NaN the
    other operand, -0 below +0)."""
    fn = manual_minmax(pick_min, F32 if bits == 32 else F64)
    return lambda old, data, cmp: fn(old, data)[0]


def _known() -> List[KnownDifference]:
    """The known differences of this family (their accepted models are
    wave models, as the family's gem5 models)."""
    specs()   # Fill REMODEL.
    flat_nortn_specs()
    incdec, fminmax = {}, {}
    for name in REMODEL:
        if name.startswith(('global_', 'flat_')):
            for op in ('inc', 'dec'):
                if '_atomic_%s' % op in name:
                    incdec[name] = REMODEL[name](
                        arch_atomic(op, 64 if '_x2' in name else 32))
        for op in ('min', 'max'):
            if ('_%s_f' % op in name or '_%s_rtn_f' % op in name):
                bits = 64 if '_f64' in name else 32
                fminmax[name] = REMODEL[name](ieee_minmax(op == 'min', bits))
    return [
        KnownDifference(
            'atomic-inc-dec-wrap', tuple(sorted(incdec)), 'emulator',
            "gem5 runs {global,flat}_atomic_inc/dec[_x2] with AtomicOpInc/"
            "AtomicOpDec (src/base/amo.hh), '*b += 1' and '*b -= 1', ignoring "
            "the data. The description gem5 quotes: 'MEM[ADDR] = (tmp >= "
            "DATA) ? 0 : tmp + 1 (unsigned compare)' and 'MEM[ADDR] = (tmp "
            "== 0 || tmp > DATA) ? DATA : tmp - 1 (unsigned compare)'.",
            incdec.__getitem__),
        KnownDifference(
            'atomic-fminmax-nan', tuple(sorted(fminmax)),
            'unclear (the emulator by the manual\'s NaN wording)',
            "gem5 runs {global,flat}_atomic_{min,max}_f64 with AtomicOpMin/"
            "AtomicOpMax on double, 'if (a < *b) *b = a', so a NaN on either "
            "side keeps the memory value and -0 does not replace +0; it leaves "
            "ds_{min,max}[_rtn]_f32/f64 unimplemented, quoting 'MEM[ADDR] = "
            "(cmp < tmp) ? src : tmp. Floating point minimum that handles "
            "NaN/INF/denormal values.' The emulator computes fmin/fmax: a quiet "
            "NaN yields the other operand, a signaling NaN a quiet NaN. The "
            "bare compare and the NaN sentence disagree; accepted: the IEEE "
            "minNum/maxNum of v_min/v_max in IEEE mode (known 'minmax-ieee').",
            fminmax.__getitem__),
        KnownDifference(
            'permute-unwritten-lane', ('ds_permute_b32',), 'emulator',
            "gem5's ds_permute_b32 writes only the lanes some lane sends "
            "to, so an active lane no lane selects keeps its old VDST. gem5 "
            "quotes only 'Forward permute.'; the manual's pseudo-code fills "
            "a temporary of 64 dwords with 0 ('tmp[0..63] = 0'), lets each "
            "active lane write its DATA0 to tmp[dst_lane] and copies tmp[i] "
            "to VDST of every active lane, so such a lane gets 0.",
            lambda name: permute_model(False, 0)),
    ]


KNOWN = _known()
