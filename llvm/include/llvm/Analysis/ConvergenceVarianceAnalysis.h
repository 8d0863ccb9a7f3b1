//===- ConvergenceVarianceAnalysis.h - Lee et al. CA + VA -------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// The combined convergence and variance analysis of Lee, Krashinsky, Grover,
/// Keckler and Asanovic ("Convergence and Scalarization for Data-Parallel
/// Architectures", CGO 2013), with its early-exit extension and its affine
/// analysis. A block is *convergent* if every thread that has not left for
/// exit code executes it together; a value is *invariant* if it is the same
/// in every thread that computes it in a convergent block. See
/// ConvergenceVarianceAnalysis.cpp for the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_CONVERGENCEVARIANCEANALYSIS_H
#define LLVM_ANALYSIS_CONVERGENCEVARIANCEANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"
#include <optional>

namespace llvm {

class BasicBlock;
class Function;
template <typename ContextT> class GenericCycleInfo;
template <typename BlockT> class GenericSSAContext;
using CycleInfo = GenericCycleInfo<GenericSSAContext<Function>>;
class PostDominatorTree;
class ScalarEvolution;
class SCEV;
class TargetTransformInfo;
class Value;
class raw_ostream;

/// A value of the form Base + Stride * tid.x, with Base and Stride invariant
/// (Lee et al. section 3.5). tid.x is the thread's index in the x dimension of
/// its group, so the lanes of a wave hold consecutive tid.x values when the
/// group's x size is a multiple of the wave size.
struct LaneAffineForm {
  const SCEV *Base;
  const SCEV *Stride;
};

/// The result of the analysis for one function.
class ConvergenceVarianceInfo {
public:
  ConvergenceVarianceInfo(Function &F, const PostDominatorTree &PDT,
                          const CycleInfo &CI, const TargetTransformInfo &TTI,
                          ScalarEvolution &SE);

  /// Whether every thread that has not left for exit code executes \p BB
  /// together.
  bool isConvergent(const BasicBlock &BB) const {
    return !DivergentBlocks.contains(&BB);
  }
  /// Whether \p V may differ between the threads that compute it, or is
  /// computed in a block that is not convergent.
  bool isVariant(const Value &V) const { return Variant.contains(&V); }
  bool isInvariant(const Value &V) const { return !isVariant(V); }
  /// Whether \p V, used in \p UseBlock, is one value in every thread that
  /// executes \p UseBlock: an invariant value in a convergent block.
  bool isInvariantAt(const Value &V, const BasicBlock &UseBlock) const {
    return isInvariant(V) && isConvergent(UseBlock);
  }
  /// The affine form of a variant integer or pointer value, if it has one.
  std::optional<LaneAffineForm> getAffineForm(const Value &V) const;

  /// Whether \p BB is a block that only returns: reaching it ends the thread.
  static bool isPureExit(const BasicBlock &BB);

  void print(raw_ostream &OS) const;

private:
  Function &F;
  SmallPtrSet<const BasicBlock *, 16> DivergentBlocks;
  SmallPtrSet<const Value *, 32> Variant;
  DenseMap<const Value *, LaneAffineForm> Affine;

  friend class ConvergenceVarianceSolver;
};

/// New-PM analysis: 'convergence-variance'.
class ConvergenceVarianceAnalysis
    : public AnalysisInfoMixin<ConvergenceVarianceAnalysis> {
  friend AnalysisInfoMixin<ConvergenceVarianceAnalysis>;
  static AnalysisKey Key;

public:
  using Result = ConvergenceVarianceInfo;
  Result run(Function &F, FunctionAnalysisManager &FAM);
};

/// 'print<convergence-variance>': the convergence of every block, the
/// variance of every instruction and the affine forms.
class ConvergenceVariancePrinterPass
    : public PassInfoMixin<ConvergenceVariancePrinterPass> {
  raw_ostream &OS;

public:
  explicit ConvergenceVariancePrinterPass(raw_ostream &OS) : OS(OS) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

/// 'print<convergence-variance-vs-uniformity>': the values one of
/// ConvergenceVarianceAnalysis and UniformityAnalysis proves uniform and the
/// other does not.
class ConvergenceVarianceComparePass
    : public PassInfoMixin<ConvergenceVarianceComparePass> {
  raw_ostream &OS;

public:
  explicit ConvergenceVarianceComparePass(raw_ostream &OS) : OS(OS) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace llvm

#endif // LLVM_ANALYSIS_CONVERGENCEVARIANCEANALYSIS_H
