//===- SIInsertRejoinMasks.cpp - Rejoin masks for a reconverging CFG ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Builds the rejoin masks of the reconverging control-flow lowering
/// (Wahlster, "Vectorizing Divergent Control-Flow for SIMD Applications",
/// 2018, section 4.2), on machine SSA right after instruction selection.
///
/// Input: a function marked by AMDGPUReconvergeCFG. Each of its divergent
/// branches is `SI_IF %to.secondary, %bb.P` in a block B, where P, the
/// *primary successor*, post-dominates B. When the wave reaches B, the lanes
/// bound for P wait there ("are parked") while the wave runs the secondary
/// side; every path from B leads to P, so the wave gets to P and takes them
/// back.
///
/// One *rejoin mask* m_P, a scalar lane-mask virtual register, is kept per
/// primary successor P:
///
///   in each B with `SI_IF %c, %bb.P`, before the SI_IF:
///       %t   = S_ANDN2 $exec, %c        ; active lanes bound for P
///       %m_B = %t            (MOVE, B in P0)
///       %m_B = S_OR %m, %t   (OR, otherwise)
///   at the top of P:
///       SI_END_CF %m                    ; exec |= m_P
///
/// SILowerReconvergingCF later turns SI_IF into `exec &= %c` plus
/// `s_cbranch_execz P`, and SI_END_CF into the OR into exec.
///
/// The sets that decide MOVE, OR and zero-initialization, for one P:
///
///   Pset = the blocks whose SI_IF targets P.
///   P*   = the blocks on a path from a block of Pset to P that does not go
///          through P, plus P. Exactly the blocks the wave can run while
///          lanes are parked for P.
///   P0   = the blocks of Pset with no predecessor in P*: the first block of
///          P* a wave reaches, where m_P is set with a MOVE.
///   Q    = the blocks outside P* with an edge into P* \ P0. A wave that
///          enters P* through such an edge has no lanes parked for P, so
///          m_P = 0 is set at the end of each block of Q.
///
/// P is split virtually (thesis: SplitNode) into P_head, which holds its
/// predecessors and the SI_END_CF and is the P of P*, and P_tail, which holds
/// its successors and is outside P*. An edge from P into P* (a loop through
/// P) thus puts P into Q: the mask is reset after each rejoin.
///
/// When one block B sets m_P (a MOVE, and no OR) and every divergent branch
/// between B and P parks its lanes for a block between B and P, every lane
/// that leaves B on the secondary side reaches P active. Rejoining all of
/// B's lanes is then the same as rejoining the parked ones, so m_P is B's
/// exec as SI_IF found it: SI_IF's own result, which SILowerReconvergingCF
/// defines as the saved exec (one S_AND_SAVEEXEC, like upstream's simple if).
/// The same holds with further divergent branches to P (ORs) when Q is empty
/// and B is the only block of P0: every wave in P* then came in through B,
/// so each lane parked for P is one of B's lanes, and those branches need
/// not record their lanes at all; they become a plain `exec &= %c`, as the
/// inner ifs of a short-circuit condition do upstream. Where no block of
/// Pset qualifies, a dominating block A outside it may: if the blocks the
/// wave can run from A before P form a region entered only at A, left only
/// into P, and every lane parked inside it is taken back before P, then
/// every lane of A's exec reaches P and no other lane does, so m_P is A's
/// saved exec (findDominatingSavedExec). The two flow blocks of a three-way
/// if-else-if-else then need no OR, as upstream's nested if-else.
///
/// A divergent branch in P may send on to its secondary successor exactly
/// the lanes that P rejoins (AMDGPUReconvergeCFG marks it with
/// !amdgpu.rejoined.lanes): the flow block between the two sides of an
/// if-then-else. Its SI_IF then takes m_P as condition, like SI_ELSE takes
/// the saved mask upstream, and the phi that computed the condition dies.
///
/// When such a flow block F and its two sides form upstream's if-else shape
/// (one divergent branch in A parks lanes for F with a MOVE, the blocks of
/// each side are entered only from A (or F) and leave only to F (or Y), and
/// F's own parked lanes are either the only definition of the mask of its
/// primary successor Y or not recorded, because m_Y is a saved exec that
/// covers every lane reaching Y), the rejoin, the parked lanes and the
/// SI_IF of F become one upstream SI_ELSE. In the second case Y may have
/// predecessors outside the if-else: an if-else nested in an if-then that
/// ends at the same block. Passes that know SI_ELSE then apply, notably
/// SIOptimizeVGPRLiveRange, which frees the registers of values that only
/// one side needs.
///
/// Invariant: every path from the entry to a read of m_P crosses a MOVE or a
/// zero-initialization, so MachineSSAUpdater never needs an undefined value;
/// and between a zero-initialization or MOVE and the rejoin in P, m_P holds
/// exactly the lanes parked for P since the wave entered P*.
//
//===----------------------------------------------------------------------===//

#include "AMDGPU.h"
#include "AMDGPUReconvergingCF.h"
#include "GCNSubtarget.h"
#include "MCTargetDesc/AMDGPUMCTargetDesc.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineSSAUpdater.h"
#include "llvm/InitializePasses.h"

using namespace llvm;

#define DEBUG_TYPE "si-insert-rejoin-masks"

STATISTIC(NumRejoinMasks, "Rejoin masks (primary successors)");
STATISTIC(NumMoves, "Divergent branches that set a rejoin mask (MOVE)");
STATISTIC(NumOrs, "Divergent branches that add to a rejoin mask (OR)");
STATISTIC(NumZeroInits, "Zero-initializations of rejoin masks");
STATISTIC(NumSavedExec, "Rejoin masks that are a saved exec");
STATISTIC(NumDominatingSavedExec,
          "Rejoin masks that are the saved exec of a dominating branch");
STATISTIC(NumInvertedCompares,
          "Conditions inverted so that the compare yields the parked lanes");
STATISTIC(NumUnrecordedParks, "Divergent branches whose parked lanes a "
                              "saved-exec rejoin mask covers");
STATISTIC(NumRejoinedLaneBranches,
          "Divergent branches on the rejoin mask of their own block");
STATISTIC(NumElses, "Flow blocks lowered as upstream SI_ELSE");
STATISTIC(NumUnobservable, "Primary successors that end the program "
                           "without needing the parked lanes");

namespace {

using BlockSet = SmallPtrSet<MachineBasicBlock *, 16>;

class SIInsertRejoinMasks : public MachineFunctionPass {
public:
  static char ID;
  SIInsertRejoinMasks() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override { return "SI insert rejoin masks"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    AU.addRequired<MachineDominatorTreeWrapperPass>();
    AU.addPreserved<MachineDominatorTreeWrapperPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  const SIInstrInfo *TII = nullptr;
  const SIRegisterInfo *TRI = nullptr;
  MachineRegisterInfo *MRI = nullptr;
  MachineDominatorTree *MDT = nullptr;
  const TargetRegisterClass *MaskRC = nullptr;
  std::optional<LaneMaskOps> Ops;
  /// The primary successors whose divergent branch sends on exactly the
  /// lanes they rejoin (routesRejoinedLanes), found before any rewrite.
  SmallPtrSet<const MachineBasicBlock *, 8> RoutesRejoined;
  /// The divergent branches whose parked lanes are not recorded because
  /// their target's rejoin mask is a saved exec that covers them.
  SmallPtrSet<const MachineInstr *, 8> UnrecordedParks;

  void insertRejoinMask(MachineBasicBlock &P, ArrayRef<MachineInstr *> Ifs,
                        bool BranchesOnMask);
  static bool routesRejoinedLanes(const MachineBasicBlock &MBB);
  bool formElse(MachineBasicBlock &F);
  bool isOnlyRejoinMaskOf(const MachineInstr *Parked,
                          const MachineBasicBlock &Y) const;
  bool canRejoinSavedExec(const BlockSet &PStar, const MachineBasicBlock &P,
                          MachineInstr &If, bool EnteredOnlyAtB) const;
  MachineInstr *findDominatingSavedExec(MachineBasicBlock &P,
                                        const BlockSet &Pset) const;
  bool isSingleEntryRegionTo(MachineBasicBlock &A, MachineBasicBlock &P,
                             const BlockSet &Pset) const;
  static bool isRejoinUnobservable(const MachineBasicBlock &P);
  static BlockSet computePStar(MachineBasicBlock &P,
                               ArrayRef<MachineInstr *> Ifs);
  Register buildZero(MachineBasicBlock &MBB);
  Register buildParkedLanes(MachineInstr &If);
  Register invertCompareIntoParkedLanes(MachineInstr &If);
};

} // end anonymous namespace

char SIInsertRejoinMasks::ID = 0;
char &llvm::SIInsertRejoinMasksID = SIInsertRejoinMasks::ID;

INITIALIZE_PASS_BEGIN(SIInsertRejoinMasks, DEBUG_TYPE, "SI insert rejoin masks",
                      false, false)
INITIALIZE_PASS_DEPENDENCY(MachineDominatorTreeWrapperPass)
INITIALIZE_PASS_END(SIInsertRejoinMasks, DEBUG_TYPE, "SI insert rejoin masks",
                    false, false)

/// P* of the file comment, without P itself: the blocks reachable from the
/// SI_IF blocks without going through P that can reach P without going
/// through P.
BlockSet SIInsertRejoinMasks::computePStar(MachineBasicBlock &P,
                                           ArrayRef<MachineInstr *> Ifs) {
  BlockSet Forward;
  SmallVector<MachineBasicBlock *, 16> Work;
  for (MachineInstr *If : Ifs)
    if (Forward.insert(If->getParent()).second)
      Work.push_back(If->getParent());
  while (!Work.empty())
    for (MachineBasicBlock *S : Work.pop_back_val()->successors())
      if (S != &P && Forward.insert(S).second)
        Work.push_back(S);

  BlockSet PStar;
  for (MachineBasicBlock *Pred : P.predecessors())
    if (Pred != &P && Forward.count(Pred) && PStar.insert(Pred).second)
      Work.push_back(Pred);
  while (!Work.empty())
    for (MachineBasicBlock *Pred : Work.pop_back_val()->predecessors())
      if (Pred != &P && Forward.count(Pred) && PStar.insert(Pred).second)
        Work.push_back(Pred);
  return PStar;
}

/// m_P = 0 at the end of MBB.
Register SIInsertRejoinMasks::buildZero(MachineBasicBlock &MBB) {
  Register Zero = MRI->createVirtualRegister(MaskRC);
  BuildMI(MBB, MBB.getFirstTerminator(), DebugLoc(), TII->get(Ops->Mov), Zero)
      .addImm(0);
  ++NumZeroInits;
  return Zero;
}

/// The VALU compare that computes the negation of \p Opc, or 0. A VALU
/// compare writes 0 for inactive lanes, so the negated compare yields
/// exactly the active lanes for which \p Opc is false.
static unsigned getInverseCompare(unsigned Opc) {
  switch (Opc) {
#define INVERSE(A, B)                                                          \
  case AMDGPU::V_CMP_##A##_e64:                                                \
    return AMDGPU::V_CMP_##B##_e64;                                            \
  case AMDGPU::V_CMP_##B##_e64:                                                \
    return AMDGPU::V_CMP_##A##_e64;
    INVERSE(EQ_U32, NE_U32)
    INVERSE(EQ_I32, NE_I32)
    INVERSE(LT_U32, GE_U32)
    INVERSE(GT_U32, LE_U32)
    INVERSE(LT_I32, GE_I32)
    INVERSE(GT_I32, LE_I32)
    INVERSE(EQ_U64, NE_U64)
    INVERSE(EQ_I64, NE_I64)
    INVERSE(LT_U64, GE_U64)
    INVERSE(GT_U64, LE_U64)
    INVERSE(LT_I64, GE_I64)
    INVERSE(GT_I64, LE_I64)
#undef INVERSE
  default:
    return 0;
  }
}

/// If \p If's condition is an integer VALU compare read only by If, in If's
/// block with exec unchanged in between, replaces it by the negated compare
/// E, which is the parked lanes themselves, and redefines the condition as
/// `S_ANDN2 $exec, E` (SILowerReconvergingCF folds that into
/// `exec &= ~E`). A divergent loop exit then costs the exit compare, the OR
/// of the mask and one exec update, as upstream's SI_IF_BREAK/SI_LOOP.
/// Returns E, or no register if the condition does not qualify.
Register SIInsertRejoinMasks::invertCompareIntoParkedLanes(MachineInstr &If) {
  Register Cond = If.getOperand(1).getReg();
  // Not where a rejoin mask is a branch condition: If's own block, or its
  // target, whose if-else shape formElse must still see.
  if (!Cond.isVirtual() || !MRI->hasOneNonDBGUse(Cond) ||
      RoutesRejoined.count(If.getParent()) ||
      RoutesRejoined.count(If.getOperand(2).getMBB()))
    return Register();
  MachineInstr *Cmp = MRI->getUniqueVRegDef(Cond);
  unsigned Inverse = Cmp ? getInverseCompare(Cmp->getOpcode()) : 0;
  if (!Inverse || Cmp->getParent() != If.getParent())
    return Register();
  for (const MachineInstr &MI :
       make_range(std::next(Cmp->getIterator()), If.getIterator()))
    if (MI.modifiesRegister(AMDGPU::EXEC, TRI))
      return Register();
  MachineBasicBlock &MBB = *If.getParent();
  MachineFunction &MF = *MBB.getParent();
  Register Exiting = MRI->createVirtualRegister(MRI->getRegClass(Cond));
  MachineInstr *Inv = MF.CloneMachineInstr(Cmp);
  Inv->setDesc(TII->get(Inverse));
  Inv->getOperand(0).setReg(Exiting);
  MBB.insert(Cmp->getIterator(), Inv);
  Cmp->eraseFromParent();
  MachineInstr *Stay =
      BuildMI(MBB, If, If.getDebugLoc(), TII->get(Ops->AndN2), Cond)
          .addReg(Ops->Exec)
          .addReg(Exiting);
  Stay->findRegisterDefOperand(AMDGPU::SCC, TRI)->setIsDead();
  ++NumInvertedCompares;
  return Exiting;
}

/// Before \p If: the active lanes that If sends to its target.
Register SIInsertRejoinMasks::buildParkedLanes(MachineInstr &If) {
  if (Register Exiting = invertCompareIntoParkedLanes(If))
    return Exiting;
  MachineOperand &Cond = If.getOperand(1);
  assert(Cond.getSubReg() == AMDGPU::NoSubRegister);
  Register Parked = MRI->createVirtualRegister(MaskRC);
  MachineInstr *AndN2 = BuildMI(*If.getParent(), If, If.getDebugLoc(),
                                TII->get(Ops->AndN2), Parked)
                            .addReg(Ops->Exec)
                            .addReg(Cond.getReg());
  AndN2->findRegisterDefOperand(AMDGPU::SCC, TRI)->setIsDead();
  return Parked;
}

/// True if the wave ends the program after P without doing anything for
/// the parked lanes: P and the blocks it falls into one by one have no
/// store, call, barrier or other side effect, and the last one ends in
/// s_endpgm. Rejoining there is pointless; SIOptimizeExecMaskingPreRA would
/// delete the rejoin anyway and leave the mask's definitions behind.
bool SIInsertRejoinMasks::isRejoinUnobservable(const MachineBasicBlock &P) {
  auto HasEffect = [](const MachineInstr &MI) {
    return !MI.isTerminator() &&
           (MI.mayStore() || MI.isBarrier() || MI.isCall() ||
            MI.hasOrderedMemoryRef() || MI.hasUnmodeledSideEffects());
  };
  SmallPtrSet<const MachineBasicBlock *, 4> Seen;
  for (const MachineBasicBlock *B = &P; Seen.insert(B).second;
       B = *B->succ_begin()) {
    if (any_of(*B, HasEffect))
      return false;
    if (B->succ_empty())
      return !B->empty() && B->back().getOpcode() == AMDGPU::S_ENDPGM &&
             B->back().getNumOperands() == 1;
    if (B->succ_size() != 1)
      return false;
  }
  return false;
}

/// True if the divergent branch of \p MBB sends exactly its rejoined lanes
/// to its secondary successor. AMDGPUReconvergeCFG checked that on the IR
/// edges, so MBB must still have the IR block's predecessors.
bool SIInsertRejoinMasks::routesRejoinedLanes(const MachineBasicBlock &MBB) {
  const BasicBlock *BB = MBB.getBasicBlock();
  if (!BB || !BB->getTerminator()->getMetadata(RejoinedLanesMD))
    return false;
  auto T = MBB.getFirstTerminator();
  if (T == MBB.end() || T->getOpcode() != AMDGPU::SI_IF)
    return false;
  // The lanes SI_IF sees must be those of the rejoin.
  if (any_of(make_range(MBB.begin(), T), [](const MachineInstr &MI) {
        return MI.definesRegister(AMDGPU::EXEC, /*TRI=*/nullptr);
      }))
    return false;
  SmallPtrSet<const BasicBlock *, 4> IRPreds(pred_begin(BB), pred_end(BB));
  if (IRPreds.size() != MBB.pred_size())
    return false;
  return all_of(MBB.predecessors(), [&](const MachineBasicBlock *Pred) {
    return Pred->getBasicBlock() && IRPreds.count(Pred->getBasicBlock());
  });
}

/// True if the wave cannot get from \p X to \p P without passing \p T.
static bool passesBefore(const MachineBasicBlock &X, const MachineBasicBlock &T,
                         const MachineBasicBlock &P) {
  SmallPtrSet<const MachineBasicBlock *, 16> Seen{&T};
  SmallVector<const MachineBasicBlock *, 16> Work(X.successors());
  while (!Work.empty()) {
    const MachineBasicBlock *B = Work.pop_back_val();
    if (B == &P)
      return false;
    if (Seen.insert(B).second)
      append_range(Work, B->successors());
  }
  return true;
}

/// True if m_P may be the whole exec of \p If's block B (see the file
/// comment), where B sets m_P with a MOVE and every wave that runs a block
/// of P* entered P* through B (\p EnteredOnlyAtB; always so when If is the
/// only divergent branch that targets P). Then every divergent branch X on
/// the way from B to P must park its lanes for P or for a block T that the
/// wave cannot bypass on its way from X to P, so none of B's lanes is still
/// parked elsewhere when the wave reaches P, and no other lane gets there.
/// (In a reconverging CFG whose blocks all reach the exit, T in P* implies
/// that; the explicit check also covers infinite loops.) A branch on its own
/// block's rejoin mask has a cheaper lowering of its own and keeps the
/// parked-lanes form; so does a P that branches on m_P, which must be
/// exactly the parked lanes there.
bool SIInsertRejoinMasks::canRejoinSavedExec(const BlockSet &PStar,
                                             const MachineBasicBlock &P,
                                             MachineInstr &If,
                                             bool EnteredOnlyAtB) const {
  const MachineBasicBlock *B = If.getParent();
  if (RoutesRejoined.count(B) || RoutesRejoined.count(&P))
    return false;
  return all_of(PStar, [&](const MachineBasicBlock *X) {
    auto T = X->getFirstTerminator();
    if (X == B || T == X->end() || T->getOpcode() != AMDGPU::SI_IF)
      return true;
    const MachineBasicBlock *Target = T->getOperand(2).getMBB();
    if (Target == &P)
      return EnteredOnlyAtB && !RoutesRejoined.count(X);
    return passesBefore(*X, *Target, P);
  });
}

/// True if the blocks the wave can run from \p A before it reaches \p P
/// form a region entered only at A that the wave leaves only into P, P is
/// entered only from it, it contains \p Pset, and every lane parked inside
/// it for a block T is taken back at T before the wave can reach P. Every
/// lane of A's exec then reaches P, and no other lane does.
bool SIInsertRejoinMasks::isSingleEntryRegionTo(MachineBasicBlock &A,
                                                MachineBasicBlock &P,
                                                const BlockSet &Pset) const {
  constexpr unsigned MaxRegionSize = 64;
  BlockSet Region{&A};
  SmallVector<MachineBasicBlock *, 16> Work{&A};
  while (!Work.empty()) {
    MachineBasicBlock *B = Work.pop_back_val();
    if (B->succ_empty())
      return false; // The wave may end the program without reaching P.
    for (MachineBasicBlock *S : B->successors()) {
      if (S == &A)
        return false; // A cycle through A: its exec changes on the way.
      if (S != &P && Region.insert(S).second) {
        if (Region.size() > MaxRegionSize)
          return false;
        Work.push_back(S);
      }
    }
  }
  auto InRegion = [&](MachineBasicBlock *B) { return Region.count(B); };
  if (!all_of(Pset, InRegion) || !all_of(P.predecessors(), InRegion))
    return false;
  for (MachineBasicBlock *B : Region) {
    if (B != &A && !all_of(B->predecessors(), InRegion))
      return false;
    auto T = B->getFirstTerminator();
    if (T == B->end() || T->getOpcode() != AMDGPU::SI_IF)
      continue;
    MachineBasicBlock *Target = T->getOperand(2).getMBB();
    if (Target != &P && !passesBefore(*B, *Target, P))
      return false;
  }
  return true;
}

/// An SI_IF whose saved exec may be m_P although its block A is not the
/// single MOVE block of P (canRejoinSavedExec): A is the nearest block on
/// the dominator tree above Pset with an SI_IF whose region to P is entered
/// only at A (isSingleEntryRegionTo). Then m_P = A's exec, and no branch to
/// P needs to record its lanes: a three-way if-else-if-else rejoins like
/// upstream's nested if-else, with one saved exec and no OR of parked
/// lanes. Null if there is none within a few dominator levels, or if A or P
/// branches on a rejoin mask (which must stay exact).
MachineInstr *
SIInsertRejoinMasks::findDominatingSavedExec(MachineBasicBlock &P,
                                             const BlockSet &Pset) const {
  constexpr unsigned MaxLevels = 8;
  if (RoutesRejoined.count(&P))
    return nullptr;
  MachineBasicBlock *Dom = nullptr;
  for (MachineBasicBlock *B : Pset)
    Dom = Dom ? MDT->findNearestCommonDominator(Dom, B) : B;
  for (unsigned Level = 0; Dom && Level != MaxLevels; ++Level) {
    auto T = Dom->getFirstTerminator();
    if (T != Dom->end() && T->getOpcode() == AMDGPU::SI_IF &&
        !RoutesRejoined.count(Dom) && isSingleEntryRegionTo(*Dom, P, Pset))
      return &*T;
    MachineDomTreeNode *Node = MDT->getNode(Dom);
    Dom = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  }
  return nullptr;
}

void SIInsertRejoinMasks::insertRejoinMask(MachineBasicBlock &P,
                                           ArrayRef<MachineInstr *> Ifs,
                                           bool BranchesOnMask) {
  BlockSet PStar = computePStar(P, Ifs);
  BlockSet Pset;
  for (MachineInstr *If : Ifs)
    Pset.insert(If->getParent());
  auto InPStar = [&](MachineBasicBlock *MBB) { return PStar.count(MBB); };
  // P_tail is outside P*: predecessor P stands for P_tail.
  auto IsP0 = [&](MachineBasicBlock *MBB) {
    return none_of(MBB->predecessors(), InPStar);
  };

  MachineSSAUpdater SSA(*P.getParent());
  bool Initialized = false;
  auto Define = [&](MachineBasicBlock *MBB, Register R) {
    if (!Initialized)
      SSA.Initialize(R);
    Initialized = true;
    SSA.AddAvailableValue(MBB, R);
  };

  // Q: blocks outside P* with an edge into (P* \ P0) or into P_head.
  SetVector<MachineBasicBlock *> Q;
  auto AddEntries = [&](MachineBasicBlock *Y) {
    for (MachineBasicBlock *X : Y->predecessors())
      if (!InPStar(X))
        Q.insert(X);
  };
  // In block order, not set order: the output must not depend on pointers.
  for (MachineBasicBlock &Y : *P.getParent())
    if (PStar.count(&Y) && (!Pset.count(&Y) || !IsP0(&Y)))
      AddEntries(&Y);
  AddEntries(&P);

  // With a single block B of P0 and no Q, every wave in P* came in through
  // B, so the other divergent branches to P need not record their lanes.
  MachineInstr *SavedExecIf = nullptr;
  auto InP0 = [&](MachineInstr *If) { return IsP0(If->getParent()); };
  if (count_if(Ifs, InP0) == 1) {
    MachineInstr *If = *find_if(Ifs, InP0);
    bool EnteredOnlyAtB = Q.empty();
    if ((Ifs.size() == 1 || EnteredOnlyAtB) &&
        canRejoinSavedExec(PStar, P, *If, EnteredOnlyAtB))
      SavedExecIf = If;
  }

  // Several branches to P and no saved exec among them: a dominating
  // branch's saved exec may still cover them all.
  if (!SavedExecIf && Ifs.size() > 1) {
    if (MachineInstr *DomIf = findDominatingSavedExec(P, Pset)) {
      BuildMI(P, P.getFirstNonPHI(), DebugLoc(), TII->get(AMDGPU::SI_END_CF))
          .addReg(DomIf->getOperand(0).getReg());
      UnrecordedParks.insert(Ifs.begin(), Ifs.end());
      NumUnrecordedParks += Ifs.size();
      ++NumDominatingSavedExec;
      ++NumRejoinMasks;
      return;
    }
  }

  // MOVE or OR in each block of Pset; the OR's first operand is filled in
  // once every definition is known.
  SmallVector<std::pair<MachineInstr *, MachineBasicBlock *>, 4> Ors;
  for (MachineInstr *If : Ifs) {
    MachineBasicBlock *B = If->getParent();
    if (SavedExecIf) {
      if (If == SavedExecIf) {
        Define(B, If->getOperand(0).getReg());
        ++NumSavedExec;
      } else {
        UnrecordedParks.insert(If);
        ++NumUnrecordedParks;
      }
      continue;
    }
    Register Parked = buildParkedLanes(*If);
    if (IsP0(B)) {
      Define(B, Parked);
      ++NumMoves;
      continue;
    }
    Register Sum = MRI->createVirtualRegister(MaskRC);
    MachineInstr *Or =
        BuildMI(*B, *If, If->getDebugLoc(), TII->get(Ops->Or), Sum)
            .addReg(AMDGPU::NoRegister)
            .addReg(Parked);
    Or->findRegisterDefOperand(AMDGPU::SCC, TRI)->setIsDead();
    Ors.push_back({Or, B});
    Define(B, Sum);
    ++NumOrs;
  }

  for (MachineBasicBlock *X : Q)
    Define(X, buildZero(*X));

  for (auto [Or, B] : Ors)
    Or->getOperand(1).setReg(SSA.GetValueInMiddleOfBlock(B));
  Register Mask = SSA.GetValueInMiddleOfBlock(&P);
  BuildMI(P, P.getFirstNonPHI(), DebugLoc(), TII->get(AMDGPU::SI_END_CF))
      .addReg(Mask);
  if (BranchesOnMask) {
    P.getFirstTerminator()->getOperand(1).setReg(Mask);
    ++NumRejoinedLaneBranches;
  }
  ++NumRejoinMasks;
}

/// The blocks of the side that starts at \p Entry, the successor of \p Head,
/// up to \p Exit, if every one of them is entered only from Head or the
/// side and leaves only to Exit or the side; std::nullopt otherwise.
static std::optional<BlockSet> getSingleEntryExitSide(MachineBasicBlock &Head,
                                                      MachineBasicBlock &Entry,
                                                      MachineBasicBlock &Exit) {
  BlockSet Side;
  if (&Entry == &Exit)
    return Side;
  SmallVector<MachineBasicBlock *, 8> Work{&Entry};
  Side.insert(&Entry);
  while (!Work.empty())
    for (MachineBasicBlock *S : Work.pop_back_val()->successors())
      if (S != &Exit && Side.insert(S).second)
        Work.push_back(S);
  if (Side.count(&Head))
    return std::nullopt;
  for (MachineBasicBlock *B : Side)
    for (MachineBasicBlock *Pred : B->predecessors())
      if (Pred != &Head && !Side.count(Pred))
        return std::nullopt;
  return Side;
}

/// Turns the rejoin and the branch of flow block \p F into one SI_ELSE where
/// the CFG around it has upstream's if-else shape (see the file comment).
bool SIInsertRejoinMasks::formElse(MachineBasicBlock &F) {
  auto T = F.getFirstTerminator();
  auto Top = F.getFirstNonPHI();
  if (T == F.end() || T->getOpcode() != AMDGPU::SI_IF || Top == F.end() ||
      Top->getOpcode() != AMDGPU::SI_END_CF)
    return false;
  Register Mask = Top->getOperand(0).getReg();
  if (T->getOperand(1).getReg() != Mask ||
      !MRI->use_nodbg_empty(T->getOperand(0).getReg()))
    return false;
  // The mask: one MOVE in A, read here only.
  MachineInstr *MaskDef = MRI->getUniqueVRegDef(Mask);
  if (!MaskDef || MaskDef->getOpcode() != Ops->AndN2)
    return false;
  MachineBasicBlock &A = *MaskDef->getParent();
  auto AT = A.getFirstTerminator();
  if (AT == A.end() || AT->getOpcode() != AMDGPU::SI_IF ||
      AT->getOperand(2).getMBB() != &F)
    return false;
  // F's parked lanes: either the only definition of Y's mask, read by Y's
  // rejoin, or not recorded at all because Y's mask is a saved exec that
  // covers them (and every other lane that reaches Y).
  MachineBasicBlock &Y = *T->getOperand(2).getMBB();
  MachineInstr *Parked = nullptr;
  for (MachineInstr &MI : make_range(std::next(Top), T)) {
    if (MI.definesRegister(AMDGPU::EXEC, TRI))
      return false;
    if (MI.getOpcode() == Ops->AndN2 && MI.getOperand(2).getReg() == Mask)
      Parked = &MI;
  }
  bool Recorded = !UnrecordedParks.count(&*T);
  if (Recorded && !isOnlyRejoinMaskOf(Parked, Y))
    return false;
  if (!Recorded && Parked)
    return false;
  auto OtherSucc = [](MachineBasicBlock &B, MachineBasicBlock &Target) {
    if (B.succ_size() != 2)
      return static_cast<MachineBasicBlock *>(nullptr);
    return *B.succ_begin() == &Target ? *std::next(B.succ_begin())
                                      : *B.succ_begin();
  };
  MachineBasicBlock *Then = OtherSucc(A, F), *Else = OtherSucc(F, Y);
  if (!Then || !Else || Then == &F || Else == &Y)
    return false;
  std::optional<BlockSet> ThenSide = getSingleEntryExitSide(A, *Then, F);
  std::optional<BlockSet> ElseSide = getSingleEntryExitSide(F, *Else, Y);
  if (!ThenSide || !ElseSide || ThenSide->count(&Y) || ElseSide->count(&A))
    return false;
  auto InOrFrom = [](const BlockSet &Side, MachineBasicBlock &Head) {
    return [&](MachineBasicBlock *B) { return B == &Head || Side.count(B); };
  };
  // Y may have further predecessors only if its mask covers their lanes.
  if (!all_of(F.predecessors(), InOrFrom(*ThenSide, A)) ||
      (Recorded && !all_of(Y.predecessors(), InOrFrom(*ElseSide, F))))
    return false;

  Register ThenLanes = Recorded ? Parked->getOperand(0).getReg()
                                : MRI->createVirtualRegister(MaskRC);
  BuildMI(F, T, T->getDebugLoc(), TII->get(AMDGPU::SI_ELSE), ThenLanes)
      .addReg(Mask)
      .add(T->getOperand(2));
  Top->eraseFromParent();
  if (Parked)
    Parked->eraseFromParent();
  T->eraseFromParent();
  return true;
}

/// True if \p Parked, the lanes a flow block parks for \p Y, is the only
/// definition of Y's rejoin mask and Y's rejoin its only reader.
bool SIInsertRejoinMasks::isOnlyRejoinMaskOf(const MachineInstr *Parked,
                                             const MachineBasicBlock &Y) const {
  if (!Parked || !MRI->hasOneNonDBGUse(Parked->getOperand(0).getReg()))
    return false;
  const MachineInstr &YRejoin =
      *MRI->use_instr_nodbg_begin(Parked->getOperand(0).getReg());
  return YRejoin.getOpcode() == AMDGPU::SI_END_CF && YRejoin.getParent() == &Y;
}

bool SIInsertRejoinMasks::runOnMachineFunction(MachineFunction &MF) {
  if (!usesReconvergingCF(MF.getFunction()))
    return false;
  const GCNSubtarget &ST = MF.getSubtarget<GCNSubtarget>();
  TII = ST.getInstrInfo();
  TRI = ST.getRegisterInfo();
  MRI = &MF.getRegInfo();
  MDT = &getAnalysis<MachineDominatorTreeWrapperPass>().getDomTree();
  MaskRC = ST.getRegisterInfo()->getBoolRC();
  Ops.emplace(ST);

  // The divergent branches grouped by primary successor, in block order so
  // that the output does not depend on pointer values.
  MapVector<MachineBasicBlock *, SmallVector<MachineInstr *, 4>> ByPrimary;
  for (MachineBasicBlock &MBB : MF) {
    auto T = MBB.getFirstTerminator();
    if (T != MBB.end() && T->getOpcode() == AMDGPU::SI_IF)
      ByPrimary[T->getOperand(2).getMBB()].push_back(&*T);
  }
  // A block that branches on its own rejoin mask goes first, so that the
  // parked lanes of its SI_IF are computed from the mask, not from the
  // condition it replaces.
  RoutesRejoined.clear();
  UnrecordedParks.clear();
  for (auto &[P, Ifs] : ByPrimary)
    if (routesRejoinedLanes(*P))
      RoutesRejoined.insert(P);
  for (bool First : {true, false}) {
    for (auto &[P, Ifs] : ByPrimary) {
      bool IsRoutingP = RoutesRejoined.count(P);
      if (IsRoutingP != First)
        continue;
      if (isRejoinUnobservable(*P)) {
        ++NumUnobservable;
        continue;
      }
      insertRejoinMask(*P, Ifs, IsRoutingP);
    }
  }
  for (MachineBasicBlock &MBB : MF)
    if (RoutesRejoined.count(&MBB) && formElse(MBB))
      ++NumElses;
  // The masks may need PHIs (a machine function read from MIR without any
  // claims to have none).
  MF.getProperties().reset(MachineFunctionProperties::Property::NoPHIs);
  return !ByPrimary.empty();
}
