//===- SemanticsTest.cpp - Instruction semantics of the emulator ----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Pins edge cases of the instruction semantics, one instruction class per
// test: each test assembles a few instructions with the AMDGPU assembler
// (in-process, EmuTestHarness.h), runs them as a one-wave kernel whose
// s[2:3] holds the address of one i32 output buffer, and checks what the
// code stored.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

struct RunResult {
  std::vector<uint32_t> Out; ///< The output buffer after the run.
  std::string Error;         ///< The run's error, if it failed.
};

/// Runs Asm as a kernel of one wave with Lanes work-items active (of
/// WaveSize), v0 = work-item id, and an output buffer of OutDwords dwords
/// (initially 0xdead) in s[2:3]. Denorm is
/// COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32 (3: kept, 0: flushed).
RunResult runKernel(StringRef CPU, unsigned WaveSize, unsigned Lanes,
                    StringRef Asm, unsigned OutDwords = 64,
                    unsigned Denorm = 3) {
  RunOptions O;
  O.Lanes = Lanes;
  O.OutDwords = OutDwords;
  O.DenormMode32 = Denorm;
  EmuRun R = runWave({CPU, WaveSize}, Asm, O);
  return {std::move(R.Out), std::move(R.Error)};
}

/// The common prologue: v1 = lane * 4, v2 = 0.
const char *const Prologue = R"(
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 0
)";

std::string withPrologue(StringRef Body) { return (Prologue + Body).str(); }

/// Stores s<Regs[i]> to out[i], through v3.
std::string storeSGPRs(ArrayRef<unsigned> Regs) {
  std::string Asm;
  for (auto [I, Reg] : enumerate(Regs))
    Asm += formatv("  v_mov_b32 v3, s{0}\n"
                   "  global_store_dword v2, v3, s[2:3] offset:{1}\n",
                   Reg, 4 * I)
               .str();
  return Asm;
}

TEST(EmuSemantics, ScalarCarryAndSCC) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  s_mov_b32 s4, -1
  s_add_u32 s5, s4, 1          ; 0, SCC = carry = 1
  s_addc_u32 s6, 0, 0          ; 0 + 0 + SCC = 1
  s_cmp_lt_i32 s4, 0           ; -1 < 0 signed: SCC = 1
  s_cselect_b32 s7, 11, 22
  s_cmp_lt_u32 s4, 0           ; 0xffffffff < 0 unsigned: SCC = 0
  s_cselect_b32 s8, 11, 22
  s_sub_i32 s9, 0x80000000, 1  ; signed overflow sets SCC
  s_cselect_b32 s9, 1, 0
  v_mov_b32 v3, s5
  global_store_dword v2, v3, s[2:3]
  v_mov_b32 v3, s6
  global_store_dword v2, v3, s[2:3] offset:4
  v_mov_b32 v3, s7
  global_store_dword v2, v3, s[2:3] offset:8
  v_mov_b32 v3, s8
  global_store_dword v2, v3, s[2:3] offset:12
  v_mov_b32 v3, s9
  global_store_dword v2, v3, s[2:3] offset:16
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0u);
  EXPECT_EQ(R.Out[1], 1u);
  EXPECT_EQ(R.Out[2], 11u);
  EXPECT_EQ(R.Out[3], 22u);
  EXPECT_EQ(R.Out[4], 1u);
}

// VCC as the carry between v_add_co and v_addc_co: 0xffffffff + lane carries
// out in every lane but lane 0.
TEST(EmuSemantics, VectorCarryThroughVCC) {
  RunResult R = runKernel("gfx90a", 64, 64, withPrologue(R"(
  v_mov_b32 v3, -1
  v_add_co_u32 v4, vcc, v3, v0
  v_addc_co_u32 v5, vcc, 0, 0, vcc
  global_store_dword v1, v5, s[2:3]
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0u);
  for (unsigned L = 1; L != 64; ++L)
    EXPECT_EQ(R.Out[L], 1u) << "lane " << L;
}

// Inactive lanes keep their VGPR values and store nothing; a compare writes
// 0 for inactive lanes.
TEST(EmuSemantics, PartialExec) {
  RunResult R = runKernel("gfx90a", 64, 64, withPrologue(R"(
  v_mov_b32 v3, 7
  s_mov_b64 exec, 0xf
  v_mov_b32 v3, 100
  v_cmp_gt_u32 s[4:5], 64, v0   ; true in every active lane
  s_mov_b64 exec, -1
  global_store_dword v1, v3, s[2:3]
  v_mov_b32 v4, s4
  v_mov_b32 v5, s5
  global_store_dword v2, v4, s[2:3] offset:256
  global_store_dword v2, v5, s[2:3] offset:260
)"),
                          66);
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 64; ++L)
    EXPECT_EQ(R.Out[L], L < 4 ? 100u : 7u) << "lane " << L;
  EXPECT_EQ(R.Out[64], 0xfu);
  EXPECT_EQ(R.Out[65], 0u);
}

// EXEC = 0: s_and_saveexec sets SCC = 0, s_cbranch_execz is taken, and a
// vector store under EXEC = 0 writes nothing.
TEST(EmuSemantics, ExecZero) {
  RunResult R = runKernel("gfx90a", 64, 64, withPrologue(R"(
  v_cmp_gt_u32 vcc, 0, v0        ; false everywhere
  s_and_saveexec_b64 s[4:5], vcc
  s_cselect_b32 s6, 1, 2         ; SCC = (EXEC != 0) = 0
  v_mov_b32 v3, 5
  global_store_dword v1, v3, s[2:3]
  s_cbranch_execz skipped
  s_mov_b32 s6, 99
skipped:
  s_mov_b64 exec, s[4:5]
  v_mov_b32 v3, s6
  global_store_dword v2, v3, s[2:3] offset:256
)"),
                          65);
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 64; ++L)
    EXPECT_EQ(R.Out[L], 0xdeadu) << "lane " << L;
  EXPECT_EQ(R.Out[64], 2u);
}

// Wave32: EXEC and VCC are 32 bits; the carry comes through vcc_lo.
TEST(EmuSemantics, Wave32CarryAndMasks) {
  RunResult R = runKernel("gfx1030", 32, 20, withPrologue(R"(
  v_mov_b32 v3, -1
  v_add_co_u32 v4, vcc_lo, v3, v0
  v_add_co_ci_u32_e64 v5, s5, 0, 0, vcc_lo
  global_store_dword v1, v5, s[2:3]
  v_cmp_lt_u32_e64 s4, v0, 8
  v_mov_b32 v6, s4
  v_mov_b32 v7, exec_lo
  global_store_dword v2, v6, s[2:3] offset:128
  global_store_dword v2, v7, s[2:3] offset:132
)"),
                          34);
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0u);
  for (unsigned L = 1; L != 20; ++L)
    EXPECT_EQ(R.Out[L], 1u);
  EXPECT_EQ(R.Out[20], 0xdeadu); // Lane 20 does not exist.
  EXPECT_EQ(R.Out[32], 0xffu);
  EXPECT_EQ(R.Out[33], 0xfffffu);
}

// 64-bit shifts: amounts 0, 31, 32, 63, and 64 (masked to 0).
TEST(EmuSemantics, Shifts64) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  s_mov_b64 s[4:5], 0x80000001
  s_mov_b32 s5, 0x80000000
  s_lshl_b64 s[6:7], s[4:5], 31
  s_lshr_b64 s[8:9], s[4:5], 32
  s_ashr_i64 s[10:11], s[4:5], 63
  s_lshl_b64 s[12:13], s[4:5], 64
  v_mov_b32 v3, s6
  v_mov_b32 v4, s7
  global_store_dword v2, v3, s[2:3]
  global_store_dword v2, v4, s[2:3] offset:4
  v_mov_b32 v3, s8
  v_mov_b32 v4, s9
  global_store_dword v2, v3, s[2:3] offset:8
  global_store_dword v2, v4, s[2:3] offset:12
  v_mov_b32 v3, s10
  v_mov_b32 v4, s11
  global_store_dword v2, v3, s[2:3] offset:16
  global_store_dword v2, v4, s[2:3] offset:20
  v_mov_b32 v3, s12
  v_mov_b32 v4, s13
  global_store_dword v2, v3, s[2:3] offset:24
  global_store_dword v2, v4, s[2:3] offset:28
  v_mov_b32 v6, s4
  v_mov_b32 v7, s5
  v_ashrrev_i64 v[8:9], 32, v[6:7]
  global_store_dword v2, v8, s[2:3] offset:32
  global_store_dword v2, v9, s[2:3] offset:36
  v_lshrrev_b64 v[8:9], 0, v[6:7]
  global_store_dword v2, v8, s[2:3] offset:40
)"));
  ASSERT_EQ(R.Error, "");
  // s[4:5] = 0x80000000_80000001.
  EXPECT_EQ(R.Out[0], 0x80000000u); // << 31
  EXPECT_EQ(R.Out[1], 0x40000000u);
  EXPECT_EQ(R.Out[2], 0x80000000u); // >> 32
  EXPECT_EQ(R.Out[3], 0u);
  EXPECT_EQ(R.Out[4], 0xffffffffu); // >> 63 arithmetic
  EXPECT_EQ(R.Out[5], 0xffffffffu);
  EXPECT_EQ(R.Out[6], 0x80000001u); // << 64 is << 0
  EXPECT_EQ(R.Out[7], 0x80000000u);
  EXPECT_EQ(R.Out[8], 0x80000000u); // v_ashrrev_i64 by 32
  EXPECT_EQ(R.Out[9], 0xffffffffu);
  EXPECT_EQ(R.Out[10], 0x80000001u);
}

// Scalar bit-field extracts (what the backend selects for a uniform
// (S >> k) & mask): offset in S1[4:0] (S1[5:0] for 64 bits), width in
// S1[22:16], zero- or sign-extended, SCC = result != 0; on gfx90a and
// gfx1030 (where the opcode differs).
TEST(EmuSemantics, ScalarBitFieldExtract) {
  for (const char *CPU : {"gfx90a", "gfx1030"}) {
    RunResult R =
        runKernel(CPU, StringRef(CPU) == "gfx90a" ? 64 : 32, 1, withPrologue(R"(
  s_mov_b32 s4, 0xf00000b4
  s_bfe_u32 s5, s4, 0x40004
  s_bfe_i32 s6, s4, 0x40004
  s_bfe_i32 s7, s4, 0x3001c
  s_bfe_u32 s8, s4, 0x30008
  s_cselect_b32 s9, 1, 2
  s_bfe_u32 s10, s4, 0
  s_mov_b64 s[12:13], 0x80000001
  s_mov_b32 s13, 0x80000000
  s_bfe_u64 s[14:15], s[12:13], 0x2001f
  s_bfe_i64 s[16:17], s[12:13], 0x1003f
)" + storeSGPRs({5, 6, 7, 8, 9, 10, 14, 15, 16, 17})));
    ASSERT_EQ(R.Error, "") << CPU;
    EXPECT_EQ(R.Out[0], 0xbu) << CPU;        // bits 7:4 of 0x...b4
    EXPECT_EQ(R.Out[1], 0xfffffffbu) << CPU; // the same, sign-extended
    EXPECT_EQ(R.Out[2], 0xffffffffu) << CPU; // bits 30:28 = 0b111 signed: -1
    EXPECT_EQ(R.Out[3], 0u) << CPU;          // bits 10:8 are 0
    EXPECT_EQ(R.Out[4], 2u) << CPU;          // so SCC = 0
    EXPECT_EQ(R.Out[5], 0u) << CPU;          // width 0
    EXPECT_EQ(R.Out[6], 1u) << CPU; // bits 32:31 of 0x80000000_80000001
    EXPECT_EQ(R.Out[7], 0u) << CPU;
    EXPECT_EQ(R.Out[8], 0xffffffffu) << CPU; // bit 63, sign-extended
    EXPECT_EQ(R.Out[9], 0xffffffffu) << CPU;
  }
}

// A signed field that runs past bit 31 takes its sign from bit 31, in the
// vector and the scalar forms (the Vega ISA's S0.i >> offset; LLVM's
// constant folding of AMDGPUISD::BFE_I32 agrees).
TEST(EmuSemantics, SignedBitFieldPastBit31) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0xfae2011b
  v_bfe_i32 v4, v3, 24, 10
  v_bfe_i32 v5, v3, 4, 8
  v_readfirstlane_b32 s12, v4
  v_readfirstlane_b32 s13, v5
  s_mov_b32 s4, 0xf575a6b8
  s_bfe_i32 s5, s4, 0x19000c
  s_bfe_i32 s6, s4, 0x40001c
  s_mov_b32 s8, 0
  s_mov_b32 s9, 0x80000000
  s_bfe_i64 s[10:11], s[8:9], 0x40003c
)" + storeSGPRs({12, 13, 5, 6, 10, 11})));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0xfffffffau); // offset 24, width 10: S0.i >> 24
  EXPECT_EQ(R.Out[1], 0x11u);       // bits 11:4, positive
  EXPECT_EQ(R.Out[2], 0xffff575au); // offset 12, width 25
  EXPECT_EQ(R.Out[3], 0xffffffffu); // offset 28, width 64: S0.i >> 28
  EXPECT_EQ(R.Out[4], 0xfffffff8u); // 64 bits, offset 60: S0.i >> 60
  EXPECT_EQ(R.Out[5], 0xffffffffu);
}

// Conversions: saturation and NaN -> 0 for float -> int, rounding to
// nearest even for int -> float.
TEST(EmuSemantics, Conversions) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0x4f800000          ; 2^32
  v_cvt_i32_f32 v4, v3              ; saturates to INT_MAX
  v_cvt_u32_f32 v5, v3              ; saturates to UINT_MAX
  v_mov_b32 v3, 0xcf000001          ; < -2^31
  v_cvt_i32_f32 v6, v3
  v_cvt_u32_f32 v7, v3              ; negative -> 0
  v_mov_b32 v3, 0x7fc00000          ; NaN
  v_cvt_i32_f32 v8, v3
  v_mov_b32 v3, 0x1000001           ; 16777217: not representable
  v_cvt_f32_u32 v9, v3              ; ties to even: 16777216
  v_mov_b32 v3, 0xc0000000
  v_cvt_i32_f32 v10, v3             ; -2.0 -> -2
  global_store_dword v2, v4, s[2:3]
  global_store_dword v2, v5, s[2:3] offset:4
  global_store_dword v2, v6, s[2:3] offset:8
  global_store_dword v2, v7, s[2:3] offset:12
  global_store_dword v2, v8, s[2:3] offset:16
  global_store_dword v2, v9, s[2:3] offset:20
  global_store_dword v2, v10, s[2:3] offset:24
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0x7fffffffu);
  EXPECT_EQ(R.Out[1], 0xffffffffu);
  EXPECT_EQ(R.Out[2], 0x80000000u);
  EXPECT_EQ(R.Out[3], 0u);
  EXPECT_EQ(R.Out[4], 0u);
  EXPECT_EQ(R.Out[5], 0x4b800000u);
  EXPECT_EQ(R.Out[6], uint32_t(-2));
}

// Denormals: with FLOAT_DENORM_MODE_32 = 0 inputs and outputs flush to
// zero; with 3 they are kept.
TEST(EmuSemantics, Denormals) {
  const char *Body = R"(
  v_mov_b32 v3, 0x00000001          ; the smallest denormal
  v_add_f32 v4, v3, v3              ; 2 * denormal
  v_mov_b32 v5, 0x00800000          ; the smallest normal
  v_mul_f32 v6, 0.5, v5             ; a denormal result
  global_store_dword v2, v4, s[2:3]
  global_store_dword v2, v6, s[2:3] offset:4
)";
  RunResult Keep = runKernel("gfx90a", 64, 1, withPrologue(Body), 64, 3);
  ASSERT_EQ(Keep.Error, "");
  EXPECT_EQ(Keep.Out[0], 2u);
  EXPECT_EQ(Keep.Out[1], 0x00400000u);
  RunResult Flush = runKernel("gfx90a", 64, 1, withPrologue(Body), 64, 0);
  ASSERT_EQ(Flush.Error, "");
  EXPECT_EQ(Flush.Out[0], 0u);
  EXPECT_EQ(Flush.Out[1], 0u);
}

// f64: arithmetic on VGPR pairs, saturating conversion to i32, the
// division fix-up's special cases.
TEST(EmuSemantics, Float64) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0x41e00000          ; 2^31 as a double
  v_add_f64 v[6:7], v[4:5], v[4:5]  ; 2^32
  v_cvt_i32_f64 v8, v[6:7]          ; saturates to INT_MAX
  v_cvt_u32_f64 v9, v[4:5]          ; 2^31 fits in u32
  v_mov_b32 v10, 0
  v_mov_b32 v11, 0
  v_div_fixup_f64 v[12:13], v[10:11], v[10:11], v[10:11] ; 0/0: NaN
  v_mov_b32 v14, 0
  v_mov_b32 v15, 0xbff00000         ; -1.0
  v_div_fixup_f64 v[16:17], v[10:11], v[10:11], v[14:15] ; -1/+0: -inf
  global_store_dword v2, v6, s[2:3]
  global_store_dword v2, v7, s[2:3] offset:4
  global_store_dword v2, v8, s[2:3] offset:8
  global_store_dword v2, v9, s[2:3] offset:12
  global_store_dword v2, v13, s[2:3] offset:16
  global_store_dword v2, v17, s[2:3] offset:20
  global_store_dword v2, v16, s[2:3] offset:24
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0u);
  EXPECT_EQ(R.Out[1], 0x41f00000u);
  EXPECT_EQ(R.Out[2], 0x7fffffffu);
  EXPECT_EQ(R.Out[3], 0x80000000u);
  EXPECT_EQ(R.Out[4], 0xfff80000u);
  EXPECT_EQ(R.Out[5], 0xfff00000u);
  EXPECT_EQ(R.Out[6], 0u);
}

// Atomics return the value before the lane's own update; lanes hitting one
// address are processed in lane order.
TEST(EmuSemantics, GlobalAtomicsReturnOldValues) {
  RunResult R = runKernel("gfx90a", 64, 8, withPrologue(R"(
  v_mov_b32 v3, 10
  global_store_dword v2, v3, s[2:3] offset:128
  v_add_u32 v4, 1, v0                          ; lane + 1
  global_atomic_add v5, v2, v4, s[2:3] offset:128 glc
  global_store_dword v1, v5, s[2:3]
  v_mov_b32 v6, 7
  global_store_dword v2, v6, s[2:3] offset:132
  v_mov_b32 v8, 99                             ; new value
  v_mov_b32 v9, 7                              ; compare value
  global_atomic_cmpswap v10, v2, v[8:9], s[2:3] offset:132 glc
  global_store_dword v1, v10, s[2:3] offset:64
  global_atomic_umax v2, v0, s[2:3] offset:136
)"),
                          35);
  ASSERT_EQ(R.Error, "");
  uint32_t Sum = 10;
  for (unsigned L = 0; L != 8; ++L) {
    EXPECT_EQ(R.Out[L], Sum) << "add, lane " << L;
    Sum += L + 1;
  }
  EXPECT_EQ(R.Out[32], Sum);
  EXPECT_EQ(R.Out[16], 7u); // Lane 0 swaps 7 -> 99 ...
  for (unsigned L = 1; L != 8; ++L)
    EXPECT_EQ(R.Out[16 + L], 99u)
        << "cmpswap, lane " << L; // ... the rest see 99.
  EXPECT_EQ(R.Out[33], 99u);
  EXPECT_EQ(R.Out[34], 0xdeadu); // umax(0xdead, lane) keeps 0xdead.
}

TEST(EmuSemantics, LDSAtomicsAndReadWrite2) {
  RunResult R = runKernel("gfx90a", 64, 4, withPrologue(R"(
  v_mov_b32 v3, 0
  v_mov_b32 v4, 5
  ds_write_b32 v3, v4
  ds_inc_rtn_u32 v5, v3, v4          ; wraps to 0 after reaching 5
  global_store_dword v1, v5, s[2:3]
  ds_read_b32 v6, v3
  v_mov_b32 v7, 0x11
  v_mov_b32 v8, 0x22
  ds_write2_b32 v3, v7, v8 offset0:1 offset1:2 ; dwords 1 and 2
  ds_read2_b32 v[12:13], v3 offset0:1 offset1:2
  global_store_dword v2, v6, s[2:3] offset:64
  global_store_dword v2, v12, s[2:3] offset:68
  global_store_dword v2, v13, s[2:3] offset:72
)"),
                          19);
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 5u);
  EXPECT_EQ(R.Out[1], 0u);
  EXPECT_EQ(R.Out[2], 1u);
  EXPECT_EQ(R.Out[3], 2u);
  EXPECT_EQ(R.Out[16], 3u);
  EXPECT_EQ(R.Out[17], 0x11u);
  EXPECT_EQ(R.Out[18], 0x22u);
}

// Cross-lane: readlane, readfirstlane (first active lane), writelane, and a
// ballot-style compare into an SGPR pair.
TEST(EmuSemantics, CrossLane) {
  RunResult R = runKernel("gfx90a", 64, 64, withPrologue(R"(
  v_mul_u32_u24 v3, 3, v0
  v_readlane_b32 s4, v3, 5
  s_mov_b64 exec, 0xff00
  v_readfirstlane_b32 s5, v3
  s_mov_b64 exec, -1
  v_mov_b32 v4, 0
  v_writelane_b32 v4, s4, 63
  v_cmp_eq_u32 s[6:7], 0, v0   ; true in lane 0 only
  v_mov_b32 v5, s4
  v_mov_b32 v6, s5
  v_mov_b32 v7, s6
  v_mov_b32 v8, s7
  global_store_dword v2, v5, s[2:3]
  global_store_dword v2, v6, s[2:3] offset:4
  global_store_dword v2, v7, s[2:3] offset:8
  global_store_dword v2, v8, s[2:3] offset:12
  global_store_dword v1, v4, s[2:3] offset:16
)"),
                          68);
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 15u);
  EXPECT_EQ(R.Out[1], 24u); // Lane 8, the first active one.
  EXPECT_EQ(R.Out[2], 1u);
  EXPECT_EQ(R.Out[3], 0u);
  EXPECT_EQ(R.Out[4 + 63], 15u);
  EXPECT_EQ(R.Out[4], 0u);
}

// v_permlane16_b32 gathers within each row of 16 lanes, v_permlanex16_b32
// from the other row, by the 4-bit selects of {src2, src1}. A source lane
// outside EXEC is invalid unless op_sel[0] (FI); the reading lane then keeps
// its value, or gets 0 with op_sel[1] (BOUND_CTRL).
TEST(EmuSemantics, Permlane16) {
  EmuRun R = runWave(GFX1030, R"(
  s_mov_b32 s4, 0x76543210              ; each lane's own index
  s_mov_b32 s5, 0xfedcba98
  s_mov_b32 s6, 0x89abcdef              ; reversed
  s_mov_b32 s7, 0x01234567
  v_permlanex16_b32 v3, v0, s4, s5
  v_permlane16_b32 v4, v0, s6, s7
  v_permlanex16_b32 v5, v0, 0, 0
  v_mov_b32 v6, 99
  v_mov_b32 v7, 99
  v_mov_b32 v8, 99
  s_mov_b32 exec_lo, 0xffff             ; row 0 only
  v_permlanex16_b32 v6, v0, s4, s5
  v_permlanex16_b32 v7, v0, s4, s5 op_sel:[0,1]
  v_permlanex16_b32 v8, v0, s4, s5 op_sel:[1,0]
  s_mov_b32 exec_lo, -1
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != 32; ++L) {
    EXPECT_EQ(R.v(3, L), L ^ 16) << L;
    EXPECT_EQ(R.v(4, L), (L & 16) + 15 - L % 16) << L;
    EXPECT_EQ(R.v(5, L), (L & 16) ^ 16) << L;
    bool Row0 = L < 16;
    EXPECT_EQ(R.v(6, L), 99u) << L;
    EXPECT_EQ(R.v(7, L), Row0 ? 0u : 99u) << L;
    EXPECT_EQ(R.v(8, L), Row0 ? L ^ 16 : 99u) << L;
  }
}

// Out-of-bounds LDS and flat-aperture accesses stop the run, naming the
// lane and the address.
TEST(EmuSemantics, LDSBoundsFault) {
  RunResult R = runKernel("gfx90a", 64, 4, withPrologue(R"(
  v_lshlrev_b32 v3, 9, v0           ; lane * 512: lanes 2, 3 are outside
  ds_read_b32 v4, v3
)"));
  EXPECT_NE(R.Error.find("lane 2: 4 bytes at LDS address 0x400 are outside "
                         "the 1024-byte LDS allocation"),
            std::string::npos)
      << R.Error;
  RunResult A = runKernel("gfx90a", 64, 1, withPrologue(R"(
  s_mov_b64 s[4:5], src_shared_base  ; the LDS aperture
  v_mov_b32 v4, 0x3fe
  v_mov_b32 v5, s5
  flat_load_dword v6, v[4:5]         ; straddles the end of the LDS
)"));
  EXPECT_NE(A.Error.find("lane 0: 4 bytes at LDS address 0x3fe"),
            std::string::npos)
      << A.Error;
}

// 16-bit SDWA: the sources are the selected words, the 16-bit result is
// zero-extended into a DWORD destination, or placed into one word with the
// other bits preserved or sign-extended.
TEST(EmuSemantics, Sdwa16Bit) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0x50003
  v_mov_b32 v4, 7
  v_mov_b32 v6, 0x1234abcd
  v_sub_u16_sdwa v5, v3, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
  v_add_u16_sdwa v6, v3, v4 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_0
  v_mul_lo_u16_sdwa v7, v3, v4 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:WORD_0
  v_mov_b32 v8, 0x9000
  v_max_i16_sdwa v9, v8, v4 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_0 src1_sel:WORD_0
  global_store_dword v2, v5, s[2:3]
  global_store_dword v2, v6, s[2:3] offset:4
  global_store_dword v2, v7, s[2:3] offset:8
  global_store_dword v2, v9, s[2:3] offset:12
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0xfffeu);     // 5 - 7 in 16 bits
  EXPECT_EQ(R.Out[1], 0x000aabcdu); // 3 + 7 in the high word
  EXPECT_EQ(R.Out[2], 35u);         // 5 * 7, positive: no sign bits
  EXPECT_EQ(R.Out[3], 7u);          // max(-28672, 7) signed
}

// SDWA integer to f16 conversions: the selected word (sign-extended with
// sext()) converted, the f16 result placed by dst_sel / dst_unused.
TEST(EmuSemantics, SdwaCvtF16FromInt16) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0xfffd0007
  v_mov_b32 v6, 0x1234abcd
  v_cvt_f16_u16_sdwa v4, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_cvt_f16_i16_sdwa v5, sext(v3) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_cvt_f16_u16_sdwa v6, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
  global_store_dword v2, v4, s[2:3]
  global_store_dword v2, v5, s[2:3] offset:4
  global_store_dword v2, v6, s[2:3] offset:8
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0x7c00u);     // 65533 overflows f16: +inf
  EXPECT_EQ(R.Out[1], 0xc200u);     // -3.0
  EXPECT_EQ(R.Out[2], 0x4700abcdu); // 7.0 in the high word
}

// 32-bit integer SDWA: a selected word, sign-extended by sext(), feeds
// the 24-bit multiplies (HeCBench su3's k_mat_nn on gfx1030 multiplies a
// sign-extended short this way, low and high halves).
TEST(EmuSemantics, SdwaMul24) {
  for (StringRef CPU : {"gfx90a", "gfx1030"}) {
    RunResult R = runKernel(CPU, 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0x7fff8003
  v_mov_b32 v4, 3
  v_mul_i32_i24_sdwa v5, sext(v3), v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
  v_mul_i32_i24_sdwa v6, v3, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
  v_mul_u32_u24_sdwa v7, v3, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
  v_mul_hi_i32_i24_sdwa v8, sext(v3), v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
  v_mul_hi_u32_u24_sdwa v9, v3, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
  global_store_dword v2, v5, s[2:3]
  global_store_dword v2, v6, s[2:3] offset:4
  global_store_dword v2, v7, s[2:3] offset:8
  global_store_dword v2, v8, s[2:3] offset:12
  global_store_dword v2, v9, s[2:3] offset:16
)"));
    ASSERT_EQ(R.Error, "") << CPU.str();
    EXPECT_EQ(R.Out[0], uint32_t(-32765 * 3)) << CPU.str(); // sext(0x8003)
    EXPECT_EQ(R.Out[1], 0x8003u * 3) << CPU.str();          // zero-extended
    EXPECT_EQ(R.Out[2], 0x7fffu * 3) << CPU.str();          // the high word
    EXPECT_EQ(R.Out[3], 0xffffffffu) << CPU.str(); // high half of -98295
    EXPECT_EQ(R.Out[4], 0u) << CPU.str();          // high half of 98313
  }
}

// Anything without semantics stops the run, naming the opcode.
TEST(EmuSemantics, UnimplementedStops) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue("v_rcp_f16 v3, v2"));
  EXPECT_NE(R.Error.find("V_RCP_F16"), std::string::npos) << R.Error;
  EXPECT_NE(R.Error.find("not implemented"), std::string::npos) << R.Error;
}

// With no active lane, a VALU instruction whose only effect is on the VGPRs
// of active lanes does nothing, so one without semantics runs as a no-op
// (code the wave enters with EXEC = 0 keeps going); one that also writes
// VCC (a compare, whose inactive lanes get 0) still stops the run.
TEST(EmuSemantics, UnimplementedRunsWithNoActiveLane) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  s_mov_b64 s[4:5], exec
  s_mov_b64 exec, 0
  v_rcp_f16 v3, v2
  s_mov_b64 exec, s[4:5]
  v_mov_b32 v3, 7
  global_store_dword v2, v3, s[2:3]
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 7u);
  RunResult Cmp = runKernel("gfx90a", 64, 1, withPrologue(R"(
  s_mov_b64 exec, 0
  v_cmp_class_f16 vcc, v2, v2
)"));
  EXPECT_NE(Cmp.Error.find("not implemented"), std::string::npos) << Cmp.Error;
}

// An LDS address is addr + offset in 32 bits: the compiler folds a constant
// into the offset of a negative base (ds_read_b32 v1, v4 offset:252 with
// v4 = -4 * lane reads element 63 - lane).
TEST(EmuSemantics, LdsAddressWrapsAt32Bits) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, -4
  v_mov_b32 v4, 1234
  ds_write_b32 v3, v4 offset:8
  ds_read2_b32 v[6:7], v3 offset0:2 offset1:3
  ds_read_b32 v8, v3 offset:8
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v6, s[2:3]
  global_store_dword v2, v8, s[2:3] offset:4
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 1234u);
  EXPECT_EQ(R.Out[1], 1234u);
}

// v_perm_b32 picks bytes of {src0, src1}, signs, 0x00 and 0xff;
// v_cvt_f32_ubyteN converts one byte; s_bfm builds masks; DS sub-dword
// stores write only their bytes and reads extend as their names say.
TEST(EmuSemantics, BytesAndSubdwordLds) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_mov_b32 v3, 0x11223344
  v_mov_b32 v4, 0x8899aabb
  v_mov_b32 v5, 0x0c0d0307
  v_perm_b32 v6, v4, v3, v5
  v_mov_b32 v5, 0x0b0a0908
  v_perm_b32 v7, v4, v3, v5
  v_cvt_f32_ubyte2 v8, v3
  s_bfm_b32 s4, 5, 3
  s_bfm_b64 s[6:7], 40, 8
  ds_write_b8 v2, v3
  ds_write_b8 v2, v4 offset:1
  ds_write_b16 v2, v3 offset:2
  ds_read_b32 v9, v2
  ds_read_i8 v10, v2 offset:1
  ds_read_u8 v11, v2 offset:1
  ds_read_i16 v12, v2
  ds_read_u16 v13, v2
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v6, s[2:3]
  global_store_dword v2, v7, s[2:3] offset:4
  global_store_dword v2, v8, s[2:3] offset:8
  v_mov_b32 v14, s4
  global_store_dword v2, v14, s[2:3] offset:12
  v_mov_b32 v14, s6
  global_store_dword v2, v14, s[2:3] offset:16
  v_mov_b32 v14, s7
  global_store_dword v2, v14, s[2:3] offset:20
  global_store_dword v2, v9, s[2:3] offset:24
  global_store_dword v2, v10, s[2:3] offset:28
  global_store_dword v2, v11, s[2:3] offset:32
  global_store_dword v2, v12, s[2:3] offset:36
  global_store_dword v2, v13, s[2:3] offset:40
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0], 0x00ff1188u);
  EXPECT_EQ(R.Out[1], 0xffff0000u);
  EXPECT_EQ(R.Out[2], 0x42080000u); // 34.0f
  EXPECT_EQ(R.Out[3], 0xf8u);
  EXPECT_EQ(R.Out[4], 0xffffff00u);
  EXPECT_EQ(R.Out[5], 0x0000ffffu);
  EXPECT_EQ(R.Out[6], 0x3344bb44u);
  EXPECT_EQ(R.Out[7], 0xffffffbbu);
  EXPECT_EQ(R.Out[8], 0xbbu);
  EXPECT_EQ(R.Out[9], 0xffffbb44u);
  EXPECT_EQ(R.Out[10], 0xbb44u);
}

// v_frexp_{mant,exp_i32}_f64: 12 = 0.75 * 2^4, the smallest denormal =
// 0.5 * 2^-1073, an infinity keeps itself with exponent 0.
TEST(EmuSemantics, FrexpF64) {
  RunResult R = runKernel("gfx90a", 64, 1, withPrologue(R"(
  v_cvt_f64_i32 v[4:5], 12
  v_frexp_mant_f64 v[6:7], v[4:5]
  v_frexp_exp_i32_f64 v8, v[4:5]
  v_mov_b32 v10, 1
  v_mov_b32 v11, 0
  v_frexp_mant_f64 v[12:13], -v[10:11]
  v_frexp_exp_i32_f64 v14, v[10:11]
  v_mov_b32 v10, 0
  v_mov_b32 v11, 0x7ff00000
  v_frexp_mant_f64 v[16:17], v[10:11]
  v_frexp_exp_i32_f64 v15, v[10:11]
  global_store_dwordx2 v2, v[6:7], s[2:3]
  global_store_dword v2, v8, s[2:3] offset:8
  global_store_dwordx2 v2, v[12:13], s[2:3] offset:12
  global_store_dword v2, v14, s[2:3] offset:20
  global_store_dwordx2 v2, v[16:17], s[2:3] offset:24
  global_store_dword v2, v15, s[2:3] offset:32
)"));
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.Out[0] | uint64_t(R.Out[1]) << 32, 0x3fe8000000000000ull);
  EXPECT_EQ(R.Out[2], 4u);
  EXPECT_EQ(R.Out[3] | uint64_t(R.Out[4]) << 32, 0xbfe0000000000000ull);
  EXPECT_EQ(int32_t(R.Out[5]), -1073);
  EXPECT_EQ(R.Out[6] | uint64_t(R.Out[7]) << 32, 0x7ff0000000000000ull);
  EXPECT_EQ(R.Out[8], 0u);
}

} // namespace

// Byte and short MUBUF accesses to private memory (the stack of a kernel
// with a byte array, as HeCBench's assert and chacha20 use): a store writes
// the VGPR's low bytes, a load zero- or sign-extends them; _OFFSET and
// _OFFEN address the same bytes.
TEST(EmuMemory, PrivateSubDword) {
  RunOptions O;
  O.PrivateSegmentFixedSize = 64;
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s4, 0                       ; private-segment descriptor, base 0
  s_mov_b32 s5, 0
  s_mov_b32 s6, -1
  s_mov_b32 s7, 0x00027000
  v_mov_b32 v1, 0x1234abcd
  buffer_store_dword v1, off, s[4:7], 0 offset:8
  v_mov_b32 v2, 0xffffff80
  buffer_store_byte v2, off, s[4:7], 0 offset:9
  v_mov_b32 v3, 0x5555fedc
  buffer_store_short v3, off, s[4:7], 0 offset:10
  buffer_load_dword v10, off, s[4:7], 0 offset:8
  v_mov_b32 v4, 9
  buffer_load_ubyte v11, v4, s[4:7], 0 offen
  buffer_load_sbyte v12, off, s[4:7], 0 offset:9
  buffer_load_ushort v13, off, s[4:7], 0 offset:10
  buffer_load_sshort v14, v4, s[4:7], 0 offen offset:1
  s_waitcnt vmcnt(0)
)",
                     O);
  ASSERT_EQ(R.Error, "");
  for (unsigned L : {0u, 63u}) {
    EXPECT_EQ(R.v(10, L), 0xfedc80cdu) << L;
    EXPECT_EQ(R.v(11, L), 0x80u) << L;
    EXPECT_EQ(R.v(12, L), 0xffffff80u) << L;
    EXPECT_EQ(R.v(13, L), 0xfedcu) << L;
    EXPECT_EQ(R.v(14, L), 0xfffffedcu) << L;
  }
}

// SCRATCH_* instructions address the lane's private segment by a VGPR
// (SV; gfx940's _VE form), an SGPR (_SADDR), both (_SVS, gfx940) or
// neither (_ST, gfx940), plus the offset; each lane reaches its own bytes.
// Sub-dword and D16 forms extend or place as their MUBUF counterparts do.
// An access past the private segment is an error naming the lane.
TEST(EmuMemory, ScratchForms) {
  const char *Common = R"(
  v_lshlrev_b32 v10, 4, v0              ; per-lane data: 0x1000 + 16 * lane
  v_or_b32 v10, 0x1000, v10
  v_or_b32 v11, 1, v10
  v_or_b32 v12, 2, v10
  v_mov_b32 v1, 8
  s_mov_b32 s4, 4
  scratch_store_dword v1, v11, off       ; [8] = d + 1
  scratch_store_dword off, v12, s4       ; [4] = d + 2
  v_mov_b32 v5, 0xffff8081
  scratch_store_short off, v5, s4 offset:-4 ; [0..1] = 81 80
  scratch_store_byte_d16_hi v1, v5, off offset:4 ; [12] = ff
  s_waitcnt vmcnt(0)
  scratch_load_dword v20, off, s4 offset:4  ; [8]
  scratch_load_dword v21, v1, off offset:-4 ; [4]
  scratch_load_sbyte v22, off, s4 offset:-3 ; [1] = 80
  scratch_load_ushort v23, v1, off offset:-8 ; [0..1]
  v_mov_b32 v24, 0x12345678
  scratch_load_sbyte_d16_hi v24, v1, off offset:4 ; [12] = ff into the high half
  s_waitcnt vmcnt(0)
)";
  RunOptions O;
  O.PrivateSegmentFixedSize = 64;
  for (EmuTarget T : {GFX90A, GFX1030, GFX940}) {
    std::string Body = Common;
    if (T.CPU == GFX940.CPU)
      Body += R"(
  v_or_b32 v13, 3, v10
  scratch_store_dword v1, v13, s4 offset:8 ; SVS: [20] = d + 3
  scratch_store_dword off, v10, off offset:24 ; ST: [24] = d
  s_waitcnt vmcnt(0)
  scratch_load_dwordx2 v[26:27], off, off offset:20 ; ST
  scratch_load_dword v28, v1, s4 offset:12 ; SVS: [24]
  s_waitcnt vmcnt(0)
)";
    EmuRun R = runWave(T, Body, O);
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    for (unsigned L : {0u, T.WaveSize - 1}) {
      uint32_t D = 0x1000 + 16 * L;
      EXPECT_EQ(R.v(20, L), D + 1) << T.CPU.str() << " lane " << L;
      EXPECT_EQ(R.v(21, L), D + 2) << T.CPU.str() << " lane " << L;
      EXPECT_EQ(R.v(22, L), 0xffffff80u) << T.CPU.str() << " lane " << L;
      EXPECT_EQ(R.v(23, L), 0x8081u) << T.CPU.str() << " lane " << L;
      EXPECT_EQ(R.v(24, L) >> 16, 0xffffu) << T.CPU.str() << " lane " << L;
      if (T.CPU != GFX940.CPU)
        continue;
      EXPECT_EQ(R.v(26, L), D + 3) << "lane " << L;
      EXPECT_EQ(R.v(27, L), D) << "lane " << L;
      EXPECT_EQ(R.v(28, L), D) << "lane " << L;
    }
  }

  EmuRun Out = runWave(GFX940, R"(
  v_mov_b32 v1, 60
  scratch_load_dword v2, v1, off offset:4
)",
                       O);
  EXPECT_NE(Out.Error.find("lane 0: 4 private bytes at 0x40 are outside the "
                           "64-byte private segment"),
            std::string::npos)
      << Out.Error;
}

// D16 accesses move 16 bits between memory and one half of a VGPR: a load
// extends a byte to 16 bits (zero or sign) or takes a short into the low
// (D16) or high (D16_HI) half, a D16_HI store writes the high half's low
// bytes. The other half of a loaded register is kept where the target
// guarantees it (gfx1030) and zeroed on gfx90a, whose SRAM ECC is
// unspecified in the test's target ID (LLVM does not count on the half
// there).
TEST(EmuMemory, D16LoadsAndStores) {
  struct Load {
    const char *Mnemonic;
    unsigned Offset;
    bool Hi;
    uint32_t Kept; ///< The result where the other half is kept.
  };
  // Memory after the stores: c3 b2 a1 80 | a1 .. a1 80.
  const Load Loads[] = {{"load_ubyte_d16", 0, false, 0x556600c3u},
                        {"load_sbyte_d16", 0, false, 0x5566ffc3u},
                        {"load_short_d16", 0, false, 0x5566b2c3u},
                        {"load_ubyte_d16_hi", 3, true, 0x00807788u},
                        {"load_sbyte_d16_hi", 3, true, 0xff807788u},
                        {"load_short_d16_hi", 6, true, 0x80a17788u},
                        {"load_ubyte_d16", 4, false, 0x556600a1u}};
  // Each segment's operands for a load and for a store: {0} is the data
  // VGPR, {1} the offset.
  struct Segment {
    const char *Name, *LoadOps, *StoreOps;
  };
  const Segment Segments[] = {
      {"global", "v{0}, v2, s[2:3] offset:{1}", "v2, v{0}, s[2:3] offset:{1}"},
      {"flat", "v{0}, v[6:7] offset:{1}", "v[6:7], v{0} offset:{1}"},
      {"buffer", "v{0}, off, s[4:7], 0 offset:{1}",
       "v{0}, off, s[4:7], 0 offset:{1}"}};
  RunOptions O;
  O.PrivateSegmentFixedSize = 64;
  for (const Segment &Seg : Segments) {
    auto Op = [&](StringRef Mnemonic, unsigned Reg, unsigned Offset) {
      const char *Ops =
          Mnemonic.starts_with("store") ? Seg.StoreOps : Seg.LoadOps;
      return (Twine(Seg.Name) + "_" + Mnemonic + " " +
              formatv(Ops, Reg, Offset).str() + "\n")
          .str();
    };
    std::string Body = "v_mov_b32 v2, 0\n"
                       "v_mov_b32 v6, s2\n"
                       "v_mov_b32 v7, s3\n"
                       "s_mov_b32 s4, 0\n" // Private-segment descriptor.
                       "s_mov_b32 s5, 0\n"
                       "s_mov_b32 s6, -1\n"
                       "s_mov_b32 s7, 0x00027000\n"
                       "v_mov_b32 v1, 0x80a1b2c3\n";
    Body += Op("store_dword", 1, 0);
    Body += Op("store_byte_d16_hi", 1, 4);
    Body += Op("store_short_d16_hi", 1, 6);
    Body += "s_waitcnt vmcnt(0)\n";
    for (auto [Idx, L] : enumerate(Loads)) {
      Body += formatv("v_mov_b32 v{0}, 0x55667788\n", 10 + Idx).str();
      Body += Op(L.Mnemonic, 10 + Idx, L.Offset);
    }
    Body += "s_waitcnt vmcnt(0)\n";
    for (EmuTarget T : {GFX1030, GFX90A}) {
      EmuRun R = runWave(T, Body, O);
      ASSERT_EQ(R.Error, "") << Seg.Name << " " << T.CPU.str();
      bool Keeps = T.CPU == GFX1030.CPU;
      for (auto [Idx, L] : enumerate(Loads)) {
        uint32_t Want =
            Keeps ? L.Kept : L.Kept & (L.Hi ? 0xffff0000u : 0xffffu);
        for (unsigned Lane : {0u, T.WaveSize - 1})
          EXPECT_EQ(R.v(10 + Idx, Lane), Want)
              << Seg.Name << " " << T.CPU.str() << " " << L.Mnemonic << " lane "
              << Lane;
      }
    }
  }
}
