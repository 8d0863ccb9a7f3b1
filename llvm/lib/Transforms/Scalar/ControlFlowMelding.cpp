//===- ControlFlowMelding.cpp - Meld divergent control flow ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This pass implements control-flow melding as described in
//
//   C. Saumya, K. Sundararajah, M. Kulkarni, "DARM: Control-Flow Melding for
//   SIMT Thread Divergence Reduction", CGO 2022,
//
// with all three meld kinds of the paper (basic-block/basic-block,
// basic-block/region with region replication, region/region) and safety rules
// that are stricter than the paper's.
//
// Motivation
// ----------
// On a SIMT target the lanes of a wavefront that disagree on a divergent
// branch execute both sides one after the other with the other lanes masked
// off; they reconverge at the immediate post-dominator of the branch. When the
// two sides contain similar code, the similar instructions can be executed
// once for all lanes, with the operands that differ chosen per lane by a
// `select` on the branch condition. This is "melding".
//
// Terminology
// -----------
// * Divergent region: a block E ending in a divergent conditional branch
//   `br i1 C, T, F`, with exit X = ipdom(E). It is meldable if T != X and
//   F != X (neither successor post-dominates the other), T and F have E as
//   their only predecessor outside loops they head (a successor may be the
//   header of a loop whose latches it dominates), no path from T or F
//   returns to E without going through X, and no block between E and X
//   contains a convergent call. The target may exclude a branch that sends
//   each wavefront of a typical launch one way
//   (ControlFlowMeldingTarget::isUniformPerWave), or one that at most one
//   lane of each wavefront reaches (runsOneLanePerWave): no wavefront runs
//   both sides, so melding would only add selects.
// * Path chain: the SESE subgraphs on each path in post-dominance order. They
//   are found by walking the post-dominator tree upwards from T (resp. F):
//   T, next(T), next(next(T)), ... until X, stopping early at the first
//   block that is not dominated by T (resp. F), where next(B) is ipdom(B),
//   or, for the header of a loop nested in the region, the nearest common
//   post-dominator of the loop's exit blocks (so the loop is one subgraph).
//   An element whose block ends in an unconditional branch is a single-block
//   subgraph; any other element B is the entry of the multi-block subgraph
//   [B, next(B)).
// * Melding profitability MP(B1, B2): the latency that melding could save in
//   the best case, ignoring instruction order,
//     MP = sum over opcodes o of min(lat_o(B1), lat_o(B2)) / (L(B1) + L(B2))
//   where lat_o(B) is the summed latency of the instructions of opcode o in B
//   and L(B) the latency of all of B. Identical blocks score 0.5. For two
//   isomorphic subgraphs, MP_S sums the numerator and the denominator over
//   all corresponding blocks. Latencies: memory operations (load, store,
//   atomics, fence) 100, calls 20, everything else the TTI latency cost
//   (TCK_Latency) clamped to [1, 20]; PHIs, terminators and debug/lifetime
//   intrinsics are ignored.
//
// Algorithm
// ---------
// Repeat until nothing changes, a round gives back a function an earlier
// round left (simplifyCFG can clone melded code back), or
// -cf-meld-max-melds rounds:
//  1. Compute DT, PDT, LI and uniformity; visit blocks in RPO and pick the
//     first meldable divergent region with a profitable pair (steps 2-3).
//  2. Subgraph alignment: Smith-Waterman (gap penalty 0) over the two path
//     chains. A pair of chain elements is scored by
//       - MP_S if both start multi-block subgraphs that are isomorphic
//         (region-region; found by a parallel walk over the successors,
//         which pairs a conditional branch's successors in exchanged order
//         if only that agrees with the exits and the blocks paired so far);
//       - if one is a single block b and the other a multi-block subgraph G
//         (basic-block/region): the latency saved by melding b with its best
//         partner block p in G, relative to the latency of G and b;
//       - otherwise MP of the two blocks (basic-block/basic-block). A
//         conditional branch ending such a block is split off first (region
//         simplification), so only the block's body is melded.
//     Pairs below -cf-meld-threshold are not allowed. The first pair of the
//     best alignment is melded.
//  3. Instruction alignment of every pair of corresponding blocks:
//     Smith-Waterman over the non-PHI, non-terminator instructions. Two
//     instructions match only if they are compatible (same operation per
//     isSameOperationAs, which covers opcode, types, predicates, alignment,
//     volatility, atomic ordering, syncscope and call attributes; same direct
//     callee; no operand bundles, inline asm or convergent calls; every
//     differing operand can be replaced by a variable and is not a
//     swifterror value). Two compares whose predicates are each other's swapped
//     form (a < b, c > d) are compatible too: the false side's operands are
//     taken in exchanged order (swapped compares). So are the first two
//     operands of a commutative operation if more of them are then equal
//     (commuted operands; `a + b` against `b + c`). The *partner operand* of
//     operand i is then operand 1 - i, otherwise operand i. A match scores
//     latency + 2 minus the number of differing operands (at least 1); each gap
//     costs 2. Alignment pruning (not in the paper; pruneAlignments) then
//     unmatches every pair of speculatable instructions whose selects cost more
//     than issuing both instructions and selecting their results would (two
//     address computations on different tables and rows: a select of the two
//     addresses, not of the tables and of the rows). Net-benefit check (not in
//     the paper; estimateCost): with both sides of the branch running, the meld
//     must save more issued instructions, counted by the target's
//     ControlFlowMeldingTarget (the aligned pairs, weighted by their
//     expansion, except pairs the backend folds into their users, and the
//     EXEC-mask code of the branch for every side it absorbs) than it adds
//     (selects for differing operands and for exit PHIs, the immediate
//     offsets a selected address part loses, -cf-meld-run-overhead per
//     unpredicated run; a speculated run costs nothing); otherwise it is
//     rejected with an OverheadExceedsSaving remark.
//     The threshold, the net-benefit check and the check that the values
//     defined on the paths can be routed (5a) make the accept decision
//     (acceptMeld). It is taken in one place for every way a candidate is
//     found (a divergent region, the cascade of a divergent switch, a
//     funnel), on the function as it is; the IR changes only after it.
//  4. Region replication (basic-block/region, replicateRegion): G's CFG is
//     copied onto b's side as empty blocks, b takes the place of p, and every
//     conditional branch of the copy gets a constant condition that leads to
//     b, and from b on to the exit of G by the shortest way (b's lanes skip
//     the rest of G). The copies b's lanes pass through are the replica's
//     route (ReplicaRoute); the others are bypassed. b's values reach their
//     users through PHIs at its dominance frontier (SSAUpdater, poison on
//     the paths the copy never takes). G and its copy are isomorphic and are
//     melded as regions.
//  5. Code generation (meldSubgraphs):
//     a. Pre-processing: an instruction defined on the path between the region
//        entry and the subgraph entry B1 (or a PHI of B1) that is used in or
//        after B1 would no longer dominate its use. Such values are routed
//        through a PHI in the melded entry with `poison` from the other path.
//     b. PHIs of the entries are split off into their own block, so the
//        melded entry has exactly one predecessor per path.
//     c. Aligned pairs become one instruction; each operand that differs is a
//        `select C, OpTrue, OpFalse`. Flags are intersected, metadata dropped.
//     d. Unpredication: each maximal run of unaligned instructions of one side
//        is moved into its own block entered by a real branch on C; its values
//        reach later uses through PHIs with `poison` from the bypass edge.
//        A short run that cannot trap or touch memory (isSpeculatableRun) is
//        speculated instead: it stays in the melded block and runs for every
//        lane (the backend would drop the skip branch around it anyway).
//        A block of G melded with a bypassed copy is entered by G's lanes
//        only: its code stays unguarded and it branches on G's condition.
//     e. PHIs of interior blocks of melded regions are copied (both of them);
//        each lane only ever uses the copy of its own path. Pairs of copies
//        that take equal values on all edges but one become one PHI with a
//        select on that edge (mergeCopiedPhis).
//     f. Interior conditional branches branch on `select C, CondT, CondF`,
//        or on `select C, CondT, !CondF` if the walk paired their successors
//        in exchanged order (swapped branches).
//     g. Edges leaving the melded subgraph go through one block that branches
//        on C to the two original exits. If both exits are the same block,
//        it goes there unconditionally and the exit's PHIs take `select C,
//        ValueT, ValueF` (not the paper's branch to two forwarding blocks:
//        the selects are cheaper than its EXEC-mask code); PHIs merge the
//        values of several exiting edges.
//  6. Clean up with simplifyCFG (hoisting, sinking and block speculation off),
//     fold the PHIs and selects left trivial (InstSimplify), sink selects on
//     a PHI's condition into the predecessors where they simplify
//     (sinkSelectsOfPhis), and start over.
//
// Chain splitting
// ---------------
// SimplifyCFG merges straight-line code into one block, so a path may be a
// single block B while the other path is a chain of several subgraphs
// (DARM's SB3: `if (c) { C2; if (p) C4; C6 } else { C3; C5 }` leaves C3 and
// C5 in one block). Step 2 can pair B with only one of them. In darm mode,
// B is aligned against the concatenated entry blocks of the other chain, and
// the pieces it would be split into, before the first instruction aligned
// with each later subgraph, take its place in its chain (planChainSplit), so
// each piece pairs with its own subgraph, one meld per round. The
// candidates of the region are modelled and priced on the pieces as
// instruction ranges of B (ChainPiece): where B stands in a candidate, only
// the piece's instructions are its code, those of earlier pieces are
// defined outside it, and only the first piece starts the side and only the
// last branches to the region's exit. B is split when a candidate on a piece
// is accepted (makeChainSplit), and not at all otherwise.
//
// Loops in melded subgraphs
// -------------------------
// DARM's PCM has a loop on each side of its divergent branch. The paper only
// asks for isomorphic SESE subgraphs, which loops can be, and the isomorphism
// walk pairs back edges like any other edge. Two isomorphic subgraphs with
// loops (cyclic subgraphs) are melded like acyclic ones, with three
// additions:
//  * Their entries are loop headers. Each must have a single predecessor
//    outside; code generation puts a new empty block on that edge and melds
//    the two new blocks first, so the melded subgraph is entered outside its
//    loops. Values the headers' PHIs take on that edge from the paths are
//    routed through PHIs of the melded entry like other path values.
//  * Every loop that contains a block of the subgraphs and is nested in the
//    region must lie wholly inside them (areLoopsInside).
//  * The melded loop runs until the last lane leaves it; each lane follows
//    the exit condition of its own path (`select C, ExitT, ExitF`), so the
//    loops may run different numbers of times. PHIs of the melded blocks are
//    copied as everywhere; afterwards (for every region meld) copies that
//    take the same values on every edge but one are merged
//    (mergeCopiedPhis), with a select on that edge: for a counter or sum
//    both loops keep alike, the edge from the melded entry, outside the
//    loop. The net-benefit check counts the branches of loops as no saving
//    (the melded loop still branches per iteration) and the merged PHIs'
//    selects once.
// Basic-block/region melding (replication) still requires acyclic regions.
//
// Funnels for shared successors
// -----------------------------
// A short-circuit condition, once GVN has hoisted its loads, often branches
// to the two sides of an if-else from several blocks (DARM's mergesort step:
// `if (i < mid && (j >= end || a[i] < a[j])) S1 else S2`). The sides then
// have other predecessors, and no branch is a meldable region. If the
// divergent branch's successors A and B are single blocks going to the same
// block, and would be melded as the sides of a diamond (checked before
// anything changes), all edges into them are joined in a *funnel* block that
// branches to A or B on a PHI of the side each edge led to (tryFunnel).
// Values that no longer dominate their uses come through it, with poison on
// the edges that led to the other side. The funnel's branch is divergent and
// heads a diamond, melded in the same round.
//
// Divergent switches
// ------------------
// A divergent `switch` has more than two successors, so it is not a region
// in the paper's sense. It is refined into a *cascade*: a chain of two-way
// branches on the switch condition, one per successor, whose last branch
// chooses between the two successors with the highest MP (the *pair*). That
// last branch is an ordinary divergent region and is melded as above. Once
// it is, the next round sees a two-way branch between the melded code and the
// next successor of the cascade, which is how DARM's iterated fusion handles
// the three-way branch of SB4. Each lane still reaches the successor the
// switch chose: a cascade block tests membership of the condition in the
// case values of one successor (for the default successor, in the case values
// of the successors still to come). The last branch's region is modelled on
// the function with the switch in place (modelCascadeRegion: its exit is the
// nearest common post-dominator of the pair, the walk over its blocks goes
// through the cascade that would be built) and goes through steps 2-3 there;
// the cascade is built only if the pair is then melded, so a switch whose
// successors are not melded is never changed. A default
// successor that is only `unreachable` gets no test of its own.
//
// Invariants
// ----------
// * Every lane executes exactly the instructions of its own path, in the
//   original order, with its own operands: aligned instructions execute once
//   per lane with selected operands; unaligned instructions only execute
//   behind a branch on C, or in a melded block that only their side's lanes
//   enter (a region block melded with a bypassed replica). In particular no
//   store, load, call or trapping instruction is executed on a lane that would
//   not have executed it, and no load-select-store sequence is ever created.
// * In a melded region every lane follows the image of its own path: the
//   subgraphs are isomorphic and every interior branch selects the lane's own
//   condition (a constant for a replicated region, so the lanes of the single
//   block always reach it).
// * Nothing is melded in a region that contains a convergent call, so the set
//   of lanes executing a convergent operation never changes.
// * All melded values dominate their uses: values from before the region
//   dominate the melded entry, values from the paths are either melded,
//   routed through PHIs (pre-processing), or are PHIs after unpredicated
//   blocks; dominance inside melded regions mirrors the original subgraphs.
// * Melded subgraphs are entered only through their entry. A block in a loop
//   nested in the region is only melded as part of isomorphic subgraphs that
//   contain the whole loop.
// * A meld needs at least one aligned pair that is not a select. Every meld
//   therefore removes at least one non-select, non-PHI, non-terminator
//   instruction. simplifyCFG may duplicate code, so this does not bound the
//   number of rounds on its own: a round that leaves a function an earlier
//   round left stops melding, and -cf-meld-max-melds bounds the rest.
//
// Scope
// -----
// Implemented: basic-block/basic-block melds of diamonds (-cf-meld-mode=
// diamond, i.e. branch fusion) and of single-block subgraphs inside larger
// divergent regions, region/region melds of isomorphic subgraphs, with or
// without loops, and basic-block/region melds of acyclic regions with region
// replication (-cf-meld-mode=darm). Divergent switches are melded through a
// cascade of two-way branches. Not implemented: fully predicated stores
// (unaligned code is always unpredicated), replication of regions with
// loops.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/ControlFlowMelding.h"
#include "ControlFlowMeldingImpl.h"
#include "llvm/ADT/Statistic.h"

using namespace llvm;
using namespace llvm::cfmeld;

#define DEBUG_TYPE "cf-meld"

STATISTIC(NumRegionsConsidered, "Number of divergent regions considered");
STATISTIC(NumBlocksSplit,
          "Number of blocks split to meld with a chain of subgraphs");
STATISTIC(NumSwitchesConsidered, "Number of divergent switches considered");
STATISTIC(NumSwitchesExpanded,
          "Number of divergent switches replaced by a melded cascade");
STATISTIC(NumRepeatedFunctions,
          "Functions whose melding stopped at a round that gave back an "
          "earlier function");

namespace {
enum class MeldMode { DARM, Diamond };
} // namespace

cl::opt<double>
    cfmeld::MeldThreshold("cf-meld-threshold", cl::init(0.2), cl::Hidden,
                          cl::desc("Minimum melding profitability of a pair of "
                                   "subgraphs (must be greater than 0)"));

cl::opt<unsigned> cfmeld::RunOverhead(
    "cf-meld-run-overhead", cl::init(3), cl::Hidden,
    cl::desc("Issued instructions of a divergent if-then (save, skip and "
             "restore of the exec mask): the cost of unpredicating one "
             "unaligned run, and half the saving of removing a divergent "
             "if-else, in the net-benefit check; 0 turns the check off"));

static cl::opt<MeldMode> MeldModeOpt(
    "cf-meld-mode", cl::init(MeldMode::DARM), cl::Hidden,
    cl::desc("Which divergent regions control-flow melding handles"),
    cl::values(clEnumValN(MeldMode::DARM, "darm",
                          "Meld subgraphs of general divergent regions"),
               clEnumValN(MeldMode::Diamond, "diamond",
                          "Branch fusion: only meld if-then-else diamonds "
                          "with one block per side")));

static cl::opt<bool> MeldForce(
    "cf-meld-force", cl::init(false), cl::Hidden,
    cl::desc("Run control-flow melding even if the target has no divergent "
             "branches; every conditional branch is then treated as "
             "divergent"));

static cl::opt<unsigned>
    MeldMaxMelds("cf-meld-max-melds", cl::init(64), cl::Hidden,
                 cl::desc("Maximum number of melds per function"));

//===----------------------------------------------------------------------===//
// Region analysis
//===----------------------------------------------------------------------===//

void ControlFlowMelder::emitMissed(StringRef RemarkName, BasicBlock &BB,
                                   const Twine &Msg) {
  LLVM_DEBUG(dbgs() << "cf-meld: not melding at " << BB.getName() << ": " << Msg
                    << "\n");
  ORE.emit([&]() {
    return OptimizationRemarkMissed(DEBUG_TYPE, RemarkName, BB.getTerminator())
           << Msg.str();
  });
}

bool ControlFlowMelder::isDivergentBranch(BasicBlock &BB) {
  auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
  if (!BI || !BI->isConditional())
    return false;
  if (!TTI->hasBranchDivergence(&F))
    return MeldForce;
  return UI->hasDivergentTerminator(BB);
}

bool ControlFlowMelder::isDivergentSwitch(BasicBlock &BB) {
  if (!isa<SwitchInst>(BB.getTerminator()))
    return false;
  if (!TTI->hasBranchDivergence(&F))
    return MeldForce;
  return UI->hasDivergentTerminator(BB);
}

/// The checks on the exit of \p R, whose entry \p Entry branches to
/// R.Succs: a post-dominator of the entry that is neither successor (a
/// branch to one block twice has none).
bool ControlFlowMelder::checkRegionExit(BasicBlock &Entry,
                                        const DivergentRegion &R) {
  if (R.Succs[0] == R.Succs[1] || !R.Exit) {
    emitMissed("NoPostDominator", Entry,
               "divergent branch has no immediate post-dominator");
    return false;
  }
  if (R.Succs[0] == R.Exit || R.Succs[1] == R.Exit) {
    emitMissed("NotMeldableRegion", Entry,
               "a successor of the divergent branch post-dominates the other");
    return false;
  }
  return true;
}

bool ControlFlowMelder::buildRegion(BasicBlock &Entry, DivergentRegion &R) {
  auto *BI = cast<BranchInst>(Entry.getTerminator());
  if (Target.isUniformPerWave(*BI)) {
    emitMissed("UniformPerWave", Entry,
               "the divergent branch sends each wavefront one way (it splits "
               "the work-items at a wavefront boundary)");
    return false;
  }
  if (Target.runsOneLanePerWave(Entry, *DT)) {
    emitMissed("OneLanePerWave", Entry,
               "at most one lane of each wavefront runs the divergent branch "
               "(it is guarded by a test of the work-item id for equality)");
    return false;
  }
  BasicBlock *T = BI->getSuccessor(0);
  BasicBlock *Fl = BI->getSuccessor(1);
  R.Entry = &Entry;
  R.Cond = BI->getCondition();
  R.Exit = getIPostDom(*PDT, &Entry);
  R.Succs[0] = T;
  R.Succs[1] = Fl;
  R.EntryLoop = LI->getLoopFor(&Entry);
  if (!checkRegionExit(Entry, R))
    return false;
  // A successor may head a loop of its path: its other predecessors are
  // then the loop's latches, which it dominates.
  auto EnteredOnlyFromEntry = [&](BasicBlock *Succ) {
    return all_of(predecessors(Succ), [&](BasicBlock *P) {
      return P == &Entry || DT->dominates(Succ, P);
    });
  };
  if (!EnteredOnlyFromEntry(T) || !EnteredOnlyFromEntry(Fl)) {
    emitMissed("SharedSuccessor", Entry,
               "a successor of the divergent branch has other predecessors");
    return false;
  }
  return checkRegionBody(R);
}

/// Visit every block between the entry and the exit. The region must not
/// loop back to its entry and must not contain convergent operations. If
/// \p Cascade is not empty, R is modelled on the divergent switch of R.Entry
/// (modelCascadeRegion), and the walk passes through the cascade over
/// \p Cascade that would replace the switch: the switch's block leads to the
/// cascade's first block, and the cascade's last block is the region's
/// entry.
bool ControlFlowMelder::checkRegionBody(const DivergentRegion &R,
                                        ArrayRef<SwitchTarget> Cascade) {
  // A block, or (null, K) for block K of the cascade.
  using Node = std::pair<BasicBlock *, size_t>;
  size_t NumTests = Cascade.empty() ? 0 : Cascade.size() - 1;
  auto AppendSuccessors = [&](Node N, SmallVectorImpl<Node> &Worklist) {
    if (N.first && (Cascade.empty() || N.first != R.Entry)) {
      for (BasicBlock *Succ : successors(N.first))
        Worklist.push_back({Succ, 0});
      return;
    }
    if (N.first) {
      Worklist.push_back({nullptr, 0});
      return;
    }
    // Cascade block K branches to Cascade[K] or on to the next block (see
    // expandSwitch).
    size_t K = N.second;
    Node Next =
        K + 1 < NumTests ? Node(nullptr, K + 1) : Node(Cascade[K + 1].BB, 0);
    Node Own(Cascade[K].BB, 0);
    Worklist.push_back(Cascade[K].IsDefault ? Next : Own);
    Worklist.push_back(Cascade[K].IsDefault ? Own : Next);
  };
  auto IsEntry = [&](Node N) {
    return Cascade.empty() ? N.first == R.Entry
                           : !N.first && N.second + 1 == NumTests;
  };
  SmallPtrSet<BasicBlock *, 16> Visited;
  SmallVector<Node, 16> Worklist = {{R.Succs[0], 0}, {R.Succs[1], 0}};
  while (!Worklist.empty()) {
    Node N = Worklist.pop_back_val();
    if (N.first && (N.first == R.Exit || !Visited.insert(N.first).second))
      continue;
    if (IsEntry(N)) {
      emitMissed("RegionNotAcyclic", *R.Entry,
                 "divergent region loops back to its entry");
      return false;
    }
    if (N.first && any_of(*N.first, isConvergentCall)) {
      emitMissed("Convergent", *R.Entry,
                 "divergent region contains a convergent operation");
      return false;
    }
    AppendSuccessors(N, Worklist);
  }
  return true;
}

/// The block after the SESE subgraph entered at \p BB: its immediate
/// post-dominator, or, if \p BB heads a loop nested in the region, the
/// nearest common post-dominator of the loop's exit blocks, so that the
/// subgraph holds the whole loop (the latch post-dominates the header).
BasicBlock *ControlFlowMelder::getSubgraphExit(const DivergentRegion &R,
                                               BasicBlock *BB) const {
  const Loop *L = LI->getLoopFor(BB);
  if (!L || L->getHeader() != BB || L == R.EntryLoop)
    return getIPostDom(*PDT, BB);
  SmallVector<BasicBlock *, 4> ExitBlocks;
  L->getExitBlocks(ExitBlocks);
  BasicBlock *Exit = ExitBlocks.empty() ? nullptr : ExitBlocks.front();
  for (BasicBlock *Other : ExitBlocks)
    Exit = Exit ? PDT->findNearestCommonDominator(Exit, Other) : nullptr;
  return Exit;
}

void ControlFlowMelder::buildChain(DivergentRegion &R, unsigned Side) {
  BasicBlock *Start = R.Succs[Side];
  for (BasicBlock *BB = Start; BB && BB != R.Exit && DT->dominates(Start, BB);
       BB = getSubgraphExit(R, BB))
    R.Chain[Side].push_back(BB);
}

/// Returns why \p BB cannot be melded as a single-block subgraph, or nullptr.
/// Blocks of a loop nested in the region are only allowed (\p AllowNestedLoop)
/// in isomorphic subgraphs that contain the whole loop (areLoopsInside).
const char *ControlFlowMelder::getBlockRejectReason(
    const DivergentRegion &R, BasicBlock *BB, bool AllowNestedLoop) const {
  if (!isa<BranchInst>(BB->getTerminator()))
    return "block does not end in a branch";
  if (BB->isEHPad() || BB->hasAddressTaken())
    return "block is an EH pad or has its address taken";
  if (!AllowNestedLoop && LI->getLoopFor(BB) != R.EntryLoop)
    return "block is in a loop nested in the region";
  for (Instruction &I : *BB) {
    if (isa<AllocaInst>(I))
      return "block contains an alloca";
    if (I.getType()->isTokenTy())
      return "block defines a token value";
  }
  return nullptr;
}

/// Smith-Waterman over the two path chains with a gap penalty of 0. Scores
/// holds MP for meldable pairs and a negative value otherwise. Picks the
/// first pair of the best alignment.
bool ControlFlowMelder::alignSubgraphs(DivergentRegion &R,
                                       ArrayRef<MeldCandidate> Cands,
                                       MeldCandidate &Result) {
  size_t N = R.Chain[0].size(), M = R.Chain[1].size();
  auto PairScore = [&](size_t I, size_t J) {
    const MeldCandidate &C = Cands[I * M + J];
    return C.isValid() ? C.Score : 0.0;
  };
  std::vector<double> H((N + 1) * (M + 1), 0.0);
  auto Cell = [&](size_t I, size_t J) -> double & {
    return H[I * (M + 1) + J];
  };
  for (size_t I = 1; I <= N; ++I)
    for (size_t J = 1; J <= M; ++J) {
      double Score = std::max(Cell(I - 1, J), Cell(I, J - 1));
      if (double Pair = PairScore(I - 1, J - 1); Pair > 0.0)
        Score = std::max(Score, Cell(I - 1, J - 1) + Pair);
      Cell(I, J) = Score;
    }
  if (Cell(N, M) <= 0.0)
    return false;
  // Trace back; the last pair found is the first one in path order.
  size_t I = N, J = M;
  while (I > 0 && J > 0) {
    double Pair = PairScore(I - 1, J - 1);
    if (Pair > 0.0 && Cell(I, J) == Cell(I - 1, J - 1) + Pair) {
      Result = Cands[(I - 1) * M + (J - 1)];
      --I;
      --J;
    } else if (Cell(I, J) == Cell(I - 1, J)) {
      --I;
    } else {
      --J;
    }
  }
  return true;
}

/// True if every loop that contains a block of \p Map (on either side) and is
/// nested in the region entry's loop lies entirely in the subgraph. Then the
/// mapping, which pairs the successors of corresponding blocks, pairs every
/// back edge too: the loops of the two subgraphs correspond.
bool ControlFlowMelder::areLoopsInside(
    const DivergentRegion &R,
    const DenseMap<BasicBlock *, BasicBlock *> &Map) const {
  SmallPtrSet<const BasicBlock *, 16> Inside;
  for (auto [B1, B2] : Map) {
    Inside.insert(B1);
    Inside.insert(B2);
  }
  const Loop *Outer = R.EntryLoop;
  for (const BasicBlock *BB : Inside)
    for (const Loop *L = LI->getLoopFor(BB); L != Outer; L = L->getParentLoop())
      if (!L || !all_of(L->blocks(), [&](const BasicBlock *LoopBB) {
            return Inside.contains(LoopBB);
          }))
        return false;
  return true;
}

/// Region-region melding: map the subgraph entered at \p Entry1 (ending at
/// getSubgraphExit) onto the one entered at \p Entry2 by a parallel walk over
/// the successors. The subgraphs must be isomorphic, entered only through
/// their entries, and every block must be meldable. With \p AllowCycles they
/// may contain loops (nested in the region, wholly inside the subgraphs); their
/// entries must then have a single predecessor outside the subgraph, which
/// meldSubgraphs turns into the melded subgraph's own entry block.
bool ControlFlowMelder::mapIsomorphicSubgraphs(const DivergentRegion &R,
                                               BasicBlock *Entry1,
                                               BasicBlock *Entry2,
                                               MeldCandidate &Cand,
                                               bool AllowCycles) {
  BasicBlock *Exit1 = getSubgraphExit(R, Entry1);
  BasicBlock *Exit2 = getSubgraphExit(R, Entry2);
  if (!Exit1 || !Exit2)
    return false;
  DenseMap<BasicBlock *, BasicBlock *> Map, Reverse;
  SmallPtrSet<BasicBlock *, 4> Swapped;
  // True if pairing S1 with S2 contradicts what is already known.
  auto Contradicts = [&](BasicBlock *S1, BasicBlock *S2) {
    if ((S1 == Exit1) != (S2 == Exit2))
      return true;
    auto It = Map.find(S1);
    auto RevIt = Reverse.find(S2);
    return (It != Map.end() && It->second != S2) ||
           (RevIt != Reverse.end() && RevIt->second != S1);
  };
  SmallVector<BlockPair, 8> Worklist;
  Worklist.push_back({Entry1, Entry2});
  while (!Worklist.empty()) {
    auto [B1, B2] = Worklist.pop_back_val();
    if (B1 == Exit1 || B2 == Exit2) {
      if (B1 != Exit1 || B2 != Exit2)
        return false;
      continue;
    }
    auto It = Map.find(B1);
    if (It != Map.end() || Reverse.count(B2)) {
      if (It == Map.end() || It->second != B2)
        return false;
      continue;
    }
    if (!DT->dominates(Entry1, B1) || !DT->dominates(Entry2, B2) ||
        getBlockRejectReason(R, B1, AllowCycles) ||
        getBlockRejectReason(R, B2, AllowCycles))
      return false;
    auto *Br1 = dyn_cast<BranchInst>(B1->getTerminator());
    auto *Br2 = dyn_cast<BranchInst>(B2->getTerminator());
    if (!Br1 || !Br2 || Br1->getNumSuccessors() != Br2->getNumSuccessors() ||
        (Br1->isConditional() &&
         (Br1->getSuccessor(0) == Br1->getSuccessor(1) ||
          Br2->getSuccessor(0) == Br2->getSuccessor(1))))
      return false;
    Map[B1] = B2;
    Reverse[B2] = B1;
    // Pair the successors in swapped order if only that agrees with the
    // exits and the blocks paired so far (`if (p) S` against `if (!q) S'`
    // written as a branch to the join on q).
    bool Swap = Br1->isConditional() &&
                (Contradicts(Br1->getSuccessor(0), Br2->getSuccessor(0)) ||
                 Contradicts(Br1->getSuccessor(1), Br2->getSuccessor(1))) &&
                !Contradicts(Br1->getSuccessor(0), Br2->getSuccessor(1)) &&
                !Contradicts(Br1->getSuccessor(1), Br2->getSuccessor(0));
    if (Swap)
      Swapped.insert(B1);
    for (unsigned Idx = 0, E = Br1->getNumSuccessors(); Idx != E; ++Idx)
      Worklist.push_back(
          {Br1->getSuccessor(Idx), Br2->getSuccessor(Swap ? 1 - Idx : Idx)});
  }
  // Only the entries may be entered from outside the subgraphs.
  for (auto [B1, B2] : Map) {
    if (B1 == Entry1)
      continue;
    if (any_of(predecessors(B1),
               [&](BasicBlock *P) { return !Map.count(P); }) ||
        any_of(predecessors(B2),
               [&](BasicBlock *P) { return !Reverse.count(P); }))
      return false;
  }
  Cand.Kind = MeldKind::RegionRegion;
  Cand.Exits[0] = Exit1;
  Cand.Exits[1] = Exit2;
  Cand.SwappedBranches = std::move(Swapped);
  Cand.Blocks.clear();
  // Reverse post-order of the function restricted to the subgraph: every
  // block comes after its dominators, and after its predecessors except
  // those of back edges.
  for (auto [B1, B2] : Map)
    Cand.Blocks.push_back({B1, B2});
  sort(Cand.Blocks, [&](const auto &LHS, const auto &RHS) {
    return RPONumber.lookup(LHS.True) < RPONumber.lookup(RHS.True);
  });
  assert(Cand.Blocks.front().True == Entry1 && "Entry must come first");
  // A predecessor inside that does not come first closes a cycle.
  SmallPtrSet<BasicBlock *, 8> Seen;
  Cand.Loops = 0;
  for (auto [B1, B2] : Cand.Blocks) {
    Seen.insert(B1);
    Cand.Loops += any_of(predecessors(B1), [&](BasicBlock *P) {
      return Map.count(P) && (P == B1 || !Seen.count(P));
    });
  }
  Cand.Cyclic = Cand.Loops != 0;
  auto OutsidePreds = [&](BasicBlock *Entry, const auto &Inside) {
    return count_if(predecessors(Entry),
                    [&](BasicBlock *P) { return !Inside.count(P); });
  };
  if (Cand.Cyclic ? !AllowCycles || OutsidePreds(Entry1, Map) != 1 ||
                        OutsidePreds(Entry2, Reverse) != 1
                  : Map.size() < 2)
    return false;
  if (AllowCycles && !areLoopsInside(R, Map))
    return false;
  // MP_S: the latency saved over all corresponding blocks, relative to the
  // latency of both subgraphs.
  uint64_t Saved = 0, Total = 0;
  for (auto [B1, B2] : Cand.Blocks)
    Saved += getSavedLatency(B1, B2, Total);
  Cand.Score = Total ? static_cast<double>(Saved) / Total : 0.0;
  return true;
}

/// Decide how the chain elements \p B1 and \p B2 can be melded: as isomorphic
/// regions if both start multi-block subgraphs, otherwise as single blocks
/// (splitting a conditional branch off if needed).
bool ControlFlowMelder::getCandidate(const DivergentRegion &R, BlockRange B1,
                                     BlockRange B2, MeldCandidate &Cand,
                                     const char *&Reason) {
  // The block of a planned chain split, and so each of its pieces, is a
  // single-block subgraph (planChainSplit).
  bool Cond1 = !isSingleBlockSubgraph(B1.BB, getSubgraphExit(R, B1.BB));
  bool Cond2 = !isSingleBlockSubgraph(B2.BB, getSubgraphExit(R, B2.BB));
  Cand.Piece = B1.Piece ? B1.Piece : B2.Piece;
  if (MeldModeOpt == MeldMode::DARM && Cond1 && Cond2 &&
      mapIsomorphicSubgraphs(R, B1.BB, B2.BB, Cand, /*AllowCycles=*/true))
    return true;
  if (MeldModeOpt == MeldMode::DARM && Cond1 != Cond2 &&
      getBlockRegionCandidate(R, Cond1 ? B1.BB : B2.BB, Cond1 ? B2 : B1,
                              Cond1 ? 0 : 1, Cand))
    return true;
  // A block ending in a conditional branch is the entry of a multi-block
  // subgraph. Region simplification splits its branch off, which turns the
  // rest of the block into a single-block subgraph.
  for (BasicBlock *BB : {B1.BB, B2.BB}) {
    const char *Why = getBlockRejectReason(R, BB);
    if (!Why && !BB->getSingleSuccessor() &&
        all_of(*BB, [](Instruction &I) { return isIgnoredInstruction(I); }))
      Why = Cond1 && Cond2 ? "subgraphs are not isomorphic"
                           : "region cannot be replicated for "
                             "basic-block-region melding";
    if (Why) {
      Reason = Reason ? Reason : Why;
      return false;
    }
  }
  Cand.Kind = MeldKind::BlockBlock;
  Cand.SwappedBranches.clear();
  Cand.Blocks.assign(1, {B1.BB, B2.BB});
  Cand.Score = computeProfitability(B1, B2);
  return true;
}

/// Basic-block/region melding: the region entered at \p Entry must pass the
/// same structural checks as for region-region melding (it is mapped onto
/// itself), and \p Single is melded with the region block that gives the
/// most profit. The score is the saved latency relative to the latency of the
/// whole region plus the block.
bool ControlFlowMelder::getBlockRegionCandidate(const DivergentRegion &R,
                                                BasicBlock *Entry,
                                                BlockRange Single,
                                                unsigned RegionSide,
                                                MeldCandidate &Cand) {
  if (getBlockRejectReason(R, Single.BB) ||
      !mapIsomorphicSubgraphs(R, Entry, Entry, Cand, /*AllowCycles=*/false))
    return false;
  uint64_t Total = 0, BestSaved = 0;
  BasicBlock *Best = nullptr;
  for (auto [BB, Same] : Cand.Blocks) {
    uint64_t Ignored = 0;
    uint64_t Saved = getSavedLatency(BB, Single, Ignored);
    if (!Best || Saved > BestSaved) {
      Best = BB;
      BestSaved = Saved;
    }
    Total += getBlockLatency(BB);
  }
  Total += getBlockLatency(Single);
  Cand.Kind = MeldKind::BlockRegion;
  Cand.SwappedBranches.clear();
  Cand.RegionSide = RegionSide;
  Cand.Single = Single.BB;
  Cand.Partner = Best;
  Cand.Score = Total ? static_cast<double>(BestSaved) / Total : 0.0;
  return true;
}

ReplicaRoute::ReplicaRoute(const MeldCandidate &Cand) : Cand(Cand) {
  SmallPtrSet<const BasicBlock *, 8> InRegion;
  for (auto [BB, Same] : Cand.Blocks)
    InRegion.insert(BB);
  SmallVector<const BasicBlock *, 8> Worklist = {Cand.Partner};
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (InRegion.count(BB) && ReachesPartner.insert(BB).second)
      append_range(Worklist, predecessors(BB));
  }
  // The region is acyclic (basic-block/region melds require it): the walk
  // ends at the region's exit.
  for (const BasicBlock *BB = Cand.Blocks.front().True;
       InRegion.count(BB) && Route.insert(BB).second;) {
    auto *Br = cast<BranchInst>(BB->getTerminator());
    BB = Br->getSuccessor(Br->isConditional() && !takesTrue(BB) ? 1 : 0);
  }
}

bool ReplicaRoute::takesTrue(const BasicBlock *BB) const {
  auto *Br = cast<BranchInst>(BB->getTerminator());
  if (BB == Cand.Partner || !ReachesPartner.count(BB))
    return Br->getSuccessor(1) != Cand.Exits[Cand.RegionSide];
  return ReachesPartner.count(Br->getSuccessor(0));
}

/// Region replication for basic-block/region melding: build a copy G' of the
/// region's CFG on the single block's side, with empty blocks except for the
/// single block itself, which takes the place of its partner. Every
/// conditional branch of G' has a constant condition chosen so that execution
/// always reaches the single block. The values of the single block reach
/// their users through PHIs (with poison on the paths G' never takes) built
/// by SSAUpdater at its dominance frontier. G and G' are isomorphic, and
/// Cand becomes a region-region candidate over them.
void ControlFlowMelder::replicateRegion(MeldCandidate &Cand) {
  LLVMContext &Ctx = F.getContext();
  unsigned RS = Cand.RegionSide;
  BasicBlock *Single = simplifySubgraph(Cand.Single, /*SplitBranch=*/true);
  BasicBlock *SinglePred = Single->getSinglePredecessor();
  BasicBlock *SingleSucc = Single->getSingleSuccessor();
  BasicBlock *RegionExit = Cand.Exits[RS];
  ReplicaRoute Route(Cand);

  DenseMap<BasicBlock *, BasicBlock *> Copy;
  for (auto [BB, Same] : Cand.Blocks)
    Copy[BB] =
        BB == Cand.Partner
            ? Single
            : BasicBlock::Create(Ctx, BB->getName() + ".repl", &F, Single);
  Single->getTerminator()->eraseFromParent();
  auto Target = [&](BasicBlock *Succ) {
    return Succ == RegionExit ? SingleSucc : Copy.lookup(Succ);
  };
  SmallVector<BasicBlock *, 4> Exiting;
  for (auto [BB, Same] : Cand.Blocks) {
    auto *Br = cast<BranchInst>(BB->getTerminator());
    for (BasicBlock *Succ : successors(Br))
      if (Succ == RegionExit)
        Exiting.push_back(Copy[BB]);
    if (Br->isUnconditional()) {
      BranchInst::Create(Target(Br->getSuccessor(0)), Copy[BB]);
      continue;
    }
    BranchInst::Create(Target(Br->getSuccessor(0)), Target(Br->getSuccessor(1)),
                       ConstantInt::getBool(Ctx, Route.takesTrue(BB)),
                       Copy[BB]);
  }
  for (auto [BB, Same] : Cand.Blocks)
    if (!Route.contains(BB))
      Cand.BypassedReplicas.insert(Copy[BB]);
  BasicBlock *ReplicaEntry = Copy[Cand.Blocks.front().True];
  if (ReplicaEntry != Single)
    SinglePred->getTerminator()->replaceSuccessorWith(Single, ReplicaEntry);

  // The successor's PHIs get one entry per exiting edge of the replica.
  for (PHINode &PN : SingleSucc->phis()) {
    Value *V = PN.getIncomingValueForBlock(Single);
    PN.setIncomingBlock(PN.getBasicBlockIndex(Single), Exiting.front());
    for (BasicBlock *BB : drop_begin(Exiting))
      PN.addIncoming(V, BB);
  }

  // Values of the single block no longer dominate their users.
  for (Instruction &I : *Single) {
    SmallVector<Use *, 8> Outside;
    for (Use &U : I.uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (User->getParent() != Single)
        Outside.push_back(&U);
    }
    if (Outside.empty())
      continue;
    SSAUpdater SSA;
    SSA.Initialize(I.getType(), I.getName());
    SSA.AddAvailableValue(Single, &I);
    if (ReplicaEntry != Single)
      SSA.AddAvailableValue(ReplicaEntry, PoisonValue::get(I.getType()));
    for (Use *U : Outside)
      SSA.RewriteUse(*U);
  }

  for (auto &[BB, Replica] : Cand.Blocks)
    Replica = Copy[BB];
  if (RS == 1)
    for (auto &Pair : Cand.Blocks)
      std::swap(Pair.True, Pair.False);
  Cand.Exits[1 - RS] = SingleSucc;
  Cand.Replicated = true;
}

/// Whether \p Chain is one side of an if-then-else diamond with exit \p Exit.
static bool isDiamondSide(ArrayRef<BasicBlock *> Chain, BasicBlock *Exit) {
  return Chain.size() == 1 && isSingleBlockSubgraph(Chain.front(), Exit);
}

bool ControlFlowMelder::findMeldCandidate(DivergentRegion &R,
                                          MeldCandidate &Best) {
  buildChain(R, 0);
  buildChain(R, 1);
  if (R.Split)
    R.Chain[R.Split->Side].assign(R.Split->Pieces.size(),
                                  R.Split->Pieces.front().BB);
  if (MeldModeOpt == MeldMode::Diamond &&
      (!isDiamondSide(R.Chain[0], R.Exit) ||
       !isDiamondSide(R.Chain[1], R.Exit))) {
    emitMissed("NotDiamond", *R.Entry,
               "region is not an if-then-else diamond with one block per "
               "side (-cf-meld-mode=diamond)");
    return false;
  }

  size_t N = R.Chain[0].size(), M = R.Chain[1].size();
  SmallVector<MeldCandidate, 16> Cands(N * M);
  const char *Reason = nullptr;
  double BestScore = 0.0;
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = 0; J < M; ++J) {
      BlockRange B1 = R.getChainElement(0, I), B2 = R.getChainElement(1, J);
      MeldCandidate Cand;
      if (!getCandidate(R, B1, B2, Cand, Reason))
        continue;
      BestScore = std::max(BestScore, Cand.Score);
      ORE.emit([&]() {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "Profitability",
                                          R.Entry->getTerminator())
               << "melding profitability of "
               << ore::NV("TrueBlock", getRangeLabel(B1, "the true side"))
               << " and "
               << ore::NV("FalseBlock", getRangeLabel(B2, "the false side"))
               << " (" << ore::NV("Kind", getKindName(Cand.Kind)) << ") is "
               << ore::NV("Score", formatScore(Cand.Score));
      });
      if (reachesThreshold(Cand.Score))
        Cands[I * M + J] = std::move(Cand);
    }
  }
  if (alignSubgraphs(R, Cands, Best))
    return true;
  if (BestScore > 0.0 || !Reason)
    emitMissed("NotProfitable", *R.Entry,
               "no pair of subgraphs reaches the melding threshold (best "
               "profitability " +
                   formatScore(BestScore) + ", threshold " +
                   formatScore(MeldThreshold) + ")");
  else
    emitMissed("NoMeldableSubgraphs", *R.Entry, Reason);
  return false;
}

//===----------------------------------------------------------------------===//
// Chain splitting
//===----------------------------------------------------------------------===//

/// Chain splitting: when one path of \p R is a single block B and the other
/// a chain of several subgraphs, B is aligned against the concatenated
/// entry blocks of that chain, and is to be split where its aligned
/// instructions pass from one subgraph to the next, so that each piece can
/// be paired with its own subgraph (DARM's SB3, whose false path `C3; C5` is
/// one block after SimplifyCFG while the true path is `C2; if (p) C4; C6`).
/// Splitting a block does not change what any lane executes. Fills
/// \p Split with the pieces, which the candidates of the region are
/// modelled on (ChainPiece); nothing is split until a candidate is accepted
/// (makeChainSplit). Returns false if the alignment does not reach two
/// subgraphs.
bool ControlFlowMelder::planChainSplit(const DivergentRegion &R,
                                       ChainSplit &Split) {
  if (MeldModeOpt != MeldMode::DARM)
    return false;
  DivergentRegion C = R;
  buildChain(C, 0);
  buildChain(C, 1);
  unsigned Side = C.Chain[0].size() == 1 ? 0 : 1;
  ArrayRef<BasicBlock *> Other = C.Chain[1 - Side];
  BasicBlock *B = C.Chain[Side].size() == 1 ? C.Chain[Side].front() : nullptr;
  if (!B || Other.size() < 2 || B->getSingleSuccessor() != R.Exit ||
      getBlockRejectReason(R, B))
    return false;

  // The other path's instructions, each with the index of its subgraph.
  SmallVector<Instruction *, 64> Seq;
  DenseMap<const Instruction *, unsigned> Owner;
  for (auto [Idx, Sub] : enumerate(Other)) {
    for (Instruction *I : getBodyInstructions(Sub)) {
      Seq.push_back(I);
      Owner[I] = Idx;
    }
  }
  InstrAlignment Alignment;
  SmallVector<Instruction *, 32> Body = getBodyInstructions(B);
  if (!alignInstructions(Body, Seq, Alignment))
    return false;

  // Split before the first instruction of B aligned with a later subgraph.
  std::optional<unsigned> Current;
  for (const AlignedPair &P : Alignment) {
    if (!P.isMatch())
      continue;
    unsigned Idx = Owner.lookup(P.False);
    if (Current && Idx != *Current)
      Split.SplitPoints.push_back(P.True);
    Current = Idx;
  }
  if (Split.SplitPoints.empty())
    return false;
  LLVM_DEBUG(dbgs() << "cf-meld: modelling " << B->getName() << " as "
                    << Split.SplitPoints.size() + 1 << " pieces\n");
  Split.Side = Side;
  unsigned Count = Split.SplitPoints.size() + 1;
  for (unsigned Idx = 0; Idx < Count; ++Idx) {
    ChainPiece Piece;
    Piece.BB = B;
    Piece.Index = Idx;
    Piece.Count = Count;
    Piece.Begin = Idx ? Split.SplitPoints[Idx - 1] : &B->front();
    Piece.End = Idx + 1 < Count ? Split.SplitPoints[Idx] : nullptr;
    Split.Pieces.push_back(Piece);
  }
  return true;
}

/// Makes the chain split that \p R plans, now that \p Cand, modelled on
/// one of its pieces, has been accepted: B is split before every split
/// point, and the candidate is given the piece's block. The pieces the
/// candidate does not meld are merged into their predecessors again when
/// the round's function is simplified.
void ControlFlowMelder::makeChainSplit(DivergentRegion &R,
                                       MeldCandidate &Cand) {
  assert(R.Split && Cand.Piece && "No chain split to make");
  SmallVector<BasicBlock *, 4> Blocks = {Cand.Piece->BB};
  for (Instruction *At : R.Split->SplitPoints)
    Blocks.push_back(Blocks.back()->splitBasicBlock(At, "meld.split"));
  ++NumBlocksSplit;
  BasicBlock *B = Blocks.front(), *Piece = Blocks[Cand.Piece->Index];
  for (BlockPair &Pair : Cand.Blocks)
    for (unsigned Side = 0; Side < 2; ++Side)
      if (Pair[Side] == B)
        Pair[Side] = Piece;
  if (Cand.Single == B)
    Cand.Single = Piece;
  Cand.Piece = nullptr;
  R.Split = nullptr;
  R.Chain[0].clear();
  R.Chain[1].clear();
  FAM.invalidate(F, PreservedAnalyses::none());
  computeAnalyses();
}

/// How remarks name \p Range: a block by getBlockLabel; a piece of a planned
/// chain split but the first by the name the split gives its block
/// ("meld.split", to which the function's symbol table may add a number), or
/// \p Unnamed where the context discards value names.
std::string ControlFlowMelder::getRangeLabel(BlockRange Range,
                                             StringRef Unnamed) const {
  if (Range.isBlockStart())
    return getBlockLabel(Range.BB, Unnamed);
  return F.getContext().shouldDiscardValueNames() ? Unnamed.str()
                                                  : "meld.split";
}

//===----------------------------------------------------------------------===//
// Divergent switches
//===----------------------------------------------------------------------===//

/// tryRegion for the divergent region that the cascade over \p Targets
/// would end in, modelled on the function with the switch of \p Entry in
/// place (modelCascadeRegion). The cascade is built only for a candidate
/// that is melded; no funnel is needed, as the pair has no other
/// predecessor. Returns the cascade's last block if it was built and its
/// region melded.
BasicBlock *ControlFlowMelder::tryCascade(BasicBlock &Entry,
                                          ArrayRef<SwitchTarget> Targets) {
  ++NumRegionsConsidered;
  DivergentRegion R;
  if (!modelCascadeRegion(Entry, Targets, R))
    return nullptr;
  ChainSplit Split;
  if (planChainSplit(R, Split))
    R.Split = &Split;
  MeldCandidate Cand;
  SmallVector<InstrAlignment, 4> Alignments;
  if (!findMeldCandidate(R, Cand) || !acceptMeld(R, Cand, Alignments))
    return nullptr;
  if (R.Split)
    makeChainSplit(R, Cand);

  BasicBlock *Last = expandSwitch(Entry, Targets);
  FAM.invalidate(F, PreservedAnalyses::none());
  computeAnalyses();
  assert(isDivergentBranch(*Last) && getIPostDom(*PDT, Last) == R.Exit &&
         "Cascade does not end in the modelled region");
  R.Entry = Last;
  R.Cond = cast<BranchInst>(Last->getTerminator())->getCondition();
  R.EntryLoop = LI->getLoopFor(Last);
  bool Melded = meldCandidate(R, Cand, Alignments);
  assert(Melded && "Path values were checked on the modelled region");
  (void)Melded;
  return Last;
}

bool ControlFlowMelder::trySwitch(BasicBlock &Entry) {
  ++NumSwitchesConsidered;
  SmallVector<SwitchTarget, 8> Targets;
  collectSwitchTargets(*cast<SwitchInst>(Entry.getTerminator()), Targets);
  double Score = 0.0;
  if (Targets.size() < 2 || !chooseSwitchPair(Entry, Targets, Score)) {
    emitMissed("NotMeldableRegion", Entry,
               "no two successors of the divergent switch form a region");
    return false;
  }
  if (!reachesThreshold(Score)) {
    emitMissed("NotProfitable", Entry,
               "no pair of switch successors reaches the melding "
               "threshold (best profitability " +
                   formatScore(Score) + ", threshold " +
                   formatScore(MeldThreshold) + ")");
    return false;
  }
  std::string Pair = getBlockLabel(Targets[Targets.size() - 2].BB, "a case") +
                     " and " + getBlockLabel(Targets.back().BB, "a case");
  LLVM_DEBUG(dbgs() << "cf-meld: modelling the switch of " << Entry.getName()
                    << " as a cascade to meld " << Pair << "\n");
  BasicBlock *Last = tryCascade(Entry, Targets);
  if (!Last)
    return false;
  ++NumSwitchesExpanded;
  ORE.emit([&]() {
    return OptimizationRemark(DEBUG_TYPE, "SwitchExpanded",
                              Last->getTerminator())
           << "divergent switch replaced by a cascade of "
           << ore::NV("Branches", unsigned(Targets.size() - 1))
           << " branches to meld " << ore::NV("Pair", Pair);
  });
  return true;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

bool ControlFlowMelder::tryRegion(BasicBlock &Entry) {
  ++NumRegionsConsidered;
  DivergentRegion R;
  if (!buildRegion(Entry, R))
    return tryFunnel(Entry);
  ChainSplit Split;
  if (planChainSplit(R, Split))
    R.Split = &Split;
  MeldCandidate Cand;
  SmallVector<InstrAlignment, 4> Alignments;
  if (!findMeldCandidate(R, Cand) || !acceptMeld(R, Cand, Alignments))
    return false;
  if (R.Split)
    makeChainSplit(R, Cand);
  if (tryVersion(R, Cand, Alignments))
    return true;
  return meldCandidate(R, Cand, Alignments);
}

/// The pairs of blocks whose instructions \p Cand aligns, true side first.
/// For basic-block/region melds only the single block and its partner have
/// instructions to align until the region is replicated.
SmallVector<BlockPair, 4> cfmeld::getAlignedBlocks(const MeldCandidate &Cand) {
  if (Cand.Kind == MeldKind::BlockRegion) {
    BlockPair Pair;
    Pair[Cand.RegionSide] = Cand.Partner;
    Pair[1 - Cand.RegionSide] = Cand.Single;
    return {Pair};
  }
  return Cand.Blocks;
}

/// The instruction alignments of \p Cand and the checks on them: the blocks
/// are small enough to align, some pair other than a select aligns, and, with
/// -cf-meld-run-overhead, the meld saves more than it adds (estimateCost).
bool ControlFlowMelder::isWorthMelding(
    const DivergentRegion &R, const MeldCandidate &Cand,
    SmallVectorImpl<InstrAlignment> &Alignments) {

  // Names of the entries before they are modified.
  std::string TrueName =
      getRangeLabel(Cand.getRange(Cand.getEntry(0)), "the true side");
  std::string FalseName =
      getRangeLabel(Cand.getRange(Cand.getEntry(1)), "the false side");
  SmallVector<BlockPair, 4> ToAlign = getAlignedBlocks(Cand);
  Alignments.assign(ToAlign.size(), InstrAlignment());
  for (auto [Idx, Pair] : enumerate(ToAlign)) {
    if (!alignInstructions(Cand.getRange(Pair.True), Cand.getRange(Pair.False),
                           Alignments[Idx])) {
      emitMissed("TooLarge", *R.Entry, "blocks are too large to align");
      return false;
    }
  }
  unsigned Pruned = pruneAlignments(Cand, Alignments);
  LLVM_DEBUG(dbgs() << "cf-meld: " << Pruned << " aligned pairs pruned\n");
  (void)Pruned;
  // Require a non-select aligned pair; this makes every meld remove at least
  // one instruction that is not a select, PHI or branch.
  if (none_of(Alignments, [](const InstrAlignment &Alignment) {
        return any_of(Alignment, [](const AlignedPair &P) {
          return P.isMatch() && !isa<SelectInst>(P.True);
        });
      })) {
    emitMissed("NothingAligned", *R.Entry,
               "no compatible instructions in " + TrueName + " and " +
                   FalseName);
    return false;
  }
  if (RunOverhead != 0) {
    MeldCost Cost = estimateCost(R, Cand, Alignments);
    ORE.emit([&]() {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "NetBenefit",
                                        R.Entry->getTerminator())
             << "melding " << ore::NV("TrueBlock", TrueName) << " and "
             << ore::NV("FalseBlock", FalseName) << " saves an estimated "
             << ore::NV("Saved", Cost.Saved) << " issued instructions and adds "
             << ore::NV("Added", Cost.Overhead);
    });
    if (Cost.Saved <= Cost.Overhead) {
      emitMissed("OverheadExceedsSaving", *R.Entry,
                 "melding " + TrueName + " and " + FalseName + " saves " +
                     Twine(Cost.Saved).str() +
                     " instructions but its selects and unpredicated runs "
                     "add " +
                     Twine(Cost.Overhead).str());
      return false;
    }
  }
  return true;
}

/// Collect the path values of \p Cand (collectAllPathValues); false, with a
/// remark, if they cannot be routed to the melded code.
bool ControlFlowMelder::checkPathValues(const DivergentRegion &R,
                                        const MeldCandidate &Cand,
                                        SmallVectorImpl<PathValue> &Values) {
  if (collectAllPathValues(R, Cand, *DT, Values))
    return true;
  emitMissed("DominanceRepair", *R.Entry,
             "cannot repair dominance of values defined on the paths");
  return false;
}

/// The accept decision, the one place where a modelled candidate is
/// accepted or rejected, whichever entry path (a region, the cascade of a
/// divergent switch, a funnel) modelled it: \p Cand reaches the melding
/// threshold, isWorthMelding accepts it (giving \p Alignments) and the
/// values defined on its paths can be routed to the melded code. Nothing in
/// the IR has changed when it is called.
bool ControlFlowMelder::acceptMeld(
    const DivergentRegion &R, const MeldCandidate &Cand,
    SmallVectorImpl<InstrAlignment> &Alignments) {
  if (!reachesThreshold(Cand.Score)) {
    emitMissed("NotProfitable", *R.Entry,
               "melding profitability " + formatScore(Cand.Score) +
                   " is below the threshold " + formatScore(MeldThreshold));
    return false;
  }
  SmallVector<PathValue, 8> PathValues;
  return isWorthMelding(R, Cand, Alignments) &&
         checkPathValues(R, Cand, PathValues);
}

/// Meld \p Cand, which acceptMeld accepted with \p Alignments. The path
/// values are collected again on the function as it is now (a cascade or a
/// funnel may have been built since); false if they can no longer be
/// routed, which the accept decision rules out.
bool ControlFlowMelder::meldCandidate(
    const DivergentRegion &R, MeldCandidate &Cand,
    SmallVectorImpl<InstrAlignment> &Alignments) {
  std::string TrueName = getBlockLabel(Cand.getEntry(0), "the true side");
  std::string FalseName = getBlockLabel(Cand.getEntry(1), "the false side");
  SmallVector<PathValue, 8> PathValues;
  if (!checkPathValues(R, Cand, PathValues))
    return false;
  LLVM_DEBUG(dbgs() << "cf-meld: melding " << TrueName << " with " << FalseName
                    << " (score " << Cand.Score << ")\n");
  if (Cand.Kind == MeldKind::BlockRegion) {
    // Replicate the region on the single block's side; from then on this is
    // a region-region meld. Redo the alignment and the dominance analysis on
    // the new CFG (their feasibility was checked above).
    replicateRegion(Cand);
    Alignments.resize(Cand.Blocks.size());
    for (auto [Idx, Pair] : enumerate(Cand.Blocks)) {
      bool Aligned = alignInstructions(Pair.True, Pair.False, Alignments[Idx]);
      assert(Aligned && "Replicated blocks are at most as large as before");
      (void)Aligned;
    }
    pruneAlignments(Cand, Alignments);
    DominatorTree NewDT(F);
    PathValues.clear();
    bool Repairable = collectAllPathValues(R, Cand, NewDT, PathValues);
    assert(Repairable && "Replication must not change dominance of entries");
    (void)Repairable;
  }
  meldSubgraphs(R, Cand, Alignments, PathValues);
  return true;
}

void ControlFlowMelder::computeAnalyses() {
  TTI = &FAM.getResult<TargetIRAnalysis>(F);
  DT = &FAM.getResult<DominatorTreeAnalysis>(F);
  PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
  LI = &FAM.getResult<LoopAnalysis>(F);
  UI = &FAM.getResult<UniformityInfoAnalysis>(F);
  RPONumber.clear();
  unsigned Number = 0;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    RPONumber[BB] = Number++;
}

bool ControlFlowMelder::runOneRound() {
  computeAnalyses();
  // Only a meld changes the CFG, and it ends the round.
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    if (isDivergentBranch(*BB) && tryRegion(*BB))
      return true;
    if (isDivergentSwitch(*BB) && trySwitch(*BB))
      return true;
  }
  return false;
}

bool ControlFlowMelder::run() {
  bool Changed = false;
  // The functions each round has left (structural hashes, which ignore
  // names). A meld removes code, but simplifyCFG may clone some back (it
  // threads a branch on a PHI of constants through the melded join), and
  // the next round may then meld the same code again: the rounds would
  // cycle until -cf-meld-max-melds.
  SmallDenseSet<IRHash, 8> Seen;
  Seen.insert(StructuralHash(F, /*DetailedHash=*/true));
  initVersionBudget();
  for (unsigned NumMelds = 0; NumMelds < MeldMaxMelds; ++NumMelds) {
    if (!runOneRound())
      break;
    Changed = true;
    simplifyFunction();
    FAM.invalidate(F, PreservedAnalyses::none());
    if (!Seen.insert(StructuralHash(F, /*DetailedHash=*/true)).second) {
      ++NumRepeatedFunctions;
      ORE.emit([&]() {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "RepeatedFunction", &F)
               << "melding stopped after round " << ore::NV("Round", NumMelds)
               << ": the function is one an earlier round left";
      });
      break;
    }
  }
  return Changed;
}

ControlFlowMeldingPass::ControlFlowMeldingPass()
    : Target(std::make_shared<ControlFlowMeldingTarget>()) {}

ControlFlowMeldingPass::ControlFlowMeldingPass(
    std::shared_ptr<const ControlFlowMeldingTarget> Target)
    : Target(std::move(Target)) {}

PreservedAnalyses ControlFlowMeldingPass::run(Function &F,
                                              FunctionAnalysisManager &AM) {
  if (MeldThreshold <= 0.0)
    report_fatal_error("-cf-meld-threshold must be greater than 0",
                       /*gen_crash_diag=*/false);
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  if (!MeldForce && !TTI.hasBranchDivergence(&F))
    return PreservedAnalyses::all();
  if (!ControlFlowMelder(F, AM, *Target).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}
