//===- AMDGPUControlFlowMelding.cpp - cf-meld's AMDGPU answers ------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// What control-flow melding (ControlFlowMelding.cpp) needs to know about
/// AMDGPU: the instructions a wavefront issues for the IR that melding keeps,
/// adds and removes, and the divergent branches each wavefront takes one way
/// (AMDGPUWaveUniformBranch.cpp). The numbers are those of the code the
/// backend emits for gfx9 and later:
///   - 32-bit operations are one VALU instruction per lane, 64-bit integer
///     add, subtract, logic and shifts two, a 64-bit multiply four;
///   - there is no divide instruction: AMDGPUCodeGenPrepare expands a 32-bit
///     integer division or remainder into about 24 instructions (64-bit:
///     about 64; by a constant, a multiply by the reciprocal: 4, 64-bit 8);
///     a correctly rounded f32 division takes about 10, f64 12, and one that
///     allows a reciprocal 2;
///   - a select on a divergent condition is a v_cndmask_b32 per 32 bits;
///   - a predicated block without memory accesses or calls of fewer than
///     amdgpu-skip-threshold (12) instructions runs without s_cbranch_execz;
///   - whether all active lanes agree on a condition is a ballot of it
///     (the lane mask of its compare) against 0 and against EXEC.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUControlFlowMelding.h"
#include "AMDGPUSubtarget.h"
#include "AMDGPUTargetMachine.h"
#include "AMDGPUWaveUniformBranch.h"
#include "Utils/AMDGPUBaseInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;

namespace {

class AMDGPUControlFlowMeldingTarget final : public ControlFlowMeldingTarget {
public:
  explicit AMDGPUControlFlowMeldingTarget(const AMDGPUTargetMachine &TM)
      : TM(TM), DL(TM.createDataLayout()) {}

  unsigned getIssueCost(const Instruction &I) const override;
  unsigned getVariableIndexCost(const Instruction &I) const override;
  unsigned getSelectCost(const Value &A, const Value &B,
                         const UniformityInfo &UI) const override;
  bool isInlineConstant(const ConstantInt &C) const override;
  unsigned getSkipBranchThreshold() const override;
  bool isUniformPerWave(const BranchInst &Br) const override;
  bool runsOneLanePerWave(const BasicBlock &BB,
                          const DominatorTree &DT) const override;
  unsigned getAgreementTestCost() const override;
  std::pair<Value *, Value *> emitAgreementTest(IRBuilderBase &Builder,
                                                Value *Cond) const override;

private:
  const AMDGPUTargetMachine &TM;
  const DataLayout DL;
};

} // end anonymous namespace

/// The instructions of one element of \p I: 64-bit integer arithmetic works
/// on two 32-bit halves and division is expanded in software.
static unsigned getElementIssueCost(const Instruction &I, Type *ScalarTy) {
  unsigned Bits = ScalarTy->isIntegerTy() ? ScalarTy->getIntegerBitWidth() : 32;
  bool Wide = Bits > 32;
  switch (I.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    if (isa<Constant>(I.getOperand(1)))
      return Wide ? 8 : 4;
    return Wide ? 64 : 24;
  case Instruction::FDiv:
    if (I.getFastMathFlags().allowReciprocal())
      return 2;
    return ScalarTy->isDoubleTy() ? 12 : 10;
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    return Wide ? 2 : 1;
  case Instruction::Mul:
    return Wide ? 4 : 1;
  default:
    return 1;
  }
}

/// One instruction per element of a vector; a memory access or call is one
/// instruction whatever its width.
unsigned
AMDGPUControlFlowMeldingTarget::getIssueCost(const Instruction &I) const {
  if (I.mayReadOrWriteMemory() || isa<CallBase>(I))
    return 1;
  Type *Ty = I.getType();
  unsigned Elts = 1;
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    Elts = VT->getNumElements();
  return Elts * getElementIssueCost(I, Ty->getScalarType());
}

/// A v_cndmask_b32 per 32 bits; one more per 32 bits if both operands are
/// uniform values (they live in SGPRs and a VOP3 reads at most one SGPR on
/// gfx9, so one is copied to a VGPR). A 64-bit pointer (global, constant,
/// flat) costs 8: the selected address can no longer use the SGPR-base +
/// VGPR-offset form, so both uniform bases are copied to VGPRs (4) and the
/// address needs a 64-bit VALU add (2), besides the two v_cndmask. A select
/// of lane masks (i1) is s_and, s_andn2 and s_or.
unsigned
AMDGPUControlFlowMeldingTarget::getSelectCost(const Value &A, const Value &B,
                                              const UniformityInfo &UI) const {
  Type *Ty = A.getType();
  if (Ty->isIntOrIntVectorTy(1)) {
    // Lane masks: s_and, s_andn2 and s_or in general; one operation with a
    // constant operand (C & A, C | B, and with the inverted condition
    // !C | A, !C & B, which may take another compare); C itself for
    // true/false.
    auto *KA = dyn_cast<ConstantInt>(&A), *KB = dyn_cast<ConstantInt>(&B);
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
  if (!isa<Constant>(A) && !isa<Constant>(B) && UI.isUniform(&A) &&
      UI.isUniform(&B))
    return 2 * Parts;
  return Parts;
}

/// An index that differs between lanes is expanded into a v_cmp per element
/// and a v_cndmask per 32 bits of each element, as
/// SITargetLowering::shouldExpandVectorDynExt does whenever the index is
/// divergent (the other lowering, an index register per wave, would loop
/// over the index's values).
unsigned AMDGPUControlFlowMeldingTarget::getVariableIndexCost(
    const Instruction &I) const {
  auto *VT = cast<FixedVectorType>(I.getOperand(0)->getType());
  uint64_t EltBits = DL.getTypeSizeInBits(VT->getElementType()).getFixedValue();
  return VT->getNumElements() *
         (1 + std::max<uint64_t>(1, divideCeil(EltBits, 32)));
}

/// Integers from -16 to 64 are inline constants of VALU operands; others are
/// literals, and a v_cndmask of two literals needs a v_mov for one of them.
bool AMDGPUControlFlowMeldingTarget::isInlineConstant(
    const ConstantInt &C) const {
  return C.getBitWidth() <= 64 &&
         AMDGPU::isInlinableIntLiteral(C.getSExtValue());
}

/// SIPreEmitPeephole removes the s_cbranch_execz of a predicated block
/// shorter than amdgpu-skip-threshold, whose default this is.
unsigned AMDGPUControlFlowMeldingTarget::getSkipBranchThreshold() const {
  return 12;
}

bool AMDGPUControlFlowMeldingTarget::isUniformPerWave(
    const BranchInst &Br) const {
  const Function &F = *Br.getFunction();
  return AMDGPU::isUniformPerWaveBranch(
      Br, AMDGPUSubtarget::get(TM, F).getWavefrontSize());
}

bool AMDGPUControlFlowMeldingTarget::runsOneLanePerWave(
    const BasicBlock &BB, const DominatorTree &DT) const {
  return AMDGPU::isOneLanePerWaveBlock(
      BB, DT, AMDGPUSubtarget::get(TM, *BB.getParent()).getWavefrontSize());
}

/// The ballot of the condition (the lane mask of its compare) is compared
/// with 0 and with EXEC, each followed by a branch on SCC.
unsigned AMDGPUControlFlowMeldingTarget::getAgreementTestCost() const {
  return 4;
}

std::pair<Value *, Value *>
AMDGPUControlFlowMeldingTarget::emitAgreementTest(IRBuilderBase &Builder,
                                                  Value *Cond) const {
  const Function &F = *Builder.GetInsertBlock()->getParent();
  Type *MaskTy =
      Builder.getIntNTy(AMDGPUSubtarget::get(TM, F).getWavefrontSize());
  Value *Ballot = Builder.CreateIntrinsic(Intrinsic::amdgcn_ballot, {MaskTy},
                                          {Cond}, nullptr, "agree.ballot");
  Value *Active =
      Builder.CreateIntrinsic(Intrinsic::amdgcn_ballot, {MaskTy},
                              {Builder.getTrue()}, nullptr, "agree.active");
  return {Builder.CreateICmpEQ(Ballot, Constant::getNullValue(MaskTy),
                               "agree.none"),
          Builder.CreateICmpEQ(Ballot, Active, "agree.all")};
}

ControlFlowMeldingPass
llvm::createAMDGPUControlFlowMeldingPass(const AMDGPUTargetMachine &TM) {
  return ControlFlowMeldingPass(
      std::make_shared<AMDGPUControlFlowMeldingTarget>(TM));
}
