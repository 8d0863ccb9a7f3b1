//===- Timing.h - A compute-unit timing model for recorded waves -*- C++
//-*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The timing model (--timing) replays what every wave of a dispatch executed
// on a model of the compute units, so that latency hiding and occupancy count:
//
//   Trace. The functional run records, per wave, the instructions it
//   executed in order (a TimingEvent each) with what their cost depends on
//   at run time: the 128-byte cache lines a vector memory access touches,
//   the cycles an LDS access spends on bank conflicts.
//
//   Occupancy. A workgroup is dispatched to a compute unit (CU) when the CU
//   has room for all its waves: each wave needs a slot on one SIMD (waves of
//   a workgroup are spread round-robin over the SIMDs), and the SIMD holds at
//   most as many waves as its VGPR and SGPR files allow for the kernel's
//   register counts; the CU holds at most MaxWorkgroupsPerCU workgroups of
//   more than one wave (one barrier each) and LDSBytesPerCU of group
//   segment. Workgroups are taken in dispatch order, each to the next CU
//   with room, round-robin from the one after the previous workgroup's CU; a
//   workgroup's resources are freed when its last wave ends.
//
//   Issue. Each SIMD gets an issue opportunity every IssueInterval cycles.
//   At an opportunity it issues at most one instruction per *issue port*
//   (VALU; SALU and SMEM; VMEM; LDS; branch and the rest), each from a
//   different wave, oldest wave first, and each wave at most one instruction:
//   in-order issue per wave. An instruction issues only when its unit is free:
//   the SIMD's VALU is busy ValuCycles (x4 for quarter-rate operations), the
//   CU's vector memory unit max(VMemIssueCycles, lines x VMemCyclesPerLine),
//   the CU's LDS max(LDSIssueCycles, the conflict cycles).
//
//   Memory. A memory instruction joins the counters it increments (vmcnt,
//   lgkmcnt, vscnt: the same rules as strict mode, Strict.h) and completes
//   a fixed latency after it issues (after the previous entry of an in-order
//   counter). s_waitcnt blocks its wave until each counter has at most the
//   given number of incomplete entries; a memory instruction waits while a
//   counter it joins is full. Nothing else waits for results:
//   the compiler's s_waitcnt and s_nop are the only interlocks, as on the
//   hardware.
//
//   Barriers. s_barrier blocks its wave until every wave of the workgroup
//   that has not ended has issued one. s_nop N holds the wave N + 1 cycles.
//
// Not modelled: instruction fetch and buffers, cache hit rates (one latency
// per memory kind), memory bandwidth beyond one CU's vector memory unit,
// export and GDS, MFMA, dependent-issue stalls of VALU operations longer
// than the issue interval, s_setprio, and the dispatcher's own latency.
//
// Every parameter and its public source is listed in docs/Emulator.md
// ("Timing model").
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_TIMING_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_TIMING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

/// The hardware a timing run models; see forProcessor().
struct TimingParams {
  unsigned NumCUs = 1;
  unsigned SIMDsPerCU = 4;
  unsigned IssueInterval = 4; ///< Cycles between a SIMD's issue turns.
  unsigned MaxWavesPerSIMD = 8;
  unsigned VGPRsPerSIMD = 512; ///< Per lane; VGPRs and AGPRs together.
  unsigned VGPRGranule = 8;
  unsigned SGPRsPerSIMD = 800; ///< 0: SGPRs never limit occupancy.
  unsigned SGPRGranule = 4;
  unsigned LDSBytesPerCU = 65536;
  /// Barrier resources: workgroups of more than one wave per CU.
  unsigned MaxWorkgroupsPerCU = 16;
  unsigned ValuCycles = 4; ///< A full-rate VALU operation of one wave.
  /// Issue cycles of a double-precision VALU operation, as a multiple of
  /// ValuCycles.
  unsigned F64RateFactor = 1;
  unsigned SMemLatency = 50;
  unsigned VMemLoadLatency = 500;
  unsigned VMemStoreLatency = 300;
  unsigned LDSLatency = 64;
  unsigned VMemIssueCycles = 4; ///< Minimum occupancy of the unit.
  unsigned VMemCyclesPerLine = 2;
  unsigned LDSIssueCycles = 2;
  unsigned LDSBanks = 32;
  /// Incomplete entries a counter can hold (by StrictCounter: vmcnt,
  /// lgkmcnt, vscnt): the counters' widths; a memory instruction that would
  /// overflow one waits.
  std::array<unsigned, 3> MaxOutstanding = {63, 15, 63};

  /// The model of Processor (gfx9 / CDNA or gfx10 / RDNA family defaults).
  static TimingParams forProcessor(StringRef Processor, unsigned WaveSize);
};

/// How many waves of a kernel fit, and what limits them.
struct Occupancy {
  unsigned WavesPerSIMD = 0;
  /// "waves", "vgprs" or "sgprs": what WavesPerSIMD is the minimum of.
  std::string LimitedBy;
  unsigned WorkgroupsPerCU = 0;
  /// "waves", "vgprs", "sgprs", "lds" or "workgroups".
  std::string WorkgroupsLimitedBy;
};

/// Occupancy of a kernel with the given register counts (as the code object
/// metadata gives them: .vgpr_count, .agpr_count, .sgpr_count), LDS bytes
/// per workgroup and waves per workgroup. An error if a single workgroup
/// does not fit on a CU.
Expected<Occupancy> computeOccupancy(const TimingParams &P, unsigned VGPRs,
                                     unsigned AGPRs, unsigned SGPRs,
                                     unsigned LDSBytes, unsigned WavesPerGroup);

/// The issue ports of a SIMD; one instruction per port per opportunity.
enum class IssuePort : uint8_t { VALU, Scalar, VMem, LDS, Other };

/// What the timing model needs to know about one static instruction.
struct TimingInst {
  enum Kind : uint8_t {
    ALU,     ///< Occupies its port's unit; no memory.
    Memory,  ///< Joins counters and completes after a latency.
    Wait,    ///< s_waitcnt: blocks until the counters are low enough.
    Nop,     ///< Holds the wave NopCycles.
    Barrier, ///< s_barrier.
    End      ///< s_endpgm.
  };
  Kind K = ALU;
  IssuePort Port = IssuePort::Other;
  /// VALU: issue cycles as a multiple of TimingParams::ValuCycles (4 for
  /// the quarter-rate transcendental and 32-bit multiply operations).
  unsigned RateFactor = 1;
  uint8_t Counters = 0; ///< Bit (1 << StrictCounter) per counter.
  bool Load = true;     ///< A vector memory access that returns data.
  unsigned NopCycles = 0;
  std::array<unsigned, 3> WaitCounts = {~0u, ~0u, ~0u}; ///< By StrictCounter.
};

/// One executed instruction of a wave. Extra is the cache lines a vector
/// memory access touched, or an LDS access's bank-conflict cycles.
struct TimingEvent {
  uint32_t Inst = 0;
  uint32_t Extra = 0;
};

/// The executed instructions of each wave of each workgroup, in dispatch
/// order.
struct DispatchTrace {
  std::vector<std::vector<std::vector<TimingEvent>>> Workgroups;
  unsigned LDSBytes = 0; ///< Group segment per workgroup.
};

struct TimingResult {
  uint64_t Cycles = 0; ///< From the first dispatch to the last wave's end.
  Occupancy Occ;
  /// Sum over SIMDs of the cycles their VALU was busy, over
  /// (SIMDs x Cycles).
  double VALUBusy = 0;
  /// Waves resident on a SIMD, averaged over SIMDs and cycles.
  double MeanWavesPerSIMD = 0;
  /// Wave-cycles spent blocked on s_waitcnt and on s_barrier.
  uint64_t WaitcntStallCycles = 0, BarrierStallCycles = 0;
};

/// Replays Trace on the model P. Insts is indexed by TimingEvent::Inst.
Expected<TimingResult> simulateTiming(const TimingParams &P,
                                      ArrayRef<TimingInst> Insts,
                                      const DispatchTrace &Trace,
                                      unsigned VGPRs, unsigned AGPRs,
                                      unsigned SGPRs);

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_TIMING_H
