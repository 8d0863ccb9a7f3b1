//===- AMDGPUDivergenceRemarks.cpp - Why a branch diverges ----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Analysis remarks (-Rpass-analysis=amdgpu-divergence) that tell a kernel
/// author which branches of a function diverge and why, before divergent
/// control flow is lowered.
///
/// For every conditional branch or switch whose condition UniformityAnalysis
/// finds divergent, one `DivergentBranch` remark (one `DivergentLoopExit`
/// remark if the branch leaves a cycle) gives the *cause*: the shortest chain
/// of dependences from the condition back to a *source* of divergence
/// (Pereira's Theorem 1.3.1), found by a breadth-first search over divergent
/// uses. A step of the chain is one of
///
/// - a data dependence: the value uses a divergent operand;
/// - a sync dependence: a phi whose incoming values are all uniform, which is
///   divergent because lanes reach it along different edges of a divergent
///   branch (the remark names the nearest dominating block that ends in one);
/// - a loop-exit (temporal) dependence: a value uniform inside a cycle, used
///   outside it after lanes left the cycle at different iterations.
///
/// A source is a value with no divergent operand: a work-item or lane id, an
/// atomic's result, a load from memory that differs per lane, a call's
/// result, or an argument of a non-kernel function.
///
/// Each remark then says what the lowering selected for the compilation does
/// with the branch, from the control flow as it reaches it (control-flow
/// melding has run by then; its melds have their own remarks, -Rpass=cf-meld):
/// under the reconverging lowering (-amdgpu-cf-lowering=reconverge) the
/// lanes rejoin at a successor that post-dominates the branch, or, if none
/// does, the reconverging transform reroutes the branch's edges (remarks
/// -Rpass-analysis=reconverge-cfg); under -amdgpu-cf-lowering=structurize the
/// structurizer lowers it.
///
/// The remarks cost nothing unless requested: the pass returns at once unless
/// its remarks are enabled or an optimization record is written.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUDivergenceRemarks.h"
#include "AMDGPUReconvergingCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include <deque>

using namespace llvm;

#define DEBUG_TYPE "amdgpu-divergence"

namespace {

class AMDGPUDivergenceRemarks : public FunctionPass {
public:
  static char ID;
  AMDGPUDivergenceRemarks() : FunctionPass(ID) {}

  StringRef getPassName() const override { return "AMDGPU divergence remarks"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<UniformityInfoWrapperPass>();
    AU.addRequired<DominatorTreeWrapperPass>();
    AU.addRequired<CycleInfoWrapperPass>();
    AU.addRequired<PostDominatorTreeWrapperPass>();
    AU.setPreservesAll();
  }
  bool runOnFunction(Function &F) override;
};

/// Explains the divergence of one function's values.
class CauseFinder {
public:
  CauseFinder(const UniformityInfo &UI, const DominatorTree &DT,
              const CycleInfo &CI)
      : UI(UI), DT(DT), CI(CI) {}

  /// The chain from \p V (divergent) to a source, one line per step.
  std::string explain(const Value *V) const;

private:
  const UniformityInfo &UI;
  const DominatorTree &DT;
  const CycleInfo &CI;

  SmallVector<const Use *, 4> divergentOperands(const Value *V) const;
  std::string describeSource(const Value *V) const;
  std::string describeStep(const Value *From, const Use *Via) const;
};

} // end anonymous namespace

/// Whether \p BB ends in a conditional branch or a switch on a divergent
/// value.
static bool hasDivergentBranch(const BasicBlock &BB, const UniformityInfo &UI) {
  const Instruction *Term = BB.getTerminator();
  const auto *Br = dyn_cast<BranchInst>(Term);
  if (!(Br && Br->isConditional()) && !isa<SwitchInst>(Term))
    return false;
  return UI.isDivergentUse(Term->getOperandUse(0));
}

/// The value as an operand, with its source line when it has one and no name
/// (clang's release builds drop value names).
static std::string name(const Value *V) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false);
  if (const auto *I = dyn_cast<Instruction>(V); I && !I->hasName())
    if (const DebugLoc &DL = I->getDebugLoc(); DL && DL.getLine())
      OS << " (line " << DL.getLine() << ")";
  return S;
}

SmallVector<const Use *, 4>
CauseFinder::divergentOperands(const Value *V) const {
  SmallVector<const Use *, 4> Ops;
  if (const auto *I = dyn_cast<Instruction>(V))
    for (const Use &U : I->operands())
      if (!isa<BasicBlock>(U.get()) && UI.isDivergentUse(U))
        Ops.push_back(&U);
  return Ops;
}

std::string CauseFinder::describeSource(const Value *V) const {
  if (const auto *II = dyn_cast<IntrinsicInst>(V)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::amdgcn_workitem_id_x:
    case Intrinsic::amdgcn_workitem_id_y:
    case Intrinsic::amdgcn_workitem_id_z:
      return name(V) + " is the work-item id";
    case Intrinsic::amdgcn_mbcnt_lo:
    case Intrinsic::amdgcn_mbcnt_hi:
      return name(V) + " is the lane id";
    default:
      break;
    }
  }
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(V))
    return name(V) + " is an atomic's result, different in each lane";
  if (isa<LoadInst>(V))
    return name(V) + " is loaded from memory that differs per lane";
  if (isa<CallBase>(V))
    return name(V) + " is a call's result, which may differ per lane";
  if (isa<Argument>(V))
    return name(V) + " is an argument, which may differ per lane";
  if (const auto *Phi = dyn_cast<PHINode>(V)) {
    // No divergent incoming value: lanes arrive along different edges.
    for (const DomTreeNode *N = DT.getNode(Phi->getParent()); N;
         N = N->getIDom()) {
      const BasicBlock *BB = N->getBlock();
      if (BB != Phi->getParent() && hasDivergentBranch(*BB, UI))
        return name(V) + " joins the paths of the divergent branch in " +
               name(BB) + " (sync dependence)";
    }
    return name(V) + " joins paths that lanes take differently (sync "
                     "dependence)";
  }
  return name(V) + " differs per lane";
}

std::string CauseFinder::describeStep(const Value *From, const Use *Via) const {
  const Value *To = Via->get();
  if (!UI.isDivergent(To)) {
    const Cycle *C = nullptr;
    if (const auto *I = dyn_cast<Instruction>(To))
      C = CI.getCycle(I->getParent());
    return name(From) + " uses " + name(To) + ", which leaves the loop at " +
           (C ? name(C->getHeader()) : std::string("?")) +
           " after lanes ran different numbers of iterations (loop-exit "
           "dependence)";
  }
  return name(From) + " uses " + name(To);
}

/// Breadth-first search from \p V over divergent uses; the first value with
/// none is the source.
std::string CauseFinder::explain(const Value *V) const {
  DenseMap<const Value *, const Use *> Via; // value -> the use that led to it
  DenseMap<const Value *, const Value *> Parent;
  std::deque<const Value *> Work{V};
  Parent[V] = nullptr;
  const Value *Source = V;
  while (!Work.empty()) {
    const Value *Cur = Work.front();
    Work.pop_front();
    SmallVector<const Use *, 4> Ops = divergentOperands(Cur);
    if (Ops.empty()) {
      Source = Cur;
      break;
    }
    for (const Use *U : Ops)
      if (Parent.try_emplace(U->get(), Cur).second) {
        Via[U->get()] = U;
        Work.push_back(U->get());
      }
  }
  SmallVector<std::string, 8> Steps;
  for (const Value *Cur = Source; Parent.lookup(Cur); Cur = Parent.lookup(Cur))
    Steps.push_back(describeStep(Parent.lookup(Cur), Via.lookup(Cur)));
  std::reverse(Steps.begin(), Steps.end());
  // A uniform source was reached through a loop-exit use: the last step
  // already says why it differs per lane.
  if (UI.isDivergent(Source))
    Steps.push_back(describeSource(Source));
  return join(Steps, "; ");
}

char AMDGPUDivergenceRemarks::ID = 0;

INITIALIZE_PASS_BEGIN(AMDGPUDivergenceRemarks, DEBUG_TYPE,
                      "AMDGPU divergence remarks", false, true)
INITIALIZE_PASS_DEPENDENCY(UniformityInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(DominatorTreeWrapperPass)
INITIALIZE_PASS_DEPENDENCY(CycleInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(PostDominatorTreeWrapperPass)
INITIALIZE_PASS_END(AMDGPUDivergenceRemarks, DEBUG_TYPE,
                    "AMDGPU divergence remarks", false, true)

/// What the selected lowering does with the divergent branch ending \p BB.
static std::string describeLowering(const BasicBlock &BB,
                                    const PostDominatorTree &PDT) {
  if (!isReconvergingCFLoweringSelected())
    return "the structurizer lowers it";
  for (const BasicBlock *S : successors(&BB))
    if (PDT.dominates(S, &BB))
      return "lanes rejoin at " + name(S) +
             ", which post-dominates it (reconverging lowering)";
  return "no successor post-dominates it: the reconverging transform "
         "reroutes its edges";
}

FunctionPass *llvm::createAMDGPUDivergenceRemarksPass() {
  return new AMDGPUDivergenceRemarks();
}

bool AMDGPUDivergenceRemarks::runOnFunction(Function &F) {
  // Remarks requested on the terminal, or an optimization record.
  LLVMContext &Ctx = F.getContext();
  if (F.isDeclaration() ||
      !(Ctx.getLLVMRemarkStreamer() ||
        Ctx.getDiagHandlerPtr()->isAnalysisRemarkEnabled(DEBUG_TYPE)))
    return false;
  auto &UI = getAnalysis<UniformityInfoWrapperPass>().getUniformityInfo();
  CauseFinder Finder(UI, getAnalysis<DominatorTreeWrapperPass>().getDomTree(),
                     getAnalysis<CycleInfoWrapperPass>().getResult());
  const CycleInfo &CI = getAnalysis<CycleInfoWrapperPass>().getResult();
  const PostDominatorTree &PDT =
      getAnalysis<PostDominatorTreeWrapperPass>().getPostDomTree();
  OptimizationRemarkEmitter ORE(&F);
  for (BasicBlock &BB : F) {
    if (!hasDivergentBranch(BB, UI))
      continue;
    const Instruction *Term = BB.getTerminator();
    const Value *Cond = Term->getOperand(0);
    const Cycle *C = CI.getCycle(&BB);
    bool LeavesCycle = C && any_of(successors(&BB), [&](const BasicBlock *S) {
                         return !C->contains(S);
                       });
    ORE.emit([&] {
      OptimizationRemarkAnalysis R(
          DEBUG_TYPE, LeavesCycle ? "DivergentLoopExit" : "DivergentBranch",
          Term);
      if (LeavesCycle)
        R << "divergent exit from the loop at "
          << ore::NV("Loop", name(C->getHeader()))
          << ": lanes leave it at different iterations; ";
      else
        R << "divergent branch: ";
      R << "condition " << ore::NV("Condition", name(Cond)) << " differs per "
        << "lane because " << ore::NV("Cause", Finder.explain(Cond)) << "; "
        << ore::NV("Lowering", describeLowering(BB, PDT));
      return R;
    });
  }
  return false;
}
