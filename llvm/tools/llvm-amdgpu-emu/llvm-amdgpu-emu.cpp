//===- llvm-amdgpu-emu.cpp - Wave-level emulator for AMDGPU code objects --===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The front end of the fork's wave emulator. This first stage loads AMDHSA
// code objects and decodes their kernels:
//
//   llvm-amdgpu-emu --list-kernels k.co
//       every kernel's metadata, descriptor state and arguments
//   llvm-amdgpu-emu --disassemble --kernel=NAME k.co
//       the kernel's instructions with the class the counters will use
//
// Executing kernels is the next stage (see docs/Emulator.md); until it lands
// the tool refuses to pretend and says so.
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"
#include "Decoder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::amdgpu_emu;

static cl::OptionCategory EmuCategory("llvm-amdgpu-emu options");

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<code object>"),
                                      cl::cat(EmuCategory));

static cl::opt<bool> ListKernels("list-kernels",
                                 cl::desc("Print every kernel's metadata, "
                                          "descriptor state and arguments"),
                                 cl::cat(EmuCategory));

static cl::opt<bool> Disassemble(
    "disassemble",
    cl::desc("Print the instructions of the kernel chosen with --kernel, "
             "each with its counter class"),
    cl::cat(EmuCategory));

static cl::opt<std::string> KernelName("kernel",
                                       cl::desc("The kernel to work on (its "
                                                "name or its .kd symbol)"),
                                       cl::cat(EmuCategory));

[[noreturn]] static void fail(const Twine &Msg) {
  WithColor::error(errs(), "llvm-amdgpu-emu") << Msg << "\n";
  exit(1);
}

static void printFlag(raw_ostream &OS, bool On, StringRef Name, bool &First) {
  if (!On)
    return;
  OS << (First ? " " : ", ") << Name;
  First = false;
}

/// The descriptor bits that decide the initial register state.
static void printInitialState(raw_ostream &OS, const KernelInfo &K) {
  const amdhsa::kernel_descriptor_t &D = K.Descriptor;
  uint16_t P = D.kernel_code_properties;
  uint32_t R2 = D.compute_pgm_rsrc2;
  OS << "  user SGPRs " << K.getUserSGPRCount() << ":";
  bool First = true;
#define PROP(NAME) AMDHSA_BITS_GET(P, amdhsa::KERNEL_CODE_PROPERTY_##NAME)
  printFlag(OS, PROP(ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER),
            "private-segment-buffer", First);
  printFlag(OS, PROP(ENABLE_SGPR_DISPATCH_PTR), "dispatch-ptr", First);
  printFlag(OS, PROP(ENABLE_SGPR_QUEUE_PTR), "queue-ptr", First);
  printFlag(OS, PROP(ENABLE_SGPR_KERNARG_SEGMENT_PTR), "kernarg-segment-ptr",
            First);
  printFlag(OS, PROP(ENABLE_SGPR_DISPATCH_ID), "dispatch-id", First);
  printFlag(OS, PROP(ENABLE_SGPR_FLAT_SCRATCH_INIT), "flat-scratch-init",
            First);
  printFlag(OS, PROP(ENABLE_SGPR_PRIVATE_SEGMENT_SIZE),
            "private-segment-size", First);
#undef PROP
  OS << "\n  system SGPRs:";
  First = true;
#define RSRC2(NAME) AMDHSA_BITS_GET(R2, amdhsa::COMPUTE_PGM_RSRC2_##NAME)
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_X), "workgroup-id-x", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_Y), "workgroup-id-y", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_Z), "workgroup-id-z", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_INFO), "workgroup-info", First);
  printFlag(OS, RSRC2(ENABLE_PRIVATE_SEGMENT),
            "private-segment-wave-offset", First);
  OS << "\n  workitem ids: "
     << StringRef("x\0xy\0xyz", 9).substr(RSRC2(ENABLE_VGPR_WORKITEM_ID) * 2)
            .split('\0')
            .first
     << "\n";
#undef RSRC2
}

static void listKernels(const CodeObject &CO) {
  raw_ostream &OS = outs();
  OS << "code object v" << CO.getVersion() << ", target " << CO.getTargetID()
     << "\n";
  for (const KernelInfo &K : CO.kernels()) {
    OS << "kernel " << K.Name << " (" << K.Symbol << ")\n";
    OS << format("  entry 0x%llx, code %llu bytes, descriptor 0x%llx\n",
                 (unsigned long long)K.EntryAddr,
                 (unsigned long long)K.CodeSize,
                 (unsigned long long)K.DescriptorAddr);
    OS << "  wave" << K.WavefrontSize << ", " << K.VGPRCount << " VGPRs, "
       << K.AGPRCount << " AGPRs, " << K.SGPRCount << " SGPRs\n";
    OS << "  kernarg " << K.KernargSegmentSize << " bytes, LDS "
       << K.GroupSegmentFixedSize << " bytes, scratch "
       << K.PrivateSegmentFixedSize << " bytes per work-item\n";
    printInitialState(OS, K);
    OS << "  args:\n";
    for (const KernelArg &A : K.Args) {
      OS << "    " << A.ValueKind << " offset " << A.Offset << " size "
         << A.Size;
      if (!A.Name.empty())
        OS << " '" << A.Name << "'";
      if (!A.AddressSpace.empty())
        OS << " (" << A.AddressSpace << ")";
      OS << "\n";
    }
  }
}

static void disassemble(const CodeObject &CO, const KernelInfo &K) {
  if (K.CodeSize == 0)
    fail("kernel '" + K.Name + "' has no code symbol giving its size");
  auto D = Decoder::create(CO.getProcessor(), K.WavefrontSize);
  if (!D)
    fail(toString(D.takeError()));
  auto Insts = (*D)->decode(CO.getImage(), K.EntryAddr,
                            K.EntryAddr + K.CodeSize);
  if (!Insts)
    fail(toString(Insts.takeError()));
  unsigned Counts[NumInstClasses] = {};
  for (const DecodedInst &I : *Insts) {
    ++Counts[unsigned(I.Class)];
    outs() << format("%8llx  %-8s", (unsigned long long)I.Addr,
                     getInstClassName(I.Class))
           << (*D)->print(I) << "\n";
  }
  outs() << "static instructions: " << Insts->size() << " (";
  for (unsigned C = 0; C != NumInstClasses; ++C)
    outs() << (C ? ", " : "") << getInstClassName(InstClass(C)) << " "
           << Counts[C];
  outs() << ")\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(EmuCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "wave-level emulator for AMDGPU code objects\n");

  auto Buffer = MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Buffer)
    fail("cannot read '" + InputFile + "': " + Buffer.getError().message());
  auto CO = CodeObject::create((*Buffer)->getMemBufferRef());
  if (!CO)
    fail(toString(CO.takeError()));

  if (ListKernels)
    listKernels(**CO);
  if (Disassemble) {
    if (KernelName.empty())
      fail("--disassemble needs --kernel=NAME");
    const KernelInfo *K = (*CO)->findKernel(KernelName);
    if (!K)
      fail("no kernel named '" + KernelName + "' in '" + InputFile + "'");
    disassemble(**CO, *K);
  }
  if (!ListKernels && !Disassemble)
    fail("nothing to do: use --list-kernels or --disassemble (running "
         "kernels is not implemented yet)");
  return 0;
}
