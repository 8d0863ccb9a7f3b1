//===- MemoryIsolationTest.cpp - Accesses outside every buffer fault ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every global access must lie inside one allocation (docs/Emulator.md): an
// access past the end of a buffer faults instead of landing in the next
// buffer, however far past the end an index computed in 32 bits reaches.
// The kernarg segment is allocated after the output buffer, so a store that
// runs off the output buffer's end far enough would corrupt the kernel's
// arguments if the guard between allocations were too small.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "Memory.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

/// Stores to the output buffer's address plus Offset (a 64-bit constant).
std::string storeAt(int64_t Offset) {
  return formatv(R"(
  s_add_u32 s4, s2, {0}
  s_addc_u32 s5, s3, {1}
  v_mov_b32 v0, 0
  v_mov_b32 v1, 7
  global_store_dword v0, v1, s[4:5]
)",
                 uint32_t(Offset), int32_t(uint64_t(Offset) >> 32))
      .str();
}

TEST(EmuMemoryIsolation, StoresPastTheEndFault) {
  // 1 MiB + 64 KiB past the start of a 256-byte buffer, the largest 32-bit
  // index of 4 and 8 byte elements, and before the start.
  for (int64_t Offset :
       {int64_t(0x110000), int64_t(0x7fffffffll * 4), int64_t(0x7fffffffll * 8),
        int64_t(0xffffffffll * 8), int64_t(-4), int64_t(-0x80000000ll * 8)}) {
    EmuRun R = runWave(GFX90A, storeAt(Offset), {});
    EXPECT_NE(R.Error.find("are outside every buffer"), std::string::npos)
        << "offset " << Offset << ": " << R.Error;
  }
  EmuRun R = runWave(GFX90A, storeAt(252), {});
  EXPECT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[63], 7u);
}

TEST(EmuMemoryIsolation, AllocationsAreFarApart) {
  GlobalMemory M;
  uint64_t A = M.allocate(16, "a"), B = M.allocate(1 << 20, "b");
  EXPECT_GE(B - (A + 16), uint64_t(0xffffffff) * 8);
  EXPECT_EQ(M.translate(A + 16, 4), nullptr);
  EXPECT_EQ(M.translate(B - 4, 4), nullptr);
  EXPECT_NE(M.translate(B + (1 << 20) - 4, 4), nullptr);
  EXPECT_EQ(M.translate(B + (1 << 20) - 2, 4), nullptr);
}

// A kernel whose metadata asks for more scratch than a wave can have is
// refused with an error, not an allocation failure.
TEST(EmuMemoryIsolation, PrivateSegmentLimit) {
  RunOptions O;
  O.PrivateSegmentFixedSize = 0xffffffff;
  EmuRun R = runWave(GFX90A, "", O);
  EXPECT_NE(R.Error.find(".private_segment_fixed_size 4294967295 per "
                         "work-item exceeds the 8387584 bytes of scratch a "
                         "wave of 64 can have"),
            std::string::npos)
      << R.Error;
  O.PrivateSegmentFixedSize = 8387584 / 64;
  EXPECT_EQ(runWave(GFX90A, "", O).Error, "");
  O.PrivateSegmentFixedSize = 8387584 / 32 + 1;
  EXPECT_NE(runWave(GFX1030, "", O).Error, "");
}

} // namespace
