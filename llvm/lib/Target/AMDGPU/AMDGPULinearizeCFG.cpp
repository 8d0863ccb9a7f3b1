//===- AMDGPULinearizeCFG.cpp - Linearization in the AMDGPU pipeline ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Runs the new-PM LinearizeCFG pass in the legacy codegen pipeline, before
/// the divergent-control-flow lowering (AMDGPUReconvergeCFG or
/// StructurizeCFG), so that llc and clang linearize the same regions:
///
///   -amdgpu-linearize=none          nothing (the default)
///   -amdgpu-linearize=unstructured  regions around divergent unstructured
///                                   edges
///   -amdgpu-linearize=loops         loop nests with a divergent inner loop
///                                   (loop merging)
///   -amdgpu-linearize=all           both
///
/// Each candidate region is linearized only if LinearizeCFG's profitability
/// rule accepts it; -linearize-cfg-force linearizes every one it can handle.
//
//===----------------------------------------------------------------------===//

#include "AMDGPULinearizeCFG.h"
#include "AMDGPUNewPMAnalyses.h"
#include "GCNSubtarget.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/LinearizeCFG.h"

using namespace llvm;

#define DEBUG_TYPE "amdgpu-linearize-cfg"

namespace {
enum class Selection { None, Unstructured, Loops, All };
} // end anonymous namespace

static cl::opt<Selection> LinearizeOpt(
    "amdgpu-linearize",
    cl::desc("Regions linearized with a guard variable before divergent "
             "control flow is lowered"),
    cl::values(clEnumValN(Selection::None, "none", "None"),
               clEnumValN(Selection::Unstructured, "unstructured",
                          "The region around each divergent unstructured edge"),
               clEnumValN(Selection::Loops, "loops",
                          "Loop nests whose inner loop exits divergently (loop "
                          "merging)"),
               clEnumValN(Selection::All, "all", "Both")),
    cl::init(Selection::None));

static cl::opt<bool> LinearizeForce(
    "amdgpu-linearize-force", cl::init(false),
    cl::desc("Linearize every region -amdgpu-linearize selects that the "
             "transform can handle, without the profitability rule"));

namespace {

class AMDGPULinearizeCFG : public FunctionPass {
  /// LinearizeCFG is a new-PM pass; built on the first function linearized.
  std::unique_ptr<AMDGPUNewPMAnalyses> Analyses;

public:
  static char ID;
  AMDGPULinearizeCFG() : FunctionPass(ID) {}

  StringRef getPassName() const override { return "AMDGPU linearize CFG"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
  }
  bool runOnFunction(Function &F) override;
  bool doFinalization(Module &) override {
    Analyses.reset();
    return false;
  }
};

} // end anonymous namespace

char AMDGPULinearizeCFG::ID = 0;

INITIALIZE_PASS_BEGIN(AMDGPULinearizeCFG, DEBUG_TYPE, "AMDGPU linearize CFG",
                      false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(AMDGPULinearizeCFG, DEBUG_TYPE, "AMDGPU linearize CFG",
                    false, false)

FunctionPass *llvm::createAMDGPULinearizeCFGPass() {
  return new AMDGPULinearizeCFG();
}

bool AMDGPULinearizeCFG::runOnFunction(Function &F) {
  if (LinearizeOpt == Selection::None || skipFunction(F))
    return false;
  auto &TM = getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
  LinearizeCFGOptions Opts;
  Opts.Unstructured =
      LinearizeOpt == Selection::Unstructured || LinearizeOpt == Selection::All;
  Opts.Loops =
      LinearizeOpt == Selection::Loops || LinearizeOpt == Selection::All;
  Opts.Force = LinearizeForce;
  // Lane counts for the repeat guards of merged loops: the population count
  // of a ballot, which is uniform.
  Type *MaskTy = Type::getIntNTy(
      F.getContext(), TM.getSubtarget<GCNSubtarget>(F).getWavefrontSize());
  Opts.CountLanes = [MaskTy](IRBuilderBase &B, Value *Cond) -> Value * {
    Value *Mask = B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {MaskTy}, {Cond});
    return B.CreateTrunc(B.CreateUnaryIntrinsic(Intrinsic::ctpop, Mask),
                         B.getInt32Ty());
  };

  if (!Analyses)
    Analyses = std::make_unique<AMDGPUNewPMAnalyses>(TM);
  auto Release = Analyses->releaseOnExit(F);
  return !LinearizeCFGPass(Opts).run(F, Analyses->getFAM()).areAllPreserved();
}
