//===- Memory.cpp - Global memory of the wave emulator --------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Memory.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

/// Unmapped bytes between two allocations: more than a 32-bit index scaled
/// by an 8-byte element reaches, so that an index computed in 32 bits (or a
/// negative one) never lands in another buffer.
static constexpr uint64_t GuardGap = 1ull << 35;

/// Allocations stay below the flat apertures (ExecutorImpl.h).
static constexpr uint64_t AllocationLimit = 1ull << 47;

uint64_t GlobalMemory::allocate(uint64_t Size, std::string Name) {
  uint64_t Base = Next;
  if (Size > AllocationLimit - Base)
    report_fatal_error("llvm-amdgpu-emu: global memory allocations exceed "
                       "the emulated address space");
  Allocs[Base] = Alloc{std::move(Name), std::vector<uint8_t>(Size, 0)};
  Next = alignTo(Base + Size + GuardGap, 1ull << 16);
  LastData = nullptr;
  LastBase = LastEnd = 0;
  return Base;
}

std::vector<uint8_t> &GlobalMemory::map(uint64_t Base, uint64_t Size,
                                        std::string Name) {
  Allocs[Base] = Alloc{std::move(Name), std::vector<uint8_t>(Size, 0)};
  LastData = nullptr;
  LastBase = LastEnd = 0;
  return Allocs[Base].Bytes;
}

uint8_t *GlobalMemory::translate(uint64_t Addr, uint64_t Size) {
  if (LastData && Addr >= LastBase && Size <= LastEnd - LastBase &&
      Addr - LastBase <= LastEnd - LastBase - Size)
    return LastData + (Addr - LastBase);
  auto It = Allocs.upper_bound(Addr);
  if (It == Allocs.begin())
    return nullptr;
  --It;
  uint64_t Base = It->first, Len = It->second.Bytes.size();
  if (Size > Len || Addr - Base > Len - Size)
    return nullptr;
  LastBase = Base;
  LastEnd = Base + Len;
  LastData = It->second.Bytes.data();
  return LastData + (Addr - Base);
}
