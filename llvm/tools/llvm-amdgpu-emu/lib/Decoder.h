//===- Decoder.h - AMDGPU machine code decoding for the emulator -*- C++ -*-=//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Decodes a kernel's machine code with LLVM's AMDGPU disassembler (the fork's
// build of it) and sorts every instruction into the instruction classes the
// emulator counts. The classes are disjoint; an instruction's class is the
// first that applies in this order:
//
//   ExecMask  writes EXEC (explicitly, or implicitly as s_*_saveexec_* and
//             v_cmpx_* do)
//   Branch    s_branch, s_cbranch_*, s_setpc/s_swappc/s_getpc/s_call and
//             other branches and calls (s_endpgm is not one)
//   WaitNop   s_waitcnt*, s_nop, s_sleep, s_setprio, s_clause,
//             s_inst_prefetch, s_delay_alu: instructions that only wait or hint
//   SMEM      scalar memory (s_load_*, s_buffer_load_*, s_store_* ...)
//   VMEM      vector memory: MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH, MIMG
//   LDS       local data share: DS instructions
//   VALU      every other vector ALU instruction
//   SALU      every other scalar ALU instruction (incl. s_endpgm, s_barrier)
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_DECODER_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_DECODER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MCAsmInfo;
class MCContext;
class MCDisassembler;
class MCInstPrinter;
class MCInstrInfo;
class MCRegisterInfo;
class MCSubtargetInfo;

namespace amdgpu_emu {

enum class InstClass { SALU, VALU, SMEM, VMEM, LDS, Branch, ExecMask, WaitNop };
constexpr unsigned NumInstClasses = 8;

/// The lower-case name of an instruction class, as the counters print it.
const char *getInstClassName(InstClass C);

struct DecodedInst {
  uint64_t Addr = 0;
  unsigned Size = 0;
  MCInst Inst;
  InstClass Class = InstClass::SALU;
};

class Decoder {
public:
  /// A decoder for Processor (e.g. gfx90a), with the wave size the kernel
  /// was compiled for (32 or 64).
  static Expected<std::unique_ptr<Decoder>> create(StringRef Processor,
                                                   unsigned WaveSize);
  ~Decoder();

  /// Decodes [Begin, End) of Image. Bytes that do not decode are an error
  /// naming the address.
  Expected<std::vector<DecodedInst>> decode(ArrayRef<uint8_t> Image,
                                            uint64_t Begin, uint64_t End) const;

  /// The instruction in assembly syntax.
  std::string print(const DecodedInst &I) const;
  /// The MC opcode's name, e.g. V_ADD_U32_e32_vi.
  StringRef getOpcodeName(const MCInst &Inst) const;

  const MCInstrInfo &getInstrInfo() const { return *MII; }
  const MCRegisterInfo &getRegisterInfo() const { return *MRI; }

private:
  Decoder() = default;
  InstClass classify(const MCInst &Inst) const;
  bool writesExec(const MCInst &Inst) const;

  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Disasm;
  std::unique_ptr<MCInstPrinter> Printer;
};

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_DECODER_H
