//===- Strict.h - Waits and wait states the hardware needs -------*- C++
//-*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The emulator completes memory at once and issues one instruction after
// another, so code that misses an s_waitcnt or the s_nops of a hazard
// computes the right answer on it while hardware would not. Strict mode
// (--strict) checks, as each wave executes, what the code must do for its
// results to be right on hardware, and stops the run naming both
// instructions when it does not:
//
//   Memory counters. A memory instruction's result registers are *in
//   flight* from its issue until an s_waitcnt guarantees its completion.
//   Every memory instruction joins the queue of each counter it increments
//   (vmcnt: vector memory, and on gfx10+ only loads and returning atomics;
//   vscnt, gfx10+: vector stores and non-returning atomics; lgkmcnt: LDS,
//   scalar memory, messages; FLAT instructions both vmcnt/vscnt and
//   lgkmcnt); its results are ready once every counter it joined has
//   retired it. s_waitcnt CNT(N) retires the oldest entries of an *in-order*
//   queue until at most N remain. A queue is out of order (completion order
//   unknown, so only CNT(0) retires anything) when it holds scalar memory,
//   more than one kind of lgkm event, or, on gfx9, a FLAT instruction (which
//   may decrement one counter before the other). An instruction that reads
//   or writes a register in flight is an error, with one exception: on
//   gfx9-gfx11 a MUBUF, MTBUF, global or scratch load may overwrite a
//   register in flight from an earlier one of those, whatever else the
//   queue holds (the hardware writes their VGPRs in issue order;
//   SIInsertWaitcnts relies on it under FeatureVmemWriteVgprInOrder). A
//   FLAT access (possibly to LDS) and an image access are not covered.
//
//   Wait states (gfx9; gfx10+ have no data-dependency hazards): every issued
//   instruction is one wait state, s_nop N is N + 1. The rules are those of
//   GCNHazardRecognizer with their counts:
//     vmem-sgpr   VALU writes an SGPR, VMEM/FLAT reads it: 5
//     dpp-vgpr    any instruction writes a VGPR, DPP reads it: 2
//     dpp-exec    VALU writes EXEC, DPP follows: 5
//     div-fmas    VALU writes VCC, v_div_fmas follows: 4
//     rwlane      VALU writes an SGPR, v_readlane/v_writelane selects the
//                 lane with it: 4
//     m0-read     SALU writes M0, s_sendmsg/s_movrel/v_movrel/v_interp
//                 reads it: 1
//     store-data  a vector store of more than 8 bytes, then VALU writes one
//                 of its data VGPRs: 1
//
//   VCCZ (gfx9): a write of only VCC_LO or VCC_HI does not update VCCZ, so
//   s_cbranch_vccz/vccnz after one reads a stale flag until VCC is written
//   whole. EXECZ is updated by every write of EXEC and cannot go stale.
//
// Not modelled: export and GDS counters, MFMA/accumulator hazards, s_setreg
// hazards, the gfx10 hazards the compiler fixes by inserting instructions
// (VMEM-to-scalar-write, SMEM-to-vector-write, v_cmpx EXEC WAR, LDS-branch-
// VMEM WAR), and memory ordering between waves.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_STRICT_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_STRICT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

namespace llvm {
class MCInst;
class MCInstrDesc;
class MCInstrInfo;
class StringRef;

namespace amdgpu_emu {

struct Operand;
struct Program;
struct WaveCtx;
struct Instr;

/// Registers in the strict checker's numbering: the scalar file by
/// encoding (0..127), then VGPRs (128..383), then AGPRs (384..639).
constexpr unsigned StrictSRegs = 128, NumStrictRegs = 128 + 512;

struct RegRange {
  uint16_t First = 0;
  uint16_t Count = 0;
};

enum StrictCounter : uint8_t { VmCnt, LgkmCnt, VsCnt, NumStrictCounters };

/// Kinds of lgkm events; a queue holding more than one is out of order.
enum LgkmKind : uint8_t {
  LgkmLDS = 1,
  LgkmSMem = 2,
  LgkmMessage = 4,
};

/// What strict mode needs to know about one instruction.
struct StrictInstr {
  SmallVector<RegRange, 4> Reads, Writes;
  uint8_t Counters = 0; ///< Bit (1 << StrictCounter) per counter it joins.
  uint8_t Lgkm = 0;     ///< Its LgkmKind, if it joins lgkmcnt.
  bool Flat = false;    ///< FLAT (not global or scratch).
  /// A MUBUF, MTBUF, global or scratch load: writes its VGPRs in issue
  /// order with the others of its kind.
  bool InOrderVGPRWrite = false;
  bool VALU = false, SALU = false, VMem = false, DPP = false;
  bool DivFmas = false, ReadsM0Hazard = false, ReadsVCCZ = false;
  /// v_readlane/v_writelane: the lane-select SGPR range, if an SGPR.
  RegRange LaneSelect;
  /// A vector store of more than 8 bytes: its data VGPRs.
  RegRange StoreData;
  unsigned WaitStates = 1;
  /// s_waitcnt*: the count each counter must come down to (~0u: no wait).
  std::array<unsigned, NumStrictCounters> Wait = {~0u, ~0u, ~0u};
  bool IsWait = false;
};

/// Target rules and the per-instruction facts of a Program.
struct StrictProgram {
  std::vector<StrictInstr> Insts; ///< Parallel to Program::Insts.
  bool DataDepHazards = false;    ///< gfx9: the wait-state rules apply.
  bool PartialVCCUpdatesVCCZ = true;
  bool FlatCountsInOrder = true; ///< gfx10+.
  bool HasVsCnt = false;         ///< gfx10+: stores count on vscnt.
  /// gfx9-gfx11: InOrderVGPRWrite loads write their VGPRs in issue order.
  bool VmemWritesVGPRsInOrder = true;
};

/// Describes every instruction of P for strict mode on Processor.
std::unique_ptr<StrictProgram> buildStrictProgram(const Program &P,
                                                  StringRef Processor);

/// The strict state of one wave: in-flight results and recent definitions.
class StrictWave {
public:
  explicit StrictWave(const StrictProgram &SP);

  /// Checks instruction Idx before it executes. I is the instruction as it
  /// executes: VGPR index mode and v_movrel* may have moved its VGPR
  /// operands (relocateOperands), and the registers they moved to are
  /// checked too.
  Error before(WaveCtx &C, const Instr &I, uint32_t Idx);
  /// Records what instruction Idx did once it executed.
  void after(uint32_t Idx);

private:
  /// A memory instruction in flight: the counters it joined, and those
  /// that have not yet guaranteed its completion. Its results are ready
  /// once every one has: each counter is its own queue (SIInsertWaitcnts
  /// also waits on both for a FLAT load).
  struct InFlight {
    uint32_t Inst;
    uint8_t Counters;
    uint8_t Pending;
  };
  const StrictProgram &SP;
  std::vector<InFlight> Ops;
  /// Per counter, the in-flight operations it has not completed, oldest
  /// first.
  std::array<std::deque<uint32_t>, NumStrictCounters> Queues;
  /// Per register: 1 + the in-flight op that will write it, or 0.
  std::vector<uint32_t> Writer;
  /// The wait-state clock, and per register when and by which instruction
  /// (index + 1) a VALU (or, for DPP, any instruction) last wrote it.
  uint64_t Clock = 64;
  std::vector<uint64_t> ValuDefAt, AnyDefAt;
  std::vector<uint32_t> ValuDefBy, AnyDefBy;
  uint64_t M0SaluDefAt = 0, StoreAt = 0;
  uint32_t M0SaluDefBy = 0, StoreBy = 0;
  RegRange StoreData;
  /// The instruction (index + 1) that left VCCZ stale, or 0.
  uint32_t StaleVCCZBy = 0;
  /// The VGPRs the instruction between before() and after() writes where
  /// relocateOperands moved its vdst.
  SmallVector<RegRange, 1> MovedWrites;

  bool inOrder(StrictCounter C) const;
  void retire(uint32_t Op, StrictCounter C);
  void wait(StrictCounter C, unsigned N);
  Error checkInFlight(WaveCtx &C, const Instr &I, uint32_t Idx);
  Error checkMoved(WaveCtx &C, const Instr &I, uint32_t Idx);
  Error inFlightError(WaveCtx &C, const Instr &I, unsigned Reg, StringRef What);
  Error checkWaitStates(WaveCtx &C, const Instr &I, uint32_t Idx);
};

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_STRICT_H
