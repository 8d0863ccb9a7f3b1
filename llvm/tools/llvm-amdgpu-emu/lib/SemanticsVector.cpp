//===- SemanticsVector.cpp - What the integer VALU instructions do --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The semantics of the integer vector ALU instructions (32-, 16- and 64-bit
/// arithmetic, logic, shifts, bit fields, 24-bit multiplies), the lane
/// operations (v_readlane, v_writelane, v_readfirstlane, v_mbcnt,
/// ds_permute/ds_bpermute) and the vector compares (integer, float and
/// class, v_cmp_* and v_cmpx_*). The table in Semantics.cpp maps names to
/// them.
///
//===----------------------------------------------------------------------===//

#include "SIDefines.h"
#include "SemanticsImpl.h"
#include <algorithm>
#include <utility>
#include <vector>

namespace llvm {
namespace amdgpu_emu {
namespace semantics {

// --- Integer VALU -----------------------------------------------------------

static Error checkNoIntModifiers(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I,
                     "clamp/omod on an integer operation is not "
                     "implemented");
  return Error::success();
}

/// vdst = F(src0, src1) per active lane, 32-bit integer (SDWA-aware).
template <typename F> static Error valu2(WaveCtx &C, const Instr &I, F Fn) {
  if (Error E = checkNoIntModifiers(C, I))
    return E;
  forActive(C, [&](unsigned L) {
    writeInt(C, I, L,
             Fn(srcInt(C, I, Role::Src0, L), srcInt(C, I, Role::Src1, L)));
  });
  return Error::success();
}

/// 16-bit integer VOP2/VOP3 ops on the low halves. The result's high half is
/// zeroed up to gfx9 and preserved from gfx10 on (as the target's
/// GCNSubtarget::zeroesHigh16BitsOfDest says for these opcodes). The SDWA
/// forms operate on the selected words or bytes and place the 16-bit result
/// as dst_sel and dst_unused say (a DWORD destination is zero-extended).
template <typename F> static Error valu2_16(WaveCtx &C, const Instr &I, F Fn) {
  if (Error E = checkNoIntModifiers(C, I))
    return E;
  if (I.has(Role::DstSel)) {
    forActive(C, [&](unsigned L) {
      writeInt(C, I, L,
               uint16_t(Fn(uint16_t(srcInt(C, I, Role::Src0, L)),
                           uint16_t(srcInt(C, I, Role::Src1, L)))));
    });
    return Error::success();
  }
  bool Preserve = C.DS.Prog.CmpxWritesOnlyExec; // gfx10+
  forActive(C, [&](unsigned L) {
    uint16_t R = uint16_t(Fn(uint16_t(readV(C, I.op(Role::Src0), L)),
                             uint16_t(readV(C, I.op(Role::Src1), L))));
    uint32_t Hi = Preserve ? readV(C, I.op(Role::VDst), L) & 0xffff0000u : 0;
    writeV(C, I.op(Role::VDst), L, Hi | R);
  });
  return Error::success();
}

template <typename F> static Error valu3(WaveCtx &C, const Instr &I, F Fn) {
  if (Error E = checkNoIntModifiers(C, I))
    return E;
  forActive(C, [&](unsigned L) {
    writeV(C, I.op(Role::VDst), L,
           Fn(readV(C, I.op(Role::Src0), L), readV(C, I.op(Role::Src1), L),
              readV(C, I.op(Role::Src2), L)));
  });
  return Error::success();
}

#define VALU2(NAME, EXPR)                                                      \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return valu2(C, I,                                                         \
                 [](uint32_t A, uint32_t B) -> uint32_t { return EXPR; });     \
  }
VALU2(v_add_u32, A + B)
VALU2(v_sub_u32, A - B)
VALU2(v_subrev_u32, B - A)
VALU2(v_and_b32, A &B)
VALU2(v_or_b32, A | B)
VALU2(v_xor_b32, A ^ B)
VALU2(v_xnor_b32, ~(A ^ B))
VALU2(v_lshlrev_b32, B << (A & 31))
VALU2(v_lshrrev_b32, B >> (A & 31))
VALU2(v_ashrrev_i32, uint32_t(int32_t(B) >> (A & 31)))
VALU2(v_mul_lo_u32, A *B)
VALU2(v_mul_hi_u32, uint32_t((uint64_t(A) * B) >> 32))
VALU2(v_mul_hi_i32, uint32_t((int64_t(int32_t(A)) * int32_t(B)) >> 32))
VALU2(v_mul_u32_u24, (A & 0xffffff) * (B & 0xffffff))
VALU2(v_max_i32, uint32_t(std::max(int32_t(A), int32_t(B))))
VALU2(v_min_i32, uint32_t(std::min(int32_t(A), int32_t(B))))
VALU2(v_max_u32, std::max(A, B))
VALU2(v_min_u32, std::min(A, B))
VALU2(v_bfm_b32, ((1u << (A & 31)) - 1) << (B & 31))
#undef VALU2

/// v_perm_b32: each byte of Sel picks a byte of {Hi, Lo} (0-3 from Lo, 4-7
/// from Hi), the sign of byte 1, 3, 5 or 7 of it (8-11), 0x00 (12) or 0xff
/// (13 and up).
static uint32_t permuteBytes(uint32_t Hi, uint32_t Lo, uint32_t Sel) {
  uint64_t Data = uint64_t(Hi) << 32 | Lo;
  uint32_t D = 0;
  for (unsigned B = 0; B != 4; ++B) {
    unsigned S = (Sel >> (8 * B)) & 0xff;
    uint32_t Byte = S < 8     ? (Data >> (8 * S)) & 0xff
                    : S < 12  ? ((Data >> (16 * (S - 8) + 15)) & 1) * 0xff
                    : S == 12 ? 0
                              : 0xff;
    D |= Byte << (8 * B);
  }
  return D;
}

#define VALU3(NAME, EXPR)                                                      \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {    \
      return EXPR;                                                             \
    });                                                                        \
  }
VALU3(v_lshl_add_u32, (A << (B & 31)) + D)
VALU3(v_add_lshl_u32, (A + B) << (D & 31))
VALU3(v_lshl_or_b32, (A << (B & 31)) | D)
VALU3(v_and_or_b32, (A & B) | D)
VALU3(v_or3_b32, A | B | D)
VALU3(v_xor3_b32, A ^ B ^ D)
VALU3(v_add3_u32, A + B + D)
VALU3(v_mad_u32_u24, (A & 0xffffff) * (B & 0xffffff) + D)
// Offset B, width D (a zero width gives 0; a zero offset is an ordinary one).
VALU3(v_bfe_u32, (A >> (B & 31)) & ((D & 31) ? (1u << (D & 31)) - 1 : 0))
VALU3(v_alignbit_b32, uint32_t(((uint64_t(A) << 32) | B) >> (D & 31)))
// Bytes: {S0, S1} >> 8 * S2[1:0] (the RDNA and LLVM wording; gem5's Vega
// text has S2[4:0], see isa_crosscheck.py's 'alignbyte-byte-select').
VALU3(v_alignbyte_b32, uint32_t(((uint64_t(A) << 32) | B) >> (8 * (D & 3))))
VALU3(v_perm_b32, permuteBytes(A, B, D))
#undef VALU3

/// The field is shifted down arithmetically: one that runs past bit 31
/// takes its sign from bit 31 (S0.i >> offset), as the hardware does.
Error v_bfe_i32(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    unsigned Off = B & 31, Width = D & 31;
    if (Width == 0)
      return 0;
    uint32_t Field = uint32_t(int32_t(A) >> Off) & ((1u << Width) - 1);
    return uint32_t(SignExtend32(Field, Width));
  });
}

Error v_mov(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeV(C, I.op(Role::VDst), L, readV(C, I.op(Role::Src0), L));
  });
  return Error::success();
}

/// v_mov_b64 (gfx940): a 64-bit move; an inline constant or literal source
/// is read as the 64-bit operand its encoding gives. (Its DPP form is
/// refused where DPP is set up: the source is not a 32-bit VGPR.)
Error v_mov_b64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeV64(C, I.op(Role::VDst), L, readV64(C, I.op(Role::Src0), L));
  });
  return Error::success();
}

/// v_swap_b32 vdst, vdst1 exchanges two VGPRs in the active lanes. Its MC
/// operands are vdst, vdst1 and the tied sources src0 (= vdst1) and src1
/// (= vdst); both are read before either is written.
Error v_swap_b32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t ToDst = readV(C, I.op(Role::Src0), L);
    uint32_t ToDst1 = readV(C, I.op(Role::Src1), L);
    writeV(C, I.op(Role::VDst), L, ToDst);
    writeV(C, I.op(Role::Src0), L, ToDst1);
  });
  return Error::success();
}

/// v_pk_mov_b32 (gfx90a): vdst.lo = one half of src0, vdst.hi = one half of
/// src1, each half chosen by the source's op_sel bit (SISrcMods::OP_SEL_0).
Error v_pk_mov_b32(WaveCtx &C, const Instr &I) {
  unsigned Sel0 = (I.imm(Role::Src0Mods) >> 2) & 1;
  unsigned Sel1 = (I.imm(Role::Src1Mods) >> 2) & 1;
  forActive(C, [&](unsigned L) {
    uint32_t Lo = readV(C, I.op(Role::Src0), L, Sel0);
    uint32_t Hi = readV(C, I.op(Role::Src1), L, Sel1);
    writeV(C, I.op(Role::VDst), L, Lo, 0);
    writeV(C, I.op(Role::VDst), L, Hi, 1);
  });
  return Error::success();
}

Error v_not_b32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeV(C, I.op(Role::VDst), L, ~readV(C, I.op(Role::Src0), L));
  });
  return Error::success();
}

/// vdst = F(src0) per active lane, 32-bit integer (SDWA-aware).
template <typename F> static Error valu1(WaveCtx &C, const Instr &I, F Fn) {
  if (Error E = checkNoIntModifiers(C, I))
    return E;
  forActive(C, [&](unsigned L) {
    writeInt(C, I, L, Fn(srcInt(C, I, Role::Src0, L)));
  });
  return Error::success();
}

#define VALU1(NAME, EXPR)                                                      \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return valu1(C, I, [](uint32_t A) -> uint32_t { return EXPR; });           \
  }
VALU1(v_ffbh_u32, (bitScan<BitScan::LeadingZeros, 32>(A)))
VALU1(v_ffbl_b32, (bitScan<BitScan::FirstOne, 32>(A)))
VALU1(v_ffbh_i32, (bitScan<BitScan::LeadingSign, 32>(A)))
VALU1(v_bfrev_b32, reverseBits(A))
#undef VALU1

static int64_t sext24(uint32_t V) { return SignExtend64<24>(V); }

Error v_bcnt_u32_b32(WaveCtx &C, const Instr &I) {
  return valu2(
      C, I, [](uint32_t A, uint32_t B) -> uint32_t { return popcount(A) + B; });
}
Error v_mul_i32_i24(WaveCtx &C, const Instr &I) {
  return valu2(C, I, [](uint32_t A, uint32_t B) -> uint32_t {
    return uint32_t(sext24(A) * sext24(B));
  });
}
Error v_mul_hi_i32_i24(WaveCtx &C, const Instr &I) {
  return valu2(C, I, [](uint32_t A, uint32_t B) -> uint32_t {
    return uint32_t((sext24(A) * sext24(B)) >> 32);
  });
}
Error v_mul_hi_u32_u24(WaveCtx &C, const Instr &I) {
  return valu2(C, I, [](uint32_t A, uint32_t B) -> uint32_t {
    return uint32_t((uint64_t(A & 0xffffff) * (B & 0xffffff)) >> 32);
  });
}
Error v_mad_i32_i24(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    return uint32_t(sext24(A) * sext24(B)) + D;
  });
}
/// v_bfi_b32: bits of src1 where src0 is set, of src2 elsewhere.
Error v_bfi_b32(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    return (A & B) | (~A & D);
  });
}

/// v_min3/v_max3/v_med3 on 32-bit integers.
template <typename T, MinMax3Op Kind>
Error v_minmax3(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    T X = T(A), Y = T(B), Z = T(D);
    if (Kind == MinMax3Op::Min)
      return uint32_t(std::min(std::min(X, Y), Z));
    if (Kind == MinMax3Op::Max)
      return uint32_t(std::max(std::max(X, Y), Z));
    return uint32_t(std::max(std::min(X, Y), std::min(std::max(X, Y), Z)));
  });
}

/// v_mad_i64_i32 vdst, sdst, s0, s1, s2: the 65-bit sum sext(s0) * sext(s1) +
/// sext(s2); vdst gets bits 0-63, sdst bit 64 per lane (RDNA3 ISA pseudocode
/// "{D1.i1, D0.i64} = 65'B(65'I(S0.i32) * 65'I(S1.i32) + 65'I(S2.i64))").
Error v_mad_i64_i32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I, "clamp is not implemented");
  uint64_t Out = 0;
  forActive(C, [&](unsigned L) {
    __int128 A = int32_t(readV(C, I.op(Role::Src0), L));
    __int128 B = int32_t(readV(C, I.op(Role::Src1), L));
    __int128 D = A * B + int64_t(readV64(C, I.op(Role::Src2), L));
    writeV64(C, I.op(Role::VDst), L, uint64_t(D));
    Out |= uint64_t((D >> 64) & 1) << L;
  });
  writeS(C, maskDst(C, I), Out);
  return Error::success();
}

/// 64-bit shifts: vdst = src1 shifted by src0.
template <ShiftOp Kind> Error v_shift64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    unsigned Sh = readV(C, I.op(Role::Src0), L) & 63;
    uint64_t V = readV64(C, I.op(Role::Src1), L);
    uint64_t D = Kind == ShiftOp::Lshl   ? V << Sh
                 : Kind == ShiftOp::Lshr ? V >> Sh
                                         : uint64_t(int64_t(V) >> Sh);
    writeV64(C, I.op(Role::VDst), L, D);
  });
  return Error::success();
}

/// Integer add/sub with carry-out (and carry-in for the addc/subb forms:
/// gfx9 v_addc_co/v_subb_co/v_subbrev_co, gfx10+ v_*_co_ci), in every
/// encoding: VOP2 (carry in VCC), VOP3 (carry in sdst, carry-in src2) and
/// SDWA, whose sources are the selected bytes or words (zero- or, with
/// SEXT, sign-extended to 32 bits) and whose 32-bit result is placed as
/// dst_sel and dst_unused say; the carry is that of the 32-bit operation.
/// Kind: add, sub (src0 - src1) or subrev (src1 - src0). The clamp bit
/// saturates the unsigned result, 0xffffffff on a carry and 0 on a borrow
/// (LLVM selects v_add_co_u32/v_sub_co_u32 with clamp for uaddsat/usubsat
/// where there is no v_add_u32); the carry-out stays that of the unsaturated
/// operation, which the ISA's pseudo-code computes from the sources.
template <AddSubOp Kind, bool CarryIn>
Error v_addsub_co(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::OMod))
    return instError(C, I, "omod on an integer operation is not implemented");
  bool Clamp = I.imm(Role::Clamp);
  uint64_t CarryMask = CarryIn ? maskSrc(C, I) : 0, Out = 0;
  forActive(C, [&](unsigned L) {
    uint64_t A = srcInt(C, I, Role::Src0, L);
    uint64_t B = srcInt(C, I, Role::Src1, L);
    uint64_t Cin = (CarryMask >> L) & 1;
    if (Kind == AddSubOp::SubRev)
      std::swap(A, B);
    uint64_t D = Kind == AddSubOp::Add ? A + B + Cin : A - B - Cin;
    bool Carry = Kind == AddSubOp::Add ? (D >> 32) != 0 : B + Cin > A;
    uint32_t R = uint32_t(D);
    if (Clamp && Carry)
      R = Kind == AddSubOp::Add ? 0xffffffffu : 0u;
    writeInt(C, I, L, R);
    Out |= uint64_t(Carry) << L;
  });
  writeS(C, maskDst(C, I), Out);
  return Error::success();
}

Error v_mad_u64_u32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I, "clamp is not implemented");
  uint64_t Out = 0;
  forActive(C, [&](unsigned L) {
    uint64_t A = readV(C, I.op(Role::Src0), L);
    uint64_t B = readV(C, I.op(Role::Src1), L);
    uint64_t Add = readV64(C, I.op(Role::Src2), L);
    uint64_t Mul = A * B;
    uint64_t D = Mul + Add;
    writeV64(C, I.op(Role::VDst), L, D);
    Out |= uint64_t(D < Mul) << L;
  });
  writeS(C, maskDst(C, I), Out);
  return Error::success();
}

/// v_lshl_add_u64 (gfx940): D.u64 = (S0.u64 << S1[2:0]) + S2.u64. The ISA
/// supports shifts of 0 to 4 only (LLVM selects no other); a larger one is an
/// error naming the lane.
Error v_lshl_add_u64(WaveCtx &C, const Instr &I) {
  Error Err = Error::success();
  forActive(C, [&](unsigned L) {
    unsigned Sh = readV(C, I.op(Role::Src1), L) & 7;
    if (Sh > 4) {
      if (!Err)
        Err = instError(C, I,
                        "shift " + Twine(Sh) + " in lane " + Twine(L) +
                            " (only 0-4 are supported)");
      return;
    }
    uint64_t V = readV64(C, I.op(Role::Src0), L);
    uint64_t Add = readV64(C, I.op(Role::Src2), L);
    writeV64(C, I.op(Role::VDst), L, (V << Sh) + Add);
  });
  return Err;
}

Error v_xad_u32(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    return (A ^ B) + D;
  });
}

#define VALU2_16(NAME, EXPR)                                                   \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return valu2_16(C, I,                                                      \
                    [](uint16_t A, uint16_t B) -> uint32_t { return EXPR; });  \
  }
VALU2_16(v_add_u16, A + B)
VALU2_16(v_sub_u16, A - B)
VALU2_16(v_subrev_u16, B - A)
VALU2_16(v_mul_lo_u16, uint32_t(A) * B)
VALU2_16(v_lshlrev_b16, uint32_t(B) << (A & 15))
VALU2_16(v_lshrrev_b16, uint32_t(B) >> (A & 15))
VALU2_16(v_ashrrev_i16, uint32_t(int32_t(int16_t(B)) >> (A & 15)))
VALU2_16(v_max_u16, std::max(A, B))
VALU2_16(v_min_u16, std::min(A, B))
VALU2_16(v_max_i16, uint16_t(std::max(int16_t(A), int16_t(B))))
VALU2_16(v_min_i16, uint16_t(std::min(int16_t(A), int16_t(B))))
#undef VALU2_16

/// 16-bit multiply-add, D.16 = S0.16 * S1.16 + S2.16, unsigned or signed;
/// with clamp the exact result saturates to the 16-bit range instead of
/// wrapping. Two forms:
///   - v_mad_legacy_u16/i16 (gfx9; gfx8 called them v_mad_u16/i16, and
///     LLVM's pseudo still does): the low halves of the sources, bits 31:16
///     of the destination zeroed. That zeroing is what "legacy" keeps: gfx9
///     gave the names v_mad_u16/i16 to new opcodes with op_sel, and LLVM
///     relies on it (GCNSubtarget::zeroesHigh16BitsOfDest lists V_MAD_U16_e64
///     and V_MAD_I16_e64 as zeroing up to gfx9; for zext(mul + add) on
///     gfx8/gfx9 it selects v_mad_legacy_u16 with no mask).
///   - v_mad_u16/i16 (OpSel: gfx9's new opcodes, the only form on gfx10+):
///     op_sel picks each source's half and, for the destination, writes the
///     high half keeping the low one; a low-half result keeps the high half
///     from gfx10 on (LLVM masks it after v_mad_u16 there) and zeroes it on
///     gfx9, as the other 16-bit results with op_sel (writeHalf).
template <bool Signed, bool OpSel> Error v_mad_16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::OMod))
    return instError(C, I, "omod on an integer operation is not implemented");
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  for (unsigned S = 0; S != 3; ++S)
    if (I.op(Srcs[S]).Kind == OpKind::Imm && (I.imm(Mods[S]) & 4))
      return instError(C, I,
                       "op_sel reads the high half of a constant, which is "
                       "not modelled");
  bool Clamp = I.imm(Role::Clamp);
  bool DstHi = OpSel && (I.imm(Role::Src0Mods) & 8);
  bool KeepHi = OpSel && C.DS.Prog.CmpxWritesOnlyExec; // gfx10+
  forActive(C, [&](unsigned L) {
    int64_t V[3];
    for (unsigned S = 0; S != 3; ++S) {
      // The low half, or with op_sel (OP_SEL_0) the high half.
      unsigned Shift = I.imm(Mods[S]) & 4 ? 16 : 0;
      uint16_t X = uint16_t(readV(C, I.op(Srcs[S]), L) >> Shift);
      V[S] = Signed ? int64_t(int16_t(X)) : int64_t(X);
    }
    int64_t Exact = V[0] * V[1] + V[2];
    if (Clamp)
      Exact = Signed ? std::clamp<int64_t>(Exact, INT16_MIN, INT16_MAX)
                     : std::min<int64_t>(Exact, UINT16_MAX);
    uint32_t R = uint16_t(Exact);
    uint32_t Old = readV(C, I.op(Role::VDst), L);
    uint32_t D = DstHi    ? (Old & 0xffff) | R << 16
                 : KeepHi ? (Old & 0xffff0000) | R
                          : R;
    writeV(C, I.op(Role::VDst), L, D);
  });
  return Error::success();
}

static const Role PackedSrcs[] = {Role::Src0, Role::Src1, Role::Src2};
static const Role PackedMods[] = {Role::Src0Mods, Role::Src1Mods,
                                  Role::Src2Mods};

bool readsConstantHighHalf(const Instr &I, unsigned S) {
  const auto &Op = I.op(PackedSrcs[S]);
  return Op.Kind == OpKind::Imm && Op.Imm != 0 && (I.imm(PackedMods[S]) & 0xc);
}

Error checkPackedModifiers(WaveCtx &C, const Instr &I, unsigned NumSrc,
                           StringRef Type, bool AllowNeg) {
  if (I.imm(Role::Clamp))
    return instError(C, I,
                     "clamp on a packed " + Type +
                         " operation is not "
                         "implemented");
  for (unsigned S = 0; S != NumSrc; ++S) {
    if (!AllowNeg && (I.imm(PackedMods[S]) & 3))
      return instError(C, I,
                       "neg on a packed " + Type +
                           " operation is not "
                           "implemented");
    if (readsConstantHighHalf(I, S))
      return instError(C, I,
                       "a packed " + Type +
                           " constant read in its high "
                           "half is not implemented");
  }
  return Error::success();
}

uint16_t packedSrcHalf(WaveCtx &C, const Instr &I, unsigned S, unsigned Half,
                       unsigned L) {
  uint64_t M = I.imm(PackedMods[S]);
  bool Hi = Half ? (M >> 3) & 1 : (M >> 2) & 1;
  return uint16_t(readV(C, I.op(PackedSrcs[S]), L) >> (Hi ? 16 : 0));
}

/// One half of a packed 16-bit integer operation on the halves \p V.
template <PkInt16Op Kind> static uint16_t pkInt16Half(const uint32_t *V) {
  auto I = [&](unsigned S) { return int32_t(int16_t(V[S])); };
  switch (Kind) {
  case PkInt16Op::Add:
    return V[0] + V[1];
  case PkInt16Op::Sub:
    return V[0] - V[1];
  case PkInt16Op::MulLo:
    return V[0] * V[1];
  case PkInt16Op::Mad:
    return V[0] * V[1] + V[2];
  case PkInt16Op::MaxI:
    return std::max(I(0), I(1));
  case PkInt16Op::MinI:
    return std::min(I(0), I(1));
  case PkInt16Op::MaxU:
    return std::max(V[0], V[1]);
  case PkInt16Op::MinU:
    return std::min(V[0], V[1]);
  case PkInt16Op::LshlRev:
    return V[1] << (V[0] & 15);
  case PkInt16Op::LshrRev:
    return V[1] >> (V[0] & 15);
  case PkInt16Op::AshrRev:
    return I(1) >> (V[0] & 15);
  }
  llvm_unreachable("unknown packed integer operation");
}

/// v_pk_{add,sub}_{u16,i16}, v_pk_mul_lo_u16, v_pk_mad_u16,
/// v_pk_{max,min}_{i16,u16}, v_pk_{lshl,lshr,ashr}rev_b16: each 16-bit half
/// of the result from the halves op_sel (low half, h = 0) and op_sel_hi
/// (high half, h = 1) pick; sums and products modulo 2^16 (the _i16 and _u16
/// forms agree without clamp), shifts by the low 4 bits of the shift
/// amount's half. neg_lo/neg_hi (not defined for integer operations), clamp,
/// and a constant other than 0 read in its high half are refused.
template <PkInt16Op Kind> Error v_pk_int16(WaveCtx &C, const Instr &I) {
  unsigned NumSrc = Kind == PkInt16Op::Mad ? 3 : 2;
  if (Error E = checkPackedModifiers(C, I, NumSrc, "integer",
                                     /*AllowNeg=*/false))
    return E;
  forActive(C, [&](unsigned L) {
    uint32_t Result = 0;
    for (unsigned Half = 0; Half != 2; ++Half) {
      uint32_t V[3] = {};
      for (unsigned S = 0; S != NumSrc; ++S)
        V[S] = packedSrcHalf(C, I, S, Half, L);
      Result |= uint32_t(pkInt16Half<Kind>(V)) << (16 * Half);
    }
    writeV(C, I.op(Role::VDst), L, Result);
  });
  return Error::success();
}

/// v_add_u32 / v_sub_u32 / v_subrev_u32 (gfx10+: *_nc_*) in VOP3 form: the
/// clamp bit saturates the unsigned result (0xffffffff on a carry, 0 on a
/// borrow), as LLVM's uaddsat/usubsat lowering expects. Without clamp they
/// are the plain routines.
template <AddSubOp Kind> Error v_addsub_u32_clamp(WaveCtx &C, const Instr &I) {
  if (!I.imm(Role::Clamp))
    return Kind == AddSubOp::Add   ? v_add_u32(C, I)
           : Kind == AddSubOp::Sub ? v_sub_u32(C, I)
                                   : v_subrev_u32(C, I);
  if (I.imm(Role::OMod))
    return instError(C, I, "omod on an integer operation is not implemented");
  forActive(C, [&](unsigned L) {
    uint64_t A = readV(C, I.op(Role::Src0), L);
    uint64_t B = readV(C, I.op(Role::Src1), L);
    if (Kind == AddSubOp::SubRev)
      std::swap(A, B);
    uint64_t R = Kind == AddSubOp::Add ? std::min<uint64_t>(A + B, 0xffffffff)
                                       : (A >= B ? A - B : 0);
    writeV(C, I.op(Role::VDst), L, uint32_t(R));
  });
  return Error::success();
}

Error v_cndmask_b32(WaveCtx &C, const Instr &I) {
  uint64_t Mask = maskSrc(C, I);
  bool Float = I.imm(Role::Src0Mods) || I.imm(Role::Src1Mods);
  forActive(C, [&](unsigned L) {
    Role Src = (Mask >> L) & 1 ? Role::Src1 : Role::Src0;
    uint32_t V = readV(C, I.op(Src), L);
    if (Float) { // abs/neg modifiers on the selected source.
      uint64_t M = I.imm(Src == Role::Src0 ? Role::Src0Mods : Role::Src1Mods);
      if (M & 2)
        V &= 0x7fffffff;
      if (M & 1)
        V ^= 0x80000000;
    }
    writeV(C, I.op(Role::VDst), L, V);
  });
  return Error::success();
}

// --- Lane operations --------------------------------------------------------

/// v_readlane_b32 sdst, vsrc, lane-select: the lane is src1 modulo the wave
/// size; EXEC is ignored.
Error v_readlane_b32(WaveCtx &C, const Instr &I) {
  unsigned L = readS(C, I.op(Role::Src1)) % C.Lanes;
  writeS(C, I.op(Role::VDst), readV(C, I.op(Role::Src0), L));
  return Error::success();
}

/// v_writelane_b32 vdst, ssrc, lane-select: writes one lane, EXEC ignored.
Error v_writelane_b32(WaveCtx &C, const Instr &I) {
  unsigned L = readS(C, I.op(Role::Src1)) % C.Lanes;
  writeV(C, I.op(Role::VDst), L, uint32_t(readS(C, I.op(Role::Src0))));
  return Error::success();
}

/// v_permlane16_b32 / v_permlanex16_b32 vdst, vsrc, sel_lo, sel_hi
/// (gfx10+): lane i of each row of 16 lanes reads vsrc from lane sel[i] (4
/// bits of the 64-bit {sel_hi, sel_lo}) of its own row, or for permlanex16
/// of the other row of its pair (rows 0/1, 2/3). op_sel[0] is FI and
/// op_sel[1] BOUND_CTRL, as in DPP: a source lane outside EXEC is invalid
/// unless FI; a lane that reads an invalid one gets 0 with BOUND_CTRL and
/// keeps its value otherwise.
template <bool Cross> Error v_permlane16(WaveCtx &C, const Instr &I) {
  uint64_t Sel = uint32_t(readS(C, I.op(Role::Src1))) |
                 uint64_t(uint32_t(readS(C, I.op(Role::Src2)))) << 32;
  bool FetchInactive = I.imm(Role::Src0Mods) & SISrcMods::OP_SEL_0;
  bool BoundCtrl = I.imm(Role::Src1Mods) & SISrcMods::OP_SEL_0;
  const Operand &Src = I.op(Role::Src0), &Dst = I.op(Role::VDst);
  // Every lane's source before any is written (vdst may be vsrc).
  SmallVector<uint32_t, 64> Value(C.Lanes);
  for (unsigned L = 0; L != C.Lanes; ++L)
    Value[L] = readV(C, Src, L);
  uint64_t Exec = C.exec();
  forActive(C, [&](unsigned L) {
    unsigned Row = L / 16 ^ (Cross ? 1 : 0);
    unsigned From = Row * 16 + ((Sel >> (4 * (L % 16))) & 15);
    if (FetchInactive || ((Exec >> From) & 1))
      writeV(C, Dst, L, Value[From]);
    else if (BoundCtrl)
      writeV(C, Dst, L, 0);
  });
  return Error::success();
}
Error v_readfirstlane_b32(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  unsigned L = Exec ? countr_zero(Exec) : 0;
  // The destination is an SGPR, resolved as vdst.
  writeS(C, I.op(Role::VDst), readV(C, I.op(Role::Src0), L));
  return Error::success();
}

/// v_mbcnt_lo/hi_u32_b32: src1 + the number of bits set in src0 that belong
/// to lanes below this one (lanes 0-31 for lo, 32-63 for hi).
template <bool Hi> Error v_mbcnt(WaveCtx &C, const Instr &I) {
  if (Error E = checkNoIntModifiers(C, I))
    return E;
  forActive(C, [&](unsigned L) {
    uint64_t Below = (uint64_t(1) << L) - 1;
    uint32_t Mask = Hi ? uint32_t(Below >> 32) : uint32_t(Below);
    writeV(C, I.op(Role::VDst), L,
           popcount(readV(C, I.op(Role::Src0), L) & Mask) +
               readV(C, I.op(Role::Src1), L));
  });
  return Error::success();
}

/// ds_bpermute_b32 (Backward): lane i reads data0 of lane (addr[i] + offset)
/// / 4 modulo the wave size; ds_permute_b32: lane i writes its data0 to that
/// lane (the highest writing lane wins). Data of a lane EXEC disables reads
/// as 0; only active lanes write vdst. LDS is not accessed. On gfx10+ in
/// wave64 mode these work within 32-lane halves, which is not modelled.
template <bool Backward> Error ds_permute(WaveCtx &C, const Instr &I) {
  if (C.Lanes == 64 && C.DS.Prog.CmpxWritesOnlyExec)
    return instError(C, I, "wave64 permutes on gfx10+ are not modelled");
  uint64_t Exec = C.exec();
  std::vector<uint32_t> Tmp(C.Lanes, 0);
  auto Target = [&](unsigned L) {
    return ((readV(C, I.op(Role::Addr), L) + uint16_t(I.imm(Role::Offset))) >>
            2) %
           C.Lanes;
  };
  forActive(C, [&](unsigned L) {
    unsigned T = Target(L);
    if (Backward)
      Tmp[L] = (Exec >> T) & 1 ? readV(C, I.op(Role::Data0), T) : 0;
    else
      Tmp[T] = readV(C, I.op(Role::Data0), L);
  });
  forActive(C, [&](unsigned L) { writeV(C, I.op(Role::VDst), L, Tmp[L]); });
  return Error::success();
}

// --- Compares ---------------------------------------------------------------

/// Writes a vector compare's lane mask. v_cmpx_* also write it to EXEC; on
/// gfx10+ they write only EXEC, before that also VCC or their sdst.
static void writeCmpResult(WaveCtx &C, const Instr &I, uint64_t Out, bool IsX) {
  if (!IsX || !C.DS.Prog.CmpxWritesOnlyExec || I.has(Role::SDst))
    writeS(C, maskDst(C, I), Out);
  if (IsX)
    writeS(C,
           Operand{OpKind::SGPR, uint8_t(C.Lanes == 64 ? 2 : 1),
                   uint16_t(SRegEXEC), false, 0},
           Out);
}

/// Vector integer compares: mask bit = cmp(src0, src1) for active lanes.
template <typename T, Cmp K, bool IsX> Error v_cmp(WaveCtx &C, const Instr &I) {
  uint64_t Out = 0;
  forActive(C, [&](unsigned L) {
    T A, B;
    if constexpr (sizeof(T) == 8) {
      A = T(readV64(C, I.op(Role::Src0), L));
      B = T(readV64(C, I.op(Role::Src1), L));
    } else {
      // 16-bit compares see the low halves (T truncates); SDWA forms
      // select their sources first.
      A = T(srcInt(C, I, Role::Src0, L));
      B = T(srcInt(C, I, Role::Src1, L));
    }
    Out |= uint64_t(compare<T, K>(A, B)) << L;
  });
  writeCmpResult(C, I, Out, IsX);
  return Error::success();
}

template <typename T> static bool fcompare(FCmp K, T A, T B) {
  bool Unord = std::isnan(A) || std::isnan(B);
  switch (K) {
  case FCmp::LT:
    return A < B;
  case FCmp::EQ:
    return A == B;
  case FCmp::LE:
    return A <= B;
  case FCmp::GT:
    return A > B;
  case FCmp::LG:
    return A < B || A > B;
  case FCmp::GE:
    return A >= B;
  case FCmp::O:
    return !Unord;
  case FCmp::U:
    return Unord;
  case FCmp::NGE:
    return !(A >= B);
  case FCmp::NLG:
    return !(A < B || A > B);
  case FCmp::NGT:
    return !(A > B);
  case FCmp::NLE:
    return !(A <= B);
  case FCmp::NEQ:
    return !(A == B);
  case FCmp::NLT:
    return !(A < B);
  case FCmp::F:
    return false;
  default:
    return true;
  }
}

/// v_cmp_* / v_cmpx_* on floats of type T read by Read.
template <typename T, ReadFloat<T> Read, FCmp K, bool IsX>
Error v_cmp_fp(WaveCtx &C, const Instr &I) {
  uint64_t Out = 0;
  forActive(C, [&](unsigned L) {
    T A = Read(C, I, Role::Src0, Role::Src0Mods, L);
    T B = Read(C, I, Role::Src1, Role::Src1Mods, L);
    Out |= uint64_t(fcompare(K, A, B)) << L;
  });
  writeCmpResult(C, I, Out, IsX);
  return Error::success();
}

/// v_cmp_class_f32/f64 (and v_cmpx_): mask bit = the class of src0 (after
/// its abs/neg modifiers, not flushed) is in the set src1 names: bit 0
/// signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
/// 7 +denormal, 8 +normal, 9 +inf.
template <unsigned ExpBits, unsigned ManBits>
static unsigned fpClass(uint64_t B) {
  uint64_t Man = B & ((uint64_t(1) << ManBits) - 1);
  uint64_t Exp = (B >> ManBits) & ((uint64_t(1) << ExpBits) - 1);
  bool Neg = (B >> (ExpBits + ManBits)) & 1;
  if (Exp == (uint64_t(1) << ExpBits) - 1) {
    if (Man)
      return (Man >> (ManBits - 1)) & 1 ? 1 : 0;
    return Neg ? 2 : 9;
  }
  if (Exp)
    return Neg ? 3 : 8;
  if (Man)
    return Neg ? 4 : 7;
  return Neg ? 5 : 6;
}

template <bool F64, bool IsX> Error v_cmp_class(WaveCtx &C, const Instr &I) {
  uint64_t Out = 0;
  uint64_t M = I.imm(Role::Src0Mods);
  forActive(C, [&](unsigned L) {
    uint64_t B =
        F64 ? readV64(C, I.op(Role::Src0), L) : readV(C, I.op(Role::Src0), L);
    uint64_t Sign = F64 ? uint64_t(1) << 63 : uint64_t(1) << 31;
    if (M & 2)
      B &= ~Sign;
    if (M & 1)
      B ^= Sign;
    unsigned Class = F64 ? fpClass<11, 52>(B) : fpClass<8, 23>(B);
    uint32_t Set = readV(C, I.op(Role::Src1), L);
    Out |= uint64_t((Set >> Class) & 1) << L;
  });
  writeCmpResult(C, I, Out, IsX);
  return Error::success();
}

// --- Specializations the table in Semantics.cpp uses ------------------------

template Error v_permlane16<false>(WaveCtx &, const Instr &);
template Error v_permlane16<true>(WaveCtx &, const Instr &);
template Error v_shift64<ShiftOp::Lshl>(WaveCtx &, const Instr &);
template Error v_shift64<ShiftOp::Lshr>(WaveCtx &, const Instr &);
template Error v_shift64<ShiftOp::Ashr>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::Add, false>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::Sub, false>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::SubRev, false>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::Add, true>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::Sub, true>(WaveCtx &, const Instr &);
template Error v_addsub_co<AddSubOp::SubRev, true>(WaveCtx &, const Instr &);
template Error v_mad_16<false, false>(WaveCtx &, const Instr &);
template Error v_mad_16<true, false>(WaveCtx &, const Instr &);
template Error v_mad_16<false, true>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::Add>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::Sub>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::MulLo>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::Mad>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::MaxI>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::MinI>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::MaxU>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::MinU>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::LshlRev>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::LshrRev>(WaveCtx &, const Instr &);
template Error v_pk_int16<PkInt16Op::AshrRev>(WaveCtx &, const Instr &);
template Error v_mad_16<true, true>(WaveCtx &, const Instr &);
template Error v_addsub_u32_clamp<AddSubOp::Add>(WaveCtx &, const Instr &);
template Error v_addsub_u32_clamp<AddSubOp::Sub>(WaveCtx &, const Instr &);
template Error v_addsub_u32_clamp<AddSubOp::SubRev>(WaveCtx &, const Instr &);
template Error v_minmax3<int32_t, MinMax3Op::Min>(WaveCtx &, const Instr &);
template Error v_minmax3<int32_t, MinMax3Op::Max>(WaveCtx &, const Instr &);
template Error v_minmax3<int32_t, MinMax3Op::Med>(WaveCtx &, const Instr &);
template Error v_minmax3<uint32_t, MinMax3Op::Min>(WaveCtx &, const Instr &);
template Error v_minmax3<uint32_t, MinMax3Op::Max>(WaveCtx &, const Instr &);
template Error v_minmax3<uint32_t, MinMax3Op::Med>(WaveCtx &, const Instr &);
template Error v_mbcnt<false>(WaveCtx &, const Instr &);
template Error v_mbcnt<true>(WaveCtx &, const Instr &);
template Error ds_permute<false>(WaveCtx &, const Instr &);
template Error ds_permute<true>(WaveCtx &, const Instr &);
template Error v_cmp_class<false, false>(WaveCtx &, const Instr &);
template Error v_cmp_class<false, true>(WaveCtx &, const Instr &);
template Error v_cmp_class<true, false>(WaveCtx &, const Instr &);
template Error v_cmp_class<true, true>(WaveCtx &, const Instr &);

#define INSTANTIATE_V_CMP(T, K)                                                \
  template Error v_cmp<T, Cmp::K, false>(WaveCtx &, const Instr &);            \
  template Error v_cmp<T, Cmp::K, true>(WaveCtx &, const Instr &);
#define INSTANTIATE_V_CMPS(T)                                                  \
  INSTANTIATE_V_CMP(T, EQ)                                                     \
  INSTANTIATE_V_CMP(T, LG)                                                     \
  INSTANTIATE_V_CMP(T, GT)                                                     \
  INSTANTIATE_V_CMP(T, GE)                                                     \
  INSTANTIATE_V_CMP(T, LT)                                                     \
  INSTANTIATE_V_CMP(T, LE)                                                     \
  INSTANTIATE_V_CMP(T, False)                                                  \
  INSTANTIATE_V_CMP(T, True)
INSTANTIATE_V_CMPS(int16_t)
INSTANTIATE_V_CMPS(uint16_t)
INSTANTIATE_V_CMPS(int32_t)
INSTANTIATE_V_CMPS(uint32_t)
INSTANTIATE_V_CMPS(int64_t)
INSTANTIATE_V_CMPS(uint64_t)
#undef INSTANTIATE_V_CMPS
#undef INSTANTIATE_V_CMP

#define INSTANTIATE_V_CMP_FP(T, READ, K)                                       \
  template Error v_cmp_fp<T, READ, FCmp::K, false>(WaveCtx &, const Instr &);  \
  template Error v_cmp_fp<T, READ, FCmp::K, true>(WaveCtx &, const Instr &);
// clang-format off: one compare per line.
#define INSTANTIATE_V_CMPS_FP(T, READ)                                         \
  INSTANTIATE_V_CMP_FP(T, READ, LT)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, EQ)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, LE)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, GT)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, LG)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, GE)                                            \
  INSTANTIATE_V_CMP_FP(T, READ, O)                                             \
  INSTANTIATE_V_CMP_FP(T, READ, U)                                             \
  INSTANTIATE_V_CMP_FP(T, READ, NGE)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, NLG)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, NGT)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, NLE)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, NEQ)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, NLT)                                           \
  INSTANTIATE_V_CMP_FP(T, READ, F)                                             \
  INSTANTIATE_V_CMP_FP(T, READ, TRU)
// clang-format on
INSTANTIATE_V_CMPS_FP(float, srcF)
INSTANTIATE_V_CMPS_FP(double, srcD)
INSTANTIATE_V_CMPS_FP(float, srcHalfF)
#undef INSTANTIATE_V_CMPS_FP
#undef INSTANTIATE_V_CMP_FP

} // namespace semantics
} // namespace amdgpu_emu
} // namespace llvm
