//===- SemanticsScalar.cpp - What the scalar instructions do --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The semantics of the scalar instructions: program control (s_endpgm,
/// s_barrier, branches and calls), the SALU (SOP1, SOP2, SOPK, SOPC) and the
/// scalar memory loads. The table in Semantics.cpp maps names to them.
///
//===----------------------------------------------------------------------===//

#include "SemanticsImpl.h"
#include "llvm/Support/FormatVariadic.h"
#include <cstring>
#include <optional>
#include <type_traits>

namespace llvm {
namespace amdgpu_emu {
namespace semantics {

// --- Program control --------------------------------------------------------

Error nop(WaveCtx &, const Instr &) { return Error::success(); }

Error endpgm(WaveCtx &C, const Instr &) {
  C.W.Ended = true;
  return Error::success();
}

Error barrier(WaveCtx &C, const Instr &) {
  C.W.AtBarrier = true;
  ++C.W.Barriers;
  return Error::success();
}

static Error branchTo(WaveCtx &C, const Instr &I, bool Taken) {
  if (!Taken)
    return Error::success();
  if (I.Target == NoTarget)
    return instError(C, I,
                     "the branch target is not an instruction of the "
                     "kernel");
  C.W.PC = I.Target;
  return Error::success();
}

template <BranchCond Cond> Error cbranch(WaveCtx &C, const Instr &I) {
  bool Taken;
  switch (Cond) {
  case BranchCond::Always:
    Taken = true;
    break; // s_branch
  case BranchCond::SCC0:
    Taken = !C.W.SCC;
    break; // scc0
  case BranchCond::SCC1:
    Taken = C.W.SCC;
    break; // scc1
  case BranchCond::VCCZ:
    Taken = C.vcc() == 0;
    break; // vccz
  case BranchCond::VCCNZ:
    Taken = C.vcc() != 0;
    break; // vccnz
  case BranchCond::ExecZ:
    Taken = C.exec() == 0;
    break; // execz
  default:
    Taken = C.exec() != 0;
    break; // execnz
  }
  if (Cond == BranchCond::ExecZ || Cond == BranchCond::ExecNZ)
    ++(Taken ? C.DS.Stats.ExecBranchTaken : C.DS.Stats.ExecBranchNotTaken);
  return branchTo(C, I, Taken);
}

// --- Calls ------------------------------------------------------------------

/// Continues at global address Target, which must be an instruction.
static Error jumpTo(WaveCtx &C, const Instr &I, uint64_t Target) {
  auto It = C.DS.Prog.IndexOf.find(Target - ImageBase);
  if (It == C.DS.Prog.IndexOf.end())
    return instError(C, I,
                     formatv("jump to 0x{0:x-}, which is not an instruction "
                             "of any function",
                             Target));
  C.W.PC = It->second;
  return Error::success();
}

/// s_getpc_b64: sdst = the address of the next instruction.
Error s_getpc(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst), ImageBase + I.Addr + 4);
  return Error::success();
}

/// s_swappc_b64: sdst = return address; continue at src0.
Error s_swappc(WaveCtx &C, const Instr &I) {
  uint64_t Target = readS(C, I.op(Role::Src0));
  writeS(C, I.op(Role::SDst), ImageBase + I.Addr + 4);
  return jumpTo(C, I, Target);
}

/// s_setpc_b64: continue at src0 (returns from calls).
Error s_setpc(WaveCtx &C, const Instr &I) {
  return jumpTo(C, I, readS(C, I.op(Role::Src0)));
}

// --- SALU ------------------------------------------------------------------

namespace {
enum class SccRule { None, NonZero };
} // namespace

/// |A - B| of the wrapped 32-bit difference, as an unsigned word.
static uint32_t absDiff32(uint32_t A, uint32_t B) {
  uint32_t D = A - B;
  return int32_t(D) < 0 ? 0u - D : D;
}

/// d = F(s0, s1) on 32 or 64 bits; SCC = d != 0 when the rule says so.
template <SccRule R = SccRule::NonZero, typename F>
static Error salu2(WaveCtx &C, const Instr &I, F Fn) {
  uint64_t D = Fn(readS(C, I.op(Role::Src0)), readS(C, I.op(Role::Src1)));
  if (I.op(Role::SDst).Dwords == 1)
    D = uint32_t(D);
  writeS(C, I.op(Role::SDst), D);
  if (R == SccRule::NonZero)
    C.W.SCC = D != 0;
  return Error::success();
}

#define SALU2(NAME, EXPR)                                                      \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return salu2(C, I,                                                         \
                 [](uint64_t A, uint64_t B) -> uint64_t { return EXPR; });     \
  }
SALU2(s_and, A &B)
SALU2(s_or, A | B)
SALU2(s_xor, A ^ B)
SALU2(s_andn2, A & ~B)
SALU2(s_orn2, A | ~B)
SALU2(s_nand, ~(A &B))
SALU2(s_nor, ~(A | B))
SALU2(s_xnor, ~(A ^ B))
SALU2(s_lshl_b32, uint32_t(A) << (B & 31))
SALU2(s_lshl_b64, A << (B & 63))
SALU2(s_lshr_b32, uint32_t(A) >> (B & 31))
SALU2(s_lshr_b64, A >> (B & 63))
SALU2(s_ashr_i32, uint32_t(int32_t(A) >> (B & 31)))
SALU2(s_ashr_i64, uint64_t(int64_t(A) >> (B & 63)))
// s_absdiff_i32: D = |S0 - S1|, the difference wrapping to 32 bits first
// (0x80000000 - 1 gives 0x7fffffff; 0 - 0x80000000 gives 0x80000000).
SALU2(s_absdiff_i32, absDiff32(uint32_t(A), uint32_t(B)))
#undef SALU2

// s_pack_{ll,lh,hh}_b32_b16: D = {S1 half, S0 half}, the low (l) or high (h)
// 16 bits of each source, S0's in D[15:0]; SCC is not written.
#define SPACK(NAME, EXPR)                                                      \
  Error NAME(WaveCtx &C, const Instr &I) {                                     \
    return salu2<SccRule::None>(                                               \
        C, I, [](uint64_t A, uint64_t B) -> uint64_t { return EXPR; });        \
  }
SPACK(s_pack_ll_b32_b16, (B & 0xffff) << 16 | (A & 0xffff))
SPACK(s_pack_lh_b32_b16, (B & 0xffff0000) | (A & 0xffff))
SPACK(s_pack_hh_b32_b16, (B & 0xffff0000) | (A >> 16 & 0xffff))
#undef SPACK

/// s_bfe_{u,i}{32,64}: the field of S0 at offset S1[4:0] (S1[5:0] for 64
/// bits) and width S1[22:16], zero- or sign-extended; SCC = D != 0. A width
/// of 0 gives 0; a field that runs past the top takes the bits there are,
/// and the signed forms its sign from the top bit (S0.i >> offset).
template <typename T> Error s_bfe(WaveCtx &C, const Instr &I) {
  constexpr unsigned Bits = sizeof(T) * 8;
  uint64_t S1 = readS(C, I.op(Role::Src1));
  unsigned Offset = S1 & (Bits - 1), Width = (S1 >> 16) & 0x7f;
  using U = std::make_unsigned_t<T>;
  U Field = U(T(readS(C, I.op(Role::Src0))) >> Offset);
  if (Width < Bits) {
    Field &= (U(1) << Width) - 1;
    if (std::is_signed_v<T> && Width && (Field >> (Width - 1)) & 1)
      Field |= ~((U(1) << Width) - 1);
  }
  writeS(C, I.op(Role::SDst),
         uint64_t(Field) & (Bits == 32 ? 0xffffffffu : ~uint64_t(0)));
  C.W.SCC = Field != 0;
  return Error::success();
}

/// s_mul_hi_u32 / s_mul_hi_i32: the high half of the 64-bit product. Like
/// s_mul_i32 they do not write SCC.
template <bool Signed> Error s_mul_hi(WaveCtx &C, const Instr &I) {
  uint32_t A = uint32_t(readS(C, I.op(Role::Src0)));
  uint32_t B = uint32_t(readS(C, I.op(Role::Src1)));
  uint64_t P =
      Signed ? uint64_t(int64_t(int32_t(A)) * int32_t(B)) : uint64_t(A) * B;
  writeS(C, I.op(Role::SDst), uint32_t(P >> 32));
  return Error::success();
}

Error s_mul_i32(WaveCtx &C, const Instr &I) { // Does not write SCC.
  writeS(C, I.op(Role::SDst),
         uint32_t(readS(C, I.op(Role::Src0))) *
             uint32_t(readS(C, I.op(Role::Src1))));
  return Error::success();
}

template <unsigned Shift> Error s_lshl_add_u32(WaveCtx &C, const Instr &I) {
  uint64_t D = (readS(C, I.op(Role::Src0)) & 0xffffffff) << Shift;
  D += readS(C, I.op(Role::Src1)) & 0xffffffff;
  writeS(C, I.op(Role::SDst), uint32_t(D));
  C.W.SCC = D >> 32;
  return Error::success();
}

Error s_add_u32(WaveCtx &C, const Instr &I) {
  uint64_t D = uint64_t(uint32_t(readS(C, I.op(Role::Src0)))) +
               uint32_t(readS(C, I.op(Role::Src1)));
  writeS(C, I.op(Role::SDst), uint32_t(D));
  C.W.SCC = D >> 32;
  return Error::success();
}

Error s_addc_u32(WaveCtx &C, const Instr &I) {
  uint64_t D = uint64_t(uint32_t(readS(C, I.op(Role::Src0)))) +
               uint32_t(readS(C, I.op(Role::Src1))) + C.W.SCC;
  writeS(C, I.op(Role::SDst), uint32_t(D));
  C.W.SCC = D >> 32;
  return Error::success();
}

Error s_sub_u32(WaveCtx &C, const Instr &I) {
  uint32_t A = uint32_t(readS(C, I.op(Role::Src0)));
  uint32_t B = uint32_t(readS(C, I.op(Role::Src1)));
  writeS(C, I.op(Role::SDst), A - B);
  C.W.SCC = B > A;
  return Error::success();
}

Error s_subb_u32(WaveCtx &C, const Instr &I) {
  uint32_t A = uint32_t(readS(C, I.op(Role::Src0)));
  uint64_t B = uint64_t(uint32_t(readS(C, I.op(Role::Src1)))) + C.W.SCC;
  writeS(C, I.op(Role::SDst), uint32_t(A - B));
  C.W.SCC = B > A;
  return Error::success();
}

template <bool Sub> Error s_addsub_i32(WaveCtx &C, const Instr &I) {
  int32_t A = int32_t(readS(C, I.op(Role::Src0)));
  int32_t B = int32_t(readS(C, I.op(Role::Src1)));
  int32_t D;
  bool Overflow =
      Sub ? __builtin_sub_overflow(A, B, &D) : __builtin_add_overflow(A, B, &D);
  writeS(C, I.op(Role::SDst), uint32_t(D));
  C.W.SCC = Overflow;
  return Error::success();
}

/// s_addk_i32 / s_mulk_i32: sdst = sdst op simm16.
template <bool Mul> Error s_k_i32(WaveCtx &C, const Instr &I) {
  int32_t A = int32_t(readS(C, I.op(Role::SDst)));
  int32_t B = int16_t(I.imm(Role::Simm16));
  int32_t D;
  bool Overflow = Mul ? (D = int32_t(uint32_t(A) * uint32_t(B)), false)
                      : __builtin_add_overflow(A, B, &D);
  writeS(C, I.op(Role::SDst), uint32_t(D));
  if (!Mul)
    C.W.SCC = Overflow;
  return Error::success();
}

Error s_mov(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst), readS(C, I.op(Role::Src0)));
  return Error::success();
}

Error s_movk_i32(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst), uint32_t(int32_t(int16_t(I.imm(Role::Simm16)))));
  return Error::success();
}

Error s_not(WaveCtx &C, const Instr &I) {
  uint64_t D = ~readS(C, I.op(Role::Src0));
  if (I.op(Role::SDst).Dwords == 1)
    D = uint32_t(D);
  writeS(C, I.op(Role::SDst), D);
  C.W.SCC = D != 0;
  return Error::success();
}

Error s_brev(WaveCtx &C, const Instr &I) { // Does not write SCC.
  uint64_t A = readS(C, I.op(Role::Src0));
  writeS(C, I.op(Role::SDst),
         I.op(Role::SDst).Dwords == 1 ? uint64_t(reverseBits(uint32_t(A)))
                                      : reverseBits(A));
  return Error::success();
}

/// s_bfm: a mask of src0 ones shifted left by src1 (no SCC).
Error s_bfm(WaveCtx &C, const Instr &I) {
  uint64_t A = readS(C, I.op(Role::Src0)), B = readS(C, I.op(Role::Src1));
  bool Wide = I.op(Role::SDst).Dwords == 2;
  unsigned Mask = Wide ? 63 : 31;
  uint64_t Ones = (A & Mask) == 0 ? 0 : ~uint64_t(0) >> (64 - (A & Mask));
  writeS(C, I.op(Role::SDst), Ones << (B & Mask));
  return Error::success();
}

Error s_abs_i32(WaveCtx &C, const Instr &I) {
  int32_t A = int32_t(readS(C, I.op(Role::Src0)));
  uint32_t D = A < 0 ? 0u - uint32_t(A) : uint32_t(A);
  writeS(C, I.op(Role::SDst), D);
  C.W.SCC = D != 0;
  return Error::success();
}

template <typename T, bool Max> Error s_minmax(WaveCtx &C, const Instr &I) {
  T A = T(readS(C, I.op(Role::Src0))), B = T(readS(C, I.op(Role::Src1)));
  // SCC = 1 when src0 is chosen: max takes it when S0 >= S1, min only when
  // S0 < S1 (the ISA's SCC definitions), so a tie gives min SCC = 0.
  bool PickA = Max ? A >= B : A < B;
  writeS(C, I.op(Role::SDst), uint32_t(PickA ? A : B));
  C.W.SCC = PickA;
  return Error::success();
}

template <int Bits> Error s_sext(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst),
         uint32_t(SignExtend32<Bits>(uint32_t(readS(C, I.op(Role::Src0))))));
  return Error::success();
}

/// s_bcnt1_i32_b32/b64 (One) and s_bcnt0_i32_b32/b64: the number of one
/// (zero) bits of src0; SCC = D != 0.
template <bool One> Error s_bcnt(WaveCtx &C, const Instr &I) {
  uint64_t A = readS(C, I.op(Role::Src0));
  // The opcode gives the width: an inline constant such as -1 reads as 64
  // sign-extended bits whatever the operand size.
  unsigned Bits = I.Name.ends_with("_B32") ? 32 : 64;
  if (Bits == 32)
    A = uint32_t(A);
  uint32_t D = One ? popcount(A) : Bits - popcount(A);
  writeS(C, I.op(Role::SDst), D);
  C.W.SCC = D != 0;
  return Error::success();
}

Error s_cselect(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst),
         readS(C, I.op(C.W.SCC ? Role::Src0 : Role::Src1)));
  return Error::success();
}

template <typename T, Cmp K> Error s_cmp(WaveCtx &C, const Instr &I) {
  C.W.SCC = compare<T, K>(T(readS(C, I.op(Role::Src0))),
                          T(readS(C, I.op(Role::Src1))));
  return Error::success();
}

/// s_cmpk_*: SCC = cmp(sdst, simm16); the register operand is named sdst
/// although it is read. Signed forms sign-extend simm16, unsigned ones
/// zero-extend it.
template <typename T, Cmp K> Error s_cmpk(WaveCtx &C, const Instr &I) {
  uint64_t K16 = uint16_t(I.imm(Role::Simm16));
  T B = std::is_signed_v<T> ? T(int16_t(K16)) : T(K16);
  C.W.SCC = compare<T, K>(T(readS(C, I.op(Role::SDst))), B);
  return Error::success();
}

/// sdst = EXEC; EXEC = src0 op EXEC; SCC = EXEC != 0.
template <SaveExec K> Error s_saveexec(WaveCtx &C, const Instr &I) {
  const Operand &Dst = I.op(Role::SDst);
  bool Wide = Dst.Dwords == 2;
  uint64_t Old = Wide ? readS(C, {OpKind::SGPR, 2, uint16_t(SRegEXEC), 0})
                      : C.W.S[SRegEXEC];
  uint64_t S = readS(C, I.op(Role::Src0));
  uint64_t New;
  switch (K) {
  case SaveExec::And:
    New = S & Old;
    break;
  case SaveExec::Or:
    New = S | Old;
    break;
  case SaveExec::Xor:
    New = S ^ Old;
    break;
  case SaveExec::AndN2:
    New = S & ~Old;
    break;
  default:
    New = S | ~Old;
    break;
  }
  if (!Wide)
    New = uint32_t(New);
  writeS(C, Dst, Old);
  writeS(C, {OpKind::SGPR, uint8_t(Wide ? 2 : 1), uint16_t(SRegEXEC), 0}, New);
  C.W.SCC = New != 0;
  return Error::success();
}

/// s_setreg_b32 / s_setreg_imm32_b32 into hwreg(ID, OFFSET, SIZE). Writes to
/// the flat-scratch base registers (gfx10: 20 and 21) are accepted and have
/// no effect: they only matter to flat scratch accesses, which the emulator
/// refuses. Any other hardware register (MODE, for one, changes FP
/// behaviour) stops the run.
Error s_setreg(WaveCtx &C, const Instr &I) {
  uint64_t Imm = I.imm(Role::Simm16);
  unsigned Id = Imm & 63;
  if (Id != 20 && Id != 21)
    return instError(C, I,
                     formatv("writes to hardware register {0} are not "
                             "modelled",
                             Id));
  return Error::success();
}

// VGPR index mode (gfx8/gfx9 ISA manuals; LLVM uses it on gfx9 for dynamic
// indexing of a vector in VGPRs): while MODE.gpr_idx_en is set, M0[7:0] is
// added to the VGPR number of the operands of VALU instructions that
// M0[15:12] selects (bit 0 src0, 1 src1, 2 src2, 3 vdst); constants and
// SGPRs are not indexed. Wave.cpp's relocateOperands applies it. None of
// these instructions writes SCC.

/// M0 with the fields of VGPR index mode replaced: Index (bits 7:0) and/or
/// Mode (bits 15:12); the other bits of M0 are kept.
static void setGprIdxFields(WaveCtx &C, std::optional<uint32_t> Index,
                            std::optional<uint32_t> Mode) {
  uint32_t &M0 = C.W.S[SRegM0];
  if (Index)
    M0 = (M0 & ~GprIdxIndexMask) | (*Index & GprIdxIndexMask);
  if (Mode)
    M0 = (M0 & ~(0xfu << GprIdxModeShift)) | (*Mode & 0xf) << GprIdxModeShift;
}

/// s_set_gpr_idx_on src0, mode: MODE.gpr_idx_en = 1; M0[7:0] = src0[7:0];
/// M0[15:12] = the mode immediate.
Error s_set_gpr_idx_on(WaveCtx &C, const Instr &I) {
  setGprIdxFields(C, uint32_t(readS(C, I.op(Role::Src0))),
                  uint32_t(I.imm(Role::Src1)));
  C.W.GprIdxEn = true;
  return Error::success();
}

/// s_set_gpr_idx_off: MODE.gpr_idx_en = 0; M0 is not modified.
Error s_set_gpr_idx_off(WaveCtx &C, const Instr &I) {
  C.W.GprIdxEn = false;
  return Error::success();
}

/// s_set_gpr_idx_mode mode: M0[15:12] = the mode immediate.
Error s_set_gpr_idx_mode(WaveCtx &C, const Instr &I) {
  setGprIdxFields(C, std::nullopt, uint32_t(I.imm(Role::Simm16)));
  return Error::success();
}

/// s_set_gpr_idx_idx src0: M0[7:0] = src0[7:0].
Error s_set_gpr_idx_idx(WaveCtx &C, const Instr &I) {
  setGprIdxFields(C, uint32_t(readS(C, I.op(Role::Src0))), std::nullopt);
  return Error::success();
}

/// s_bitcmp0/1_b32/b64: SCC = (bit src1 of src0) == 0 / 1.
template <bool One, unsigned Bits> Error s_bitcmp(WaveCtx &C, const Instr &I) {
  uint64_t V = readS(C, I.op(Role::Src0));
  unsigned Bit = readS(C, I.op(Role::Src1)) & (Bits - 1);
  C.W.SCC = ((V >> Bit) & 1) == One;
  return Error::success();
}

/// s_bitset0/1_b32/b64: clears / sets bit (src0 mod width) of sdst, which
/// the instruction also reads; SCC is not written.
template <bool One, unsigned Bits> Error s_bitset(WaveCtx &C, const Instr &I) {
  const Operand &Dst = I.op(Role::SDst);
  uint64_t V = readS(C, Dst);
  uint64_t Mask = uint64_t(1) << (readS(C, I.op(Role::Src0)) & (Bits - 1));
  V = One ? V | Mask : V & ~Mask;
  writeS(C, Dst, Bits == 32 ? uint32_t(V) : V);
  return Error::success();
}

/// s_ff1_*, s_flbit_*: see BitScan.
template <BitScan K, unsigned Bits>
Error s_bitscan(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst), bitScan<K, Bits>(readS(C, I.op(Role::Src0))));
  return Error::success();
}

// --- SMEM ------------------------------------------------------------------

Error s_load(WaveCtx &C, const Instr &I) {
  uint64_t Addr = readS(C, I.op(Role::SBase));
  if (I.has(Role::Offset))
    Addr += uint64_t(int64_t(SignExtend64<21>(I.op(Role::Offset).Imm)));
  if (I.has(Role::SOffset))
    Addr += uint32_t(readS(C, I.op(Role::SOffset)));
  const Operand &Dst = I.op(Role::SData).Kind != OpKind::None
                           ? I.op(Role::SData)
                           : I.op(Role::SDst);
  unsigned Bytes = 4 * Dst.Dwords;
  Addr &= ~uint64_t(3); // Scalar loads ignore the low two address bits.
  uint8_t *P = C.DS.Mem.translate(Addr, Bytes);
  if (!P)
    return instError(
        C, I,
        formatv("{0} bytes at 0x{1:x-} are outside every buffer", Bytes, Addr));
  if (Dst.Kind == OpKind::SGPR)
    std::memcpy(&C.W.S[Dst.Index], P, Bytes);
  return Error::success();
}

// --- Specializations the table in Semantics.cpp uses ------------------------

template Error cbranch<BranchCond::Always>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::SCC0>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::SCC1>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::VCCZ>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::VCCNZ>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::ExecZ>(WaveCtx &, const Instr &);
template Error cbranch<BranchCond::ExecNZ>(WaveCtx &, const Instr &);
template Error s_bfe<uint32_t>(WaveCtx &, const Instr &);
template Error s_bfe<int32_t>(WaveCtx &, const Instr &);
template Error s_bfe<uint64_t>(WaveCtx &, const Instr &);
template Error s_bfe<int64_t>(WaveCtx &, const Instr &);
template Error s_lshl_add_u32<1>(WaveCtx &, const Instr &);
template Error s_lshl_add_u32<2>(WaveCtx &, const Instr &);
template Error s_lshl_add_u32<3>(WaveCtx &, const Instr &);
template Error s_lshl_add_u32<4>(WaveCtx &, const Instr &);
template Error s_addsub_i32<false>(WaveCtx &, const Instr &);
template Error s_addsub_i32<true>(WaveCtx &, const Instr &);
template Error s_k_i32<false>(WaveCtx &, const Instr &);
template Error s_k_i32<true>(WaveCtx &, const Instr &);
template Error s_mul_hi<false>(WaveCtx &, const Instr &);
template Error s_mul_hi<true>(WaveCtx &, const Instr &);
template Error s_minmax<int32_t, false>(WaveCtx &, const Instr &);
template Error s_minmax<int32_t, true>(WaveCtx &, const Instr &);
template Error s_minmax<uint32_t, false>(WaveCtx &, const Instr &);
template Error s_minmax<uint32_t, true>(WaveCtx &, const Instr &);
template Error s_sext<8>(WaveCtx &, const Instr &);
template Error s_sext<16>(WaveCtx &, const Instr &);
template Error s_bcnt<false>(WaveCtx &, const Instr &);
template Error s_bcnt<true>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::EQ>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::LG>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::GT>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::GE>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::LT>(WaveCtx &, const Instr &);
template Error s_cmp<int32_t, Cmp::LE>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::EQ>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::LG>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::GT>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::GE>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::LT>(WaveCtx &, const Instr &);
template Error s_cmp<uint32_t, Cmp::LE>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::EQ>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::LG>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::GT>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::GE>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::LT>(WaveCtx &, const Instr &);
template Error s_cmpk<int32_t, Cmp::LE>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::EQ>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::LG>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::GT>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::GE>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::LT>(WaveCtx &, const Instr &);
template Error s_cmpk<uint32_t, Cmp::LE>(WaveCtx &, const Instr &);
template Error s_cmp<uint64_t, Cmp::EQ>(WaveCtx &, const Instr &);
template Error s_cmp<uint64_t, Cmp::LG>(WaveCtx &, const Instr &);
template Error s_saveexec<SaveExec::And>(WaveCtx &, const Instr &);
template Error s_saveexec<SaveExec::Or>(WaveCtx &, const Instr &);
template Error s_saveexec<SaveExec::Xor>(WaveCtx &, const Instr &);
template Error s_saveexec<SaveExec::AndN2>(WaveCtx &, const Instr &);
template Error s_saveexec<SaveExec::OrN2>(WaveCtx &, const Instr &);
template Error s_bitcmp<false, 32>(WaveCtx &, const Instr &);
template Error s_bitcmp<true, 32>(WaveCtx &, const Instr &);
template Error s_bitcmp<false, 64>(WaveCtx &, const Instr &);
template Error s_bitcmp<true, 64>(WaveCtx &, const Instr &);
template Error s_bitset<false, 32>(WaveCtx &, const Instr &);
template Error s_bitset<true, 32>(WaveCtx &, const Instr &);
template Error s_bitset<false, 64>(WaveCtx &, const Instr &);
template Error s_bitset<true, 64>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::FirstOne, 32>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::FirstOne, 64>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::FirstZero, 32>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::FirstZero, 64>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::LeadingZeros, 32>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::LeadingZeros, 64>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::LeadingSign, 32>(WaveCtx &, const Instr &);
template Error s_bitscan<BitScan::LeadingSign, 64>(WaveCtx &, const Instr &);

} // namespace semantics
} // namespace amdgpu_emu
} // namespace llvm
