//===- ConvergenceVarianceAnalysis.cpp - Lee et al. CA + VA ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The combined convergence and variance analysis of Lee et al. (CGO 2013,
// Fig. 3), run on the program dependence graph: SSA def-use edges plus
// control dependence (Ferrante et al., from the post-dominator tree).
//
// Terms.
//  - A block is *convergent* if every thread that has not left for exit code
//    (see the early-exit rule) executes it together; it is *divergent*
//    otherwise.
//  - A value is *variant* if it may differ between threads, or is computed in
//    a divergent block; it is *invariant* otherwise.
//  - Block Y is *control dependent* on block X if X has a successor from
//    which every path to the exit passes through Y, and Y does not
//    post-dominate X.
//
// Algorithm. Both lattices start optimistic (every block convergent, every
// value invariant) and only descend, so the worklist terminates. The worklist
// holds values known to be variant. It is seeded with the values the target
// calls sources of divergence (TargetTransformInfo::isSourceOfDivergence:
// thread ids, atomics, ...), with volatile and atomic loads (the paper's
// seeds) and with the arguments the target passes per thread. Popping a
// variant value
//  1. makes its users variant, except those the target calls always uniform
//     (TargetTransformInfo::isAlwaysUniform, e.g. readfirstlane);
//  2. if it is a terminator with two or more successors, makes the blocks
//     control dependent on its block divergent, and every instruction of a
//     divergent block variant. Their terminators thereby become variant, so
//     the walk follows *iterated* control dependence.
//
// Four rules refine step 2.
//  - Barrier rule (paper, section 3.2): a block that calls a workgroup
//    barrier is never made divergent; the source language makes a barrier in
//    divergent code undefined.
//  - Join rule (the note on Fig. 3 in docs/Scalarization.md): the printed
//    algorithm misses a phi in a convergent block whose incoming values are
//    invariant but arrive along edges chosen by a variant branch
//    (`x = c ? 1 : 2`). Every phi of a block outside the control-dependent
//    set that is entered from the branch's block or from that set is made
//    variant. This also covers the exit blocks of a loop with a variant exit
//    (in LCSSA form, the values the loop passes out).
//  - Early-exit rule (section 3.4): a successor *departs* if everything the
//    threads that take it still run is exit code of the branch: blocks that
//    only return, or blocks control dependent on the branch's block from
//    which the branch's block is not reachable and which the other
//    successors reach only through this same branch edge (taken by other
//    threads in a later iteration). If all successors but one depart, the
//    threads that stay all take the same way, so the branch makes nothing
//    outside the departing regions divergent. The departing regions
//    themselves are divergent: a lowering may run them after the others (a
//    loop's early return runs after the loop under StructurizeCFG), with
//    threads that left in different iterations. The rule needs the
//    branch's block to be convergent: in a divergent block the threads that
//    stay are some of the threads only, and the code they run is divergent.
//
//  - Irreducible rule: a variant branch in an irreducible cycle, or into
//    one, makes every block of the outermost irreducible cycle around it
//    (or entered) divergent, and the phis of that cycle's exits variant.
//    Control dependence says where the paths of such a branch meet, but not
//    that a lowering reconverges them there: FixIrreducible and the
//    structurizer may let lanes run different iterations of the cycle.
//    UniformityAnalysis is as conservative.
//
// Affine analysis (section 3.5): a variant integer or pointer value whose
// ScalarEvolution expression is Base + Stride * tid.x with Base and Stride
// invariant, or a recurrence of a convergent loop whose start has that form
// and whose step is invariant.
//
// Invariants of the result: a convergent block is not control dependent on a
// block whose branch is variant, unless that block is convergent and the
// branch's other successors depart; every instruction of a divergent block
// is variant; an invariant value has invariant operands (or is always
// uniform) and is computed in a convergent block.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/ConvergenceVarianceAnalysis.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "convergence-variance"

STATISTIC(NumDivergentBlocks, "Blocks found divergent");
STATISTIC(NumVariantValues, "Values found variant");
STATISTIC(NumEarlyExitBranches,
          "Variant branches whose other successors only leave the function");
STATISTIC(NumAffineValues, "Variant values with an affine form");

static bool isBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::amdgcn_s_barrier:
  case Intrinsic::nvvm_barrier0:
    return true;
  default:
    return false;
  }
}

static bool isLaneIdValue(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  return II->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_x ||
         II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x;
}

bool ConvergenceVarianceInfo::isPureExit(const BasicBlock &BB) {
  const Instruction *T = BB.getTerminator();
  if (&BB.front() != T)
    return false;
  if (const auto *Ret = dyn_cast<ReturnInst>(T))
    return !Ret->getReturnValue();
  return isa<UnreachableInst>(T);
}

namespace llvm {

/// Runs the worklist algorithm and the affine analysis into a
/// ConvergenceVarianceInfo.
class ConvergenceVarianceSolver {
public:
  ConvergenceVarianceSolver(ConvergenceVarianceInfo &Info,
                            const PostDominatorTree &PDT, const CycleInfo &CI,
                            const TargetTransformInfo &TTI, ScalarEvolution &SE)
      : Info(Info), PDT(PDT), CI(CI), TTI(TTI), SE(SE) {}

  void run();

private:
  using BlockSet = SmallPtrSet<const BasicBlock *, 16>;

  ConvergenceVarianceInfo &Info;
  const PostDominatorTree &PDT;
  const CycleInfo &CI;
  const TargetTransformInfo &TTI;
  ScalarEvolution &SE;
  SmallVector<const Value *, 32> Worklist;

  bool isSeed(const Instruction &I) const;
  void markVariant(const Value &V);
  void markDivergent(const BasicBlock &BB);
  void propagateBranch(const BasicBlock &A);
  void propagateIrreducible(const BasicBlock &A);
  bool applyEarlyExitRule(const BasicBlock &A,
                          ArrayRef<const BasicBlock *> Succs,
                          const BlockSet &Dependents);
  BlockSet controlDependents(const BasicBlock &A,
                             ArrayRef<const BasicBlock *> Succs) const;
  static BlockSet reachable(const BasicBlock &From,
                            const BasicBlock *CutFrom = nullptr,
                            const BasicBlock *CutTo = nullptr);

  bool isInvariantSCEV(const SCEV *S) const;
  static bool isLaneIdSCEV(const SCEV *S);
  std::optional<LaneAffineForm> affineForm(const SCEV *S) const;
  void computeAffineForms();
};

} // namespace llvm

bool ConvergenceVarianceSolver::isSeed(const Instruction &I) const {
  if (TTI.isSourceOfDivergence(&I))
    return true;
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isVolatile() || LI->isAtomic();
  return isa<AtomicRMWInst, AtomicCmpXchgInst>(I);
}

void ConvergenceVarianceSolver::markVariant(const Value &V) {
  if (Info.Variant.insert(&V).second)
    Worklist.push_back(&V);
}

void ConvergenceVarianceSolver::markDivergent(const BasicBlock &BB) {
  if (llvm::any_of(BB, isBarrier))
    return;
  if (!Info.DivergentBlocks.insert(&BB).second)
    return;
  for (const Instruction &I : BB)
    markVariant(I);
  // A branch that was variant already was propagated while its block was
  // convergent, perhaps under the early-exit rule, which a divergent block
  // does not get: propagate it again.
  const Instruction *T = BB.getTerminator();
  if (T && T->getNumSuccessors() > 1 && Info.Variant.contains(T) &&
      !is_contained(Worklist, T))
    Worklist.push_back(T);
}

/// The blocks control dependent on \p A: for each edge A -> S, the blocks on
/// the post-dominator tree path from S up to, not including, A's immediate
/// post-dominator.
ConvergenceVarianceSolver::BlockSet
ConvergenceVarianceSolver::controlDependents(
    const BasicBlock &A, ArrayRef<const BasicBlock *> Succs) const {
  BlockSet Result;
  const DomTreeNode *ANode = PDT.getNode(&A);
  const DomTreeNode *Stop = ANode ? ANode->getIDom() : nullptr;
  for (const BasicBlock *S : Succs) {
    for (const DomTreeNode *N = PDT.getNode(S); N && N != Stop;
         N = N->getIDom())
      if (const BasicBlock *B = N->getBlock())
        Result.insert(B);
  }
  return Result;
}

/// The blocks reachable from \p From, \p From included, without entering
/// blocks that only return and without taking the edge CutFrom -> CutTo.
ConvergenceVarianceSolver::BlockSet
ConvergenceVarianceSolver::reachable(const BasicBlock &From,
                                     const BasicBlock *CutFrom,
                                     const BasicBlock *CutTo) {
  BlockSet Seen;
  SmallVector<const BasicBlock *, 16> Stack;
  if (!ConvergenceVarianceInfo::isPureExit(From))
    Stack.push_back(&From);
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    for (const BasicBlock *Succ : successors(BB))
      if (!ConvergenceVarianceInfo::isPureExit(*Succ) &&
          !(BB == CutFrom && Succ == CutTo))
        Stack.push_back(Succ);
  }
  return Seen;
}

/// The early-exit rule (see the file header). Returns true if it applied.
bool ConvergenceVarianceSolver::applyEarlyExitRule(
    const BasicBlock &A, ArrayRef<const BasicBlock *> Succs,
    const BlockSet &Dependents) {
  SmallVector<BlockSet, 4> Reach;
  SmallVector<unsigned, 4> Live;
  for (unsigned I = 0; I != Succs.size(); ++I) {
    Reach.push_back(reachable(*Succs[I]));
    if (!Reach[I].empty()) // Otherwise the threads return at once.
      Live.push_back(I);
  }
  // Live successor I departs if everything its threads run is exit code of
  // this branch (control dependent on A), they never come back to A, and the
  // other threads can enter that code only by taking A -> Succs[I]
  // themselves, in a later iteration.
  auto Departs = [&](unsigned I) {
    if (Reach[I].contains(&A) ||
        !llvm::all_of(Reach[I], [&](const BasicBlock *B) {
          return Dependents.contains(B);
        }))
      return false;
    return llvm::none_of(Live, [&](unsigned J) {
      if (J == I)
        return false;
      BlockSet Other = reachable(*Succs[J], &A, Succs[I]);
      return llvm::any_of(
          Reach[I], [&](const BasicBlock *B) { return Other.contains(B); });
    });
  };
  SmallVector<unsigned, 4> Departing;
  if (Live.size() > 1) {
    for (unsigned I : Live)
      if (Departs(I))
        Departing.push_back(I);
    if (Live.size() - Departing.size() != 1)
      return false;
  }
  ++NumEarlyExitBranches;
  for (unsigned I : Departing)
    for (const BasicBlock *B : Reach[I])
      markDivergent(*B);
  return true;
}

/// The irreducible rule (see the file header).
void ConvergenceVarianceSolver::propagateIrreducible(const BasicBlock &A) {
  // The outermost irreducible cycle around A, and those A enters.
  SmallVector<const CycleInfo::CycleT *, 2> Irreducible;
  auto AddOutermostIrreducible = [&](const BasicBlock &From,
                                     const BasicBlock *Outside) {
    const CycleInfo::CycleT *Outermost = nullptr;
    for (const auto *C = CI.getCycle(&From);
         C && !(Outside && C->contains(Outside)); C = C->getParentCycle())
      if (!C->isReducible())
        Outermost = C;
    if (Outermost && !is_contained(Irreducible, Outermost))
      Irreducible.push_back(Outermost);
  };
  AddOutermostIrreducible(A, nullptr);
  for (const BasicBlock *S : successors(&A))
    AddOutermostIrreducible(*S, &A);

  for (const CycleInfo::CycleT *C : Irreducible) {
    for (const BasicBlock *B : C->blocks())
      markDivergent(*B);
    SmallVector<BasicBlock *, 4> Exits;
    C->getExitBlocks(Exits);
    for (const BasicBlock *Exit : Exits)
      for (const PHINode &Phi : Exit->phis())
        markVariant(Phi);
  }
}

void ConvergenceVarianceSolver::propagateBranch(const BasicBlock &A) {
  propagateIrreducible(A);
  SmallVector<const BasicBlock *, 4> Succs;
  for (const BasicBlock *S : successors(&A))
    if (!llvm::is_contained(Succs, S))
      Succs.push_back(S);
  if (Succs.size() < 2)
    return;
  BlockSet Dependents = controlDependents(A, Succs);
  // The threads that stay take one way only if they all reach A.
  if (Info.isConvergent(A) && applyEarlyExitRule(A, Succs, Dependents))
    return;

  for (const BasicBlock *B : Dependents)
    markDivergent(*B);

  // The join rule: phis of the blocks where paths from A leave the
  // control-dependent set.
  auto MarkJoinPhis = [&](const BasicBlock &From) {
    for (const BasicBlock *J : successors(&From))
      if (!Dependents.contains(J))
        for (const PHINode &Phi : J->phis())
          markVariant(Phi);
  };
  MarkJoinPhis(A);
  for (const BasicBlock *B : Dependents)
    MarkJoinPhis(*B);
}

void ConvergenceVarianceSolver::run() {
  Function &F = Info.F;
  for (const Argument &Arg : F.args())
    if (TTI.isSourceOfDivergence(&Arg))
      markVariant(Arg);
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (isSeed(I))
        markVariant(I);

  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    for (const User *U : V->users())
      if (const auto *UI = dyn_cast<Instruction>(U))
        if (!TTI.isAlwaysUniform(UI))
          markVariant(*UI);
    if (const auto *T = dyn_cast<Instruction>(V))
      if (T->isTerminator() && T->getNumSuccessors() > 1)
        propagateBranch(*T->getParent());
  }
  NumDivergentBlocks += Info.DivergentBlocks.size();
  NumVariantValues += Info.Variant.size();
  computeAffineForms();
}

bool ConvergenceVarianceSolver::isInvariantSCEV(const SCEV *S) const {
  return !SCEVExprContains(S, [&](const SCEV *X) {
    if (const auto *U = dyn_cast<SCEVUnknown>(X))
      return Info.isVariant(*U->getValue());
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(X))
      return !Info.isConvergent(*AR->getLoop()->getHeader());
    return isa<SCEVCouldNotCompute>(X);
  });
}

bool ConvergenceVarianceSolver::isLaneIdSCEV(const SCEV *S) {
  while (const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S)) {
    if (isa<SCEVTruncateExpr>(Cast))
      return false;
    S = Cast->getOperand();
  }
  const auto *U = dyn_cast<SCEVUnknown>(S);
  return U && isLaneIdValue(U->getValue());
}

std::optional<LaneAffineForm>
ConvergenceVarianceSolver::affineForm(const SCEV *S) const {
  // A recurrence of a convergent loop: every thread is in the same iteration,
  // so only the start carries the lane.
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!AR->isAffine() || !Info.isConvergent(*AR->getLoop()->getHeader()) ||
        !isInvariantSCEV(AR->getStepRecurrence(SE)))
      return std::nullopt;
    std::optional<LaneAffineForm> Start = affineForm(AR->getStart());
    if (!Start)
      return std::nullopt;
    return LaneAffineForm{SE.getAddRecExpr(Start->Base,
                                           AR->getStepRecurrence(SE),
                                           AR->getLoop(), SCEV::FlagAnyWrap),
                          Start->Stride};
  }

  SmallVector<const SCEV *, 4> Terms;
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S))
    Terms.append(Add->operands().begin(), Add->operands().end());
  else
    Terms.push_back(S);

  SmallVector<const SCEV *, 4> BaseTerms;
  const SCEV *Stride = nullptr;
  for (const SCEV *Term : Terms) {
    if (isInvariantSCEV(Term)) {
      BaseTerms.push_back(Term);
      continue;
    }
    if (Stride)
      return std::nullopt; // A second term that depends on the lane.
    if (isLaneIdSCEV(Term)) {
      Stride = SE.getOne(Term->getType());
      continue;
    }
    const auto *Mul = dyn_cast<SCEVMulExpr>(Term);
    if (!Mul)
      return std::nullopt;
    SmallVector<const SCEV *, 4> Factors;
    bool SawLane = false;
    for (const SCEV *Op : Mul->operands()) {
      if (!SawLane && isLaneIdSCEV(Op))
        SawLane = true;
      else if (isInvariantSCEV(Op))
        Factors.push_back(Op);
      else
        return std::nullopt;
    }
    if (!SawLane)
      return std::nullopt;
    Stride = SE.getMulExpr(Factors);
  }
  if (!Stride)
    return std::nullopt;
  const SCEV *Base =
      BaseTerms.empty() ? SE.getZero(S->getType()) : SE.getAddExpr(BaseTerms);
  return LaneAffineForm{Base, Stride};
}

void ConvergenceVarianceSolver::computeAffineForms() {
  for (const BasicBlock &BB : Info.F) {
    if (!Info.isConvergent(BB))
      continue;
    for (const Instruction &I : BB) {
      if (!Info.isVariant(I) || !SE.isSCEVable(I.getType()))
        continue;
      if (auto Form = affineForm(SE.getSCEV(const_cast<Instruction *>(&I)))) {
        Info.Affine.try_emplace(&I, *Form);
        ++NumAffineValues;
      }
    }
  }
}

ConvergenceVarianceInfo::ConvergenceVarianceInfo(Function &F,
                                                 const PostDominatorTree &PDT,
                                                 const CycleInfo &CI,
                                                 const TargetTransformInfo &TTI,
                                                 ScalarEvolution &SE)
    : F(F) {
  ConvergenceVarianceSolver(*this, PDT, CI, TTI, SE).run();
}

std::optional<LaneAffineForm>
ConvergenceVarianceInfo::getAffineForm(const Value &V) const {
  auto It = Affine.find(&V);
  if (It == Affine.end())
    return std::nullopt;
  return It->second;
}

void ConvergenceVarianceInfo::print(raw_ostream &OS) const {
  OS << "Convergence and variance for function '" << F.getName() << "':\n";
  for (const Argument &Arg : F.args()) {
    OS << "  argument ";
    Arg.printAsOperand(OS, /*PrintType=*/false);
    OS << ": " << (isVariant(Arg) ? "variant" : "invariant") << "\n";
  }
  for (const BasicBlock &BB : F) {
    OS << "  block ";
    BB.printAsOperand(OS, /*PrintType=*/false);
    OS << ": " << (isConvergent(BB) ? "convergent" : "divergent") << "\n";
    for (const Instruction &I : BB) {
      OS << (isVariant(I) ? "    [variant]" : "    [invariant]") << I;
      if (auto Form = getAffineForm(I))
        OS << " ; affine: " << *Form->Base << " + " << *Form->Stride
           << " * tid.x";
      OS << "\n";
    }
  }
}

AnalysisKey ConvergenceVarianceAnalysis::Key;

ConvergenceVarianceInfo
ConvergenceVarianceAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  return ConvergenceVarianceInfo(F, FAM.getResult<PostDominatorTreeAnalysis>(F),
                                 FAM.getResult<CycleAnalysis>(F),
                                 FAM.getResult<TargetIRAnalysis>(F),
                                 FAM.getResult<ScalarEvolutionAnalysis>(F));
}

PreservedAnalyses
ConvergenceVariancePrinterPass::run(Function &F, FunctionAnalysisManager &FAM) {
  FAM.getResult<ConvergenceVarianceAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}

/// Whether UniformityAnalysis calls \p I divergent: its value, or for a
/// branch, its condition.
static bool isDivergentForUniformity(UniformityInfo &UI, const Instruction &I) {
  if (I.isTerminator())
    return UI.hasDivergentTerminator(*I.getParent());
  return UI.isDivergent(&I);
}

PreservedAnalyses
ConvergenceVarianceComparePass::run(Function &F, FunctionAnalysisManager &FAM) {
  const auto &CVI = FAM.getResult<ConvergenceVarianceAnalysis>(F);
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  SmallVector<const Instruction *, 8> OnlyHere, OnlyUniformity;
  unsigned Both = 0, Neither = 0;
  for (const BasicBlock &BB : F) {
    for (const Instruction &I : BB) {
      bool IsBranch = I.isTerminator() && I.getNumSuccessors() > 1;
      if (I.getType()->isVoidTy() && !IsBranch)
        continue;
      bool UniformHere = CVI.isInvariant(I);
      bool UniformThere = !isDivergentForUniformity(UI, I);
      if (UniformHere && UniformThere)
        ++Both;
      else if (UniformHere)
        OnlyHere.push_back(&I);
      else if (UniformThere)
        OnlyUniformity.push_back(&I);
      else
        ++Neither;
    }
  }
  OS << "Convergence-variance vs. uniformity for function '" << F.getName()
     << "':\n";
  OS << "  uniform for both: " << Both << ", divergent for both: " << Neither
     << ", uniform only here: " << OnlyHere.size()
     << ", uniform only for UniformityAnalysis: " << OnlyUniformity.size()
     << "\n";
  for (const Instruction *I : OnlyHere)
    OS << "  [only here]" << *I << "\n";
  for (const Instruction *I : OnlyUniformity)
    OS << "  [only uniformity]" << *I << "\n";
  return PreservedAnalyses::all();
}
