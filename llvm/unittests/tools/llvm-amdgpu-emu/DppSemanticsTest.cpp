//===- DppSemanticsTest.cpp - DPP source lanes in the emulator ------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// DPP (data-parallel primitives): src0 of a VOP1/VOP2 instruction read from
// the lane dpp_ctrl (or DPP8's selects) names, bound_ctrl, row_mask,
// bank_mask and fi, on gfx90a (wave64) and gfx1030 (wave32 and wave64).
// v0 holds the lane id; each destination is first set to Old(L) = 1000 + L,
// so a lane the instruction does not write is told apart from one that
// reads a source lane. The expected values come from the DPP tables of the
// AMD ISA manuals (rows of 16 lanes, banks of 4 lanes of a row).
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include <functional>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

constexpr EmuTarget GFX1030W64{"gfx1030", 64};

/// The value of a lane the DPP instruction does not write: its old vdst.
constexpr int Keep = -1;

uint32_t oldValue(unsigned L) { return 1000 + L; }

/// One DPP instruction: its text (vdst is v{N}, src0 v0), and the lane
/// whose id lane L gets, or Keep.
struct DppCase {
  std::string Ctrl;
  std::function<int(unsigned)> Src;
};

/// Runs every case as `v_mov_b32_dpp v{10+i}, v0 <ctrl>` after setting v{10+i}
/// to Old(L), and checks each lane of each destination.
void checkMoves(EmuTarget T, ArrayRef<DppCase> Cases) {
  std::string Body = "v_add_u32 v1, 1000, v0\n";
  if (T.CPU.starts_with("gfx10"))
    Body = "v_add_nc_u32 v1, 1000, v0\n";
  for (unsigned N = 0; N != Cases.size(); ++N)
    Body += formatv("v_mov_b32 v{0}, v1\nv_mov_b32_dpp v{0}, v0 {1}\n", 10 + N,
                    Cases[N].Ctrl)
                .str();
  RunOptions O;
  O.VGPRCount = 64;
  EmuRun R = runWave(T, Body, O);
  ASSERT_EQ(R.Error, "");
  for (unsigned N = 0; N != Cases.size(); ++N)
    for (unsigned L = 0; L != T.WaveSize; ++L) {
      int S = Cases[N].Src(L);
      uint32_t Want = S == Keep ? oldValue(L) : uint32_t(S);
      EXPECT_EQ(R.v(10 + N, L), Want) << Cases[N].Ctrl << ", lane " << L;
    }
}

unsigned row(unsigned L) { return L / 16; }
unsigned inRow(unsigned L) { return L % 16; }
unsigned rowBase(unsigned L) { return L & ~15u; }

// The controls both generations share, with the default masks (0xf) and
// bound_ctrl clear: an out-of-range source leaves the lane unwritten.
std::vector<DppCase> commonCases() {
  return {
      // quad_perm:[a,b,c,d]: lane 4q+i reads 4q+sel[i].
      {"quad_perm:[1,0,3,2]", [](unsigned L) { return int(L ^ 1); }},
      {"quad_perm:[3,2,1,0]",
       [](unsigned L) { return int((L & ~3u) | (3 - L % 4)); }},
      {"quad_perm:[0,0,0,0]", [](unsigned L) { return int(L & ~3u); }},
      {"quad_perm:[2,3,0,1]", [](unsigned L) { return int(L ^ 2); }},
      // row_shl:n: lane L reads L+n while that stays in the row.
      {"row_shl:1",
       [](unsigned L) { return inRow(L) < 15 ? int(L + 1) : Keep; }},
      {"row_shl:15",
       [](unsigned L) { return inRow(L) == 0 ? int(L + 15) : Keep; }},
      // row_shr:n: lane L reads L-n while that stays in the row.
      {"row_shr:1",
       [](unsigned L) { return inRow(L) >= 1 ? int(L - 1) : Keep; }},
      {"row_shr:15",
       [](unsigned L) { return inRow(L) == 15 ? int(L - 15) : Keep; }},
      // row_ror:n: lane L reads L-n modulo its row (never out of range).
      {"row_ror:1",
       [](unsigned L) { return int(rowBase(L) + (inRow(L) + 15) % 16); }},
      {"row_ror:4",
       [](unsigned L) { return int(rowBase(L) + (inRow(L) + 12) % 16); }},
      {"row_ror:15",
       [](unsigned L) { return int(rowBase(L) + (inRow(L) + 1) % 16); }},
      // row_mirror: lane i of a row reads lane 15-i; row_half_mirror: lane i
      // of 8 reads lane 7-i.
      {"row_mirror",
       [](unsigned L) { return int(rowBase(L) + 15 - inRow(L)); }},
      {"row_half_mirror",
       [](unsigned L) { return int((L & ~7u) + 7 - L % 8); }},
  };
}

TEST(EmuDpp, CommonControlsWave64) { checkMoves(GFX90A, commonCases()); }
TEST(EmuDpp, CommonControlsWave32) { checkMoves(GFX1030, commonCases()); }
TEST(EmuDpp, CommonControlsGfx10Wave64) {
  checkMoves(GFX1030W64, commonCases());
}

// gfx9's wave-wide shifts and rotates by one lane, and the row broadcasts
// (with the row masks compilers use: rows 1 and 3 for row_bcast:15, rows 2
// and 3 for row_bcast:31; the other rows are not written).
TEST(EmuDpp, Gfx9WaveControls) {
  checkMoves(
      GFX90A,
      {
          // wave_shl:1: lane L reads L+1; lane 63 has no source.
          {"wave_shl:1", [](unsigned L) { return L < 63 ? int(L + 1) : Keep; }},
          // wave_rol:1: lane 63 reads lane 0.
          {"wave_rol:1", [](unsigned L) { return int((L + 1) % 64); }},
          // wave_shr:1: lane L reads L-1; lane 0 has no source.
          {"wave_shr:1", [](unsigned L) { return L > 0 ? int(L - 1) : Keep; }},
          // wave_ror:1: lane 0 reads lane 63.
          {"wave_ror:1", [](unsigned L) { return int((L + 63) % 64); }},
          // row_bcast:15: row r reads lane 16r - 1 (15 for row 1, 47 for 3).
          {"row_bcast:15 row_mask:0xa",
           [](unsigned L) { return row(L) % 2 ? int(rowBase(L) - 1) : Keep; }},
          // row_bcast:31: rows 2 and 3 read lane 31.
          {"row_bcast:31 row_mask:0xc",
           [](unsigned L) { return row(L) >= 2 ? 31 : Keep; }},
      });
}

// gfx10's row_share and row_xmask.
std::vector<DppCase> gfx10Cases() {
  return {
      // row_share:n: every lane of a row reads lane n of the row.
      {"row_share:0", [](unsigned L) { return int(rowBase(L)); }},
      {"row_share:5", [](unsigned L) { return int(rowBase(L) + 5); }},
      {"row_share:15", [](unsigned L) { return int(rowBase(L) + 15); }},
      // row_xmask:n: lane i of a row reads lane i ^ n of the row.
      {"row_xmask:1", [](unsigned L) { return int(L ^ 1); }},
      {"row_xmask:3", [](unsigned L) { return int(L ^ 3); }},
      {"row_xmask:15",
       [](unsigned L) { return int(rowBase(L) + (inRow(L) ^ 15)); }},
  };
}

TEST(EmuDpp, Gfx10RowControlsWave32) { checkMoves(GFX1030, gfx10Cases()); }
TEST(EmuDpp, Gfx10RowControlsWave64) { checkMoves(GFX1030W64, gfx10Cases()); }

// bound_ctrl (BC) gives an invalid source lane the value 0 instead of
// leaving the lane unwritten; row_mask and bank_mask disable the writes of
// rows (16 lanes) and banks (lanes 4b to 4b+3 of every row), and leave the
// lanes they disable valid as sources.
TEST(EmuDpp, BoundCtrlAndMasksWave64) {
  checkMoves(
      GFX90A,
      {
          // row_shr:1 with BC: the first lane of each row reads 0.
          {"row_shr:1 bound_ctrl:1",
           [](unsigned L) { return inRow(L) ? int(L - 1) : 0; }},
          // wave_shl:1 with BC: lane 63 reads 0.
          {"wave_shl:1 bound_ctrl:1",
           [](unsigned L) { return L < 63 ? int(L + 1) : 0; }},
          // row_mask:0x5: only rows 0 and 2 are written.
          {"quad_perm:[1,0,3,2] row_mask:0x5",
           [](unsigned L) { return row(L) % 2 == 0 ? int(L ^ 1) : Keep; }},
          // bank_mask:0x2: only lanes 4-7 of each row are written.
          {"quad_perm:[1,0,3,2] bank_mask:0x2",
           [](unsigned L) { return inRow(L) / 4 == 1 ? int(L ^ 1) : Keep; }},
          // row_shl:1, BC, row 0 only: lanes 0-14 read L+1; lane 15's
          // source would be lane 16, outside its row: 0.
          {"row_shl:1 row_mask:0x1 bound_ctrl:1",
           [](unsigned L) {
             if (row(L) != 0)
               return Keep;
             return L < 15 ? int(L + 1) : 0;
           }},
          // row_ror:1 with row 1 disabled: row 1 keeps its old values, the
          // other rows rotate within themselves.
          {"row_ror:1 row_mask:0xd",
           [](unsigned L) {
             return row(L) == 1 ? Keep : int(rowBase(L) + (inRow(L) + 15) % 16);
           }},
          // row_bcast:15 into row 1 only, whose source (lane 15) lies in the
          // disabled row 0: still a valid source.
          {"row_bcast:15 row_mask:0x2",
           [](unsigned L) { return row(L) == 1 ? 15 : Keep; }},
      });
}

TEST(EmuDpp, BoundCtrlAndMasksWave32) {
  checkMoves(GFX1030,
             {
                 {"row_shr:1 bound_ctrl:1",
                  [](unsigned L) { return inRow(L) ? int(L - 1) : 0; }},
                 {"row_shl:3 bound_ctrl:1",
                  [](unsigned L) { return inRow(L) < 13 ? int(L + 3) : 0; }},
                 // row_mask:0x1: row 1 (lanes 16-31) is not written.
                 {"row_share:2 row_mask:0x1",
                  [](unsigned L) { return row(L) == 0 ? 2 : Keep; }},
                 // bank_mask:0x9: banks 0 and 3 (lanes 0-3 and 12-15 of a row).
                 {"row_mirror bank_mask:0x9",
                  [](unsigned L) {
                    unsigned B = inRow(L) / 4;
                    return B == 0 || B == 3 ? int(rowBase(L) + 15 - inRow(L))
                                            : Keep;
                  }},
             });
}

// A source lane that EXEC disables is invalid (unless gfx10's fi is set):
// without BC the lane is not written, with BC it reads 0. Lanes EXEC
// disables are never written. Here v1 = 100 + lane and lane 0 is inactive.
TEST(EmuDpp, InactiveSourceWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_add_u32 v1, 100, v0
  v_add_u32 v10, 1000, v0
  v_add_u32 v11, 1000, v0
  s_mov_b64 exec, -2
  v_mov_b32_dpp v10, v1 row_shr:1
  v_mov_b32_dpp v11, v1 row_shr:1 bound_ctrl:1
  s_mov_b64 exec, -1
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 64; ++L) {
    // Lane 0 is inactive: not written. Lane 1's source (lane 0) is
    // inactive: not written without BC, 0 with it. Row starts (16, 32, 48)
    // have no source: the same.
    bool NoSource = L == 1 || inRow(L) == 0;
    uint32_t Want10 = L == 0 || NoSource ? 1000 + L : 100 + (L - 1);
    uint32_t Want11 = L == 0 ? 1000 : NoSource ? 0 : 100 + (L - 1);
    EXPECT_EQ(R.v(10, L), Want10) << "lane " << L;
    EXPECT_EQ(R.v(11, L), Want11) << "lane " << L;
  }
}

// gfx10: fi:1 fetches an inactive source lane; DPP8's lane selects, with an
// inactive source reading 0 unless fi:1. v1 = 100 + lane, lane 0 inactive.
TEST(EmuDpp, FetchInactiveAndDpp8Wave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_add_nc_u32 v1, 100, v0
  v_add_nc_u32 v10, 1000, v0
  v_add_nc_u32 v11, 1000, v0
  v_add_nc_u32 v12, 1000, v0
  v_add_nc_u32 v13, 1000, v0
  v_add_nc_u32 v14, 1000, v0
  v_mov_b32_dpp v14, v1 dpp8:[7,6,5,4,3,2,1,0]
  s_mov_b32 exec_lo, -2
  v_mov_b32_dpp v10, v1 row_shr:1
  v_mov_b32_dpp v11, v1 row_shr:1 fi:1
  v_mov_b32_dpp v12, v1 dpp8:[0,0,0,0,0,0,0,0]
  v_mov_b32_dpp v13, v1 dpp8:[0,0,0,0,0,0,0,0] fi:1
  s_mov_b32 exec_lo, -1
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 32; ++L) {
    uint32_t Old = 1000 + L;
    // dpp8:[7,...,0] with every lane active: lane L reads (L & ~7) + 7 - L%8.
    EXPECT_EQ(R.v(14, L), 100 + (L & ~7u) + 7 - L % 8) << "lane " << L;
    if (L == 0) { // Inactive: never written.
      for (unsigned V = 10; V != 14; ++V)
        EXPECT_EQ(R.v(V, L), Old) << "v" << V;
      continue;
    }
    // row_shr:1: lane 1's source, lane 0, is inactive: not written, but
    // read with fi:1 (its v1 is 100). Row starts have no source.
    uint32_t Shr = inRow(L) == 0 ? Old : 100 + (L - 1);
    EXPECT_EQ(R.v(10, L), L == 1 ? Old : Shr) << "lane " << L;
    EXPECT_EQ(R.v(11, L), L == 1 ? 100u : Shr) << "lane " << L;
    // dpp8 all-zero selects: lane L reads lane L & ~7; lanes 1-7 read the
    // inactive lane 0: 0 without fi, its value 100 with fi:1.
    uint32_t First = 100 + (L & ~7u);
    EXPECT_EQ(R.v(12, L), L < 8 ? 0u : First) << "lane " << L;
    EXPECT_EQ(R.v(13, L), First) << "lane " << L;
  }
}

// A VOP2 instruction: only src0 is read across lanes; src1 and the old vdst
// are the lane's own. v1 = 2 * lane.
TEST(EmuDpp, Vop2Wave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_lshlrev_b32 v1, 1, v0
  v_add_u32_dpp v2, v0, v1 row_shr:1 bound_ctrl:1
  v_mov_b32 v3, 7
  v_add_u32_dpp v3, v0, v1 row_shr:1
  v_cvt_f32_u32 v4, v0
  v_add_f32_dpp v5, -v4, v4 quad_perm:[1,0,3,2]
  v_mov_b32 v7, -1
  v_add_co_u32_dpp v6, vcc, v0, v7 row_shr:1 bound_ctrl:1
  s_mov_b64 s[4:5], vcc
  v_sub_u32_dpp v8, v1, v0 row_mirror
)");
  ASSERT_EQ(R.Error, "");
  uint64_t Carry = 0;
  for (unsigned L = 0; L != 64; ++L) {
    // src0 = lane L-1's id (0 with BC at a row start), src1 = 2L.
    uint32_t Src0 = inRow(L) ? L - 1 : 0;
    EXPECT_EQ(R.v(2, L), Src0 + 2 * L) << "lane " << L;
    // Without BC a row start keeps its old value 7.
    EXPECT_EQ(R.v(3, L), inRow(L) ? (L - 1) + 2 * L : 7u) << "lane " << L;
    // -(float)(L ^ 1) + (float)L: -1.0 for even lanes, +1.0 for odd ones.
    EXPECT_EQ(R.v(5, L), L % 2 ? 0x3f800000u : 0xbf800000u) << "lane " << L;
    // Src0 + 0xffffffff: Src0 - 1 with a carry out when Src0 >= 1.
    EXPECT_EQ(R.v(6, L), Src0 - 1) << "lane " << L;
    if (Src0 >= 1)
      Carry |= uint64_t(1) << L;
    // row_mirror of v1 (2 * lane) minus the lane id.
    EXPECT_EQ(R.v(8, L), 2 * (rowBase(L) + 15 - inRow(L)) - L) << "lane " << L;
  }
  EXPECT_EQ(R.s64(4), Carry);
  // That is every lane but 0, 1, 16, 32 and 48.
  EXPECT_EQ(Carry, ~uint64_t(0) & ~0x0001000100010003ull);
}

TEST(EmuDpp, Vop2Wave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_lshlrev_b32 v1, 1, v0
  v_add_nc_u32_dpp v2, v0, v1 row_xmask:1
  v_mov_b32 v3, 7
  v_add_nc_u32_dpp v3, v0, v1 row_shl:2
  v_cvt_f32_u32 v4, v0
  v_mul_f32_dpp v5, v4, v4 row_share:3
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 32; ++L) {
    EXPECT_EQ(R.v(2, L), (L ^ 1) + 2 * L) << "lane " << L;
    EXPECT_EQ(R.v(3, L), inRow(L) < 14 ? (L + 2) + 2 * L : 7u) << "lane " << L;
    // (float)(rowBase + 3) * (float)L, exact for these small integers.
    float Want = float(rowBase(L) + 3) * float(L);
    EXPECT_EQ(R.v(5, L), bit_cast<uint32_t>(Want)) << "lane " << L;
  }
}

// What the emulator does not implement is refused with the control named.
TEST(EmuDpp, Refused) {
  struct {
    EmuTarget T;
    const char *Asm, *Message;
  } Cases[] = {
      // gfx90a's row_newbcast (the encoding of gfx10's row_share).
      {GFX90A, "v_mov_b32_dpp v1, v0 row_newbcast:1",
       "DPP control row_newbcast:1 not implemented"},
      // row_bcast:15 into row 0, which it does not broadcast to.
      {GFX90A, "v_mov_b32_dpp v1, v0 row_bcast:15",
       "row_bcast:15 into lane 0, which it does not broadcast to"},
      {GFX90A, "v_mov_b32_dpp v1, v0 row_bcast:31 row_mask:0xe",
       "row_bcast:31 into lane 16, which it does not broadcast to"},
      // A carry-out with lanes DPP does not write.
      {GFX90A, "v_add_co_u32_dpp v1, vcc, v0, v0 row_shr:1",
       "DPP that disables the write of an active lane"},
  };
  for (const auto &C : Cases) {
    EmuRun R = runWave(C.T, C.Asm);
    EXPECT_NE(R.Error.find(C.Message), std::string::npos)
        << C.Asm << ": " << R.Error;
  }
  // With the carry-out's every lane written it runs.
  EmuRun R = runWave(GFX90A, "v_add_co_u32_dpp v1, vcc, v0, v0 row_shr:1 "
                             "bound_ctrl:1");
  EXPECT_EQ(R.Error, "");
}

} // namespace
