//===- StrictTest.cpp - Strict mode catches missing waits and nops --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One test per rule of strict mode (Strict.h): hand-written code that breaks
// the rule stops with an error naming the rule and both instructions, and
// the same code with the wait or the wait states the hardware needs runs.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "gmock/gmock.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;
using testing::HasSubstr;

namespace {

/// The error of running Body in strict mode ("" if it ran).
std::string strictError(EmuTarget T, StringRef Body) {
  RunOptions O;
  O.Strict = true;
  O.OutDwords = 256;
  return runWave(
             T,
             (Twine("v_lshlrev_b32 v1, 2, v0\nv_mov_b32 v2, 0\n") + Body).str(),
             O)
      .Error;
}

TEST(EmuStrict, LoadResultNeedsVmcnt) {
  const char *Load = "global_load_dword v3, v1, s[2:3]\n";
  EXPECT_THAT(
      strictError(GFX90A, (Twine(Load) + "v_add_u32 v4, v3, v3").str()),
      HasSubstr("V_ADD_U32_e32_gfx9 at 0x1c (v_add_u32_e32 v4, v3, v3): "
                "strict: reads v3 while the result of "
                "GLOBAL_LOAD_DWORD_SADDR_vi at 0x14 (global_load_dword "
                "v3, v1, s[2:3]) is in flight (no s_waitcnt vmcnt has "
                "covered it)"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Load) + "s_waitcnt vmcnt(0)\n"
                                               "v_add_u32 v4, v3, v3")
                                    .str()),
            "");
  // Overwriting the register in flight is as wrong as reading it.
  EXPECT_THAT(strictError(GFX90A, (Twine(Load) + "v_mov_b32 v3, 0").str()),
              HasSubstr("strict: overwrites v3 while the result of"));
}

// Under VGPR index mode the registers an instruction reads and writes are
// those its indexed operands address: reading or overwriting one whose load
// is in flight is an error like any other.
TEST(EmuStrict, IndexedOperandsInFlight) {
  const char *Load = "global_load_dword v11, v1, s[2:3]\n";
  EXPECT_THAT(
      strictError(GFX90A, (Twine(Load) + "s_set_gpr_idx_on 3, gpr_idx(SRC0)\n"
                                         "v_mov_b32 v20, v8\n"
                                         "s_set_gpr_idx_off")
                              .str()),
      HasSubstr("strict: reads v11 while the result of"));
  EXPECT_THAT(
      strictError(GFX90A, (Twine(Load) + "s_set_gpr_idx_on 3, gpr_idx(DST)\n"
                                         "v_mov_b32 v8, 1\n"
                                         "s_set_gpr_idx_off")
                              .str()),
      HasSubstr("strict: overwrites v11 while the result of"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Load) + "s_waitcnt vmcnt(0)\n"
                                               "s_set_gpr_idx_on 3, "
                                               "gpr_idx(SRC0)\n"
                                               "v_mov_b32 v20, v8\n"
                                               "s_set_gpr_idx_off")
                                    .str()),
            "");
  // The same for v_movrels_b32 on gfx10.
  EXPECT_THAT(strictError(GFX1030, (Twine(Load) + "s_mov_b32 m0, 3\n"
                                                  "v_movrels_b32 v20, v8")
                                       .str()),
              HasSubstr("strict: reads v11 while the result of"));
}

// Vector memory returns in order: vmcnt(1) completes all but the newest.
TEST(EmuStrict, VmcntRetiresInOrder) {
  const char *Loads = "global_load_dword v3, v1, s[2:3]\n"
                      "global_load_dword v4, v1, s[2:3] offset:256\n"
                      "s_waitcnt vmcnt(1)\n";
  EXPECT_EQ(strictError(GFX90A, (Twine(Loads) + "v_mov_b32 v5, v3").str()), "");
  EXPECT_THAT(strictError(GFX90A, (Twine(Loads) + "v_mov_b32 v5, v4").str()),
              HasSubstr("strict: reads v4"));
  // A later load may overwrite an earlier one's destination: the results
  // arrive in order.
  EXPECT_EQ(strictError(GFX90A, "global_load_dword v3, v1, s[2:3]\n"
                                "global_load_dword v3, v1, s[2:3] offset:4\n"
                                "s_waitcnt vmcnt(0)\n"
                                "v_mov_b32 v5, v3"),
            "");
}

// Global, scratch and buffer loads write their VGPRs in issue order even
// while a FLAT access keeps gfx9's vmcnt queue out of order (the shape of a
// -O0 epilogue: a FLAT load, then spill reloads into one VGPR). A FLAT load
// may be an LDS access that completes on another path: neither an earlier
// nor a later one may share the destination.
TEST(EmuStrict, VmemLoadsWriteInIssueOrder) {
  const char *Addr = "v_mov_b32 v6, s2\n"
                     "v_mov_b32 v7, s3\n";
  const char *Use = "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
                    "v_mov_b32 v5, v3";
  EXPECT_EQ(strictError(GFX90A, (Twine(Addr) +
                                 "flat_load_dword v8, v[6:7]\n"
                                 "global_load_dword v3, v1, "
                                 "s[2:3]\n"
                                 "global_load_dword v3, v1, "
                                 "s[2:3] offset:4\n" +
                                 Use)
                                    .str()),
            "");
  EXPECT_THAT(strictError(GFX90A, (Twine(Addr) +
                                   "flat_load_dword v3, v[6:7]\n"
                                   "global_load_dword v3, v1, "
                                   "s[2:3]\n" +
                                   Use)
                                      .str()),
              HasSubstr("strict: overwrites v3 while the result of "
                        "FLAT_LOAD_DWORD"));
  EXPECT_THAT(strictError(GFX1030, (Twine(Addr) +
                                    "global_load_dword v3, v1, "
                                    "s[2:3]\n"
                                    "flat_load_dword v3, "
                                    "v[6:7]\n" +
                                    Use)
                                       .str()),
              HasSubstr("strict: overwrites v3 while the result of "
                        "GLOBAL_LOAD_DWORD"));
  // A D16 load merges into its register as its result is written, in order
  // with the load of the other half: the two halves of a vector load back
  // to back need no wait between them.
  const char *Halves = "global_load_short_d16 v3, v1, s[2:3]\n"
                       "global_load_short_d16_hi v3, v1, s[2:3] offset:2\n";
  for (EmuTarget T : {GFX90A, GFX1030})
    EXPECT_EQ(strictError(T, (Twine(Halves) + Use).str()), "") << T.CPU.str();
  EXPECT_THAT(strictError(GFX90A, (Twine(Halves) + "v_mov_b32 v5, v3").str()),
              HasSubstr("strict: reads v3 while the result of "
                        "GLOBAL_LOAD_SHORT_D16_HI"));
}

// gfx9 counts stores on vmcnt, gfx10 on vscnt: a store issued before a load
// is what vmcnt(1) completes on gfx9, and is not counted on gfx10's vmcnt.
TEST(EmuStrict, StoresCountOnVmcntOrVscnt) {
  const char *Code = "global_store_dword v1, v0, s[2:3]\n"
                     "global_load_dword v3, v1, s[2:3] offset:256\n"
                     "s_waitcnt vmcnt(1)\n"
                     "v_mov_b32 v5, v3";
  EXPECT_THAT(strictError(GFX90A, Code), HasSubstr("strict: reads v3"));
  EXPECT_THAT(strictError(GFX1030, Code), HasSubstr("strict: reads v3"));
  const char *Gfx10 = "global_store_dword v1, v0, s[2:3]\n"
                      "global_load_dword v3, v1, s[2:3] offset:256\n"
                      "s_waitcnt vmcnt(0)\n"
                      "v_mov_b32 v5, v3";
  EXPECT_EQ(strictError(GFX1030, Gfx10), "");
}

// Scalar memory returns out of order: only lgkmcnt(0) completes it when
// more than one access is outstanding.
TEST(EmuStrict, ScalarLoadsNeedLgkmcntZero) {
  const char *Loads = "s_load_dword s4, s[2:3], 0x0\n"
                      "s_load_dword s5, s[2:3], 0x4\n";
  EXPECT_THAT(strictError(GFX90A, (Twine(Loads) + "s_waitcnt lgkmcnt(1)\n"
                                                  "s_mov_b32 s6, s4")
                                      .str()),
              HasSubstr("strict: reads s4 while the result of "
                        "S_LOAD_DWORD_IMM_vi"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Loads) + "s_waitcnt lgkmcnt(0)\n"
                                                "s_mov_b32 s6, s4")
                                    .str()),
            "");
}

// LDS alone returns in order; mixed with scalar memory it does not.
TEST(EmuStrict, LdsInOrderUnlessMixed) {
  const char *Lds = "ds_read_b32 v3, v1\n"
                    "ds_read_b32 v4, v1 offset:4\n"
                    "s_waitcnt lgkmcnt(1)\n"
                    "v_mov_b32 v5, v3";
  EXPECT_EQ(strictError(GFX90A, Lds), "");
  const char *Mixed = "ds_read_b32 v3, v1\n"
                      "s_load_dword s4, s[2:3], 0x0\n"
                      "s_waitcnt lgkmcnt(1)\n"
                      "v_mov_b32 v5, v3";
  EXPECT_THAT(strictError(GFX90A, Mixed), HasSubstr("strict: reads v3"));
}

// FLAT counts on vmcnt and lgkmcnt, and its result needs both; gfx9 may
// report it done on one before the other, so a partial vmcnt completes
// nothing while one is outstanding (gfx10 counts it in order).
TEST(EmuStrict, FlatNeedsZeroOnGfx9) {
  std::string Code = "v_mov_b32 v6, s2\n"
                     "v_mov_b32 v7, s3\n"
                     "flat_load_dword v3, v[6:7]\n"
                     "global_load_dword v4, v1, s[2:3] offset:256\n"
                     "s_waitcnt vmcnt(1)\n"
                     "s_waitcnt lgkmcnt(0)\n"
                     "v_mov_b32 v5, v3";
  EXPECT_THAT(strictError(GFX90A, Code), HasSubstr("strict: reads v3"));
  EXPECT_EQ(strictError(GFX1030, Code), "");
}

// Each counter retires its own entries: on gfx10 a FLAT store counts on
// vscnt and lgkmcnt, and vscnt(0) does not take it off lgkmcnt, where it
// still follows an LDS read in order. So lgkmcnt(1) completes the LDS read
// (as SIInsertWaitcnts assumes, and as compiled code relies on).
TEST(EmuStrict, CountersRetireIndependently) {
  const char *Code = "v_mov_b32 v6, s2\n"
                     "v_mov_b32 v7, s3\n"
                     "ds_read_b32 v3, v1\n"
                     "flat_store_dword v[6:7], v0\n"
                     "s_waitcnt_vscnt null, 0x0\n"
                     "s_waitcnt lgkmcnt(1)\n"
                     "v_mov_b32 v5, v3";
  EXPECT_EQ(strictError(GFX1030, Code), "");
  // Without the lgkmcnt wait the LDS read is still in flight.
  EXPECT_THAT(strictError(GFX1030, "ds_read_b32 v3, v1\n"
                                   "s_waitcnt_vscnt null, 0x0\n"
                                   "v_mov_b32 v5, v3"),
              HasSubstr("strict: reads v3"));
}

TEST(EmuStrict, HazardVmemReadsValuWrittenSgpr) {
  const char *Def = "v_mov_b32 v5, s2\n"
                    "v_readfirstlane_b32 s6, v5\n"
                    "s_mov_b32 s7, s3\n";
  const char *Use = "global_load_dword v3, v1, s[6:7]\n"
                    "s_waitcnt vmcnt(0)\n";
  EXPECT_THAT(strictError(GFX90A, (Twine(Def) + Use).str()),
              HasSubstr("strict: hazard vmem-sgpr: needs 5 wait states after "
                        "V_READFIRSTLANE_B32_vi at 0x18 (v_readfirstlane_b32 "
                        "s6, v5), has 1"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Def) + "s_nop 3\n" + Use).str()), "");
  // gfx10 has no data-dependency hazards.
  EXPECT_EQ(strictError(GFX1030, (Twine(Def) + Use).str()), "");
}

// FLAT instructions name FLAT_SCR implicitly; it is not s[0:1] (the
// encoding of the pseudo register), so a VALU carry into s[0:1] before a
// flat load is no hazard.
TEST(EmuStrict, FlatScratchIsNotS0) {
  EXPECT_EQ(strictError(GFX90A, "v_mov_b32 v6, s2\n"
                                "v_mov_b32 v7, s3\n"
                                "v_add_co_u32 v4, s[0:1], v1, v1\n"
                                "flat_load_dword v5, v[6:7]\n"
                                "s_waitcnt vmcnt(0) lgkmcnt(0)"),
            "");
}

TEST(EmuStrict, HazardDivFmasAfterValuWritesVcc) {
  const char *Def = "v_cmp_ne_u32 vcc, v0, v0\n";
  const char *Use = "v_div_fmas_f32 v3, v1, v1, v1\n";
  EXPECT_THAT(strictError(GFX90A, (Twine(Def) + Use).str()),
              HasSubstr("strict: hazard div-fmas: needs 4 wait states after "
                        "V_CMP_NE_U32_e32_vi"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Def) + "s_nop 3\n" + Use).str()), "");
}

TEST(EmuStrict, HazardLaneSelectWrittenByValu) {
  const char *Def = "v_readfirstlane_b32 s4, v2\n";
  const char *Use = "v_readlane_b32 s5, v1, s4\n";
  EXPECT_THAT(strictError(GFX90A, (Twine(Def) + "s_nop 2\n" + Use).str()),
              HasSubstr("strict: hazard rwlane: needs 4 wait states after "
                        "V_READFIRSTLANE_B32_vi at 0x14 (v_readfirstlane_b32 "
                        "s4, v2), has 3"));
  EXPECT_EQ(strictError(GFX90A, (Twine(Def) + "s_nop 3\n" + Use).str()), "");
}

// The emulator does not run DPP, M0-relative moves or messages; the hazard
// is checked before the instruction executes, so with enough wait states
// the run gets as far as refusing the instruction.
TEST(EmuStrict, HazardDpp) {
  const char *Use =
      "v_mov_b32_dpp v4, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n";
  EXPECT_THAT(strictError(GFX90A, (Twine("v_mov_b32 v3, 1\n") + Use).str()),
              HasSubstr("strict: hazard dpp-vgpr: needs 2 wait states"));
  // Two wait states are enough: the DPP move runs.
  EXPECT_EQ(
      strictError(GFX90A, (Twine("v_mov_b32 v3, 1\ns_nop 1\n") + Use).str()),
      "");
  EXPECT_THAT(
      strictError(GFX90A,
                  (Twine("v_cmpx_eq_u32 v0, v0\ns_nop 1\n") + Use).str()),
      HasSubstr("strict: hazard dpp-exec: needs 5 wait states after "
                "V_CMPX_EQ_U32_e32_vi"));
}

TEST(EmuStrict, HazardM0ReadAfterSaluWrite) {
  const char *Use = "s_movrels_b32 s4, s5\n";
  EXPECT_THAT(strictError(GFX90A, (Twine("s_mov_b32 m0, 0\n") + Use).str()),
              HasSubstr("strict: hazard m0-read: needs 1 wait states after "
                        "S_MOV_B32_vi"));
  EXPECT_THAT(
      strictError(GFX90A, (Twine("s_mov_b32 m0, 0\ns_nop 0\n") + Use).str()),
      HasSubstr("not implemented by the emulator"));
}

TEST(EmuStrict, HazardWideStoreData) {
  const char *Store = "global_store_dwordx4 v1, v[4:7], s[2:3]\n";
  EXPECT_THAT(
      strictError(GFX90A, (Twine(Store) + "v_mov_b32 v5, 0").str()),
      HasSubstr("strict: hazard store-data: needs 1 wait states after "
                "GLOBAL_STORE_DWORDX4_SADDR_vi at 0x14 (global_store_dwordx4 "
                "v1, v[4:7], s[2:3]), has 0"));
  EXPECT_EQ(
      strictError(GFX90A, (Twine(Store) + "s_nop 0\nv_mov_b32 v5, 0").str()),
      "");
  // A dwordx2 store's data is read in time.
  EXPECT_EQ(strictError(GFX90A, "global_store_dwordx2 v1, v[4:5], s[2:3]\n"
                                "v_mov_b32 v5, 0"),
            "");
}

// gfx9 does not update VCCZ on a write of only half of VCC.
TEST(EmuStrict, StaleVCCZ) {
  const char *Branch = "s_cbranch_vccz .Lskip\n"
                       "v_mov_b32 v3, 1\n"
                       ".Lskip:\n";
  EXPECT_THAT(
      strictError(GFX90A, (Twine("s_mov_b32 vcc_lo, 0\n") + Branch).str()),
      HasSubstr("strict: reads VCCZ, which is stale: S_MOV_B32_vi at "
                "0x14 (s_mov_b32 vcc_lo, 0) wrote only half of VCC"));
  EXPECT_EQ(strictError(GFX90A, (Twine("s_mov_b32 vcc_lo, 0\n"
                                       "s_mov_b64 vcc, vcc\n") +
                                 Branch)
                                    .str()),
            "");
  EXPECT_EQ(
      strictError(GFX1030, (Twine("s_mov_b32 vcc_lo, 0\n") + Branch).str()),
      "");
}

} // namespace
