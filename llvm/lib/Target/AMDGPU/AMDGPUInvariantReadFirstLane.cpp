//===- AMDGPUInvariantReadFirstLane.cpp - Lee-invariant SGPRs -------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Moves to SGPRs the values ConvergenceVarianceAnalysis (Lee et al., CGO 2013)
// proves invariant where UniformityAnalysis does not, by reading them with
// llvm.amdgcn.readfirstlane where they are used.
//
// The values are those Lee's early-exit rule recovers: a loop whose divergent
// exits only lead to exit code (`if (a[i] == key) { ...; return; }`) keeps
// the lanes that stay in lockstep, so the values it passes out through its
// uniform exits are the same in every lane that uses them. UniformityAnalysis
// calls such a use temporally divergent (the loop has a divergent exit), and
// instruction selection keeps the value in a VGPR from there on.
//
// For a value V and a block B that uses it, the pass inserts
//
//   %V.sgpr = call T @llvm.amdgcn.readfirstlane.T(T %V)
//
// at the top of B (after V if V is in B) and makes B's profitable uses read
// it, when
//  - the use is divergent for UniformityAnalysis (UniformityInfo::
//    isDivergentUse: a divergent value, or a temporally divergent use);
//  - V is invariant at B for ConvergenceVarianceAnalysis: invariant, and B
//    convergent, so every active lane in B holds the same V and the first
//    active lane's is everybody's;
//  - the use computes with V (arithmetic, a compare, a cast, an address): a
//    use that only stores V or passes it to a phi would need it back in a
//    VGPR and gains nothing.
// 32- and 64-bit integers, floats and pointers are read (pointers as
// integers); instruction selection splits a 64-bit readfirstlane in two.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUInvariantReadFirstLane.h"
#include "AMDGPUNewPMAnalyses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ConvergenceVarianceAnalysis.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

#define DEBUG_TYPE "amdgpu-invariant-readfirstlane"

STATISTIC(NumReadFirstLanes,
          "readfirstlanes inserted for values only Lee's analysis proves "
          "invariant");

static cl::opt<bool> EnableInvariantReadFirstLane(
    "amdgpu-invariant-readfirstlanes", cl::init(true),
    cl::desc("Read values that the convergence-variance analysis proves "
             "invariant, and UniformityAnalysis does not, into SGPRs with "
             "readfirstlane"));

/// Whether \p U computes with the value it uses, so that an SGPR operand
/// saves VALU work.
static bool computesWith(const Use &U) {
  const auto *User = cast<Instruction>(U.getUser());
  if (const auto *SI = dyn_cast<StoreInst>(User))
    return U.getOperandNo() == SI->getPointerOperandIndex();
  return isa<BinaryOperator, CmpInst, CastInst, GetElementPtrInst, SelectInst,
             LoadInst>(User);
}

/// Where \p V can be read at the top of \p BB: after V if V is in BB.
static BasicBlock::iterator insertionPoint(Instruction &V, BasicBlock &BB) {
  if (V.getParent() != &BB)
    return BB.getFirstInsertionPt();
  if (isa<PHINode>(V))
    return BB.getFirstInsertionPt();
  return std::next(V.getIterator());
}

/// Whether the pass reads values of type \p Ty: 32- and 64-bit integers
/// and floats, and pointers (as integers).
static bool isReadable(Type *Ty, const DataLayout &DL) {
  if (!Ty->isIntOrPtrTy() && !Ty->isFloatTy() && !Ty->isDoubleTy())
    return false;
  TypeSize Size = DL.getTypeSizeInBits(Ty);
  return Size == 32 || Size == 64;
}

static Value *readFirstLane(IRBuilder<> &B, Value *V, const DataLayout &DL) {
  Type *Ty = V->getType();
  if (Ty->isPointerTy()) {
    Type *IntTy = DL.getIntPtrType(Ty);
    Value *Read = readFirstLane(B, B.CreatePtrToInt(V, IntTy), DL);
    return B.CreateIntToPtr(Read, Ty, V->getName() + ".sgpr");
  }
  return B.CreateIntrinsic(Intrinsic::amdgcn_readfirstlane, {Ty}, {V}, nullptr,
                           V->getName() + ".sgpr");
}

static bool run(Function &F, UniformityInfo &UI,
                const ConvergenceVarianceInfo &CVI,
                OptimizationRemarkEmitter &ORE) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  // Values UniformityAnalysis calls divergent that only compute with
  // readfirstlane results (or uniform values) now: they become uniform
  // without a readfirstlane of their own.
  SmallPtrSet<const Value *, 16> NowUniform;
  auto IsNowUniform = [&](const Instruction &V) {
    return !isa<PHINode>(V) && UI.isDivergent(&V) &&
           llvm::all_of(V.operands(), [&](const Use &Op) {
             return NowUniform.contains(Op.get()) || !UI.isDivergentUse(Op);
           });
  };
  bool Changed = false;
  for (BasicBlock &DefBB : F) {
    for (Instruction &V : DefBB) {
      if (IsNowUniform(V)) {
        NowUniform.insert(&V);
        continue;
      }
      if (!isReadable(V.getType(), DL))
        continue;
      MapVector<BasicBlock *, SmallVector<Use *, 4>> UsesByBlock;
      for (Use &U : V.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *UseBB = User->getParent();
        if (!isa<PHINode>(User) && computesWith(U) && UI.isDivergentUse(U) &&
            CVI.isInvariantAt(V, *UseBB))
          UsesByBlock[UseBB].push_back(&U);
      }
      for (auto &[UseBB, Uses] : UsesByBlock) {
        IRBuilder<> B(UseBB, insertionPoint(V, *UseBB));
        Value *Read = readFirstLane(B, &V, DL);
        NowUniform.insert(Read);
        for (Use *U : Uses)
          U->set(Read);
        ++NumReadFirstLanes;
        Changed = true;
        ORE.emit([&] {
          return OptimizationRemark(DEBUG_TYPE, "ReadFirstLane",
                                    cast<Instruction>(Uses.front()->getUser()))
                 << "value "
                 << ore::NV("Value", V.hasName() ? "%" + V.getName().str()
                                                 : V.getOpcodeName())
                 << " is invariant here (convergence-variance analysis) but "
                    "divergent for UniformityAnalysis: read into an SGPR";
        });
      }
    }
  }
  return Changed;
}

PreservedAnalyses
AMDGPUInvariantReadFirstLanePass::run(Function &F,
                                      FunctionAnalysisManager &FAM) {
  if (!::run(F, FAM.getResult<UniformityInfoAnalysis>(F),
             FAM.getResult<ConvergenceVarianceAnalysis>(F),
             FAM.getResult<OptimizationRemarkEmitterAnalysis>(F)))
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

namespace {

class AMDGPUInvariantReadFirstLane : public FunctionPass {
  /// Built on the first function, see AMDGPUNewPMAnalyses.h.
  std::unique_ptr<AMDGPUNewPMAnalyses> Analyses;

public:
  static char ID;
  AMDGPUInvariantReadFirstLane() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "AMDGPU readfirstlane of invariant values";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
    // The CFG is kept, but not setPreservesCFG(): UniformityInfoWrapperPass
    // is a CFG-only analysis, and the values this pass adds are unknown to it.
    AU.addPreserved<DominatorTreeWrapperPass>();
    AU.addPreserved<PostDominatorTreeWrapperPass>();
    AU.addPreserved<CycleInfoWrapperPass>();
    AU.addPreserved<LoopInfoWrapperPass>();
  }
  bool runOnFunction(Function &F) override {
    if (!EnableInvariantReadFirstLane || skipFunction(F))
      return false;
    auto &TM = getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
    if (!Analyses)
      Analyses = std::make_unique<AMDGPUNewPMAnalyses>(TM);
    auto Release = Analyses->releaseOnExit(F);
    return !AMDGPUInvariantReadFirstLanePass()
                .run(F, Analyses->getFAM())
                .areAllPreserved();
  }
  bool doFinalization(Module &) override {
    Analyses.reset();
    return false;
  }
};

} // end anonymous namespace

char AMDGPUInvariantReadFirstLane::ID = 0;

INITIALIZE_PASS_BEGIN(AMDGPUInvariantReadFirstLane, DEBUG_TYPE,
                      "AMDGPU readfirstlane of invariant values", false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(AMDGPUInvariantReadFirstLane, DEBUG_TYPE,
                    "AMDGPU readfirstlane of invariant values", false, false)

FunctionPass *llvm::createAMDGPUInvariantReadFirstLanePass() {
  return new AMDGPUInvariantReadFirstLane();
}
