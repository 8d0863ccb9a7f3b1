//===- RegisterOverlapTest.cpp - Destinations that overlap sources --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Hardware reads every source operand of an instruction before it writes any
// destination dword. An emulator routine that writes the low dword of a
// register tuple and then reads a source for the high dword gets a different
// answer when the destination tuple is also a source (or holds the address of
// a load); compilers emit such overlaps (e.g. v_pk_fma_f32 v[0:1], v[0:1],
// ... op_sel_hi:[0,...]).
//
// Every instruction the emulator implements with a destination of more than
// one dword, or with an implicit destination it also reads (VCC), runs twice
// on the same inputs: once with its destination disjoint from its sources
// and once with the destination placed on each source (exactly, and on
// gfx1030, which has no VGPR tuple alignment, shifted by one dword). Both
// runs must leave the same result in every lane.
//
//===----------------------------------------------------------------------===//

#include "EmuTestHarness.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::test;

namespace {

/// Lane-varying inputs: v10..v17 hold distinct bit patterns per lane (as
/// f32 and f64 values: normal numbers of both signs and varied exponents),
/// v18 a small shift amount, s10..s17 distinct constants; v[4:5] is the
/// output buffer's address plus 8 * lane; the buffer's first 128 dwords
/// hold 256 + lane * 2 and 257 + lane * 2 per lane, and LDS the same per lane
/// from byte lane * 16; v19 = lane * 16 (an LDS address).
const char *const Inputs = R"(
  v_lshlrev_b32 v1, 3, v0
  v_mov_b32 v2, s3
  v_add_co_u32 v4, vcc, s2, v1
  v_addc_co_u32 v5, vcc, v2, 0, vcc
  v_lshlrev_b32 v6, 1, v0
  v_or_b32 v6, 0x100, v6
  v_or_b32 v7, 1, v6
  global_store_dwordx2 v[4:5], v[6:7], off
  v_lshlrev_b32 v19, 4, v0
  ds_write_b64 v19, v[6:7]
  s_waitcnt vmcnt(0) lgkmcnt(0)
  v_cvt_f32_u32 v10, v0
  v_add_f32 v10, 1.5, v10
  v_mul_f32 v11, -0.75, v10
  v_mul_f32 v12, v10, v10
  v_sub_f32 v13, 0.5, v11
  v_cvt_f64_f32 v[14:15], v12
  v_cvt_f64_f32 v[16:17], v13
  v_and_b32 v18, 7, v0
  s_mov_b32 s10, 0x40490fdb
  s_mov_b32 s11, 0xc0000000
  s_mov_b32 s12, 5
  s_mov_b32 s13, 0x80000001
  s_mov_b32 s14, 0x12345678
  s_mov_b32 s15, 0xfedcba98
  s_mov_b32 s16, 0x00ff00ff
  s_mov_b32 s17, 0x3f800000
  s_mov_b32 vcc_lo, 0x5555aaaa
  s_mov_b32 vcc_hi, 0x5555aaaa
)";

enum class File { V, S };

/// One instruction form. Asm has {0}..{3} for the destination tuple's
/// dwords; Dwords of them are compared. OverlapBases are the destination
/// positions tried against the disjoint base 32.
struct OverlapCase {
  const char *Asm;
  File F;
  unsigned Dwords;
  std::vector<unsigned> OverlapBases;
  bool ComparesVCC = false; ///< The instruction also writes VCC.
};

const std::vector<OverlapCase> &cases() {
  static const std::vector<OverlapCase> Cases = {
      // Packed f32: op_sel_hi:[0,..] makes both halves read dword 0.
      {"v_pk_add_f32 v[{0}:{1}], v[10:11], v[12:13] op_sel_hi:[0,0]",
       File::V,
       2,
       {10, 12}},
      {"v_pk_mul_f32 v[{0}:{1}], v[10:11], v[12:13] op_sel_hi:[0,1]",
       File::V,
       2,
       {10, 12}},
      {"v_pk_fma_f32 v[{0}:{1}], v[10:11], v[12:13], v[10:11] "
       "op_sel_hi:[0,0,0]",
       File::V,
       2,
       {10, 12}},
      {"v_pk_fma_f32 v[{0}:{1}], v[12:13], v[10:11], v[10:11] "
       "op_sel:[1,0,0] op_sel_hi:[0,1,0]",
       File::V,
       2,
       {10, 12}},
      {"v_pk_mov_b32 v[{0}:{1}], v[10:11], v[12:13] op_sel:[1,0]",
       File::V,
       2,
       {10, 12}},
      // 64-bit VALU.
      {"v_lshlrev_b64 v[{0}:{1}], v18, v[10:11]", File::V, 2, {10, 18}},
      {"v_lshrrev_b64 v[{0}:{1}], v18, v[10:11]", File::V, 2, {10, 18}},
      {"v_ashrrev_i64 v[{0}:{1}], v18, v[12:13]", File::V, 2, {12, 18}},
      {"v_add_f64 v[{0}:{1}], v[14:15], v[16:17]", File::V, 2, {14, 16}},
      {"v_mul_f64 v[{0}:{1}], v[16:17], v[14:15]", File::V, 2, {14, 16}},
      {"v_fma_f64 v[{0}:{1}], v[14:15], v[16:17], v[14:15]",
       File::V,
       2,
       {14, 16}},
      {"v_max_f64 v[{0}:{1}], v[14:15], v[16:17]", File::V, 2, {14, 16}},
      {"v_rcp_f64 v[{0}:{1}], v[14:15]", File::V, 2, {14}},
      {"v_sqrt_f64 v[{0}:{1}], v[14:15]", File::V, 2, {14}},
      {"v_floor_f64 v[{0}:{1}], v[16:17]", File::V, 2, {16}},
      {"v_ldexp_f64 v[{0}:{1}], v[14:15], v18", File::V, 2, {14, 18}},
      {"v_cvt_f64_f32 v[{0}:{1}], v10", File::V, 2, {10}},
      {"v_cvt_f64_i32 v[{0}:{1}], v18", File::V, 2, {18}},
      {"v_cvt_f64_u32 v[{0}:{1}], v13", File::V, 2, {12}},
      {"v_cvt_f32_f64 v{0}, v[14:15]", File::V, 1, {14, 15}},
      {"v_mad_u64_u32 v[{0}:{1}], s[20:21], v10, v11, v[12:13]",
       File::V,
       2,
       {10, 12}},
      {"v_mad_i64_i32 v[{0}:{1}], s[20:21], v13, v11, v[12:13]",
       File::V,
       2,
       {10, 12}},
      {"v_div_scale_f64 v[{0}:{1}], vcc, v[14:15], v[16:17], v[14:15]",
       File::V,
       2,
       {14, 16},
       true},
      {"s_mov_b32 vcc_lo, 0\n s_mov_b32 vcc_hi, 0\n v_div_fmas_f64 v[{0}:{1}], "
       "v[14:15], v[16:17], "
       "v[14:15]",
       File::V,
       2,
       {14, 16}},
      {"v_div_fixup_f64 v[{0}:{1}], v[14:15], v[16:17], v[14:15]",
       File::V,
       2,
       {14, 16}},
      {"v_div_scale_f32 v{0}, vcc, v10, v11, v10", File::V, 1, {10, 11}, true},
      // Carries: VCC is read and written per lane.
      {"v_addc_co_u32 v{0}, vcc, v10, v11, vcc", File::V, 1, {10, 11}, true},
      {"v_subb_co_u32 v{0}, vcc, v13, v12, vcc", File::V, 1, {12, 13}, true},
      {"v_subbrev_co_u32 v{0}, vcc, v13, v12, vcc", File::V, 1, {12, 13}, true},
      {"v_addc_co_u32_sdwa v{0}, vcc, v10, v11, vcc dst_sel:DWORD "
       "dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_0",
       File::V,
       1,
       {10, 11},
       true},
      {"v_subbrev_co_u32_sdwa v{0}, vcc, v13, v12, vcc dst_sel:WORD_1 "
       "dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0",
       File::V,
       1,
       {12, 13},
       true},
      // Vector memory whose address lies in the destination.
      {"global_load_dwordx2 v[{0}:{1}], v[4:5], off\n s_waitcnt vmcnt(0)",
       File::V,
       2,
       {4}},
      {"global_load_dwordx4 v[{0}:{3}], v[4:5], off\n s_waitcnt vmcnt(0)",
       File::V,
       4,
       {2, 4}},
      {"global_load_dwordx3 v[{0}:{2}], v[4:5], off\n s_waitcnt vmcnt(0)",
       File::V,
       3,
       {4}},
      {"ds_read_b64 v[{0}:{1}], v19\n s_waitcnt lgkmcnt(0)", File::V, 2, {18}},
      {"ds_read2_b32 v[{0}:{1}], v19 offset1:1\n s_waitcnt lgkmcnt(0)",
       File::V,
       2,
       {18}},
      {"ds_read_b128 v[{0}:{3}], v19\n s_waitcnt lgkmcnt(0)", File::V, 4, {16}},
      // Scalar 64-bit.
      {"s_lshl_b64 s[{0}:{1}], s[10:11], s12", File::S, 2, {10, 12}},
      {"s_lshr_b64 s[{0}:{1}], s[12:13], s12", File::S, 2, {12}},
      {"s_ashr_i64 s[{0}:{1}], s[10:11], s12", File::S, 2, {10, 12}},
      {"s_bfe_u64 s[{0}:{1}], s[14:15], s16", File::S, 2, {14, 16}},
      {"s_bfe_i64 s[{0}:{1}], s[14:15], s16", File::S, 2, {14, 16}},
      {"s_brev_b64 s[{0}:{1}], s[14:15]", File::S, 2, {14}},
      {"s_andn2_b64 s[{0}:{1}], s[14:15], s[10:11]", File::S, 2, {10, 14}},
      {"s_cselect_b64 s[{0}:{1}], s[14:15], s[10:11]", File::S, 2, {10, 14}},
      {"s_load_dwordx2 s[{0}:{1}], s[2:3], 0x8\n s_waitcnt lgkmcnt(0)",
       File::S,
       2,
       {2}},
      {"s_load_dwordx4 s[{0}:{3}], s[2:3], 0x10\n s_waitcnt lgkmcnt(0)",
       File::S,
       4,
       {0}},
  };
  return Cases;
}

/// Whether a tuple of Dwords registers may start at Base on Target.
bool isAligned(EmuTarget T, File F, unsigned Dwords, unsigned Base) {
  if (F == File::S)
    return Base % std::min(Dwords, 4u) == 0;
  return T.CPU != "gfx90a" || Dwords < 2 || Base % 2 == 0;
}

/// Whether C can be part of an identifier.
bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// Asm in the syntax of Target: wave32 names the lane-mask registers and
/// the carry forms differently. Renames whole words only.
std::string forTarget(EmuTarget T, StringRef Asm) {
  if (T.WaveSize == 64)
    return Asm.str();
  static const std::pair<StringRef, StringRef> Renames[] = {
      {"vcc", "vcc_lo"},
      {"v_addc_co_u32", "v_add_co_ci_u32"},
      {"v_addc_co_u32_sdwa", "v_add_co_ci_u32_sdwa"},
      {"v_subbrev_co_u32_sdwa", "v_subrev_co_ci_u32_sdwa"},
      {"v_subb_co_u32", "v_sub_co_ci_u32"},
      {"v_subbrev_co_u32", "v_subrev_co_ci_u32"},
      {"s[20:21]", "s20"}};
  std::string Out;
  for (size_t I = 0; I != Asm.size();) {
    bool Renamed = false;
    for (const auto &[From, To] : Renames) {
      size_t E = I + From.size();
      if (Asm.substr(I).starts_with(From) &&
          (I == 0 || !isIdentChar(Asm[I - 1])) &&
          (E == Asm.size() || !isIdentChar(Asm[E]))) {
        Out += To;
        I = E;
        Renamed = true;
        break;
      }
    }
    if (!Renamed)
      Out += Asm[I++];
  }
  return Out;
}

std::string program(EmuTarget T, const OverlapCase &C, unsigned Base) {
  return forTarget(
      T, (Twine(Inputs) +
          formatv(C.Asm, Base, Base + 1, Base + 2, Base + 3).str() + "\n")
             .str());
}

/// The compared results of a run, lane by lane.
std::vector<uint64_t> results(const EmuRun &R, const OverlapCase &C,
                              unsigned Base, unsigned Lanes) {
  std::vector<uint64_t> Out;
  for (unsigned L = 0; L != Lanes; ++L)
    for (unsigned D = 0; D != C.Dwords; ++D)
      Out.push_back(C.F == File::V ? R.v(Base + D, L) : R.s(Base + D));
  if (C.ComparesVCC)
    Out.push_back(R.vcc());
  return Out;
}

void checkOverlaps(EmuTarget T) {
  RunOptions Opts;
  Opts.OutDwords = 2 * 64 + 4; // 8 bytes per lane; a dwordx4 reads 16.
  for (const OverlapCase &C : cases()) {
    if (T.CPU == "gfx1030" && StringRef(C.Asm).starts_with("v_pk_"))
      continue; // Packed f32 is gfx90a-only.
    EmuRun Ref = runWave(T, program(T, C, 32), Opts);
    ASSERT_EQ(Ref.Error, "") << C.Asm;
    std::vector<uint64_t> Expected = results(Ref, C, 32, T.WaveSize);
    std::vector<unsigned> Bases = C.OverlapBases;
    if (T.CPU == "gfx1030" && C.F == File::V && C.Dwords > 1)
      for (unsigned B : C.OverlapBases)
        Bases.push_back(B + 1); // Partial overlaps: no tuple alignment.
    for (unsigned Base : Bases) {
      if (!isAligned(T, C.F, C.Dwords, Base))
        continue;
      EmuRun R = runWave(T, program(T, C, Base), Opts);
      ASSERT_EQ(R.Error, "") << program(T, C, Base);
      EXPECT_EQ(results(R, C, Base, T.WaveSize), Expected)
          << T.CPU.str() << ": "
          << formatv(C.Asm, Base, Base + 1, Base + 2, Base + 3).str();
    }
  }
}

TEST(EmuRegisterOverlap, GFX90A) { checkOverlaps(GFX90A); }
TEST(EmuRegisterOverlap, GFX1030) { checkOverlaps(GFX1030); }

} // namespace
