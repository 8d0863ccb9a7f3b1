//===- Timing.cpp - A compute-unit timing model for recorded waves --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// See Timing.h for the model. The simulation steps through cycles; at cycle t
// every SIMD s with t % IssueInterval == s % IssueInterval has its issue
// opportunity. When a whole issue interval passes without any wave issuing,
// time jumps to the earliest cycle at which some wave could issue.
//
//===----------------------------------------------------------------------===//

#include "Timing.h"
#include "Strict.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <limits>

using namespace llvm;
using namespace llvm::amdgpu_emu;

TimingParams TimingParams::forProcessor(StringRef Processor,
                                        unsigned WaveSize) {
  TimingParams P;
  if (Processor.starts_with("gfx10") || Processor.starts_with("gfx11")) {
    // RDNA (2): a CU has two SIMD32s, each issuing every cycle; a wave32
    // VALU operation takes one cycle, a wave64 one two. 1024 VGPRs per lane
    // of a SIMD in wave32 (512 in wave64), granule 16 (8); SGPRs are not
    // allocated per wave; at most 16 waves per SIMD.
    P.SIMDsPerCU = 2;
    P.IssueInterval = 1;
    P.MaxWavesPerSIMD = 16;
    P.VGPRsPerSIMD = WaveSize == 32 ? 1024 : 512;
    P.VGPRGranule = WaveSize == 32 ? 16 : 8;
    P.SGPRsPerSIMD = 0;
    P.ValuCycles = WaveSize / 32;
    P.F64RateFactor = 16;
    P.VMemIssueCycles = WaveSize / 32;
    P.LDSIssueCycles = WaveSize / 32;
    P.MaxOutstanding = {63, 63, 63}; // lgkmcnt is 6 bits wide from GFX10.
    return P;
  }
  // GCN / CDNA: four SIMD16s per CU, one issue turn each every four cycles;
  // a wave64 VALU operation takes four cycles.
  if (Processor != "gfx90a" && Processor != "gfx940" && Processor != "gfx941" &&
      Processor != "gfx942") {
    P.MaxWavesPerSIMD = 10;
    P.VGPRsPerSIMD = 256;
    P.VGPRGranule = 4;
    P.F64RateFactor = 2;
  }
  return P;
}

/// Registers a wave allocates: Count rounded up to the granule (at least one
/// granule).
static unsigned allocated(unsigned Count, unsigned Granule) {
  return std::max(1u, (Count + Granule - 1) / Granule) * Granule;
}

Expected<Occupancy> amdgpu_emu::computeOccupancy(const TimingParams &P,
                                                 unsigned VGPRs, unsigned AGPRs,
                                                 unsigned SGPRs,
                                                 unsigned LDSBytes,
                                                 unsigned WavesPerGroup) {
  Occupancy O;
  O.WavesPerSIMD = P.MaxWavesPerSIMD;
  O.LimitedBy = "waves";
  // gfx90a allocates AGPRs after the VGPRs (rounded to 4) from one file.
  unsigned V = AGPRs ? allocated(VGPRs, 4) + AGPRs : VGPRs;
  unsigned ByVGPRs = P.VGPRsPerSIMD / allocated(V, P.VGPRGranule);
  if (ByVGPRs < O.WavesPerSIMD) {
    O.WavesPerSIMD = ByVGPRs;
    O.LimitedBy = "vgprs";
  }
  if (P.SGPRsPerSIMD) {
    unsigned BySGPRs = P.SGPRsPerSIMD / allocated(SGPRs, P.SGPRGranule);
    if (BySGPRs < O.WavesPerSIMD) {
      O.WavesPerSIMD = BySGPRs;
      O.LimitedBy = "sgprs";
    }
  }
  if (O.WavesPerSIMD == 0)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("timing: a wave with {0} VGPRs, {1} AGPRs and {2} SGPRs does "
                "not fit on a SIMD",
                VGPRs, AGPRs, SGPRs)
            .str());
  unsigned Slots = O.WavesPerSIMD * P.SIMDsPerCU;
  O.WorkgroupsPerCU = Slots / std::max(1u, WavesPerGroup);
  O.WorkgroupsLimitedBy = O.LimitedBy;
  // Single-wave workgroups need no barrier resource.
  if (WavesPerGroup > 1 && P.MaxWorkgroupsPerCU < O.WorkgroupsPerCU) {
    O.WorkgroupsPerCU = P.MaxWorkgroupsPerCU;
    O.WorkgroupsLimitedBy = "workgroups";
  }
  if (LDSBytes && P.LDSBytesPerCU / LDSBytes < O.WorkgroupsPerCU) {
    O.WorkgroupsPerCU = P.LDSBytesPerCU / LDSBytes;
    O.WorkgroupsLimitedBy = "lds";
  }
  if (O.WorkgroupsPerCU == 0)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("timing: a workgroup of {0} waves with {1} bytes of LDS does "
                "not fit on a compute unit ({2} waves per SIMD)",
                WavesPerGroup, LDSBytes, O.WavesPerSIMD)
            .str());
  return O;
}

namespace {

constexpr uint64_t Never = std::numeric_limits<uint64_t>::max();

struct WaveSim {
  const std::vector<TimingEvent> *Events = nullptr;
  size_t Pos = 0;
  unsigned Group = 0, CU = 0, SIMD = 0;
  uint64_t ReadyAt = 0;
  bool Resident = false, Ended = false, AtBarrier = false;
  /// When the wave first failed to issue its current s_waitcnt / s_barrier.
  uint64_t WaitSince = Never, BarrierSince = Never;
  /// Per counter, completion cycles of the entries not known complete.
  std::array<std::vector<uint64_t>, NumStrictCounters> Pending;
  /// Per counter, the completion cycle of its newest in-order entry.
  std::array<uint64_t, NumStrictCounters> InOrderTail = {};
};

struct GroupSim {
  unsigned FirstWave = 0, NumWaves = 0, Alive = 0, AtBarrier = 0;
  unsigned CU = 0;
};

struct SIMDSim {
  std::vector<unsigned> Waves; ///< Resident, oldest first.
  uint64_t ValuFreeAt = 0;
  uint64_t ValuBusyCycles = 0;
};

struct CUSim {
  std::vector<SIMDSim> SIMDs;
  unsigned Groups = 0, LDSUsed = 0;
  uint64_t VMemFreeAt = 0, LDSFreeAt = 0;
};

class Simulator {
public:
  Simulator(const TimingParams &P, ArrayRef<TimingInst> Insts,
            const DispatchTrace &T, const Occupancy &O)
      : P(P), Insts(Insts), T(T), O(O) {}
  Expected<TimingResult> run();

private:
  const TimingParams &P;
  ArrayRef<TimingInst> Insts;
  const DispatchTrace &T;
  const Occupancy &O;
  std::vector<WaveSim> Waves;
  std::vector<GroupSim> Groups;
  std::vector<CUSim> CUs;
  size_t NextGroup = 0;
  unsigned NextCU = 0; ///< Where dispatch() tries the next workgroup first.
  unsigned EndedWaves = 0;
  uint64_t Now = 0, MinWake = Never;
  uint64_t ResidentWaves = 0, ResidentIntegral = 0, LastChange = 0;
  TimingResult R;

  void noteResidency(int Delta);
  bool tryDispatch(unsigned CUIdx);
  void dispatch();
  unsigned incomplete(WaveSim &W, unsigned Counter);
  uint64_t waitReadyAt(WaveSim &W, const TimingInst &TI);
  bool issue(unsigned CUIdx, unsigned SIMDIdx);
  bool tryIssue(WaveSim &W, unsigned WaveIdx, CUSim &CU, SIMDSim &S,
                std::array<bool, 5> &PortUsed);
  bool issueWait(WaveSim &W, const TimingInst &TI);
  bool issueBarrier(WaveSim &W);
  bool issueToUnit(WaveSim &W, const TimingEvent &E, const TimingInst &TI,
                   CUSim &CU, SIMDSim &S, std::array<bool, 5> &PortUsed);
  void notePending(WaveSim &W, const TimingInst &TI, uint64_t Done);
  void endWave(unsigned WaveIdx);
  void wake(uint64_t At) { MinWake = std::min(MinWake, At); }
};

} // namespace

void Simulator::noteResidency(int Delta) {
  ResidentIntegral += ResidentWaves * (Now - LastChange);
  LastChange = Now;
  ResidentWaves += Delta;
}

/// Places the next workgroup on CU CUIdx if it has room for it.
bool Simulator::tryDispatch(unsigned CUIdx) {
  CUSim &CU = CUs[CUIdx];
  GroupSim &G = Groups[NextGroup];
  if (CU.Groups >= O.WorkgroupsPerCU ||
      CU.LDSUsed + T.LDSBytes > P.LDSBytesPerCU)
    return false;
  unsigned Free = 0;
  for (SIMDSim &S : CU.SIMDs)
    Free += O.WavesPerSIMD - S.Waves.size();
  if (Free < G.NumWaves)
    return false;
  for (unsigned I = 0; I != G.NumWaves; ++I) {
    // The SIMD with the fewest resident waves, the lowest index on a tie.
    unsigned Best = 0;
    for (unsigned S = 1; S != CU.SIMDs.size(); ++S)
      if (CU.SIMDs[S].Waves.size() < CU.SIMDs[Best].Waves.size())
        Best = S;
    WaveSim &W = Waves[G.FirstWave + I];
    W.CU = CUIdx;
    W.SIMD = Best;
    W.Resident = true;
    W.ReadyAt = Now;
    CU.SIMDs[Best].Waves.push_back(G.FirstWave + I);
    noteResidency(1);
  }
  G.CU = CUIdx;
  ++CU.Groups;
  CU.LDSUsed += T.LDSBytes;
  ++NextGroup;
  return true;
}

/// Dispatches workgroups in order while some CU has room for the next one.
/// CUs are tried round-robin from the one after the CU that took the last
/// workgroup, as the hardware's workgroup dispatcher spreads a grid over the
/// CUs instead of filling one CU first.
void Simulator::dispatch() {
  while (NextGroup < Groups.size()) {
    bool Placed = false;
    for (unsigned K = 0; K != CUs.size() && !Placed; ++K) {
      unsigned C = (NextCU + K) % CUs.size();
      if ((Placed = tryDispatch(C)))
        NextCU = (C + 1) % CUs.size();
    }
    if (!Placed)
      return;
  }
}

unsigned Simulator::incomplete(WaveSim &W, unsigned Counter) {
  std::vector<uint64_t> &Q = W.Pending[Counter];
  llvm::erase_if(Q, [&](uint64_t Done) { return Done <= Now; });
  return Q.size();
}

/// The cycle at which the s_waitcnt TI of W is satisfied.
uint64_t Simulator::waitReadyAt(WaveSim &W, const TimingInst &TI) {
  uint64_t At = Now;
  for (unsigned C = 0; C != NumStrictCounters; ++C) {
    if (TI.WaitCounts[C] == ~0u || incomplete(W, C) <= TI.WaitCounts[C])
      continue;
    std::vector<uint64_t> Q = W.Pending[C];
    llvm::sort(Q);
    // Satisfied once all but Wait[C] entries have completed.
    At = std::max(At, Q[Q.size() - TI.WaitCounts[C] - 1]);
  }
  return At;
}

void Simulator::endWave(unsigned WaveIdx) {
  WaveSim &W = Waves[WaveIdx];
  W.Ended = true;
  W.Resident = false;
  ++EndedWaves;
  noteResidency(-1);
  SIMDSim &S = CUs[W.CU].SIMDs[W.SIMD];
  llvm::erase(S.Waves, WaveIdx);
  GroupSim &G = Groups[W.Group];
  --G.Alive;
  if (G.Alive == 0) {
    CUSim &CU = CUs[G.CU];
    --CU.Groups;
    CU.LDSUsed -= T.LDSBytes;
    dispatch();
    return;
  }
  // The barrier counts only the waves that have not ended.
  if (G.AtBarrier && G.AtBarrier == G.Alive) {
    for (unsigned I = 0; I != G.NumWaves; ++I) {
      WaveSim &X = Waves[G.FirstWave + I];
      if (X.AtBarrier) {
        X.AtBarrier = false;
        R.BarrierStallCycles += Now - X.BarrierSince;
        X.BarrierSince = Never;
        X.ReadyAt = Now + 1;
        wake(Now + 1);
      }
    }
    G.AtBarrier = 0;
  }
}

/// Tries to issue W's next instruction at this opportunity.
/// An s_waitcnt: issues once the counters it names are low enough.
bool Simulator::issueWait(WaveSim &W, const TimingInst &TI) {
  uint64_t At = waitReadyAt(W, TI);
  if (At > Now) {
    if (W.WaitSince == Never)
      W.WaitSince = Now;
    wake(At);
    return false;
  }
  if (W.WaitSince != Never)
    R.WaitcntStallCycles += Now - W.WaitSince;
  W.WaitSince = Never;
  ++W.Pos;
  W.ReadyAt = Now + 1;
  return true;
}

/// An s_barrier: the wave waits until every live wave of its workgroup
/// has reached one, and the last to arrive releases them all.
bool Simulator::issueBarrier(WaveSim &W) {
  ++W.Pos;
  GroupSim &G = Groups[W.Group];
  W.AtBarrier = true;
  W.BarrierSince = Now;
  ++G.AtBarrier;
  if (G.AtBarrier != G.Alive)
    return true;
  for (unsigned I = 0; I != G.NumWaves; ++I) {
    WaveSim &X = Waves[G.FirstWave + I];
    if (!X.AtBarrier)
      continue;
    X.AtBarrier = false;
    R.BarrierStallCycles += Now - X.BarrierSince;
    X.BarrierSince = Never;
    X.ReadyAt = Now + 1;
  }
  G.AtBarrier = 0;
  wake(Now + 1);
  return true;
}

/// Records a memory instruction's entries in the counters it increments,
/// complete at Done: vector memory and LDS results return in order, scalar
/// memory may overtake them.
void Simulator::notePending(WaveSim &W, const TimingInst &TI, uint64_t Done) {
  for (unsigned C = 0; C != NumStrictCounters; ++C) {
    if (!(TI.Counters & (1u << C)))
      continue;
    uint64_t EntryDone = Done;
    if (TI.Port != IssuePort::Scalar) {
      EntryDone = std::max(Done, W.InOrderTail[C]);
      W.InOrderTail[C] = EntryDone;
    }
    W.Pending[C].push_back(EntryDone);
  }
}

/// An ALU or memory instruction: issues when its port is free this cycle,
/// the unit it occupies is free, and (memory) its counters have room.
bool Simulator::issueToUnit(WaveSim &W, const TimingEvent &E,
                            const TimingInst &TI, CUSim &CU, SIMDSim &S,
                            std::array<bool, 5> &PortUsed) {
  unsigned Port = unsigned(TI.Port);
  if (PortUsed[Port]) {
    wake(Now + 1);
    return false;
  }
  // The unit the instruction occupies, and for how long.
  uint64_t *FreeAt = nullptr;
  unsigned Busy = 0;
  switch (TI.Port) {
  case IssuePort::VALU:
    FreeAt = &S.ValuFreeAt;
    Busy = P.ValuCycles * TI.RateFactor;
    break;
  case IssuePort::VMem:
    FreeAt = &CU.VMemFreeAt;
    Busy = std::max(P.VMemIssueCycles, E.Extra * P.VMemCyclesPerLine);
    break;
  case IssuePort::LDS:
    FreeAt = &CU.LDSFreeAt;
    Busy = std::max(P.LDSIssueCycles, E.Extra);
    break;
  case IssuePort::Scalar:
  case IssuePort::Other:
    break;
  }
  if (FreeAt && *FreeAt > Now) {
    wake(*FreeAt);
    return false;
  }
  // A counter holds at most MaxOutstanding incomplete entries; the wave
  // waits for one to complete before it issues another.
  if (TI.K == TimingInst::Memory)
    for (unsigned C = 0; C != NumStrictCounters; ++C)
      if ((TI.Counters & (1u << C)) &&
          incomplete(W, C) >= P.MaxOutstanding[C]) {
        wake(*llvm::min_element(W.Pending[C]));
        return false;
      }
  PortUsed[Port] = true;
  if (FreeAt)
    *FreeAt = Now + Busy;
  if (TI.Port == IssuePort::VALU)
    S.ValuBusyCycles += Busy;
  if (TI.K == TimingInst::Memory) {
    unsigned Latency = TI.Port == IssuePort::Scalar ? P.SMemLatency
                       : TI.Port == IssuePort::LDS  ? P.LDSLatency
                       : TI.Load                    ? P.VMemLoadLatency
                                                    : P.VMemStoreLatency;
    notePending(W, TI, Now + Busy + Latency);
  }
  ++W.Pos;
  W.ReadyAt = Now + 1;
  return true;
}

bool Simulator::tryIssue(WaveSim &W, unsigned WaveIdx, CUSim &CU, SIMDSim &S,
                         std::array<bool, 5> &PortUsed) {
  if (W.AtBarrier)
    return false;
  if (W.ReadyAt > Now) {
    wake(W.ReadyAt);
    return false;
  }
  const TimingEvent &E = (*W.Events)[W.Pos];
  const TimingInst &TI = Insts[E.Inst];
  switch (TI.K) {
  case TimingInst::Wait:
    return issueWait(W, TI);
  case TimingInst::Nop:
    ++W.Pos;
    W.ReadyAt = Now + TI.NopCycles;
    return true;
  case TimingInst::Barrier:
    return issueBarrier(W);
  case TimingInst::End: {
    unsigned Port = unsigned(TI.Port);
    if (PortUsed[Port]) {
      wake(Now + 1);
      return false;
    }
    PortUsed[Port] = true;
    endWave(WaveIdx);
    return true;
  }
  case TimingInst::ALU:
  case TimingInst::Memory:
    break;
  }
  return issueToUnit(W, E, TI, CU, S, PortUsed);
}

/// The issue opportunity of one SIMD at cycle Now.
bool Simulator::issue(unsigned CUIdx, unsigned SIMDIdx) {
  CUSim &CU = CUs[CUIdx];
  SIMDSim &S = CU.SIMDs[SIMDIdx];
  std::array<bool, 5> PortUsed = {};
  bool Issued = false;
  // Oldest first; ending a wave removes it from S.Waves, so iterate a copy.
  SmallVector<unsigned, 16> Order(S.Waves.begin(), S.Waves.end());
  for (unsigned WaveIdx : Order) {
    WaveSim &W = Waves[WaveIdx];
    if (W.Ended || !W.Resident)
      continue;
    // A trace that ends without s_endpgm (the run stopped) ends the wave.
    if (W.Pos >= W.Events->size()) {
      endWave(WaveIdx);
      Issued = true;
      continue;
    }
    Issued |= tryIssue(W, WaveIdx, CU, S, PortUsed);
  }
  return Issued;
}

Expected<TimingResult> Simulator::run() {
  for (const auto &G : T.Workgroups) {
    GroupSim GS;
    GS.FirstWave = Waves.size();
    GS.NumWaves = GS.Alive = G.size();
    for (const auto &Events : G) {
      WaveSim W;
      W.Events = &Events;
      W.Group = Groups.size();
      Waves.push_back(std::move(W));
    }
    Groups.push_back(GS);
  }
  CUs.resize(P.NumCUs);
  for (CUSim &CU : CUs)
    CU.SIMDs.resize(P.SIMDsPerCU);
  R.Occ = O;
  dispatch();
  // Wake[K]: the earliest cycle some wave evaluated at a cycle congruent to
  // K modulo the issue interval could issue; a full interval without an
  // issue means nothing can happen before the least of them.
  std::vector<uint64_t> Wake(P.IssueInterval, Never);
  uint64_t LastIssue = 0;
  while (EndedWaves != Waves.size()) {
    uint64_t &Slot = Wake[Now % P.IssueInterval];
    Slot = Never;
    MinWake = Never;
    bool Issued = false;
    for (unsigned C = 0; C != CUs.size(); ++C)
      for (unsigned S = 0; S != P.SIMDsPerCU; ++S)
        if (Now % P.IssueInterval == S % P.IssueInterval)
          Issued |= issue(C, S);
    Slot = MinWake;
    if (Issued)
      LastIssue = Now;
    if (EndedWaves == Waves.size())
      break;
    uint64_t Next = Now + 1;
    if (Now - LastIssue >= P.IssueInterval) {
      uint64_t Earliest = *llvm::min_element(Wake);
      if (Earliest == Never)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("timing: no wave can ever issue at cycle {0} (a "
                    "barrier that not every wave reaches?)",
                    Now)
                .str());
      Next = std::max(Next, Earliest);
    }
    Now = Next;
  }
  noteResidency(0);
  R.Cycles = Now;
  uint64_t SIMDCycles =
      uint64_t(P.NumCUs) * P.SIMDsPerCU * std::max<uint64_t>(1, Now);
  uint64_t ValuBusy = 0;
  for (CUSim &CU : CUs)
    for (SIMDSim &S : CU.SIMDs)
      ValuBusy += S.ValuBusyCycles;
  R.VALUBusy = double(ValuBusy) / double(SIMDCycles);
  R.MeanWavesPerSIMD = double(ResidentIntegral) / double(SIMDCycles);
  return R;
}

Expected<TimingResult>
amdgpu_emu::simulateTiming(const TimingParams &P, ArrayRef<TimingInst> Insts,
                           const DispatchTrace &Trace, unsigned VGPRs,
                           unsigned AGPRs, unsigned SGPRs) {
  unsigned WavesPerGroup = 0;
  for (const auto &G : Trace.Workgroups)
    WavesPerGroup = std::max<unsigned>(WavesPerGroup, G.size());
  Expected<Occupancy> O =
      computeOccupancy(P, VGPRs, AGPRs, SGPRs, Trace.LDSBytes, WavesPerGroup);
  if (!O)
    return O.takeError();
  Simulator Sim(P, Insts, Trace, *O);
  return Sim.run();
}
