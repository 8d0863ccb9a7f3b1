//===-- PollyPluginInfo.cpp - Polly stand-in for the fork's tools ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Debian builds LLVM with Polly linked into the tools, so its
// llvm/Support/Extension.def names Polly and the static clang and opt code
// calls getPollyPluginInfo(). The fork does not link Polly: this plugin
// registers nothing, so the pipelines are those of a build without Polly
// (Polly's passes only run when asked for with -polly anyway).
//
//===----------------------------------------------------------------------===//

#include "llvm/Passes/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked into the fork)",
          LLVM_VERSION_STRING, [](llvm::PassBuilder &) {}};
}
