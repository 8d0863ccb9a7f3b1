//===- ControlFlowMeldingImpl.h - Melding internals -------------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The types and the melder class that the files of control-flow melding
/// share: ControlFlowMelding.cpp (the algorithm, region analysis and the
/// driver), ControlFlowMeldingProfitability.cpp,
/// ControlFlowMeldingAlignment.cpp, ControlFlowMeldingCodeGen.cpp,
/// ControlFlowMeldingSwitches.cpp and ControlFlowMeldingVersioning.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TRANSFORMS_SCALAR_CONTROLFLOWMELDINGIMPL_H
#define LLVM_LIB_TRANSFORMS_SCALAR_CONTROLFLOWMELDINGIMPL_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
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
#include "llvm/Transforms/Scalar/ControlFlowMelding.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/SimplifyCFGOptions.h"
#include <optional>

namespace llvm {
namespace cfmeld {

extern cl::opt<double> MeldThreshold;
extern cl::opt<unsigned> RunOverhead;

/// Whether a melding profitability \p Score allows a meld
/// (-cf-meld-threshold).
inline bool reachesThreshold(double Score) { return Score >= MeldThreshold; }

/// One value for each side of a divergent branch: the one representation of
/// a pair of sides in the pass. Side 0 is the true side, side 1 the false
/// side.
template <typename T> struct SidePair {
  T True{};
  T False{};
  T &operator[](unsigned Side) { return Side == 0 ? True : False; }
  const T &operator[](unsigned Side) const { return Side == 0 ? True : False; }
};

/// Corresponding blocks of the two sides.
using BlockPair = SidePair<BasicBlock *>;

/// One entry of an instruction alignment: an aligned pair (both set) or a gap
/// (exactly one set).
struct AlignedPair : SidePair<Instruction *> {
  bool isMatch() const { return True && False; }
};

using InstrAlignment = SmallVector<AlignedPair, 32>;

/// An edge that leaves the melded subgraph: the original exiting blocks of
/// both paths and the melded block that now takes the edge.
struct ExitEdge {
  BasicBlock *Old[2];
  BasicBlock *NewPred;
};

/// Piece Index of the Count pieces that a planned chain split
/// (planChainSplit) makes of block BB: the instructions from Begin (BB's
/// first instruction, PHIs included, for the first piece) to End (the end
/// of BB for the last piece). Until the split is made, the candidates of
/// the region are modelled on the pieces, which are not blocks yet.
struct ChainPiece {
  BasicBlock *BB = nullptr;
  unsigned Index = 0;
  unsigned Count = 1;
  Instruction *Begin = nullptr;
  Instruction *End = nullptr;

  bool isFirst() const { return Index == 0; }
  bool isLast() const { return Index + 1 == Count; }
  iterator_range<BasicBlock::iterator> instructions() const {
    return make_range(Begin->getIterator(),
                      End ? End->getIterator() : BB->end());
  }
  bool contains(const Instruction *I) const {
    return I->getParent() == BB && !I->comesBefore(Begin) &&
           (!End || I->comesBefore(End));
  }
};

/// A chain split planned for a region: side Side's single block is to be
/// split before each of SplitPoints, into Pieces.
struct ChainSplit {
  unsigned Side = 0;
  SmallVector<Instruction *, 4> SplitPoints;
  SmallVector<ChainPiece, 4> Pieces;
};

/// A block, or a piece of one (a ChainPiece of BB): the instructions that
/// profitability and alignment read for one side of a candidate.
struct BlockRange {
  BasicBlock *BB = nullptr;
  const ChainPiece *Piece = nullptr;

  BlockRange(BasicBlock *BB, const ChainPiece *Piece = nullptr)
      : BB(BB), Piece(Piece) {}
  iterator_range<BasicBlock::iterator> instructions() const {
    return Piece ? Piece->instructions() : make_range(BB->begin(), BB->end());
  }
  /// Whether the range starts its block, as the entry of a side must.
  bool isBlockStart() const { return !Piece || Piece->isFirst(); }
  /// The block the range branches to unconditionally: for a piece but the
  /// last, the next piece, which is no block yet (null).
  BasicBlock *getSingleSuccessor() const {
    return Piece && !Piece->isLast() ? nullptr : BB->getSingleSuccessor();
  }
};

/// How the values of a candidate's two sides correspond once it is melded:
/// an aligned pair, and a pair of copied PHIs that mergeCopiedPhis will
/// merge, become one value (Partner maps the true side's to the false
/// side's); values defined outside the candidate's blocks are shared.
struct MeldValues {
  DenseMap<const Value *, const Value *> Partner;
  SmallPtrSet<const BasicBlock *, 16> Blocks;
  /// The piece of a planned chain split that the candidate melds: of its
  /// block, only the piece's instructions are inside.
  const ChainPiece *Piece = nullptr;
  /// True if melded code needs a select to use \p A and \p B.
  bool differ(const Value *A, const Value *B) const {
    return A != B && Partner.lookup(A) != B;
  }
  bool isOutside(const Value *V) const {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || !Blocks.contains(I->getParent()))
      return true;
    return Piece && I->getParent() == Piece->BB && !Piece->contains(I);
  }
};

/// The estimate of estimateCost, in issued instructions.
struct MeldCost {
  uint64_t Saved = 0;
  uint64_t Overhead = 0;
  /// The part of Overhead that each instruction alignment adds in its
  /// melded block (selects other than those of two values from outside the
  /// subgraphs, and unaligned runs), in the order of the alignments.
  SmallVector<uint64_t, 4> AlignmentOverhead;
};

/// The terms of a MeldCost (estimateCost), in issued instructions.
struct MeldCostTerms {
  unsigned Pairs = 0;        ///< Saved: aligned pairs issue once.
  unsigned Branches = 0;     ///< Saved: EXEC-mask code of removed branches.
  unsigned Selects = 0;      ///< Added: selects of differing operands.
  unsigned OutsideSelects = 0; ///< Part of Selects: of two values from
                               ///< outside the subgraphs, emitted once
                               ///< before the melded code.
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

/// The blocks code generation builds for one meld (meldSubgraphs), keyed by
/// the original blocks of the true side (TrueOf maps a false-side block to
/// its true-side partner).
struct MeldedBlocks {
  /// The block from which each path enters the melded entry.
  BasicBlock *Preds[2] = {nullptr, nullptr};
  DenseMap<BasicBlock *, BasicBlock *> TrueOf;
  DenseMap<BasicBlock *, BasicBlock *>
      First;                                 ///< The pair's first melded block.
  DenseMap<BasicBlock *, BasicBlock *> Last; ///< The pair's last melded block.
  BasicBlock *ExitBlock = nullptr;           ///< Where edges leaving a
                                             ///< melded region go.
  SmallVector<ExitEdge, 4> ExitEdges;
};

enum class MeldKind { BlockBlock, BlockRegion, RegionRegion };

/// A candidate pair of SESE subgraphs: two single blocks, or two isomorphic
/// multi-block subgraphs.
struct MeldCandidate {
  MeldKind Kind = MeldKind::BlockBlock;
  double Score = 0.0;
  /// Corresponding (true, false) blocks, entries first, in an order in which
  /// every block comes after its predecessors inside the subgraph.
  SmallVector<BlockPair, 4> Blocks;
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
  /// A candidate of a region with a planned chain split: the piece that the
  /// split block stands for wherever it appears in the candidate.
  const ChainPiece *Piece = nullptr;

  /// The instructions the candidate melds of \p BB, one of its blocks.
  BlockRange getRange(BasicBlock *BB) const {
    return {BB, Piece && Piece->BB == BB ? Piece : nullptr};
  }

  BasicBlock *getEntry(unsigned Side) const {
    if (Kind == MeldKind::BlockRegion && !Replicated && Side != RegionSide)
      return Single;
    return Blocks.front()[Side];
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

/// A meldable divergent region.
struct DivergentRegion {
  /// The block that ends in the divergent branch. For a region modelled on a
  /// divergent switch before its cascade is built (modelCascadeRegion), the
  /// switch's block: remarks about the region are reported at its
  /// terminator, which has the cascade's debug location.
  BasicBlock *Entry = nullptr;
  /// The branch condition; null in a modelled region.
  Value *Cond = nullptr;
  BasicBlock *Exit = nullptr;
  /// The true and false successors of the divergent branch.
  BasicBlock *Succs[2] = {nullptr, nullptr};
  /// The innermost loop that contains the divergent branch.
  const Loop *EntryLoop = nullptr;
  /// Subgraph entries of the true (index 0) and false (index 1) path, in
  /// post-dominance order. With a planned chain split, the split side's
  /// chain holds the split block once per piece.
  SmallVector<BasicBlock *, 8> Chain[2];
  /// The chain split planned for the region, if any.
  const ChainSplit *Split = nullptr;

  /// Element \p Idx of Chain[\p Side]: a block, or a piece of the split.
  BlockRange getChainElement(unsigned Side, size_t Idx) const {
    if (Split && Split->Side == Side)
      return {Chain[Side][Idx], &Split->Pieces[Idx]};
    return Chain[Side][Idx];
  }
};

class ControlFlowMelder {
public:
  ControlFlowMelder(Function &F, FunctionAnalysisManager &FAM,
                    const ControlFlowMeldingTarget &Target)
      : F(F), FAM(FAM), ORE(&F), Target(Target) {}

  /// Meld until a fixpoint is reached. Returns true if the IR changed.
  bool run();

private:
  Function &F;
  FunctionAnalysisManager &FAM;
  OptimizationRemarkEmitter ORE;
  /// The target's costs and its branches each wavefront takes one way.
  const ControlFlowMeldingTarget &Target;

  /// Instructions versioning may still copy in this function
  /// (ControlFlowMeldingVersioning.cpp).
  uint64_t VersionBudget = 0;
  /// Why nothing in this function can be versioned, if so.
  const char *VersionBlocker = nullptr;

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
  bool tryRegion(BasicBlock &Entry);
  bool acceptMeld(const DivergentRegion &R, const MeldCandidate &Cand,
                  SmallVectorImpl<InstrAlignment> &Alignments);
  bool isWorthMelding(const DivergentRegion &R, const MeldCandidate &Cand,
                      SmallVectorImpl<InstrAlignment> &Alignments);
  bool meldCandidate(const DivergentRegion &R, MeldCandidate &Cand,
                     SmallVectorImpl<InstrAlignment> &Alignments);
  bool tryFunnel(BasicBlock &Entry);
  bool canFunnel(BasicBlock &Entry, SmallVectorImpl<BasicBlock *> &Preds);
  bool trySwitch(BasicBlock &Entry);
  bool chooseSwitchPair(BasicBlock &Entry, SmallVectorImpl<SwitchTarget> &Ts,
                        double &Score);
  bool modelCascadeRegion(BasicBlock &Entry, ArrayRef<SwitchTarget> Targets,
                          DivergentRegion &R);
  BasicBlock *tryCascade(BasicBlock &Entry, ArrayRef<SwitchTarget> Targets);
  bool buildRegion(BasicBlock &Entry, DivergentRegion &R);
  bool checkRegionBody(const DivergentRegion &R,
                       ArrayRef<SwitchTarget> Cascade = {});
  void buildChain(DivergentRegion &R, unsigned Side);
  BasicBlock *getSubgraphExit(const DivergentRegion &R, BasicBlock *BB) const;
  const char *getBlockRejectReason(const DivergentRegion &R, BasicBlock *BB,
                                   bool AllowNestedLoop = false) const;
  bool findMeldCandidate(DivergentRegion &R, MeldCandidate &Best);
  bool getCandidate(const DivergentRegion &R, BlockRange B1, BlockRange B2,
                    MeldCandidate &Cand, const char *&Reason);
  bool getBlockRegionCandidate(const DivergentRegion &R, BasicBlock *Entry,
                               BlockRange Single, unsigned RegionSide,
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
  double computeProfitability(BlockRange B1, BlockRange B2) const;
  uint64_t getSavedLatency(BlockRange B1, BlockRange B2, uint64_t &Total) const;
  uint64_t getBlockLatency(BlockRange BB) const;
  MeldValues getMeldValues(const MeldCandidate &Cand,
                           ArrayRef<InstrAlignment> Alignments,
                           unsigned &PhiSelects) const;
  MeldCost estimateCost(const DivergentRegion &R, const MeldCandidate &Cand,
                        ArrayRef<InstrAlignment> Alignments) const;
  /// True if the backend folds \p I into its users (TTI: TCC_Free).
  bool isFolded(const Instruction &I) const;
  unsigned getSelectCost(const Value *A, const Value *B) const;
  unsigned getOperandSelectCost(const Instruction &User, unsigned Idx,
                                const Value *A, const Value *B) const;
  unsigned getAddressUnfoldCost(const MeldCandidate &Cand,
                                const Instruction &User,
                                const Instruction &Partner, unsigned Idx,
                                const Value *A, const Value *B) const;
  unsigned getIndexUnfoldCost(const Instruction &User, unsigned Idx) const;
  bool isSkipBranchDropped(ArrayRef<const Instruction *> Code) const;
  bool isSpeculatableRun(ArrayRef<const Instruction *> Run) const;
  void pairCopiedPhis(const MeldCandidate &Cand,
                      DenseMap<const Value *, const Value *> &Partner,
                      unsigned &Selects) const;
  void addAlignmentCost(const MeldCandidate &Cand,
                        const InstrAlignment &Alignment, DifferFn Differ,
                        DifferFn IsShared, DifferFn IsOutside,
                        MeldCostTerms &T) const;
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
  bool alignInstructions(BlockRange B1, BlockRange B2,
                         InstrAlignment &Alignment) const;
  bool alignInstructions(ArrayRef<Instruction *> S1, ArrayRef<Instruction *> S2,
                         InstrAlignment &Alignment) const;
  unsigned pruneAlignments(const MeldCandidate &Cand,
                           MutableArrayRef<InstrAlignment> Alignments) const;
  bool checkRegionExit(BasicBlock &Entry, const DivergentRegion &R);
  bool planChainSplit(const DivergentRegion &R, ChainSplit &Split);
  void makeChainSplit(DivergentRegion &R, MeldCandidate &Cand);
  std::string getRangeLabel(BlockRange Range, StringRef Unnamed) const;

  bool collectAllPathValues(const DivergentRegion &R, const MeldCandidate &C,
                            const DominatorTree &DomTree,
                            SmallVectorImpl<PathValue> &Values);
  bool checkPathValues(const DivergentRegion &R, const MeldCandidate &Cand,
                       SmallVectorImpl<PathValue> &Values);
  void meldSubgraphs(const DivergentRegion &R, MeldCandidate &C,
                     ArrayRef<InstrAlignment> Alignments,
                     ArrayRef<PathValue> PathValues);
  BasicBlock *enterMeldedCode(const DivergentRegion &R, MeldCandidate &Cand,
                              ArrayRef<PathValue> PathValues, MeldedBlocks &MB);
  void emitRegionBranch(const MeldCandidate &Cand, BasicBlock *B1,
                        BasicBlock *B2, BasicBlock *End, Value *Cond,
                        std::optional<unsigned> OnlySide, MeldedBlocks &MB);
  void recordMeld(const DivergentRegion &R, const MeldCandidate &Cand,
                  const MeldStats &Stats);
  BasicBlock *emitMeldedBody(BasicBlock *Cur, const InstrAlignment &Alignment,
                             Value *Cond, std::optional<unsigned> OnlySide,
                             OperandSelects &Selects, MeldStats &Stats);
  void emitExitBranch(
      BasicBlock *From, ArrayRef<ExitEdge> Edges, BasicBlock *Exit1,
      BasicBlock *Exit2, Value *Cond, MeldStats &Stats,
      SmallVectorImpl<std::pair<PHINode *, unsigned>> *MergedPhis = nullptr);
  void simplifyFunction();
  bool sinkSelectsOfPhis();
  void foldTrivialPhisAndSelects();

  void initVersionBudget();
  bool tryVersion(const DivergentRegion &R, const MeldCandidate &Cand,
                  ArrayRef<InstrAlignment> Alignments);
  const char *collectVersionBlocks(const DivergentRegion &R,
                                   SmallVectorImpl<BasicBlock *> &Blocks,
                                   uint64_t &Size) const;
  void versionRegion(const DivergentRegion &R, ArrayRef<BasicBlock *> Blocks);
  uint64_t getOverheadPerEntry(const DivergentRegion &R,
                               const MeldCandidate &Cand, const MeldCost &Cost);

  void emitMissed(StringRef RemarkName, BasicBlock &BB, const Twine &Msg);
};

using PhiPair = std::pair<PHINode *, PHINode *>;
using PhiPairSet = DenseSet<std::pair<const Value *, const Value *>>;

/// The pairs of blocks whose instructions \p Cand aligns, true side first
/// (ControlFlowMelding.cpp).
SmallVector<BlockPair, 4> getAlignedBlocks(const MeldCandidate &Cand);

/// The distinct successors of \p SI in case order, the default last, each
/// with its case values; a default that only holds `unreachable` is left out
/// (ControlFlowMeldingSwitches.cpp).
void collectSwitchTargets(SwitchInst &SI,
                          SmallVectorImpl<SwitchTarget> &Targets);

/// Replaces the switch ending \p Entry by a cascade of two-way branches over
/// \p Targets, in the order of chooseSwitchPair; returns the cascade's last
/// block (ControlFlowMeldingSwitches.cpp).
BasicBlock *expandSwitch(BasicBlock &Entry, ArrayRef<SwitchTarget> Targets);

/// The block to meld for the subgraph that starts at \p BB, with its
/// conditional branch split off if \p SplitBranch
/// (ControlFlowMeldingCodeGen.cpp).
BasicBlock *simplifySubgraph(BasicBlock *BB, bool SplitBranch);

// Operand correspondence that alignment, the cost model and code generation
// share; each is described at its definition in
// ControlFlowMeldingProfitability.cpp.
bool areSwappedCompares(const Instruction *I1, const Instruction *I2);
bool areCommutedOperands(const Instruction *I1, const Instruction *I2,
                         DifferFn Differ = nullptr);
Value *getPartnerOperand(const Instruction *I1, const Instruction *I2,
                         unsigned Idx, DifferFn Differ = nullptr);
SmallVector<PhiPair, 8>
findPhiPairs(ArrayRef<PhiPair> Candidates,
             function_ref<bool(const PhiPair &, const PhiPairSet &)> Holds);

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

inline bool isConvergentCall(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && CB->isConvergent();
}

/// Instructions that take no part in alignment or profitability.
inline bool isIgnoredInstruction(const Instruction &I) {
  return isa<PHINode>(I) || I.isTerminator() || I.isDebugOrPseudoInst() ||
         I.isLifetimeStartOrEnd();
}

inline SmallVector<Instruction *, 32> getBodyInstructions(BlockRange BB) {
  SmallVector<Instruction *, 32> Body;
  for (Instruction &I : BB.instructions())
    if (!isa<PHINode>(I) && !I.isTerminator() && !isa<DbgInfoIntrinsic>(I))
      Body.push_back(&I);
  return Body;
}

/// How remarks name \p BB: its name, or \p Unnamed for a block without one
/// (clang names no blocks in release builds).
inline std::string getBlockLabel(const BasicBlock *BB, StringRef Unnamed) {
  return BB->hasName() ? BB->getName().str() : Unnamed.str();
}

inline const char *getKindName(MeldKind Kind) {
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

inline std::string formatScore(double Score) {
  return formatv("{0:F2}", Score).str();
}

inline BasicBlock *getIPostDom(const PostDominatorTree &PDT, BasicBlock *BB) {
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
inline bool isSingleBlockSubgraph(BasicBlock *BB, BasicBlock *Next) {
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

} // namespace cfmeld
} // namespace llvm

#endif // LLVM_LIB_TRANSFORMS_SCALAR_CONTROLFLOWMELDINGIMPL_H
