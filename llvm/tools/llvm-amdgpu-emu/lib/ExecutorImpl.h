//===- ExecutorImpl.h - Internals of the wave executor ----------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Types shared by the executor (Executor.cpp), the wave loop (Wave.cpp) and
// the instruction semantics (Semantics*.cpp). Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTORIMPL_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTORIMPL_H

#include "Executor.h"
#include "Strict.h"
#include "Timing.h"
#include "llvm/ADT/DenseMap.h"
#include <array>
#include <bitset>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

/// Flat-address apertures reported to the kernel (hidden_shared_base,
/// hidden_private_base). Flat accesses into them are not modelled yet.
constexpr uint64_t SharedApertureBase = 0x1000000000000ull;
constexpr uint64_t PrivateApertureBase = 0x2000000000000ull;
constexpr uint32_t NoTarget = ~0u;

/// Where the code object's image is mapped in global memory: code-object
/// globals are read PC-relative, and s_getpc returns addresses here. Not 0,
/// so that null pointers still fault.
constexpr uint64_t ImageBase = 0x10000000ull;

/// Buffer descriptors whose base lies below this address address private
/// memory: the emulator hands the kernel a private-segment descriptor with
/// base 0, and maps the image and every global buffer above it.
constexpr uint64_t PrivateDescriptorLimit = ImageBase;

/// Scalar register-file indices (hardware encodings).
constexpr unsigned SRegVCC = 106, SRegM0 = 124, SRegEXEC = 126;
constexpr unsigned NumSRegs = 128, NumVRegs = 512; // VGPRs, then AGPRs.

enum class OpKind : uint8_t {
  None,
  SGPR, ///< Scalar file (SGPRs, VCC, M0, EXEC, ...), Index = encoding.
  VGPR,
  AGPR,
  Imm, ///< Inline constant or literal, already decoded.
  SCC,
  VCCZ,
  EXECZ,
  Null,
  Unsupported
};

struct Operand {
  OpKind Kind = OpKind::None;
  uint8_t Dwords = 1;
  uint16_t Index = 0;
  /// src0 of a DPP instruction: each lane reads what WaveCtx::Dpp fetched
  /// for it from the lane the DPP controls select (readV).
  bool Dpp = false;
  uint64_t Imm = 0;
};

/// The operand roles an instruction may have (AMDGPU named operands).
enum class Role : unsigned {
  VDst,
  SDst,
  Src0,
  Src1,
  Src2,
  VAddr,
  SAddr,
  VData,
  SData,
  SBase,
  SOffset,
  Addr,
  Data0,
  Data1,
  Offset,
  Simm16,
  Offset0,
  Offset1,
  Src0Mods,
  Src1Mods,
  Src2Mods,
  Clamp,
  OMod,
  SRsrc,
  DstSel,
  DstUnused,
  Src0Sel,
  Src1Sel,
  ImmK,
  DppCtrl,       ///< dpp_ctrl (DPP16).
  RowMask,       ///< row_mask (DPP16).
  BankMask,      ///< bank_mask (DPP16).
  BoundCtrl,     ///< bound_ctrl (DPP16): 1 if BC is set.
  FetchInactive, ///< fi (gfx10+ DPP16: 0/1; DPP8: DPP8_FI_0/DPP8_FI_1).
  Dpp8Sel,       ///< dpp8 (DPP8): eight 3-bit lane selects.
  NumRoles
};

struct Instr;
struct WaveCtx;
using Semantics = Error (*)(WaveCtx &, const Instr &);

/// Which VGPR operands of a v_movrel* instruction (gfx6-gfx8, gfx10+) are
/// addressed relative to M0: VGPR[src0 + M0] and/or VGPR[vdst + M0];
/// v_movrelsd_2_b32 (gfx10) offsets src0 by M0[9:0] and vdst by M0[25:16].
enum class MovRel : uint8_t { None, Src, Dst, SrcDst, SrcDst2 };

/// The DPP forms of a VOP1/VOP2 instruction (SIInstrFlags::DPP): DPP16
/// (dpp_ctrl, row_mask, bank_mask, bound_ctrl, and fi from gfx10 on) and
/// gfx10+'s DPP8 (eight lane selects, fi).
enum class DppForm : uint8_t { None, Dpp16, Dpp8 };

struct Instr {
  uint64_t Addr = 0;
  InstClass Class = InstClass::SALU;
  uint32_t Next = 0;          ///< Index of the next instruction.
  uint32_t Target = NoTarget; ///< Index of a branch's target.
  StringRef Name;             ///< Opcode name without encoding suffix.
  bool Leader = false;        ///< First instruction of a basic block.
  uint32_t Index = 0;         ///< Its index in Program::Insts.
  /// A VALU instruction (SIInstrFlags::VALU, v_cmpx included): its VGPR
  /// operands are relative to M0 while VGPR index mode is on (gfx9).
  bool VALU = false;
  MovRel Rel = MovRel::None;
  DppForm Dpp = DppForm::None;
  /// It writes a lane mask (a carry-out or compare result in VCC or sdst).
  bool WritesLaneMask = false;
  Semantics Fn = nullptr;
  std::array<Operand, unsigned(Role::NumRoles)> Ops;

  bool has(Role R) const { return Ops[unsigned(R)].Kind != OpKind::None; }
  const Operand &op(Role R) const { return Ops[unsigned(R)]; }
  int64_t imm(Role R) const { return has(R) ? int64_t(op(R).Imm) : 0; }
};

struct Program {
  std::unique_ptr<Decoder> Dec;
  std::vector<DecodedInst> Decoded; ///< Parallel to Insts.
  std::vector<Instr> Insts;
  DenseMap<uint64_t, uint32_t> IndexOf; ///< Address -> instruction index.
  std::vector<Operand> Regs;            ///< MC register -> operand.
  unsigned Lanes = 64;
  uint32_t Entry = 0; ///< Index of the kernel's first instruction.
  bool PackedTID = false;
  unsigned DenormMode32 = 3; ///< COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32.
  unsigned DenormMode64 = 3; ///< COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_16_64.
  bool CmpxWritesOnlyExec = false; ///< gfx10+: v_cmpx_* leave VCC alone.
  /// Width of the signed FLAT/GLOBAL instruction offset field, which the
  /// disassembler leaves unextended: 12 bits on gfx10, 13 on gfx9/gfx11.
  unsigned FlatOffsetBits = 13;
  /// Whether a D16 load keeps the other half of its VGPR: on targets with
  /// SRAM ECC only if the target ID says `sramecc-` (LLVM does not count on
  /// it with ECC on or unspecified, and the emulator then zeroes the half).
  bool D16PreservesUnusedBits = true;
  raw_ostream *Trace = nullptr; ///< Where to print each executed instruction.
  int TraceLane = -1;           ///< Also print this lane's VGPR results.
  /// The dispatch stops with an error after this many wave-instructions.
  uint64_t MaxWaveInsts = Executor::DefaultMaxWaveInsts;
  bool CountUniformVGPRs = false;
  bool CheckWriteConflicts = false;
  std::string Processor;
  /// Per instruction: the pseudo of its opcode (the opcode itself if none).
  std::vector<unsigned> PseudoOpcodes;
  /// Strict mode's facts (Strict.h), or null when strict mode is off.
  std::unique_ptr<StrictProgram> Strict;
  /// The timing model's parameters and per-instruction facts (Timing.h),
  /// or null when timing is off.
  std::unique_ptr<TimingParams> Timing;
  std::vector<TimingInst> TimingInsts;
};

struct Wave {
  std::array<uint32_t, NumSRegs> S = {};
  bool SCC = false;
  uint32_t PC = 0; ///< Instruction index.
  bool Ended = false, AtBarrier = false;
  /// MODE.gpr_idx_en (gfx9 VGPR index mode): s_set_gpr_idx_on sets it,
  /// s_set_gpr_idx_off clears it; M0[7:0] holds the index, M0[15:12] which
  /// operands it applies to.
  bool GprIdxEn = false;
  std::vector<uint32_t> V; ///< V[Reg * Lanes + Lane].
  /// The VGPRs and AGPRs an instruction has written (for
  /// Program::CountUniformVGPRs).
  std::bitset<NumVRegs> Written;
  /// The flat ID of the work-item in lane 0, the workgroup's linear index,
  /// and the barriers the wave has passed: who stored a byte, and whether a
  /// barrier orders two stores (Counters::WriteConflicts).
  uint64_t FirstItem = 0;
  uint32_t Group = 0, Barriers = 0;
  /// Private (scratch) memory, PrivateSize bytes per lane, lane-major.
  std::vector<uint8_t> Priv;
  uint32_t PrivateSize = 0;
  /// In-flight results and recent definitions, in strict mode.
  std::unique_ptr<StrictWave> Strict;
};

/// What a dispatch counts per instruction index. Entries, EntryLanes and
/// UniformVGPRs count entries into the block the instruction leads (block
/// leaders only); LaneRedundant and SingleLane count VALU executions.
struct InstCounts {
  uint64_t Entries = 0, EntryLanes = 0, UniformVGPRs = 0;
  uint64_t LaneRedundant = 0, SingleLane = 0;
  /// Instructions that write EXEC: see ExecSplitCount.
  uint64_t ExecVisits = 0, ExecSplits = 0, LanesKept = 0, LanesSetAside = 0,
           ExecRejoins = 0;
  uint64_t Executions = 0, LaneSlotsLost = 0; ///< See InstCount.
};

/// The last store to each global byte of a dispatch, for
/// Counters::WriteConflicts.
struct ByteWriter {
  uint64_t Item;
  uint32_t Group, Barriers;
  uint8_t Value;
};
using WriteLog = DenseMap<uint64_t, ByteWriter>;

struct DispatchState {
  Program &Prog;
  const KernelInfo &Kernel;
  GlobalMemory &Mem;
  Counters &Stats;
  std::vector<InstCounts> &PerInst; ///< By instruction index.
  const DispatchDims &Dims;
  uint64_t KernargAddr, PacketAddr;
  /// Where to append the final state of every wave, or null.
  std::vector<WaveState> *FinalStates = nullptr;
  /// Where to record what every wave executed for the timing model, or null.
  DispatchTrace *Trace = nullptr;
  /// The last writer of every global byte stored, or null.
  WriteLog *Writes = nullptr;
};

/// While a DPP instruction runs (runDpp): the lane each lane's src0 is read
/// from (or Zero for the value 0), the values read there before any lane is
/// written (vdst may be src0's register), and the lanes the instruction
/// writes.
struct DppLanes {
  static constexpr int8_t Zero = -1;
  std::array<int8_t, 64> Src;
  std::array<uint32_t, 64> Value;
  uint64_t Write = 0;
};

/// What an instruction's semantics see.
struct WaveCtx {
  DispatchState &DS;
  Wave &W;
  std::vector<uint8_t> &LDS;
  unsigned Lanes;
  /// Set while a DPP instruction runs: where src0 is read from, and which
  /// lanes execute (exec() is EXEC without the lanes DPP does not write).
  const DppLanes *Dpp = nullptr;

  uint64_t exec() const {
    uint64_t E = Lanes == 64 ? W.S[SRegEXEC] | uint64_t(W.S[SRegEXEC + 1]) << 32
                             : W.S[SRegEXEC];
    return Dpp ? E & Dpp->Write : E;
  }
  uint64_t vcc() const {
    return Lanes == 64 ? W.S[SRegVCC] | uint64_t(W.S[SRegVCC + 1]) << 32
                       : W.S[SRegVCC];
  }
};

/// The semantics of the instruction named Name (without encoding suffix),
/// or a routine that reports it as unimplemented.
Semantics lookupSemantics(StringRef Name);
/// The routine of an instruction the emulator has no semantics for, which
/// refuses to run.
Error unimplemented(WaveCtx &C, const Instr &I);
/// The same for a VALU instruction whose only effect is on the VGPRs of the
/// active lanes: with EXEC = 0 it does nothing, and runs as such.
Error unimplementedUnlessExecZero(WaveCtx &C, const Instr &I);

/// The 128-byte cache lines a vector memory instruction touches in the
/// lanes of Exec (for GLOBAL_*/FLAT_* from the lanes' addresses; for
/// buffer and scratch instructions, as if the lanes' data were contiguous).
unsigned vmemCacheLines(const WaveCtx &C, const Instr &I, uint64_t Exec);
/// The cycles an LDS instruction spends in the banks: per group of Banks
/// lanes, the largest number of distinct dwords one bank serves (lanes
/// reading the same dword share it).
unsigned ldsBankCycles(const WaveCtx &C, const Instr &I, uint64_t Exec,
                       unsigned Banks);

/// Runs every wave of one workgroup to completion.
Error runWorkgroup(DispatchState &DS, std::array<uint32_t, 3> GroupId);

/// An error naming the instruction, for faults and unimplemented features.
Error instError(WaveCtx &C, const Instr &I, const Twine &Msg);

/// The bits of M0 that VGPR index mode uses: the index, and the operands
/// it applies to (bit 0 src0, 1 src1, 2 src2, 3 vdst, as
/// AMDGPU::VGPRIndexMode numbers them).
constexpr unsigned GprIdxIndexMask = 0xff, GprIdxModeShift = 12;

/// I as it executes in wave C: the VGPR operands that VGPR index mode or
/// v_movrel* address relative to M0 moved to the registers they address
/// (Wave.cpp). Fails when one lies outside the kernel's VGPRs, or on an
/// AGPR operand index mode would move (not modelled).
Expected<Instr> relocateOperands(WaveCtx &C, const Instr &I);

/// Runs DPP instruction I (Dpp.cpp): its routine (I.Fn, that of the e32
/// form) with src0 read from the lanes the DPP controls select and only the
/// lanes they enable written. Refuses a control the emulator does not
/// implement, naming it.
Error runDpp(WaveCtx &C, const Instr &I);

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_EXECUTORIMPL_H
