//===- ReconvergeCFG.h - Reconverging control-flow graphs -------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A control-flow graph is *reconverging* (Wahlster, "Vectorising Divergent
// Control-Flow for SIMD Applications", Def. 15) if every divergent
// conditional branch has exactly two successors and one of them, the
// *primary successor*, post-dominates the branch. The other one is the
// *secondary successor*. A wave executing a reconverging CFG enters the
// secondary successor with the lanes that go there and parks the others in a
// rejoin mask that the primary successor merges back into EXEC; nothing else
// is needed to keep the wave's lanes in step.
//
// This header declares the pieces of the ReconvergeCFG transform that are
// useful on their own: the check of the property (the transform's output
// contract, also used by tests) and the block orderings the transform walks.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_SCALAR_RECONVERGECFG_H
#define LLVM_TRANSFORMS_SCALAR_RECONVERGECFG_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include <vector>

namespace llvm {

class BasicBlock;
class Function;
class Instruction;
class PostDominatorTree;
class Value;
class raw_ostream;

/// Why a block's terminator breaks the reconverging property.
struct ReconvergenceViolation {
  enum Kind {
    /// A divergent terminator with more than two successors (a switch, an
    /// indirect branch): the transform needs switches lowered first.
    MultiWay,
    /// A divergent two-way branch neither of whose successors
    /// post-dominates it.
    NoPrimarySuccessor,
  };
  const Instruction *Terminator;
  Kind K;
};

/// Predicate telling whether the terminator of a block is divergent (for
/// example UniformityInfo::hasDivergentTerminator).
using DivergentTerminatorFn = function_ref<bool(const BasicBlock &)>;

/// Predicate telling whether a value is divergent (for example
/// UniformityInfo::isDivergent).
using DivergentValueFn = function_ref<bool(const Value *)>;

/// The terminators of F's reachable blocks that break the reconverging
/// property, in F's block order. Empty if and only if F is reconverging.
SmallVector<ReconvergenceViolation, 4>
findReconvergenceViolations(const Function &F, const PostDominatorTree &PDT,
                            DivergentTerminatorFn IsDivergent);

/// The primary successor of a divergent two-way branch in a reconverging
/// CFG: the successor that post-dominates it (successor 1 if both do, as when
/// both edges lead to the same block), or null if neither does.
BasicBlock *getPrimarySuccessor(const BasicBlock &BB,
                                const PostDominatorTree &PDT);

/// Prints the violations, one per line, naming the block and the reason.
void printReconvergenceViolations(raw_ostream &OS,
                                  ArrayRef<ReconvergenceViolation> Violations);

/// Block orderings for the transform (thesis §4.3.1). Every ordering holds
/// each block reachable from the entry exactly once, the entry first, and
/// the blocks without successors (the exits) last. The ordering decides
/// where flow blocks go and how many there are, not whether the result is
/// reconverging. DFPD is the default; the others are the thesis's points of
/// comparison, for experiments.
enum class ReconvergeOrdering {
  /// Depth-first with post-dominance (the default; see
  /// computeReconvergeOrdering).
  DFPD,
  /// Reverse post-order of a depth-first search that follows successors in
  /// terminator order.
  RPOT,
  /// Depth-first pre-order, successors in terminator order (the thesis's DF,
  /// Fig. 4.11a), with the exits moved last.
  DF,
  /// Breadth-first order, successors in terminator order (the thesis's BF),
  /// with the exits moved last.
  BF,
  /// Breadth-first with post-dominance (the thesis's BFPD): DFPD's
  /// topological order of the forward DAG, taking the earliest readied block
  /// instead of the most recent one, and without DFPD's cycle rule.
  BFPD,
  /// Dominance regions (the thesis's DomReg, after Moll and Hack): a
  /// topological order of DFPD's forward DAG, depth-first, in which every
  /// block's dominance region (the blocks it dominates) is contiguous
  /// instead of every cycle, successors are taken in terminator order, and
  /// the dominators of the exits (the dominator tree's branch that holds
  /// them) come after the other eligible blocks.
  DomReg,
};

/// Computes Kind's ordering of F's reachable blocks.
///
/// DFPD is defined here precisely (the thesis gives it only as approximate
/// pseudo-code). Back edges are the retreating edges of a depth-first search
/// from the entry that explores, at every block, the successors that do not
/// post-dominate it before those that do. The remaining (forward) edges form
/// a DAG; DFPD is the topological order of that DAG that always continues
/// with the most recently readied block (depth-first), where a block is ready
/// once all its forward predecessors are ordered, and among the successors a
/// block readies, those that post-dominate it are readied first so they are
/// taken last. Cycles (CycleInfo) stay contiguous: once a block of a cycle
/// is ordered, only ready blocks inside the innermost cycle that is still
/// open are taken until all its blocks are ordered; if none is ready (an
/// irreducible cycle entered at several blocks), the most recently readied
/// block is taken. Otherwise a loop exit could be ordered among the loop's
/// blocks and be merged with in-loop edges into one flow block, making the
/// loop irreducible. Exits are held back until nothing else is left.
/// Consequences:
///  - a join block comes after every block on the paths into it, so the
///    post-dominance structure of an already-reconverging CFG adds no new
///    back edges (the thesis's Fig. 4.10 problem);
///  - the order is a topological order of the forward DAG, so the only
///    backward edges are the loops' (or irreducible cycles') retreating
///    edges.
///
/// With \p IsDivergentValue, DFPD takes the cheaper side of an if-else
/// first: when a block's two successors are both entered only from it and
/// neither post-dominates it, the one with fewer instructions that compute a
/// divergent value (vector instructions on a SIMT target) is taken first,
/// ties in terminator order. The side ordered first runs first; a target
/// may run a short first side without a branch around it (AMDGPU's
/// SIPreEmitPeephole drops such skips), so a wave whose lanes all take the
/// other side pays for the first side's instructions, while the second side
/// is always branched around.
std::vector<BasicBlock *>
computeReconvergeOrdering(const Function &F, const PostDominatorTree &PDT,
                          ReconvergeOrdering Kind,
                          DivergentValueFn IsDivergentValue = nullptr);

/// Makes F reconverging by rerouting edges through new flow blocks (see
/// ReconvergeCFG.cpp for the algorithm). \p IsDivergent tells which of F's
/// blocks end in a divergent terminator; F must have a single exit block,
/// every block must reach it, and every terminator must be a branch or a
/// return. Returns the number of flow blocks created.
///
/// The result keeps the meaning of F for every thread: a thread's path
/// through the new CFG is its old path with flow blocks inserted between
/// some of its blocks. Uniform terminators stay uniform but may be
/// retargeted, and no flow block is created unless some divergent terminator
/// needs one. \p IsDivergentValue, if given, lets the SSA repair move uses
/// of divergent values behind a flow block onto its route phis (see
/// collapseJoinThroughRoute); it must answer for the values F has on entry,
/// and is asked about each of them before F changes.
unsigned reconvergeCFG(Function &F, const PostDominatorTree &PDT,
                       DivergentTerminatorFn IsDivergent,
                       ReconvergeOrdering Kind = ReconvergeOrdering::DFPD,
                       DivergentValueFn IsDivergentValue = nullptr);

/// The `reconverge-cfg` pass: runs reconvergeCFG on functions that have
/// divergent branches without a post-dominating successor, after bringing
/// them into the form it needs (switches lowered, one exit, no unreachable
/// blocks, infinite loops given an exit edge that is never taken). It
/// checks the result with findReconvergenceViolations and emits
/// optimization remarks (`-pass-remarks*=reconverge-cfg`).
class ReconvergeCFGPass : public PassInfoMixin<ReconvergeCFGPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_SCALAR_RECONVERGECFG_H
