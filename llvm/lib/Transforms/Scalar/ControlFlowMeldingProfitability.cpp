//===- ControlFlowMeldingProfitability.cpp - Melding costs ----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The profitability of control-flow melding: the melding profitability MP of
/// two blocks or subgraphs (DARM) and the net-benefit estimate of a candidate
/// in issued instructions (ControlFlowMelding.cpp describes both).
//
//===----------------------------------------------------------------------===//

#include "ControlFlowMeldingImpl.h"
#include "llvm/ADT/Statistic.h"

using namespace llvm;
using namespace llvm::cfmeld;

#define DEBUG_TYPE "cf-meld"

/// Latency assumed for memory operations and calls.
static constexpr unsigned MemoryLatency = 100;
static constexpr unsigned CallLatency = 20;
static constexpr unsigned MaxArithLatency = 20;

//===----------------------------------------------------------------------===//
// Profitability
//===----------------------------------------------------------------------===//

unsigned ControlFlowMelder::getLatency(const Instruction &I) const {
  if (isIgnoredInstruction(I))
    return 0;
  if (I.mayReadOrWriteMemory() && !isa<CallBase>(I))
    return MemoryLatency;
  if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
    return CallLatency;
  InstructionCost Cost =
      TTI->getInstructionCost(&I, TargetTransformInfo::TCK_Latency);
  std::optional<InstructionCost::CostType> Value = Cost.getValue();
  if (!Value)
    return MaxArithLatency;
  return std::clamp<InstructionCost::CostType>(*Value, 1, MaxArithLatency);
}

uint64_t ControlFlowMelder::getBlockLatency(BlockRange BB) const {
  uint64_t Total = 0;
  for (const Instruction &I : BB.instructions())
    Total += getLatency(I);
  return Total;
}

/// The latency melding \p B1 and \p B2 saves at best (ignoring order); adds
/// the latency of both blocks to \p Total.
uint64_t ControlFlowMelder::getSavedLatency(BlockRange B1, BlockRange B2,
                                            uint64_t &Total) const {
  DenseMap<unsigned, uint64_t> OpcodeLatency[2];
  BlockRange Blocks[2] = {B1, B2};
  for (unsigned Side = 0; Side < 2; ++Side) {
    for (const Instruction &I : Blocks[Side].instructions()) {
      unsigned Latency = getLatency(I);
      OpcodeLatency[Side][I.getOpcode()] += Latency;
      Total += Latency;
    }
  }
  uint64_t Saved = 0;
  for (const auto &[Opcode, Latency] : OpcodeLatency[0]) {
    auto It = OpcodeLatency[1].find(Opcode);
    if (It != OpcodeLatency[1].end())
      Saved += std::min(Latency, It->second);
  }
  return Saved;
}

//===----------------------------------------------------------------------===//
// Target-independent answers
//===----------------------------------------------------------------------===//

ControlFlowMeldingTarget::~ControlFlowMeldingTarget() = default;

/// One instruction per IR instruction, and per element of a vector.
unsigned ControlFlowMeldingTarget::getIssueCost(const Instruction &I) const {
  if (auto *VT = dyn_cast<FixedVectorType>(I.getType()))
    return VT->getNumElements();
  return 1;
}

/// One select per value, and per element of a vector.
unsigned ControlFlowMeldingTarget::getSelectCost(const Value &A, const Value &,
                                                 const UniformityInfo &) const {
  if (auto *VT = dyn_cast<FixedVectorType>(A.getType()))
    return VT->getNumElements();
  return 1;
}

/// A compare and a select per element.
unsigned
ControlFlowMeldingTarget::getVariableIndexCost(const Instruction &I) const {
  const Value *Vec = I.getOperand(0);
  return 2 * cast<FixedVectorType>(Vec->getType())->getNumElements();
}

bool ControlFlowMeldingTarget::isInlineConstant(const ConstantInt &) const {
  return true;
}

unsigned ControlFlowMeldingTarget::getSkipBranchThreshold() const { return 0; }

bool ControlFlowMeldingTarget::isUniformPerWave(const BranchInst &) const {
  return false;
}

bool ControlFlowMeldingTarget::runsOneLanePerWave(const BasicBlock &,
                                                  const DominatorTree &) const {
  return false;
}

unsigned ControlFlowMeldingTarget::getAgreementTestCost() const { return 0; }

std::pair<Value *, Value *>
ControlFlowMeldingTarget::emitAgreementTest(IRBuilderBase &, Value *) const {
  llvm_unreachable("the target has no agreement test");
}

//===----------------------------------------------------------------------===//
// Selects
//===----------------------------------------------------------------------===//

unsigned ControlFlowMelder::getSelectCost(const Value *A,
                                          const Value *B) const {
  return Target.getSelectCost(*A, *B, *UI);
}

/// The select that gives operand \p Idx of a melded \p User the values
/// \p A and \p B of the two paths (getSelectCost), plus one add if it
/// replaces a constant base address of a getelementptr: a constant base
/// (an LDS or global variable) folds into the immediate offset of the memory
/// instruction or of the address arithmetic, a selected one is added to the
/// offset by an instruction of its own; plus the element access by a
/// variable index (getIndexUnfoldCost). Alignment pruning compares the two
/// forms of an address with it; the net-benefit check prices a selected
/// address with getAddressUnfoldCost instead, per use.
unsigned ControlFlowMelder::getOperandSelectCost(const Instruction &User,
                                                 unsigned Idx, const Value *A,
                                                 const Value *B) const {
  bool SelectedBase = isa<GetElementPtrInst>(User) && Idx == 0 &&
                      isa<Constant>(A) && isa<Constant>(B);
  return getSelectCost(A, B) + (SelectedBase ? 1 : 0) +
         getIndexUnfoldCost(User, Idx);
}

/// What selecting operand \p Idx of \p User adds besides the select if it
/// is the index of an element access (extractelement, insertelement): the
/// access by a constant index was a subregister read or write that issued
/// nothing (isFolded), the access by a selected one is
/// ControlFlowMeldingTarget::getVariableIndexCost. Per use, as the melded
/// access is.
unsigned ControlFlowMelder::getIndexUnfoldCost(const Instruction &User,
                                               unsigned Idx) const {
  bool IsIndex = (isa<ExtractElementInst>(User) && Idx == 1) ||
                 (isa<InsertElementInst>(User) && Idx == 2);
  if (!IsIndex || !isa<FixedVectorType>(User.getOperand(0)->getType()))
    return 0;
  return Target.getVariableIndexCost(User);
}

/// \p V as Base + Offset with a constant Offset: constant-index GEPs and
/// `add`/`or disjoint` of a constant that the side computes in the melded
/// code of access \p Access (the block of \p Access, or of a candidate
/// on a piece of a chain split, the piece), for this access, are stripped
/// (a value computed before the branch is there whether or not the access
/// is melded). These constants are what a backend folds into the immediate
/// offset of a memory access (and of the address arithmetic feeding it).
static std::pair<const Value *, int64_t>
decomposeAddress(const DataLayout &DL, const Value *V,
                 const Instruction &Access, const MeldCandidate &Cand) {
  const BasicBlock *BB = Access.getParent();
  const ChainPiece *Piece =
      Cand.Piece && Cand.Piece->BB == BB ? Cand.Piece : nullptr;
  int64_t Offset = 0;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const auto *I = dyn_cast<Instruction>(V);
    if (I && (I->getParent() != BB || (Piece && !Piece->contains(I))))
      break;
    if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      if (!GEP->accumulateConstantOffset(DL, Off))
        break;
      Offset += Off.getSExtValue();
      V = GEP->getPointerOperand();
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(V);
    const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
    if (!C || !(BO->getOpcode() == Instruction::Add ||
                (BO->getOpcode() == Instruction::Or &&
                 cast<PossiblyDisjointInst>(BO)->isDisjoint())))
      break;
    Offset += C->getSExtValue();
    V = BO->getOperand(0);
  }
  return {V, Offset};
}

/// True if operand \p Idx of \p User is (part of) the address of a memory
/// access: the pointer of a load or store, or the base or an index of a GEP.
static bool isAddressOperand(const Instruction &User, unsigned Idx) {
  if (isa<GetElementPtrInst>(User))
    return true;
  if (const auto *LI = dyn_cast<LoadInst>(&User))
    return Idx == LI->getPointerOperandIndex();
  if (const auto *SI = dyn_cast<StoreInst>(&User))
    return Idx == SI->getPointerOperandIndex();
  return false;
}

/// Instructions that selecting address operand \p Idx of \p User, \p A, and
/// the partner operand \p B of \p Partner adds besides the select
/// (getSelectCost). Unmelded, each side's access takes its
/// constant offset in the instruction's immediate field; the selected
/// address is one register per lane, so every side whose address had a
/// constant part now adds it with an instruction of its own (one add for
/// both if they share the base: the add of a selected constant), and a
/// select of two constants that are not the target's inline constants
/// needs one more to materialize them.
unsigned ControlFlowMelder::getAddressUnfoldCost(const MeldCandidate &Cand,
                                                 const Instruction &User,
                                                 const Instruction &Partner,
                                                 unsigned Idx, const Value *A,
                                                 const Value *B) const {
  if (!isAddressOperand(User, Idx) || A->getType()->isVectorTy())
    return 0;
  const DataLayout &DL = F.getDataLayout();
  auto IsLiteral = [&](const Value *V) {
    const auto *C = dyn_cast<ConstantInt>(V);
    return C && !Target.isInlineConstant(*C);
  };
  if (isa<ConstantInt>(A) && isa<ConstantInt>(B))
    return 1 + (IsLiteral(A) && IsLiteral(B) ? 1 : 0);
  auto [BaseA, OffA] = decomposeAddress(DL, A, User, Cand);
  auto [BaseB, OffB] = decomposeAddress(DL, B, Partner, Cand);
  if (BaseA == BaseB)
    return OffA != OffB ? 1 : 0;
  return (OffA != 0) + (OffB != 0);
}

/// True if the backend runs \p Code, as a predicated block, without a branch
/// around it: it has no memory access or call and fewer instructions than
/// the target's skip-branch threshold.
bool ControlFlowMelder::isSkipBranchDropped(
    ArrayRef<const Instruction *> Code) const {
  unsigned Threshold = Target.getSkipBranchThreshold();
  unsigned N = 0;
  for (const Instruction *I : Code) {
    if (isIgnoredInstruction(*I))
      continue;
    // Intrinsics without memory effects (smin, fabs, ...) are instructions
    // of their own, not calls.
    bool IsCall = isa<CallBase>(I) &&
                  (!isa<IntrinsicInst>(I) || cast<CallBase>(I)->isConvergent());
    if (I->mayReadOrWriteMemory() || IsCall || ++N >= Threshold)
      return false;
  }
  return true;
}

/// True if an unaligned run can stay in the melded block and run for every
/// lane: it is short enough that the backend would drop the skip branch of
/// an if-then around it anyway (isSkipBranchDropped), and none of it can
/// trap, touch memory or have another effect. The other side's lanes
/// compute values only this side's lanes use. It then costs what it cost on
/// its own side, without the if-then.
bool ControlFlowMelder::isSpeculatableRun(
    ArrayRef<const Instruction *> Run) const {
  return isSkipBranchDropped(Run) && all_of(Run, [](const Instruction *I) {
           return !isa<PHINode>(I) && !I->isTerminator() &&
                  !I->mayReadOrWriteMemory() && isSafeToSpeculativelyExecute(I);
         });
}

/// Pairs of PHIs, one of each path, that a meld can merge into one PHI
/// (mergeCopiedPhis) or whose selects the estimate need not count
/// (pairCopiedPhis): the largest one-to-one set of \p Candidates for which
/// \p Holds accepts each pair given the set (its PHIs take values on the
/// edges that \p Holds compares that are equal or pairs of the set). Found
/// as a greatest fixpoint: assume all candidates, drop pairs that do not
/// hold until none is dropped, keep a one-to-one subset, and repeat the
/// dropping on it (a pair may have relied on a pair that was not kept).
SmallVector<PhiPair, 8> cfmeld::findPhiPairs(
    ArrayRef<PhiPair> Candidates,
    function_ref<bool(const PhiPair &, const PhiPairSet &)> Holds) {
  PhiPairSet Assumed(Candidates.begin(), Candidates.end());
  auto DropFailing = [&](ArrayRef<PhiPair> Pairs) {
    for (bool Dropped = true; Dropped;) {
      Dropped = false;
      for (const PhiPair &Pair : Pairs)
        if (Assumed.contains(Pair) && !Holds(Pair, Assumed)) {
          Assumed.erase(Pair);
          Dropped = true;
        }
    }
  };
  DropFailing(Candidates);
  SmallVector<PhiPair, 8> Chosen;
  SmallPtrSet<PHINode *, 16> Used;
  for (const PhiPair &Pair : Candidates)
    if (Assumed.contains(Pair) && !Used.count(Pair.first) &&
        !Used.count(Pair.second)) {
      Used.insert(Pair.first);
      Used.insert(Pair.second);
      Chosen.push_back(Pair);
    }
  Assumed = PhiPairSet(Chosen.begin(), Chosen.end());
  DropFailing(Chosen);
  erase_if(Chosen,
           [&](const PhiPair &Pair) { return !Assumed.contains(Pair); });
  return Chosen;
}

/// The estimate's view of mergeCopiedPhis for a region-region candidate:
/// the PHIs of corresponding blocks that the meld will merge are added to
/// \p Partner, so the selects of their uses are not counted, and the select
/// each merged pair needs on its one differing edge is added to \p Selects
/// (for a loop whose PHIs differ only in their start values, one select
/// outside the loop). Edges correspond through the block mapping; the edge
/// from outside the subgraphs corresponds to the other path's edge from
/// outside.
void ControlFlowMelder::pairCopiedPhis(
    const MeldCandidate &Cand, DenseMap<const Value *, const Value *> &Partner,
    unsigned &Selects) const {
  DenseMap<const BasicBlock *, const BasicBlock *> Map;
  for (auto [B1, B2] : Cand.Blocks)
    Map[B1] = B2;
  // The value of \p P2 on the edge that corresponds to edge \p In of P1.
  auto PartnerValue = [&](const PHINode *P1, unsigned In,
                          const PHINode *P2) -> const Value * {
    if (const BasicBlock *Pred2 = Map.lookup(P1->getIncomingBlock(In))) {
      int Idx2 = P2->getBasicBlockIndex(Pred2);
      return Idx2 < 0 ? nullptr : P2->getIncomingValue(Idx2);
    }
    for (unsigned In2 = 0, E = P2->getNumIncomingValues(); In2 != E; ++In2)
      if (none_of(Cand.Blocks, [&](const BlockPair &Pair) {
            return Pair.False == P2->getIncomingBlock(In2);
          }))
        return P2->getIncomingValue(In2);
    return nullptr;
  };
  auto Equal = [&](const Value *V1, const Value *V2,
                   const PhiPairSet &Assumed) {
    return V1 == V2 || Partner.lookup(V1) == V2 || Assumed.contains({V1, V2});
  };
  SmallVector<PhiPair, 8> Candidates;
  for (auto [B1, B2] : Cand.Blocks)
    for (PHINode &P1 : B1->phis())
      for (PHINode &P2 : B2->phis())
        if (P1.getType() == P2.getType() &&
            P1.getNumIncomingValues() == P2.getNumIncomingValues())
          Candidates.push_back({&P1, &P2});
  auto Holds = [&](const PhiPair &Pair, const PhiPairSet &Assumed) {
    auto [P1, P2] = Pair;
    unsigned Differing = 0;
    for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
      const Value *V2 = PartnerValue(P1, In, P2);
      if (!V2)
        return false;
      if (!Equal(P1->getIncomingValue(In), V2, Assumed) && ++Differing > 1)
        return false;
    }
    return true;
  };
  SmallVector<PhiPair, 8> Pairs = findPhiPairs(Candidates, Holds);
  PhiPairSet Merged(Pairs.begin(), Pairs.end());
  for (auto [P1, P2] : Pairs) {
    for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
      const Value *V1 = P1->getIncomingValue(In);
      const Value *V2 = PartnerValue(P1, In, P2);
      if (!Equal(V1, V2, Merged))
        Selects += getSelectCost(V1, V2);
    }
  }
  for (auto [P1, P2] : Pairs)
    Partner[P1] = P2;
}

/// The blocks of both sides of \p Cand (for a basic-block/region candidate,
/// the region and the single block).
static SmallPtrSet<const BasicBlock *, 16>
getCandidateBlocks(const MeldCandidate &Cand) {
  SmallPtrSet<const BasicBlock *, 16> Blocks;
  for (auto [B1, B2] : Cand.Blocks) {
    Blocks.insert(B1);
    Blocks.insert(B2);
  }
  if (Cand.Single)
    Blocks.insert(Cand.Single);
  return Blocks;
}

/// The MeldValues of \p Cand with \p Alignments; adds the selects the merged
/// PHIs need to \p PhiSelects.
MeldValues ControlFlowMelder::getMeldValues(const MeldCandidate &Cand,
                                            ArrayRef<InstrAlignment> Alignments,
                                            unsigned &PhiSelects) const {
  MeldValues Values;
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment)
      if (P.isMatch())
        Values.Partner[P.True] = P.False;
  if (Cand.Kind == MeldKind::RegionRegion)
    pairCopiedPhis(Cand, Values.Partner, PhiSelects);
  Values.Blocks = getCandidateBlocks(Cand);
  Values.Piece = Cand.Piece;
  return Values;
}

/// The EXEC-mask code of \p Overhead instructions around a run, one less
/// if the backend drops its skip branch (\p Dropped); never below zero, so
/// -cf-meld-run-overhead=0 counts nothing.
static unsigned lessDroppedSkip(unsigned Overhead, bool Dropped) {
  return Dropped && Overhead ? Overhead - 1 : Overhead;
}

/// What the melded code saves and what it adds, in instructions a wave
/// issues when both sides of the branch run (the case melding is for):
///   saved: each aligned pair issues once instead of twice (the target's
///          issue cost); a side the meld absorbs entirely no longer needs
///          its part of the EXEC-mask code of the divergent branch (an
///          if-else costs two if-thens, -cf-meld-run-overhead each, one less
///          per side whose skip branch the backend drops; a basic-block/
///          region meld that covers both sides removes the whole branch);
///          two melded interior branches of isomorphic regions need one
///          if-then instead of two.
///   added: a select per differing operand that is not itself an aligned
///          pair, with what the access then costs more if the operand is
///          an address or an element index (getAddressUnfoldCost,
///          getIndexUnfoldCost), and per PHI of a common exit whose two
///          incoming values differ (the exit edges of both sides now leave
///          the melded block, so the PHI becomes a select); a select per
///          branch of a
///          replicated region; -cf-meld-run-overhead per maximal run of
///          unaligned instructions that is not speculated (an if-then: save
///          and narrow the mask, skip, restore; one less without the skip
///          branch); one compare for the inverted condition of false-side
///          runs. A basic-block/region meld aligns the single block with its
///          partner; the region's other blocks on the replica's route are
///          runs (addReplicaRunCost).
MeldCost
ControlFlowMelder::estimateCost(const DivergentRegion &R,
                                const MeldCandidate &Cand,
                                ArrayRef<InstrAlignment> Alignments) const {
  MeldCostTerms T;
  MeldValues Values = getMeldValues(Cand, Alignments, T.Selects);
  auto Differ = [&](const Value *A, const Value *B) {
    return Values.differ(A, B);
  };
  // A select of two values from outside the subgraphs is emitted once
  // (OperandSelects); count it once.
  DenseSet<std::pair<const Value *, const Value *>> Counted;
  auto IsOutside = [&](const Value *A, const Value *B) {
    return Values.isOutside(A) && Values.isOutside(B);
  };
  auto IsShared = [&](const Value *A, const Value *B) {
    return IsOutside(A, B) && !Counted.insert({A, B}).second;
  };
  MeldCost Cost;
  for (const InstrAlignment &Alignment : Alignments) {
    unsigned Before = T.Selects + T.Runs - T.OutsideSelects;
    addAlignmentCost(Cand, Alignment, Differ, IsShared, IsOutside, T);
    Cost.AlignmentOverhead.push_back(T.Selects + T.Runs - T.OutsideSelects -
                                     Before);
  }
  BasicBlock *CommonExit = addBranchSaving(R, Cand, Differ, T);
  if (CommonExit)
    addExitSelects(Cand, CommonExit, Differ, T);
  if (Cand.Kind == MeldKind::BlockRegion)
    addReplicaRunCost(Cand, T);

  Cost.Saved = T.Pairs + T.Branches;
  Cost.Overhead = T.Selects + T.ExitSelects + T.Runs + T.InvertedCond;
  LLVM_DEBUG(dbgs() << "cf-meld: cost of melding in " << F.getName() << " "
                    << R.Entry->getName() << " kind=" << getKindName(Cand.Kind)
                    << " pairs=" << T.Pairs << " branches=" << T.Branches
                    << " selects=" << T.Selects
                    << " exit-selects=" << T.ExitSelects << " runs=" << T.Runs
                    << " inverted=" << T.InvertedCond << " => saved "
                    << Cost.Saved << ", added " << Cost.Overhead << "\n");
  return Cost;
}

/// True if \p I1 and \p I2 are compares of one kind and operand type whose
/// predicates differ and are each other's swapped form: I1 computes what I2
/// does with its operands exchanged.
bool cfmeld::areSwappedCompares(const Instruction *I1, const Instruction *I2) {
  const auto *C1 = dyn_cast<CmpInst>(I1);
  const auto *C2 = dyn_cast<CmpInst>(I2);
  return C1 && C2 && C1->getOpcode() == C2->getOpcode() &&
         C1->getPredicate() != C2->getPredicate() &&
         C1->getPredicate() == C2->getSwappedPredicate() &&
         C1->getOperand(0)->getType() == C2->getOperand(0)->getType();
}

/// True if \p I1 and \p I2 are the same commutative operation and more of
/// their first two operands are the same value with I2's in exchanged order
/// (`a + b`, `b + c`): melded, they then need fewer selects. \p Differ, if
/// given, tells which operands will differ once the meld is done (operands
/// that are themselves an aligned pair will not); by default, the operands
/// that are different values now.
bool cfmeld::areCommutedOperands(const Instruction *I1, const Instruction *I2,
                                 DifferFn Differ) {
  if (!I1->isCommutative() || I1->getOpcode() != I2->getOpcode() ||
      I1->getNumOperands() < 2 || I2->getNumOperands() < 2)
    return false;
  auto Same = [&](const Value *A, const Value *B) {
    return Differ ? !Differ(A, B) : A == B;
  };
  const Value *A0 = I1->getOperand(0), *A1 = I1->getOperand(1);
  const Value *B0 = I2->getOperand(0), *B1 = I2->getOperand(1);
  return Same(A0, B1) + Same(A1, B0) > Same(A0, B0) + Same(A1, B1);
}

/// The operand of \p I2 that operand \p Idx of \p I1 melds with (\p Differ
/// as for areCommutedOperands).
Value *cfmeld::getPartnerOperand(const Instruction *I1, const Instruction *I2,
                                 unsigned Idx, DifferFn Differ) {
  bool Exchanged = areSwappedCompares(I1, I2) ||
                   (Idx < 2 && areCommutedOperands(I1, I2, Differ));
  return I2->getOperand(Exchanged ? 1 - Idx : Idx);
}

bool ControlFlowMelder::isFolded(const Instruction &I) const {
  if (!isa<GetElementPtrInst>(I) && !isa<UnaryOperator>(I) &&
      !isa<CastInst>(I) && !isa<IntrinsicInst>(I) &&
      !isa<ExtractElementInst>(I) && !isa<InsertElementInst>(I))
    return false;
  InstructionCost Cost =
      TTI->getInstructionCost(&I, TargetTransformInfo::TCK_CodeSize);
  return Cost.isValid() && Cost == TargetTransformInfo::TCC_Free;
}

/// The pairs, selects and unpredicated runs of one block alignment.
void ControlFlowMelder::addAlignmentCost(const MeldCandidate &Cand,
                                         const InstrAlignment &Alignment,
                                         DifferFn Differ, DifferFn IsShared,
                                         DifferFn IsOutside,
                                         MeldCostTerms &T) const {
  // Selects already counted in the current block of the melded code, which
  // later instructions of the block share (OperandSelects).
  DenseSet<std::pair<const Value *, const Value *>> InBlock;
  for (size_t K = 0, E = Alignment.size(); K < E;) {
    const AlignedPair &P = Alignment[K];
    if (P.isMatch()) {
      // What the pair saves is what the two copies issued: nothing for an
      // instruction the backend folds into its users (a GEP with a constant
      // offset becomes the access's immediate offset, fneg/fabs a source
      // modifier, a no-op cast nothing, an element access at a constant
      // index a subregister), which TTI prices at TCC_Free.
      bool Free = isFolded(*P.True) && isFolded(*P.False);
      if (!Free)
        T.Pairs += Target.getIssueCost(*P.True);
      for (unsigned Idx = 0, N = P.True->getNumOperands(); Idx != N; ++Idx) {
        Value *Op1 = P.True->getOperand(Idx);
        Value *Op2 = getPartnerOperand(P.True, P.False, Idx, Differ);
        if (!Differ(Op1, Op2))
          continue;
        // The add that a selected address part needs is per use: the
        // immediate offset of this access is lost whether or not the
        // select itself is shared.
        T.Selects +=
            getAddressUnfoldCost(Cand, *P.True, *P.False, Idx, Op1, Op2) +
            getIndexUnfoldCost(*P.True, Idx);
        if (!IsShared(Op1, Op2) && InBlock.insert({Op1, Op2}).second) {
          unsigned Cost = getSelectCost(Op1, Op2);
          T.Selects += Cost;
          if (IsOutside(Op1, Op2))
            T.OutsideSelects += Cost;
        }
      }
      // A selected operand of fneg/fabs or a no-op cast keeps it folded (a
      // source modifier applies to the select's result); a GEP's selected
      // operand is priced by getAddressUnfoldCost above.
      ++K;
      continue;
    }
    // A maximal run of one side, as emitMeldedBody forms it.
    unsigned Side = P.True ? 0 : 1;
    SmallVector<const Instruction *, 8> Run;
    for (; K < E && Alignment[K][Side] && !Alignment[K].isMatch(); ++K)
      Run.push_back(Alignment[K][Side]);
    // A speculated run issues once, as it did on its own side.
    if (isSpeculatableRun(Run))
      continue;
    // Unpredication starts a new block.
    InBlock.clear();
    if (all_of(Run,
               [](const Instruction *I) { return isIgnoredInstruction(*I); }))
      continue;
    T.Runs += lessDroppedSkip(RunOverhead, isSkipBranchDropped(Run));
    if (Side == 1)
      T.InvertedCond = 1;
  }
}

/// The conditional branch that ends \p B, or that region simplification
/// split off its end (B's single successor holds nothing else), or null.
static const BranchInst *getExitBranch(const BasicBlock *B) {
  const Instruction *T = B->getTerminator();
  if (const BasicBlock *Succ = B->getSingleSuccessor()) {
    if (Succ->getSinglePredecessor() != B ||
        &Succ->front() != Succ->getTerminator())
      return nullptr;
    T = Succ->getTerminator();
  }
  const auto *Br = dyn_cast<BranchInst>(T);
  return Br && Br->isConditional() ? Br : nullptr;
}

/// True if blocks \p B1 and \p B2 end in conditional branches (their own
/// or split off) that the meld makes the same: same successors, conditions
/// that are equal or an aligned pair, and no successor PHI that tells them
/// apart. The divergent branch that chose between the blocks then picks
/// between two equal branches, and SimplifyCFG folds it (the bitonic
/// compare-and-swap).
static bool haveSameExitBranch(const BasicBlock *B1, const BasicBlock *B2,
                               DifferFn Differ) {
  const BranchInst *Br1 = getExitBranch(B1);
  const BranchInst *Br2 = getExitBranch(B2);
  if (!Br1 || !Br2 || Differ(Br1->getCondition(), Br2->getCondition()))
    return false;
  for (unsigned Idx = 0; Idx < 2; ++Idx) {
    const BasicBlock *Succ = Br1->getSuccessor(Idx);
    if (Succ != Br2->getSuccessor(Idx))
      return false;
    for (const PHINode &Phi : Succ->phis())
      if (Differ(Phi.getIncomingValueForBlock(Br1->getParent()),
                 Phi.getIncomingValueForBlock(Br2->getParent())))
        return false;
  }
  return true;
}

/// The EXEC-mask code the meld removes: that of the region's divergent
/// branch for every side the meld absorbs entirely (from the branch's
/// successor to the region's exit, or, for two blocks, to split-off exit
/// branches that the meld makes the same), and one if-then per pair of
/// melded interior branches of isomorphic regions. Returns the exit both
/// melded sides leave to, if they leave to the same block.
BasicBlock *ControlFlowMelder::addBranchSaving(const DivergentRegion &R,
                                               const MeldCandidate &Cand,
                                               DifferFn Differ,
                                               MeldCostTerms &T) const {
  if (Cand.Kind == MeldKind::BlockRegion) {
    addBlockRegionBranchSaving(R, Cand, Differ, T);
    return nullptr;
  }
  BasicBlock *Exits[2];
  bool Absorbed[2];
  bool SameExitBranch = Cand.Kind == MeldKind::BlockBlock &&
                        haveSameExitBranch(Cand.Blocks.front().True,
                                           Cand.Blocks.front().False, Differ);
  for (unsigned Side = 0; Side < 2; ++Side) {
    BlockRange First = Cand.getRange(Cand.Blocks.front()[Side]);
    Exits[Side] = Cand.Kind == MeldKind::BlockBlock ? First.getSingleSuccessor()
                                                    : Cand.Exits[Side];
    Absorbed[Side] = First.BB == R.Succs[Side] && First.isBlockStart() &&
                     (Exits[Side] == R.Exit || SameExitBranch ||
                      (Cand.Kind == MeldKind::BlockBlock &&
                       joinsOtherSide(R, 1 - Side, Exits[Side])));
    if (!Absorbed[Side])
      continue;
    bool Dropped = false;
    if (Cand.Kind == MeldKind::BlockBlock) {
      SmallVector<const Instruction *, 16> Body(
          make_pointer_range(First.instructions()));
      Dropped = isSkipBranchDropped(Body);
    }
    T.Branches += lessDroppedSkip(RunOverhead, Dropped);
  }
  // Code left for an unabsorbed false side is entered on the inverted
  // condition.
  if (Absorbed[0] && !Absorbed[1])
    T.InvertedCond = 1;
  if (Cand.Kind == MeldKind::RegionRegion) {
    for (auto [B1, B2] : Cand.Blocks) {
      auto *Br1 = dyn_cast<BranchInst>(B1->getTerminator());
      auto *Br2 = dyn_cast<BranchInst>(B2->getTerminator());
      if (!Br1 || !Br2 || !Br1->isConditional() || !Br2->isConditional())
        continue;
      // A loop's branches have no if-then to save: the melded loop runs
      // until the last lane leaves it, as each loop did before.
      bool InLoop = Cand.Cyclic && LI->getLoopFor(B1) != R.EntryLoop;
      if (!InLoop)
        T.Branches += RunOverhead;
      // A swapped branch needs its partner's condition inverted.
      bool Swapped = Cand.SwappedBranches.contains(B1);
      if (Swapped || Differ(Br1->getCondition(), Br2->getCondition()))
        T.Selects += getSelectCost(Br1->getCondition(), Br2->getCondition()) +
                     (Swapped ? 1 : 0);
    }
  }
  return Exits[0] && Exits[0] == Exits[1] ? Exits[0] : nullptr;
}

/// Whether lanes of side \p Other of \p R also enter \p Join, the block that
/// the first block of R's remaining side goes to, before the region's exit.
/// Then the remaining side has no code of its own once its first block is
/// melded: its lanes wait at \p Join, and the divergent branch needs no arm
/// for them (in DARM's mergesort step, the `a[j]` side's block goes to the
/// store block that the `a[i]` side's compare also branches to).
bool ControlFlowMelder::joinsOtherSide(const DivergentRegion &R, unsigned Other,
                                       BasicBlock *Join) const {
  BasicBlock *OtherEntry = R.Succs[Other];
  return Join && Join != R.Exit &&
         any_of(predecessors(Join),
                [&](BasicBlock *P) { return DT->dominates(OtherEntry, P); });
}

/// The branches of a basic-block/region meld. The region's branches on the
/// replica's route stay, each on `select C, Cond, K` with a constant K for
/// the replica; those off the route keep their condition. If the
/// meld covers both sides of the divergent branch, from its successors to
/// the region's exit (the single block ends in a branch to it), the
/// divergent branch itself goes away: both of its edges enter the melded
/// region, and both sides leave it to the same block, whose PHIs then take a
/// select where the two sides' values differ.
void ControlFlowMelder::addBlockRegionBranchSaving(const DivergentRegion &R,
                                                   const MeldCandidate &Cand,
                                                   DifferFn Differ,
                                                   MeldCostTerms &T) const {
  LLVMContext &Ctx = F.getContext();
  unsigned RS = Cand.RegionSide;
  // The select of two values, \p InRegion on the region's side and \p
  // OtherSide on the single block's.
  auto SelectCost = [&](const Value *InRegion, const Value *OtherSide) {
    SidePair<const Value *> Ops;
    Ops[RS] = InRegion;
    Ops[1 - RS] = OtherSide;
    return getSelectCost(Ops.True, Ops.False);
  };
  ReplicaRoute Route(Cand);
  for (auto [BB, Same] : Cand.Blocks)
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional() && Route.contains(BB))
      T.Selects += SelectCost(Br->getCondition(),
                              ConstantInt::getBool(Ctx, Route.takesTrue(BB)));
  BlockRange Single = Cand.getRange(Cand.Single);
  if (R.Succs[RS] != Cand.getEntry(RS) || R.Succs[1 - RS] != Single.BB ||
      !Single.isBlockStart() || Cand.Exits[RS] != R.Exit ||
      Single.getSingleSuccessor() != R.Exit)
    return;
  SmallVector<const Instruction *, 16> Body(
      make_pointer_range(Single.instructions()));
  T.Branches += lessDroppedSkip(2 * RunOverhead, isSkipBranchDropped(Body));
  SmallPtrSet<const BasicBlock *, 16> Region = getCandidateBlocks(Cand);
  Region.erase(Cand.Single);
  for (const PHINode &PN : R.Exit->phis()) {
    const Value *FromSingle = PN.getIncomingValueForBlock(Cand.Single);
    if (isa<UndefValue>(FromSingle))
      continue;
    for (unsigned Idx = 0, N = PN.getNumIncomingValues(); Idx != N; ++Idx)
      if (Region.contains(PN.getIncomingBlock(Idx)) &&
          !isa<UndefValue>(PN.getIncomingValue(Idx)) &&
          Differ(PN.getIncomingValue(Idx), FromSingle)) {
        T.ExitSelects += SelectCost(PN.getIncomingValue(Idx), FromSingle);
        break;
      }
  }
}

/// The region blocks of a basic-block/region meld other than the partner are
/// melded with empty replicas, so each one's code becomes a run of the
/// region's side. On the replica's route the single block's lanes pass by
/// and the run is unpredicated (or speculated) like any other; off the route
/// only the region's lanes enter, and it costs nothing.
void ControlFlowMelder::addReplicaRunCost(const MeldCandidate &Cand,
                                          MeldCostTerms &T) const {
  ReplicaRoute Route(Cand);
  for (auto [BB, Same] : Cand.Blocks) {
    if (BB == Cand.Partner || !Route.contains(BB))
      continue;
    SmallVector<Instruction *, 32> Body = getBodyInstructions(BB);
    SmallVector<const Instruction *, 16> Run(Body.begin(), Body.end());
    if (isSpeculatableRun(Run) || all_of(Run, [](const Instruction *I) {
          return isIgnoredInstruction(*I);
        }))
      continue;
    T.Runs += lessDroppedSkip(RunOverhead, isSkipBranchDropped(Run));
    if (Cand.RegionSide == 1)
      T.InvertedCond = 1;
  }
}

/// A select per PHI of \p CommonExit whose incoming values from the two
/// melded sides differ: both sides now leave from the melded blocks.
void ControlFlowMelder::addExitSelects(const MeldCandidate &Cand,
                                       BasicBlock *CommonExit, DifferFn Differ,
                                       MeldCostTerms &T) const {
  SmallPtrSet<const BasicBlock *, 8> Blocks[2];
  for (auto [B1, B2] : Cand.Blocks) {
    Blocks[0].insert(B1);
    Blocks[1].insert(B2);
  }
  for (const PHINode &PN : CommonExit->phis()) {
    const Value *In[2] = {nullptr, nullptr};
    bool Differs = false;
    for (unsigned Idx = 0, N = PN.getNumIncomingValues(); Idx != N; ++Idx)
      for (unsigned Side = 0; Side < 2; ++Side) {
        if (!Blocks[Side].count(PN.getIncomingBlock(Idx)))
          continue;
        const Value *V = PN.getIncomingValue(Idx);
        Differs |= In[Side] && In[Side] != V;
        if (!In[Side])
          In[Side] = V;
      }
    if (In[0] && In[1] && (Differs || Differ(In[0], In[1])))
      T.ExitSelects += getSelectCost(In[0], In[1]);
  }
}

double ControlFlowMelder::computeProfitability(BlockRange B1,
                                               BlockRange B2) const {
  uint64_t Total = 0;
  uint64_t Saved = getSavedLatency(B1, B2, Total);
  return Total ? static_cast<double>(Saved) / static_cast<double>(Total) : 0.0;
}
