//===- AMDGPULaneAffineAddress.cpp - Scalar base + lane offset -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Addresses lane-affine global memory accesses as a scalar base plus a 32-bit
// lane offset, the consumer of the affine analysis of Lee et al. (CGO 2013,
// section 3.5) on AMDGPU.
//
// A global access whose address is divergent is computed by upstream as a
// 64-bit per-lane address: two VGPRs, and per access a 64-bit add (v_add_co +
// v_addc), often a sign extension (v_ashrrev) and a broadcast of the base's
// high half (v_mov). When the address is
//
//   Base + C * tid.x        (C a positive constant, tid.x the work-item id)
//
// with Base uniform, the access can instead use the SADDR form of the global
// instructions (global_load_dword vDst, vOffset, s[Base:Base+1]): the base in
// an SGPR pair, computed by the SALU, and one 32-bit VGPR holding C * tid.x,
// computed once per kernel. The lane-redundant high halves disappear.
//
// The pass rewrites the pointer operand P of a load or store to
//
//   getelementptr i8, ptr addrspace(1) <Base expanded>, i64 zext(C * tid.x)
//
// which instruction selection matches as SADDR + VADDR. The rewrite is exact:
// ScalarEvolution says P = Base + C * tid.x as 64-bit modular arithmetic, and
// C * tid.x fits in 32 bits unsigned (the pass checks C times the largest
// work-item id), so the zero extension loses nothing. It never changes the
// address an access uses, only how it is computed.
//
// Base is *uniform at the access* if every value it reads is uniform for
// UniformityAnalysis and defined outside every loop that does not contain the
// access (so no temporal divergence: a value a loop with a divergent exit
// passes out differs between lanes that left in different iterations), and
// every recurrence in it belongs to a loop containing the access (the active
// lanes of a loop are all in the same iteration). This is the affine analysis
// of ConvergenceVarianceAnalysis asked at the access rather than over the
// whole function: Lee's rule that every value of a divergent block is variant
// would lose the loops with divergent exits, where most lane-affine accesses
// are. Values only ConvergenceVarianceAnalysis proves uniform reach it as
// readfirstlane results (AMDGPUInvariantReadFirstLane, which runs first).
//
// The address is ScalarEvolution's expression, constants distributed over
// sums. OpenCL's get_global_id(0), zext(workgroup.id.x * group size +
// workitem.id.x) computed in 32 bits, splits into a uniform part and the
// lane: the sum is a work-item's id in the grid, below the dispatch's 32-bit
// grid size, provided the group size is the real one (see isGroupSizeX).
//
// Bases are expanded once per function, right after the last value they
// read, the pointer-independent offset shared between them; the constant
// part of a base goes to the instruction's offset field, or else to the lane
// offset, so that accesses whose bases differ by a constant (an unrolled
// body, the fields of a structure) share one SGPR pair; a recurrence
// becomes a uniform phi of its loop (SCEVExpander in non-canonical mode),
// started from a shared, hoisted start.
//
// Bails out (with a missed remark) if the address is not lane-affine, the
// stride is not a positive constant, the offset may not fit in 32 bits, Base
// is not uniform at the access, or expanding Base costs more than
// -amdgpu-lane-affine-addressing-budget basic operations.
//
//===----------------------------------------------------------------------===//

#include "AMDGPULaneAffineAddress.h"
#include "AMDGPU.h"
#include "AMDGPUNewPMAnalyses.h"
#include "AMDGPUWaveUniformBranch.h"
#include "GCNSubtarget.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "amdgpu-lane-affine-address"

STATISTIC(NumRewritten,
          "Global accesses addressed as a scalar base plus a lane offset");

static cl::opt<bool>
    EnableLaneAffineAddress("amdgpu-lane-affine-addressing", cl::init(false),
                            cl::desc("Address lane-affine global accesses as "
                                     "a scalar base plus a 32-bit lane offset "
                                     "(SADDR)"));

static cl::opt<unsigned> BaseBudget(
    "amdgpu-lane-affine-addressing-budget", cl::init(16),
    cl::desc("The most basic operations the scalar base of one access may "
             "cost to compute"));

namespace {

/// Base + Stride * Lane + LaneAdd, Lane the i32 work-item id in x; LaneAdd
/// is a constant the 32-bit lane offset carries for the base (see
/// splitConstant).
struct LaneAffineAddress {
  const SCEV *Base;
  uint64_t Stride;
  CallInst *Lane;
  uint64_t LaneAdd = 0;
};

class LaneAffineAddressing {
public:
  LaneAffineAddressing(Function &F, const SIInstrInfo &TII, UniformityInfo &UI,
                       ScalarEvolution &SE, LoopInfo &LI, DominatorTree &DT,
                       OptimizationRemarkEmitter &ORE)
      : F(F), TII(TII), UI(UI), SE(SE), LI(LI), DT(DT), ORE(ORE),
        Expander(SE, F.getParent()->getDataLayout(), "lane.base") {
    // Recurrences become their own phis rather than multiples of a
    // canonical induction variable.
    Expander.disableCanonicalMode();
  }

  bool run();

private:
  Function &F;
  const SIInstrInfo &TII;
  UniformityInfo &UI;
  ScalarEvolution &SE;
  LoopInfo &LI;
  DominatorTree &DT;
  OptimizationRemarkEmitter &ORE;
  /// One expander for the function, so that accesses share the parts of
  /// their bases they have in common.
  SCEVExpander Expander;
  /// The bases and recurrence starts expanded so far, at their hoisting
  /// points.
  DenseMap<const SCEV *, Value *> Hoisted;
  /// The lane offsets built so far, by stride and added constant.
  DenseMap<std::pair<uint64_t, uint64_t>, Value *> Offsets;

  bool isUniformAt(const SCEV *S, const Instruction &At) const;
  static CallInst *getLane(const SCEV *S);
  void
  collectTerms(const SCEV *S, const APInt &Coef,
               SmallVectorImpl<std::pair<APInt, const SCEV *>> &Terms) const;
  std::optional<std::pair<const SCEV *, const SCEV *>>
  splitGlobalId(const SCEVZeroExtendExpr *ZExt) const;
  bool isGroupSizeX(const SCEV *S) const;
  std::optional<LaneAffineAddress> decompose(const SCEV *S,
                                             const Instruction &At) const;
  bool fitsIn32Bits(const LaneAffineAddress &A) const;
  bool isSAddrAlready(const Value *Ptr) const;
  Value *getOffset(const LaneAffineAddress &A);
  Instruction *afterAll(ArrayRef<const Value *> Values) const;
  Instruction *hoistingPoint(const SCEV *S) const;
  Value *expandHoisted(const SCEV *S, Type *Ty, Instruction &I);
  Value *expandBase(const SCEV *Base, Type *Ty, Instruction &I);
  const SCEV *splitConstant(LaneAffineAddress &A, int64_t &Imm) const;
  bool rewrite(Instruction &I, Use &PtrUse);
  void missed(const Instruction &I, StringRef Tag, const Twine &Why);
};

} // end anonymous namespace

bool LaneAffineAddressing::isUniformAt(const SCEV *S,
                                       const Instruction &At) const {
  const BasicBlock &UseBB = *At.getParent();
  return !SCEVExprContains(S, [&](const SCEV *X) {
    // SCEVExpander builds a recurrence from its loop's preheader and latch.
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(X))
      return !AR->getLoop()->contains(&UseBB) ||
             !AR->getLoop()->getLoopPreheader() ||
             !AR->getLoop()->getLoopLatch();
    if (isa<SCEVCouldNotCompute>(X))
      return true;
    const auto *U = dyn_cast<SCEVUnknown>(X);
    if (!U)
      return false;
    const Value *V = U->getValue();
    if (UI.isDivergent(V))
      return true;
    const auto *Def = dyn_cast<Instruction>(V);
    const Loop *DefLoop = Def ? LI.getLoopFor(Def->getParent()) : nullptr;
    return DefLoop && !DefLoop->contains(&UseBB);
  });
}

/// The work-item id in x that \p S is, through extensions.
CallInst *LaneAffineAddressing::getLane(const SCEV *S) {
  while (isa<SCEVZeroExtendExpr, SCEVSignExtendExpr>(S))
    S = cast<SCEVCastExpr>(S)->getOperand();
  const auto *U = dyn_cast<SCEVUnknown>(S);
  auto *II = U ? dyn_cast<IntrinsicInst>(U->getValue()) : nullptr;
  if (II && II->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_x)
    return II;
  return nullptr;
}

std::optional<LaneAffineAddress>
LaneAffineAddressing::decompose(const SCEV *S, const Instruction &At) const {
  // A recurrence of a loop containing the access: the lane is in its start.
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (!AR->isAffine() || !AR->getLoop()->contains(At.getParent()) ||
        !AR->getLoop()->getLoopPreheader() || !AR->getLoop()->getLoopLatch() ||
        !isUniformAt(Step, At))
      return std::nullopt;
    std::optional<LaneAffineAddress> Start = decompose(AR->getStart(), At);
    if (!Start)
      return std::nullopt;
    Start->Base =
        SE.getAddRecExpr(Start->Base, Step, AR->getLoop(), SCEV::FlagAnyWrap);
    return Start;
  }

  // S as a sum of constant multiples of terms, constants distributed over
  // sums: 4 * (256 * wg + tid) is 1024 * wg + 4 * tid.
  SmallVector<std::pair<APInt, const SCEV *>, 4> Terms;
  collectTerms(S, APInt(64, 1), Terms);

  SmallVector<const SCEV *, 4> BaseTerms;
  std::optional<LaneAffineAddress> Result;
  for (auto &[Coef, Term] : Terms) {
    if (isUniformAt(Term, At)) {
      BaseTerms.push_back(
          Coef.isOne() ? Term
                       : SE.getMulExpr(SE.getConstant(Term->getType(),
                                                      Coef.getZExtValue()),
                                       Term));
      continue;
    }
    CallInst *Lane = getLane(Term);
    if (Result || !Lane || Coef.isNegative() || Coef.isZero() ||
        Coef.getActiveBits() > 32)
      return std::nullopt; // Not a positive multiple of the lane, or two.
    Result = LaneAffineAddress{nullptr, Coef.getZExtValue(), Lane};
  }
  if (!Result || BaseTerms.empty() ||
      !llvm::any_of(BaseTerms,
                    [](const SCEV *T) { return T->getType()->isPointerTy(); }))
    return std::nullopt;
  Result->Base = SE.getAddExpr(BaseTerms);
  return Result;
}

void LaneAffineAddressing::collectTerms(
    const SCEV *S, const APInt &Coef,
    SmallVectorImpl<std::pair<APInt, const SCEV *>> &Terms) const {
  if (const auto *ZExt = dyn_cast<SCEVZeroExtendExpr>(S)) {
    if (auto Split = splitGlobalId(ZExt)) {
      collectTerms(Split->first, Coef, Terms);
      collectTerms(Split->second, Coef, Terms);
      return;
    }
  }
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    for (const SCEV *Op : Add->operands())
      collectTerms(Op, Coef, Terms);
    return;
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
    const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    if (C && Mul->getNumOperands() == 2 && C->getAPInt().getBitWidth() <= 64) {
      collectTerms(Mul->getOperand(1), Coef * C->getAPInt().sext(64), Terms);
      return;
    }
  }
  Terms.push_back({Coef, S});
}

/// Whether \p S is the work-group size in x: the hidden_group_size_x implicit
/// argument (offset 12, code object v5), the dispatch packet's
/// workgroup_size_x (offset 4), or the function's reqd_work_group_size.
bool LaneAffineAddressing::isGroupSizeX(const SCEV *S) const {
  if (const auto *C = dyn_cast<SCEVConstant>(S)) {
    std::optional<std::array<uint64_t, 3>> Size =
        AMDGPU::getReqdWorkGroupSize(F);
    return Size && C->getAPInt().getActiveBits() <= 64 &&
           C->getAPInt().getZExtValue() == (*Size)[0];
  }
  if (const auto *ZExt = dyn_cast<SCEVZeroExtendExpr>(S))
    S = ZExt->getOperand();
  const auto *U = dyn_cast<SCEVUnknown>(S);
  const auto *Load = U ? dyn_cast<LoadInst>(U->getValue()) : nullptr;
  if (!Load || !Load->getType()->isIntegerTy(16))
    return false;
  const DataLayout &DL = F.getParent()->getDataLayout();
  APInt Offset(DL.getIndexTypeSizeInBits(Load->getPointerOperandType()), 0);
  const auto *Base = dyn_cast<IntrinsicInst>(
      Load->getPointerOperand()->stripAndAccumulateConstantOffsets(
          DL, Offset, /*AllowNonInbounds=*/true));
  if (!Base)
    return false;
  return (Base->getIntrinsicID() == Intrinsic::amdgcn_implicitarg_ptr &&
          Offset == 12) ||
         (Base->getIntrinsicID() == Intrinsic::amdgcn_dispatch_ptr &&
          Offset == 4);
}

/// zext(workgroup.id.x * group size x + workitem.id.x) as
/// zext(workgroup.id.x * group size x) + zext(workitem.id.x), the way OpenCL's
/// get_global_id computes it in 32 bits. The sum is a work-item's id in the
/// grid (less the global offset), below the dispatch's 32-bit grid size, so
/// neither it nor the product wraps.
std::optional<std::pair<const SCEV *, const SCEV *>>
LaneAffineAddressing::splitGlobalId(const SCEVZeroExtendExpr *ZExt) const {
  const auto *Add = dyn_cast<SCEVAddExpr>(ZExt->getOperand());
  if (!Add || Add->getNumOperands() != 2)
    return std::nullopt;
  const SCEV *Lane = Add->getOperand(0), *Group = Add->getOperand(1);
  if (!getLane(Lane))
    std::swap(Lane, Group);
  const auto *Mul = dyn_cast<SCEVMulExpr>(Group);
  if (!isa<SCEVUnknown>(Lane) || !getLane(Lane) || !Mul ||
      Mul->getNumOperands() != 2)
    return std::nullopt;
  const SCEV *Size = Mul->getOperand(0), *Id = Mul->getOperand(1);
  const auto *IdU = dyn_cast<SCEVUnknown>(Id);
  const auto *IdCall = IdU ? dyn_cast<IntrinsicInst>(IdU->getValue()) : nullptr;
  if (!IdCall || IdCall->getIntrinsicID() != Intrinsic::amdgcn_workgroup_id_x ||
      !isGroupSizeX(Size))
    return std::nullopt;
  Type *Ty = ZExt->getType();
  return std::make_pair(SE.getZeroExtendExpr(Group, Ty),
                        SE.getZeroExtendExpr(Lane, Ty));
}

/// What computing \p S costs the scalar unit, in basic operations, each
/// subexpression counted once: an add, a cast or a multiplication by a
/// constant is one, a product of two variables one (32 bits) or four (64
/// bits), a recurrence
/// one (its step; the phi is free). A division or a minimum or maximum is
/// over any budget.
static unsigned baseCost(const SCEV *S, SmallPtrSetImpl<const SCEV *> &Seen) {
  if (!Seen.insert(S).second)
    return 0;
  unsigned Own = 0;
  switch (S->getSCEVType()) {
  case scConstant:
  case scVScale:
  case scUnknown:
    return 0;
  case scTruncate:
  case scZeroExtend:
  case scSignExtend:
  case scPtrToInt:
    Own = 1;
    break;
  case scAddExpr:
    Own = cast<SCEVNAryExpr>(S)->getNumOperands() - 1;
    break;
  case scMulExpr: {
    const auto *Mul = cast<SCEVMulExpr>(S);
    unsigned Variables = count_if(
        Mul->operands(), [](const SCEV *Op) { return !isa<SCEVConstant>(Op); });
    unsigned PerProduct = S->getType()->getScalarSizeInBits() > 32 ? 4 : 1;
    Own = Variables > 1 ? PerProduct * (Variables - 1) : 1;
    break;
  }
  case scAddRecExpr:
    Own = 1;
    break;
  default:
    return std::numeric_limits<unsigned>::max() / 2;
  }
  unsigned Cost = Own;
  for (const SCEV *Op : S->operands())
    Cost = std::min(Cost + baseCost(Op, Seen),
                    std::numeric_limits<unsigned>::max() / 2);
  return Cost;
}

bool LaneAffineAddressing::fitsIn32Bits(const LaneAffineAddress &A) const {
  APInt MaxLane = SE.getUnsignedRangeMax(SE.getSCEV(A.Lane)).zext(64);
  bool Overflow = false;
  APInt Max = MaxLane.umul_ov(APInt(64, A.Stride), Overflow);
  if (!Overflow)
    Max = Max.uadd_ov(APInt(64, A.LaneAdd), Overflow);
  return !Overflow && Max.isIntN(32);
}

/// Whether instruction selection already matches \p Ptr as SADDR + VADDR: a
/// uniform pointer indexed in bytes by a zero-extended 32-bit value.
bool LaneAffineAddressing::isSAddrAlready(const Value *Ptr) const {
  const auto *GEP = dyn_cast<GetElementPtrInst>(Ptr);
  return GEP && GEP->getNumIndices() == 1 &&
         GEP->getSourceElementType()->isIntegerTy(8) &&
         !UI.isDivergent(GEP->getPointerOperand()) &&
         isa<ZExtInst>(GEP->getOperand(1)) &&
         cast<ZExtInst>(GEP->getOperand(1))->getSrcTy()->isIntegerTy(32);
}

/// C * lane as an i32, built once per stride right after the lane's
/// definition.
Value *LaneAffineAddressing::getOffset(const LaneAffineAddress &A) {
  if (Value *Offset = Offsets.lookup({A.Stride, A.LaneAdd}))
    return Offset;
  Value *Offset;
  if (A.LaneAdd) {
    LaneAffineAddress Plain = A;
    Plain.LaneAdd = 0;
    Value *Scaled = getOffset(Plain);
    IRBuilder<> B(cast<Instruction>(Scaled)->getNextNode());
    Offset = B.CreateAdd(Scaled, B.getInt32(A.LaneAdd), "lane.offset",
                         /*HasNUW=*/true, /*HasNSW=*/false);
  } else if (A.Stride == 1) {
    Offset = A.Lane;
  } else {
    IRBuilder<> B(A.Lane->getNextNode());
    Offset = B.CreateMul(A.Lane, B.getInt32(A.Stride), "lane.offset",
                         /*HasNUW=*/true, /*HasNSW=*/false);
  }
  Offsets[{A.Stride, A.LaneAdd}] = Offset;
  return Offset;
}

static bool hasRecurrence(const SCEV *S) {
  return SCEVExprContains(S,
                          [](const SCEV *X) { return isa<SCEVAddRecExpr>(X); });
}

/// Right after the last of \p Values to be defined, where it dominates every
/// instruction they all dominate. \p Values dominate each other in turn.
Instruction *
LaneAffineAddressing::afterAll(ArrayRef<const Value *> Values) const {
  Instruction *At = &*F.getEntryBlock().getFirstInsertionPt();
  for (const Value *V : Values) {
    auto *Def = const_cast<Instruction *>(dyn_cast<Instruction>(V));
    if (Def && !DT.dominates(Def, At))
      At = isa<PHINode>(Def) ? &*Def->getParent()->getFirstInsertionPt()
                             : Def->getNextNode();
  }
  return At;
}

/// Right after the last of the values \p S reads, where it dominates every
/// access that can compute it. \p S has no recurrence.
Instruction *LaneAffineAddressing::hoistingPoint(const SCEV *S) const {
  SmallVector<const Value *, 8> Values;
  SCEVExprContains(S, [&](const SCEV *X) {
    if (const auto *U = dyn_cast<SCEVUnknown>(X))
      Values.push_back(U->getValue());
    return false;
  });
  return afterAll(Values);
}

/// \p S expanded at its hoisting point, once per function (at \p I if it has
/// a recurrence of an outer loop).
Value *LaneAffineAddressing::expandHoisted(const SCEV *S, Type *Ty,
                                           Instruction &I) {
  if (hasRecurrence(S))
    return Expander.expandCodeFor(S, Ty, &I);
  if (Value *V = Hoisted.lookup(S))
    return V;
  Value *V;
  const auto *Add = dyn_cast<SCEVAddExpr>(S);
  if (Add && S->getType()->isPointerTy()) {
    // Pointer + offset: the offset is shared by the bases that have it.
    const SCEV *Ptr = nullptr;
    SmallVector<const SCEV *, 4> Offsets;
    for (const SCEV *Op : Add->operands())
      (Op->getType()->isPointerTy() ? Ptr : Offsets.emplace_back(Op)) = Op;
    Value *PtrV = expandHoisted(Ptr, Ty, I);
    Value *OffsetV =
        expandHoisted(SE.getAddExpr(Offsets), Offsets.front()->getType(), I);
    // Right after both (the expander may have placed them after S's own
    // hoisting point, past instructions it inserted before).
    IRBuilder<> B(afterAll({PtrV, OffsetV}));
    V = B.CreateGEP(B.getInt8Ty(), PtrV, OffsetV, "lane.base");
  } else {
    V = Expander.expandCodeFor(S, Ty, hoistingPoint(S));
  }
  Hoisted[S] = V;
  return V;
}

/// \p Base expanded for access \p I: the accesses of a function share their
/// bases, and the starts of their recurrences, computed where their operands
/// are; a recurrence becomes a phi of its loop.
Value *LaneAffineAddressing::expandBase(const SCEV *Base, Type *Ty,
                                        Instruction &I) {
  const auto *AR = dyn_cast<SCEVAddRecExpr>(Base);
  if (!AR)
    return expandHoisted(Base, Ty, I);
  Value *Start = expandHoisted(AR->getStart(), Ty, I);
  const SCEV *Rec =
      SE.getAddRecExpr(SE.getUnknown(Start), AR->getStepRecurrence(SE),
                       AR->getLoop(), SCEV::FlagAnyWrap);
  return Expander.expandCodeFor(Rec, Ty, &I);
}

/// The constant term of \p S (of a recurrence's start), or 0; \p S without
/// it is returned in \p Rest.
static const SCEVConstant *constantTerm(ScalarEvolution &SE, const SCEV *S,
                                        const SCEV *&Rest) {
  Rest = S;
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const SCEV *Start;
    const SCEVConstant *C = constantTerm(SE, AR->getStart(), Start);
    if (C)
      Rest = SE.getAddRecExpr(Start, AR->getStepRecurrence(SE), AR->getLoop(),
                              SCEV::FlagAnyWrap);
    return C;
  }
  const auto *Add = dyn_cast<SCEVAddExpr>(S);
  const auto *C = Add ? dyn_cast<SCEVConstant>(Add->getOperand(0)) : nullptr;
  if (!C || C->getAPInt().getSignificantBits() > 64)
    return nullptr;
  SmallVector<const SCEV *, 4> Others(drop_begin(Add->operands()));
  Rest = SE.getAddExpr(Others);
  return C;
}

/// The base \p A's access shares with the accesses whose bases differ from
/// it only by a constant (those of an unrolled body; the elements of a
/// structure), without that constant: the instruction's offset field takes
/// it (\p Imm) if it fits there, else the lane offset adds it
/// (A.LaneAdd) if the sum stays a 32-bit unsigned value. Each base is an
/// SGPR pair and a 64-bit scalar add; a lane offset plus a constant is one
/// 32-bit VALU add.
const SCEV *LaneAffineAddressing::splitConstant(LaneAffineAddress &A,
                                                int64_t &Imm) const {
  Imm = 0;
  const SCEV *Rest;
  const SCEVConstant *C = constantTerm(SE, A.Base, Rest);
  if (!C)
    return A.Base;
  int64_t V = C->getAPInt().getSExtValue();
  if (TII.isLegalFLATOffset(V, AMDGPUAS::GLOBAL_ADDRESS,
                            SIInstrFlags::FlatGlobal)) {
    Imm = V;
    return Rest;
  }
  LaneAffineAddress WithAdd = A;
  WithAdd.LaneAdd = uint64_t(V);
  if (V <= 0 || !fitsIn32Bits(WithAdd))
    return A.Base;
  A.LaneAdd = uint64_t(V);
  return Rest;
}

void LaneAffineAddressing::missed(const Instruction &I, StringRef Tag,
                                  const Twine &Why) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, Tag, &I)
           << "address not made scalar base + lane offset: " << Why.str();
  });
}

bool LaneAffineAddressing::rewrite(Instruction &I, Use &PtrUse) {
  Value *Ptr = PtrUse.get();
  if (Ptr->getType()->getPointerAddressSpace() != AMDGPUAS::GLOBAL_ADDRESS ||
      !UI.isDivergent(Ptr) || isSAddrAlready(Ptr) ||
      !SE.isSCEVable(Ptr->getType()))
    return false;
  std::optional<LaneAffineAddress> A = decompose(SE.getSCEV(Ptr), I);
  if (!A) {
    missed(I, "NotLaneAffine",
           "it is not a uniform base plus a constant times the work-item id");
    return false;
  }
  if (!DT.dominates(A->Lane, &I)) {
    missed(I, "LaneDoesNotDominate", "the work-item id does not dominate it");
    return false;
  }
  if (!fitsIn32Bits(*A)) {
    missed(I, "OffsetTooWide", "the lane offset may not fit in 32 bits");
    return false;
  }
  SmallPtrSet<const SCEV *, 8> Seen;
  if (baseCost(A->Base, Seen) > BaseBudget) {
    missed(I, "HighCost", "computing the scalar base costs too much");
    return false;
  }
  int64_t Imm;
  const SCEV *SharedBase = splitConstant(*A, Imm);
  Value *Base = expandBase(SharedBase, Ptr->getType(), I);
  IRBuilder<> B(&I);
  Value *Offset = B.CreateZExt(getOffset(*A), B.getInt64Ty());
  Value *Addr = B.CreateGEP(B.getInt8Ty(), Base, Offset, "lane.addr");
  if (Imm)
    Addr = B.CreateGEP(B.getInt8Ty(), Addr, B.getInt64(Imm), "lane.addr.imm");
  PtrUse.set(Addr);
  RecursivelyDeleteTriviallyDeadInstructions(Ptr);
  // The old address may have been a pointer recurrence (strength reduction
  // makes those); its phi cycle is dead now.
  if (Loop *L = LI.getLoopFor(I.getParent()))
    DeleteDeadPHIs(L->getHeader());
  ++NumRewritten;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Rewritten", &I)
           << "address made scalar base + " << ore::NV("Stride", A->Stride)
           << " x work-item id";
  });
  return true;
}

bool LaneAffineAddressing::run() {
  SmallVector<std::pair<Instruction *, Use *>, 16> Accesses;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (auto *LdI = dyn_cast<LoadInst>(&I))
        Accesses.push_back({&I, &LdI->getOperandUse(0)});
      else if (auto *StI = dyn_cast<StoreInst>(&I))
        Accesses.push_back({&I, &StI->getOperandUse(1)});
    }
  bool Changed = false;
  for (auto [I, PtrUse] : Accesses)
    Changed |= rewrite(*I, *PtrUse);
  return Changed;
}

PreservedAnalyses
AMDGPULaneAffineAddressPass::run(Function &F, FunctionAnalysisManager &FAM) {
  const GCNSubtarget &ST = TM.getSubtarget<GCNSubtarget>(F);
  if (!ST.hasFlatGlobalInsts())
    return PreservedAnalyses::all();
  LaneAffineAddressing Impl(
      F, *ST.getInstrInfo(), FAM.getResult<UniformityInfoAnalysis>(F),
      FAM.getResult<ScalarEvolutionAnalysis>(F), FAM.getResult<LoopAnalysis>(F),
      FAM.getResult<DominatorTreeAnalysis>(F),
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F));
  if (!Impl.run())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

namespace {

class AMDGPULaneAffineAddress : public FunctionPass {
  /// Built on the first function, see AMDGPUNewPMAnalyses.h.
  std::unique_ptr<AMDGPUNewPMAnalyses> Analyses;

public:
  static char ID;
  AMDGPULaneAffineAddress() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "AMDGPU lane-affine addressing";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
    // The CFG is kept, but not setPreservesCFG(): UniformityInfoWrapperPass
    // is a CFG-only analysis, and the values this pass adds are unknown to it.
    AU.addPreserved<DominatorTreeWrapperPass>();
    AU.addPreserved<PostDominatorTreeWrapperPass>();
    AU.addPreserved<CycleInfoWrapperPass>();
    AU.addPreserved<LoopInfoWrapperPass>();
  }
  bool runOnFunction(Function &F) override {
    if (!EnableLaneAffineAddress || skipFunction(F))
      return false;
    auto &TM = getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
    if (!Analyses)
      Analyses = std::make_unique<AMDGPUNewPMAnalyses>(TM);
    auto Release = Analyses->releaseOnExit(F);
    return !AMDGPULaneAffineAddressPass(TM)
                .run(F, Analyses->getFAM())
                .areAllPreserved();
  }
  bool doFinalization(Module &) override {
    Analyses.reset();
    return false;
  }
};

} // end anonymous namespace

char AMDGPULaneAffineAddress::ID = 0;

INITIALIZE_PASS_BEGIN(AMDGPULaneAffineAddress, DEBUG_TYPE,
                      "AMDGPU lane-affine addressing", false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(AMDGPULaneAffineAddress, DEBUG_TYPE,
                    "AMDGPU lane-affine addressing", false, false)

FunctionPass *llvm::createAMDGPULaneAffineAddressPass() {
  return new AMDGPULaneAffineAddress();
}
