//===- AMDGPULinearizeCFG.h - Linearization in the AMDGPU pipeline -*- C++ -*-//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// AMDGPULinearizeCFG runs LinearizeCFG (llvm/Transforms/Scalar/LinearizeCFG.h)
/// in the codegen pipeline, before divergent control flow is lowered by
/// either lowering; -amdgpu-linearize selects the regions.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPULINEARIZECFG_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPULINEARIZECFG_H

namespace llvm {

class FunctionPass;
class PassRegistry;

FunctionPass *createAMDGPULinearizeCFGPass();
void initializeAMDGPULinearizeCFGPass(PassRegistry &);

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPULINEARIZECFG_H
