#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Operand generation, one gfx90a kernel per instruction, running them on
llvm-amdgpu-emu and comparing the results with the models."""

import json
import os
import random
import re
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .fp import F32, F64, FloatFormat, M32, ulp_distance
from .spec import Spec


WAVE = 64
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
    if kind == 'u64':
        if edge:
            return rng.choice(EDGE_U32 + EDGE_F64)
        return rng.getrandbits(rng.choice((64, 33, 16)))
    if kind == 'f32':
        return rng.choice(EDGE_F32) if edge else random_float_bits(rng, F32)
    if kind == 'f64':
        return rng.choice(EDGE_F64) if edge else random_float_bits(rng, F64)
    if kind == 'cls':
        return (1 << rng.randint(0, 9)) if edge else rng.getrandbits(10)
    if kind == 'sbfe':
        width = rng.choice((0, 1, 31, 32)) if edge else rng.randint(0, 32)
        return (rng.getrandbits(32) & 0xFF80FFE0) | (width << 16) | rng.randint(0, 31)
    raise ValueError(kind)


def in_kinds(spec: Spec) -> List[str]:
    """The kinds of the operands loaded for an instruction: its sources,
    and for a scalar one an SCC input last if it has none."""
    kinds = list(spec.srcs)
    if spec.unit == 's' and 'b1' not in kinds:
        kinds.append('b1')
    return kinds


def gen_cases(spec: Spec, n: int, rng: random.Random) -> List[Tuple[int, ...]]:
    """n operand sets for an instruction."""
    return [tuple(gen_operand(k, rng) for k in in_kinds(spec)) for _ in range(n)]


# Kinds of 64 bits besides u64 and f64 (defined by other modules).
WIDE_KINDS = set()


def words(kind: str) -> int:
    """32-bit words an operand or result of a kind takes."""
    return 2 if kind in ('u64', 'f64') or kind in WIDE_KINDS else 1


def reference(spec: Spec, model: Callable, ops: Tuple[int, ...]) -> Tuple[int, ...]:
    """A model's results for one operand set, completed with SCC for a
    scalar instruction that does not write it (SCC is kept)."""
    if spec.unit == 's':
        own = ops[:len(spec.srcs)]
        res = model(*own)
        return res if spec.writes_scc else (res[0], ops[-1])
    return model(*ops)


# --------------------------------------------------------------------------
# Kernel generation
# --------------------------------------------------------------------------


def reg(prefix: str, first: int, kind: str) -> str:
    """The register (or pair) name of an operand of a kind."""
    return '%s%d' % (prefix, first) if words(kind) == 1 else '%s[%d:%d]' % (prefix, first, first + 1)


def kernel_body(spec: Spec, in_kinds: Sequence[str]) -> List[str]:
    """The instructions between the operand loads and the stores: the
    instruction itself, with VCC or SCC set up from a b1 operand and the
    results moved to v20, v22, ... (a mask or SCC as 0/1)."""
    srcs = {'s%d' % i: reg('v' if spec.unit == 'v' else 's', 10 + 2 * i, k)
            for i, k in enumerate(in_kinds)}
    dsts = {'d%d' % i: reg('v' if spec.unit == 'v' else 's', 20 + 2 * i, k)
            for i, k in enumerate(spec.dsts)}
    text = spec.asm.format(**srcs, **dsts)
    lines = []
    if spec.unit == 'v':
        for i, k in enumerate(in_kinds):
            if k == 'b1':
                lines.append('v_cmp_ne_u32 vcc, 0, v%d' % (10 + 2 * i))
        lines += text.split('\n')
        for i, k in enumerate(spec.dsts):
            if k == 'mask':
                lines.append('v_cndmask_b32 v%d, 0, 1, vcc' % (20 + 2 * i))
        return lines
    # Scalar: one lane at a time, M0 the lane (v_writelane may read M0
    # besides its SGPR source), operands read with v_readlane, results
    # written back with v_writelane.
    lines += ['s_mov_b32 m0, 0', '.L%s_lane:' % spec.name]
    for i, k in enumerate(in_kinds):
        lines.append('v_readlane_b32 s%d, v%d, m0' % (10 + 2 * i, 10 + 2 * i))
    scc_in = 10 + 2 * (len(in_kinds) - 1)
    lines.append('s_cmp_lg_u32 s%d, 0' % scc_in)
    lines += text.split('\n')
    lines.append('s_cselect_b32 s22, 1, 0')
    lines.append('v_writelane_b32 v20, s20, m0')
    lines.append('v_writelane_b32 v22, s22, m0')
    lines += ['s_add_u32 m0, m0, 1', 's_cmp_lt_u32 m0, %d' % WAVE,
              's_cbranch_scc1 .L%s_lane' % spec.name]
    return lines


def kernel_asm(spec: Spec, in_kinds: Sequence[str]) -> str:
    """A complete kernel (code and descriptor) for one instruction: lane
    gid reads operand words at in + gid * 4 * nin, writes result words at
    out + gid * 4 * nout."""
    nin = sum(words(k) for k in in_kinds)
    nout = sum(words(k) for k in spec.dsts)
    k = 'xc_' + spec.name
    if spec.kernel:
        return kernel_text(k, spec.kernel(spec, in_kinds), KERNEL_VGPRS)
    lines = ['s_load_dwordx4 s[4:7], s[0:1], 0x0',
             'v_lshl_add_u32 v1, s2, 6, v0',
             'v_mul_u32_u24 v2, %d, v1' % (4 * nin),
             'v_mul_u32_u24 v3, %d, v1' % (4 * nout),
             's_waitcnt lgkmcnt(0)']
    word = 0
    for i, kind in enumerate(in_kinds):
        for w in range(words(kind)):
            lines.append('global_load_dword v%d, v2, s[4:5] offset:%d'
                         % (10 + 2 * i + w, 4 * word))
            word += 1
    lines.append('s_waitcnt vmcnt(0)')
    lines += kernel_body(spec, in_kinds)
    word = 0
    for i, kind in enumerate(spec.dsts):
        for w in range(words(kind)):
            lines.append('global_store_dword v3, v%d, s[6:7] offset:%d'
                         % (20 + 2 * i + w, 4 * word))
            word += 1
    return kernel_text(k, lines, 32)


def kernel_text(k: str, lines: List[str], vgprs: int) -> str:
    """A kernel's code (its lines, then s_endpgm) and descriptor."""
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
    .amdhsa_next_free_vgpr {vgprs}
    .amdhsa_next_free_sgpr {KERNEL_SGPRS if vgprs != 32 else 32}
    .amdhsa_accum_offset {vgprs}
    .amdhsa_float_denorm_mode_32 3
    .amdhsa_float_denorm_mode_16_64 3
  .end_amdhsa_kernel
"""


def metadata(names: Sequence[str], lds: Optional[Dict[str, int]] = None,
             big: Sequence[str] = ()) -> str:
    """The code object v4 metadata note for kernels (in, out) : 2 global
    buffers; `lds` gives a kernel's group segment bytes (default 0), `big`
    the kernels with KERNEL_VGPRS / KERNEL_SGPRS registers (default 32)."""
    lds = lds or {}
    kernels = ''.join(f"""
  - .name: {n}
    .symbol: {n}.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: {lds.get(n, 0)}
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: {KERNEL_SGPRS if n in big else 32}
    .vgpr_count: {KERNEL_VGPRS if n in big else 32}
    .max_flat_workgroup_size: 64
    .args:
      - {{ .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }}
      - {{ .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }}""" for n in names)
    return f"""
  .amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.target: amdgcn-amd-amdhsa--gfx90a
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


def run(cmd: Sequence[str]) -> subprocess.CompletedProcess:
    """Run a tool, capturing its output."""
    return subprocess.run(list(cmd), capture_output=True, text=True)


def assemble(specs: List[Spec], kinds: Dict[str, List[str]], tools, work: str):
    """Assemble and link every kernel into one code object. A kernel the
    assembler rejects is dropped (and returned with the message: an error
    of this table, not a refusal of the emulator); returns (code object
    path, {name: error})."""
    refused: Dict[str, str] = {}
    while True:
        live = [s for s in specs if s.name not in refused]
        src = '  .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n'
        starts = []
        for s in live:
            starts.append((src.count('\n') + 1, s.name))
            src += kernel_asm(s, kinds[s.name])
        src += metadata(['xc_' + s.name for s in live],
                        {'xc_' + s.name: s.lds for s in live},
                        ['xc_' + s.name for s in live if s.kernel])
        path = os.path.join(work, 'xcheck.s')
        with open(path, 'w') as f:
            f.write(src)
        r = run([tools.llvm_mc, '-triple=amdgcn-amd-amdhsa', '-mcpu=gfx90a',
                 '-filetype=obj', path, '-o', path + '.o'])
        if r.returncode == 0:
            break
        bad = {}
        for m in re.finditer(r'xcheck\.s:(\d+):\d+: error: (.*)', r.stderr):
            line = int(m.group(1))
            owner = [n for start, n in starts if start <= line]
            if owner:
                bad.setdefault(owner[-1], 'assembler: ' + m.group(2))
        if not bad:
            sys.exit('llvm-mc failed:\n' + r.stderr)
        refused.update(bad)
    co = os.path.join(work, 'xcheck.co')
    r = run([tools.ld_lld, '-shared', path + '.o', '-o', co])
    if r.returncode:
        sys.exit('ld.lld failed:\n' + r.stderr)
    return co, refused


def emulate(spec: Spec, in_kinds, cases, co: str, tools, work: str):
    """Run one instruction's kernel on the emulator; returns the results per
    case, or an error message if the emulator refused it."""
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
    r = run([tools.emu, '--run', '--launch=' + base + '.json', co])
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
    of different bits, else 'differ'."""
    if got == want:
        return None
    fmt = {'f32': F32, 'f64': F64}.get(kind)
    if fmt is None:
        return 'differ'
    if fmt.is_nan(got) and fmt.is_nan(want):
        return 'nan-payload'
    if ulps and not fmt.is_nan(got) and not fmt.is_nan(want) \
            and ulp_distance(got, want, fmt) <= ulps:
        return None
    return 'differ'


def references(spec: Spec, model: Callable, cases, results) -> List[Tuple[int, ...]]:
    """A model's results for every case: per case, or for a `wave` model
    per wave of WAVE cases (the emulator's results passed along)."""
    if not spec.wave:
        return [reference(spec, model, ops) for ops in cases]
    out: List[Tuple[int, ...]] = []
    for i in range(0, len(cases), WAVE):
        out += model(cases[i:i + WAVE], results[i:i + WAVE])
    return out


def classify(spec: Spec, ops, got, want, accepted=None) -> Optional[str]:
    """None if the emulator agrees with the gem5 model; else the key of the
    known difference that explains it, or 'unexpected'. `accepted` gives
    each known difference's results for this case (for a `wave` model,
    computed over the wave beforehand); otherwise they are computed
    here."""
    from .known import KNOWN_DIFFERENCES   # known.py imports the tables.
    verdicts = [same(k, g, w, spec.ulps) for k, g, w in zip(spec.dsts, got, want)]
    if all(v is None for v in verdicts):
        return None
    if all(v in (None, 'nan-payload') for v in verdicts):
        return 'nan-payload'
    for kd in KNOWN_DIFFERENCES:
        if spec.name in kd.insts:
            acc = accepted[kd.key] if accepted is not None else \
                reference(spec, kd.accepted(spec.name), ops)
            if all(same(k, g, w, spec.ulps) in (None, 'nan-payload')
                   for k, g, w in zip(spec.dsts, got, acc)):
                return kd.key
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


def check(spec: Spec, in_kinds, cases, results) -> Outcome:
    """Compare an instruction's emulated results with the gem5 model."""
    out = Outcome(spec.name, len(cases))
    wants = references(spec, spec.model, cases, results)
    from .known import KNOWN_DIFFERENCES   # known.py imports the tables.
    acc = {}
    if spec.wave:
        acc = {kd.key: references(spec, kd.accepted(spec.name), cases, results)
               for kd in KNOWN_DIFFERENCES if spec.name in kd.insts}
    for i, (ops, got) in enumerate(zip(cases, results)):
        want = wants[i]
        verdict = classify(spec, ops, got, want,
                           {k: v[i] for k, v in acc.items()} if spec.wave else None)
        if verdict is None:
            out.agree += 1
        elif verdict == 'unexpected':
            out.unexpected += 1
            if not out.first:
                out.first = 'ops %s: emu %s, gem5 %s' % (hexs(ops), hexs(got), hexs(want))
        else:
            out.known[verdict] = out.known.get(verdict, 0) + 1
    return out
