#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The instruction cross-check of llvm-amdgpu-emu (isa_crosscheck.py).

  fp        bit patterns and IEEE binary formats (f16, f32, f64)
  spec      what a checked instruction is (Spec, vop, sop, WAVE_SIZE) and
            what a known difference is (KnownDifference, by_name)
  gem5      reference models after gem5's Vega instruction implementations
  manual    models of the ISA manual's wording where gem5 departs from it
  table     the instructions checked: the core table, then each family's
  known     the known differences between gem5 and the emulator: the
            core table's, then each family's KNOWN
  harness   operands, one kernel per instruction and one code object per
            target, running and comparing

The families, each a table (specs() and KNOWN) and its gem5 models:

  table_scalar, gem5_scalar
            the scalar ALU beyond the core table's: 64-bit SOP1/SOP2,
            SOPC, SOPK, s_bitset, saveexec (b64; b32 on gfx1030)
  table_f64, gem5_f64
            f64 rounding, conversions, rcp/rsq/sqrt, compares, division
            helpers, v_trig_preop_f64; special f32 (exp, log, sin, cos,
            multiply-adds with a literal, gfx940 for v_fmaak/fmamk_f32)
  table_h16, gem5_h16
            16-bit and packed VALU: f16 arithmetic and conversions,
            16-bit integer ops, VOP3P, v_fma_mix*
  table_misc, gem5_misc
            integer and lane VALU: v_perm, cndmask, mbcnt, moves, AGPR
            moves, v_readfirstlane, v_cmpx, and the gfx10 names (gfx1030,
            wave32)
  table_mem, gem5_mem, harness_mem
            LDS, ds_permute/bpermute, global and flat memory
            (flat_atomic_add_f32 on gfx940), scalar loads, branches;
            harness_mem writes their kernels whole and models a whole
            wave
  table_rest, gem5_rest
            f16 and 16-bit integer compares, the remaining v_cmpx_*,
            s_lshl<n>_add_u32, v_readlane/v_writelane_b32, private
            (scratch) MUBUF loads and stores
"""
