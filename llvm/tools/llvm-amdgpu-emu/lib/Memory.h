//===- Memory.h - Global memory of the wave emulator -------------*- C++
//-*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Global memory as a set of allocations (buffers). Each allocation has its own
// 64-bit address range, separated from the next by an unmapped guard gap, so
// an access that runs off the end of a buffer hits no other buffer. Every
// access must lie entirely inside one allocation; anything else is a fault
// the caller reports with the instruction, lane and address.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_MEMORY_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_MEMORY_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

class GlobalMemory {
public:
  /// Allocates Size bytes (zeroed) and returns the base address.
  uint64_t allocate(uint64_t Size, std::string Name);

  /// Maps Size zeroed bytes at the fixed address Base, which must lie below
  /// every address allocate() returns (4 GiB and up).
  std::vector<uint8_t> &map(uint64_t Base, uint64_t Size, std::string Name);

  /// The host bytes of [Addr, Addr + Size), or null if that range is not
  /// entirely inside one allocation.
  uint8_t *translate(uint64_t Addr, uint64_t Size);

  /// The allocation that starts at Base.
  std::vector<uint8_t> &buffer(uint64_t Base) { return Allocs.at(Base).Bytes; }

private:
  struct Alloc {
    std::string Name;
    std::vector<uint8_t> Bytes;
  };
  std::map<uint64_t, Alloc> Allocs;
  uint64_t Next = 0x100000000ull; ///< Above 4 GiB: catches 32-bit truncation.
  /// A one-entry cache of the last allocation hit.
  uint64_t LastBase = 0, LastEnd = 0;
  uint8_t *LastData = nullptr;
};

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_MEMORY_H
