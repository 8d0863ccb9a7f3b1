//===- AMDGPUDivergenceRemarks.h - Why a branch diverges --------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// AMDGPUDivergenceRemarks emits -Rpass-analysis=amdgpu-divergence remarks:
/// each divergent branch and loop exit with the dependence chain that makes
/// it divergent. See AMDGPUDivergenceRemarks.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUDIVERGENCEREMARKS_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUDIVERGENCEREMARKS_H

namespace llvm {

class FunctionPass;
class PassRegistry;

FunctionPass *createAMDGPUDivergenceRemarksPass();
void initializeAMDGPUDivergenceRemarksPass(PassRegistry &);

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUDIVERGENCEREMARKS_H
