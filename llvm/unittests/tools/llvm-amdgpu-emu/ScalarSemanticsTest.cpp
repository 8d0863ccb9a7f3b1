//===- ScalarSemanticsTest.cpp - SALU and branch semantics ----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Scalar ALU instructions and branches: SCC from carries, borrows, signed
// overflow, compares and results, 64-bit shifts, and every conditional
// branch taken and not taken. "s_cselect_b32 sN, 1, 0" copies SCC into sN
// where a test needs SCC at more than one point.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

// s_add_u32 / s_addc_u32: SCC is the carry out, and the carry in.
TEST(EmuSALU, AddCarryChain) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s4, -1
  s_add_u32 s5, s4, 1           ; 0, carry
  s_cselect_b32 s20, 1, 0
  s_addc_u32 s6, 0, 0           ; 0 + 0 + 1
  s_cselect_b32 s21, 1, 0
  s_add_u32 s7, s4, s4          ; 0xfffffffe, carry
  s_addc_u32 s8, s4, 0          ; 0xffffffff + 0 + 1 = 0, carry
  s_cselect_b32 s22, 1, 0
  s_addc_u32 s9, s4, s4         ; 0xffffffff + 0xffffffff + 1, carry
  s_cselect_b32 s23, 1, 0
  s_add_u32 s10, s4, 0          ; no carry
  s_cselect_b32 s24, 1, 0
  ; A 64-bit add: 0x1_ffffffff + 0x2_00000001 = 0x4_00000000.
  s_mov_b32 s12, -1
  s_mov_b32 s13, 1
  s_add_u32 s14, s12, 1
  s_addc_u32 s15, s13, 2
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(5), 0u);
  EXPECT_EQ(R.s(20), 1u);
  EXPECT_EQ(R.s(6), 1u);
  EXPECT_EQ(R.s(21), 0u);
  EXPECT_EQ(R.s(8), 0u);
  EXPECT_EQ(R.s(22), 1u);
  EXPECT_EQ(R.s(9), 0xffffffffu);
  EXPECT_EQ(R.s(23), 1u);
  EXPECT_EQ(R.s(10), 0xffffffffu);
  EXPECT_EQ(R.s(24), 0u);
  EXPECT_EQ(R.s64(14), 0x400000000ull);
}

// s_sub_u32 / s_subb_u32: SCC is the borrow out, and the borrow in; the
// borrow compares the 33-bit subtrahend (src1 + borrow) with src0.
TEST(EmuSALU, SubBorrowChain) {
  EmuRun R = runWave(GFX90A, R"(
  s_sub_u32 s5, 0, 1            ; 0xffffffff, borrow
  s_cselect_b32 s20, 1, 0
  s_subb_u32 s6, 5, 2           ; 5 - 2 - 1 = 2, no borrow
  s_cselect_b32 s21, 1, 0
  s_sub_u32 s7, 7, 7            ; 0, no borrow
  s_cselect_b32 s22, 1, 0
  s_sub_u32 s8, 0, 1            ; borrow
  s_subb_u32 s9, 3, 3           ; 3 - 3 - 1: the borrow in alone borrows
  s_cselect_b32 s23, 1, 0
  s_subb_u32 s10, 0, -1         ; 0 - 0xffffffff - 1 = 0, borrow
  s_cselect_b32 s24, 1, 0
  ; A 64-bit subtraction: 0x1_00000000 - 1 = 0xffffffff.
  s_mov_b32 s12, 0
  s_mov_b32 s13, 1
  s_sub_u32 s14, s12, 1
  s_subb_u32 s15, s13, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(5), 0xffffffffu);
  EXPECT_EQ(R.s(20), 1u);
  EXPECT_EQ(R.s(6), 2u);
  EXPECT_EQ(R.s(21), 0u);
  EXPECT_EQ(R.s(7), 0u);
  EXPECT_EQ(R.s(22), 0u);
  EXPECT_EQ(R.s(9), 0xffffffffu);
  EXPECT_EQ(R.s(23), 1u);
  EXPECT_EQ(R.s(10), 0u);
  EXPECT_EQ(R.s(24), 1u);
  EXPECT_EQ(R.s64(14), 0xffffffffull);
}

// s_add_i32 / s_sub_i32 / s_addk_i32: SCC is signed overflow.
TEST(EmuSALU, SignedOverflow) {
  EmuRun R = runWave(GFX90A, R"(
  s_add_i32 s4, 0x7fffffff, 1   ; overflow
  s_cselect_b32 s20, 1, 0
  s_add_i32 s5, -1, 1           ; 0, no overflow (but a carry)
  s_cselect_b32 s21, 1, 0
  s_sub_i32 s6, 0x80000000, 1   ; overflow
  s_cselect_b32 s22, 1, 0
  s_sub_i32 s7, 0, 0x80000000   ; -INT_MIN overflows
  s_cselect_b32 s23, 1, 0
  s_sub_i32 s8, -1, 0x80000000  ; INT_MAX, no overflow
  s_cselect_b32 s24, 1, 0
  s_mov_b32 s9, 0x7fffffff
  s_addk_i32 s9, 0x1            ; overflow
  s_cselect_b32 s25, 1, 0
  s_mov_b32 s10, 5
  s_addk_i32 s10, 0xfffe        ; simm16 is sign-extended: 5 - 2
  s_cselect_b32 s26, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0x80000000u);
  EXPECT_EQ(R.s(20), 1u);
  EXPECT_EQ(R.s(5), 0u);
  EXPECT_EQ(R.s(21), 0u);
  EXPECT_EQ(R.s(6), 0x7fffffffu);
  EXPECT_EQ(R.s(22), 1u);
  EXPECT_EQ(R.s(7), 0x80000000u);
  EXPECT_EQ(R.s(23), 1u);
  EXPECT_EQ(R.s(8), 0x7fffffffu);
  EXPECT_EQ(R.s(24), 0u);
  EXPECT_EQ(R.s(9), 0x80000000u);
  EXPECT_EQ(R.s(25), 1u);
  EXPECT_EQ(R.s(10), 3u);
  EXPECT_EQ(R.s(26), 0u);
}

// s_cmp_*_{i32,u32}: every predicate on operand pairs whose signed and
// unsigned orders differ, and on equal operands.
TEST(EmuSALU, Compares32) {
  const char *Preds[] = {"eq", "lg", "gt", "ge", "lt", "le"};
  const std::pair<uint32_t, uint32_t> Pairs[] = {
      {0xffffffff, 0}, {0, 0xffffffff}, {5, 5}, {0x80000000, 0x7fffffff}};
  auto Expect = [](unsigned P, auto A, auto B) {
    bool R[] = {A == B, A != B, A > B, A >= B, A < B, A <= B};
    return R[P];
  };
  for (auto [A, B] : Pairs) {
    std::string Body =
        formatv("s_mov_b32 s4, {0:x}\ns_mov_b32 s5, {1:x}\n", A, B).str();
    for (unsigned T = 0; T != 2; ++T)
      for (unsigned P = 0; P != 6; ++P)
        Body += formatv("s_cmp_{0}_{1} s4, s5\ns_cselect_b32 s{2}, 1, 0\n",
                        Preds[P], T ? "u32" : "i32", 10 + 6 * T + P)
                    .str();
    EmuRun R = runWave(GFX90A, Body);
    ASSERT_EQ(R.Error, "");
    for (unsigned P = 0; P != 6; ++P) {
      EXPECT_EQ(R.s(10 + P), Expect(P, int32_t(A), int32_t(B)))
          << "s_cmp_" << Preds[P] << "_i32 " << A << ", " << B;
      EXPECT_EQ(R.s(16 + P), Expect(P, A, B))
          << "s_cmp_" << Preds[P] << "_u32 " << A << ", " << B;
    }
  }
}

// s_cmp_{eq,lg}_u64 compare both halves; s_cmpk_* zero-extend simm16 for
// unsigned and sign-extend it for signed compares.
TEST(EmuSALU, Compares64AndK) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s4, 7
  s_mov_b32 s5, 1
  s_mov_b32 s6, 7
  s_mov_b32 s7, 2
  s_cmp_eq_u64 s[4:5], s[6:7]   ; the low halves agree, the high ones not
  s_cselect_b32 s20, 1, 0
  s_cmp_lg_u64 s[4:5], s[6:7]
  s_cselect_b32 s21, 1, 0
  s_mov_b32 s7, 1
  s_cmp_eq_u64 s[4:5], s[6:7]
  s_cselect_b32 s22, 1, 0
  s_mov_b32 s8, 0xffff
  s_cmpk_eq_u32 s8, 0xffff      ; 0x0000ffff == 0x0000ffff
  s_cselect_b32 s23, 1, 0
  s_mov_b32 s9, -1
  s_cmpk_eq_u32 s9, 0xffff      ; 0xffffffff != 0x0000ffff
  s_cselect_b32 s24, 1, 0
  s_cmpk_eq_i32 s9, 0xffff      ; -1 == -1
  s_cselect_b32 s25, 1, 0
  s_mov_b32 s10, 0xffff8000
  s_cmpk_gt_u32 s10, 0x8000     ; 0xffff8000 > 0x8000
  s_cselect_b32 s26, 1, 0
  s_cmpk_lt_i32 s10, 0x8000     ; -32768 < -32768 is false
  s_cselect_b32 s27, 1, 0
  s_cmpk_le_i32 s10, 0x8000
  s_cselect_b32 s28, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(20), 0u);
  EXPECT_EQ(R.s(21), 1u);
  EXPECT_EQ(R.s(22), 1u);
  EXPECT_EQ(R.s(23), 1u);
  EXPECT_EQ(R.s(24), 0u);
  EXPECT_EQ(R.s(25), 1u);
  EXPECT_EQ(R.s(26), 1u);
  EXPECT_EQ(R.s(27), 0u);
  EXPECT_EQ(R.s(28), 1u);
}

// Bitwise operations set SCC = (result != 0) over the full operand width;
// moves and s_cselect leave SCC alone.
TEST(EmuSALU, ResultSCC) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s4, 0
  s_mov_b32 s5, 1
  s_and_b64 s[6:7], s[4:5], -1  ; nonzero only in the high half
  s_cselect_b32 s20, 1, 0
  s_and_b32 s8, s4, -1          ; 0
  s_cselect_b32 s21, 1, 0
  s_xor_b64 s[10:11], s[4:5], s[4:5]
  s_cselect_b32 s22, 1, 0
  s_andn2_b64 s[12:13], -1, s[4:5]
  s_cselect_b32 s23, 1, 0
  s_not_b64 s[14:15], -1
  s_cselect_b32 s24, 1, 0
  s_lshl_b32 s16, 0x80000000, 1 ; shifted out: 0
  s_cselect_b32 s25, 1, 0
  s_cmp_eq_u32 0, 0             ; SCC = 1 ...
  s_mov_b32 s17, 0              ; ... survives moves
  s_mov_b64 s[18:19], 0
  s_cselect_b32 s26, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(6), 0x100000000ull);
  EXPECT_EQ(R.s(20), 1u);
  EXPECT_EQ(R.s(21), 0u);
  EXPECT_EQ(R.s(22), 0u);
  EXPECT_EQ(R.s64(12), 0xfffffffeffffffffull);
  EXPECT_EQ(R.s(23), 1u);
  EXPECT_EQ(R.s(24), 0u);
  EXPECT_EQ(R.s(25), 0u);
  EXPECT_EQ(R.s(26), 1u);
}

// s_min/s_max set SCC when src0 is selected: min takes src0 only if it is
// strictly smaller, max if it is greater or equal (CDNA/RDNA ISA: SCC =
// S0 < S1, resp. S0 >= S1). Each case first sets SCC to the opposite.
TEST(EmuSALU, MinMaxSCC) {
  EmuRun R = runWave(GFX90A, R"(
  s_cmp_eq_u32 0, 0
  s_min_i32 s4, 5, 5            ; tie: src1, SCC = 0
  s_cselect_b32 s20, 1, 0
  s_cmp_eq_u32 0, 0
  s_min_u32 s5, 3, 3
  s_cselect_b32 s21, 1, 0
  s_cmp_eq_u32 0, 1
  s_min_i32 s6, -1, 3           ; src0
  s_cselect_b32 s22, 1, 0
  s_cmp_eq_u32 0, 0
  s_min_u32 s7, -1, 3           ; src1
  s_cselect_b32 s23, 1, 0
  s_cmp_eq_u32 0, 1
  s_max_i32 s8, 5, 5            ; tie: src0, SCC = 1
  s_cselect_b32 s24, 1, 0
  s_cmp_eq_u32 0, 0
  s_max_i32 s9, -1, 3           ; src1
  s_cselect_b32 s25, 1, 0
  s_cmp_eq_u32 0, 1
  s_max_u32 s10, -1, 3          ; src0
  s_cselect_b32 s26, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 5u);
  EXPECT_EQ(R.s(20), 0u);
  EXPECT_EQ(R.s(5), 3u);
  EXPECT_EQ(R.s(21), 0u);
  EXPECT_EQ(R.s(6), 0xffffffffu);
  EXPECT_EQ(R.s(22), 1u);
  EXPECT_EQ(R.s(7), 3u);
  EXPECT_EQ(R.s(23), 0u);
  EXPECT_EQ(R.s(8), 5u);
  EXPECT_EQ(R.s(24), 1u);
  EXPECT_EQ(R.s(9), 3u);
  EXPECT_EQ(R.s(25), 0u);
  EXPECT_EQ(R.s(10), 0xffffffffu);
  EXPECT_EQ(R.s(26), 1u);
}

// s_bcnt1_i32_b32 counts 32 bits whatever the source, an inline constant
// like -1 too; the b64 form counts 64. SCC = (count != 0).
TEST(EmuSALU, BitCount) {
  EmuRun R = runWave(GFX90A, R"(
  s_bcnt1_i32_b32 s4, -1
  s_bcnt1_i32_b32 s5, 0x80000001
  s_bcnt1_i32_b64 s6, -1
  s_mov_b32 s10, 0
  s_mov_b32 s11, 3
  s_bcnt1_i32_b64 s7, s[10:11]
  s_cselect_b32 s20, 1, 0
  s_bcnt1_i32_b32 s8, s10
  s_cselect_b32 s21, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 32u);
  EXPECT_EQ(R.s(5), 2u);
  EXPECT_EQ(R.s(6), 64u);
  EXPECT_EQ(R.s(7), 2u);
  EXPECT_EQ(R.s(20), 1u);
  EXPECT_EQ(R.s(8), 0u);
  EXPECT_EQ(R.s(21), 0u);
}

// s_absdiff_i32: |S0 - S1| of the 32-bit difference, which wraps first;
// SCC = (result != 0).
TEST(EmuSALU, AbsDiff) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s10, 0x80000000
  s_absdiff_i32 s4, s10, 1
  s_cselect_b32 s20, 1, 0
  s_absdiff_i32 s5, 0, s10
  s_absdiff_i32 s6, 3, 10
  s_absdiff_i32 s7, -3, 4
  s_absdiff_i32 s8, 0x7fffffff, -1
  s_absdiff_i32 s9, -5, -5
  s_cselect_b32 s21, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0x7fffffffu); // INT_MIN - 1 wraps to INT_MAX.
  EXPECT_EQ(R.s(20), 1u);         // Nonzero result: SCC = 1.
  EXPECT_EQ(R.s(5), 0x80000000u); // 0 - INT_MIN = INT_MIN; |INT_MIN| too.
  EXPECT_EQ(R.s(6), 7u);          // |3 - 10|
  EXPECT_EQ(R.s(7), 7u);          // |-3 - 4|
  EXPECT_EQ(R.s(8), 0x80000000u); // INT_MAX - (-1) wraps to INT_MIN.
  EXPECT_EQ(R.s(9), 0u);          // Equal operands.
  EXPECT_EQ(R.s(21), 0u);         // Zero result: SCC = 0.
}

// s_pack_{ll,lh,hh}_b32_b16: S0's chosen half in D[15:0], S1's in D[31:16];
// SCC keeps its value.
TEST(EmuSALU, Pack) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s10, 0x12345678
  s_mov_b32 s11, 0x9abcdef0
  s_cmp_eq_u32 s10, s10
  s_pack_ll_b32_b16 s4, s10, s11
  s_pack_lh_b32_b16 s5, s10, s11
  s_pack_hh_b32_b16 s6, s10, s11
  s_cselect_b32 s20, 1, 0
  s_cmp_lg_u32 s10, s10
  s_pack_ll_b32_b16 s7, s11, 0
  s_cselect_b32 s21, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0xdef05678u);
  EXPECT_EQ(R.s(5), 0x9abc5678u);
  EXPECT_EQ(R.s(6), 0x9abc1234u);
  EXPECT_EQ(R.s(7), 0x0000def0u);
  EXPECT_EQ(R.s(20), 1u); // SCC set before the packs is kept.
  EXPECT_EQ(R.s(21), 0u); // SCC clear before a pack is kept.
}

// s_ff0_i32_b32/b64: the index of the lowest zero bit, -1 for all ones;
// SCC is left alone. s_bcnt0_i32_b32/b64: the number of zero bits among
// 32 or 64 (an inline constant such as -1 counts at the opcode's width);
// SCC = (count != 0).
TEST(EmuSALU, FirstZeroAndZeroCount) {
  EmuRun R = runWave(GFX90A, R"(
  s_cmp_eq_u32 0, 0
  s_ff0_i32_b32 s4, -1
  s_cselect_b32 s20, 1, 0
  s_ff0_i32_b32 s5, 0
  s_ff0_i32_b32 s6, 0xffff
  s_mov_b32 s16, -1
  s_mov_b32 s17, 0x7fffffff
  s_ff0_i32_b64 s7, s[16:17]
  s_ff0_i32_b64 s8, -1
  s_mov_b64 s[18:19], 0
  s_ff0_i32_b64 s9, s[18:19]
  s_bcnt0_i32_b32 s10, -1
  s_cselect_b32 s21, 1, 0
  s_bcnt0_i32_b32 s11, 0
  s_cselect_b32 s22, 1, 0
  s_bcnt0_i32_b32 s12, 0x80000001
  s_bcnt0_i32_b64 s13, -1
  s_bcnt0_i32_b64 s14, s[16:17]
  s_bcnt0_i32_b64 s15, s[18:19]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0xffffffffu); // All ones: no zero bit.
  EXPECT_EQ(R.s(20), 1u);         // SCC kept from s_cmp_eq_u32.
  EXPECT_EQ(R.s(5), 0u);          // All zeros: bit 0.
  EXPECT_EQ(R.s(6), 16u);         // 0x0000ffff: bit 16.
  EXPECT_EQ(R.s(7), 63u);         // 0x7fffffff_ffffffff: bit 63.
  EXPECT_EQ(R.s(8), 0xffffffffu); // 64 ones.
  EXPECT_EQ(R.s(9), 0u);          // 64 zeros: bit 0.
  EXPECT_EQ(R.s(10), 0u);         // bcnt0 of 32 ones.
  EXPECT_EQ(R.s(21), 0u);         // Zero count: SCC = 0.
  EXPECT_EQ(R.s(11), 32u);        // bcnt0 of 32 zeros.
  EXPECT_EQ(R.s(22), 1u);         // Nonzero count: SCC = 1.
  EXPECT_EQ(R.s(12), 30u);        // 0x80000001: two ones.
  EXPECT_EQ(R.s(13), 0u);         // 64 ones.
  EXPECT_EQ(R.s(14), 1u);         // 0x7fffffff_ffffffff: one zero.
  EXPECT_EQ(R.s(15), 64u);        // 64 zeros.
}

// s_bitset0/1: the bit index is src0 modulo the width, the destination is
// read, and SCC is left alone.
TEST(EmuSALU, BitSet) {
  EmuRun R = runWave(GFX90A, R"(
  s_mov_b32 s4, -1
  s_bitset0_b32 s4, 3
  s_mov_b32 s5, 0
  s_bitset1_b32 s5, 33              ; bit 1
  s_mov_b64 s[6:7], 0
  s_mov_b32 s10, 63
  s_bitset1_b64 s[6:7], s10
  s_bitset1_b64 s[6:7], 64          ; bit 0
  s_mov_b64 s[8:9], -1
  s_bitset0_b64 s[8:9], 32
  s_cmp_eq_u32 s10, 63              ; SCC = 1
  s_bitset0_b32 s5, 1
  s_cselect_b32 s20, 1, 0
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s(4), 0xfffffff7u);
  EXPECT_EQ(R.s(5), 0u);
  EXPECT_EQ(R.s64(6), 0x8000000000000001ull);
  EXPECT_EQ(R.s64(8), 0xfffffffeffffffffull);
  EXPECT_EQ(R.s(20), 1u);
}

// s_lshl_b64 / s_lshr_b64 / s_ashr_i64: the amount is src1[5:0], so 64 and
// up wrap; SCC = (result != 0).
TEST(EmuSALU, Shifts64) {
  const uint64_t Neg = 0x8000000100000003ull, Pos = 0x4000000000000005ull;
  for (uint32_t Amount :
       {0u, 1u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 0xffffffc3u}) {
    EmuRun R =
        runWave(GFX90A, formatv(R"(
  s_mov_b32 s4, {0:x}
  s_mov_b32 s5, {1:x}
  s_mov_b32 s6, {2:x}
  s_mov_b32 s7, {3:x}
  s_mov_b32 s8, {4:x}
  s_lshl_b64 s[10:11], s[4:5], s8
  s_cselect_b32 s30, 1, 0
  s_lshr_b64 s[12:13], s[4:5], s8
  s_cselect_b32 s31, 1, 0
  s_ashr_i64 s[14:15], s[4:5], s8
  s_cselect_b32 s32, 1, 0
  s_lshl_b64 s[16:17], s[6:7], s8
  s_cselect_b32 s33, 1, 0
  s_lshr_b64 s[18:19], s[6:7], s8
  s_cselect_b32 s34, 1, 0
  s_ashr_i64 s[20:21], s[6:7], s8
  s_cselect_b32 s35, 1, 0
)",
                                uint32_t(Neg), uint32_t(Neg >> 32),
                                uint32_t(Pos), uint32_t(Pos >> 32), Amount)
                            .str());
    ASSERT_EQ(R.Error, "") << "amount " << Amount;
    unsigned Sh = Amount & 63;
    const uint64_t Want[] = {
        Neg << Sh, Neg >> Sh, uint64_t(int64_t(Neg) >> Sh),
        Pos << Sh, Pos >> Sh, uint64_t(int64_t(Pos) >> Sh)};
    for (unsigned I = 0; I != 6; ++I) {
      EXPECT_EQ(R.s64(10 + 2 * I), Want[I])
          << "case " << I << ", amount " << Amount;
      EXPECT_EQ(R.s(30 + I), Want[I] != 0)
          << "SCC of case " << I << ", amount " << Amount;
    }
  }
}

// Every conditional branch, taken and not taken. Case N clears sN and
// branches over "s_mov_b32 sN, 1": sN = 1 means not taken.
TEST(EmuBranch, ConditionalWave64) {
  const char *Cases[] = {
      // 20, 21: SCC.
      "s_cmp_eq_u32 0, 0\ns_cbranch_scc1",
      "s_cmp_eq_u32 0, 1\ns_cbranch_scc1",
      // 22, 23
      "s_cmp_eq_u32 0, 1\ns_cbranch_scc0",
      "s_cmp_eq_u32 0, 0\ns_cbranch_scc0",
      // 24-27: VCC is 64 bits: lane 63 alone makes it nonzero.
      "s_mov_b64 vcc, 0\ns_cbranch_vccz",
      "s_mov_b32 vcc_lo, 0\ns_mov_b32 vcc_hi, 0x80000000\ns_cbranch_vccz",
      "s_mov_b32 vcc_lo, 0\ns_mov_b32 vcc_hi, 0x80000000\ns_cbranch_vccnz",
      "s_mov_b64 vcc, 0\ns_cbranch_vccnz",
      // 28-31: EXEC, likewise.
      "s_mov_b64 exec, 0\ns_cbranch_execz",
      "s_mov_b64 exec, 0\ns_cbranch_execnz",
      "s_mov_b32 exec_lo, 0\ns_mov_b32 exec_hi, 0x80000000\ns_cbranch_execz",
      "s_mov_b32 exec_lo, 0\ns_mov_b32 exec_hi, 0x80000000\ns_cbranch_execnz",
      // 32, 33: VCC from a compare.
      "v_cmp_gt_u32 vcc, 0, v0\ns_cbranch_vccz",
      "v_cmp_eq_u32 vcc, 63, v0\ns_cbranch_vccz",
  };
  const bool Taken[] = {true,  false, true,  false, true, false, true,
                        false, true,  false, false, true, true,  false};
  std::string Body = "s_mov_b64 s[40:41], exec\n";
  for (unsigned N = 0; N != std::size(Cases); ++N)
    Body += formatv("s_mov_b32 s{0}, 0\n{1} .Lcase{0}\ns_mov_b32 s{0}, 1\n"
                    ".Lcase{0}:\ns_mov_b64 exec, s[40:41]\n",
                    20 + N, Cases[N])
                .str();
  // A backward branch: count s50 to 10; a forward s_branch skips s51 = 1.
  Body += R"(
  s_mov_b32 s50, 0
.Lloop:
  s_add_u32 s50, s50, 1
  s_cmp_lt_u32 s50, 10
  s_cbranch_scc1 .Lloop
  s_mov_b32 s51, 0
  s_branch .Lover
  s_mov_b32 s51, 1
.Lover:
)";
  EmuRun R = runWave(GFX90A, Body);
  ASSERT_EQ(R.Error, "");
  for (unsigned N = 0; N != std::size(Cases); ++N)
    EXPECT_EQ(R.s(20 + N), Taken[N] ? 0u : 1u) << Cases[N];
  EXPECT_EQ(R.s(50), 10u);
  EXPECT_EQ(R.s(51), 0u);
  EXPECT_EQ(R.Stats.ExecBranchTaken, 2u);
  EXPECT_EQ(R.Stats.ExecBranchNotTaken, 2u);
}

// Wave32: VCC and EXEC are their low halves; vcc_hi is an ordinary SGPR.
TEST(EmuBranch, ConditionalWave32) {
  const char *Cases[] = {
      "s_mov_b32 vcc_lo, 0\ns_mov_b32 vcc_hi, -1\ns_cbranch_vccz",
      "s_mov_b32 vcc_lo, 0x80000000\ns_cbranch_vccnz",
      "s_mov_b32 vcc_lo, 0\ns_mov_b32 vcc_hi, -1\ns_cbranch_vccnz",
      "s_mov_b32 exec_lo, 0\ns_cbranch_execz",
      "s_mov_b32 exec_lo, 0x80000000\ns_cbranch_execz",
      "s_mov_b32 exec_lo, 0x80000000\ns_cbranch_execnz",
      "v_cmp_eq_u32 vcc_lo, 31, v0\ns_cbranch_vccnz",
      "v_cmp_eq_u32 vcc_lo, 32, v0\ns_cbranch_vccnz",
  };
  const bool Taken[] = {true, true, false, true, false, true, true, false};
  std::string Body = "s_mov_b32 s40, exec_lo\n";
  for (unsigned N = 0; N != std::size(Cases); ++N)
    Body += formatv("s_mov_b32 s{0}, 0\n{1} .Lcase{0}\ns_mov_b32 s{0}, 1\n"
                    ".Lcase{0}:\ns_mov_b32 exec_lo, s40\n",
                    20 + N, Cases[N])
                .str();
  EmuRun R = runWave(GFX1030, Body);
  ASSERT_EQ(R.Error, "");
  for (unsigned N = 0; N != std::size(Cases); ++N)
    EXPECT_EQ(R.s(20 + N), Taken[N] ? 0u : 1u) << Cases[N];
  EXPECT_EQ(R.exec(), 0xffffffffu);
}

} // namespace
