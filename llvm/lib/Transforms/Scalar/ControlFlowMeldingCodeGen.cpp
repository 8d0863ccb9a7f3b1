//===- ControlFlowMeldingCodeGen.cpp - Emit melded code -------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Code generation of control-flow melding: the melded blocks with selects
/// for differing operands, unpredicated and speculated runs, exit branches
/// and PHIs, funnel blocks for successors both sides share, and the
/// clean-up after each meld (simplifyCFG, trivial PHIs and selects, selects
/// of PHIs sunk into the predecessors).
//
//===----------------------------------------------------------------------===//

#include "ControlFlowMeldingImpl.h"
#include "llvm/ADT/Statistic.h"

using namespace llvm;
using namespace llvm::cfmeld;

#define DEBUG_TYPE "cf-meld"

STATISTIC(NumBlockBlockMelds, "Number of basic-block/basic-block melds");
STATISTIC(NumRegionRegionMelds, "Number of region/region melds");
STATISTIC(NumLoopMelds,
          "Number of region/region melds of subgraphs with loops");
STATISTIC(NumFunnels, "Number of funnel blocks made for shared successors");
STATISTIC(NumBlockRegionMelds,
          "Number of basic-block/region melds (region replication)");
STATISTIC(NumInstrsMelded, "Number of instruction pairs melded");
STATISTIC(NumSelects, "Number of selects inserted");
STATISTIC(NumUnpredicatedRuns, "Number of unaligned runs unpredicated");
STATISTIC(NumSpeculatedRuns,
          "Number of short unaligned runs left unpredicated (speculated)");
STATISTIC(NumBypassedRuns, "Number of runs of region blocks left unguarded "
                           "because their replica is bypassed");
STATISTIC(NumFolded,
          "Number of PHIs and selects folded after melding (InstSimplify)");
STATISTIC(NumSelectsSunk, "Number of selects on a PHI condition sunk into "
                          "the predecessors of their block");

static cl::opt<bool> MeldSinkSelects(
    "cf-meld-sink-selects", cl::init(true), cl::Hidden,
    cl::desc("After melding, turn a select on a PHI's condition in a block "
             "with two predecessors into a PHI of the selects on each edge "
             "when one of them simplifies"));

/// Most edges a funnel block joins (tryFunnel).
static constexpr unsigned MaxFunnelEdges = 8;

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
BasicBlock *cfmeld::simplifySubgraph(BasicBlock *BB, bool SplitBranch) {
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
    collectPathValues(DomTree, R.Succs[Side], Blocks[Side], Side, Cand.Cyclic,
                      Values);
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
    for (size_t L = K; L < E && Alignment[L][Side] && !Alignment[L].isMatch();
         ++L)
      RunCode.push_back(Alignment[L][Side]);
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
    for (; K < E && Alignment[K][Side] && !Alignment[K].isMatch(); ++K) {
      Instruction *I = Alignment[K][Side];
      I->moveBefore(*Run, Run->end());
      Moved.push_back(I);
    }
    BranchInst::Create(Join, Run);
    BlockPair Targets;
    Targets[Side] = Run;
    Targets[1 - Side] = Join;
    BranchInst::Create(Targets.True, Targets.False, Cond, Cur);
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
    BlockPair Exits{Exit1, Exit2};
    for (unsigned Side = 0; Side < 2; ++Side)
      for (PHINode &PN : Exits[Side]->phis())
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
    for (const BlockPair &Pair : Cand.Blocks)
      Inside.insert(Pair[Side]);
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
  if (Cand.BypassedReplicas.contains(BlockPair{B1, B2}[1 - RS]))
    return RS;
  return std::nullopt;
}

/// Step a and b of code generation (the file comment of
/// ControlFlowMelding.cpp): simplifies the subgraphs' entries, creates the
/// first melded block of every pair (\p MB), makes both paths enter the
/// melded entry and routes \p PathValues through PHIs there. Returns the
/// melded entry.
BasicBlock *ControlFlowMelder::enterMeldedCode(const DivergentRegion &R,
                                               MeldCandidate &Cand,
                                               ArrayRef<PathValue> PathValues,
                                               MeldedBlocks &MB) {
  bool IsRegion = Cand.Kind != MeldKind::BlockBlock;
  // Region simplification of the entries.
  for (unsigned Side = 0; Side < 2; ++Side) {
    BasicBlock *&Entry = Cand.Blocks.front()[Side];
    BasicBlock *OldEntry = Entry;
    Entry = simplifySubgraph(Entry, /*SplitBranch=*/!IsRegion);
    // A region entry split below its PHIs is now the block that holds the
    // entry's branch: the sets naming the entry follow it.
    if (Entry != OldEntry)
      for (SmallPtrSet<BasicBlock *, 4> *Set :
           {&Cand.SwappedBranches, &Cand.BypassedReplicas})
        if (Set->erase(OldEntry))
          Set->insert(Entry);
    MB.Preds[Side] = Entry->getSinglePredecessor();
    if (!IsRegion)
      Cand.Exits[Side] = Entry->getSingleSuccessor();
    assert(MB.Preds[Side] && Cand.Exits[Side] && "Expected a SESE subgraph");
  }
  for (auto [B1, B2] : Cand.Blocks) {
    prepareForMove(B1);
    prepareForMove(B2);
    MB.TrueOf[B2] = B1;
    MB.First[B1] = BasicBlock::Create(F.getContext(), "meld", &F, B1);
  }

  // Make both paths enter the melded entry.
  BasicBlock *MeldedEntry = MB.First[Cand.getEntry(0)];
  if (MB.Preds[0] == MB.Preds[1]) {
    // Both entries are successors of the region entry; nothing is defined on
    // the paths before them.
    assert(MB.Preds[0] == R.Entry && PathValues.empty());
    Instruction *OldBr = R.Entry->getTerminator();
    BranchInst::Create(MeldedEntry, OldBr->getIterator());
    OldBr->eraseFromParent();
  } else {
    for (unsigned Side = 0; Side < 2; ++Side)
      MB.Preds[Side]->getTerminator()->replaceSuccessorWith(Cand.getEntry(Side),
                                                            MeldedEntry);
  }

  // Route path values through PHIs in the melded entry.
  for (const PathValue &PV : PathValues) {
    PHINode *PN = PHINode::Create(PV.Def->getType(), 2,
                                  PV.Def->getName() + ".meld", MeldedEntry);
    Value *Poison = PoisonValue::get(PV.Def->getType());
    PN->addIncoming(PV.Side == 0 ? PV.Def : Poison, MB.Preds[0]);
    PN->addIncoming(PV.Side == 1 ? PV.Def : Poison, MB.Preds[1]);
    for (Use *U : PV.Uses)
      U->set(PN);
  }
  return MeldedEntry;
}

/// Step e: PHIs of interior blocks are copied, not melded: each lane only
/// uses the PHI of its own path. They move to the first melded block of
/// their pair; their incoming blocks are set once every block is melded (a
/// back edge comes from a block melded later). Returns each with its side.
static SmallVector<std::pair<PHINode *, unsigned>, 8>
moveInteriorPhis(const MeldCandidate &Cand, const MeldedBlocks &MB) {
  SmallVector<std::pair<PHINode *, unsigned>, 8> CopiedPhis;
  for (auto [B1, B2] : Cand.Blocks) {
    BasicBlock *First = MB.First.lookup(B1);
    for (BasicBlock *BB : {B1, B2}) {
      for (PHINode &PN : make_early_inc_range(BB->phis())) {
        PN.moveBefore(*First, First->getFirstNonPHIIt());
        CopiedPhis.push_back({&PN, BB == B1 ? 0u : 1u});
      }
    }
  }
  return CopiedPhis;
}

/// Step f and g for the melded block \p End of the region blocks \p B1 and
/// \p B2: a branch to the melded successors on `select C, CondT, CondF`
/// (CondF inverted for swapped branches; the only side's condition if only
/// one side's lanes enter), with every edge leaving the melded subgraph
/// going to one exit block (created on the first such edge), which keeps
/// the next pair of subgraphs single-entry.
void ControlFlowMelder::emitRegionBranch(const MeldCandidate &Cand,
                                         BasicBlock *B1, BasicBlock *B2,
                                         BasicBlock *End, Value *Cond,
                                         std::optional<unsigned> OnlySide,
                                         MeldedBlocks &MB) {
  auto *Br1 = cast<BranchInst>(B1->getTerminator());
  auto *Br2 = cast<BranchInst>(B2->getTerminator());
  SmallVector<BasicBlock *, 2> Targets;
  for (BasicBlock *Succ : successors(Br1)) {
    if (BasicBlock *Target = MB.First.lookup(Succ)) {
      Targets.push_back(Target);
      continue;
    }
    if (!MB.ExitBlock)
      MB.ExitBlock = BasicBlock::Create(F.getContext(), "meld.exit", &F, End);
    MB.ExitEdges.push_back({{B1, B2}, End});
    Targets.push_back(MB.ExitBlock);
  }
  if (Br1->isUnconditional()) {
    BranchInst::Create(Targets[0], End);
    return;
  }
  IRBuilder<> Builder(End);
  Value *BrCond;
  if (OnlySide) {
    BrCond = SidePair<BranchInst *>{Br1, Br2}[*OnlySide]->getCondition();
  } else {
    Value *Cond2 = Br2->getCondition();
    if (Cand.SwappedBranches.contains(B1))
      Cond2 = Builder.CreateNot(Cond2, Cond2->getName() + ".not");
    BrCond =
        Builder.CreateSelect(Cond, Br1->getCondition(), Cond2, "meld.cond");
  }
  BranchInst::Create(Targets[0], Targets[1], BrCond, End);
}

/// The statistics and the remark of a finished meld.
void ControlFlowMelder::recordMeld(const DivergentRegion &R,
                                   const MeldCandidate &Cand,
                                   const MeldStats &Stats) {
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

/// Code generation of a meld (steps a-g of the file comment of
/// ControlFlowMelding.cpp).
void ControlFlowMelder::meldSubgraphs(const DivergentRegion &R,
                                      MeldCandidate &Cand,
                                      ArrayRef<InstrAlignment> PairAlignments,
                                      ArrayRef<PathValue> PathValues) {
  Value *Cond = R.Cond;
  bool IsRegion = Cand.Kind != MeldKind::BlockBlock;
  SmallVector<InstrAlignment, 4> Alignments(PairAlignments);
  if (Cand.Cyclic)
    addCyclicEntryBlocks(Cand, Alignments);

  MeldedBlocks MB;
  BasicBlock *MeldedEntry = enterMeldedCode(R, Cand, PathValues, MB);
  SmallVector<std::pair<PHINode *, unsigned>, 8> CopiedPhis =
      moveInteriorPhis(Cand, MB);

  // Meld the blocks; predecessors inside the subgraph come first, except
  // those of back edges.
  MeldStats Stats;
  OperandSelects Selects(Cond, MeldedEntry, Stats);
  for (auto [B1, B2] : Cand.Blocks)
    for (BasicBlock *BB : {B1, B2, MB.First[B1]})
      Selects.addBlock(BB);
  for (auto [Idx, Pair] : enumerate(Cand.Blocks)) {
    auto [B1, B2] = Pair;
    std::optional<unsigned> OnlySide = getOnlySide(Cand, B1, B2);
    BasicBlock *End = emitMeldedBody(MB.First[B1], Alignments[Idx], Cond,
                                     OnlySide, Selects, Stats);
    MB.Last[B1] = End;
    if (IsRegion)
      emitRegionBranch(Cand, B1, B2, End, Cond, OnlySide, MB);
    else
      emitExitBranch(End, {{{B1, B2}, End}}, Cand.Exits[0], Cand.Exits[1], Cond,
                     Stats);
  }

  SmallVector<std::pair<PHINode *, unsigned>, 8> ExitPhis;
  if (MB.ExitBlock)
    emitExitBranch(MB.ExitBlock, MB.ExitEdges, Cand.Exits[0], Cand.Exits[1],
                   Cond, Stats, &ExitPhis);
  for (auto [PN, Side] : CopiedPhis) {
    for (unsigned In = 0, E = PN->getNumIncomingValues(); In != E; ++In) {
      BasicBlock *Pred = PN->getIncomingBlock(In);
      BasicBlock *NewPred =
          MB.Last.lookup(Side == 0 ? Pred : MB.TrueOf.lookup(Pred));
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
  recordMeld(R, Cand, Stats);
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
  DivergentRegion Diamond{
      &Entry, BI->getCondition(), X, {A, B}, LI->getLoopFor(&Entry)};
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
  BasicBlock *X = A->getSingleSuccessor();
  DivergentRegion Diamond{
      &Entry, BI->getCondition(), X, {A, B}, LI->getLoopFor(&Entry)};
  MeldCandidate Cand;
  Cand.Blocks.assign(1, {A, B});
  Cand.Score = computeProfitability(A, B);
  SmallVector<InstrAlignment, 4> Alignments;
  if (!acceptMeld(Diamond, Cand, Alignments))
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
  // The funnel's branch heads the diamond that acceptMeld modelled: its
  // condition takes the divergent branch's on one incoming edge, its
  // successors are A and B, and their exit is X. The alignments stay valid:
  // only A's and B's PHIs moved.
  DivergentRegion R;
  bool IsRegion = isDivergentBranch(*Funnel) && buildRegion(*Funnel, R);
  assert(IsRegion && R.Exit == X && "Funnel does not head the diamond");
  if (IsRegion && meldCandidate(R, Cand, Alignments))
    return true;
  emitMissed("FunnelNotMelded", *Funnel,
             "the funnel block's diamond was not melded after all");
  return true;
}

//===----------------------------------------------------------------------===//
// Clean-up after a meld
//===----------------------------------------------------------------------===//

/// Clean-up after a meld (step 6 of the file comment of
/// ControlFlowMelding.cpp): simplifyCFG without hoisting, sinking and block
/// speculation, so that unpredicated code is not if-converted back, then
/// the PHI and select folds.
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
  if (MeldSinkSelects && sinkSelectsOfPhis())
    foldTrivialPhisAndSelects();
}

/// The value \p V of block \p BB takes on the edge from \p Pred: a PHI's
/// incoming value, or V itself if it is defined outside BB (and so dominates
/// the end of every predecessor). Null for other values of BB.
static Value *getValueOnEdge(Value *V, BasicBlock *BB, BasicBlock *Pred) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || I->getParent() != BB)
    return V;
  if (auto *PN = dyn_cast<PHINode>(I))
    return PN->getIncomingValueForBlock(Pred);
  return nullptr;
}

/// Post-processing: a select `S = select C, T, F` in a block B with two
/// predecessors whose condition C is a PHI of B, with T and F PHIs of B or
/// values from outside B, becomes a PHI of B that takes, from each
/// predecessor P, what the select computes on the edge from P: the
/// simplified select where InstSimplify folds it (a select of equal values,
/// or on a constant condition), else a new select at the end of P. It is
/// done only when at most one predecessor needs a new select and that
/// predecessor branches to B unconditionally, so no lane runs more selects
/// than before.
///
/// Melding makes such selects when both sides leave to one exit
/// (emitExitBranch): C is the PHI that says which side a lane took, and on
/// an edge that only one side's lanes take the select has nothing to choose.
/// As a PHI, its value on that edge is the incoming value itself, which the
/// register allocator can keep in the PHI's register; as a select of two
/// PHIs, that edge needs a copy of it into the other PHI before the branch,
/// and when the value was just loaded, the copy waits for the load before
/// the other side's load can start. Returns true if a select was sunk.
bool ControlFlowMelder::sinkSelectsOfPhis() {
  const SimplifyQuery SQ(F.getDataLayout());
  SmallPtrSet<BasicBlock *, 8> Changed;
  for (BasicBlock &BB : F) {
    // Two predecessors: the PHI then takes the select's value on one edge
    // and one of its operands on the other. With more edges, each further
    // edge's value needs a copy into the PHI's register in its predecessor
    // unless the register allocator can coalesce it, which can cost more
    // than the select (branch fusion's three-edge funnel of DARM's
    // mergesort step ran 2.6 % more instructions).
    SmallVector<BasicBlock *, 2> Preds(predecessors(&BB));
    if (Preds.size() != 2 || Preds[0] == Preds[1])
      continue;
    for (Instruction &I : make_early_inc_range(BB)) {
      auto *Sel = dyn_cast<SelectInst>(&I);
      if (!Sel || !isa<PHINode>(Sel->getCondition()) ||
          Sel->getCondition()->getType()->isVectorTy() ||
          cast<PHINode>(Sel->getCondition())->getParent() != &BB)
        continue;
      SmallVector<Value *, 4> OnEdge;
      BasicBlock *NeedsSelect = nullptr;
      bool Ok = true;
      for (BasicBlock *Pred : Preds) {
        Value *C = getValueOnEdge(Sel->getCondition(), &BB, Pred);
        Value *T = getValueOnEdge(Sel->getTrueValue(), &BB, Pred);
        Value *Fv = getValueOnEdge(Sel->getFalseValue(), &BB, Pred);
        if (!C || !T || !Fv) {
          Ok = false;
          break;
        }
        Value *V = simplifySelectInst(C, T, Fv, SQ);
        if (!V) {
          if (NeedsSelect || !Pred->getSingleSuccessor()) {
            Ok = false;
            break;
          }
          NeedsSelect = Pred;
        }
        OnEdge.push_back(V);
      }
      if (!Ok)
        continue;
      PHINode *PN =
          PHINode::Create(Sel->getType(), Preds.size(), "", BB.begin());
      for (auto [Pred, V] : zip(Preds, OnEdge)) {
        if (!V) {
          V = SelectInst::Create(
              getValueOnEdge(Sel->getCondition(), &BB, Pred),
              getValueOnEdge(Sel->getTrueValue(), &BB, Pred),
              getValueOnEdge(Sel->getFalseValue(), &BB, Pred),
              Sel->getName() + ".sunk", Pred->getTerminator()->getIterator());
          cast<SelectInst>(V)->setDebugLoc(Sel->getDebugLoc());
        }
        PN->addIncoming(V, Pred);
      }
      PN->setDebugLoc(Sel->getDebugLoc());
      PN->takeName(Sel);
      Sel->replaceAllUsesWith(PN);
      Sel->eraseFromParent();
      ++NumSelectsSunk;
      Changed.insert(&BB);
    }
  }
  // The side PHIs the selects were made on may have no use left (in block
  // order: erasing one can leave a PHI of another changed block unused).
  for (BasicBlock &BB : F)
    if (Changed.contains(&BB))
      for (PHINode &PN : make_early_inc_range(BB.phis()))
        if (PN.use_empty())
          PN.eraseFromParent();
  return !Changed.empty();
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
