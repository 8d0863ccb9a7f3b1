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

#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/PassManager.h"
#include <memory>
#include <utility>

namespace llvm {

class BasicBlock;
class BranchInst;
class ConstantInt;
class DominatorTree;
class Function;
class IRBuilderBase;
class Instruction;
class Value;

/// What control-flow melding needs to know about the target: the code its
/// backend emits for the melded IR, counted in instructions a wavefront
/// issues, and the divergent branches no wavefront of a typical launch
/// splits on. The answers of this class are target-independent (one
/// instruction per IR instruction and vector element, a select per value,
/// every constant encoded for free, every predicated block guarded by a
/// branch); a target with divergent branches derives from it and answers
/// with what its backend emits.
class ControlFlowMeldingTarget {
public:
  virtual ~ControlFlowMeldingTarget();

  /// Instructions issued for \p I.
  virtual unsigned getIssueCost(const Instruction &I) const;

  /// Instructions issued to choose between \p A and \p B (one type) per lane
  /// on a divergent condition; \p UI tells which of them are uniform.
  virtual unsigned getSelectCost(const Value &A, const Value &B,
                                 const UniformityInfo &UI) const;

  /// Instructions issued for the element access \p I (an extractelement or
  /// insertelement) once its index is a value per lane instead of the
  /// constant it was: a register holds one element per lane only at a
  /// constant index, so the access compares the index with every element's
  /// and selects.
  virtual unsigned getVariableIndexCost(const Instruction &I) const;

  /// True if the integer constant \p C is encoded in the instruction that
  /// uses it: choosing between two constants that are not needs an
  /// instruction that materializes them.
  virtual bool isInlineConstant(const ConstantInt &C) const;

  /// The number of instructions without memory accesses or calls below which
  /// the backend runs a predicated block without a branch around it (0: it
  /// always branches around it).
  virtual unsigned getSkipBranchThreshold() const;

  /// True if the divergent branch \p Br sends every wavefront of a typical
  /// launch to one side only: melding cannot make such a wavefront
  /// reconverge earlier and only adds the selects.
  virtual bool isUniformPerWave(const BranchInst &Br) const;

  /// True if at most one lane of each wavefront of a typical launch runs
  /// \p BB (\p DT tells what guards it): no branch in it can split a
  /// wavefront, so melding there only adds the selects.
  virtual bool runsOneLanePerWave(const BasicBlock &BB,
                                  const DominatorTree &DT) const;

  /// Instructions a wavefront whose lanes disagree issues to find out that
  /// they do (emitAgreementTest and a branch on each answer); 0 if the
  /// target has no such test.
  virtual unsigned getAgreementTestCost() const;

  /// Emit at \p Builder's insertion point the test of whether all active
  /// lanes of the wavefront agree on \p Cond. Returns {NoneTrue, AllTrue}:
  /// two i1 values that are uniform across the wavefront, true if \p Cond
  /// is false, respectively true, on every active lane. Only called if
  /// getAgreementTestCost() is not 0.
  virtual std::pair<Value *, Value *> emitAgreementTest(IRBuilderBase &Builder,
                                                        Value *Cond) const;
};

class ControlFlowMeldingPass : public PassInfoMixin<ControlFlowMeldingPass> {
public:
  /// Melding with target-independent answers (ControlFlowMeldingTarget).
  ControlFlowMeldingPass();
  /// Melding with the answers of \p Target.
  explicit ControlFlowMeldingPass(
      std::shared_ptr<const ControlFlowMeldingTarget> Target);

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);

private:
  std::shared_ptr<const ControlFlowMeldingTarget> Target;
};

} // end namespace llvm

#endif // LLVM_TRANSFORMS_SCALAR_CONTROLFLOWMELDING_H
