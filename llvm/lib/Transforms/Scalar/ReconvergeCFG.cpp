//===- ReconvergeCFG.cpp - Reconverging control-flow graphs ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ReconvergeCFG makes a function's CFG *reconverging* (ReconvergeCFG.h): every
// divergent conditional branch gets a successor that post-dominates it, its
// *primary successor*, where the lanes of a wave that split at the branch
// meet again. It changes the CFG only where a divergent branch lacks one;
// uniform control flow is left as it is. The method is Wahlster's (thesis
// §4.3); this file derives its own, simpler formulation of the thesis's
// "open tree" and proves it, because the thesis's pseudo-code is approximate.
//
// Terms.
//  - The *ordering* numbers the blocks; the single exit comes last (the pass
//    unifies exits first). An edge u->t is *forward* if t comes after u and
//    *backward* otherwise (a self-loop is backward).
//  - Blocks are processed in order. At the step of block N, the blocks
//    before N are *visited*; an edge from a visited block to N or a later
//    block is *open*.
//  - A divergent block P is *armed* at step N if P -> N is a forward edge and
//    P's other successor comes before N: N would become P's primary
//    successor.
//  - The *region* R(P, N) is the set of blocks reachable from P through
//    visited blocks only (back edges are followed). Its *open set* is the
//    part of R(P, N) with open edges.
//
// The step of N. For each armed predecessor P of N, the open set of P is
// computed. If every open edge of every such set goes to N, nothing is done.
// Otherwise the sets that share blocks with an offending one are merged
// (transitively) and every open edge of the merged set, P -> N included, is
// rerouted to one new *flow block* F placed just before N in the ordering.
// F branches on to the original targets, N first, selecting the target with
// phis of i1 *route conditions* that say, per predecessor, where the thread
// was going. F has as many successors as distinct targets; a flow block is
// treated as divergent, so the step of its second target splits it again,
// and every flow block ends with at most two successors.
//
// Why the result is reconverging. After the step of N, every edge leaving
// R(P, N) goes to one block X (N, or F): the region has no other open edges
// and all its other edges stay inside it. Later steps only reroute edges that
// go to their own N' or later, which no edge of R(P, N) does, and never add
// edges into the region; so R(P, N) and its exits are frozen. Any path from P
// to the exit, which comes last, has to leave the region, hence X
// post-dominates P. Every divergent block with a forward successor is armed
// at the step of its later successor; one whose successors are both backward
// would never be armed, so before the walk its terminator moves into a new
// block Y (the thesis's "virtual node", here a real block) that is ordered
// just before the earlier of those successors, making both of Y's edges
// forward. Flow blocks are armed at the step of their second target.
//
// Why the meaning is kept. Rerouting replaces an edge u -> t by u -> F -> t
// and F's route conditions send exactly the threads that came along u -> t
// on to t, so each thread's path is its old path with flow blocks inserted.
// Phis of a block whose incoming edges moved are rebuilt with SSAUpdater
// from their old (predecessor, value) pairs; definitions that no longer
// dominate a use (the thesis does not treat this) are repaired with
// SSAUpdater too, with poison on paths that never executed the definition,
// which no thread takes, since thread paths keep their order of original
// blocks. SSA repair can duplicate a phi up to such poison inputs; the
// duplicates are merged into the phi that refines them
// (mergeRefinablePhis), so later passes see one value, not two.
//
// The ordering decides where flow blocks go and how many there are, not
// whether the result is correct. DFPD (computeReconvergeOrdering, in
// ReconvergeCFGOrdering.cpp) is the default because a join comes after
// everything that flows into it and a branch's post-dominating successor
// after the other one.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

#define DEBUG_TYPE "reconverge-cfg"

STATISTIC(NumFlowBlocks, "Number of flow blocks created");
STATISTIC(NumVirtualNodes,
          "Number of divergent branches moved into a virtual node");
STATISTIC(NumDominanceRepairs,
          "Number of definitions whose uses were repaired by SSA update");
STATISTIC(NumFoldedPhis,
          "Number of phis replaced by the one value that dominates them");
STATISTIC(NumCollapsedJoins,
          "Number of join phis that take a route phi on the other side");
STATISTIC(NumMergedPhis, "Number of repair phis merged into an equal phi");
STATISTIC(NumExitGuards,
          "Number of guard blocks that give a bypassed join's region one exit");
STATISTIC(NumFunctionsChanged, "Number of functions made reconverging");
STATISTIC(NumAlreadyReconverging,
          "Number of functions with divergence that were already reconverging");
STATISTIC(NumNotReconverging,
          "Number of functions left with violations (a bug; see remarks)");
STATISTIC(NumUnsupported,
          "Number of functions skipped for unsupported terminators");

static cl::opt<ReconvergeOrdering> OrderingOpt(
    "reconverge-cfg-ordering", cl::desc("Block ordering of reconverge-cfg"),
    cl::init(ReconvergeOrdering::DFPD),
    cl::values(
        clEnumValN(ReconvergeOrdering::DFPD, "dfpd",
                   "depth-first with post-dominance (default)"),
        clEnumValN(ReconvergeOrdering::RPOT, "rpot", "reverse post-order"),
        clEnumValN(ReconvergeOrdering::DF, "df", "depth-first pre-order"),
        clEnumValN(ReconvergeOrdering::BF, "bf", "breadth-first"),
        clEnumValN(ReconvergeOrdering::BFPD, "bfpd",
                   "breadth-first with post-dominance"),
        clEnumValN(ReconvergeOrdering::DomReg, "domreg", "dominance regions")));

static cl::opt<bool> CheaperSideFirst(
    "reconverge-cfg-cheaper-side-first", cl::init(true), cl::Hidden,
    cl::desc("In the dfpd ordering, run the side of an if-else with fewer "
             "divergent instructions first"));

static cl::opt<unsigned> MaxRounds(
    "reconverge-cfg-max-rounds", cl::init(3), cl::Hidden,
    cl::desc("Rounds of reconverge-cfg per function before it reports the "
             "violations that remain"));

static cl::opt<bool> VerifyResult(
    "reconverge-cfg-verify", cl::init(false), cl::Hidden,
    cl::desc("Make it a fatal error if a function that reconverge-cfg "
             "transformed still has a divergent branch without a "
             "post-dominating successor"));

BasicBlock *llvm::getPrimarySuccessor(const BasicBlock &BB,
                                      const PostDominatorTree &PDT) {
  const Instruction *T = BB.getTerminator();
  if (!T || T->getNumSuccessors() != 2)
    return nullptr;
  // Successor 1 first: for `br %c, %then, %join` the join is successor 1.
  // A self-loop does not count: the lanes that take it would have to wait
  // in BB for a wave that has left it.
  for (unsigned I : {1u, 0u}) {
    BasicBlock *S = T->getSuccessor(I);
    if (S != &BB && PDT.dominates(S, &BB))
      return S;
  }
  return nullptr;
}

SmallVector<ReconvergenceViolation, 4>
llvm::findReconvergenceViolations(const Function &F,
                                  const PostDominatorTree &PDT,
                                  DivergentTerminatorFn IsDivergent) {
  SmallVector<ReconvergenceViolation, 4> Violations;
  // No thread runs an unreachable block; the post-dominator tree has nodes
  // for those that reach an exit, so it cannot tell.
  for (const BasicBlock *BB : depth_first(&F.getEntryBlock())) {
    const Instruction *T = BB->getTerminator();
    if (!T || T->getNumSuccessors() < 2 || !PDT.getNode(BB) ||
        !IsDivergent(*BB))
      continue;
    // Several edges to one block count once: `switch` with all cases to
    // one block is as harmless as an unconditional branch.
    SmallPtrSet<const BasicBlock *, 4> Distinct(succ_begin(BB), succ_end(BB));
    if (Distinct.size() == 1)
      continue;
    if (T->getNumSuccessors() > 2)
      Violations.push_back({T, ReconvergenceViolation::MultiWay});
    else if (!getPrimarySuccessor(*BB, PDT))
      Violations.push_back({T, ReconvergenceViolation::NoPrimarySuccessor});
  }
  return Violations;
}

void llvm::printReconvergenceViolations(
    raw_ostream &OS, ArrayRef<ReconvergenceViolation> Violations) {
  for (const ReconvergenceViolation &V : Violations) {
    OS << "block '" << V.Terminator->getParent()->getName() << "': ";
    if (V.K == ReconvergenceViolation::MultiWay)
      OS << "divergent terminator with " << V.Terminator->getNumSuccessors()
         << " successors (lower switches first)\n";
    else
      OS << "divergent branch without a post-dominating successor\n";
  }
}

//===----------------------------------------------------------------------===//
// The transform.
//===----------------------------------------------------------------------===//

namespace {

/// Where the threads arriving at a flow block from one predecessor go: Cond
/// is true for the threads bound for the target. A null Cond stands for the
/// predecessor's own route phi for the target (the predecessor is then a
/// flow block too).
struct Route {
  BasicBlock *Pred;
  Value *Cond;
};

/// One run of the open-set walk over a function (see the file comment).
class Reconverger {
public:
  Reconverger(Function &F, DivergentTerminatorFn IsDivergent,
              DivergentValueFn IsDivergentValue)
      : F(F), IsDivergent(IsDivergent), IsDivergentValue(IsDivergentValue) {}

  unsigned run(ArrayRef<BasicBlock *> Ordering);

private:
  Function &F;
  DivergentTerminatorFn IsDivergent;
  DivergentValueFn IsDivergentValue;
  /// The arguments and instructions F has on entry that IsDivergentValue
  /// calls divergent, each with its index. Weak handles: the walk erases
  /// values, and a value it creates can take the address of one it erased.
  SmallVector<WeakVH, 0> DivergentOnEntry;
  DenseMap<const Value *, unsigned> DivergentOnEntryIndex;

  /// Position in the ordering, spaced so that blocks can be placed just
  /// before a block B: virtual nodes at key(B) - 2, flow blocks at key(B) - 1.
  DenseMap<const BasicBlock *, unsigned> Key;
  /// The CFG as the walk sees it: IR edges for original blocks, the abstract
  /// edges of flow blocks (whose terminators are created at the end).
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 2>> Succs, Preds;
  DenseSet<const BasicBlock *> Divergent;
  /// Flow blocks in creation order, and for each its route conditions per
  /// target.
  SmallVector<BasicBlock *, 8> FlowBlocks;
  /// The `xor %c, true` made for rerouted branches; a route that turns out
  /// to be implied needs none, so the unused ones are erased at the end.
  SmallVector<Instruction *, 4> Inversions;
  DenseMap<BasicBlock *, MapVector<BasicBlock *, SmallVector<Route, 4>>> Routes;
  DenseMap<std::pair<BasicBlock *, BasicBlock *>, PHINode *> RoutePhis;
  /// The incoming (block, value) pairs of every phi before the walk.
  MapVector<PHINode *, SmallVector<std::pair<BasicBlock *, Value *>, 4>>
      OldIncoming;

  void recordEntryDivergence();
  bool isKnownDivergent(const Value *V) const;
  void buildGraph(ArrayRef<BasicBlock *> Ordering);
  void addEdge(BasicBlock *From, BasicBlock *To);
  void removeEdge(BasicBlock *From, BasicBlock *To);
  void addVirtualNodes(std::vector<BasicBlock *> &Order);
  bool isArmed(BasicBlock *P, BasicBlock *N) const;
  bool collectOpenSet(BasicBlock *P, BasicBlock *N,
                      SmallVectorImpl<BasicBlock *> &OpenSet) const;
  BasicBlock *reroute(ArrayRef<BasicBlock *> Sources, BasicBlock *N);
  void rerouteOriginal(BasicBlock *U, ArrayRef<BasicBlock *> Targets,
                       BasicBlock *Flow);
  bool processStep(BasicBlock *N);
  PHINode *getRoutePhi(BasicBlock *Flow, BasicBlock *Target);
  void materializeFlowBlocks();
  void repairPhis();
  bool repairPhiAlongRoutes(PHINode *Phi);
  bool isRoutedElsewhere(BasicBlock *Flow, BasicBlock *Pred,
                         BasicBlock *Target);
  Value *getRouteValue(BasicBlock *Flow, PHINode *Phi,
                       SmallVectorImpl<PHINode *> &Created);
  void repairDominance(const DominatorTree &DT);
  void foldDominatedPhis(const DominatorTree &DT);
  void collapseJoinsThroughRoutes(const DominatorTree &DT);
  bool collapseJoinThroughRoute(PHINode *Route, const DominatorTree &DT,
                                SmallPtrSetImpl<PHINode *> &Erased);
  bool collapseJoinThroughEdge(PHINode *Join, BasicBlock *Flow,
                               const DominatorTree &DT,
                               SmallPtrSetImpl<PHINode *> &Erased);
  Value *getCollapsibleValue(PHINode *Join, Value *FromFlow, BasicBlock *Flow,
                             const DominatorTree &DT,
                             function_ref<bool(BasicBlock *)> IsBehind) const;
  void collapseOnto(PHINode *Route, PHINode *Join, Value *W,
                    function_ref<bool(BasicBlock *)> IsBehind,
                    SmallPtrSetImpl<PHINode *> &Erased);
  bool sendsAllThreadsTo(BasicBlock *Flow, BasicBlock *Pred,
                         BasicBlock *Target) const;
};

} // namespace

static void mergeRefinablePhis(Function &F);

void Reconverger::addEdge(BasicBlock *From, BasicBlock *To) {
  if (!is_contained(Succs[From], To)) {
    Succs[From].push_back(To);
    Preds[To].push_back(From);
  }
}

void Reconverger::removeEdge(BasicBlock *From, BasicBlock *To) {
  erase(Succs[From], To);
  erase(Preds[To], From);
}

void Reconverger::buildGraph(ArrayRef<BasicBlock *> Ordering) {
  for (auto [I, BB] : enumerate(Ordering))
    Key[BB] = 4 * (I + 1);
  for (BasicBlock *BB : Ordering) {
    for (BasicBlock *S : successors(BB))
      addEdge(BB, S);
    if (IsDivergent(*BB) && Succs[BB].size() > 1)
      Divergent.insert(BB);
    for (PHINode &Phi : BB->phis()) {
      auto &Old = OldIncoming[&Phi];
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I)
        Old.push_back({Phi.getIncomingBlock(I), Phi.getIncomingValue(I)});
    }
  }
}

/// A divergent block whose successors both come no later than itself is
/// never armed. Its terminator moves into a new block Y, ordered just before
/// the earlier successor, so that both of Y's edges are forward.
void Reconverger::addVirtualNodes(std::vector<BasicBlock *> &Order) {
  for (BasicBlock *P :
       SmallVector<BasicBlock *, 16>(Order.begin(), Order.end())) {
    if (!Divergent.contains(P) ||
        any_of(Succs[P], [&](BasicBlock *S) { return Key[S] > Key[P]; }))
      continue;
    BasicBlock *First =
        *min_element(Succs[P], [&](BasicBlock *A, BasicBlock *B) {
          return Key[A] < Key[B];
        });
    BasicBlock *Y =
        BasicBlock::Create(F.getContext(), P->getName() + ".virt", &F, First);
    Instruction *T = P->getTerminator();
    T->removeFromParent();
    T->insertInto(Y, Y->end());
    BranchInst::Create(Y, P);
    for (BasicBlock *S : SmallVector<BasicBlock *, 2>(Succs[P])) {
      S->replacePhiUsesWith(P, Y);
      removeEdge(P, S);
      addEdge(Y, S);
    }
    addEdge(P, Y);
    // The phis' recorded incoming blocks follow the terminator.
    for (auto &[Phi, Old] : OldIncoming)
      for (auto &[In, V] : Old)
        if (In == P && is_contained(Succs[Y], Phi->getParent()))
          In = Y;
    Divergent.erase(P);
    Divergent.insert(Y);
    Key[Y] = Key[First] - 2;
    Order.insert(find(Order, First), Y);
    ++NumVirtualNodes;
  }
}

bool Reconverger::isArmed(BasicBlock *P, BasicBlock *N) const {
  if (!Divergent.contains(P) || Key.lookup(P) >= Key.lookup(N))
    return false;
  return any_of(Succs.lookup(P), [&](BasicBlock *S) {
    return S != N && Key.lookup(S) < Key.lookup(N);
  });
}

/// Appends the open set of P at the step of N to OpenSet; returns whether
/// all its open edges go to N.
bool Reconverger::collectOpenSet(BasicBlock *P, BasicBlock *N,
                                 SmallVectorImpl<BasicBlock *> &OpenSet) const {
  unsigned Bound = Key.lookup(N);
  bool AllToN = true;
  SmallPtrSet<BasicBlock *, 16> Seen{P};
  SmallVector<BasicBlock *, 16> Work{P};
  while (!Work.empty()) {
    BasicBlock *U = Work.pop_back_val();
    bool Open = false;
    for (BasicBlock *S : Succs.lookup(U)) {
      if (Key.lookup(S) >= Bound) {
        Open = true;
        AllToN &= S == N;
      } else if (Seen.insert(S).second) {
        Work.push_back(S);
      }
    }
    if (Open)
      OpenSet.push_back(U);
  }
  return AllToN;
}

/// The step of N: reroutes the open sets of N's armed predecessors through a
/// new flow block if any of them has an open edge that bypasses N.
bool Reconverger::processStep(BasicBlock *N) {
  SmallVector<BasicBlock *, 4> Armed;
  for (BasicBlock *P : Preds[N])
    if (isArmed(P, N))
      Armed.push_back(P);
  if (Armed.empty())
    return false;

  // Open sets that share a block are merged: rerouting only one of them
  // would give the other an edge into the flow block and one around it.
  EquivalenceClasses<BasicBlock *> Classes;
  SmallVector<BasicBlock *, 4> Offending;
  for (BasicBlock *P : Armed) {
    SmallVector<BasicBlock *, 8> OpenSet;
    bool AllToN = collectOpenSet(P, N, OpenSet);
    Classes.insert(P);
    for (BasicBlock *U : OpenSet)
      Classes.unionSets(P, U);
    if (!AllToN)
      Offending.push_back(P);
  }
  if (Offending.empty())
    return false;

  SmallPtrSet<BasicBlock *, 4> Leaders;
  for (BasicBlock *P : Offending)
    Leaders.insert(Classes.getLeaderValue(P));
  SmallVector<BasicBlock *, 16> Sources;
  for (auto It = Classes.begin(), E = Classes.end(); It != E; ++It)
    if (It->isLeader() && Leaders.contains(It->getData()))
      for (auto M = Classes.member_begin(It); M != Classes.member_end(); ++M)
        if (any_of(Succs[*M], [&](BasicBlock *S) { return Key[S] >= Key[N]; }))
          Sources.push_back(*M);
  // Stable: blocks with equal keys (virtual nodes of one block) are in one
  // class, in the order they joined it.
  stable_sort(Sources,
              [&](BasicBlock *A, BasicBlock *B) { return Key[A] < Key[B]; });
  reroute(Sources, N);
  return true;
}

/// Replaces the edges from original block U to Targets (all the targets of U
/// at or after the current step) with one edge to Flow and records U's
/// route conditions.
void Reconverger::rerouteOriginal(BasicBlock *U, ArrayRef<BasicBlock *> Targets,
                                  BasicBlock *Flow) {
  auto *Br = cast<BranchInst>(U->getTerminator());
  auto &FlowRoutes = Routes[Flow];
  LLVMContext &Ctx = F.getContext();
  if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1)) {
    FlowRoutes[Targets[0]].push_back({U, ConstantInt::getTrue(Ctx)});
    BranchInst::Create(Flow, Br->getIterator());
    Br->eraseFromParent();
    return;
  }
  Value *Cond = Br->getCondition();
  BasicBlock *Then = Br->getSuccessor(0), *Else = Br->getSuccessor(1);
  bool MoveThen = is_contained(Targets, Then);
  bool MoveElse = is_contained(Targets, Else);
  if (MoveThen && MoveElse) {
    FlowRoutes[Then].push_back({U, Cond});
    Inversions.push_back(BinaryOperator::CreateNot(
        Cond, Cond->getName() + ".inv", Br->getIterator()));
    FlowRoutes[Else].push_back({U, Inversions.back()});
    BranchInst::Create(Flow, Br->getIterator());
    Br->eraseFromParent();
    return;
  }
  unsigned Idx = MoveThen ? 0 : 1;
  FlowRoutes[Br->getSuccessor(Idx)].push_back({U, ConstantInt::getTrue(Ctx)});
  Br->setSuccessor(Idx, Flow);
}

BasicBlock *Reconverger::reroute(ArrayRef<BasicBlock *> Sources,
                                 BasicBlock *N) {
  BasicBlock *Flow = BasicBlock::Create(F.getContext(), "Flow", &F, N);
  Key[Flow] = Key[N] - 1;
  Divergent.insert(Flow);
  FlowBlocks.push_back(Flow);
  Routes[Flow];
  SmallVector<BasicBlock *, 4> AllTargets;
  for (BasicBlock *U : Sources) {
    SmallVector<BasicBlock *, 2> Targets;
    for (BasicBlock *S : Succs[U])
      if (Key[S] >= Key[N])
        Targets.push_back(S);
    for (BasicBlock *T : Targets) {
      removeEdge(U, T);
      if (!is_contained(AllTargets, T))
        AllTargets.push_back(T);
    }
    if (Routes.count(U)) {
      // U is a flow block: its moved targets are reached through its route
      // phis, created when the terminators are.
      for (BasicBlock *T : Targets)
        Routes[Flow][T].push_back({U, nullptr});
    } else {
      rerouteOriginal(U, Targets, Flow);
    }
    addEdge(U, Flow);
  }
  sort(AllTargets,
       [&](BasicBlock *A, BasicBlock *B) { return Key[A] < Key[B]; });
  assert(AllTargets.front() == N && "the step's block is the first target");
  for (BasicBlock *T : AllTargets)
    addEdge(Flow, T);
  ++NumFlowBlocks;
  return Flow;
}

/// The phi in Flow that is true for the threads bound for Target.
PHINode *Reconverger::getRoutePhi(BasicBlock *Flow, BasicBlock *Target) {
  // No reference into the maps is held across the recursion, which inserts
  // into them (a grown DenseMap moves its entries).
  if (PHINode *Phi = RoutePhis.lookup({Flow, Target}))
    return Phi;
  LLVMContext &Ctx = F.getContext();
  SmallVector<BasicBlock *, 2> FlowPreds(Preds[Flow]);
  auto *Phi = PHINode::Create(Type::getInt1Ty(Ctx), FlowPreds.size(),
                              "Flow.to." + Target->getName(), Flow->begin());
  RoutePhis[{Flow, Target}] = Phi;
  SmallVector<Route, 4> ToTarget(Routes[Flow][Target]);
  for (BasicBlock *P : FlowPreds) {
    Value *Cond = ConstantInt::getFalse(Ctx);
    for (const Route &R : ToTarget)
      if (R.Pred == P)
        Cond = R.Cond ? R.Cond : getRoutePhi(P, Target);
    Phi->addIncoming(Cond, P);
  }
  return Phi;
}

/// Gives every flow block its terminator: a branch to its first target on
/// its route phi for that target, else to its second successor (a later
/// flow block or the last target).
void Reconverger::materializeFlowBlocks() {
  for (BasicBlock *Flow : FlowBlocks) {
    ArrayRef<BasicBlock *> S = Succs[Flow];
    assert((S.size() == 1 || S.size() == 2) &&
           "a flow block is split at the step of its second target");
    if (S.size() == 1)
      BranchInst::Create(S[0], Flow);
    else
      BranchInst::Create(S[0], S[1], getRoutePhi(Flow, S[0]), Flow);
  }
}

/// True if the threads that reach \p Flow from \p Pred have a route to a
/// target of Flow other than \p Target.
bool Reconverger::isRoutedElsewhere(BasicBlock *Flow, BasicBlock *Pred,
                                    BasicBlock *Target) {
  for (auto &[T, ToT] : Routes[Flow])
    if (T != Target &&
        any_of(ToT, [&](const Route &R) { return R.Pred == Pred; }))
      return true;
  return false;
}

/// The value of \p Phi for the threads that leave flow block \p Flow towards
/// Phi's block: the value of the old edge each of them came along, and
/// poison for the threads routed elsewhere (they never reach Phi's block
/// from Flow). New phis go into \p Created; null if a predecessor is
/// neither an old predecessor of Phi's block nor a flow block, or if the
/// routes do not say where its threads go.
Value *Reconverger::getRouteValue(BasicBlock *Flow, PHINode *Phi,
                                  SmallVectorImpl<PHINode *> &Created) {
  BasicBlock *Target = Phi->getParent();
  for (PHINode *P : Created)
    if (P->getParent() == Flow)
      return P;
  auto *New = PHINode::Create(Phi->getType(), pred_size(Flow),
                              Phi->getName() + ".route", Flow->begin());
  Created.push_back(New);
  const SmallVector<Route, 4> &ToTarget = Routes[Flow][Target];
  auto &Old = OldIncoming[Phi];
  for (BasicBlock *P : predecessors(Flow)) {
    auto R = find_if(ToTarget, [&](const Route &R) { return R.Pred == P; });
    Value *V = PoisonValue::get(Phi->getType());
    if (R == ToTarget.end()) {
      if (!isRoutedElsewhere(Flow, P, Target))
        V = nullptr;
    } else if (!R->Cond) {
      V = getRouteValue(P, Phi, Created);
    } else {
      auto In = find_if(Old, [&](const auto &In) { return In.first == P; });
      V = In != Old.end() ? In->second : nullptr;
    }
    if (!V)
      return nullptr;
    New->addIncoming(V, P);
  }
  return New;
}

/// Rebuilds \p Phi from the routes of the flow blocks in front of its block
/// (getRouteValue); false, with nothing changed, if some predecessor is not
/// covered by them.
bool Reconverger::repairPhiAlongRoutes(PHINode *Phi) {
  SmallVector<PHINode *, 4> Created;
  SmallVector<Value *, 4> Values;
  auto &Old = OldIncoming[Phi];
  for (BasicBlock *P : predecessors(Phi->getParent())) {
    auto In = find_if(Old, [&](const auto &In) { return In.first == P; });
    Value *V = nullptr;
    if (In != Old.end())
      V = In->second;
    else if (Routes.count(P))
      V = getRouteValue(P, Phi, Created);
    if (!V) {
      for (PHINode *New : Created)
        New->dropAllReferences();
      for (PHINode *New : Created)
        New->eraseFromParent();
      return false;
    }
    Values.push_back(V);
  }
  for (auto [I, V] : enumerate(Values))
    Phi->setIncomingValue(I, V);
  return true;
}

/// Rebuilds the phis whose block lost or gained predecessors: the value on
/// a new incoming edge is the value on the old edge the threads came along.
/// Where flow blocks lead to the phi's block, their routes say which old
/// edge each thread came along (repairPhiAlongRoutes), and threads routed
/// elsewhere get poison, as the structurizer gives them undef: their values
/// are then live only where they are needed. Otherwise SSAUpdater
/// reconstructs the value.
void Reconverger::repairPhis() {
  SmallVector<PHINode *, 16> Stale;
  for (auto &[Phi, Old] : OldIncoming) {
    BasicBlock *BB = Phi->getParent();
    bool Same = pred_size(BB) == Old.size();
    for (unsigned I = 0; Same && I != Old.size(); ++I)
      Same = is_contained(predecessors(BB), Old[I].first);
    if (!Same)
      Stale.push_back(Phi);
  }
  // SSAUpdater reads a block's predecessors off its first phi, so every
  // stale phi gets the new incoming blocks (itself as a placeholder value)
  // before any value is computed.
  for (PHINode *Phi : Stale) {
    while (Phi->getNumIncomingValues())
      Phi->removeIncomingValue(Phi->getNumIncomingValues() - 1,
                               /*DeletePHIIfEmpty=*/false);
    for (BasicBlock *P : predecessors(Phi->getParent()))
      Phi->addIncoming(Phi, P);
  }
  for (PHINode *Phi : Stale) {
    if (repairPhiAlongRoutes(Phi))
      continue;
    BasicBlock *BB = Phi->getParent();
    SSAUpdater Updater;
    Updater.Initialize(Phi->getType(), Phi->getName());
    bool BBIsOldPred = false;
    for (auto &[In, V] : OldIncoming[Phi]) {
      Updater.AddAvailableValue(In, V);
      BBIsOldPred |= In == BB;
    }
    // A path from BB back to BB through flow blocks passes through an old
    // predecessor first, unless BB was one; the phi is a valid stand-in.
    if (!BBIsOldPred)
      Updater.AddAvailableValue(BB, Phi);
    for (unsigned I = 0, E = Phi->getNumIncomingValues(); I != E; ++I)
      Phi->setIncomingValue(
          I, Updater.GetValueAtEndOfBlock(Phi->getIncomingBlock(I)));
  }
}

/// Rewrites uses that their definition no longer dominates. Such a use is
/// only reached, on any thread's path, after the definition, so the value
/// that SSAUpdater finds along the path is the definition's.
void Reconverger::repairDominance(const DominatorTree &DT) {
  SmallVector<Instruction *, 32> Defs;
  for (BasicBlock &BB : F)
    if (!Routes.count(&BB))
      for (Instruction &I : BB)
        Defs.push_back(&I);
  for (Instruction *I : Defs) {
    SmallVector<Use *, 4> Bad;
    for (Use &U : I->uses())
      if (!DT.dominates(I, U))
        Bad.push_back(&U);
    if (Bad.empty())
      continue;
    SSAUpdater Updater;
    Updater.Initialize(I->getType(), I->getName());
    Updater.AddAvailableValue(I->getParent(), I);
    if (I->getParent() != &F.getEntryBlock())
      Updater.AddAvailableValue(&F.getEntryBlock(),
                                PoisonValue::get(I->getType()));
    for (Use *U : Bad)
      Updater.RewriteUse(*U);
    ++NumDominanceRepairs;
  }
}

unsigned Reconverger::run(ArrayRef<BasicBlock *> Ordering) {
  std::vector<BasicBlock *> Order(Ordering.begin(), Ordering.end());
  recordEntryDivergence();
  buildGraph(Order);
  addVirtualNodes(Order);
  for (BasicBlock *N : Order)
    processStep(N);
  materializeFlowBlocks();
  repairPhis();
  DominatorTree DT(F); // The CFG is final from here on.
  repairDominance(DT);
  foldDominatedPhis(DT);
  collapseJoinsThroughRoutes(DT);
  mergeRefinablePhis(F);
  for (Instruction *I : Inversions)
    if (I->use_empty())
      I->eraseFromParent();
  return FlowBlocks.size();
}

void Reconverger::recordEntryDivergence() {
  if (!IsDivergentValue)
    return;
  auto Record = [&](Value &V) {
    if (!IsDivergentValue(&V))
      return;
    DivergentOnEntryIndex[&V] = DivergentOnEntry.size();
    DivergentOnEntry.emplace_back(&V);
  };
  for (Argument &A : F.args())
    Record(A);
  for (Instruction &I : instructions(F))
    Record(I);
}

/// Whether \p V is a value F had on entry that IsDivergentValue calls
/// divergent. Values the walk created are not known to be divergent.
bool Reconverger::isKnownDivergent(const Value *V) const {
  auto It = DivergentOnEntryIndex.find(V);
  return It != DivergentOnEntryIndex.end() && DivergentOnEntry[It->second] == V;
}

/// A route phi gives poison to the threads that arrive from a flow block's
/// other predecessors, so it is often `phi [V, A], [poison, B]`, where V
/// dominates the flow block: V itself refines it, and using V keeps one
/// value live through the flow block instead of a copy per route (a copy of
/// a vector promoted from an alloca is a register tuple). The same holds for
/// any phi whose inputs are one value V, poison, undef or the phi itself,
/// when V dominates the phi's block; such phis are replaced by V until none
/// is left. Route phis stay: they are what the flow blocks branch on.
void Reconverger::foldDominatedPhis(const DominatorTree &DT) {
  SmallPtrSet<PHINode *, 16> Keep;
  for (auto &[Edge, Phi] : RoutePhis)
    Keep.insert(Phi);
  SmallVector<PHINode *, 32> Worklist;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (!Keep.count(&Phi))
        Worklist.push_back(&Phi);
  SmallPtrSet<PHINode *, 16> Folded;
  while (!Worklist.empty()) {
    PHINode *Phi = Worklist.pop_back_val();
    if (Folded.count(Phi))
      continue;
    Value *Common = nullptr;
    for (Value *V : Phi->incoming_values()) {
      if (V == Phi || isa<PoisonValue, UndefValue>(V) || V == Common)
        continue;
      if (Common) {
        Common = nullptr;
        break;
      }
      Common = V;
    }
    if (!Common)
      continue;
    auto *Def = dyn_cast<Instruction>(Common);
    if (Def && !DT.properlyDominates(Def->getParent(), Phi->getParent()))
      continue;
    for (User *U : Phi->users())
      if (auto *UserPhi = dyn_cast<PHINode>(U);
          UserPhi && UserPhi != Phi && !Keep.count(UserPhi))
        Worklist.push_back(UserPhi);
    Phi->replaceAllUsesWith(Common);
    Folded.insert(Phi);
  }
  for (PHINode *Phi : Folded) // Folded phis may use each other.
    Phi->dropAllReferences();
  for (PHINode *Phi : Folded)
    Phi->eraseFromParent();
  NumFoldedPhis += Folded.size();
}

/// The blocks reachable from \p From without entering a block of \p Avoid
/// (From itself unless it is one).
static SmallPtrSet<BasicBlock *, 32>
getReachableAvoiding(BasicBlock *From, ArrayRef<BasicBlock *> Avoid) {
  SmallPtrSet<BasicBlock *, 32> Seen;
  if (is_contained(Avoid, From))
    return Seen;
  SmallVector<BasicBlock *, 32> Work{From};
  Seen.insert(From);
  while (!Work.empty())
    for (BasicBlock *S : successors(Work.pop_back_val()))
      if (!is_contained(Avoid, S) && Seen.insert(S).second)
        Work.push_back(S);
  return Seen;
}

namespace {
/// Whether a block is *behind* flow block F for its successor T: F properly
/// dominates it and it cannot be reached from T without passing F.
class BehindFlowBlock {
public:
  BehindFlowBlock(BasicBlock *Flow, BasicBlock *T, const DominatorTree &DT)
      : Flow(Flow), DT(DT), FromT(getReachableAvoiding(T, {Flow})) {}
  bool operator()(BasicBlock *B) const {
    return B != Flow && DT.properlyDominates(Flow, B) && !FromT.count(B);
  }

private:
  BasicBlock *Flow;
  const DominatorTree &DT;
  SmallPtrSet<BasicBlock *, 32> FromT;
};
} // namespace

/// True if every thread that enters flow block \p Flow from \p Pred leaves
/// it towards \p Target: the route phi Flow branches on has a constant
/// for Pred that selects Target.
bool Reconverger::sendsAllThreadsTo(BasicBlock *Flow, BasicBlock *Pred,
                                    BasicBlock *Target) const {
  auto *Br = cast<BranchInst>(Flow->getTerminator());
  if (!Br->isConditional())
    return Br->getSuccessor(0) == Target;
  auto *Cond = dyn_cast<PHINode>(Br->getCondition());
  if (!Cond || Cond->getParent() != Flow)
    return false;
  auto *C = dyn_cast<ConstantInt>(Cond->getIncomingValueForBlock(Pred));
  return C && Br->getSuccessor(C->isZero() ? 1 : 0) == Target;
}

/// A phi R of a flow block F that feeds only the phi J of F's successor T
/// carries a value to T for the threads F sends there. The threads that F
/// sends to its other successor may reach T later along edges X -> T, and J
/// often takes on such an edge a value W from before F (a value that one
/// side of a multi-way branch updates and the others keep). J then needs R
/// and W in different registers, and W stays live across F's other side: a
/// VGPR copy in every flow block on the way. collapseJoinThroughRoute gives
/// R the value W where it was poison and moves uses of W behind F onto R, so
/// that R, W and J can share one register. Runs after foldDominatedPhis,
/// which turns such phis into W. collapseJoinThroughEdge does the same where
/// J takes from F a value defined before F, so that F has no route phi for
/// it: an if-else whose first side keeps a value computed before the branch
/// (`if (accept) x = x_new;` with x_new speculated) and whose second side
/// uses the old value.
void Reconverger::collapseJoinsThroughRoutes(const DominatorTree &DT) {
  SmallPtrSet<PHINode *, 16> RouteConds;
  for (auto &[Edge, Phi] : RoutePhis)
    RouteConds.insert(Phi);
  SmallVector<PHINode *, 16> Candidates;
  for (BasicBlock *Flow : FlowBlocks)
    for (PHINode &Phi : Flow->phis())
      if (!RouteConds.count(&Phi) && Phi.hasOneUse())
        Candidates.push_back(&Phi);
  // A join phi can itself be a candidate (T a flow block) and be erased.
  SmallPtrSet<PHINode *, 8> Erased;
  for (PHINode *Route : Candidates)
    if (!Erased.count(Route) && collapseJoinThroughRoute(Route, DT, Erased))
      ++NumCollapsedJoins;
  SmallVector<std::pair<PHINode *, BasicBlock *>, 16> Joins;
  for (BasicBlock *Flow : FlowBlocks)
    for (BasicBlock *T : successors(Flow))
      for (PHINode &Join : T->phis())
        if (!RouteConds.count(&Join))
          Joins.push_back({&Join, Flow});
  for (auto [Join, Flow] : Joins)
    if (!Erased.count(Join) && collapseJoinThroughEdge(Join, Flow, DT, Erased))
      ++NumCollapsedJoins;
}

/// The value W of the phi \p Join (J) of a successor T of flow block \p Flow
/// (F) that a route phi R of F, carrying \p FromFlow to T, can take for the
/// threads F sends elsewhere, so that R, W and J share one register. An edge
/// X -> B is behind F if X is (\p IsBehind, BehindFlowBlock). W is J's value
/// on the first edge X -> T behind F whose definition properly dominates F.
/// Null if there is none, or if sharing cannot pay: W's copy into R runs before
/// F's divergent branch for every thread of the wave and must buy it. So W must
/// be divergent (not a constant; without uniformity information, where W may be
/// uniform, only J's inputs move), as a uniform W has no VGPR live range to
/// end; and no other input of J may come from a block behind F with several
/// successors, where R may be live out while that input is copied into J's
/// register.
Value *Reconverger::getCollapsibleValue(
    PHINode *Join, Value *FromFlow, BasicBlock *Flow, const DominatorTree &DT,
    function_ref<bool(BasicBlock *)> IsBehind) const {
  Value *W = nullptr;
  for (unsigned I = 0, E = Join->getNumIncomingValues(); I != E && !W; ++I) {
    Value *V = Join->getIncomingValue(I);
    auto *Def = dyn_cast<Instruction>(V);
    if (IsBehind(Join->getIncomingBlock(I)) &&
        !isa<PoisonValue, UndefValue>(V) && V != FromFlow &&
        (!Def || DT.properlyDominates(Def->getParent(), Flow)))
      W = V;
  }
  if (!W || isa<Constant>(W) || (IsDivergentValue && !isKnownDivergent(W)))
    return nullptr;
  for (unsigned I = 0, E = Join->getNumIncomingValues(); I != E; ++I) {
    Value *V = Join->getIncomingValue(I);
    BasicBlock *X = Join->getIncomingBlock(I);
    if (V != W && V != FromFlow && !isa<PoisonValue, UndefValue>(V) &&
        IsBehind(X) && !X->getSingleSuccessor())
      return nullptr;
  }
  return W;
}

/// Gives the route phi \p Route (R) the value \p W where it is poison and
/// moves the uses of W behind its flow block onto R; \p Join, left with R as
/// its only value, is replaced by R and recorded in \p Erased.
///
/// Why it is exact, given that every input of R is W, poison, or comes from
/// a predecessor whose threads F all sends to T: a thread at a use behind F
/// passed F (F dominates the use); after its last visit to F it did not go
/// to T (the use is not reachable from T without F), so it came from a
/// predecessor that F does not send wholly to T, where R is now W. W has not
/// been recomputed since: a path from the entry to W's definition avoids F
/// (the definition properly dominates F), so a recomputation after the last
/// visit would give a path to the use that avoids F. Hence R = W at the use.
/// Replacing poison by W only refines R.
void Reconverger::collapseOnto(PHINode *Route, PHINode *Join, Value *W,
                               function_ref<bool(BasicBlock *)> IsBehind,
                               SmallPtrSetImpl<PHINode *> &Erased) {
  for (unsigned I = 0, E = Route->getNumIncomingValues(); I != E; ++I)
    if (isa<PoisonValue, UndefValue>(Route->getIncomingValue(I)))
      Route->setIncomingValue(I, W);
  // Without uniformity information W may be uniform: only J's inputs move.
  bool AllUses = static_cast<bool>(IsDivergentValue);
  SmallVector<Use *, 16> Behind;
  for (Use &U : W->uses()) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I || I == Route || (!AllUses && I != Join))
      continue;
    auto *P = dyn_cast<PHINode>(I);
    if (IsBehind(P ? P->getIncomingBlock(U) : I->getParent()))
      Behind.push_back(&U);
  }
  for (Use *U : Behind)
    U->set(Route);
  if (all_of(Join->incoming_values(), [&](Value *V) { return V == Route; })) {
    Join->replaceAllUsesWith(Route);
    Erased.insert(Join);
    Join->eraseFromParent();
  }
}

/// The step of collapseJoinsThroughRoutes for \p Route (R) in flow block F,
/// used by J in T, with J(F) = R (getCollapsibleValue, collapseOnto).
bool Reconverger::collapseJoinThroughRoute(PHINode *Route,
                                           const DominatorTree &DT,
                                           SmallPtrSetImpl<PHINode *> &Erased) {
  BasicBlock *Flow = Route->getParent();
  PHINode *Join = nullptr;
  for (User *U : Route->users())
    if (auto *P = dyn_cast<PHINode>(U);
        P && is_contained(successors(Flow), P->getParent()) &&
        P->getIncomingValueForBlock(Flow) == Route) {
      Join = P;
      break;
    }
  if (!Join)
    return false;
  BasicBlock *T = Join->getParent();
  BehindFlowBlock IsBehind(Flow, T, DT);
  Value *W = getCollapsibleValue(Join, Route, Flow, DT, IsBehind);
  if (!W)
    return false;
  for (unsigned I = 0, E = Route->getNumIncomingValues(); I != E; ++I) {
    Value *V = Route->getIncomingValue(I);
    if (V != W && !isa<PoisonValue, UndefValue>(V) &&
        !sendsAllThreadsTo(Flow, Route->getIncomingBlock(I), T))
      return false;
  }
  collapseOnto(Route, Join, W, IsBehind, Erased);
  return true;
}

/// The step of collapseJoinsThroughRoutes for a phi \p Join (J) of a
/// successor T of flow block \p Flow (F) that takes from F a value V defined
/// before F. If F sends the threads of each predecessor wholly to T or
/// wholly to its other successor, V is what a route phi R of F would carry
/// to T, poison for the others: that R is created and collapsed as in
/// collapseJoinThroughRoute.
bool Reconverger::collapseJoinThroughEdge(PHINode *Join, BasicBlock *Flow,
                                          const DominatorTree &DT,
                                          SmallPtrSetImpl<PHINode *> &Erased) {
  auto *Br = cast<BranchInst>(Flow->getTerminator());
  int FlowIdx = Join->getBasicBlockIndex(Flow);
  if (!Br->isConditional() || FlowIdx < 0)
    return false;
  Value *V = Join->getIncomingValue(FlowIdx);
  auto *VDef = dyn_cast<Instruction>(V);
  if (isa<PoisonValue, UndefValue>(V) || (VDef && VDef->getParent() == Flow))
    return false;
  BasicBlock *T = Join->getParent();
  BasicBlock *Other = Br->getSuccessor(Br->getSuccessor(0) == T ? 1 : 0);
  if (Other == T)
    return false;
  SmallVector<bool, 4> ToT;
  for (BasicBlock *P : predecessors(Flow)) {
    if (sendsAllThreadsTo(Flow, P, T))
      ToT.push_back(true);
    else if (sendsAllThreadsTo(Flow, P, Other))
      ToT.push_back(false);
    else
      return false;
  }
  BehindFlowBlock IsBehind(Flow, T, DT);
  Value *W = getCollapsibleValue(Join, V, Flow, DT, IsBehind);
  if (!W)
    return false;
  auto *Route =
      PHINode::Create(V->getType(), ToT.size(), Join->getName() + ".route");
  Route->insertBefore(Flow->begin());
  for (auto [P, SendsToT] : zip(predecessors(Flow), ToT))
    Route->addIncoming(SendsToT ? V : PoisonValue::get(V->getType()), P);
  Join->setIncomingValue(FlowIdx, Route);
  collapseOnto(Route, Join, W, IsBehind, Erased);
  return true;
}

/// SSA repair leaves phis that duplicate an existing phi of their block up
/// to poison on the edges no thread takes with that value (for example the
/// value of a loop-carried phi seen from before the loop), often in chains
/// through several loop headers. Such a phi is replaced by one that refines
/// it, so that the register allocator sees one value instead of copies.
///
/// A pair (A, B) of phis of one block is *refinable* if on every incoming
/// edge A's value is B's, or poison/undef, or a phi X with (X, B's value Y)
/// refinable. The refinable pairs are the greatest set with that property,
/// found by removing violating pairs until none is left; for any pair, every
/// execution gives A a value that B's value refines (induction over the
/// execution), so replacing A by B, and any set of such replacements into
/// phis that are not replaced themselves, is a refinement of the function.
static void mergeRefinablePhis(Function &F) {
  using PhiPair = std::pair<PHINode *, PHINode *>;
  DenseSet<PhiPair> Refinable;
  SmallVector<PHINode *, 32> AllPhis;
  for (BasicBlock &BB : F) {
    SmallVector<PHINode *, 8> Phis(make_pointer_range(BB.phis()));
    if (Phis.size() > 64)
      continue; // Quadratic; not worth it on huge blocks.
    for (PHINode *A : Phis)
      for (PHINode *B : Phis)
        if (A != B && A->getType() == B->getType())
          Refinable.insert({A, B});
    append_range(AllPhis, Phis);
  }
  auto EdgeOk = [&](Value *VA, Value *VB) {
    if (VA == VB || isa<PoisonValue, UndefValue>(VA))
      return true;
    auto *XA = dyn_cast<PHINode>(VA), *XB = dyn_cast<PHINode>(VB);
    return XA && XB && Refinable.contains({XA, XB});
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (PHINode *A : AllPhis)
      for (PHINode *B : AllPhis) {
        if (!Refinable.contains({A, B}))
          continue;
        for (unsigned I = 0, E = A->getNumIncomingValues(); I != E; ++I)
          if (!EdgeOk(A->getIncomingValue(I),
                      B->getIncomingValueForBlock(A->getIncomingBlock(I)))) {
            Refinable.erase({A, B});
            Changed = true;
            break;
          }
      }
  }
  if (Refinable.empty())
    return;

  // Keep the most defined phis (fewest poison inputs) and replace the others
  // by a kept one that refines them.
  auto Undefined = [](PHINode *P) {
    return count_if(P->incoming_values(),
                    [](Value *V) { return isa<PoisonValue, UndefValue>(V); });
  };
  SmallVector<PHINode *, 32> Order(AllPhis);
  stable_sort(Order, [&](PHINode *A, PHINode *B) {
    return Undefined(A) < Undefined(B);
  });
  SmallPtrSet<PHINode *, 32> Kept;
  SmallVector<PhiPair, 8> Replace;
  for (PHINode *A : Order) {
    auto Into = find_if(Order, [&](PHINode *B) {
      return Kept.count(B) && Refinable.contains({A, B});
    });
    if (Into == Order.end())
      Kept.insert(A);
    else
      Replace.push_back({A, *Into});
  }
  for (auto [A, B] : Replace)
    A->replaceAllUsesWith(B);
  for (auto [A, B] : Replace)
    A->eraseFromParent();
  NumMergedPhis += Replace.size();
}

unsigned llvm::reconvergeCFG(Function &F, const PostDominatorTree &PDT,
                             DivergentTerminatorFn IsDivergent,
                             ReconvergeOrdering Kind,
                             DivergentValueFn IsDivergentValue) {
  std::vector<BasicBlock *> Order = computeReconvergeOrdering(
      F, PDT, Kind, CheaperSideFirst ? IsDivergentValue : nullptr);
  return Reconverger(F, IsDivergent, IsDivergentValue).run(Order);
}

//===----------------------------------------------------------------------===//
// The pass: bring the function into the form the walk needs, run it, check.
//===----------------------------------------------------------------------===//

/// The first terminator the transform cannot reroute, or null.
static const Instruction *findUnsupportedTerminator(const Function &F) {
  for (const BasicBlock &BB : F) {
    const Instruction *T = BB.getTerminator();
    if (!isa<BranchInst, SwitchInst, ReturnInst, UnreachableInst>(T))
      return T;
  }
  return nullptr;
}

/// Gives F a single exit, last in every ordering: returns branch to one
/// unified return block, `unreachable` too (a thread that gets there has
/// undefined behaviour, so any continuation is a refinement), and every
/// infinite loop gets an exit edge on a constant-true condition, which no
/// thread takes but which makes the exit post-dominate the loop.
static void unifyExits(Function &F) {
  SmallVector<BasicBlock *, 4> Exits;
  for (BasicBlock &BB : F)
    if (isa<ReturnInst, UnreachableInst>(BB.getTerminator()))
      Exits.push_back(&BB);
  PostDominatorTree PDT(F);
  SmallVector<BasicBlock *, 2> Endless;
  for (BasicBlock *Root : PDT.roots())
    if (!succ_empty(Root))
      Endless.push_back(Root);
  if (Endless.empty() && Exits.size() <= 1)
    return;

  LLVMContext &Ctx = F.getContext();
  BasicBlock *Unified = BasicBlock::Create(Ctx, "UnifiedReturnBlock", &F);
  Type *RetTy = F.getReturnType();
  PHINode *RetPhi = nullptr;
  if (!RetTy->isVoidTy())
    RetPhi = PHINode::Create(RetTy, Exits.size() + Endless.size(),
                             "UnifiedRetVal", Unified);
  ReturnInst::Create(Ctx, RetPhi, Unified);
  auto AddIncoming = [&](Value *V, BasicBlock *From) {
    if (RetPhi)
      RetPhi->addIncoming(V ? V : PoisonValue::get(RetTy), From);
  };
  for (BasicBlock *BB : Exits) {
    Instruction *T = BB->getTerminator();
    auto *Ret = dyn_cast<ReturnInst>(T);
    AddIncoming(Ret ? Ret->getReturnValue() : nullptr, BB);
    BranchInst::Create(Unified, T->getIterator());
    T->eraseFromParent();
  }
  for (BasicBlock *BB : Endless) {
    BasicBlock *Tail = SplitBlock(BB, BB->getTerminator()->getIterator(),
                                  static_cast<DomTreeUpdater *>(nullptr),
                                  nullptr, nullptr, BB->getName() + ".endless");
    BB->getTerminator()->eraseFromParent();
    BranchInst::Create(Tail, Unified, ConstantInt::getTrue(Ctx), BB);
    AddIncoming(nullptr, BB);
  }
}

//===----------------------------------------------------------------------===//
// Exit guards: one exit for a divergent region whose lanes skip its join.
//===----------------------------------------------------------------------===//
//
// A *bypassed join* is a block J with a region R in front of it:
//  - D, the nearest common dominator of J's predecessors, is R's entry, and R
//    is what D reaches without passing through J or a post-dominator of J;
//  - R is acyclic, entered only at D, and every predecessor of J is in R;
//  - every edge that leaves R goes to J or to one block X that post-dominates
//    J (the *bypass target*; its sources are R's *bypass sources*);
//  - R has two *open splits* or more. An open split is a divergent branch
//    whose successors are both in R, from which lanes can leave for J and
//    for X, and whose lanes do not meet again inside R (its immediate
//    post-dominator lies outside). The walk builds a flow block after each
//    open split that routes to both J and X; the guard replaces them all
//    by one. With a single open split, its flow block is the guard;
//  - the bypass is the exception: fewer edges enter the bypass sources than
//    enter J. Where as many paths leave for X as for J, J is not the join
//    that the lanes of R mostly reach but one side of a two-sided choice:
//    an inner join of the region that X closes (a switch's default block
//    that two leaves of the compare tree share), or the else side of a
//    short-circuit condition whose then side is the bypass source. A guard
//    in front of J then costs more than the routes it saves.
// The typical case is a lowered divergent switch whose `case 0` returns: the
// compare tree's leaves go to the cases, the cases to their join J, and one
// leaf to the return block X. The walk would keep two heads open (J and X)
// through the whole tree, and every flow block it builds there would carry a
// route condition for each.
//
// The exit guard G gives R a single exit. Every edge into J and every bypass
// edge go to G instead; G takes J's phis (poison on bypass edges), the bypass
// inputs of X's phis (poison on edges from J's predecessors) and
//   %go = phi i1 [true, <J's predecessors>], [false, <bypass sources>]
// and ends in `br i1 %go, J, X`. A block that branches to both J and X
// branches to G instead, and its condition (inverted if J is its false
// successor) is its input of %go. Each lane follows its old path with G
// inserted, so the meaning is kept. G's branch has X as its post-dominating
// successor, and R now has one exit, so the walk needs flow blocks in R only
// for the cases themselves. The phis G takes for X often repeat J's up to
// poison; they are merged as the walk's own phis are (mergeRefinablePhis).
//
// Why SSA stays valid. G's predecessors are all in R and include J's, so D,
// their nearest common dominator, dominates G; every block that D dominated
// it still dominates. A value defined in R elsewhere than in D is used outside
// R only by the phis of J and X on edges from R, which move into G: it cannot
// dominate J (D is the nearest common dominator of J's predecessors), nor X
// (a block of R that dominated X would lie on every path from J to the exit,
// so it would post-dominate J and not be in R), nor a block reached from R
// only through J or X. valuesStayInRegion asserts this.

static cl::opt<bool> ExitGuards(
    "reconverge-cfg-exit-guards", cl::init(true), cl::Hidden,
    cl::desc("Route the edges of a divergent region that bypass its join "
             "through one guard block in front of the join"));

static cl::opt<bool> ExitGuardsForce(
    "reconverge-cfg-exit-guards-force", cl::init(false), cl::Hidden,
    cl::desc("Build an exit guard for every region that has the shape, "
             "without the rules that decide whether it pays (for testing)"));

/// Largest region an exit guard is built for.
static constexpr unsigned MaxExitGuardRegion = 256;

namespace {
/// A bypassed join and its region.
struct BypassedJoin {
  BasicBlock *Join = nullptr;
  BasicBlock *Bypass = nullptr;
  SmallVector<BasicBlock *, 16> Region;
  SmallVector<BasicBlock *, 4> BypassSources;
};
} // namespace

/// Collects into \p Region, in depth-first pre-order, the blocks \p Entry
/// reaches without entering \p Join or a post-dominator of \p Join, and
/// returns the post-dominators met (the exit targets besides Join). Returns
/// std::nullopt if the blocks met include a cycle or too many blocks.
static std::optional<SmallPtrSet<BasicBlock *, 2>>
collectGuardRegion(BasicBlock *Entry, BasicBlock *Join,
                   const PostDominatorTree &PDT,
                   SmallVectorImpl<BasicBlock *> &Region) {
  SmallPtrSet<BasicBlock *, 2> Targets;
  SmallPtrSet<BasicBlock *, 32> Visited, OnStack;
  SmallVector<std::pair<BasicBlock *, succ_iterator>, 16> Stack;
  auto Enter = [&](BasicBlock *BB) {
    Visited.insert(BB);
    OnStack.insert(BB);
    Region.push_back(BB);
    Stack.emplace_back(BB, succ_begin(BB));
  };
  Enter(Entry);
  while (!Stack.empty()) {
    auto &[BB, It] = Stack.back();
    if (It == succ_end(BB)) {
      OnStack.erase(BB);
      Stack.pop_back();
      continue;
    }
    BasicBlock *S = *It++;
    if (S == Join)
      continue;
    if (PDT.dominates(S, Join)) {
      Targets.insert(S);
      continue;
    }
    if (OnStack.contains(S))
      return std::nullopt;
    if (Visited.contains(S))
      continue;
    if (Region.size() == MaxExitGuardRegion)
      return std::nullopt;
    Enter(S);
  }
  return Targets;
}

/// Whether the values defined in \p R other than at its entry are used only
/// in R and in the phis of \p Join and \p Bypass on edges from R.
[[maybe_unused]] static bool
valuesStayInRegion(const BypassedJoin &R,
                   const SmallPtrSetImpl<BasicBlock *> &InRegion) {
  for (BasicBlock *BB : drop_begin(R.Region))
    for (Instruction &I : *BB)
      for (Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *UseBB = User->getParent();
        if (auto *Phi = dyn_cast<PHINode>(User)) {
          BasicBlock *In = Phi->getIncomingBlock(U);
          if ((UseBB == R.Join || UseBB == R.Bypass) && InRegion.contains(In))
            continue;
          UseBB = In;
        }
        if (!InRegion.contains(UseBB))
          return false;
      }
  return true;
}

/// The region of \p Join if Join is a bypassed join.
static std::optional<BypassedJoin>
findBypassedJoin(BasicBlock *Join, const DominatorTree &DT,
                 const PostDominatorTree &PDT,
                 DivergentTerminatorFn IsDivergent) {
  if (pred_size(Join) < 2 || Join->isEntryBlock())
    return std::nullopt;
  BasicBlock *Entry = nullptr;
  for (BasicBlock *P : predecessors(Join))
    Entry = Entry ? DT.findNearestCommonDominator(Entry, P) : P;
  if (!Entry || DT.dominates(Join, Entry))
    return std::nullopt;

  BypassedJoin R;
  R.Join = Join;
  auto Targets = collectGuardRegion(Entry, Join, PDT, R.Region);
  if (!Targets || Targets->size() != 1)
    return std::nullopt;
  R.Bypass = *Targets->begin();
  SmallPtrSet<BasicBlock *, 32> InRegion(R.Region.begin(), R.Region.end());

  // Single entry and all of Join's predecessors inside.
  for (BasicBlock *P : predecessors(Entry))
    if (InRegion.contains(P))
      return std::nullopt;
  for (BasicBlock *BB : drop_begin(R.Region))
    if (!all_of(predecessors(BB),
                [&](BasicBlock *P) { return InRegion.contains(P); }))
      return std::nullopt;
  if (!all_of(predecessors(Join),
              [&](BasicBlock *P) { return InRegion.contains(P); }))
    return std::nullopt;
  for (BasicBlock *BB : R.Region)
    if (is_contained(successors(BB), R.Bypass))
      R.BypassSources.push_back(BB);
  // The bypass must be the exception.
  size_t BypassPaths = 0;
  for (BasicBlock *BB : R.BypassSources)
    BypassPaths += BB == Entry ? 1 : pred_size(BB);
  if (BypassPaths >= pred_size(Join) && !ExitGuardsForce)
    return std::nullopt;

  // The region must have two open splits (see "Exit guards" above).
  auto ReachingBlocks = [&](ArrayRef<BasicBlock *> Sources) {
    SmallPtrSet<BasicBlock *, 32> Seen;
    SmallVector<BasicBlock *, 16> Work(Sources.begin(), Sources.end());
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (InRegion.contains(BB) && Seen.insert(BB).second)
        append_range(Work, predecessors(BB));
    }
    return Seen;
  };
  SmallVector<BasicBlock *, 16> JoinPreds(predecessors(Join));
  auto ReachJoin = ReachingBlocks(JoinPreds);
  auto ReachBypass = ReachingBlocks(R.BypassSources);
  auto IsOpenSplit = [&](BasicBlock *BB) {
    if (!IsDivergent(*BB) || !ReachJoin.contains(BB) ||
        !ReachBypass.contains(BB))
      return false;
    if (!all_of(successors(BB),
                [&](BasicBlock *S) { return InRegion.contains(S); }))
      return false;
    const DomTreeNode *IPDom = PDT.getNode(BB)->getIDom();
    return !IPDom || !IPDom->getBlock() ||
           !InRegion.contains(IPDom->getBlock());
  };
  if (count_if(R.Region, IsOpenSplit) < 2 && !ExitGuardsForce)
    return std::nullopt;

  assert(valuesStayInRegion(R, InRegion) &&
         "a value of the region would not dominate its use");
  return R;
}

/// The value of the guard's `%go` phi on the edge from \p P, which branched
/// to \p Join, to \p Bypass, or to both; a branch to both becomes a branch
/// to the guard.
static Value *routeThroughGuard(BasicBlock *P, BasicBlock *Join,
                                BasicBlock *Bypass, BasicBlock *Guard) {
  LLVMContext &Ctx = P->getContext();
  Instruction *T = P->getTerminator();
  bool ToJoin = is_contained(successors(P), Join);
  bool ToBypass = is_contained(successors(P), Bypass);
  if (!ToJoin || !ToBypass) {
    T->replaceSuccessorWith(ToJoin ? Join : Bypass, Guard);
    return ConstantInt::getBool(Ctx, ToJoin);
  }
  auto *Br = cast<BranchInst>(T);
  Value *Go = Br->getCondition();
  if (Br->getSuccessor(0) != Join)
    Go = BinaryOperator::CreateNot(Go, Join->getName() + ".taken",
                                   T->getIterator());
  BranchInst::Create(Guard, T->getIterator());
  T->eraseFromParent();
  return Go;
}

/// Routes the edges into R.Join and R.Bypass from R through a new guard
/// block in front of R.Join (see "Exit guards" above).
static BasicBlock *buildExitGuard(const BypassedJoin &R) {
  BasicBlock *Join = R.Join, *Bypass = R.Bypass;
  LLVMContext &Ctx = Join->getContext();
  BasicBlock *Guard = BasicBlock::Create(Ctx, Join->getName() + ".guard",
                                         Join->getParent(), Join);
  // Each source with the phi inputs its edges carried, taken before the
  // edges move.
  struct Source {
    Value *Go = nullptr;
    SmallVector<Value *, 4> JoinIn, BypassIn;
  };
  MapVector<BasicBlock *, Source> Sources;
  for (BasicBlock *P : predecessors(Join))
    Sources[P];
  for (BasicBlock *P : R.BypassSources)
    Sources[P];
  for (auto &[P, S] : Sources) {
    bool ToJoin = is_contained(successors(P), Join);
    bool ToBypass = is_contained(successors(P), Bypass);
    for (PHINode &Phi : Join->phis())
      S.JoinIn.push_back(ToJoin ? Phi.getIncomingValueForBlock(P)
                                : PoisonValue::get(Phi.getType()));
    for (PHINode &Phi : Bypass->phis())
      S.BypassIn.push_back(ToBypass ? Phi.getIncomingValueForBlock(P)
                                    : PoisonValue::get(Phi.getType()));
    S.Go = routeThroughGuard(P, Join, Bypass, Guard);
  }

  // One phi input per edge into the guard: a branch to the join on both
  // sides is two edges.
  SmallVector<BasicBlock *, 16> GuardPreds(predecessors(Guard));
  auto AddInputs = [&](PHINode *Phi, function_ref<Value *(Source &)> In) {
    for (BasicBlock *P : GuardPreds)
      Phi->addIncoming(In(Sources[P]), P);
  };
  auto *Go = PHINode::Create(Type::getInt1Ty(Ctx), GuardPreds.size(),
                             Join->getName() + ".go", Guard);
  AddInputs(Go, [](Source &S) { return S.Go; });

  // Join's phis move into the guard.
  unsigned I = 0;
  for (PHINode &Phi : make_early_inc_range(Join->phis())) {
    auto *New = PHINode::Create(Phi.getType(), GuardPreds.size(), "",
                                Go->getIterator());
    AddInputs(New, [&](Source &S) { return S.JoinIn[I]; });
    New->takeName(&Phi);
    Phi.replaceAllUsesWith(New);
    Phi.eraseFromParent();
    ++I;
  }
  // The bypass inputs of Bypass's phis come through the guard.
  I = 0;
  for (PHINode &Phi : Bypass->phis()) {
    auto *New = PHINode::Create(Phi.getType(), GuardPreds.size(),
                                Phi.getName() + ".bypass", Go->getIterator());
    AddInputs(New, [&](Source &S) { return S.BypassIn[I]; });
    for (BasicBlock *P : R.BypassSources)
      while (Phi.getBasicBlockIndex(P) >= 0)
        Phi.removeIncomingValue(P, /*DeletePHIIfEmpty=*/false);
    Phi.addIncoming(New, Guard);
    ++I;
  }
  BranchInst::Create(Join, Bypass, Go, Guard);
  return Guard;
}

/// Builds an exit guard for every bypassed join of \p F, one at a time on
/// analyses recomputed after each: a guard changes the dominance of the
/// blocks after it. A guarded join keeps one predecessor, so there are at
/// most as many guards as blocks. Returns whether it built one.
static bool addExitGuards(Function &F, FunctionAnalysisManager &AM,
                          OptimizationRemarkEmitter &ORE) {
  bool Built = false;
  size_t MaxGuards = F.size();
  for (bool Changed = true; Changed && MaxGuards--;) {
    Changed = false;
    AM.invalidate(F, PreservedAnalyses::none());
    auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
    auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
    auto &UI = AM.getResult<UniformityInfoAnalysis>(F);
    auto IsDivergent = [&](const BasicBlock &BB) {
      return UI.hasDivergentTerminator(BB);
    };
    for (BasicBlock &Join : F) {
      std::optional<BypassedJoin> R =
          findBypassedJoin(&Join, DT, PDT, IsDivergent);
      if (!R)
        continue;
      BasicBlock *Guard = buildExitGuard(*R);
      ++NumExitGuards;
      Built = true;
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "ExitGuard",
                                  Guard->getTerminator())
               << "routed " << ore::NV("BypassEdges", R->BypassSources.size())
               << " edges that bypass their join through a guard block";
      });
      Changed = true;
      break;
    }
  }
  return Built;
}

PreservedAnalyses ReconvergeCFGPass::run(Function &F,
                                         FunctionAnalysisManager &AM) {
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  if (!TTI.hasBranchDivergence(&F) || F.isDeclaration())
    return PreservedAnalyses::all();
  // Not the analysis manager's emitter: the rounds below invalidate it.
  OptimizationRemarkEmitter ORE(&F);
  {
    auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
    auto &UI = AM.getResult<UniformityInfoAnalysis>(F);
    if (findReconvergenceViolations(F, PDT, [&](const BasicBlock &BB) {
          return UI.hasDivergentTerminator(BB);
        }).empty()) {
      if (UI.hasDivergence()) {
        ++NumAlreadyReconverging;
        ORE.emit([&] {
          return OptimizationRemarkAnalysis(DEBUG_TYPE, "AlreadyReconverging",
                                            &F)
                 << "every divergent branch already has a post-dominating "
                    "successor";
        });
      }
      return PreservedAnalyses::all();
    }
  }
  if (const Instruction *T = findUnsupportedTerminator(F)) {
    ++NumUnsupported;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "UnsupportedTerminator", T)
             << "cannot reroute the edges of a '" << T->getOpcodeName()
             << "' terminator; the function is left unchanged";
    });
    return PreservedAnalyses::all();
  }

  if (any_of(F, [](BasicBlock &BB) {
        return isa<SwitchInst>(BB.getTerminator());
      }))
    LowerSwitchPass().run(F, AM);
  removeUnreachableBlocks(F);
  unifyExits(F);
  // Merged here: when guards leave nothing to reroute, the walk (which merges
  // its own phis) does not run.
  if (ExitGuards && addExitGuards(F, AM, ORE))
    mergeRefinablePhis(F);

  // Each round works on analyses of the function as it is now: the
  // uniformity of a rerouted CFG is recomputed, not assumed.
  unsigned Flows = 0;
  SmallVector<ReconvergenceViolation, 4> Left;
  for (unsigned Round = 0;; ++Round) {
    AM.invalidate(F, PreservedAnalyses::none());
    auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
    auto &UI = AM.getResult<UniformityInfoAnalysis>(F);
    auto IsDivergent = [&](const BasicBlock &BB) {
      return UI.hasDivergentTerminator(BB);
    };
    Left = findReconvergenceViolations(F, PDT, IsDivergent);
    if (Left.empty() || Round == MaxRounds)
      break;
    Flows += reconvergeCFG(F, PDT, IsDivergent, OrderingOpt,
                           [&](const Value *V) { return UI.isDivergent(V); });
  }

  if (Left.empty()) {
    ++NumFunctionsChanged;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Reconverged", &F)
             << "made the CFG reconverging with "
             << ore::NV("FlowBlocks", Flows) << " flow blocks";
    });
  } else {
    ++NumNotReconverging;
    for (const ReconvergenceViolation &V : Left)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotReconverging",
                                        V.Terminator)
               << "divergent branch still has no post-dominating successor";
      });
    if (VerifyResult) {
      std::string Msg;
      raw_string_ostream OS(Msg);
      OS << "reconverge-cfg: function '" << F.getName()
         << "' is not reconverging after " << MaxRounds << " rounds:\n";
      printReconvergenceViolations(OS, Left);
      report_fatal_error(Twine(StringRef(Msg).rtrim()),
                         /*gen_crash_diag=*/false);
    }
  }
  return PreservedAnalyses::none();
}
