//===- ReconvergeCFGOrdering.cpp - Block orderings for ReconvergeCFG -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The block orderings the reconverging transform walks
/// (computeReconvergeOrdering; ReconvergeCFG.cpp describes how the ordering
/// is used). Each lists every reachable block once, with the function's
/// single exit last. DFPD, the default, is a depth-first topological order
/// that explores a branch's post-dominating successor last, so a join comes
/// after everything that flows into it, and a successor only the branch
/// enters before one that other blocks enter too (joinsLast); RPOT, DF, BF,
/// BFPD and DomReg are the thesis's alternatives, for comparison.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/CycleInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include <algorithm>

using namespace llvm;

static cl::opt<bool> JoinsLast(
    "reconverge-cfg-joins-last", cl::init(true), cl::Hidden,
    cl::desc("In the dfpd ordering, take a branch's successors that only it "
             "enters before those that other blocks also enter"));

/// BB's successors in the order DFPD explores them: those that do not
/// post-dominate BB first (in terminator order), then those that do.
static SmallVector<BasicBlock *, 4>
successorsSecondaryFirst(const BasicBlock &BB, const PostDominatorTree &PDT) {
  SmallVector<BasicBlock *, 4> Secondary, Primary;
  SmallPtrSet<BasicBlock *, 4> Seen;
  const Instruction *T = BB.getTerminator();
  for (unsigned I = 0, E = T ? T->getNumSuccessors() : 0; I != E; ++I) {
    BasicBlock *S = T->getSuccessor(I);
    if (!Seen.insert(S).second)
      continue;
    (PDT.dominates(S, &BB) ? Primary : Secondary).push_back(S);
  }
  Secondary.append(Primary.begin(), Primary.end());
  return Secondary;
}

/// The retreating edges of a depth-first search from the entry that
/// explores each block's successors in successorsSecondaryFirst order.
static DenseSet<std::pair<const BasicBlock *, const BasicBlock *>>
findBackEdges(const Function &F, const PostDominatorTree &PDT) {
  DenseSet<std::pair<const BasicBlock *, const BasicBlock *>> Back;
  DenseSet<const BasicBlock *> Visited, OnStack;
  struct Frame {
    const BasicBlock *BB;
    SmallVector<BasicBlock *, 4> Succs;
    unsigned Next = 0;
  };
  SmallVector<Frame, 16> Stack;
  const BasicBlock *Entry = &F.getEntryBlock();
  Stack.push_back({Entry, successorsSecondaryFirst(*Entry, PDT)});
  Visited.insert(Entry);
  OnStack.insert(Entry);
  while (!Stack.empty()) {
    Frame &Top = Stack.back();
    if (Top.Next == Top.Succs.size()) {
      OnStack.erase(Top.BB);
      Stack.pop_back();
      continue;
    }
    const BasicBlock *S = Top.Succs[Top.Next++];
    if (OnStack.contains(S)) {
      Back.insert({Top.BB, S});
      continue;
    }
    if (!Visited.insert(S).second)
      continue;
    OnStack.insert(S);
    Stack.push_back({S, successorsSecondaryFirst(*S, PDT)});
  }
  return Back;
}

namespace {
/// How orderTopologically chooses among the ready blocks.
struct TopologicalPolicy {
  /// Take the earliest readied block (breadth-first) instead of the most
  /// recently readied one (depth-first).
  bool BreadthFirst = false;
  /// Ready a block's successors that post-dominate it after the others, so
  /// that they are taken after them; otherwise in terminator order.
  bool PostDominatorsLast = true;
  /// Regions that must stay contiguous: for each block, the regions that
  /// contain it, innermost first. Regions must nest.
  DenseMap<const BasicBlock *, SmallVector<const void *, 4>> Regions;
  /// Blocks taken only when no other eligible block is ready.
  SmallPtrSet<const BasicBlock *, 8> Deferred;
  /// If set, the two sides of an if-else are taken cheaper first
  /// (cheaperSideFirst).
  DivergentValueFn IsDivergentValue = nullptr;
  /// Take the successors a block alone enters before the joins (joinsLast).
  bool JoinsLast = false;
};
} // namespace

/// The instructions of BB that compute a divergent value: what running BB
/// costs a wave on a SIMT target whichever lanes are active.
static unsigned countDivergentInstructions(const BasicBlock &BB,
                                           DivergentValueFn IsDivergentValue) {
  return count_if(BB, [&](const Instruction &I) {
    return !isa<PHINode>(I) && !I.isTerminator() && !I.isDebugOrPseudoInst() &&
           IsDivergentValue(&I);
  });
}

/// The most blocks of one side that sideCost visits.
static constexpr unsigned MaxSideBlocks = 32;

/// What running the side of BB's branch that starts at its successor S costs
/// a wave: the divergent instructions of the blocks reachable from S without
/// passing BB or a block that post-dominates BB, where the two sides meet.
/// At most MaxSideBlocks blocks are visited, so a side that is a long chain
/// of branches costs what its first blocks cost.
static unsigned sideCost(const BasicBlock &BB, const BasicBlock &S,
                         const PostDominatorTree &PDT,
                         DivergentValueFn IsDivergentValue) {
  SmallPtrSet<const BasicBlock *, 16> Visited{&BB};
  SmallVector<const BasicBlock *, 16> Worklist{&S};
  unsigned Cost = 0;
  while (!Worklist.empty() && Visited.size() <= MaxSideBlocks) {
    const BasicBlock *X = Worklist.pop_back_val();
    if (PDT.dominates(X, &BB) || !Visited.insert(X).second)
      continue;
    Cost += countDivergentInstructions(*X, IsDivergentValue);
    append_range(Worklist, successors(X));
  }
  return Cost;
}

/// Succs, the successors of BB in the order they are taken, with the two
/// sides of an if-else swapped when the second is cheaper (sideCost): both
/// entered only from BB, neither post-dominating BB (see
/// computeReconvergeOrdering). A side is its whole region, not its first
/// block: in an else-if chain, `if (a) x else if (b) y else ...`, the else
/// side holds the rest of the chain, and taking x first lets x's lanes wait
/// for the chain's join while the chain runs, instead of waiting until the
/// chain has run and then rejoining the lanes of each level in turn.
static void cheaperSideFirst(const BasicBlock &BB,
                             MutableArrayRef<BasicBlock *> Succs,
                             const PostDominatorTree &PDT,
                             DivergentValueFn IsDivergentValue) {
  if (Succs.size() != 2)
    return;
  for (BasicBlock *S : Succs)
    if (S->getSinglePredecessor() != &BB || PDT.dominates(S, &BB))
      return;
  if (sideCost(BB, *Succs[1], PDT, IsDivergentValue) <
      sideCost(BB, *Succs[0], PDT, IsDivergentValue))
    std::swap(Succs[0], Succs[1]);
}

/// Succs, the successors of BB in the order they are taken, with the sides
/// that only BB enters moved before the joins that other blocks enter too,
/// among those that do not post-dominate BB (a stable partition). In
/// `if (a || b) X else Y` the block testing b branches to the join X and to
/// its own side Y: taking Y first keeps Y next to b, inside the region of
/// the branch on a, so a wave none of whose lanes reach b branches around b
/// and Y together, as the structurizer's nesting does, instead of running
/// b's tests with no lane active where they are too short to keep a branch
/// around them.
static void joinsLast(const BasicBlock &BB, MutableArrayRef<BasicBlock *> Succs,
                      const PostDominatorTree &PDT) {
  auto *FirstPostDom = find_if(
      Succs, [&](const BasicBlock *S) { return PDT.dominates(S, &BB); });
  std::stable_partition(Succs.begin(), FirstPostDom, [&](const BasicBlock *S) {
    return S->getSinglePredecessor() == &BB;
  });
}

/// A topological order of the forward DAG (every edge but findBackEdges'),
/// the entry first and the exits last. A block is ready once all its forward
/// predecessors are ordered. Once a block of a region is ordered, only ready
/// blocks inside the innermost open region are eligible until all of its
/// blocks are ordered; if none is (an irreducible cycle entered at several
/// blocks), the policy's first ready block is taken.
static std::vector<BasicBlock *>
orderTopologically(const Function &F, const PostDominatorTree &PDT,
                   const TopologicalPolicy &Policy) {
  auto Back = findBackEdges(F, PDT);
  // Forward in-degrees over reachable blocks (unreachable ones never reach
  // zero: they are not part of the ordering).
  DenseMap<const BasicBlock *, unsigned> Pending;
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock()))
    for (const BasicBlock *S : successors(BB))
      if (!Back.contains({BB, S}))
        ++Pending[S];
  // Several edges from one block to one successor count once.
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock())) {
    SmallPtrSet<const BasicBlock *, 4> Seen;
    for (const BasicBlock *S : successors(BB))
      if (!Back.contains({BB, S}) && !Seen.insert(S).second)
        --Pending[S];
  }

  auto RegionsOf = [&](const BasicBlock *BB) -> ArrayRef<const void *> {
    auto It = Policy.Regions.find(BB);
    if (It == Policy.Regions.end())
      return {};
    return It->second;
  };
  DenseMap<const void *, unsigned> Unordered;
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock()))
    for (const void *R : RegionsOf(BB))
      ++Unordered[R];
  SmallVector<const void *, 4> Open; // Entered, unfinished; innermost last.
  auto Eligible = [&](const BasicBlock *BB) {
    return Open.empty() || is_contained(RegionsOf(BB), Open.back());
  };

  std::vector<BasicBlock *> Order, Exits;
  SmallVector<BasicBlock *, 16> Ready{
      const_cast<BasicBlock *>(&F.getEntryBlock())};
  while (!Ready.empty()) {
    // The policy's first eligible block that is not deferred, else its first
    // eligible block, else its first block.
    std::optional<size_t> Pick, EligibleDeferred;
    for (size_t K = 0, E = Ready.size(); K != E && !Pick; ++K) {
      size_t I = Policy.BreadthFirst ? K : E - 1 - K;
      if (!Eligible(Ready[I]))
        continue;
      if (!Policy.Deferred.contains(Ready[I]))
        Pick = I;
      else if (!EligibleDeferred)
        EligibleDeferred = I;
    }
    size_t I = Pick                  ? *Pick
               : EligibleDeferred    ? *EligibleDeferred
               : Policy.BreadthFirst ? 0
                                     : Ready.size() - 1;
    BasicBlock *BB = Ready[I];
    Ready.erase(Ready.begin() + I);
    if (succ_empty(BB) && BB != &F.getEntryBlock())
      Exits.push_back(BB);
    else
      Order.push_back(BB);
    // Enter the regions of BB that are not open yet (outermost first), then
    // close those whose blocks are all ordered.
    ArrayRef<const void *> BBRegions = RegionsOf(BB);
    for (const void *R : reverse(BBRegions))
      if (!is_contained(Open, R))
        Open.push_back(R);
    for (const void *R : BBRegions)
      --Unordered[R];
    erase_if(Open, [&](const void *R) { return Unordered[R] == 0; });
    SmallVector<BasicBlock *, 4> Succs;
    if (Policy.PostDominatorsLast) {
      Succs = successorsSecondaryFirst(*BB, PDT);
      if (Policy.JoinsLast)
        joinsLast(*BB, Succs, PDT);
      if (Policy.IsDivergentValue)
        cheaperSideFirst(*BB, Succs, PDT, Policy.IsDivergentValue);
    } else {
      SmallPtrSet<BasicBlock *, 4> Seen;
      for (BasicBlock *S : successors(BB))
        if (Seen.insert(S).second)
          Succs.push_back(S);
    }
    // Depth-first takes the most recent block: ready the successors in
    // reverse so that the first one is taken first.
    if (!Policy.BreadthFirst)
      std::reverse(Succs.begin(), Succs.end());
    for (BasicBlock *S : Succs)
      if (!Back.contains({BB, S}) && --Pending[S] == 0)
        Ready.push_back(S);
  }
  Order.insert(Order.end(), Exits.begin(), Exits.end());
  return Order;
}

/// Cycles are kept contiguous in DFPD: once a cycle is entered, only ready
/// blocks inside it are taken until all its blocks are ordered. Otherwise a
/// loop exit could be ordered between the loop's blocks, and rerouting would
/// merge the exit with in-loop edges into one flow block, making the loop
/// irreducible.
static void addCycleRegions(const Function &F, const CycleInfo &CI,
                            TopologicalPolicy &Policy) {
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock()))
    for (const Cycle *C = CI.getCycle(BB); C; C = C->getParentCycle())
      Policy.Regions[BB].push_back(C);
}

static std::vector<BasicBlock *>
computeDFPD(const Function &F, const PostDominatorTree &PDT,
            DivergentValueFn IsDivergentValue) {
  CycleInfo CI;
  CI.compute(const_cast<Function &>(F));
  TopologicalPolicy Policy;
  Policy.IsDivergentValue = IsDivergentValue;
  Policy.JoinsLast = JoinsLast;
  addCycleRegions(F, CI, Policy);
  return orderTopologically(F, PDT, Policy);
}

/// BFPD: the forward DAG breadth-first, the successors that post-dominate a
/// block readied after the others. Without DFPD's cycle rule, which serves
/// the result's quality, not its correctness: any ordering with the exits
/// last gives a reconverging result.
static std::vector<BasicBlock *> computeBFPD(const Function &F,
                                             const PostDominatorTree &PDT) {
  TopologicalPolicy Policy;
  Policy.BreadthFirst = true;
  return orderTopologically(F, PDT, Policy);
}

/// DomReg: every block's dominance region is contiguous (a depth-first walk
/// of the dominator tree whose children follow the forward edges), and the
/// dominators of the exits (the dominator tree's branch that holds them)
/// are taken last among the eligible blocks.
static std::vector<BasicBlock *> computeDomReg(const Function &F,
                                               const PostDominatorTree &PDT) {
  DominatorTree DT(const_cast<Function &>(F));
  TopologicalPolicy Policy;
  Policy.PostDominatorsLast = false;
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock())) {
    for (const DomTreeNode *N = DT.getNode(BB); N; N = N->getIDom())
      Policy.Regions[BB].push_back(N);
    if (succ_empty(BB))
      for (const DomTreeNode *N = DT.getNode(BB); N; N = N->getIDom())
        Policy.Deferred.insert(N->getBlock());
  }
  return orderTopologically(F, PDT, Policy);
}

/// Moves the blocks without successors (other than the entry) to the end,
/// keeping the relative order of both parts.
static std::vector<BasicBlock *>
withExitsLast(const Function &F, ArrayRef<const BasicBlock *> Blocks) {
  std::vector<BasicBlock *> Order, Exits;
  for (const BasicBlock *BB : Blocks)
    (succ_empty(BB) && BB != &F.getEntryBlock() ? Exits : Order)
        .push_back(const_cast<BasicBlock *>(BB));
  Order.insert(Order.end(), Exits.begin(), Exits.end());
  return Order;
}

static std::vector<BasicBlock *> computeRPOT(const Function &F) {
  ReversePostOrderTraversal<const Function *> RPOT(&F);
  return withExitsLast(
      F, SmallVector<const BasicBlock *, 32>(RPOT.begin(), RPOT.end()));
}

/// DF: depth-first pre-order.
static std::vector<BasicBlock *> computeDF(const Function &F) {
  return withExitsLast(
      F, SmallVector<const BasicBlock *, 32>(depth_first(&F.getEntryBlock())));
}

/// BF: breadth-first order.
static std::vector<BasicBlock *> computeBF(const Function &F) {
  SmallVector<const BasicBlock *, 32> Order{&F.getEntryBlock()};
  SmallPtrSet<const BasicBlock *, 32> Seen{&F.getEntryBlock()};
  for (size_t I = 0; I != Order.size(); ++I)
    for (const BasicBlock *S : successors(Order[I]))
      if (Seen.insert(S).second)
        Order.push_back(S);
  return withExitsLast(F, Order);
}

std::vector<BasicBlock *>
llvm::computeReconvergeOrdering(const Function &F, const PostDominatorTree &PDT,
                                ReconvergeOrdering Kind,
                                DivergentValueFn IsDivergentValue) {
  switch (Kind) {
  case ReconvergeOrdering::DFPD:
    return computeDFPD(F, PDT, IsDivergentValue);
  case ReconvergeOrdering::RPOT:
    return computeRPOT(F);
  case ReconvergeOrdering::DF:
    return computeDF(F);
  case ReconvergeOrdering::BF:
    return computeBF(F);
  case ReconvergeOrdering::BFPD:
    return computeBFPD(F, PDT);
  case ReconvergeOrdering::DomReg:
    return computeDomReg(F, PDT);
  }
  llvm_unreachable("unknown ordering");
}
