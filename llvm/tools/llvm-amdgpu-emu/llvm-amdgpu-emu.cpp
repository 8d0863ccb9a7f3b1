//===- llvm-amdgpu-emu.cpp - Wave-level emulator for AMDGPU code objects --===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The front end of the fork's wave emulator: loads AMDHSA code objects,
// decodes their kernels and runs dispatches.
//
//   llvm-amdgpu-emu --list-kernels k.co
//       every kernel's metadata, descriptor state and arguments
//   llvm-amdgpu-emu --disassemble --kernel=NAME k.co
//       the kernel's instructions with the class the counters use
//   llvm-amdgpu-emu --run --kernel=NAME --grid=X[,Y,Z] --block=X[,Y,Z]
//                   --arg=SPEC... [--dump=N...] [--counters] k.co
//   llvm-amdgpu-emu --run --launch=L.json [--counters] [--blocks] k.co
//       runs one dispatch; see docs/Emulator.md for SPEC and the launch
//       file, which may also name expected contents to check
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"
#include "Decoder.h"
#include "Executor.h"
#include "Launch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

using namespace llvm;
using namespace llvm::amdgpu_emu;

static cl::OptionCategory EmuCategory("llvm-amdgpu-emu options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<code object>"),
                                      cl::cat(EmuCategory));

static cl::opt<bool> ListInstructions(
    "list-instructions",
    cl::desc("Print the instructions the emulator has semantics for, one "
             "opcode name a line, and exit (no code object needed)"),
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

static cl::opt<std::string> Grid("grid",
                                 cl::desc("Grid size in work-items: X[,Y[,Z]]"),
                                 cl::init("1"), cl::cat(EmuCategory));

static cl::opt<std::string>
    Block("block", cl::desc("Workgroup size in work-items: X[,Y[,Z]]"),
          cl::init("1"), cl::cat(EmuCategory));

static cl::opt<uint32_t> DynamicLDS(
    "dynamic-lds",
    cl::desc("LDS bytes per workgroup beyond the kernel's fixed group "
             "segment, as HIP's extern __shared__ arrays use (lds:BYTES "
             "arguments add theirs)"),
    cl::cat(EmuCategory));

static cl::opt<std::string> LaunchFile(
    "launch",
    cl::desc("A JSON launch file: kernel, grid, block, arguments, expected "
             "contents (docs/Emulator.md); --kernel, --grid, --block and "
             "--arg override it"),
    cl::value_desc("FILE"), cl::cat(EmuCategory));

static cl::list<std::string> ArgSpecs(
    "arg",
    cl::desc("A kernel argument, in order: TYPE:V, or a buffer "
             "buf:TYPE:COUNT:INIT with TYPE i32|u32|f32|i64|u64|f64 and INIT "
             "zero | fill:V | seq:START:STEP | rand:SEED:LO:HI"),
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

static cl::opt<bool>
    PrintBlocks("blocks",
                cl::desc("Print how often each basic block ran and its "
                         "average active lanes"),
                cl::cat(EmuCategory));

static cl::opt<bool> PrintDivergence(
    "divergence",
    cl::desc("Print every instruction that wrote EXEC: how often it ran, how "
             "often it split the active lanes (divergent visits) and how "
             "many it kept and set aside, and how often lanes rejoined"),
    cl::cat(EmuCategory));

static cl::opt<bool> PrintLines(
    "lines",
    cl::desc("Print, per source line of the code object's DWARF line table "
             "(compile with -g), the wave-instructions executed and the "
             "lane-slots lost (inactive lanes of vector instructions), most "
             "lost first (also in --counters-json)"),
    cl::cat(EmuCategory));

static cl::opt<bool> PrintRedundancy(
    "redundancy",
    cl::desc("Print the lane-redundant VALU executions by instruction and by "
             "opcode, most first (also in --counters-json)"),
    cl::cat(EmuCategory));

static cl::opt<bool> CheckWriteConflicts(
    "write-conflicts",
    cl::desc("Count the global bytes that a work-item stored with another "
             "value than another work-item had stored there, with no barrier "
             "of their workgroup between (write-write races; also in "
             "--counters-json)"),
    cl::cat(EmuCategory));

static cl::opt<bool> CountUniformVGPRs(
    "uniform-vgprs",
    cl::desc("Also count, at each block entry, the written VGPRs that hold "
             "one value in every active lane (--blocks, --counters-json; "
             "slows the run down)"),
    cl::cat(EmuCategory));

static cl::opt<bool>
    PrintRate("rate",
              cl::desc("Print to stderr how fast the dispatch was emulated "
                       "(wave-instructions per second of host time)"),
              cl::cat(EmuCategory));

static cl::opt<uint64_t>
    MaxSteps("max-steps",
             cl::desc("Stop the dispatch with an error after this many "
                      "wave-instructions (default 2e10)"),
             cl::init(Executor::DefaultMaxWaveInsts), cl::cat(EmuCategory));

static cl::opt<bool>
    Strict("strict",
           cl::desc("Stop at a register read before the s_waitcnt its memory "
                    "result needs, a missing wait state (gfx9 hazards) or a "
                    "stale VCCZ"),
           cl::cat(EmuCategory));

static cl::opt<bool> Trace("trace",
                           cl::desc("Print every executed instruction with "
                                    "its wave, EXEC, VCC and SCC, and the "
                                    "scalar registers it wrote"),
                           cl::cat(EmuCategory));

static cl::opt<int> TraceLane("trace-lane",
                              cl::desc("With --trace, also print the VGPR "
                                       "result of lane N"),
                              cl::init(-1), cl::cat(EmuCategory));

static cl::opt<bool>
    TimingModel("timing",
                cl::desc("Replay the dispatch on the compute-unit timing "
                         "model (several waves per SIMD, occupancy from the "
                         "kernel's registers and LDS, s_waitcnt on memory "
                         "latencies, LDS bank conflicts; docs/Emulator.md) "
                         "and print its cycles"),
                cl::cat(EmuCategory));

static cl::opt<unsigned>
    TimingCUs("timing-cus",
              cl::desc("Compute units of the timing model (default 1)"),
              cl::init(1), cl::cat(EmuCategory));

static cl::opt<std::string>
    CountersJSON("counters-json",
                 cl::desc("Write the dispatch's counters as JSON to FILE"),
                 cl::value_desc("FILE"), cl::cat(EmuCategory));

[[noreturn]] static void fail(const Twine &Msg) {
  outs().flush(); // What was printed so far comes before the error.
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
  printFlag(OS, PROP(ENABLE_SGPR_PRIVATE_SEGMENT_SIZE), "private-segment-size",
            First);
#undef PROP
  OS << "\n  system SGPRs:";
  First = true;
#define RSRC2(NAME) AMDHSA_BITS_GET(R2, amdhsa::COMPUTE_PGM_RSRC2_##NAME)
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_X), "workgroup-id-x", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_Y), "workgroup-id-y", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_ID_Z), "workgroup-id-z", First);
  printFlag(OS, RSRC2(ENABLE_SGPR_WORKGROUP_INFO), "workgroup-info", First);
  printFlag(OS, RSRC2(ENABLE_PRIVATE_SEGMENT), "private-segment-wave-offset",
            First);
  OS << "\n  workitem ids: "
     << StringRef("x\0xy\0xyz", 9)
            .substr(RSRC2(ENABLE_VGPR_WORKITEM_ID) * 2)
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

/// A decoder for kernel \p K and its instructions.
static std::pair<std::unique_ptr<Decoder>, std::vector<DecodedInst>>
decodeKernel(const CodeObject &CO, const KernelInfo &K) {
  if (K.CodeSize == 0)
    fail("kernel '" + K.Name + "' has no code symbol giving its size");
  auto D = Decoder::create(CO.getProcessor(), K.WavefrontSize);
  if (!D)
    fail(toString(D.takeError()));
  auto Insts =
      (*D)->decode(CO.getImage(), K.EntryAddr, K.EntryAddr + K.CodeSize);
  if (!Insts)
    fail(toString(Insts.takeError()));
  return {std::move(*D), std::move(*Insts)};
}

static void disassemble(const CodeObject &CO, const KernelInfo &K) {
  auto [D, Insts] = decodeKernel(CO, K);
  unsigned Counts[NumInstClasses] = {};
  for (const DecodedInst &I : Insts) {
    ++Counts[unsigned(I.Class)];
    outs() << format("%8llx  %-8s", (unsigned long long)I.Addr,
                     getInstClassName(I.Class))
           << D->print(I) << "\n";
  }
  outs() << "static instructions: " << Insts.size() << " (";
  for (unsigned C = 0; C != NumInstClasses; ++C)
    outs() << (C ? ", " : "") << getInstClassName(InstClass(C)) << " "
           << Counts[C];
  outs() << ")\n";
}

static void printBuffer(const LaunchArg &A, ArrayRef<uint8_t> Bytes,
                        unsigned Index, StringRef When) {
  outs() << When << " arg " << Index << " (" << A.Desc << "):";
  unsigned PerLine = 16 * 4 / getElemSize(A.Type);
  for (size_t I = 0, E = Bytes.size() / getElemSize(A.Type); I != E; ++I)
    outs() << (I % PerLine == 0 ? "\n  " : " ")
           << formatElement(A.Type, Bytes, I);
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
  outs() << "  lane-redundant-valu " << C.LaneRedundantVALU
         << format(" (%.4f of VALU)", C.laneRedundantFraction())
         << ", single-lane-valu " << C.SingleLaneVALU << "\n";
  outs() << "  exec-branches taken " << C.ExecBranchTaken << ", not taken "
         << C.ExecBranchNotTaken << "\n";
  outs() << "  cycle-estimate " << C.cycleEstimate() << "\n";
}

static void printWriteConflicts(const Counters &C) {
  outs() << "write conflicts: " << C.WriteConflicts << " bytes";
  if (C.WriteConflicts)
    outs() << format(" (first at 0x%llx: work-items %llu then %llu)",
                     (unsigned long long)C.FirstConflictAddr,
                     (unsigned long long)C.FirstConflictItems[0],
                     (unsigned long long)C.FirstConflictItems[1]);
  outs() << "\n";
}

static void printTiming(const TimingResult &T, const TimingParams &P) {
  outs() << "timing: " << T.Cycles << " cycles on " << P.NumCUs << " CU"
         << (P.NumCUs == 1 ? "" : "s") << "\n";
  outs() << "  occupancy " << T.Occ.WavesPerSIMD
         << " waves per SIMD (limited by " << T.Occ.LimitedBy << "), "
         << T.Occ.WorkgroupsPerCU << " workgroups per CU (limited by "
         << T.Occ.WorkgroupsLimitedBy << ")\n";
  outs() << format("  mean waves per SIMD %.2f, VALU busy %.4f\n",
                   T.MeanWavesPerSIMD, T.VALUBusy);
  outs() << "  stalls (wave-cycles): s_waitcnt " << T.WaitcntStallCycles
         << ", s_barrier " << T.BarrierStallCycles << "\n";
}

static json::Object timingJSON(const TimingResult &T) {
  return json::Object{{"cycles", int64_t(T.Cycles)},
                      {"waves_per_simd", int64_t(T.Occ.WavesPerSIMD)},
                      {"limited_by", T.Occ.LimitedBy},
                      {"workgroups_per_cu", int64_t(T.Occ.WorkgroupsPerCU)},
                      {"workgroups_limited_by", T.Occ.WorkgroupsLimitedBy},
                      {"mean_waves_per_simd", T.MeanWavesPerSIMD},
                      {"valu_busy", T.VALUBusy},
                      {"waitcnt_stall_cycles", int64_t(T.WaitcntStallCycles)},
                      {"barrier_stall_cycles", int64_t(T.BarrierStallCycles)}};
}

static void printBlocks(const Counters &C) {
  outs() << "blocks: address, instructions, wave entries, average active "
            "lanes, wave-instructions, lane-redundant VALU, single-lane VALU"
         << (CountUniformVGPRs ? ", average uniform VGPRs at entry" : "")
         << "\n";
  for (const BlockCount &B : C.Blocks) {
    outs() << format("  %8llx %5u %10llu %6.2f %12llu %10llu %10llu",
                     (unsigned long long)B.Addr, B.Insts,
                     (unsigned long long)B.Executions,
                     double(B.ActiveLanes) / double(B.Executions),
                     (unsigned long long)(B.Executions * B.Insts),
                     (unsigned long long)B.LaneRedundantVALU,
                     (unsigned long long)B.SingleLaneVALU);
    if (CountUniformVGPRs)
      outs() << format(" %6.2f", double(B.UniformVGPRs) / double(B.Executions));
    outs() << "\n";
  }
}

static void printDivergence(const Counters &C) {
  outs() << "exec writes: address, visits, divergent visits, average lanes "
            "kept, set aside (divergent visits), rejoins, instruction\n";
  for (const ExecSplitCount &E : C.ExecSplits) {
    double N = E.Splits ? double(E.Splits) : 1.0;
    outs() << format("  %8llx %10llu %10llu %6.2f %6.2f %10llu  ",
                     (unsigned long long)E.Addr, (unsigned long long)E.Visits,
                     (unsigned long long)E.Splits, double(E.LanesKept) / N,
                     double(E.LanesSetAside) / N, (unsigned long long)E.Rejoins)
           << E.Inst << "\n";
  }
}

/// The lane-redundant executions of one instruction.
struct RedundantInst {
  uint64_t Addr = 0, Executions = 0, LaneRedundant = 0;
  std::string Inst; ///< As disassembled.
};

/// The instructions of C with lane-redundant executions, most first.
static std::vector<RedundantInst> collectRedundantInsts(const Counters &C,
                                                        const CodeObject &CO,
                                                        const KernelInfo &K) {
  auto [D, Decoded] = decodeKernel(CO, K);
  DenseMap<uint64_t, const DecodedInst *> ByAddr;
  for (const DecodedInst &I : Decoded)
    ByAddr[I.Addr] = &I;
  std::vector<RedundantInst> Out;
  for (const InstCount &I : C.Insts) {
    if (!I.LaneRedundant)
      continue;
    auto It = ByAddr.find(I.Addr);
    Out.push_back({I.Addr, I.Executions, I.LaneRedundant,
                   It == ByAddr.end() ? "?" : D->print(*It->second)});
  }
  llvm::stable_sort(Out, [](const RedundantInst &A, const RedundantInst &B) {
    return A.LaneRedundant > B.LaneRedundant;
  });
  return Out;
}

/// The opcode (first word) of a disassembled instruction.
static StringRef opcodeOf(StringRef Inst) {
  return Inst.trim().split(' ').first;
}

static void printRedundancy(ArrayRef<RedundantInst> Insts) {
  outs() << "lane-redundant VALU by instruction: address, executions, "
            "lane-redundant, instruction\n";
  for (const RedundantInst &I : Insts)
    outs() << format("  %8llx %10llu %10llu  ", (unsigned long long)I.Addr,
                     (unsigned long long)I.Executions,
                     (unsigned long long)I.LaneRedundant)
           << I.Inst << "\n";
  MapVector<StringRef, uint64_t> ByOpcode;
  for (const RedundantInst &I : Insts)
    ByOpcode[opcodeOf(I.Inst)] += I.LaneRedundant;
  auto Opcodes = ByOpcode.takeVector();
  llvm::stable_sort(Opcodes, [](const auto &A, const auto &B) {
    return A.second > B.second;
  });
  outs() << "lane-redundant VALU by opcode: lane-redundant, opcode\n";
  for (const auto &[Opcode, Count] : Opcodes)
    outs() << format("  %10llu  ", (unsigned long long)Count) << Opcode << "\n";
}

/// Wave-instructions and lane-slots lost of one source line.
struct LineCount {
  std::string Where; ///< FILE:LINE, or "?" without line information.
  uint64_t Insts = 0, LaneSlotsLost = 0;
};

/// The executed instructions of C by source line (the DWARF line table of
/// the code object Obj), most lane-slots lost first.
static std::vector<LineCount> countByLine(const Counters &C,
                                          MemoryBufferRef Obj) {
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(Obj);
  if (!File)
    fail(toString(File.takeError()));
  std::unique_ptr<DWARFContext> DWARF = DWARFContext::create(**File);
  DILineInfoSpecifier Spec(DILineInfoSpecifier::FileLineInfoKind::BaseNameOnly,
                           DILineInfoSpecifier::FunctionNameKind::None);
  std::vector<LineCount> Lines;
  StringMap<size_t> Index;
  for (const InstCount &I : C.Insts) {
    DILineInfo Info = DWARF->getLineInfoForAddress(
        {I.Addr, object::SectionedAddress::UndefSection}, Spec);
    std::string Where =
        Info.Line ? (Info.FileName + ":" + Twine(Info.Line)).str() : "?";
    auto [It, New] = Index.try_emplace(Where, Lines.size());
    if (New)
      Lines.push_back({Where, 0, 0});
    Lines[It->second].Insts += I.Executions;
    Lines[It->second].LaneSlotsLost += I.LaneSlotsLost;
  }
  llvm::stable_sort(Lines, [](const LineCount &A, const LineCount &B) {
    return std::make_pair(A.LaneSlotsLost, A.Insts) >
           std::make_pair(B.LaneSlotsLost, B.Insts);
  });
  return Lines;
}

static void printLines(ArrayRef<LineCount> Lines) {
  outs() << "source lines: wave-instructions, lane-slots lost, line\n";
  for (const LineCount &L : Lines)
    outs() << format("  %12llu %12llu  ", (unsigned long long)L.Insts,
                     (unsigned long long)L.LaneSlotsLost)
           << L.Where << "\n";
}

/// Seconds is the host time of the run (not deterministic; the emulator's
/// speed, never compared by tests).
static void writeCountersJSON(const Counters &C, const TimingResult *Timing,
                              double Seconds, ArrayRef<LineCount> Lines,
                              ArrayRef<RedundantInst> Redundant,
                              StringRef Path) {
  json::Object Classes;
  for (unsigned I = 0; I != NumInstClasses; ++I)
    Classes[getInstClassName(InstClass(I))] = int64_t(C.ByClass[I]);
  json::Object O{{"workgroups", int64_t(C.Workgroups)},
                 {"waves", int64_t(C.Waves)},
                 {"wave_size", int64_t(C.WaveSize)},
                 {"wave_instructions", int64_t(C.WaveInsts)},
                 {"classes", std::move(Classes)},
                 {"valu_utilization", C.valuUtilization()},
                 {"lane_redundant_valu", int64_t(C.LaneRedundantVALU)},
                 {"single_lane_valu", int64_t(C.SingleLaneVALU)},
                 {"exec_branches_taken", int64_t(C.ExecBranchTaken)},
                 {"exec_branches_not_taken", int64_t(C.ExecBranchNotTaken)},
                 {"cycle_estimate", int64_t(C.cycleEstimate())},
                 {"write_conflicts", int64_t(C.WriteConflicts)}};
  if (Timing)
    O["timing"] = timingJSON(*Timing);
  json::Array Blocks;
  for (const BlockCount &B : C.Blocks)
    Blocks.push_back(
        json::Object{{"address", int64_t(B.Addr)},
                     {"instructions", int64_t(B.Insts)},
                     {"executions", int64_t(B.Executions)},
                     {"active_lanes", int64_t(B.ActiveLanes)},
                     {"lane_redundant_valu", int64_t(B.LaneRedundantVALU)},
                     {"single_lane_valu", int64_t(B.SingleLaneVALU)},
                     {"uniform_vgprs", int64_t(B.UniformVGPRs)}});
  O["blocks"] = std::move(Blocks);
  json::Array Splits;
  for (const ExecSplitCount &E : C.ExecSplits)
    Splits.push_back(json::Object{{"address", int64_t(E.Addr)},
                                  {"instruction", E.Inst},
                                  {"visits", int64_t(E.Visits)},
                                  {"divergent_visits", int64_t(E.Splits)},
                                  {"lanes_kept", int64_t(E.LanesKept)},
                                  {"lanes_set_aside", int64_t(E.LanesSetAside)},
                                  {"rejoins", int64_t(E.Rejoins)}});
  O["exec_writes"] = std::move(Splits);
  if (PrintLines) {
    json::Array LinesJ;
    for (const LineCount &L : Lines)
      LinesJ.push_back(
          json::Object{{"line", L.Where},
                       {"wave_instructions", int64_t(L.Insts)},
                       {"lane_slots_lost", int64_t(L.LaneSlotsLost)}});
    O["lines"] = std::move(LinesJ);
  }
  if (PrintRedundancy) {
    json::Array RedundantJ;
    for (const RedundantInst &I : Redundant)
      RedundantJ.push_back(
          json::Object{{"address", int64_t(I.Addr)},
                       {"executions", int64_t(I.Executions)},
                       {"lane_redundant_valu", int64_t(I.LaneRedundant)},
                       {"instruction", I.Inst}});
    O["redundant_instructions"] = std::move(RedundantJ);
  }
  O["run_seconds"] = Seconds;
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  OS << formatv("{0:2}", json::Value(std::move(O))) << "\n";
}

template <typename T> static T check(Expected<T> V) {
  if (!V)
    fail(toString(V.takeError()));
  return std::move(*V);
}

/// The launch: from --launch, then overridden by --grid, --block, --arg.
static Launch buildLaunch() {
  Launch L;
  if (!LaunchFile.empty())
    L = check(parseLaunchFile(LaunchFile));
  if (!KernelName.empty())
    L.Kernel = KernelName;
  if (LaunchFile.empty() || Grid.getNumOccurrences())
    L.Dims.Grid = check(parseDims(Grid));
  if (LaunchFile.empty() || Block.getNumOccurrences())
    L.Dims.Group = check(parseDims(Block));
  if (DynamicLDS.getNumOccurrences())
    L.Dims.DynamicLDSSize = DynamicLDS;
  if (!ArgSpecs.empty()) {
    L.Args.clear();
    for (const std::string &S : ArgSpecs)
      L.Args.push_back(check(parseArgSpec(S)));
  }
  return L;
}

static void runKernel(const CodeObject &CO, MemoryBufferRef Obj,
                      const KernelInfo &K, Launch &L) {
  std::unique_ptr<Executor> Ex = check(Executor::create(CO, K));
  std::vector<uint8_t> Kernarg = check(bindArguments(*Ex, K, L));
  for (unsigned N : Dumps) {
    if (N >= L.Args.size() || !L.Args[N].IsBuffer)
      fail("--dump=" + Twine(N) + " is not a buffer argument");
    if (DumpInitial)
      printBuffer(L.Args[N], L.Args[N].Bytes, N, "initial");
  }
  Ex->setMaxWaveInsts(MaxSteps);
  Ex->setCountUniformVGPRs(CountUniformVGPRs);
  Ex->setCheckWriteConflicts(CheckWriteConflicts);
  Ex->setStrict(Strict);
  TimingParams TP =
      TimingParams::forProcessor(CO.getProcessor(), K.WavefrontSize);
  TP.NumCUs = std::max(1u, unsigned(TimingCUs));
  if (TimingModel)
    Ex->setTiming(&TP);
  if (Trace)
    Ex->setTrace(&outs(), TraceLane);
  auto Start = std::chrono::steady_clock::now();
  if (Error E = Ex->run(L.Dims, Kernarg))
    fail(toString(std::move(E)));
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (PrintRate)
    errs() << format("emulated %llu wave-instructions in %.3f s: %.1f "
                     "million per second\n",
                     (unsigned long long)Ex->getCounters().WaveInsts, Seconds,
                     Ex->getCounters().WaveInsts / Seconds / 1e6);
  for (unsigned N : Dumps)
    printBuffer(L.Args[N], Ex->getMemory().buffer(L.Args[N].Addr), N, "final");
  if (PrintCounters)
    printCounters(Ex->getCounters());
  if (CheckWriteConflicts)
    printWriteConflicts(Ex->getCounters());
  if (TimingModel)
    printTiming(*Ex->getTiming(), TP);
  if (PrintBlocks)
    printBlocks(Ex->getCounters());
  if (PrintDivergence)
    printDivergence(Ex->getCounters());
  std::vector<LineCount> Lines;
  if (PrintLines) {
    Lines = countByLine(Ex->getCounters(), Obj);
    printLines(Lines);
  }
  std::vector<RedundantInst> Redundant;
  if (PrintRedundancy) {
    Redundant = collectRedundantInsts(Ex->getCounters(), CO, K);
    printRedundancy(Redundant);
  }
  if (!CountersJSON.empty())
    writeCountersJSON(Ex->getCounters(), Ex->getTiming(), Seconds, Lines,
                      Redundant, CountersJSON);
  uint64_t Bad = check(checkExpectations(*Ex, L, outs()));
  bool HasExpectations =
      any_of(L.Args, [](const LaunchArg &A) { return A.Expected.has_value(); });
  if (Bad)
    fail(Twine(Bad) + (Bad == 1 ? " element differs" : " elements differ") +
         " from the expected contents");
  if (HasExpectations)
    outs() << "expected contents: all match\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(EmuCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "wave-level emulator for AMDGPU code objects\n");

  if (ListInstructions) {
    for (const std::string &Name : getImplementedInstructions())
      outs() << Name << "\n";
    return 0;
  }
  if (InputFile.empty())
    fail("no code object given (llvm-amdgpu-emu --help)");
  auto Buffer = MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Buffer)
    fail("cannot read '" + InputFile + "': " + Buffer.getError().message());
  auto CO = CodeObject::create((*Buffer)->getMemBufferRef());
  if (!CO)
    fail(toString(CO.takeError()));

  if (ListKernels)
    listKernels(**CO);
  if (Disassemble || Run) {
    Launch L;
    if (Run)
      L = buildLaunch();
    else
      L.Kernel = KernelName;
    if (L.Kernel.empty())
      fail(Twine(Run ? "--run" : "--disassemble") +
           " needs --kernel=NAME (or a launch file naming the kernel)");
    const KernelInfo *K = (*CO)->findKernel(L.Kernel);
    if (!K)
      fail("no kernel named '" + L.Kernel + "' in '" + InputFile + "'");
    if (Disassemble)
      disassemble(**CO, *K);
    if (Run)
      runKernel(**CO, (*Buffer)->getMemBufferRef(), *K, L);
  }
  if (!ListKernels && !Disassemble && !Run)
    fail("nothing to do: use --list-kernels, --disassemble or --run");
  return 0;
}
