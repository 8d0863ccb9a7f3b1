//===- LinearizeCFG.cpp - Guard-variable linearization --------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Linearization of divergent regions with a guard variable, after Anantpur
/// and Govindarajan, "Taming Control Divergence in GPUs through Control Flow
/// Linearization" (CC 2014).
///
/// Terms used throughout:
///
/// - A *region* is a set of blocks, listed in the function's reverse
///   post-order. Edges from outside the region into it are *entering edges*,
///   edges out of it *exiting edges*, and the targets of exiting edges its
///   *exits*.
/// - A *step* is the unit the chain guards: a single block (Algorithm 1), or,
///   in a loop nest, an acyclic single-entry group of blocks (see formSteps).
///   Steps keep the region's reverse post-order; a step's *position* is its
///   index in that order.
/// - Each step gets an *id*, its position + 1; exit k gets the id N + 1 + k,
///   where N is the number of steps.
/// - The *guard variable* is a per-lane i32 holding the id of the next step
///   (or exit) the lane is to run.
/// - The *guard* of a step is a new block that runs the step if the guard
///   variable holds its id and otherwise falls through to the next guard.
/// - A *retreating edge* goes from a step to one at the same or an earlier
///   position.
///
/// The transform (Algorithm 1 of the paper) turns the region into a chain:
///
///     G0: if (g == id(S0)) S0      S0: ...; g = id(taken successor)
///     G1: if (g == id(S1)) S1      S1: ...; g = ...
///     ...
///     dispatch: branch to the exit whose id g holds
///
/// Each edge that leaves a step is replaced by a store of its target's id
/// into the guard variable (a select on the branch condition) and a branch
/// to the next guard; every entering edge stores the id of its target and
/// goes to G0. Retreating edges get a *back-edge guard* that sends the lanes
/// whose guard variable names an earlier step back to that step's guard:
///
/// - per edge (Algorithm 1, used for unstructured regions): one back-edge
///   guard right after each step that is the source of a retreating edge,
///   branching to the guard of its earliest target. Two back edges whose
///   position spans overlap without nesting would make the result
///   unstructured (a jump into a loop), so the later one's target is moved
///   up to the earlier one's (the paper's nesting constraint); the guards in
///   between do not fire for the lanes it sends back, so this keeps the
///   semantics.
/// - merged (loop merging, the paper's Fig. 8, used for loop nests): a single
///   back-edge guard at the end of the chain, the *latch*, sends every lane
///   whose guard variable still names a step back to G0. A lane that leaves
///   an inner loop then runs the outer loop's tail and starts its next outer
///   iteration while other lanes are still in the inner loop.
///
/// *Repeat guards* (merged mode, when the caller provides a lane-count
/// builder; AMDGPU does): a step that retreats to its own entry (the body of
/// an inner loop) is followed by a guard that runs it again while at least
/// -linearize-cfg-repeat-percent of the merged loop's lanes need it. The lane
/// counts are wave-uniform, so this is a uniform loop around the step: the
/// inner loop runs at close to its original cost per iteration, and the
/// outer steps run once many lanes wait for them, not once per iteration.
///
/// Invariants. Before each guard Gi, every lane's guard variable names a step
/// at position >= i, or an exit (or, in merged mode, a retreating target that
/// waits for the latch). Lanes diverge only at guards and back-edge guards,
/// and each guard's fall-through successor post-dominates it, so with one
/// block per step the result is a chain of if-thens and natural loops that
/// are nested or disjoint: StructurizeCFG and the reconverging lowering need
/// no flow blocks inside it. A step of several blocks keeps its own control
/// flow and gains only if-thens (edges that leave it early go straight to
/// its tail). Code grows linearly: at most one guard, one back-edge or repeat
/// guard and one tail per step.
///
/// SSA form. Phis of region blocks and exits are demoted to stack slots
/// before the CFG changes; afterwards every value whose definition no longer
/// dominates a use is demoted too, and all the slots, with the guard
/// variable, are promoted back to SSA values. On paths a lane never takes the
/// promoted values are undefined, which no lane reads.
///
/// Regions. The *unstructured* region of a divergent unstructured edge
/// (Definition 1: (a) neither end dominates or post-dominates the other, (b)
/// a jump into a cycle other than at its reducible header, (c) a jump out of
/// a cycle from a block that does not post-dominate it) is grown as in
/// Algorithm 2: the blocks dominated by the common immediate dominator D that
/// reach the common immediate post-dominator P, and those post-dominated by P
/// that D reaches, until a fixed point, plus the blocks of the cycle an edge
/// jumps into or out of. A *loop nest* is an outermost loop with a subloop
/// whose exit is divergent. Regions with convergent
/// operations, exotic terminators or blocks that leave the function are left
/// alone, with a missed remark. Whether a candidate is linearized is decided
/// by the profitability rule (unprofitableLoopNest,
/// unprofitableUnstructured); -linearize-cfg-force skips it.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/LinearizeCFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include <map>

using namespace llvm;

#define DEBUG_TYPE "linearize-cfg"

STATISTIC(NumUnstructuredRegions, "Unstructured regions linearized");
STATISTIC(NumLoopNests, "Loop nests linearized with merged back edges");
STATISTIC(NumGuards, "Guard blocks created");
STATISTIC(NumBackEdgeGuards, "Back-edge guard blocks created");
STATISTIC(NumRepeatGuards, "Repeat guards created for merged inner loops");
STATISTIC(NumMovedBackEdges,
          "Back edges moved up to keep the linearized loops nested");
STATISTIC(NumRejected, "Candidate regions left alone");
STATISTIC(NumPhiReloadsShared,
          "Phi values read again from their slot instead of copied");

namespace {
enum class RegionSelection { None, Unstructured, Loops, All };
} // end anonymous namespace

static cl::opt<RegionSelection> RegionsOpt(
    "linearize-cfg-regions",
    cl::desc("Regions that 'opt -passes=linearize-cfg' linearizes"),
    cl::values(clEnumValN(RegionSelection::None, "none", "None"),
               clEnumValN(RegionSelection::Unstructured, "unstructured",
                          "The region around each divergent unstructured edge"),
               clEnumValN(RegionSelection::Loops, "loops",
                          "Loop nests whose inner loop exits divergently"),
               clEnumValN(RegionSelection::All, "all", "Both")),
    cl::init(RegionSelection::All));

static cl::opt<bool>
    ForceOpt("linearize-cfg-force", cl::init(false),
             cl::desc("Linearize every candidate region the transform can "
                      "handle, without the profitability rule"));

static cl::opt<unsigned> MaxBlocks(
    "linearize-cfg-max-blocks", cl::init(12), cl::Hidden,
    cl::desc("Largest region, in blocks, the profitability rule accepts"));

static cl::opt<unsigned>
    GuardCost("linearize-cfg-guard-cost", cl::init(4), cl::Hidden,
              cl::desc("Instructions a guard costs a wave that runs it"));

static cl::opt<unsigned> MaxLoopOverhead(
    "linearize-cfg-max-loop-overhead", cl::init(200), cl::Hidden,
    cl::desc("Largest cost of an inner iteration in a merged loop, in percent "
             "of one iteration of the original inner loop, the profitability "
             "rule accepts"));

static cl::opt<unsigned> RepeatCost(
    "linearize-cfg-repeat-cost", cl::init(8), cl::Hidden,
    cl::desc("Instructions a repeat guard costs a wave (lane counts, compare "
             "and branch)"));

static cl::opt<bool> GroupSteps(
    "linearize-cfg-steps", cl::init(true), cl::Hidden,
    cl::desc("Guard the steps of a loop nest (acyclic single-entry parts) "
             "instead of each block"));

static cl::opt<unsigned> RepeatPercent(
    "linearize-cfg-repeat-percent", cl::init(50), cl::Hidden,
    cl::desc("A merged loop repeats an inner loop's step while at least this "
             "percentage of its lanes needs it (with a lane-count builder; 0: "
             "no repeat guards)"));

static cl::opt<unsigned> MaxLoopCarried(
    "linearize-cfg-max-loop-carried", cl::init(24), cl::Hidden,
    cl::desc("Most values the loops of a nest may carry (header phis) for "
             "the profitability rule to merge them; each stays live across "
             "the whole merged loop"));

LinearizeCFGPass::LinearizeCFGPass() {
  Opts.Unstructured = RegionsOpt == RegionSelection::Unstructured ||
                      RegionsOpt == RegionSelection::All;
  Opts.Loops = RegionsOpt == RegionSelection::Loops ||
               RegionsOpt == RegionSelection::All;
  Opts.Force = ForceOpt;
}

//===----------------------------------------------------------------------===//
// The transform
//===----------------------------------------------------------------------===//

/// Why the transform cannot handle the region, or null.
static const char *unsupportedRegion(Function &F,
                                     ArrayRef<BasicBlock *> Blocks) {
  if (Blocks.empty())
    return "the region is empty";
  SmallPtrSet<BasicBlock *, 16> InRegion(Blocks.begin(), Blocks.end());
  if (InRegion.contains(&F.getEntryBlock()))
    return "the region contains the function's entry block";
  bool HasExit = false;
  for (BasicBlock *BB : Blocks) {
    const Instruction *Term = BB->getTerminator();
    if (!isa<BranchInst, SwitchInst>(Term))
      return isa<ReturnInst, UnreachableInst>(Term)
                 ? "a block of the region leaves the function"
                 : "a block of the region ends in a terminator other than a "
                   "branch or a switch";
    if (BB->isEHPad() || BB->hasAddressTaken())
      return "a block of the region is an EH pad or has its address taken";
    for (const Instruction &I : *BB) {
      if (I.getType()->isTokenTy())
        return "the region defines a token value";
      if (const auto *CB = dyn_cast<CallBase>(&I); CB && CB->isConvergent())
        return "the region contains a convergent operation";
    }
    for (BasicBlock *Pred : predecessors(BB))
      if (!InRegion.contains(Pred) &&
          !isa<BranchInst, SwitchInst>(Pred->getTerminator()))
        return "an edge enters the region from a terminator other than a "
               "branch or a switch";
    for (BasicBlock *Succ : successors(BB))
      if (!InRegion.contains(Succ)) {
        if (Succ->isEHPad())
          return "the region exits to an EH pad";
        HasExit = true;
      }
  }
  if (!HasExit)
    return "the region has no exit";
  return nullptr;
}

namespace {

/// Rewrites one region into a guard chain; see the file comment.
class RegionLinearizer {
public:
  RegionLinearizer(Function &F, ArrayRef<BasicBlock *> Region, bool Merge,
                   const CountLanesFn &CountLanes)
      : F(F), Blocks(Region.begin(), Region.end()), Merge(Merge),
        CountLanes(CountLanes), Int32Ty(Type::getInt32Ty(F.getContext())) {}

  void run();

private:
  Function &F;
  SmallVector<BasicBlock *, 16> Blocks;
  bool Merge;
  const CountLanesFn &CountLanes;
  IntegerType *Int32Ty;

  /// Steps[i] lists the blocks of step i, its entry first.
  SmallVector<SmallVector<BasicBlock *, 4>, 16> Steps;
  DenseMap<BasicBlock *, unsigned> StepOf;
  SmallSetVector<BasicBlock *, 4> Exits;
  SmallVector<AllocaInst *, 16> Slots;
  /// The reload of each demoted phi whose slot still holds the reloaded
  /// value wherever the phi is used (isReloadableAtUses), with that slot. A
  /// use the reload no longer dominates after the CFG changes reads the
  /// slot again (reloadForUse) instead of a second copy of the value.
  DenseMap<LoadInst *, AllocaInst *> PhiReloads;
  AllocaInst *GuardVar = nullptr;
  /// Per step: its guard, the tail its exit edges meet at (steps of several
  /// blocks), and its back-edge guard (per-edge mode).
  SmallVector<BasicBlock *, 16> Guards, Tails, BackEdgeGuards;
  /// Per step: its repeat guard (merged mode with CountLanes, steps that
  /// retreat to their own entry).
  SmallVector<BasicBlock *, 16> RepeatGuards;
  /// Per step: the step entries its retreating edges go to, taken before
  /// the terminators are rewritten.
  SmallVector<SmallSetVector<BasicBlock *, 2>, 16> RetreatTargets;
  /// The merged back-edge guard (merged mode) and the first block after the
  /// chain.
  BasicBlock *Latch = nullptr;
  BasicBlock *Dispatch = nullptr;

  bool inRegion(BasicBlock *BB) const { return StepOf.count(BB); }
  bool isStepExit(unsigned I, BasicBlock *Succ) const;
  ConstantInt *idOf(BasicBlock *Target) const;
  SmallSetVector<BasicBlock *, 2> retreatingTargets(unsigned I) const;
  void mergeStraightLines();
  void formSteps();
  void demotePhis();
  void createBlocks();
  BasicBlock *nextAfter(unsigned I) const;
  BasicBlock *fallThroughAfter(unsigned I) const;
  Value *buildSuccessorId(Instruction *Term, IRBuilder<> &B) const;
  void rewriteStep(unsigned I);
  void fillGuard(unsigned I);
  void fillBackEdgeGuards();
  void fillRepeatGuard(unsigned I);
  void fillDispatch();
  void rewriteEnteringEdges(ArrayRef<BasicBlock *> EnteringBlocks);
  void repairSSA();
  void widenBooleanSlot(AllocaInst *&Slot);
};

} // end anonymous namespace

/// Whether the edge from step \p I to \p Succ leaves the step: it goes to
/// another step, back to the step's own entry, or out of the region.
bool RegionLinearizer::isStepExit(unsigned I, BasicBlock *Succ) const {
  auto It = StepOf.find(Succ);
  return It == StepOf.end() || It->second != I || Succ == Steps[I].front();
}

/// The id of a step entry or an exit.
ConstantInt *RegionLinearizer::idOf(BasicBlock *Target) const {
  auto It = StepOf.find(Target);
  if (It != StepOf.end()) {
    assert(Steps[It->second].front() == Target && "not a step entry");
    return ConstantInt::get(Int32Ty, It->second + 1);
  }
  unsigned ExitIndex = find(Exits, Target) - Exits.begin();
  assert(ExitIndex < Exits.size() && "not a step entry or an exit");
  return ConstantInt::get(Int32Ty, Steps.size() + 1 + ExitIndex);
}

SmallSetVector<BasicBlock *, 2>
RegionLinearizer::retreatingTargets(unsigned I) const {
  SmallSetVector<BasicBlock *, 2> Targets;
  for (BasicBlock *BB : Steps[I])
    for (BasicBlock *Succ : successors(BB))
      if (isStepExit(I, Succ) && inRegion(Succ) && StepOf.lookup(Succ) <= I)
        Targets.insert(Succ);
  return Targets;
}

/// Folds each block that is the only successor of its only predecessor, both
/// in the region, into that predecessor: fewer guards, same semantics.
void RegionLinearizer::mergeStraightLines() {
  SmallPtrSet<BasicBlock *, 16> InRegion(Blocks.begin(), Blocks.end());
  SmallVector<BasicBlock *, 16> Kept;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *Pred = BB->getSinglePredecessor();
    if (BB != Blocks.front() && Pred && InRegion.contains(Pred) &&
        Pred->getSingleSuccessor() == BB && MergeBlockIntoPredecessor(BB)) {
      InRegion.erase(BB);
      continue;
    }
    Kept.push_back(BB);
  }
  Blocks = std::move(Kept);
}

/// Per-edge mode guards every block (Algorithm 1). Merged mode guards only
/// the entries of *steps* (unless -linearize-cfg-steps=0): in reverse
/// post-order, a block whose predecessors all lie in one step joins it, any
/// other block starts a step. A step is thus an acyclic single-entry part of
/// the region whose inner control flow (an if-then-else in a loop body, say)
/// the lowering handles as before; only the edges between steps, which carry
/// all the loops, go through the guard variable.
void RegionLinearizer::formSteps() {
  if (!Merge || !GroupSteps)
    mergeStraightLines();
  for (BasicBlock *BB : Blocks) {
    std::optional<unsigned> Joined;
    if (Merge && GroupSteps && BB != Blocks.front()) {
      for (BasicBlock *Pred : predecessors(BB)) {
        auto It = StepOf.find(Pred);
        if (It == StepOf.end() || (Joined && *Joined != It->second)) {
          Joined.reset();
          break;
        }
        Joined = It->second;
      }
    }
    if (Joined) {
      Steps[*Joined].push_back(BB);
      StepOf[BB] = *Joined;
      continue;
    }
    StepOf[BB] = Steps.size();
    Steps.emplace_back();
    Steps.back().push_back(BB);
  }
}

/// The block where \p U reads its value: the incoming block for a phi.
static BasicBlock *getUseBlock(const Use &U) {
  if (auto *Phi = dyn_cast<PHINode>(U.getUser()))
    return Phi->getIncomingBlock(U);
  return cast<Instruction>(U.getUser())->getParent();
}

/// Whether, once \p Phi is demoted, its slot holds the phi's value at each
/// use. DemotePHIToStack stores an incoming value at the end of the incoming
/// block P, also for lanes that leave P to another successor; a use that a
/// lane reaches from there without entering the phi's block H again would
/// read the next value. Uses in P itself are read before the store
/// (reloadForUse). Linearization keeps each lane's order of the region's
/// blocks, so this is a question about the CFG before it changes.
static bool isReloadableAtUses(const PHINode &Phi) {
  const BasicBlock *H = Phi.getParent();
  SmallPtrSet<const BasicBlock *, 16> Overwritten{H};
  SmallVector<const BasicBlock *, 16> Worklist;
  for (const BasicBlock *P : Phi.blocks())
    for (const BasicBlock *Succ : successors(P))
      if (Overwritten.insert(Succ).second)
        Worklist.push_back(Succ);
  while (!Worklist.empty())
    for (const BasicBlock *Succ : successors(Worklist.pop_back_val()))
      if (Overwritten.insert(Succ).second)
        Worklist.push_back(Succ);
  Overwritten.erase(H);
  return none_of(Phi.uses(), [&](const Use &U) {
    return Overwritten.contains(getUseBlock(U));
  });
}

void RegionLinearizer::demotePhis() {
  SmallVector<PHINode *, 16> Phis;
  auto Collect = [&](BasicBlock *BB) {
    for (PHINode &Phi : BB->phis())
      Phis.push_back(&Phi);
  };
  for (auto &Step : Steps)
    Collect(Step.front());
  for (BasicBlock *Exit : Exits)
    Collect(Exit);
  for (PHINode *Phi : Phis) {
    bool Reloadable = isReloadableAtUses(*Phi);
    AllocaInst *Slot = DemotePHIToStack(Phi);
    if (!Slot)
      continue;
    Slots.push_back(Slot);
    if (Reloadable)
      for (User *U : Slot->users())
        if (auto *Reload = dyn_cast<LoadInst>(U))
          PhiReloads[Reload] = Slot;
  }
}

BasicBlock *RegionLinearizer::fallThroughAfter(unsigned I) const {
  if (I + 1 < Steps.size())
    return Guards[I + 1];
  return Latch ? Latch : Dispatch;
}

BasicBlock *RegionLinearizer::nextAfter(unsigned I) const {
  if (RepeatGuards[I])
    return RepeatGuards[I];
  if (BackEdgeGuards[I])
    return BackEdgeGuards[I];
  return fallThroughAfter(I);
}

void RegionLinearizer::createBlocks() {
  LLVMContext &Ctx = F.getContext();
  bool AnyRetreating = false;
  for (unsigned I = 0, E = Steps.size(); I != E; ++I) {
    BasicBlock *Entry = Steps[I].front();
    BasicBlock *Last = Steps[I].back();
    Guards.push_back(
        BasicBlock::Create(Ctx, "lin.guard." + Entry->getName(), &F, Entry));
    Tails.push_back(Steps[I].size() > 1
                        ? BasicBlock::Create(Ctx,
                                             "lin.tail." + Entry->getName(), &F,
                                             Last->getNextNode())
                        : nullptr);
    RetreatTargets.push_back(retreatingTargets(I));
    bool Retreating = !RetreatTargets.back().empty();
    AnyRetreating |= Retreating;
    BackEdgeGuards.push_back(nullptr);
    if (Retreating && !Merge)
      BackEdgeGuards[I] = BasicBlock::Create(
          Ctx, "lin.backedge." + Entry->getName(), &F, Last->getNextNode());
    RepeatGuards.push_back(nullptr);
    if (Merge && CountLanes && RepeatPercent &&
        RetreatTargets.back().contains(Entry)) {
      RepeatGuards[I] = BasicBlock::Create(
          Ctx, "lin.repeat." + Entry->getName(), &F, Last->getNextNode());
      ++NumRepeatGuards;
    }
  }
  if (Merge && AnyRetreating)
    Latch = BasicBlock::Create(Ctx, "lin.latch", &F, Exits.front());
  if (Exits.size() == 1)
    Dispatch = Exits.front();
  else
    Dispatch = BasicBlock::Create(Ctx, "lin.dispatch", &F, Exits.front());
  NumGuards += Steps.size();
  NumBackEdgeGuards +=
      count_if(BackEdgeGuards, [](BasicBlock *BB) { return BB != nullptr; }) +
      (Latch ? 1 : 0);
}

/// The id of the successor \p Term takes, built before \p Term.
Value *RegionLinearizer::buildSuccessorId(Instruction *Term,
                                          IRBuilder<> &B) const {
  if (auto *Br = dyn_cast<BranchInst>(Term)) {
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return idOf(Br->getSuccessor(0));
    return B.CreateSelect(Br->getCondition(), idOf(Br->getSuccessor(0)),
                          idOf(Br->getSuccessor(1)), "lin.next");
  }
  auto *SI = cast<SwitchInst>(Term);
  Value *Id = idOf(SI->getDefaultDest());
  for (auto &Case : SI->cases()) {
    if (Case.getCaseSuccessor() == SI->getDefaultDest())
      continue;
    Value *Match = B.CreateICmpEQ(SI->getCondition(), Case.getCaseValue());
    Id = B.CreateSelect(Match, idOf(Case.getCaseSuccessor()), Id, "lin.next");
  }
  return Id;
}

/// Every edge that leaves step \p I stores its target's id and goes on to
/// the next step of the chain, through the step's tail if it has several
/// blocks. Edges inside the step stay.
void RegionLinearizer::rewriteStep(unsigned I) {
  BasicBlock *Next = nextAfter(I);
  BasicBlock *To = Tails[I] ? Tails[I] : Next;
  if (Tails[I])
    BranchInst::Create(Next, Tails[I]);
  for (BasicBlock *BB : Steps[I]) {
    Instruction *Term = BB->getTerminator();
    SmallVector<unsigned, 2> ExitSlots;
    for (unsigned J = 0, E = Term->getNumSuccessors(); J != E; ++J)
      if (isStepExit(I, Term->getSuccessor(J)))
        ExitSlots.push_back(J);
    if (ExitSlots.empty())
      continue;
    if (ExitSlots.size() == Term->getNumSuccessors()) {
      IRBuilder<> B(Term);
      B.CreateStore(buildSuccessorId(Term, B), GuardVar);
      Term->eraseFromParent();
      BranchInst::Create(To, BB);
      continue;
    }
    // Some successors stay in the step. Every path through a step leaves it
    // by an edge that stores the guard variable, so a path that stays may
    // find any value there: store the id of the leaving successor taken (a
    // select among the leaving targets of a switch) and send the leaving
    // edges straight to the tail. The step's inner control flow thus gains
    // if-thens, no if-then-elses.
    IRBuilder<> B(Term);
    Value *Id = idOf(Term->getSuccessor(ExitSlots.front()));
    if (auto *SI = dyn_cast<SwitchInst>(Term))
      for (auto &Case : SI->cases())
        if (isStepExit(I, Case.getCaseSuccessor()))
          Id = B.CreateSelect(
              B.CreateICmpEQ(SI->getCondition(), Case.getCaseValue()),
              idOf(Case.getCaseSuccessor()), Id, "lin.next");
    B.CreateStore(Id, GuardVar);
    for (unsigned J : ExitSlots)
      Term->setSuccessor(J, To);
  }
}

void RegionLinearizer::fillGuard(unsigned I) {
  IRBuilder<> B(Guards[I]);
  Value *G = B.CreateLoad(Int32Ty, GuardVar, "lin.g");
  Value *Here = B.CreateICmpEQ(G, idOf(Steps[I].front()), "lin.here");
  B.CreateCondBr(Here, Steps[I].front(), nextAfter(I));
}

/// Per-edge mode: the back-edge guard of each retreating source, with the
/// nesting constraint. Merged mode: the latch.
void RegionLinearizer::fillBackEdgeGuards() {
  unsigned N = Steps.size();
  if (Latch) {
    IRBuilder<> B(Latch);
    Value *G = B.CreateLoad(Int32Ty, GuardVar, "lin.g");
    Value *Back = B.CreateICmpULE(G, ConstantInt::get(Int32Ty, N), "lin.back");
    B.CreateCondBr(Back, Guards[0], Dispatch);
  }
  // The step each back-edge guard branches to: its earliest target.
  std::map<unsigned, unsigned> Target;
  for (unsigned S = 0; S < N; ++S) {
    if (!BackEdgeGuards[S])
      continue;
    unsigned T = S;
    for (BasicBlock *Succ : RetreatTargets[S])
      T = std::min(T, StepOf.lookup(Succ));
    Target[S] = T;
  }
  // Spans [Target[s], s] must be nested or disjoint: move the later target
  // up to the earlier one until they are. Targets only decrease, so this
  // terminates.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[S1, T1] : Target)
      for (auto &[S2, T2] : Target)
        if (S1 < S2 && T1 < T2 && T2 <= S1) {
          T2 = T1;
          Changed = true;
          ++NumMovedBackEdges;
        }
  }
  for (auto &[S, T] : Target) {
    IRBuilder<> B(BackEdgeGuards[S]);
    Value *G = B.CreateLoad(Int32Ty, GuardVar, "lin.g");
    Value *Back = nullptr;
    for (BasicBlock *Succ : RetreatTargets[S]) {
      Value *Is = B.CreateICmpEQ(G, idOf(Succ), "lin.is");
      Back = Back ? B.CreateOr(Back, Is, "lin.back") : Is;
    }
    B.CreateCondBr(Back, Guards[T], fallThroughAfter(S));
  }
}

/// Runs step \p I again while at least -linearize-cfg-repeat-percent of the
/// lanes in the merged loop still need it: the wave-uniform lane counts make
/// this a uniform inner loop, in which the lanes that wait for the rest of the
/// merged loop sit idle. Lanes that left the step run their outer-loop steps
/// once enough of them have gathered, so those steps run for many lanes at a
/// time instead of once per merged iteration.
void RegionLinearizer::fillRepeatGuard(unsigned I) {
  IRBuilder<> B(RepeatGuards[I]);
  Value *G = B.CreateLoad(Int32Ty, GuardVar, "lin.g");
  Value *Here = B.CreateICmpEQ(G, idOf(Steps[I].front()), "lin.here");
  Value *Needing = CountLanes(B, Here);
  Value *Active = CountLanes(B, B.getTrue());
  // Needing * 100 >= Active * Percent. Active lanes are never zero here and
  // Percent is at least 1 (0 creates no repeat guards), so a step no lane
  // needs is never repeated.
  Type *Ty = Needing->getType();
  Value *Again = B.CreateICmpUGE(
      B.CreateMul(Needing, ConstantInt::get(Ty, 100)),
      B.CreateMul(Active, ConstantInt::get(Ty, RepeatPercent)), "lin.again");
  B.CreateCondBr(Again, Guards[I], fallThroughAfter(I));
}

void RegionLinearizer::fillDispatch() {
  if (Exits.size() == 1)
    return;
  BasicBlock *Cur = Dispatch;
  for (unsigned K = 0; K + 1 < Exits.size(); ++K) {
    IRBuilder<> B(Cur);
    Value *G = B.CreateLoad(Int32Ty, GuardVar, "lin.g");
    Value *Is = B.CreateICmpEQ(G, idOf(Exits[K]), "lin.exit");
    BasicBlock *Next = K + 2 < Exits.size()
                           ? BasicBlock::Create(F.getContext(), "lin.dispatch",
                                                &F, Cur->getNextNode())
                           : Exits[K + 1];
    B.CreateCondBr(Is, Exits[K], Next);
    Cur = Next;
  }
}

/// Every entering edge stores the id of its target and goes to the first
/// guard.
void RegionLinearizer::rewriteEnteringEdges(
    ArrayRef<BasicBlock *> EnteringBlocks) {
  BasicBlock *First = Guards[0];
  for (BasicBlock *Pred : EnteringBlocks) {
    Instruction *Term = Pred->getTerminator();
    SmallVector<unsigned, 2> InSlots;
    for (unsigned J = 0, E = Term->getNumSuccessors(); J != E; ++J)
      if (inRegion(Term->getSuccessor(J)))
        InSlots.push_back(J);
    if (isa<BranchInst>(Term) && InSlots.size() == 2) {
      // Both successors in the region: one store of the taken one's id.
      IRBuilder<> B(Term);
      B.CreateStore(buildSuccessorId(Term, B), GuardVar);
      BranchInst::Create(First, Term->getIterator());
      Term->eraseFromParent();
      continue;
    }
    if (InSlots.size() == 1) {
      new StoreInst(idOf(Term->getSuccessor(InSlots[0])), GuardVar,
                    Term->getIterator());
      Term->setSuccessor(InSlots[0], First);
      continue;
    }
    // A switch into several region blocks: one store block per edge.
    for (unsigned J : InSlots) {
      BasicBlock *Enter =
          BasicBlock::Create(F.getContext(), "lin.enter", &F, First);
      new StoreInst(idOf(Term->getSuccessor(J)), GuardVar, Enter);
      BranchInst::Create(First, Enter);
      Term->setSuccessor(J, Enter);
    }
  }
}

/// Makes the use \p U of the phi reload \p Reload read \p Slot again where
/// it reads its value (getUseBlock), before the store of the phi's next
/// value if that block is an incoming block of the phi. Promoted, the use
/// then gets the phi's own value instead of a second copy of it that stays
/// live across the chain.
static void reloadForUse(LoadInst &Reload, AllocaInst &Slot, Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  Instruction *InsertPt = User;
  if (isa<PHINode>(User))
    InsertPt = getUseBlock(U)->getTerminator();
  for (Instruction &I : *InsertPt->getParent()) {
    if (&I == InsertPt)
      break;
    if (auto *St = dyn_cast<StoreInst>(&I);
        St && St->getPointerOperand() == &Slot) {
      InsertPt = St;
      break;
    }
  }
  U.set(new LoadInst(Reload.getType(), &Slot, Reload.getName(),
                     InsertPt->getIterator()));
}

/// Demotes every value whose definition no longer dominates all its uses
/// (a phi reload in PhiReloads reads its slot again instead), then promotes
/// all the slots back to SSA values.
void RegionLinearizer::repairSSA() {
  DominatorTree DT(F);
  SmallVector<Instruction *, 32> Broken;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (DT.isReachableFromEntry(&BB) && !isa<AllocaInst>(I) &&
          any_of(I.uses(), [&](const Use &U) { return !DT.dominates(&I, U); }))
        Broken.push_back(&I);
  for (Instruction *I : Broken) {
    auto *Reload = dyn_cast<LoadInst>(I);
    auto It = Reload ? PhiReloads.find(Reload) : PhiReloads.end();
    if (It == PhiReloads.end()) {
      Slots.push_back(DemoteRegToStack(*I));
      continue;
    }
    for (Use &U : make_early_inc_range(I->uses()))
      if (!DT.dominates(I, U))
        reloadForUse(*Reload, *It->second, U);
    ++NumPhiReloadsShared;
  }
  for (AllocaInst *&Slot : Slots)
    widenBooleanSlot(Slot);
  Slots.push_back(GuardVar);
  DT.recalculate(F);
  PromoteMemToReg(Slots, DT);
}

/// Turns an i1 slot into an i32 one (zext on store, trunc on load). Promoted,
/// a boolean that crosses the guard chain becomes a per-lane i32 phi instead
/// of a lane-mask phi: lane masks live across divergent guards are what the
/// divergent-control-flow lowerings handle worst (the reconverging lowering
/// cannot recompute some of them for lanes that wait at a rejoin).
void RegionLinearizer::widenBooleanSlot(AllocaInst *&Slot) {
  if (!Slot->getAllocatedType()->isIntegerTy(1))
    return;
  IRBuilder<> B(Slot);
  AllocaInst *Wide =
      B.CreateAlloca(Int32Ty, nullptr, Slot->getName() + ".wide");
  for (User *U : make_early_inc_range(Slot->users())) {
    if (auto *St = dyn_cast<StoreInst>(U)) {
      B.SetInsertPoint(St);
      B.CreateStore(B.CreateZExt(St->getValueOperand(), Int32Ty), Wide);
    } else {
      auto *Ld = cast<LoadInst>(U);
      B.SetInsertPoint(Ld);
      Ld->replaceAllUsesWith(
          B.CreateTrunc(B.CreateLoad(Int32Ty, Wide), Ld->getType()));
    }
    cast<Instruction>(U)->eraseFromParent();
  }
  Slot->eraseFromParent();
  Slot = Wide;
}

void RegionLinearizer::run() {
  formSteps();
  SetVector<BasicBlock *> Entering;
  for (auto &Step : Steps)
    for (BasicBlock *BB : Step) {
      for (BasicBlock *Succ : successors(BB))
        if (!inRegion(Succ))
          Exits.insert(Succ);
      for (BasicBlock *Pred : predecessors(BB))
        if (!inRegion(Pred))
          Entering.insert(Pred);
    }
  demotePhis();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  GuardVar = B.CreateAlloca(Int32Ty, nullptr, "lin.guard");
  createBlocks();
  for (unsigned I = 0, E = Steps.size(); I != E; ++I) {
    rewriteStep(I);
    fillGuard(I);
    if (RepeatGuards[I])
      fillRepeatGuard(I);
  }
  fillBackEdgeGuards();
  fillDispatch();
  rewriteEnteringEdges(Entering.getArrayRef());
  repairSSA();
}

const char *llvm::linearizeRegion(Function &F, ArrayRef<BasicBlock *> Blocks,
                                  bool MergeBackEdges,
                                  const CountLanesFn &CountLanes) {
  if (const char *Why = unsupportedRegion(F, Blocks))
    return Why;
  RegionLinearizer(F, Blocks, MergeBackEdges, CountLanes).run();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Finding regions
//===----------------------------------------------------------------------===//

namespace {

/// A region the pass considers, with what the remarks say about it.
struct Candidate {
  SmallVector<BasicBlock *, 16> Blocks; // in reverse post-order
  bool IsLoopNest;
  /// Where the remarks point: the branch that makes the region a candidate
  /// (rewritten by the transform, so only its location and block are kept;
  /// the transform can merge the block away, hence the weak handle).
  DebugLoc Loc;
  WeakVH Anchor;

  BasicBlock *getAnchor() const { return cast_or_null<BasicBlock>(Anchor); }
  /// The code region of the remarks: the anchor, or the entry block of \p F
  /// once the anchor has been merged away.
  const Value *getRemarkRegion(Function &F) const {
    if (BasicBlock *BB = getAnchor())
      return BB;
    return &F.getEntryBlock();
  }
};

class RegionFinder {
public:
  RegionFinder(Function &F, const DominatorTree &DT,
               const PostDominatorTree &PDT, const CycleInfo &CI,
               const LoopInfo &LI, UniformityInfo &UI)
      : F(F), DT(DT), PDT(PDT), CI(CI), LI(LI), UI(UI) {
    for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
      RPOIndex[BB] = RPOIndex.size();
  }

  /// The unstructured region of a divergent unstructured edge, or null and
  /// why not in \p Why.
  std::optional<Candidate>
  findUnstructured(const SmallPtrSetImpl<const Instruction *> &Rejected,
                   const char *&Why);
  /// Outermost loops with a divergently exiting subloop.
  void findLoopNests(SmallVectorImpl<Candidate> &Out);
  /// The largest divergently exiting proper subloop of \p L, if any.
  const Loop *divergentInnerLoop(const Loop &L) const;

private:
  Function &F;
  const DominatorTree &DT;
  const PostDominatorTree &PDT;
  const CycleInfo &CI;
  const LoopInfo &LI;
  UniformityInfo &UI;
  DenseMap<const BasicBlock *, unsigned> RPOIndex;

  bool isUnstructuredEdge(BasicBlock *Src, BasicBlock *Dst,
                          const Cycle *&Violated) const;
  bool growRegion(SmallPtrSetImpl<BasicBlock *> &Region) const;
  Candidate makeCandidate(const SmallPtrSetImpl<BasicBlock *> &Set,
                          bool IsLoopNest, Instruction *Where) const;
};

} // end anonymous namespace

/// Definition 1 of the paper, with cycles standing for loops so that
/// irreducible control flow counts as well. For a jump into or out of a
/// cycle, \p Cycle is set to the outermost cycle the edge violates.
bool RegionFinder::isUnstructuredEdge(BasicBlock *Src, BasicBlock *Dst,
                                      const Cycle *&Violated) const {
  Violated = nullptr;
  // (b) A jump into a cycle other than at its reducible header.
  for (const Cycle *C = CI.getCycle(Dst); C; C = C->getParentCycle())
    if (!C->contains(Src) && !(C->isReducible() && C->getHeader() == Dst))
      Violated = C;
  // (c) A jump out of a cycle from a block that does not post-dominate it.
  for (const Cycle *C = CI.getCycle(Src); C; C = C->getParentCycle()) {
    if (C->contains(Dst))
      break;
    if (any_of(C->blocks(),
               [&](const BasicBlock *BB) { return !PDT.dominates(Src, BB); }) &&
        (!Violated || Violated->contains(C)))
      Violated = C;
  }
  if (Violated)
    return true;
  // (a) Neither end dominates or post-dominates the other.
  return Src->getUniqueSuccessor() == nullptr && !Dst->hasNPredecessors(1) &&
         !DT.dominates(Src, Dst) && !DT.dominates(Dst, Src) &&
         !PDT.dominates(Src, Dst) && !PDT.dominates(Dst, Src);
}

/// One step of Algorithm 2 repeated to a fixed point: the blocks dominated by
/// D that reach P without passing D, and those post-dominated by P that D
/// reaches without passing P, where D and P are the common immediate
/// (post-)dominators of the region, plus the blocks at the other end of any
/// edge that enters the region from elsewhere than D or leaves it to
/// elsewhere than P (Definition 4). Returns false if there is no such D or P.
bool RegionFinder::growRegion(SmallPtrSetImpl<BasicBlock *> &Region) const {
  for (unsigned Round = 0; Round < 64; ++Round) {
    BasicBlock *D = nullptr, *P = nullptr;
    for (BasicBlock *BB : Region) {
      D = D ? DT.findNearestCommonDominator(D, BB) : BB;
      P = P ? PDT.findNearestCommonDominator(P, BB) : BB;
      if (!D || !P)
        return false;
    }
    // D and P lie outside the region: step to the immediate (post-)dominator.
    while (D && Region.contains(D))
      D = DT.getNode(D)->getIDom() ? DT.getNode(D)->getIDom()->getBlock()
                                   : nullptr;
    while (P && Region.contains(P))
      P = PDT.getNode(P)->getIDom() ? PDT.getNode(P)->getIDom()->getBlock()
                                    : nullptr;
    if (!D || !P)
      return false;
    auto Walk = [](BasicBlock *From, BasicBlock *Stop, bool Forward) {
      SmallPtrSet<BasicBlock *, 32> Seen;
      SmallVector<BasicBlock *, 32> Work{From};
      while (!Work.empty()) {
        BasicBlock *BB = Work.pop_back_val();
        auto Visit = [&](BasicBlock *Next) {
          if (Next != Stop && Next != From && Seen.insert(Next).second)
            Work.push_back(Next);
        };
        if (Forward)
          for_each(successors(BB), Visit);
        else
          for_each(predecessors(BB), Visit);
      }
      return Seen;
    };
    SmallPtrSet<BasicBlock *, 32> ReachP = Walk(P, D, /*Forward=*/false);
    SmallPtrSet<BasicBlock *, 32> FromD = Walk(D, P, /*Forward=*/true);
    SmallPtrSet<BasicBlock *, 32> Next(Region.begin(), Region.end());
    for (BasicBlock *BB : ReachP)
      if (DT.properlyDominates(D, BB))
        Next.insert(BB);
    for (BasicBlock *BB : FromD)
      if (PDT.properlyDominates(P, BB))
        Next.insert(BB);
    // Definition 4: edges enter only from D and leave only to P. Take in the
    // blocks of any other entering or exiting edge; the next round steps D
    // and P out of the grown region.
    SmallVector<BasicBlock *, 32> Members(Next.begin(), Next.end());
    for (BasicBlock *BB : Members) {
      for (BasicBlock *Pred : predecessors(BB))
        if (Pred != D)
          Next.insert(Pred);
      for (BasicBlock *Succ : successors(BB))
        if (Succ != P)
          Next.insert(Succ);
    }
    if (Next.size() == Region.size())
      return true;
    Region.clear();
    Region.insert(Next.begin(), Next.end());
  }
  return false;
}

Candidate RegionFinder::makeCandidate(const SmallPtrSetImpl<BasicBlock *> &Set,
                                      bool IsLoopNest,
                                      Instruction *Where) const {
  Candidate C;
  C.Blocks.assign(Set.begin(), Set.end());
  llvm::sort(C.Blocks, [&](BasicBlock *A, BasicBlock *B) {
    return RPOIndex.lookup(A) < RPOIndex.lookup(B);
  });
  C.IsLoopNest = IsLoopNest;
  C.Loc = Where->getDebugLoc();
  C.Anchor = Where->getParent();
  return C;
}

std::optional<Candidate> RegionFinder::findUnstructured(
    const SmallPtrSetImpl<const Instruction *> &Rejected, const char *&Why) {
  Why = nullptr;
  for (BasicBlock *Src : ReversePostOrderTraversal<Function *>(&F)) {
    if (!UI.hasDivergentTerminator(*Src) ||
        Rejected.contains(Src->getTerminator()))
      continue;
    for (BasicBlock *Dst : successors(Src)) {
      const Cycle *Violated;
      if (!isUnstructuredEdge(Src, Dst, Violated))
        continue;
      // The region starts from the violated cycle and the edge's blocks, but
      // not from a source that dominates the destination (it is the region's
      // D) or a destination that post-dominates the source (its P).
      SmallPtrSet<BasicBlock *, 32> Region;
      if (Violated)
        Region.insert(Violated->block_begin(), Violated->block_end());
      if (!DT.dominates(Src, Dst))
        Region.insert(Src);
      if (!PDT.dominates(Dst, Src))
        Region.insert(Dst);
      if (!growRegion(Region)) {
        Why = "the unstructured edge has no single-entry single-exit region";
        continue;
      }
      return makeCandidate(Region, /*IsLoopNest=*/false, Src->getTerminator());
    }
  }
  return std::nullopt;
}

const Loop *RegionFinder::divergentInnerLoop(const Loop &L) const {
  const Loop *Best = nullptr;
  for (const Loop *Sub : L.getLoopsInPreorder()) {
    if (Sub == &L)
      continue;
    SmallVector<BasicBlock *, 4> Exiting;
    Sub->getExitingBlocks(Exiting);
    if (none_of(Exiting,
                [&](BasicBlock *BB) { return UI.hasDivergentTerminator(*BB); }))
      continue;
    if (!Best || Sub->getNumBlocks() > Best->getNumBlocks())
      Best = Sub;
  }
  return Best;
}

void RegionFinder::findLoopNests(SmallVectorImpl<Candidate> &Out) {
  SmallVector<const Loop *, 8> Work(LI.begin(), LI.end());
  while (!Work.empty()) {
    const Loop *L = Work.pop_back_val();
    if (divergentInnerLoop(*L)) {
      SmallPtrSet<BasicBlock *, 32> Set(L->block_begin(), L->block_end());
      Out.push_back(makeCandidate(Set, /*IsLoopNest=*/true,
                                  L->getHeader()->getTerminator()));
      continue;
    }
    append_range(Work, L->getSubLoops());
  }
}

//===----------------------------------------------------------------------===//
// Profitability
//===----------------------------------------------------------------------===//

static unsigned blockSize(const BasicBlock &BB) {
  return count_if(BB, [](const Instruction &I) {
    return !isa<PHINode>(I) && !I.isDebugOrPseudoInst();
  });
}

/// Loop merging pays when lanes' inner trip counts differ: the wave then runs
/// the inner body for about the slowest lane's total of inner iterations
/// instead of the sum over outer iterations of the slowest lane's count. Its
/// price is paid on every inner iteration: the guard (and, with repeat
/// guards, the lane counts), or, without repeat guards, the whole merged
/// iteration with the outer loop's steps. The gain depends on the trip counts
/// at run time, which the rule cannot see; it accepts a nest whose inner
/// iteration costs at most -linearize-cfg-max-loop-overhead percent of the
/// original one (so merging pays for any imbalance above that factor), that
/// has at most -linearize-cfg-max-blocks blocks, and whose loops carry at
/// most -linearize-cfg-max-loop-carried values, which all stay live across
/// the merged loop (register pressure).
static const char *unprofitableLoopNest(const Loop &L, const Loop &Inner,
                                        bool RepeatGuards,
                                        std::string &Detail) {
  unsigned Blocks = L.getNumBlocks();
  if (Blocks > MaxBlocks) {
    Detail =
        std::to_string(Blocks) + " blocks, limit " + std::to_string(MaxBlocks);
    return "the loop nest is too large";
  }
  unsigned InnerCost = 0, Carried = 1; // + the guard variable
  for (const BasicBlock *BB : Inner.blocks())
    InnerCost += blockSize(*BB);
  RepeatGuards &= RepeatPercent != 0;
  unsigned Merged = InnerCost + GuardCost + (RepeatGuards ? RepeatCost : 0);
  if (!RepeatGuards) {
    Merged = GuardCost; // the latch
    for (const BasicBlock *BB : L.blocks())
      Merged += blockSize(*BB) + GuardCost;
  }
  for (const Loop *Sub : L.getLoopsInPreorder())
    Carried += range_size(Sub->getHeader()->phis());
  if (Merged * 100 > uint64_t(MaxLoopOverhead) * std::max(InnerCost, 1u)) {
    Detail = "merged inner iteration " + std::to_string(Merged) +
             ", inner iteration " + std::to_string(InnerCost) + ", limit " +
             std::to_string(MaxLoopOverhead) + "%";
    return "a merged inner iteration costs too much against the original";
  }
  if (Carried > MaxLoopCarried) {
    Detail = std::to_string(Carried) + " values, limit " +
             std::to_string(MaxLoopCarried);
    return "the merged loop would carry too many values";
  }
  return nullptr;
}

/// The reconverging lowering already runs an unstructured divergent region
/// without duplicating code; linearizing it pays only where its guards cost
/// less than the rerouting it replaces, which the rule bounds by size alone.
static const char *unprofitableUnstructured(const Candidate &C,
                                            std::string &Detail) {
  if (C.Blocks.size() > MaxBlocks) {
    Detail = std::to_string(C.Blocks.size()) + " blocks, limit " +
             std::to_string(MaxBlocks);
    return "the unstructured region is too large";
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

static void remarkMissed(OptimizationRemarkEmitter &ORE, Function &F,
                         const Candidate &C, const char *Why,
                         const std::string &Detail) {
  ++NumRejected;
  ORE.emit([&] {
    OptimizationRemarkMissed R(DEBUG_TYPE,
                               C.IsLoopNest ? "LoopNestNotLinearized"
                                            : "RegionNotLinearized",
                               C.Loc, C.getRemarkRegion(F));
    R << (C.IsLoopNest ? "loop nest" : "unstructured region")
      << " not linearized: " << Why;
    if (!Detail.empty())
      R << " (" << Detail << ")";
    return R;
  });
}

static void remarkDone(OptimizationRemarkEmitter &ORE, Function &F,
                       const Candidate &C, unsigned NumBlocks) {
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE,
                              C.IsLoopNest ? "LoopNestLinearized"
                                           : "RegionLinearized",
                              C.Loc, C.getRemarkRegion(F))
           << (C.IsLoopNest ? "linearized loop nest of "
                            : "linearized unstructured region of ")
           << ore::NV("Blocks", NumBlocks)
           << (C.IsLoopNest ? " blocks into one merged loop"
                            : " blocks into a guard chain");
  });
}

PreservedAnalyses LinearizeCFGPass::run(Function &F,
                                        FunctionAnalysisManager &AM) {
  if (!Opts.Unstructured && !Opts.Loops)
    return PreservedAnalyses::all();
  // Not the analysis manager's emitter: linearizing a region invalidates it.
  OptimizationRemarkEmitter ORE(&F);
  bool Changed = false;

  // Loop nests first: each is an outermost candidate, and linearizing one
  // leaves the others' blocks alone.
  if (Opts.Loops) {
    auto &LI = AM.getResult<LoopAnalysis>(F);
    RegionFinder Finder(F, AM.getResult<DominatorTreeAnalysis>(F),
                        AM.getResult<PostDominatorTreeAnalysis>(F),
                        AM.getResult<CycleAnalysis>(F), LI,
                        AM.getResult<UniformityInfoAnalysis>(F));
    SmallVector<Candidate, 4> Nests;
    Finder.findLoopNests(Nests);
    SmallVector<Candidate, 4> Accepted;
    for (Candidate &C : Nests) {
      const Loop *L = LI.getLoopFor(C.getAnchor());
      std::string Detail;
      const char *Why =
          Opts.Force ? nullptr
                     : unprofitableLoopNest(*L, *Finder.divergentInnerLoop(*L),
                                            bool(Opts.CountLanes), Detail);
      if (Why) {
        remarkMissed(ORE, F, C, Why, Detail);
        continue;
      }
      Accepted.push_back(std::move(C));
    }
    for (Candidate &C : Accepted) {
      unsigned NumBlocks = C.Blocks.size();
      if (const char *Why = linearizeRegion(
              F, C.Blocks, /*MergeBackEdges=*/true, Opts.CountLanes)) {
        remarkMissed(ORE, F, C, Why, "");
        continue;
      }
      ++NumLoopNests;
      remarkDone(ORE, F, C, NumBlocks);
      Changed = true;
    }
    if (Changed)
      AM.invalidate(F, PreservedAnalyses::none());
  }

  // Unstructured regions one at a time: a linearized region has no
  // unstructured edge left, so the search moves on. Rejected regions are
  // remembered so that the search does not offer them again.
  if (Opts.Unstructured) {
    // Terminators of the blocks of rejected regions: their edges are not
    // offered again. Weak handles: a branch a later round creates can take
    // the address of a rejected terminator that round erased.
    SmallVector<WeakVH, 16> RejectedTerminators;
    for (unsigned Round = 0; Round < 64; ++Round) {
      SmallPtrSet<const Instruction *, 8> Rejected;
      for (Value *Term : RejectedTerminators)
        if (Term)
          Rejected.insert(cast<Instruction>(Term));
      RegionFinder Finder(F, AM.getResult<DominatorTreeAnalysis>(F),
                          AM.getResult<PostDominatorTreeAnalysis>(F),
                          AM.getResult<CycleAnalysis>(F),
                          AM.getResult<LoopAnalysis>(F),
                          AM.getResult<UniformityInfoAnalysis>(F));
      const char *NoRegion = nullptr;
      std::optional<Candidate> C = Finder.findUnstructured(Rejected, NoRegion);
      if (!C) {
        if (NoRegion) {
          ++NumRejected;
          ORE.emit([&] {
            return OptimizationRemarkMissed(DEBUG_TYPE, "NoRegion", &F)
                   << "unstructured region not linearized: " << NoRegion;
          });
        }
        break;
      }
      std::string Detail;
      const char *Why =
          Opts.Force ? nullptr : unprofitableUnstructured(*C, Detail);
      if (!Why)
        Why = linearizeRegion(F, C->Blocks, /*MergeBackEdges=*/false);
      if (Why) {
        remarkMissed(ORE, F, *C, Why, Detail);
        for (BasicBlock *BB : C->Blocks)
          RejectedTerminators.emplace_back(BB->getTerminator());
        continue;
      }
      ++NumUnstructuredRegions;
      remarkDone(ORE, F, *C, C->Blocks.size());
      Changed = true;
      AM.invalidate(F, PreservedAnalyses::none());
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
