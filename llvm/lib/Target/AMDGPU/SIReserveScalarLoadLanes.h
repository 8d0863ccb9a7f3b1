//===- SIReserveScalarLoadLanes.h - Unread lanes of in-flight SMEM loads --===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_AMDGPU_SIRESERVESCALARLOADLANES_H
#define LLVM_LIB_TARGET_AMDGPU_SIRESERVESCALARLOADLANES_H

namespace llvm {

class PassRegistry;

void initializeSIReserveScalarLoadLanesPass(PassRegistry &);
extern char &SIReserveScalarLoadLanesID;

} // namespace llvm

#endif // LLVM_LIB_TARGET_AMDGPU_SIRESERVESCALARLOADLANES_H
