//===- Dpp.cpp - DPP: a VALU source read across lanes ---------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Data-parallel primitives: a VOP1/VOP2 instruction whose src0 each lane
/// reads from another lane, as the instruction's DPP controls select. The
/// instruction runs the routine of its e32 form (Executor.cpp names it);
/// runDpp gives that routine the source lane of every lane (readV reads
/// src0 there, fetched before any lane is written) and the lanes it may
/// write (WaveCtx::exec()).
///
/// DPP16 (gfx8+; AMD GCN3/Vega/CDNA and RDNA ISA manuals, "DPP"): a row is
/// 16 lanes, a bank 4 lanes of every row. dpp_ctrl selects the source lane:
///   quad_perm:[a,b,c,d]  lane 4q+i reads lane 4q+sel[i]
///   row_shl:n            lane L reads L+n, row_shr:n L-n (1 <= n <= 15),
///                        out of range past the row's ends
///   row_ror:n            lane L reads L-n modulo its row
///   wave_shl:1 (gfx9)    L reads L+1, wave_shr:1 L-1, out of range past
///                        the wave's ends; wave_rol:1 / wave_ror:1 rotate
///   row_mirror           lane i of a row reads lane 15-i of the row;
///                        row_half_mirror: lane i of 8 reads lane 7-i
///   row_bcast:15 (gfx9)  rows 1-3 read the last lane of the previous row;
///   row_bcast:31 (gfx9)  rows 2 and 3 read lane 31
///   row_share:n (gfx10+) every lane of a row reads lane n of the row;
///   row_xmask:n (gfx10+) lane i of a row reads lane i ^ n of the row
/// A source lane that is out of range, or inactive in EXEC (unless gfx10's
/// fi is set), is invalid: with bound_ctrl (BC) set the lane reads 0,
/// otherwise it is not written (vdst keeps its old value). row_mask bit r
/// and bank_mask bit b disable the writes of row r and bank b; they do not
/// affect which lanes are valid sources.
///
/// DPP8 (gfx10+): lane L reads lane (L & ~7) | sel[L & 7]; an inactive source
/// lane reads 0 unless fi is set.
///
/// Refused, with an error naming the control: reserved dpp_ctrl values,
/// gfx90a's row_newbcast, the wave_* and row_bcast controls on gfx10+ (which
/// dropped them), row_bcast into a row it does not broadcast to (row 0, or
/// rows 0 and 1 for row_bcast:31) when row_mask enables an active lane
/// there, DPP on 64-bit operands, and an instruction that writes a lane mask
/// (a carry-out) while DPP disables the write of an active lane.
///
//===----------------------------------------------------------------------===//

#include "ExecutorImpl.h"
#include "SIDefines.h"
#include "llvm/Support/FormatVariadic.h"
#include <string>

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::AMDGPU::DPP;

namespace {
constexpr unsigned RowSize = 16, BankSize = 4, Dpp8Group = 8;
/// dppSourceLane's answers other than a lane.
constexpr int OutOfRange = -1;
constexpr int NoBroadcast = -2; ///< row_bcast into a row it does not feed.
} // namespace

static uint64_t bit(unsigned L) { return uint64_t(1) << L; }

/// Whether dpp_ctrl value Ctrl is one the emulator implements, on gfx10+
/// (Gfx10Plus) or before.
static bool isImplementedCtrl(unsigned Ctrl, bool Gfx10Plus) {
  if (Ctrl <= QUAD_PERM_LAST)
    return true;
  if ((Ctrl >= ROW_SHL_FIRST && Ctrl <= ROW_SHL_LAST) ||
      (Ctrl >= ROW_SHR_FIRST && Ctrl <= ROW_SHR_LAST) ||
      (Ctrl >= ROW_ROR_FIRST && Ctrl <= ROW_ROR_LAST) || Ctrl == ROW_MIRROR ||
      Ctrl == ROW_HALF_MIRROR)
    return true;
  if (Ctrl == WAVE_SHL1 || Ctrl == WAVE_ROL1 || Ctrl == WAVE_SHR1 ||
      Ctrl == WAVE_ROR1 || Ctrl == BCAST15 || Ctrl == BCAST31)
    return !Gfx10Plus;
  if (Ctrl >= ROW_SHARE_FIRST && Ctrl <= ROW_XMASK_LAST)
    return Gfx10Plus;
  return false;
}

/// The assembler's name of a dpp_ctrl value the emulator refuses.
static std::string ctrlName(unsigned Ctrl, bool Gfx10Plus) {
  switch (Ctrl) {
  case WAVE_SHL1:
    return "wave_shl:1";
  case WAVE_ROL1:
    return "wave_rol:1";
  case WAVE_SHR1:
    return "wave_shr:1";
  case WAVE_ROR1:
    return "wave_ror:1";
  case BCAST15:
    return "row_bcast:15";
  case BCAST31:
    return "row_bcast:31";
  default:
    break;
  }
  if (Ctrl >= ROW_SHARE_FIRST && Ctrl <= ROW_SHARE_LAST)
    return (Gfx10Plus ? "row_share:" : "row_newbcast:") +
           std::to_string(Ctrl - ROW_SHARE0);
  if (Ctrl >= ROW_XMASK_FIRST && Ctrl <= ROW_XMASK_LAST)
    return "row_xmask:" + std::to_string(Ctrl - ROW_XMASK0);
  return formatv("reserved dpp_ctrl 0x{0:x-}", Ctrl).str();
}

/// The source lane of lane L under a row-local control: shifts, rotates,
/// share and xmask (lanes of L's row), or OutOfRange.
static int rowSourceLane(unsigned Ctrl, unsigned L) {
  int Row = int(L & ~(RowSize - 1)), InRow = int(L % RowSize);
  auto InRowOrNone = [&](int X) {
    return X >= 0 && X < int(RowSize) ? Row + X : OutOfRange;
  };
  if (Ctrl >= ROW_SHL_FIRST && Ctrl <= ROW_SHL_LAST)
    return InRowOrNone(InRow + int(Ctrl - ROW_SHL0));
  if (Ctrl >= ROW_SHR_FIRST && Ctrl <= ROW_SHR_LAST)
    return InRowOrNone(InRow - int(Ctrl - ROW_SHR0));
  if (Ctrl >= ROW_ROR_FIRST && Ctrl <= ROW_ROR_LAST)
    return Row + (InRow + int(RowSize) - int(Ctrl - ROW_ROR0)) % int(RowSize);
  if (Ctrl >= ROW_SHARE_FIRST && Ctrl <= ROW_SHARE_LAST)
    return Row + int(Ctrl - ROW_SHARE0);
  return Row + (InRow ^ int(Ctrl - ROW_XMASK0)); // row_xmask
}

/// The lane whose src0 lane L of a wave of Lanes lanes reads under DPP16
/// control Ctrl (one isImplementedCtrl accepts), or OutOfRange, or
/// NoBroadcast.
static int dppSourceLane(unsigned Ctrl, unsigned L, unsigned Lanes) {
  unsigned Row = L & ~(RowSize - 1);
  switch (Ctrl) {
  case WAVE_SHL1:
    return L + 1 < Lanes ? int(L + 1) : OutOfRange;
  case WAVE_ROL1:
    return int((L + 1) % Lanes);
  case WAVE_SHR1:
    return L > 0 ? int(L - 1) : OutOfRange;
  case WAVE_ROR1:
    return int((L + Lanes - 1) % Lanes);
  case ROW_MIRROR:
    return int(Row + (RowSize - 1 - L % RowSize));
  case ROW_HALF_MIRROR:
    return int((L & ~7u) + (7 - L % 8));
  case BCAST15:
    return Row ? int(Row - 1) : NoBroadcast;
  case BCAST31:
    return L >= 32 ? 31 : NoBroadcast;
  default:
    break;
  }
  if (Ctrl <= QUAD_PERM_LAST)
    return int((L & ~3u) | ((Ctrl >> (2 * (L & 3))) & 3));
  return rowSourceLane(Ctrl, L);
}

/// The lanes row_mask and bank_mask let a DPP16 instruction write: row r is
/// lanes 16r to 16r+15, bank b lanes 4b to 4b+3 of every row.
static uint64_t maskEnabledLanes(unsigned Lanes, unsigned RowMask,
                                 unsigned BankMask) {
  uint64_t M = 0;
  for (unsigned L = 0; L != Lanes; ++L)
    if ((RowMask >> (L / RowSize)) & (BankMask >> (L % RowSize / BankSize)) & 1)
      M |= bit(L);
  return M;
}

/// DPP16: the source lane of every lane and the lanes written.
static Expected<DppLanes> dpp16Lanes(WaveCtx &C, const Instr &I) {
  unsigned Ctrl = unsigned(I.imm(Role::DppCtrl));
  bool Gfx10Plus = C.DS.Prog.CmpxWritesOnlyExec;
  if (!isImplementedCtrl(Ctrl, Gfx10Plus))
    return instError(C, I,
                     "DPP control " + ctrlName(Ctrl, Gfx10Plus) +
                         " not implemented by the emulator");
  const uint64_t Exec = C.exec();
  bool FetchInactive = I.imm(Role::FetchInactive) == DPP_FI_1;
  bool ZeroInvalid = I.imm(Role::BoundCtrl) != 0;
  DppLanes D;
  D.Src.fill(DppLanes::Zero);
  D.Write = maskEnabledLanes(C.Lanes, unsigned(I.imm(Role::RowMask)),
                             unsigned(I.imm(Role::BankMask)));
  for (unsigned L = 0; L != C.Lanes; ++L) {
    int S = dppSourceLane(Ctrl, L, C.Lanes);
    if (S == NoBroadcast && (Exec & D.Write & bit(L)))
      return instError(C, I,
                       formatv("{0} into lane {1}, which it does not "
                               "broadcast to, not implemented by the emulator",
                               ctrlName(Ctrl, Gfx10Plus), L));
    bool Valid = S >= 0 && (FetchInactive || (Exec & bit(unsigned(S))));
    if (Valid)
      D.Src[L] = int8_t(S);
    else if (!ZeroInvalid)
      D.Write &= ~bit(L); // Not written: vdst keeps its old value.
  }
  return D;
}

/// DPP8: lane L reads lane (L & ~7) | sel[L & 7] (3 bits each); an inactive
/// source lane reads 0 unless fi is set. Every lane may write.
static DppLanes dpp8Lanes(const WaveCtx &C, const Instr &I) {
  uint32_t Sel = uint32_t(I.imm(Role::Dpp8Sel));
  bool FetchInactive = I.imm(Role::FetchInactive) == DPP8_FI_1;
  const uint64_t Exec = C.exec();
  DppLanes D;
  D.Src.fill(DppLanes::Zero);
  D.Write = ~uint64_t(0);
  for (unsigned L = 0; L != C.Lanes; ++L) {
    unsigned S = (L & ~(Dpp8Group - 1)) | ((Sel >> (3 * (L % Dpp8Group))) & 7);
    if (FetchInactive || (Exec & bit(S)))
      D.Src[L] = int8_t(S);
  }
  return D;
}

/// Reads src0 from every lane's source lane, before the instruction writes
/// any lane (its vdst may be src0's register).
static void fetchSources(const WaveCtx &C, const Instr &I, DppLanes &D) {
  const Operand &Src0 = I.op(Role::Src0);
  const uint32_t *Reg = &C.W.V[size_t(Src0.Index) * C.Lanes];
  for (unsigned L = 0; L != C.Lanes; ++L)
    D.Value[L] = D.Src[L] == DppLanes::Zero ? 0 : Reg[D.Src[L]];
}

Error amdgpu_emu::runDpp(WaveCtx &C, const Instr &I) {
  // An instruction without semantics reports that first; with no active
  // lane, nothing is read or written.
  if (C.exec() == 0 || I.Fn == unimplemented ||
      I.Fn == unimplementedUnlessExecZero)
    return I.Fn(C, I);
  const Operand &Src0 = I.op(Role::Src0);
  if (Src0.Kind != OpKind::VGPR || Src0.Dwords != 1)
    return instError(C, I,
                     "DPP on a source other than a 32-bit VGPR not "
                     "implemented by the emulator");
  Expected<DppLanes> L =
      I.Dpp == DppForm::Dpp8 ? dpp8Lanes(C, I) : dpp16Lanes(C, I);
  if (!L)
    return L.takeError();
  if (I.WritesLaneMask && (C.exec() & ~L->Write))
    return instError(C, I,
                     "DPP that disables the write of an active lane, in an "
                     "instruction that also writes a lane mask, not "
                     "implemented by the emulator");
  fetchSources(C, I, *L);
  C.Dpp = &*L;
  Error E = I.Fn(C, I);
  C.Dpp = nullptr;
  return E;
}
