//===- AMDGPUReconvergingCF.h - Reconverging control-flow lowering -*- C++ -*-//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// The pieces of the reconverging control-flow lowering
/// (-amdgpu-cf-lowering=reconverge) that several AMDGPU passes share.
///
/// The lowering is chosen per function. AMDGPUReconvergeCFG (IR) makes a
/// function's CFG reconverging and marks the function with the attribute
/// below; a function it cannot handle keeps the structurizing lowering and
/// no attribute. Every pass of either lowering asks usesReconvergingCF() so
/// that the two never meet in one function:
///
///   structurize: StructurizeCFG, SIAnnotateControlFlow,
///                AMDGPURewriteUndefForPHI, SILowerControlFlow
///   reconverge:  AMDGPUReconvergeCFG, SIInsertRejoinMasks,
///                SILowerReconvergingCF
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPURECONVERGINGCF_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPURECONVERGINGCF_H

#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/Register.h"

namespace llvm {

class Function;
class FunctionPass;
class GCNSubtarget;
class PassRegistry;

/// The string attribute AMDGPUReconvergeCFG puts on a function whose
/// divergent branches it annotated, with the value "reconverge".
constexpr StringLiteral CFLoweringAttr = "amdgpu-cf-lowering";

/// Metadata kind on a divergent branch whose lanes bound for the secondary
/// successor are exactly the lanes its block rejoins: those that reached the
/// block on an edge to it as primary successor. SIInsertRejoinMasks then
/// branches on the block's rejoin mask instead of the branch condition.
constexpr StringLiteral RejoinedLanesMD = "amdgpu.rejoined.lanes";

/// Metadata kind on an instruction whose value each lane must keep (in a
/// VGPR) although UniformityAnalysis takes it for uniform. In the
/// reconverging lowering, lanes that wait at a rejoin meet lanes that went
/// around a cycle on their way, which the analysis keeps apart (a phi of
/// the rejoin block brings different values from the two sides), and read
/// values that the wave computed again for other lanes meanwhile.
/// AMDGPUReconvergeCFG adds it; GCNTTIImpl::isSourceOfDivergence makes such
/// an instruction divergent.
constexpr StringLiteral KeptPerLaneMD = "amdgpu.kept.per.lane";

/// True if F's divergent control flow is lowered with rejoin masks.
bool usesReconvergingCF(const Function &F);

/// Whether llc and clang lower divergent control flow the reconverging way
/// (-amdgpu-cf-lowering=reconverge, and no older option that replaces the
/// structurizer): a choice for the whole compilation, for the hooks that see
/// no function.
bool isReconvergingCFLoweringSelected();

/// The lane-mask opcodes and the exec register of the subtarget's wave size,
/// as the machine passes of the lowering emit them.
struct LaneMaskOps {
  unsigned And, AndN2, Or, Mov, AndTerm, AndN2Term, MovTerm, XorTerm,
      OrSaveExec;
  Register Exec;
  explicit LaneMaskOps(const GCNSubtarget &ST);
};

FunctionPass *createAMDGPUReconvergeCFGPass();
void initializeAMDGPUReconvergeCFGPass(PassRegistry &);

void initializeSIInsertRejoinMasksPass(PassRegistry &);
extern char &SIInsertRejoinMasksID;

void initializeSILowerReconvergingCFPass(PassRegistry &);
extern char &SILowerReconvergingCFID;

void initializeSIRematParkedValuesPass(PassRegistry &);
extern char &SIRematParkedValuesID;

} // namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPURECONVERGINGCF_H
