//===- AMDGPUControlFlowMelding.h - cf-meld's AMDGPU answers ----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUCONTROLFLOWMELDING_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUCONTROLFLOWMELDING_H

#include "llvm/Transforms/Scalar/ControlFlowMelding.h"

namespace llvm {

class AMDGPUTargetMachine;

/// Control-flow melding priced with the code the AMDGPU backend emits, and
/// kept off the divergent branches each wavefront takes one way.
ControlFlowMeldingPass
createAMDGPUControlFlowMeldingPass(const AMDGPUTargetMachine &TM);

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUCONTROLFLOWMELDING_H
