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
//
//===----------------------------------------------------------------------===//

#include "AMDGPUWaveUniformBranch.h"
#include "llvm/IR/Constants.h"
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

/// False if the kernel's required workgroup size lets a wavefront hold work-
/// items of two rows.
static bool rowsFillWaves(const Function &F, unsigned WavefrontSize) {
  const MDNode *Reqd = F.getMetadata("reqd_work_group_size");
  if (!Reqd || Reqd->getNumOperands() != 3)
    return true;
  uint64_t Size[3];
  for (unsigned I = 0; I != 3; ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(Reqd->getOperand(I));
    if (!C)
      return false;
    Size[I] = C->getZExtValue();
  }
  return Size[0] % WavefrontSize == 0 || Size[1] * Size[2] <= 1;
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
