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
//       the kernel's instructions with the class the counters use
//   llvm-amdgpu-emu --run --kernel=NAME --grid=X[,Y,Z] --block=X[,Y,Z]
//                   --arg=SPEC... [--dump=N...] [--counters] k.co
//       runs one dispatch; see docs/Emulator.md for SPEC
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"
#include "Decoder.h"
#include "Executor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include <random>
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

static cl::opt<bool> Run("run", cl::desc("Run one dispatch of --kernel"),
                         cl::cat(EmuCategory));

static cl::opt<std::string>
    Grid("grid", cl::desc("Grid size in work-items: X[,Y[,Z]]"),
         cl::init("1"), cl::cat(EmuCategory));

static cl::opt<std::string>
    Block("block", cl::desc("Workgroup size in work-items: X[,Y[,Z]]"),
          cl::init("1"), cl::cat(EmuCategory));

static cl::list<std::string> ArgSpecs(
    "arg",
    cl::desc("A kernel argument, in order: i32:V, u32:V, i64:V, f32:V, or a "
             "buffer buf:TYPE:COUNT:INIT with TYPE i32|u32|f32 and INIT zero "
             "| fill:V | seq:START:STEP | rand:SEED:LO:HI"),
    cl::cat(EmuCategory));

static cl::list<unsigned>
    Dumps("dump", cl::desc("After the run, print buffer argument N"),
          cl::cat(EmuCategory));

static cl::opt<bool>
    DumpInitial("dump-initial",
                cl::desc("Also print the --dump buffers as they were before "
                         "the run"),
                cl::cat(EmuCategory));

static cl::opt<bool> PrintCounters("counters",
                                   cl::desc("Print the dispatch's counters"),
                                   cl::cat(EmuCategory));

static cl::opt<bool> Trace("trace",
                           cl::desc("Print every executed instruction with "
                                    "its wave, EXEC and SCC"),
                           cl::cat(EmuCategory));

static cl::opt<int> TraceLane("trace-lane",
                              cl::desc("With --trace, also print the VGPR "
                                       "result of lane N"),
                              cl::init(-1), cl::cat(EmuCategory));

static cl::opt<std::string>
    CountersJSON("counters-json",
                 cl::desc("Write the dispatch's counters as JSON to FILE"),
                 cl::value_desc("FILE"), cl::cat(EmuCategory));

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

/// A kernel argument from the command line.
struct ArgValue {
  std::string Spec;
  std::vector<uint8_t> Bytes; ///< By-value bytes, or a buffer's contents.
  bool IsBuffer = false;
  char Type = 'i';            ///< Element type of a buffer: i, u or f.
  uint64_t Addr = 0;          ///< A buffer's address once allocated.
};

static uint32_t parseU32Value(StringRef Type, StringRef V, StringRef Spec) {
  if (Type == "f32") {
    double D;
    if (V.getAsDouble(D))
      fail("bad f32 value '" + V + "' in --arg=" + Spec);
    return bit_cast<uint32_t>(float(D));
  }
  int64_t I;
  if (V.getAsInteger(0, I) || I < INT32_MIN || I > UINT32_MAX)
    fail("bad 32-bit value '" + V + "' in --arg=" + Spec);
  return uint32_t(I);
}

static ArgValue parseArg(StringRef Spec) {
  SmallVector<StringRef, 6> F;
  Spec.split(F, ':');
  ArgValue A;
  A.Spec = Spec.str();
  auto Push32 = [&](uint32_t V) {
    for (unsigned I = 0; I != 4; ++I)
      A.Bytes.push_back(uint8_t(V >> (8 * I)));
  };
  if (F.size() == 2 && (F[0] == "i32" || F[0] == "u32" || F[0] == "f32")) {
    Push32(parseU32Value(F[0], F[1], Spec));
    return A;
  }
  if (F.size() == 2 && F[0] == "i64") {
    int64_t V;
    if (F[1].getAsInteger(0, V))
      fail("bad i64 value in --arg=" + Spec);
    for (unsigned I = 0; I != 8; ++I)
      A.Bytes.push_back(uint8_t(uint64_t(V) >> (8 * I)));
    return A;
  }
  if (F.size() < 4 || F[0] != "buf" ||
      (F[1] != "i32" && F[1] != "u32" && F[1] != "f32"))
    fail("bad --arg=" + Spec +
         " (expected i32:V, u32:V, i64:V, f32:V or buf:TYPE:COUNT:INIT)");
  A.IsBuffer = true;
  A.Type = F[1][0];
  uint64_t Count;
  if (F[2].getAsInteger(0, Count) || Count == 0 || Count > (1u << 28))
    fail("bad element count in --arg=" + Spec);
  StringRef Init = F[3];
  std::vector<StringRef> P(F.begin() + 4, F.end());
  auto Num = [&](StringRef S) { return parseU32Value(F[1], S, Spec); };
  if (Init == "zero" && P.empty()) {
    A.Bytes.assign(Count * 4, 0);
  } else if (Init == "fill" && P.size() == 1) {
    for (uint64_t I = 0; I != Count; ++I)
      Push32(Num(P[0]));
  } else if (Init == "seq" && P.size() == 2) {
    if (A.Type == 'f') {
      float Start = bit_cast<float>(Num(P[0])), Step = bit_cast<float>(Num(P[1]));
      for (uint64_t I = 0; I != Count; ++I)
        Push32(bit_cast<uint32_t>(Start + Step * float(I)));
    } else {
      uint32_t Start = Num(P[0]), Step = Num(P[1]);
      for (uint64_t I = 0; I != Count; ++I)
        Push32(Start + Step * uint32_t(I));
    }
  } else if (Init == "rand" && P.size() == 3) {
    uint64_t Seed;
    if (P[0].getAsInteger(0, Seed))
      fail("bad seed in --arg=" + Spec);
    std::mt19937_64 Gen(Seed);
    if (A.Type == 'f') {
      std::uniform_real_distribution<float> D(bit_cast<float>(Num(P[1])),
                                              bit_cast<float>(Num(P[2])));
      for (uint64_t I = 0; I != Count; ++I)
        Push32(bit_cast<uint32_t>(D(Gen)));
    } else {
      std::uniform_int_distribution<int64_t> D(
          A.Type == 'i' ? int64_t(int32_t(Num(P[1]))) : int64_t(Num(P[1])),
          A.Type == 'i' ? int64_t(int32_t(Num(P[2]))) : int64_t(Num(P[2])));
      for (uint64_t I = 0; I != Count; ++I)
        Push32(uint32_t(D(Gen)));
    }
  } else {
    fail("bad buffer initializer in --arg=" + Spec +
         " (zero, fill:V, seq:START:STEP or rand:SEED:LO:HI)");
  }
  return A;
}

static std::array<uint32_t, 3> parseDims(StringRef S, StringRef What) {
  std::array<uint32_t, 3> D = {1, 1, 1};
  SmallVector<StringRef, 3> F;
  S.split(F, ',');
  if (F.size() > 3)
    fail("bad --" + What + "=" + S);
  for (size_t I = 0; I != F.size(); ++I)
    if (F[I].getAsInteger(0, D[I]) || D[I] == 0)
      fail("bad --" + What + "=" + S + " (positive sizes, X[,Y[,Z]])");
  return D;
}

static void printBuffer(const ArgValue &A, ArrayRef<uint8_t> Bytes,
                        unsigned Index, StringRef When) {
  outs() << When << " arg " << Index << " (" << A.Spec << "):";
  for (size_t I = 0; I + 4 <= Bytes.size(); I += 4) {
    uint32_t V = uint32_t(Bytes[I]) | uint32_t(Bytes[I + 1]) << 8 |
                 uint32_t(Bytes[I + 2]) << 16 | uint32_t(Bytes[I + 3]) << 24;
    outs() << (I % 64 == 0 ? "\n  " : " ");
    if (A.Type == 'f')
      outs() << format("%g", bit_cast<float>(V));
    else if (A.Type == 'u')
      outs() << V;
    else
      outs() << int32_t(V);
  }
  outs() << "\n";
}

static void printCounters(const Counters &C) {
  outs() << "counters: " << C.Workgroups << " workgroups, " << C.Waves
         << " waves (wave" << C.WaveSize << ")\n";
  outs() << "  wave-instructions " << C.WaveInsts << "\n";
  for (unsigned I = 0; I != NumInstClasses; ++I)
    outs() << format("  %-8s %llu\n", getInstClassName(InstClass(I)),
                     (unsigned long long)C.ByClass[I]);
  outs() << format("  valu-utilization %.4f\n", C.valuUtilization());
  outs() << "  exec-branches taken " << C.ExecBranchTaken << ", not taken "
         << C.ExecBranchNotTaken << "\n";
  outs() << "  cycle-estimate " << C.cycleEstimate() << "\n";
}

static void writeCountersJSON(const Counters &C, StringRef Path) {
  json::Object Classes;
  for (unsigned I = 0; I != NumInstClasses; ++I)
    Classes[getInstClassName(InstClass(I))] = int64_t(C.ByClass[I]);
  json::Object O{{"workgroups", int64_t(C.Workgroups)},
                 {"waves", int64_t(C.Waves)},
                 {"wave_size", int64_t(C.WaveSize)},
                 {"wave_instructions", int64_t(C.WaveInsts)},
                 {"classes", std::move(Classes)},
                 {"valu_utilization", C.valuUtilization()},
                 {"exec_branches_taken", int64_t(C.ExecBranchTaken)},
                 {"exec_branches_not_taken", int64_t(C.ExecBranchNotTaken)},
                 {"cycle_estimate", int64_t(C.cycleEstimate())}};
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  OS << formatv("{0:2}", json::Value(std::move(O))) << "\n";
}

static void runKernel(const CodeObject &CO, const KernelInfo &K) {
  auto Ex = Executor::create(CO, K);
  if (!Ex)
    fail(toString(Ex.takeError()));
  std::vector<const KernelArg *> Explicit;
  for (const KernelArg &A : K.Args)
    if (!A.isHidden())
      Explicit.push_back(&A);
  if (ArgSpecs.size() != Explicit.size())
    fail("kernel '" + K.Name + "' takes " + Twine(Explicit.size()) +
         " arguments, " + Twine(ArgSpecs.size()) + " --arg given");

  std::vector<ArgValue> Args;
  uint32_t KernargEnd = 0;
  for (const KernelArg *A : Explicit)
    KernargEnd = std::max(KernargEnd, A->Offset + A->Size);
  std::vector<uint8_t> Kernarg(KernargEnd, 0);
  for (size_t I = 0; I != Explicit.size(); ++I) {
    const KernelArg &KA = *Explicit[I];
    Args.push_back(parseArg(ArgSpecs[I]));
    ArgValue &A = Args.back();
    bool WantsPointer = KA.ValueKind == "global_buffer";
    if (A.IsBuffer != WantsPointer)
      fail("argument " + Twine(I) + " of '" + K.Name + "' is " + KA.ValueKind +
           " (" + Twine(KA.Size) + " bytes) but --arg=" + A.Spec + " is " +
           (A.IsBuffer ? "a buffer" : "a value"));
    if (A.IsBuffer) {
      A.Addr = (*Ex)->getMemory().allocate(A.Bytes.size(), "arg " + A.Spec);
      std::vector<uint8_t> &Buf = (*Ex)->getMemory().buffer(A.Addr);
      std::copy(A.Bytes.begin(), A.Bytes.end(), Buf.begin());
      for (unsigned B = 0; B != 8; ++B)
        Kernarg[KA.Offset + B] = uint8_t(A.Addr >> (8 * B));
    } else {
      if (A.Bytes.size() != KA.Size)
        fail("argument " + Twine(I) + " of '" + K.Name + "' has " +
             Twine(KA.Size) + " bytes, --arg=" + A.Spec + " has " +
             Twine(A.Bytes.size()));
      std::copy(A.Bytes.begin(), A.Bytes.end(), Kernarg.begin() + KA.Offset);
    }
  }
  for (unsigned N : Dumps) {
    if (N >= Args.size() || !Args[N].IsBuffer)
      fail("--dump=" + Twine(N) + " is not a buffer argument");
    if (DumpInitial)
      printBuffer(Args[N], Args[N].Bytes, N, "initial");
  }
  if (Trace)
    (*Ex)->setTrace(&outs(), TraceLane);
  DispatchDims D;
  D.Grid = parseDims(Grid, "grid");
  D.Group = parseDims(Block, "block");
  if (Error E = (*Ex)->run(D, Kernarg))
    fail(toString(std::move(E)));
  for (unsigned N : Dumps)
    printBuffer(Args[N], (*Ex)->getMemory().buffer(Args[N].Addr), N, "final");
  if (PrintCounters)
    printCounters((*Ex)->getCounters());
  if (!CountersJSON.empty())
    writeCountersJSON((*Ex)->getCounters(), CountersJSON);
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
  if (Disassemble || Run) {
    if (KernelName.empty())
      fail(Twine(Run ? "--run" : "--disassemble") + " needs --kernel=NAME");
    const KernelInfo *K = (*CO)->findKernel(KernelName);
    if (!K)
      fail("no kernel named '" + KernelName + "' in '" + InputFile + "'");
    if (Disassemble)
      disassemble(**CO, *K);
    if (Run)
      runKernel(**CO, *K);
  }
  if (!ListKernels && !Disassemble && !Run)
    fail("nothing to do: use --list-kernels, --disassemble or --run");
  return 0;
}
