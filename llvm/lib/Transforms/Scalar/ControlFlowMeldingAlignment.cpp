//===- ControlFlowMeldingAlignment.cpp - Align instructions ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Instruction alignment of two blocks for control-flow melding:
/// Smith-Waterman over their non-PHI, non-terminator instructions, and the
/// pruning of aligned pairs whose selects cost more than they save.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowMeldingImpl.h"
#include "llvm/ADT/Statistic.h"

using namespace llvm;
using namespace llvm::cfmeld;

#define DEBUG_TYPE "cf-meld"

STATISTIC(NumPairsPruned,
          "Number of aligned pairs unmatched because their selects cost more");

/// Penalty of leaving an instruction unaligned.
static constexpr int GapPenalty = 2;
/// Largest instruction alignment matrix (cells) we are willing to build.
static constexpr size_t MaxAlignmentCells = 1u << 20;

//===----------------------------------------------------------------------===//
// Instruction alignment
//===----------------------------------------------------------------------===//

bool ControlFlowMelder::isAlignable(const Instruction &I) const {
  if (isIgnoredInstruction(I) || isa<AllocaInst>(I) || I.isEHPad())
    return false;
  if (const auto *CB = dyn_cast<CallBase>(&I))
    return !CB->isInlineAsm() && !CB->isConvergent() &&
           !CB->hasOperandBundles() && CB->getCalledFunction();
  return true;
}

bool ControlFlowMelder::areCompatible(const Instruction *I1,
                                      const Instruction *I2) const {
  if (!isAlignable(*I1) || !isAlignable(*I2))
    return false;
  // Covers opcode, operand count and types, predicates, alignment,
  // volatility, atomic ordering, syncscope, call attributes and masks.
  if (!I1->isSameOperationAs(I2) && !areSwappedCompares(I1, I2))
    return false;
  if (const auto *CB1 = dyn_cast<CallBase>(I1))
    if (CB1->getCalledOperand() != cast<CallBase>(I2)->getCalledOperand())
      return false;
  for (unsigned Idx = 0, E = I1->getNumOperands(); Idx != E; ++Idx) {
    const Value *Op1 = I1->getOperand(Idx);
    const Value *Op2 = getPartnerOperand(I1, I2, Idx);
    if (Op1 == Op2)
      continue;
    // A swifterror value can only be loaded, stored and passed as a
    // swifterror argument: no select of it.
    if (Op1->getType()->isTokenTy() || Op1->getType()->isMetadataTy() ||
        Op1->isSwiftError() || Op2->isSwiftError() ||
        !canReplaceOperandWithVariable(I1, Idx) ||
        !canReplaceOperandWithVariable(I2, Idx))
      return false;
  }
  return true;
}

int ControlFlowMelder::getMatchScore(const Instruction *I1,
                                     const Instruction *I2) const {
  int Differing = 0;
  for (unsigned Idx = 0, E = I1->getNumOperands(); Idx != E; ++Idx)
    if (I1->getOperand(Idx) != getPartnerOperand(I1, I2, Idx))
      ++Differing;
  return std::max(1, static_cast<int>(getLatency(*I1)) + 2 - Differing);
}

/// Smith-Waterman local alignment of the bodies of \p B1 and \p B2. Everything
/// outside the best-scoring local alignment is a gap. Returns false if the
/// blocks are too large to align.
bool ControlFlowMelder::alignInstructions(BlockRange B1, BlockRange B2,
                                          InstrAlignment &Alignment) const {
  return alignInstructions(getBodyInstructions(B1), getBodyInstructions(B2),
                           Alignment);
}

bool ControlFlowMelder::alignInstructions(ArrayRef<Instruction *> S1,
                                          ArrayRef<Instruction *> S2,
                                          InstrAlignment &Alignment) const {
  size_t N = S1.size(), M = S2.size();
  if ((N + 1) * (M + 1) > MaxAlignmentCells)
    return false;

  // H[I][J] is the best score of an alignment ending at S1[I-1], S2[J-1].
  std::vector<int> H((N + 1) * (M + 1), 0);
  auto Cell = [&](size_t I, size_t J) -> int & { return H[I * (M + 1) + J]; };
  size_t BestI = 0, BestJ = 0;
  for (size_t I = 1; I <= N; ++I) {
    for (size_t J = 1; J <= M; ++J) {
      int Score = std::max(
          {0, Cell(I - 1, J) - GapPenalty, Cell(I, J - 1) - GapPenalty});
      if (areCompatible(S1[I - 1], S2[J - 1]))
        Score = std::max(Score, Cell(I - 1, J - 1) +
                                    getMatchScore(S1[I - 1], S2[J - 1]));
      Cell(I, J) = Score;
      // Prefer the longest of equally good alignments.
      if (Score > 0 && Score >= Cell(BestI, BestJ)) {
        BestI = I;
        BestJ = J;
      }
    }
  }

  // Trace back from the best cell.
  SmallVector<AlignedPair, 32> Local;
  size_t I = BestI, J = BestJ;
  while (I > 0 && J > 0 && Cell(I, J) > 0) {
    int Score = Cell(I, J);
    if (areCompatible(S1[I - 1], S2[J - 1]) &&
        Score == Cell(I - 1, J - 1) + getMatchScore(S1[I - 1], S2[J - 1])) {
      Local.push_back({S1[I - 1], S2[J - 1]});
      --I;
      --J;
    } else if (Score == Cell(I - 1, J) - GapPenalty) {
      Local.push_back({S1[I - 1], nullptr});
      --I;
    } else {
      assert(Score == Cell(I, J - 1) - GapPenalty && "Broken traceback");
      Local.push_back({nullptr, S2[J - 1]});
      --J;
    }
  }

  Alignment.clear();
  for (size_t K = 0; K < I; ++K)
    Alignment.push_back({S1[K], nullptr});
  for (size_t K = 0; K < J; ++K)
    Alignment.push_back({nullptr, S2[K]});
  Alignment.append(Local.rbegin(), Local.rend());
  for (size_t K = BestI; K < N; ++K)
    Alignment.push_back({S1[K], nullptr});
  for (size_t K = BestJ; K < M; ++K)
    Alignment.push_back({nullptr, S2[K]});
  return true;
}

/// True if an instruction of a pruned pair can run unaligned for every lane
/// (isSpeculatableRun), so unmatching it never adds an if-then.
static bool isPrunable(const Instruction *I) {
  return !I->mayReadOrWriteMemory() && !isa<CallBase>(I) &&
         isSafeToSpeculativelyExecute(I);
}

/// Unmatch aligned pairs that cost more than they save (alignment pruning). The
/// match score of the alignment is a local heuristic: it cannot see whether an
/// operand pair is itself aligned, and it prefers a match with two selects to
/// two gaps. Once the alignment is known, the cost of a pair is exact: melding
/// pair P issues one instruction instead of two and adds a select per differing
/// operand (an operand pair is not differing if it is itself an aligned pair,
/// and a select of two outside values that another pair also needs is shared,
/// and a getelementptr that takes a select of two constant bases needs an add
/// for it); leaving P unaligned issues both, and the aligned users that took P
/// as one operand and the PHIs and other users outside the alignments then
/// share one select of the two results. A pair of speculatable instructions
/// (isPrunable) whose selects cost more than that is unmatched; its two
/// instructions stay where they were, as short runs that are speculated. Each
/// unmatching lowers the issued instructions the alignment implies, and is
/// repeated until no pair qualifies. Returns the number of pairs unmatched.
unsigned ControlFlowMelder::pruneAlignments(
    const MeldCandidate &Cand,
    MutableArrayRef<InstrAlignment> Alignments) const {
  unsigned PhiSelects = 0;
  MeldValues Values = getMeldValues(Cand, Alignments, PhiSelects);
  auto Differ = [&](const Value *A, const Value *B) {
    return Values.differ(A, B);
  };
  auto IsOutside = [&](const Value *V) { return Values.isOutside(V); };
  DenseMap<const Instruction *, const Instruction *> AlignedWith;
  // Instructions of the alignments, matched or not.
  SmallPtrSet<const Instruction *, 32> InAlignments;
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment) {
      for (const Instruction *I : {P.True, P.False})
        if (I)
          InAlignments.insert(I);
      if (P.isMatch())
        AlignedWith[P.True] = P.False;
    }
  // Selects of two outside values, how many pairs need each, and which
  // selects each pair was counted for.
  using ValuePair = std::pair<const Value *, const Value *>;
  DenseMap<ValuePair, unsigned> OutsideUses;
  DenseMap<const Instruction *, SmallVector<ValuePair, 2>> CountedFor;
  auto ForEachDiffering = [&](const AlignedPair &P, auto Fn) {
    for (unsigned Idx = 0, N = P.True->getNumOperands(); Idx != N; ++Idx) {
      const Value *Op1 = P.True->getOperand(Idx);
      const Value *Op2 = getPartnerOperand(P.True, P.False, Idx, Differ);
      if (Differ(Op1, Op2))
        Fn(Idx, Op1, Op2);
    }
  };
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment)
      if (P.isMatch())
        ForEachDiffering(P, [&](unsigned, const Value *Op1, const Value *Op2) {
          if (IsOutside(Op1) && IsOutside(Op2)) {
            ++OutsideUses[{Op1, Op2}];
            CountedFor[P.True].push_back({Op1, Op2});
          }
        });

  // Selects that keeping P aligned needs.
  auto KeepCost = [&](const AlignedPair &P) {
    unsigned Cost = 0;
    ForEachDiffering(P, [&](unsigned Idx, const Value *Op1, const Value *Op2) {
      if (!IsOutside(Op1) || !IsOutside(Op2) || OutsideUses[{Op1, Op2}] == 1)
        Cost += getOperandSelectCost(*P.True, Idx, Op1, Op2);
    });
    return Cost;
  };
  // Instructions and selects that unmatching P adds. Its two results need
  // one select, whoever uses it: the melded block of P dominates every user
  // of its results, so the copies OperandSelects makes in later blocks are
  // common subexpressions that GVN and EarlyCSE in the backend's IR
  // pipeline remove.
  auto UnmatchCost = [&](const AlignedPair &P) {
    bool NeedsSelect = false;
    for (const Use &U : P.True->uses()) {
      const auto *User = cast<Instruction>(U.getUser());
      const Instruction *UserPartner = AlignedWith.lookup(User);
      NeedsSelect |=
          !InAlignments.contains(User) ||
          (UserPartner && getPartnerOperand(User, UserPartner, U.getOperandNo(),
                                            Differ) == P.False);
    }
    for (const User *U : P.False->users())
      NeedsSelect |= !InAlignments.contains(cast<Instruction>(U));
    return Target.getIssueCost(*P.True) +
           (NeedsSelect ? getSelectCost(P.True, P.False) : 0);
  };

  // The last aligned pair that is not a select stays: without one there is
  // no meld (tryRegion), and the net-benefit check weighs its selects
  // against the branch the meld removes.
  auto IsCore = [](const AlignedPair &P) {
    return P.isMatch() && !isa<SelectInst>(P.True);
  };
  unsigned CorePairs = 0;
  for (const InstrAlignment &Alignment : Alignments)
    CorePairs += count_if(Alignment, IsCore);
  unsigned Unmatched = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (InstrAlignment &Alignment : Alignments)
      for (size_t K = 0; K < Alignment.size(); ++K) {
        AlignedPair P = Alignment[K];
        if (!P.isMatch() || !isPrunable(P.True) || !isPrunable(P.False) ||
            (IsCore(P) && CorePairs == 1) || KeepCost(P) <= UnmatchCost(P))
          continue;
        if (IsCore(P))
          --CorePairs;
        for (const ValuePair &Key : CountedFor.lookup(P.True))
          --OutsideUses[Key];
        Values.Partner.erase(P.True);
        AlignedWith.erase(P.True);
        Alignment[K] = {P.True, nullptr};
        Alignment.insert(Alignment.begin() + K + 1, {nullptr, P.False});
        ++NumPairsPruned;
        ++Unmatched;
        Changed = true;
      }
  }
  return Unmatched;
}
