//===- ControlFlowMelding.h - Meld divergent control flow -------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Control-flow melding (DARM, Saumya et al., CGO 2022) for targets with
/// divergent branches. The pass melds similar code on the two sides of a
/// divergent branch so that the lanes of a wavefront reconverge earlier.
///
/// The pass is controlled by the following command-line options:
///   -cf-meld-threshold=<float>  minimum melding profitability (default 0.2,
///                               must be greater than 0);
///   -cf-meld-mode=<darm|diamond> general mode or branch-fusion mode that
///                               only melds if-then-else diamonds;
///   -cf-meld-run-overhead=<n>   issued instructions of a divergent if-then,
///                               the unit of the net-benefit check (0 turns
///                               the check off);
///   -cf-meld-force              run even if the target has no divergence;
///   -cf-meld-max-melds=<n>      bound on the number of melds per function.
///
/// The algorithm and its safety rules are described at the top of
/// lib/Transforms/Scalar/ControlFlowMelding.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_SCALAR_CONTROLFLOWMELDING_H
#define LLVM_TRANSFORMS_SCALAR_CONTROLFLOWMELDING_H

#include "llvm/IR/PassManager.h"
#include <functional>

namespace llvm {

class BranchInst;
class Function;

class ControlFlowMeldingPass : public PassInfoMixin<ControlFlowMeldingPass> {
public:
  /// True for a divergent branch that sends every wavefront of a typical
  /// launch to one side only: melding cannot make such a wavefront
  /// reconverge earlier and only adds the selects. A target that knows its
  /// wavefront size and work-item numbering provides it.
  using WaveUniformQuery = std::function<bool(const BranchInst &)>;

  ControlFlowMeldingPass() = default;
  explicit ControlFlowMeldingPass(WaveUniformQuery IsUniformPerWave)
      : IsUniformPerWave(std::move(IsUniformPerWave)) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);

private:
  WaveUniformQuery IsUniformPerWave;
};

} // end namespace llvm

#endif // LLVM_TRANSFORMS_SCALAR_CONTROLFLOWMELDING_H
