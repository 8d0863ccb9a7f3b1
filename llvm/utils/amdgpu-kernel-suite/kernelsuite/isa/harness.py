#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Operand generation, one kernel per instruction (for gfx90a, or the
processor a Spec's target names: gfx940, or gfx1030 in wave32), running
them on llvm-amdgpu-emu and comparing the results with the models."""

import json
import os
import random
import re
import struct
import sys
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from .. import proc
from .fp import F16, F32, F64, FloatFormat, M32, M64, ulp_distance
from .spec import KnownDifference, Spec, WAVE_SIZE


# The workgroup size of every launch.
WAVE = 64
# The targets whose AGPRs follow the VGPRs in one register file
# (.amdhsa_accum_offset).
ACCUM_TARGETS = ('gfx90a', 'gfx940')
# Registers of the kernels a Spec's `kernel` writes (harness_mem.py).
KERNEL_VGPRS = 128
KERNEL_SGPRS = 96

# --------------------------------------------------------------------------
# Operand generation
# --------------------------------------------------------------------------

EDGE_U32 = [0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0x80000001, M32, M32 - 1,
            0x00FFFFFF, 0x01000000, 0x00800000, 0xFF800000, 0x55555555,
            0xAAAAAAAA, 0xFFFF, 0x10000, 31, 32, 33]
EDGE_SH = [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 0x7F, 0xFF, 0x80000000, M32]
EDGE_F32 = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000,
            0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
            0x7FA00000, 0x7FC12345, 0x00000001, 0x80000001, 0x007FFFFF,
            0x807FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF,
            0x3F000000, 0xBF000000, 0x3FC00000, 0xBFC00000, 0x40200000,
            0xC0200000, 0x3EFFFFFF, 0xBEFFFFFF, 0x4B000000, 0x4B000001,
            0x4B7FFFFF, 0x4E800000, 0x4EB2D05E, 0x4F000000, 0xCF000000,
            0x4F7FFFFF, 0x4F800000, 0xB3800000, 0x33800000, 0x3F7FFFFF]
EDGE_F64 = [0, 1 << 63, 0x3FF0000000000000, 0xBFF0000000000000,
            0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
            0xFFF8000000000001, 0x7FF0000000000001, 0x0000000000000001,
            0x800FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF,
            0x3FE0000000000000, 0x4330000000000000, 0x0000000100000000]
EDGE_B64 = [0, 1, 2, M64, M64 - 1, 1 << 63, (1 << 63) - 1, (1 << 63) + 1,
            M32, 1 << 32, M32 << 32, 0x80000000, 0x7FFFFFFF, 0x1FFFFFFFF,
            0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0xFFFF, 63, 64, 65]
# Values next to the sign- and zero-extensions of the 16-bit immediates
# 0, 0x7fff, 0x8000, 0xffff, and next to INT_MIN/INT_MAX.
EDGE_K16 = sorted({(v + d) & M32 for v in (0, 0x7FFF, 0x8000, 0xFFFF,
                                           0xFFFF8000, 0x80000000)
                   for d in (-1, 0, 1)})
EDGE_U16 = [0, 1, 2, 15, 16, 17, 0xFF, 0x100, 0x7FFF, 0x8000, 0x8001,
            0xFFFF, 0xFFFE]
EDGE_F16 = [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0xFE00,
            0x7C01, 0xFD00, 0x7E55, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400,
            0x8400, 0x7BFF, 0xFBFF, 0x3800, 0xB800, 0x3E00, 0x4100, 0x3BFF,
            0x3C01, 0x6400, 0x7800, 0x7A00, 0x77FF, 0xF800, 0x1400, 0x0200]


def random_float_bits(rng: random.Random, fmt: FloatFormat) -> int:
    """A random float: uniform bits, a value of moderate magnitude, a small
    integer, or a subnormal."""
    pick = rng.random()
    width = fmt.width
    if pick < 0.3:
        return rng.getrandbits(width)
    if pick < 0.7:
        return fmt.bits(rng.choice((-1, 1)) * rng.uniform(0, 1) * 2.0 ** rng.randint(-30, 34))
    if pick < 0.9:
        return fmt.bits(float(rng.randint(-300, 300)) + rng.choice((0, 0.5, 0.25)))
    return rng.getrandbits(fmt.mant - 1) | (rng.getrandbits(1) << (width - 1))


def half_operand(kind: str, edges: Sequence[int],
                 rng: random.Random) -> int:
    """One 16-bit half of a u16 or f16 operand, an edge value a quarter of
    the time."""
    if rng.random() < 0.25:
        return rng.choice(edges)
    if kind == 'f16':
        return random_float_bits(rng, F16)
    return rng.choice((rng.getrandbits(16),
                       rng.getrandbits(rng.randint(1, 16))))


# Operand kinds other modules define (harness_mem.py): name -> a function
# of the random generator giving one operand (32 bits unless words() says).
OPERAND_KINDS: Dict[str, Callable[[random.Random], int]] = {}


def gen_operand(kind: str, rng: random.Random) -> int:
    """One random operand of a kind, an edge value a quarter of the time."""
    if kind in OPERAND_KINDS:
        return OPERAND_KINDS[kind](rng)
    edge = rng.random() < 0.25
    if kind == 'b1':
        return rng.getrandbits(1)
    if kind == 'u32':
        if edge:
            return rng.choice(EDGE_U32)
        return rng.choice((rng.getrandbits(32), rng.getrandbits(rng.randint(1, 32)),
                           (-rng.getrandbits(rng.randint(1, 31))) & M32))
    if kind == 'sh':
        if edge:
            return rng.choice(EDGE_SH)
        return rng.choice((rng.randint(0, 70), rng.getrandbits(32)))
    if kind == 'exp':
        return rng.choice((0, 1, -1, 127, -126, -149, 128, 0x7FFFFFFF, -2**31)) & M32 \
            if edge else rng.randint(-300, 300) & M32
    if kind == 'exp64':
        return rng.choice((0, 1, -1, 1023, 1024, -1022, -1023, -1074, -1075,
                           2046, -2098, 0x7FFFFFFF, -2**31)) & M32 \
            if edge else rng.randint(-2200, 2200) & M32
    if kind == 'u64':
        if edge:
            return rng.choice(EDGE_U32 + EDGE_F64)
        return rng.getrandbits(rng.choice((64, 33, 16)))
    if kind == 'f32':
        return rng.choice(EDGE_F32) if edge else random_float_bits(rng, F32)
    if kind == 'f64':
        return rng.choice(EDGE_F64) if edge else random_float_bits(rng, F64)
    if kind in ('u16', 'f16'):
        edges = EDGE_U16 if kind == 'u16' else EDGE_F16
        return half_operand(kind, edges, rng) \
            | half_operand(kind, edges, rng) << 16
    if kind == 'f32x2':
        return gen_operand('f32', rng) | gen_operand('f32', rng) << 32
    if kind == 'cls':
        return (1 << rng.randint(0, 9)) if edge else rng.getrandbits(10)
    if kind == 'sbfe':
        width = rng.choice((0, 1, 31, 32)) if edge else rng.randint(0, 32)
        return (rng.getrandbits(32) & 0xFF80FFE0) | (width << 16) | rng.randint(0, 31)
    if kind == 'b64':
        if edge:
            return rng.choice(EDGE_B64)
        return rng.choice((rng.getrandbits(64),
                           rng.getrandbits(rng.randint(1, 64)),
                           (-rng.getrandbits(rng.randint(1, 63))) & M64,
                           rng.getrandbits(32) << 32))
    if kind == 'sbfe64':
        width = (rng.choice((0, 1, 31, 32, 33, 63, 64, 65, 127)) if edge
                 else rng.randint(0, 64))
        return ((rng.getrandbits(32) & 0xFF80FFC0) | (width << 16)
                | rng.randint(0, 63))
    if kind == 'k16':
        if edge:
            return rng.choice(EDGE_K16)
        return rng.choice((rng.getrandbits(32), rng.getrandbits(17),
                           (rng.getrandbits(16) - 0x8000) & M32))
    if kind == 'act':
        # Sparse, so that the first active lane of a wave varies and some
        # waves have none.
        return int(rng.random() < 1 / 32)
    if kind == 'perm':
        # Each byte a selector: mostly 0-15 (bytes, sign bits, 0x00 at 12,
        # 0xff from 13), else any byte value.
        return sum((rng.randint(0, 15) if rng.random() < 0.7
                    else rng.getrandbits(8)) << (8 * i) for i in range(4))
    if kind == 'rel':
        return rng.randint(0, 2)
    if kind == 'rel2':
        other = 0 if edge else rng.getrandbits(32) & 0xFC00FC00
        return other | rng.randint(0, 2) | (rng.randint(0, 2) << 16)
    raise ValueError(kind)


def in_kinds(spec: Spec) -> List[str]:
    """The kinds of the operands loaded for an instruction: its sources,
    and for a scalar one an SCC input last if it has none."""
    kinds = list(spec.srcs)
    if spec.unit == 's' and 'b1' not in kinds:
        kinds.append('b1')
    return kinds


def gen_cases(spec: Spec, n: int, rng: random.Random) -> List[Tuple[int, ...]]:
    """n operand sets for an instruction: its fixed cases (spec.cases)
    first, then random ones; with spec.ties, that fraction of the random
    ones has src1 = src0 + (-1, 0 or 1)."""
    kinds = in_kinds(spec)
    cases = [tuple(c) for c in spec.cases[:n]]
    while len(cases) < n:
        ops = [gen_operand(k, rng) for k in kinds]
        if spec.ties and rng.random() < spec.ties:
            mask = M64 if words(kinds[1]) == 2 else M32
            ops[1] = (ops[0] + rng.choice((-1, 0, 0, 1))) & mask
        cases.append(tuple(ops))
    return cases


# Kinds of 64 bits other modules define (harness_mem.py), besides u64,
# f64, b64 and f32x2.
WIDE_KINDS: Set[str] = set()


def words(kind: str) -> int:
    """32-bit words an operand or result of a kind takes."""
    return 2 if kind in ('u64', 'f64', 'b64', 'f32x2') or kind in WIDE_KINDS \
        else 1


def lane_context(spec: Spec, cases: Sequence[Tuple[int, ...]],
                 i: int) -> Tuple:
    """The (lane, wave operand sets) a lane-dependent model (Spec.lanes)
    takes for case i, which runs in lane i mod the wave size; () for
    other models."""
    if not spec.lanes:
        return ()
    n = WAVE_SIZE[spec.target]
    first = i - i % n
    return (i % n, cases[first:first + n])


def reference(spec: Spec, model: Callable, ops: Tuple[int, ...],
              ctx: Tuple = ()) -> Tuple[int, ...]:
    """A model's results for one operand set (and lane context, see
    lane_context), completed with SCC for a scalar instruction that does
    not write it (SCC is kept)."""
    if spec.unit == 's':
        own = ops[:len(spec.srcs)]
        res = model(*own)
        if spec.writes_scc:
            return res
        res = list(res)
        res.insert(spec.dsts.index('scc'), ops[-1])
        return tuple(res)
    return model(*ctx, *ops)


# --------------------------------------------------------------------------
# Kernel generation
# --------------------------------------------------------------------------


def reg(prefix: str, first: int, kind: str) -> str:
    """The register (or pair) name of an operand of a kind."""
    return '%s%d' % (prefix, first) if words(kind) == 1 else '%s[%d:%d]' % (prefix, first, first + 1)


def lane_masks(target: str) -> Dict[str, str]:
    """Names of the lane-mask registers and moves on a target: VCC, EXEC,
    SGPRs (or pairs) for the launch EXEC (save), the EXEC after the
    instruction (after) and an act compare (act), and the s_mov and s_and
    of a mask."""
    if WAVE_SIZE[target] == 32:
        return dict(vcc='vcc_lo', exec='exec_lo', save='s24', after='s26',
                    act='s28', mov='s_mov_b32', and_='s_and_b32')
    return dict(vcc='vcc', exec='exec', save='s[24:25]', after='s[26:27]',
                act='s[28:29]', mov='s_mov_b64', and_='s_and_b64')


def vector_body(spec: Spec, in_kinds: Sequence[str], text: str) -> List[str]:
    """The body of a vector kernel: VCC set up from a b1 operand; with an
    act operand or an exec destination the launch EXEC saved, EXEC
    narrowed to the act lanes and, after the instruction, the EXEC it left
    saved and the launch EXEC restored; then the results moved to v20,
    v22, ... (a mask or EXEC bit as 0/1, an SGPR result copied)."""
    m = lane_masks(spec.target)
    lines = []
    for i, k in enumerate(in_kinds):
        if k == 'b1':
            lines.append('v_cmp_ne_u32 %s, 0, v%d' % (m['vcc'], 10 + 2 * i))
    uses_exec = 'act' in in_kinds or 'exec' in spec.dsts
    if uses_exec:
        lines.append('%s %s, %s' % (m['mov'], m['save'], m['exec']))
    for i, k in enumerate(in_kinds):
        if k == 'act':
            lines.append('v_cmp_ne_u32 %s, 0, v%d' % (m['act'], 10 + 2 * i))
            lines.append('%s %s, %s, %s' % (m['and_'], m['exec'], m['exec'],
                                            m['act']))
    lines += text.split('\n')
    if uses_exec:
        lines.append('%s %s, %s' % (m['mov'], m['after'], m['exec']))
        lines.append('%s %s, %s' % (m['mov'], m['exec'], m['save']))
    for i, k in enumerate(spec.dsts):
        d = 20 + 2 * i
        if k == 'mask':
            lines.append('v_cndmask_b32 v%d, 0, 1, %s' % (d, m['vcc']))
        elif k == 'exec':
            lines.append('v_cndmask_b32 v%d, 0, 1, %s' % (d, m['after']))
        elif k == 'sgpr':
            lines.append('v_mov_b32 v%d, s%d' % (d, d))
    return lines


def kernel_body(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
    """The instructions between the operand loads and the stores: the
    instruction itself, with VCC or SCC set up from a b1 operand and the
    results moved to v20, v22, ... (a mask or SCC as 0/1)."""
    srcs = {'s%d' % i: reg('v' if spec.unit == 'v' else 's', 10 + 2 * i, k)
            for i, k in enumerate(in_kinds)}
    dsts = {'d%d' % i: reg('v' if spec.unit == 'v' and k != 'sgpr' else 's',
                           20 + 2 * i, k)
            for i, k in enumerate(spec.dsts)}
    text = spec.asm.format(**srcs, **dsts)
    lines = []
    if spec.unit == 'v':
        return vector_body(spec, in_kinds, text)
    # Scalar: one lane of the wave (64 or 32) at a time, M0 the lane
    # (v_writelane may read M0 besides its SGPR source), operands read with
    # v_readlane (a pair word by word), results written back with
    # v_writelane; SCC is taken with s_cselect right after the
    # instruction. s[28:29] is free for a text to save EXEC in.
    lines += ['s_mov_b32 m0, 0', '.L%s_lane:' % spec.name]
    for i, k in enumerate(in_kinds):
        for w in range(words(k)):
            lines.append('v_readlane_b32 s%d, v%d, m0'
                         % (10 + 2 * i + w, 10 + 2 * i + w))
    scc_in = 10 + 2 * (len(in_kinds) - 1)
    lines.append('s_cmp_lg_u32 s%d, 0' % scc_in)
    lines += text.split('\n')
    for i, k in enumerate(spec.dsts):
        if k == 'scc':
            lines.append('s_cselect_b32 s%d, 1, 0' % (20 + 2 * i))
    for i, k in enumerate(spec.dsts):
        for w in range(words(k)):
            lines.append('v_writelane_b32 v%d, s%d, m0'
                         % (20 + 2 * i + w, 20 + 2 * i + w))
    lines += ['s_add_u32 m0, m0, 1',
              's_cmp_lt_u32 m0, %d' % WAVE_SIZE[spec.target],
              's_cbranch_scc1 .L%s_lane' % spec.name]
    return lines


def uses_agprs(spec: Spec) -> bool:
    """Whether an instruction's text names an AGPR (a0, a[0:1], ...)."""
    return re.search(r'\ba\[?\d', spec.asm) is not None


def descriptor(spec: Spec) -> str:
    """The .amdhsa_kernel directives of a kernel after the kernarg
    pointer: 32 VGPRs (gfx90a, gfx940: 32 AGPRs more if the text uses
    them), 32 SGPRs, or KERNEL_VGPRS and KERNEL_SGPRS for a kernel a Spec
    writes whole; denormals kept; wave32 on a 32-lane target; with
    Spec.private the private-segment buffer and its size."""
    accum = spec.target in ACCUM_TARGETS
    if spec.kernel:
        vgprs, sgprs, offset = KERNEL_VGPRS, KERNEL_SGPRS, KERNEL_VGPRS
    else:
        vgprs = 64 if accum and uses_agprs(spec) else 32
        sgprs, offset = 32, 32
    lines = ['.amdhsa_next_free_vgpr %d' % vgprs,
             '.amdhsa_next_free_sgpr %d' % sgprs]
    if accum:
        lines.append('.amdhsa_accum_offset %d' % offset)
    if WAVE_SIZE[spec.target] == 32:
        lines.append('.amdhsa_wavefront_size32 1')
    if spec.private:
        lines += ['.amdhsa_user_sgpr_private_segment_buffer 1',
                  '.amdhsa_private_segment_fixed_size %d' % spec.private]
    lines += ['.amdhsa_float_denorm_mode_32 3',
              '.amdhsa_float_denorm_mode_16_64 3']
    return ''.join('    %s\n' % l for l in lines)


def kernel_frame(in_kinds: Sequence[str], dsts: Sequence[str],
                 body: List[str], src0: int, dst0: int) -> List[str]:
    """The lines of a kernel around `body`: s[4:5] the operand buffer,
    s[6:7] the result buffer, v1 the lane's global id gid, v2 and v3 its
    operand and result record offsets (gid * 4 * words); operand i is
    loaded into the VGPRs from src0 + 2 * i, result i stored from the VGPRs
    from dst0 + 2 * i."""
    nin = sum(words(k) for k in in_kinds)
    nout = sum(words(k) for k in dsts)
    lines = ['s_load_dwordx4 s[4:7], s[0:1], 0x0',
             'v_lshl_add_u32 v1, s2, 6, v0',
             'v_mul_u32_u24 v2, %d, v1' % (4 * nin),
             'v_mul_u32_u24 v3, %d, v1' % (4 * nout),
             's_waitcnt lgkmcnt(0)']
    word = 0
    for i, kind in enumerate(in_kinds):
        for w in range(words(kind)):
            lines.append('global_load_dword v%d, v2, s[4:5] offset:%d'
                         % (src0 + 2 * i + w, 4 * word))
            word += 1
    lines.append('s_waitcnt vmcnt(0)')
    lines += body
    word = 0
    for i, kind in enumerate(dsts):
        for w in range(words(kind)):
            lines.append('global_store_dword v3, v%d, s[6:7] offset:%d'
                         % (dst0 + 2 * i + w, 4 * word))
            word += 1
    return lines


def kernel_asm(spec: Spec, in_kinds: Sequence[str]) -> str:
    """A complete kernel (code and descriptor) for one instruction: lane
    gid reads operand words at in + gid * 4 * nin, writes result words at
    out + gid * 4 * nout."""
    if spec.kernel:
        return kernel_text(spec, spec.kernel(spec, in_kinds))
    return kernel_text(spec, kernel_frame(in_kinds, spec.dsts,
                                          kernel_body(spec, in_kinds), 10, 20))


def kernel_text(spec: Spec, lines: List[str]) -> str:
    """A kernel's code (its lines, then s_endpgm) and descriptor."""
    k = 'xc_' + spec.name
    lines = lines + ['s_endpgm']
    code = '\n'.join('  ' + l if not l.startswith('.L') else l for l in lines)
    return f"""
  .text
  .globl {k}
  .p2align 8
  .type {k},@function
{k}:
{code}
.L{k}_end:
  .size {k}, .L{k}_end-{k}

  .rodata
  .p2align 6
  .amdhsa_kernel {k}
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
{descriptor(spec)}  .end_amdhsa_kernel
"""


def metadata(specs: Sequence[Spec], target: str) -> str:
    """The code object v4 metadata note for the kernels of a target, each
    (in, out) : 2 global buffers; a kernel a Spec writes whole
    (Spec.kernel) has KERNEL_VGPRS / KERNEL_SGPRS registers, Spec.lds
    bytes of LDS and Spec.private bytes of private segment."""
    def regs(s: Spec) -> str:
        """The register counts of a kernel (.agpr_count if it uses
        AGPRs)."""
        if s.kernel:
            return '.sgpr_count: %d\n    .vgpr_count: %d' % (KERNEL_SGPRS,
                                                             KERNEL_VGPRS)
        return '.sgpr_count: 32\n    .vgpr_count: 32' + (
            '\n    .agpr_count: 32' if uses_agprs(s) else '')
    kernels = ''.join(f"""
  - .name: xc_{s.name}
    .symbol: xc_{s.name}.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: {s.lds}
    .private_segment_fixed_size: {s.private}
    .wavefront_size: {WAVE_SIZE[target]}
    {regs(s)}
    .max_flat_workgroup_size: {WAVE}
    .args:
      - {{ .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }}
      - {{ .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }}""" for s in specs)
    return f"""
  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--{target}
amdhsa.kernels:{kernels}
...
  .end_amdgpu_metadata
"""


def pack_words(values: Sequence[int], kinds: Sequence[str]) -> List[int]:
    """Split operands or results into 32-bit words (low word first)."""
    out = []
    for v, k in zip(values, kinds):
        out += [v & M32, v >> 32] if words(k) == 2 else [v & M32]
    return out


def unpack_words(ws: Sequence[int], kinds: Sequence[str]) -> Tuple[int, ...]:
    """Join 32-bit words into results of kinds."""
    out, i = [], 0
    for k in kinds:
        out.append(ws[i] | (ws[i + 1] << 32) if words(k) == 2 else ws[i])
        i += words(k)
    return tuple(out)


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


def run(cmd: Sequence[str]) -> proc.Result:
    """Run a tool, capturing its output."""
    return proc.run(cmd)


def assemble(specs: List[Spec], kinds: Dict[str, List[str]], tools, work: str):
    """Assemble and link the kernels of each target (Spec.target) into
    one code object per target (gfx90a: xcheck.co, another:
    xcheck-<target>.co). A kernel the assembler rejects is dropped (and
    returned with the message: an error of this table, not a refusal of
    the emulator); returns ({target: code object path}, {name: error})."""
    refused: Dict[str, str] = {}
    cos: Dict[str, str] = {}
    for target in dict.fromkeys(s.target for s in specs):
        mine = [s for s in specs if s.target == target]
        base = 'xcheck' if target == 'gfx90a' else 'xcheck-' + target
        if assemble_target(mine, kinds, tools, work, base, target, refused):
            cos[target] = os.path.join(work, base + '.co')
    return cos, refused


def assemble_target(specs: List[Spec], kinds: Dict[str, List[str]], tools,
                    work: str, base: str, target: str,
                    refused: Dict[str, str]) -> bool:
    """Assemble and link one target's kernels into <work>/<base>.co,
    adding the kernels the assembler rejects to `refused`; False if none
    is left."""
    mattr = ['-mattr=+wavefrontsize32'] if WAVE_SIZE[target] == 32 else []
    while True:
        live = [s for s in specs if s.name not in refused]
        if not live:
            return False
        src = '  .amdgcn_target "amdgcn-amd-amdhsa--%s"\n' % target
        starts = []
        for s in live:
            starts.append((src.count('\n') + 1, s.name))
            src += kernel_asm(s, kinds[s.name])
        src += metadata(live, target)
        path = os.path.join(work, base + '.s')
        with open(path, 'w') as f:
            f.write(src)
        r = run([tools.llvm_mc, '-triple=amdgcn-amd-amdhsa', '-mcpu=' + target]
                + mattr + ['-filetype=obj', path, '-o', path + '.o'])
        if r.returncode == 0:
            break
        bad = {}
        for m in re.finditer(re.escape(base) + r'\.s:(\d+):\d+: error: (.*)',
                             r.stderr):
            line = int(m.group(1))
            owner = [n for start, n in starts if start <= line]
            if owner:
                bad.setdefault(owner[-1], 'assembler: ' + m.group(2))
        if not bad:
            sys.exit('llvm-mc failed:\n' + r.stderr)
        refused.update(bad)
    r = run([tools.ld_lld, '-shared', path + '.o', '-o',
             os.path.join(work, base + '.co')])
    if r.returncode:
        sys.exit('ld.lld failed:\n' + r.stderr)
    return True


def emulate(spec: Spec, in_kinds, cases, cos: Dict[str, str], tools,
            work: str):
    """Run one instruction's kernel on the emulator (the code object of its
    target, from assemble); returns the results per case, or an error
    message if the emulator refused it."""
    nout = sum(words(k) for k in spec.dsts)
    base = os.path.join(work, spec.name)
    with open(base + '.in.bin', 'wb') as f:
        for ops in cases:
            f.write(struct.pack('<%dI' % len(pack_words(ops, in_kinds)),
                                *pack_words(ops, in_kinds)))
    launch = {'kernel': 'xc_' + spec.name, 'grid': [len(cases)], 'block': [WAVE],
              'args': [{'buffer': 'u32', 'file': base + '.in.bin'},
                       {'buffer': 'u32', 'count': nout * len(cases),
                        'output': base + '.out.bin'}]}
    with open(base + '.json', 'w') as f:
        json.dump(launch, f)
    r = run([tools.emu, '--run', '--launch=' + base + '.json',
             cos[spec.target]])
    if r.returncode:
        msg = (r.stderr or r.stdout).strip().splitlines()
        if not msg:
            return None, 'exit status %d' % r.returncode
        return None, re.sub(r"^.*?error: kernel '[^']*': ", '', msg[-1])
    with open(base + '.out.bin', 'rb') as f:
        data = f.read()
    ws = struct.unpack('<%dI' % (len(data) // 4), data)
    return [unpack_words(ws[i * nout:(i + 1) * nout], spec.dsts)
            for i in range(len(cases))], None


def same(kind: str, got: int, want: int, ulps: int) -> Optional[str]:
    """None if a result equals the reference, 'nan-payload' if both are NaNs
    of different bits and the emulator's is quiet (arithmetic never returns
    a signaling NaN), else 'differ'."""
    if got == want:
        return None
    if kind in ('f16', 'f32x2'):
        # Two values in one result: each compared on its own.
        sub, width = ('h16', 16) if kind == 'f16' else ('f32', 32)
        mask = (1 << width) - 1
        parts = [same(sub, got >> s & mask, want >> s & mask, ulps)
                 for s in (0, width)]
        if 'differ' in parts:
            return 'differ'
        return 'nan-payload' if 'nan-payload' in parts else None
    fmt = {'h16': F16, 'f32': F32, 'f64': F64}.get(kind)
    if fmt is None:
        return 'differ'
    if fmt.is_nan(got) and fmt.is_nan(want):
        return 'differ' if fmt.is_snan(got) else 'nan-payload'
    if ulps and not fmt.is_nan(got) and not fmt.is_nan(want) \
            and ulp_distance(got, want, fmt) <= ulps:
        return None
    return 'differ'


def references(spec: Spec, model: Callable, cases, results) -> List[Tuple[int, ...]]:
    """A model's results for every case: per case (with its lane context,
    see lane_context), or for a `wave` model per wave (the emulator's
    results passed along)."""
    if not spec.wave:
        return [reference(spec, model, ops, lane_context(spec, cases, i))
                for i, ops in enumerate(cases)]
    n = WAVE_SIZE[spec.target]
    out: List[Tuple[int, ...]] = []
    for i in range(0, len(cases), n):
        out += model(cases[i:i + n], results[i:i + n])
    return out


def classify(spec: Spec, got, want, known) -> Optional[str]:
    """None if the emulator agrees with the gem5 model; else the key of the
    known difference that explains it, or 'unexpected'. `known` lists the
    known differences that cover the instruction as (key, a function
    giving the results the entry accepts for this case)."""
    verdicts = [same(k, g, w, spec.ulps) for k, g, w in zip(spec.dsts, got, want)]
    if all(v is None for v in verdicts):
        return None
    if all(v in (None, 'nan-payload') for v in verdicts):
        return 'nan-payload'
    for key, accepted in known:
        if all(same(k, g, w, spec.ulps) in (None, 'nan-payload')
               for k, g, w in zip(spec.dsts, got, accepted())):
            return key
    return 'unexpected'


def hexs(values: Sequence[int]) -> str:
    """Values as a compact hex list."""
    return ','.join('%#x' % v for v in values)


@dataclass
class Outcome:
    """What checking one instruction found."""
    name: str
    cases: int = 0
    agree: int = 0
    known: Dict[str, int] = field(default_factory=dict)
    unexpected: int = 0
    first: str = ''
    refused: str = ''
    error: str = ''


def check(spec: Spec, in_kinds, cases, results,
          known: Sequence[KnownDifference]) -> Outcome:
    """Compare an instruction's emulated results with the gem5 model and,
    where they differ, with the known differences (known.py's
    KNOWN_DIFFERENCES) that cover it."""
    out = Outcome(spec.name, len(cases))
    wants = references(spec, spec.model, cases, results)
    mine = [kd for kd in known if spec.name in kd.insts]
    waves = {kd.key: references(spec, kd.accepted(spec.name), cases, results)
             for kd in mine} if spec.wave else {}

    def accepted(kd, i: int) -> Callable[[], Tuple[int, ...]]:
        """The results a known difference accepts for case i."""
        if spec.wave:
            return lambda: waves[kd.key][i]
        return lambda: reference(spec, kd.accepted(spec.name), cases[i],
                                 lane_context(spec, cases, i))
    for i, (ops, got) in enumerate(zip(cases, results)):
        verdict = classify(spec, got, wants[i],
                           [(kd.key, accepted(kd, i)) for kd in mine])
        if verdict is None:
            out.agree += 1
        elif verdict == 'unexpected':
            out.unexpected += 1
            if not out.first:
                out.first = 'ops %s: emu %s, gem5 %s' % (hexs(ops), hexs(got), hexs(wants[i]))
        else:
            out.known[verdict] = out.known.get(verdict, 0) + 1
    return out
