//===- AMDGPUWaveUniformBranch.cpp - Branches each wave takes one way -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// Recognizes divergent branches that split the work-items of a workgroup at
/// a wavefront boundary, such as `if (threadIdx.x < 128)` in a reduction over
/// a 256-wide workgroup. Divergence analysis must call them divergent: which
/// side a lane takes depends on its work-item id. But a wavefront is formed
/// from consecutive flat work-item ids, x varying fastest, so when the
/// workgroup is one-dimensional or its x size is a multiple of the wavefront
/// size W, every wavefront holds the x ids [k*W, (k+1)*W) of one row, and a
/// compare of x with a multiple of W gives the same result in all its lanes.
///
/// The workgroup shape is a launch parameter; without reqd_work_group_size
/// the compiler assumes the typical launch above. The answer is therefore a
/// profitability hint, never a correctness fact: control-flow melding uses
/// it to leave alone branches where no wavefront would run both sides.
/// Where reqd_work_group_size names an x size that is not a multiple of W and
/// more than one row, a wavefront can hold the end of one row and the start
/// of the next, and the branch is not reported.
///
/// Under the same assumption the x ids of a wavefront's lanes are distinct
/// (and so are their global x ids), so code guarded by `if (threadIdx.x ==
/// 0)` -- the "one thread runs the sequential part" idiom -- runs in at most
/// one lane of each wavefront, and no branch inside it can diverge.
/// The same holds for a function of the module that only kernels call, each
/// call in the body of such a guard: the sequential part moved into a helper.
/// Only the blocks of the calls and their guards are looked at.
///
/// An equality test of the global x id (`if (get_global_id(0) == 0)`) is
/// passed by one lane of the whole dispatch if the launch is one-dimensional,
/// which is assumed unless reqd_work_group_size says otherwise:
/// AMDGPUCodeGenPrepare weights such branches as unlikely
/// (getOneLanePerDispatchSuccessor).
//
//===----------------------------------------------------------------------===//

#include "AMDGPUWaveUniformBranch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

/// The first work-item x id for which \p Pred (x, \p C) differs from
/// Pred (x - 1, C), if the compare has one such boundary.
static std::optional<APInt> getBoundary(CmpInst::Predicate Pred,
                                        const APInt &C) {
  switch (Pred) {
  case CmpInst::ICMP_ULT:
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_UGE:
  case CmpInst::ICMP_SGE:
    return C;
  case CmpInst::ICMP_ULE:
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_UGT:
  case CmpInst::ICMP_SGT:
    return C + 1;
  default:
    return std::nullopt;
  }
}

std::optional<std::array<uint64_t, 3>>
llvm::AMDGPU::getReqdWorkGroupSize(const Function &F) {
  const MDNode *Reqd = F.getMetadata("reqd_work_group_size");
  if (!Reqd || Reqd->getNumOperands() != 3)
    return std::nullopt;
  std::array<uint64_t, 3> Size;
  for (unsigned I = 0; I != 3; ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(Reqd->getOperand(I));
    if (!C)
      return std::nullopt;
    Size[I] = C->getZExtValue();
  }
  return Size;
}

/// False if the kernel's required workgroup size lets a wavefront hold work-
/// items of two rows.
static bool rowsFillWaves(const Function &F, unsigned WavefrontSize) {
  std::optional<std::array<uint64_t, 3>> Size = AMDGPU::getReqdWorkGroupSize(F);
  return !Size || (*Size)[0] % WavefrontSize == 0 ||
         (*Size)[1] * (*Size)[2] <= 1;
}

bool llvm::AMDGPU::isUniformPerWaveBranch(const BranchInst &Br,
                                          unsigned WavefrontSize) {
  if (!Br.isConditional() || !WavefrontSize)
    return false;
  CmpInst::Predicate Pred;
  Value *X;
  const APInt *C;
  if (!match(Br.getCondition(), m_ICmp(Pred, m_Value(X), m_APInt(C))))
    return false;
  match(X, m_ZExtOrSExt(m_Value(X)));
  if (!match(X, m_Intrinsic<Intrinsic::amdgcn_workitem_id_x>()))
    return false;
  std::optional<APInt> Boundary = getBoundary(Pred, *C);
  if (!Boundary || Boundary->isZero() || Boundary->isNegative() ||
      Boundary->urem(WavefrontSize) != 0)
    return false;
  return rowsFillWaves(*Br.getFunction(), WavefrontSize);
}

/// True if \p V has one value for the whole launch: a constant, an argument
/// of a kernel, or a load of the kernel's hidden arguments (OpenCL's global
/// offset).
static bool isLaunchConstant(const Value *V) {
  if (isa<Constant>(V))
    return true;
  if (const auto *A = dyn_cast<Argument>(V))
    return A->getParent()->getCallingConv() == CallingConv::AMDGPU_KERNEL;
  const auto *Load = dyn_cast<LoadInst>(V);
  const Value *Ptr = Load ? Load->getPointerOperand() : nullptr;
  if (Ptr)
    match(Ptr, m_GEP(m_Value(Ptr), m_ConstantInt()));
  return Ptr && match(Ptr, m_Intrinsic<Intrinsic::amdgcn_implicitarg_ptr>());
}

/// Which x id a value is (getXId).
enum class XId { None, WorkItem, Global };

/// Whether \p X is the work-item x id or the global x id
/// `workgroup.id.x * size + workitem.id.x`, possibly extended, plus a launch
/// constant (OpenCL's get_global_id adds the global offset), possibly
/// truncated to 16 bits or more: values that differ between the lanes of a
/// wavefront when rowsFillWaves holds (the lanes hold consecutive ids).
static XId getXId(const Value *X) {
  const Value *A, *B;
  if (match(X, m_Trunc(m_Value(A))) &&
      X->getType()->getScalarSizeInBits() >= 16)
    X = A;
  if (match(X, m_Add(m_Value(A), m_Value(B)))) {
    if (isLaunchConstant(B))
      X = A;
    else if (isLaunchConstant(A))
      X = B;
  }
  match(X, m_ZExtOrSExt(m_Value(X)));
  auto WorkItemX = m_Intrinsic<Intrinsic::amdgcn_workitem_id_x>();
  auto GroupBase =
      m_c_Mul(m_Intrinsic<Intrinsic::amdgcn_workgroup_id_x>(), m_Value());
  if (match(X, WorkItemX))
    return XId::WorkItem;
  if (match(X, m_c_Add(m_ZExtOrSExt(WorkItemX), GroupBase)) ||
      match(X, m_c_Add(WorkItemX, GroupBase)))
    return XId::Global;
  return XId::None;
}

/// Whether \p X is an x id of kind \p Kind (any kind for XId::None).
static bool isXId(const Value *X, XId Kind) {
  XId Found = getXId(X);
  return Found != XId::None && (Kind == XId::None || Found == Kind);
}

/// True if \p Cond is `x == v` (\p WhenTrue) or `x != v` (!\p WhenTrue)
/// for an x id of kind \p Kind (isXId) and a uniform value v (a constant,
/// or an argument of the kernel \p F), or a logical and (or) that holds only
/// if such a test does.
static bool impliesOneLaneTest(const Value *Cond, bool WhenTrue,
                               const Function &F, XId Kind) {
  const Value *A, *B;
  if (WhenTrue ? match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))
               : match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    return impliesOneLaneTest(A, WhenTrue, F, Kind) ||
           impliesOneLaneTest(B, WhenTrue, F, Kind);
  CmpInst::Predicate Pred;
  Value *X, *V;
  if (!match(Cond, m_ICmp(Pred, m_Value(X), m_Value(V))) ||
      Pred != (WhenTrue ? CmpInst::ICMP_EQ : CmpInst::ICMP_NE))
    return false;
  if (!isXId(X, Kind))
    std::swap(X, V);
  bool Uniform =
      isa<Constant>(V) ||
      (isa<Argument>(V) && F.getCallingConv() == CallingConv::AMDGPU_KERNEL);
  return Uniform && isXId(X, Kind);
}

/// The successor of \p Br that only lanes whose x id (of kind \p Kind)
/// equals a uniform value take, if its condition says so.
static const BasicBlock *getOneLaneSuccessor(const BranchInst &Br,
                                             XId Kind = XId::None) {
  if (!Br.isConditional() || Br.getSuccessor(0) == Br.getSuccessor(1))
    return nullptr;
  for (bool WhenTrue : {true, false})
    if (impliesOneLaneTest(Br.getCondition(), WhenTrue, *Br.getFunction(),
                           Kind))
      return Br.getSuccessor(WhenTrue ? 0 : 1);
  return nullptr;
}

/// True if every use of \p F is a direct call from a kernel, in a block
/// whose only way in is the one-lane successor of its single predecessor's
/// branch (the body of `if (threadIdx.x == 0) f();`). Only the call sites'
/// blocks and that branch are read: no analysis of the callers is needed, so
/// a function pass may ask this of the function it runs on.
static bool isCalledOnlyFromOneLaneBlocks(const Function &F,
                                          unsigned WavefrontSize) {
  if (!F.hasLocalLinkage() || F.use_empty())
    return false;
  return all_of(F.uses(), [&](const Use &U) {
    const auto *Call = dyn_cast<CallBase>(U.getUser());
    if (!Call || !Call->isCallee(&U) ||
        Call->getFunction()->getCallingConv() != CallingConv::AMDGPU_KERNEL ||
        !rowsFillWaves(*Call->getFunction(), WavefrontSize))
      return false;
    const BasicBlock *CallBB = Call->getParent();
    const BasicBlock *Pred = CallBB->getSinglePredecessor();
    const auto *Br =
        Pred ? dyn_cast<BranchInst>(Pred->getTerminator()) : nullptr;
    return Br && getOneLaneSuccessor(*Br) == CallBB;
  });
}

const BasicBlock *
llvm::AMDGPU::getOneLanePerDispatchSuccessor(const BranchInst &Br) {
  // A workgroup of more than one row makes the launch more than
  // one-dimensional: each row of the grid has a lane with that x id.
  std::optional<std::array<uint64_t, 3>> Size =
      getReqdWorkGroupSize(*Br.getFunction());
  if (Size && ((*Size)[1] != 1 || (*Size)[2] != 1))
    return nullptr;
  return getOneLaneSuccessor(Br, XId::Global);
}

bool llvm::AMDGPU::isOneLanePerWaveBlock(const BasicBlock &BB,
                                         const DominatorTree &DT,
                                         unsigned WavefrontSize) {
  if (!WavefrontSize || !DT.isReachableFromEntry(&BB) ||
      !rowsFillWaves(*BB.getParent(), WavefrontSize))
    return false;
  for (const DomTreeNode *N = DT.getNode(&BB)->getIDom(); N; N = N->getIDom()) {
    const BasicBlock *Guard = N->getBlock();
    auto *Br = dyn_cast<BranchInst>(Guard->getTerminator());
    const BasicBlock *Taken = Br ? getOneLaneSuccessor(*Br) : nullptr;
    if (Taken && DT.dominates(BasicBlockEdge(Guard, Taken), &BB))
      return true;
  }
  return isCalledOnlyFromOneLaneBlocks(*BB.getParent(), WavefrontSize);
}
