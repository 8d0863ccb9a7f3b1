//===- Semantics.cpp - What each AMDGPU instruction does ------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Instruction semantics, keyed by opcode name without encoding suffix (so one
// routine serves V_ADD_U32_e32_vi and V_ADD_U32_e32_gfx10). Each routine
// reads its operands through the roles the Program resolved (vdst, src0, ...).
//
// Conventions:
//   - VALU routines write only lanes whose EXEC bit is set. A carry or
//     compare result (VCC or an SGPR pair) has the bits of inactive lanes
//     cleared, as hardware does.
//   - SCC is written only by instructions documented to write it.
//   - f32 arithmetic is IEEE single precision on the host, with input and
//     output denormals flushed as COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32 says.
//     v_rcp_f32 / v_rcp_iflag_f32 return the correctly rounded reciprocal
//     (hardware is within 1 ulp): see docs/Emulator.md.
//
// Adding an instruction: write (or reuse) a routine below and add its name to
// the table in lookupSemantics(); add a unit test in
// llvm/unittests/tools/llvm-amdgpu-emu.
//
//===----------------------------------------------------------------------===//

#include "ExecutorImpl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

using namespace llvm;
using namespace llvm::amdgpu_emu;

namespace {

//===----------------------------------------------------------------------===//
// Operand access.
//===----------------------------------------------------------------------===//

uint64_t readS(const WaveCtx &C, const Operand &O) {
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

void writeS(WaveCtx &C, const Operand &O, uint64_t V) {
  if (O.Kind != OpKind::SGPR)
    return; // Null destinations discard.
  C.W.S[O.Index] = uint32_t(V);
  if (O.Dwords > 1)
    C.W.S[O.Index + 1] = uint32_t(V >> 32);
}

unsigned vregBase(const Operand &O) {
  return O.Kind == OpKind::AGPR ? 256 + O.Index : O.Index;
}

bool isVector(const Operand &O) {
  return O.Kind == OpKind::VGPR || O.Kind == OpKind::AGPR;
}

uint32_t readV(const WaveCtx &C, const Operand &O, unsigned Lane,
               unsigned Dword = 0) {
  if (isVector(O))
    return C.W.V[(vregBase(O) + Dword) * C.Lanes + Lane];
  uint64_t S = readS(C, O);
  if (O.Kind == OpKind::SGPR && Dword < O.Dwords)
    return C.W.S[O.Index + Dword];
  return uint32_t(Dword ? S >> 32 : S);
}

uint64_t readV64(const WaveCtx &C, const Operand &O, unsigned Lane) {
  if (isVector(O) || O.Kind == OpKind::SGPR)
    return readV(C, O, Lane, 0) | uint64_t(readV(C, O, Lane, 1)) << 32;
  return readS(C, O); // 64-bit inline constants and literals.
}

void writeV(WaveCtx &C, const Operand &O, unsigned Lane, uint32_t V,
            unsigned Dword = 0) {
  if (isVector(O))
    C.W.V[(vregBase(O) + Dword) * C.Lanes + Lane] = V;
}

void writeV64(WaveCtx &C, const Operand &O, unsigned Lane, uint64_t V) {
  writeV(C, O, Lane, uint32_t(V), 0);
  writeV(C, O, Lane, uint32_t(V >> 32), 1);
}

/// The lane-mask destination of a compare or carry: sdst (VOP3) or VCC.
Operand maskDst(const WaveCtx &C, const Instr &I) {
  if (I.has(Role::SDst))
    return I.op(Role::SDst);
  return Operand{OpKind::SGPR, uint8_t(C.Lanes == 64 ? 2 : 1),
                 uint16_t(SRegVCC), 0};
}

/// The lane-mask source of v_cndmask / v_addc: src2 (VOP3) or VCC.
uint64_t maskSrc(const WaveCtx &C, const Instr &I) {
  return I.has(Role::Src2) ? readS(C, I.op(Role::Src2)) : C.vcc();
}

template <typename F> void forActive(const WaveCtx &C, F Fn) {
  uint64_t Exec = C.exec();
  while (Exec) {
    unsigned L = countr_zero(Exec);
    Exec &= Exec - 1;
    Fn(L);
  }
}

Error checkNoIntModifiers(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I,
                     "clamp/omod on an integer operation is not "
                     "implemented");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// f32 helpers.
//===----------------------------------------------------------------------===//

float asF(uint32_t B) { return bit_cast<float>(B); }
uint32_t asU(float F) { return bit_cast<uint32_t>(F); }

uint32_t flushDenorm(uint32_t B) {
  return (B & 0x7f800000) == 0 ? B & 0x80000000 : B;
}

/// v_max_f32/f64 and v_min_f32/f64: fmax/fmin (a quiet NaN yields the other
/// operand, a signaling one a quiet NaN, as in IEEE mode), with -0 < +0,
/// which the ISA specifies and fmax/fmin leave open.
template <typename T> T fmaxAMD(T A, T B) {
  if (A == 0 && B == 0)
    return std::signbit(A) ? B : A;
  return std::fmax(A, B);
}
template <typename T> T fminAMD(T A, T B) {
  if (A == 0 && B == 0)
    return std::signbit(A) ? A : B;
  return std::fmin(A, B);
}

/// A float source with its VOP3 abs/neg modifiers and input denormal mode.
uint32_t sdwaSource(const WaveCtx &C, const Instr &I, Role Src, unsigned Lane);

/// An f32 source with its abs/neg modifiers (after the SDWA select, if the
/// instruction has one).
float srcF(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
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

uint32_t resultF(const WaveCtx &C, const Instr &I, float F) {
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

//===----------------------------------------------------------------------===//
// Routines.
//===----------------------------------------------------------------------===//

Error nop(WaveCtx &, const Instr &) { return Error::success(); }

Error endpgm(WaveCtx &C, const Instr &) {
  C.W.Ended = true;
  return Error::success();
}

Error barrier(WaveCtx &C, const Instr &) {
  C.W.AtBarrier = true;
  return Error::success();
}

Error branchTo(WaveCtx &C, const Instr &I, bool Taken) {
  if (!Taken)
    return Error::success();
  if (I.Target == NoTarget)
    return instError(C, I,
                     "the branch target is not an instruction of the "
                     "kernel");
  C.W.PC = I.Target;
  return Error::success();
}

template <unsigned Cond> Error cbranch(WaveCtx &C, const Instr &I) {
  bool Taken;
  switch (Cond) {
  case 0:
    Taken = true;
    break; // s_branch
  case 1:
    Taken = !C.W.SCC;
    break; // scc0
  case 2:
    Taken = C.W.SCC;
    break; // scc1
  case 3:
    Taken = C.vcc() == 0;
    break; // vccz
  case 4:
    Taken = C.vcc() != 0;
    break; // vccnz
  case 5:
    Taken = C.exec() == 0;
    break; // execz
  default:
    Taken = C.exec() != 0;
    break; // execnz
  }
  if (Cond >= 5)
    ++(Taken ? C.DS.Stats.ExecBranchTaken : C.DS.Stats.ExecBranchNotTaken);
  return branchTo(C, I, Taken);
}

// --- Calls ------------------------------------------------------------------

/// Continues at global address Target, which must be an instruction.
Error jumpTo(WaveCtx &C, const Instr &I, uint64_t Target) {
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

enum class SccRule { None, NonZero };

/// d = F(s0, s1) on 32 or 64 bits; SCC = d != 0 when the rule says so.
template <typename F, SccRule R = SccRule::NonZero>
Error salu2(WaveCtx &C, const Instr &I, F Fn) {
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
#undef SALU2

/// s_bfe_{u,i}{32,64}: the field of S0 at offset S1[4:0] (S1[5:0] for 64
/// bits) and width S1[22:16], zero- or sign-extended; SCC = D != 0. A width
/// of 0 gives 0; a field that runs past the top takes the bits there are.
template <typename T> Error s_bfe(WaveCtx &C, const Instr &I) {
  constexpr unsigned Bits = sizeof(T) * 8;
  uint64_t S1 = readS(C, I.op(Role::Src1));
  unsigned Offset = S1 & (Bits - 1), Width = (S1 >> 16) & 0x7f;
  using U = std::make_unsigned_t<T>;
  U Field = U(readS(C, I.op(Role::Src0))) >> Offset;
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

Error s_bcnt1(WaveCtx &C, const Instr &I) {
  uint64_t A = readS(C, I.op(Role::Src0));
  // The opcode gives the width: an inline constant such as -1 reads as 64
  // sign-extended bits whatever the operand size.
  if (I.Name.ends_with("_B32"))
    A = uint32_t(A);
  uint32_t D = popcount(A);
  writeS(C, I.op(Role::SDst), D);
  C.W.SCC = D != 0;
  return Error::success();
}

Error s_cselect(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst),
         readS(C, I.op(C.W.SCC ? Role::Src0 : Role::Src1)));
  return Error::success();
}

enum class Cmp { EQ, LG, GT, GE, LT, LE };

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
  default:
    return A <= B;
  }
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

enum class SaveExec { And, Or, Xor, AndN2, OrN2 };

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

// --- VALU ------------------------------------------------------------------

// SDWA (sub-dword addressing, the *_sdwa opcodes): each source is a byte,
// a word or the whole dword of its register, zero- or (with the SEXT source
// modifier) sign-extended; the result goes to a byte, word or dword of vdst,
// the other bits zeroed, sign-extended or preserved (dst_unused). Only the
// routines that apply these selects are registered for *_sdwa names.
enum SdwaSel { Byte0, Byte1, Byte2, Byte3, Word0, Word1, Dword };
constexpr uint64_t SrcModSext = 1; // SISrcMods::SEXT (the MCInst operand)

uint32_t sdwaSelect(uint32_t V, int64_t Sel, bool Sext) {
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
uint32_t sdwaSource(const WaveCtx &C, const Instr &I, Role Src, unsigned Lane) {
  uint32_t V = readV(C, I.op(Src), Lane);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  return I.has(Sel) ? sdwaSelect(V, I.imm(Sel), false) : V;
}

/// An integer source, with SDWA selection if the instruction has it.
uint32_t srcInt(const WaveCtx &C, const Instr &I, Role Src, unsigned Lane) {
  uint32_t V = readV(C, I.op(Src), Lane);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  Role Mods = Src == Role::Src0 ? Role::Src0Mods : Role::Src1Mods;
  if (!I.has(Sel))
    return V;
  return sdwaSelect(V, I.imm(Sel), I.imm(Mods) & SrcModSext);
}

/// Writes an integer result, placing it as dst_sel / dst_unused say.
void writeInt(WaveCtx &C, const Instr &I, unsigned Lane, uint32_t R) {
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

/// vdst = F(src0, src1) per active lane, 32-bit integer (SDWA-aware).
template <typename F> Error valu2(WaveCtx &C, const Instr &I, F Fn) {
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
template <typename F> Error valu2_16(WaveCtx &C, const Instr &I, F Fn) {
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

template <typename F> Error valu3(WaveCtx &C, const Instr &I, F Fn) {
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
uint32_t permuteBytes(uint32_t Hi, uint32_t Lo, uint32_t Sel) {
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
VALU3(v_perm_b32, permuteBytes(A, B, D))
#undef VALU3

Error v_bfe_i32(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    unsigned Off = B & 31, Width = D & 31;
    if (Width == 0)
      return 0;
    uint32_t Field = (A >> Off) & ((1u << Width) - 1);
    return uint32_t(SignExtend32(Field, Width));
  });
}

Error v_mov(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeV(C, I.op(Role::VDst), L, readV(C, I.op(Role::Src0), L));
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

/// 64-bit shifts: vdst = src1 shifted by src0.
template <unsigned Kind> Error v_shift64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    unsigned Sh = readV(C, I.op(Role::Src0), L) & 63;
    uint64_t V = readV64(C, I.op(Role::Src1), L);
    uint64_t D = Kind == 0   ? V << Sh
                 : Kind == 1 ? V >> Sh
                             : uint64_t(int64_t(V) >> Sh);
    writeV64(C, I.op(Role::VDst), L, D);
  });
  return Error::success();
}

/// Integer add/sub with carry-out (and carry-in for the addc/subb forms).
/// Kind: 0 add, 1 sub (src0 - src1), 2 subrev (src1 - src0).
template <unsigned Kind, bool CarryIn>
Error v_addsub_co(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I, "clamp is not implemented");
  uint64_t CarryMask = CarryIn ? maskSrc(C, I) : 0, Out = 0;
  forActive(C, [&](unsigned L) {
    uint64_t A = readV(C, I.op(Role::Src0), L);
    uint64_t B = readV(C, I.op(Role::Src1), L);
    uint64_t Cin = (CarryMask >> L) & 1;
    if (Kind == 2)
      std::swap(A, B);
    uint64_t D = Kind == 0 ? A + B + Cin : A - B - Cin;
    bool Carry = Kind == 0 ? (D >> 32) != 0 : B + Cin > A;
    writeV(C, I.op(Role::VDst), L, uint32_t(D));
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

Error v_readfirstlane_b32(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  unsigned L = Exec ? countr_zero(Exec) : 0;
  // The destination is an SGPR, resolved as vdst.
  writeS(C, I.op(Role::VDst), readV(C, I.op(Role::Src0), L));
  return Error::success();
}

/// Writes a vector compare's lane mask. v_cmpx_* also write it to EXEC; on
/// gfx10+ they write only EXEC, before that also VCC or their sdst.
void writeCmpResult(WaveCtx &C, const Instr &I, uint64_t Out, bool IsX) {
  if (!IsX || !C.DS.Prog.CmpxWritesOnlyExec || I.has(Role::SDst))
    writeS(C, maskDst(C, I), Out);
  if (IsX)
    writeS(C,
           Operand{OpKind::SGPR, uint8_t(C.Lanes == 64 ? 2 : 1),
                   uint16_t(SRegEXEC), 0},
           Out);
}

/// Vector integer compares: mask bit = cmp(src0, src1) for active lanes.
template <typename T, Cmp K, bool IsX = false>
Error v_cmp(WaveCtx &C, const Instr &I) {
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

enum class FCmp { LT, EQ, LE, GT, LG, GE, O, U, NGE, NLG, NGT, NLE, NEQ, NLT };

template <typename T> bool fcompare(FCmp K, T A, T B) {
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
  default:
    return !(A < B);
  }
}

double srcD(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
            unsigned Lane);

/// How a floating-point source is read: with its modifiers and the input
/// denormal mode (srcF, srcD, srcHalfF).
template <typename T>
using ReadFloat = T (*)(const WaveCtx &, const Instr &, Role, Role, unsigned);

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

template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f32 = v_cmp_fp<float, srcF, K, IsX>;
template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f64 = v_cmp_fp<double, srcD, K, IsX>;

/// f32 arithmetic with modifiers: Kind 0 add, 1 sub, 2 subrev, 3 mul,
/// 4 fma (src0*src1+src2), 5 fmac (src0*src1+vdst), 6 max, 7 min.
template <unsigned Kind> Error v_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float D;
    switch (Kind) {
    case 0:
      D = A + B;
      break;
    case 1:
      D = A - B;
      break;
    case 2:
      D = B - A;
      break;
    case 3:
      D = A * B;
      break;
    case 4:
      D = std::fma(A, B, srcF(C, I, Role::Src2, Role::Src2Mods, L));
      break;
    case 5: { // The accumulator is an input: flushed as the sources are.
      uint32_t Acc = readV(C, I.op(Role::VDst), L);
      if (!(C.DS.Prog.DenormMode32 & 1))
        Acc = flushDenorm(Acc);
      D = std::fma(A, B, asF(Acc));
      break;
    }
    case 6:
      D = fmaxAMD(A, B);
      break;
    default:
      D = fminAMD(A, B);
      break;
    }
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

Error v_rcp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, 1.0f / A));
  });
  return Error::success();
}

/// v_cvt_f32_ubyteN: byte N of src0, unsigned, as f32.
template <unsigned Byte> Error v_cvt_f32_ubyte(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = readV(C, I.op(Role::Src0), L);
    writeV(C, I.op(Role::VDst), L,
           resultF(C, I, float((A >> (8 * Byte)) & 0xff)));
  });
  return Error::success();
}

template <bool Signed> Error v_cvt_f32_int(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = readV(C, I.op(Role::Src0), L);
    float D = Signed ? float(int32_t(A)) : float(A);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// f32 -> integer, rounding toward zero, saturating; NaN gives 0.
template <bool Signed> Error v_cvt_int_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = std::trunc(srcF(C, I, Role::Src0, Role::Src0Mods, L));
    uint32_t D;
    if (std::isnan(A))
      D = 0;
    else if (Signed)
      D = A <= -2147483648.0f  ? 0x80000000u
          : A >= 2147483648.0f ? 0x7fffffffu
                               : uint32_t(int32_t(A));
    else
      D = A <= 0.0f ? 0u : A >= 4294967296.0f ? 0xffffffffu : uint32_t(A);
    writeInt(C, I, L, D);
  });
  return Error::success();
}

// --- Global and flat memory -------------------------------------------------

/// The address of an active lane for GLOBAL_* / FLAT_* instructions.
uint64_t vmemAddr(const WaveCtx &C, const Instr &I, unsigned L) {
  int64_t Off = SignExtend64(I.imm(Role::Offset), C.DS.Prog.FlatOffsetBits);
  if (I.has(Role::SAddr) && I.op(Role::SAddr).Kind == OpKind::SGPR)
    return readS(C, I.op(Role::SAddr)) + readV(C, I.op(Role::VAddr), L) +
           uint64_t(Off);
  return readV64(C, I.op(Role::VAddr), L) + uint64_t(Off);
}

/// The workgroup's LDS bytes [Addr, Addr + Bytes), or an error naming the
/// lane if they are not all inside the LDS allocation.
Expected<uint8_t *> ldsPointer(WaveCtx &C, const Instr &I, unsigned L,
                               uint64_t Addr, unsigned Bytes) {
  if (Addr + Bytes > C.LDS.size())
    return instError(C, I,
                     formatv("lane {0}: {1} bytes at LDS address 0x{2:x-} "
                             "are outside the {3}-byte LDS allocation",
                             L, Bytes, Addr, C.LDS.size()));
  return &C.LDS[Addr];
}

/// The LDS address of a DS_* instruction in lane L: addr + offset, in 32
/// bits (the compiler folds a constant into the offset of a negative base,
/// as AMDGPUDAGToDAGISel::isDSOffsetLegal allows from gfx7 on).
uint64_t dsAddr(const WaveCtx &C, const Instr &I, unsigned L) {
  return uint32_t(readV(C, I.op(Role::Addr), L) +
                  uint16_t(I.imm(Role::Offset)));
}

/// The host bytes a lane's GLOBAL_*/FLAT_* access of Bytes at Addr touches.
/// FLAT_* addresses inside the private aperture reach the lane's private
/// segment (offset = Addr - aperture base, as addrspacecast builds them),
/// inside the shared aperture the workgroup's LDS; anything else must lie in
/// one global allocation.
Expected<uint8_t *> vmemPointer(WaveCtx &C, const Instr &I, unsigned L,
                                uint64_t Addr, unsigned Bytes) {
  bool Flat = I.Name.starts_with("FLAT_");
  auto InAperture = [&](uint64_t Base) {
    return Flat && Addr >= Base && Addr - Base < (uint64_t(1) << 32);
  };
  if (InAperture(PrivateApertureBase)) {
    uint64_t Off = Addr - PrivateApertureBase;
    if (Off + Bytes > C.W.PrivateSize)
      return instError(C, I,
                       formatv("lane {0}: {1} private bytes at 0x{2:x-} are "
                               "outside the {3}-byte private segment",
                               L, Bytes, Off, C.W.PrivateSize));
    return &C.W.Priv[size_t(L) * C.W.PrivateSize + Off];
  }
  if (InAperture(SharedApertureBase))
    return ldsPointer(C, I, L, Addr - SharedApertureBase, Bytes);
  if (uint8_t *P = C.DS.Mem.translate(Addr, Bytes))
    return P;
  return instError(C, I,
                   formatv("lane {0}: {1} bytes at 0x{2:x-} are outside "
                           "every buffer",
                           L, Bytes, Addr));
}

template <bool Store> Error global_access(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::VData) : I.op(Role::VDst);
  unsigned Bytes = 4 * Data.Dwords;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> PtrOrErr =
        vmemPointer(C, I, L, vmemAddr(C, I, L), Bytes);
    if (!PtrOrErr)
      return PtrOrErr.takeError();
    uint8_t *P = *PtrOrErr;
    for (unsigned Dw = 0; Dw != Data.Dwords; ++Dw) {
      if (Store) {
        uint32_t V = readV(C, Data, L, Dw);
        std::memcpy(P + 4 * Dw, &V, 4);
      } else {
        uint32_t V;
        std::memcpy(&V, P + 4 * Dw, 4);
        writeV(C, Data, L, V, Dw);
      }
    }
  }
  return Error::success();
}

// --- Private memory through buffer descriptors ------------------------------

/// MUBUF loads and stores through a descriptor below PrivateDescriptorLimit
/// reach the lane's private memory. The runtime's private-segment
/// descriptor is swizzled with an element size of 4 and an index stride of
/// the wave size, so the wave-level part of the address (descriptor base +
/// soffset) is the per-lane offset times the wave size, and the per-lane
/// byte address is (base + soffset) / lanes + offset (+ vaddr with offen).
/// SubDword 1 or 2 is a byte or short access: a load zero- or (Signed)
/// sign-extends it into the VGPR, a store writes the VGPR's low bytes.
template <bool Store, unsigned SubDword = 0, bool Signed = false>
Error buffer_private(WaveCtx &C, const Instr &I) {
  const Operand &Rsrc = I.op(Role::SRsrc);
  if (Rsrc.Kind != OpKind::SGPR || Rsrc.Dwords != 4)
    return instError(C, I, "unexpected buffer descriptor operand");
  uint64_t Base = C.W.S[Rsrc.Index] | uint64_t(C.W.S[Rsrc.Index + 1] & 0xffff)
                                          << 32;
  if (Base >= PrivateDescriptorLimit)
    return instError(C, I,
                     "buffer accesses to global memory are not "
                     "implemented");
  if (I.Name.contains("IDXEN") || I.Name.contains("ADDR64") ||
      I.Name.contains("BOTHEN"))
    return instError(C, I, "indexed buffer addressing is not implemented");
  uint64_t WaveOff = Base + uint32_t(readS(C, I.op(Role::SOffset)));
  if (WaveOff % (4 * C.Lanes))
    return instError(C, I,
                     formatv("wave-scaled private offset 0x{0:x-} is not a "
                             "multiple of {1}",
                             WaveOff, 4 * C.Lanes));
  const Operand &Data = I.op(Role::VData); // Loaded into or stored from.
  unsigned Bytes = SubDword ? SubDword : 4 * Data.Dwords;
  bool OffEn = I.Name.contains("OFFEN");
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    uint64_t Addr = WaveOff / C.Lanes + uint64_t(I.imm(Role::Offset)) +
                    (OffEn ? readV(C, I.op(Role::VAddr), L) : 0);
    if (Addr + Bytes > C.W.PrivateSize)
      return instError(C, I,
                       formatv("lane {0}: {1} private bytes at 0x{2:x-} are "
                               "outside the {3}-byte private segment",
                               L, Bytes, Addr, C.W.PrivateSize));
    uint8_t *P = &C.W.Priv[size_t(L) * C.W.PrivateSize + Addr];
    if (SubDword) {
      uint32_t V = 0;
      if (Store) {
        V = readV(C, Data, L);
        std::memcpy(P, &V, SubDword); // Little-endian: the low bytes.
        continue;
      }
      std::memcpy(&V, P, SubDword);
      if (Signed)
        V = uint32_t(SignExtend64(V, 8 * SubDword));
      writeV(C, Data, L, V);
      continue;
    }
    for (unsigned Dw = 0; Dw != Data.Dwords; ++Dw) {
      if (Store) {
        uint32_t V = readV(C, Data, L, Dw);
        std::memcpy(P + 4 * Dw, &V, 4);
      } else {
        uint32_t V;
        std::memcpy(&V, P + 4 * Dw, 4);
        writeV(C, Data, L, V, Dw);
      }
    }
  }
  return Error::success();
}

/// Sub-dword global loads (zero- or sign-extended into one VGPR) and stores
/// (the low Bytes of the VGPR).
template <unsigned Bytes, bool Store, bool Signed>
Error global_subdword(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::VData) : I.op(Role::VDst);
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> PtrOrErr =
        vmemPointer(C, I, L, vmemAddr(C, I, L), Bytes);
    if (!PtrOrErr)
      return PtrOrErr.takeError();
    uint8_t *P = *PtrOrErr;
    if (Store) {
      uint32_t V = readV(C, Data, L);
      std::memcpy(P, &V, Bytes);
    } else {
      uint32_t V = 0;
      std::memcpy(&V, P, Bytes);
      if (Signed)
        V = uint32_t(SignExtend32(V, 8 * Bytes));
      writeV(C, Data, L, V);
    }
  }
  return Error::success();
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

// The f32 division sequence clang emits for correctly rounded division:
// v_div_scale (pre-scale operands whose quotient or reciprocal would leave
// the normal range), v_rcp + fma refinement, v_div_fmas (undo the scaling),
// v_div_fixup (special values and the sign). v_div_scale follows the AMD
// ISA's pseudo-code; v_div_fmas scales a lane whose VCC bit is set by
// 2^64 when the quotient is >= 2 and 2^-64 otherwise (the ISA text says
// 2^32, which cannot undo both scalings), rounding once; v_div_fixup turns
// a NaN quotient of finite operands (the scaled sequence overflowed) into
// an infinity. div-scaling.test checks the whole sequence against the
// correctly rounded IEEE quotient on operands that take every path.

unsigned expF(uint32_t B) { return (B >> 23) & 0xff; }

/// The pre-scale of v_div_scale_{f32,f64} (the AMD ISA's pseudo-code):
/// D is S0 unless the quotient S2 / S1 or the reciprocal of S1 would leave
/// the normal range, in which case S0 is scaled by 2^+-Shift (64 for f32,
/// 128 for f64) and Scaled (the lane's VCC bit) says whether v_div_fmas must
/// undo a scaling of the quotient. ExpRange is 96 (f32) or 768 (f64),
/// TinyExp the mantissa width (23 or 52).
template <typename T> struct DivScale {
  T D;
  bool Scaled;
};

/// The biased exponent field of X.
template <typename T> int biasedExp(T X) {
  if constexpr (std::is_same_v<T, float>)
    return int(bit_cast<uint32_t>(X) >> 23) & 0xff;
  else
    return int(bit_cast<uint64_t>(X) >> 52) & 0x7ff;
}

template <typename T>
DivScale<T> divScale(T S0, T S1, T S2, int Shift, int ExpRange, int TinyExp) {
  auto Exp = [](T X) { return biasedExp(X); };
  auto IsDenorm = [](auto X) { return std::fpclassify(X) == FP_SUBNORMAL; };
  if (S2 == 0 || S1 == 0)
    return {std::numeric_limits<T>::quiet_NaN(), false};
  if (Exp(S2) - Exp(S1) >= ExpRange) // N / D near the largest value.
    return {S0 == S1 ? std::ldexp(S0, Shift) : S0, true};
  if (IsDenorm(S1))
    return {std::ldexp(S0, Shift), false};
  T Q = S2 / S1;
  bool RcpDenorm = IsDenorm(1.0 / double(S1));
  if (RcpDenorm && IsDenorm(Q))
    return {S0 == S1 ? std::ldexp(S0, Shift) : S0, true};
  if (RcpDenorm)
    return {std::ldexp(S0, -Shift), false};
  if (IsDenorm(Q)) // Only the numerator is scaled.
    return {S0 == S2 ? std::ldexp(S0, Shift) : S0, true};
  if (Exp(S2) <= TinyExp) // The numerator is tiny.
    return {std::ldexp(S0, Shift), false};
  return {S0, false};
}

/// v_div_scale_f32 vdst, vcc, s0, s1 (denominator), s2 (numerator).
Error v_div_scale_f32(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = 0;
  forActive(C, [&](unsigned L) {
    DivScale<float> R =
        divScale<float>(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                        srcF(C, I, Role::Src1, Role::Src1Mods, L),
                        srcF(C, I, Role::Src2, Role::Src2Mods, L), 64, 96, 23);
    uint32_t B = asU(R.D);
    if (!(C.DS.Prog.DenormMode32 & 2))
      B = flushDenorm(B);
    writeV(C, I.op(Role::VDst), L, B);
    Vcc |= uint64_t(R.Scaled) << L;
  });
  writeS(C, maskDst(C, I), Vcc);
  return Error::success();
}

/// fma(A, B, C) * 2^Shift rounded once to Narrow, computed in the wider
/// type Wide: the fma is rounded to odd (toward zero, then the lowest bit
/// set if inexact), which with two or more extra bits makes the final
/// rounding correct; the scaling is exact in Wide's range.
template <typename Narrow, typename Wide>
Narrow scaledFma(Narrow A, Narrow B, Narrow C, int Shift) {
  int Mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  std::feclearexcept(FE_INEXACT);
  volatile Wide R = std::fma(Wide(A), Wide(B), Wide(C));
  bool Inexact = std::fetestexcept(FE_INEXACT);
  std::fesetround(Mode);
  Wide Odd = R;
  if (Inexact && std::isfinite(Odd)) {
    uint64_t Low; // The low mantissa bits (double, or x87's 64-bit mantissa).
    std::memcpy(&Low, &Odd, sizeof(Low));
    Low |= 1;
    std::memcpy(&Odd, &Low, sizeof(Low));
  }
  return Narrow(std::ldexp(Odd, Shift));
}

/// v_div_fmas_f32: fma(s0, s1, s2); in lanes whose VCC bit is set (the
/// quotient s2 was computed scaled), also times 2^64 if s2 >= 2 (the
/// denominator was scaled up) and 2^-64 otherwise (the numerator was).
Error v_div_fmas_f32(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = C.vcc();
  forActive(C, [&](unsigned L) {
    float S2 = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    float D = std::fma(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                       srcF(C, I, Role::Src1, Role::Src1Mods, L), S2);
    if ((Vcc >> L) & 1)
      D = scaledFma<float, double>(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                                   srcF(C, I, Role::Src1, Role::Src1Mods, L),
                                   S2, expF(asU(S2)) > 127 ? 64 : -64);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// v_div_fixup_f32 vdst, s0 (quotient), s1 (denominator), s2 (numerator).
Error v_div_fixup_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float Q = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float D = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float N = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    bool Neg = std::signbit(D) != std::signbit(N);
    uint32_t Sign = Neg ? 0x80000000u : 0;
    uint32_t R;
    if (std::isnan(N))
      R = asU(N) | 0x00400000; // Quieted.
    else if (std::isnan(D))
      R = asU(D) | 0x00400000;
    else if ((D == 0 && N == 0) || (std::isinf(D) && std::isinf(N)))
      R = 0xffc00000; // The default NaN.
    else if (D == 0 || std::isinf(N))
      R = Sign | 0x7f800000;
    else if (std::isinf(D) || N == 0)
      R = Sign;
    else if (int(expF(asU(N))) - int(expF(asU(D))) < -150)
      R = Sign; // |N / D| < 2^-150 rounds to zero.
    else if (std::isnan(Q))
      R = Sign | 0x7f800000; // The scaled sequence overflowed.
    else
      R = Sign | (asU(Q) & 0x7fffffff);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, asF(R)));
  });
  return Error::success();
}

/// Packed f32 (gfx90a v_pk_{add,mul,fma}_f32): two f32 lanes in a 64-bit
/// register pair. Result dword 0 takes each source's dword op_sel (0 =
/// low), dword 1 its op_sel_hi (1 = high by default); NEG negates the
/// dword-0 operand, NEG_HI (the ABS bit) the dword-1 operand.
template <unsigned Kind> Error v_pk_f32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I,
                     "clamp on a packed f32 operation is not "
                     "implemented");
  unsigned NumSrc = Kind == 2 ? 3 : 2;
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  forActive(C, [&](unsigned L) {
    // Both halves read their sources before either is written: the
    // destination pair may also be a source pair.
    uint32_t Result[2];
    for (unsigned Half = 0; Half != 2; ++Half) {
      float V[3] = {};
      for (unsigned S = 0; S != NumSrc; ++S) {
        uint64_t M = I.imm(Mods[S]);
        unsigned Sel = Half ? (M >> 3) & 1 : (M >> 2) & 1;
        uint32_t B = readV(C, I.op(Srcs[S]), L, Sel);
        if ((Half ? M >> 1 : M) & 1)
          B ^= 0x80000000;
        if (!(C.DS.Prog.DenormMode32 & 1))
          B = flushDenorm(B);
        V[S] = asF(B);
      }
      float D = Kind == 0   ? V[0] + V[1]
                : Kind == 1 ? V[0] * V[1]
                            : std::fma(V[0], V[1], V[2]);
      uint32_t R = asU(D);
      if (!(C.DS.Prog.DenormMode32 & 2))
        R = flushDenorm(R);
      Result[Half] = R;
    }
    writeV(C, I.op(Role::VDst), L, Result[0], 0);
    writeV(C, I.op(Role::VDst), L, Result[1], 1);
  });
  return Error::success();
}

// --- f64 --------------------------------------------------------------------
//
// Doubles live in VGPR pairs (or 64-bit scalar operands); VOP3 abs/neg act
// on bit 63; denormals follow FLOAT_DENORM_MODE_16_64.

uint64_t flushDenorm64(uint64_t B) {
  return (B & 0x7ff0000000000000ull) == 0 ? B & 0x8000000000000000ull : B;
}

double srcD(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
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

void writeD(WaveCtx &C, const Instr &I, unsigned Lane, double D) {
  switch (I.imm(Role::OMod)) {
  case 1:
    D *= 2.0;
    break;
  case 2:
    D *= 4.0;
    break;
  case 3:
    D *= 0.5;
    break;
  }
  if (I.imm(Role::Clamp))
    D = std::isnan(D) ? 0.0 : std::min(std::max(D, 0.0), 1.0);
  uint64_t B = bit_cast<uint64_t>(D);
  if (!(C.DS.Prog.DenormMode64 & 2))
    B = flushDenorm64(B);
  writeV64(C, I.op(Role::VDst), Lane, B);
}

/// v_frexp_mant_f64 / v_frexp_exp_i32_f64: the mantissa in [0.5, 1) with
/// the sign of src0, or its exponent; an infinity or NaN gives itself and
/// exponent 0 (as the f32 forms).
template <bool Exp> Error v_frexp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    int E = 0;
    double M = std::isfinite(X) ? std::frexp(X, &E) : X;
    if (Exp)
      writeV(C, I.op(Role::VDst), L, uint32_t(E));
    else
      writeD(C, I, L, M);
  });
  return Error::success();
}

template <unsigned Kind> Error v_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double A = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    double B = srcD(C, I, Role::Src1, Role::Src1Mods, L);
    double D;
    switch (Kind) {
    case 0:
      D = A + B;
      break;
    case 1:
      D = A * B;
      break;
    case 2:
      D = std::fma(A, B, srcD(C, I, Role::Src2, Role::Src2Mods, L));
      break;
    case 3: { // The accumulator is an input: flushed as the sources are.
      uint64_t Acc = readV64(C, I.op(Role::VDst), L);
      if (!(C.DS.Prog.DenormMode64 & 1))
        Acc = flushDenorm64(Acc);
      D = std::fma(A, B, bit_cast<double>(Acc));
      break;
    }
    case 4:
      D = fmaxAMD(A, B);
      break;
    default:
      D = fminAMD(A, B);
      break;
    }
    writeD(C, I, L, D);
  });
  return Error::success();
}

/// v_rcp_f64: the correctly rounded reciprocal (hardware is within 1 ulp;
/// the division sequence's refinement gives the same final quotient).
Error v_rcp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, 1.0 / srcD(C, I, Role::Src0, Role::Src0Mods, L));
  });
  return Error::success();
}

/// Conversions to and from f64. Kind: 0 f64<-i32, 1 f64<-u32, 2 i32<-f64,
/// 3 u32<-f64, 4 f32<-f64, 5 f64<-f32. Float -> int truncates, saturates,
/// and maps NaN to 0.
template <unsigned Kind> Error v_cvt_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    switch (Kind) {
    case 0:
      writeD(C, I, L, double(int32_t(readV(C, I.op(Role::Src0), L))));
      break;
    case 1:
      writeD(C, I, L, double(readV(C, I.op(Role::Src0), L)));
      break;
    case 2:
    case 3: {
      double D = std::trunc(srcD(C, I, Role::Src0, Role::Src0Mods, L));
      double Lo = Kind == 2 ? double(INT32_MIN) : 0.0;
      double Hi = Kind == 2 ? double(INT32_MAX) : double(UINT32_MAX);
      uint32_t R = std::isnan(D) ? 0
                   : D <= Lo     ? (Kind == 2 ? uint32_t(INT32_MIN) : 0u)
                   : D >= Hi   ? (Kind == 2 ? uint32_t(INT32_MAX) : UINT32_MAX)
                   : Kind == 2 ? uint32_t(int32_t(D))
                               : uint32_t(D);
      writeV(C, I.op(Role::VDst), L, R);
      break;
    }
    case 4:
      writeV(C, I.op(Role::VDst), L,
             resultF(C, I, float(srcD(C, I, Role::Src0, Role::Src0Mods, L))));
      break;
    default:
      writeD(C, I, L, double(srcF(C, I, Role::Src0, Role::Src0Mods, L)));
      break;
    }
  });
  return Error::success();
}

unsigned expD(uint64_t B) { return (B >> 52) & 0x7ff; }

/// The f64 division sequence, as for f32 (scaling by 2^+-128).
Error v_div_scale_f64(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = 0;
  forActive(C, [&](unsigned L) {
    DivScale<double> R = divScale<double>(
        srcD(C, I, Role::Src0, Role::Src0Mods, L),
        srcD(C, I, Role::Src1, Role::Src1Mods, L),
        srcD(C, I, Role::Src2, Role::Src2Mods, L), 128, 768, 53);
    uint64_t B = bit_cast<uint64_t>(R.D);
    if (!(C.DS.Prog.DenormMode64 & 2))
      B = flushDenorm64(B);
    writeV64(C, I.op(Role::VDst), L, B);
    Vcc |= uint64_t(R.Scaled) << L;
  });
  writeS(C, maskDst(C, I), Vcc);
  return Error::success();
}

/// v_div_fmas_f64: as v_div_fmas_f32, scaling by 2^+-128 (s2 >= 2: up).
Error v_div_fmas_f64(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = C.vcc();
  forActive(C, [&](unsigned L) {
    double S2 = srcD(C, I, Role::Src2, Role::Src2Mods, L);
    double D = std::fma(srcD(C, I, Role::Src0, Role::Src0Mods, L),
                        srcD(C, I, Role::Src1, Role::Src1Mods, L), S2);
    if ((Vcc >> L) & 1)
      D = scaledFma<double, long double>(
          srcD(C, I, Role::Src0, Role::Src0Mods, L),
          srcD(C, I, Role::Src1, Role::Src1Mods, L), S2,
          expD(bit_cast<uint64_t>(S2)) > 1023 ? 128 : -128);
    writeD(C, I, L, D);
  });
  return Error::success();
}

Error v_div_fixup_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double Q = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    double D = srcD(C, I, Role::Src1, Role::Src1Mods, L);
    double N = srcD(C, I, Role::Src2, Role::Src2Mods, L);
    uint64_t Sign =
        std::signbit(D) != std::signbit(N) ? 0x8000000000000000ull : 0;
    uint64_t BN = bit_cast<uint64_t>(N), BD = bit_cast<uint64_t>(D), R;
    if (std::isnan(N))
      R = BN | 0x0008000000000000ull;
    else if (std::isnan(D))
      R = BD | 0x0008000000000000ull;
    else if ((D == 0 && N == 0) || (std::isinf(D) && std::isinf(N)))
      R = 0xfff8000000000000ull;
    else if (D == 0 || std::isinf(N))
      R = Sign | 0x7ff0000000000000ull;
    else if (std::isinf(D) || N == 0)
      R = Sign;
    else if (int(expD(BN)) - int(expD(BD)) < -1075)
      R = Sign; // |N / D| < 2^-1075 rounds to zero.
    else if (std::isnan(Q))
      R = Sign | 0x7ff0000000000000ull; // The scaled sequence overflowed.
    else
      R = Sign | (bit_cast<uint64_t>(Q) & 0x7fffffffffffffffull);
    writeD(C, I, L, bit_cast<double>(R));
  });
  return Error::success();
}

// --- Atomics ----------------------------------------------------------------
//
// 32-bit read-modify-write on global/flat memory (vdata, and vdst for the
// _RTN forms) and on LDS (data0, data1 for cmpst, vdst for _RTN). Lanes are
// processed in lane order, each seeing the previous lanes' updates, and a
// returning form gives every lane the value before its own update.

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

/// The new memory value of a 32-bit (T = uint32_t) or 64-bit (uint64_t)
/// atomic; Data is the operand, Cmp the compare value.
template <typename T> T atomicResult(AtomicOp Op, T Old, T Data, T Cmp) {
  using S = std::make_signed_t<T>;
  using F = std::conditional_t<sizeof(T) == 4, float, double>;
  auto AsF = [](T V) { return llvm::bit_cast<F>(V); };
  switch (Op) {
  case AtomicOp::Swap:
    return Data;
  case AtomicOp::CmpSwap:
    return Old == Cmp ? Data : Old;
  case AtomicOp::Add:
    return Old + Data;
  case AtomicOp::Sub:
    return Old - Data;
  case AtomicOp::SMin:
    return T(std::min(S(Old), S(Data)));
  case AtomicOp::UMin:
    return std::min(Old, Data);
  case AtomicOp::SMax:
    return T(std::max(S(Old), S(Data)));
  case AtomicOp::UMax:
    return std::max(Old, Data);
  case AtomicOp::And:
    return Old & Data;
  case AtomicOp::Or:
    return Old | Data;
  case AtomicOp::Xor:
    return Old ^ Data;
  case AtomicOp::Inc:
    return Old >= Data ? 0 : Old + 1;
  case AtomicOp::Dec:
    return Old == 0 || Old > Data ? Data : Old - 1;
  case AtomicOp::FAdd:
    return llvm::bit_cast<T>(F(AsF(Old) + AsF(Data)));
  case AtomicOp::FMin:
    return llvm::bit_cast<T>(F(std::fmin(AsF(Old), AsF(Data))));
  case AtomicOp::FMax:
    return llvm::bit_cast<T>(F(std::fmax(AsF(Old), AsF(Data))));
  }
  llvm_unreachable("bad atomic");
}

/// Dwords [First, First + sizeof(T) / 4) of operand O in lane L.
template <typename T>
T readVN(const WaveCtx &C, const Operand &O, unsigned L, unsigned First) {
  if constexpr (sizeof(T) == 8)
    return readV(C, O, L, First) | T(readV(C, O, L, First + 1)) << 32;
  else
    return readV(C, O, L, First);
}

template <typename T>
void writeVN(WaveCtx &C, const Operand &O, unsigned L, T V) {
  writeV(C, O, L, uint32_t(V));
  if constexpr (sizeof(T) == 8)
    writeV(C, O, L, uint32_t(V >> 32), 1);
}

/// GLOBAL_/FLAT_ATOMIC_* on T-sized memory: for CmpSwap vdata holds {new
/// value, compare}.
template <AtomicOp Op, bool Rtn, typename T = uint32_t>
Error global_atomic(WaveCtx &C, const Instr &I) {
  const Operand &Data = I.op(Role::VData);
  constexpr unsigned Dw = sizeof(T) / 4;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = vmemPointer(C, I, L, vmemAddr(C, I, L), sizeof(T));
    if (!P)
      return P.takeError();
    T Old;
    std::memcpy(&Old, *P, sizeof(T));
    T New = atomicResult<T>(Op, Old, readVN<T>(C, Data, L, 0),
                            Op == AtomicOp::CmpSwap ? readVN<T>(C, Data, L, Dw)
                                                    : T(0));
    std::memcpy(*P, &New, sizeof(T));
    if (Rtn)
      writeVN<T>(C, I.op(Role::VDst), L, Old);
  }
  return Error::success();
}

/// DS_* atomics on T-sized LDS; ds_cmpst compares with data0 and stores
/// data1.
template <AtomicOp Op, bool Rtn, typename T = uint32_t>
Error ds_atomic(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), sizeof(T));
    if (!P)
      return P.takeError();
    T Old;
    std::memcpy(&Old, *P, sizeof(T));
    T D0 = readVN<T>(C, I.op(Role::Data0), L, 0);
    T New = Op == AtomicOp::CmpSwap
                ? atomicResult<T>(Op, Old,
                                  readVN<T>(C, I.op(Role::Data1), L, 0), D0)
                : atomicResult<T>(Op, Old, D0, T(0));
    std::memcpy(*P, &New, sizeof(T));
    if (Rtn)
      writeVN<T>(C, I.op(Role::VDst), L, Old);
  }
  return Error::success();
}

/// v_fmaak_f32 (src0 * src1 + K) and v_fmamk_f32 (src0 * K + src1), K the
/// literal.
template <bool AddK> Error v_fmak_f32(WaveCtx &C, const Instr &I) {
  if (!I.has(Role::ImmK))
    return instError(C, I, "missing literal operand");
  float K = asF(uint32_t(I.imm(Role::ImmK)));
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float D = AddK ? std::fma(A, B, K) : std::fma(A, K, B);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// v_frexp_exp_i32_f32 / v_frexp_mant_f32: x = mant * 2^exp with |mant| in
/// [0.5, 1); NaN and infinity give exponent 0 and return themselves as the
/// mantissa.
template <bool Exp> Error v_frexp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    int E = 0;
    float M = std::isfinite(X) ? std::frexp(X, &E) : X;
    writeV(C, I.op(Role::VDst), L, Exp ? uint32_t(E) : resultF(C, I, M));
  });
  return Error::success();
}

/// v_ldexp_f32: src0 * 2^src1 (src1 a signed integer).
Error v_ldexp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    int E = int32_t(readV(C, I.op(Role::Src1), L));
    writeV(C, I.op(Role::VDst), L, resultF(C, I, std::ldexp(X, E)));
  });
  return Error::success();
}

/// s_bitcmp0/1_b32/b64: SCC = (bit src1 of src0) == 0 / 1.
template <bool One, unsigned Bits> Error s_bitcmp(WaveCtx &C, const Instr &I) {
  uint64_t V = readS(C, I.op(Role::Src0));
  unsigned Bit = readS(C, I.op(Role::Src1)) & (Bits - 1);
  C.W.SCC = ((V >> Bit) & 1) == One;
  return Error::success();
}

// --- Coverage: bit scans, 24-bit multiplies, min3/med3, rounding, class
// tests, f16 conversions, lane masks and permutes
// ------------------------------

/// s_ff1_i32_b32/b64: index of the lowest set bit; s_flbit_i32_b32/b64: number
/// of leading zeros; s_flbit_i32/_i64: number of leading bits equal to the
/// sign bit. All give -1 when no bit qualifies, and leave SCC alone.
enum class BitScan { FirstOne, LeadingZeros, LeadingSign };

template <BitScan K, unsigned Bits> uint32_t bitScan(uint64_t V) {
  if (Bits == 32)
    V = uint32_t(V);
  if (K == BitScan::LeadingSign && (V >> (Bits - 1)) & 1)
    V = ~V & (Bits == 32 ? 0xffffffffull : ~0ull);
  if (V == 0)
    return ~0u;
  if (K == BitScan::FirstOne)
    return countr_zero(V);
  return countl_zero(V) - (64 - Bits);
}

template <BitScan K, unsigned Bits>
Error s_bitscan(WaveCtx &C, const Instr &I) {
  writeS(C, I.op(Role::SDst), bitScan<K, Bits>(readS(C, I.op(Role::Src0))));
  return Error::success();
}

/// vdst = F(src0) per active lane, 32-bit integer (SDWA-aware).
template <typename F> Error valu1(WaveCtx &C, const Instr &I, F Fn) {
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

int64_t sext24(uint32_t V) { return SignExtend64<24>(V); }

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

/// v_min3/v_max3/v_med3 on 32-bit integers. Kind: 0 min, 1 max, 2 median.
template <typename T, unsigned Kind>
Error v_minmax3(WaveCtx &C, const Instr &I) {
  return valu3(C, I, [](uint32_t A, uint32_t B, uint32_t D) -> uint32_t {
    T X = T(A), Y = T(B), Z = T(D);
    if (Kind == 0)
      return uint32_t(std::min(std::min(X, Y), Z));
    if (Kind == 1)
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

/// Rounding to an integral value. Kind: 0 floor, 1 ceil, 2 trunc, 3 rndne
/// (nearest, ties to even).
template <typename T> T roundKind(unsigned Kind, T X) {
  switch (Kind) {
  case 0:
    return std::floor(X);
  case 1:
    return std::ceil(X);
  case 2:
    return std::trunc(X);
  default:
    return std::nearbyint(X); // The host rounds to nearest even.
  }
}

template <unsigned Kind> Error v_round_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, roundKind(Kind, X)));
  });
  return Error::success();
}

template <unsigned Kind> Error v_round_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, roundKind(Kind, srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

/// v_fract: x - floor(x), at most the largest value below 1.0 (so that a tiny
/// negative x does not give 1.0); NaN for NaN and infinities. The definition
/// LLVM's constant folding of llvm.amdgcn.fract uses (OpenCL's fract).
template <typename F> F fractOf(F X) {
  if (std::isinf(X))
    return std::numeric_limits<F>::quiet_NaN(); // Not the host's -NaN.
  F R = X - std::floor(X);
  return std::isnan(R) ? R : std::min(R, std::nextafter(F(1), F(0)));
}

Error v_fract_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, fractOf(X)));
  });
  return Error::success();
}

Error v_fract_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, fractOf(srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

/// v_sqrt_f32 / v_rsq_f32 / v_rsq_f64 / v_sqrt_f64: the correctly rounded
/// square root; the reciprocal square root computed in a wider type and
/// rounded once more (hardware guarantees 1 ulp for both, like v_rcp_f32).
Error v_sqrt_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, std::sqrt(X)));
  });
  return Error::success();
}
Error v_rsq_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, float(1.0 / std::sqrt(X))));
  });
  return Error::success();
}
/// v_exp_f32 / v_log_f32: 2^x and log2(x), computed in double and rounded
/// once (hardware guarantees 1 ulp). The special values follow the ISA:
/// 2^-inf = 0, 2^+inf = +inf, log2(+-0) = -inf, log2(x < 0) = NaN,
/// log2(+inf) = +inf; NaN stays NaN. Whatever the denormal mode, v_exp_f32
/// flushes a denormal result and v_log_f32 a denormal input to zero (the
/// reason LLVM's llvm.exp2/llvm.log2 lowering rescales those ranges).
Error v_exp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float R = float(std::exp2(X));
    if (std::fpclassify(R) == FP_SUBNORMAL)
      R = 0.0f;
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}
Error v_log_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    if (std::fpclassify(X) == FP_SUBNORMAL)
      X = std::copysign(0.0f, X);
    float R = float(std::log2(double(X)));
    if (std::isnan(R) && !std::isnan(X)) // The default NaN, not the host's.
      R = std::numeric_limits<float>::quiet_NaN();
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}
Error v_sqrt_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, std::sqrt(srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}
Error v_rsq_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    long double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    writeD(C, I, L, double(1.0L / std::sqrt(X)));
  });
  return Error::success();
}

/// v_ldexp_f64: src0 * 2^src1 (src1 a signed integer).
Error v_ldexp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    writeD(C, I, L, std::ldexp(X, int32_t(readV(C, I.op(Role::Src1), L))));
  });
  return Error::success();
}

/// The first 1,184 fraction bits of 2/pi, most significant first (computed
/// with integer arithmetic from Machin's formula; they start 0xa2f9836e, the
/// constant of every Payne-Hanek argument reduction).
constexpr uint32_t TwoOverPiBits[] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041,
    0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c,
    0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
    0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
    0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
    0x56033046};

/// v_trig_preop_f64: a 53-bit segment of 2/pi for the argument reduction of
/// the f64 sine and cosine (ISA: "D = ldexp((2/PI << shift)[1200:1148],
/// scale)"). shift = src1[4:0] * 53, plus exponent(src0) - 1077 where that
/// biased exponent is larger (a large argument needs bits further down);
/// the segment is bits [shift, shift + 53) of the fraction, scaled by
/// 2^(-53 - shift), or by 2^(75 - shift) for an exponent of 1968 or more
/// (which keeps its product with src0 in range). A segment that reaches past
/// the bits above gives 0, as on hardware; a NaN gives itself, quieted.
Error v_trig_preop_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    if (std::isnan(X)) {
      writeD(C, I, L, bit_cast<double>(bit_cast<uint64_t>(X) | 1ull << 51));
      return;
    }
    unsigned Exp = (bit_cast<uint64_t>(X) >> 52) & 0x7ff;
    unsigned Shift = (readV(C, I.op(Role::Src1), L) & 31) * 53;
    if (Exp > 1077)
      Shift += Exp - 1077;
    unsigned Word = Shift / 32;
    if (Word + 2 >= std::size(TwoOverPiBits)) {
      writeD(C, I, L, 0.0);
      return;
    }
    uint64_t Bits =
        uint64_t(TwoOverPiBits[Word]) << 32 | TwoOverPiBits[Word + 1];
    if (unsigned Skip = Shift % 32)
      Bits = Bits << Skip | TwoOverPiBits[Word + 2] >> (32 - Skip);
    int Scale = -53 - int(Shift) + (Exp >= 1968 ? 128 : 0);
    writeD(C, I, L, std::ldexp(double(Bits >> 11), Scale));
  });
  return Error::success();
}

/// v_med3_f32 / v_min3_f32 / v_max3_f32. With a NaN operand med3 is min3
/// (ISA: "if (isNan(S0) || isNan(S1) || isNan(S2)) D = V_MIN3_F32(...)");
/// min/max as v_min_f32/v_max_f32 (a NaN operand yields the other one).
template <unsigned Kind> Error v_minmax3_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float D = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    float R;
    bool AnyNaN = std::isnan(A) || std::isnan(B) || std::isnan(D);
    if (Kind == 0 || (Kind == 2 && AnyNaN))
      R = fminAMD(fminAMD(A, B), D);
    else if (Kind == 1)
      R = fmaxAMD(fmaxAMD(A, B), D);
    else { // The ISA's median: the max of the two operands not the max3.
      float Max3 = fmaxAMD(fmaxAMD(A, B), D);
      R = Max3 == A ? fmaxAMD(B, D) : Max3 == B ? fmaxAMD(A, D) : fmaxAMD(A, B);
    }
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}

/// Legacy multiply-add (v_mad_f32, v_mac_f32, v_madmk_f32, v_madak_f32): the
/// product rounded, then the sum rounded, denormals flushed on input and
/// output whatever the mode (LLVM selects these only for FMAD_FTZ or when
/// f32 denormals are flushed). Kind: 0 mad (s0*s1+s2), 1 mac (s0*s1+vdst),
/// 2 madmk (s0*K+s1), 3 madak (s0*s1+K).
template <unsigned Kind> Error v_mad_f32(WaveCtx &C, const Instr &I) {
  if ((Kind == 2 || Kind == 3) && !I.has(Role::ImmK))
    return instError(C, I, "missing literal operand");
  auto Ftz = [](float F) { return asF(flushDenorm(asU(F))); };
  float K = asF(uint32_t(I.imm(Role::ImmK)));
  forActive(C, [&](unsigned L) {
    float A = Ftz(srcF(C, I, Role::Src0, Role::Src0Mods, L));
    float B = Ftz(srcF(C, I, Role::Src1, Role::Src1Mods, L));
    float M, Add;
    switch (Kind) {
    case 0:
      M = A * B, Add = srcF(C, I, Role::Src2, Role::Src2Mods, L);
      break;
    case 1:
      M = A * B, Add = asF(readV(C, I.op(Role::VDst), L));
      break;
    case 2:
      M = A * Ftz(K), Add = B;
      break;
    default:
      M = A * B, Add = K;
      break;
    }
    float D = Ftz(Ftz(M) + Ftz(Add));
    writeV(C, I.op(Role::VDst), L, flushDenorm(resultF(C, I, D)));
  });
  return Error::success();
}

/// v_cmp_class_f32/f64 (and v_cmpx_): mask bit = the class of src0 (after
/// its abs/neg modifiers, not flushed) is in the set src1 names: bit 0
/// signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
/// 7 +denormal, 8 +normal, 9 +inf.
template <unsigned ExpBits, unsigned ManBits> unsigned fpClass(uint64_t B) {
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

template <bool F64, bool IsX = false>
Error v_cmp_class(WaveCtx &C, const Instr &I) {
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

// f16 <-> f32. FLOAT_DENORM_MODE_16_64 governs f16 denormals.

/// binary16 bits -> f32, exactly; a NaN is quieted.
float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H & 0x8000) << 16, Exp = (H >> 10) & 0x1f,
           Man = H & 0x3ff;
  if (Exp == 0x1f)
    return asF(Sign | 0x7f800000 | (Man ? 0x400000 | (Man << 13) : 0));
  float V = std::ldexp(float(Man | (Exp ? 0x400 : 0)), int(Exp ? Exp : 1) - 25);
  return asF(Sign | asU(V));
}

/// f32 -> binary16 bits, rounded to nearest even (overflow to infinity); a
/// NaN is quieted, keeping the top of its payload.
uint16_t floatToHalf(float F) {
  uint32_t B = asU(F);
  uint16_t Sign = (B >> 16) & 0x8000;
  if (std::isnan(F))
    return Sign | 0x7e00 | ((B >> 13) & 0x3ff);
  float A = std::fabs(F);
  if (A >= 65520.0f) // At or past the midpoint between 65504 and 2^16.
    return Sign | 0x7c00;
  if (A < 0x1p-14f) // Subnormal (or zero): a multiple of 2^-24.
    return Sign | uint16_t(std::nearbyint(A * 0x1p24f));
  int E;
  std::frexp(A, &E); // A = m * 2^E, m in [0.5, 1).
  uint32_t Mant = uint32_t(std::nearbyint(std::ldexp(A, 11 - E)));
  int Exp = E - 1 + 15;
  if (Mant == 2048)
    Mant = 1024, ++Exp;
  return Sign | uint16_t(Exp << 10) | uint16_t(Mant - 1024);
}

uint16_t flushHalf(uint16_t H) { return (H & 0x7c00) == 0 ? H & 0x8000 : H; }

/// An f16 source: the low half of the operand (the high half with op_sel),
/// abs/neg applied, input denormals flushed as the mode says.
uint16_t srcHalf(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
                 unsigned Lane) {
  uint64_t M = I.imm(Mods);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  // An SDWA select picks the half; otherwise VOP3's op_sel does.
  uint16_t H = I.has(Sel)
                   ? uint16_t(sdwaSource(C, I, Src, Lane))
                   : uint16_t(readV(C, I.op(Src), Lane) >> (M & 4 ? 16 : 0));
  if (M & 2)
    H &= 0x7fff;
  if (M & 1)
    H ^= 0x8000;
  if (!(C.DS.Prog.DenormMode64 & 1))
    H = flushHalf(H);
  return H;
}

/// Writes an f16 result: output denormals flushed as the mode says; into the
/// high half when the instruction's dst op_sel says so, else the low half,
/// the other half zeroed up to gfx9 and preserved from gfx10 on (as
/// GCNSubtarget::zeroesHigh16BitsOfDest says for these opcodes).
void writeHalf(WaveCtx &C, const Instr &I, unsigned Lane, uint16_t H) {
  if (!(C.DS.Prog.DenormMode64 & 2))
    H = flushHalf(H);
  uint32_t Old = readV(C, I.op(Role::VDst), Lane);
  bool Gfx10 = C.DS.Prog.CmpxWritesOnlyExec;
  uint32_t D = I.imm(Role::Src0Mods) & 8 ? (Old & 0xffff) | uint32_t(H) << 16
               : Gfx10                   ? (Old & 0xffff0000) | H
                                         : H;
  writeV(C, I.op(Role::VDst), Lane, D);
}

/// An f16 source as a float (exact).
float srcHalfF(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
               unsigned Lane) {
  return halfToFloat(srcHalf(C, I, Src, Mods, Lane));
}

/// f16 arithmetic: Kind 0 add, 1 sub, 2 subrev, 3 mul, 4 fma, 6 max, 7 min
/// (as v_f32). A sum or product of two f16 values is exact in f32, so it is
/// rounded to f16 once; fma is computed in f32 and rounded to f16, a double
/// rounding that can differ from hardware by one f16 ulp when the f32 result
/// lands on an f16 rounding midpoint. The high half of vdst: writeHalf.
template <unsigned Kind> Error v_f16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I, "clamp/omod on an f16 operation is not implemented");
  forActive(C, [&](unsigned L) {
    float A = srcHalfF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcHalfF(C, I, Role::Src1, Role::Src1Mods, L);
    float D =
        Kind == 0   ? A + B
        : Kind == 1 ? A - B
        : Kind == 2 ? B - A
        : Kind == 3 ? A * B
        : Kind == 4
            ? std::fma(A, B, srcHalfF(C, I, Role::Src2, Role::Src2Mods, L))
        : Kind == 6 ? fmaxAMD(A, B)
                    : fminAMD(A, B);
    writeHalf(C, I, L, floatToHalf(D));
  });
  return Error::success();
}

template <FCmp K, bool IsX = false>
constexpr Semantics v_cmp_f16 = v_cmp_fp<float, srcHalfF, K, IsX>;

/// Packed f16 (VOP3P v_pk_{add,mul,fma,max,min}_f16; Kind as v_f16): result
/// half h takes each source's 16-bit half op_sel (h = 0) or op_sel_hi
/// (h = 1) selects, NEG negating the low-half operand and NEG_HI the
/// high-half one; both halves are written. A constant source whose high half
/// would be read is refused (whether hardware replicates a packed inline
/// constant into both halves is not modelled).
template <unsigned Kind> Error v_pk_f16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I,
                     "clamp on a packed f16 operation is not "
                     "implemented");
  unsigned NumSrc = Kind == 4 ? 3 : 2;
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  for (unsigned S = 0; S != NumSrc; ++S)
    if (I.op(Srcs[S]).Kind == OpKind::Imm && (I.imm(Mods[S]) & 0xc))
      return instError(C, I,
                       "a packed f16 constant read in its high half is not "
                       "implemented");
  forActive(C, [&](unsigned L) {
    uint32_t Result = 0;
    for (unsigned Half = 0; Half != 2; ++Half) {
      float V[3] = {};
      for (unsigned S = 0; S != NumSrc; ++S) {
        uint64_t M = I.imm(Mods[S]);
        bool Hi = Half ? (M >> 3) & 1 : (M >> 2) & 1;
        uint16_t H = uint16_t(readV(C, I.op(Srcs[S]), L) >> (Hi ? 16 : 0));
        if ((Half ? M >> 1 : M) & 1)
          H ^= 0x8000;
        if (!(C.DS.Prog.DenormMode64 & 1))
          H = flushHalf(H);
        V[S] = halfToFloat(H);
      }
      float D = Kind == 0   ? V[0] + V[1]
                : Kind == 3 ? V[0] * V[1]
                : Kind == 4 ? std::fma(V[0], V[1], V[2])
                : Kind == 6 ? fmaxAMD(V[0], V[1])
                            : fminAMD(V[0], V[1]);
      uint16_t R = floatToHalf(D);
      if (!(C.DS.Prog.DenormMode64 & 2))
        R = flushHalf(R);
      Result |= uint32_t(R) << (16 * Half);
    }
    writeV(C, I.op(Role::VDst), L, Result);
  });
  return Error::success();
}

Error v_cvt_f16_f32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I, "clamp/omod on v_cvt_f16_f32 is not implemented");
  forActive(C, [&](unsigned L) {
    writeHalf(C, I, L, floatToHalf(srcF(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

Error v_cvt_f32_f16(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint16_t H = srcHalf(C, I, Role::Src0, Role::Src0Mods, L);
    writeInt(C, I, L, resultF(C, I, halfToFloat(H)));
  });
  return Error::success();
}

/// v_pack_b32_f16: vdst = {src1.f16, src0.f16}, each source's half chosen by
/// op_sel, with abs/neg; f16 input denormals flushed as the mode says.
Error v_pack_b32_f16(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t Lo = srcHalf(C, I, Role::Src0, Role::Src0Mods, L);
    uint32_t Hi = srcHalf(C, I, Role::Src1, Role::Src1Mods, L);
    writeV(C, I.op(Role::VDst), L, Lo | Hi << 16);
  });
  return Error::success();
}

/// v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16: fma of three sources,
/// each f32 or (op_sel_hi set) the f16 half op_sel picks, computed and
/// rounded in f32; mixlo/mixhi then convert to f16 (a second rounding) into
/// the low/high half of vdst, keeping the other half. Kind: 0 f32, 1 lo,
/// 2 hi.
template <unsigned Kind> Error v_fma_mix(WaveCtx &C, const Instr &I) {
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  forActive(C, [&](unsigned L) {
    float V[3];
    for (unsigned S = 0; S != 3; ++S)
      V[S] = I.imm(Mods[S]) & 8
                 ? halfToFloat(srcHalf(C, I, Srcs[S], Mods[S], L))
                 : srcF(C, I, Srcs[S], Mods[S], L);
    float R = std::fma(V[0], V[1], V[2]);
    if (I.imm(Role::Clamp))
      R = std::isnan(R) ? 0.0f : std::min(std::max(R, 0.0f), 1.0f);
    if (Kind == 0) {
      uint32_t B = asU(R);
      if (!(C.DS.Prog.DenormMode32 & 2))
        B = flushDenorm(B);
      writeV(C, I.op(Role::VDst), L, B);
      return;
    }
    uint16_t H = floatToHalf(R);
    if (!(C.DS.Prog.DenormMode64 & 2))
      H = flushHalf(H);
    uint32_t Old = readV(C, I.op(Role::VDst), L);
    writeV(C, I.op(Role::VDst), L,
           Kind == 1 ? (Old & 0xffff0000) | H
                     : (Old & 0xffff) | uint32_t(H) << 16);
  });
  return Error::success();
}

/// v_cvt_f32_i32/u32 with SDWA: the source is the selected (and with SEXT
/// sign-extended) byte, word or dword; the result placed per dst_sel.
template <bool Signed> Error v_cvt_f32_int_sdwa(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = srcInt(C, I, Role::Src0, L);
    float D = Signed ? float(int32_t(A)) : float(A);
    writeInt(C, I, L, resultF(C, I, D));
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

/// v_add_u32 / v_sub_u32 / v_subrev_u32 (gfx10+: *_nc_*) in VOP3 form: the
/// clamp bit saturates the unsigned result (0xffffffff on a carry, 0 on a
/// borrow), as LLVM's uaddsat/usubsat lowering expects. Without clamp they
/// are the plain routines. Kind: 0 add, 1 sub, 2 subrev.
template <unsigned Kind> Error v_addsub_u32_clamp(WaveCtx &C, const Instr &I) {
  if (!I.imm(Role::Clamp))
    return Kind == 0   ? v_add_u32(C, I)
           : Kind == 1 ? v_sub_u32(C, I)
                       : v_subrev_u32(C, I);
  if (I.imm(Role::OMod))
    return instError(C, I, "omod on an integer operation is not implemented");
  forActive(C, [&](unsigned L) {
    uint64_t A = readV(C, I.op(Role::Src0), L);
    uint64_t B = readV(C, I.op(Role::Src1), L);
    if (Kind == 2)
      std::swap(A, B);
    uint64_t R = Kind == 0 ? std::min<uint64_t>(A + B, 0xffffffff)
                           : (A >= B ? A - B : 0);
    writeV(C, I.op(Role::VDst), L, uint32_t(R));
  });
  return Error::success();
}

// --- LDS --------------------------------------------------------------------

/// ds_read2*/ds_write2*: two elements of Size bytes (4 or 8) at addr +
/// offset0 * Stride and addr + offset1 * Stride, Stride = Size (x64 for the
/// st64 forms). Stores write data0 then data1; loads fill vdst in order.
template <bool Store, unsigned Size, bool St64>
Error ds_access2(WaveCtx &C, const Instr &I) {
  const unsigned Stride = Size * (St64 ? 64 : 1), Dw = Size / 4;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    uint64_t Base = readV(C, I.op(Role::Addr), L);
    for (unsigned E = 0; E != 2; ++E) {
      uint64_t Off = uint8_t(I.imm(E ? Role::Offset1 : Role::Offset0));
      Expected<uint8_t *> P =
          ldsPointer(C, I, L, uint32_t(Base + Off * Stride), Size);
      if (!P)
        return P.takeError();
      for (unsigned D = 0; D != Dw; ++D) {
        if (Store) {
          uint32_t V = readV(C, I.op(E ? Role::Data1 : Role::Data0), L, D);
          std::memcpy(*P + 4 * D, &V, 4);
        } else {
          uint32_t V;
          std::memcpy(&V, *P + 4 * D, 4);
          writeV(C, I.op(Role::VDst), L, V, E * Dw + D);
        }
      }
    }
  }
  return Error::success();
}

/// DS_WRITE_B8/B16 store the low bits of data0; DS_READ_U8/I8/U16/I16 zero-
/// or sign-extend into vdst.
template <unsigned Bytes, bool Store, bool Signed>
Error ds_subdword(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), Bytes);
    if (!P)
      return P.takeError();
    uint32_t V = 0;
    if (Store) {
      V = readV(C, I.op(Role::Data0), L);
      std::memcpy(*P, &V, Bytes);
      continue;
    }
    std::memcpy(&V, *P, Bytes);
    writeV(C, I.op(Role::VDst), L,
           Signed ? uint32_t(SignExtend32(V, 8 * Bytes)) : V);
  }
  return Error::success();
}

template <bool Store> Error ds_access(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::Data0) : I.op(Role::VDst);
  unsigned Bytes = 4 * Data.Dwords;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), Bytes);
    if (!P)
      return P.takeError();
    for (unsigned Dw = 0; Dw != Data.Dwords; ++Dw) {
      if (Store) {
        uint32_t V = readV(C, Data, L, Dw);
        std::memcpy(*P + 4 * Dw, &V, 4);
      } else {
        uint32_t V;
        std::memcpy(&V, *P + 4 * Dw, 4);
        writeV(C, Data, L, V, Dw);
      }
    }
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// The table.
//===----------------------------------------------------------------------===//

StringMap<Semantics> buildTable() {
  StringMap<Semantics> T;
  auto Add = [&](std::initializer_list<StringRef> Names, Semantics Fn) {
    for (StringRef N : Names)
      T[N] = Fn;
  };
  // SOPP.
  Add({"S_ENDPGM"}, endpgm);
  Add({"S_BARRIER"}, barrier);
  Add({"S_WAITCNT", "S_WAITCNT_VSCNT", "S_WAITCNT_VMCNT", "S_WAITCNT_EXPCNT",
       "S_WAITCNT_LGKMCNT", "S_WAITCNT_DEPCTR", "S_NOP", "S_SLEEP", "S_SETPRIO",
       "S_CLAUSE", "S_INST_PREFETCH", "S_DELAY_ALU"},
      nop);
  // Cache maintenance: the model has no caches, memory is always coherent.
  Add({"BUFFER_GL0_INV", "BUFFER_GL1_INV", "BUFFER_WBINVL1",
       "BUFFER_WBINVL1_VOL", "BUFFER_WBL2", "BUFFER_INV"},
      nop);
  Add({"S_BRANCH"}, cbranch<0>);
  Add({"S_CBRANCH_SCC0"}, cbranch<1>);
  Add({"S_CBRANCH_SCC1"}, cbranch<2>);
  Add({"S_CBRANCH_VCCZ"}, cbranch<3>);
  Add({"S_CBRANCH_VCCNZ"}, cbranch<4>);
  Add({"S_CBRANCH_EXECZ"}, cbranch<5>);
  Add({"S_CBRANCH_EXECNZ"}, cbranch<6>);
  // SOP1/SOP2/SOPK/SOPC.
  Add({"S_MOV_B32", "S_MOV_B64"}, s_mov);
  Add({"S_SETREG_B32", "S_SETREG_IMM32_B32"}, s_setreg);
  Add({"S_GETPC_B64"}, s_getpc);
  Add({"S_SWAPPC_B64"}, s_swappc);
  Add({"S_SETPC_B64", "S_SETPC_B64_return"}, s_setpc);
  Add({"S_MOVK_I32"}, s_movk_i32);
  Add({"S_NOT_B32", "S_NOT_B64"}, s_not);
  Add({"S_ABS_I32"}, s_abs_i32);
  Add({"S_BREV_B32", "S_BREV_B64"}, s_brev);
  Add({"S_BFM_B32", "S_BFM_B64"}, s_bfm);
  Add({"S_BCNT1_I32_B32", "S_BCNT1_I32_B64"}, s_bcnt1);
  Add({"S_SEXT_I32_I8"}, s_sext<8>);
  Add({"S_SEXT_I32_I16"}, s_sext<16>);
  Add({"S_AND_B32", "S_AND_B64"}, s_and);
  Add({"S_OR_B32", "S_OR_B64"}, s_or);
  Add({"S_XOR_B32", "S_XOR_B64"}, s_xor);
  Add({"S_ANDN2_B32", "S_ANDN2_B64"}, s_andn2);
  Add({"S_ORN2_B32", "S_ORN2_B64"}, s_orn2);
  Add({"S_NAND_B32", "S_NAND_B64"}, s_nand);
  Add({"S_NOR_B32", "S_NOR_B64"}, s_nor);
  Add({"S_XNOR_B32", "S_XNOR_B64"}, s_xnor);
  Add({"S_LSHL_B32"}, s_lshl_b32);
  Add({"S_LSHL_B64"}, s_lshl_b64);
  Add({"S_LSHR_B32"}, s_lshr_b32);
  Add({"S_LSHR_B64"}, s_lshr_b64);
  Add({"S_ASHR_I32"}, s_ashr_i32);
  Add({"S_ASHR_I64"}, s_ashr_i64);
  Add({"S_BFE_U32"}, s_bfe<uint32_t>);
  Add({"S_BFE_I32"}, s_bfe<int32_t>);
  Add({"S_BFE_U64"}, s_bfe<uint64_t>);
  Add({"S_BFE_I64"}, s_bfe<int64_t>);
  Add({"S_LSHL1_ADD_U32"}, s_lshl_add_u32<1>);
  Add({"S_LSHL2_ADD_U32"}, s_lshl_add_u32<2>);
  Add({"S_LSHL3_ADD_U32"}, s_lshl_add_u32<3>);
  Add({"S_LSHL4_ADD_U32"}, s_lshl_add_u32<4>);
  Add({"S_ADD_U32"}, s_add_u32);
  Add({"S_ADDC_U32"}, s_addc_u32);
  Add({"S_SUB_U32"}, s_sub_u32);
  Add({"S_SUBB_U32"}, s_subb_u32);
  Add({"S_ADD_I32"}, s_addsub_i32<false>);
  Add({"S_SUB_I32"}, s_addsub_i32<true>);
  Add({"S_ADDK_I32"}, s_k_i32<false>);
  Add({"S_MULK_I32"}, s_k_i32<true>);
  Add({"S_MUL_I32"}, s_mul_i32);
  Add({"S_MUL_HI_U32"}, s_mul_hi<false>);
  Add({"S_MUL_HI_I32"}, s_mul_hi<true>);
  Add({"S_MIN_I32"}, s_minmax<int32_t, false>);
  Add({"S_MAX_I32"}, s_minmax<int32_t, true>);
  Add({"S_MIN_U32"}, s_minmax<uint32_t, false>);
  Add({"S_MAX_U32"}, s_minmax<uint32_t, true>);
  Add({"S_CSELECT_B32", "S_CSELECT_B64"}, s_cselect);
  Add({"S_CMP_EQ_I32"}, s_cmp<int32_t, Cmp::EQ>);
  Add({"S_CMP_LG_I32"}, s_cmp<int32_t, Cmp::LG>);
  Add({"S_CMP_GT_I32"}, s_cmp<int32_t, Cmp::GT>);
  Add({"S_CMP_GE_I32"}, s_cmp<int32_t, Cmp::GE>);
  Add({"S_CMP_LT_I32"}, s_cmp<int32_t, Cmp::LT>);
  Add({"S_CMP_LE_I32"}, s_cmp<int32_t, Cmp::LE>);
  Add({"S_CMP_EQ_U32"}, s_cmp<uint32_t, Cmp::EQ>);
  Add({"S_CMP_LG_U32"}, s_cmp<uint32_t, Cmp::LG>);
  Add({"S_CMP_GT_U32"}, s_cmp<uint32_t, Cmp::GT>);
  Add({"S_CMP_GE_U32"}, s_cmp<uint32_t, Cmp::GE>);
  Add({"S_CMP_LT_U32"}, s_cmp<uint32_t, Cmp::LT>);
  Add({"S_CMP_LE_U32"}, s_cmp<uint32_t, Cmp::LE>);
  Add({"S_CMP_EQ_U64"}, s_cmp<uint64_t, Cmp::EQ>);
  Add({"S_CMP_LG_U64"}, s_cmp<uint64_t, Cmp::LG>);
#define CMPK(OP, K)                                                            \
  Add({"S_CMPK_" OP "_I32"}, s_cmpk<int32_t, K>);                              \
  Add({"S_CMPK_" OP "_U32"}, s_cmpk<uint32_t, K>);
  CMPK("EQ", Cmp::EQ)
  CMPK("LG", Cmp::LG)
  CMPK("GT", Cmp::GT)
  CMPK("GE", Cmp::GE)
  CMPK("LT", Cmp::LT)
  CMPK("LE", Cmp::LE)
#undef CMPK
  Add({"S_AND_SAVEEXEC_B32", "S_AND_SAVEEXEC_B64"}, s_saveexec<SaveExec::And>);
  Add({"S_OR_SAVEEXEC_B32", "S_OR_SAVEEXEC_B64"}, s_saveexec<SaveExec::Or>);
  Add({"S_XOR_SAVEEXEC_B32", "S_XOR_SAVEEXEC_B64"}, s_saveexec<SaveExec::Xor>);
  Add({"S_ANDN2_SAVEEXEC_B32", "S_ANDN2_SAVEEXEC_B64"},
      s_saveexec<SaveExec::AndN2>);
  Add({"S_ORN2_SAVEEXEC_B32", "S_ORN2_SAVEEXEC_B64"},
      s_saveexec<SaveExec::OrN2>);
  // SMEM.
  for (StringRef W : {"DWORD", "DWORDX2", "DWORDX4", "DWORDX8", "DWORDX16"})
    for (StringRef Form : {"_IMM", "_SGPR", "_SGPR_IMM"})
      T[(Twine("S_LOAD_") + W + Form).str()] = s_load;
  // VALU, every encoding (e32, e64).
  auto AddV = [&](StringRef Base, Semantics Fn) {
    for (StringRef Enc : {"_e32", "_e64", ""})
      T[(Twine(Base) + Enc).str()] = Fn;
  };
  AddV("V_MOV_B32", v_mov);
  AddV("V_PK_MOV_B32", v_pk_mov_b32);
  AddV("V_ACCVGPR_WRITE_B32", v_mov);
  AddV("V_ACCVGPR_READ_B32", v_mov);
  AddV("V_ACCVGPR_MOV_B32", v_mov);
  AddV("V_NOT_B32", v_not_b32);
  // gfx10+ renamed the non-carry adds (_NC_) and the carry-in forms (_CI_).
  AddV("V_ADD_U32", v_add_u32);
  AddV("V_ADD_NC_U32", v_add_u32);
  AddV("V_SUB_U32", v_sub_u32);
  AddV("V_SUB_NC_U32", v_sub_u32);
  AddV("V_SUBREV_U32", v_subrev_u32);
  AddV("V_SUBREV_NC_U32", v_subrev_u32);
  AddV("V_ADD_CO_CI_U32", v_addsub_co<0, true>);
  AddV("V_SUB_CO_CI_U32", v_addsub_co<1, true>);
  AddV("V_SUBREV_CO_CI_U32", v_addsub_co<2, true>);
  AddV("V_AND_B32", v_and_b32);
  AddV("V_OR_B32", v_or_b32);
  AddV("V_XOR_B32", v_xor_b32);
  AddV("V_LSHLREV_B32", v_lshlrev_b32);
  AddV("V_LSHRREV_B32", v_lshrrev_b32);
  AddV("V_ASHRREV_I32", v_ashrrev_i32);
  AddV("V_LSHLREV_B64", v_shift64<0>);
  AddV("V_LSHRREV_B64", v_shift64<1>);
  AddV("V_ASHRREV_I64", v_shift64<2>);
  AddV("V_MUL_LO_U32", v_mul_lo_u32);
  AddV("V_MUL_HI_U32", v_mul_hi_u32);
  AddV("V_MUL_HI_I32", v_mul_hi_i32);
  AddV("V_MUL_U32_U24", v_mul_u32_u24);
  AddV("V_MAX_I32", v_max_i32);
  AddV("V_MIN_I32", v_min_i32);
  AddV("V_MAX_U32", v_max_u32);
  AddV("V_MIN_U32", v_min_u32);
  AddV("V_LSHL_ADD_U32", v_lshl_add_u32);
  AddV("V_ADD_LSHL_U32", v_add_lshl_u32);
  AddV("V_LSHL_OR_B32", v_lshl_or_b32);
  AddV("V_AND_OR_B32", v_and_or_b32);
  AddV("V_OR3_B32", v_or3_b32);
  AddV("V_XOR3_B32", v_xor3_b32);
  AddV("V_ADD3_U32", v_add3_u32);
  AddV("V_MAD_U32_U24", v_mad_u32_u24);
  AddV("V_BFE_U32", v_bfe_u32);
  AddV("V_BFE_I32", v_bfe_i32);
  AddV("V_ALIGNBIT_B32", v_alignbit_b32);
  AddV("V_ADD_CO_U32", v_addsub_co<0, false>);
  AddV("V_SUB_CO_U32", v_addsub_co<1, false>);
  AddV("V_SUBREV_CO_U32", v_addsub_co<2, false>);
  AddV("V_ADDC_CO_U32", v_addsub_co<0, true>);
  AddV("V_SUBB_CO_U32", v_addsub_co<1, true>);
  AddV("V_SUBBREV_CO_U32", v_addsub_co<2, true>);
  AddV("V_MAD_U64_U32", v_mad_u64_u32);
  AddV("V_CNDMASK_B32", v_cndmask_b32);
  AddV("V_READFIRSTLANE_B32", v_readfirstlane_b32);
  AddV("V_READLANE_B32", v_readlane_b32);
  AddV("V_WRITELANE_B32", v_writelane_b32);
  AddV("V_ADD_F32", v_f32<0>);
  AddV("V_SUB_F32", v_f32<1>);
  AddV("V_SUBREV_F32", v_f32<2>);
  AddV("V_MUL_F32", v_f32<3>);
  AddV("V_FMA_F32", v_f32<4>);
  AddV("V_FMAC_F32", v_f32<5>);
  AddV("V_MAX_F32", v_f32<6>);
  AddV("V_MIN_F32", v_f32<7>);
  AddV("V_RCP_F32", v_rcp_f32);
  AddV("V_RCP_IFLAG_F32", v_rcp_f32);
  AddV("V_CVT_F32_U32", v_cvt_f32_int<false>);
  AddV("V_CVT_F32_UBYTE0", v_cvt_f32_ubyte<0>);
  AddV("V_CVT_F32_UBYTE1", v_cvt_f32_ubyte<1>);
  AddV("V_CVT_F32_UBYTE2", v_cvt_f32_ubyte<2>);
  AddV("V_CVT_F32_UBYTE3", v_cvt_f32_ubyte<3>);
  AddV("V_PERM_B32", v_perm_b32);
  AddV("V_CVT_F32_I32", v_cvt_f32_int<true>);
  AddV("V_CVT_U32_F32", v_cvt_int_f32<false>);
  AddV("V_CVT_I32_F32", v_cvt_int_f32<true>);
  // SDWA forms: srcF and writeInt apply the selects.
  T["V_CVT_U32_F32_sdwa"] = v_cvt_int_f32<false>;
  T["V_CVT_I32_F32_sdwa"] = v_cvt_int_f32<true>;
#define INT_CMPS(TY, SUFFIX)                                                   \
  AddV("V_CMP_EQ_" SUFFIX, v_cmp<TY, Cmp::EQ>);                                \
  AddV("V_CMP_NE_" SUFFIX, v_cmp<TY, Cmp::LG>);                                \
  AddV("V_CMP_GT_" SUFFIX, v_cmp<TY, Cmp::GT>);                                \
  AddV("V_CMP_GE_" SUFFIX, v_cmp<TY, Cmp::GE>);                                \
  AddV("V_CMP_LT_" SUFFIX, v_cmp<TY, Cmp::LT>);                                \
  AddV("V_CMP_LE_" SUFFIX, v_cmp<TY, Cmp::LE>);                                \
  AddV("V_CMPX_EQ_" SUFFIX, v_cmp<TY, Cmp::EQ, true>);                         \
  AddV("V_CMPX_NE_" SUFFIX, v_cmp<TY, Cmp::LG, true>);                         \
  AddV("V_CMPX_GT_" SUFFIX, v_cmp<TY, Cmp::GT, true>);                         \
  AddV("V_CMPX_GE_" SUFFIX, v_cmp<TY, Cmp::GE, true>);                         \
  AddV("V_CMPX_LT_" SUFFIX, v_cmp<TY, Cmp::LT, true>);                         \
  AddV("V_CMPX_LE_" SUFFIX, v_cmp<TY, Cmp::LE, true>);
  INT_CMPS(int32_t, "I32")
  INT_CMPS(uint32_t, "U32")
  INT_CMPS(int64_t, "I64")
  INT_CMPS(uint64_t, "U64")
#undef INT_CMPS
#define FP_CMP(OP, TY, FN)                                                     \
  AddV("V_CMP_" #OP "_" TY, FN<FCmp::OP>);                                     \
  AddV("V_CMPX_" #OP "_" TY, FN<FCmp::OP, true>);                              \
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
  FP_CMP(NLT, TY, FN)
  // clang-format on
  FP_CMPS("F32", v_cmp_f32)
  FP_CMPS("F64", v_cmp_f64)
  FP_CMPS("F16", v_cmp_f16)
#undef FP_CMPS
#undef FP_CMP
  // Global memory (FLAT forms hit global buffers only, for now).
  for (StringRef W : {"DWORD", "DWORDX2", "DWORDX3", "DWORDX4"})
    for (StringRef Seg : {"GLOBAL", "FLAT"})
      for (StringRef Form : {"", "_SADDR"}) {
        T[(Twine(Seg) + "_LOAD_" + W + Form).str()] = global_access<false>;
        T[(Twine(Seg) + "_STORE_" + W + Form).str()] = global_access<true>;
      }
  for (StringRef Seg : {"GLOBAL", "FLAT"})
    for (StringRef Form : {"", "_SADDR"}) {
      auto Name = [&](StringRef Op) { return (Twine(Seg) + Op + Form).str(); };
      T[Name("_LOAD_UBYTE")] = global_subdword<1, false, false>;
      T[Name("_LOAD_SBYTE")] = global_subdword<1, false, true>;
      T[Name("_LOAD_USHORT")] = global_subdword<2, false, false>;
      T[Name("_LOAD_SSHORT")] = global_subdword<2, false, true>;
      T[Name("_STORE_BYTE")] = global_subdword<1, true, false>;
      T[Name("_STORE_SHORT")] = global_subdword<2, true, false>;
    }
  // Private memory (MUBUF with the private-segment descriptor).
  for (StringRef Form : {"_OFFSET", "_OFFEN", "_IDXEN", "_BOTHEN", "_ADDR64"}) {
    for (StringRef W : {"DWORD", "DWORDX2", "DWORDX3", "DWORDX4"}) {
      T[(Twine("BUFFER_LOAD_") + W + Form).str()] = buffer_private<false>;
      T[(Twine("BUFFER_STORE_") + W + Form).str()] = buffer_private<true>;
    }
    auto Name = [&](StringRef Op) {
      return (Twine("BUFFER_") + Op + Form).str();
    };
    T[Name("LOAD_UBYTE")] = buffer_private<false, 1, false>;
    T[Name("LOAD_SBYTE")] = buffer_private<false, 1, true>;
    T[Name("LOAD_USHORT")] = buffer_private<false, 2, false>;
    T[Name("LOAD_SSHORT")] = buffer_private<false, 2, true>;
    T[Name("STORE_BYTE")] = buffer_private<true, 1>;
    T[Name("STORE_SHORT")] = buffer_private<true, 2>;
  }
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
           {"V_LSHLREV_B32", v_lshlrev_b32},
           {"V_LSHRREV_B32", v_lshrrev_b32},
           {"V_ASHRREV_I32", v_ashrrev_i32},
           {"V_MUL_U32_U24", v_mul_u32_u24},
           {"V_MAX_I32", v_max_i32},
           {"V_MIN_I32", v_min_i32},
           {"V_MAX_U32", v_max_u32},
           {"V_MIN_U32", v_min_u32}})
    T[(Name + "_sdwa").str()] = Fn;
  AddV("V_XAD_U32", v_xad_u32);
  AddV("V_ADD_U16", v_add_u16);
  AddV("V_ADD_NC_U16", v_add_u16);
  AddV("V_SUB_U16", v_sub_u16);
  AddV("V_SUB_NC_U16", v_sub_u16);
  AddV("V_SUBREV_U16", v_subrev_u16);
  AddV("V_MUL_LO_U16", v_mul_lo_u16);
  AddV("V_LSHLREV_B16", v_lshlrev_b16);
  AddV("V_LSHRREV_B16", v_lshrrev_b16);
  AddV("V_ASHRREV_I16", v_ashrrev_i16);
  AddV("V_MAX_U16", v_max_u16);
  AddV("V_MIN_U16", v_min_u16);
  AddV("V_MAX_I16", v_max_i16);
  AddV("V_MIN_I16", v_min_i16);
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
    }                                                                          \
  }
  INT16_CMPS(int16_t, "I16")
  INT16_CMPS(uint16_t, "U16")
  // 32-bit integer compares also have SDWA forms (the sources select).
  INT16_CMPS(int32_t, "I32")
  INT16_CMPS(uint32_t, "U32")
#undef INT16_CMPS
  AddV("V_BFM_B32", v_bfm_b32);
  AddV("V_ADD_F64", v_f64<0>);
  AddV("V_MUL_F64", v_f64<1>);
  AddV("V_FMA_F64", v_f64<2>);
  AddV("V_FMAC_F64", v_f64<3>);
  AddV("V_MAX_F64", v_f64<4>);
  AddV("V_MIN_F64", v_f64<5>);
  AddV("V_RCP_F64", v_rcp_f64);
  AddV("V_CVT_F64_I32", v_cvt_f64<0>);
  AddV("V_CVT_F64_U32", v_cvt_f64<1>);
  AddV("V_CVT_I32_F64", v_cvt_f64<2>);
  AddV("V_CVT_U32_F64", v_cvt_f64<3>);
  AddV("V_CVT_F32_F64", v_cvt_f64<4>);
  AddV("V_CVT_F64_F32", v_cvt_f64<5>);
  AddV("V_DIV_SCALE_F64", v_div_scale_f64);
  AddV("V_DIV_FMAS_F64", v_div_fmas_f64);
  AddV("V_DIV_FIXUP_F64", v_div_fixup_f64);

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
    for (StringRef Seg : {"GLOBAL", "FLAT"})
      for (StringRef Form : {"", "_SADDR"}) {
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
      for (StringRef Seg : {"GLOBAL", "FLAT"})
        for (StringRef Form : {"", "_SADDR"}) {
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
  AddV("V_FREXP_EXP_I32_F32", v_frexp_f32<true>);
  AddV("V_FREXP_MANT_F32", v_frexp_f32<false>);
  AddV("V_FREXP_EXP_I32_F64", v_frexp_f64<true>);
  AddV("V_FREXP_MANT_F64", v_frexp_f64<false>);
  AddV("V_LDEXP_F32", v_ldexp_f32);
  for (StringRef Suffix : {"", "_gfx9"})
    for (StringRef W : {"B96", "B128"}) {
      T[(Twine("DS_READ_") + W + Suffix).str()] = ds_access<false>;
      T[(Twine("DS_WRITE_") + W + Suffix).str()] = ds_access<true>;
    }
  AddV("V_FMAAK_F32", v_fmak_f32<true>);
  AddV("V_FMAMK_F32", v_fmak_f32<false>);
  AddV("V_DIV_SCALE_F32", v_div_scale_f32);
  AddV("V_DIV_FMAS_F32", v_div_fmas_f32);
  AddV("V_DIV_FIXUP_F32", v_div_fixup_f32);
  AddV("V_PK_ADD_F32", v_pk_f32<0>);
  AddV("V_PK_MUL_F32", v_pk_f32<1>);
  AddV("V_PK_FMA_F32", v_pk_f32<2>);
  Add({"S_BITCMP0_B32"}, s_bitcmp<false, 32>);
  Add({"S_BITCMP1_B32"}, s_bitcmp<true, 32>);
  Add({"S_BITCMP0_B64"}, s_bitcmp<false, 64>);
  Add({"S_BITCMP1_B64"}, s_bitcmp<true, 64>);
  // Instruction coverage of plain kernels (kernel suite group "coverage").
  Add({"BUFFER_INVL2"}, nop);
  Add({"S_FF1_I32_B32"}, s_bitscan<BitScan::FirstOne, 32>);
  Add({"S_FF1_I32_B64"}, s_bitscan<BitScan::FirstOne, 64>);
  Add({"S_FLBIT_I32_B32"}, s_bitscan<BitScan::LeadingZeros, 32>);
  Add({"S_FLBIT_I32_B64"}, s_bitscan<BitScan::LeadingZeros, 64>);
  Add({"S_FLBIT_I32"}, s_bitscan<BitScan::LeadingSign, 32>);
  Add({"S_FLBIT_I32_I64"}, s_bitscan<BitScan::LeadingSign, 64>);
  AddV("V_FFBH_U32", v_ffbh_u32);
  AddV("V_FFBL_B32", v_ffbl_b32);
  AddV("V_FFBH_I32", v_ffbh_i32);
  AddV("V_BFREV_B32", v_bfrev_b32);
  AddV("V_BCNT_U32_B32", v_bcnt_u32_b32);
  AddV("V_MUL_I32_I24", v_mul_i32_i24);
  AddV("V_MUL_HI_I32_I24", v_mul_hi_i32_i24);
  AddV("V_MUL_HI_U32_U24", v_mul_hi_u32_u24);
  AddV("V_MAD_I32_I24", v_mad_i32_i24);
  AddV("V_BFI_B32", v_bfi_b32);
  AddV("V_MIN3_I32", v_minmax3<int32_t, 0>);
  AddV("V_MIN3_U32", v_minmax3<uint32_t, 0>);
  AddV("V_MAX3_I32", v_minmax3<int32_t, 1>);
  AddV("V_MAX3_U32", v_minmax3<uint32_t, 1>);
  AddV("V_MED3_I32", v_minmax3<int32_t, 2>);
  AddV("V_MED3_U32", v_minmax3<uint32_t, 2>);
  AddV("V_MAD_I64_I32", v_mad_i64_i32);
  AddV("V_MBCNT_LO_U32_B32", v_mbcnt<false>);
  AddV("V_MBCNT_HI_U32_B32", v_mbcnt<true>);
  AddV("V_FRACT_F32", v_fract_f32);
  AddV("V_FRACT_F64", v_fract_f64);
  AddV("V_FLOOR_F32", v_round_f32<0>);
  AddV("V_CEIL_F32", v_round_f32<1>);
  AddV("V_TRUNC_F32", v_round_f32<2>);
  AddV("V_RNDNE_F32", v_round_f32<3>);
  AddV("V_FLOOR_F64", v_round_f64<0>);
  AddV("V_CEIL_F64", v_round_f64<1>);
  AddV("V_TRUNC_F64", v_round_f64<2>);
  AddV("V_RNDNE_F64", v_round_f64<3>);
  AddV("V_SQRT_F32", v_sqrt_f32);
  AddV("V_EXP_F32", v_exp_f32);
  AddV("V_LOG_F32", v_log_f32);
  AddV("V_RSQ_F32", v_rsq_f32);
  AddV("V_SQRT_F64", v_sqrt_f64);
  AddV("V_RSQ_F64", v_rsq_f64);
  AddV("V_LDEXP_F64", v_ldexp_f64);
  AddV("V_TRIG_PREOP_F64", v_trig_preop_f64);
  AddV("V_MIN3_F32", v_minmax3_f32<0>);
  AddV("V_MAX3_F32", v_minmax3_f32<1>);
  AddV("V_MED3_F32", v_minmax3_f32<2>);
  AddV("V_MAD_F32", v_mad_f32<0>);
  AddV("V_MAC_F32", v_mad_f32<1>);
  AddV("V_MADMK_F32", v_mad_f32<2>);
  AddV("V_MADAK_F32", v_mad_f32<3>);
  AddV("V_CMP_CLASS_F32", v_cmp_class<false>);
  AddV("V_CMPX_CLASS_F32", v_cmp_class<false, true>);
  AddV("V_CMP_CLASS_F64", v_cmp_class<true>);
  AddV("V_CMPX_CLASS_F64", v_cmp_class<true, true>);
  AddV("V_CVT_F16_F32", v_cvt_f16_f32);
  AddV("V_ADD_F16", v_f16<0>);
  AddV("V_SUB_F16", v_f16<1>);
  AddV("V_SUBREV_F16", v_f16<2>);
  AddV("V_MUL_F16", v_f16<3>);
  AddV("V_FMA_F16", v_f16<4>);
  AddV("V_MAX_F16", v_f16<6>);
  AddV("V_MIN_F16", v_f16<7>);
  AddV("V_PK_ADD_F16", v_pk_f16<0>);
  AddV("V_PK_MUL_F16", v_pk_f16<3>);
  AddV("V_PK_FMA_F16", v_pk_f16<4>);
  AddV("V_PK_MAX_F16", v_pk_f16<6>);
  AddV("V_PK_MIN_F16", v_pk_f16<7>);
  AddV("V_CVT_F32_F16", v_cvt_f32_f16);
  T["V_CVT_F32_F16_sdwa"] = v_cvt_f32_f16; // srcHalf and writeInt select
  AddV("V_PACK_B32_F16", v_pack_b32_f16);
  AddV("V_FMA_MIX_F32", v_fma_mix<0>);
  AddV("V_FMA_MIXLO_F16", v_fma_mix<1>);
  AddV("V_FMA_MIXHI_F16", v_fma_mix<2>);
  Add({"V_CVT_F32_I32_sdwa"}, v_cvt_f32_int_sdwa<true>);
  Add({"V_CVT_F32_U32_sdwa"}, v_cvt_f32_int_sdwa<false>);
  for (StringRef Suffix : {"", "_gfx9"}) {
    T[(Twine("DS_BPERMUTE_B32") + Suffix).str()] = ds_permute<true>;
    T[(Twine("DS_PERMUTE_B32") + Suffix).str()] = ds_permute<false>;
  }
  // The VOP3 forms of the non-carry add/sub also accept clamp (saturation);
  // these entries replace the AddV ones above for *_e64.
  T["V_ADD_U32_e64"] = T["V_ADD_NC_U32_e64"] = v_addsub_u32_clamp<0>;
  T["V_SUB_U32_e64"] = T["V_SUB_NC_U32_e64"] = v_addsub_u32_clamp<1>;
  T["V_SUBREV_U32_e64"] = T["V_SUBREV_NC_U32_e64"] = v_addsub_u32_clamp<2>;
  return T;
}

} // namespace

Error amdgpu_emu::unimplemented(WaveCtx &C, const Instr &I) {
  return instError(C, I, "instruction not implemented by the emulator");
}

Error amdgpu_emu::unimplementedUnlessExecZero(WaveCtx &C, const Instr &I) {
  return C.exec() ? unimplemented(C, I) : Error::success();
}

Semantics amdgpu_emu::lookupSemantics(StringRef Name) {
  static const StringMap<Semantics> Table = buildTable();
  auto It = Table.find(Name);
  return It == Table.end() ? unimplemented : It->second;
}

//===----------------------------------------------------------------------===//
// What the timing model (Timing.h) records about memory accesses.
//===----------------------------------------------------------------------===//

/// Bytes one lane's access moves: the widest of the data operands.
static unsigned accessBytes(const Instr &I) {
  unsigned Dwords = 1;
  for (Role R : {Role::VDst, Role::VData, Role::Data0})
    if (I.has(R))
      Dwords = std::max<unsigned>(Dwords, I.op(R).Dwords);
  return 4 * Dwords;
}

unsigned amdgpu_emu::vmemCacheLines(const WaveCtx &C, const Instr &I,
                                    uint64_t Exec) {
  constexpr unsigned LineShift = 7; // 128-byte lines.
  unsigned Bytes = accessBytes(I);
  if (!I.Name.starts_with("GLOBAL_") && !I.Name.starts_with("FLAT_"))
    return std::max(1u,
                    unsigned((popcount(Exec) * Bytes + (1u << LineShift) - 1) >>
                             LineShift));
  SmallVector<uint64_t, 128> Lines;
  for (uint64_t M = Exec; M; M &= M - 1) {
    uint64_t A = vmemAddr(C, I, countr_zero(M));
    for (uint64_t L = A >> LineShift; L <= (A + Bytes - 1) >> LineShift; ++L)
      Lines.push_back(L);
  }
  llvm::sort(Lines);
  return std::max<unsigned>(1, std::unique(Lines.begin(), Lines.end()) -
                                   Lines.begin());
}

unsigned amdgpu_emu::ldsBankCycles(const WaveCtx &C, const Instr &I,
                                   uint64_t Exec, unsigned Banks) {
  unsigned Groups = (C.Lanes + Banks - 1) / Banks, Cycles = 0;
  if (!I.has(Role::Addr) || I.op(Role::Addr).Kind != OpKind::VGPR) {
    for (unsigned G = 0; G != Groups; ++G)
      Cycles +=
          ((Exec >> (G * Banks)) & maskTrailingOnes<uint64_t>(Banks)) != 0;
    return Cycles;
  }
  // The dword addresses each lane touches: one element, or two for the
  // ds_read2/ds_write2 forms.
  bool Two = I.has(Role::Offset0) && I.has(Role::Offset1);
  unsigned ElemBytes = Two ? (I.Name.contains("B64") ? 8 : 4) : accessBytes(I);
  unsigned Stride = ElemBytes * (I.Name.contains("ST64") ? 64 : 1);
  for (unsigned G = 0; G != Groups; ++G) {
    SmallVector<std::pair<unsigned, uint32_t>, 128> Dwords; // (bank, dword)
    for (unsigned L = G * Banks; L != std::min(C.Lanes, (G + 1) * Banks); ++L) {
      if (!((Exec >> L) & 1))
        continue;
      SmallVector<uint32_t, 2> Elems;
      if (Two) {
        uint32_t Base = readV(C, I.op(Role::Addr), L);
        Elems.push_back(Base + uint8_t(I.imm(Role::Offset0)) * Stride);
        Elems.push_back(Base + uint8_t(I.imm(Role::Offset1)) * Stride);
      } else {
        Elems.push_back(uint32_t(dsAddr(C, I, L)));
      }
      for (uint32_t A : Elems)
        for (unsigned D = 0; D != ElemBytes / 4; ++D) {
          uint32_t Dw = A / 4 + D;
          Dwords.push_back({Dw % Banks, Dw});
        }
    }
    if (Dwords.empty())
      continue;
    llvm::sort(Dwords);
    Dwords.erase(std::unique(Dwords.begin(), Dwords.end()), Dwords.end());
    // Distinct dwords in the busiest bank: a broadcast costs nothing more.
    unsigned Worst = 0, Run = 0;
    for (size_t K = 0; K != Dwords.size(); ++K) {
      Run = K && Dwords[K].first == Dwords[K - 1].first ? Run + 1 : 1;
      Worst = std::max(Worst, Run);
    }
    Cycles += Worst;
  }
  return Cycles;
}
