#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Which of the emulator's instructions the table checks.

llvm-amdgpu-emu --list-instructions prints the opcode names it has semantics
for (V_ADD_U32_e32, V_ADD_U32_e64, V_ADD_U32_sdwa, GLOBAL_LOAD_DWORD_SADDR,
...). An instruction is the name without its encoding (_e32, _e64, _sdwa,
_dpp, _dpp8) or subtarget suffix, lower case; a table entry checks the
instruction its name starts with (variants are named <name>.<variant> or
<name>__<variant>). NOT_CHECKED lists, with the reason, the instructions
that have no result to compare.
"""

import re
from typing import Dict, Iterable, List, Tuple

from .spec import Spec

ENCODING_SUFFIX = re.compile(r'(_e32|_e64|_sdwa|_dpp8|_dpp|_vi|_gfx\w+)$')

# Instructions without a result of their own, each pattern with the reason
# the cross-check leaves it to other tests.
NOT_CHECKED: List[Tuple[str, str]] = [
    (r's_(endpgm|barrier|nop|sleep|setprio|clause|delay_alu|inst_prefetch|'
     r'waitcnt\w*)',
     'program control and scheduling: no result; the kernel suite and '
     'strict mode run them'),
    (r'buffer_(gl0_inv|gl1_inv|inv|invl2|wbinvl1\w*|wbl2)',
     'cache maintenance: a no-op in a model without caches'),
    (r's_(getpc_b64|setpc_b64\w*|swappc_b64)',
     'program counter: calls and returns of the kernel suite'),
    (r's_set_gpr_idx_\w+|s_setreg\w*',
     'mode registers: unit tests (EmuGprIdx.*, flat-scratch setup)'),
    (r'buffer_\w+_(idxen|bothen|addr64)',
     'refused when run: indexed and 64-bit-address MUBUF addressing'),
]


def instruction(opcode: str) -> str:
    """The instruction an opcode name of the emulator belongs to (a scalar
    load with an immediate offset, S_LOAD_DWORD_IMM, is the table's
    s_load_dword; a private MUBUF access with an immediate or a VGPR offset,
    BUFFER_LOAD_DWORD_OFFSET or _OFFEN, is its buffer_load_dword, which
    checks both)."""
    name = ENCODING_SUFFIX.sub('', opcode.lower())
    name = re.sub(r'^(s_load_dword\w*?)_imm$', r'\1', name)
    return re.sub(r'^(buffer_\w+?)_(offset|offen)$', r'\1', name)


def checked_by(spec_name: str) -> str:
    """The instruction a table entry checks."""
    return re.split(r'__|\.', spec_name)[0].lower()


def coverage(opcodes: Iterable[str], specs: Iterable[Spec]
             ) -> Tuple[List[str], Dict[str, List[str]], List[str]]:
    """The emulator's instructions split three ways: checked by the table,
    not checked by design (by reason), and missing from the table."""
    checked = {checked_by(s.name) for s in specs}
    insts = sorted({instruction(o) for o in opcodes})
    covered, skipped, missing = [], {}, []
    for inst in insts:
        if inst in checked:
            covered.append(inst)
            continue
        reason = next((r for p, r in NOT_CHECKED if re.fullmatch(p, inst)),
                      None)
        if reason:
            skipped.setdefault(reason, []).append(inst)
        else:
            missing.append(inst)
    return covered, skipped, missing
