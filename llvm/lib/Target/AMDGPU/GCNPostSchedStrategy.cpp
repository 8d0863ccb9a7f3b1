//===- GCNPostSchedStrategy.cpp - Post-RA scheduling for GCN --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// The post-RA machine scheduler's strategy for GCN: PostGenericScheduler,
/// top-down, with one more rule about hazards.
///
/// The GCN scheduling models have a micro-op buffer, so an instruction whose
/// operands are not ready yet is still *available*: the generic strategy
/// weighs its latency against the other available instructions. An
/// instruction that the hazard recognizer holds back is *pending* instead,
/// and is not weighed at all. When every available instruction reads the
/// result of a load still in flight, the generic strategy issues one of them,
/// and SIInsertWaitcnts later makes the wave wait for the whole memory
/// latency there, even if the pending instruction only needed a wait state
/// or two.
///
/// The common case is a soft clause (XNACK enabled): two vector loads in a
/// row, where the first overwrites its own address, may not form a clause,
/// so the second one is held back for one wait state. Issuing a use of the
/// first load as the clause breaker serializes the two memory latencies:
///
///   global_load_dwordx4 v[8:11], v[8:9], off
///   s_waitcnt vmcnt(0)
///   v_cvt_f32_u32_sdwa v17, v8 ...
///   global_load_dwordx4 v[12:15], v[12:13], off
///
/// while a wait state (an s_nop that the hazard recognizer inserts) lets both
/// loads be in flight at once.
///
/// The rule: before each pick, while
///   - no available instruction without a hazard is free of a load stall (its
///     last operand that a scheduled load produces arrives later than the
///     current cycle, by the load's latency in the scheduling model), and
///   - an instruction whose operands are all ready is held back only by a
///     hazard,
/// advance the cycle instead of issuing, for at most the shortest load stall
/// and at most the hazard recognizer's look-ahead. The generic heuristics
/// then choose among the instructions available at that cycle. Only load
/// stalls count: for them the wave really waits (s_waitcnt), while the
/// latency of a VALU result is hidden by the VALU's issue cadence.
///
/// -amdgpu-post-ra-wait-out-hazards=0 restores the generic strategy.
//
//===----------------------------------------------------------------------===//

#include "GCNPostSchedStrategy.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/ScheduleHazardRecognizer.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "amdgpu-post-ra-sched"

STATISTIC(NumHazardWaits, "Post-RA scheduling cycles spent waiting out a "
                          "hazard instead of issuing a use of a load");

static cl::opt<bool> WaitOutHazards(
    "amdgpu-post-ra-wait-out-hazards", cl::Hidden, cl::init(true),
    cl::desc("In post-RA scheduling, let a hazard pass rather than issue an "
             "instruction that waits for a load's result"));

/// The cycles from \p CurrCycle until the last operand of \p SU that a
/// scheduled load produces is ready; 0 if none is outstanding.
static unsigned getLoadStall(const SUnit &SU, unsigned CurrCycle) {
  unsigned Stall = 0;
  for (const SDep &Pred : SU.Preds) {
    const SUnit *Def = Pred.getSUnit();
    if (Pred.getKind() != SDep::Data || !Def->isInstr() || !Def->isScheduled ||
        !Def->getInstr()->mayLoad())
      continue;
    unsigned Ready = Def->TopReadyCycle + Pred.getLatency();
    if (Ready > CurrCycle)
      Stall = std::max(Stall, Ready - CurrCycle);
  }
  return Stall;
}

/// Whether \p SU, which has a hazard, would otherwise issue at \p CurrCycle
/// without waiting for a load.
static bool isReadyButForHazard(const SUnit &SU, unsigned CurrCycle) {
  return SU.TopReadyCycle <= CurrCycle && getLoadStall(SU, CurrCycle) == 0;
}

void GCNPostSchedStrategy::waitOutHazardBeforeLoadUse() {
  unsigned MaxWait = Top.HazardRec->getMaxLookAhead();
  for (unsigned Waited = 0; Waited != MaxWait; ++Waited) {
    Top.releasePending();
    unsigned CurrCycle = Top.getCurrCycle();
    bool HeldByHazard = false;
    for (SUnit *SU : Top.Pending)
      HeldByHazard |=
          Top.checkHazard(SU) && isReadyButForHazard(*SU, CurrCycle);
    unsigned MinLoadStall = ~0u;
    for (SUnit *SU : Top.Available) {
      if (Top.checkHazard(SU))
        HeldByHazard |= isReadyButForHazard(*SU, CurrCycle);
      else
        MinLoadStall = std::min(MinLoadStall, getLoadStall(*SU, CurrCycle));
    }
    if (!HeldByHazard || MinLoadStall == 0 || MinLoadStall == ~0u)
      return;
    Top.bumpCycle(CurrCycle + 1);
    ++NumHazardWaits;
  }
}

SUnit *GCNPostSchedStrategy::pickNode(bool &IsTopNode) {
  if (WaitOutHazards && RegionPolicy.OnlyTopDown &&
      DAG->top() != DAG->bottom() && Top.HazardRec->isEnabled())
    waitOutHazardBeforeLoadUse();
  return PostGenericScheduler::pickNode(IsTopNode);
}
