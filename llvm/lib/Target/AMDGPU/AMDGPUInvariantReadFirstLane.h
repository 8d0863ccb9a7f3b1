//===- AMDGPUInvariantReadFirstLane.h - Lee-invariant SGPRs -----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUINVARIANTREADFIRSTLANE_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUINVARIANTREADFIRSTLANE_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class FunctionPass;
class PassRegistry;

/// Reads into SGPRs the values the convergence-variance analysis proves
/// invariant where UniformityAnalysis does not (see
/// AMDGPUInvariantReadFirstLane.cpp).
class AMDGPUInvariantReadFirstLanePass
    : public PassInfoMixin<AMDGPUInvariantReadFirstLanePass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM);
};

FunctionPass *createAMDGPUInvariantReadFirstLanePass();
void initializeAMDGPUInvariantReadFirstLanePass(PassRegistry &);

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUINVARIANTREADFIRSTLANE_H
