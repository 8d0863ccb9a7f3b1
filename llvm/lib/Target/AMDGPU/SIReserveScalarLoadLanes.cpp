//===- SIReserveScalarLoadLanes.cpp - Unread lanes of in-flight SMEM loads ===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Keeps the register allocator from placing a value in an SGPR that an
/// in-flight scalar load is still going to write.
///
/// A multi-dword scalar load (s_load_dwordx2/x4/x8/x16, s_buffer_load_*)
/// writes every dword of its result tuple, but the program may read only
/// some of them: a kernel-argument load is widened to a power of two, and
/// only the x and y dwords of the implicit global-offset argument are read
/// when the kernel uses two dimensions. With subregister liveness the
/// dwords nobody reads (the load's *unread lanes*) are dead from the load
/// on, so the allocator may give one of them to another value, for example
/// the result of the next scalar load. Scalar loads return out of order, so
/// SIInsertWaitcnts must then wait for the first load (`s_waitcnt
/// lgkmcnt(0)`) before the second one is issued: the loads no longer
/// overlap, and the wait costs the latency of the first one.
///
/// The wait for the first load is due anyway at its first read. This pass
/// makes the unread lanes live up to that point: for each such load whose
/// result is first read later in the same block, it inserts a KILL of the
/// whole tuple just before that read. No other value can then be allocated
/// to the tuple while the load is in flight; after the read (and its wait)
/// the unread lanes are free again. The KILL is a meta instruction: it emits
/// nothing, and the wait it may attract is the one the read needs.
///
/// Invariants: the pass runs after the machine scheduler and before SGPR
/// allocation, changes no instruction but the inserted KILLs, and keeps
/// LiveIntervals up to date. A load whose result is first read in another
/// block, or redefined before its first read, is left alone.
//
//===----------------------------------------------------------------------===//

#include "SIReserveScalarLoadLanes.h"
#include "AMDGPU.h"
#include "GCNSubtarget.h"
#include "SIInstrInfo.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/InitializePasses.h"

using namespace llvm;

#define DEBUG_TYPE "si-reserve-scalar-load-lanes"

STATISTIC(NumReserved, "Scalar loads whose unread lanes stay reserved until "
                       "their first read");

static cl::opt<bool> EnableReserveScalarLoadLanes(
    "amdgpu-reserve-scalar-load-lanes",
    cl::desc("Keep the unread dwords of a scalar load's result from being "
             "allocated to other values before the load's first read"),
    cl::init(true));

namespace {

class SIReserveScalarLoadLanes : public MachineFunctionPass {
public:
  static char ID;
  SIReserveScalarLoadLanes() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "SI reserve the unread lanes of scalar loads";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<LiveIntervalsWrapperPass>();
    AU.addPreserved<LiveIntervalsWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  const SIInstrInfo *TII = nullptr;
  const SIRegisterInfo *TRI = nullptr;
  const MachineRegisterInfo *MRI = nullptr;
  LiveIntervals *LIS = nullptr;

  unsigned dwords(Register Reg) const {
    return TRI->getRegSizeInBits(*MRI->getRegClass(Reg)) / 32;
  }

  Register multiDwordScalarLoadResult(const MachineInstr &MI) const;
  bool hasUnreadLanes(const MachineInstr &Load, Register Result) const;
  MachineInstr *firstReadInBlock(MachineInstr &Load, Register Result) const;
  void reserveUntil(MachineInstr &Read, Register Result);
};

} // end anonymous namespace

char SIReserveScalarLoadLanes::ID = 0;
char &llvm::SIReserveScalarLoadLanesID = SIReserveScalarLoadLanes::ID;

INITIALIZE_PASS_BEGIN(SIReserveScalarLoadLanes, DEBUG_TYPE,
                      "SI reserve the unread lanes of scalar loads", false,
                      false)
INITIALIZE_PASS_DEPENDENCY(LiveIntervalsWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(SIReserveScalarLoadLanes, DEBUG_TYPE,
                    "SI reserve the unread lanes of scalar loads", false, false)

/// The virtual register a scalar load of more than one dword fully defines,
/// or no register.
Register SIReserveScalarLoadLanes::multiDwordScalarLoadResult(
    const MachineInstr &MI) const {
  if (!TII->isSMRD(MI) || !MI.mayLoad() || MI.getNumExplicitDefs() != 1)
    return Register();
  const MachineOperand &Def = MI.getOperand(0);
  if (!Def.isReg() || !Def.getReg().isVirtual() || Def.getSubReg() ||
      Def.isDead())
    return Register();
  Register Result = Def.getReg();
  if (dwords(Result) < 2)
    return Register();
  return Result;
}

/// Whether some lane of \p Result is dead right after \p Load defines it.
bool SIReserveScalarLoadLanes::hasUnreadLanes(const MachineInstr &Load,
                                              Register Result) const {
  const LiveInterval &LI = LIS->getInterval(Result);
  if (!LI.hasSubRanges())
    return false;
  SlotIndex AfterDef = LIS->getInstructionIndex(Load).getDeadSlot();
  LaneBitmask LiveAfterDef;
  for (const LiveInterval::SubRange &SR : LI.subranges())
    if (SR.liveAt(AfterDef))
      LiveAfterDef |= SR.LaneMask;
  LaneBitmask All = MRI->getMaxLaneMaskForVReg(Result);
  return (LiveAfterDef & All) != All;
}

/// The first instruction after \p Load in its block that reads \p Result, or
/// null if there is none or \p Result is written again before it.
MachineInstr *
SIReserveScalarLoadLanes::firstReadInBlock(MachineInstr &Load,
                                           Register Result) const {
  MachineBasicBlock &MBB = *Load.getParent();
  for (MachineInstr &MI :
       make_range(std::next(MachineBasicBlock::iterator(Load)), MBB.end())) {
    if (MI.isDebugInstr())
      continue;
    if (MI.readsVirtualRegister(Result))
      return &MI;
    if (MI.modifiesRegister(Result, /*TRI=*/nullptr))
      return nullptr;
  }
  return nullptr;
}

/// Inserts a KILL of the whole \p Result before \p Read and recomputes the
/// live interval of \p Result.
void SIReserveScalarLoadLanes::reserveUntil(MachineInstr &Read,
                                            Register Result) {
  MachineInstr *Kill = BuildMI(*Read.getParent(), Read, Read.getDebugLoc(),
                               TII->get(TargetOpcode::KILL))
                           .addReg(Result);
  LIS->InsertMachineInstrInMaps(*Kill);
  LIS->removeInterval(Result);
  LIS->createAndComputeVirtRegInterval(Result);
}

bool SIReserveScalarLoadLanes::runOnMachineFunction(MachineFunction &MF) {
  if (!EnableReserveScalarLoadLanes || skipFunction(MF.getFunction()))
    return false;
  const GCNSubtarget &ST = MF.getSubtarget<GCNSubtarget>();
  TII = ST.getInstrInfo();
  TRI = ST.getRegisterInfo();
  MRI = &MF.getRegInfo();
  LIS = &getAnalysis<LiveIntervalsWrapperPass>().getLIS();
  auto &ORE = getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();

  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    for (MachineInstr &MI : MBB) {
      Register Result = multiDwordScalarLoadResult(MI);
      if (!Result || !hasUnreadLanes(MI, Result))
        continue;
      MachineInstr *Read = firstReadInBlock(MI, Result);
      if (!Read)
        continue;
      reserveUntil(*Read, Result);
      ++NumReserved;
      Changed = true;
      ORE.emit([&] {
        return MachineOptimizationRemark(DEBUG_TYPE, "ScalarLoadLanesReserved",
                                         MI.getDebugLoc(), &MBB)
               << "kept the unread dwords of a "
               << DiagnosticInfoOptimizationBase::Argument("Dwords",
                                                           dwords(Result))
               << "-dword scalar load free of other values until its "
                  "first read";
      });
    }
  }
  return Changed;
}
