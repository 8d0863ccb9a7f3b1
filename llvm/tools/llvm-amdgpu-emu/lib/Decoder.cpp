//===- Decoder.cpp - AMDGPU machine code decoding for the emulator --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "MCTargetDesc/AMDGPUMCTargetDesc.h"
#include "SIDefines.h"
#include "TargetInfo/AMDGPUTargetInfo.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

static const char *const Triple_ = "amdgcn-amd-amdhsa";

const char *amdgpu_emu::getInstClassName(InstClass C) {
  switch (C) {
  case InstClass::SALU:
    return "salu";
  case InstClass::VALU:
    return "valu";
  case InstClass::SMEM:
    return "smem";
  case InstClass::VMEM:
    return "vmem";
  case InstClass::LDS:
    return "lds";
  case InstClass::Branch:
    return "branch";
  case InstClass::ExecMask:
    return "exec";
  case InstClass::WaitNop:
    return "waitnop";
  }
  llvm_unreachable("unknown instruction class");
}

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "decoder: " + Msg);
}

Decoder::~Decoder() = default;

Expected<std::unique_ptr<Decoder>> Decoder::create(StringRef Processor,
                                                   unsigned WaveSize) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUDisassembler();

  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(Triple_, Err);
  if (!T)
    return makeError(Err);
  Triple TT(Triple_);
  std::unique_ptr<Decoder> D(new Decoder());
  D->MRI.reset(T->createMCRegInfo(Triple_));
  MCTargetOptions Options;
  D->MAI.reset(T->createMCAsmInfo(*D->MRI, Triple_, Options));
  D->MII.reset(T->createMCInstrInfo());
  std::string Features = WaveSize == 32 ? "+wavefrontsize32,-wavefrontsize64"
                                        : "-wavefrontsize32,+wavefrontsize64";
  D->STI.reset(T->createMCSubtargetInfo(Triple_, Processor, Features));
  if (!D->MRI || !D->MAI || !D->MII || !D->STI)
    return makeError("cannot create the MC layer for " + Processor);
  if (!D->STI->isCPUStringValid(Processor))
    return makeError("unknown processor '" + Processor + "'");
  D->Ctx =
      std::make_unique<MCContext>(TT, D->MAI.get(), D->MRI.get(), D->STI.get());
  D->Disasm.reset(T->createMCDisassembler(*D->STI, *D->Ctx));
  D->Printer.reset(T->createMCInstPrinter(TT, D->MAI->getAssemblerDialect(),
                                          *D->MAI, *D->MII, *D->MRI));
  if (!D->Disasm || !D->Printer)
    return makeError("cannot create the disassembler for " + Processor);
  return std::move(D);
}

StringRef Decoder::getOpcodeName(const MCInst &Inst) const {
  return MII->getName(Inst.getOpcode());
}

bool Decoder::writesExec(const MCInst &Inst) const {
  const MCInstrDesc &Desc = MII->get(Inst.getOpcode());
  for (MCPhysReg R : Desc.implicit_defs())
    if (R == AMDGPU::EXEC || R == AMDGPU::EXEC_LO || R == AMDGPU::EXEC_HI)
      return true;
  for (unsigned I = 0, E = std::min<unsigned>(Desc.getNumDefs(),
                                              Inst.getNumOperands());
       I != E; ++I) {
    const MCOperand &Op = Inst.getOperand(I);
    if (Op.isReg() &&
        (Op.getReg() == AMDGPU::EXEC || Op.getReg() == AMDGPU::EXEC_LO ||
         Op.getReg() == AMDGPU::EXEC_HI))
      return true;
  }
  return false;
}

InstClass Decoder::classify(const MCInst &Inst) const {
  const MCInstrDesc &Desc = MII->get(Inst.getOpcode());
  uint64_t Flags = Desc.TSFlags;
  StringRef Name = getOpcodeName(Inst);
  if (writesExec(Inst))
    return InstClass::ExecMask;
  // s_endpgm counts as SALU: it ends the wave, it does not branch.
  if (Desc.isBranch() || Desc.isCall() || Name.starts_with("S_BRANCH") ||
      Name.starts_with("S_CBRANCH") || Name.starts_with("S_SETPC") ||
      Name.starts_with("S_SWAPPC") || Name.starts_with("S_GETPC") ||
      Name.starts_with("S_CALL"))
    return InstClass::Branch;
  if (Name.starts_with("S_WAITCNT") || Name.starts_with("S_NOP") ||
      Name.starts_with("S_SLEEP") || Name.starts_with("S_SETPRIO") ||
      Name.starts_with("S_CLAUSE") || Name.starts_with("S_INST_PREFETCH") ||
      Name.starts_with("S_DELAY_ALU"))
    return InstClass::WaitNop;
  if (Flags & SIInstrFlags::SMRD)
    return InstClass::SMEM;
  if (Flags & (SIInstrFlags::MUBUF | SIInstrFlags::MTBUF | SIInstrFlags::FLAT |
               SIInstrFlags::MIMG))
    return InstClass::VMEM;
  if (Flags & SIInstrFlags::DS)
    return InstClass::LDS;
  if (Flags & SIInstrFlags::VALU)
    return InstClass::VALU;
  return InstClass::SALU;
}

Expected<std::vector<DecodedInst>>
Decoder::decode(ArrayRef<uint8_t> Image, uint64_t Begin, uint64_t End) const {
  if (Begin > End || End > Image.size())
    return makeError(formatv("code range [{0:x}, {1:x}) lies outside the "
                             "image",
                             Begin, End)
                         .str());
  std::vector<DecodedInst> Out;
  for (uint64_t Addr = Begin; Addr < End;) {
    DecodedInst I;
    uint64_t Size = 0;
    MCDisassembler::DecodeStatus S = Disasm->getInstruction(
        I.Inst, Size, Image.slice(Addr, End - Addr), Addr, nulls());
    if (S != MCDisassembler::Success || Size == 0)
      return makeError(
          formatv("cannot decode the instruction at {0:x}", Addr).str());
    I.Addr = Addr;
    I.Size = unsigned(Size);
    I.Class = classify(I.Inst);
    Out.push_back(std::move(I));
    Addr += Size;
  }
  return std::move(Out);
}

std::string Decoder::print(const DecodedInst &I) const {
  std::string S;
  raw_string_ostream OS(S);
  Printer->printInst(&I.Inst, I.Addr, "", *STI, OS);
  return StringRef(S).trim().str();
}
