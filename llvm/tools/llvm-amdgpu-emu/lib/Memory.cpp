//===- Memory.cpp - Global memory of the wave emulator --------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Memory.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

/// Unmapped bytes between two allocations.
static constexpr uint64_t GuardGap = 1ull << 20;

uint64_t GlobalMemory::allocate(uint64_t Size, std::string Name) {
  uint64_t Base = Next;
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
