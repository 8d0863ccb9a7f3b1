//===- GCNPostSchedStrategy.h - Post-RA scheduling for GCN ------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_GCNPOSTSCHEDSTRATEGY_H
#define LLVM_LIB_TARGET_AMDGPU_GCNPOSTSCHEDSTRATEGY_H

#include "llvm/CodeGen/MachineScheduler.h"

namespace llvm {

/// The generic post-RA strategy, except that it lets a short hazard pass
/// rather than issue an instruction that waits for a load's result (see
/// GCNPostSchedStrategy.cpp).
class GCNPostSchedStrategy final : public PostGenericScheduler {
public:
  using PostGenericScheduler::PostGenericScheduler;

  SUnit *pickNode(bool &IsTopNode) override;

private:
  void waitOutHazardBeforeLoadUse();
};

} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_GCNPOSTSCHEDSTRATEGY_H
