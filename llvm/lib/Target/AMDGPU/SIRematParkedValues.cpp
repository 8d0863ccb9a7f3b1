//===- SIRematParkedValues.cpp - Scalar values for lanes that wait --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Keeps the machine SSA optimizations from giving lanes that wait for a
/// rejoin a scalar value of someone else's iteration, in functions lowered
/// with the reconverging control flow (AMDGPUReconvergeCFG).
///
/// A divergent branch `SI_IF %c, %bb.P` in block B parks the lanes bound for
/// its primary successor P while the wave runs the blocks its secondary
/// successor reaches without passing P (*the blocks run while parked*).
/// When those include B itself (B lies on a cycle that avoids P), they
/// include blocks D that the parked lanes ran before: the wave runs D again
/// for the other lanes. A value of D that the parked lanes read after P must
/// survive that. A VGPR does (a VALU write only changes the active lanes); a
/// lane mask that a VALU compare wrote does not: the compare clears the bits
/// of the inactive lanes.
///
/// AMDGPUReconvergeCFG makes sure the IR has no such read (or structurizes
/// the function): an i1 value read after the wait falls back, and one read
/// after leaving a cycle goes through an exit phi, which SILowerI1Copies
/// merges lane by lane. MachineCSE can bypass both: it replaces a compare
/// after P, or after the cycle's exit, by the identical compare of D (found
/// by cf_fuzz.py: lanes that left a loop in an earlier iteration lost their
/// bit of the mask and took the wrong branch after it).
///
/// This pass finds, for every SI_IF whose parked lanes the wave can run D
/// again for, each VALU compare of D whose mask is read where a lane can get
/// from P without running D again, and recomputes the compare at the read:
/// a clone there computes the mask of the lanes that reach it. The clone
/// needs register operands that survive the wait themselves (VGPRs, and
/// SGPRs defined outside the blocks run while parked); for any other such
/// read it reports an error that names the option to use the structurizing
/// lowering instead. It runs at the end of the machine SSA optimizations.
//
//===----------------------------------------------------------------------===//

#include "AMDGPU.h"
#include "AMDGPUReconvergingCF.h"
#include "GCNSubtarget.h"
#include "SIInstrInfo.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/InitializePasses.h"

using namespace llvm;

#define DEBUG_TYPE "si-remat-parked-values"

STATISTIC(NumRematerialized,
          "Scalar values recomputed for lanes that waited for a rejoin");

namespace {

using BlockSet = SmallPtrSet<const MachineBasicBlock *, 32>;

class SIRematParkedValues : public MachineFunctionPass {
public:
  static char ID;
  SIRematParkedValues() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "SI rematerialize values for parked lanes";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  const SIRegisterInfo *TRI = nullptr;
  MachineRegisterInfo *MRI = nullptr;

  bool fixBranch(MachineBasicBlock &B, MachineBasicBlock &P,
                 MachineOptimizationRemarkEmitter &ORE);
  bool fixValue(MachineInstr &Def, const MachineBasicBlock &P,
                const BlockSet &RunWhileParked, const BlockSet &Stale,
                MachineOptimizationRemarkEmitter &ORE);
  bool canRecompute(const MachineInstr &MI,
                    const BlockSet &RunWhileParked) const;
};

} // end anonymous namespace

char SIRematParkedValues::ID = 0;
char &llvm::SIRematParkedValuesID = SIRematParkedValues::ID;

INITIALIZE_PASS_BEGIN(SIRematParkedValues, DEBUG_TYPE,
                      "SI rematerialize values for parked lanes", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(SIRematParkedValues, DEBUG_TYPE,
                    "SI rematerialize values for parked lanes", false, false)

/// The blocks reachable from \p From without passing \p Avoid (From
/// included unless it is Avoid).
static BlockSet reachableAvoiding(const MachineBasicBlock *From,
                                  const MachineBasicBlock *Avoid) {
  BlockSet Seen;
  SmallVector<const MachineBasicBlock *, 16> Work;
  if (From != Avoid && Seen.insert(From).second)
    Work.push_back(From);
  while (!Work.empty())
    for (const MachineBasicBlock *Succ : Work.pop_back_val()->successors())
      if (Succ != Avoid && Seen.insert(Succ).second)
        Work.push_back(Succ);
  return Seen;
}

/// True if cloning \p MI at a read after the wait computes the value of the
/// lanes that reach the read: MI has no side effect, memory access or live
/// physical-register result, and every register it reads survives the wait
/// (a VGPR, exec, a constant register, or an SGPR defined outside the
/// blocks run while parked).
bool SIRematParkedValues::canRecompute(const MachineInstr &MI,
                                       const BlockSet &RunWhileParked) const {
  if (MI.isPHI() || MI.isCopyLike() || MI.mayLoadOrStore() || MI.isCall() ||
      MI.isTerminator() || MI.hasUnmodeledSideEffects() || MI.isConvergent() ||
      MI.getNumExplicitDefs() != 1)
    return false;
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || !MO.getReg())
      continue;
    Register R = MO.getReg();
    if (MO.isDef()) {
      if (R.isPhysical() && !MO.isDead())
        return false;
      continue;
    }
    if (R.isPhysical()) {
      if (R != TRI->getExec() && !MRI->isConstantPhysReg(R))
        return false;
      continue;
    }
    if (!TRI->isSGPRReg(*MRI, R))
      continue;
    const MachineInstr *Def = MRI->getVRegDef(R);
    if (!Def || RunWhileParked.count(Def->getParent()))
      return false;
  }
  return true;
}

/// Reports a read of \p Def's value after a wait that this pass cannot
/// recompute (\p Where it would have to).
static void reportCannotRecompute(const MachineInstr &Def, StringRef Where) {
  const Function &F = Def.getMF()->getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F,
      "lanes waiting for a rejoin would read a lane mask that the "
      "reconverging control-flow lowering cannot recompute" +
          Where + "; use -amdgpu-cf-lowering=structurize",
      Def.getDebugLoc()));
}

/// Recomputes \p Def's value at each read that a lane parked for \p P can
/// reach after P without running Def again (\p Stale). Returns true if it
/// changed anything.
bool SIRematParkedValues::fixValue(MachineInstr &Def,
                                   const MachineBasicBlock &P,
                                   const BlockSet &RunWhileParked,
                                   const BlockSet &Stale,
                                   MachineOptimizationRemarkEmitter &ORE) {
  Register R = Def.getOperand(0).getReg();
  SmallVector<MachineOperand *, 4> AtRisk;
  for (MachineOperand &Use : MRI->use_nodbg_operands(R)) {
    MachineInstr &UseMI = *Use.getParent();
    const MachineBasicBlock *At = UseMI.getParent();
    if (UseMI.isPHI())
      At = UseMI.getOperand(UseMI.getOperandNo(&Use) + 1).getMBB();
    if (At != Def.getParent() && Stale.count(At))
      AtRisk.push_back(&Use);
  }
  if (AtRisk.empty())
    return false;
  MachineFunction &MF = *Def.getMF();
  if (!canRecompute(Def, RunWhileParked)) {
    reportCannotRecompute(Def, "");
    return false;
  }
  for (MachineOperand *Use : AtRisk) {
    MachineInstr &UseMI = *Use->getParent();
    MachineBasicBlock *MBB = UseMI.getParent();
    MachineBasicBlock::iterator InsertPt = UseMI.getIterator();
    if (UseMI.isPHI()) {
      MBB = UseMI.getOperand(UseMI.getOperandNo(Use) + 1).getMBB();
      InsertPt = MBB->getFirstTerminator();
    } else if (UseMI.isTerminator()) {
      InsertPt = MBB->getFirstTerminator();
    }
    if (Def.definesRegister(AMDGPU::SCC, TRI) &&
        MBB->computeRegisterLiveness(TRI, AMDGPU::SCC, InsertPt) !=
            MachineBasicBlock::LQR_Dead) {
      reportCannotRecompute(Def, " where SCC is live");
      continue;
    }
    MachineInstr *Clone = MF.CloneMachineInstr(&Def);
    Register NewR = MRI->createVirtualRegister(MRI->getRegClass(R));
    Clone->getOperand(0).setReg(NewR);
    MBB->insert(InsertPt, Clone);
    Use->setReg(NewR);
    ++NumRematerialized;
  }
  ORE.emit([&] {
    std::string Msg;
    raw_string_ostream OS(Msg);
    OS << "recomputed a scalar value of " << printMBBReference(*Def.getParent())
       << " for lanes that waited at " << printMBBReference(P)
       << " while the wave ran it again";
    return MachineOptimizationRemark(DEBUG_TYPE, "Rematerialized",
                                     Def.getDebugLoc(), Def.getParent())
           << OS.str();
  });
  return true;
}

/// Fixes the values that lanes parked by B's SI_IF for P could read stale.
bool SIRematParkedValues::fixBranch(MachineBasicBlock &B, MachineBasicBlock &P,
                                    MachineOptimizationRemarkEmitter &ORE) {
  const MachineBasicBlock *S = nullptr;
  for (const MachineBasicBlock *Succ : B.successors())
    if (Succ != &P)
      S = Succ;
  if (!S)
    return false;
  BlockSet RunWhileParked = reachableAvoiding(S, &P);
  if (!RunWhileParked.count(&B))
    return false; // The wave cannot come back to what the parked lanes ran.
  bool Changed = false;
  // In block order: the values are recomputed, with new virtual registers,
  // in the order they are found.
  for (MachineBasicBlock &D : *B.getParent()) {
    if (!RunWhileParked.count(&D))
      continue;
    std::optional<BlockSet> Stale;
    for (MachineInstr &MI : D) {
      // A VALU compare writes its lane mask for the active lanes and clears
      // the bits of the others.
      if (!SIInstrInfo::isVALU(MI) || !MI.isCompare() ||
          !MI.getOperand(0).isReg() || !MI.getOperand(0).getReg().isVirtual())
        continue;
      if (!Stale)
        Stale = reachableAvoiding(&P, &D);
      Changed |= fixValue(MI, P, RunWhileParked, *Stale, ORE);
    }
  }
  return Changed;
}

bool SIRematParkedValues::runOnMachineFunction(MachineFunction &MF) {
  if (!usesReconvergingCF(MF.getFunction()))
    return false;
  const GCNSubtarget &ST = MF.getSubtarget<GCNSubtarget>();
  TRI = ST.getRegisterInfo();
  MRI = &MF.getRegInfo();
  auto &ORE = getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  bool Changed = false;
  for (MachineBasicBlock &B : MF)
    for (MachineInstr &MI : B.terminators())
      if (MI.getOpcode() == AMDGPU::SI_IF)
        Changed |= fixBranch(B, *MI.getOperand(2).getMBB(), ORE);
  return Changed;
}
