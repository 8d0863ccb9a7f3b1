#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Kernels and wave models for memory instructions, lane exchange and
branches (the table is table_mem.py). Operands are loaded and results
stored as harness.py does (one operand set per lane, global_load_dword and
global_store_dword), but every kernel here is written whole (Spec.kernel)
and every model sees a whole wave (Spec.wave):

  LDS      a 4 KiB LDS image: lane L's first 16 operands are the 16 dwords
           at L * 64 (the kernel first zeroes the image with every lane, so
           the lanes a partial last wave lacks read as 0); the instruction
           runs at the lane's address operand (anywhere in the image, so
           lanes collide); each lane stores its 16 image dwords afterwards
           and what the instruction returned.
  global   the lane's own operand record is the memory: loads, stores and
           atomics address its first dwords (through a 64-bit VGPR
           address, SGPR base + VGPR offset, or FLAT), with a nonzero
           instruction offset; a 'hot' kernel makes every lane of a wave
           hit lane 0's record. Each lane stores the memory dwords after
           the instruction and what it returned.
  s_load   a loop over the active lanes loads from the lane's record with
           an immediate offset or an SGPR offset with junk low bits.
  branch   SCC, VCC or EXEC set from the wave's operands; each lane stores
           1 if the branch was taken.

The order in which lanes hitting one address apply an atomic is not fixed
by the ISA manual: a model takes the order the emulator's returned values
and final memory show if one exists (find_order), else lane order (gem5's
and the manual's pseudo-code order)."""

import random
from typing import Callable, Dict, List, Optional, Sequence

from .fp import M32
from .gem5_mem import sext_load
from .harness import (EDGE_U32, gen_operand, kernel_frame, OPERAND_KINDS,
                      pack_words, unpack_words, WAVE, WIDE_KINDS, words)
from .spec import Spec

IMAGE = 4096          # LDS image bytes: WAVE lanes x 64
BLOCK = 64            # bytes of the image each lane loads and stores
SPAN = 2048           # LDS addresses are drawn below this
SRC0, DST0 = 16, 64   # first VGPR of the operands, of the results
RET, DATA0, DATA1 = 104, 108, 112   # the instruction's vdst, data0, data1


# --------------------------------------------------------------------------
# Operand kinds
# --------------------------------------------------------------------------


def _lds_addr(align: int) -> Callable[[random.Random], int]:
    """An LDS address aligned to `align` below SPAN; 0 or the highest a
    quarter of the time."""
    def gen(rng: random.Random) -> int:
        """One address."""
        if rng.random() < 0.25:
            return rng.choice((0, SPAN - align))
        return rng.randrange(0, SPAN, align)
    return gen


def _small(bits: int) -> Callable[[random.Random], int]:
    """Values 0..6 half the time (inc/dec limits, compare values that
    match), else the u32 or u64 operand kind."""
    def gen(rng: random.Random) -> int:
        """One value."""
        if rng.random() < 0.5:
            return rng.randint(0, 6)
        return gen_operand('u32' if bits == 32 else 'u64', rng)
    return gen


for _a in (1, 2, 4, 8, 16):
    OPERAND_KINDS['lds%d' % _a] = _lds_addr(_a)
# Hot addresses: every lane of a wave on one of two dwords or qwords.
OPERAND_KINDS['ldshot'] = lambda rng: rng.choice((64, 72))
OPERAND_KINDS['small'] = _small(32)
OPERAND_KINDS['small64'] = _small(64)
WIDE_KINDS.add('small64')
# A byte offset in a dword (0..3), a short's (0, 2).
OPERAND_KINDS['boff1'] = lambda rng: rng.randint(0, 3)
OPERAND_KINDS['boff2'] = lambda rng: rng.choice((0, 2))
# A branch condition bit set about once in 90 lanes, so that half the
# waves have none.
OPERAND_KINDS['bsp'] = lambda rng: int(rng.random() < 1 / 90)
# A permute address: a lane times 4 with random low and high bits, or an
# edge value.
OPERAND_KINDS['lane'] = lambda rng: (
    rng.choice(EDGE_U32) if rng.random() < 0.25
    else (rng.randrange(64) * 4 + rng.randrange(4)
          + (rng.getrandbits(32) & ~0xFF if rng.random() < 0.3 else 0)) & M32)


# --------------------------------------------------------------------------
# Registers and the common kernel frame
# --------------------------------------------------------------------------


def vreg(first: int, n: int) -> str:
    """VGPR first, or the tuple of n from first."""
    return 'v%d' % first if n == 1 else 'v[%d:%d]' % (first, first + n - 1)


def src(i: int) -> int:
    """The first VGPR of operand i (two per operand, even-aligned)."""
    return SRC0 + 2 * i


def dst(i: int) -> int:
    """The first VGPR of result i."""
    return DST0 + 2 * i


def frame(spec: Spec, in_kinds: Sequence[str], body: List[str]) -> List[str]:
    """A kernel around `body` (harness.kernel_frame): operand i loaded into
    src(i), result i stored from dst(i)."""
    return kernel_frame(in_kinds, spec.dsts, body, SRC0, DST0)


def copy_words(first: int, ops: Sequence[int], kinds: Sequence[str]) -> List[str]:
    """v_mov the words of operands `ops` into consecutive VGPRs from
    `first`."""
    lines, r = [], first
    for i in ops:
        for w in range(words(kinds[i])):
            lines.append('v_mov_b32 v%d, v%d' % (r, src(i) + w))
            r += 1
    return lines


def result_words(first: int, res: Sequence[int], kinds: Sequence[str]) -> List[str]:
    """v_mov consecutive VGPRs from `first` into results `res`."""
    lines, r = [], first
    for j in res:
        for w in range(words(kinds[j])):
            lines.append('v_mov_b32 v%d, v%d' % (dst(j) + w, r))
            r += 1
    return lines


# --------------------------------------------------------------------------
# Serialization of atomics on one address
# --------------------------------------------------------------------------


def find_order(init: int, lanes: Sequence[int],
               step: Callable[[int, int], int],
               rets: Dict[int, int], final: Optional[int],
               cap: int = 20000) -> Optional[List[int]]:
    """An order of `lanes` in which applying step(lane, old) -> new from
    `init` gives each lane in `rets` its returned value as the old value
    and ends with `final` (if not None); None if there is none (or the
    search gives up after `cap` states)."""
    failed = set()
    budget = [cap]

    def search(value: int, left: frozenset) -> Optional[List[int]]:
        """An order of the lanes `left` starting at memory `value`."""
        if not left:
            return [] if final is None or value == final else None
        if (value, left) in failed or budget[0] <= 0:
            return None
        budget[0] -= 1
        cands = [l for l in sorted(left) if rets.get(l, value) == value]
        for l in cands:   # A returning lane that keeps the value: take it.
            if l in rets and step(l, value) == value:
                rest = search(value, left - {l})
                return None if rest is None else [l] + rest
        for l in cands:
            rest = search(step(l, value), left - {l})
            if rest is not None:
                return [l] + rest
        failed.add((value, left))
        return None

    return search(init, frozenset(lanes))


def apply_atomics(mem: Dict[int, int], targets: Dict[int, int],
                  step: Callable[[int, int], int], rtn: bool,
                  got_rets: Dict[int, int],
                  got_final: Callable[[int], Optional[int]]) -> Dict[int, int]:
    """Apply an atomic of every lane (targets: lane -> address) to `mem`
    (address -> value), the lanes of one address in the order find_order
    finds from the emulator's results, else in lane order; returns each
    lane's old value."""
    by_addr: Dict[int, List[int]] = {}
    for lane in sorted(targets):
        by_addr.setdefault(targets[lane], []).append(lane)
    old: Dict[int, int] = {}
    for addr, lanes in by_addr.items():
        order = lanes
        if len(lanes) > 1:
            rets = {l: got_rets[l] for l in lanes if rtn and l in got_rets}
            found = find_order(mem[addr], lanes, step, rets, got_final(addr))
            order = found or lanes
        for lane in order:
            old[lane] = mem[addr]
            mem[addr] = step(lane, mem[addr])
    return old


# --------------------------------------------------------------------------
# LDS
# --------------------------------------------------------------------------


class DsOp:
    """What a DS instruction does to the image, for its model: `kind` is
    'read', 'write', 'read2', 'write2' or 'atomic'; `size` the bytes of an
    element; `stride` the multiplier of offset0/offset1 of read2/write2;
    `signed` for sub-dword reads; `atomic` (old, data, cmp) -> new for an
    atomic, whose data0 is `data` and data1 is `cmp` unless `swap_data`
    (ds_cmpst: data0 the compare value, data1 the new one); `rtn` whether
    it returns the old value."""

    def __init__(self, kind: str, size: int, offsets=(0, 0), stride: int = 0,
                 signed: bool = False, atomic=None, rtn: bool = False,
                 ndata: int = 0, swap_data: bool = False):
        self.kind, self.size, self.offsets = kind, size, offsets
        self.stride, self.signed, self.atomic = stride, signed, atomic
        self.rtn, self.ndata, self.swap_data = rtn, ndata, swap_data


def _get(img: bytearray, addr: int, n: int) -> int:
    """n bytes of the image at addr, little-endian."""
    return int.from_bytes(img[addr:addr + n], 'little')


def _put(img: bytearray, addr: int, n: int, v: int) -> None:
    """Store n bytes of v at addr."""
    img[addr:addr + n] = (v & ((1 << 8 * n) - 1)).to_bytes(n, 'little')


def lds_model(op: DsOp, nimg: int, img_kinds: Sequence[str],
              ret_kinds: Sequence[str], data_kinds: Sequence[str]):
    """The wave model of a DS instruction on the LDS image: operands are
    the image (nimg values of img_kinds), the address, the data operands;
    results the lane's image block and the returned words."""
    def model(cases, got):
        """The wave's results."""
        img = bytearray(IMAGE)
        for lane, ops in enumerate(cases):
            img[lane * BLOCK:(lane + 1) * BLOCK] = b''.join(
                w.to_bytes(4, 'little') for w in pack_words(ops[:nimg], img_kinds))
        rets: Dict[int, List[int]] = {l: [] for l in range(len(cases))}
        addr = {l: ops[nimg] for l, ops in enumerate(cases)}
        data = {l: ops[nimg + 1:] for l, ops in enumerate(cases)}
        off0, off1 = op.offsets
        if op.kind == 'atomic':
            targets = {l: (addr[l] + off0) & M32 for l in addr}
            mem = {a: _get(img, a, op.size) for a in targets.values()}

            def step(l, old):
                """Lane l's atomic on the old value."""
                d = data[l]
                if op.swap_data:
                    return op.atomic(old, d[1], d[0])
                return op.atomic(old, d[0], d[1] if len(d) > 1 else 0)
            got_rets = {}
            nres = len(got[0]) - len(ret_kinds) if got else 0
            for l, g in enumerate(got):
                if op.rtn:
                    got_rets[l] = unpack_words(pack_words(g[nres:], ret_kinds),
                                             ['u64' if op.size == 8 else 'u32'])[0]

            def got_final(a):
                """The emulator's final value at address a."""
                owner = a // BLOCK
                if owner >= len(got):
                    return None
                ws = pack_words(got[owner][:nres], img_kinds)
                blob = b''.join(w.to_bytes(4, 'little') for w in ws)
                return _get(blob, a % BLOCK, op.size)
            old = apply_atomics(mem, targets, step, op.rtn, got_rets, got_final)
            for a, v in mem.items():
                _put(img, a, op.size, v)
            for l in range(len(cases)):
                if op.rtn:
                    rets[l] = [old[l]]
        else:
            for l in range(len(cases)):
                if op.kind == 'read':
                    v = _get(img, (addr[l] + off0) & M32, op.size)
                    if op.size < 4:
                        v = sext_load(v, op.size, op.signed)
                    rets[l] = [v]
                elif op.kind == 'write':
                    v = 0
                    for i, w in enumerate(pack_words(data[l], data_kinds)):
                        v |= w << (32 * i)
                    _put(img, (addr[l] + off0) & M32, op.size, v)
                elif op.kind == 'read2':
                    rets[l] = [_get(img, addr[l] + o * op.stride, op.size)
                               for o in (off0, off1)]
                elif op.kind == 'write2':
                    for o, d in zip((off0, off1), data[l]):
                        _put(img, addr[l] + o * op.stride, op.size, d)
        out = []
        for l in range(len(cases)):
            ws = [_get(img, l * BLOCK + 4 * i, 4) for i in range(BLOCK // 4)]
            block = unpack_words(ws, img_kinds)
            rw: List[int] = []
            for v in rets[l]:
                rw += [v & M32, v >> 32] if op.size == 8 else \
                    [v >> (32 * i) & M32 for i in range(max(1, op.size // 4))]
            out.append(block + unpack_words(rw, ret_kinds) if ret_kinds else block)
        return out
    return model


def lds_kernel(text: str, nimg: int, ndata0: int, ndata1: int, nret: int):
    """The kernel of a DS instruction whose text has {addr}, {ret},
    {data0}, {data1}: operands 0..nimg-1 the image, then the address, then
    the data operands (data0's words first); results the image block, then
    the returned words."""
    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        body = ['s_mov_b64 s[20:21], exec', 's_mov_b64 exec, -1',
                'v_mbcnt_lo_u32_b32 v5, -1, 0', 'v_mbcnt_hi_u32_b32 v5, -1, v5',
                'v_lshlrev_b32 v5, 6, v5', 'v_mov_b32 v8, 0']
        body += ['ds_write_b32 v5, v8 offset:%d' % (4 * i) for i in range(16)]
        body += ['s_mov_b64 exec, s[20:21]', 'v_lshlrev_b32 v4, 6, v0']
        w = 0
        for i in range(nimg):
            for k in range(words(in_kinds[i])):
                body.append('ds_write_b32 v4, v%d offset:%d' % (src(i) + k, 4 * w))
                w += 1
        data = list(range(nimg + 1, len(in_kinds)))
        d0 = [i for i in data if sum(words(in_kinds[j]) for j in data
                                    if j < i) < ndata0]
        d1 = [i for i in data if i not in d0]
        body += copy_words(DATA0, d0, in_kinds) + copy_words(DATA1, d1, in_kinds)
        body += ['s_waitcnt lgkmcnt(0)',
                 text.format(addr='v%d' % src(nimg), ret=vreg(RET, nret),
                             data0=vreg(DATA0, ndata0),
                             data1=vreg(DATA1, ndata1)),
                 's_waitcnt lgkmcnt(0)']
        w = 0
        img_res = [j for j in range(len(spec.dsts))
                   if sum(words(spec.dsts[i]) for i in range(j)) < 16]
        for j in img_res:
            for k in range(words(spec.dsts[j])):
                body.append('ds_read_b32 v%d, v4 offset:%d' % (dst(j) + k, 4 * w))
                w += 1
        body.append('s_waitcnt lgkmcnt(0)')
        ret_res = [j for j in range(len(spec.dsts)) if j not in img_res]
        body += result_words(RET, ret_res, spec.dsts)
        return frame(spec, in_kinds, body)
    return kernel


# --------------------------------------------------------------------------
# Global and flat memory
# --------------------------------------------------------------------------

# The address operands of each form, for the instruction text's {va}, {sa}
# and {off}: the base is 16 bytes past the target (8 before it for FLAT,
# whose offset is unsigned), the offset brings it back.
GLOBAL_FORMS = {
    'vaddr': ('v[6:7]', 'off', 'offset:-16'),
    'saddr': ('v8', 's[4:5]', 'offset:-16'),
    'flat': ('v[6:7]', '', 'offset:8'),
    'hot': ('v[6:7]', 'off', 'offset:-16'),
}


def global_kernel(text: str, form: str, nmem: int, ndata: int, nret: int,
                  boff: bool, readback: bool):
    """The kernel of a global/flat instruction whose text has {ret},
    {data}, {va}, {sa}, {off}: operands the memory (the first nmem of
    them), the data (ndata words), and with `boff` a byte offset added to
    the address last; results the memory words after the instruction if
    `readback`, then the nret returned words."""
    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        nin = sum(words(k) for k in in_kinds)
        mem_words = sum(words(k) for k in in_kinds[:nmem])
        b = ['v_mov_b32 v9, v2']
        if boff:
            b.append('v_add_u32 v9, v9, v%d' % src(len(in_kinds) - 1))
        if form == 'saddr':
            b.append('v_add_u32 v8, 16, v9')
        elif form == 'hot':
            b += ['s_mul_i32 s8, s2, %d' % (4 * WAVE * nin),
                  's_add_u32 s10, s4, s8', 's_addc_u32 s11, s5, 0',
                  's_add_u32 s10, s10, 16', 's_addc_u32 s11, s11, 0',
                  'v_mov_b32 v6, s10', 'v_mov_b32 v7, s11']
        else:
            b += ['v_add_co_u32 v6, vcc, s4, v9', 'v_mov_b32 v7, s5',
                  'v_addc_co_u32 v7, vcc, 0, v7, vcc']
            adj = ('v_add_co_u32 v6, vcc, 16, v6',
                   'v_addc_co_u32 v7, vcc, 0, v7, vcc') if form == 'vaddr' \
                else ('v_sub_co_u32 v6, vcc, v6, 8',
                      'v_subbrev_co_u32 v7, vcc, 0, v7, vcc')
            b += list(adj)
        data = list(range(nmem, nmem + (len(in_kinds) - nmem - int(boff))))
        b += copy_words(DATA0, data, in_kinds)
        va, sa, off = GLOBAL_FORMS[form]
        b += [text.format(ret=vreg(RET, max(nret, 1)), data=vreg(DATA0, max(ndata, 1)),
                          va=va, sa=sa, off=off),
              's_waitcnt vmcnt(0)']
        res = 0
        if readback:
            for w in range(mem_words):
                if form == 'hot':
                    b.append('global_load_dword v%d, v[6:7], off offset:%d'
                             % (_rb(spec, w), 4 * w - 16))
                else:
                    b.append('global_load_dword v%d, v2, s[4:5] offset:%d'
                             % (_rb(spec, w), 4 * w))
            b.append('s_waitcnt vmcnt(0)')
            res = len(spec.dsts) - _nret_results(spec, nret)
        b += result_words(RET, range(res, len(spec.dsts)), spec.dsts)
        return frame(spec, in_kinds, b)
    return kernel


def _rb(spec: Spec, w: int) -> int:
    """The VGPR of memory word w among the results (the first results)."""
    j, left = 0, w
    while left >= words(spec.dsts[j]):
        left -= words(spec.dsts[j])
        j += 1
    return dst(j) + left


def _nret_results(spec: Spec, nret: int) -> int:
    """How many of the last results hold the nret returned words."""
    n, total = 0, 0
    while total < nret:
        n += 1
        total += words(spec.dsts[-n])
    return n


def global_model(kind: str, size: int, nmem: int, mem_kinds: Sequence[str],
                 data_kinds: Sequence[str], ret_kinds: Sequence[str],
                 boff: bool, hot: bool = False, signed: bool = False,
                 atomic=None, rtn: bool = False, readback: bool = True):
    """The wave model of a global load ('load'), store ('store') or atomic
    ('atomic', with atomic (old, data, cmp) -> new; data and cmp the first
    and second data operands) on the lane's record or, `hot`, on lane 0's
    record."""
    nmw = sum(words(k) for k in mem_kinds)
    mkind = 'u64' if size == 8 else 'u32'

    def model(cases, got):
        """The wave's results."""
        mems = [bytearray(b''.join(w.to_bytes(4, 'little') for w in
                                   pack_words(ops[:nmem], mem_kinds)))
                for ops in cases]
        datas = [ops[nmem:nmem + len(data_kinds)] for ops in cases]
        offs = [ops[-1] if boff else 0 for ops in cases]
        rets: Dict[int, List[int]] = {l: [] for l in range(len(cases))}
        if kind == 'load':
            for l in range(len(cases)):
                v = _get(mems[l], offs[l], size)
                if size < 4:
                    v = sext_load(v, size, signed)
                rets[l] = [v >> (32 * i) & M32 for i in range(max(1, size // 4))]
        elif kind == 'store':
            for l in range(len(cases)):
                v = 0
                for i, w in enumerate(pack_words(datas[l], data_kinds)):
                    v |= w << (32 * i)
                _put(mems[l], offs[l], size, v)
        else:
            key = {l: 0 if hot else l for l in range(len(cases))}
            mem = {k: _get(mems[k], 0, size) for k in set(key.values())}
            nres = len(got[0]) - len(ret_kinds) if rtn else len(got[0])
            got_rets = {}
            if rtn:
                for l, g in enumerate(got):
                    got_rets[l] = unpack_words(pack_words(g[nres:], ret_kinds),
                                             [mkind])[0]

            def got_final(k):
                """The emulator's final value of memory k."""
                ws = pack_words(got[k][:nres], mem_kinds)
                return unpack_words(ws, [mkind])[0]

            def step(l, old):
                """Lane l's atomic on the old value."""
                d = datas[l]
                return atomic(old, d[0], d[1] if len(d) > 1 else 0)
            old = apply_atomics(mem, key, step, rtn, got_rets, got_final)
            for k, v in mem.items():
                _put(mems[k], 0, size, v)
            for l in range(len(cases)):
                if rtn:
                    rets[l] = [old[l] & M32, old[l] >> 32] if size == 8 \
                        else [old[l]]
        out = []
        for l in range(len(cases)):
            src_mem = mems[0] if hot else mems[l]
            ws = [_get(src_mem, 4 * i, 4) for i in range(nmw)]
            res = unpack_words(ws, mem_kinds) if readback else ()
            out.append(res + (unpack_words(rets[l], ret_kinds) if ret_kinds else ()))
        return out
    return model


# --------------------------------------------------------------------------
# Scalar loads, branches, permutes
# --------------------------------------------------------------------------


def smem_kernel(text: str, n: int):
    """A loop over the active lanes: the lane's record address in
    s[10:11], its last operand plus 4 in s12; text ({sdst}) loads n dwords
    into s[40:..], which go to results 0..n-1."""
    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        nin = sum(words(k) for k in in_kinds)
        lab = '.L%s_lane' % spec.name
        sdst = 's40' if n == 1 else 's[40:%d]' % (40 + n - 1)
        b = ['s_bcnt1_i32_b64 s9, exec', 's_mov_b32 m0, 0', lab + ':',
             's_lshl_b32 s8, s2, 6', 's_add_u32 s8, s8, m0',
             's_mul_i32 s8, s8, %d' % (4 * nin),
             's_add_u32 s10, s4, s8', 's_addc_u32 s11, s5, 0',
             'v_readlane_b32 s12, v%d, m0' % src(len(in_kinds) - 1),
             's_add_u32 s12, s12, 4',
             text.format(sdst=sdst), 's_waitcnt lgkmcnt(0)']
        b += ['v_writelane_b32 v%d, s%d, m0' % (dst(j), 40 + j) for j in range(n)]
        b += ['s_add_u32 m0, m0, 1', 's_cmp_lt_u32 m0, s9',
              's_cbranch_scc1 ' + lab]
        return frame(spec, in_kinds, b)
    return kernel


def branch_kernel(setup: List[str], branch: str):
    """Operand 0 sets the condition (setup lines, {s0} its VGPR); result 0
    is 1 where `branch` went to its target."""
    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        lab = '.L%s_' % spec.name
        b = ['s_mov_b64 s[20:21], exec']
        b += [l.format(s0='v%d' % src(0)) for l in setup]
        b += [branch + ' ' + lab + 'taken',
              's_mov_b64 exec, s[20:21]', 'v_mov_b32 v%d, 0' % dst(0),
              's_branch ' + lab + 'done', lab + 'taken:',
              's_mov_b64 exec, s[20:21]', 'v_mov_b32 v%d, 1' % dst(0),
              lab + 'done:']
        return frame(spec, in_kinds, b)
    return kernel


def permute_kernel(text: str, marker: int):
    """Operands (address, data); the destination preset to `marker`."""
    def kernel(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
        """The kernel's lines."""
        b = ['v_mov_b32 v%d, 0x%x' % (RET, marker),
             text.format(ret='v%d' % RET, addr='v%d' % src(0),
                         data0='v%d' % src(1)),
             's_waitcnt lgkmcnt(0)', 'v_mov_b32 v%d, v%d' % (dst(0), RET)]
        return frame(spec, in_kinds, b)
    return kernel
