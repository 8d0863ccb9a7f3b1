//===- Executor.h - Wave-level execution of AMDGPU kernels ------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Runs a kernel dispatch wave by wave.
//
// The model (see docs/Emulator.md):
//   - A *wave* has 128 scalar dwords indexed by hardware encoding (s0..s105,
//     VCC at 106, M0 at 124, EXEC at 126, ...), SCC, a PC, and per lane 256
//     VGPRs and 256 AGPRs. Vector instructions write only lanes whose EXEC
//     bit is set; scalar instructions ignore EXEC.
//   - Memory completes immediately: s_waitcnt, s_nop and s_sleep do nothing
//     (strict mode checks that the code waits as hardware needs, Strict.h).
//   - The waves of a workgroup run round-robin, each until it reaches
//     s_barrier or s_endpgm; a barrier releases when every wave of the
//     workgroup that has not ended has reached it. Workgroups run one after
//     another.
//
// Decoding happens once per kernel (a Program): every instruction gets its
// semantic routine and its operands resolved to register-file indices. An
// instruction without semantics is only an error when it executes: the run
// stops with an error naming the opcode and the address. Nothing is skipped.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTOR_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTOR_H

#include "CodeObject.h"
#include "Decoder.h"
#include "Memory.h"
#include "Timing.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

/// Executions of one basic block of the machine code: a maximal run of
/// instructions entered only at its first and left only after its last
/// (block boundaries are function entries, branch targets, and the
/// instructions after branches and s_endpgm).
struct BlockCount {
  uint64_t Addr = 0;        ///< Address of the first instruction.
  uint32_t Insts = 0;       ///< Static instructions in the block.
  uint64_t Executions = 0;  ///< Wave entries into the block.
  uint64_t ActiveLanes = 0; ///< Sum of EXEC popcounts at those entries.
  /// The block's lane-redundant and single-lane VALU wave-instructions (see
  /// Counters).
  uint64_t LaneRedundantVALU = 0, SingleLaneVALU = 0;
  /// Sum over the entries of the VGPRs that hold one value in every active
  /// lane, among those the wave has written; only counted when
  /// Executor::setCountUniformVGPRs asks for it (it scans the register file).
  uint64_t UniformVGPRs = 0;
};

/// What one instruction that writes EXEC did to the wave's active lanes, over
/// a dispatch: the EXEC splits of divergent control flow (an `if` keeps some
/// active lanes and sets the others aside), its rejoins (lanes come back).
struct ExecSplitCount {
  uint64_t Addr = 0;
  std::string Inst;    ///< The instruction, as disassembled.
  uint64_t Visits = 0; ///< Wave executions with at least one active lane.
  uint64_t Splits = 0; ///< Visits that kept some active lanes, not all.
  uint64_t LanesKept = 0, LanesSetAside = 0; ///< Summed over the splits.
  uint64_t Rejoins = 0; ///< Visits after which EXEC held more lanes.
};

/// One instruction's executions over a dispatch.
struct InstCount {
  uint64_t Addr = 0;
  uint64_t Executions = 0; ///< Wave-instructions.
  /// For vector instructions (VALU, VMEM, LDS): lanes of the wave that were
  /// not active, summed over the executions: issue slots lost to divergence
  /// and partial waves.
  uint64_t LaneSlotsLost = 0;
  /// Lane-redundant executions (see Counters::LaneRedundantVALU).
  uint64_t LaneRedundant = 0;
};

/// Per-dispatch counters, summed over all waves.
struct Counters {
  uint64_t WaveInsts = 0; ///< Dynamic wave-instructions.
  uint64_t ByClass[NumInstClasses] = {};
  uint64_t VALUActiveLanes = 0; ///< Sum of EXEC popcounts over VALU insts.
  /// EXEC writes that the VALU issues (v_cmpx): counted in the ExecMask
  /// class, charged as VALU instructions by cycleEstimate.
  uint64_t VALUExecWrites = 0;
  /// VALU wave-instructions that ran with at least two active lanes and
  /// wrote the same value in each: every VGPR dword of the destination, and
  /// the lane-mask destination (a compare's result, a carry-out) all zeros
  /// or all ones over the active lanes. Work the wave did once per lane
  /// that one lane could have done (Collange's dynamic uniformity; Lee et
  /// al. count it as redundant). Instructions without a per-lane result
  /// (v_readlane into an SGPR, v_nop) are not counted.
  uint64_t LaneRedundantVALU = 0;
  /// VALU wave-instructions that ran with exactly one active lane.
  uint64_t SingleLaneVALU = 0;
  uint64_t ExecBranchTaken = 0, ExecBranchNotTaken = 0; ///< execz/execnz.
  unsigned WaveSize = 64;
  /// Cycles one VALU operation of a wave occupies its SIMD: four for wave64
  /// on a GCN/CDNA SIMD16, one for wave32 (two for wave64) on an RDNA
  /// SIMD32 (TimingParams::ValuCycles).
  unsigned ValuCycles = 4;
  uint64_t Waves = 0, Workgroups = 0;
  /// With Executor::setCheckWriteConflicts: global-memory bytes that a
  /// work-item stored with a value other than the one another work-item had
  /// stored there before, with no barrier of their workgroup between the two
  /// stores (a write-write data race: the result depends on the order the
  /// hardware runs the stores in). Atomics are not counted.
  uint64_t WriteConflicts = 0;
  /// The first conflict: the byte's address and the flat IDs of the
  /// work-item that stored first and of the one that stored second.
  uint64_t FirstConflictAddr = 0, FirstConflictItems[2] = {0, 0};
  /// Blocks executed at least once, in address order.
  std::vector<BlockCount> Blocks;
  /// Instructions that wrote EXEC, executed at least once, in address order.
  std::vector<ExecSplitCount> ExecSplits;
  /// Every instruction executed at least once, in address order.
  std::vector<InstCount> Insts;

  /// VALU lane utilization: active lanes / (lanes x VALU instructions).
  double valuUtilization() const;
  /// Lane-redundant VALU wave-instructions / VALU wave-instructions.
  double laneRedundantFraction() const;
  /// The documented cycle estimate (docs/Emulator.md).
  uint64_t cycleEstimate() const;
};

/// The grid of a dispatch, in work-items, and the workgroup size.
struct DispatchDims {
  std::array<uint32_t, 3> Grid = {1, 1, 1};
  std::array<uint32_t, 3> Group = {1, 1, 1};
  /// LDS bytes per workgroup beyond the kernel's fixed group segment: what
  /// `__local` pointer arguments and HIP's `extern __shared__` arrays use.
  uint32_t DynamicLDSSize = 0;
};

/// The architectural state of one wave after it ended: registers a unit
/// test inspects after running a few instructions.
struct WaveState {
  unsigned Lanes = 64;
  /// The scalar register file by hardware encoding (s0..s105, VCC at 106,
  /// M0 at 124, EXEC at 126).
  std::array<uint32_t, 128> SRegs = {};
  bool SCC = false;
  /// VGPRs, then AGPRs from index 256: register R of lane L is
  /// VRegs[R * Lanes + L].
  std::vector<uint32_t> VRegs;

  uint32_t sgpr(unsigned N) const { return SRegs[N]; }
  /// The pair s[N:N+1], s[N] in the low half.
  uint64_t sgpr64(unsigned N) const {
    return SRegs[N] | uint64_t(SRegs[N + 1]) << 32;
  }
  uint32_t vgpr(unsigned R, unsigned Lane) const {
    return VRegs[size_t(R) * Lanes + Lane];
  }
  /// v[R:R+1] of a lane, v[R] in the low half.
  uint64_t vgpr64(unsigned R, unsigned Lane) const {
    return vgpr(R, Lane) | uint64_t(vgpr(R + 1, Lane)) << 32;
  }
  /// EXEC and VCC, as wide as the wave (the low halves on wave32).
  uint64_t exec() const { return Lanes == 64 ? sgpr64(126) : SRegs[126]; }
  uint64_t vcc() const { return Lanes == 64 ? sgpr64(106) : SRegs[106]; }
};

struct Program;

class Executor {
public:
  /// Prepares a kernel of CO for execution: decodes it and resolves every
  /// instruction's operands.
  static Expected<std::unique_ptr<Executor>> create(const CodeObject &CO,
                                                    const KernelInfo &K);
  ~Executor();

  GlobalMemory &getMemory() { return Mem; }

  /// Runs one dispatch. Kernarg holds the explicit arguments (the kernarg
  /// segment up to the first hidden argument); the hidden arguments are
  /// filled in here.
  Error run(const DispatchDims &Dims, ArrayRef<uint8_t> Kernarg);

  const Counters &getCounters() const { return Stats; }

  /// A generous bound on the wave-instructions of one dispatch: a kernel
  /// that loops forever stops with an error instead of hanging.
  static constexpr uint64_t DefaultMaxWaveInsts = 20000000000ull;
  /// Stop a dispatch with an error once it has executed more than N
  /// wave-instructions (tests size this to the kernel).
  void setMaxWaveInsts(uint64_t N);
  /// Counts BlockCount::UniformVGPRs at every block entry (off by default:
  /// it costs a scan of the wave's written VGPRs per entry).
  void setCountUniformVGPRs(bool On);
  /// Counts Counters::WriteConflicts (off by default: it records the last
  /// writer of every global byte a dispatch stores).
  void setCheckWriteConflicts(bool On);

  /// Check in-flight memory results, wait states and VCCZ as the hardware
  /// needs them (Strict.h): a violation stops the run with an error.
  void setStrict(bool Strict);

  /// Replay every following run() on the timing model P (Timing.h); null
  /// turns it off. The result is getTiming().
  void setTiming(const TimingParams *P);
  /// The timing model's result for the last successful run(), or null.
  const TimingResult *getTiming() const { return Timing.get(); }

  /// Print every executed instruction, with its wave and EXEC, to OS; with
  /// Lane >= 0 also the VGPR result of that lane.
  void setTrace(raw_ostream *OS, int Lane = -1);

  /// Keep the final state of every wave of the following run()s, for
  /// getFinalWaveStates(). Off by default: it copies each wave's registers.
  void setKeepFinalWaveStates(bool Keep) { KeepFinalStates = Keep; }
  /// The final state of every wave of the last successful run() (when kept),
  /// workgroups in dispatch order, the waves of a workgroup by index.
  ArrayRef<WaveState> getFinalWaveStates() const { return FinalStates; }

private:
  Executor() = default;
  const KernelInfo *Kernel = nullptr;
  std::unique_ptr<Program> Prog;
  GlobalMemory Mem;
  Counters Stats;
  bool KeepFinalStates = false;
  std::unique_ptr<TimingResult> Timing;
  std::vector<WaveState> FinalStates;
};

/// The names of the instructions the emulator has semantics for, sorted,
/// as they are looked up: the opcode name without the subtarget suffix
/// (V_ADD_U32_e32, V_ADD_U32_e64, ...).
std::vector<std::string> getImplementedInstructions();

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTOR_H
