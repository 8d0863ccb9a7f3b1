//===- AMDGPULaneAffineAddress.h - Scalar base + lane offset ----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPULANEAFFINEADDRESS_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPULANEAFFINEADDRESS_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class FunctionPass;
class PassRegistry;
class TargetMachine;

/// Addresses lane-affine global accesses as a scalar base plus a 32-bit lane
/// offset (see AMDGPULaneAffineAddress.cpp).
class AMDGPULaneAffineAddressPass
    : public PassInfoMixin<AMDGPULaneAffineAddressPass> {
  const TargetMachine &TM;

public:
  explicit AMDGPULaneAffineAddressPass(const TargetMachine &TM) : TM(TM) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM);
};

FunctionPass *createAMDGPULaneAffineAddressPass();
void initializeAMDGPULaneAffineAddressPass(PassRegistry &);

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPULANEAFFINEADDRESS_H
