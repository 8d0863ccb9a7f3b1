//===- AMDGPUNewPMAnalyses.h - New-PM analyses in a legacy pass -*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Analysis managers for a legacy codegen pass that runs new-PM passes
/// (ReconvergeCFG, StructurizeCFG, LinearizeCFG) on one function. They are
/// built by a PassBuilder that knows the target machine, so that
/// UniformityAnalysis gets the target's TTI.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace llvm {

class TargetMachine;

struct AMDGPUNewPMAnalyses {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;

  explicit AMDGPUNewPMAnalyses(TargetMachine &TM) {
    PassBuilder PB(&TM);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUNEWPMANALYSES_H
