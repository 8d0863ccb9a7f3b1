//===- AMDGPUNewPMAnalyses.h - New-PM analyses in a legacy pass -*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Analysis managers for a legacy codegen pass that runs a new-PM pass on a
/// function: the CFG transforms (ReconvergeCFG, StructurizeCFG,
/// LinearizeCFG) and the scalarization passes.
///
/// The CFG transforms change the CFG and then ask again for uniformity,
/// dominance and loops, several times per function; a legacy pass cannot
/// have the legacy pass manager recompute an analysis in the middle of its
/// run. The scalarization passes need the uniformity of the function as it
/// is: the legacy UniformityInfoWrapperPass is a CFG-only analysis, which
/// the IR passes before them (AMDGPULateCodeGenPrepare) keep while they add
/// and erase values, and an address it knows may by then belong to a new
/// value, so its answers would depend on the allocator.
///
/// So such a pass keeps one set of new-PM analysis managers for the module
/// it runs on, registered by a PassBuilder that knows the target machine
/// (UniformityAnalysis gets the target's TTI, AAManager the target's alias
/// analyses), and drops a function's results when it is done with it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace llvm {

class TargetMachine;

class AMDGPUNewPMAnalyses {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;

public:
  explicit AMDGPUNewPMAnalyses(TargetMachine &TM) {
    PassBuilder PB(&TM);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }

  /// A guard that drops the results for \p F when it goes out of scope.
  auto releaseOnExit(Function &F) {
    return make_scope_exit([this, &F] { FAM.clear(F, F.getName()); });
  }
  FunctionAnalysisManager &getFAM() { return FAM; }
};

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H
