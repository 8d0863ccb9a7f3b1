//===- ControlFlowMeldingVersioning.cpp - Regions for agreeing lanes ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Versioning of divergent regions before melding (not in the DARM paper).
///
/// Melding pays when a wavefront runs both sides of a divergent branch. When
/// all active lanes of a wavefront take the same side, the melded code
/// issues what the side alone did not: the selects of differing operands,
/// the exit selects and the if-thens around unaligned runs (estimateCost's
/// overhead). Uniformity analysis calls a branch divergent when its
/// condition may differ between lanes; at run time many such conditions are
/// the same for all lanes of most wavefronts (a range test of a field that
/// is smooth in space, a mode read per work-item that is set per tile).
///
/// A region whose meld adds much for such a wavefront is versioned before it
/// is melded: the block of its branch first tests whether the active lanes
/// agree on the condition (ControlFlowMeldingTarget::emitAgreementTest), and
/// a wavefront whose lanes agree runs a copy of the region as it was, entered
/// on a branch that is uniform; the other wavefronts run the region, which
/// the next round melds. With E the entry, C its condition and X = ipdom(E):
///
///   E:  ...                     E.agree:     ...
///       br C, T, F      ==>                  {None, All} = agreement test of C
///                                            br None, F.uniform, E.agree.all
///                               E.agree.all: br All, T.uniform, E
///                               E:           br C, T, F   (melded next)
///
/// The copy's blocks (T.uniform, F.uniform, ...) join the region's at X.
///
/// Invariants:
/// * Each lane runs the instructions it ran before: a wavefront enters
///   T.uniform only if C holds on all its active lanes, F.uniform only if it
///   holds on none, and the copy's blocks are clones of the region's.
/// * The copy needs no new PHIs: every block of the region is dominated by
///   E, and its values are used only inside the region or by PHIs of X on
///   edges from the region (checked, otherwise the region is not
///   versioned), so only X's PHIs get incoming values from the copy.
/// * A region is versioned at most once: its branch carries
///   !cf-meld.versioned, and the copy is entered on uniform branches.
///   Regions nested in the copy may be versioned in turn; the copies of a
///   function add at most -cf-meld-version-growth percent of its
///   instructions, and a region of more than -cf-meld-version-max-size
///   instructions is not copied.
///
/// The rule: a wavefront whose lanes agree saves what the meld adds and
/// pays at most the test; one whose lanes disagree pays the test
/// (ControlFlowMeldingTarget::getAgreementTestCost). A region is versioned
/// if its meld adds at least -cf-meld-version-factor (10) times the test
/// per execution of the region: versioning then pays unless more than nine
/// in ten wavefronts diverge, and the copy's code is spent only where an
/// agreeing wavefront saves much. What the meld adds per execution weights
/// each melded block's selects and runs by how often an agreeing wavefront
/// would run it per entry into the region, (freq(B1) + freq(B2)) / freq(E)
/// for the aligned blocks B1 and B2 by the static block frequencies
/// (BlockFrequencyInfo): one for the sides of an if-else, the expected trip
/// count for the bodies of loops melded with each other. The rule looks at
/// the region's first meld only.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowMeldingImpl.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <cmath>

using namespace llvm;
using namespace llvm::cfmeld;

#define DEBUG_TYPE "cf-meld"

STATISTIC(NumRegionsVersioned,
          "Number of divergent regions versioned for agreeing lanes");
STATISTIC(NumInstrsVersioned,
          "Number of instructions copied by region versioning");

static cl::opt<bool> VersionRegions(
    "cf-meld-version", cl::init(true), cl::Hidden,
    cl::desc("Before melding a region whose meld adds much for a wavefront "
             "whose lanes all take one side, give such wavefronts a copy of "
             "the region as it was (if the target can test agreement)"));

static cl::opt<unsigned> VersionFactor(
    "cf-meld-version-factor", cl::init(10), cl::Hidden,
    cl::desc("Version a region if its meld adds at least this many times "
             "the instructions of the agreement test for a wavefront whose "
             "lanes agree"));

static cl::opt<unsigned>
    VersionMaxSize("cf-meld-version-max-size", cl::init(2000), cl::Hidden,
                   cl::desc("Largest region (instructions) that is versioned"));

static cl::opt<unsigned> VersionGrowth(
    "cf-meld-version-growth", cl::init(100), cl::Hidden,
    cl::desc("Instructions versioning may copy in a function, in percent of "
             "the function's instructions when melding starts"));

/// The name of the metadata on the branch of a versioned region.
static constexpr const char *VersionedMD = "cf-meld.versioned";

/// The function's budget, or the reason nothing in it can be versioned: a
/// function whose convergent operations are controlled by convergence
/// tokens cannot take the test's uncontrolled ballots.
void ControlFlowMelder::initVersionBudget() {
  uint64_t Size = 0;
  VersionBlocker = nullptr;
  for (BasicBlock &BB : F) {
    Size += BB.sizeWithoutDebug();
    for (Instruction &I : BB)
      if (isa<ConvergenceControlInst>(I))
        VersionBlocker = "the function uses convergence control tokens";
  }
  VersionBudget = Size * VersionGrowth / 100;
}

/// The blocks of \p R between its entry and its exit, in reverse
/// post-order, and their instruction count \p Size. Returns the reason the
/// region cannot be versioned, or null.
const char *
ControlFlowMelder::collectVersionBlocks(const DivergentRegion &R,
                                        SmallVectorImpl<BasicBlock *> &Blocks,
                                        uint64_t &Size) const {
  // The entry is split before its branch, and its predecessors' edges move
  // to the first half.
  if (R.Entry->hasAddressTaken() ||
      any_of(predecessors(R.Entry), [](BasicBlock *Pred) {
        return !isa<BranchInst, SwitchInst>(Pred->getTerminator());
      }))
    return "the block of the branch cannot be split";
  SmallPtrSet<BasicBlock *, 16> Inside;
  SmallVector<BasicBlock *, 16> Worklist(successors(R.Entry));
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    if (BB == R.Exit || !Inside.insert(BB).second)
      continue;
    // checkRegionBody has ruled out a path back to the entry.
    if (!DT->dominates(R.Entry, BB))
      return "a block of the region is entered from outside it";
    if (BB->hasAddressTaken() || BB->isEHPad() ||
        !isa<BranchInst, SwitchInst, UnreachableInst>(BB->getTerminator()))
      return "a block of the region cannot be copied";
    append_range(Worklist, successors(BB));
  }
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    if (Inside.contains(BB))
      Blocks.push_back(BB);
  // In reverse post-order, so that the reason reported is the same on every
  // run.
  Size = 0;
  for (BasicBlock *BB : Blocks) {
    Size += BB->sizeWithoutDebug();
    for (Instruction &I : *BB) {
      if (I.getType()->isTokenTy())
        return "the region defines a token";
      for (const Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        if (Inside.contains(User->getParent()))
          continue;
        auto *Phi = dyn_cast<PHINode>(User);
        if (!Phi || Phi->getParent() != R.Exit ||
            !Inside.contains(Phi->getIncomingBlock(U)))
          return "a value of the region is used after its exit";
      }
    }
  }
  return nullptr;
}

/// What the meld costed by \p Cost adds for one execution of \p R by a
/// wavefront whose lanes agree (see the file comment): the overhead of each
/// instruction alignment counts as often as such a wavefront runs its
/// melded block per entry into the region; the rest of the overhead (exit
/// selects, the inverted condition, the selects of interior branches) once.
uint64_t ControlFlowMelder::getOverheadPerEntry(const DivergentRegion &R,
                                                const MeldCandidate &Cand,
                                                const MeldCost &Cost) {
  auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
  double EntryFreq = BFI.getBlockFreq(R.Entry).getFrequency();
  if (EntryFreq == 0)
    return Cost.Overhead;
  uint64_t Once = Cost.Overhead;
  double PerEntry = 0;
  for (auto [Blocks, Added] :
       zip(getAlignedBlocks(Cand), Cost.AlignmentOverhead)) {
    Once -= Added;
    PerEntry += Added *
                (BFI.getBlockFreq(Blocks.True).getFrequency() +
                 BFI.getBlockFreq(Blocks.False).getFrequency()) /
                EntryFreq;
  }
  return Once + uint64_t(std::llround(PerEntry));
}

/// Version \p R before its meld \p Cand if the meld adds enough for a
/// wavefront whose lanes agree (see the file comment). Returns true if it
/// did; the region is then melded in a later round.
bool ControlFlowMelder::tryVersion(const DivergentRegion &R,
                                   const MeldCandidate &Cand,
                                   ArrayRef<InstrAlignment> Alignments) {
  unsigned TestCost = Target.getAgreementTestCost();
  auto *Br = cast<BranchInst>(R.Entry->getTerminator());
  if (!VersionRegions || TestCost == 0 || Br->getMetadata(VersionedMD))
    return false;
  MeldCost Cost = estimateCost(R, Cand, Alignments);
  uint64_t Added = getOverheadPerEntry(R, Cand, Cost);
  if (Added < uint64_t(VersionFactor) * TestCost)
    return false;
  SmallVector<BasicBlock *, 16> Blocks;
  uint64_t Size = 0;
  const char *Reason = VersionBlocker;
  if (!Reason)
    Reason = collectVersionBlocks(R, Blocks, Size);
  if (!Reason && Size > VersionMaxSize)
    Reason = "the region is too large to copy";
  if (!Reason && Size > VersionBudget)
    Reason = "the function's versioning budget is spent";
  if (Reason) {
    ORE.emit([&]() {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotVersioned", Br)
             << "region not versioned for agreeing lanes (its meld adds "
             << ore::NV("Added", Added)
             << " instructions per execution): " << Reason;
    });
    return false;
  }
  VersionBudget -= Size;
  NumInstrsVersioned += Size;
  ++NumRegionsVersioned;
  ORE.emit([&]() {
    return OptimizationRemark(DEBUG_TYPE, "Versioned", Br)
           << "region of " << ore::NV("Blocks", unsigned(Blocks.size()))
           << " blocks versioned: wavefronts whose lanes all take one side "
              "run a copy of it, for which melding would add "
           << ore::NV("Added", Added) << " instructions per execution";
  });
  versionRegion(R, Blocks);
  return true;
}

/// Copy \p Blocks, the region of \p R, for wavefronts whose lanes agree on
/// its condition, and test the agreement before its branch.
void ControlFlowMelder::versionRegion(const DivergentRegion &R,
                                      ArrayRef<BasicBlock *> Blocks) {
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Entry = R.Entry;
  auto *Br = cast<BranchInst>(Entry->getTerminator());
  std::string Prefix = Entry->hasName() ? (Entry->getName() + ".").str() : "";

  // The test goes where the branch was; the branch stays in Entry, alone.
  BasicBlock *NoneTest = Entry->splitBasicBlockBefore(Br, Prefix + "agree");
  BasicBlock *AllTest =
      BasicBlock::Create(Ctx, Prefix + "agree.all", &F, Entry);

  // The copy is entered from AllTest where the region is entered from
  // Entry; the false side's copy is then given NoneTest instead.
  ValueToValueMapTy VMap;
  VMap[Entry] = AllTest;
  SmallVector<BasicBlock *, 16> Copies;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".uniform", &F);
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, VMap);
  auto *TrueCopy = cast<BasicBlock>(VMap[Br->getSuccessor(0)]);
  auto *FalseCopy = cast<BasicBlock>(VMap[Br->getSuccessor(1)]);
  FalseCopy->replacePhiUsesWith(AllTest, NoneTest);
  for (PHINode &Phi : R.Exit->phis())
    for (unsigned In = 0, E = Phi.getNumIncomingValues(); In != E; ++In)
      if (Value *Pred = VMap.lookup(Phi.getIncomingBlock(In))) {
        Value *V = Phi.getIncomingValue(In);
        if (Value *Copy = VMap.lookup(V))
          V = Copy;
        Phi.addIncoming(V, cast<BasicBlock>(Pred));
      }

  NoneTest->getTerminator()->eraseFromParent();
  IRBuilder<> Builder(NoneTest);
  Builder.SetCurrentDebugLocation(Br->getDebugLoc());
  auto [NoneTrue, AllTrue] =
      Target.emitAgreementTest(Builder, Br->getCondition());
  Builder.CreateCondBr(NoneTrue, FalseCopy, AllTest);
  Builder.SetInsertPoint(AllTest);
  Builder.CreateCondBr(AllTrue, TrueCopy, Entry);
  Br->setMetadata(VersionedMD, MDNode::get(Ctx, {}));
}
