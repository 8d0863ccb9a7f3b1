//===- ReconvergeCFGTestTarget.h - Target for the ReconvergeCFG tests -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ReconvergeCFG unit tests run on amdgcn (gfx90a): a target with branch
// divergence, so that UniformityAnalysis sees divergent branches.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_UNITTESTS_TRANSFORMS_SCALAR_RECONVERGECFGTESTTARGET_H
#define LLVM_UNITTESTS_TRANSFORMS_SCALAR_RECONVERGECFGTESTTARGET_H

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "gtest/gtest.h"
#include <memory>
#include <optional>

namespace llvm {

/// An amdgcn-amd-amdhsa gfx90a target machine; fails the current test and
/// returns null if the AMDGPU target is missing.
inline std::unique_ptr<TargetMachine> createReconvergeCFGTestTarget() {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget("amdgcn-amd-amdhsa", Err);
  EXPECT_TRUE(T) << Err;
  if (!T)
    return nullptr;
  return std::unique_ptr<TargetMachine>(T->createTargetMachine(
      "amdgcn-amd-amdhsa", "gfx90a", "", TargetOptions(), std::nullopt));
}

} // namespace llvm

#endif // LLVM_UNITTESTS_TRANSFORMS_SCALAR_RECONVERGECFGTESTTARGET_H
