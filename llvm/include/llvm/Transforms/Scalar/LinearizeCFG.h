//===- LinearizeCFG.h - Guard-variable linearization ------------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Linearization of divergent regions with a guard variable (Anantpur and
/// Govindarajan, CC 2014): the blocks of a region become a chain of
/// `if (guard == id) { block; guard = next id; }` steps, so that the result
/// is structured and lanes that diverge at a step reconverge at the next one.
/// Two kinds of region are linearized: the unstructured region around a
/// divergent unstructured edge, and a loop nest whose inner loop has a
/// per-lane trip count (loop merging). See LinearizeCFG.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_SCALAR_LINEARIZECFG_H
#define LLVM_TRANSFORMS_SCALAR_LINEARIZECFG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"
#include <functional>

namespace llvm {

class BasicBlock;
class Function;
class IRBuilderBase;
class Value;

/// Builds, at the builder's insertion point, the number of active lanes of
/// the wave for which \p Cond is true, as a wave-uniform i32.
using CountLanesFn = std::function<Value *(IRBuilderBase &, Value *Cond)>;

/// Which regions the pass linearizes.
struct LinearizeCFGOptions {
  /// The unstructured region around each divergent unstructured edge.
  bool Unstructured = false;
  /// Loop nests whose inner loop exits divergently (loop merging).
  bool Loops = false;
  /// Linearize every candidate region the transform can handle, without
  /// asking the profitability rule.
  bool Force = false;
  /// If set, a merged loop repeats the step of an inner loop while most of
  /// its lanes still need it (see LinearizeCFG.cpp, "repeat guards").
  CountLanesFn CountLanes;
};

class LinearizeCFGPass : public PassInfoMixin<LinearizeCFGPass> {
public:
  /// Takes the options from -linearize-cfg-regions and -linearize-cfg-force.
  LinearizeCFGPass();
  explicit LinearizeCFGPass(const LinearizeCFGOptions &Opts) : Opts(Opts) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);

private:
  LinearizeCFGOptions Opts;
};

/// Linearizes \p Blocks, a set of blocks of \p F in reverse post-order of
/// \p F, into a guard chain. Back edges of the region go to the first guard
/// at the end of the chain if \p MergeBackEdges (loop merging), or each to a
/// back-edge guard right after its source block (Algorithm 1); with
/// \p CountLanes, merged inner loops get repeat guards. Returns null
/// on success, or why the region cannot be linearized, leaving \p F as it
/// was.
const char *linearizeRegion(Function &F, ArrayRef<BasicBlock *> Blocks,
                            bool MergeBackEdges,
                            const CountLanesFn &CountLanes = nullptr);

} // end namespace llvm

#endif // LLVM_TRANSFORMS_SCALAR_LINEARIZECFG_H
