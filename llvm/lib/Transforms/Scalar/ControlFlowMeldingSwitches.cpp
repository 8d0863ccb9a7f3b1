//===- ControlFlowMeldingSwitches.cpp - Divergent switches as cascades ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Divergent switches for control-flow melding (ControlFlowMelding.cpp's
/// header, "Divergent switches"): the choice of the pair of successors to
/// meld, the region the cascade of two-way branches would end in, modelled
/// with the switch in place, and the cascade itself, which the driver
/// builds only for a candidate that melds.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowMeldingImpl.h"
#include "llvm/Support/GenericDomTreeConstruction.h"

using namespace llvm;
using namespace llvm::cfmeld;

static bool isUnreachableBlock(const BasicBlock *BB) {
  return isa<UnreachableInst>(BB->getFirstNonPHIOrDbgOrLifetime());
}

/// The distinct successors of \p SI in case order, the default last, each
/// with its case values. A default successor that only holds `unreachable`
/// is left out: no lane goes there.
void cfmeld::collectSwitchTargets(SwitchInst &SI,
                                  SmallVectorImpl<SwitchTarget> &Targets) {
  auto Find = [&](BasicBlock *BB) -> SwitchTarget & {
    for (SwitchTarget &T : Targets)
      if (T.BB == BB)
        return T;
    Targets.push_back({BB, false, {}});
    return Targets.back();
  };
  for (const auto &Case : SI.cases())
    Find(Case.getCaseSuccessor()).Values.push_back(Case.getCaseValue());
  if (!isUnreachableBlock(SI.getDefaultDest()))
    Find(SI.getDefaultDest()).IsDefault = true;
}

/// Orders \p Targets for the cascade: the pair with the highest MP goes last,
/// with a successor that has case values of its own first in the pair.
/// Returns false if no pair of successors can form a divergent region.
bool ControlFlowMelder::chooseSwitchPair(BasicBlock &Entry,
                                         SmallVectorImpl<SwitchTarget> &Targets,
                                         double &Score) {
  BasicBlock *Exit = getIPostDom(*PDT, &Entry);
  auto Eligible = [&](const SwitchTarget &T) {
    return T.BB != Exit && T.BB != &Entry &&
           T.BB->getUniquePredecessor() == &Entry;
  };
  size_t N = Targets.size(), BestI = N, BestJ = N;
  Score = -1.0;
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = I + 1; J < N; ++J) {
      if (!Eligible(Targets[I]) || !Eligible(Targets[J]))
        continue;
      double S = computeProfitability(Targets[I].BB, Targets[J].BB);
      if (S > Score) {
        Score = S;
        BestI = I;
        BestJ = J;
      }
    }
  }
  if (BestI == N)
    return false;
  SwitchTarget First = Targets[BestI], Second = Targets[BestJ];
  if (First.IsDefault)
    std::swap(First, Second);
  Targets.erase(Targets.begin() + BestJ);
  Targets.erase(Targets.begin() + BestI);
  Targets.push_back(First);
  Targets.push_back(Second);
  return true;
}

/// `Cond == V1 || Cond == V2 || ...` for the values \p Values.
static Value *emitIsOneOf(IRBuilder<> &Builder, Value *Cond,
                          ArrayRef<ConstantInt *> Values) {
  Value *Result = nullptr;
  for (ConstantInt *V : Values) {
    Value *Eq = Builder.CreateICmpEQ(Cond, V, "switch.case");
    Result = Result ? Builder.CreateOr(Result, Eq, "switch.case") : Eq;
  }
  return Result;
}

/// Replace the switch ending \p Entry by a cascade over \p Targets (the
/// order of chooseSwitchPair): block K of the cascade sends the lanes of
/// Targets[K] there and the others on, the last one chooses between the pair.
/// Returns the last block.
BasicBlock *cfmeld::expandSwitch(BasicBlock &Entry,
                                 ArrayRef<SwitchTarget> Targets) {
  auto *SI = cast<SwitchInst>(Entry.getTerminator());
  Value *Cond = SI->getCondition();
  BasicBlock *Default = SI->getDefaultDest();
  DebugLoc Loc = SI->getDebugLoc();
  LLVMContext &Ctx = Entry.getContext();
  size_t NumTests = Targets.size() - 1;
  BasicBlock *InsertBefore = Entry.getNextNode();
  SmallVector<BasicBlock *, 4> Blocks;
  for (size_t K = 0; K < NumTests; ++K)
    Blocks.push_back(BasicBlock::Create(Ctx, "switch.cascade",
                                        Entry.getParent(), InsertBefore));
  SI->eraseFromParent();
  BranchInst::Create(Blocks.front(), &Entry)->setDebugLoc(Loc);

  // Every edge from the entry to a successor becomes one edge from the
  // cascade block that tests for it.
  auto RetargetPhis = [&](BasicBlock *Succ, BasicBlock *From) {
    for (PHINode &PN : Succ->phis()) {
      Value *V = PN.getIncomingValueForBlock(&Entry);
      while (PN.getBasicBlockIndex(&Entry) >= 0)
        PN.removeIncomingValue(&Entry, /*DeletePHIIfEmpty=*/false);
      PN.addIncoming(V, From);
    }
  };
  for (size_t K = 0; K < NumTests; ++K) {
    BasicBlock *Block = Blocks[K];
    BasicBlock *Next = K + 1 < NumTests ? Blocks[K + 1] : Targets[K + 1].BB;
    IRBuilder<> Builder(Block);
    Builder.SetCurrentDebugLocation(Loc);
    const SwitchTarget &T = Targets[K];
    if (T.IsDefault) {
      // The default takes the lanes whose value none of the successors
      // still to come has.
      SmallVector<ConstantInt *, 8> Later;
      for (const SwitchTarget &U : Targets.drop_front(K + 1))
        append_range(Later, U.Values);
      Builder.CreateCondBr(emitIsOneOf(Builder, Cond, Later), Next, T.BB);
    } else {
      Builder.CreateCondBr(emitIsOneOf(Builder, Cond, T.Values), T.BB, Next);
    }
    RetargetPhis(T.BB, Block);
    if (K + 1 == NumTests)
      RetargetPhis(Targets[K + 1].BB, Block);
  }
  // An unreachable default no longer has the entry as a predecessor.
  if (none_of(Targets, [&](const SwitchTarget &T) { return T.BB == Default; }))
    for (PHINode &PN : Default->phis())
      while (PN.getBasicBlockIndex(&Entry) >= 0)
        PN.removeIncomingValue(&Entry, /*DeletePHIIfEmpty=*/false);
  return Blocks.back();
}

/// The post-dominator tree of \p F as if the edge from \p From to \p To
/// were deleted (on a view of the CFG; the IR is not changed).
///
/// LLVM 19's DominatorTreeBase has no public way to do this:
/// recalculate(F, Updates) builds its view of the CFG but computes from
/// scratch without it (CalculateFromScratch uses a view only as the post-view
/// of a batch update), and applyUpdates({}, {Delete From->To}) updates
/// incrementally to a tree that differs from the from-scratch one when the
/// deleted edge leads to a block without successors: with the edge from a
/// switch in a loop to its `unreachable` default gone, the switch's block is
/// left under the virtual root instead of below the exit its other
/// successors reach. Hence the builder's own entry point with the deletion
/// as the post-view.
static void computePostDomTreeWithoutEdge(PostDominatorTree &PDT, Function &F,
                                          BasicBlock *From, BasicBlock *To) {
  using SNCA = DomTreeBuilder::SemiNCAInfo<PostDomTreeBase<BasicBlock>>;
  GraphDiff<BasicBlock *, /*InverseGraph=*/true> PreView;
  GraphDiff<BasicBlock *, /*InverseGraph=*/true> PostView(
      {{cfg::UpdateKind::Delete, From, To}});
  SNCA::BatchUpdateInfo BUI(PreView, &PostView);
  PDT.recalculate(F);
  SNCA::CalculateFromScratch(PDT, &BUI);
}

/// The checks of buildRegion for the branch that ends the cascade over
/// \p Targets (the order of chooseSwitchPair), made on the function as it
/// is, with the switch of \p Entry in place. The cascade's last block L
/// branches to the pair, each of which has no predecessor but L, and is
/// reached by a subset of the lanes that reach the switch:
///  * its condition tests the switch condition for equality with case
///    values, which splits no wavefront at a boundary (isUniformPerWave),
///    and no branch of the cascade guards L by a one-lane test, so L is
///    one-lane exactly if the switch is (runsOneLanePerWave);
///  * ipdom(L) is the nearest common post-dominator of the pair (without
///    the edge to an unreachable default, which the cascade drops): a
///    cascade block post-dominates a block only after the switch's block
///    does. Other post-dominators in the region agree with those of the
///    cascade if checkRegionBody passes: only a path that returns to the
///    switch before the exit could use the dropped edge;
///  * L is in the innermost loop of the switch that contains a block of
///    the pair;
///  * the walk of checkRegionBody goes through the cascade.
/// Remarks are reported at the switch, which has the cascade's debug
/// location.
bool ControlFlowMelder::modelCascadeRegion(BasicBlock &Entry,
                                           ArrayRef<SwitchTarget> Targets,
                                           DivergentRegion &R) {
  if (Target.runsOneLanePerWave(Entry, *DT)) {
    emitMissed("OneLanePerWave", Entry,
               "at most one lane of each wavefront runs the divergent branch "
               "(it is guarded by a test of the work-item id for equality)");
    return false;
  }
  BasicBlock *T = Targets[Targets.size() - 2].BB;
  BasicBlock *Fl = Targets.back().BB;
  R.Entry = &Entry;
  // The cascade has no edge to an unreachable default: post-dominance is
  // that of the function without the switch's edge to it.
  BasicBlock *Default =
      cast<SwitchInst>(Entry.getTerminator())->getDefaultDest();
  if (none_of(Targets,
              [&](const SwitchTarget &ST) { return ST.BB == Default; })) {
    PostDominatorTree WithoutDefault;
    computePostDomTreeWithoutEdge(WithoutDefault, F, &Entry, Default);
    R.Exit = WithoutDefault.findNearestCommonDominator(T, Fl);
  } else {
    R.Exit = PDT->findNearestCommonDominator(T, Fl);
  }
  R.Succs[0] = T;
  R.Succs[1] = Fl;
  const Loop *L = LI->getLoopFor(&Entry);
  while (L && !L->contains(T) && !L->contains(Fl))
    L = L->getParentLoop();
  R.EntryLoop = L;
  return checkRegionExit(Entry, R) && checkRegionBody(R, Targets);
}
