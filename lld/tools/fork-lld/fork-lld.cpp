//===- fork-lld.cpp - The fork's ELF-only lld driver ----------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
/// \file
/// The `lld` / `ld.lld` of the fork: upstream lld's ELF port linked with the
/// fork's AMDGPU target and passes. Device code reaches the linker as bitcode
/// whenever clang links it with LTO (HIP -fgpu-rdc, OpenMP offload, -flto),
/// and lld's LTO step then runs the -O pipeline and the code generator it is
/// linked with; clang also forwards -mllvm options to it as -plugin-opt. With
/// Debian's lld both would be Debian's LLVM, not the fork.
///
/// amdgcn code objects are ELF, so the driver links only the ELF port
/// (flavor `gnu`: invoked as `ld.lld`, or as `lld -flavor gnu` as the HIP
/// toolchain does). Upstream's lld.cpp links every port.
//
//===----------------------------------------------------------------------===//

#include "lld/Common/Driver.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

LLD_HAS_DRIVER(elf)

namespace lld {
// Defined in lld/Common/DriverDispatcher.cpp and declared by upstream's
// lld.cpp, not by a header: lldMain without the crash recovery.
int unsafeLldMain(llvm::ArrayRef<const char *> Args,
                  llvm::raw_ostream &StdoutOS, llvm::raw_ostream &StderrOS,
                  llvm::ArrayRef<DriverDef> Drivers, bool ExitEarly);
} // namespace lld

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  llvm::sys::Process::UseANSIEscapeCodes(true);
  llvm::ArrayRef<const char *> Args(Argv, Argv + Argc);
  // As upstream's lld outside its tests: exit without freeing memory.
  return lld::unsafeLldMain(Args, llvm::outs(), llvm::errs(),
                            {{lld::Gnu, &lld::elf::link}},
                            /*exitEarly=*/true);
}
