//===- Semantics.cpp - What each AMDGPU instruction does ------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Instruction semantics, keyed by opcode name without encoding suffix (so one
/// routine serves V_ADD_U32_e32_vi and V_ADD_U32_e32_gfx10). Each routine
/// reads its operands through the roles the Program resolved (vdst, src0, ...).
///
/// The routines live in one file per instruction family; this file holds the
/// table from names to routines (lookupSemantics):
///   - SemanticsScalar.cpp: program control (s_endpgm, s_barrier, branches,
///     calls), the SALU and scalar memory loads.
///   - SemanticsVector.cpp: the integer VALU, lane operations (readlane,
///     writelane, mbcnt, ds_permute) and every vector compare.
///   - SemanticsFloat.cpp: f16, f32, f64 and packed arithmetic, conversions,
///     the division sequence, rounding, transcendentals, v_trig_preop_f64.
///   - SemanticsMemory.cpp: global, flat, private (MUBUF) and LDS accesses,
///     atomics, and what the timing model records about memory accesses.
///   - Dpp.cpp: not a family: the DPP forms of VOP1/VOP2 instructions run
///     their e32 routine here, with src0 read across lanes (runDpp).
///   - SemanticsImpl.h: what the families share: operand access (readS,
///     writeV, forActive, maskDst, ...), SDWA selects, the float helpers
///     (srcF, resultF, flushDenorm, ...), the enums that select what a family
///     template computes (v_f32<F32Op::Fmac>, s_cmp<T, Cmp::LT>, ...), and the
///     declarations of the routines the table names.
///
/// Conventions:
///   - VALU routines write only lanes whose EXEC bit is set. A carry or
///     compare result (VCC or an SGPR pair) has the bits of inactive lanes
///     cleared, as hardware does.
///   - SCC is written only by instructions documented to write it.
///   - f32 arithmetic is IEEE single precision on the host, with input and
///     output denormals flushed as COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32 says.
///     v_rcp_f32 / v_rcp_iflag_f32 return the correctly rounded reciprocal
///     (hardware is within 1 ulp): see docs/Emulator.md.
///
/// Adding an instruction: write (or reuse) a routine in its family's file,
/// declare it in SemanticsImpl.h and add its name to the table in
/// buildTable(); add a unit test in llvm/unittests/tools/llvm-amdgpu-emu. A
/// family template is defined in its family's file only, so a specialization
/// the table names must be instantiated explicitly at the end of that file
/// (a missing one is an undefined symbol at link time).
///
//===----------------------------------------------------------------------===//

#include "Executor.h"
#include "SemanticsImpl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include <string>
#include <utility>

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::semantics;

//===----------------------------------------------------------------------===//
// The table.
//===----------------------------------------------------------------------===//

/// The segment prefixes and address forms of global memory instructions:
/// GLOBAL_* with a VGPR address or an SGPR base (_SADDR), FLAT_* with a
/// VGPR address (FLAT forms hit global buffers only).
static const std::pair<StringRef, StringRef> GlobalForms[] = {
    {"GLOBAL", ""}, {"GLOBAL", "_SADDR"}, {"FLAT", ""}};

namespace {
/// Builds the table from instruction names to semantics, one instruction
/// family per method. A later entry for a name replaces an earlier one;
/// only addOverrides, which runs last, relies on that.
class TableBuilder {
public:
  StringMap<Semantics> build() {
    addProgramControl();
    addScalarALU();
    addScalarMemory();
    addVectorMoves();
    addVectorInteger();
    addVector16BitInteger();
    addVectorFloat();
    addVectorCompares();
    addGlobalAndPrivateMemory();
    addLDS();
    addAtomics();
    addOverrides();
    return std::move(T);
  }

private:
  StringMap<Semantics> T;

  void add(std::initializer_list<StringRef> Names, Semantics Fn) {
    for (StringRef N : Names)
      T[N] = Fn;
  }
  /// Every encoding of a VALU instruction: _e32, _e64 and the bare name.
  void addVALU(StringRef Base, Semantics Fn) {
    for (StringRef Enc : {"_e32", "_e64", ""})
      T[(Twine(Base) + Enc).str()] = Fn;
  }

  /// Program control (SOPP), cache maintenance and the program counter.
  void addProgramControl();
  /// Scalar ALU: SOP1, SOP2, SOPK and SOPC, and the EXEC-mask forms.
  void addScalarALU();
  /// Scalar memory (SMEM).
  void addScalarMemory();
  /// VALU moves, lane access and selects.
  void addVectorMoves();
  /// 32- and 64-bit integer VALU.
  void addVectorInteger();
  /// 16-bit integer VALU.
  void addVector16BitInteger();
  /// Floating-point VALU and conversions.
  void addVectorFloat();
  /// VALU compares (VOPC), every type and encoding.
  void addVectorCompares();
  /// Global (GLOBAL/FLAT) and private (SCRATCH, MUBUF) memory.
  void addGlobalAndPrivateMemory();
  /// LDS (DS) accesses and permutes.
  void addLDS();
  /// Global and LDS atomics.
  void addAtomics();
  /// Entries that replace ones added by an earlier family.
  void addOverrides();
};
} // namespace

void TableBuilder::addProgramControl() {
  // SOPP.
  add({"S_ENDPGM"}, endpgm);
  add({"S_BARRIER"}, barrier);
  add({"S_WAITCNT", "S_WAITCNT_VSCNT", "S_WAITCNT_VMCNT", "S_WAITCNT_EXPCNT",
       "S_WAITCNT_LGKMCNT", "S_WAITCNT_DEPCTR", "S_NOP", "S_SLEEP", "S_SETPRIO",
       "S_CLAUSE", "S_INST_PREFETCH", "S_DELAY_ALU"},
      nop);
  // Cache maintenance: the model has no caches, memory is always coherent.
  add({"BUFFER_GL0_INV", "BUFFER_GL1_INV", "BUFFER_WBINVL1",
       "BUFFER_WBINVL1_VOL", "BUFFER_WBL2", "BUFFER_INV"},
      nop);
  add({"BUFFER_INVL2"}, nop);
  add({"S_BRANCH"}, cbranch<BranchCond::Always>);
  add({"S_CBRANCH_SCC0"}, cbranch<BranchCond::SCC0>);
  add({"S_CBRANCH_SCC1"}, cbranch<BranchCond::SCC1>);
  add({"S_CBRANCH_VCCZ"}, cbranch<BranchCond::VCCZ>);
  add({"S_CBRANCH_VCCNZ"}, cbranch<BranchCond::VCCNZ>);
  add({"S_CBRANCH_EXECZ"}, cbranch<BranchCond::ExecZ>);
  add({"S_CBRANCH_EXECNZ"}, cbranch<BranchCond::ExecNZ>);
  // VGPR index mode; relocateOperands (Wave.cpp) moves the indexed operands.
  add({"S_SET_GPR_IDX_ON"}, s_set_gpr_idx_on);
  add({"S_SET_GPR_IDX_OFF"}, s_set_gpr_idx_off);
  add({"S_SET_GPR_IDX_MODE"}, s_set_gpr_idx_mode);
  add({"S_SET_GPR_IDX_IDX"}, s_set_gpr_idx_idx);
  add({"S_GETPC_B64"}, s_getpc);
  add({"S_SWAPPC_B64"}, s_swappc);
  add({"S_SETPC_B64", "S_SETPC_B64_return"}, s_setpc);
}

void TableBuilder::addScalarALU() {
  // SOP1/SOP2/SOPK/SOPC.
  add({"S_MOV_B32", "S_MOV_B64"}, s_mov);
  add({"S_SETREG_B32", "S_SETREG_IMM32_B32"}, s_setreg);
  add({"S_MOVK_I32"}, s_movk_i32);
  add({"S_NOT_B32", "S_NOT_B64"}, s_not);
  add({"S_ABS_I32"}, s_abs_i32);
  add({"S_BREV_B32", "S_BREV_B64"}, s_brev);
  add({"S_BFM_B32", "S_BFM_B64"}, s_bfm);
  add({"S_BCNT1_I32_B32", "S_BCNT1_I32_B64"}, s_bcnt<true>);
  add({"S_BCNT0_I32_B32", "S_BCNT0_I32_B64"}, s_bcnt<false>);
  add({"S_SEXT_I32_I8"}, s_sext<8>);
  add({"S_SEXT_I32_I16"}, s_sext<16>);
  add({"S_AND_B32", "S_AND_B64"}, s_and);
  add({"S_OR_B32", "S_OR_B64"}, s_or);
  add({"S_XOR_B32", "S_XOR_B64"}, s_xor);
  add({"S_ANDN2_B32", "S_ANDN2_B64"}, s_andn2);
  add({"S_ORN2_B32", "S_ORN2_B64"}, s_orn2);
  add({"S_NAND_B32", "S_NAND_B64"}, s_nand);
  add({"S_NOR_B32", "S_NOR_B64"}, s_nor);
  add({"S_XNOR_B32", "S_XNOR_B64"}, s_xnor);
  add({"S_LSHL_B32"}, s_lshl_b32);
  add({"S_LSHL_B64"}, s_lshl_b64);
  add({"S_LSHR_B32"}, s_lshr_b32);
  add({"S_LSHR_B64"}, s_lshr_b64);
  add({"S_ASHR_I32"}, s_ashr_i32);
  add({"S_ASHR_I64"}, s_ashr_i64);
  add({"S_BFE_U32"}, s_bfe<uint32_t>);
  add({"S_BFE_I32"}, s_bfe<int32_t>);
  add({"S_BFE_U64"}, s_bfe<uint64_t>);
  add({"S_BFE_I64"}, s_bfe<int64_t>);
  add({"S_LSHL1_ADD_U32"}, s_lshl_add_u32<1>);
  add({"S_LSHL2_ADD_U32"}, s_lshl_add_u32<2>);
  add({"S_LSHL3_ADD_U32"}, s_lshl_add_u32<3>);
  add({"S_LSHL4_ADD_U32"}, s_lshl_add_u32<4>);
  add({"S_ADD_U32"}, s_add_u32);
  add({"S_ADDC_U32"}, s_addc_u32);
  add({"S_SUB_U32"}, s_sub_u32);
  add({"S_SUBB_U32"}, s_subb_u32);
  add({"S_ADD_I32"}, s_addsub_i32<false>);
  add({"S_SUB_I32"}, s_addsub_i32<true>);
  add({"S_ADDK_I32"}, s_k_i32<false>);
  add({"S_MULK_I32"}, s_k_i32<true>);
  add({"S_MUL_I32"}, s_mul_i32);
  add({"S_MUL_HI_U32"}, s_mul_hi<false>);
  add({"S_MUL_HI_I32"}, s_mul_hi<true>);
  add({"S_MIN_I32"}, s_minmax<int32_t, false>);
  add({"S_MAX_I32"}, s_minmax<int32_t, true>);
  add({"S_MIN_U32"}, s_minmax<uint32_t, false>);
  add({"S_MAX_U32"}, s_minmax<uint32_t, true>);
  add({"S_ABSDIFF_I32"}, s_absdiff_i32);
  add({"S_PACK_LL_B32_B16"}, s_pack_ll_b32_b16);
  add({"S_PACK_LH_B32_B16"}, s_pack_lh_b32_b16);
  add({"S_PACK_HH_B32_B16"}, s_pack_hh_b32_b16);
  add({"S_CSELECT_B32", "S_CSELECT_B64"}, s_cselect);
  add({"S_CMP_EQ_I32"}, s_cmp<int32_t, Cmp::EQ>);
  add({"S_CMP_LG_I32"}, s_cmp<int32_t, Cmp::LG>);
  add({"S_CMP_GT_I32"}, s_cmp<int32_t, Cmp::GT>);
  add({"S_CMP_GE_I32"}, s_cmp<int32_t, Cmp::GE>);
  add({"S_CMP_LT_I32"}, s_cmp<int32_t, Cmp::LT>);
  add({"S_CMP_LE_I32"}, s_cmp<int32_t, Cmp::LE>);
  add({"S_CMP_EQ_U32"}, s_cmp<uint32_t, Cmp::EQ>);
  add({"S_CMP_LG_U32"}, s_cmp<uint32_t, Cmp::LG>);
  add({"S_CMP_GT_U32"}, s_cmp<uint32_t, Cmp::GT>);
  add({"S_CMP_GE_U32"}, s_cmp<uint32_t, Cmp::GE>);
  add({"S_CMP_LT_U32"}, s_cmp<uint32_t, Cmp::LT>);
  add({"S_CMP_LE_U32"}, s_cmp<uint32_t, Cmp::LE>);
  add({"S_CMP_EQ_U64"}, s_cmp<uint64_t, Cmp::EQ>);
  add({"S_CMP_LG_U64"}, s_cmp<uint64_t, Cmp::LG>);
#define CMPK(OP, K)                                                            \
  add({"S_CMPK_" OP "_I32"}, s_cmpk<int32_t, K>);                              \
  add({"S_CMPK_" OP "_U32"}, s_cmpk<uint32_t, K>);
  CMPK("EQ", Cmp::EQ)
  CMPK("LG", Cmp::LG)
  CMPK("GT", Cmp::GT)
  CMPK("GE", Cmp::GE)
  CMPK("LT", Cmp::LT)
  CMPK("LE", Cmp::LE)
#undef CMPK
  add({"S_AND_SAVEEXEC_B32", "S_AND_SAVEEXEC_B64"}, s_saveexec<SaveExec::And>);
  add({"S_OR_SAVEEXEC_B32", "S_OR_SAVEEXEC_B64"}, s_saveexec<SaveExec::Or>);
  add({"S_XOR_SAVEEXEC_B32", "S_XOR_SAVEEXEC_B64"}, s_saveexec<SaveExec::Xor>);
  add({"S_ANDN2_SAVEEXEC_B32", "S_ANDN2_SAVEEXEC_B64"},
      s_saveexec<SaveExec::AndN2>);
  add({"S_ORN2_SAVEEXEC_B32", "S_ORN2_SAVEEXEC_B64"},
      s_saveexec<SaveExec::OrN2>);
  add({"S_BITCMP0_B32"}, s_bitcmp<false, 32>);
  add({"S_BITCMP1_B32"}, s_bitcmp<true, 32>);
  add({"S_BITCMP0_B64"}, s_bitcmp<false, 64>);
  add({"S_BITCMP1_B64"}, s_bitcmp<true, 64>);
  add({"S_BITSET0_B32"}, s_bitset<false, 32>);
  add({"S_BITSET1_B32"}, s_bitset<true, 32>);
  add({"S_BITSET0_B64"}, s_bitset<false, 64>);
  add({"S_BITSET1_B64"}, s_bitset<true, 64>);
  add({"S_FF1_I32_B32"}, s_bitscan<BitScan::FirstOne, 32>);
  add({"S_FF1_I32_B64"}, s_bitscan<BitScan::FirstOne, 64>);
  add({"S_FF0_I32_B32"}, s_bitscan<BitScan::FirstZero, 32>);
  add({"S_FF0_I32_B64"}, s_bitscan<BitScan::FirstZero, 64>);
  add({"S_FLBIT_I32_B32"}, s_bitscan<BitScan::LeadingZeros, 32>);
  add({"S_FLBIT_I32_B64"}, s_bitscan<BitScan::LeadingZeros, 64>);
  add({"S_FLBIT_I32"}, s_bitscan<BitScan::LeadingSign, 32>);
  add({"S_FLBIT_I32_I64"}, s_bitscan<BitScan::LeadingSign, 64>);
}

void TableBuilder::addScalarMemory() {
  // SMEM.
  for (StringRef W : {"DWORD", "DWORDX2", "DWORDX4", "DWORDX8", "DWORDX16"})
    for (StringRef Form : {"_IMM", "_SGPR", "_SGPR_IMM"})
      T[(Twine("S_LOAD_") + W + Form).str()] = s_load;
}

void TableBuilder::addVectorMoves() {
  addVALU("V_MOV_B32", v_mov);
  addVALU("V_MOV_B64", v_mov_b64);
  addVALU("V_PK_MOV_B32", v_pk_mov_b32);
  addVALU("V_SWAP_B32", v_swap_b32);
  // v_movrel*: relocateOperands moves the operands relative to M0 first.
  addVALU("V_MOVRELS_B32", v_mov);
  addVALU("V_MOVRELD_B32", v_mov);
  addVALU("V_MOVRELSD_B32", v_mov);
  addVALU("V_MOVRELSD_2_B32", v_mov);
  addVALU("V_ACCVGPR_WRITE_B32", v_mov);
  addVALU("V_ACCVGPR_READ_B32", v_mov);
  addVALU("V_ACCVGPR_MOV_B32", v_mov);
  addVALU("V_NOT_B32", v_not_b32);
  addVALU("V_CNDMASK_B32", v_cndmask_b32);
  addVALU("V_READFIRSTLANE_B32", v_readfirstlane_b32);
  addVALU("V_READLANE_B32", v_readlane_b32);
  addVALU("V_WRITELANE_B32", v_writelane_b32);
  addVALU("V_PERMLANE16_B32", v_permlane16<false>);
  addVALU("V_PERMLANEX16_B32", v_permlane16<true>);
}

void TableBuilder::addVectorInteger() {
  // gfx10+ renamed the non-carry adds (_NC_) and the carry-in forms (_CI_).
  addVALU("V_ADD_U32", v_add_u32);
  addVALU("V_ADD_NC_U32", v_add_u32);
  addVALU("V_SUB_U32", v_sub_u32);
  addVALU("V_SUB_NC_U32", v_sub_u32);
  addVALU("V_SUBREV_U32", v_subrev_u32);
  addVALU("V_SUBREV_NC_U32", v_subrev_u32);
  addVALU("V_ADD_CO_CI_U32", v_addsub_co<AddSubOp::Add, true>);
  addVALU("V_SUB_CO_CI_U32", v_addsub_co<AddSubOp::Sub, true>);
  addVALU("V_SUBREV_CO_CI_U32", v_addsub_co<AddSubOp::SubRev, true>);
  addVALU("V_AND_B32", v_and_b32);
  addVALU("V_OR_B32", v_or_b32);
  addVALU("V_XOR_B32", v_xor_b32);
  addVALU("V_XNOR_B32", v_xnor_b32);
  addVALU("V_LSHLREV_B32", v_lshlrev_b32);
  addVALU("V_LSHRREV_B32", v_lshrrev_b32);
  addVALU("V_ASHRREV_I32", v_ashrrev_i32);
  addVALU("V_LSHLREV_B64", v_shift64<ShiftOp::Lshl>);
  addVALU("V_LSHRREV_B64", v_shift64<ShiftOp::Lshr>);
  addVALU("V_ASHRREV_I64", v_shift64<ShiftOp::Ashr>);
  addVALU("V_MUL_LO_U32", v_mul_lo_u32);
  addVALU("V_MUL_HI_U32", v_mul_hi_u32);
  addVALU("V_MUL_HI_I32", v_mul_hi_i32);
  addVALU("V_MUL_U32_U24", v_mul_u32_u24);
  addVALU("V_MAX_I32", v_max_i32);
  addVALU("V_MIN_I32", v_min_i32);
  addVALU("V_MAX_U32", v_max_u32);
  addVALU("V_MIN_U32", v_min_u32);
  addVALU("V_LSHL_ADD_U32", v_lshl_add_u32);
  addVALU("V_LSHL_ADD_U64", v_lshl_add_u64);
  addVALU("V_ADD_LSHL_U32", v_add_lshl_u32);
  addVALU("V_LSHL_OR_B32", v_lshl_or_b32);
  addVALU("V_AND_OR_B32", v_and_or_b32);
  addVALU("V_OR3_B32", v_or3_b32);
  addVALU("V_XOR3_B32", v_xor3_b32);
  addVALU("V_ADD3_U32", v_add3_u32);
  addVALU("V_MAD_U32_U24", v_mad_u32_u24);
  addVALU("V_BFE_U32", v_bfe_u32);
  addVALU("V_BFE_I32", v_bfe_i32);
  addVALU("V_ALIGNBIT_B32", v_alignbit_b32);
  addVALU("V_ALIGNBYTE_B32", v_alignbyte_b32);
  addVALU("V_ADD_CO_U32", v_addsub_co<AddSubOp::Add, false>);
  addVALU("V_SUB_CO_U32", v_addsub_co<AddSubOp::Sub, false>);
  addVALU("V_SUBREV_CO_U32", v_addsub_co<AddSubOp::SubRev, false>);
  addVALU("V_ADDC_CO_U32", v_addsub_co<AddSubOp::Add, true>);
  addVALU("V_SUBB_CO_U32", v_addsub_co<AddSubOp::Sub, true>);
  addVALU("V_SUBBREV_CO_U32", v_addsub_co<AddSubOp::SubRev, true>);
  // Their SDWA forms (VCC carries): v_addsub_co applies the selects.
  for (auto [Name, Fn] : std::initializer_list<std::pair<StringRef, Semantics>>{
           {"V_ADD_CO_U32", v_addsub_co<AddSubOp::Add, false>},
           {"V_SUB_CO_U32", v_addsub_co<AddSubOp::Sub, false>},
           {"V_SUBREV_CO_U32", v_addsub_co<AddSubOp::SubRev, false>},
           {"V_ADDC_CO_U32", v_addsub_co<AddSubOp::Add, true>},
           {"V_SUBB_CO_U32", v_addsub_co<AddSubOp::Sub, true>},
           {"V_SUBBREV_CO_U32", v_addsub_co<AddSubOp::SubRev, true>},
           {"V_ADD_CO_CI_U32", v_addsub_co<AddSubOp::Add, true>},
           {"V_SUB_CO_CI_U32", v_addsub_co<AddSubOp::Sub, true>},
           {"V_SUBREV_CO_CI_U32", v_addsub_co<AddSubOp::SubRev, true>}})
    T[(Name + "_sdwa").str()] = Fn;
  addVALU("V_MAD_U64_U32", v_mad_u64_u32);
  addVALU("V_PERM_B32", v_perm_b32);
  // Integer VOP2 ops whose routine applies SDWA selects (valu2).
  for (auto [Name, Fn] : std::initializer_list<std::pair<StringRef, Semantics>>{
           {"V_ADD_U32", v_add_u32},
           {"V_ADD_NC_U32", v_add_u32},
           {"V_SUB_U32", v_sub_u32},
           {"V_SUB_NC_U32", v_sub_u32},
           {"V_SUBREV_U32", v_subrev_u32},
           {"V_SUBREV_NC_U32", v_subrev_u32},
           {"V_AND_B32", v_and_b32},
           {"V_OR_B32", v_or_b32},
           {"V_XOR_B32", v_xor_b32},
           {"V_XNOR_B32", v_xnor_b32},
           {"V_LSHLREV_B32", v_lshlrev_b32},
           {"V_LSHRREV_B32", v_lshrrev_b32},
           {"V_ASHRREV_I32", v_ashrrev_i32},
           {"V_MUL_U32_U24", v_mul_u32_u24},
           {"V_MUL_I32_I24", v_mul_i32_i24},
           {"V_MUL_HI_U32_U24", v_mul_hi_u32_u24},
           {"V_MUL_HI_I32_I24", v_mul_hi_i32_i24},
           {"V_MAX_I32", v_max_i32},
           {"V_MIN_I32", v_min_i32},
           {"V_MAX_U32", v_max_u32},
           {"V_MIN_U32", v_min_u32}})
    T[(Name + "_sdwa").str()] = Fn;
  addVALU("V_XAD_U32", v_xad_u32);
  addVALU("V_BFM_B32", v_bfm_b32);
  addVALU("V_FFBH_U32", v_ffbh_u32);
  addVALU("V_FFBL_B32", v_ffbl_b32);
  addVALU("V_FFBH_I32", v_ffbh_i32);
  addVALU("V_BFREV_B32", v_bfrev_b32);
  addVALU("V_BCNT_U32_B32", v_bcnt_u32_b32);
  addVALU("V_MUL_I32_I24", v_mul_i32_i24);
  addVALU("V_MUL_HI_I32_I24", v_mul_hi_i32_i24);
  addVALU("V_MUL_HI_U32_U24", v_mul_hi_u32_u24);
  addVALU("V_MAD_I32_I24", v_mad_i32_i24);
  addVALU("V_BFI_B32", v_bfi_b32);
  addVALU("V_MIN3_I32", v_minmax3<int32_t, MinMax3Op::Min>);
  addVALU("V_MIN3_U32", v_minmax3<uint32_t, MinMax3Op::Min>);
  addVALU("V_MAX3_I32", v_minmax3<int32_t, MinMax3Op::Max>);
  addVALU("V_MAX3_U32", v_minmax3<uint32_t, MinMax3Op::Max>);
  addVALU("V_MED3_I32", v_minmax3<int32_t, MinMax3Op::Med>);
  addVALU("V_MED3_U32", v_minmax3<uint32_t, MinMax3Op::Med>);
  addVALU("V_MAD_I64_I32", v_mad_i64_i32);
  addVALU("V_MBCNT_LO_U32_B32", v_mbcnt<false>);
  addVALU("V_MBCNT_HI_U32_B32", v_mbcnt<true>);
}

void TableBuilder::addVector16BitInteger() {
  addVALU("V_ADD_U16", v_add_u16);
  addVALU("V_ADD_NC_U16", v_add_u16);
  addVALU("V_SUB_U16", v_sub_u16);
  addVALU("V_SUB_NC_U16", v_sub_u16);
  addVALU("V_SUBREV_U16", v_subrev_u16);
  addVALU("V_MUL_LO_U16", v_mul_lo_u16);
  addVALU("V_LSHLREV_B16", v_lshlrev_b16);
  addVALU("V_LSHRREV_B16", v_lshrrev_b16);
  addVALU("V_ASHRREV_I16", v_ashrrev_i16);
  addVALU("V_MAX_U16", v_max_u16);
  addVALU("V_MIN_U16", v_min_u16);
  addVALU("V_MAX_I16", v_max_i16);
  addVALU("V_MIN_I16", v_min_i16);
  // gfx9's v_mad_legacy_*16 (gfx8's v_mad_*16) and the op_sel v_mad_*16.
  addVALU("V_MAD_LEGACY_U16", v_mad_16<false, false>);
  addVALU("V_MAD_LEGACY_I16", v_mad_16<true, false>);
  addVALU("V_MAD_U16", v_mad_16<false, true>);
  addVALU("V_MAD_I16", v_mad_16<true, true>);
  addVALU("V_PK_ADD_U16", v_pk_int16<PkInt16Op::Add>);
  addVALU("V_PK_SUB_U16", v_pk_int16<PkInt16Op::Sub>);
  addVALU("V_PK_MUL_LO_U16", v_pk_int16<PkInt16Op::MulLo>);
  addVALU("V_PK_MAD_U16", v_pk_int16<PkInt16Op::Mad>);
  addVALU("V_PK_ADD_I16", v_pk_int16<PkInt16Op::Add>);
  addVALU("V_PK_SUB_I16", v_pk_int16<PkInt16Op::Sub>);
  addVALU("V_PK_MAX_I16", v_pk_int16<PkInt16Op::MaxI>);
  addVALU("V_PK_MIN_I16", v_pk_int16<PkInt16Op::MinI>);
  addVALU("V_PK_MAX_U16", v_pk_int16<PkInt16Op::MaxU>);
  addVALU("V_PK_MIN_U16", v_pk_int16<PkInt16Op::MinU>);
  addVALU("V_PK_LSHLREV_B16", v_pk_int16<PkInt16Op::LshlRev>);
  addVALU("V_PK_LSHRREV_B16", v_pk_int16<PkInt16Op::LshrRev>);
  addVALU("V_PK_ASHRREV_I16", v_pk_int16<PkInt16Op::AshrRev>);
  for (auto [Name, Fn] : std::initializer_list<std::pair<StringRef, Semantics>>{
           {"V_ADD_U16", v_add_u16},
           {"V_SUB_U16", v_sub_u16},
           {"V_SUBREV_U16", v_subrev_u16},
           {"V_MUL_LO_U16", v_mul_lo_u16},
           {"V_LSHLREV_B16", v_lshlrev_b16},
           {"V_LSHRREV_B16", v_lshrrev_b16},
           {"V_ASHRREV_I16", v_ashrrev_i16},
           {"V_MAX_U16", v_max_u16},
           {"V_MIN_U16", v_min_u16},
           {"V_MAX_I16", v_max_i16},
           {"V_MIN_I16", v_min_i16}})
    T[(Name + "_sdwa").str()] = Fn;
}

void TableBuilder::addVectorFloat() {
  addVALU("V_ADD_F32", v_f32<F32Op::Add>);
  addVALU("V_SUB_F32", v_f32<F32Op::Sub>);
  addVALU("V_SUBREV_F32", v_f32<F32Op::SubRev>);
  addVALU("V_MUL_F32", v_f32<F32Op::Mul>);
  addVALU("V_FMA_F32", v_f32<F32Op::Fma>);
  addVALU("V_FMAC_F32", v_f32<F32Op::Fmac>);
  addVALU("V_MAX_F32", v_f32<F32Op::Max>);
  addVALU("V_MIN_F32", v_f32<F32Op::Min>);
  addVALU("V_RCP_F32", v_rcp_f32);
  addVALU("V_RCP_IFLAG_F32", v_rcp_f32);
  addVALU("V_CVT_F32_U32", v_cvt_f32_int<false>);
  addVALU("V_CVT_F32_UBYTE0", v_cvt_f32_ubyte<0>);
  addVALU("V_CVT_F32_UBYTE1", v_cvt_f32_ubyte<1>);
  addVALU("V_CVT_F32_UBYTE2", v_cvt_f32_ubyte<2>);
  addVALU("V_CVT_F32_UBYTE3", v_cvt_f32_ubyte<3>);
  T["V_CVT_F32_UBYTE0_sdwa"] = v_cvt_f32_ubyte<0>; // srcInt, writeInt select
  T["V_CVT_F32_UBYTE1_sdwa"] = v_cvt_f32_ubyte<1>;
  T["V_CVT_F32_UBYTE2_sdwa"] = v_cvt_f32_ubyte<2>;
  T["V_CVT_F32_UBYTE3_sdwa"] = v_cvt_f32_ubyte<3>;
  addVALU("V_CVT_F32_I32", v_cvt_f32_int<true>);
  addVALU("V_CVT_U32_F32", v_cvt_int_f32<false>);
  addVALU("V_CVT_I32_F32", v_cvt_int_f32<true>);
  // SDWA forms: srcF and writeInt apply the selects.
  T["V_CVT_U32_F32_sdwa"] = v_cvt_int_f32<false>;
  T["V_CVT_I32_F32_sdwa"] = v_cvt_int_f32<true>;
  addVALU("V_ADD_F64", v_f64<F64Op::Add>);
  addVALU("V_MUL_F64", v_f64<F64Op::Mul>);
  addVALU("V_FMA_F64", v_f64<F64Op::Fma>);
  addVALU("V_FMAC_F64", v_f64<F64Op::Fmac>);
  addVALU("V_MAX_F64", v_f64<F64Op::Max>);
  addVALU("V_MIN_F64", v_f64<F64Op::Min>);
  addVALU("V_RCP_F64", v_rcp_f64);
  addVALU("V_CVT_F64_I32", v_cvt_f64<CvtF64Op::F64FromI32>);
  addVALU("V_CVT_F64_U32", v_cvt_f64<CvtF64Op::F64FromU32>);
  addVALU("V_CVT_I32_F64", v_cvt_f64<CvtF64Op::I32FromF64>);
  addVALU("V_CVT_U32_F64", v_cvt_f64<CvtF64Op::U32FromF64>);
  addVALU("V_CVT_F32_F64", v_cvt_f64<CvtF64Op::F32FromF64>);
  addVALU("V_CVT_F64_F32", v_cvt_f64<CvtF64Op::F64FromF32>);
  addVALU("V_DIV_SCALE_F64", v_div_scale_f64);
  addVALU("V_DIV_FMAS_F64", v_div_fmas_f64);
  addVALU("V_DIV_FIXUP_F64", v_div_fixup_f64);
  addVALU("V_FREXP_EXP_I32_F32", v_frexp_f32<true>);
  addVALU("V_FREXP_MANT_F32", v_frexp_f32<false>);
  addVALU("V_FREXP_EXP_I32_F64", v_frexp_f64<true>);
  addVALU("V_FREXP_MANT_F64", v_frexp_f64<false>);
  addVALU("V_LDEXP_F32", v_ldexp_f32);
  addVALU("V_FMAAK_F32", v_fmak_f32<true>);
  addVALU("V_FMAMK_F32", v_fmak_f32<false>);
  addVALU("V_DIV_SCALE_F32", v_div_scale_f32);
  addVALU("V_DIV_FMAS_F32", v_div_fmas_f32);
  addVALU("V_DIV_FIXUP_F32", v_div_fixup_f32);
  addVALU("V_PK_ADD_F32", v_pk_f32<PkF32Op::Add>);
  addVALU("V_PK_MUL_F32", v_pk_f32<PkF32Op::Mul>);
  addVALU("V_PK_FMA_F32", v_pk_f32<PkF32Op::Fma>);
  addVALU("V_FRACT_F32", v_fract_f32);
  addVALU("V_FRACT_F64", v_fract_f64);
  addVALU("V_FLOOR_F32", v_round_f32<RoundOp::Floor>);
  addVALU("V_CEIL_F32", v_round_f32<RoundOp::Ceil>);
  addVALU("V_TRUNC_F32", v_round_f32<RoundOp::Trunc>);
  addVALU("V_RNDNE_F32", v_round_f32<RoundOp::Rndne>);
  addVALU("V_FLOOR_F64", v_round_f64<RoundOp::Floor>);
  addVALU("V_CEIL_F64", v_round_f64<RoundOp::Ceil>);
  addVALU("V_TRUNC_F64", v_round_f64<RoundOp::Trunc>);
  addVALU("V_RNDNE_F64", v_round_f64<RoundOp::Rndne>);
  addVALU("V_SQRT_F32", v_sqrt_f32);
  addVALU("V_EXP_F32", v_exp_f32);
  addVALU("V_LOG_F32", v_log_f32);
  addVALU("V_SIN_F32", v_sincos_f32<false>);
  addVALU("V_COS_F32", v_sincos_f32<true>);
  addVALU("V_RSQ_F32", v_rsq_f32);
  addVALU("V_SQRT_F64", v_sqrt_f64);
  addVALU("V_RSQ_F64", v_rsq_f64);
  addVALU("V_LDEXP_F64", v_ldexp_f64);
  addVALU("V_TRIG_PREOP_F64", v_trig_preop_f64);
  addVALU("V_MIN3_F32", v_minmax3_f32<MinMax3Op::Min>);
  addVALU("V_MAX3_F32", v_minmax3_f32<MinMax3Op::Max>);
  addVALU("V_MED3_F32", v_minmax3_f32<MinMax3Op::Med>);
  addVALU("V_MAD_F32", v_mad_f32<MadOp::Mad>);
  addVALU("V_MAC_F32", v_mad_f32<MadOp::Mac>);
  addVALU("V_MADMK_F32", v_mad_f32<MadOp::Madmk>);
  addVALU("V_MADAK_F32", v_mad_f32<MadOp::Madak>);
  addVALU("V_CVT_F16_F32", v_cvt_f16_f32);
  addVALU("V_ADD_F16", v_f16<F16Op::Add>);
  addVALU("V_SUB_F16", v_f16<F16Op::Sub>);
  addVALU("V_SUBREV_F16", v_f16<F16Op::SubRev>);
  addVALU("V_MUL_F16", v_f16<F16Op::Mul>);
  addVALU("V_FMA_F16", v_f16<F16Op::Fma>);
  addVALU("V_MAX_F16", v_f16<F16Op::Max>);
  addVALU("V_MIN_F16", v_f16<F16Op::Min>);
  addVALU("V_PK_ADD_F16", v_pk_f16<F16Op::Add>);
  addVALU("V_PK_MUL_F16", v_pk_f16<F16Op::Mul>);
  addVALU("V_PK_FMA_F16", v_pk_f16<F16Op::Fma>);
  addVALU("V_PK_MAX_F16", v_pk_f16<F16Op::Max>);
  addVALU("V_PK_MIN_F16", v_pk_f16<F16Op::Min>);
  addVALU("V_CVT_F32_F16", v_cvt_f32_f16);
  addVALU("V_CVT_F16_I16", v_cvt_f16_int16<true>);
  addVALU("V_CVT_F16_U16", v_cvt_f16_int16<false>);
  T["V_CVT_F16_I16_sdwa"] = v_cvt_f16_int16<true>;
  T["V_CVT_F16_U16_sdwa"] = v_cvt_f16_int16<false>;
  addVALU("V_CVT_I16_F16", v_cvt_int16_f16<true>);
  addVALU("V_CVT_U16_F16", v_cvt_int16_f16<false>);
  T["V_CVT_F32_F16_sdwa"] = v_cvt_f32_f16; // srcHalf and writeInt select
  addVALU("V_PACK_B32_F16", v_pack_b32_f16);
  addVALU("V_FMA_MIX_F32", v_fma_mix<FmaMixOp::F32>);
  addVALU("V_FMA_MIXLO_F16", v_fma_mix<FmaMixOp::LoF16>);
  addVALU("V_FMA_MIXHI_F16", v_fma_mix<FmaMixOp::HiF16>);
  add({"V_CVT_F32_I32_sdwa"}, v_cvt_f32_int_sdwa<true>);
  add({"V_CVT_F32_U32_sdwa"}, v_cvt_f32_int_sdwa<false>);
}

void TableBuilder::addVectorCompares() {
#define INT_CMPS(TY, SUFFIX)                                                   \
  addVALU("V_CMP_EQ_" SUFFIX, v_cmp<TY, Cmp::EQ>);                             \
  addVALU("V_CMP_NE_" SUFFIX, v_cmp<TY, Cmp::LG>);                             \
  addVALU("V_CMP_GT_" SUFFIX, v_cmp<TY, Cmp::GT>);                             \
  addVALU("V_CMP_GE_" SUFFIX, v_cmp<TY, Cmp::GE>);                             \
  addVALU("V_CMP_LT_" SUFFIX, v_cmp<TY, Cmp::LT>);                             \
  addVALU("V_CMP_LE_" SUFFIX, v_cmp<TY, Cmp::LE>);                             \
  addVALU("V_CMPX_EQ_" SUFFIX, v_cmp<TY, Cmp::EQ, true>);                      \
  addVALU("V_CMPX_NE_" SUFFIX, v_cmp<TY, Cmp::LG, true>);                      \
  addVALU("V_CMPX_GT_" SUFFIX, v_cmp<TY, Cmp::GT, true>);                      \
  addVALU("V_CMPX_GE_" SUFFIX, v_cmp<TY, Cmp::GE, true>);                      \
  addVALU("V_CMPX_LT_" SUFFIX, v_cmp<TY, Cmp::LT, true>);                      \
  addVALU("V_CMPX_LE_" SUFFIX, v_cmp<TY, Cmp::LE, true>);                      \
  addVALU("V_CMP_F_" SUFFIX, v_cmp<TY, Cmp::False>);                           \
  addVALU("V_CMP_T_" SUFFIX, v_cmp<TY, Cmp::True>);                            \
  addVALU("V_CMPX_F_" SUFFIX, v_cmp<TY, Cmp::False, true>);                    \
  addVALU("V_CMPX_T_" SUFFIX, v_cmp<TY, Cmp::True, true>);
  INT_CMPS(int32_t, "I32")
  INT_CMPS(uint32_t, "U32")
  INT_CMPS(int64_t, "I64")
  INT_CMPS(uint64_t, "U64")
#undef INT_CMPS
#define FP_CMP(OP, TY, FN)                                                     \
  addVALU("V_CMP_" #OP "_" TY, FN<FCmp::OP>);                                  \
  addVALU("V_CMPX_" #OP "_" TY, FN<FCmp::OP, true>);                           \
  T["V_CMP_" #OP "_" TY "_sdwa"] = FN<FCmp::OP>;                               \
  T["V_CMPX_" #OP "_" TY "_sdwa"] = FN<FCmp::OP, true>;
  // clang-format off: one compare per line (clang-format cannot settle on
  // a layout for this macro).
#define FP_CMPS(TY, FN)                                                        \
  FP_CMP(LT, TY, FN)                                                           \
  FP_CMP(EQ, TY, FN)                                                           \
  FP_CMP(LE, TY, FN)                                                           \
  FP_CMP(GT, TY, FN)                                                           \
  FP_CMP(LG, TY, FN)                                                           \
  FP_CMP(GE, TY, FN)                                                           \
  FP_CMP(O, TY, FN)                                                            \
  FP_CMP(U, TY, FN)                                                            \
  FP_CMP(NGE, TY, FN)                                                          \
  FP_CMP(NLG, TY, FN)                                                          \
  FP_CMP(NGT, TY, FN)                                                          \
  FP_CMP(NLE, TY, FN)                                                          \
  FP_CMP(NEQ, TY, FN)                                                          \
  FP_CMP(NLT, TY, FN)                                                          \
  FP_CMP(F, TY, FN)                                                            \
  FP_CMP(TRU, TY, FN)
  // clang-format on
  FP_CMPS("F32", v_cmp_f32)
  FP_CMPS("F64", v_cmp_f64)
  FP_CMPS("F16", v_cmp_f16)
#undef FP_CMPS
#undef FP_CMP
#define INT16_CMPS(TY, SUFFIX)                                                 \
  for (StringRef X : {"", "X"}) {                                              \
    bool IsX = !X.empty();                                                     \
    for (StringRef Enc : {"_e32", "_e64", "_sdwa", ""}) {                      \
      auto N = [&](StringRef Op) {                                             \
        return (Twine("V_CMP") + X + "_" + Op + "_" SUFFIX + Enc).str();       \
      };                                                                       \
      T[N("EQ")] = IsX ? v_cmp<TY, Cmp::EQ, true> : v_cmp<TY, Cmp::EQ>;        \
      T[N("NE")] = IsX ? v_cmp<TY, Cmp::LG, true> : v_cmp<TY, Cmp::LG>;        \
      T[N("GT")] = IsX ? v_cmp<TY, Cmp::GT, true> : v_cmp<TY, Cmp::GT>;        \
      T[N("GE")] = IsX ? v_cmp<TY, Cmp::GE, true> : v_cmp<TY, Cmp::GE>;        \
      T[N("LT")] = IsX ? v_cmp<TY, Cmp::LT, true> : v_cmp<TY, Cmp::LT>;        \
      T[N("LE")] = IsX ? v_cmp<TY, Cmp::LE, true> : v_cmp<TY, Cmp::LE>;        \
      T[N("F")] = IsX ? v_cmp<TY, Cmp::False, true> : v_cmp<TY, Cmp::False>;   \
      T[N("T")] = IsX ? v_cmp<TY, Cmp::True, true> : v_cmp<TY, Cmp::True>;     \
    }                                                                          \
  }
  INT16_CMPS(int16_t, "I16")
  INT16_CMPS(uint16_t, "U16")
  // 32-bit integer compares also have SDWA forms (the sources select).
  INT16_CMPS(int32_t, "I32")
  INT16_CMPS(uint32_t, "U32")
#undef INT16_CMPS
  addVALU("V_CMP_CLASS_F32", v_cmp_class<false>);
  addVALU("V_CMPX_CLASS_F32", v_cmp_class<false, true>);
  addVALU("V_CMP_CLASS_F64", v_cmp_class<true>);
  addVALU("V_CMPX_CLASS_F64", v_cmp_class<true, true>);
}

void TableBuilder::addGlobalAndPrivateMemory() {
  // Global memory.
  for (StringRef W : {"DWORD", "DWORDX2", "DWORDX3", "DWORDX4"})
    for (auto [Seg, Form] : GlobalForms) {
      T[(Twine(Seg) + "_LOAD_" + W + Form).str()] = global_access<false>;
      T[(Twine(Seg) + "_STORE_" + W + Form).str()] = global_access<true>;
    }
  for (auto [Seg, Form] : GlobalForms) {
    auto Name = [&](StringRef Op) { return (Twine(Seg) + Op + Form).str(); };
    T[Name("_LOAD_UBYTE")] = global_subdword<1, false, false>;
    T[Name("_LOAD_SBYTE")] = global_subdword<1, false, true>;
    T[Name("_LOAD_USHORT")] = global_subdword<2, false, false>;
    T[Name("_LOAD_SSHORT")] = global_subdword<2, false, true>;
    T[Name("_STORE_BYTE")] = global_subdword<1, true, false>;
    T[Name("_STORE_SHORT")] = global_subdword<2, true, false>;
    T[Name("_LOAD_UBYTE_D16")] = global_subdword<1, false, false, D16::Lo>;
    T[Name("_LOAD_UBYTE_D16_HI")] = global_subdword<1, false, false, D16::Hi>;
    T[Name("_LOAD_SBYTE_D16")] = global_subdword<1, false, true, D16::Lo>;
    T[Name("_LOAD_SBYTE_D16_HI")] = global_subdword<1, false, true, D16::Hi>;
    T[Name("_LOAD_SHORT_D16")] = global_subdword<2, false, false, D16::Lo>;
    T[Name("_LOAD_SHORT_D16_HI")] = global_subdword<2, false, false, D16::Hi>;
    T[Name("_STORE_BYTE_D16_HI")] = global_subdword<1, true, false, D16::Hi>;
    T[Name("_STORE_SHORT_D16_HI")] = global_subdword<2, true, false, D16::Hi>;
  }
  // Private memory: MUBUF with the private-segment descriptor, and the
  // SCRATCH_* forms (vaddr; gfx940's vaddr form is _VE; saddr; both; none).
  auto AddPrivate = [&](StringRef Prefix, StringRef Form) {
    auto Name = [&](StringRef Op) { return (Prefix + Op + Form).str(); };
    for (StringRef W : {"DWORD", "DWORDX2", "DWORDX3", "DWORDX4"}) {
      T[Name((Twine("LOAD_") + W).str())] = private_access<false>;
      T[Name((Twine("STORE_") + W).str())] = private_access<true>;
    }
    T[Name("LOAD_UBYTE")] = private_access<false, 1, false>;
    T[Name("LOAD_SBYTE")] = private_access<false, 1, true>;
    T[Name("LOAD_USHORT")] = private_access<false, 2, false>;
    T[Name("LOAD_SSHORT")] = private_access<false, 2, true>;
    T[Name("STORE_BYTE")] = private_access<true, 1>;
    T[Name("STORE_SHORT")] = private_access<true, 2>;
    T[Name("LOAD_UBYTE_D16")] = private_access<false, 1, false, D16::Lo>;
    T[Name("LOAD_UBYTE_D16_HI")] = private_access<false, 1, false, D16::Hi>;
    T[Name("LOAD_SBYTE_D16")] = private_access<false, 1, true, D16::Lo>;
    T[Name("LOAD_SBYTE_D16_HI")] = private_access<false, 1, true, D16::Hi>;
    T[Name("LOAD_SHORT_D16")] = private_access<false, 2, false, D16::Lo>;
    T[Name("LOAD_SHORT_D16_HI")] = private_access<false, 2, false, D16::Hi>;
    T[Name("STORE_BYTE_D16_HI")] = private_access<true, 1, false, D16::Hi>;
    T[Name("STORE_SHORT_D16_HI")] = private_access<true, 2, false, D16::Hi>;
  };
  for (StringRef Form : {"_OFFSET", "_OFFEN", "_IDXEN", "_BOTHEN", "_ADDR64"})
    AddPrivate("BUFFER_", Form);
  for (StringRef Form : {"", "_VE", "_SADDR", "_SVS", "_ST"})
    AddPrivate("SCRATCH_", Form);
}

void TableBuilder::addLDS() {
  // LDS.
  for (StringRef Suffix : {"", "_gfx9"}) {
    T[(Twine("DS_READ_B32") + Suffix).str()] = ds_access<false>;
    T[(Twine("DS_READ_B64") + Suffix).str()] = ds_access<false>;
    T[(Twine("DS_WRITE_B32") + Suffix).str()] = ds_access<true>;
    T[(Twine("DS_WRITE_B8") + Suffix).str()] = ds_subdword<1, true, false>;
    T[(Twine("DS_WRITE_B16") + Suffix).str()] = ds_subdword<2, true, false>;
    T[(Twine("DS_READ_U8") + Suffix).str()] = ds_subdword<1, false, false>;
    T[(Twine("DS_READ_I8") + Suffix).str()] = ds_subdword<1, false, true>;
    T[(Twine("DS_READ_U16") + Suffix).str()] = ds_subdword<2, false, false>;
    T[(Twine("DS_READ_I16") + Suffix).str()] = ds_subdword<2, false, true>;
    T[(Twine("DS_WRITE_B64") + Suffix).str()] = ds_access<true>;
    T[(Twine("DS_READ2_B32") + Suffix).str()] = ds_access2<false, 4, false>;
    T[(Twine("DS_READ2ST64_B32") + Suffix).str()] = ds_access2<false, 4, true>;
    T[(Twine("DS_READ2_B64") + Suffix).str()] = ds_access2<false, 8, false>;
    T[(Twine("DS_READ2ST64_B64") + Suffix).str()] = ds_access2<false, 8, true>;
    T[(Twine("DS_WRITE2_B32") + Suffix).str()] = ds_access2<true, 4, false>;
    T[(Twine("DS_WRITE2ST64_B32") + Suffix).str()] = ds_access2<true, 4, true>;
    T[(Twine("DS_WRITE2_B64") + Suffix).str()] = ds_access2<true, 8, false>;
    T[(Twine("DS_WRITE2ST64_B64") + Suffix).str()] = ds_access2<true, 8, true>;
  }
  for (StringRef Suffix : {"", "_gfx9"})
    for (StringRef W : {"B96", "B128"}) {
      T[(Twine("DS_READ_") + W + Suffix).str()] = ds_access<false>;
      T[(Twine("DS_WRITE_") + W + Suffix).str()] = ds_access<true>;
    }
  for (StringRef Suffix : {"", "_gfx9"}) {
    T[(Twine("DS_BPERMUTE_B32") + Suffix).str()] = ds_permute<true>;
    T[(Twine("DS_PERMUTE_B32") + Suffix).str()] = ds_permute<false>;
  }
}

void TableBuilder::addAtomics() {
  // 32-bit atomics.
  struct AtomicName {
    const char *Global, *DS;
    Semantics G, GRtn, D, DRtn;
  };
#define ATOMIC(GN, DN, OP)                                                     \
  AtomicName {                                                                 \
    GN, DN, global_atomic<AtomicOp::OP, false>,                                \
        global_atomic<AtomicOp::OP, true>, ds_atomic<AtomicOp::OP, false>,     \
        ds_atomic<AtomicOp::OP, true>                                          \
  }
  for (const AtomicName &A :
       {ATOMIC("SWAP", "WRXCHG_RTN_B32", Swap),
        ATOMIC("CMPSWAP", "CMPST_B32", CmpSwap), ATOMIC("ADD", "ADD_U32", Add),
        ATOMIC("SUB", "SUB_U32", Sub), ATOMIC("SMIN", "MIN_I32", SMin),
        ATOMIC("UMIN", "MIN_U32", UMin), ATOMIC("SMAX", "MAX_I32", SMax),
        ATOMIC("UMAX", "MAX_U32", UMax), ATOMIC("AND", "AND_B32", And),
        ATOMIC("OR", "OR_B32", Or), ATOMIC("XOR", "XOR_B32", Xor),
        ATOMIC("INC", "INC_U32", Inc), ATOMIC("DEC", "DEC_U32", Dec)}) {
    for (auto [Seg, Form] : GlobalForms) {
      std::string Base = (Twine(Seg) + "_ATOMIC_" + A.Global + Form).str();
      T[Base] = A.G;
      T[Base + "_RTN"] = A.GRtn;
    }
    StringRef DS = A.DS;
    for (StringRef Suffix : {"", "_gfx9"}) {
      if (DS.starts_with("WRXCHG")) { // Only a returning form exists.
        T[(Twine("DS_") + DS + Suffix).str()] = A.DRtn;
        continue;
      }
      auto [Op, Ty] = DS.split('_');
      T[(Twine("DS_") + DS + Suffix).str()] = A.D;
      T[(Twine("DS_") + Op + "_RTN_" + Ty + Suffix).str()] = A.DRtn;
    }
  }
#undef ATOMIC

  // 64-bit integer atomics (_X2, DS _U64/_B64/_I64) and floating-point ones.
  struct WideAtomic {
    const char *Global, *DS; // Either may be null: no such instruction.
    Semantics G, GRtn, D, DRtn;
  };
#define WIDE(GN, DN, OP, T)                                                    \
  WideAtomic {                                                                 \
    GN, DN, global_atomic<AtomicOp::OP, false, T>,                             \
        global_atomic<AtomicOp::OP, true, T>,                                  \
        ds_atomic<AtomicOp::OP, false, T>, ds_atomic<AtomicOp::OP, true, T>    \
  }
  for (const WideAtomic &A :
       {WIDE("SWAP_X2", "WRXCHG_RTN_B64", Swap, uint64_t),
        WIDE("CMPSWAP_X2", "CMPST_B64", CmpSwap, uint64_t),
        WIDE("ADD_X2", "ADD_U64", Add, uint64_t),
        WIDE("SUB_X2", "SUB_U64", Sub, uint64_t),
        WIDE("SMIN_X2", "MIN_I64", SMin, uint64_t),
        WIDE("UMIN_X2", "MIN_U64", UMin, uint64_t),
        WIDE("SMAX_X2", "MAX_I64", SMax, uint64_t),
        WIDE("UMAX_X2", "MAX_U64", UMax, uint64_t),
        WIDE("AND_X2", "AND_B64", And, uint64_t),
        WIDE("OR_X2", "OR_B64", Or, uint64_t),
        WIDE("XOR_X2", "XOR_B64", Xor, uint64_t),
        WIDE("INC_X2", "INC_U64", Inc, uint64_t),
        WIDE("DEC_X2", "DEC_U64", Dec, uint64_t),
        WIDE("ADD_F32", "ADD_F32", FAdd, uint32_t),
        WIDE("ADD_F64", "ADD_F64", FAdd, uint64_t),
        WIDE("MIN_F64", "MIN_F64", FMin, uint64_t),
        WIDE("MAX_F64", "MAX_F64", FMax, uint64_t),
        WIDE(nullptr, "MIN_F32", FMin, uint32_t),
        WIDE(nullptr, "MAX_F32", FMax, uint32_t)}) {
    if (A.Global)
      for (auto [Seg, Form] : GlobalForms) {
        std::string Base = (Twine(Seg) + "_ATOMIC_" + A.Global + Form).str();
        T[Base] = A.G;
        T[Base + "_RTN"] = A.GRtn;
      }
    StringRef DS = A.DS;
    for (StringRef Suffix : {"", "_gfx9"}) {
      if (DS.starts_with("WRXCHG")) {
        T[(Twine("DS_") + DS + Suffix).str()] = A.DRtn;
        continue;
      }
      auto [Op, Ty] = DS.split('_');
      T[(Twine("DS_") + DS + Suffix).str()] = A.D;
      T[(Twine("DS_") + Op + "_RTN_" + Ty + Suffix).str()] = A.DRtn;
    }
  }
#undef WIDE
}

void TableBuilder::addOverrides() {
  // The VOP3 forms of the non-carry add/sub also accept clamp (saturation);
  // these entries replace the AddV ones above for *_e64.
  T["V_ADD_U32_e64"] = T["V_ADD_NC_U32_e64"] =
      v_addsub_u32_clamp<AddSubOp::Add>;
  T["V_SUB_U32_e64"] = T["V_SUB_NC_U32_e64"] =
      v_addsub_u32_clamp<AddSubOp::Sub>;
  T["V_SUBREV_U32_e64"] = T["V_SUBREV_NC_U32_e64"] =
      v_addsub_u32_clamp<AddSubOp::SubRev>;
}

static StringMap<Semantics> buildTable() { return TableBuilder().build(); }

Error amdgpu_emu::unimplemented(WaveCtx &C, const Instr &I) {
  return instError(C, I, "instruction not implemented by the emulator");
}

Error amdgpu_emu::unimplementedUnlessExecZero(WaveCtx &C, const Instr &I) {
  return C.exec() ? unimplemented(C, I) : Error::success();
}

static const StringMap<Semantics> &getTable() {
  static const StringMap<Semantics> Table = buildTable();
  return Table;
}

Semantics amdgpu_emu::lookupSemantics(StringRef Name) {
  auto It = getTable().find(Name);
  return It == getTable().end() ? unimplemented : It->second;
}

std::vector<std::string> amdgpu_emu::getImplementedInstructions() {
  std::vector<std::string> Names;
  for (const auto &Entry : getTable())
    if (Entry.second != unimplemented &&
        Entry.second != unimplementedUnlessExecZero)
      Names.push_back(Entry.first().str());
  llvm::sort(Names);
  return Names;
}
