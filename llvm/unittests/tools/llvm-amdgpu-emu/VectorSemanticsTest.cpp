//===- VectorSemanticsTest.cpp - VALU semantics of the emulator -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Vector instructions and the lane masks: EXEC = 0 and partial EXEC
// (inactive lanes keep their values, mask results have their bits
// cleared), VCC and SGPR masks as carries, 64-bit shifts, the cross-lane
// moves and ballot-style compares, on wave64 (gfx90a) and wave32 (gfx1030).
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

uint64_t lanesBelow(unsigned N) {
  return N >= 64 ? ~uint64_t(0) : (uint64_t(1) << N) - 1;
}

// EXEC = 0: no vector write happens, compares and carries write all-zero
// masks, stores and atomics do nothing; the lane instructions ignore EXEC
// and v_readfirstlane reads lane 0.
TEST(EmuExec, ZeroWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 0
  v_mov_b32 v3, 7
  v_mov_b32 v4, 5
  v_mad_u32_u24 v5, v0, 3, 1     ; 3 * lane + 1
  v_mov_b32 v6, 0x1234
  v_mov_b32 v8, 9
  v_mov_b32 v9, 9
  s_mov_b64 vcc, -1
  s_mov_b64 s[4:5], -1
  s_mov_b64 s[10:11], exec
  s_mov_b64 exec, 0
  v_mov_b32 v3, 100
  v_add_co_u32 v4, vcc, -1, v0
  v_cmp_eq_u32 s[4:5], v0, v0
  v_lshlrev_b64 v[8:9], 1, v[4:5]
  v_readfirstlane_b32 s6, v5
  v_readlane_b32 s7, v5, 9
  v_writelane_b32 v6, s7, 2
  global_store_dword v1, v3, s[2:3]
  global_atomic_add v2, v3, s[2:3] offset:4
  s_mov_b64 exec, s[10:11]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.vcc(), 0u);
  EXPECT_EQ(R.s64(4), 0u);
  EXPECT_EQ(R.s(6), 1u);
  EXPECT_EQ(R.s(7), 28u);
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(3, L), 7u) << "lane " << L;
    EXPECT_EQ(R.v(4, L), 5u) << "lane " << L;
    EXPECT_EQ(R.v64(8, L), 0x900000009ull) << "lane " << L;
    EXPECT_EQ(R.v(6, L), L == 2 ? 28u : 0x1234u) << "lane " << L;
    EXPECT_EQ(R.Out[L], 0xdeadu) << "lane " << L;
  }
}

// The same on wave32, where the masks are 32 bits: vcc_hi and the second
// dword of a compare's SGPR are not touched.
TEST(EmuExec, ZeroWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v3, 7
  v_mov_b32 v4, 5
  v_mad_u32_u24 v5, v0, 3, 1
  s_mov_b32 vcc_lo, -1
  s_mov_b32 vcc_hi, 0x5555
  s_mov_b32 s4, -1
  s_mov_b32 s5, 0x6666
  s_mov_b32 s10, exec_lo
  s_mov_b32 exec_lo, 0
  v_mov_b32 v3, 100
  v_add_co_u32 v4, vcc_lo, -1, v0
  v_cmp_eq_u32_e64 s4, v0, v0
  v_readfirstlane_b32 s6, v5
  v_readlane_b32 s7, v5, 9
  global_store_dword v1, v3, s[2:3]
  s_mov_b32 exec_lo, s10
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(106), 0u);      // vcc_lo
  EXPECT_EQ(R.s(107), 0x5555u); // vcc_hi
  EXPECT_EQ(R.s(4), 0u);
  EXPECT_EQ(R.s(5), 0x6666u);
  EXPECT_EQ(R.s(6), 1u);
  EXPECT_EQ(R.s(7), 28u);
  for (unsigned L = 0; L != 32; ++L) {
    EXPECT_EQ(R.v(3, L), 7u) << "lane " << L;
    EXPECT_EQ(R.v(4, L), 5u) << "lane " << L;
    EXPECT_EQ(R.Out[L], 0xdeadu) << "lane " << L;
  }
}

// Partial EXEC, with active lanes in both halves of a wave64: writes
// (32- and 64-bit), mask results and stores only in active lanes;
// v_readfirstlane reads the lowest active lane.
TEST(EmuExec, PartialWave64) {
  const uint64_t Exec = 0x00ff00ff0000f0f0ull;
  EmuRun R = runWave(GFX90A, R"(
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v3, 7
  v_mov_b32 v4, -1
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0x66
  v_mov_b32 v7, 0x77
  v_mov_b32 v8, 0x88
  v_mov_b32 v9, 0x99
  v_mov_b32 v10, 0xaa
  s_mov_b64 vcc, -1
  s_mov_b64 s[12:13], -1
  s_mov_b64 s[10:11], exec
  s_mov_b32 exec_lo, 0xf0f0
  s_mov_b32 exec_hi, 0xff00ff
  v_mov_b32 v3, v0
  v_add_co_u32 v6, vcc, v4, v0          ; carries in every lane but 0
  v_addc_co_u32 v7, s[12:13], 0, 0, vcc ; 1, no carry
  v_cmp_lt_u32 s[14:15], v0, 48
  v_lshlrev_b64 v[8:9], 32, v[4:5]
  v_cndmask_b32 v10, 1, 2, s[14:15]
  v_readfirstlane_b32 s16, v0
  global_store_dword v1, v3, s[2:3]
  s_mov_b64 exec, s[10:11]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.vcc(), Exec & ~uint64_t(1));
  EXPECT_EQ(R.s64(12), 0u);
  EXPECT_EQ(R.s64(14), Exec & lanesBelow(48));
  EXPECT_EQ(R.s(16), 4u);
  for (unsigned L = 0; L != 64; ++L) {
    bool Active = (Exec >> L) & 1;
    EXPECT_EQ(R.v(3, L), Active ? L : 7u) << "lane " << L;
    EXPECT_EQ(R.v(6, L), Active ? L - 1 : 0x66u) << "lane " << L;
    EXPECT_EQ(R.v(7, L), Active ? 1u : 0x77u) << "lane " << L;
    EXPECT_EQ(R.v64(8, L), Active ? 0xffffffff00000000ull : 0x9900000088ull)
        << "lane " << L;
    EXPECT_EQ(R.v(10, L), Active ? (L < 48 ? 2u : 1u) : 0xaau) << "lane " << L;
    EXPECT_EQ(R.Out[L], Active ? L : 0xdeadu) << "lane " << L;
  }
}

TEST(EmuExec, PartialWave32) {
  const uint32_t Exec = 0x00f0f0f0;
  EmuRun R = runWave(GFX1030, R"(
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v3, 7
  v_mov_b32 v4, -1
  v_mov_b32 v6, 0x66
  v_mov_b32 v7, 0x77
  v_mov_b32 v10, 0xaa
  s_mov_b32 vcc_lo, -1
  s_mov_b32 vcc_hi, 0x5555
  s_mov_b32 s12, -1
  s_mov_b32 s13, 0x1313
  s_mov_b32 s10, exec_lo
  s_mov_b32 exec_lo, 0xf0f0f0
  v_mov_b32 v3, v0
  v_add_co_u32 v6, vcc_lo, v4, v0
  v_add_co_ci_u32_e64 v7, s12, 0, 0, vcc_lo
  v_cmp_lt_u32_e64 s14, v0, 16
  v_cndmask_b32_e64 v10, 1, 2, s14
  v_readfirstlane_b32 s16, v0
  global_store_dword v1, v3, s[2:3]
  s_mov_b32 exec_lo, s10
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.vcc(), Exec);
  EXPECT_EQ(R.s(107), 0x5555u);
  EXPECT_EQ(R.s(12), 0u);
  EXPECT_EQ(R.s(13), 0x1313u);
  EXPECT_EQ(R.s(14), Exec & 0xffffu);
  EXPECT_EQ(R.s(16), 4u);
  for (unsigned L = 0; L != 32; ++L) {
    bool Active = (Exec >> L) & 1;
    EXPECT_EQ(R.v(3, L), Active ? L : 7u) << "lane " << L;
    EXPECT_EQ(R.v(6, L), Active ? L - 1 : 0x66u) << "lane " << L;
    EXPECT_EQ(R.v(7, L), Active ? 1u : 0x77u) << "lane " << L;
    EXPECT_EQ(R.v(10, L), Active ? (L < 16 ? 2u : 1u) : 0xaau) << "lane " << L;
    EXPECT_EQ(R.Out[L], Active ? L : 0xdeadu) << "lane " << L;
  }
}

// v_cmpx_* write EXEC; before gfx10 also their mask destination (VCC or
// an SGPR pair), from gfx10 on only EXEC.
TEST(EmuExec, Cmpx) {
  EmuRun R64 = runWave(GFX90A, R"(
  s_mov_b64 vcc, 0
  v_cmpx_gt_u32_e64 s[20:21], 40, v0
  v_cmpx_lt_u32 vcc, 4, v0
  s_mov_b64 s[22:23], exec
  s_mov_b64 exec, -1
)");
  ASSERT_EQ(R64.Error, "");
  EXPECT_EQ(R64.s64(20), lanesBelow(40));
  EXPECT_EQ(R64.vcc(), lanesBelow(40) & ~lanesBelow(5));
  EXPECT_EQ(R64.s64(22), lanesBelow(40) & ~lanesBelow(5));

  EmuRun R32 = runWave(GFX1030, R"(
  s_mov_b32 vcc_lo, 0x1234
  v_cmpx_gt_u32_e64 20, v0
  v_cmpx_lt_u32 4, v0
  s_mov_b32 s22, exec_lo
  s_mov_b32 exec_lo, -1
)");
  ASSERT_EQ(R32.Error, "");
  EXPECT_EQ(R32.s(22), 0xfffe0u & 0xfffffu);
  EXPECT_EQ(R32.vcc(), 0x1234u);
}

// VCC (or an SGPR pair) carries between v_add_co_u32 and v_addc_co_u32:
// the carry out of src0 + src1 (+ carry in) per lane, 64-bit adds built
// from them.
TEST(EmuCarry, AddWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_lshlrev_b32 v3, 26, v0              ; lane << 26
  v_mov_b32 v4, 0x80000000
  v_add_co_u32 v5, vcc, v3, v4          ; carries from lane 32 on
  s_mov_b64 s[20:21], vcc
  v_addc_co_u32 v6, vcc, -1, 0, vcc     ; carry in: 0, carry out too
  s_mov_b64 s[22:23], vcc
  ; {lo = -1, hi = lane} + {lo = lane, hi = 0x10}, the carry in s[24:25].
  v_mov_b32 v8, -1
  v_mov_b32 v9, v0
  v_add_co_u32_e64 v10, s[24:25], v8, v0
  v_addc_co_u32_e64 v11, s[26:27], v9, 16, s[24:25]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(20), ~lanesBelow(32));
  EXPECT_EQ(R.s64(22), ~lanesBelow(32));
  EXPECT_EQ(R.s64(24), ~uint64_t(1));
  EXPECT_EQ(R.s64(26), 0u);
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(5, L), (L << 26) + 0x80000000u) << "lane " << L;
    EXPECT_EQ(R.v(6, L), L >= 32 ? 0u : 0xffffffffu) << "lane " << L;
    uint64_t Sum = ((uint64_t(L) << 32) | 0xffffffffu) + ((16ull << 32) | L);
    EXPECT_EQ(R.v(10, L), uint32_t(Sum)) << "lane " << L;
    EXPECT_EQ(R.v(11, L), uint32_t(Sum >> 32)) << "lane " << L;
  }
}

// Borrows: v_sub_co_u32 / v_subrev_co_u32 out, v_subb_co_u32 /
// v_subbrev_co_u32 in and out; the borrow compares the 33-bit subtrahend.
TEST(EmuCarry, SubWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_sub_co_u32 v3, vcc, v0, 10          ; borrows below lane 10
  s_mov_b64 s[20:21], vcc
  v_subb_co_u32 v4, vcc, 5, 5, vcc      ; -1 and a borrow where borrowed
  s_mov_b64 s[22:23], vcc
  v_subrev_co_u32 v5, vcc, v0, 20       ; 20 - lane: borrows above lane 20
  s_mov_b64 s[24:25], vcc
  v_subbrev_co_u32 v6, vcc, -1, 0, vcc  ; 0 - 0xffffffff - b: always borrows
  s_mov_b64 s[26:27], vcc
  ; {lo = lane, hi = 7} - {lo = 32, hi = 2}.
  v_mov_b32 v8, 7
  v_sub_co_u32_e64 v10, s[28:29], v0, 32
  v_subb_co_u32_e64 v11, s[30:31], v8, 2, s[28:29]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(20), lanesBelow(10));
  EXPECT_EQ(R.s64(22), lanesBelow(10));
  EXPECT_EQ(R.s64(24), ~lanesBelow(21));
  EXPECT_EQ(R.s64(26), ~uint64_t(0));
  EXPECT_EQ(R.s64(28), lanesBelow(32));
  EXPECT_EQ(R.s64(30), 0u);
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(3, L), L - 10) << "lane " << L;
    EXPECT_EQ(R.v(4, L), L < 10 ? 0xffffffffu : 0u) << "lane " << L;
    EXPECT_EQ(R.v(5, L), 20 - L) << "lane " << L;
    EXPECT_EQ(R.v(6, L), L > 20 ? 0u : 1u) << "lane " << L;
    uint64_t Diff = ((7ull << 32) | L) - ((2ull << 32) | 32);
    EXPECT_EQ(R.v(10, L), uint32_t(Diff)) << "lane " << L;
    EXPECT_EQ(R.v(11, L), uint32_t(Diff >> 32)) << "lane " << L;
  }
}

// Wave32: the carry is vcc_lo (or one SGPR); vcc_hi is left alone.
TEST(EmuCarry, Wave32) {
  EmuRun R = runWave(GFX1030, R"(
  s_mov_b32 vcc_hi, 0x5555
  v_mov_b32 v2, 0
  v_mov_b32 v9, 5
  v_lshlrev_b32 v3, 27, v0              ; lane << 27
  v_add_co_u32 v5, vcc_lo, v3, 0x80000000 ; carries from lane 16 on
  s_mov_b32 s20, vcc_lo
  v_add_co_ci_u32_e32 v6, vcc_lo, -1, v2, vcc_lo
  s_mov_b32 s21, vcc_lo
  v_sub_co_u32 v7, vcc_lo, v0, 10
  s_mov_b32 s22, vcc_lo
  v_sub_co_ci_u32_e32 v8, vcc_lo, 5, v9, vcc_lo
  s_mov_b32 s23, vcc_lo
  v_subrev_co_ci_u32_e64 v10, s24, -1, 0, s22   ; 0 - 0xffffffff - b
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(20), 0xffff0000u);
  EXPECT_EQ(R.s(21), 0xffff0000u);
  EXPECT_EQ(R.s(22), 0x3ffu);
  EXPECT_EQ(R.s(23), 0x3ffu);
  EXPECT_EQ(R.s(24), 0xffffffffu);
  EXPECT_EQ(R.s(107), 0x5555u);
  for (unsigned L = 0; L != 32; ++L) {
    EXPECT_EQ(R.v(5, L), (L << 27) + 0x80000000u) << "lane " << L;
    EXPECT_EQ(R.v(6, L), L >= 16 ? 0u : 0xffffffffu) << "lane " << L;
    EXPECT_EQ(R.v(8, L), L < 10 ? 0xffffffffu : 0u) << "lane " << L;
    EXPECT_EQ(R.v(10, L), L < 10 ? 0u : 1u) << "lane " << L;
  }
}

// SDWA carries (SIPeepholeSDWA turns v_add_co_u32 of extracted bytes and
// words into them): the sources are the selected bytes or words, SEXT
// sign-extends one to 32 bits, the carry is that of the 32-bit operation
// and goes to VCC, the result is placed as dst_sel says. With clamp, the
// VOP3 forms saturate (uaddsat/usubsat) and still report the carry.
TEST(EmuCarry, SdwaAndClampWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0xff80ffff
  v_mov_b32 v3, 0x10001
  v_add_co_u32_sdwa v4, vcc, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0
  s_mov_b64 s[10:11], vcc
  v_add_co_u32_sdwa v5, vcc, sext(v2), v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_1
  s_mov_b64 s[12:13], vcc
  v_mov_b32 v6, 0xaaaaaaaa
  v_sub_co_u32_sdwa v6, vcc, v3, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:BYTE_2
  s_mov_b64 s[14:15], vcc
  v_subrev_co_u32_sdwa v7, vcc, v3, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_3
  s_mov_b64 s[16:17], vcc
  v_cmp_gt_u32 vcc, 32, v0
  v_addc_co_u32_sdwa v8, vcc, v2, v3, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_0
  s_mov_b64 s[18:19], vcc
  v_mov_b32 v9, -2
  v_add_co_u32_e64 v10, s[20:21], v9, 5 clamp
  v_sub_co_u32_e64 v11, s[22:23], 3, v9 clamp
  v_subrev_co_u32_e64 v12, s[24:25], 3, v9 clamp
  v_add_co_u32_e64 v13, s[26:27], v9, 1 clamp
  v_addc_co_u32_e64 v14, s[28:29], v9, 1, s[20:21] clamp
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(10), 0u);    // 0xffff + 1
  EXPECT_EQ(R.s64(12), ~0ull); // sext(0xffff) + 1 = 2^32
  EXPECT_EQ(R.s64(14), ~0ull); // 1 - 0x80 borrows
  EXPECT_EQ(R.s64(16), 0u);    // 0xff - 1
  EXPECT_EQ(R.s64(18), 0u);    // 0xff + 1 + carry
  EXPECT_EQ(R.s64(20), ~0ull); // clamped, the carry still set
  EXPECT_EQ(R.s64(22), ~0ull); // clamped to 0, the borrow set
  EXPECT_EQ(R.s64(24), 0u);    // 0xfffffffe - 3
  EXPECT_EQ(R.s64(26), 0u);    // 0xfffffffe + 1: no carry
  EXPECT_EQ(R.s64(28), ~0ull); // 0xfffffffe + 1 + 1
  for (unsigned L = 0; L != 64; ++L) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(4, L), 0x10000u);
    EXPECT_EQ(R.v(5, L), 0u);          // 0 in word 1, word 0 zeroed
    EXPECT_EQ(R.v(6, L), 0xaaaa81aau); // 0xffffff81 in byte 1, the rest kept
    EXPECT_EQ(R.v(7, L), 0xfeu);
    EXPECT_EQ(R.v(8, L), L < 32 ? 0x101u : 0x100u);
    EXPECT_EQ(R.v(10, L), 0xffffffffu);
    EXPECT_EQ(R.v(11, L), 0u);
    EXPECT_EQ(R.v(12, L), 0xfffffffbu);
    EXPECT_EQ(R.v(13, L), 0xffffffffu);
    EXPECT_EQ(R.v(14, L), 0xffffffffu);
  }
}

// The same on gfx1030: the carry-in forms are v_*_co_ci_u32 (SDWA with
// vcc_lo), v_add_co_u32 is VOP3 only.
TEST(EmuCarry, SdwaAndClampWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_mov_b32 v2, 0xff80ffff
  v_mov_b32 v3, 0x10001
  v_cmp_gt_u32 vcc_lo, 16, v0
  v_add_co_ci_u32_sdwa v4, vcc_lo, v2, v3, vcc_lo dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_1
  s_mov_b32 s10, vcc_lo
  v_sub_co_ci_u32_sdwa v5, vcc_lo, v3, v2, vcc_lo dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_0 src1_sel:BYTE_0
  s_mov_b32 s11, vcc_lo
  v_add_co_u32 v6, s12, v2, v3 clamp
  v_add_co_u32 v7, s13, v2, v2 clamp
  v_subrev_co_ci_u32_sdwa v8, vcc_lo, v2, v3, vcc_lo dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:WORD_1
  s_mov_b32 s14, vcc_lo
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(10), 0u);
  EXPECT_EQ(R.s(11), 0xffffffffu); // 1 - 0xff borrows
  EXPECT_EQ(R.s(12), 0u);
  EXPECT_EQ(R.s(13), 0xffffffffu);
  EXPECT_EQ(R.s(14), 0xffffffffu); // 1 - 0x80 - 1 borrows
  for (unsigned L = 0; L != 32; ++L) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(4, L), L < 16 ? 0x10001u : 0x10000u);
    EXPECT_EQ(R.v(5, L), 0xffffff02u); // 0xff02 in word 0, sign-extended
    EXPECT_EQ(R.v(6, L), 0xff820000u);
    EXPECT_EQ(R.v(7, L), 0xffffffffu);
    EXPECT_EQ(R.v(8, L), 0xffffff80u);
  }
}

// 16-bit multiply-add. v_mad_legacy_u16/i16 (gfx9; LLVM selects it for
// mul + add of i16) takes the low halves and zeroes bits 31:16 of the
// destination; clamp saturates the exact result. The op_sel forms
// v_mad_u16/i16 pick source halves and write the high half keeping the
// low; a low-half result zeroes the high half on gfx9.
TEST(EmuMad16, LegacyAndOpSelWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0xabcd0102
  v_mov_b32 v3, 0x12340304
  v_mov_b32 v4, 0xffff0005
  v_mov_b32 v5, 0xfffe
  v_mov_b32 v6, 0x7fff
  v_mov_b32 v10, 0xdeadbeef
  v_mad_legacy_u16 v10, v2, v3, v4
  v_mov_b32 v11, 0xdeadbeef
  v_mad_legacy_u16 v11, v2, v3, v4 clamp
  v_mad_legacy_i16 v12, v5, v3, v4
  v_mad_legacy_i16 v13, v5, v3, v4 clamp
  v_mad_legacy_i16 v14, v6, v6, v4 clamp
  v_mad_legacy_i16 v15, v5, v6, v4 clamp
  v_mad_legacy_u16 v16, v5, v5, 0
  v_mov_b32 v20, 0x11112222
  v_mad_u16 v20, v2, v3, v4 op_sel:[1,1,0,1]
  v_mov_b32 v21, 0x11112222
  v_mad_u16 v21, v2, v3, v4
  v_mad_i16 v22, v2, v5, v4 op_sel:[1,0,1,0] clamp
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.v(10, 0), 0x0a0du);     // 258 * 772 + 5 = 0x30a0d
  EXPECT_EQ(R.v(11, 0), 0xffffu);     // saturated
  EXPECT_EQ(R.v(12, 0), 0xf9fdu);     // -2 * 772 + 5 = -1539
  EXPECT_EQ(R.v(13, 0), 0xf9fdu);     // in range: clamp changes nothing
  EXPECT_EQ(R.v(14, 0), 0x7fffu);     // 32767^2 + 5 saturates
  EXPECT_EQ(R.v(15, 0), 0x8000u);     // -2 * 32767 + 5 saturates
  EXPECT_EQ(R.v(16, 0), 0x0004u);     // 65534^2 = 0xfffc0004
  EXPECT_EQ(R.v(20, 0), 0x4fa92222u); // 0xabcd * 0x1234 + 5 = 0xc374fa9
  EXPECT_EQ(R.v(21, 0), 0x0a0du);
  EXPECT_EQ(R.v(22, 0), 0x7fffu); // -21555 * -2 + -1 saturates
}

// Packed 16-bit integer operations: each half of the result from the
// halves op_sel (low) and op_sel_hi (high) pick, modulo 2^16; neg and a
// constant other than 0 read in its high half are refused.
TEST(EmuPackedInt16, AddSubMulMad) {
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, R"(
  v_mov_b32 v1, 0xfffe0003          ; {hi 65534, lo 3}
  v_mov_b32 v2, 0x00050007          ; {hi 5, lo 7}
  v_mov_b32 v3, 0x00100020          ; {hi 16, lo 32}
  v_pk_add_u16 v4, v1, v2           ; {65539 mod 2^16 = 3, 10}
  v_pk_sub_u16 v5, v1, v2           ; {65529, 3 - 7 = 65532}
  v_pk_mul_lo_u16 v6, v1, v2        ; {65534 * 5 mod 2^16 = 65526, 21}
  v_pk_mad_u16 v7, v1, v2, v3       ; {65526 + 16 = 6, 21 + 32 = 53}
  v_pk_add_u16 v8, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] ; {3 + 5, 65534 + 7}
  v_pk_add_u16 v9, v1, 0            ; v1
)");
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    EXPECT_EQ(R.v(4, 0), 0x0003000au) << T.CPU.str();
    EXPECT_EQ(R.v(5, 0), 0xfff9fffcu) << T.CPU.str();
    EXPECT_EQ(R.v(6, 0), 0xfff60015u) << T.CPU.str();
    EXPECT_EQ(R.v(7, 0), 0x00060035u) << T.CPU.str();
    EXPECT_EQ(R.v(8, 0), 0x00080005u) << T.CPU.str();
    EXPECT_EQ(R.v(9, 0), 0xfffe0003u) << T.CPU.str();
  }
  EmuRun One = runWave(GFX90A, "v_pk_add_u16 v3, v1, 1");
  EXPECT_NE(One.Error.find("constant read in its high half"), std::string::npos)
      << One.Error;
}

// The signed and unsigned minimum and maximum, the shifts (shift amount in
// src0, its low 4 bits), and the _i16 sums, which agree with _u16 without
// clamp.
TEST(EmuPackedInt16, MinMaxShiftsSigned) {
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, R"(
  v_mov_b32 v1, 0x8001fffe          ; {hi -32767, lo -2}
  v_mov_b32 v2, 0x00050007          ; {hi 5, lo 7}
  v_mov_b32 v3, 0x00130004          ; {hi 19 (& 15 = 3), lo 4}
  v_pk_max_i16 v4, v1, v2           ; {5, 7}
  v_pk_min_i16 v5, v1, v2           ; {-32767, -2}
  v_pk_max_u16 v6, v1, v2           ; {0x8001, 0xfffe}
  v_pk_min_u16 v7, v1, v2           ; {5, 7}
  v_pk_lshlrev_b16 v8, v3, v1       ; {0x8001 << 3 = 0x0008, 0xfffe << 4}
  v_pk_lshrrev_b16 v9, v3, v1       ; {0x1000, 0x0fff}
  v_pk_ashrrev_i16 v10, v3, v1      ; {0xf000, 0xffff}
  v_pk_add_i16 v11, v1, v2          ; {0x8006, 5}
  v_pk_sub_i16 v12, v2, v1          ; {5 + 32767 = 0x8004, 9}
)");
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    EXPECT_EQ(R.v(4, 0), 0x00050007u) << T.CPU.str();
    EXPECT_EQ(R.v(5, 0), 0x8001fffeu) << T.CPU.str();
    EXPECT_EQ(R.v(6, 0), 0x8001fffeu) << T.CPU.str();
    EXPECT_EQ(R.v(7, 0), 0x00050007u) << T.CPU.str();
    EXPECT_EQ(R.v(8, 0), 0x0008ffe0u) << T.CPU.str();
    EXPECT_EQ(R.v(9, 0), 0x10000fffu) << T.CPU.str();
    EXPECT_EQ(R.v(10, 0), 0xf000ffffu) << T.CPU.str();
    EXPECT_EQ(R.v(11, 0), 0x80060005u) << T.CPU.str();
    EXPECT_EQ(R.v(12, 0), 0x80040009u) << T.CPU.str();
  }
}

// gfx10+ has only the op_sel forms, and a low-half result keeps the high
// half (LLVM masks it when it needs a zero extension).
TEST(EmuMad16, OpSelWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_mov_b32 v2, 0xabcd0102
  v_mov_b32 v3, 0x12340304
  v_mov_b32 v4, 0xffff0005
  v_mov_b32 v5, 0xfffe
  v_mov_b32 v20, 0x11112222
  v_mad_u16 v20, v2, v3, v4 op_sel:[1,1,0,1]
  v_mov_b32 v21, 0x11112222
  v_mad_u16 v21, v2, v3, v4
  v_mov_b32 v22, 0x33334444
  v_mad_i16 v22, v2, v5, v4 op_sel:[1,0,1,0] clamp
  v_mov_b32 v23, 0x55556666
  v_mad_u16 v23, v2, 2, v4
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L : {0u, 31u}) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(20, L), 0x4fa92222u);
    EXPECT_EQ(R.v(21, L), 0x11110a0du);
    EXPECT_EQ(R.v(22, L), 0x33337fffu);
    EXPECT_EQ(R.v(23, L), 0x55550209u); // 258 * 2 + 5
  }
}

/// v8..v15 = 1000 * j + lane, j = 0..7: the vector VGPR indexing reads.
const char *const IndexedVector = R"(
  v_mov_b32 v8, v0
  v_add_u32 v9, 0x3e8, v0
  v_add_u32 v10, 0x7d0, v0
  v_add_u32 v11, 0xbb8, v0
  v_add_u32 v12, 0xfa0, v0
  v_add_u32 v13, 0x1388, v0
  v_add_u32 v14, 0x1770, v0
  v_add_u32 v15, 0x1b58, v0
)";

// VGPR index mode (gfx9): s_set_gpr_idx_on sets M0[7:0] (the index) and
// M0[15:12] (the operands it applies to: src0, src1, src2, vdst) and keeps
// M0's other bits; while it is on, those VGPR operands of VALU instructions
// are offset by the index, 64-bit ones included, but constants, SGPRs and
// memory instructions are not. s_set_gpr_idx_mode and s_set_gpr_idx_idx
// change one field; s_set_gpr_idx_off ends it.
TEST(EmuGprIdx, ModesAndFields) {
  EmuRun R = runWave(GFX90A, (Twine(IndexedVector) + R"(
  v_lshlrev_b32 v1, 2, v0
  s_mov_b32 s7, 5
  s_mov_b32 s8, 1
  s_mov_b32 m0, 0xabcd0000
  s_mov_b32 s4, 0x103
  s_set_gpr_idx_on s4, gpr_idx(SRC0)
  v_mov_b32 v20, v8
  v_add_u32 v21, v8, v9
  global_store_dword v1, v8, s[2:3]
  s_set_gpr_idx_off
  s_mov_b32 s5, m0
  v_mov_b32 v22, v8
  s_set_gpr_idx_on 5, gpr_idx(DST)
  v_mov_b32 v8, 77
  s_set_gpr_idx_off
  s_set_gpr_idx_on 2, gpr_idx(SRC1,SRC2)
  v_add3_u32 v24, v8, v8, v8
  s_set_gpr_idx_mode gpr_idx(SRC0,SRC1,SRC2)
  v_add_u32_e64 v25, s7, v8
  v_add_u32 v23, 7, v8
  s_set_gpr_idx_mode gpr_idx(SRC0,DST)
  s_set_gpr_idx_idx s8
  v_mov_b32 v26, v14
  s_set_gpr_idx_off
  s_mov_b32 s9, m0
  s_set_gpr_idx_on 2, gpr_idx(SRC1)
  v_lshlrev_b64 v[28:29], 1, v[8:9]
  s_set_gpr_idx_off
)")
                                 .str());
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(5), 0xabcd1003u); // index 3, SRC0, M0's other bits kept
  EXPECT_EQ(R.s(9), 0xabcd9001u); // index 1, SRC0 and DST
  for (unsigned L = 0; L != 64; ++L) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.Out[L], L);              // the store is not indexed
    EXPECT_EQ(R.v(20, L), 3000 + L);     // v8 + 3 = v11
    EXPECT_EQ(R.v(21, L), 4000 + 2 * L); // v11 + v9
    EXPECT_EQ(R.v(22, L), L);            // index mode off
    EXPECT_EQ(R.v(8, L), L);             // vdst v8 + 5 = v13 written
    EXPECT_EQ(R.v(13, L), 77u);
    EXPECT_EQ(R.v(24, L), 4000 + 3 * L); // v8 + v10 + v10
    EXPECT_EQ(R.v(25, L), 2005 + L);     // s7 + v10: the SGPR stays
    EXPECT_EQ(R.v(23, L), 2007 + L);     // 7 + v10: the constant stays
    EXPECT_EQ(R.v(26, L), 0u);           // vdst v26 + 1 = v27 written
    EXPECT_EQ(R.v(27, L), 7000 + L);     // from v14 + 1 = v15
    EXPECT_EQ(R.v(28, L), 4000 + 2 * L); // v[10:11] << 1
    EXPECT_EQ(R.v(29, L), 6000 + 2 * L);
  }
}

// An indexed operand outside the kernel's VGPRs (the harness declares 32),
// or an AGPR operand the mode would index, stops the run, unless no lane
// is active.
TEST(EmuGprIdx, OutOfRangeAndAGPRs) {
  EmuRun R = runWave(GFX90A, R"(
  s_set_gpr_idx_on 30, gpr_idx(SRC0)
  v_mov_b32 v1, v8
)");
  EXPECT_NE(R.Error.find("V_MOV_B32_e32"), std::string::npos) << R.Error;
  EXPECT_NE(R.Error.find("v8 + 30 (M0) lies outside the kernel's 32 VGPRs"),
            std::string::npos)
      << R.Error;
  EmuRun A = runWave(GFX90A, R"(
  s_set_gpr_idx_on 1, gpr_idx(SRC0)
  v_accvgpr_read_b32 v1, a2
)");
  EXPECT_NE(A.Error.find("an AGPR operand relative to M0 is not modelled"),
            std::string::npos)
      << A.Error;
  // With no active lane nothing is read or written: any index will do.
  EmuRun Z = runWave(GFX90A, R"(
  s_mov_b64 s[4:5], exec
  s_mov_b64 exec, 0
  s_set_gpr_idx_on 30, gpr_idx(SRC0)
  v_mov_b32 v1, v8
  s_set_gpr_idx_off
  s_mov_b64 exec, s[4:5]
)");
  EXPECT_EQ(Z.Error, "");
}

// gfx10 has no index mode but v_movrel*: v_movrels_b32 reads VGPR[src0 +
// M0], v_movreld_b32 writes VGPR[vdst + M0] (its source may be a
// constant), v_movrelsd_b32 does both, v_movrelsd_2_b32 offsets src0 by
// M0[9:0] and vdst by M0[25:16]. M0 is a signed offset.
TEST(EmuMovRel, Wave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_mov_b32 v8, v0
  v_add_nc_u32 v9, 0x3e8, v0
  v_add_nc_u32 v10, 0x7d0, v0
  v_add_nc_u32 v11, 0xbb8, v0
  v_add_nc_u32 v12, 0xfa0, v0
  v_add_nc_u32 v13, 0x1388, v0
  v_add_nc_u32 v14, 0x1770, v0
  v_add_nc_u32 v15, 0x1b58, v0
  s_mov_b32 m0, 3
  v_movrels_b32 v20, v8
  v_movreld_b32 v8, 77
  s_mov_b32 m0, -2
  v_movrels_b32 v21, v12
  s_mov_b32 m0, 1
  v_movrelsd_b32 v22, v13
  s_mov_b32 m0, 0x30002
  v_movrelsd_2_b32 v24, v8
  s_mov_b32 m0, 4
  v_movrels_b32_e64 v25, v8
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 32; ++L) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(20, L), 3000 + L); // v8 + 3
    EXPECT_EQ(R.v(11, L), 77u);      // written as v8 + 3
    EXPECT_EQ(R.v(8, L), L);
    EXPECT_EQ(R.v(21, L), 2000 + L); // v12 - 2
    EXPECT_EQ(R.v(22, L), 0u);       // v22 + 1 = v23 written
    EXPECT_EQ(R.v(23, L), 6000 + L); // from v13 + 1
    EXPECT_EQ(R.v(24, L), 0u);       // v24 + 3 = v27 written
    EXPECT_EQ(R.v(27, L), 2000 + L); // from v8 + 2
    EXPECT_EQ(R.v(25, L), 4000 + L); // v8 + 4
  }
  EmuRun Out = runWave(GFX1030, R"(
  s_mov_b32 m0, 100
  v_movrels_b32 v1, v8
)");
  EXPECT_NE(Out.Error.find("v8 + 100 (M0) lies outside the kernel's 32 VGPRs"),
            std::string::npos)
      << Out.Error;
}

// v_lshlrev_b64 / v_lshrrev_b64 / v_ashrrev_i64 with a different amount per
// lane: the amount is src0[5:0], so 64 and up wrap.
void checkShifts64(EmuTarget T) {
  const uint32_t Amounts[] = {0,  1,   31,  32,  33,  63,         64,        65,
                              95, 127, 128, 255, 256, 0x80000020, 0xffffffff};
  const uint64_t Neg = 0x8000000100000003ull, Pos = 0x4000000000000005ull;
  std::string Body = formatv(R"(
  v_mov_b32 v4, {0:x}
  v_mov_b32 v5, {1:x}
  v_mov_b32 v6, {2:x}
  v_mov_b32 v7, {3:x}
  v_mov_b32 v10, 0
)",
                             uint32_t(Neg), uint32_t(Neg >> 32), uint32_t(Pos),
                             uint32_t(Pos >> 32))
                         .str();
  for (unsigned L = 0; L != std::size(Amounts); ++L)
    Body += formatv("s_mov_b32 s8, {0:x}\nv_writelane_b32 v10, s8, {1}\n",
                    Amounts[L], L)
                .str();
  Body += R"(
  v_lshlrev_b64 v[12:13], v10, v[4:5]
  v_lshrrev_b64 v[14:15], v10, v[4:5]
  v_ashrrev_i64 v[16:17], v10, v[4:5]
  v_ashrrev_i64 v[18:19], v10, v[6:7]
  v_lshrrev_b64 v[20:21], v10, v[6:7]
  v_lshlrev_b64 v[22:23], 63, v[4:5]
  v_ashrrev_i64 v[24:25], 32, v[4:5]
)";
  EmuRun R = runWave(T, Body);
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != T.WaveSize; ++L) {
    unsigned Sh = (L < std::size(Amounts) ? Amounts[L] : 0) & 63;
    EXPECT_EQ(R.v64(12, L), Neg << Sh) << "lane " << L;
    EXPECT_EQ(R.v64(14, L), Neg >> Sh) << "lane " << L;
    EXPECT_EQ(R.v64(16, L), uint64_t(int64_t(Neg) >> Sh)) << "lane " << L;
    EXPECT_EQ(R.v64(18, L), Pos >> Sh) << "lane " << L;
    EXPECT_EQ(R.v64(20, L), Pos >> Sh) << "lane " << L;
    EXPECT_EQ(R.v64(22, L), 0x8000000000000000ull) << "lane " << L;
    EXPECT_EQ(R.v64(24, L), 0xffffffff80000001ull) << "lane " << L;
  }
}

TEST(EmuShift64, Wave64) { checkShifts64(GFX90A); }
TEST(EmuShift64, Wave32) { checkShifts64(GFX1030); }

// gfx940's 64-bit VALU move and shift-add. v_mov_b64 reads a VGPR pair, an
// SGPR pair, a 64-bit inline constant or a 32-bit literal (zero-extended: an
// integer operand); its DPP form is refused. v_lshl_add_u64 shifts by 0-4
// (from an inline constant or a VGPR, per lane) and adds a VGPR or SGPR
// pair; a larger shift is refused, naming the lane.
TEST(EmuGfx940, Mov64AndLshlAdd64) {
  EmuRun R = runWave(GFX940, R"(
  v_mov_b32 v4, v0
  v_mov_b32 v5, 0x80000000
  v_mov_b64 v[6:7], v[4:5]
  s_mov_b32 s8, 0x89abcdef
  s_mov_b32 s9, 0x1234567
  v_mov_b64 v[8:9], s[8:9]
  v_mov_b64 v[10:11], -3
  v_mov_b64 v[12:13], 0x89abcdef
  v_and_b32 v14, 3, v0
  v_add_u32 v14, 1, v14                 ; shifts 1..4 by lane
  v_lshl_add_u64 v[16:17], v[4:5], 2, s[8:9]
  v_lshl_add_u64 v[18:19], v[8:9], v14, v[4:5]
  v_lshl_add_u64 v[20:21], v[4:5], 0, -1
)");
  ASSERT_EQ(R.Error, "");
  const uint64_t S = 0x0123456789abcdefull;
  for (unsigned L = 0; L != 64; ++L) {
    uint64_t V = 0x8000000000000000ull | L;
    EXPECT_EQ(R.v64(6, L), V) << "lane " << L;
    EXPECT_EQ(R.v64(8, L), S) << "lane " << L;
    EXPECT_EQ(R.v64(10, L), uint64_t(-3)) << "lane " << L;
    EXPECT_EQ(R.v64(12, L), 0x89abcdefull) << "lane " << L;
    EXPECT_EQ(R.v64(16, L), (V << 2) + S) << "lane " << L;
    EXPECT_EQ(R.v64(18, L), (S << (L % 4 + 1)) + V) << "lane " << L;
    EXPECT_EQ(R.v64(20, L), V - 1) << "lane " << L;
  }

  EmuRun Shift = runWave(GFX940, R"(
  v_mov_b32 v4, 4
  v_mov_b32 v5, 0
  v_writelane_b32 v4, 5, 7             ; lane 7 shifts by 5
  v_lshl_add_u64 v[6:7], v[2:3], v4, v[2:3]
)");
  EXPECT_NE(Shift.Error.find("shift 5 in lane 7 (only 0-4 are supported)"),
            std::string::npos)
      << Shift.Error;

  EmuRun Dpp = runWave(GFX940, "v_mov_b64_dpp v[4:5], v[2:3] row_newbcast:1");
  EXPECT_NE(Dpp.Error.find("DPP on a source other than a 32-bit VGPR"),
            std::string::npos)
      << Dpp.Error;
}

// v_xnor_b32 (VOP2 from gfx9 on; the e64 form with an inline constant):
// ~(a ^ b) in the active lanes, the inactive lanes untouched.
static void checkXnor(const EmuTarget &T) {
  bool W64 = T.WaveSize == 64;
  std::string Body =
      formatv(R"(
  v_mul_u32_u24 v1, 0x1357, v0
  v_mov_b32 v2, 0x0f0f00ff
  v_mov_b32 v3, 0xabcd
  v_mov_b32 v4, 0xabcd
  v_xnor_b32 v3, v1, v2
  v_xnor_b32_e64 v5, -1, v1
  s_mov_b32 s8, 0x55
  v_cmp_gt_u32 {0}, 4, v0
  {1} {2}, {0}
  v_xnor_b32 v4, s8, v1
  {3} {4}, {2}
)",
              W64 ? "vcc" : "vcc_lo",
              W64 ? "s_and_saveexec_b64" : "s_and_saveexec_b32",
              W64 ? "s[10:11]" : "s10", W64 ? "s_mov_b64" : "s_mov_b32",
              W64 ? "exec" : "exec_lo")
          .str();
  EmuRun R = runWave(T, Body);
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != T.WaveSize; ++L) {
    uint32_t A = L * 0x1357u;
    EXPECT_EQ(R.v(3, L), ~(A ^ 0x0f0f00ffu)) << "lane " << L;
    EXPECT_EQ(R.v(5, L), A) << "lane " << L;
    EXPECT_EQ(R.v(4, L), L < 4 ? ~(A ^ 0x55u) : 0xabcdu) << "lane " << L;
  }
}

TEST(EmuXnor, Wave64) { checkXnor(GFX90A); }
TEST(EmuXnor, Wave32) { checkXnor(GFX1030); }

// v_readlane / v_writelane ignore EXEC and take the lane select (an SGPR,
// M0 or a constant) modulo the wave size (src1[5:0] on wave64, src1[4:0] on
// wave32); v_readfirstlane reads the lowest active lane, lane 0 if none is
// active.
// v_swap_b32 exchanges two VGPRs in the active lanes only, reading both
// before writing either (register allocation emits it for copies that
// rotate registers).
void checkSwap(EmuTarget T, unsigned Lanes) {
  bool W32 = Lanes == 32;
  std::string Body =
      formatv(R"(
  v_mul_u32_u24 v3, 3, v0
  v_mov_b32 v4, 1000
  v_add_{0} v4, v4, v0
  v_mov_b32 v5, 77
  v_cmp_gt_u32 {1}, 5, v0
  s_mov_b{2} {4}, {3}
  s_and_b{2} {3}, {3}, {1}
  v_swap_b32 v3, v4
  s_mov_b{2} {3}, {4}
  v_swap_b32 v5, v5
)",
              W32 ? "nc_u32" : "u32", W32 ? "vcc_lo" : "vcc", W32 ? "32" : "64",
              W32 ? "exec_lo" : "exec", W32 ? "s20" : "s[20:21]")
          .str();
  EmuRun R = runWave(T, Body);
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != Lanes; ++L) {
    EXPECT_EQ(R.v(3, L), L < 5 ? 1000 + L : 3 * L) << "lane " << L;
    EXPECT_EQ(R.v(4, L), L < 5 ? 3 * L : 1000 + L) << "lane " << L;
    EXPECT_EQ(R.v(5, L), 77u) << "lane " << L;
  }
}

TEST(EmuSwap, Wave64) { checkSwap(GFX90A, 64); }
TEST(EmuSwap, Wave32) { checkSwap(GFX1030, 32); }

TEST(EmuCrossLane, ReadWriteLaneWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_mul_u32_u24 v3, 3, v0
  v_mov_b32 v4, 0xaaaa
  v_readlane_b32 s4, v3, 63
  s_mov_b32 s10, 69
  v_readlane_b32 s5, v3, s10             ; lane 69 & 63 = 5
  s_mov_b64 s[20:21], exec
  s_mov_b32 exec_lo, 0x100
  s_mov_b32 exec_hi, 0
  v_readlane_b32 s6, v3, 40              ; an inactive lane
  s_mov_b32 exec_lo, 0
  s_mov_b32 exec_hi, 0x400
  v_readfirstlane_b32 s7, v3             ; lane 42
  s_mov_b64 exec, 0
  s_mov_b32 s8, 77
  v_readfirstlane_b32 s8, v3             ; lane 0
  v_writelane_b32 v4, s4, 1
  s_mov_b32 m0, 127
  v_writelane_b32 v4, s5, m0             ; lane 127 & 63 = 63
  s_mov_b32 m0, 2
  v_readlane_b32 s9, v3, m0
  s_mov_b64 exec, s[20:21]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 189u);
  EXPECT_EQ(R.s(5), 15u);
  EXPECT_EQ(R.s(6), 120u);
  EXPECT_EQ(R.s(7), 126u);
  EXPECT_EQ(R.s(8), 0u);
  EXPECT_EQ(R.s(9), 6u);
  EXPECT_EQ(R.s(124), 2u); // M0
  for (unsigned L = 0; L != 64; ++L)
    EXPECT_EQ(R.v(4, L), L == 1    ? 189u
                         : L == 63 ? 15u
                                   : 0xaaaau)
        << "lane " << L;
}

TEST(EmuCrossLane, ReadWriteLaneWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_mul_u32_u24 v3, 3, v0
  v_mov_b32 v4, 0xaaaa
  v_readlane_b32 s4, v3, 31
  s_mov_b32 s10, 33
  v_readlane_b32 s5, v3, s10             ; lane 33 & 31 = 1
  s_mov_b32 s20, exec_lo
  s_mov_b32 exec_lo, 0x80000000
  v_readfirstlane_b32 s6, v3             ; lane 31
  s_mov_b32 exec_lo, 0
  s_mov_b32 s7, 77
  v_readfirstlane_b32 s7, v3             ; lane 0
  s_mov_b32 s11, 62
  v_writelane_b32 v4, s4, s11            ; lane 62 & 31 = 30
  s_mov_b32 exec_lo, s20
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 93u);
  EXPECT_EQ(R.s(5), 3u);
  EXPECT_EQ(R.s(6), 93u);
  EXPECT_EQ(R.s(7), 0u);
  for (unsigned L = 0; L != 32; ++L)
    EXPECT_EQ(R.v(4, L), L == 30 ? 93u : 0xaaaau) << "lane " << L;
}

// Ballots: a VOP3 compare into an SGPR pair (wave64) or one SGPR (wave32)
// sets one bit per active lane and clears the others; 64-bit compares are
// signed or unsigned over both dwords.
TEST(EmuCrossLane, BallotWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_and_b32 v3, 1, v0
  v_cmp_ne_u32_e64 s[4:5], 0, v3          ; odd lanes
  v_cmp_gt_u32_e64 s[6:7], v0, 31         ; the high half
  v_cmp_gt_u32 vcc, 3, v0                 ; lanes 0-2
  s_bcnt1_i32_b64 s8, s[4:5]
  v_mov_b32 v4, -1
  v_mov_b32 v5, v0                        ; lane << 32 | 0xffffffff
  v_mov_b32 v6, 0
  v_mov_b32 v7, 32
  v_mov_b32 v8, -1
  v_mov_b32 v9, -1
  v_cmp_lt_u64_e64 s[10:11], v[4:5], v[6:7] ; lanes below 32
  v_cmp_gt_i64_e64 s[12:13], v[4:5], v[8:9] ; > -1: every lane
  v_cmp_gt_u64_e64 s[14:15], v[4:5], v[8:9] ; > 2^64 - 1: none
  s_mov_b64 s[30:31], exec
  s_mov_b32 exec_hi, 0x0000ffff
  s_mov_b64 s[16:17], -1
  v_cmp_ne_u32_e64 s[16:17], 0, v3        ; odd lanes below 48
  s_mov_b64 exec, s[30:31]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(4), 0xaaaaaaaaaaaaaaaaull);
  EXPECT_EQ(R.s64(6), 0xffffffff00000000ull);
  EXPECT_EQ(R.vcc(), 7u);
  EXPECT_EQ(R.s(8), 32u);
  EXPECT_EQ(R.s64(10), 0xffffffffull);
  EXPECT_EQ(R.s64(12), ~uint64_t(0));
  EXPECT_EQ(R.s64(14), 0u);
  EXPECT_EQ(R.s64(16), 0x0000aaaaaaaaaaaaull);
}

TEST(EmuCrossLane, BallotWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_and_b32 v3, 1, v0
  s_mov_b32 s5, 0x5555
  v_cmp_ne_u32_e64 s4, 0, v3              ; odd lanes
  v_cmp_gt_u32_e64 s6, v0, 15             ; the high half
  s_mov_b32 vcc_hi, 0x6666
  v_cmp_gt_u32 vcc_lo, 3, v0              ; lanes 0-2
  s_bcnt1_i32_b32 s8, s4
  s_mov_b32 s30, exec_lo
  s_mov_b32 exec_lo, 0xff
  v_cmp_ne_u32_e64 s9, 0, v3              ; odd lanes below 8
  s_mov_b32 exec_lo, s30
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0xaaaaaaaau);
  EXPECT_EQ(R.s(5), 0x5555u);
  EXPECT_EQ(R.s(6), 0xffff0000u);
  EXPECT_EQ(R.vcc(), 7u);
  EXPECT_EQ(R.s(107), 0x6666u);
  EXPECT_EQ(R.s(8), 16u);
  EXPECT_EQ(R.s(9), 0xaau);
}

// v_alignbyte_b32: ({S0, S1} >> 8 * S2[1:0])[31:0]; only S2's two low bits
// count (7 shifts like 3).
TEST(EmuAlign, AlignByte) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v1, 0x11223344
  v_mov_b32 v2, 0x55667788
  v_alignbyte_b32 v3, v1, v2, 0
  v_alignbyte_b32 v4, v1, v2, 3
  v_alignbyte_b32 v5, v1, v2, 7
  v_alignbyte_b32 v6, v1, v2, 1
  v_alignbyte_b32 v7, v1, v2, v0
)");
  ASSERT_EQ(R.Error, "");
  // {S0, S1} = 0x11223344_55667788.
  const uint32_t ByShift[4] = {0x55667788u, 0x44556677u, 0x33445566u,
                               0x22334455u};
  for (unsigned L = 0; L != 64; ++L) {
    EXPECT_EQ(R.v(3, L), 0x55667788u) << "lane " << L;    // S2 = 0: S1.
    EXPECT_EQ(R.v(4, L), 0x22334455u) << "lane " << L;    // S2 = 3: >> 24.
    EXPECT_EQ(R.v(5, L), 0x22334455u) << "lane " << L;    // 7 & 3 = 3.
    EXPECT_EQ(R.v(6, L), 0x44556677u) << "lane " << L;    // S2 = 1: >> 8.
    EXPECT_EQ(R.v(7, L), ByShift[L & 3]) << "lane " << L; // S2 = lane id.
  }
}

// v_cmp_f_* and v_cmp_t_* / v_cmp_tru_*: false and true for every active
// lane whatever the operands (NaNs included); inactive lanes' bits are 0,
// and the v_cmpx_ forms write EXEC (and, on gfx9, VCC) too.
TEST(EmuCompare, FalseAndTrueWave64) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v8, 0x7fc00000
  v_cmp_f_u32 vcc, v0, v0
  s_mov_b64 s[4:5], vcc
  v_cmp_t_i32 vcc, v0, 0
  s_mov_b64 s[6:7], vcc
  v_cmp_f_f32_e64 s[8:9], v8, v8
  v_cmp_tru_f32_e64 s[10:11], v8, v8
  v_cmp_tru_f64_e64 s[12:13], v[8:9], v[8:9]
  v_cmp_t_u64_e64 s[14:15], v[8:9], 0
  v_cmp_f_i16 vcc, v0, v0
  s_mov_b64 s[16:17], vcc
  s_mov_b64 s[30:31], exec
  s_mov_b32 exec_lo, 0xf0f0f0f0
  s_mov_b32 exec_hi, 0
  v_cmp_tru_f32_e64 s[18:19], v8, v8
  v_cmpx_t_u32 vcc, v0, v0
  s_mov_b64 s[20:21], exec
  s_mov_b64 s[22:23], vcc
  v_cmpx_f_u32 vcc, v0, v0
  s_mov_b64 s[24:25], exec
  s_mov_b64 s[26:27], vcc
  s_mov_b64 exec, s[30:31]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(4), 0u);             // v_cmp_f_u32
  EXPECT_EQ(R.s64(6), ~uint64_t(0));   // v_cmp_t_i32, all 64 lanes
  EXPECT_EQ(R.s64(8), 0u);             // v_cmp_f_f32 of NaNs
  EXPECT_EQ(R.s64(10), ~uint64_t(0));  // v_cmp_tru_f32 of NaNs
  EXPECT_EQ(R.s64(12), ~uint64_t(0));  // v_cmp_tru_f64
  EXPECT_EQ(R.s64(14), ~uint64_t(0));  // v_cmp_t_u64
  EXPECT_EQ(R.s64(16), 0u);            // v_cmp_f_i16
  EXPECT_EQ(R.s64(18), 0xf0f0f0f0ull); // Only the active lanes.
  EXPECT_EQ(R.s64(20), 0xf0f0f0f0ull); // v_cmpx_t: EXEC unchanged,
  EXPECT_EQ(R.s64(22), 0xf0f0f0f0ull); // and VCC the same on gfx9.
  EXPECT_EQ(R.s64(24), 0u);            // v_cmpx_f: EXEC = 0,
  EXPECT_EQ(R.s64(26), 0u);            // VCC = 0.
}

TEST(EmuCompare, FalseAndTrueWave32) {
  EmuRun R = runWave(GFX1030, R"(
  v_mov_b32 v8, 0x7fc00000
  v_cmp_tru_f32_e64 s4, v8, v8
  v_cmp_f_i32_e64 s5, v0, v0
  v_cmp_t_u32_e64 s6, v0, 0
  v_cmp_f_f64_e64 s7, v[8:9], v[8:9]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0xffffffffu); // tru of NaNs: every lane of 32.
  EXPECT_EQ(R.s(5), 0u);          // f
  EXPECT_EQ(R.s(6), 0xffffffffu); // t
  EXPECT_EQ(R.s(7), 0u);          // f on f64
}

} // namespace
