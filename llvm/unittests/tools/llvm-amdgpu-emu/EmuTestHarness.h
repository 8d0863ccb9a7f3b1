//===- EmuTestHarness.h - Run assembly snippets on the wave emulator ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the emulator's semantics tests share: assembling instruction text
// in-process with the AMDGPU MC layer (no external tools, no ELF file: labels
// are local, so the assembler resolves branches itself) and running the
// bytes as a one-wave kernel through CodeObject::createFromCode, keeping the
// wave's final registers.
//
// The kernel's ABI state: s[0:1] = the kernarg segment pointer (the only user
// SGPRs), v0 = the work-item id (= lane), EXEC = the first Lanes lanes. Every
// snippet runs after a prologue that loads the address of the output buffer
// (the kernel's one argument) into s[2:3], and before an s_endpgm.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_UNITTESTS_TOOLS_LLVM_AMDGPU_EMU_EMUTESTHARNESS_H
#define LLVM_UNITTESTS_TOOLS_LLVM_AMDGPU_EMU_EMUTESTHARNESS_H

#include "CodeObject.h"
#include "Executor.h"
#include "Launch.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "gtest/gtest.h"
#include <optional>

extern "C" void LLVMInitializeAMDGPUTargetInfo();
extern "C" void LLVMInitializeAMDGPUTargetMC();
extern "C" void LLVMInitializeAMDGPUAsmParser();

namespace llvm {
namespace amdgpu_emu {
namespace test {

/// A processor and its wave size.
struct EmuTarget {
  StringRef CPU;
  unsigned WaveSize;
};
inline constexpr EmuTarget GFX90A{"gfx90a", 64};
inline constexpr EmuTarget GFX1030{"gfx1030", 32};
inline constexpr EmuTarget GFX940{"gfx940", 64};

/// The bytes of .text after assembling Asm for CPU, or a test failure (with
/// the assembler's diagnostics) and no bytes.
inline std::vector<uint8_t> assemble(StringRef CPU, StringRef Asm) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmParser();
  std::string Err, TT = "amdgcn-amd-amdhsa";
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  EXPECT_TRUE(T) << Err;
  if (!T)
    return {};
  MCTargetOptions Opts;
  std::unique_ptr<MCRegisterInfo> MRI(T->createMCRegInfo(TT));
  std::unique_ptr<MCAsmInfo> MAI(T->createMCAsmInfo(*MRI, TT, Opts));
  std::unique_ptr<MCSubtargetInfo> STI(T->createMCSubtargetInfo(TT, CPU, ""));
  std::unique_ptr<MCInstrInfo> MII(T->createMCInstrInfo());
  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy((".text\n" + Asm + "\n").str()), SMLoc());
  std::string Diags;
  raw_string_ostream DiagOS(Diags);
  SrcMgr.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) {
        D.print("asm", *static_cast<raw_string_ostream *>(Ctx));
      },
      &DiagOS);
  MCContext Ctx(Triple(TT), MAI.get(), MRI.get(), STI.get(), &SrcMgr);
  std::unique_ptr<MCObjectFileInfo> MOFI(T->createMCObjectFileInfo(Ctx, false));
  Ctx.setObjectFileInfo(MOFI.get());
  SmallString<1024> Obj;
  raw_svector_ostream OS(Obj);
  std::unique_ptr<MCAsmBackend> MAB(T->createMCAsmBackend(*STI, *MRI, Opts));
  std::unique_ptr<MCObjectWriter> OW = MAB->createObjectWriter(OS);
  std::unique_ptr<MCStreamer> Str(T->createMCObjectStreamer(
      Triple(TT), Ctx, std::move(MAB), std::move(OW),
      std::unique_ptr<MCCodeEmitter>(T->createMCCodeEmitter(*MII, Ctx)), *STI));
  std::unique_ptr<MCAsmParser> P(createMCAsmParser(SrcMgr, Ctx, *Str, *MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T->createMCAsmParser(*STI, *P, *MII, Opts));
  P->setTargetParser(*TAP);
  bool Failed = P->Run(false);
  // Run() finished the object. The parsers refer to the streamer until they
  // are destroyed (~AsmParser writes into it), so they go first.
  TAP.reset();
  P.reset();
  Str.reset();
  EXPECT_FALSE(Failed) << Diags;
  if (Failed)
    return {};
  auto O = object::ObjectFile::createObjectFile(
      MemoryBufferRef(StringRef(Obj.data(), Obj.size()), "asm"));
  EXPECT_TRUE(bool(O)) << toString(O.takeError());
  if (!O)
    return {};
  for (const object::SectionRef &S : (*O)->sections()) {
    Expected<StringRef> Name = S.getName();
    if (Name && *Name == ".text") {
      StringRef Bytes = cantFail(S.getContents());
      return std::vector<uint8_t>(Bytes.bytes_begin(), Bytes.bytes_end());
    }
    consumeError(Name.takeError());
  }
  ADD_FAILURE() << "no .text";
  return {};
}

struct RunOptions {
  unsigned Lanes = 0;        ///< Active work-items; 0: the whole wave.
  unsigned OutDwords = 64;   ///< Size of the output buffer.
  uint32_t OutFill = 0xdead; ///< Its initial contents, every dword.
  unsigned DenormMode32 = 3; ///< COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32.
  unsigned DenormMode64 = 3; ///< COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_16_64.
  uint32_t PrivateSegmentFixedSize = 0; ///< Scratch bytes per work-item.
  bool Strict = false;                  ///< Executor::setStrict.
  /// Executor::setTiming; with it, Waves workgroups of one full wave each
  /// run, and the kernel declares VGPRCount VGPRs.
  const TimingParams *Timing = nullptr;
  unsigned Waves = 1;
  unsigned VGPRCount = 32;
  unsigned LDSBytes = 1024; ///< The kernel's group segment.
};

/// What a run left behind.
struct EmuRun {
  std::string Error;         ///< The run's error, empty if it succeeded.
  WaveState Wave;            ///< The wave's final registers.
  std::vector<uint32_t> Out; ///< The output buffer after the run.
  Counters Stats;
  std::optional<TimingResult> Timing;

  uint32_t s(unsigned N) const { return Wave.sgpr(N); }
  uint64_t s64(unsigned N) const { return Wave.sgpr64(N); }
  uint32_t v(unsigned R, unsigned Lane) const { return Wave.vgpr(R, Lane); }
  uint64_t v64(unsigned R, unsigned Lane) const { return Wave.vgpr64(R, Lane); }
  bool scc() const { return Wave.SCC; }
  uint64_t exec() const { return Wave.exec(); }
  uint64_t vcc() const { return Wave.vcc(); }
};

/// Runs Body (after the prologue, before s_endpgm) as a one-wave kernel.
inline EmuRun runWave(EmuTarget T, StringRef Body, RunOptions O = {}) {
  EmuRun R;
  std::string Asm = (Twine("s_load_dwordx2 s[2:3], s[0:1], 0x0\n"
                           "s_waitcnt lgkmcnt(0)\n") +
                     Body + "\ns_endpgm\n")
                        .str();
  std::vector<uint8_t> Code = assemble(T.CPU, Asm);
  if (Code.empty()) {
    R.Error = "assembly failed";
    return R;
  }
  KernelInfo K;
  K.Name = K.Symbol = "test";
  K.WavefrontSize = T.WaveSize;
  K.KernargSegmentSize = 8;
  K.GroupSegmentFixedSize = O.LDSBytes;
  K.PrivateSegmentFixedSize = O.PrivateSegmentFixedSize;
  K.VGPRCount = O.VGPRCount;
  K.SGPRCount = 16;
  K.Descriptor.kernel_code_properties =
      amdhsa::KERNEL_CODE_PROPERTY_ENABLE_SGPR_KERNARG_SEGMENT_PTR;
  AMDHSA_BITS_SET(K.Descriptor.compute_pgm_rsrc2,
                  amdhsa::COMPUTE_PGM_RSRC2_USER_SGPR_COUNT, 2);
  AMDHSA_BITS_SET(K.Descriptor.compute_pgm_rsrc1,
                  amdhsa::COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_32,
                  O.DenormMode32);
  AMDHSA_BITS_SET(K.Descriptor.compute_pgm_rsrc1,
                  amdhsa::COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_16_64,
                  O.DenormMode64);
  KernelArg Out;
  Out.ValueKind = "global_buffer";
  Out.Size = 8;
  K.Args.push_back(Out);
  std::unique_ptr<CodeObject> CO = CodeObject::createFromCode(T.CPU, Code, K);
  auto Ex = Executor::create(*CO, CO->kernels()[0]);
  if (!Ex) {
    R.Error = toString(Ex.takeError());
    return R;
  }
  (*Ex)->setKeepFinalWaveStates(true);
  (*Ex)->setStrict(O.Strict);
  (*Ex)->setTiming(O.Timing);
  Launch L;
  L.Dims.Grid = {O.Lanes ? O.Lanes : T.WaveSize * O.Waves, 1, 1};
  L.Dims.Group = {T.WaveSize, 1, 1};
  L.Args.push_back(cantFail(parseArgSpec(
      formatv("buf:u32:{0}:fill:{1}", O.OutDwords, O.OutFill).str())));
  auto Kernarg = bindArguments(**Ex, CO->kernels()[0], L);
  if (!Kernarg) {
    R.Error = toString(Kernarg.takeError());
    return R;
  }
  if (Error E = (*Ex)->run(L.Dims, *Kernarg)) {
    R.Error = toString(std::move(E));
    return R;
  }
  R.Wave = (*Ex)->getFinalWaveStates().front();
  R.Stats = (*Ex)->getCounters();
  if (const TimingResult *TR = (*Ex)->getTiming())
    R.Timing = *TR;
  ArrayRef<uint8_t> Bytes = (*Ex)->getMemory().buffer(L.Args[0].Addr);
  for (size_t I = 0; I + 4 <= Bytes.size(); I += 4)
    R.Out.push_back(support::endian::read32le(&Bytes[I]));
  return R;
}

} // namespace test
} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_UNITTESTS_TOOLS_LLVM_AMDGPU_EMU_EMUTESTHARNESS_H
