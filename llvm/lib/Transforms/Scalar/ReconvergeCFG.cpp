//===- ReconvergeCFG.cpp - Reconverging control-flow graphs ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The reconverging property and the block orderings of the ReconvergeCFG
// transform (see ReconvergeCFG.h and docs/ReconvergingCFG.md).
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "reconverge-cfg"

BasicBlock *llvm::getPrimarySuccessor(const BasicBlock &BB,
                                      const PostDominatorTree &PDT) {
  const Instruction *T = BB.getTerminator();
  if (!T || T->getNumSuccessors() != 2)
    return nullptr;
  // Successor 1 first: for `br %c, %then, %join` the join is successor 1.
  for (unsigned I : {1u, 0u}) {
    BasicBlock *S = T->getSuccessor(I);
    if (PDT.dominates(S, &BB))
      return S;
  }
  return nullptr;
}

SmallVector<ReconvergenceViolation, 4>
llvm::findReconvergenceViolations(const Function &F,
                                  const PostDominatorTree &PDT,
                                  DivergentTerminatorFn IsDivergent) {
  SmallVector<ReconvergenceViolation, 4> Violations;
  for (const BasicBlock &BB : F) {
    const Instruction *T = BB.getTerminator();
    if (!T || T->getNumSuccessors() < 2 || !PDT.getNode(&BB) ||
        !IsDivergent(BB))
      continue;
    // Several edges to one block count once: `switch` with all cases to
    // one block is as harmless as an unconditional branch.
    SmallPtrSet<const BasicBlock *, 4> Distinct(succ_begin(&BB), succ_end(&BB));
    if (Distinct.size() == 1)
      continue;
    if (T->getNumSuccessors() > 2)
      Violations.push_back({T, ReconvergenceViolation::MultiWay});
    else if (!getPrimarySuccessor(BB, PDT))
      Violations.push_back({T, ReconvergenceViolation::NoPrimarySuccessor});
  }
  return Violations;
}

void llvm::printReconvergenceViolations(
    raw_ostream &OS, ArrayRef<ReconvergenceViolation> Violations) {
  for (const ReconvergenceViolation &V : Violations) {
    OS << "block '" << V.Terminator->getParent()->getName() << "': ";
    if (V.K == ReconvergenceViolation::MultiWay)
      OS << "divergent terminator with " << V.Terminator->getNumSuccessors()
         << " successors (lower switches first)\n";
    else
      OS << "divergent branch without a post-dominating successor\n";
  }
}

//===----------------------------------------------------------------------===//
// Orderings.
//===----------------------------------------------------------------------===//

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

static std::vector<BasicBlock *> computeDFPD(const Function &F,
                                             const PostDominatorTree &PDT) {
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

  std::vector<BasicBlock *> Order, Exits;
  SmallVector<BasicBlock *, 16> Ready{
      const_cast<BasicBlock *>(&F.getEntryBlock())};
  while (!Ready.empty()) {
    BasicBlock *BB = Ready.pop_back_val();
    if (succ_empty(BB) && BB != &F.getEntryBlock())
      Exits.push_back(BB);
    else
      Order.push_back(BB);
    // Ready the post-dominating successors first, so they are taken last.
    SmallVector<BasicBlock *, 4> Succs = successorsSecondaryFirst(*BB, PDT);
    for (BasicBlock *S : reverse(Succs))
      if (!Back.contains({BB, S}) && --Pending[S] == 0)
        Ready.push_back(S);
  }
  Order.insert(Order.end(), Exits.begin(), Exits.end());
  return Order;
}

static std::vector<BasicBlock *> computeRPOT(const Function &F) {
  std::vector<BasicBlock *> Order, Exits;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&F))
    (succ_empty(BB) && BB != &F.getEntryBlock() ? Exits : Order)
        .push_back(const_cast<BasicBlock *>(BB));
  Order.insert(Order.end(), Exits.begin(), Exits.end());
  return Order;
}

std::vector<BasicBlock *>
llvm::computeReconvergeOrdering(const Function &F, const PostDominatorTree &PDT,
                                ReconvergeOrdering Kind) {
  switch (Kind) {
  case ReconvergeOrdering::DFPD:
    return computeDFPD(F, PDT);
  case ReconvergeOrdering::RPOT:
    return computeRPOT(F);
  }
  llvm_unreachable("unknown ordering");
}
