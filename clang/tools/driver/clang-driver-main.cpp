//===-- clang-driver-main.cpp - Entry point of the fork's clang -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's build generates this file from
// llvm/cmake/modules/llvm-driver-template.cpp.in (GENERATE_DRIVER). The fork
// links clang without upstream's CMake, so it carries the same entry point.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/LLVMDriver.h"

int clang_main(int Argc, char **Argv, const llvm::ToolContext &);

int main(int Argc, char **Argv) {
  return clang_main(Argc, Argv, {Argv[0], nullptr, false});
}
