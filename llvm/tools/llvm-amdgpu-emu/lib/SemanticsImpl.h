//===- SemanticsImpl.h - Shared internals of the semantics ------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the instruction-family files of the semantics (Semantics*.cpp; see
/// Semantics.cpp for the layout) share: operand access, SDWA selects, the
/// float helpers, the enums that select the operation of a family template,
/// and the routines each family file exports to the table in Semantics.cpp.
/// An internal header of the emulator's library, not a public interface:
/// only the Semantics*.cpp files include it.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_SEMANTICSIMPL_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_SEMANTICSIMPL_H

#include "ExecutorImpl.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>

namespace llvm {
namespace amdgpu_emu {
namespace semantics {

//===----------------------------------------------------------------------===//
// Operand access.
//===----------------------------------------------------------------------===//

inline uint64_t readS(const WaveCtx &C, const Operand &O) {
  switch (O.Kind) {
  case OpKind::SGPR:
    return O.Dwords == 1 ? C.W.S[O.Index]
                         : C.W.S[O.Index] | uint64_t(C.W.S[O.Index + 1]) << 32;
  case OpKind::Imm:
    return O.Imm;
  case OpKind::SCC:
    return C.W.SCC;
  case OpKind::VCCZ:
    return C.vcc() == 0;
  case OpKind::EXECZ:
    return C.exec() == 0;
  default:
    return 0;
  }
}

inline void writeS(WaveCtx &C, const Operand &O, uint64_t V) {
  if (O.Kind != OpKind::SGPR)
    return; // Null destinations discard.
  C.W.S[O.Index] = uint32_t(V);
  if (O.Dwords > 1)
    C.W.S[O.Index + 1] = uint32_t(V >> 32);
}

inline unsigned vregBase(const Operand &O) {
  return O.Kind == OpKind::AGPR ? 256 + O.Index : O.Index;
}

inline bool isVector(const Operand &O) {
  return O.Kind == OpKind::VGPR || O.Kind == OpKind::AGPR;
}

inline uint32_t readV(const WaveCtx &C, const Operand &O, unsigned Lane,
                      unsigned Dword = 0) {
  if (isVector(O)) {
    if (O.Dpp && C.Dpp) // src0 of a DPP instruction: another lane's.
      return C.Dpp->Value[Lane];
    return C.W.V[(vregBase(O) + Dword) * C.Lanes + Lane];
  }
  uint64_t S = readS(C, O);
  if (O.Kind == OpKind::SGPR && Dword < O.Dwords)
    return C.W.S[O.Index + Dword];
  return uint32_t(Dword ? S >> 32 : S);
}

inline uint64_t readV64(const WaveCtx &C, const Operand &O, unsigned Lane) {
  if (isVector(O) || O.Kind == OpKind::SGPR)
    return readV(C, O, Lane, 0) | uint64_t(readV(C, O, Lane, 1)) << 32;
  return readS(C, O); // 64-bit inline constants and literals.
}

inline void writeV(WaveCtx &C, const Operand &O, unsigned Lane, uint32_t V,
                   unsigned Dword = 0) {
  if (isVector(O))
    C.W.V[(vregBase(O) + Dword) * C.Lanes + Lane] = V;
}

inline void writeV64(WaveCtx &C, const Operand &O, unsigned Lane, uint64_t V) {
  writeV(C, O, Lane, uint32_t(V), 0);
  writeV(C, O, Lane, uint32_t(V >> 32), 1);
}

/// The lane-mask destination of a compare or carry: sdst (VOP3) or VCC.
inline Operand maskDst(const WaveCtx &C, const Instr &I) {
  if (I.has(Role::SDst))
    return I.op(Role::SDst);
  return Operand{OpKind::SGPR, uint8_t(C.Lanes == 64 ? 2 : 1),
                 uint16_t(SRegVCC), false, 0};
}

/// The lane-mask source of v_cndmask / v_addc: src2 (VOP3) or VCC.
inline uint64_t maskSrc(const WaveCtx &C, const Instr &I) {
  return I.has(Role::Src2) ? readS(C, I.op(Role::Src2)) : C.vcc();
}

/// Calls Fn(Lane) for each lane whose EXEC bit is set, lowest first.
template <typename F> void forActive(const WaveCtx &C, F Fn) {
  uint64_t Exec = C.exec();
  while (Exec) {
    unsigned L = countr_zero(Exec);
    Exec &= Exec - 1;
    Fn(L);
  }
}

//===----------------------------------------------------------------------===//
// SDWA selects.
//===----------------------------------------------------------------------===//

// SDWA (sub-dword addressing, the *_sdwa opcodes): each source is a byte,
// a word or the whole dword of its register, zero- or (with the SEXT source
// modifier) sign-extended; the result goes to a byte, word or dword of vdst,
// the other bits zeroed, sign-extended or preserved (dst_unused). Only the
// routines that apply these selects are registered for *_sdwa names.
enum SdwaSel { Byte0, Byte1, Byte2, Byte3, Word0, Word1, Dword };
constexpr uint64_t SrcModSext = 1; // SISrcMods::SEXT (the MCInst operand)

inline uint32_t sdwaSelect(uint32_t V, int64_t Sel, bool Sext) {
  switch (Sel) {
  case Byte0:
  case Byte1:
  case Byte2:
  case Byte3: {
    uint32_t B = (V >> (8 * Sel)) & 0xff;
    return Sext ? uint32_t(int32_t(int8_t(B))) : B;
  }
  case Word0:
  case Word1: {
    uint32_t W = (V >> (16 * (Sel - Word0))) & 0xffff;
    return Sext ? uint32_t(int32_t(int16_t(W))) : W;
  }
  default:
    return V;
  }
}

/// The bits of a source that an SDWA select picks (zero-extended), or the
/// whole register if the instruction has no select. Float sources take their
/// abs/neg modifiers after the select; SEXT is an integer modifier (srcInt).
inline uint32_t sdwaSource(const WaveCtx &C, const Instr &I, Role Src,
                           unsigned Lane) {
  uint32_t V = readV(C, I.op(Src), Lane);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  return I.has(Sel) ? sdwaSelect(V, I.imm(Sel), false) : V;
}

/// An integer source, with SDWA selection if the instruction has it.
inline uint32_t srcInt(const WaveCtx &C, const Instr &I, Role Src,
                       unsigned Lane) {
  uint32_t V = readV(C, I.op(Src), Lane);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  Role Mods = Src == Role::Src0 ? Role::Src0Mods : Role::Src1Mods;
  if (!I.has(Sel))
    return V;
  return sdwaSelect(V, I.imm(Sel), I.imm(Mods) & SrcModSext);
}

/// Writes an integer result, placing it as dst_sel / dst_unused say.
inline void writeInt(WaveCtx &C, const Instr &I, unsigned Lane, uint32_t R) {
  const Operand &D = I.op(Role::VDst);
  if (!I.has(Role::DstSel) || I.imm(Role::DstSel) == Dword) {
    writeV(C, D, Lane, R);
    return;
  }
  int64_t Sel = I.imm(Role::DstSel);
  unsigned Shift = Sel <= Byte3 ? 8 * Sel : 16 * (Sel - Word0);
  uint32_t Mask = (Sel <= Byte3 ? 0xffu : 0xffffu) << Shift;
  uint32_t Placed = (R << Shift) & Mask;
  switch (I.imm(Role::DstUnused)) {
  case 0: // UNUSED_PAD
    break;
  case 1: { // UNUSED_SEXT: the bits above the field copy its sign.
    unsigned Top = Shift + (Sel <= Byte3 ? 8 : 16);
    if (Top < 32 && ((Placed >> (Top - 1)) & 1))
      Placed |= ~0u << Top;
    break;
  }
  default: // UNUSED_PRESERVE
    Placed |= readV(C, D, Lane) & ~Mask;
  }
  writeV(C, D, Lane, Placed);
}

//===----------------------------------------------------------------------===//
// Float helpers.
//===----------------------------------------------------------------------===//

inline float asF(uint32_t B) { return bit_cast<float>(B); }
inline uint32_t asU(float F) { return bit_cast<uint32_t>(F); }

inline uint32_t flushDenorm(uint32_t B) {
  return (B & 0x7f800000) == 0 ? B & 0x80000000 : B;
}

/// The quiet bit of an f32 or f64 NaN.
template <typename T> struct NaNBits;
template <> struct NaNBits<float> {
  using Int = uint32_t;
  static constexpr Int Quiet = 0x00400000;
};
template <> struct NaNBits<double> {
  using Int = uint64_t;
  static constexpr Int Quiet = 0x0008000000000000;
};

/// X with the quiet bit set: a NaN keeps its sign and payload.
template <typename T> T quieted(T X) {
  using Int = typename NaNBits<T>::Int;
  return bit_cast<T>(Int(bit_cast<Int>(X) | NaNBits<T>::Quiet));
}

template <typename T> bool isSignalingNaN(T X) {
  using Int = typename NaNBits<T>::Int;
  return std::isnan(X) && !(bit_cast<Int>(X) & NaNBits<T>::Quiet);
}

/// The result of an arithmetic operation (add, multiply, fma, ...) one of
/// whose operands is a NaN: the first NaN in operand order (src0, src1,
/// src2, after their abs/neg modifiers), quieted; nothing if no operand is
/// a NaN. The ISA only says that NaN inputs are quieted and propagated as
/// IEEE 754-2008 says, and that standard leaves open which NaN provides the
/// payload when there are several; fixing the order makes the result
/// independent of the order in which the host evaluates its operands.
template <typename T>
std::optional<T> propagatedNaN(std::initializer_list<T> Ops) {
  for (T X : Ops)
    if (std::isnan(X))
      return quieted(X);
  return std::nullopt;
}

/// v_max_f32/f64 and v_min_f32/f64 in IEEE mode (the compute default): a
/// quiet NaN yields the other operand; two NaNs, or a signaling one, yield
/// the first NaN quieted (propagatedNaN); -0 < +0, which the ISA specifies
/// and fmax/fmin leave open.
template <typename T> T fmaxAMD(T A, T B) {
  if ((std::isnan(A) && std::isnan(B)) || isSignalingNaN(A) ||
      isSignalingNaN(B))
    return *propagatedNaN({A, B});
  if (A == 0 && B == 0)
    return std::signbit(A) ? B : A;
  return std::fmax(A, B);
}
template <typename T> T fminAMD(T A, T B) {
  if ((std::isnan(A) && std::isnan(B)) || isSignalingNaN(A) ||
      isSignalingNaN(B))
    return *propagatedNaN({A, B});
  if (A == 0 && B == 0)
    return std::signbit(A) ? A : B;
  return std::fmin(A, B);
}

/// An f32 source with its abs/neg modifiers (after the SDWA select, if the
/// instruction has one).
inline float srcF(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
                  unsigned Lane) {
  uint32_t B = sdwaSource(C, I, Src, Lane);
  uint64_t M = I.imm(Mods);
  if (M & 2) // SISrcMods::ABS
    B &= 0x7fffffff;
  if (M & 1) // SISrcMods::NEG
    B ^= 0x80000000;
  if (!(C.DS.Prog.DenormMode32 & 1)) // Input denormals flushed.
    B = flushDenorm(B);
  return asF(B);
}

inline uint32_t resultF(const WaveCtx &C, const Instr &I, float F) {
  switch (I.imm(Role::OMod)) {
  case 1:
    F *= 2.0f;
    break;
  case 2:
    F *= 4.0f;
    break;
  case 3:
    F *= 0.5f;
    break;
  }
  if (I.imm(Role::Clamp))
    F = std::isnan(F) ? 0.0f : std::min(std::max(F, 0.0f), 1.0f);
  uint32_t B = asU(F);
  if (!(C.DS.Prog.DenormMode32 & 2)) // Output denormals flushed.
    B = flushDenorm(B);
  return B;
}

// f64: doubles live in VGPR pairs (or 64-bit scalar operands); VOP3 abs/neg act
// on bit 63; denormals follow FLOAT_DENORM_MODE_16_64.

inline uint64_t flushDenorm64(uint64_t B) {
  return (B & 0x7ff0000000000000ull) == 0 ? B & 0x8000000000000000ull : B;
}

inline double srcD(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
                   unsigned Lane) {
  uint64_t B = readV64(C, I.op(Src), Lane);
  uint64_t M = I.imm(Mods);
  if (M & 2)
    B &= ~0x8000000000000000ull;
  if (M & 1)
    B ^= 0x8000000000000000ull;
  if (!(C.DS.Prog.DenormMode64 & 1))
    B = flushDenorm64(B);
  return bit_cast<double>(B);
}

/// An f16 source as a float (exact): SemanticsFloat.cpp.
float srcHalfF(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
               unsigned Lane);

/// How a floating-point source is read: with its modifiers and the input
/// denormal mode (srcF, srcD, srcHalfF).
template <typename T>
using ReadFloat = T (*)(const WaveCtx &, const Instr &, Role, Role, unsigned);

//===----------------------------------------------------------------------===//
// Shared integer helpers.
//===----------------------------------------------------------------------===//

/// Integer comparisons (s_cmp, s_cmpk, v_cmp). False and True are
/// v_cmp_f_* and v_cmp_t_*, whatever the operands.
enum class Cmp { EQ, LG, GT, GE, LT, LE, False, True };

template <typename T, Cmp K> bool compare(T A, T B) {
  switch (K) {
  case Cmp::EQ:
    return A == B;
  case Cmp::LG:
    return A != B;
  case Cmp::GT:
    return A > B;
  case Cmp::GE:
    return A >= B;
  case Cmp::LT:
    return A < B;
  case Cmp::LE:
    return A <= B;
  case Cmp::False:
    return false;
  default:
    return true;
  }
}

/// s_ff1_i32_b32/b64: index of the lowest set bit; s_ff0_i32_b32/b64: index
/// of the lowest clear bit; s_flbit_i32_b32/b64: number of leading zeros;
/// s_flbit_i32/_i64: number of leading bits equal to the sign bit. All give
/// -1 when no bit qualifies, and leave SCC alone.
enum class BitScan { FirstOne, FirstZero, LeadingZeros, LeadingSign };

template <BitScan K, unsigned Bits> uint32_t bitScan(uint64_t V) {
  if (K == BitScan::FirstZero)
    V = ~V;
  if (Bits == 32)
    V = uint32_t(V);
  if (K == BitScan::LeadingSign && (V >> (Bits - 1)) & 1)
    V = ~V & (Bits == 32 ? 0xffffffffull : ~0ull);
  if (V == 0)
    return ~0u;
  if (K == BitScan::FirstOne || K == BitScan::FirstZero)
    return countr_zero(V);
  return countl_zero(V) - (64 - Bits);
}

//===----------------------------------------------------------------------===//
// Operation selectors: the template argument that picks what a family
// routine computes.
//===----------------------------------------------------------------------===//

/// The branch condition of cbranch.
enum class BranchCond {
  Always, ///< s_branch
  SCC0,   ///< s_cbranch_scc0
  SCC1,   ///< s_cbranch_scc1
  VCCZ,   ///< s_cbranch_vccz
  VCCNZ,  ///< s_cbranch_vccnz
  ExecZ,  ///< s_cbranch_execz
  ExecNZ  ///< s_cbranch_execnz
};

/// s_*_saveexec: EXEC = src0 op EXEC.
enum class SaveExec { And, Or, Xor, AndN2, OrN2 };

/// 64-bit shifts (v_shift64): vdst = src1 shifted by src0.
enum class ShiftOp {
  Lshl, ///< v_lshlrev_b64
  Lshr, ///< v_lshrrev_b64
  Ashr  ///< v_ashrrev_i64
};

/// Integer add and subtract (v_addsub_co, v_addsub_u32_clamp).
enum class AddSubOp {
  Add,   ///< src0 + src1
  Sub,   ///< src0 - src1
  SubRev ///< src1 - src0
};

/// Three-operand minimum, maximum and median (v_minmax3, v_minmax3_f32).
enum class MinMax3Op { Min, Max, Med };

/// The packed 16-bit integer operations (v_pk_int16): add, sub, the low 16
/// bits of a product, and multiply-add.
enum class PkInt16Op {
  Add,
  Sub,
  MulLo,
  Mad,
  MaxI,
  MinI,
  MaxU,
  MinU,
  LshlRev,
  LshrRev,
  AshrRev
};

/// Float compares (v_cmp_fp): the ISA's predicates; the N forms are the
/// negations, true for unordered operands. F and TRU (v_cmp_f_*,
/// v_cmp_tru_*) are false and true whatever the operands, NaNs included.
enum class FCmp {
  F,
  LT,
  EQ,
  LE,
  GT,
  LG,
  GE,
  O,
  U,
  NGE,
  NLG,
  NGT,
  NLE,
  NEQ,
  NLT,
  TRU
};

/// f32 arithmetic with modifiers (v_f32).
enum class F32Op {
  Add,
  Sub,    ///< src0 - src1
  SubRev, ///< src1 - src0
  Mul,
  Fma,  ///< src0 * src1 + src2
  Fmac, ///< src0 * src1 + vdst
  Max,
  Min
};

/// f16 arithmetic (v_f16; v_pk_f16 has Add, Mul, Fma, Max and Min).
enum class F16Op { Add, Sub, SubRev, Mul, Fma, Max, Min };

/// f64 arithmetic (v_f64); Fmac accumulates into vdst.
enum class F64Op { Add, Mul, Fma, Fmac, Max, Min };

/// Packed f32 arithmetic (v_pk_f32).
enum class PkF32Op { Add, Mul, Fma };

/// Conversions to and from f64 (v_cvt_f64), named destination from source.
enum class CvtF64Op {
  F64FromI32,
  F64FromU32,
  I32FromF64,
  U32FromF64,
  F32FromF64,
  F64FromF32
};

/// Rounding to an integral value (v_round_f32, v_round_f64).
enum class RoundOp {
  Floor,
  Ceil,
  Trunc,
  Rndne ///< Nearest, ties to even.
};

/// Legacy multiply-add (v_mad_f32); K is the literal.
enum class MadOp {
  Mad,   ///< src0 * src1 + src2
  Mac,   ///< src0 * src1 + vdst
  Madmk, ///< src0 * K + src1
  Madak  ///< src0 * src1 + K
};

/// Where v_fma_mix puts its result.
enum class FmaMixOp {
  F32,   ///< v_fma_mix_f32: vdst, as f32.
  LoF16, ///< v_fma_mixlo_f16: the low half of vdst.
  HiF16  ///< v_fma_mixhi_f16: the high half of vdst.
};

/// Read-modify-write atomics (global_atomic, ds_atomic).
enum class AtomicOp {
  Swap,
  CmpSwap,
  Add,
  Sub,
  SMin,
  UMin,
  SMax,
  UMax,
  And,
  Or,
  Xor,
  Inc,
  Dec,
  FAdd, ///< IEEE addition, round to nearest even, denormals kept.
  FMin,
  FMax
};

// The routines the table in Semantics.cpp names, by the file that defines
// them. A template is defined in that file only, and instantiated there
// for the arguments the table uses.

//===----------------------------------------------------------------------===//
// SemanticsScalar.cpp: program control, SALU, scalar memory.
//===----------------------------------------------------------------------===//

Error nop(WaveCtx &C, const Instr &I);
Error endpgm(WaveCtx &C, const Instr &I);
Error barrier(WaveCtx &C, const Instr &I);
Error s_getpc(WaveCtx &C, const Instr &I);
Error s_swappc(WaveCtx &C, const Instr &I);
Error s_setpc(WaveCtx &C, const Instr &I);
template <BranchCond Cond> Error cbranch(WaveCtx &C, const Instr &I);

Error s_and(WaveCtx &C, const Instr &I);
Error s_or(WaveCtx &C, const Instr &I);
Error s_xor(WaveCtx &C, const Instr &I);
Error s_andn2(WaveCtx &C, const Instr &I);
Error s_orn2(WaveCtx &C, const Instr &I);
Error s_nand(WaveCtx &C, const Instr &I);
Error s_nor(WaveCtx &C, const Instr &I);
Error s_xnor(WaveCtx &C, const Instr &I);
Error s_lshl_b32(WaveCtx &C, const Instr &I);
Error s_lshl_b64(WaveCtx &C, const Instr &I);
Error s_lshr_b32(WaveCtx &C, const Instr &I);
Error s_lshr_b64(WaveCtx &C, const Instr &I);
Error s_ashr_i32(WaveCtx &C, const Instr &I);
Error s_ashr_i64(WaveCtx &C, const Instr &I);
Error s_mul_i32(WaveCtx &C, const Instr &I);
Error s_add_u32(WaveCtx &C, const Instr &I);
Error s_addc_u32(WaveCtx &C, const Instr &I);
Error s_sub_u32(WaveCtx &C, const Instr &I);
Error s_subb_u32(WaveCtx &C, const Instr &I);
Error s_mov(WaveCtx &C, const Instr &I);
Error s_movk_i32(WaveCtx &C, const Instr &I);
Error s_not(WaveCtx &C, const Instr &I);
Error s_brev(WaveCtx &C, const Instr &I);
Error s_bfm(WaveCtx &C, const Instr &I);
Error s_abs_i32(WaveCtx &C, const Instr &I);
Error s_absdiff_i32(WaveCtx &C, const Instr &I);
Error s_pack_ll_b32_b16(WaveCtx &C, const Instr &I);
Error s_pack_lh_b32_b16(WaveCtx &C, const Instr &I);
Error s_pack_hh_b32_b16(WaveCtx &C, const Instr &I);
Error s_cselect(WaveCtx &C, const Instr &I);
Error s_setreg(WaveCtx &C, const Instr &I);
Error s_set_gpr_idx_on(WaveCtx &C, const Instr &I);
Error s_set_gpr_idx_off(WaveCtx &C, const Instr &I);
Error s_set_gpr_idx_mode(WaveCtx &C, const Instr &I);
Error s_set_gpr_idx_idx(WaveCtx &C, const Instr &I);
Error s_load(WaveCtx &C, const Instr &I);
template <typename T> Error s_bfe(WaveCtx &C, const Instr &I);
template <bool Signed> Error s_mul_hi(WaveCtx &C, const Instr &I);
template <unsigned Shift> Error s_lshl_add_u32(WaveCtx &C, const Instr &I);
template <bool Sub> Error s_addsub_i32(WaveCtx &C, const Instr &I);
template <bool Mul> Error s_k_i32(WaveCtx &C, const Instr &I);
template <typename T, bool Max> Error s_minmax(WaveCtx &C, const Instr &I);
template <int Bits> Error s_sext(WaveCtx &C, const Instr &I);
template <bool One> Error s_bcnt(WaveCtx &C, const Instr &I);
template <typename T, Cmp K> Error s_cmp(WaveCtx &C, const Instr &I);
template <typename T, Cmp K> Error s_cmpk(WaveCtx &C, const Instr &I);
template <SaveExec K> Error s_saveexec(WaveCtx &C, const Instr &I);
template <bool One, unsigned Bits> Error s_bitcmp(WaveCtx &C, const Instr &I);
template <bool One, unsigned Bits> Error s_bitset(WaveCtx &C, const Instr &I);
template <BitScan K, unsigned Bits> Error s_bitscan(WaveCtx &C, const Instr &I);

//===----------------------------------------------------------------------===//
// SemanticsVector.cpp: integer VALU, lane operations, compares.
//===----------------------------------------------------------------------===//

Error v_add_u32(WaveCtx &C, const Instr &I);
Error v_sub_u32(WaveCtx &C, const Instr &I);
Error v_subrev_u32(WaveCtx &C, const Instr &I);
Error v_and_b32(WaveCtx &C, const Instr &I);
Error v_or_b32(WaveCtx &C, const Instr &I);
Error v_xor_b32(WaveCtx &C, const Instr &I);
Error v_xnor_b32(WaveCtx &C, const Instr &I);
Error v_lshlrev_b32(WaveCtx &C, const Instr &I);
Error v_lshrrev_b32(WaveCtx &C, const Instr &I);
Error v_ashrrev_i32(WaveCtx &C, const Instr &I);
Error v_mul_lo_u32(WaveCtx &C, const Instr &I);
Error v_mul_hi_u32(WaveCtx &C, const Instr &I);
Error v_mul_hi_i32(WaveCtx &C, const Instr &I);
Error v_mul_u32_u24(WaveCtx &C, const Instr &I);
Error v_max_i32(WaveCtx &C, const Instr &I);
Error v_min_i32(WaveCtx &C, const Instr &I);
Error v_max_u32(WaveCtx &C, const Instr &I);
Error v_min_u32(WaveCtx &C, const Instr &I);
Error v_bfm_b32(WaveCtx &C, const Instr &I);
Error v_lshl_add_u32(WaveCtx &C, const Instr &I);
Error v_add_lshl_u32(WaveCtx &C, const Instr &I);
Error v_lshl_or_b32(WaveCtx &C, const Instr &I);
Error v_and_or_b32(WaveCtx &C, const Instr &I);
Error v_or3_b32(WaveCtx &C, const Instr &I);
Error v_xor3_b32(WaveCtx &C, const Instr &I);
Error v_add3_u32(WaveCtx &C, const Instr &I);
Error v_mad_u32_u24(WaveCtx &C, const Instr &I);
Error v_bfe_u32(WaveCtx &C, const Instr &I);
Error v_alignbit_b32(WaveCtx &C, const Instr &I);
Error v_alignbyte_b32(WaveCtx &C, const Instr &I);
Error v_perm_b32(WaveCtx &C, const Instr &I);
Error v_bfe_i32(WaveCtx &C, const Instr &I);
Error v_xad_u32(WaveCtx &C, const Instr &I);
Error v_add_u16(WaveCtx &C, const Instr &I);
Error v_sub_u16(WaveCtx &C, const Instr &I);
Error v_subrev_u16(WaveCtx &C, const Instr &I);
Error v_mul_lo_u16(WaveCtx &C, const Instr &I);
Error v_lshlrev_b16(WaveCtx &C, const Instr &I);
Error v_lshrrev_b16(WaveCtx &C, const Instr &I);
Error v_ashrrev_i16(WaveCtx &C, const Instr &I);
Error v_max_u16(WaveCtx &C, const Instr &I);
Error v_min_u16(WaveCtx &C, const Instr &I);
Error v_max_i16(WaveCtx &C, const Instr &I);
Error v_min_i16(WaveCtx &C, const Instr &I);
Error v_ffbh_u32(WaveCtx &C, const Instr &I);
Error v_ffbl_b32(WaveCtx &C, const Instr &I);
Error v_ffbh_i32(WaveCtx &C, const Instr &I);
Error v_bfrev_b32(WaveCtx &C, const Instr &I);
Error v_bcnt_u32_b32(WaveCtx &C, const Instr &I);
Error v_mul_i32_i24(WaveCtx &C, const Instr &I);
Error v_mul_hi_i32_i24(WaveCtx &C, const Instr &I);
Error v_mul_hi_u32_u24(WaveCtx &C, const Instr &I);
Error v_mad_i32_i24(WaveCtx &C, const Instr &I);
Error v_bfi_b32(WaveCtx &C, const Instr &I);
Error v_mad_u64_u32(WaveCtx &C, const Instr &I);
Error v_mad_i64_i32(WaveCtx &C, const Instr &I);
Error v_lshl_add_u64(WaveCtx &C, const Instr &I);
Error v_mov(WaveCtx &C, const Instr &I);
Error v_mov_b64(WaveCtx &C, const Instr &I);
Error v_pk_mov_b32(WaveCtx &C, const Instr &I);
Error v_swap_b32(WaveCtx &C, const Instr &I);
Error v_not_b32(WaveCtx &C, const Instr &I);
Error v_cndmask_b32(WaveCtx &C, const Instr &I);
Error v_readlane_b32(WaveCtx &C, const Instr &I);
template <bool Cross> Error v_permlane16(WaveCtx &C, const Instr &I);
Error v_writelane_b32(WaveCtx &C, const Instr &I);
Error v_readfirstlane_b32(WaveCtx &C, const Instr &I);
template <ShiftOp Kind> Error v_shift64(WaveCtx &C, const Instr &I);
template <AddSubOp Kind, bool CarryIn>
Error v_addsub_co(WaveCtx &C, const Instr &I);
template <AddSubOp Kind> Error v_addsub_u32_clamp(WaveCtx &C, const Instr &I);
template <bool Signed, bool OpSel> Error v_mad_16(WaveCtx &C, const Instr &I);
template <PkInt16Op Kind> Error v_pk_int16(WaveCtx &C, const Instr &I);

/// Packed (VOP3P) sources: whether source \p S (0..2) of \p I is a constant
/// other than 0 that op_sel or op_sel_hi reads in its high half, and the
/// 16-bit half of source \p S that op_sel (\p Half 0) or op_sel_hi (\p Half
/// 1) picks for lane \p L, before neg_lo/neg_hi.
bool readsConstantHighHalf(const Instr &I, unsigned S);
/// The modifiers of a packed operation on \p NumSrc sources of type \p Type
/// ("f16", "integer") that the emulator refuses: clamp, a constant read in
/// its high half, and neg_lo/neg_hi unless \p AllowNeg.
Error checkPackedModifiers(WaveCtx &C, const Instr &I, unsigned NumSrc,
                           StringRef Type, bool AllowNeg);
uint16_t packedSrcHalf(WaveCtx &C, const Instr &I, unsigned S, unsigned Half,
                       unsigned L);
template <typename T, MinMax3Op Kind>
Error v_minmax3(WaveCtx &C, const Instr &I);
template <bool Hi> Error v_mbcnt(WaveCtx &C, const Instr &I);
template <bool Backward> Error ds_permute(WaveCtx &C, const Instr &I);
template <typename T, Cmp K, bool IsX = false>
Error v_cmp(WaveCtx &C, const Instr &I);
template <typename T, ReadFloat<T> Read, FCmp K, bool IsX>
Error v_cmp_fp(WaveCtx &C, const Instr &I);
template <bool F64, bool IsX = false>
Error v_cmp_class(WaveCtx &C, const Instr &I);

template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f32 = v_cmp_fp<float, srcF, K, IsX>;
template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f64 = v_cmp_fp<double, srcD, K, IsX>;
template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f16 = v_cmp_fp<float, srcHalfF, K, IsX>;

//===----------------------------------------------------------------------===//
// SemanticsFloat.cpp: f16, f32 and f64 arithmetic and conversions.
//===----------------------------------------------------------------------===//

Error v_rcp_f32(WaveCtx &C, const Instr &I);
Error v_ldexp_f32(WaveCtx &C, const Instr &I);
Error v_div_scale_f32(WaveCtx &C, const Instr &I);
Error v_div_fmas_f32(WaveCtx &C, const Instr &I);
Error v_div_fixup_f32(WaveCtx &C, const Instr &I);
Error v_rcp_f64(WaveCtx &C, const Instr &I);
Error v_ldexp_f64(WaveCtx &C, const Instr &I);
Error v_div_scale_f64(WaveCtx &C, const Instr &I);
Error v_div_fmas_f64(WaveCtx &C, const Instr &I);
Error v_div_fixup_f64(WaveCtx &C, const Instr &I);
Error v_fract_f32(WaveCtx &C, const Instr &I);
Error v_fract_f64(WaveCtx &C, const Instr &I);
Error v_sqrt_f32(WaveCtx &C, const Instr &I);
Error v_rsq_f32(WaveCtx &C, const Instr &I);
Error v_exp_f32(WaveCtx &C, const Instr &I);
Error v_log_f32(WaveCtx &C, const Instr &I);
Error v_sqrt_f64(WaveCtx &C, const Instr &I);
Error v_rsq_f64(WaveCtx &C, const Instr &I);
Error v_trig_preop_f64(WaveCtx &C, const Instr &I);
Error v_cvt_f16_f32(WaveCtx &C, const Instr &I);
Error v_cvt_f32_f16(WaveCtx &C, const Instr &I);
Error v_pack_b32_f16(WaveCtx &C, const Instr &I);
template <F32Op Kind> Error v_f32(WaveCtx &C, const Instr &I);
template <unsigned Byte> Error v_cvt_f32_ubyte(WaveCtx &C, const Instr &I);
template <bool Signed> Error v_cvt_f32_int(WaveCtx &C, const Instr &I);
template <bool Signed> Error v_cvt_f32_int_sdwa(WaveCtx &C, const Instr &I);
template <bool Signed> Error v_cvt_int_f32(WaveCtx &C, const Instr &I);
template <bool Signed> Error v_cvt_f16_int16(WaveCtx &C, const Instr &I);
template <bool Signed> Error v_cvt_int16_f16(WaveCtx &C, const Instr &I);
template <bool Cos> Error v_sincos_f32(WaveCtx &C, const Instr &I);
template <bool AddK> Error v_fmak_f32(WaveCtx &C, const Instr &I);
template <bool Exp> Error v_frexp_f32(WaveCtx &C, const Instr &I);
template <PkF32Op Kind> Error v_pk_f32(WaveCtx &C, const Instr &I);
template <F64Op Kind> Error v_f64(WaveCtx &C, const Instr &I);
template <CvtF64Op Kind> Error v_cvt_f64(WaveCtx &C, const Instr &I);
template <bool Exp> Error v_frexp_f64(WaveCtx &C, const Instr &I);
template <RoundOp Kind> Error v_round_f32(WaveCtx &C, const Instr &I);
template <RoundOp Kind> Error v_round_f64(WaveCtx &C, const Instr &I);
template <MinMax3Op Kind> Error v_minmax3_f32(WaveCtx &C, const Instr &I);
template <MadOp Kind> Error v_mad_f32(WaveCtx &C, const Instr &I);
template <F16Op Kind> Error v_f16(WaveCtx &C, const Instr &I);
template <F16Op Kind> Error v_pk_f16(WaveCtx &C, const Instr &I);
template <FmaMixOp Kind> Error v_fma_mix(WaveCtx &C, const Instr &I);

//===----------------------------------------------------------------------===//
// SemanticsMemory.cpp: global, flat, private and LDS memory.
//===----------------------------------------------------------------------===//

/// Which half of its VGPR a 16-bit (D16) access loads into or stores from:
/// not a D16 access (a sub-dword load fills the whole register), the low
/// half, or the high half.
enum class D16 : uint8_t { No, Lo, Hi };

template <bool Store> Error global_access(WaveCtx &C, const Instr &I);
template <unsigned Bytes, bool Store, bool Signed, D16 Half = D16::No>
Error global_subdword(WaveCtx &C, const Instr &I);
template <bool Store, unsigned SubDword = 0, bool Signed = false,
          D16 Half = D16::No>
Error private_access(WaveCtx &C, const Instr &I);
template <bool Store> Error ds_access(WaveCtx &C, const Instr &I);
template <bool Store, unsigned Size, bool St64>
Error ds_access2(WaveCtx &C, const Instr &I);
template <unsigned Bytes, bool Store, bool Signed>
Error ds_subdword(WaveCtx &C, const Instr &I);
template <AtomicOp Op, bool Rtn, typename T = uint32_t>
Error global_atomic(WaveCtx &C, const Instr &I);
template <AtomicOp Op, bool Rtn, typename T = uint32_t>
Error ds_atomic(WaveCtx &C, const Instr &I);

} // namespace semantics
} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_SEMANTICSIMPL_H
