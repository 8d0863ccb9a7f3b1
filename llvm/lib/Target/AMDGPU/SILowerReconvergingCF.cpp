//===- SILowerReconvergingCF.cpp - Lower a reconverging CFG's pseudos -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Lowers the control-flow pseudos of a function that uses the reconverging
/// control-flow lowering (see AMDGPUReconvergingCF.h); it takes the place of
/// SILowerControlFlow for such functions and runs where it runs, right after
/// PHI elimination. Each rewrite is local, because SIInsertRejoinMasks has
/// already made every rejoin mask an explicit virtual register:
///
///   SI_IF %c, %bb.P         ->  $exec = S_AND_term $exec, %c
///                               S_CBRANCH_EXECZ %bb.P
///   SI_END_CF %m            ->  $exec = S_OR $exec, %m  (block prologue)
///   SI_WATERFALL_LOOP %bb   ->  S_CBRANCH_EXECNZ %bb
///
/// Why after PHI elimination: the copies for the PHIs of the primary
/// successor P must run in the branching block B, for the lanes that go to P,
/// before SI_IF turns them off. While SI_IF is an opaque terminator, PHI
/// elimination puts them there; an analyzable branch would let it split the
/// critical edge B->P instead, and the copies would run on a path the wave
/// only takes once exec is empty.
///
/// The exec write of SI_IF is a terminator so that copies the register
/// allocator adds at the end of the block still run for every lane of the
/// block. The OR of SI_END_CF stays where SIInsertRejoinMasks put it, first
/// in its block but for copies of scalar registers (which do not depend on
/// exec); SIInstrInfo::isBasicBlockPrologue counts it as prologue, so vector
/// copies and reloads are placed after it and see the rejoined lanes.
//
//===----------------------------------------------------------------------===//

#include "AMDGPU.h"
#include "AMDGPUReconvergingCF.h"
#include "GCNSubtarget.h"
#include "MCTargetDesc/AMDGPUMCTargetDesc.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/LiveVariables.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/InitializePasses.h"

using namespace llvm;

#define DEBUG_TYPE "si-lower-reconverging-cf"

STATISTIC(NumIfs, "Divergent branches lowered");
STATISTIC(NumRejoins, "Rejoins lowered");

namespace {

class SILowerReconvergingCF : public MachineFunctionPass {
public:
  static char ID;
  SILowerReconvergingCF() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "SI lower reconverging control flow";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    AU.addUsedIfAvailable<LiveIntervalsWrapperPass>();
    // What TwoAddressInstructions, which runs next, preserves.
    AU.addPreserved<MachineDominatorTreeWrapperPass>();
    AU.addPreserved<SlotIndexesWrapperPass>();
    AU.addPreserved<LiveIntervalsWrapperPass>();
    AU.addPreservedID(LiveVariablesID);
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  const SIInstrInfo *TII = nullptr;
  const SIRegisterInfo *TRI = nullptr;
  MachineRegisterInfo *MRI = nullptr;
  LiveVariables *LV = nullptr;
  LiveIntervals *LIS = nullptr;
  std::optional<LaneMaskOps> Ops;

  void markSCCDead(MachineInstr &MI) const {
    MI.findRegisterDefOperand(AMDGPU::SCC, TRI)->setIsDead();
  }
  void lowerIf(MachineInstr &MI);
  void lowerEndCf(MachineInstr &MI);
};

} // end anonymous namespace

LaneMaskOps::LaneMaskOps(const GCNSubtarget &ST) {
  bool Wave32 = ST.isWave32();
  AndN2 = Wave32 ? AMDGPU::S_ANDN2_B32 : AMDGPU::S_ANDN2_B64;
  Or = Wave32 ? AMDGPU::S_OR_B32 : AMDGPU::S_OR_B64;
  Mov = Wave32 ? AMDGPU::S_MOV_B32 : AMDGPU::S_MOV_B64;
  AndTerm = Wave32 ? AMDGPU::S_AND_B32_term : AMDGPU::S_AND_B64_term;
  Exec = Wave32 ? AMDGPU::EXEC_LO : AMDGPU::EXEC;
}

char SILowerReconvergingCF::ID = 0;
char &llvm::SILowerReconvergingCFID = SILowerReconvergingCF::ID;

INITIALIZE_PASS(SILowerReconvergingCF, DEBUG_TYPE,
                "SI lower reconverging control flow", false, false)

void SILowerReconvergingCF::lowerIf(MachineInstr &MI) {
  MachineBasicBlock &MBB = *MI.getParent();
  const DebugLoc &DL = MI.getDebugLoc();
  Register Cond = MI.getOperand(1).getReg();
  // SI_IF's result, the lanes it turns off, has no reader in a reconverging
  // function (SIInsertRejoinMasks computes its own), but keep it meaningful.
  Register Off = MI.getOperand(0).getReg();
  MachineInstr *OffDef = nullptr;
  if (!MRI->use_nodbg_empty(Off)) {
    OffDef = BuildMI(MBB, MI, DL, TII->get(Ops->AndN2), Off)
                 .addReg(Ops->Exec)
                 .addReg(Cond);
    markSCCDead(*OffDef);
  } else if (LV) {
    LV->removeVirtualRegisterDead(Off, MI);
  }
  MachineInstr *And = BuildMI(MBB, MI, DL, TII->get(Ops->AndTerm), Ops->Exec)
                          .addReg(Ops->Exec)
                          .add(MI.getOperand(1));
  markSCCDead(*And);
  MachineInstr *Br = BuildMI(MBB, MI, DL, TII->get(AMDGPU::S_CBRANCH_EXECZ))
                         .add(MI.getOperand(2));
  if (LV)
    LV->replaceKillInstruction(Cond, MI, *And);
  if (LIS) {
    LIS->ReplaceMachineInstrInMaps(MI, *And);
    LIS->InsertMachineInstrInMaps(*Br);
    if (OffDef)
      LIS->InsertMachineInstrInMaps(*OffDef);
    LIS->removeAllRegUnitsForPhysReg(AMDGPU::EXEC);
  }
  MI.eraseFromParent();
  if (LIS) {
    for (Register R : {Cond, Off}) {
      LIS->removeInterval(R);
      if (!MRI->reg_nodbg_empty(R))
        LIS->createAndComputeVirtRegInterval(R);
    }
  }
  ++NumIfs;
}

/// In place: SIInsertRejoinMasks put SI_END_CF first in its block, and PHI
/// elimination only puts copies of scalar registers in front of it.
void SILowerReconvergingCF::lowerEndCf(MachineInstr &MI) {
  MachineInstr *Or = BuildMI(*MI.getParent(), MI, MI.getDebugLoc(),
                             TII->get(Ops->Or), Ops->Exec)
                         .addReg(Ops->Exec)
                         .add(MI.getOperand(0));
  markSCCDead(*Or);
  if (LV)
    LV->replaceKillInstruction(MI.getOperand(0).getReg(), MI, *Or);
  if (LIS) {
    LIS->ReplaceMachineInstrInMaps(MI, *Or);
    LIS->removeAllRegUnitsForPhysReg(AMDGPU::EXEC);
  }
  MI.eraseFromParent();
  ++NumRejoins;
}

bool SILowerReconvergingCF::runOnMachineFunction(MachineFunction &MF) {
  if (!usesReconvergingCF(MF.getFunction()))
    return false;
  const GCNSubtarget &ST = MF.getSubtarget<GCNSubtarget>();
  TII = ST.getInstrInfo();
  TRI = ST.getRegisterInfo();
  MRI = &MF.getRegInfo();
  Ops.emplace(ST);
  auto *LVWrapper = getAnalysisIfAvailable<LiveVariablesWrapperPass>();
  LV = LVWrapper ? &LVWrapper->getLV() : nullptr;
  auto *LISWrapper = getAnalysisIfAvailable<LiveIntervalsWrapperPass>();
  LIS = LISWrapper ? &LISWrapper->getLIS() : nullptr;

  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    for (MachineInstr &MI : make_early_inc_range(MBB)) {
      switch (MI.getOpcode()) {
      case AMDGPU::SI_IF:
        lowerIf(MI);
        break;
      case AMDGPU::SI_END_CF:
        lowerEndCf(MI);
        break;
      case AMDGPU::SI_WATERFALL_LOOP:
        MI.setDesc(TII->get(AMDGPU::S_CBRANCH_EXECNZ));
        break;
      case AMDGPU::SI_ELSE:
      case AMDGPU::SI_LOOP:
      case AMDGPU::SI_IF_BREAK:
        report_fatal_error("structured control-flow pseudo in " + MF.getName() +
                           ", which uses the reconverging lowering");
      default:
        continue;
      }
      Changed = true;
    }
  }
  return Changed;
}
