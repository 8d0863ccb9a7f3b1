//===- AMDGPUWaveUniformBranch.h - Branches a wave takes one way -*- C++ -*-==//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_AMDGPUWAVEUNIFORMBRANCH_H
#define LLVM_LIB_TARGET_AMDGPU_AMDGPUWAVEUNIFORMBRANCH_H

#include <array>
#include <cstdint>
#include <optional>

namespace llvm {

class BasicBlock;
class BranchInst;
class DominatorTree;
class Function;

namespace AMDGPU {

/// The workgroup size (x, y, z) that \p F's reqd_work_group_size metadata
/// requires; none if it has none (or one that is not three integers, which
/// AMDGPUSubtarget does not accept either).
std::optional<std::array<uint64_t, 3>> getReqdWorkGroupSize(const Function &F);

/// True if \p Br is a divergent branch that each wavefront of a typical
/// launch takes one way only: its condition compares the work-item x id with
/// a boundary that is a multiple of \p WavefrontSize (see
/// AMDGPUWaveUniformBranch.cpp for the assumption this makes).
bool isUniformPerWaveBranch(const BranchInst &Br, unsigned WavefrontSize);

/// True if at most one lane of each wavefront of a typical launch runs \p BB:
/// an edge taken only where the work-item x id (or the global x id) equals a
/// uniform value dominates it, or BB's function is internal and only called
/// by kernels right behind such an edge; and a wavefront holds distinct x
/// ids.
bool isOneLanePerWaveBlock(const BasicBlock &BB, const DominatorTree &DT,
                           unsigned WavefrontSize);

/// The successor of \p Br that only the lane whose global x id equals a
/// uniform value takes (`if (get_global_id(0) == 0)`), so that in a typical
/// (one-dimensional) launch one lane of the whole dispatch takes it; null if
/// there is none.
const BasicBlock *getOneLanePerDispatchSuccessor(const BranchInst &Br);

} // end namespace AMDGPU
} // end namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_AMDGPUWAVEUNIFORMBRANCH_H
