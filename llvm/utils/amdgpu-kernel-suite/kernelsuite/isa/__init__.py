#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The instruction cross-check of llvm-amdgpu-emu (isa_crosscheck.py).

  fp       bit patterns and IEEE binary formats
  gem5     reference models after gem5's Vega instruction implementations
  manual   models of the ISA manual's wording where gem5 departs from it
  spec     what a checked instruction is (Spec, vop, sop)
  table    the instructions checked: operand kinds, text, gem5 model
  table_scalar, gem5_scalar
           the scalar ALU family beyond table's: 64-bit SOP1/SOP2, SOPC,
           SOPK, s_bitset, saveexec; its gem5 models and known differences
  known    the known differences between gem5 and the emulator
  harness  operands, one kernel per instruction, running and comparing
  gem5_mem     models of the memory instructions after gem5 (ds.cc, flat.cc)
  table_mem    the memory family: LDS, permutes, global/flat, s_load,
               branches, and its known differences
  harness_mem  the kernels and wave models of the memory family
"""
