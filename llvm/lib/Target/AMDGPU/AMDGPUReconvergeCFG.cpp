//===- AMDGPUReconvergeCFG.cpp - Reconverging CFG for the AMDGPU backend --===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// The IR half of -amdgpu-cf-lowering=reconverge. It replaces FixIrreducible,
/// UnifyLoopExits, StructurizeCFG and SIAnnotateControlFlow for each function
/// it can handle, in two steps:
///
/// 1. ReconvergeCFG makes the CFG *reconverging*: every divergent conditional
///    branch gets a successor that post-dominates it, its *primary* successor
///    (the other one is the *secondary* successor). Uniform branches keep
///    their shape.
///
/// 2. Every divergent branch is annotated for instruction selection:
///
///      %r  = call {i1, iN} @llvm.amdgcn.if.iN(i1 %to.secondary)
///      %go = extractvalue {i1, iN} %r, 0
///      br i1 %go, label %secondary, label %primary
///
///    which selects to `SI_IF %to.secondary, %bb.primary`. The branch's false
///    successor is thus always the primary successor, and SI_IF's target
///    records it for the machine passes (SIInsertRejoinMasks builds the
///    rejoin masks from it; SILowerReconvergingCF lowers SI_IF to
///    `exec &= to.secondary; s_cbranch_execz primary`). The mask that
///    llvm.amdgcn.if returns is unused.
///
/// Before step 1, the uniform global loads of a kernel that no store can
/// clobber are marked !amdgpu.noclobber (annotateNoClobberLoads): on the
/// transformed CFG, with llvm.amdgcn.if in loop headers, MemorySSA would see
/// clobbers that no lane's execution has.
///
/// Between the two steps, values that lanes read after waiting at a primary
/// successor while the wave ran their definition again for other lanes are
/// made safe: a lane mask gets a per-lane copy in a VGPR
/// (keepLaneMaskPerLane), a uniform value is made divergent, and so kept in
/// a VGPR too (markKeptPerLane), a uniform phi's undef inputs its value
/// (rewriteUndefForParkedLanes). A phi at a primary successor where lanes
/// that went around a cycle meet lanes that did not is made divergent
/// (markDivergentRejoins): UniformityAnalysis keeps the iterations of a cycle
/// apart and takes it for uniform.
///
/// A function it cannot handle (pixel-shader exec-mask intrinsics, exotic
/// terminators, a divergent branch that is still not reconverging after
/// ReconvergeCFG's rounds, or a uniform value that waiting lanes would read
/// after the wave rewrote it) is structurized here instead, with a missed
/// remark, and later passes lower it the upstream way: the choice is per
/// function and is recorded in the "amdgpu-cf-lowering" attribute.
//
//===----------------------------------------------------------------------===//

#include "AMDGPU.h"
#include "AMDGPUNewPMAnalyses.h"
#include "AMDGPUReconvergingCF.h"
#include "GCNSubtarget.h"
#include "Utils/AMDGPUBaseInfo.h"
#include "Utils/AMDGPUMemoryUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/ReconvergeCFG.h"
#include "llvm/Transforms/Scalar/StructurizeCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/FixIrreducible.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/UnifyLoopExits.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "amdgpu-reconverge-cfg"

STATISTIC(NumReconverging, "Functions lowered with rejoin masks");
STATISTIC(NumFallbacks, "Functions left to the structurizing lowering");
STATISTIC(NumAnnotated, "Divergent branches annotated with llvm.amdgcn.if");
STATISTIC(NumSeparatedRejoins,
          "Flow blocks whose passing edges got a rejoin block of their own");
STATISTIC(NumUnparkedEntriesSeparated,
          "Primary successors that got a rejoin block apart from the edges "
          "on which no lanes wait for them");
STATISTIC(NumSplitLoopExits,
          "Critical uniform loop-exit edges split for their phi copies");
STATISTIC(NumCycleExitPhis,
          "Exit phis of irreducible cycles for values used after them");
STATISTIC(NumUndefIncomingsRewritten,
          "Undef phi inputs that a uniform phi's value replaces while lanes "
          "wait");
STATISTIC(NumRejoinedLaneBranches,
          "Divergent branches that send exactly the rejoined lanes on");
STATISTIC(NumNoClobberLoads,
          "Uniform global loads found unclobbered on the incoming CFG");
STATISTIC(NumUniformKeptPerLane,
          "Uniform values that waiting lanes read, made divergent");
STATISTIC(NumDivergentRejoins,
          "Phis made divergent where lanes rejoin from different iterations");
STATISTIC(NumLaneMasksKeptPerLane,
          "Lane masks that waiting lanes read, widened to a VGPR each");

/// Rounds of making values divergent or widening lane masks for the lanes
/// that wait at rejoins, before a function falls back. Each round starts
/// from the divergent branches the previous one added.
static constexpr unsigned MaxKeepRounds = 8;

static cl::opt<bool> EarlyNoClobber(
    "amdgpu-reconverge-cfg-early-noclobber", cl::Hidden, cl::init(true),
    cl::desc("Mark unclobbered uniform global loads of kernels with "
             "!amdgpu.noclobber on the CFG before it is made reconverging"));

bool llvm::usesReconvergingCF(const Function &F) {
  return F.getFnAttribute(CFLoweringAttr).getValueAsString() == "reconverge";
}

namespace {

/// An edge B -> P of a divergent branch to its primary successor P: the
/// lanes that take it wait for the wave at P.
using ParkedEdge = std::pair<const BasicBlock *, const BasicBlock *>;

/// A copy of a function's body, outside any module, that the function can go
/// back to: the fallback structurizes the code as it came in, not the
/// transformed code (the structurizer is not made for the CFGs ReconvergeCFG
/// produces).
class SavedBody {
  std::unique_ptr<Function> Copy;

public:
  explicit SavedBody(Function &F)
      : Copy(Function::Create(F.getFunctionType(), F.getLinkage(),
                              F.getAddressSpace(), F.getName())) {
    ValueToValueMapTy VMap;
    for (auto [From, To] : zip(F.args(), Copy->args()))
      VMap[&From] = &To;
    SmallVector<ReturnInst *, 4> Returns;
    CloneFunctionInto(Copy.get(), &F, VMap,
                      CloneFunctionChangeType::LocalChangesOnly, Returns);
  }
  ~SavedBody() { Copy->dropAllReferences(); }

  /// Replaces the body of \p F with the saved one.
  void restore(Function &F) {
    for (BasicBlock &BB : F)
      BB.dropAllReferences();
    while (!F.empty())
      F.begin()->eraseFromParent();
    F.splice(F.end(), Copy.get());
    for (auto [To, From] : zip(F.args(), Copy->args()))
      From.replaceAllUsesWith(&To);
  }
};

class AMDGPUReconvergeCFG : public FunctionPass {
  /// ReconvergeCFG and the structurizer are new-PM passes; built on the first
  /// function.
  std::unique_ptr<AMDGPUNewPMAnalyses> Analyses;

public:
  static char ID;
  AMDGPUReconvergeCFG() : FunctionPass(ID) {}

  StringRef getPassName() const override { return "AMDGPU reconverging CFG"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
  }
  bool runOnFunction(Function &F) override;
  bool doFinalization(Module &) override {
    Analyses.reset();
    return false;
  }

private:
  static const char *unsupportedReason(const Function &F);
  static void annotateNoClobberLoads(Function &F, FunctionAnalysisManager &FAM);
  void structurize(Function &F, FunctionAnalysisManager &FAM);
  static void annotate(Function &F, UniformityInfo &UI,
                       const PostDominatorTree &PDT, Type *MaskTy);
  static bool separateRejoins(Function &F, UniformityInfo &UI,
                              const PostDominatorTree &PDT);
  static bool separateUnparkedEntries(Function &F, UniformityInfo &UI,
                                      const PostDominatorTree &PDT);
  static bool splitUniformLoopExits(Function &F, UniformityInfo &UI,
                                    LoopInfo &LI);
  static bool closeIrreducibleCycles(CycleInfo &CI, const DominatorTree &DT);
  static const Instruction *
  findValueStaleAfterParking(Function &F, UniformityInfo &UI,
                             const PostDominatorTree &PDT, const CycleInfo &CI);
  static bool routesRejoinedLanes(const BasicBlock &BB, Value *ToSecondary,
                                  const DenseSet<ParkedEdge> &Parked);
  static void makeReconverging(Function &F, FunctionAnalysisManager &FAM);
  static std::optional<std::string>
  keepValuesOfWaitingLanes(Function &F, FunctionAnalysisManager &FAM,
                           OptimizationRemarkEmitter &ORE);
};

} // end anonymous namespace

char AMDGPUReconvergeCFG::ID = 0;

INITIALIZE_PASS_BEGIN(AMDGPUReconvergeCFG, DEBUG_TYPE,
                      "AMDGPU reconverging CFG", false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(AMDGPUReconvergeCFG, DEBUG_TYPE, "AMDGPU reconverging CFG",
                    false, false)

FunctionPass *llvm::createAMDGPUReconvergeCFGPass() {
  return new AMDGPUReconvergeCFG();
}

/// The reason the reconverging lowering does not take F, or null if it does.
/// Pixel shaders (whole quad mode: helper lanes for derivatives, kill,
/// demote), the exec-mask intrinsics that imply it, and hand-written
/// control-flow intrinsics need SIWholeQuadMode and SILowerControlFlow's view
/// of structured control flow. A pixel shader needs WQM for the implicit
/// derivatives of an image sample without any intrinsic saying so, and
/// SIWholeQuadMode can then place a rejoin mask's computation in an Exact
/// region, dropping helper lanes that leave a loop
/// (reconverge-wqm-exact-mask.ll), so every pixel shader falls back.
const char *AMDGPUReconvergeCFG::unsupportedReason(const Function &F) {
  for (const BasicBlock &BB : F) {
    const Instruction *T = BB.getTerminator();
    if (!isa<BranchInst, SwitchInst, ReturnInst, UnreachableInst>(T))
      return "it has a terminator other than br, switch, ret or unreachable";
    for (const Instruction &I : BB) {
      const auto *II = dyn_cast<IntrinsicInst>(&I);
      if (!II)
        continue;
      switch (II->getIntrinsicID()) {
      case Intrinsic::amdgcn_kill:
      case Intrinsic::amdgcn_wqm_demote:
      case Intrinsic::amdgcn_wqm:
      case Intrinsic::amdgcn_softwqm:
      case Intrinsic::amdgcn_strict_wqm:
      case Intrinsic::amdgcn_wqm_vote:
      case Intrinsic::amdgcn_live_mask:
      case Intrinsic::amdgcn_ps_live:
      case Intrinsic::amdgcn_init_exec:
      case Intrinsic::amdgcn_init_exec_from_input:
        return "it uses pixel-shader exec-mask intrinsics (kill, demote, "
               "WQM, init.exec)";
      case Intrinsic::amdgcn_if:
      case Intrinsic::amdgcn_else:
      case Intrinsic::amdgcn_if_break:
      case Intrinsic::amdgcn_loop:
      case Intrinsic::amdgcn_end_cf:
        return "it already contains control-flow intrinsics";
      default:
        break;
      }
    }
  }
  if (F.getCallingConv() == CallingConv::AMDGPU_PS)
    return "it is a pixel shader (whole quad mode needs structured control "
           "flow)";
  return nullptr;
}

/// The upstream preparation of a function for SIAnnotateControlFlow.
void AMDGPUReconvergeCFG::structurize(Function &F,
                                      FunctionAnalysisManager &FAM) {
  FAM.invalidate(F, FixIrreduciblePass().run(F, FAM));
  FAM.invalidate(F, UnifyLoopExitsPass().run(F, FAM));
  FAM.invalidate(F, StructurizeCFGPass().run(F, FAM));
}

/// Marks the uniform global loads of a kernel that no store in the kernel
/// can clobber with !amdgpu.noclobber, as AMDGPUAnnotateUniformValues does
/// later, but on the CFG as it comes in. Whether a store may run before a
/// load is a property of each lane's execution, which the transform keeps;
/// MemorySSA on the transformed CFG sees more paths (a flow block that
/// routes lanes back into a cycle makes a store after a load look like one
/// before it), so it would lose scalar loads that upstream's structurized CFG
/// keeps. The pointer's uniformity is left to AMDGPUAnnotateUniformValues,
/// on the transformed CFG: only uniform loads become scalar loads.
void AMDGPUReconvergeCFG::annotateNoClobberLoads(Function &F,
                                                 FunctionAnalysisManager &FAM) {
  if (!EarlyNoClobber || !AMDGPU::isEntryFunctionCC(F.getCallingConv()))
    return;
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  auto &MSSA = FAM.getResult<MemorySSAAnalysis>(F).getMSSA();
  auto &AA = FAM.getResult<AAManager>(F);
  LLVMContext &Ctx = F.getContext();
  for (Instruction &I : instructions(F)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || Load->getPointerAddressSpace() != AMDGPUAS::GLOBAL_ADDRESS ||
        Load->hasMetadata("amdgpu.noclobber") ||
        !UI.isUniform(Load->getPointerOperand()) ||
        AMDGPU::isClobberedInFunction(Load, &MSSA, &AA))
      continue;
    Load->setMetadata("amdgpu.noclobber", MDNode::get(Ctx, {}));
    ++NumNoClobberLoads;
  }
}

/// Replaces each conditional branch whose two edges lead to one block by an
/// unconditional branch, keeping one of the successor's phi entries for it.
/// Nothing folds such branches before this pass at -O0, and FixIrreducible
/// and StructurizeCFG, which the fallback runs, mishandle the duplicate phi
/// entries (they leave a phi with more entries than predecessors).
static bool foldSameSuccessorBranches(Function &F) {
  bool Changed = false;
  for (BasicBlock &BB : F) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) != Br->getSuccessor(1))
      continue;
    BasicBlock *Succ = Br->getSuccessor(0);
    Succ->removePredecessor(&BB, /*KeepOneInputPHIs=*/true);
    Value *Cond = Br->getCondition();
    BranchInst::Create(Succ, Br->getIterator());
    Br->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Cond);
    Changed = true;
  }
  return Changed;
}

/// The value of \p V on the edge from \p Pred into \p BB, if it is a
/// constant there: V is a phi of \p BB or a negation of one.
static std::optional<bool> valueOnEdge(Value *V, const BasicBlock &BB,
                                       const BasicBlock &Pred) {
  bool Negated = false;
  Value *Inner;
  while (match(V, m_Not(m_Value(Inner)))) {
    V = Inner;
    Negated = !Negated;
  }
  auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || Phi->getParent() != &BB)
    return std::nullopt;
  auto *C = dyn_cast<ConstantInt>(Phi->getIncomingValueForBlock(&Pred));
  if (!C)
    return std::nullopt;
  return C->isOne() != Negated;
}

/// True if \p ToSecondary, the condition of BB's divergent branch towards its
/// secondary successor, is true exactly for the lanes that reach BB on a
/// parked edge: the lanes that BB's rejoin gives back to the wave. The flow
/// blocks of ReconvergeCFG that split an if-then-else have this shape. Their
/// branch needs no condition of its own: SIInsertRejoinMasks uses BB's rejoin
/// mask instead, and the phi that ReconvergeCFG built for it dies.
bool AMDGPUReconvergeCFG::routesRejoinedLanes(
    const BasicBlock &BB, Value *ToSecondary,
    const DenseSet<ParkedEdge> &Parked) {
  bool AnyParked = false;
  for (const BasicBlock *Pred : predecessors(&BB)) {
    bool IsParked = Parked.contains({Pred, &BB});
    std::optional<bool> OnEdge = valueOnEdge(ToSecondary, BB, *Pred);
    if (!OnEdge || *OnEdge != IsParked)
      return false;
    AnyParked |= IsParked;
  }
  return AnyParked;
}

/// A divergent conditional branch that parks lanes: its block B, its primary
/// successor P (where the parked lanes wait) and its secondary successor S
/// (where the wave goes on with the other lanes).
struct ParkingBranch {
  BasicBlock *B, *P, *S;
};

/// Every divergent conditional branch with two successors, one of which
/// post-dominates it, in block order.
static SmallVector<ParkingBranch, 16>
findParkingBranches(Function &F, UniformityInfo &UI,
                    const PostDominatorTree &PDT) {
  SmallVector<ParkingBranch, 16> Branches;
  for (BasicBlock &B : F) {
    auto *Br = dyn_cast<BranchInst>(B.getTerminator());
    if (!Br || !Br->isConditional() || !UI.hasDivergentTerminator(B) ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    if (BasicBlock *P = getPrimarySuccessor(B, PDT))
      Branches.push_back(
          {&B, P, Br->getSuccessor(Br->getSuccessor(0) == P ? 1 : 0)});
  }
  return Branches;
}

/// The edges on which lanes arrive parked: each divergent branch's edge to
/// its primary successor.
static DenseSet<ParkedEdge> findParkedEdges(Function &F, UniformityInfo &UI,
                                            const PostDominatorTree &PDT) {
  DenseSet<ParkedEdge> Parked;
  for (const ParkingBranch &PB : findParkingBranches(F, UI, PDT))
    Parked.insert({PB.B, PB.P});
  return Parked;
}

/// True if every path from \p From enters \p F through one of the blocks
/// \p Into: no path from From reaches F from another block first.
static bool entersOnlyFrom(const BasicBlock &From, const BasicBlock &F,
                           const SmallPtrSetImpl<BasicBlock *> &Into) {
  SmallPtrSet<const BasicBlock *, 16> Seen{&F};
  SmallVector<const BasicBlock *, 16> Work{&From};
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    for (const BasicBlock *S : successors(B)) {
      if (S == &F && !Into.count(B))
        return false;
      if (Seen.insert(S).second)
        Work.push_back(S);
    }
  }
  return true;
}

/// A flow block F whose branch sends on the lanes that reached it on some of
/// its edges (condition true there) and lets the others pass (false there)
/// routes exactly its rejoined lanes (routesRejoinedLanes) if the true edges
/// are parked and the false ones are not. When a false edge is parked too (an
/// if-then nested in the then side of an if-then-else, which rejoins at the
/// same flow block), the false edges are routed through a new block J, which
/// becomes the primary successor of their parked sources: the nested if
/// rejoins at J, and F's branch needs no phi of its own. Only done where J
/// post-dominates those sources, so the CFG stays reconverging.
bool AMDGPUReconvergeCFG::separateRejoins(Function &F, UniformityInfo &UI,
                                          const PostDominatorTree &PDT) {
  DenseSet<ParkedEdge> Parked = findParkedEdges(F, UI, PDT);
  SmallVector<std::pair<BasicBlock *, SmallVector<BasicBlock *, 4>>, 4> Splits;
  for (BasicBlock &BB : F) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() || !UI.hasDivergentTerminator(BB) ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    BasicBlock *Primary = getPrimarySuccessor(BB, PDT);
    if (!Primary || BB.hasNPredecessorsOrMore(8))
      continue;
    // The lanes going to the secondary successor, per incoming edge.
    bool ToSecondaryIsTrue = Br->getSuccessor(0) != Primary;
    SmallVector<BasicBlock *, 4> FalsePreds;
    SmallPtrSet<BasicBlock *, 4> FalseSet, Preds;
    bool AnyTrue = false, FalseParked = false, Ok = true;
    for (BasicBlock *Pred : predecessors(&BB)) {
      std::optional<bool> V = valueOnEdge(Br->getCondition(), BB, *Pred);
      if (!V || !Preds.insert(Pred).second) {
        Ok = false;
        break;
      }
      bool ToSecondary = *V == ToSecondaryIsTrue;
      bool IsParked = Parked.contains({Pred, &BB});
      if (ToSecondary) {
        AnyTrue = true;
        Ok &= IsParked;
      } else {
        FalsePreds.push_back(Pred);
        FalseSet.insert(Pred);
        FalseParked |= IsParked;
      }
    }
    if (!Ok || !AnyTrue || !FalseParked || FalsePreds.size() < 2)
      continue;
    if (all_of(FalsePreds, [&](BasicBlock *Pred) {
          return !Parked.contains({Pred, &BB}) ||
                 entersOnlyFrom(*Pred, BB, FalseSet);
        }))
      Splits.push_back({&BB, FalsePreds});
  }
  for (auto &[BB, FalsePreds] : Splits) {
    SplitBlockPredecessors(BB, FalsePreds, ".rejoin");
    ++NumSeparatedRejoins;
  }
  return !Splits.empty();
}

/// The blocks the wave can run while lanes wait at \p P for the branches of
/// \p Sources, other than P: those on a path from a source to P that does not
/// go through P (SIInsertRejoinMasks' P* without P).
static SmallPtrSet<const BasicBlock *, 16>
findBlocksWhileParked(const BasicBlock &P,
                      ArrayRef<const BasicBlock *> Sources) {
  SmallPtrSet<const BasicBlock *, 16> Reached;
  SmallVector<const BasicBlock *, 16> Work;
  for (const BasicBlock *B : Sources)
    if (Reached.insert(B).second)
      Work.push_back(B);
  while (!Work.empty())
    for (const BasicBlock *S : successors(Work.pop_back_val()))
      if (S != &P && Reached.insert(S).second)
        Work.push_back(S);
  SmallPtrSet<const BasicBlock *, 16> OnPath;
  for (const BasicBlock *Pred : predecessors(&P))
    if (Reached.contains(Pred) && OnPath.insert(Pred).second)
      Work.push_back(Pred);
  while (!Work.empty())
    for (const BasicBlock *Pred : predecessors(Work.pop_back_val()))
      if (Reached.contains(Pred) && OnPath.insert(Pred).second)
        Work.push_back(Pred);
  return OnPath;
}

/// True if \p Term is a conditional branch on a phi of its own block or on a
/// negation of one, as a flow block's branch is.
static bool branchesOnOwnPhi(const Instruction &Term) {
  const auto *Br = dyn_cast<BranchInst>(&Term);
  if (!Br || !Br->isConditional())
    return false;
  Value *Cond = Br->getCondition(), *Inner;
  while (match(Cond, m_Not(m_Value(Inner))))
    Cond = Inner;
  const auto *Phi = dyn_cast<PHINode>(Cond);
  return Phi && Phi->getParent() == Term.getParent();
}

/// A primary successor P that the wave can also enter on an edge from
/// outside the blocks it runs while lanes wait at P (a uniform `continue`
/// to a loop latch that also rejoins an if in the loop body) needs its
/// rejoin mask set to zero on those edges, and rejoins, an OR into exec,
/// each time the wave passes. The edges from the blocks run while lanes
/// wait are routed through a new block J instead, which takes over P's
/// role for the branches that parked lanes there: J post-dominates them,
/// because every path from them reaches P, and first through one of those
/// edges. The wave then enters P on the other edges with nothing to rejoin,
/// and the rejoin mask is live only where lanes wait, as with upstream's
/// structurized end-cf blocks. A P whose divergent branch depends on a phi
/// of P is left alone: it may be a flow block that sends on exactly its
/// rejoined lanes (routesRejoinedLanes), which a new predecessor would hide.
bool AMDGPUReconvergeCFG::separateUnparkedEntries(
    Function &F, UniformityInfo &UI, const PostDominatorTree &PDT) {
  MapVector<BasicBlock *, SmallVector<const BasicBlock *, 4>> SourcesOf;
  for (const ParkingBranch &PB : findParkingBranches(F, UI, PDT))
    SourcesOf[PB.P].push_back(PB.B);
  SmallVector<std::pair<BasicBlock *, SmallVector<BasicBlock *, 4>>, 4> Splits;
  for (auto &[P, Sources] : SourcesOf) {
    if (P->isEHPad() || (UI.hasDivergentTerminator(*P) &&
                         branchesOnOwnPhi(*P->getTerminator())))
      continue;
    SmallPtrSet<const BasicBlock *, 16> WhileParked =
        findBlocksWhileParked(*P, Sources);
    SmallVector<BasicBlock *, 4> Inside;
    bool Outside = false;
    for (BasicBlock *Pred : predecessors(P)) {
      if (!WhileParked.contains(Pred))
        Outside = true;
      else if (!is_contained(Inside, Pred))
        Inside.push_back(Pred);
    }
    if (Outside && !Inside.empty() && all_of(Inside, [](BasicBlock *Pred) {
          return isa<BranchInst>(Pred->getTerminator());
        }))
      Splits.push_back({P, Inside});
  }
  for (auto &[P, Inside] : Splits) {
    SplitBlockPredecessors(P, Inside, ".rejoin");
    ++NumUnparkedEntriesSeparated;
  }
  return !Splits.empty();
}

/// Splits every critical edge that leaves a loop through a uniform branch
/// into a block with phis. AMDGPU requires a structured CFG, so the machine
/// code generator never splits critical edges (MachineBasicBlock::
/// canSplitCriticalEdge), and PHI elimination would put the copies for the
/// exit block's phis at the end of the exiting block, where every iteration
/// runs them. The structurizer's flow blocks happen to avoid that upstream;
/// ReconvergeCFG leaves uniform branches alone, so it is done here. Only
/// uniform branches are split: an edge of a divergent branch may lead to its
/// primary successor, which must stay its successor.
bool AMDGPUReconvergeCFG::splitUniformLoopExits(Function &F, UniformityInfo &UI,
                                                LoopInfo &LI) {
  SmallVector<std::pair<Instruction *, unsigned>, 8> Edges;
  for (BasicBlock &BB : F) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    const Loop *L = LI.getLoopFor(&BB);
    if (!Br || !Br->isConditional() || !L || UI.hasDivergentTerminator(BB))
      continue;
    for (unsigned I = 0; I != 2; ++I) {
      BasicBlock *Exit = Br->getSuccessor(I);
      if (!L->contains(Exit) && isa<PHINode>(Exit->begin()) &&
          isCriticalEdge(Br, I))
        Edges.push_back({Br, I});
    }
  }
  for (auto [Br, I] : Edges)
    if (SplitCriticalEdge(Br, I,
                          CriticalEdgeSplittingOptions().setPreserveLCSSA()))
      ++NumSplitLoopExits;
  return !Edges.empty();
}

/// Gives \p I, defined in cycle \p C, a phi in each exit block of C that
/// an edge from C carries it to, and makes its uses outside C use those.
static bool closeValue(Instruction &I, const Cycle &C,
                       ArrayRef<BasicBlock *> Exits, const DominatorTree &DT) {
  if (I.getType()->isVoidTy() || I.getType()->isTokenTy())
    return false;
  SmallVector<Use *, 4> Outside;
  for (Use &U : I.uses()) {
    auto *User = cast<Instruction>(U.getUser());
    BasicBlock *At = User->getParent();
    if (auto *Phi = dyn_cast<PHINode>(User))
      At = Phi->getIncomingBlock(U);
    if (!C.contains(At))
      Outside.push_back(&U);
  }
  if (Outside.empty())
    return false;
  SSAUpdater Updater;
  Updater.Initialize(I.getType(), I.getName());
  Updater.AddAvailableValue(I.getParent(), &I);
  SmallVector<PHINode *, 4> Phis;
  for (BasicBlock *Exit : Exits) {
    if (none_of(predecessors(Exit), [&](BasicBlock *Pred) {
          return C.contains(Pred) && DT.dominates(I.getParent(), Pred);
        }))
      continue;
    PHINode *Phi =
        PHINode::Create(I.getType(), pred_size(Exit), I.getName() + ".exit");
    Phi->insertBefore(Exit->begin());
    Updater.AddAvailableValue(Exit, Phi);
    Phis.push_back(Phi);
  }
  DenseMap<BasicBlock *, PHINode *> PhiIn;
  for (PHINode *Phi : Phis) {
    PhiIn[Phi->getParent()] = Phi;
    for (BasicBlock *Pred : predecessors(Phi->getParent()))
      Phi->addIncoming(Updater.GetValueAtEndOfBlock(Pred), Pred);
  }
  for (Use *U : Outside) {
    // The updater's values are those at the end of their blocks: in an exit
    // block itself, the value is the phi.
    auto *User = cast<Instruction>(U->getUser());
    if (PHINode *Phi = PhiIn.lookup(User->getParent());
        Phi && !isa<PHINode>(User))
      U->set(Phi);
    else
      Updater.RewriteUse(*U);
  }
  NumCycleExitPhis += Phis.size();
  return true;
}

/// Gives every value an irreducible cycle defines and code after the cycle
/// uses a phi in the cycle's exit blocks: loop-closed SSA, which the LCSSA
/// pass that runs next forms for natural loops only (upstream, FixIrreducible
/// has made every cycle a natural loop by then; ReconvergeCFG does not).
/// When the cycle has a divergent exit, lanes leave it in different
/// iterations, and each must see the value of its own last iteration.
/// UniformityAnalysis marks such exit phis divergent, so each gets a VGPR
/// that the lanes write on their way out. Without the phi, a value that is
/// uniform inside the cycle lives in an SGPR, and a lane that left early
/// reads the value of the wave's last iteration.
bool AMDGPUReconvergeCFG::closeIrreducibleCycles(CycleInfo &CI,
                                                 const DominatorTree &DT) {
  bool Changed = false;
  SmallVector<const Cycle *, 8> Worklist(CI.toplevel_cycles());
  while (!Worklist.empty()) {
    const Cycle *C = Worklist.pop_back_val();
    append_range(Worklist, C->children());
    if (C->isReducible())
      continue;
    SmallVector<BasicBlock *, 4> Exits;
    C->getExitBlocks(Exits);
    for (BasicBlock *BB : C->blocks())
      for (Instruction &I : *BB)
        Changed |= closeValue(I, *C, Exits, DT);
  }
  return Changed;
}

/// The blocks reachable from \p From without passing \p Avoid (From
/// included unless it is Avoid).
static SmallPtrSet<const BasicBlock *, 32>
reachableAvoiding(const BasicBlock *From, const BasicBlock *Avoid) {
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Work;
  if (From != Avoid && Seen.insert(From).second)
    Work.push_back(From);
  while (!Work.empty())
    for (const BasicBlock *Succ : successors(Work.pop_back_val()))
      if (Succ != Avoid && Seen.insert(Succ).second)
        Work.push_back(Succ);
  return Seen;
}

/// The blocks from which \p To is reachable, \p To included.
static SmallPtrSet<const BasicBlock *, 32>
reachingBlocks(const BasicBlock *To) {
  SmallPtrSet<const BasicBlock *, 32> Seen{To};
  SmallVector<const BasicBlock *, 16> Work{To};
  while (!Work.empty())
    for (const BasicBlock *Pred : predecessors(Work.pop_back_val()))
      if (Seen.insert(Pred).second)
        Work.push_back(Pred);
  return Seen;
}

/// Whether \p I is a lane mask once lowered: one bit per lane in an SGPR,
/// which the wave writes whole.
static bool isLaneMask(const Instruction &I) {
  return I.getType()->isIntOrIntVectorTy(1);
}

/// Whether the lanes of a wave keep their own copy of \p I while they wait:
/// a divergent value that is not a lane mask lives in a VGPR, whose lanes
/// only change while they are active. A uniform value (an SGPR) and a lane
/// mask (a VALU compare clears the bits of inactive lanes) do not.
static bool isKeptPerLane(const Instruction &I, UniformityInfo &UI) {
  return UI.isDivergent(&I) && !isLaneMask(I);
}

/// The one value other than undef that \p Phi merges, or null if it merges
/// two (its own value, on a back edge, does not count).
static Value *uniqueDefinedIncoming(const PHINode &Phi) {
  Value *Unique = nullptr;
  for (Value *V : Phi.incoming_values()) {
    if (V == &Phi || isa<UndefValue>(V))
      continue;
    if (Unique && V != Unique)
      return nullptr;
    Unique = V;
  }
  return Unique;
}

/// UniformityAnalysis takes a phi that merges one value V with undef to be
/// uniform even at a join of divergent paths (a "contracted undef": the lanes
/// that bring undef may as well see V), so the phi gets one SGPR. PHI
/// elimination writes it at the end of each predecessor that brings V and
/// leaves it dead in each one that brings undef. Lanes that bring V on a
/// parked edge B -> P wait at P while the wave runs the blocks B's secondary
/// successor reaches without passing P; a predecessor of P among those that
/// brings undef may reuse the register, and the parked lanes then read
/// whatever it put there. Each such undef becomes V, which keeps V, and with
/// it the phi's register, live wherever the wave runs while the lanes wait.
/// This is "pattern B" of upstream's AMDGPURewriteUndefForPHI, which only
/// knows the structurized CFG; there the wave runs a predecessor after the
/// lanes park only if the parking block dominates it, which a reconverging
/// CFG does not guarantee. Returns a phi whose V is not available in such a
/// predecessor (the caller falls back), or null.
static const PHINode *rewriteUndefForParkedLanes(Function &F,
                                                 UniformityInfo &UI,
                                                 const PostDominatorTree &PDT,
                                                 const DominatorTree &DT) {
  DenseSet<ParkedEdge> Parked = findParkedEdges(F, UI, PDT);
  for (BasicBlock &P : F) {
    for (PHINode &Phi : P.phis()) {
      Value *V = uniqueDefinedIncoming(Phi);
      if (!V || UI.isDivergent(&Phi))
        continue;
      // The blocks the wave runs while lanes that bring V wait at P.
      SmallPtrSet<const BasicBlock *, 32> RunWhileParked;
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
        BasicBlock *B = Phi.getIncomingBlock(I);
        if (Phi.getIncomingValue(I) != V || !Parked.contains({B, &P}))
          continue;
        auto *Br = cast<BranchInst>(B->getTerminator());
        BasicBlock *S = Br->getSuccessor(Br->getSuccessor(0) == &P ? 1 : 0);
        SmallPtrSet<const BasicBlock *, 32> Run = reachableAvoiding(S, &P);
        RunWhileParked.insert(Run.begin(), Run.end());
      }
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
        BasicBlock *U = Phi.getIncomingBlock(I);
        if (!isa<UndefValue>(Phi.getIncomingValue(I)) ||
            !RunWhileParked.count(U))
          continue;
        auto *Def = dyn_cast<Instruction>(V);
        if (Def && !DT.dominates(Def->getParent(), U))
          return &Phi;
        Phi.setIncomingValue(I, V);
        ++NumUndefIncomingsRewritten;
      }
    }
  }
  return nullptr;
}

/// \p V as an operand in remarks, e.g. "%x".
static std::string getOperandName(const Value &V) {
  std::string Name;
  raw_string_ostream OS(Name);
  V.printAsOperand(OS, /*PrintType=*/false);
  return Name;
}

/// Makes \p I divergent for every later uniformity query (KeptPerLaneMD), so
/// that each lane keeps its own copy in a VGPR.
static void markKeptPerLane(Instruction &I) {
  I.setMetadata(KeptPerLaneMD, MDNode::get(I.getContext(), {}));
}

/// Whether markKeptPerLane can make \p I divergent: a value that a VGPR can
/// hold. Uniform lane masks (i1) become divergent lane masks, which a later
/// step may widen.
static bool isMarkableKeptPerLane(const Instruction &I) {
  Type *T = I.getType()->getScalarType();
  return T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy();
}

/// UniformityAnalysis finds the joins of a divergent branch cycle by cycle:
/// a path that leaves the branch's cycle and comes back in through its
/// header counts as a later iteration, not as a join. In a reconverging CFG
/// the lanes that take such a path meet the lanes parked at the primary
/// successor in the same visit. A phi there that brings different values
/// from the two sides is then divergent, although UniformityAnalysis takes it
/// for uniform (and instruction selection would give it one SGPR, or branch
/// on it uniformly). Returns such a phi and the divergent branch's block, or
/// nulls.
static std::pair<PHINode *, const BasicBlock *>
findUniformPhiAtDivergentJoin(Function &F, UniformityInfo &UI,
                              const PostDominatorTree &PDT) {
  for (auto [B, P, S] : findParkingBranches(F, UI, PDT)) {
    // The predecessors of P on the paths from B: lanes that come along them
    // meet at P in one visit.
    SmallPtrSet<const BasicBlock *, 32> Run = reachableAvoiding(S, P);
    Run.insert(B);
    for (PHINode &Phi : P->phis()) {
      if (UI.isDivergent(&Phi))
        continue;
      Value *Seen = nullptr;
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
        Value *V = Phi.getIncomingValue(I);
        if (V == &Phi || isa<UndefValue>(V) ||
            !Run.count(Phi.getIncomingBlock(I)))
          continue;
        if (Seen && V != Seen)
          return {&Phi, B};
        Seen = V;
      }
    }
  }
  return {nullptr, nullptr};
}

/// Marks each phi that findUniformPhiAtDivergentJoin finds with
/// KeptPerLaneMD, which makes it divergent, and recomputes uniformity
/// after each: its users, branches included, may become divergent and give
/// other joins. Each round marks one more phi, so this terminates. Returns
/// whether it marked any.
static bool markDivergentRejoins(Function &F, FunctionAnalysisManager &FAM,
                                 OptimizationRemarkEmitter &ORE) {
  bool Changed = false;
  for (;;) {
    auto [Phi, B] = findUniformPhiAtDivergentJoin(
        F, FAM.getResult<UniformityInfoAnalysis>(F),
        FAM.getResult<PostDominatorTreeAnalysis>(F));
    if (!Phi)
      return Changed;
    markKeptPerLane(*Phi);
    ORE.emit([&, Phi = Phi, B = B] {
      return OptimizationRemark(DEBUG_TYPE, "DivergentRejoin", Phi)
             << "lanes from both sides of the divergent branch in "
             << getOperandName(*B) << " rejoin at "
             << getOperandName(*Phi->getParent())
             << " from different iterations of a cycle: the phi "
             << getOperandName(*Phi) << " is divergent";
    });
    ++NumDivergentRejoins;
    Changed = true;
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    FAM.invalidate(F, PA);
  }
}

/// Whether keepLaneMaskPerLane can give the lanes their own copy of \p I: a
/// divergent i1, whose zero extension is a divergent i32 (a VGPR), used
/// outside its block (uses inside stay).
static bool isWidenableLaneMask(const Instruction &I, UniformityInfo &UI) {
  const BasicBlock *D = I.getParent();
  auto IsOutside = [D](const Use &U) {
    if (auto *Phi = dyn_cast<PHINode>(U.getUser()))
      return Phi->getIncomingBlock(U) != D;
    return cast<Instruction>(U.getUser())->getParent() != D;
  };
  return I.getType()->isIntegerTy(1) && UI.isDivergent(&I) &&
         any_of(I.uses(), IsOutside);
}

/// Replaces the lane-mask phi \p Phi by an i32 phi of its zero-extended
/// inputs, compared with zero: the inputs then travel in a VGPR. \p I, an
/// input, is already extended (\p Wide). The other inputs are extended at
/// the end of their incoming blocks.
static void widenLaneMaskPhi(PHINode &Phi, const Instruction &I, Value *Wide) {
  IRBuilder<> B(&Phi);
  PHINode *WidePhi = B.CreatePHI(B.getInt32Ty(), Phi.getNumIncomingValues(),
                                 Phi.getName() + ".lane");
  auto Extend = [&](Value *V, BasicBlock *In) -> Value * {
    if (V == &I)
      return Wide;
    if (V == &Phi)
      return WidePhi;
    if (isa<PoisonValue>(V))
      return PoisonValue::get(B.getInt32Ty());
    if (auto *C = dyn_cast<ConstantInt>(V))
      return B.getInt32(C->getZExtValue());
    if (isa<UndefValue>(V))
      return B.getInt32(0);
    B.SetInsertPoint(In->getTerminator());
    return B.CreateZExt(V, B.getInt32Ty(), V->getName() + ".lane");
  };
  // A block may come in more than once; it must bring one value.
  SmallDenseMap<BasicBlock *, Value *, 4> Extended;
  for (auto [V, In] : zip(Phi.incoming_values(), Phi.blocks())) {
    Value *&W = Extended[In];
    if (!W)
      W = Extend(V, In);
    WidePhi->addIncoming(W, In);
  }
  B.SetInsertPoint(Phi.getParent(), Phi.getParent()->getFirstInsertionPt());
  Value *Cmp = B.CreateICmpNE(WidePhi, B.getInt32(0));
  Cmp->takeName(&Phi);
  Phi.replaceAllUsesWith(Cmp);
  Phi.eraseFromParent();
}

/// Makes the lanes keep their own copy of the divergent lane mask \p I while
/// they wait: \p I is zero-extended to an i32 (a VGPR) right after its
/// definition, each other use of \p I outside its block compares that i32
/// with zero where it is, and each phi that takes \p I from outside its
/// block becomes an i32 phi (widenLaneMaskPhi). A compare in the incoming
/// block instead would not do: SILowerI1Copies merges the inputs of a
/// lane-mask phi before the compare of the block's uniform branch, which
/// instruction selection may put first. Uses in \p I's own block run right
/// after it, for the same lanes, and stay.
static void keepLaneMaskPerLane(Instruction &I) {
  BasicBlock *D = I.getParent();
  IRBuilder<> B(isa<PHINode>(I) ? &*D->getFirstInsertionPt() : I.getNextNode());
  Value *Wide = B.CreateZExt(&I, B.getInt32Ty(), I.getName() + ".lane");
  SmallSetVector<PHINode *, 4> Phis;
  for (Use &U : make_early_inc_range(I.uses())) {
    auto *User = cast<Instruction>(U.getUser());
    if (auto *Phi = dyn_cast<PHINode>(User)) {
      if (Phi->getIncomingBlock(U) != D)
        Phis.insert(Phi);
      continue;
    }
    if (User == Wide || User->getParent() == D)
      continue;
    B.SetInsertPoint(User);
    U.set(B.CreateICmpNE(Wide, B.getInt32(0), I.getName() + ".rejoined"));
  }
  for (PHINode *Phi : Phis)
    widenLaneMaskPhi(*Phi, I, Wide);
  ++NumLaneMasksKeptPerLane;
}

/// Lanes that a divergent branch B parks for its primary successor P wait
/// there while the wave runs the blocks its secondary successor reaches
/// without passing P. When those include a block D that the parked lanes
/// ran before (D reaches B, perhaps through P), the wave runs D again
/// for the other lanes, and a value of D that the parked lanes read after P
/// is overwritten unless each lane keeps its own copy (isKeptPerLane). Where
/// a cycle contains D but not P, the parked lanes left it through one of its
/// exits, and the exit phis that closeIrreducibleCycles and LCSSA give such
/// values keep them per lane (UniformityAnalysis marks them divergent), but
/// for lane masks: the exit phi of an i1 is a lane mask too, which the wave
/// writes again when it leaves the cycle again for other lanes.
/// A use is at risk if a rejoined lane can reach it from P without running D
/// again; a use in a uniform phi of P always is (the phi is one SGPR, which
/// the wave writes again when it runs the edge into P for other lanes).
/// Returns the first value left at risk, or null. Upstream's
/// structurized CFG never parks lanes across the back edge of a cycle that
/// contains the rejoin, so this has no upstream counterpart.
const Instruction *
AMDGPUReconvergeCFG::findValueStaleAfterParking(Function &F, UniformityInfo &UI,
                                                const PostDominatorTree &PDT,
                                                const CycleInfo &CI) {
  for (auto [B, P, S] : findParkingBranches(F, UI, PDT)) {
    SmallPtrSet<const BasicBlock *, 32> RunWhileParked =
        reachableAvoiding(S, P);
    // The parked lanes can have run only blocks that reach B.
    SmallPtrSet<const BasicBlock *, 32> RanBefore = reachingBlocks(B);
    // In function order: the value found first is the one kept per lane
    // next, which decides the phis the next round adds.
    for (const BasicBlock &DRef : F) {
      const BasicBlock *D = &DRef;
      if (!RunWhileParked.count(D) || !RanBefore.count(D))
        continue;
      const Cycle *C = CI.getCycle(D);
      while (C && C->contains(P))
        C = C->getParentCycle();
      // The parked lanes left D's cycle C, which P is not in, through exit
      // phis: only lane masks are at risk.
      bool LeftCycle = C;
      // Where the rejoined lanes can get without running D again.
      std::optional<SmallPtrSet<const BasicBlock *, 32>> Stale;
      for (const Instruction &I : *D) {
        if (I.getType()->isVoidTy() ||
            (LeftCycle ? !isLaneMask(I) : isKeptPerLane(I, UI)))
          continue;
        for (const Use &U : I.uses()) {
          auto *User = cast<Instruction>(U.getUser());
          const BasicBlock *At = User->getParent();
          if (auto *Phi = dyn_cast<PHINode>(User)) {
            // A divergent phi of P is copied per lane on the edge, before
            // any lane waits. A uniform one is one SGPR, which the wave
            // writes again when it runs the edge for other lanes.
            if (At == P && UI.isDivergent(Phi))
              continue;
            if (At != P)
              At = Phi->getIncomingBlock(U);
          }
          if (At == D)
            continue; // Runs after the definition, for the same lanes.
          if (!Stale)
            Stale = reachableAvoiding(P, D);
          if (Stale->count(At))
            return &I;
        }
      }
    }
  }
  return nullptr;
}

/// Rewrites every divergent conditional branch into the llvm.amdgcn.if form
/// of the file comment. Requires a reconverging CFG. A branch whose condition
/// is "the lane was parked for this block" (routesRejoinedLanes) gets
/// !amdgpu.rejoined.lanes metadata for SIInsertRejoinMasks.
/// The negation of the condition \p Cond of \p Br. For a condition defined
/// by an instruction, one `not` right after the definition, which every
/// branch that negates Cond shares (as StructurizeCFG's invert() does): a
/// compare that branches in several blocks read (GVN merges `tx > m` of two
/// unrolled loops over m) then becomes one inverted compare where it is
/// defined, instead of a lane mask kept for the other blocks and negated in
/// each of them.
static Value *getSharedNegation(Value *Cond, BranchInst &Br,
                                DenseMap<Value *, Value *> &Negations) {
  auto *Def = dyn_cast<Instruction>(Cond);
  if (!Def)
    return IRBuilder<>(&Br).CreateNot(Cond, "to.secondary");
  Value *&Not = Negations[Cond];
  if (!Not) {
    BasicBlock::iterator At = isa<PHINode>(Def)
                                  ? Def->getParent()->getFirstInsertionPt()
                                  : std::next(Def->getIterator());
    Not = IRBuilder<>(Def->getParent(), At).CreateNot(Cond, "to.secondary");
  }
  return Not;
}

void AMDGPUReconvergeCFG::annotate(Function &F, UniformityInfo &UI,
                                   const PostDominatorTree &PDT, Type *MaskTy) {
  Module &M = *F.getParent();
  Function *If = Intrinsic::getDeclaration(&M, Intrinsic::amdgcn_if, {MaskTy});
  SmallVector<std::pair<BranchInst *, BasicBlock *>, 16> Divergent;
  DenseSet<ParkedEdge> Parked = findParkedEdges(F, UI, PDT);
  for (BasicBlock &BB : F) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() || !UI.hasDivergentTerminator(BB))
      continue;
    assert(Br->getSuccessor(0) != Br->getSuccessor(1) &&
           "foldSameSuccessorBranches left a branch with one successor");
    BasicBlock *Primary = getPrimarySuccessor(BB, PDT);
    assert(Primary && "annotating a CFG that is not reconverging");
    Divergent.push_back({Br, Primary});
  }
  DenseMap<Value *, Value *> Negations;
  for (auto [Br, Primary] : Divergent) {
    IRBuilder<> B(Br);
    Value *ToSecondary = Br->getCondition();
    if (Br->getSuccessor(0) == Primary) {
      ToSecondary = getSharedNegation(ToSecondary, *Br, Negations);
      Br->swapSuccessors();
    }
    if (routesRejoinedLanes(*Br->getParent(), ToSecondary, Parked)) {
      Br->setMetadata(RejoinedLanesMD, MDNode::get(F.getContext(), {}));
      ++NumRejoinedLaneBranches;
    }
    Value *Ret = B.CreateCall(If, {ToSecondary});
    Br->setCondition(B.CreateExtractValue(Ret, {0}, "go"));
    ++NumAnnotated;
  }
}

/// Runs ReconvergeCFG and the refinements of the CFG that follow it (see
/// the file comment), invalidating the analyses each change affects.
void AMDGPUReconvergeCFG::makeReconverging(Function &F,
                                           FunctionAnalysisManager &FAM) {
  FAM.invalidate(F, ReconvergeCFGPass().run(F, FAM));
  if (separateRejoins(F, FAM.getResult<UniformityInfoAnalysis>(F),
                      FAM.getResult<PostDominatorTreeAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
  if (separateUnparkedEntries(F, FAM.getResult<UniformityInfoAnalysis>(F),
                              FAM.getResult<PostDominatorTreeAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
  if (splitUniformLoopExits(F, FAM.getResult<UniformityInfoAnalysis>(F),
                            FAM.getResult<LoopAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
  if (closeIrreducibleCycles(FAM.getResult<CycleAnalysis>(F),
                             FAM.getResult<DominatorTreeAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
}

/// Whether every divergent branch of F has a post-dominating successor.
static bool isReconverging(Function &F, FunctionAnalysisManager &FAM) {
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  return findReconvergenceViolations(
             F, FAM.getResult<PostDominatorTreeAnalysis>(F),
             [&](const BasicBlock &BB) {
               return UI.hasDivergentTerminator(BB);
             })
      .empty();
}

/// Gives the value I, which lanes waiting for a rejoin inside a cycle would
/// read after the wave ran it again for other lanes, a copy per lane: a
/// lane mask is widened to a VGPR, a uniform value marked kept per lane.
/// Returns why that is not possible.
static std::optional<std::string>
keepStaleValuePerLane(Instruction &I, UniformityInfo &UI,
                      OptimizationRemarkEmitter &ORE) {
  if (isWidenableLaneMask(I, UI)) {
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "LaneMaskKeptPerLane", &I)
             << "lanes waiting for a rejoin inside a cycle keep their own "
                "copy of the lane mask "
             << getOperandName(I) << " in a VGPR";
    });
    keepLaneMaskPerLane(I);
    return std::nullopt;
  }
  if (UI.isUniform(&I) && isMarkableKeptPerLane(I)) {
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "UniformKeptPerLane", &I)
             << "lanes waiting for a rejoin inside a cycle keep their own "
                "copy of "
             << getOperandName(I)
             << ", which the wave computes again for other lanes";
    });
    markKeptPerLane(I);
    ++NumUniformKeptPerLane;
    return std::nullopt;
  }
  return "lanes waiting for a rejoin inside a cycle would read " +
         getOperandName(I) + " after other lanes ran it again";
}

/// Makes the values that lanes waiting for a rejoin read keep their lanes'
/// values: divergent rejoins marked, undef inputs of uniform phis rewritten,
/// stale values kept per lane. Each round keeps the CFG and makes values
/// divergent or widens lane masks; the divergent branches that this adds
/// must be reconverging too, and their joins give the next round its work.
/// Returns why F must fall back, if it must.
std::optional<std::string> AMDGPUReconvergeCFG::keepValuesOfWaitingLanes(
    Function &F, FunctionAnalysisManager &FAM, OptimizationRemarkEmitter &ORE) {
  for (unsigned Round = 0;; ++Round) {
    if (Round == MaxKeepRounds)
      return "values that waiting lanes read still change after " +
             std::to_string(MaxKeepRounds) + " rounds";
    bool Changed = markDivergentRejoins(F, FAM, ORE);
    if (const PHINode *Phi = rewriteUndefForParkedLanes(
            F, FAM.getResult<UniformityInfoAnalysis>(F),
            FAM.getResult<PostDominatorTreeAnalysis>(F),
            FAM.getResult<DominatorTreeAnalysis>(F)))
      return "lanes waiting for a rejoin would read the uniform phi " +
             getOperandName(*Phi) +
             ", whose value the wave cannot keep meanwhile";
    // Each widening leaves the lane mask used in its own block only (a mask
    // without other uses falls back); the compares it adds are used where
    // they are, or replace a lane-mask phi, of which there are fewer each
    // time. Each marking makes one more value divergent. So this terminates.
    while (const Instruction *Stale = findValueStaleAfterParking(
               F, FAM.getResult<UniformityInfoAnalysis>(F),
               FAM.getResult<PostDominatorTreeAnalysis>(F),
               FAM.getResult<CycleAnalysis>(F))) {
      if (auto Why = keepStaleValuePerLane(
              *const_cast<Instruction *>(Stale),
              FAM.getResult<UniformityInfoAnalysis>(F), ORE))
        return Why;
      Changed = true;
      PreservedAnalyses PA;
      PA.preserveSet<CFGAnalyses>();
      FAM.invalidate(F, PA);
    }
    if (!Changed)
      return std::nullopt;
    if (!isReconverging(F, FAM))
      return "a branch on a value that waiting lanes keep per lane is "
             "divergent and not reconverging";
  }
}

bool AMDGPUReconvergeCFG::runOnFunction(Function &F) {
  // No skipFunction(): optnone functions need a lowering, too.
  if (F.isDeclaration())
    return false;
  auto &TM = getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
  const GCNSubtarget &ST = TM.getSubtarget<GCNSubtarget>(F);
  OptimizationRemarkEmitter ORE(&F);
  if (!Analyses)
    Analyses = std::make_unique<AMDGPUNewPMAnalyses>(TM);
  auto Release = Analyses->releaseOnExit(F);
  FunctionAnalysisManager &FAM = Analyses->getFAM();

  std::optional<SavedBody> Original;
  auto FallBack = [&](const Twine &Why) {
    ++NumFallbacks;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "Structurized", &F)
             << "divergent control flow is structurized: " << Why.str();
    });
    if (Original) {
      Original->restore(F);
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    structurize(F, FAM);
    return true;
  };

  if (const char *Why = unsupportedReason(F))
    return FallBack(Why);
  if (foldSameSuccessorBranches(F))
    FAM.invalidate(F, PreservedAnalyses::none());
  Original.emplace(F);

  annotateNoClobberLoads(F, FAM);
  makeReconverging(F, FAM);
  if (!isReconverging(F, FAM))
    return FallBack("a divergent branch is still not reconverging after "
                    "reconverge-cfg");
  if (auto Why = keepValuesOfWaitingLanes(F, FAM, ORE))
    return FallBack(*Why);

  Type *MaskTy = ST.isWave32() ? Type::getInt32Ty(F.getContext())
                               : Type::getInt64Ty(F.getContext());
  annotate(F, FAM.getResult<UniformityInfoAnalysis>(F),
           FAM.getResult<PostDominatorTreeAnalysis>(F), MaskTy);
  F.addFnAttr(CFLoweringAttr, "reconverge");
  ++NumReconverging;
  return true;
}
