//===- DecoderTest.cpp - Instruction classes of the emulator's decoder ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "llvm/Support/Endian.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

namespace {

/// Little-endian bytes of a sequence of 32-bit instruction words.
std::vector<uint8_t> words(std::initializer_list<uint32_t> Words) {
  std::vector<uint8_t> Bytes;
  for (uint32_t W : Words)
    for (unsigned I = 0; I != 4; ++I)
      Bytes.push_back(uint8_t(W >> (8 * I)));
  return Bytes;
}

std::unique_ptr<Decoder> makeDecoder(StringRef CPU, unsigned Wave) {
  auto D = Decoder::create(CPU, Wave);
  EXPECT_TRUE(bool(D)) << toString(D.takeError());
  return D ? std::move(*D) : nullptr;
}

// gfx90a encodings, as llvm-objdump prints them for clang-19 output.
TEST(EmuDecoder, ClassesOnGfx90a) {
  std::unique_ptr<Decoder> D = makeDecoder("gfx90a", 64);
  ASSERT_TRUE(D);
  std::vector<uint8_t> Code = words({
      0xC0020082, 0x00000024, // s_load_dword s2, s[4:5], 0x24
      0xBF8CC07F,             // s_waitcnt lgkmcnt(0)
      0x92060206,             // s_mul_i32 s6, s6, s2
      0x68F40006,             // v_add_u32_e32 v122, s6, v0
      0x7D88F401,             // v_cmp_gt_i32_e32 vcc, s1, v122
      0xBE82206A,             // s_and_saveexec_b64 s[2:3], vcc
      0xBF88111C,             // s_cbranch_execz
      0xDC588000, 0x767F0000, // global_load_dwordx3 v[118:120], v[0:1], off
      0xBF810000,             // s_endpgm
  });
  auto Insts = D->decode(Code, 0, Code.size());
  ASSERT_TRUE(bool(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 9u);
  const InstClass Expected[] = {
      InstClass::SMEM,   InstClass::WaitNop, InstClass::SALU,
      InstClass::VALU,   InstClass::VALU,    InstClass::ExecMask,
      InstClass::Branch, InstClass::VMEM,    InstClass::SALU};
  for (unsigned I = 0; I != 9; ++I)
    EXPECT_EQ((*Insts)[I].Class, Expected[I])
        << D->print((*Insts)[I]) << " is "
        << getInstClassName((*Insts)[I].Class);
  EXPECT_EQ((*Insts)[0].Size, 8u);
  EXPECT_EQ((*Insts)[7].Addr, 32u); // after the 8-byte s_load_dword
  EXPECT_EQ(D->print((*Insts)[5]), "s_and_saveexec_b64 s[2:3], vcc");
}

// A plain scalar move into EXEC is an EXEC-mask instruction too.
TEST(EmuDecoder, ExplicitExecWrite) {
  std::unique_ptr<Decoder> D = makeDecoder("gfx90a", 64);
  ASSERT_TRUE(D);
  std::vector<uint8_t> Code = words({0xBEFE0102}); // s_mov_b64 exec, s[2:3]
  auto Insts = D->decode(Code, 0, Code.size());
  ASSERT_TRUE(bool(Insts)) << toString(Insts.takeError());
  ASSERT_EQ(Insts->size(), 1u);
  EXPECT_EQ(D->print((*Insts)[0]), "s_mov_b64 exec, s[2:3]");
  EXPECT_EQ((*Insts)[0].Class, InstClass::ExecMask);
}

TEST(EmuDecoder, Errors) {
  std::unique_ptr<Decoder> D = makeDecoder("gfx90a", 64);
  ASSERT_TRUE(D);
  std::vector<uint8_t> Code = words({0xBF810000});
  // A range outside the image.
  auto Out = D->decode(Code, 0, 8);
  ASSERT_FALSE(bool(Out));
  EXPECT_EQ(toString(Out.takeError()),
            "decoder: code range [0x0, 0x8) lies outside the image");
  // A truncated 64-bit instruction does not decode.
  std::vector<uint8_t> Half = words({0xC0020082});
  auto Trunc = D->decode(Half, 0, 4);
  ASSERT_FALSE(bool(Trunc));
  EXPECT_EQ(toString(Trunc.takeError()),
            "decoder: cannot decode the instruction at 0x0");

  auto Bad = Decoder::create("gfx9999", 64);
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()), "decoder: unknown processor 'gfx9999'");
}

} // namespace
