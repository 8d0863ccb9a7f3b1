//===- Strict.cpp - Waits and wait states the hardware needs --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Strict.h"
#include "ExecutorImpl.h"
#include "SIDefines.h"
#include "Utils/AMDGPUBaseInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

namespace {

constexpr unsigned RegVCCLo = SRegVCC, RegVCCHi = SRegVCC + 1;
constexpr unsigned RegM0 = SRegM0, RegExecLo = SRegEXEC;
constexpr unsigned FirstVGPR = StrictSRegs, FirstAGPR = StrictSRegs + 256;

/// The strict-numbered registers of an operand (none for constants, SCC
/// and null).
RegRange rangeOf(const Operand &O, unsigned Lanes) {
  switch (O.Kind) {
  case OpKind::SGPR:
    return {O.Index, O.Dwords};
  case OpKind::VGPR:
    return {uint16_t(FirstVGPR + O.Index), O.Dwords};
  case OpKind::AGPR:
    return {uint16_t(FirstAGPR + O.Index), O.Dwords};
  case OpKind::VCCZ:
    return {uint16_t(RegVCCLo), uint16_t(Lanes == 64 ? 2 : 1)};
  case OpKind::EXECZ:
    return {uint16_t(RegExecLo), uint16_t(Lanes == 64 ? 2 : 1)};
  default:
    return {};
  }
}

bool contains(RegRange R, unsigned Reg) {
  return Reg >= R.First && Reg < unsigned(R.First) + R.Count;
}

bool overlaps(RegRange A, RegRange B) {
  return A.Count && B.Count && A.First < B.First + B.Count &&
         B.First < A.First + A.Count;
}

std::string regName(unsigned R) {
  switch (R) {
  case RegVCCLo:
    return "vcc_lo";
  case RegVCCHi:
    return "vcc_hi";
  case RegM0:
    return "m0";
  case RegExecLo:
    return "exec_lo";
  case RegExecLo + 1:
    return "exec_hi";
  }
  if (R < FirstVGPR)
    return "s" + std::to_string(R);
  if (R < FirstAGPR)
    return "v" + std::to_string(R - FirstVGPR);
  return "a" + std::to_string(R - FirstAGPR);
}

/// "NAME at 0xADDR (ASM)" for instruction Idx.
std::string describe(const Program &P, uint32_t Idx) {
  return formatv("{0} at 0x{1:x-} ({2})",
                 P.Dec->getOpcodeName(P.Decoded[Idx].Inst), P.Insts[Idx].Addr,
                 P.Dec->print(P.Decoded[Idx]))
      .str();
}

/// The counters instruction Idx joins (with its lgkm kind), from the
/// instruction flags of its pseudo.
void classifyMemory(StrictInstr &S, const Instr &I, const MCInstrDesc &D,
                    uint64_t Flags, bool HasVsCnt) {
  bool VMemKind = Flags & (SIInstrFlags::MUBUF | SIInstrFlags::MTBUF |
                           SIInstrFlags::MIMG | SIInstrFlags::FLAT);
  if (Flags & SIInstrFlags::SMRD) {
    S.Counters |= 1 << LgkmCnt;
    S.Lgkm = LgkmSMem;
  } else if (Flags & SIInstrFlags::DS) {
    S.Counters |= 1 << LgkmCnt;
    S.Lgkm = LgkmLDS;
  } else if (I.Name.starts_with("S_SENDMSG")) {
    S.Counters |= 1 << LgkmCnt;
    S.Lgkm = LgkmMessage;
  }
  if (!VMemKind || (!D.mayLoad() && !D.mayStore()))
    return; // Cache invalidations count on no counter.
  S.VMem = true;
  bool Store =
      D.mayStore() && (!D.mayLoad() || (Flags & SIInstrFlags::IsAtomicNoRet));
  S.Counters |= 1 << (HasVsCnt && Store ? VsCnt : VmCnt);
  if ((Flags & SIInstrFlags::FLAT) &&
      !(Flags & (SIInstrFlags::FlatGlobal | SIInstrFlags::FlatScratch))) {
    S.Flat = true;
    S.Counters |= 1 << LgkmCnt;
    S.Lgkm = LgkmLDS;
  }
  S.InOrderVGPRWrite = D.mayLoad() && !S.Flat && !(Flags & SIInstrFlags::MIMG);
  if (Store && !D.mayLoad() && I.has(Role::VData)) {
    RegRange Data = rangeOf(I.op(Role::VData), 64);
    if (Data.Count > 2)
      S.StoreData = Data;
  }
}

/// The counts an s_waitcnt* instruction waits for.
void classifyWait(StrictInstr &S, const Instr &I,
                  const AMDGPU::IsaVersion &IV) {
  if (I.Name == "S_WAITCNT") {
    AMDGPU::Waitcnt W =
        AMDGPU::decodeWaitcnt(IV, unsigned(I.imm(Role::Simm16)));
    S.Wait[VmCnt] = W.LoadCnt;
    S.Wait[LgkmCnt] = W.DsCnt;
    S.IsWait = true;
    return;
  }
  static const std::pair<StringRef, StrictCounter> SopkWaits[] = {
      {"S_WAITCNT_VMCNT", VmCnt},
      {"S_WAITCNT_VSCNT", VsCnt},
      {"S_WAITCNT_LGKMCNT", LgkmCnt}};
  for (auto [Name, Counter] : SopkWaits)
    if (I.Name == Name) {
      // The count is simm16 when sdst is null; an SGPR count is not
      // modelled and waits for nothing.
      if (I.op(Role::SDst).Kind == OpKind::Null)
        S.Wait[Counter] = unsigned(I.imm(Role::Simm16));
      S.IsWait = true;
    }
}

StrictInstr describeInstr(const Program &P, uint32_t Idx,
                          const AMDGPU::IsaVersion &IV, bool HasVsCnt) {
  const MCInstrInfo &MII = P.Dec->getInstrInfo();
  const MCInst &MI = P.Decoded[Idx].Inst;
  const Instr &I = P.Insts[Idx];
  const MCInstrDesc &Real = MII.get(MI.getOpcode());
  const MCInstrDesc &Pseudo = MII.get(P.PseudoOpcodes[Idx]);
  uint64_t Flags = Real.TSFlags | Pseudo.TSFlags;
  StrictInstr S;
  auto Add = [&](SmallVectorImpl<RegRange> &To, unsigned Reg) {
    if (Reg >= P.Regs.size())
      return;
    RegRange R = rangeOf(P.Regs[Reg], P.Lanes);
    if (R.Count)
      To.push_back(R);
    if (P.Regs[Reg].Kind == OpKind::VCCZ)
      S.ReadsVCCZ = true;
  };
  for (unsigned N = 0, E = MI.getNumOperands(); N != E; ++N)
    if (MI.getOperand(N).isReg())
      Add(N < Real.getNumDefs() ? S.Writes : S.Reads,
          MI.getOperand(N).getReg());
  for (const MCInstrDesc *D : {&Real, &Pseudo}) {
    for (MCPhysReg R : D->implicit_uses())
      Add(S.Reads, R);
    for (MCPhysReg R : D->implicit_defs())
      Add(S.Writes, R);
  }
  S.ReadsVCCZ |= I.Name.starts_with("S_CBRANCH_VCC");
  S.VALU = Flags & SIInstrFlags::VALU;
  S.SALU = Flags & SIInstrFlags::SALU;
  S.DPP = Flags & SIInstrFlags::DPP;
  S.DivFmas = I.Name.starts_with("V_DIV_FMAS");
  if ((I.Name == "V_READLANE_B32" || I.Name == "V_WRITELANE_B32") &&
      I.op(Role::Src1).Kind == OpKind::SGPR)
    S.LaneSelect = rangeOf(I.op(Role::Src1), P.Lanes);
  S.ReadsM0Hazard =
      (I.Name.starts_with("S_SENDMSG") || I.Name.starts_with("S_MOVREL") ||
       I.Name.starts_with("V_MOVREL") || I.Name.starts_with("V_INTERP")) &&
      any_of(S.Reads, [](RegRange R) { return contains(R, RegM0); });
  if (I.Name == "S_NOP")
    S.WaitStates = unsigned(I.imm(Role::Simm16) & 0xf) + 1;
  classifyMemory(S, I, Pseudo, Flags, HasVsCnt);
  classifyWait(S, I, IV);
  return S;
}

} // namespace

std::unique_ptr<StrictProgram>
amdgpu_emu::buildStrictProgram(const Program &P, StringRef Processor) {
  auto SP = std::make_unique<StrictProgram>();
  AMDGPU::IsaVersion IV = AMDGPU::getIsaVersion(Processor);
  SP->DataDepHazards = IV.Major <= 9;
  SP->PartialVCCUpdatesVCCZ = IV.Major >= 10;
  SP->FlatCountsInOrder = IV.Major >= 10;
  SP->HasVsCnt = IV.Major >= 10;
  SP->VmemWritesVGPRsInOrder = IV.Major <= 11;
  SP->Insts.reserve(P.Insts.size());
  for (uint32_t Idx = 0; Idx != P.Insts.size(); ++Idx)
    SP->Insts.push_back(describeInstr(P, Idx, IV, SP->HasVsCnt));
  return SP;
}

StrictWave::StrictWave(const StrictProgram &SP)
    : SP(SP), Writer(NumStrictRegs), ValuDefAt(NumStrictRegs),
      AnyDefAt(NumStrictRegs), ValuDefBy(NumStrictRegs),
      AnyDefBy(NumStrictRegs) {}

bool StrictWave::inOrder(StrictCounter Ctr) const {
  uint8_t Kinds = 0;
  bool Flat = false;
  for (uint32_t Op : Queues[Ctr]) {
    const StrictInstr &S = SP.Insts[Ops[Op].Inst];
    Kinds |= S.Lgkm;
    Flat |= S.Flat;
  }
  if (Flat && !SP.FlatCountsInOrder)
    return false; // gfx9 may count a FLAT access done on one counter first.
  if (Ctr != LgkmCnt)
    return true;
  return !(Kinds & LgkmSMem) && popcount(Kinds) <= 1;
}

void StrictWave::retire(uint32_t Op, StrictCounter Ctr) {
  InFlight &F = Ops[Op];
  F.Pending &= ~(1 << Ctr);
  if (F.Pending)
    return; // Its results also wait for another counter.
  for (RegRange R : SP.Insts[F.Inst].Writes)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg)
      if (Writer[Reg] == Op + 1)
        Writer[Reg] = 0;
}

void StrictWave::wait(StrictCounter Ctr, unsigned N) {
  std::deque<uint32_t> &Q = Queues[Ctr];
  if (Q.size() <= N)
    return;
  if (inOrder(Ctr)) {
    while (Q.size() > N) {
      retire(Q.front(), Ctr);
      Q.pop_front();
    }
  } else if (N == 0) {
    for (uint32_t Op : Q)
      retire(Op, Ctr);
    Q.clear();
  }
  // Out of order with N > 0: which operations completed is unknown, so
  // none counts as complete.
}

Error StrictWave::inFlightError(WaveCtx &C, const Instr &I, unsigned Reg,
                                StringRef What) {
  uint32_t Op = Writer[Reg] - 1;
  std::string Counters;
  for (auto [Ctr, Name] :
       {std::pair{VmCnt, "vmcnt"}, {LgkmCnt, "lgkmcnt"}, {VsCnt, "vscnt"}})
    if (Ops[Op].Pending & (1 << Ctr))
      Counters += (Counters.empty() ? "" : "/") + std::string(Name);
  return instError(C, I,
                   formatv("strict: {0} {1} while the result of {2} is in "
                           "flight (no s_waitcnt {3} has covered it)",
                           What, regName(Reg),
                           describe(C.DS.Prog, Ops[Op].Inst), Counters));
}

Error StrictWave::checkInFlight(WaveCtx &C, const Instr &I, uint32_t Idx) {
  const StrictInstr &S = SP.Insts[Idx];
  auto InFlightError = [&](unsigned Reg, StringRef What) {
    return inFlightError(C, I, Reg, What);
  };
  for (RegRange R : S.Reads)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg)
      if (Writer[Reg])
        return InFlightError(Reg, "reads");
  // A vector memory load may overwrite an earlier one's result if both
  // write their VGPRs in issue order (Strict.h).
  bool InOrderLoad = SP.VmemWritesVGPRsInOrder && S.InOrderVGPRWrite;
  for (RegRange R : S.Writes)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg) {
      if (!Writer[Reg])
        continue;
      const InFlight &F = Ops[Writer[Reg] - 1];
      if (InOrderLoad && SP.Insts[F.Inst].InOrderVGPRWrite)
        continue;
      return InFlightError(Reg, "overwrites");
    }
  return Error::success();
}

/// The registers that relocateOperands moved I's operands to, away from
/// where instruction Idx names them (the static description checked
/// those): a moved source is read, a moved vdst written; neither may be in
/// flight. Records the moved vdst for after().
Error StrictWave::checkMoved(WaveCtx &C, const Instr &I, uint32_t Idx) {
  const Instr &Static = C.DS.Prog.Insts[Idx];
  MovedWrites.clear();
  if (&I == &Static)
    return Error::success(); // Not relocated.
  SmallVector<RegRange, 4> MovedReads;
  for (Role R : {Role::Src0, Role::Src1, Role::Src2, Role::VDst}) {
    const Operand &O = I.op(R), &Encoded = Static.op(R);
    if (O.Kind != OpKind::VGPR || O.Index == Encoded.Index)
      continue;
    if (R == Role::VDst)
      MovedWrites.push_back(rangeOf(O, C.Lanes));
    else
      MovedReads.push_back(rangeOf(O, C.Lanes));
  }
  for (RegRange R : MovedReads)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg)
      if (Writer[Reg])
        return inFlightError(C, I, Reg, "reads");
  for (RegRange R : MovedWrites)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg)
      if (Writer[Reg])
        return inFlightError(C, I, Reg, "overwrites");
  return Error::success();
}

Error StrictWave::checkWaitStates(WaveCtx &C, const Instr &I, uint32_t Idx) {
  const StrictInstr &S = SP.Insts[Idx];
  const Program &P = C.DS.Prog;
  auto Need = [&](StringRef Rule, unsigned Needed, uint64_t DefAt,
                  uint32_t DefBy) -> Error {
    if (!DefBy || Clock - DefAt >= Needed)
      return Error::success();
    return instError(C, I,
                     formatv("strict: hazard {0}: needs {1} wait states after "
                             "{2}, has {3}",
                             Rule, Needed, describe(P, DefBy - 1),
                             Clock - DefAt));
  };
  for (RegRange R : S.Reads)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg) {
      if (S.VMem && Reg < FirstVGPR)
        if (Error E = Need("vmem-sgpr", 5, ValuDefAt[Reg], ValuDefBy[Reg]))
          return E;
      if (S.DPP && Reg >= FirstVGPR && Reg < FirstAGPR)
        if (Error E = Need("dpp-vgpr", 2, AnyDefAt[Reg], AnyDefBy[Reg]))
          return E;
    }
  if (S.DPP)
    for (unsigned Reg : {RegExecLo, RegExecLo + 1})
      if (Error E = Need("dpp-exec", 5, ValuDefAt[Reg], ValuDefBy[Reg]))
        return E;
  if (S.DivFmas)
    for (unsigned Reg : {RegVCCLo, RegVCCHi})
      if (Error E = Need("div-fmas", 4, ValuDefAt[Reg], ValuDefBy[Reg]))
        return E;
  for (unsigned Reg = S.LaneSelect.First;
       Reg != unsigned(S.LaneSelect.First) + S.LaneSelect.Count; ++Reg)
    if (Error E = Need("rwlane", 4, ValuDefAt[Reg], ValuDefBy[Reg]))
      return E;
  if (S.ReadsM0Hazard)
    if (Error E = Need("m0-read", 1, M0SaluDefAt, M0SaluDefBy))
      return E;
  if (S.VALU &&
      any_of(S.Writes, [&](RegRange R) { return overlaps(R, StoreData); }))
    if (Error E = Need("store-data", 1, StoreAt, StoreBy))
      return E;
  return Error::success();
}

Error StrictWave::before(WaveCtx &C, const Instr &I, uint32_t Idx) {
  if (Error E = checkInFlight(C, I, Idx))
    return E;
  if (Error E = checkMoved(C, I, Idx))
    return E;
  if (SP.Insts[Idx].ReadsVCCZ && StaleVCCZBy)
    return instError(
        C, I,
        formatv("strict: reads VCCZ, which is stale: {0} wrote only half of "
                "VCC, which does not update VCCZ on this target (write VCC "
                "whole, e.g. s_mov_b64 vcc, vcc, first)",
                describe(C.DS.Prog, StaleVCCZBy - 1)));
  if (SP.DataDepHazards)
    return checkWaitStates(C, I, Idx);
  return Error::success();
}

void StrictWave::after(uint32_t Idx) {
  const StrictInstr &S = SP.Insts[Idx];
  Clock += S.WaitStates;
  if (S.IsWait)
    for (unsigned Ctr = 0; Ctr != NumStrictCounters; ++Ctr)
      if (S.Wait[Ctr] != ~0u)
        wait(StrictCounter(Ctr), S.Wait[Ctr]);
  if (S.Counters) {
    uint32_t Op = uint32_t(Ops.size());
    Ops.push_back({Idx, S.Counters, S.Counters});
    for (unsigned Ctr = 0; Ctr != NumStrictCounters; ++Ctr)
      if (S.Counters & (1 << Ctr))
        Queues[Ctr].push_back(Op);
    for (RegRange R : S.Writes)
      for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg)
        Writer[Reg] = Op + 1;
    if (S.StoreData.Count) {
      StoreData = S.StoreData;
      StoreAt = Clock;
      StoreBy = Idx + 1;
    }
  } else {
    for (RegRange R : S.Writes)
      for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg) {
        AnyDefAt[Reg] = Clock;
        AnyDefBy[Reg] = Idx + 1;
        if (S.VALU) {
          ValuDefAt[Reg] = Clock;
          ValuDefBy[Reg] = Idx + 1;
        }
        if (S.SALU && Reg == RegM0) {
          M0SaluDefAt = Clock;
          M0SaluDefBy = Idx + 1;
        }
      }
  }
  // A moved vdst is a VALU write of the register it moved to.
  for (RegRange R : MovedWrites)
    for (unsigned Reg = R.First; Reg != unsigned(R.First) + R.Count; ++Reg) {
      AnyDefAt[Reg] = ValuDefAt[Reg] = Clock;
      AnyDefBy[Reg] = ValuDefBy[Reg] = Idx + 1;
    }
  MovedWrites.clear();
  if (!SP.PartialVCCUpdatesVCCZ)
    for (RegRange R : S.Writes) {
      bool Lo = contains(R, RegVCCLo), Hi = contains(R, RegVCCHi);
      if (Lo && Hi)
        StaleVCCZBy = 0;
      else if (Lo || Hi)
        StaleVCCZBy = Idx + 1;
    }
  if (all_of(Queues, [](const std::deque<uint32_t> &Q) { return Q.empty(); }))
    Ops.clear();
}
