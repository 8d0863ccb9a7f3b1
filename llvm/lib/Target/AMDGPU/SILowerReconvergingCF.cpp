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
///   %s = SI_IF %c, %bb.P    ->  %s = COPY $exec
///   (result read)               %t = S_AND %s, %c
///                               $exec = S_MOV_term %t
///                               S_CBRANCH_EXECZ %bb.P
///   SI_END_CF %m            ->  $exec = S_OR $exec, %m  (block prologue)
///   SI_WATERFALL_LOOP %bb   ->  S_CBRANCH_EXECNZ %bb
///
/// SI_IF's result is the exec it found; SIInsertRejoinMasks reads it only
/// where it is a valid rejoin mask. SIOptimizeExecMasking folds the copy, the
/// AND and the move into one S_AND_SAVEEXEC after register allocation.
///
/// A block that rejoins m and then branches on m itself (SIInsertRejoinMasks
/// gave such an SI_IF its block's rejoin mask as condition) is the flow block
/// of an if-then-else, and is lowered like upstream's SI_ELSE:
///
///   SI_END_CF %m            ->  %live = S_OR_SAVEEXEC %m
///   %t = S_ANDN2 $exec, %m  ->  %t = COPY %live
///   SI_IF %m, %bb.P         ->  $exec = S_XOR_term $exec, %live
///                               S_CBRANCH_EXECZ %bb.P
///
/// %live, the lanes that arrived without being parked, are the lanes bound
/// for P; the rejoined lanes m go on. This relies on the invariant that
/// parked lanes are never active: m and %live are disjoint. When nothing is
/// left between the two exec writes, SIOptimizeExecMasking folds them into
/// one S_ANDN2_SAVEEXEC.
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
STATISTIC(NumRejoinedLaneBranches,
          "Branches on their block's rejoin mask lowered like SI_ELSE");

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
  MachineInstr *buildExeczBranch(MachineInstr &MI, MachineOperand &Target);
  void erasePseudo(MachineInstr &MI, ArrayRef<Register> Changed,
                   ArrayRef<Register> Created = {});
  void lowerIf(MachineInstr &MI);
  MachineInstr *getExecAndN2(Register Cond, MachineInstr &If) const;
  void lowerIfOnExecAndN2(MachineInstr &MI, MachineInstr &Stay);
  void lowerSavingIf(MachineInstr &MI);
  void lowerElse(MachineInstr &MI);
  void lowerEndCf(MachineInstr &MI);
  MachineInstr *findRejoinedLaneBranch(MachineInstr &EndCf) const;
  void lowerRejoinedLaneBranch(MachineInstr &EndCf, MachineInstr &If);
  bool hoistTerminatorCopies(MachineBasicBlock &MBB);
};

} // end anonymous namespace

LaneMaskOps::LaneMaskOps(const GCNSubtarget &ST) {
  bool Wave32 = ST.isWave32();
  AndN2 = Wave32 ? AMDGPU::S_ANDN2_B32 : AMDGPU::S_ANDN2_B64;
  Or = Wave32 ? AMDGPU::S_OR_B32 : AMDGPU::S_OR_B64;
  Mov = Wave32 ? AMDGPU::S_MOV_B32 : AMDGPU::S_MOV_B64;
  AndTerm = Wave32 ? AMDGPU::S_AND_B32_term : AMDGPU::S_AND_B64_term;
  AndN2Term = Wave32 ? AMDGPU::S_ANDN2_B32_term : AMDGPU::S_ANDN2_B64_term;
  And = Wave32 ? AMDGPU::S_AND_B32 : AMDGPU::S_AND_B64;
  MovTerm = Wave32 ? AMDGPU::S_MOV_B32_term : AMDGPU::S_MOV_B64_term;
  XorTerm = Wave32 ? AMDGPU::S_XOR_B32_term : AMDGPU::S_XOR_B64_term;
  OrSaveExec = Wave32 ? AMDGPU::S_OR_SAVEEXEC_B32 : AMDGPU::S_OR_SAVEEXEC_B64;
  Exec = Wave32 ? AMDGPU::EXEC_LO : AMDGPU::EXEC;
}

/// Where the execz branch of the control-flow pseudo \p MI goes: after the
/// terminator copies that PHI elimination put behind MI (the copies of a
/// pseudo's result, see SIInstrInfo::createPHISourceCopy), which must run on
/// both paths, so just before the unconditional branch, if any.
static MachineBasicBlock::iterator skipToUncondBrOrEnd(MachineInstr &MI) {
  MachineBasicBlock &MBB = *MI.getParent();
  auto I = MI.getIterator();
  while (I != MBB.end() && !I->isUnconditionalBranch())
    ++I;
  return I;
}

char SILowerReconvergingCF::ID = 0;
char &llvm::SILowerReconvergingCFID = SILowerReconvergingCF::ID;

INITIALIZE_PASS(SILowerReconvergingCF, DEBUG_TYPE,
                "SI lower reconverging control flow", false, false)

/// `S_CBRANCH_EXECZ Target` for the pseudo \p MI, after its terminator copies.
MachineInstr *SILowerReconvergingCF::buildExeczBranch(MachineInstr &MI,
                                                      MachineOperand &Target) {
  MachineInstr *Br =
      BuildMI(*MI.getParent(), skipToUncondBrOrEnd(MI), MI.getDebugLoc(),
              TII->get(AMDGPU::S_CBRANCH_EXECZ))
          .add(Target);
  if (LIS)
    LIS->InsertMachineInstrInMaps(*Br);
  return Br;
}

/// Erases the lowered pseudo \p MI (whose slot index a replacement has taken,
/// if LIS is in use) and recomputes the live intervals of the registers it
/// read or wrote (\p Changed) and of the new ones (\p Created).
void SILowerReconvergingCF::erasePseudo(MachineInstr &MI,
                                        ArrayRef<Register> Changed,
                                        ArrayRef<Register> Created) {
  MI.eraseFromParent();
  if (!LIS)
    return;
  LIS->removeAllRegUnitsForPhysReg(AMDGPU::EXEC);
  for (Register R : Changed) {
    LIS->removeInterval(R);
    if (!MRI->reg_nodbg_empty(R))
      LIS->createAndComputeVirtRegInterval(R);
  }
  for (Register R : Created)
    LIS->createAndComputeVirtRegInterval(R);
}

void SILowerReconvergingCF::lowerIf(MachineInstr &MI) {
  MachineBasicBlock &MBB = *MI.getParent();
  const DebugLoc &DL = MI.getDebugLoc();
  Register Cond = MI.getOperand(1).getReg();
  Register Saved = MI.getOperand(0).getReg();
  if (!MRI->use_nodbg_empty(Saved)) {
    lowerSavingIf(MI);
    return;
  }
  if (LV)
    LV->removeVirtualRegisterDead(Saved, MI);
  if (MachineInstr *Stay = getExecAndN2(Cond, MI)) {
    lowerIfOnExecAndN2(MI, *Stay);
    return;
  }
  MachineInstr *And = BuildMI(MBB, MI, DL, TII->get(Ops->AndTerm), Ops->Exec)
                          .addReg(Ops->Exec)
                          .add(MI.getOperand(1));
  markSCCDead(*And);
  if (LV)
    LV->replaceKillInstruction(Cond, MI, *And);
  if (LIS)
    LIS->ReplaceMachineInstrInMaps(MI, *And);
  buildExeczBranch(MI, MI.getOperand(2));
  erasePseudo(MI, {Cond, Saved});
  ++NumIfs;
}

/// True if \p A comes before \p B in their block.
static bool comesBefore(const MachineInstr &A, const MachineInstr &B) {
  for (const MachineInstr &MI :
       make_range(std::next(A.getIterator()), A.getParent()->instr_end()))
    if (&MI == &B)
      return true;
  return false;
}

/// The definition of \p Cond if it is `S_ANDN2 $exec, E` in \p If's block,
/// read only by \p If, with exec unchanged in between (the form
/// SIInsertRejoinMasks gives a loop exit whose compare yields the parked
/// lanes E); null otherwise.
MachineInstr *SILowerReconvergingCF::getExecAndN2(Register Cond,
                                                  MachineInstr &If) const {
  MachineInstr *Def = MRI->getUniqueVRegDef(Cond);
  if (!Def || Def->getOpcode() != Ops->AndN2 ||
      Def->getParent() != If.getParent() || !Def->getOperand(1).isReg() ||
      Def->getOperand(1).getReg() != Ops->Exec || !Def->getOperand(2).isReg() ||
      !MRI->hasOneNonDBGUse(Cond))
    return nullptr;
  for (const MachineInstr &MI :
       make_range(std::next(Def->getIterator()), If.getIterator()))
    if (MI.modifiesRegister(Ops->Exec, TRI))
      return nullptr;
  return Def;
}

/// SI_IF on `Stay = S_ANDN2 $exec, E`: exec &= Stay is exec &= ~E, one
/// instruction instead of two.
void SILowerReconvergingCF::lowerIfOnExecAndN2(MachineInstr &MI,
                                               MachineInstr &Stay) {
  MachineBasicBlock &MBB = *MI.getParent();
  Register Cond = MI.getOperand(1).getReg();
  Register Saved = MI.getOperand(0).getReg();
  Register E = Stay.getOperand(2).getReg();
  MachineInstr *AndN2 =
      BuildMI(MBB, MI, MI.getDebugLoc(), TII->get(Ops->AndN2Term), Ops->Exec)
          .addReg(Ops->Exec)
          .addReg(E);
  markSCCDead(*AndN2);
  if (LV) {
    // E's last use in the block (Stay, or the OR of the mask) moves to the
    // new instruction, unless it comes after it.
    if (MachineInstr *Kill = LV->getVarInfo(E).findKill(&MBB);
        Kill && comesBefore(*Kill, *AndN2)) {
      Kill->clearRegisterKills(E, TRI);
      LV->replaceKillInstruction(E, *Kill, *AndN2);
      AndN2->addRegisterKilled(E, TRI);
    }
    LiveVariables::VarInfo &CondInfo = LV->getVarInfo(Cond);
    CondInfo.Kills.clear();
    CondInfo.AliveBlocks.clear();
  }
  if (LIS) {
    LIS->RemoveMachineInstrFromMaps(Stay);
    LIS->ReplaceMachineInstrInMaps(MI, *AndN2);
  }
  Stay.eraseFromParent();
  buildExeczBranch(MI, MI.getOperand(2));
  erasePseudo(MI, {Cond, Saved, E});
  ++NumIfs;
}

/// SI_IF whose result, the saved exec, is a rejoin mask: upstream's lowering
/// of a simple if.
void SILowerReconvergingCF::lowerSavingIf(MachineInstr &MI) {
  MachineBasicBlock &MBB = *MI.getParent();
  const DebugLoc &DL = MI.getDebugLoc();
  Register Saved = MI.getOperand(0).getReg();
  Register Cond = MI.getOperand(1).getReg();
  // The implicit def of exec keeps VALU code from being scheduled in
  // between, which would prevent S_AND_SAVEEXEC later.
  MachineInstr *Copy = BuildMI(MBB, MI, DL, TII->get(AMDGPU::COPY), Saved)
                           .addReg(Ops->Exec)
                           .addReg(Ops->Exec, RegState::ImplicitDefine);
  Register Tmp = MRI->createVirtualRegister(TRI->getBoolRC());
  MachineInstr *And = BuildMI(MBB, MI, DL, TII->get(Ops->And), Tmp)
                          .addReg(Saved)
                          .add(MI.getOperand(1));
  markSCCDead(*And);
  MachineInstr *SetExec =
      BuildMI(MBB, MI, DL, TII->get(Ops->MovTerm), Ops->Exec)
          .addReg(Tmp, RegState::Kill);
  if (LV) {
    LV->replaceKillInstruction(Cond, MI, *And);
    LV->getVarInfo(Tmp).Kills.push_back(SetExec);
  }
  if (LIS) {
    LIS->InsertMachineInstrInMaps(*Copy);
    LIS->ReplaceMachineInstrInMaps(MI, *And);
    LIS->InsertMachineInstrInMaps(*SetExec);
  }
  buildExeczBranch(MI, MI.getOperand(2));
  erasePseudo(MI, {Cond, Saved}, {Tmp});
  ++NumIfs;
}

/// SI_ELSE, which SIInsertRejoinMasks forms in if-else shapes: upstream's
/// lowering. The rejoin goes first in the block, before the copies of its
/// PHIs, which need the rejoined lanes; the AND accounts for exec changes in
/// the block, and SIOptimizeExecMaskingPreRA removes it where there are none.
void SILowerReconvergingCF::lowerElse(MachineInstr &MI) {
  MachineBasicBlock &MBB = *MI.getParent();
  const DebugLoc &DL = MI.getDebugLoc();
  Register Dst = MI.getOperand(0).getReg();
  Register Src = MI.getOperand(1).getReg();
  Register Save = MRI->createVirtualRegister(TRI->getBoolRC());
  MachineInstr *OrSave =
      BuildMI(MBB, MBB.begin(), DL, TII->get(Ops->OrSaveExec), Save)
          .addReg(Src);
  markSCCDead(*OrSave);
  MachineInstr *And = BuildMI(MBB, MI, DL, TII->get(Ops->And), Dst)
                          .addReg(Ops->Exec)
                          .addReg(Save);
  markSCCDead(*And);
  MachineInstr *Xor = BuildMI(MBB, MI, DL, TII->get(Ops->XorTerm), Ops->Exec)
                          .addReg(Ops->Exec)
                          .addReg(Dst);
  markSCCDead(*Xor);
  if (LV)
    LV->replaceKillInstruction(Src, MI, *OrSave);
  if (LIS) {
    LIS->InsertMachineInstrInMaps(*OrSave);
    LIS->ReplaceMachineInstrInMaps(MI, *And);
    LIS->InsertMachineInstrInMaps(*Xor);
  }
  buildExeczBranch(MI, MI.getOperand(2));
  erasePseudo(MI, {Src, Dst}, {Save});
  ++NumIfs;
  ++NumRejoins;
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

/// The SI_IF that branches on the mask \p EndCf rejoins, if it ends the same
/// block with no write of exec in between.
MachineInstr *
SILowerReconvergingCF::findRejoinedLaneBranch(MachineInstr &EndCf) const {
  MachineBasicBlock &MBB = *EndCf.getParent();
  auto T = MBB.getFirstTerminator();
  if (T == MBB.end() || T->getOpcode() != AMDGPU::SI_IF ||
      T->getOperand(1).getReg() != EndCf.getOperand(0).getReg())
    return nullptr;
  for (auto I = std::next(EndCf.getIterator()); I != T; ++I)
    if (I->modifiesRegister(AMDGPU::EXEC, TRI))
      return nullptr;
  return &*T;
}

void SILowerReconvergingCF::lowerRejoinedLaneBranch(MachineInstr &EndCf,
                                                    MachineInstr &If) {
  MachineBasicBlock &MBB = *If.getParent();
  Register Mask = EndCf.getOperand(0).getReg();
  Register Live = MRI->createVirtualRegister(TRI->getBoolRC());
  MachineInstr *OrSave =
      BuildMI(MBB, EndCf, EndCf.getDebugLoc(), TII->get(Ops->OrSaveExec), Live)
          .addReg(Mask);
  markSCCDead(*OrSave);

  // The lanes parked for P, computed by SIInsertRejoinMasks as exec & ~m,
  // are the live lanes.
  SmallVector<MachineInstr *, 4> ParkedDefs;
  for (auto I = std::next(EndCf.getIterator()); I != If.getIterator(); ++I)
    if (I->getOpcode() == Ops->AndN2 &&
        I->getOperand(1).getReg() == Ops->Exec &&
        I->getOperand(2).getReg() == Mask)
      ParkedDefs.push_back(&*I);
  for (MachineInstr *AndN2 : ParkedDefs) {
    MachineInstr *Copy =
        BuildMI(MBB, *AndN2, AndN2->getDebugLoc(), TII->get(AMDGPU::COPY),
                AndN2->getOperand(0).getReg())
            .addReg(Live);
    if (LIS)
      LIS->ReplaceMachineInstrInMaps(*AndN2, *Copy);
    AndN2->eraseFromParent();
  }

  Register Off = If.getOperand(0).getReg();
  assert(MRI->use_nodbg_empty(Off) && "SI_IF result read in a reconverging "
                                      "function");
  if (LV) {
    LV->removeVirtualRegisterDead(Off, If);
    LV->replaceKillInstruction(Mask, If, *OrSave);
  }
  MachineInstr *Xor =
      BuildMI(MBB, If, If.getDebugLoc(), TII->get(Ops->XorTerm), Ops->Exec)
          .addReg(Ops->Exec)
          .addReg(Live);
  markSCCDead(*Xor);
  if (LIS) {
    LIS->ReplaceMachineInstrInMaps(EndCf, *OrSave);
    LIS->ReplaceMachineInstrInMaps(If, *Xor);
  }
  buildExeczBranch(If, If.getOperand(2));
  EndCf.eraseFromParent();
  erasePseudo(If, {Mask, Off}, {Live});
  ++NumIfs;
  ++NumRejoins;
  ++NumRejoinedLaneBranches;
}

/// Turns the terminator copies PHI elimination put behind a control-flow
/// pseudo (SIInstrInfo::createPHISourceCopy) back into plain copies in front
/// of the block's terminators, where their source is no longer defined by a
/// terminator: after lowering, a saved exec is a plain `COPY $exec`. A scalar
/// copy does not depend on exec, so it may run before the exec write. Left
/// behind it, the copy is a terminator with a live-out virtual definition,
/// and the fast register allocator spills such a definition right after it,
/// in the middle of the block's terminators.
bool SILowerReconvergingCF::hoistTerminatorCopies(MachineBasicBlock &MBB) {
  auto FirstTerm = MBB.getFirstTerminator();
  bool Changed = false;
  for (MachineInstr &MI :
       make_early_inc_range(make_range(FirstTerm, MBB.end()))) {
    if (MI.getOpcode() != Ops->MovTerm || !MI.getOperand(0).isReg() ||
        !MI.getOperand(1).isReg())
      continue;
    Register Dst = MI.getOperand(0).getReg();
    Register Src = MI.getOperand(1).getReg();
    if (!Dst.isVirtual() || !Src.isVirtual())
      continue;
    MachineInstr *SrcDef = MRI->getUniqueVRegDef(Src);
    if (!SrcDef || SrcDef->isTerminator())
      continue;
    // Nothing the copy passes may read or write its registers.
    auto Passed =
        make_range(MBB.getFirstTerminator(), MachineBasicBlock::iterator(MI));
    if (any_of(Passed, [&](const MachineInstr &T) {
          return T.readsRegister(Dst, TRI) || T.modifiesRegister(Dst, TRI) ||
                 T.modifiesRegister(Src, TRI);
        }))
      continue;
    MBB.splice(MBB.getFirstTerminator(), &MBB, MI.getIterator());
    MI.setDesc(TII->get(AMDGPU::COPY));
    for (unsigned I = MI.getNumOperands(); I-- > 2;)
      if (MI.getOperand(I).isImplicit()) // Uses of exec.
        MI.removeOperand(I);
    if (LIS)
      LIS->handleMove(MI);
    Changed = true;
  }
  return Changed;
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
  // First the if-then-else flow blocks, whose rewrite spans their block.
  SmallVector<std::pair<MachineInstr *, MachineInstr *>, 8> RejoinedLanes;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB)
      if (MI.getOpcode() == AMDGPU::SI_END_CF)
        if (MachineInstr *If = findRejoinedLaneBranch(MI))
          RejoinedLanes.push_back({&MI, If});
  for (auto [EndCf, If] : RejoinedLanes)
    lowerRejoinedLaneBranch(*EndCf, *If);
  Changed |= !RejoinedLanes.empty();

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
        lowerElse(MI);
        break;
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
  for (MachineBasicBlock &MBB : MF)
    Changed |= hoistTerminatorCopies(MBB);
  return Changed;
}
