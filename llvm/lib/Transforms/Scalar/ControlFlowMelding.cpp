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
//   contains a convergent call.
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
//     callee; no operand bundles; every differing operand can be replaced by
//     a variable). Two compares whose predicates are each other's swapped
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
//     must save more issued instructions (the aligned pairs, weighted by their
//     expansion, except pairs the backend folds into their users, and the
//     EXEC-mask code of the branch for every side it absorbs) than it adds
//     (selects for differing operands and for exit PHIs, the immediate
//     offsets a selected address part loses, -cf-meld-run-overhead per
//     unpredicated run; a speculated run costs nothing); otherwise it is
//     rejected with an OverheadExceedsSaving remark.
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
//     fold the PHIs and selects left trivial (InstSimplify), and start over.
//
// Chain splitting
// ---------------
// SimplifyCFG merges straight-line code into one block, so a path may be a
// single block B while the other path is a chain of several subgraphs
// (DARM's SB3: `if (c) { C2; if (p) C4; C6 } else { C3; C5 }` leaves C3 and
// C5 in one block). Step 2 can pair B with only one of them. In darm mode,
// B is aligned against the concatenated entry blocks of the other chain and
// split before the first instruction aligned with each later subgraph
// (splitToMatchChain), so each piece pairs with its own subgraph, one meld per
// round. If the region is not melded, the pieces are joined again.
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
// of the successors still to come). The cascade is kept only if the pair is
// melded in the same round; otherwise the switch is restored as it was (down
// to the use-list order of its successors), so a switch whose successors are
// not melded is never changed. A default
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
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/StructuralHash.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/SimplifyCFGOptions.h"
#include <optional>

using namespace llvm;

#define DEBUG_TYPE "cf-meld"

STATISTIC(NumRegionsConsidered, "Number of divergent regions considered");
STATISTIC(NumBlocksSplit,
          "Number of blocks split to meld with a chain of subgraphs");
STATISTIC(NumSwitchesConsidered, "Number of divergent switches considered");
STATISTIC(NumSwitchesExpanded,
          "Number of divergent switches replaced by a melded cascade");
STATISTIC(NumBlockBlockMelds, "Number of basic-block/basic-block melds");
STATISTIC(NumRegionRegionMelds, "Number of region/region melds");
STATISTIC(NumLoopMelds,
          "Number of region/region melds of subgraphs with loops");
STATISTIC(NumFunnels, "Number of funnel blocks made for shared successors");
STATISTIC(NumBlockRegionMelds,
          "Number of basic-block/region melds (region replication)");
STATISTIC(NumInstrsMelded, "Number of instruction pairs melded");
STATISTIC(NumPairsPruned,
          "Number of aligned pairs unmatched because their selects cost more");
STATISTIC(NumSelects, "Number of selects inserted");
STATISTIC(NumUnpredicatedRuns, "Number of unaligned runs unpredicated");
STATISTIC(NumSpeculatedRuns,
          "Number of short unaligned runs left unpredicated (speculated)");
STATISTIC(NumFolded,
          "Number of PHIs and selects folded after melding (InstSimplify)");
STATISTIC(NumBypassedRuns, "Number of runs of region blocks left unguarded "
                           "because their replica is bypassed");
STATISTIC(NumRepeatedFunctions,
          "Functions whose melding stopped at a round that gave back an "
          "earlier function");

namespace {
enum class MeldMode { DARM, Diamond };
} // namespace

static cl::opt<double>
    MeldThreshold("cf-meld-threshold", cl::init(0.2), cl::Hidden,
                  cl::desc("Minimum melding profitability of a pair of "
                           "subgraphs (must be greater than 0)"));

static cl::opt<unsigned> RunOverhead(
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

/// Penalty of leaving an instruction unaligned.
static constexpr int GapPenalty = 2;
/// Largest instruction alignment matrix (cells) we are willing to build.
static constexpr size_t MaxAlignmentCells = 1u << 20;
/// Latency assumed for memory operations and calls.
static constexpr unsigned MemoryLatency = 100;
static constexpr unsigned CallLatency = 20;
static constexpr unsigned MaxArithLatency = 20;
/// Most edges a funnel block joins (tryFunnel).
static constexpr unsigned MaxFunnelEdges = 8;

namespace {

/// One entry of an instruction alignment: an aligned pair (both set) or a gap
/// (exactly one set).
struct AlignedPair {
  Instruction *True = nullptr;
  Instruction *False = nullptr;
  bool isMatch() const { return True && False; }
};

using InstrAlignment = SmallVector<AlignedPair, 32>;

/// An edge that leaves the melded subgraph: the original exiting blocks of
/// both paths and the melded block that now takes the edge.
struct ExitEdge {
  BasicBlock *Old[2];
  BasicBlock *NewPred;
};

/// How the values of a candidate's two sides correspond once it is melded:
/// an aligned pair, and a pair of copied PHIs that mergeCopiedPhis will
/// merge, become one value (Partner maps the true side's to the false
/// side's); values defined outside the candidate's blocks are shared.
struct MeldValues {
  DenseMap<const Value *, const Value *> Partner;
  SmallPtrSet<const BasicBlock *, 16> Blocks;
  /// True if melded code needs a select to use \p A and \p B.
  bool differ(const Value *A, const Value *B) const {
    return A != B && Partner.lookup(A) != B;
  }
  bool isOutside(const Value *V) const {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || !Blocks.contains(I->getParent());
  }
};

/// The estimate of estimateCost, in issued instructions.
struct MeldCost {
  uint64_t Saved = 0;
  uint64_t Overhead = 0;
};

/// The terms of a MeldCost (estimateCost), in issued instructions.
struct MeldCostTerms {
  unsigned Pairs = 0;        ///< Saved: aligned pairs issue once.
  unsigned Branches = 0;     ///< Saved: EXEC-mask code of removed branches.
  unsigned Selects = 0;      ///< Added: selects of differing operands.
  unsigned ExitSelects = 0;  ///< Added: exit PHIs that become selects.
  unsigned Runs = 0;         ///< Added: if-thens around unaligned runs.
  unsigned InvertedCond = 0; ///< Added: the compare of the false side.
};

/// Whether two operands of an aligned pair need a select.
using DifferFn = function_ref<bool(const Value *, const Value *)>;

struct MeldStats {
  unsigned Pairs = 0;
  unsigned Selects = 0;
  unsigned Runs = 0;
  unsigned Speculated = 0;
  unsigned Bypassed = 0;
};

/// The selects that give melded instructions the operands of each lane's
/// path. A select of two values defined outside the melded code (constants,
/// arguments, values from before the region, the path values' PHIs of the
/// melded entry) is created once, in the melded entry, and shared by every
/// instruction that needs it: in a melded loop it stays out of the loop. A
/// select of two melded values is shared by the later instructions of its
/// block.
class OperandSelects {
public:
  OperandSelects(Value *Cond, BasicBlock *Entry, MeldStats &Stats)
      : Cond(Cond), Entry(Entry), Stats(Stats) {
    Inside.insert(Entry);
  }
  /// Blocks of the melded code and of the subgraphs being melded.
  void addBlock(BasicBlock *BB) { Inside.insert(BB); }
  bool isOutside(const Value *V) const {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || !Inside.contains(I->getParent()) ||
           (I->getParent() == Entry && isa<PHINode>(I));
  }
  /// `select C, Op1, Op2` for an operand of \p User.
  Value *get(Value *Op1, Value *Op2, Instruction *User) {
    if (!isOutside(Op1) || !isOutside(Op2)) {
      SelectInst *&Local = LocalCache[{Op1, Op2}];
      if (Local && Local->getParent() == User->getParent() &&
          Local->getTrueValue() == Op1 && Local->getFalseValue() == Op2)
        return Local;
      ++Stats.Selects;
      Local = cast<SelectInst>(
          IRBuilder<>(User).CreateSelect(Cond, Op1, Op2, "meld.sel"));
      return Local;
    }
    Value *&Shared = Cache[{Op1, Op2}];
    if (!Shared) {
      // While the entry's own code is emitted, it has no terminator and
      // User is in it.
      Instruction *Pos = Entry->getTerminator() ? Entry->getTerminator() : User;
      Shared = IRBuilder<>(Pos).CreateSelect(Cond, Op1, Op2, "meld.sel");
      ++Stats.Selects;
    }
    return Shared;
  }

private:
  Value *Cond;
  BasicBlock *Entry;
  MeldStats &Stats;
  SmallPtrSet<const BasicBlock *, 16> Inside;
  DenseMap<std::pair<Value *, Value *>, Value *> Cache;
  DenseMap<std::pair<Value *, Value *>, SelectInst *> LocalCache;
};

/// A value defined on one path before the melded block whose uses in or after
/// the melded block must be routed through a PHI.
struct PathValue {
  Instruction *Def;
  unsigned Side;
  SmallVector<Use *, 4> Uses;
};

enum class MeldKind { BlockBlock, BlockRegion, RegionRegion };

/// A candidate pair of SESE subgraphs: two single blocks, or two isomorphic
/// multi-block subgraphs.
struct MeldCandidate {
  MeldKind Kind = MeldKind::BlockBlock;
  double Score = 0.0;
  /// Corresponding (true, false) blocks, entries first, in an order in which
  /// every block comes after its predecessors inside the subgraph.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> Blocks;
  /// Exit blocks of region-region candidates (the blocks after them).
  BasicBlock *Exits[2] = {nullptr, nullptr};
  /// Region-region candidates: the number of loops in each subgraph (blocks
  /// entered by a back edge from inside). Cyclic subgraphs have entries with
  /// one predecessor outside.
  unsigned Loops = 0;
  bool Cyclic = false;
  /// Region-region candidates: the true-side blocks whose partner's
  /// conditional branch lists the corresponding successors in swapped order
  /// (its condition is inverted in the melded branch).
  SmallPtrSet<BasicBlock *, 4> SwappedBranches;
  /// Basic-block/region candidates: the side holding the region (whose
  /// blocks are mapped onto themselves in Blocks), the single block of the
  /// other side, and the region block it is melded with.
  unsigned RegionSide = 0;
  BasicBlock *Single = nullptr;
  BasicBlock *Partner = nullptr;
  /// Set once the region has been replicated and Blocks maps the region onto
  /// its replica.
  bool Replicated = false;
  /// The replica blocks off the replica's route, which the single block's
  /// lanes never enter.
  SmallPtrSet<BasicBlock *, 4> BypassedReplicas;

  BasicBlock *getEntry(unsigned Side) const {
    if (Kind == MeldKind::BlockRegion && !Replicated && Side != RegionSide)
      return Single;
    return Side == 0 ? Blocks.front().first : Blocks.front().second;
  }
  bool isValid() const { return !Blocks.empty(); }
};

/// The route of the single block's lanes through the replica of a
/// basic-block/region candidate's region, in terms of the region's blocks
/// (before replication): from the region's entry, each conditional branch
/// heads for the partner while it is still ahead, then for the region's
/// exit, so that the lanes leave the region as early as they can. The
/// replicas of the blocks off the route are bypassed.
class ReplicaRoute {
public:
  explicit ReplicaRoute(const MeldCandidate &Cand);
  /// The constant condition of the replica of region block \p BB's
  /// conditional branch.
  bool takesTrue(const BasicBlock *BB) const;
  bool contains(const BasicBlock *BB) const { return Route.contains(BB); }

private:
  const MeldCandidate &Cand;
  /// Region blocks from which the partner can be reached.
  SmallPtrSet<const BasicBlock *, 8> ReachesPartner;
  SmallPtrSet<const BasicBlock *, 8> Route;
};

/// A successor of a divergent switch and the case values that lead to it.
struct SwitchTarget {
  BasicBlock *BB = nullptr;
  bool IsDefault = false;
  SmallVector<ConstantInt *, 2> Values;
};

/// A divergent switch replaced by a cascade of conditional branches
/// (expandSwitch), with what restoreSwitch needs to put it back unchanged.
struct SwitchCascade {
  BasicBlock *Entry = nullptr;
  Value *Cond = nullptr;
  BasicBlock *Default = nullptr;
  SmallVector<std::pair<ConstantInt *, BasicBlock *>, 8> Cases;
  SmallVector<std::pair<unsigned, MDNode *>, 4> Metadata;
  DebugLoc Loc;
  /// The incoming lists of the successors' PHIs before the expansion.
  SmallVector<
      std::pair<PHINode *, SmallVector<std::pair<Value *, BasicBlock *>, 4>>, 4>
      Phis;
  /// The users of each successor block before the expansion, in use-list
  /// (predecessor) order, as (user, operand number); the switch is null.
  SmallVector<std::pair<BasicBlock *,
                        SmallVector<std::pair<const User *, unsigned>, 4>>,
              4>
      UseOrder;
  /// The cascade, in order; the last block branches between the pair.
  SmallVector<BasicBlock *, 4> Blocks;
};

/// A meldable divergent region.
struct DivergentRegion {
  BasicBlock *Entry = nullptr;
  Value *Cond = nullptr;
  BasicBlock *Exit = nullptr;
  /// Subgraph entries of the true (index 0) and false (index 1) path, in
  /// post-dominance order.
  SmallVector<BasicBlock *, 8> Chain[2];
};

class ControlFlowMelder {
public:
  ControlFlowMelder(Function &F, FunctionAnalysisManager &FAM)
      : F(F), FAM(FAM), ORE(&F) {}

  /// Meld until a fixpoint is reached. Returns true if the IR changed.
  bool run();

private:
  Function &F;
  FunctionAnalysisManager &FAM;
  OptimizationRemarkEmitter ORE;

  // Analyses of the current round.
  const TargetTransformInfo *TTI = nullptr;
  DominatorTree *DT = nullptr;
  PostDominatorTree *PDT = nullptr;
  LoopInfo *LI = nullptr;
  UniformityInfo *UI = nullptr;
  /// Reverse post-order number of every reachable block.
  DenseMap<const BasicBlock *, unsigned> RPONumber;

  void computeAnalyses();
  bool runOneRound();
  bool isDivergentBranch(BasicBlock &BB);
  bool isDivergentSwitch(BasicBlock &BB);
  bool tryRegion(BasicBlock &Entry, bool AllowSplit = true);
  bool isWorthMelding(const DivergentRegion &R, const MeldCandidate &Cand,
                      SmallVectorImpl<InstrAlignment> &Alignments);
  bool meldCandidate(const DivergentRegion &R, MeldCandidate &Cand,
                     SmallVectorImpl<InstrAlignment> &Alignments);
  bool tryFunnel(BasicBlock &Entry);
  bool canFunnel(BasicBlock &Entry, SmallVectorImpl<BasicBlock *> &Preds);
  bool trySwitch(BasicBlock &Entry);
  bool chooseSwitchPair(BasicBlock &Entry, SmallVectorImpl<SwitchTarget> &Ts,
                        double &Score);
  bool buildRegion(BasicBlock &Entry, DivergentRegion &R);
  bool checkRegionBody(DivergentRegion &R);
  void buildChain(DivergentRegion &R, unsigned Side);
  BasicBlock *getSubgraphExit(const DivergentRegion &R, BasicBlock *BB) const;
  const char *getBlockRejectReason(const DivergentRegion &R, BasicBlock *BB,
                                   bool AllowNestedLoop = false) const;
  bool findMeldCandidate(DivergentRegion &R, MeldCandidate &Best);
  bool getCandidate(const DivergentRegion &R, BasicBlock *B1, BasicBlock *B2,
                    MeldCandidate &Cand, const char *&Reason);
  bool getBlockRegionCandidate(const DivergentRegion &R, BasicBlock *Entry,
                               BasicBlock *Single, unsigned RegionSide,
                               MeldCandidate &Cand);
  void replicateRegion(MeldCandidate &Cand);
  bool alignSubgraphs(DivergentRegion &R, ArrayRef<MeldCandidate> Cands,
                      MeldCandidate &Result);
  bool mapIsomorphicSubgraphs(const DivergentRegion &R, BasicBlock *Entry1,
                              BasicBlock *Entry2, MeldCandidate &Cand,
                              bool AllowCycles);
  bool areLoopsInside(const DivergentRegion &R,
                      const DenseMap<BasicBlock *, BasicBlock *> &Map) const;

  unsigned getLatency(const Instruction &I) const;
  double computeProfitability(BasicBlock *B1, BasicBlock *B2) const;
  uint64_t getSavedLatency(BasicBlock *B1, BasicBlock *B2,
                           uint64_t &Total) const;
  uint64_t getBlockLatency(BasicBlock *BB) const;
  MeldValues getMeldValues(const MeldCandidate &Cand,
                           ArrayRef<InstrAlignment> Alignments,
                           unsigned &PhiSelects) const;
  MeldCost estimateCost(const DivergentRegion &R, const MeldCandidate &Cand,
                        ArrayRef<InstrAlignment> Alignments) const;
  /// True if the backend folds \p I into its users (TTI: TCC_Free).
  bool isFolded(const Instruction &I) const;
  void addAlignmentCost(const InstrAlignment &Alignment, DifferFn Differ,
                        DifferFn IsShared, MeldCostTerms &T) const;
  BasicBlock *addBranchSaving(const DivergentRegion &R,
                              const MeldCandidate &Cand, DifferFn Differ,
                              MeldCostTerms &T) const;
  bool joinsOtherSide(const DivergentRegion &R, unsigned Other,
                      BasicBlock *Join) const;
  void addBlockRegionBranchSaving(const DivergentRegion &R,
                                  const MeldCandidate &Cand, DifferFn Differ,
                                  MeldCostTerms &T) const;
  void addReplicaRunCost(const MeldCandidate &Cand, MeldCostTerms &T) const;
  void addExitSelects(const MeldCandidate &Cand, BasicBlock *CommonExit,
                      DifferFn Differ, MeldCostTerms &T) const;
  bool isAlignable(const Instruction &I) const;
  bool areCompatible(const Instruction *I1, const Instruction *I2) const;
  int getMatchScore(const Instruction *I1, const Instruction *I2) const;
  bool alignInstructions(BasicBlock *B1, BasicBlock *B2,
                         InstrAlignment &Alignment) const;
  bool alignInstructions(ArrayRef<Instruction *> S1, ArrayRef<Instruction *> S2,
                         InstrAlignment &Alignment) const;
  unsigned pruneAlignments(const MeldCandidate &Cand,
                           MutableArrayRef<InstrAlignment> Alignments) const;
  bool splitToMatchChain(const DivergentRegion &R,
                         SmallVectorImpl<BasicBlock *> &Pieces);

  bool collectAllPathValues(const DivergentRegion &R, const MeldCandidate &C,
                            const DominatorTree &DomTree,
                            SmallVectorImpl<PathValue> &Values);
  void meldSubgraphs(const DivergentRegion &R, MeldCandidate &C,
                     ArrayRef<InstrAlignment> Alignments,
                     ArrayRef<PathValue> PathValues);
  BasicBlock *emitMeldedBody(BasicBlock *Cur, const InstrAlignment &Alignment,
                             Value *Cond, std::optional<unsigned> OnlySide,
                             OperandSelects &Selects, MeldStats &Stats);
  void emitExitBranch(
      BasicBlock *From, ArrayRef<ExitEdge> Edges, BasicBlock *Exit1,
      BasicBlock *Exit2, Value *Cond, MeldStats &Stats,
      SmallVectorImpl<std::pair<PHINode *, unsigned>> *MergedPhis = nullptr);
  void simplifyFunction();
  void foldTrivialPhisAndSelects();

  void emitMissed(StringRef RemarkName, BasicBlock &BB, const Twine &Msg);
};

} // namespace

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isConvergentCall(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && CB->isConvergent();
}

/// Instructions that take no part in alignment or profitability.
static bool isIgnoredInstruction(const Instruction &I) {
  return isa<PHINode>(I) || I.isTerminator() || I.isDebugOrPseudoInst() ||
         I.isLifetimeStartOrEnd();
}

static SmallVector<Instruction *, 32> getBodyInstructions(BasicBlock *BB) {
  SmallVector<Instruction *, 32> Body;
  for (Instruction &I : *BB)
    if (!isa<PHINode>(I) && !I.isTerminator() && !isa<DbgInfoIntrinsic>(I))
      Body.push_back(&I);
  return Body;
}

/// How remarks name \p BB: its name, or \p Unnamed for a block without one
/// (clang names no blocks in release builds).
static std::string getBlockLabel(const BasicBlock *BB, StringRef Unnamed) {
  return BB->hasName() ? BB->getName().str() : Unnamed.str();
}

static const char *getKindName(MeldKind Kind) {
  switch (Kind) {
  case MeldKind::BlockBlock:
    return "basic-block-basic-block";
  case MeldKind::BlockRegion:
    return "basic-block-region";
  case MeldKind::RegionRegion:
    return "region-region";
  }
  llvm_unreachable("Unknown meld kind");
}

static std::string formatScore(double Score) {
  return formatv("{0:F2}", Score).str();
}

static BasicBlock *simplifySubgraph(BasicBlock *BB, bool SplitBranch);

static BasicBlock *getIPostDom(const PostDominatorTree &PDT, BasicBlock *BB) {
  const DomTreeNode *Node = PDT.getNode(BB);
  if (!Node || !Node->getIDom())
    return nullptr;
  return Node->getIDom()->getBlock();
}

/// Whether \p BB, whose immediate post-dominator is \p Next, is a
/// single-block subgraph: it branches to \p Next, either directly or through
/// empty blocks that only it enters. The second form is the exit branch of an
/// earlier meld, which keeps the PHIs of \p Next able to tell the paths
/// apart; treating it as one block lets melds iterate (DARM's SB4, where a
/// three-way branch is melded pair by pair).
static bool isSingleBlockSubgraph(BasicBlock *BB, BasicBlock *Next) {
  if (BB->getSingleSuccessor())
    return true;
  if (!isa<BranchInst>(BB->getTerminator()))
    return false;
  return all_of(successors(BB), [&](BasicBlock *Succ) {
    return Succ == Next || (Succ->getSingleSuccessor() == Next &&
                            Succ->getSinglePredecessor() == BB &&
                            isa<BranchInst>(Succ->getFirstNonPHIOrDbg()));
  });
}

//===----------------------------------------------------------------------===//
// Profitability
//===----------------------------------------------------------------------===//

unsigned ControlFlowMelder::getLatency(const Instruction &I) const {
  if (isIgnoredInstruction(I))
    return 0;
  if (I.mayReadOrWriteMemory() && !isa<CallBase>(I))
    return MemoryLatency;
  if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
    return CallLatency;
  InstructionCost Cost =
      TTI->getInstructionCost(&I, TargetTransformInfo::TCK_Latency);
  std::optional<InstructionCost::CostType> Value = Cost.getValue();
  if (!Value)
    return MaxArithLatency;
  return std::clamp<InstructionCost::CostType>(*Value, 1, MaxArithLatency);
}

uint64_t ControlFlowMelder::getBlockLatency(BasicBlock *BB) const {
  uint64_t Total = 0;
  for (const Instruction &I : *BB)
    Total += getLatency(I);
  return Total;
}

/// The latency melding \p B1 and \p B2 saves at best (ignoring order); adds
/// the latency of both blocks to \p Total.
uint64_t ControlFlowMelder::getSavedLatency(BasicBlock *B1, BasicBlock *B2,
                                            uint64_t &Total) const {
  DenseMap<unsigned, uint64_t> OpcodeLatency[2];
  BasicBlock *Blocks[2] = {B1, B2};
  for (unsigned Side = 0; Side < 2; ++Side) {
    for (const Instruction &I : *Blocks[Side]) {
      unsigned Latency = getLatency(I);
      OpcodeLatency[Side][I.getOpcode()] += Latency;
      Total += Latency;
    }
  }
  uint64_t Saved = 0;
  for (const auto &[Opcode, Latency] : OpcodeLatency[0]) {
    auto It = OpcodeLatency[1].find(Opcode);
    if (It != OpcodeLatency[1].end())
      Saved += std::min(Latency, It->second);
  }
  return Saved;
}

/// Instructions (of the issued code) the backend emits for \p I, as far as
/// the net-benefit check needs it: one per IR instruction, except 64-bit
/// integer arithmetic (two 32-bit halves), vectors (one per element) and the
/// software expansions of division (AMDGPU has no divide instruction;
/// AMDGPUCodeGenPrepare expands a 32-bit integer division into about 25
/// instructions, a correctly rounded f32 division takes about 10).
static unsigned getIssueCost(const Instruction &I) {
  if (I.mayReadOrWriteMemory() || isa<CallBase>(I))
    return 1; // one memory instruction, whatever its width
  Type *Ty = I.getType();
  unsigned Elts = 1;
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    Elts = VT->getNumElements();
  Type *ScalarTy = Ty->getScalarType();
  unsigned Bits = ScalarTy->isIntegerTy() ? ScalarTy->getIntegerBitWidth() : 32;
  switch (I.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    if (isa<Constant>(I.getOperand(1)))
      return Elts * (Bits > 32 ? 8 : 4); // multiply by the reciprocal
    return Elts * (Bits > 32 ? 64 : 24);
  case Instruction::FDiv:
    if (I.getFastMathFlags().allowReciprocal())
      return Elts * 2;
    return Elts * (ScalarTy->isDoubleTy() ? 12 : 10);
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    return Elts * (Bits > 32 ? 2 : 1);
  case Instruction::Mul:
    return Elts * (Bits > 32 ? 4 : 1);
  default:
    return Elts;
  }
}

/// A select of the divergent condition: a v_cndmask per 32 bits; one more
/// per 32 bits if both operands are uniform values (they live in SGPRs and a
/// VOP3 reads at most one SGPR on gfx9, so one is copied to a VGPR). A
/// 64-bit pointer (global, constant, flat) costs 8: the selected address
/// can no longer use the SGPR-base + VGPR-offset form, so both uniform bases
/// are copied to VGPRs (4) and the address needs a 64-bit VALU add (2),
/// besides the two v_cndmask. A select of lane masks (i1) is s_and, s_andn2
/// and s_or.
static unsigned getSelectCost(const DataLayout &DL, const UniformityInfo &UI,
                              const Value *A, const Value *B) {
  Type *Ty = A->getType();
  if (Ty->isIntOrIntVectorTy(1)) {
    // Lane masks: s_and, s_andn2 and s_or in general; one operation with a
    // constant operand (C & A, C | B, and with the inverted condition
    // !C | A, !C & B, which may take another compare); C itself for
    // true/false.
    auto *KA = dyn_cast<ConstantInt>(A), *KB = dyn_cast<ConstantInt>(B);
    if (KA && KB)
      return KA->isOne() ? 0 : 1;
    if (KB)
      return KB->isZero() ? 1 : 2;
    if (KA)
      return KA->isOne() ? 1 : 2;
    return 3;
  }
  uint64_t Bits = DL.getTypeSizeInBits(Ty).getFixedValue();
  if (Ty->isPointerTy() && Bits == 64)
    return 8;
  unsigned Parts = std::max<uint64_t>(1, divideCeil(Bits, 32));
  if (!isa<Constant>(A) && !isa<Constant>(B) && UI.isUniform(A) &&
      UI.isUniform(B))
    return 2 * Parts;
  return Parts;
}

/// The select that gives operand \p Idx of a melded \p User the values
/// \p A and \p B of the two paths (getSelectCost), plus one add if it
/// replaces a constant base address of a getelementptr: a constant base
/// (an LDS or global variable) folds into the immediate offset of the memory
/// instruction or of the address arithmetic, a selected one is added to the
/// offset by an instruction of its own. Alignment pruning compares the two
/// forms of an address with it; the net-benefit check prices a selected
/// address with getAddressUnfoldCost instead, per use.
static unsigned getOperandSelectCost(const DataLayout &DL,
                                     const UniformityInfo &UI,
                                     const Instruction &User, unsigned Idx,
                                     const Value *A, const Value *B) {
  bool SelectedBase = isa<GetElementPtrInst>(User) && Idx == 0 &&
                      isa<Constant>(A) && isa<Constant>(B);
  return getSelectCost(DL, UI, A, B) + (SelectedBase ? 1 : 0);
}

/// \p V as Base + Offset with a constant Offset: constant-index GEPs and
/// `add`/`or disjoint` of a constant that the side computes in \p BB, for
/// this access, are stripped (a value computed before the branch is there
/// whether or not the access is melded). These constants are what AMDGPU
/// folds into the immediate offset of a DS, global or scratch access (and
/// of the address arithmetic feeding it).
static std::pair<const Value *, int64_t>
decomposeAddress(const DataLayout &DL, const Value *V, const BasicBlock *BB) {
  int64_t Offset = 0;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const auto *I = dyn_cast<Instruction>(V);
    if (I && I->getParent() != BB)
      break;
    if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      if (!GEP->accumulateConstantOffset(DL, Off))
        break;
      Offset += Off.getSExtValue();
      V = GEP->getPointerOperand();
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(V);
    const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
    if (!C || !(BO->getOpcode() == Instruction::Add ||
                (BO->getOpcode() == Instruction::Or &&
                 cast<PossiblyDisjointInst>(BO)->isDisjoint())))
      break;
    Offset += C->getSExtValue();
    V = BO->getOperand(0);
  }
  return {V, Offset};
}

/// True if operand \p Idx of \p User is (part of) the address of a memory
/// access: the pointer of a load or store, or the base or an index of a GEP.
static bool isAddressOperand(const Instruction &User, unsigned Idx) {
  if (isa<GetElementPtrInst>(User))
    return true;
  if (const auto *LI = dyn_cast<LoadInst>(&User))
    return Idx == LI->getPointerOperandIndex();
  if (const auto *SI = dyn_cast<StoreInst>(&User))
    return Idx == SI->getPointerOperandIndex();
  return false;
}

/// Instructions that selecting address operand \p Idx of \p User, \p A, and
/// the partner operand \p B of \p Partner adds besides the v_cndmask
/// (getSelectCost). Unmelded, each side's access takes its
/// constant offset in the instruction's immediate field; the selected
/// address is one register per lane, so every side whose address had a
/// constant part now adds it with an instruction of its own (one add for
/// both if they share the base: the add of a selected constant), and a
/// select of two literals that are not inline constants needs a v_mov.
static unsigned getAddressUnfoldCost(const DataLayout &DL,
                                     const Instruction &User,
                                     const Instruction &Partner, unsigned Idx,
                                     const Value *A, const Value *B) {
  if (!isAddressOperand(User, Idx) || A->getType()->isVectorTy())
    return 0;
  auto IsLiteral = [](const Value *V) {
    const auto *C = dyn_cast<ConstantInt>(V);
    return C && (C->getSExtValue() < -16 || C->getSExtValue() > 64);
  };
  if (isa<ConstantInt>(A) && isa<ConstantInt>(B))
    return 1 + (IsLiteral(A) && IsLiteral(B) ? 1 : 0);
  auto [BaseA, OffA] = decomposeAddress(DL, A, User.getParent());
  auto [BaseB, OffB] = decomposeAddress(DL, B, Partner.getParent());
  if (BaseA == BaseB)
    return OffA != OffB ? 1 : 0;
  return (OffA != 0) + (OffB != 0);
}

/// The backend drops the s_cbranch_execz around a predicated block of fewer
/// than amdgpu-skip-threshold (12) instructions without memory accesses.
static bool isSkipBranchDropped(ArrayRef<const Instruction *> Code) {
  unsigned N = 0;
  for (const Instruction *I : Code) {
    if (isIgnoredInstruction(*I))
      continue;
    // Intrinsics without memory effects (smin, fabs, ...) are instructions
    // of their own, not calls.
    bool IsCall = isa<CallBase>(I) &&
                  (!isa<IntrinsicInst>(I) || cast<CallBase>(I)->isConvergent());
    if (I->mayReadOrWriteMemory() || IsCall || ++N >= 12)
      return false;
  }
  return true;
}

/// True if an unaligned run can stay in the melded block and run for every
/// lane: it is short enough that the backend would drop the skip branch of
/// an if-then around it anyway (isSkipBranchDropped), and none of it can
/// trap, touch memory or have another effect. The other side's lanes
/// compute values only this side's lanes use. It then costs what it cost on
/// its own side, without the if-then.
static bool isSpeculatableRun(ArrayRef<const Instruction *> Run) {
  return isSkipBranchDropped(Run) && all_of(Run, [](const Instruction *I) {
           return !isa<PHINode>(I) && !I->isTerminator() &&
                  !I->mayReadOrWriteMemory() && isSafeToSpeculativelyExecute(I);
         });
}

/// Pairs of PHIs, one of each path, that a meld can merge into one PHI
/// (mergeCopiedPhis) or whose selects the estimate need not count
/// (pairCopiedPhis): the largest one-to-one set of \p Candidates for which
/// \p Holds accepts each pair given the set (its PHIs take values on the
/// edges that \p Holds compares that are equal or pairs of the set). Found
/// as a greatest fixpoint: assume all candidates, drop pairs that do not
/// hold until none is dropped, keep a one-to-one subset, and repeat the
/// dropping on it (a pair may have relied on a pair that was not kept).
using PhiPair = std::pair<PHINode *, PHINode *>;
using PhiPairSet = DenseSet<std::pair<const Value *, const Value *>>;
static SmallVector<PhiPair, 8>
findPhiPairs(ArrayRef<PhiPair> Candidates,
             function_ref<bool(const PhiPair &, const PhiPairSet &)> Holds) {
  PhiPairSet Assumed(Candidates.begin(), Candidates.end());
  auto DropFailing = [&](ArrayRef<PhiPair> Pairs) {
    for (bool Dropped = true; Dropped;) {
      Dropped = false;
      for (const PhiPair &Pair : Pairs)
        if (Assumed.contains(Pair) && !Holds(Pair, Assumed)) {
          Assumed.erase(Pair);
          Dropped = true;
        }
    }
  };
  DropFailing(Candidates);
  SmallVector<PhiPair, 8> Chosen;
  SmallPtrSet<PHINode *, 16> Used;
  for (const PhiPair &Pair : Candidates)
    if (Assumed.contains(Pair) && !Used.count(Pair.first) &&
        !Used.count(Pair.second)) {
      Used.insert(Pair.first);
      Used.insert(Pair.second);
      Chosen.push_back(Pair);
    }
  Assumed = PhiPairSet(Chosen.begin(), Chosen.end());
  DropFailing(Chosen);
  erase_if(Chosen,
           [&](const PhiPair &Pair) { return !Assumed.contains(Pair); });
  return Chosen;
}

/// The estimate's view of mergeCopiedPhis for a region-region candidate:
/// the PHIs of corresponding blocks that the meld will merge are added to
/// \p Partner, so the selects of their uses are not counted, and the select
/// each merged pair needs on its one differing edge is added to \p Selects
/// (for a loop whose PHIs differ only in their start values, one select
/// outside the loop). Edges correspond through the block mapping; the edge
/// from outside the subgraphs corresponds to the other path's edge from
/// outside.
static void pairCopiedPhis(const MeldCandidate &Cand, const DataLayout &DL,
                           const UniformityInfo &UI,
                           DenseMap<const Value *, const Value *> &Partner,
                           unsigned &Selects) {
  DenseMap<const BasicBlock *, const BasicBlock *> Map;
  for (auto [B1, B2] : Cand.Blocks)
    Map[B1] = B2;
  // The value of \p P2 on the edge that corresponds to edge \p In of P1.
  auto PartnerValue = [&](const PHINode *P1, unsigned In,
                          const PHINode *P2) -> const Value * {
    if (const BasicBlock *Pred2 = Map.lookup(P1->getIncomingBlock(In))) {
      int Idx2 = P2->getBasicBlockIndex(Pred2);
      return Idx2 < 0 ? nullptr : P2->getIncomingValue(Idx2);
    }
    for (unsigned In2 = 0, E = P2->getNumIncomingValues(); In2 != E; ++In2)
      if (none_of(Cand.Blocks, [&](const auto &BlockPair) {
            return BlockPair.second == P2->getIncomingBlock(In2);
          }))
        return P2->getIncomingValue(In2);
    return nullptr;
  };
  auto Equal = [&](const Value *V1, const Value *V2,
                   const PhiPairSet &Assumed) {
    return V1 == V2 || Partner.lookup(V1) == V2 || Assumed.contains({V1, V2});
  };
  SmallVector<PhiPair, 8> Candidates;
  for (auto [B1, B2] : Cand.Blocks)
    for (PHINode &P1 : B1->phis())
      for (PHINode &P2 : B2->phis())
        if (P1.getType() == P2.getType() &&
            P1.getNumIncomingValues() == P2.getNumIncomingValues())
          Candidates.push_back({&P1, &P2});
  auto Holds = [&](const PhiPair &Pair, const PhiPairSet &Assumed) {
    auto [P1, P2] = Pair;
    unsigned Differing = 0;
    for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
      const Value *V2 = PartnerValue(P1, In, P2);
      if (!V2)
        return false;
      if (!Equal(P1->getIncomingValue(In), V2, Assumed) && ++Differing > 1)
        return false;
    }
    return true;
  };
  SmallVector<PhiPair, 8> Pairs = findPhiPairs(Candidates, Holds);
  PhiPairSet Merged(Pairs.begin(), Pairs.end());
  for (auto [P1, P2] : Pairs) {
    for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
      const Value *V1 = P1->getIncomingValue(In);
      const Value *V2 = PartnerValue(P1, In, P2);
      if (!Equal(V1, V2, Merged))
        Selects += getSelectCost(DL, UI, V1, V2);
    }
  }
  for (auto [P1, P2] : Pairs)
    Partner[P1] = P2;
}

/// The blocks of both sides of \p Cand (for a basic-block/region candidate,
/// the region and the single block).
static SmallPtrSet<const BasicBlock *, 16>
getCandidateBlocks(const MeldCandidate &Cand) {
  SmallPtrSet<const BasicBlock *, 16> Blocks;
  for (auto [B1, B2] : Cand.Blocks) {
    Blocks.insert(B1);
    Blocks.insert(B2);
  }
  if (Cand.Single)
    Blocks.insert(Cand.Single);
  return Blocks;
}

/// The MeldValues of \p Cand with \p Alignments; adds the selects the merged
/// PHIs need to \p PhiSelects.
MeldValues ControlFlowMelder::getMeldValues(const MeldCandidate &Cand,
                                            ArrayRef<InstrAlignment> Alignments,
                                            unsigned &PhiSelects) const {
  MeldValues Values;
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment)
      if (P.isMatch())
        Values.Partner[P.True] = P.False;
  if (Cand.Kind == MeldKind::RegionRegion)
    pairCopiedPhis(Cand, F.getDataLayout(), *UI, Values.Partner, PhiSelects);
  Values.Blocks = getCandidateBlocks(Cand);
  return Values;
}

/// What the melded code saves and what it adds, in instructions a wave
/// issues when both sides of the branch run (the case melding is for):
///   saved: each aligned pair issues once instead of twice (getIssueCost);
///          a side the meld absorbs entirely no longer needs its part of the
///          EXEC-mask code of the divergent branch (s_and_saveexec, s_xor,
///          s_cbranch_execz, s_andn2_saveexec, s_cbranch_execz, s_or: an
///          if-else costs two if-thens, -cf-meld-run-overhead each, one less
///          per side whose skip branch the backend drops; a basic-block/
///          region meld that covers both sides removes the whole branch);
///          two melded interior branches of isomorphic regions need one
///          if-then instead of two.
///   added: a select per differing operand that is not itself an aligned
///          pair, and per PHI of a common exit whose two incoming values
///          differ (the exit edges of both sides now leave the melded block,
///          so the PHI becomes a select); a select per branch of a
///          replicated region; -cf-meld-run-overhead per maximal run of
///          unaligned instructions that is not speculated (an if-then:
///          s_and_saveexec, s_cbranch_execz, s_or; one less without the skip
///          branch); one compare for the inverted condition of false-side
///          runs. A basic-block/region meld aligns the single block with its
///          partner; the region's other blocks on the replica's route are
///          runs (addReplicaRunCost).
MeldCost
ControlFlowMelder::estimateCost(const DivergentRegion &R,
                                const MeldCandidate &Cand,
                                ArrayRef<InstrAlignment> Alignments) const {
  MeldCostTerms T;
  MeldValues Values = getMeldValues(Cand, Alignments, T.Selects);
  auto Differ = [&](const Value *A, const Value *B) {
    return Values.differ(A, B);
  };
  // A select of two values from outside the subgraphs is emitted once
  // (OperandSelects); count it once.
  DenseSet<std::pair<const Value *, const Value *>> Counted;
  auto IsShared = [&](const Value *A, const Value *B) {
    return Values.isOutside(A) && Values.isOutside(B) &&
           !Counted.insert({A, B}).second;
  };
  for (const InstrAlignment &Alignment : Alignments)
    addAlignmentCost(Alignment, Differ, IsShared, T);
  BasicBlock *CommonExit = addBranchSaving(R, Cand, Differ, T);
  if (CommonExit)
    addExitSelects(Cand, CommonExit, Differ, T);
  if (Cand.Kind == MeldKind::BlockRegion)
    addReplicaRunCost(Cand, T);

  MeldCost Cost;
  Cost.Saved = T.Pairs + T.Branches;
  Cost.Overhead = T.Selects + T.ExitSelects + T.Runs + T.InvertedCond;
  LLVM_DEBUG(dbgs() << "cf-meld: cost of melding in " << F.getName() << " "
                    << R.Entry->getName() << " kind=" << getKindName(Cand.Kind)
                    << " pairs=" << T.Pairs << " branches=" << T.Branches
                    << " selects=" << T.Selects
                    << " exit-selects=" << T.ExitSelects << " runs=" << T.Runs
                    << " inverted=" << T.InvertedCond << " => saved "
                    << Cost.Saved << ", added " << Cost.Overhead << "\n");
  return Cost;
}

/// True if \p I1 and \p I2 are compares of one kind and operand type whose
/// predicates differ and are each other's swapped form: I1 computes what I2
/// does with its operands exchanged.
static bool areSwappedCompares(const Instruction *I1, const Instruction *I2) {
  const auto *C1 = dyn_cast<CmpInst>(I1);
  const auto *C2 = dyn_cast<CmpInst>(I2);
  return C1 && C2 && C1->getOpcode() == C2->getOpcode() &&
         C1->getPredicate() != C2->getPredicate() &&
         C1->getPredicate() == C2->getSwappedPredicate() &&
         C1->getOperand(0)->getType() == C2->getOperand(0)->getType();
}

/// True if \p I1 and \p I2 are the same commutative operation and more of
/// their first two operands are the same value with I2's in exchanged order
/// (`a + b`, `b + c`): melded, they then need fewer selects. \p Differ, if
/// given, tells which operands will differ once the meld is done (operands
/// that are themselves an aligned pair will not); by default, the operands
/// that are different values now.
static bool areCommutedOperands(const Instruction *I1, const Instruction *I2,
                                DifferFn Differ = nullptr) {
  if (!I1->isCommutative() || I1->getOpcode() != I2->getOpcode() ||
      I1->getNumOperands() < 2 || I2->getNumOperands() < 2)
    return false;
  auto Same = [&](const Value *A, const Value *B) {
    return Differ ? !Differ(A, B) : A == B;
  };
  const Value *A0 = I1->getOperand(0), *A1 = I1->getOperand(1);
  const Value *B0 = I2->getOperand(0), *B1 = I2->getOperand(1);
  return Same(A0, B1) + Same(A1, B0) > Same(A0, B0) + Same(A1, B1);
}

/// The operand of \p I2 that operand \p Idx of \p I1 melds with (\p Differ
/// as for areCommutedOperands).
static Value *getPartnerOperand(const Instruction *I1, const Instruction *I2,
                                unsigned Idx, DifferFn Differ = nullptr) {
  bool Exchanged = areSwappedCompares(I1, I2) ||
                   (Idx < 2 && areCommutedOperands(I1, I2, Differ));
  return I2->getOperand(Exchanged ? 1 - Idx : Idx);
}

bool ControlFlowMelder::isFolded(const Instruction &I) const {
  if (!isa<GetElementPtrInst>(I) && !isa<UnaryOperator>(I) &&
      !isa<CastInst>(I) && !isa<IntrinsicInst>(I))
    return false;
  InstructionCost Cost =
      TTI->getInstructionCost(&I, TargetTransformInfo::TCK_CodeSize);
  return Cost.isValid() && Cost == TargetTransformInfo::TCC_Free;
}

/// The pairs, selects and unpredicated runs of one block alignment.
void ControlFlowMelder::addAlignmentCost(const InstrAlignment &Alignment,
                                         DifferFn Differ, DifferFn IsShared,
                                         MeldCostTerms &T) const {
  const DataLayout &DL = F.getDataLayout();
  // Selects already counted in the current block of the melded code, which
  // later instructions of the block share (OperandSelects).
  DenseSet<std::pair<const Value *, const Value *>> InBlock;
  for (size_t K = 0, E = Alignment.size(); K < E;) {
    const AlignedPair &P = Alignment[K];
    if (P.isMatch()) {
      // What the pair saves is what the two copies issued: nothing for an
      // instruction the backend folds into its users (a GEP with a constant
      // offset becomes the access's immediate offset, fneg/fabs a source
      // modifier, a no-op cast nothing), which TTI prices at TCC_Free.
      bool Free = isFolded(*P.True) && isFolded(*P.False);
      if (!Free)
        T.Pairs += getIssueCost(*P.True);
      for (unsigned Idx = 0, N = P.True->getNumOperands(); Idx != N; ++Idx) {
        Value *Op1 = P.True->getOperand(Idx);
        Value *Op2 = getPartnerOperand(P.True, P.False, Idx, Differ);
        if (!Differ(Op1, Op2))
          continue;
        // The add that a selected address part needs is per use: the
        // immediate offset of this access is lost whether or not the
        // select itself is shared.
        T.Selects += getAddressUnfoldCost(DL, *P.True, *P.False, Idx, Op1, Op2);
        if (!IsShared(Op1, Op2) && InBlock.insert({Op1, Op2}).second)
          T.Selects += getSelectCost(DL, *UI, Op1, Op2);
      }
      // A selected operand of fneg/fabs or a no-op cast keeps it folded (a
      // source modifier applies to the select's result); a GEP's selected
      // operand is priced by getAddressUnfoldCost above.
      ++K;
      continue;
    }
    // A maximal run of one side, as emitMeldedBody forms it.
    bool TrueSide = P.True;
    SmallVector<const Instruction *, 8> Run;
    for (; K < E && !Alignment[K].isMatch() &&
           TrueSide == (Alignment[K].True != nullptr);
         ++K)
      Run.push_back(TrueSide ? Alignment[K].True : Alignment[K].False);
    // A speculated run issues once, as it did on its own side.
    if (isSpeculatableRun(Run))
      continue;
    // Unpredication starts a new block.
    InBlock.clear();
    if (all_of(Run,
               [](const Instruction *I) { return isIgnoredInstruction(*I); }))
      continue;
    T.Runs += RunOverhead - (isSkipBranchDropped(Run) ? 1 : 0);
    if (!TrueSide)
      T.InvertedCond = 1;
  }
}

/// The conditional branch that ends \p B, or that region simplification
/// split off its end (B's single successor holds nothing else), or null.
static const BranchInst *getExitBranch(const BasicBlock *B) {
  const Instruction *T = B->getTerminator();
  if (const BasicBlock *Succ = B->getSingleSuccessor()) {
    if (Succ->getSinglePredecessor() != B ||
        &Succ->front() != Succ->getTerminator())
      return nullptr;
    T = Succ->getTerminator();
  }
  const auto *Br = dyn_cast<BranchInst>(T);
  return Br && Br->isConditional() ? Br : nullptr;
}

/// True if blocks \p B1 and \p B2 end in conditional branches (their own
/// or split off) that the meld makes the same: same successors, conditions
/// that are equal or an aligned pair, and no successor PHI that tells them
/// apart. The divergent branch that chose between the blocks then picks
/// between two equal branches, and SimplifyCFG folds it (the bitonic
/// compare-and-swap).
static bool haveSameExitBranch(const BasicBlock *B1, const BasicBlock *B2,
                               DifferFn Differ) {
  const BranchInst *Br1 = getExitBranch(B1);
  const BranchInst *Br2 = getExitBranch(B2);
  if (!Br1 || !Br2 || Differ(Br1->getCondition(), Br2->getCondition()))
    return false;
  for (unsigned Idx = 0; Idx < 2; ++Idx) {
    const BasicBlock *Succ = Br1->getSuccessor(Idx);
    if (Succ != Br2->getSuccessor(Idx))
      return false;
    for (const PHINode &Phi : Succ->phis())
      if (Differ(Phi.getIncomingValueForBlock(Br1->getParent()),
                 Phi.getIncomingValueForBlock(Br2->getParent())))
        return false;
  }
  return true;
}

/// The EXEC-mask code the meld removes: that of the region's divergent
/// branch for every side the meld absorbs entirely (from the branch's
/// successor to the region's exit, or, for two blocks, to split-off exit
/// branches that the meld makes the same), and one if-then per pair of
/// melded interior branches of isomorphic regions. Returns the exit both
/// melded sides leave to, if they leave to the same block.
BasicBlock *ControlFlowMelder::addBranchSaving(const DivergentRegion &R,
                                               const MeldCandidate &Cand,
                                               DifferFn Differ,
                                               MeldCostTerms &T) const {
  if (Cand.Kind == MeldKind::BlockRegion) {
    addBlockRegionBranchSaving(R, Cand, Differ, T);
    return nullptr;
  }
  auto *EntryBr = cast<BranchInst>(R.Entry->getTerminator());
  BasicBlock *Exits[2];
  bool Absorbed[2];
  bool SameExitBranch = Cand.Kind == MeldKind::BlockBlock &&
                        haveSameExitBranch(Cand.Blocks.front().first,
                                           Cand.Blocks.front().second, Differ);
  for (unsigned Side = 0; Side < 2; ++Side) {
    BasicBlock *First =
        Side == 0 ? Cand.Blocks.front().first : Cand.Blocks.front().second;
    Exits[Side] = Cand.Kind == MeldKind::BlockBlock
                      ? First->getSingleSuccessor()
                      : Cand.Exits[Side];
    Absorbed[Side] = First == EntryBr->getSuccessor(Side) &&
                     (Exits[Side] == R.Exit || SameExitBranch ||
                      (Cand.Kind == MeldKind::BlockBlock &&
                       joinsOtherSide(R, 1 - Side, Exits[Side])));
    if (!Absorbed[Side])
      continue;
    bool Dropped = false;
    if (Cand.Kind == MeldKind::BlockBlock) {
      SmallVector<const Instruction *, 16> Body(make_pointer_range(*First));
      Dropped = isSkipBranchDropped(Body);
    }
    T.Branches += RunOverhead - (Dropped ? 1 : 0);
  }
  // Code left for an unabsorbed false side is entered on the inverted
  // condition.
  if (Absorbed[0] && !Absorbed[1])
    T.InvertedCond = 1;
  if (Cand.Kind == MeldKind::RegionRegion) {
    const DataLayout &DL = F.getDataLayout();
    for (auto [B1, B2] : Cand.Blocks) {
      auto *Br1 = dyn_cast<BranchInst>(B1->getTerminator());
      auto *Br2 = dyn_cast<BranchInst>(B2->getTerminator());
      if (!Br1 || !Br2 || !Br1->isConditional() || !Br2->isConditional())
        continue;
      // A loop's branches have no if-then to save: the melded loop runs
      // until the last lane leaves it, as each loop did before.
      bool InLoop =
          Cand.Cyclic && LI->getLoopFor(B1) != LI->getLoopFor(R.Entry);
      if (!InLoop)
        T.Branches += RunOverhead;
      // A swapped branch needs its partner's condition inverted.
      bool Swapped = Cand.SwappedBranches.contains(B1);
      if (Swapped || Differ(Br1->getCondition(), Br2->getCondition()))
        T.Selects +=
            getSelectCost(DL, *UI, Br1->getCondition(), Br2->getCondition()) +
            (Swapped ? 1 : 0);
    }
  }
  return Exits[0] && Exits[0] == Exits[1] ? Exits[0] : nullptr;
}

/// Whether lanes of side \p Other of \p R also enter \p Join, the block that
/// the first block of R's remaining side goes to, before the region's exit.
/// Then the remaining side has no code of its own once its first block is
/// melded: its lanes wait at \p Join, and the divergent branch needs no arm
/// for them (in DARM's mergesort step, the `a[j]` side's block goes to the
/// store block that the `a[i]` side's compare also branches to).
bool ControlFlowMelder::joinsOtherSide(const DivergentRegion &R, unsigned Other,
                                       BasicBlock *Join) const {
  BasicBlock *OtherEntry = R.Entry->getTerminator()->getSuccessor(Other);
  return Join && Join != R.Exit &&
         any_of(predecessors(Join),
                [&](BasicBlock *P) { return DT->dominates(OtherEntry, P); });
}

/// The branches of a basic-block/region meld. The region's branches on the
/// replica's route stay, each on `select C, Cond, K` with a constant K for
/// the replica; those off the route keep their condition. If the
/// meld covers both sides of the divergent branch, from its successors to
/// the region's exit (the single block ends in a branch to it), the
/// divergent branch itself goes away: both of its edges enter the melded
/// region, and both sides leave it to the same block, whose PHIs then take a
/// select where the two sides' values differ.
void ControlFlowMelder::addBlockRegionBranchSaving(const DivergentRegion &R,
                                                   const MeldCandidate &Cand,
                                                   DifferFn Differ,
                                                   MeldCostTerms &T) const {
  const DataLayout &DL = F.getDataLayout();
  LLVMContext &Ctx = F.getContext();
  unsigned RS = Cand.RegionSide;
  // The select of two values, \p InRegion on the region's side and \p
  // OtherSide on the single block's.
  auto SelectCost = [&](const Value *InRegion, const Value *OtherSide) {
    return RS == 0 ? getSelectCost(DL, *UI, InRegion, OtherSide)
                   : getSelectCost(DL, *UI, OtherSide, InRegion);
  };
  ReplicaRoute Route(Cand);
  for (auto [BB, Same] : Cand.Blocks)
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional() && Route.contains(BB))
      T.Selects += SelectCost(Br->getCondition(),
                              ConstantInt::getBool(Ctx, Route.takesTrue(BB)));
  auto *EntryBr = cast<BranchInst>(R.Entry->getTerminator());
  if (EntryBr->getSuccessor(RS) != Cand.getEntry(RS) ||
      EntryBr->getSuccessor(1 - RS) != Cand.Single ||
      Cand.Exits[RS] != R.Exit || Cand.Single->getSingleSuccessor() != R.Exit)
    return;
  SmallVector<const Instruction *, 16> Body(make_pointer_range(*Cand.Single));
  T.Branches += 2 * RunOverhead - (isSkipBranchDropped(Body) ? 1 : 0);
  SmallPtrSet<const BasicBlock *, 16> Region = getCandidateBlocks(Cand);
  Region.erase(Cand.Single);
  for (const PHINode &PN : R.Exit->phis()) {
    const Value *FromSingle = PN.getIncomingValueForBlock(Cand.Single);
    if (isa<UndefValue>(FromSingle))
      continue;
    for (unsigned Idx = 0, N = PN.getNumIncomingValues(); Idx != N; ++Idx)
      if (Region.contains(PN.getIncomingBlock(Idx)) &&
          !isa<UndefValue>(PN.getIncomingValue(Idx)) &&
          Differ(PN.getIncomingValue(Idx), FromSingle)) {
        T.ExitSelects += SelectCost(PN.getIncomingValue(Idx), FromSingle);
        break;
      }
  }
}

/// The region blocks of a basic-block/region meld other than the partner are
/// melded with empty replicas, so each one's code becomes a run of the
/// region's side. On the replica's route the single block's lanes pass by
/// and the run is unpredicated (or speculated) like any other; off the route
/// only the region's lanes enter, and it costs nothing.
void ControlFlowMelder::addReplicaRunCost(const MeldCandidate &Cand,
                                          MeldCostTerms &T) const {
  ReplicaRoute Route(Cand);
  for (auto [BB, Same] : Cand.Blocks) {
    if (BB == Cand.Partner || !Route.contains(BB))
      continue;
    SmallVector<Instruction *, 32> Body = getBodyInstructions(BB);
    SmallVector<const Instruction *, 16> Run(Body.begin(), Body.end());
    if (isSpeculatableRun(Run) || all_of(Run, [](const Instruction *I) {
          return isIgnoredInstruction(*I);
        }))
      continue;
    T.Runs += RunOverhead - (isSkipBranchDropped(Run) ? 1 : 0);
    if (Cand.RegionSide == 1)
      T.InvertedCond = 1;
  }
}

/// A select per PHI of \p CommonExit whose incoming values from the two
/// melded sides differ: both sides now leave from the melded blocks.
void ControlFlowMelder::addExitSelects(const MeldCandidate &Cand,
                                       BasicBlock *CommonExit, DifferFn Differ,
                                       MeldCostTerms &T) const {
  SmallPtrSet<const BasicBlock *, 8> Blocks[2];
  for (auto [B1, B2] : Cand.Blocks) {
    Blocks[0].insert(B1);
    Blocks[1].insert(B2);
  }
  for (const PHINode &PN : CommonExit->phis()) {
    const Value *In[2] = {nullptr, nullptr};
    bool Differs = false;
    for (unsigned Idx = 0, N = PN.getNumIncomingValues(); Idx != N; ++Idx)
      for (unsigned Side = 0; Side < 2; ++Side) {
        if (!Blocks[Side].count(PN.getIncomingBlock(Idx)))
          continue;
        const Value *V = PN.getIncomingValue(Idx);
        Differs |= In[Side] && In[Side] != V;
        if (!In[Side])
          In[Side] = V;
      }
    if (In[0] && In[1] && (Differs || Differ(In[0], In[1])))
      T.ExitSelects += getSelectCost(F.getDataLayout(), *UI, In[0], In[1]);
  }
}

double ControlFlowMelder::computeProfitability(BasicBlock *B1,
                                               BasicBlock *B2) const {
  uint64_t Total = 0;
  uint64_t Saved = getSavedLatency(B1, B2, Total);
  return Total ? static_cast<double>(Saved) / static_cast<double>(Total) : 0.0;
}

//===----------------------------------------------------------------------===//
// Instruction alignment
//===----------------------------------------------------------------------===//

bool ControlFlowMelder::isAlignable(const Instruction &I) const {
  if (isIgnoredInstruction(I) || isa<AllocaInst>(I) || I.isEHPad())
    return false;
  if (const auto *CB = dyn_cast<CallBase>(&I))
    return !CB->isInlineAsm() && !CB->isConvergent() &&
           !CB->hasOperandBundles() && CB->getCalledFunction();
  return true;
}

bool ControlFlowMelder::areCompatible(const Instruction *I1,
                                      const Instruction *I2) const {
  if (!isAlignable(*I1) || !isAlignable(*I2))
    return false;
  // Covers opcode, operand count and types, predicates, alignment,
  // volatility, atomic ordering, syncscope, call attributes and masks.
  if (!I1->isSameOperationAs(I2) && !areSwappedCompares(I1, I2))
    return false;
  if (const auto *CB1 = dyn_cast<CallBase>(I1))
    if (CB1->getCalledOperand() != cast<CallBase>(I2)->getCalledOperand())
      return false;
  for (unsigned Idx = 0, E = I1->getNumOperands(); Idx != E; ++Idx) {
    const Value *Op1 = I1->getOperand(Idx);
    const Value *Op2 = getPartnerOperand(I1, I2, Idx);
    if (Op1 == Op2)
      continue;
    // A swifterror value can only be loaded, stored and passed as a
    // swifterror argument: no select of it.
    if (Op1->getType()->isTokenTy() || Op1->getType()->isMetadataTy() ||
        Op1->isSwiftError() || Op2->isSwiftError() ||
        !canReplaceOperandWithVariable(I1, Idx) ||
        !canReplaceOperandWithVariable(I2, Idx))
      return false;
  }
  return true;
}

int ControlFlowMelder::getMatchScore(const Instruction *I1,
                                     const Instruction *I2) const {
  int Differing = 0;
  for (unsigned Idx = 0, E = I1->getNumOperands(); Idx != E; ++Idx)
    if (I1->getOperand(Idx) != getPartnerOperand(I1, I2, Idx))
      ++Differing;
  return std::max(1, static_cast<int>(getLatency(*I1)) + 2 - Differing);
}

/// Smith-Waterman local alignment of the bodies of \p B1 and \p B2. Everything
/// outside the best-scoring local alignment is a gap. Returns false if the
/// blocks are too large to align.
bool ControlFlowMelder::alignInstructions(BasicBlock *B1, BasicBlock *B2,
                                          InstrAlignment &Alignment) const {
  return alignInstructions(getBodyInstructions(B1), getBodyInstructions(B2),
                           Alignment);
}

bool ControlFlowMelder::alignInstructions(ArrayRef<Instruction *> S1,
                                          ArrayRef<Instruction *> S2,
                                          InstrAlignment &Alignment) const {
  size_t N = S1.size(), M = S2.size();
  if ((N + 1) * (M + 1) > MaxAlignmentCells)
    return false;

  // H[I][J] is the best score of an alignment ending at S1[I-1], S2[J-1].
  std::vector<int> H((N + 1) * (M + 1), 0);
  auto Cell = [&](size_t I, size_t J) -> int & { return H[I * (M + 1) + J]; };
  size_t BestI = 0, BestJ = 0;
  for (size_t I = 1; I <= N; ++I) {
    for (size_t J = 1; J <= M; ++J) {
      int Score = std::max(
          {0, Cell(I - 1, J) - GapPenalty, Cell(I, J - 1) - GapPenalty});
      if (areCompatible(S1[I - 1], S2[J - 1]))
        Score = std::max(Score, Cell(I - 1, J - 1) +
                                    getMatchScore(S1[I - 1], S2[J - 1]));
      Cell(I, J) = Score;
      // Prefer the longest of equally good alignments.
      if (Score > 0 && Score >= Cell(BestI, BestJ)) {
        BestI = I;
        BestJ = J;
      }
    }
  }

  // Trace back from the best cell.
  SmallVector<AlignedPair, 32> Local;
  size_t I = BestI, J = BestJ;
  while (I > 0 && J > 0 && Cell(I, J) > 0) {
    int Score = Cell(I, J);
    if (areCompatible(S1[I - 1], S2[J - 1]) &&
        Score == Cell(I - 1, J - 1) + getMatchScore(S1[I - 1], S2[J - 1])) {
      Local.push_back({S1[I - 1], S2[J - 1]});
      --I;
      --J;
    } else if (Score == Cell(I - 1, J) - GapPenalty) {
      Local.push_back({S1[I - 1], nullptr});
      --I;
    } else {
      assert(Score == Cell(I, J - 1) - GapPenalty && "Broken traceback");
      Local.push_back({nullptr, S2[J - 1]});
      --J;
    }
  }

  Alignment.clear();
  for (size_t K = 0; K < I; ++K)
    Alignment.push_back({S1[K], nullptr});
  for (size_t K = 0; K < J; ++K)
    Alignment.push_back({nullptr, S2[K]});
  Alignment.append(Local.rbegin(), Local.rend());
  for (size_t K = BestI; K < N; ++K)
    Alignment.push_back({S1[K], nullptr});
  for (size_t K = BestJ; K < M; ++K)
    Alignment.push_back({nullptr, S2[K]});
  return true;
}

/// True if an instruction of a pruned pair can run unaligned for every lane
/// (isSpeculatableRun), so unmatching it never adds an if-then.
static bool isPrunable(const Instruction *I) {
  return !I->mayReadOrWriteMemory() && !isa<CallBase>(I) &&
         isSafeToSpeculativelyExecute(I);
}

/// Unmatch aligned pairs that cost more than they save (alignment pruning). The
/// match score of the alignment is a local heuristic: it cannot see whether an
/// operand pair is itself aligned, and it prefers a match with two selects to
/// two gaps. Once the alignment is known, the cost of a pair is exact: melding
/// pair P issues one instruction instead of two and adds a select per differing
/// operand (an operand pair is not differing if it is itself an aligned pair,
/// and a select of two outside values that another pair also needs is shared,
/// and a getelementptr that takes a select of two constant bases needs an add
/// for it); leaving P unaligned issues both, and the aligned users that took P
/// as one operand and the PHIs and other users outside the alignments then
/// share one select of the two results. A pair of speculatable instructions
/// (isPrunable) whose selects cost more than that is unmatched; its two
/// instructions stay where they were, as short runs that are speculated. Each
/// unmatching lowers the issued instructions the alignment implies, and is
/// repeated until no pair qualifies. Returns the number of pairs unmatched.
unsigned ControlFlowMelder::pruneAlignments(
    const MeldCandidate &Cand,
    MutableArrayRef<InstrAlignment> Alignments) const {
  const DataLayout &DL = F.getDataLayout();
  unsigned PhiSelects = 0;
  MeldValues Values = getMeldValues(Cand, Alignments, PhiSelects);
  auto Differ = [&](const Value *A, const Value *B) {
    return Values.differ(A, B);
  };
  auto IsOutside = [&](const Value *V) { return Values.isOutside(V); };
  DenseMap<const Instruction *, const Instruction *> AlignedWith;
  // Instructions of the alignments, matched or not.
  SmallPtrSet<const Instruction *, 32> InAlignments;
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment) {
      for (const Instruction *I : {P.True, P.False})
        if (I)
          InAlignments.insert(I);
      if (P.isMatch())
        AlignedWith[P.True] = P.False;
    }
  // Selects of two outside values, how many pairs need each, and which
  // selects each pair was counted for.
  using ValuePair = std::pair<const Value *, const Value *>;
  DenseMap<ValuePair, unsigned> OutsideUses;
  DenseMap<const Instruction *, SmallVector<ValuePair, 2>> CountedFor;
  auto ForEachDiffering = [&](const AlignedPair &P, auto Fn) {
    for (unsigned Idx = 0, N = P.True->getNumOperands(); Idx != N; ++Idx) {
      const Value *Op1 = P.True->getOperand(Idx);
      const Value *Op2 = getPartnerOperand(P.True, P.False, Idx, Differ);
      if (Differ(Op1, Op2))
        Fn(Idx, Op1, Op2);
    }
  };
  for (const InstrAlignment &Alignment : Alignments)
    for (const AlignedPair &P : Alignment)
      if (P.isMatch())
        ForEachDiffering(P, [&](unsigned, const Value *Op1, const Value *Op2) {
          if (IsOutside(Op1) && IsOutside(Op2)) {
            ++OutsideUses[{Op1, Op2}];
            CountedFor[P.True].push_back({Op1, Op2});
          }
        });

  // Selects that keeping P aligned needs.
  auto KeepCost = [&](const AlignedPair &P) {
    unsigned Cost = 0;
    ForEachDiffering(P, [&](unsigned Idx, const Value *Op1, const Value *Op2) {
      if (!IsOutside(Op1) || !IsOutside(Op2) || OutsideUses[{Op1, Op2}] == 1)
        Cost += getOperandSelectCost(DL, *UI, *P.True, Idx, Op1, Op2);
    });
    return Cost;
  };
  // Instructions and selects that unmatching P adds. Its two results need
  // one select, whoever uses it: the melded block of P dominates every user
  // of its results, so the copies OperandSelects makes in later blocks are
  // common subexpressions that GVN and EarlyCSE in the backend's IR
  // pipeline remove.
  auto UnmatchCost = [&](const AlignedPair &P) {
    bool NeedsSelect = false;
    for (const Use &U : P.True->uses()) {
      const auto *User = cast<Instruction>(U.getUser());
      const Instruction *UserPartner = AlignedWith.lookup(User);
      NeedsSelect |=
          !InAlignments.contains(User) ||
          (UserPartner && getPartnerOperand(User, UserPartner, U.getOperandNo(),
                                            Differ) == P.False);
    }
    for (const User *U : P.False->users())
      NeedsSelect |= !InAlignments.contains(cast<Instruction>(U));
    return getIssueCost(*P.True) +
           (NeedsSelect ? getSelectCost(DL, *UI, P.True, P.False) : 0);
  };

  // The last aligned pair that is not a select stays: without one there is
  // no meld (tryRegion), and the net-benefit check weighs its selects
  // against the branch the meld removes.
  auto IsCore = [](const AlignedPair &P) {
    return P.isMatch() && !isa<SelectInst>(P.True);
  };
  unsigned CorePairs = 0;
  for (const InstrAlignment &Alignment : Alignments)
    CorePairs += count_if(Alignment, IsCore);
  unsigned Unmatched = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (InstrAlignment &Alignment : Alignments)
      for (size_t K = 0; K < Alignment.size(); ++K) {
        AlignedPair P = Alignment[K];
        if (!P.isMatch() || !isPrunable(P.True) || !isPrunable(P.False) ||
            (IsCore(P) && CorePairs == 1) || KeepCost(P) <= UnmatchCost(P))
          continue;
        if (IsCore(P))
          --CorePairs;
        for (const ValuePair &Key : CountedFor.lookup(P.True))
          --OutsideUses[Key];
        Values.Partner.erase(P.True);
        AlignedWith.erase(P.True);
        Alignment[K] = {P.True, nullptr};
        Alignment.insert(Alignment.begin() + K + 1, {nullptr, P.False});
        ++NumPairsPruned;
        ++Unmatched;
        Changed = true;
      }
  }
  return Unmatched;
}

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

bool ControlFlowMelder::buildRegion(BasicBlock &Entry, DivergentRegion &R) {
  auto *BI = cast<BranchInst>(Entry.getTerminator());
  BasicBlock *T = BI->getSuccessor(0);
  BasicBlock *Fl = BI->getSuccessor(1);
  R.Entry = &Entry;
  R.Cond = BI->getCondition();
  R.Exit = getIPostDom(*PDT, &Entry);
  if (T == Fl || !R.Exit) {
    emitMissed("NoPostDominator", Entry,
               "divergent branch has no immediate post-dominator");
    return false;
  }
  if (T == R.Exit || Fl == R.Exit) {
    emitMissed("NotMeldableRegion", Entry,
               "a successor of the divergent branch post-dominates the other");
    return false;
  }
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
/// loop back to its entry and must not contain convergent operations.
bool ControlFlowMelder::checkRegionBody(DivergentRegion &R) {
  SmallPtrSet<BasicBlock *, 16> Visited;
  SmallVector<BasicBlock *, 16> Worklist(successors(R.Entry));
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    if (BB == R.Exit || !Visited.insert(BB).second)
      continue;
    if (BB == R.Entry) {
      emitMissed("RegionNotAcyclic", *R.Entry,
                 "divergent region loops back to its entry");
      return false;
    }
    if (any_of(*BB, isConvergentCall)) {
      emitMissed("Convergent", *R.Entry,
                 "divergent region contains a convergent operation");
      return false;
    }
    append_range(Worklist, successors(BB));
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
  if (!L || L->getHeader() != BB || L == LI->getLoopFor(R.Entry))
    return getIPostDom(*PDT, BB);
  SmallVector<BasicBlock *, 4> ExitBlocks;
  L->getExitBlocks(ExitBlocks);
  BasicBlock *Exit = ExitBlocks.empty() ? nullptr : ExitBlocks.front();
  for (BasicBlock *Other : ExitBlocks)
    Exit = Exit ? PDT->findNearestCommonDominator(Exit, Other) : nullptr;
  return Exit;
}

void ControlFlowMelder::buildChain(DivergentRegion &R, unsigned Side) {
  BasicBlock *Start = R.Entry->getTerminator()->getSuccessor(Side);
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
  if (!AllowNestedLoop && LI->getLoopFor(BB) != LI->getLoopFor(R.Entry))
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
  const Loop *Outer = LI->getLoopFor(R.Entry);
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
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 8> Worklist;
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
    return RPONumber.lookup(LHS.first) < RPONumber.lookup(RHS.first);
  });
  assert(Cand.Blocks.front().first == Entry1 && "Entry must come first");
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
bool ControlFlowMelder::getCandidate(const DivergentRegion &R, BasicBlock *B1,
                                     BasicBlock *B2, MeldCandidate &Cand,
                                     const char *&Reason) {
  bool Cond1 = !isSingleBlockSubgraph(B1, getSubgraphExit(R, B1));
  bool Cond2 = !isSingleBlockSubgraph(B2, getSubgraphExit(R, B2));
  if (MeldModeOpt == MeldMode::DARM && Cond1 && Cond2 &&
      mapIsomorphicSubgraphs(R, B1, B2, Cand, /*AllowCycles=*/true))
    return true;
  if (MeldModeOpt == MeldMode::DARM && Cond1 != Cond2 &&
      getBlockRegionCandidate(R, Cond1 ? B1 : B2, Cond1 ? B2 : B1,
                              Cond1 ? 0 : 1, Cand))
    return true;
  // A block ending in a conditional branch is the entry of a multi-block
  // subgraph. Region simplification splits its branch off, which turns the
  // rest of the block into a single-block subgraph.
  for (BasicBlock *BB : {B1, B2}) {
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
  Cand.Blocks.assign(1, {B1, B2});
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
                                                BasicBlock *Single,
                                                unsigned RegionSide,
                                                MeldCandidate &Cand) {
  if (getBlockRejectReason(R, Single) ||
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
  Cand.Single = Single;
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
  for (const BasicBlock *BB = Cand.Blocks.front().first;
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
  BasicBlock *ReplicaEntry = Copy[Cand.Blocks.front().first];
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
      std::swap(Pair.first, Pair.second);
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
      BasicBlock *B1 = R.Chain[0][I], *B2 = R.Chain[1][J];
      MeldCandidate Cand;
      if (!getCandidate(R, B1, B2, Cand, Reason))
        continue;
      BestScore = std::max(BestScore, Cand.Score);
      ORE.emit([&]() {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "Profitability",
                                          R.Entry->getTerminator())
               << "melding profitability of "
               << ore::NV("TrueBlock", getBlockLabel(B1, "the true side"))
               << " and "
               << ore::NV("FalseBlock", getBlockLabel(B2, "the false side"))
               << " (" << ore::NV("Kind", getKindName(Cand.Kind)) << ") is "
               << ore::NV("Score", formatScore(Cand.Score));
      });
      if (Cand.Score >= MeldThreshold)
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
/// entry blocks of that chain and split where its aligned instructions pass
/// from one subgraph to the next, so that each piece can be paired with its
/// own subgraph (DARM's SB3, whose false path `C3; C5` is one block after
/// SimplifyCFG while the true path is `C2; if (p) C4; C6`). Splitting a block
/// does not change what any lane executes. \p Pieces receives B and the
/// blocks split off it, in order; returns false (and splits nothing) if the
/// alignment does not reach two subgraphs.
bool ControlFlowMelder::splitToMatchChain(
    const DivergentRegion &R, SmallVectorImpl<BasicBlock *> &Pieces) {
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
  SmallVector<Instruction *, 4> SplitPoints;
  std::optional<unsigned> Current;
  for (const AlignedPair &P : Alignment) {
    if (!P.isMatch())
      continue;
    unsigned Idx = Owner.lookup(P.False);
    if (Current && Idx != *Current)
      SplitPoints.push_back(P.True);
    Current = Idx;
  }
  if (SplitPoints.empty())
    return false;
  LLVM_DEBUG(dbgs() << "cf-meld: splitting " << B->getName() << " into "
                    << SplitPoints.size() + 1 << " pieces\n");
  Pieces.push_back(B);
  for (Instruction *At : SplitPoints)
    Pieces.push_back(Pieces.back()->splitBasicBlock(At, "meld.split"));
  return true;
}

/// Undo splitToMatchChain: the pieces become one block again, as before.
static void rejoinPieces(ArrayRef<BasicBlock *> Pieces) {
  BasicBlock *B = Pieces.front();
  for (BasicBlock *Piece : Pieces.drop_front()) {
    B->getTerminator()->eraseFromParent();
    B->splice(B->end(), Piece);
    B->replaceSuccessorsPhiUsesWith(Piece, B);
    Piece->eraseFromParent();
  }
}

//===----------------------------------------------------------------------===//
// Code generation
//===----------------------------------------------------------------------===//

/// Collect the values defined on path \p Side before \p BB (including PHIs of
/// \p BB itself) that are used in or after \p BB. After melding, \p BB's code
/// lives in a block that the other path also reaches, so these definitions
/// would no longer dominate those uses. If \p BB is the entry of a cyclic
/// subgraph (\p CyclicEntry), its PHIs move into the melded loop and are
/// not path values, but the values they take on the edge from outside are
/// used after the melded entry block that meldSubgraphs puts on that edge.
static void collectPathValues(const DominatorTree &DT, BasicBlock *PathStart,
                              BasicBlock *BB, unsigned Side, bool CyclicEntry,
                              SmallVectorImpl<PathValue> &Values) {
  auto IsAfter = [&](const Use &U) {
    auto *User = cast<Instruction>(U.getUser());
    if (!DT.isReachableFromEntry(User->getParent()))
      return false;
    if (auto *PN = dyn_cast<PHINode>(User)) {
      BasicBlock *Incoming = PN->getIncomingBlock(U);
      if (PN->getParent() == BB)
        return CyclicEntry && !DT.dominates(BB, Incoming);
      return DT.dominates(BB, Incoming);
    }
    return DT.dominates(BB, User->getParent());
  };
  for (BasicBlock &Block : *BB->getParent()) {
    if (!DT.isReachableFromEntry(&Block) || !DT.dominates(PathStart, &Block))
      continue;
    if (&Block != BB && DT.dominates(BB, &Block))
      continue;
    for (Instruction &I : Block) {
      if (&Block == BB && (CyclicEntry || !isa<PHINode>(I)))
        break;
      PathValue PV{&I, Side, {}};
      for (Use &U : I.uses())
        if (IsAfter(U))
          PV.Uses.push_back(&U);
      if (!PV.Uses.empty())
        Values.push_back(std::move(PV));
    }
  }
}

/// Region simplification for a single-block subgraph: move \p BB's PHIs (if
/// any) into a block of their own and split off a conditional branch, so that
/// the returned block has a single predecessor, no PHIs and a single
/// successor.
static BasicBlock *simplifySubgraph(BasicBlock *BB, bool SplitBranch) {
  if (isa<PHINode>(BB->front()) || !BB->getSinglePredecessor())
    BB = BB->splitBasicBlock(BB->getFirstNonPHIIt(), BB->getName() + ".body");
  if (SplitBranch && !BB->getSingleSuccessor())
    BB->splitBasicBlock(BB->getTerminator(), BB->getName() + ".br");
  return BB;
}

static void prepareForMove(BasicBlock *BB) {
  for (Instruction &I : make_early_inc_range(*BB)) {
    I.dropDbgRecords();
    if (isa<DbgInfoIntrinsic>(I))
      I.eraseFromParent();
  }
}

/// Pre-processing: collect the path values of both sides and check that each
/// of them can be routed through a PHI in the melded block, i.e. that its
/// definition dominates the melded block's predecessor on its path.
bool ControlFlowMelder::collectAllPathValues(
    const DivergentRegion &R, const MeldCandidate &Cand,
    const DominatorTree &DomTree, SmallVectorImpl<PathValue> &Values) {
  BasicBlock *Blocks[2] = {Cand.getEntry(0), Cand.getEntry(1)};
  for (unsigned Side = 0; Side < 2; ++Side)
    collectPathValues(DomTree, R.Entry->getTerminator()->getSuccessor(Side),
                      Blocks[Side], Side, Cand.Cyclic, Values);
  return all_of(Values, [&](const PathValue &PV) {
    return !PV.Def->getType()->isTokenTy() &&
           DomTree.dominates(PV.Def->getParent(), Blocks[PV.Side]);
  });
}

/// Emit the aligned instructions of one pair of blocks, starting at the end
/// of \p Cur. If only the lanes of side \p OnlySide enter the melded block,
/// that side's runs need no guard. Returns the block in which the emitted
/// code ends.
BasicBlock *ControlFlowMelder::emitMeldedBody(BasicBlock *Cur,
                                              const InstrAlignment &Alignment,
                                              Value *Cond,
                                              std::optional<unsigned> OnlySide,
                                              OperandSelects &Selects,
                                              MeldStats &Stats) {
  LLVMContext &Ctx = F.getContext();
  BasicBlock *InsertBefore = Cur->getNextNode();
  for (size_t K = 0, E = Alignment.size(); K < E;) {
    const AlignedPair &P = Alignment[K];
    if (P.isMatch()) {
      Instruction *I1 = P.True, *I2 = P.False;
      I1->moveBefore(*Cur, Cur->end());
      // Pair the operands before any is replaced: which operands are
      // partners may depend on them (areCommutedOperands).
      SmallVector<Value *, 4> Partners;
      for (unsigned Idx = 0, NumOps = I1->getNumOperands(); Idx != NumOps;
           ++Idx)
        Partners.push_back(getPartnerOperand(I1, I2, Idx));
      for (auto [Idx, Op2] : enumerate(Partners)) {
        Value *Op1 = I1->getOperand(Idx);
        if (Op1 != Op2)
          I1->setOperand(Idx, Selects.get(Op1, Op2, I1));
      }
      I1->andIRFlags(I2);
      I1->applyMergedLocation(I1->getDebugLoc(), I2->getDebugLoc());
      I1->dropUnknownNonDebugMetadata();
      I2->replaceAllUsesWith(I1);
      I2->eraseFromParent();
      ++Stats.Pairs;
      ++K;
      continue;
    }

    unsigned Side = P.True ? 0 : 1;
    SmallVector<Instruction *, 8> RunCode;
    for (size_t L = K; L < E && !Alignment[L].isMatch() &&
                       (Side == 0) == (Alignment[L].True != nullptr);
         ++L)
      RunCode.push_back(Side == 0 ? Alignment[L].True : Alignment[L].False);
    bool Bypassed = OnlySide == Side;
    if (Bypassed || isSpeculatableRun(SmallVector<const Instruction *, 8>(
                        RunCode.begin(), RunCode.end()))) {
      for (Instruction *I : RunCode)
        I->moveBefore(*Cur, Cur->end());
      K += RunCode.size();
      ++(Bypassed ? Stats.Bypassed : Stats.Speculated);
      continue;
    }

    // Unpredication: move the maximal run of unaligned instructions of one
    // side into a block that only that side's lanes enter.
    BasicBlock *Run = BasicBlock::Create(
        Ctx, Side == 0 ? "meld.then" : "meld.else", &F, InsertBefore);
    BasicBlock *Join = BasicBlock::Create(Ctx, "meld.join", &F, InsertBefore);
    Selects.addBlock(Run);
    Selects.addBlock(Join);
    SmallVector<Instruction *, 8> Moved;
    for (; K < E && !Alignment[K].isMatch() &&
           (Side == 0) == (Alignment[K].True != nullptr);
         ++K) {
      Instruction *I = Side == 0 ? Alignment[K].True : Alignment[K].False;
      I->moveBefore(*Run, Run->end());
      Moved.push_back(I);
    }
    BranchInst::Create(Join, Run);
    BranchInst::Create(Side == 0 ? Run : Join, Side == 0 ? Join : Run, Cond,
                       Cur);
    for (Instruction *I : Moved) {
      if (all_of(I->users(), [&](User *U) {
            return cast<Instruction>(U)->getParent() == Run;
          }))
        continue;
      PHINode *PN =
          PHINode::Create(I->getType(), 2, I->getName() + ".meld", Join);
      PN->addIncoming(I, Run);
      PN->addIncoming(PoisonValue::get(I->getType()), Cur);
      I->replaceUsesWithIf(PN, [&](Use &U) {
        return cast<Instruction>(U.getUser())->getParent() != Run &&
               U.getUser() != PN;
      });
    }
    ++Stats.Runs;
    Cur = Join;
  }
  return Cur;
}

/// Terminate \p From with a branch on the condition that leaves the melded
/// subgraph to \p Exit1 (true lanes) or \p Exit2 (false lanes). \p Edges are
/// the exiting edges now entering \p From (or \p From itself for a single
/// edge); the exits' PHIs are rewritten to take their values through \p From,
/// via new PHIs in \p From if several edges merge there (appended, with their
/// path, to \p MergedPhis). If both exits are the
/// same block, \p From branches to it unconditionally, and each of its PHIs
/// takes `select C, ValueT, ValueF` (the paper's two forwarding blocks would
/// only keep the paths apart for the PHIs; on a SIMT target the selects are
/// cheaper than the EXEC-mask code of the branch, and the net-benefit check
/// counts them so).
void ControlFlowMelder::emitExitBranch(
    BasicBlock *From, ArrayRef<ExitEdge> Edges, BasicBlock *Exit1,
    BasicBlock *Exit2, Value *Cond, MeldStats &Stats,
    SmallVectorImpl<std::pair<PHINode *, unsigned>> *MergedPhis) {
  // The value exit PHI \p PN takes from path \p Side, now available at the
  // end of From; the path's incoming entries are removed from PN.
  auto TakeValue = [&](PHINode &PN, unsigned Side) -> Value * {
    if (Edges.size() == 1 && Edges.front().NewPred == From) {
      Value *V = PN.getIncomingValueForBlock(Edges.front().Old[Side]);
      PN.removeIncomingValue(Edges.front().Old[Side],
                             /*DeletePHIIfEmpty=*/false);
      return V;
    }
    PHINode *Merged = PHINode::Create(PN.getType(), Edges.size(),
                                      PN.getName() + ".meld", From);
    Merged->moveBefore(*From, From->getFirstNonPHIIt());
    for (const ExitEdge &E : Edges) {
      Merged->addIncoming(PN.getIncomingValueForBlock(E.Old[Side]), E.NewPred);
      PN.removeIncomingValue(E.Old[Side], /*DeletePHIIfEmpty=*/false);
    }
    if (MergedPhis)
      MergedPhis->push_back({Merged, Side});
    return Merged;
  };
  if (Exit1 != Exit2) {
    BranchInst::Create(Exit1, Exit2, Cond, From);
    for (unsigned Side = 0; Side < 2; ++Side)
      for (PHINode &PN : (Side == 0 ? Exit1 : Exit2)->phis())
        PN.addIncoming(TakeValue(PN, Side), From);
    return;
  }
  Instruction *Br = BranchInst::Create(Exit1, From);
  for (PHINode &PN : Exit1->phis()) {
    Value *V[2] = {TakeValue(PN, 0), TakeValue(PN, 1)};
    Value *Taken = V[0];
    if (V[0] != V[1]) {
      Taken = IRBuilder<>(Br).CreateSelect(Cond, V[0], V[1],
                                           PN.getName() + ".meld");
      ++Stats.Selects;
    }
    PN.addIncoming(Taken, From);
  }
}

/// Region simplification for cyclic subgraphs: the entry of each is a loop
/// header, entered from one predecessor outside and from inside. Put a new,
/// empty block on the edge from outside and make the pair of them the
/// candidate's entries, so the melded subgraph is entered at a block outside
/// its loops. The values the headers' PHIs take from outside now come through
/// the new blocks (collectPathValues recorded those uses if they are defined
/// on the paths).
static void addCyclicEntryBlocks(MeldCandidate &Cand,
                                 SmallVectorImpl<InstrAlignment> &Alignments) {
  BasicBlock *NewEntries[2];
  for (unsigned Side = 0; Side < 2; ++Side) {
    BasicBlock *Header = Cand.getEntry(Side);
    SmallPtrSet<BasicBlock *, 8> Inside;
    for (auto [B1, B2] : Cand.Blocks)
      Inside.insert(Side == 0 ? B1 : B2);
    BasicBlock *Outside = *find_if(predecessors(Header), [&](BasicBlock *P) {
      return !Inside.contains(P);
    });
    BasicBlock *NewEntry =
        BasicBlock::Create(Header->getContext(), Header->getName() + ".entry",
                           Header->getParent(), Header);
    BranchInst::Create(Header, NewEntry);
    Outside->getTerminator()->replaceSuccessorWith(Header, NewEntry);
    Header->replacePhiUsesWith(Outside, NewEntry);
    NewEntries[Side] = NewEntry;
  }
  Cand.Blocks.insert(Cand.Blocks.begin(), {NewEntries[0], NewEntries[1]});
  Alignments.insert(Alignments.begin(), InstrAlignment());
}

/// Whether the two copies \p P1 and \p P2 of PHIs in one melded block can
/// become one PHI: on every incoming edge but at most one, they take equal
/// values or values that are a pair of \p Assumed (which become equal too).
/// On the remaining edge the merged PHI takes a select of the two values.
static bool areMergeablePhis(const PhiPair &Pair, const PhiPairSet &Assumed) {
  auto [P1, P2] = Pair;
  unsigned Differing = 0;
  for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
    int Idx2 = P2->getBasicBlockIndex(P1->getIncomingBlock(In));
    if (Idx2 < 0)
      return false;
    const Value *V1 = P1->getIncomingValue(In);
    const Value *V2 = P2->getIncomingValue(Idx2);
    if (V1 != V2 && !Assumed.contains({V1, V2}) && ++Differing > 1)
      return false;
  }
  return true;
}

/// After a meld of regions, merge the copied PHIs of each melded block in
/// pairs (findPhiPairs), one of each path, that take the same values, or
/// values that are pairs themselves, on every edge but one
/// (areMergeablePhis): a counter or a sum that both paths update alike. The
/// merged PHI takes `select C, V1, V2` on that edge, emitted at the end of
/// its predecessor. Each lane sees what its own path's copy held: by
/// induction over the edges it takes, the select picks its path's value and
/// on the other edges both copies (and so the merged PHI) take the same
/// value. Uses of the false path's copy now use the merged PHI, and selects
/// of the two copies become selects of one value, which simplifyFunction
/// removes: in a melded loop, the select leaves the loop body.
static void mergeCopiedPhis(ArrayRef<std::pair<PHINode *, unsigned>> Copied,
                            Value *Cond) {
  SmallVector<PhiPair, 8> Candidates;
  for (auto [P1, Side1] : Copied)
    for (auto [P2, Side2] : Copied)
      if (Side1 == 0 && Side2 == 1 && P1->getParent() == P2->getParent() &&
          P1->getType() == P2->getType() &&
          P1->getNumIncomingValues() == P2->getNumIncomingValues())
        Candidates.push_back({P1, P2});
  SmallVector<PhiPair, 8> Pairs = findPhiPairs(Candidates, areMergeablePhis);
  PhiPairSet Merged(Pairs.begin(), Pairs.end());
  for (auto [P1, P2] : Pairs) {
    for (unsigned In = 0, E = P1->getNumIncomingValues(); In != E; ++In) {
      BasicBlock *Pred = P1->getIncomingBlock(In);
      Value *V1 = P1->getIncomingValue(In);
      Value *V2 = P2->getIncomingValueForBlock(Pred);
      if (V1 != V2 && !Merged.contains({V1, V2}))
        P1->setIncomingValue(
            In, IRBuilder<>(Pred->getTerminator())
                    .CreateSelect(Cond, V1, V2, P1->getName() + ".meld"));
    }
  }
  for (auto [P1, P2] : Pairs) {
    P2->replaceAllUsesWith(P1);
    P2->eraseFromParent();
  }
}

/// The side whose lanes alone enter the melded block of \p B1 and \p B2:
/// the region's side if the other block is a bypassed replica.
static std::optional<unsigned> getOnlySide(const MeldCandidate &Cand,
                                           BasicBlock *B1, BasicBlock *B2) {
  unsigned RS = Cand.RegionSide;
  if (Cand.BypassedReplicas.contains(RS == 0 ? B2 : B1))
    return RS;
  return std::nullopt;
}

void ControlFlowMelder::meldSubgraphs(const DivergentRegion &R,
                                      MeldCandidate &Cand,
                                      ArrayRef<InstrAlignment> PairAlignments,
                                      ArrayRef<PathValue> PathValues) {
  LLVMContext &Ctx = F.getContext();
  Value *Cond = R.Cond;
  bool IsRegion = Cand.Kind != MeldKind::BlockBlock;
  SmallVector<InstrAlignment, 4> Alignments(PairAlignments);
  if (Cand.Cyclic)
    addCyclicEntryBlocks(Cand, Alignments);

  // Region simplification of the entries.
  BasicBlock *Preds[2];
  for (unsigned Side = 0; Side < 2; ++Side) {
    BasicBlock *&Entry =
        Side == 0 ? Cand.Blocks.front().first : Cand.Blocks.front().second;
    Entry = simplifySubgraph(Entry, /*SplitBranch=*/!IsRegion);
    Preds[Side] = Entry->getSinglePredecessor();
    if (!IsRegion)
      Cand.Exits[Side] = Entry->getSingleSuccessor();
    assert(Preds[Side] && Cand.Exits[Side] && "Expected a SESE subgraph");
  }
  DenseMap<BasicBlock *, BasicBlock *> TrueOf, First, Last;
  for (auto [B1, B2] : Cand.Blocks) {
    prepareForMove(B1);
    prepareForMove(B2);
    TrueOf[B2] = B1;
    First[B1] = BasicBlock::Create(Ctx, "meld", &F, B1);
  }

  // Make both paths enter the melded entry.
  BasicBlock *MeldedEntry = First[Cand.getEntry(0)];
  if (Preds[0] == Preds[1]) {
    // Both entries are successors of the region entry; nothing is defined on
    // the paths before them.
    assert(Preds[0] == R.Entry && PathValues.empty());
    Instruction *OldBr = R.Entry->getTerminator();
    BranchInst::Create(MeldedEntry, OldBr->getIterator());
    OldBr->eraseFromParent();
  } else {
    for (unsigned Side = 0; Side < 2; ++Side)
      Preds[Side]->getTerminator()->replaceSuccessorWith(Cand.getEntry(Side),
                                                         MeldedEntry);
  }

  // Route path values through PHIs in the melded entry.
  for (const PathValue &PV : PathValues) {
    PHINode *PN = PHINode::Create(PV.Def->getType(), 2,
                                  PV.Def->getName() + ".meld", MeldedEntry);
    Value *Poison = PoisonValue::get(PV.Def->getType());
    PN->addIncoming(PV.Side == 0 ? PV.Def : Poison, Preds[0]);
    PN->addIncoming(PV.Side == 1 ? PV.Def : Poison, Preds[1]);
    for (Use *U : PV.Uses)
      U->set(PN);
  }

  // PHIs of interior blocks are copied, not melded: each lane only uses the
  // PHI of its own path. Their incoming blocks are set once every block is
  // melded (a back edge comes from a block melded later).
  SmallVector<std::pair<PHINode *, unsigned>, 8> CopiedPhis;
  for (auto [B1, B2] : Cand.Blocks) {
    for (BasicBlock *BB : {B1, B2}) {
      for (PHINode &PN : make_early_inc_range(BB->phis())) {
        PN.moveBefore(*First[B1], First[B1]->getFirstNonPHIIt());
        CopiedPhis.push_back({&PN, BB == B1 ? 0 : 1});
      }
    }
  }

  // Meld the blocks; predecessors inside the subgraph come first, except
  // those of back edges.
  MeldStats Stats;
  OperandSelects Selects(Cond, MeldedEntry, Stats);
  for (auto [B1, B2] : Cand.Blocks)
    for (BasicBlock *BB : {B1, B2, First[B1]})
      Selects.addBlock(BB);
  BasicBlock *ExitBlock = nullptr;
  SmallVector<ExitEdge, 4> ExitEdges;
  for (auto [Idx, Pair] : enumerate(Cand.Blocks)) {
    auto [B1, B2] = Pair;
    BasicBlock *Melded = First[B1];
    std::optional<unsigned> OnlySide = getOnlySide(Cand, B1, B2);
    BasicBlock *End =
        emitMeldedBody(Melded, Alignments[Idx], Cond, OnlySide, Selects, Stats);
    Last[B1] = End;

    auto *Br1 = cast<BranchInst>(B1->getTerminator());
    auto *Br2 = cast<BranchInst>(B2->getTerminator());
    if (!IsRegion) {
      emitExitBranch(End, {{{B1, B2}, End}}, Cand.Exits[0], Cand.Exits[1], Cond,
                     Stats);
      continue;
    }
    // All exiting edges of a melded region go to one exit block, which keeps
    // the next pair of subgraphs single-entry.
    SmallVector<BasicBlock *, 2> Targets;
    for (BasicBlock *Succ : successors(Br1)) {
      if (BasicBlock *Target = First.lookup(Succ)) {
        Targets.push_back(Target);
        continue;
      }
      if (!ExitBlock)
        ExitBlock = BasicBlock::Create(Ctx, "meld.exit", &F, End);
      ExitEdges.push_back({{B1, B2}, End});
      Targets.push_back(ExitBlock);
    }
    if (Br1->isUnconditional()) {
      BranchInst::Create(Targets[0], End);
      continue;
    }
    IRBuilder<> Builder(End);
    Value *BrCond;
    if (OnlySide) {
      BrCond = (*OnlySide == 0 ? Br1 : Br2)->getCondition();
    } else {
      Value *Cond2 = Br2->getCondition();
      if (Cand.SwappedBranches.contains(B1))
        Cond2 = Builder.CreateNot(Cond2, Cond2->getName() + ".not");
      BrCond =
          Builder.CreateSelect(Cond, Br1->getCondition(), Cond2, "meld.cond");
    }
    BranchInst::Create(Targets[0], Targets[1], BrCond, End);
  }

  SmallVector<std::pair<PHINode *, unsigned>, 8> ExitPhis;
  if (ExitBlock)
    emitExitBranch(ExitBlock, ExitEdges, Cand.Exits[0], Cand.Exits[1], Cond,
                   Stats, &ExitPhis);
  for (auto [PN, Side] : CopiedPhis) {
    for (unsigned In = 0, E = PN->getNumIncomingValues(); In != E; ++In) {
      BasicBlock *Pred = PN->getIncomingBlock(In);
      BasicBlock *NewPred = Last.lookup(Side == 0 ? Pred : TrueOf.lookup(Pred));
      assert(NewPred && "Unmapped predecessor");
      PN->setIncomingBlock(In, NewPred);
    }
  }
  // The exit block's PHIs, one per path and exit PHI, are copies too.
  append_range(CopiedPhis, ExitPhis);
  if (IsRegion)
    mergeCopiedPhis(CopiedPhis, Cond);

  // Only the original terminators are left in the original blocks.
  for (auto [B1, B2] : Cand.Blocks)
    for (BasicBlock *BB : {B1, B2})
      BB->getTerminator()->eraseFromParent();
  for (auto [B1, B2] : Cand.Blocks) {
    for (BasicBlock *BB : {B1, B2}) {
      assert(BB->empty() && BB->use_empty() && "Melded block still in use");
      BB->eraseFromParent();
    }
  }

  NumInstrsMelded += Stats.Pairs;
  NumSelects += Stats.Selects;
  NumUnpredicatedRuns += Stats.Runs;
  NumSpeculatedRuns += Stats.Speculated;
  NumBypassedRuns += Stats.Bypassed;
  switch (Cand.Kind) {
  case MeldKind::BlockBlock:
    ++NumBlockBlockMelds;
    break;
  case MeldKind::BlockRegion:
    ++NumBlockRegionMelds;
    break;
  case MeldKind::RegionRegion:
    ++NumRegionRegionMelds;
    NumLoopMelds += Cand.Cyclic;
    break;
  }
  LLVM_DEBUG(dbgs() << "cf-meld: melded " << Stats.Pairs << " pairs, "
                    << Stats.Selects << " selects, " << Stats.Runs
                    << " unpredicated runs\n");
  ORE.emit([&]() {
    OptimizationRemark Remark(DEBUG_TYPE, "Melded", R.Entry->getTerminator());
    Remark << "melded " << ore::NV("Kind", getKindName(Cand.Kind))
           << " with profitability "
           << ore::NV("Score", formatScore(Cand.Score)) << ": "
           << ore::NV("AlignedPairs", Stats.Pairs) << " aligned pairs, "
           << ore::NV("Selects", Stats.Selects) << " selects, "
           << ore::NV("UnpredicatedRuns", Stats.Runs) << " unpredicated runs, "
           << ore::NV("SpeculatedRuns", Stats.Speculated) << " speculated";
    if (Stats.Bypassed)
      Remark << ", " << ore::NV("BypassedRuns", Stats.Bypassed)
             << " unguarded (bypassed by the replica)";
    if (Cand.Cyclic)
      Remark << ", in subgraphs with " << ore::NV("Loops", Cand.Loops)
             << " loop(s)";
    return Remark;
  });
}

//===----------------------------------------------------------------------===//
// Funnels for shared successors
//===----------------------------------------------------------------------===//

/// The predecessors of \p Entry's successors A and B if a funnel can join
/// them: A and B are single blocks that go to the same block X, and every
/// edge into them is a branch edge from a block of the same loop that
/// neither A nor B dominates.
bool ControlFlowMelder::canFunnel(BasicBlock &Entry,
                                  SmallVectorImpl<BasicBlock *> &Preds) {
  auto *BI = cast<BranchInst>(Entry.getTerminator());
  BasicBlock *A = BI->getSuccessor(0), *B = BI->getSuccessor(1);
  BasicBlock *X = A->getSingleSuccessor();
  DivergentRegion Diamond{&Entry, BI->getCondition(), X};
  if (A == B || (A->getSinglePredecessor() && B->getSinglePredecessor()) ||
      !X || X != B->getSingleSuccessor() || X == A || X == B ||
      getBlockRejectReason(Diamond, A) || getBlockRejectReason(Diamond, B) ||
      any_of(*A, isConvergentCall) || any_of(*B, isConvergentCall))
    return false;
  const Loop *L = LI->getLoopFor(&Entry);
  for (BasicBlock *Side : {A, B})
    for (BasicBlock *P : predecessors(Side))
      if (!is_contained(Preds, P))
        Preds.push_back(P);
  return Preds.size() <= MaxFunnelEdges && all_of(Preds, [&](BasicBlock *P) {
           return isa<BranchInst>(P->getTerminator()) &&
                  LI->getLoopFor(P) == L && !DT->dominates(A, P) &&
                  !DT->dominates(B, P);
         });
}

/// Join the edges from \p Preds into \p A and \p B in a new block that
/// branches to A or B on a PHI of the side each edge led to: true for an
/// edge to A, false for one to B, and the branch condition (or its negation)
/// for a predecessor that branches to both. A's and B's PHIs move to the
/// new block (poison on the edges that led to the other side). Values that
/// no longer dominate their uses reach them through PHIs (SSAUpdater), with
/// poison on the edges into the funnel from predecessors their definition
/// does not dominate: such an edge led to the side that does not use them
/// (the definition dominated the uses before). Returns the new block.
static BasicBlock *buildFunnel(BasicBlock *A, BasicBlock *B,
                               ArrayRef<BasicBlock *> Preds,
                               const DebugLoc &Loc) {
  Function &F = *A->getParent();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Funnel = BasicBlock::Create(Ctx, "meld.funnel", &F, A);
  PHINode *Side =
      PHINode::Create(Type::getInt1Ty(Ctx), Preds.size(), "meld.side", Funnel);
  for (BasicBlock *Target : {A, B}) {
    for (PHINode &PN : make_early_inc_range(Target->phis())) {
      PHINode *Moved = PHINode::Create(PN.getType(), Preds.size(),
                                       PN.getName() + ".funnel", Funnel);
      for (BasicBlock *P : Preds)
        Moved->addIncoming(is_contained(successors(P), Target)
                               ? PN.getIncomingValueForBlock(P)
                               : PoisonValue::get(PN.getType()),
                           P);
      PN.replaceAllUsesWith(Moved);
      PN.eraseFromParent();
    }
  }
  for (BasicBlock *P : Preds) {
    auto *Br = cast<BranchInst>(P->getTerminator());
    bool ToA = is_contained(successors(P), A);
    bool ToB = is_contained(successors(P), B);
    Value *Taken = ConstantInt::getBool(Ctx, ToA);
    if (ToA && ToB) {
      Taken = Br->getCondition();
      if (Br->getSuccessor(0) != A)
        Taken = BinaryOperator::CreateNot(Taken, "meld.side.not",
                                          Br->getIterator());
      BranchInst::Create(Funnel, Br->getIterator())
          ->setDebugLoc(Br->getDebugLoc());
      Br->eraseFromParent();
    } else {
      Br->replaceSuccessorWith(ToA ? A : B, Funnel);
    }
    Side->addIncoming(Taken, P);
  }
  BranchInst::Create(A, B, Side, Funnel)->setDebugLoc(Loc);

  // Dominance repair.
  DominatorTree NewDT(F);
  for (Instruction &I : instructions(F)) {
    SmallVector<Use *, 4> Broken;
    for (Use &U : I.uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (NewDT.isReachableFromEntry(User->getParent()) &&
          !NewDT.dominates(&I, U))
        Broken.push_back(&U);
    }
    if (Broken.empty())
      continue;
    // Only the edges from predecessors that I's block dominates can lead
    // to a use of I: every other edge went to the side without one.
    SSAUpdater SSA;
    SSA.Initialize(I.getType(), I.getName());
    SSA.AddAvailableValue(I.getParent(), &I);
    Value *Poison = PoisonValue::get(I.getType());
    for (BasicBlock *P : Preds)
      if (!NewDT.dominates(I.getParent(), P))
        SSA.AddAvailableValue(P, Poison);
    if (I.getParent() != &F.getEntryBlock())
      SSA.AddAvailableValue(&F.getEntryBlock(), Poison);
    for (Use *U : Broken)
      SSA.RewriteUse(*U);
  }
  return Funnel;
}

/// Funnel (region simplification for shared successors; not in the paper):
/// when the successors A and B of the divergent branch of \p Entry also have
/// other predecessors -- the blocks of a short-circuit condition that branch
/// to the two sides directly, as GVN leaves `if (i < mid && (j >= end ||
/// a[i] < a[j])) S1 else S2` -- the branch is not a meldable region. If A
/// and B are single blocks that go to the same block and melding them as the
/// sides of a diamond passes isWorthMelding (checked on the unchanged
/// function), join all edges into them in a funnel block that branches on
/// the side each edge led to (buildFunnel). That branch is divergent (the
/// divergent branch's condition is one of its PHI's values) and heads a
/// diamond, which is melded at once. The funnel itself costs nothing in the
/// net-benefit check: the backend's lowering joins these edges in a flow
/// block of its own.
bool ControlFlowMelder::tryFunnel(BasicBlock &Entry) {
  SmallVector<BasicBlock *, 8> Preds;
  if (!canFunnel(Entry, Preds))
    return false;
  auto *BI = cast<BranchInst>(Entry.getTerminator());
  BasicBlock *A = BI->getSuccessor(0), *B = BI->getSuccessor(1);
  DivergentRegion Diamond{&Entry, BI->getCondition(), A->getSingleSuccessor()};
  MeldCandidate Cand;
  Cand.Blocks.assign(1, {A, B});
  Cand.Score = computeProfitability(A, B);
  SmallVector<InstrAlignment, 4> Alignments;
  if (Cand.Score < MeldThreshold || !isWorthMelding(Diamond, Cand, Alignments))
    return false;

  BasicBlock *Funnel = buildFunnel(A, B, Preds, BI->getDebugLoc());
  ++NumFunnels;
  ORE.emit([&]() {
    return OptimizationRemark(DEBUG_TYPE, "Funnelled", Funnel->getTerminator())
           << "joined the " << ore::NV("Edges", unsigned(Preds.size()))
           << " edges into " << getBlockLabel(A, "the true side") << " and "
           << getBlockLabel(B, "the false side")
           << " in a block that branches on the side each edge led to";
  });
  FAM.invalidate(F, PreservedAnalyses::none());
  computeAnalyses();
  DivergentRegion R;
  Alignments.clear();
  if (isDivergentBranch(*Funnel) && buildRegion(*Funnel, R) &&
      isWorthMelding(R, Cand, Alignments) && meldCandidate(R, Cand, Alignments))
    return true;
  emitMissed("FunnelNotMelded", *Funnel,
             "the funnel block's diamond was not melded after all");
  return true;
}

//===----------------------------------------------------------------------===//
// Divergent switches
//===----------------------------------------------------------------------===//

static bool isUnreachableBlock(const BasicBlock *BB) {
  return isa<UnreachableInst>(BB->getFirstNonPHIOrDbgOrLifetime());
}

/// The distinct successors of \p SI in case order, the default last, each
/// with its case values. A default successor that only holds `unreachable`
/// is left out: no lane goes there.
static void collectSwitchTargets(SwitchInst &SI,
                                 SmallVectorImpl<SwitchTarget> &Targets) {
  auto Find = [&](BasicBlock *BB) -> SwitchTarget & {
    for (SwitchTarget &T : Targets)
      if (T.BB == BB)
        return T;
    Targets.push_back({BB, false, {}});
    return Targets.back();
  };
  for (const auto &Case : SI.cases())
    Find(Case.getCaseSuccessor()).Values.push_back(Case.getCaseValue());
  if (!isUnreachableBlock(SI.getDefaultDest()))
    Find(SI.getDefaultDest()).IsDefault = true;
}

/// Orders \p Targets for the cascade: the pair with the highest MP goes last,
/// with a successor that has case values of its own first in the pair.
/// Returns false if no pair of successors can form a divergent region.
bool ControlFlowMelder::chooseSwitchPair(BasicBlock &Entry,
                                         SmallVectorImpl<SwitchTarget> &Targets,
                                         double &Score) {
  BasicBlock *Exit = getIPostDom(*PDT, &Entry);
  auto Eligible = [&](const SwitchTarget &T) {
    return T.BB != Exit && T.BB != &Entry &&
           T.BB->getUniquePredecessor() == &Entry;
  };
  size_t N = Targets.size(), BestI = N, BestJ = N;
  Score = -1.0;
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = I + 1; J < N; ++J) {
      if (!Eligible(Targets[I]) || !Eligible(Targets[J]))
        continue;
      double S = computeProfitability(Targets[I].BB, Targets[J].BB);
      if (S > Score) {
        Score = S;
        BestI = I;
        BestJ = J;
      }
    }
  }
  if (BestI == N)
    return false;
  SwitchTarget First = Targets[BestI], Second = Targets[BestJ];
  if (First.IsDefault)
    std::swap(First, Second);
  Targets.erase(Targets.begin() + BestJ);
  Targets.erase(Targets.begin() + BestI);
  Targets.push_back(First);
  Targets.push_back(Second);
  return true;
}

/// `Cond == V1 || Cond == V2 || ...` for the values \p Values.
static Value *emitIsOneOf(IRBuilder<> &Builder, Value *Cond,
                          ArrayRef<ConstantInt *> Values) {
  Value *Result = nullptr;
  for (ConstantInt *V : Values) {
    Value *Eq = Builder.CreateICmpEQ(Cond, V, "switch.case");
    Result = Result ? Builder.CreateOr(Result, Eq, "switch.case") : Eq;
  }
  return Result;
}

/// Replace the switch ending \p Entry by a cascade over \p Targets (the
/// order of chooseSwitchPair): block K of the cascade sends the lanes of
/// Targets[K] there and the others on, the last one chooses between the pair.
static void expandSwitch(BasicBlock &Entry, ArrayRef<SwitchTarget> Targets,
                         SwitchCascade &SC) {
  auto *SI = cast<SwitchInst>(Entry.getTerminator());
  SC.Entry = &Entry;
  SC.Cond = SI->getCondition();
  SC.Default = SI->getDefaultDest();
  for (const auto &Case : SI->cases())
    SC.Cases.push_back({Case.getCaseValue(), Case.getCaseSuccessor()});
  SI->getAllMetadataOtherThanDebugLoc(SC.Metadata);
  SC.Loc = SI->getDebugLoc();
  SmallPtrSet<BasicBlock *, 8> Succs(succ_begin(SI), succ_end(SI));
  for (BasicBlock *Succ : Succs) {
    SC.UseOrder.push_back({Succ, {}});
    for (const Use &U : Succ->uses())
      SC.UseOrder.back().second.push_back(
          {U.getUser() == SI ? nullptr : U.getUser(), U.getOperandNo()});
    for (PHINode &PN : Succ->phis()) {
      SC.Phis.push_back({&PN, {}});
      auto &Saved = SC.Phis.back().second;
      for (unsigned Idx = 0, E = PN.getNumIncomingValues(); Idx != E; ++Idx)
        Saved.push_back({PN.getIncomingValue(Idx), PN.getIncomingBlock(Idx)});
    }
  }

  LLVMContext &Ctx = Entry.getContext();
  size_t NumTests = Targets.size() - 1;
  BasicBlock *InsertBefore = Entry.getNextNode();
  for (size_t K = 0; K < NumTests; ++K)
    SC.Blocks.push_back(BasicBlock::Create(Ctx, "switch.cascade",
                                           Entry.getParent(), InsertBefore));
  SI->eraseFromParent();
  BranchInst::Create(SC.Blocks.front(), &Entry)->setDebugLoc(SC.Loc);

  // Every edge from the entry to a successor becomes one edge from the
  // cascade block that tests for it.
  auto RetargetPhis = [&](BasicBlock *Succ, BasicBlock *From) {
    for (PHINode &PN : Succ->phis()) {
      Value *V = PN.getIncomingValueForBlock(&Entry);
      while (PN.getBasicBlockIndex(&Entry) >= 0)
        PN.removeIncomingValue(&Entry, /*DeletePHIIfEmpty=*/false);
      PN.addIncoming(V, From);
    }
  };
  for (size_t K = 0; K < NumTests; ++K) {
    BasicBlock *Block = SC.Blocks[K];
    BasicBlock *Next = K + 1 < NumTests ? SC.Blocks[K + 1] : Targets[K + 1].BB;
    IRBuilder<> Builder(Block);
    Builder.SetCurrentDebugLocation(SC.Loc);
    const SwitchTarget &T = Targets[K];
    if (T.IsDefault) {
      // The default takes the lanes whose value none of the successors
      // still to come has.
      SmallVector<ConstantInt *, 8> Later;
      for (const SwitchTarget &U : Targets.drop_front(K + 1))
        append_range(Later, U.Values);
      Builder.CreateCondBr(emitIsOneOf(Builder, SC.Cond, Later), Next, T.BB);
    } else {
      Builder.CreateCondBr(emitIsOneOf(Builder, SC.Cond, T.Values), T.BB, Next);
    }
    RetargetPhis(T.BB, Block);
    if (K + 1 == NumTests)
      RetargetPhis(Targets[K + 1].BB, Block);
  }
  // An unreachable default no longer has the entry as a predecessor.
  if (none_of(Targets,
              [&](const SwitchTarget &T) { return T.BB == SC.Default; }))
    for (PHINode &PN : SC.Default->phis())
      while (PN.getBasicBlockIndex(&Entry) >= 0)
        PN.removeIncomingValue(&Entry, /*DeletePHIIfEmpty=*/false);
}

/// Undo expandSwitch: the cascade is erased and the switch, its metadata and
/// the successors' PHIs are as they were.
static void restoreSwitch(SwitchCascade &SC) {
  SC.Entry->getTerminator()->eraseFromParent();
  for (BasicBlock *BB : SC.Blocks)
    BB->dropAllReferences();
  for (BasicBlock *BB : SC.Blocks)
    BB->eraseFromParent();
  auto *SI = SwitchInst::Create(SC.Cond, SC.Default, SC.Cases.size(), SC.Entry);
  for (auto [Value, Succ] : SC.Cases)
    SI->addCase(Value, Succ);
  for (auto [Kind, MD] : SC.Metadata)
    SI->setMetadata(Kind, MD);
  SI->setDebugLoc(SC.Loc);
  // The new switch has the old one's operands in the same order; put the
  // successors' use lists (their predecessor order) back as they were.
  for (auto &[Succ, Order] : SC.UseOrder) {
    auto Rank = [&, &Order = Order](const Use &U) {
      const User *Key = U.getUser() == SI ? nullptr : U.getUser();
      auto It = find(Order, std::make_pair(Key, U.getOperandNo()));
      return std::distance(Order.begin(), It);
    };
    Succ->sortUseList(
        [&](const Use &L, const Use &R) { return Rank(L) < Rank(R); });
  }
  for (auto &[PN, Incoming] : SC.Phis) {
    while (PN->getNumIncomingValues())
      PN->removeIncomingValue(PN->getNumIncomingValues() - 1,
                              /*DeletePHIIfEmpty=*/false);
    for (auto [V, BB] : Incoming)
      PN->addIncoming(V, BB);
  }
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
  if (Score < MeldThreshold) {
    emitMissed("NotProfitable", Entry,
               "no pair of switch successors reaches the melding "
               "threshold (best profitability " +
                   formatScore(Score) + ", threshold " +
                   formatScore(MeldThreshold) + ")");
    return false;
  }
  std::string Pair = getBlockLabel(Targets[Targets.size() - 2].BB, "a case") +
                     " and " + getBlockLabel(Targets.back().BB, "a case");
  LLVM_DEBUG(dbgs() << "cf-meld: expanding the switch of " << Entry.getName()
                    << " to meld " << Pair << "\n");
  SwitchCascade SC;
  expandSwitch(Entry, Targets, SC);
  FAM.invalidate(F, PreservedAnalyses::none());
  computeAnalyses();
  BasicBlock *Last = SC.Blocks.back();
  if (isDivergentBranch(*Last) && tryRegion(*Last)) {
    ++NumSwitchesExpanded;
    ORE.emit([&]() {
      return OptimizationRemark(DEBUG_TYPE, "SwitchExpanded",
                                Last->getTerminator())
             << "divergent switch replaced by a cascade of "
             << ore::NV("Branches", SC.Blocks.size()) << " branches to meld "
             << ore::NV("Pair", Pair);
    });
    return true;
  }
  FAM.invalidate(F, PreservedAnalyses::none());
  restoreSwitch(SC);
  computeAnalyses();
  return false;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

bool ControlFlowMelder::tryRegion(BasicBlock &Entry, bool AllowSplit) {
  ++NumRegionsConsidered;
  DivergentRegion R;
  if (!buildRegion(Entry, R))
    return AllowSplit && tryFunnel(Entry);
  SmallVector<BasicBlock *, 4> Pieces;
  if (AllowSplit && splitToMatchChain(R, Pieces)) {
    FAM.invalidate(F, PreservedAnalyses::none());
    computeAnalyses();
    if (tryRegion(Entry, /*AllowSplit=*/false)) {
      ++NumBlocksSplit;
      return true;
    }
    FAM.invalidate(F, PreservedAnalyses::none());
    rejoinPieces(Pieces);
    computeAnalyses();
    return false;
  }
  MeldCandidate Cand;
  if (!findMeldCandidate(R, Cand))
    return false;
  SmallVector<InstrAlignment, 4> Alignments;
  if (!isWorthMelding(R, Cand, Alignments))
    return false;
  return meldCandidate(R, Cand, Alignments);
}

/// The instruction alignments of \p Cand and the checks on them: the blocks
/// are small enough to align, some pair other than a select aligns, and, with
/// -cf-meld-run-overhead, the meld saves more than it adds (estimateCost).
bool ControlFlowMelder::isWorthMelding(
    const DivergentRegion &R, const MeldCandidate &Cand,
    SmallVectorImpl<InstrAlignment> &Alignments) {

  // Names of the entries before they are modified.
  std::string TrueName = getBlockLabel(Cand.getEntry(0), "the true side");
  std::string FalseName = getBlockLabel(Cand.getEntry(1), "the false side");
  // For basic-block/region melds only the single block and its partner have
  // instructions to align until the region is replicated.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ToAlign(Cand.Blocks);
  if (Cand.Kind == MeldKind::BlockRegion)
    ToAlign.assign(1, Cand.RegionSide == 0
                          ? std::make_pair(Cand.Partner, Cand.Single)
                          : std::make_pair(Cand.Single, Cand.Partner));
  Alignments.assign(ToAlign.size(), InstrAlignment());
  for (auto [Idx, Pair] : enumerate(ToAlign)) {
    if (!alignInstructions(Pair.first, Pair.second, Alignments[Idx])) {
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

/// Meld \p Cand, which isWorthMelding accepted with \p Alignments, unless
/// the values defined on the paths cannot be routed to the melded code.
bool ControlFlowMelder::meldCandidate(
    const DivergentRegion &R, MeldCandidate &Cand,
    SmallVectorImpl<InstrAlignment> &Alignments) {
  std::string TrueName = getBlockLabel(Cand.getEntry(0), "the true side");
  std::string FalseName = getBlockLabel(Cand.getEntry(1), "the false side");
  SmallVector<PathValue, 8> PathValues;
  if (!collectAllPathValues(R, Cand, *DT, PathValues)) {
    emitMissed("DominanceRepair", *R.Entry,
               "cannot repair dominance of values defined on the paths");
    return false;
  }
  LLVM_DEBUG(dbgs() << "cf-meld: melding " << TrueName << " with " << FalseName
                    << " (score " << Cand.Score << ")\n");
  if (Cand.Kind == MeldKind::BlockRegion) {
    // Replicate the region on the single block's side; from then on this is
    // a region-region meld. Redo the alignment and the dominance analysis on
    // the new CFG (their feasibility was checked above).
    replicateRegion(Cand);
    Alignments.resize(Cand.Blocks.size());
    for (auto [Idx, Pair] : enumerate(Cand.Blocks)) {
      bool Aligned =
          alignInstructions(Pair.first, Pair.second, Alignments[Idx]);
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
  // trySwitch changes the CFG and restores it; the blocks stay the same.
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    if (isDivergentBranch(*BB) && tryRegion(*BB))
      return true;
    if (isDivergentSwitch(*BB) && trySwitch(*BB))
      return true;
  }
  return false;
}

void ControlFlowMelder::simplifyFunction() {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 8> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  SmallVector<WeakVH, 8> LoopHeaders;
  for (const auto &Edge : BackEdges)
    LoopHeaders.push_back(const_cast<BasicBlock *>(Edge.second));

  SimplifyCFGOptions Options;
  Options.hoistCommonInsts(false).sinkCommonInsts(false).speculateBlocks(false);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    SmallVector<WeakVH, 32> Blocks;
    for (BasicBlock &BB : F)
      Blocks.push_back(&BB);
    for (WeakVH &Handle : Blocks)
      if (auto *BB = cast_or_null<BasicBlock>(Handle))
        Changed |= simplifyCFG(BB, *TTI, nullptr, Options, LoopHeaders);
  }

  foldTrivialPhisAndSelects();
}

/// Post-processing: fold the PHIs and selects that melding and simplifyCFG
/// left trivial, e.g. a PHI whose incoming values became equal when
/// simplifyCFG merged blocks, a select of two equal values or on a constant
/// condition, and then the PHIs and selects that used them. Only PHIs and
/// selects, which is what melding creates, and only with InstSimplify, which
/// creates no instructions.
void ControlFlowMelder::foldTrivialPhisAndSelects() {
  DominatorTree DomTree(F);
  const SimplifyQuery SQ(F.getDataLayout(), &DomTree);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : make_early_inc_range(instructions(F))) {
      if (!isa<PHINode>(I) && !isa<SelectInst>(I))
        continue;
      Value *V = simplifyInstruction(&I, SQ.getWithInstruction(&I));
      if (!V || V == &I)
        continue;
      I.replaceAllUsesWith(V);
      I.eraseFromParent();
      ++NumFolded;
      Changed = true;
    }
  }
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
  if (!ControlFlowMelder(F, AM).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}
