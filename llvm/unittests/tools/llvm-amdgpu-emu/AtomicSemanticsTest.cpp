//===- AtomicSemanticsTest.cpp - Global/flat atomics in the emulator ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// 32-bit global and flat atomics: with glc each active lane gets the memory
// value before its own update; lanes that hit the same address are
// processed in lane order; inactive lanes neither update memory nor get a
// value. The expected values are computed by replaying the lanes in order.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "llvm/ADT/bit.h"
#include <functional>

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

/// Replays an atomic over the lanes of Exec in lane order: lane L updates
/// Mem[Slot(L)] with Op(old, L) and returns old. Returns the per-lane
/// values; Mem holds the final contents.
std::vector<uint32_t>
replay(uint64_t Exec, unsigned Lanes, std::vector<uint32_t> &Mem,
       const std::function<unsigned(unsigned)> &Slot,
       const std::function<uint32_t(uint32_t, unsigned)> &Op) {
  std::vector<uint32_t> Ret(Lanes);
  for (unsigned L = 0; L != Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    uint32_t &M = Mem[Slot(L)];
    Ret[L] = M;
    M = Op(M, L);
  }
  return Ret;
}

// global_atomic_add with saddr, 16 lanes per address, then again with only
// the odd lanes active (the even lanes keep their vdst), then with a
// negative offset.
TEST(EmuAtomic, AddDuplicateAddressesWave64) {
  const uint64_t Odd = 0xaaaaaaaaaaaaaaaaull;
  EmuRun R = runWave(GFX90A, R"(
  v_and_b32 v3, 3, v0
  v_lshlrev_b32 v3, 2, v3               ; (lane & 3) * 4
  v_add_u32 v4, 1, v0                   ; lane + 1
  v_mov_b32 v5, 0x5555
  v_mov_b32 v6, 0x6666
  global_atomic_add v5, v3, v4, s[2:3] glc
  s_mov_b64 s[10:11], exec
  s_mov_b32 exec_lo, 0xaaaaaaaa
  s_mov_b32 exec_hi, 0xaaaaaaaa
  global_atomic_add v6, v3, v4, s[2:3] offset:64 glc
  s_mov_b64 exec, s[10:11]
  v_add_u32 v3, 0x84, v3
  global_atomic_add v7, v3, v4, s[2:3] offset:-4 glc ; dwords 32-35
)");
  ASSERT_EQ(R.Error, "");
  std::vector<uint32_t> Mem(64, 0xdead);
  auto Slot = [](unsigned L) { return L & 3; };
  auto Slot16 = [](unsigned L) { return 16 + (L & 3); };
  auto Add = [](uint32_t M, unsigned L) { return M + L + 1; };
  std::vector<uint32_t> Ret = replay(~0ull, 64, Mem, Slot, Add);
  std::vector<uint32_t> RetOdd = replay(Odd, 64, Mem, Slot16, Add);
  std::vector<uint32_t> RetNeg = replay(
      ~0ull, 64, Mem, [](unsigned L) { return 32 + (L & 3); }, Add);
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(5, L), Ret[L]) << "lane " << L;
    EXPECT_EQ(R.v(7, L), RetNeg[L]) << "lane " << L;
    EXPECT_EQ(R.v(6, L), L & 1 ? RetOdd[L] : 0x6666u) << "lane " << L;
    EXPECT_EQ(R.Out[L], Mem[L]) << "dword " << L;
  }
  EXPECT_EQ(R.Out[16], 0xdeadu); // Only even lanes hit it: nothing happened.
}

// cmpswap in lane order: lane L expects the value lane L - 1 wrote, so every
// lane succeeds; with a fixed compare value only lane 0 does.
TEST(EmuAtomic, CmpSwapLaneOrder) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0
  v_mov_b32 v3, 100
  global_store_dword v2, v3, s[2:3]
  global_store_dword v2, v3, s[2:3] offset:4
  v_add_u32 v8, 0x65, v0                ; new = 101 + lane
  v_add_u32 v9, 0x64, v0                ; compare = 100 + lane
  global_atomic_cmpswap v10, v2, v[8:9], s[2:3] glc
  v_add_u32 v8, 0xc8, v0                ; new = 200 + lane
  v_mov_b32 v9, 100                     ; compare = 100
  global_atomic_cmpswap v11, v2, v[8:9], s[2:3] offset:4 glc
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(10, L), 100 + L) << "lane " << L;
    EXPECT_EQ(R.v(11, L), L == 0 ? 100u : 200u) << "lane " << L;
  }
  EXPECT_EQ(R.Out[0], 164u);
  EXPECT_EQ(R.Out[1], 200u);
}

// smax and umax return the running maximum before each lane; the same data
// is signed-negative or huge unsigned. The 64-bit vaddr form ("off").
TEST(EmuAtomic, MaxReturnsPreOpValue) {
  EmuRun R = runWave(GFX90A, R"(
  v_mul_u32_u24 v3, 37, v0
  v_and_b32 v3, 63, v3
  v_add_u32 v3, -32, v3                 ; (37 * lane) % 64 - 32
  v_mov_b32 v7, s3
  v_mov_b32 v6, s2                      ; v[6:7] = the buffer
  v_mov_b32 v4, 0x80000000
  v_mov_b32 v5, 0
  v_mov_b32 v2, 0
  global_store_dword v2, v4, s[2:3]
  global_store_dword v2, v5, s[2:3] offset:4
  global_atomic_smax v10, v[6:7], v3, off glc
  global_atomic_umax v11, v[6:7], v3, off offset:4 glc
  global_atomic_smax v[6:7], v3, off offset:8   ; no return
)");
  ASSERT_EQ(R.Error, "");
  std::vector<uint32_t> Mem(64, 0xdead);
  Mem[0] = 0x80000000;
  Mem[1] = 0;
  auto Data = [](unsigned L) { return uint32_t((37 * L) % 64 - 32); };
  std::vector<uint32_t> SMax = replay(
      ~0ull, 64, Mem, [](unsigned) { return 0; },
      [&](uint32_t M, unsigned L) {
        return uint32_t(std::max(int32_t(M), int32_t(Data(L))));
      });
  std::vector<uint32_t> UMax = replay(
      ~0ull, 64, Mem, [](unsigned) { return 1; },
      [&](uint32_t M, unsigned L) { return std::max(M, Data(L)); });
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(10, L), SMax[L]) << "lane " << L;
    EXPECT_EQ(R.v(11, L), UMax[L]) << "lane " << L;
  }
  EXPECT_EQ(R.Out[0], 31u);
  EXPECT_EQ(R.Out[1], 0xffffffffu); // -1 as unsigned.
  EXPECT_EQ(R.Out[2], 0xdeadu);     // max(0xdead, 31) signed.
}

// flat_atomic_* with 64-bit addresses: two addresses, every other lane.
TEST(EmuAtomic, FlatAtomics) {
  EmuRun R = runWave(GFX90A, R"(
  v_and_b32 v3, 1, v0
  v_lshlrev_b32 v3, 2, v3               ; (lane & 1) * 4
  v_mov_b32 v7, s3
  v_add_co_u32 v6, vcc, s2, v3
  v_addc_co_u32 v7, vcc, 0, v7, vcc     ; v[6:7] = buffer + (lane & 1) * 4
  v_add_u32 v4, 1, v0
  flat_atomic_add v10, v[6:7], v4 glc
  v_add_co_u32 v6, vcc, 8, v6
  v_addc_co_u32 v7, vcc, 0, v7, vcc     ; dwords 2 and 3
  flat_atomic_umin v11, v[6:7], v0 glc
  v_add_u32 v8, 0xdeae, v0              ; new = 0xdeae + lane
  v_mov_b32 v9, 0xdead                  ; the first lane per address hits
  flat_atomic_cmpswap v12, v[6:7], v[8:9] offset:8 glc
)");
  ASSERT_EQ(R.Error, "");
  std::vector<uint32_t> Mem(64, 0xdead);
  auto Slot = [](unsigned L) { return L & 1; };
  std::vector<uint32_t> Add = replay(
      ~0ull, 64, Mem, Slot, [](uint32_t M, unsigned L) { return M + L + 1; });
  std::vector<uint32_t> UMin = replay(
      ~0ull, 64, Mem, [](unsigned L) { return 2 + (L & 1); },
      [](uint32_t M, unsigned L) { return std::min<uint32_t>(M, L); });
  std::vector<uint32_t> Cas = replay(
      ~0ull, 64, Mem, [](unsigned L) { return 4 + (L & 1); },
      [](uint32_t M, unsigned L) { return M == 0xdead ? 0xdeae + L : M; });
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(10, L), Add[L]) << "lane " << L;
    EXPECT_EQ(R.v(11, L), UMin[L]) << "lane " << L;
    EXPECT_EQ(R.v(12, L), Cas[L]) << "lane " << L;
  }
  for (unsigned D = 0; D != 6; ++D)
    EXPECT_EQ(R.Out[D], Mem[D]) << "dword " << D;
}

// Wave32: 32 lanes, 8 per address, a partial EXEC.
TEST(EmuAtomic, AddWave32) {
  const uint32_t Exec = 0x0ff000ff;
  EmuRun R = runWave(GFX1030, R"(
  v_and_b32 v3, 3, v0
  v_lshlrev_b32 v3, 2, v3
  v_add_nc_u32 v4, 1, v0
  v_mov_b32 v5, 0x5555
  s_mov_b32 exec_lo, 0x0ff000ff
  global_atomic_add v5, v3, v4, s[2:3] glc
  s_mov_b32 exec_lo, -1
)");
  ASSERT_EQ(R.Error, "");
  std::vector<uint32_t> Mem(64, 0xdead);
  std::vector<uint32_t> Ret = replay(
      Exec, 32, Mem, [](unsigned L) { return L & 3; },
      [](uint32_t M, unsigned L) { return M + L + 1; });
  for (unsigned L = 0; L != 32; ++L)
    EXPECT_EQ(R.v(5, L), (Exec >> L) & 1 ? Ret[L] : 0x5555u) << "lane " << L;
  for (unsigned D = 0; D != 4; ++D)
    EXPECT_EQ(R.Out[D], Mem[D]) << "dword " << D;
}

RunOptions lanes(unsigned N) {
  RunOptions O;
  O.Lanes = N;
  return O;
}

// 64-bit compare-swap: vdata is {new value, compare}, both 64-bit. Lanes 0-3
// each own a qword holding 0x1_0000_0000 * 5; the even lanes compare with
// the right value and swap, the odd ones do not; every lane gets the old
// value.
TEST(EmuAtomic, CmpSwapX2) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v10, 0
  v_mov_b32 v11, 5
  v_lshlrev_b32 v3, 3, v0               ; lane * 8
  global_store_dwordx2 v3, v[10:11], s[2:3]
  s_waitcnt vmcnt(0)
  v_mov_b32 v4, v0                      ; new value: {lane, 7}
  v_mov_b32 v5, 7
  v_mov_b32 v6, 0                       ; compare: {0, 5} or {0, 6}
  v_and_b32 v7, 1, v0
  v_add_u32 v7, 5, v7
  global_atomic_cmpswap_x2 v[8:9], v3, v[4:7], s[2:3] glc
)",
                     lanes(4));
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 4; ++L) {
    EXPECT_EQ(R.v64(8, L), 5ull << 32) << "lane " << L;
    uint64_t Mem = R.Out[2 * L] | uint64_t(R.Out[2 * L + 1]) << 32;
    EXPECT_EQ(Mem, L & 1 ? 5ull << 32 : (7ull << 32 | L)) << "lane " << L;
  }
}

// 64-bit add and unsigned max on one qword each, lanes in order.
TEST(EmuAtomic, AddAndMaxX2) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v3, 0
  v_mov_b32 v4, -1                      ; 0x0000_0000_ffff_ffff + lane
  v_mov_b32 v5, 0
  v_add_co_u32 v4, vcc, v4, v0
  v_addc_co_u32 v5, vcc, 0, v5, vcc
  global_atomic_add_x2 v[6:7], v3, v[4:5], s[2:3] glc
  global_atomic_umax_x2 v3, v[4:5], s[2:3] offset:8
)",
                     lanes(8));
  ASSERT_EQ(R.Error, "");
  // The qword starts as the buffer's fill, 0xdead in each dword.
  const uint64_t Fill = 0xdeadull << 32 | 0xdead;
  uint64_t Sum = Fill, Max = 0;
  for (unsigned L = 0; L != 8; ++L) {
    uint64_t V = 0xffffffffull + L;
    EXPECT_EQ(R.v64(6, L), Sum) << "lane " << L;
    Sum += V;
    Max = std::max(Max, V);
  }
  EXPECT_EQ(R.Out[0] | uint64_t(R.Out[1]) << 32, Sum);
  EXPECT_EQ(R.Out[2] | uint64_t(R.Out[3]) << 32, std::max(Max, Fill));
}

// Floating-point atomic adds on global memory and LDS (gfx90a), in lane
// order: each lane adds 0.5 * (lane + 1); the returning forms give the sum
// before the lane's own addition.
TEST(EmuAtomic, FloatAdd) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v3, 0
  v_mov_b32 v10, 0
  global_store_dword v3, v10, s[2:3]
  global_store_dwordx2 v3, v[10:11], s[2:3] offset:8
  s_waitcnt vmcnt(0)
  v_add_u32 v4, 1, v0
  v_cvt_f32_u32 v4, v4
  v_mul_f32 v4, 0.5, v4                 ; 0.5 * (lane + 1)
  v_cvt_f64_f32 v[6:7], v4
  global_atomic_add_f32 v5, v3, v4, s[2:3] glc
  global_atomic_add_f64 v[8:9], v3, v[6:7], s[2:3] offset:8 glc
  ds_write_b32 v3, v10
  ds_write_b64 v3, v[10:11] offset:8
  s_waitcnt lgkmcnt(0)
  ds_add_rtn_f32 v12, v3, v4
  ds_add_f64 v3, v[6:7] offset:8
  s_waitcnt lgkmcnt(0)
  ds_read_b64 v[14:15], v3 offset:8
  s_waitcnt lgkmcnt(0)
)",
                     lanes(16));
  ASSERT_EQ(R.Error, "");
  float SumF = 0;
  for (unsigned L = 0; L != 16; ++L) {
    EXPECT_EQ(llvm::bit_cast<float>(R.v(5, L)), SumF) << "lane " << L;
    EXPECT_EQ(llvm::bit_cast<float>(R.v(12, L)), SumF) << "lane " << L;
    EXPECT_EQ(llvm::bit_cast<double>(R.v64(8, L)), double(SumF)) << L;
    SumF += 0.5f * (L + 1);
  }
  EXPECT_EQ(llvm::bit_cast<float>(R.Out[0]), SumF);
  EXPECT_EQ(llvm::bit_cast<double>(R.Out[2] | uint64_t(R.Out[3]) << 32),
            double(SumF));
  EXPECT_EQ(llvm::bit_cast<double>(R.v64(14, 0)), double(SumF));
}

} // namespace
