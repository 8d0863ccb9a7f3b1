//===- FloatSemanticsTest.cpp - Conversions and denormals in the emulator -===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// f32 <-> integer conversions (truncation, saturation, NaN -> 0, rounding
// to nearest even) and the f32/f64 denormal modes of the kernel descriptor.
// Each conversion case runs in its own lane: the inputs are written lane by
// lane with v_writelane_b32.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

/// Code that sets v3 of lane I to Inputs[I].
std::string perLane(ArrayRef<uint32_t> Inputs) {
  std::string Asm;
  for (unsigned L = 0; L != Inputs.size(); ++L)
    Asm += formatv("s_mov_b32 s8, {0:x}\nv_writelane_b32 v3, s8, {1}\n",
                   Inputs[L], L)
               .str();
  return Asm;
}

// v_cvt_i32_f32 / v_cvt_u32_f32: truncate toward zero, saturate (infinities
// too), NaN of either sign gives 0; with |x| and -x source modifiers.
TEST(EmuCvt, FloatToInt) {
  struct Case {
    uint32_t In, I32, U32, U32Abs;
  } Cases[] = {
      {0x00000000, 0, 0, 0},                            // +0
      {0x80000000, 0, 0, 0},                            // -0
      {0x3f000000, 0, 0, 0},                            // 0.5
      {0xbf000000, 0, 0, 0},                            // -0.5
      {0x3fffffff, 1, 1, 1},                            // 1.99999988
      {0xbfc00000, 0xffffffff, 0, 1},                   // -1.5
      {0xc2f60000, uint32_t(-123), 0, 123},             // -123
      {0x4effffff, 2147483520, 2147483520, 2147483520}, // 2^31 - 128
      {0x4f000000, 0x7fffffff, 0x80000000, 0x80000000}, // 2^31
      {0xcf000000, 0x80000000, 0, 0x80000000},          // -2^31
      {0xcf000001, 0x80000000, 0, 0x80000100},          // -(2^31 + 256)
      {0x4f7fffff, 0x7fffffff, 0xffffff00, 0xffffff00}, // 2^32 - 256
      {0x4f800000, 0x7fffffff, 0xffffffff, 0xffffffff}, // 2^32
      {0x7f7fffff, 0x7fffffff, 0xffffffff, 0xffffffff}, // FLT_MAX
      {0x7f800000, 0x7fffffff, 0xffffffff, 0xffffffff}, // +inf
      {0xff800000, 0x80000000, 0, 0xffffffff},          // -inf
      {0x7fc00000, 0, 0, 0},                            // qNaN
      {0x7f800001, 0, 0, 0},                            // sNaN
      {0xffffffff, 0, 0, 0},                            // -NaN
      {0x00000001, 0, 0, 0},                            // a denormal
  };
  std::vector<uint32_t> Inputs;
  for (const Case &C : Cases)
    Inputs.push_back(C.In);
  EmuRun R = runWave(GFX90A, perLane(Inputs) + R"(
  v_cvt_i32_f32 v4, v3
  v_cvt_u32_f32 v5, v3
  v_cvt_u32_f32_e64 v6, |v3|
  v_cvt_i32_f32_e64 v7, -v3
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != std::size(Cases); ++L) {
    const Case &C = Cases[L];
    EXPECT_EQ(R.v(4, L), C.I32) << formatv("v_cvt_i32_f32 {0:x8}", C.In).str();
    EXPECT_EQ(R.v(5, L), C.U32) << formatv("v_cvt_u32_f32 {0:x8}", C.In).str();
    EXPECT_EQ(R.v(6, L), C.U32Abs)
        << formatv("v_cvt_u32_f32 |{0:x8}|", C.In).str();
  }
  // -x: 2^31 -> INT_MIN exactly, -2^31 -> saturates, -(-1.5) -> 1.
  EXPECT_EQ(R.v(7, 8), 0x80000000u);
  EXPECT_EQ(R.v(7, 9), 0x7fffffffu);
  EXPECT_EQ(R.v(7, 5), 1u);
  EXPECT_EQ(R.v(7, 16), 0u);
}

// v_cvt_f32_i32 / v_cvt_f32_u32: round to nearest, ties to even, where the
// integer needs more than 24 bits.
TEST(EmuCvt, IntToFloat) {
  struct Case {
    uint32_t In, FromI32, FromU32;
  } Cases[] = {
      {0x00000000, 0x00000000, 0x00000000},
      {0x00000001, 0x3f800000, 0x3f800000},
      {0x00ffffff, 0x4b7fffff, 0x4b7fffff}, // 2^24 - 1: exact
      {0x01000001, 0x4b800000, 0x4b800000}, // 2^24 + 1: tie, down to even
      {0x01000002, 0x4b800001, 0x4b800001}, // exact
      {0x01000003, 0x4b800002, 0x4b800002}, // 2^24 + 3: tie, up to even
      {0x7fffffbf, 0x4effffff, 0x4effffff}, // 2^31 - 65: down
      {0x7fffffc0, 0x4f000000, 0x4f000000}, // 2^31 - 64: tie, up to even
      {0x7fffffff, 0x4f000000, 0x4f000000}, // up to 2^31
      {0x80000000, 0xcf000000, 0x4f000000}, // -2^31 / 2^31
      {0x80000001, 0xcf000000, 0x4f000000},
      {0xfeffffff, 0xcb800000, 0x4f7f0000}, // -(2^24 + 1): tie, to even
      {0xffffff7f, 0xc3010000, 0x4f7fffff}, // -129 / 2^32 - 129: down
      {0xffffff80, 0xc3000000, 0x4f800000}, // -128 / 2^32 - 128: tie, up
      {0xffffffff, 0xbf800000, 0x4f800000}, // -1 / 2^32 - 1: up to 2^32
  };
  std::vector<uint32_t> Inputs;
  for (const Case &C : Cases)
    Inputs.push_back(C.In);
  EmuRun R = runWave(GFX90A, perLane(Inputs) + R"(
  v_cvt_f32_i32 v4, v3
  v_cvt_f32_u32 v5, v3
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != std::size(Cases); ++L) {
    const Case &C = Cases[L];
    EXPECT_EQ(R.v(4, L), C.FromI32)
        << formatv("v_cvt_f32_i32 {0:x8}", C.In).str();
    EXPECT_EQ(R.v(5, L), C.FromU32)
        << formatv("v_cvt_f32_u32 {0:x8}", C.In).str();
  }
}

// v_cvt_f32_ubyte0..3: byte N of src0 as f32, with omod and clamp in the
// VOP3 form. In the SDWA form (SIPeepholeSDWA folds the shift of a byte
// extract into it) byte N is taken from the selected byte or word, zero- or
// (SEXT) sign-extended, and the result goes where dst_sel says.
TEST(EmuCvt, UbyteSdwaAndModifiers) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0x80c0e0f1
  v_cvt_f32_ubyte0_sdwa v3, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_cvt_f32_ubyte1_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_cvt_f32_ubyte1_sdwa v5, sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2
  v_cvt_f32_ubyte2_sdwa v6, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3
  v_cvt_f32_ubyte3_sdwa v7, sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_mov_b32 v8, 0x12345678
  v_cvt_f32_ubyte0_sdwa v8, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD
  v_cvt_f32_ubyte3_e64 v9, v2 mul:2
  v_cvt_f32_ubyte2_e64 v10, v2 clamp
  v_cvt_f32_ubyte0_sdwa v11, v2 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
  v_cvt_f32_ubyte1 v12, v2
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.v(3, 0), 0x43400000u);  // 192: byte 0 of word 1 (0x80c0)
  EXPECT_EQ(R.v(4, 0), 0x43000000u);  // 128: byte 1 of word 1
  EXPECT_EQ(R.v(5, 0), 0x437f0000u);  // 255: byte 1 of sext(0xc0)
  EXPECT_EQ(R.v(6, 0), 0u);           // byte 2 of 0x80, zero-extended
  EXPECT_EQ(R.v(7, 0), 0x437f0000u);  // byte 3 of sext(0x80c0)
  EXPECT_EQ(R.v(8, 0), 0x00005678u);  // 241.0f = 0x43710000: its low word
  EXPECT_EQ(R.v(9, 0), 0x43800000u);  // 128 * 2
  EXPECT_EQ(R.v(10, 0), 0x3f800000u); // 192 clamped to 1.0
  EXPECT_EQ(R.v(11, 0), 0x43e00000u); // 224 * 2
  EXPECT_EQ(R.v(12, 0), 0x43600000u); // 224
}

// FLOAT_DENORM_MODE_32: bit 0 keeps input denormals, bit 1 output denormals
// (0 flushes both, 1 flushes outputs, 2 inputs, 3 none). A flushed value
// keeps its sign. Every f32 input of an operation obeys it, the
// accumulator of v_fmac_f32 too; moves do not.
TEST(EmuDenorm, Float32Modes) {
  const char *Body = R"(
  v_mov_b32 v3, 0x1                     ; D1, the smallest denormal
  v_mov_b32 v4, 0x400000                ; DH = 2^-127
  v_mov_b32 v5, 0x800000                ; N = 2^-126, the smallest normal
  v_add_f32 v10, v3, v3                 ; 2 * D1, a denormal
  v_add_f32 v11, v5, v4                 ; N + DH, a normal
  v_mul_f32 v12, 0.5, v5                ; N / 2 = DH, a denormal
  v_mul_f32 v13, 0x4b800000, v3         ; D1 * 2^24 = 2^-125, a normal
  v_fma_f32 v14, v5, 1.0, v4            ; N + DH
  v_mov_b32 v15, v4
  v_fmac_f32 v15, v5, 1.0               ; N + DH, DH the accumulator
  v_mul_f32 v16, -0.5, v5               ; -DH
  v_mov_b32 v17, v3                     ; a move: never flushed
  v_sub_f32 v18, v5, v4                 ; N - DH = DH
)";
  for (unsigned Mode = 0; Mode != 4; ++Mode) {
    bool KeepIn = Mode & 1, KeepOut = Mode & 2;
    RunOptions O;
    O.DenormMode32 = Mode;
    EmuRun R = runWave(GFX90A, Body, O);
    ASSERT_EQ(R.Error, "");
    SCOPED_TRACE(formatv("FLOAT_DENORM_MODE_32 = {0}", Mode).str());
    EXPECT_EQ(R.v(10, 0), KeepIn && KeepOut ? 2u : 0u);
    EXPECT_EQ(R.v(11, 0), KeepIn ? 0xc00000u : 0x800000u);
    EXPECT_EQ(R.v(12, 0), KeepOut ? 0x400000u : 0u);
    EXPECT_EQ(R.v(13, 0), KeepIn ? 0x1000000u : 0u);
    EXPECT_EQ(R.v(14, 0), KeepIn ? 0xc00000u : 0x800000u);
    EXPECT_EQ(R.v(15, 0), KeepIn ? 0xc00000u : 0x800000u);
    EXPECT_EQ(R.v(16, 0), KeepOut ? 0x80400000u : 0x80000000u);
    EXPECT_EQ(R.v(17, 0), 1u);
    // Flushed input: N - 0 = N; kept: DH, itself flushed unless kept.
    EXPECT_EQ(R.v(18, 0), !KeepIn ? 0x800000u : KeepOut ? 0x400000u : 0u);
  }
}

// FLOAT_DENORM_MODE_16_64 does the same for f64, the v_fmac_f64
// accumulator included; it leaves f32 alone.
TEST(EmuDenorm, Float64Modes) {
  const char *Body = R"(
  v_mov_b32 v4, 0                       ; v[4:5] = 2^-1022, the smallest
  v_mov_b32 v5, 0x100000                ;   normal double
  v_mov_b32 v6, 0                       ; v[6:7] = 2^-1023, a denormal
  v_mov_b32 v7, 0x80000
  v_add_f64 v[10:11], v[4:5], v[6:7]    ; 1.5 * 2^-1022
  v_mul_f64 v[12:13], 0.5, v[4:5]       ; 2^-1023, a denormal
  v_mov_b32 v14, v6
  v_mov_b32 v15, v7
  v_fmac_f64 v[14:15], v[4:5], 1.0      ; 1.5 * 2^-1022
  v_mov_b32 v16, 0x400000
  v_add_f32 v17, v16, v16               ; f32: 2^-126 whatever the f64 mode
)";
  for (unsigned Mode = 0; Mode != 4; ++Mode) {
    bool KeepIn = Mode & 1, KeepOut = Mode & 2;
    RunOptions O;
    O.DenormMode64 = Mode;
    EmuRun R = runWave(GFX90A, Body, O);
    ASSERT_EQ(R.Error, "");
    SCOPED_TRACE(formatv("FLOAT_DENORM_MODE_16_64 = {0}", Mode).str());
    EXPECT_EQ(R.v64(10, 0),
              KeepIn ? 0x0018000000000000ull : 0x0010000000000000ull);
    EXPECT_EQ(R.v64(12, 0), KeepOut ? 0x0008000000000000ull : 0u);
    EXPECT_EQ(R.v64(14, 0),
              KeepIn ? 0x0018000000000000ull : 0x0010000000000000ull);
    EXPECT_EQ(R.v(17, 0), 0x800000u);
  }
}

// v_max/v_min order -0 below +0 (which C's fmax/fmin leave unspecified),
// return the other operand for a quiet NaN, and quiet a signaling NaN
// (IEEE mode, the compute default).
TEST(EmuFloat, MinMaxZerosAndNaNs) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0x80000000              ; -0
  v_mov_b32 v3, 0                       ; +0
  v_mov_b32 v4, 0x7fc00000              ; qNaN
  v_mov_b32 v5, 0x7f800001              ; sNaN
  v_max_f32 v10, v2, v3
  v_max_f32 v11, v3, v2
  v_min_f32 v12, v2, v3
  v_min_f32 v13, v3, v2
  v_max_f32 v14, v4, 1.0
  v_min_f32 v15, 1.0, v4
  v_max_f32 v16, v5, 1.0
  v_mov_b32 v6, 0
  v_mov_b32 v7, 0x80000000              ; v[6:7] = -0.0
  v_mov_b32 v8, 0
  v_mov_b32 v9, 0                       ; v[8:9] = +0.0
  v_max_f64 v[20:21], v[6:7], v[8:9]
  v_max_f64 v[22:23], v[8:9], v[6:7]
  v_min_f64 v[24:25], v[6:7], v[8:9]
  v_min_f64 v[26:27], v[8:9], v[6:7]
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.v(10, 0), 0u);
  EXPECT_EQ(R.v(11, 0), 0u);
  EXPECT_EQ(R.v(12, 0), 0x80000000u);
  EXPECT_EQ(R.v(13, 0), 0x80000000u);
  EXPECT_EQ(R.v(14, 0), 0x3f800000u);
  EXPECT_EQ(R.v(15, 0), 0x3f800000u);
  EXPECT_EQ(R.v(16, 0), 0x7fc00001u);
  EXPECT_EQ(R.v64(20, 0), 0u);
  EXPECT_EQ(R.v64(22, 0), 0u);
  EXPECT_EQ(R.v64(24, 0), 0x8000000000000000ull);
  EXPECT_EQ(R.v64(26, 0), 0x8000000000000000ull);
}

// v_exp_f32 / v_log_f32: exact powers of two, the special values, 1-ulp
// agreement with the host on ordinary inputs, and the denormals they flush
// whatever the mode (a denormal 2^x result, a denormal log2 input).
TEST(EmuTranscendental, ExpLog) {
  struct Case {
    uint32_t In, Exp, Log;
  } Cases[] = {
      {0x00000000, 0x3f800000, 0xff800000}, // 0: 1, -inf
      {0x80000000, 0x3f800000, 0xff800000}, // -0: 1, -inf
      {0x3f800000, 0x40000000, 0x00000000}, // 1: 2, 0
      {0x41200000, 0x44800000, 0x40549a78}, // 10: 1024, log2(10)
      {0xc1200000, 0x3a800000, 0x7fc00000}, // -10: 2^-10, NaN
      {0x7f800000, 0x7f800000, 0x7f800000}, // +inf: +inf, +inf
      {0xff800000, 0x00000000, 0x7fc00000}, // -inf: 0, NaN
      {0x43000000, 0x7f800000, 0x40e00000}, // 128: overflow, 7
      {0xc3080000, 0x00000000, 0x7fc00000}, // -136: 2^-136 flushed, NaN
      {0x00400000, 0x3f800000, 0xff800000}, // denormal: 1, log2(0) = -inf
      {0x3f000000, 0x3fb504f3, 0xbf800000}, // 0.5: sqrt(2), -1
  };
  std::vector<uint32_t> Inputs;
  for (const Case &C : Cases)
    Inputs.push_back(C.In);
  for (unsigned Mode : {0u, 3u}) {
    RunOptions O;
    O.DenormMode32 = Mode;
    EmuRun R = runWave(GFX90A, perLane(Inputs) + R"(
  v_exp_f32 v4, v3
  v_log_f32 v5, v3
)",
                       O);
    ASSERT_EQ(R.Error, "");
    for (unsigned L = 0; L != std::size(Cases); ++L) {
      const Case &C = Cases[L];
      EXPECT_EQ(R.v(4, L), C.Exp)
          << formatv("v_exp_f32 {0:x8}, mode {1}", C.In, Mode).str();
      EXPECT_EQ(R.v(5, L), C.Log)
          << formatv("v_log_f32 {0:x8}, mode {1}", C.In, Mode).str();
    }
  }
}

// v_sin_f32 / v_cos_f32: sin(2 pi x) and cos(2 pi x), x in revolutions,
// for any finite x (gfx9 on). Expected values: sin and cos of 2 pi x with
// x exact, in 200-bit arithmetic (mpmath), rounded to nearest f32 once;
// multiples of a quarter revolution give exact 0 (positive), 1 and -1, as
// LLVM folds llvm.amdgcn.sin/cos; infinities give the default NaN, NaNs
// themselves quieted; source and output modifiers apply.
TEST(EmuTranscendental, SinCos) {
  struct Case {
    uint32_t In, Sin, Cos;
  } Cases[] = {
      {0x00000000, 0x00000000, 0x3f800000}, // 0
      {0x80000000, 0x00000000, 0x3f800000}, // -0: +0 as LLVM folds it
      {0x3e800000, 0x3f800000, 0x00000000}, // 1/4
      {0x3f000000, 0x00000000, 0xbf800000}, // 1/2
      {0x3f400000, 0xbf800000, 0x00000000}, // 3/4
      {0xbe800000, 0xbf800000, 0x00000000}, // -1/4
      {0x3e000000, 0x3f3504f3, 0x3f3504f3}, // 1/8: sqrt(2)/2
      {0x3d800000, 0x3ec3ef15, 0x3f6c835e}, // 1/16
      {0x3eaaaaab, 0x3f5db3d7, 0xbf000001}, // 1/3 rounded up
      {0x447a0800, 0x3f3504f3, 0x3f3504f3}, // 1000.125
      {0x42f6e979, 0x3e8bbf57, 0xbf764797}, // 123.456
      {0xc0e9999a, 0xbf73786a, 0xbe9e37a0}, // -7.3
      {0x0da24260, 0x0efee054, 0x3f800000}, // 1e-30
      {0x3f000001, 0xb4c90fdb, 0xbf800000}, // 1/2 + 2^-24
      {0x4b000001, 0x00000000, 0x3f800000}, // 2^23 + 1: an integer
      {0x4f32d05e, 0x00000000, 0x3f800000}, // 3e9
      {0x7f7fffff, 0x00000000, 0x3f800000}, // FLT_MAX
      {0x00000001, 0x00000006, 0x3f800000}, // a denormal (kept, mode 3)
      {0x7f800000, 0x7fc00000, 0x7fc00000}, // +inf
      {0xff800000, 0x7fc00000, 0x7fc00000}, // -inf
      {0x7fc01234, 0x7fc01234, 0x7fc01234}, // qNaN
      {0xff800001, 0xffc00001, 0xffc00001}, // sNaN, quieted
  };
  std::vector<uint32_t> Inputs;
  for (const Case &C : Cases)
    Inputs.push_back(C.In);
  EmuRun R = runWave(GFX90A, perLane(Inputs) + R"(
  v_sin_f32 v4, v3
  v_cos_f32 v5, v3
  v_sin_f32_e64 v6, -v3
  v_cos_f32_e64 v7, |v3| mul:2
  v_sin_f32_e64 v8, v3 clamp
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != std::size(Cases); ++L) {
    const Case &C = Cases[L];
    EXPECT_EQ(R.v(4, L), C.Sin) << formatv("v_sin_f32 {0:x8}", C.In).str();
    EXPECT_EQ(R.v(5, L), C.Cos) << formatv("v_cos_f32 {0:x8}", C.In).str();
  }
  EXPECT_EQ(R.v(6, 0), 0u);           // sin(-(+0)) = sin(-0): +0
  EXPECT_EQ(R.v(6, 6), 0xbf3504f3u);  // sin(-1/8)
  EXPECT_EQ(R.v(6, 2), 0xbf800000u);  // sin(-1/4)
  EXPECT_EQ(R.v(7, 11), 0xbf1e37a0u); // 2 cos(|-7.3|)
  EXPECT_EQ(R.v(7, 3), 0xc0000000u);  // 2 cos(1/2)
  EXPECT_EQ(R.v(8, 2), 0x3f800000u);  // clamp(1)
  EXPECT_EQ(R.v(8, 4), 0u);           // clamp(-1)
  EXPECT_EQ(R.v(8, 6), 0x3f3504f3u);
  EXPECT_EQ(R.v(8, 18), 0u); // clamp(NaN) = 0 (DX10_CLAMP)

  EmuRun W = runWave(GFX1030, R"(
  v_mov_b32 v3, 0x3d800000
  v_sin_f32 v4, v3
  v_cos_f32 v5, v3
)");
  ASSERT_EQ(W.Error, "");
  EXPECT_EQ(W.v(4, 31), 0x3ec3ef15u);
  EXPECT_EQ(W.v(5, 31), 0x3f6c835eu);
}

// v_fract: x - floor(x), never 1.0 (a tiny negative input gives the largest
// float below 1), NaN for infinities and NaN. Out64 is v_fract_f64 of the
// same value converted back to f32.
TEST(EmuFloat, Fract) {
  struct Case {
    uint32_t In, Out, Out64;
  } Cases[] = {
      {0x3fc00000, 0x3f000000, 0x3f000000}, // 1.5 -> 0.5
      {0xbfc00000, 0x3f000000, 0x3f000000}, // -1.5 -> 0.5
      {0xb3d6bf95, 0x3f7ffffe, 0x3f7ffffe}, // -1e-7 -> 1 - 1e-7
      // -1e-9: 1 - 1e-9 rounds to 1.0 in f32, so the largest float below 1;
      // in f64 it is exact, and converts to 1.0.
      {0xb089705f, 0x3f7fffff, 0x3f800000},
      {0x80000000, 0x00000000, 0x00000000}, // -0 - -0 = +0
      {0x00000000, 0x00000000, 0x00000000}, // +0
      {0x4b000001, 0x00000000, 0x00000000}, // 2^23 + 1, an integer
      {0x7f800000, 0x7fc00000, 0x7fc00000}, // +inf -> NaN
      {0xff800000, 0x7fc00000, 0x7fc00000}, // -inf -> NaN
      {0x7fc00000, 0x7fc00000, 0x7fc00000}, // NaN
  };
  std::vector<uint32_t> Inputs;
  for (const Case &C : Cases)
    Inputs.push_back(C.In);
  EmuRun R = runWave(GFX90A, perLane(Inputs) + R"(
  v_fract_f32 v4, v3
  v_cvt_f64_f32 v[6:7], v3
  v_fract_f64 v[8:9], v[6:7]
  v_cvt_f32_f64 v5, v[8:9]
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L = 0; L != std::size(Cases); ++L) {
    const Case &C = Cases[L];
    EXPECT_EQ(R.v(4, L), C.Out) << formatv("v_fract_f32 {0:x8}", C.In).str();
    EXPECT_EQ(R.v(5, L), C.Out64) << formatv("v_fract_f64 {0:x8}", C.In).str();
  }
}

// f16 arithmetic: operands in the low halves of v3 (a) and v4 (b), results
// rounded to nearest even; on gfx9 the high half of the destination is
// zeroed, from gfx10 on it is kept.
TEST(EmuHalf, Arithmetic) {
  struct Case {
    uint16_t A, B, Add, Mul, Max;
  } Cases[] = {
      {0x3e00, 0x4080, 0x4380, 0x42c0, 0x4080}, // 1.5, 2.25: 3.75, 3.375
      {0x6800, 0x3c00, 0x6800, 0x6800, 0x6800}, // 2048 + 1 ties to 2048
      {0x7bff, 0x4c00, 0x7c00, 0x7c00, 0x7bff}, // 65504 + 16 -> inf
      {0x0001, 0x0001, 0x0002, 0x0000, 0x0001}, // denormals kept; tiny product
      {0xc000, 0x3800, 0xbe00, 0xbc00, 0x3800}, // -2 + 0.5, -2 * 0.5
      {0x7e00, 0x3c00, 0x7e00, 0x7e00, 0x3c00}, // NaN: max gives the number
  };
  std::vector<uint32_t> A, B;
  for (const Case &C : Cases) {
    A.push_back(0xabcd0000u | C.A);
    B.push_back(C.B);
  }
  std::string Body = perLane(A) + "v_mov_b32 v4, v3\n" + perLane(B) +
                     R"(
  v_mov_b32 v5, 0xffff0000
  v_mov_b32 v6, 0xffff0000
  v_mov_b32 v7, 0xffff0000
  v_add_f16 v5, v4, v3
  v_mul_f16 v6, v4, v3
  v_max_f16 v7, v4, v3
)";
  // v4 holds a (copied before v3 was overwritten with b).
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, Body);
    ASSERT_EQ(R.Error, "");
    uint32_t High = T.CPU == "gfx90a" ? 0 : 0xffff0000;
    for (unsigned L = 0; L != std::size(Cases); ++L) {
      const Case &C = Cases[L];
      EXPECT_EQ(R.v(5, L), High | C.Add) << T.CPU.str() << " add " << L;
      EXPECT_EQ(R.v(6, L), High | C.Mul) << T.CPU.str() << " mul " << L;
      EXPECT_EQ(R.v(7, L), High | C.Max) << T.CPU.str() << " max " << L;
    }
  }
}

// Packed f16: each half of the result from the halves op_sel/op_sel_hi pick,
// neg/neg_hi per half; compares read the low halves.
TEST(EmuHalf, PackedAndCompare) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v1, 0x40003c00          ; {hi 2.0, lo 1.0}
  v_mov_b32 v2, 0x44004200          ; {hi 4.0, lo 3.0}
  v_pk_add_f16 v3, v1, v2           ; {6, 4}
  v_pk_mul_f16 v4, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] ; {1*4, 2*3}
  v_pk_add_f16 v5, v1, v2 neg_lo:[1,0] neg_hi:[0,1]    ; {2-4, -1+3}
  v_pk_fma_f16 v6, v1, v2, v1       ; {2*4+2, 1*3+1}
  v_cmp_lt_f16 vcc, v1, v2          ; 1 < 3 in every lane
  v_cmp_gt_f16_e64 s[10:11], v1, v2 ; never
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.v(3, 0), 0x46004400u);
  EXPECT_EQ(R.v(4, 0), 0x44004600u);
  EXPECT_EQ(R.v(5, 0), 0xc0004000u);
  EXPECT_EQ(R.v(6, 0), 0x49004400u);
  EXPECT_EQ(R.vcc(), ~0ull);
  EXPECT_EQ(R.s64(10), 0ull);
}

// f16 fma rounds once (ISA: "Fused half precision multiply add"): 3 *
// (1 + 2^-10) is 1.5 f16 ulps above 3, a rounding midpoint, and the addend
// -2^-24 (+2^-24) puts the exact result just below (above) it. In f32 the
// addend is a quarter ulp and is lost, so an f32 fma rounded to f16 would
// give the even neighbour 0x4202 for both.
TEST(EmuHalf, FmaRoundsOnce) {
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, R"(
  v_mov_b32 v1, 0x42004200          ; {3.0, 3.0}
  v_mov_b32 v2, 0x3c013c01          ; {1 + 2^-10, 1 + 2^-10}
  v_mov_b32 v3, 0x00018001          ; {+2^-24, -2^-24}
  v_fma_f16 v4, v1, v2, v3
  v_pk_fma_f16 v5, v1, v2, v3
)");
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    EXPECT_EQ(R.v(4, 0) & 0xffff, 0x4201u) << T.CPU.str();
    EXPECT_EQ(R.v(5, 0), 0x42024201u) << T.CPU.str();
  }
}

// A packed f16 operation reads an inline constant 0 in both halves (0
// whether hardware replicates the constant into the high half or not), as
// HeCBench quant3MatMul's v_pk_fma_f16 with a zero addend does; any other
// constant read in its high half is refused.
TEST(EmuHalf, PackedZeroConstant) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v1, 0x40003c00          ; {2.0, 1.0}
  v_mov_b32 v2, 0x44004200          ; {4.0, 3.0}
  v_pk_fma_f16 v3, v1, v2, 0        ; {8.0, 3.0}
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.v(3, 0), 0x48004200u);
  EmuRun One = runWave(GFX90A, "v_pk_fma_f16 v3, v1, v2, 1.0");
  EXPECT_NE(One.Error.find("constant read in its high half"),
            std::string::npos)
      << One.Error;
}

// f16 max and min in IEEE mode: a signaling NaN operand gives a NaN (the
// first NaN in operand order, quieted), as for f32, while a quiet NaN gives
// the other operand.
TEST(EmuHalf, MaxMinSignalingNaN) {
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, R"(
  v_mov_b32 v1, 0xa3c4              ; -0.0159
  v_mov_b32 v2, 0xfd00              ; -sNaN
  v_mov_b32 v3, 0x7e00              ; qNaN
  v_max_f16 v4, v1, v2
  v_min_f16 v5, v2, v1
  v_max_f16 v6, v1, v3
  v_mov_b32 v7, 0xfc00fd64          ; {-inf, -sNaN}
  v_mov_b32 v8, 0x7c0165ee          ; {+sNaN, 1518.0}
  v_pk_max_f16 v9, v7, v8
  v_pk_min_f16 v10, v7, v8
)");
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    EXPECT_EQ(R.v(4, 0) & 0xffff, 0xff00u) << T.CPU.str();
    EXPECT_EQ(R.v(5, 0) & 0xffff, 0xff00u) << T.CPU.str();
    EXPECT_EQ(R.v(6, 0) & 0xffff, 0xa3c4u) << T.CPU.str();
    EXPECT_EQ(R.v(9, 0), 0x7e01ff64u) << T.CPU.str();
    EXPECT_EQ(R.v(10, 0), 0x7e01ff64u) << T.CPU.str();
  }
}

// Rounding to an integral value and the frexp mantissa return a NaN
// operand quieted, as every arithmetic result (IEEE 754 roundToIntegral: a
// signaling NaN gives a quiet one). The host's floor, ceil and trunc would
// pass a signaling NaN through.
TEST(EmuFloat, RoundingQuietsSignalingNaN) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v1, 0xff800001          ; -sNaN (f32)
  v_floor_f32 v2, v1
  v_ceil_f32 v3, v1
  v_trunc_f32 v4, v1
  v_frexp_mant_f32 v5, v1
  v_mov_b32 v10, 1                  ; {lo 1, hi 0x7ff00000}: +sNaN (f64)
  v_mov_b32 v11, 0x7ff00000
  v_floor_f64 v[12:13], v[10:11]
  v_ceil_f64 v[14:15], v[10:11]
  v_trunc_f64 v[16:17], v[10:11]
  v_frexp_mant_f64 v[18:19], v[10:11]
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned Reg : {2, 3, 4, 5})
    EXPECT_EQ(R.v(Reg, 0), 0xffc00001u) << "v" << Reg;
  for (unsigned Reg : {12, 14, 16, 18})
    EXPECT_EQ(R.v64(Reg, 0), 0x7ff8000000000001ull) << "v" << Reg;
}

} // namespace

// v_trig_preop_f64: 53-bit segments of 2/pi, by segment number and by the
// exponent of src0 (above 1077 it shifts the segment further down, from 1968
// on the scale gains 2^128), the last bits of the ISA's 1,201-bit constant
// followed by zeros, 0 past its end, a quieted NaN.
// The expected values were computed from 2/pi with integer arithmetic, apart
// from the emulator's table; segment 0 of 1.0 is 2/pi rounded down.
TEST(EmuFloat, TrigPreop) {
  struct Case {
    uint64_t In;
    uint32_t Segment;
    uint64_t Out;
  } Cases[] = {
      {0x3ff0000000000000, 0, 0x3fe45f306dc9c882}, // 1.0
      {0x3ff0000000000000, 1, 0x3c94a7f09d5f47d4}, // 1.0
      {0x3ff0000000000000, 2, 0x394a6ee06db14acc}, // 1.0
      {0xc00c000000000000, 0, 0x3fe45f306dc9c882}, // -3.5
      {0x4630000000000000, 0, 0x3cb529fc2757d1e0}, // 2^100
      {0x4630000000000000, 2, 0x3663278872083fca}, // 2^100
      {0x7e70000000000000, 1, 0x097e5f17b3d0739f}, // 2^1000
      {0x7fefffffffffffff, 3, 0x0161aba10ac06608}, // DBL_MAX, bits 1128..1180
      {0x7fefffffffffffff, 4, 0x00000000001bf1ec}, // DBL_MAX, bits 1181..1200
      {0x3ff0000000000000, 31, 0},                 // 1.0, past the end
      {0x7e70000000000000, 31, 0},                 // 2^1000, past the end
      {0x7ff0000000000001, 0, 0x7ff8000000000001}, // sNaN
  };
  std::string Asm;
  for (auto [Idx, C] : enumerate(Cases))
    Asm += formatv("v_mov_b32 v4, {0:x}\nv_mov_b32 v5, {1:x}\n"
                   "v_mov_b32 v6, {2}\n"
                   "v_trig_preop_f64 v[{3}:{4}], v[4:5], v6\n",
                   uint32_t(C.In), uint32_t(C.In >> 32), C.Segment,
                   20 + 2 * Idx, 21 + 2 * Idx)
               .str();
  for (EmuTarget T : {GFX90A, GFX1030}) {
    EmuRun R = runWave(T, Asm);
    ASSERT_EQ(R.Error, "") << T.CPU.str();
    for (auto [Idx, C] : enumerate(Cases))
      EXPECT_EQ(R.v64(20 + 2 * Idx, 0), C.Out)
          << formatv("{0}: v_trig_preop_f64 {1:x16}, segment {2}", T.CPU, C.In,
                     C.Segment)
                 .str();
  }
}

// SDWA forms of float compares and conversions: the source select picks the
// half (or byte) before the abs/neg modifiers apply, and dst_sel places the
// result (HeCBench's relu and gelu compare and convert the high half of
// packed f16 data this way; its urng converts into byte 1).
TEST(EmuFloat, SdwaCompareAndConvert) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v9, 0x4000bc00              ; {hi: 2.0h, lo: -1.0h}
  v_mov_b32 v8, 0x3c00                  ; 1.0h
  v_cmp_gt_f16_sdwa vcc, v9, v8 src0_sel:WORD_1 src1_sel:DWORD
  s_mov_b64 s[10:11], vcc
  v_cmp_gt_f16_sdwa vcc, v9, v8 src0_sel:WORD_0 src1_sel:DWORD
  s_mov_b64 s[12:13], vcc
  v_cmp_gt_f16_sdwa vcc, -v9, v8 src0_sel:WORD_1 src1_sel:DWORD
  s_mov_b64 s[14:15], vcc
  v_cvt_f32_f16_sdwa v15, v9 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_cvt_f32_f16_sdwa v16, |v9| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0
  v_mov_b32 v5, 0x406ccccd              ; 3.7
  v_mov_b32 v4, 0xaabbccdd
  v_mov_b32 v6, 0xaabbccdd
  v_cvt_i32_f32_sdwa v4, v5 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:DWORD
  v_cvt_i32_f32_sdwa v6, -v5 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD
)");
  ASSERT_EQ(R.Error, "");
  EXPECT_EQ(R.s64(10), ~0ull);        // 2.0 > 1.0 in every lane
  EXPECT_EQ(R.s64(12), 0ull);         // -1.0 > 1.0 in none
  EXPECT_EQ(R.s64(14), 0ull);         // -2.0 > 1.0 in none
  EXPECT_EQ(R.v(15, 0), 0x40000000u); // 2.0f
  EXPECT_EQ(R.v(16, 0), 0x3f800000u); // |-1.0| = 1.0f
  EXPECT_EQ(R.v(4, 0), 0x300u);       // 3 in byte 1, the rest zeroed
  EXPECT_EQ(R.v(6, 0), 0xaabbfdddu);  // -3 (0xfd) in byte 1, the rest kept
}

// Two or more NaN operands: the result is the first NaN in operand order
// (src0, src1, src2, after the abs/neg modifiers), quieted, whichever order
// the host would evaluate them in. A signaling NaN in v_max/v_min gives a
// NaN too (IEEE mode); one quiet NaN gives the other operand.
TEST(EmuFloat, FirstNaNOperandPropagates) {
  EmuRun R = runWave(GFX90A, R"(
  v_mov_b32 v2, 0x7fc01111              ; qNaN A
  v_mov_b32 v3, 0xffc02222              ; qNaN B, negative
  v_mov_b32 v4, 0x7f803333              ; sNaN C
  v_mov_b32 v5, 2.0
  v_add_f32 v10, v2, v3
  v_add_f32 v11, v3, v2
  v_mul_f32 v12, v4, v2
  v_sub_f32 v13, v3, v4
  v_subrev_f32 v14, v4, v3
  v_fma_f32 v15, 1.0, v3, v2
  v_fma_f32 v16, v4, v3, v2
  v_mov_b32 v17, v2
  v_fmac_f32 v17, 1.0, v3
  v_mov_b32 v18, v4
  v_fmac_f32 v18, 1.0, v5
  v_max_f32 v19, v2, v3
  v_max_f32 v20, v3, v2
  v_min_f32 v21, v2, v4
  v_min_f32 v22, 1.0, v4
  v_add_f32_e64 v23, -v2, v3
  v_mul_f32 v24, v5, v3
  v_mov_b32 v30, 0x7e11                 ; f16 qNaN, payload 0x211
  v_mov_b32 v31, 0xfe22                 ; f16 qNaN, negative
  v_mov_b32 v32, 0x7c05                 ; f16 sNaN
  v_add_f16 v33, v30, v31
  v_add_f16 v34, v31, v30
  v_mul_f16 v35, v32, v30
  v_fma_f16 v36, v31, v32, v30
  v_max_f16 v37, v30, v31
  v_mov_b32 v38, 0x7e11fe22
  v_mov_b32 v39, 0xfe337e44
  v_pk_add_f16 v40, v38, v39
  v_pk_mul_f16 v41, v39, v38
  v_mov_b32 v42, 0
  v_mov_b32 v43, 0x7ff80001             ; f64 qNaN
  v_mov_b32 v44, 5
  v_mov_b32 v45, 0xfff00000             ; f64 sNaN, negative
  v_add_f64 v[46:47], v[44:45], v[42:43]
  v_mul_f64 v[48:49], v[42:43], v[44:45]
  v_max_f64 v[50:51], v[42:43], v[44:45]
)");
  ASSERT_EQ(R.Error, "");
  for (unsigned L : {0u, 63u}) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(10, L), 0x7fc01111u);
    EXPECT_EQ(R.v(11, L), 0xffc02222u);
    EXPECT_EQ(R.v(12, L), 0x7fc03333u); // src0, a signaling NaN, quieted
    EXPECT_EQ(R.v(13, L), 0xffc02222u);
    EXPECT_EQ(R.v(14, L), 0x7fc03333u); // subrev: src0 still comes first
    EXPECT_EQ(R.v(15, L), 0xffc02222u); // fma: src1 before src2
    EXPECT_EQ(R.v(16, L), 0x7fc03333u);
    EXPECT_EQ(R.v(17, L), 0xffc02222u); // fmac: src1 before the accumulator
    EXPECT_EQ(R.v(18, L), 0x7fc03333u); // fmac: the accumulator's NaN
    EXPECT_EQ(R.v(19, L), 0x7fc01111u);
    EXPECT_EQ(R.v(20, L), 0xffc02222u);
    EXPECT_EQ(R.v(21, L), 0x7fc01111u); // an sNaN in src1: src0 comes first
    EXPECT_EQ(R.v(22, L), 0x7fc03333u);
    EXPECT_EQ(R.v(23, L), 0xffc01111u); // neg applies before propagation
    EXPECT_EQ(R.v(24, L), 0xffc02222u); // one NaN
    EXPECT_EQ(R.v(33, L), 0x7e11u);     // high half zeroed (gfx9)
    EXPECT_EQ(R.v(34, L), 0xfe22u);
    EXPECT_EQ(R.v(35, L), 0x7e05u);
    EXPECT_EQ(R.v(36, L), 0xfe22u);
    EXPECT_EQ(R.v(37, L), 0x7e11u);
    EXPECT_EQ(R.v(40, L), 0x7e11fe22u); // src0's half, each half
    EXPECT_EQ(R.v(41, L), 0xfe337e44u);
    EXPECT_EQ(R.v64(46, L), 0xfff8000000000005ull);
    EXPECT_EQ(R.v64(48, L), 0x7ff8000100000000ull);
    EXPECT_EQ(R.v64(50, L), 0x7ff8000100000000ull);
  }
}

// 16-bit integer <-> f16 conversions: i16/u16 rounded to the nearest f16
// (ties to even, 65520 and above to infinity); f16 to i16/u16 rounded
// toward zero and saturated, NaN giving 0. Expected bit patterns are IEEE
// binary16 encodings (e.g. -3.0 = 0xc200, 60000.0 = 0x7b53).
static void checkInt16HalfConversions(const EmuTarget &T, bool ZeroesHigh) {
  EmuRun R = runWave(T, R"(
  v_mov_b32 v2, 0xabcdfffd              ; i16 -3, u16 65533 (high half ignored)
  v_mov_b32 v3, 0x8000                  ; i16 -32768
  v_mov_b32 v4, 0x0801                  ; u16 2049: a tie between 2048 and 2050
  v_mov_b32 v10, 0x12340000
  v_mov_b32 v11, 0x12340000
  v_mov_b32 v12, 0x12340000
  v_mov_b32 v13, 0x12340000
  v_cvt_f16_i16 v10, v2
  v_cvt_f16_u16 v11, v2
  v_cvt_f16_i16 v12, v3
  v_cvt_f16_u16 v13, v4
  v_mov_b32 v20, 0xc180                 ; -2.75
  v_mov_b32 v21, 0x7b53                 ; 60000.0
  v_mov_b32 v22, 0xbe00                 ; -1.5
  v_mov_b32 v23, 0x7e00                 ; NaN
  v_mov_b32 v24, 0x7c00                 ; +inf
  v_mov_b32 v25, 0xfc00                 ; -inf
  v_cvt_i16_f16 v30, v20
  v_cvt_i16_f16 v31, v21
  v_cvt_u16_f16 v32, v21
  v_cvt_u16_f16 v33, v22
  v_cvt_i16_f16 v34, v23
  v_cvt_u16_f16 v35, v24
  v_cvt_i16_f16 v36, v25
  v_cvt_i16_f16_e64 v37, -v20
)");
  ASSERT_EQ(R.Error, "");
  uint32_t High = ZeroesHigh ? 0 : 0x12340000u;
  for (unsigned L : {0u, T.WaveSize - 1}) {
    SCOPED_TRACE(formatv("lane {0}", L).str());
    EXPECT_EQ(R.v(10, L), High | 0xc200u);   // -3.0
    EXPECT_EQ(R.v(11, L), High | 0x7c00u);   // 65533 overflows to +inf
    EXPECT_EQ(R.v(12, L), High | 0xf800u);   // -32768.0
    EXPECT_EQ(R.v(13, L), High | 0x6800u);   // 2048.0 (tie to even)
    EXPECT_EQ(R.v(30, L) & 0xffff, 0xfffeu); // -2
    EXPECT_EQ(R.v(31, L) & 0xffff, 0x7fffu); // saturated
    EXPECT_EQ(R.v(32, L) & 0xffff, 0xea60u); // 60000
    EXPECT_EQ(R.v(33, L) & 0xffff, 0u);      // negative to u16
    EXPECT_EQ(R.v(34, L) & 0xffff, 0u);      // NaN
    EXPECT_EQ(R.v(35, L) & 0xffff, 0xffffu); // +inf saturated
    EXPECT_EQ(R.v(36, L) & 0xffff, 0x8000u); // -inf saturated
    EXPECT_EQ(R.v(37, L) & 0xffff, 2u);      // neg modifier: 2.75 -> 2
  }
}

TEST(EmuFloat, Int16HalfConversionsWave64) {
  checkInt16HalfConversions(GFX90A, /*ZeroesHigh=*/true);
}

TEST(EmuFloat, Int16HalfConversionsWave32) {
  checkInt16HalfConversions(GFX1030, /*ZeroesHigh=*/false);
}
