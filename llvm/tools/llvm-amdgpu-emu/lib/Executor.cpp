//===- Executor.cpp - Wave-level execution of AMDGPU kernels --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dispatcher and the instruction loop. Instruction semantics live in
// Semantics*.cpp; this file resolves operands, sets up the initial wave state
// of the AMDHSA ABI and runs the waves.
//
//===----------------------------------------------------------------------===//

#include "Executor.h"
#include "ExecutorImpl.h"
#include "MCTargetDesc/AMDGPUMCTargetDesc.h"
#include "SIDefines.h"
#include "Timing.h"
#include "Utils/AMDGPUBaseInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/TargetParser.h"
#include <cstring>

using namespace llvm;
using namespace llvm::amdgpu_emu;

double Counters::valuUtilization() const {
  uint64_t V = ByClass[unsigned(InstClass::VALU)];
  return V ? double(VALUActiveLanes) / (double(V) * WaveSize) : 0.0;
}

double Counters::laneRedundantFraction() const {
  uint64_t V = ByClass[unsigned(InstClass::VALU)];
  return V ? double(LaneRedundantVALU) / double(V) : 0.0;
}

uint64_t Counters::cycleEstimate() const {
  // Issue cost per class, plus a fixed latency per memory instruction. The
  // constants are documented (and justified) in docs/Emulator.md. Vector
  // instructions occupy the SIMD for ValuCycles.
  const unsigned Cost[NumInstClasses] = {/*SALU*/ 1,
                                         /*VALU*/ ValuCycles,
                                         /*SMEM*/ 1 + 50,
                                         /*VMEM*/ ValuCycles + 300,
                                         /*LDS*/ ValuCycles + 60,
                                         /*Branch*/ 2,
                                         /*ExecMask*/ 1,
                                         /*WaitNop*/ 1};
  uint64_t Cycles = 0;
  for (unsigned C = 0; C != NumInstClasses; ++C)
    Cycles += ByClass[C] * Cost[C];
  // A v_cmpx writes EXEC but occupies the VALU like any other compare.
  Cycles += VALUExecWrites * (Cost[unsigned(InstClass::VALU)] -
                              Cost[unsigned(InstClass::ExecMask)]);
  return Cycles;
}

//===----------------------------------------------------------------------===//
// Programs: decoded instructions with resolved operands.
//===----------------------------------------------------------------------===//

/// The opcode name without its encoding suffix: V_ADD_U32_e32_vi ->
/// V_ADD_U32_e32, S_LOAD_DWORD_IMM_gfx10 -> S_LOAD_DWORD_IMM.
static StringRef baseName(StringRef Name) {
  size_t Gfx = Name.find("_gfx");
  if (Gfx != StringRef::npos)
    return Name.take_front(Gfx);
  for (StringRef Suffix : {"_vi", "_si", "_ci"})
    if (Name.ends_with(Suffix))
      return Name.drop_back(Suffix.size());
  return Name;
}

/// How every physical register maps onto the wave's register files.
static std::vector<Operand> buildRegisterTable(const MCRegisterInfo &MRI) {
  std::vector<Operand> Table(MRI.getNumRegs());
  for (unsigned Reg = 1, E = MRI.getNumRegs(); Reg != E; ++Reg) {
    StringRef Name = MRI.getName(Reg);
    Operand &O = Table[Reg];
    O.Kind = OpKind::Unsupported;
    if (Name.contains("LO16") || Name.contains("HI16"))
      continue;
    unsigned Enc = MRI.getEncodingValue(Reg) & 0xff;
    if (Name == "SCC" || Name == "SRC_SCC") {
      O.Kind = OpKind::SCC;
      continue;
    }
    if (Name == "SRC_VCCZ" || Name == "SRC_EXECZ") {
      O.Kind = Name == "SRC_VCCZ" ? OpKind::VCCZ : OpKind::EXECZ;
      continue;
    }
    // The aperture registers read as constants: the 64-bit register is the
    // aperture's base (low half 0) or limit (low half all ones); a 32-bit
    // read (the _LO half) yields the high half, which is all a 32-bit
    // operand can use (see SIRegisterInfo.td).
    if (Name.starts_with("SRC_SHARED_") || Name.starts_with("SRC_PRIVATE_")) {
      uint64_t Base = Name.starts_with("SRC_SHARED_") ? SharedApertureBase
                                                      : PrivateApertureBase;
      bool Limit = Name.contains("LIMIT");
      O.Kind = OpKind::Imm;
      if (Name.ends_with("_LO")) {
        O.Imm = Base >> 32;
      } else if (Name.ends_with("_BASE") || Name.ends_with("_LIMIT")) {
        O.Dwords = 2;
        O.Imm = Limit ? Base | 0xffffffffu : Base;
      } else {
        O.Kind = OpKind::Unsupported; // _HI halves are not addressable.
      }
      continue;
    }
    // Pseudos with encoding 0 that instructions name implicitly (FLAT
    // instructions use FLAT_SCR): not s0. The subtarget's real registers
    // (FLAT_SCR_vi, ...) are what machine code names.
    if (Name == "FLAT_SCR" || Name == "FLAT_SCR_LO" || Name == "FLAT_SCR_HI")
      continue;
    if (Name.starts_with("SGPR_NULL")) {
      O.Kind = OpKind::Null;
      O.Dwords = Name.ends_with("64") ? 2 : 1;
      continue;
    }
    SmallVector<StringRef, 16> Parts;
    Name.split(Parts, '_');
    unsigned Tuple = 0;
    for (StringRef P : Parts)
      if (P.starts_with("VGPR") || P.starts_with("AGPR") ||
          P.starts_with("SGPR") || P.starts_with("TTMP"))
        ++Tuple;
    O.Index = uint16_t(Enc);
    if (Name.starts_with("VGPR") || Name.starts_with("AGPR")) {
      O.Kind = Name.starts_with("VGPR") ? OpKind::VGPR : OpKind::AGPR;
      O.Dwords = uint8_t(Tuple);
    } else if (Name.starts_with("SGPR") || Name.starts_with("TTMP")) {
      O.Kind = OpKind::SGPR;
      O.Dwords = uint8_t(Tuple);
    } else if (Name == "VCC" || Name == "EXEC" || Name == "FLAT_SCR" ||
               Name == "FLAT_SCR_vi" || Name == "FLAT_SCR_ci" ||
               Name == "XNACK_MASK") {
      O.Kind = OpKind::SGPR;
      O.Dwords = 2;
    } else if (Name == "M0") {
      // The pseudo that implicit operands name; its encoding is not M0's.
      O.Kind = OpKind::SGPR;
      O.Index = SRegM0;
    } else if (Name == "VCC_LO" || Name == "VCC_HI" || Name == "EXEC_LO" ||
               Name == "EXEC_HI" ||
               // M0's MC register is M0_gfxpre11 (encoding 124) or
               // M0_gfx11plus (125); M0 itself is the pseudo.
               Name.starts_with("M0_gfx") || Name.starts_with("FLAT_SCR_LO") ||
               Name.starts_with("FLAT_SCR_HI") || Name == "XNACK_MASK_LO" ||
               Name == "XNACK_MASK_HI") {
      O.Kind = OpKind::SGPR;
      O.Dwords = 1;
    }
  }
  return Table;
}

static Operand resolve(const MCOperand &MO, const std::vector<Operand> &Regs) {
  if (MO.isImm()) {
    Operand O;
    O.Kind = OpKind::Imm;
    O.Imm = uint64_t(MO.getImm());
    return O;
  }
  if (MO.isReg() && MO.getReg() < Regs.size())
    return Regs[MO.getReg()];
  return Operand{OpKind::Unsupported, 1, 0, false, 0};
}

/// Which operands of the instruction named Name are addressed relative to
/// M0 as v_movrel* address them.
static MovRel movRelOf(StringRef Name) {
  if (Name.starts_with("V_MOVRELSD_2_B32"))
    return MovRel::SrcDst2;
  if (Name.starts_with("V_MOVRELSD_B32"))
    return MovRel::SrcDst;
  if (Name.starts_with("V_MOVRELS_B32"))
    return MovRel::Src;
  if (Name.starts_with("V_MOVRELD_B32"))
    return MovRel::Dst;
  return MovRel::None;
}

/// The name whose routine a DPP instruction runs: that of its e32 form
/// (V_ADD_U32_dpp -> V_ADD_U32_e32, V_MOV_B32_dpp8 -> V_MOV_B32_e32,
/// V_ADD_CO_CI_U32_dpp_w32 -> V_ADD_CO_CI_U32_e32). runDpp makes src0 read
/// across lanes, so every routine that reads src0 through readV serves.
static std::string dppRoutineName(StringRef Name) {
  if (!Name.consume_back("_w32"))
    Name.consume_back("_w64");
  if (!Name.consume_back("_dpp8"))
    Name.consume_back("_dpp");
  if (Name.ends_with("_e32") || Name.ends_with("_e64"))
    return Name.str();
  return (Name + "_e32").str();
}

/// Marks I as a DPP instruction if it has DPP16 or DPP8 controls: its src0
/// reads across lanes, and it runs its e32 form's routine under runDpp.
/// ImplicitDefs: its description defines registers implicitly (VCC).
static void setUpDpp(Instr &I, bool ImplicitDefs) {
  if (I.has(Role::Dpp8Sel))
    I.Dpp = DppForm::Dpp8;
  else if (I.has(Role::DppCtrl))
    I.Dpp = DppForm::Dpp16;
  else
    return;
  I.Ops[unsigned(Role::Src0)].Dpp = true;
  I.WritesLaneMask = I.has(Role::SDst) || ImplicitDefs; // VCC
  I.Fn = lookupSemantics(dppRoutineName(I.Name));
}

/// Whether I, an instruction of description Desc, changes nothing but its
/// VGPR or AGPR destination in the active lanes: a VALU instruction with one
/// def, no implicit ones (a carry into VCC) and no lane-mask result, that
/// is not one of those that ignore EXEC (v_writelane, v_readlane, MFMA).
/// Code the wave enters with EXEC = 0 (a structurized block without its
/// skip branch) may hold such an instruction that the emulator does not
/// implement; it runs as a no-op there.
static bool onlyWritesActiveVGPRs(const MCInstrDesc &Desc, const Instr &I) {
  const Operand &VDst = I.op(Role::VDst);
  return I.Class == InstClass::VALU && Desc.getNumDefs() == 1 &&
         Desc.implicit_defs().empty() && !I.has(Role::SDst) &&
         (VDst.Kind == OpKind::VGPR || VDst.Kind == OpKind::AGPR) &&
         !I.Name.contains("LANE") && !I.Name.contains("MFMA");
}

/// Marks the first instruction of every basic block: function entries,
/// branch targets, and whatever follows a branch or s_endpgm.
static void markBlockLeaders(Program &P) {
  for (size_t Idx = 0; Idx != P.Insts.size(); ++Idx) {
    Instr &I = P.Insts[Idx];
    if (Idx == 0 || P.Insts[Idx - 1].Next != Idx)
      I.Leader = true;
    if (I.Target != NoTarget)
      P.Insts[I.Target].Leader = true;
    bool EndsBlock =
        I.Target != NoTarget || I.Name.starts_with("S_SETPC") ||
        I.Name.starts_with("S_SWAPPC") || I.Name.starts_with("S_ENDPGM") ||
        I.Name.starts_with("S_CBRANCH") || I.Name.starts_with("S_BRANCH");
    if (EndsBlock && I.Next != NoTarget)
      P.Insts[I.Next].Leader = true;
  }
}

/// Turns the per-instruction counts of a dispatch into Counters::Blocks.
static std::vector<BlockCount> collectBlocks(const Program &P,
                                             ArrayRef<InstCounts> Counts) {
  std::vector<BlockCount> Blocks;
  for (size_t Idx = 0; Idx != P.Insts.size(); ++Idx) {
    if (!P.Insts[Idx].Leader || !Counts[Idx].Entries)
      continue;
    BlockCount B;
    B.Addr = P.Insts[Idx].Addr;
    B.Executions = Counts[Idx].Entries;
    B.ActiveLanes = Counts[Idx].EntryLanes;
    B.UniformVGPRs = Counts[Idx].UniformVGPRs;
    size_t End = Idx;
    do {
      B.LaneRedundantVALU += Counts[End].LaneRedundant;
      B.SingleLaneVALU += Counts[End].SingleLane;
      ++End;
    } while (End < P.Insts.size() && P.Insts[End - 1].Next == End &&
             !P.Insts[End].Leader);
    B.Insts = uint32_t(End - Idx);
    Blocks.push_back(B);
  }
  llvm::sort(Blocks, [](const BlockCount &A, const BlockCount &B) {
    return A.Addr < B.Addr;
  });
  return Blocks;
}

/// The EXEC writes of a dispatch, from its per-instruction counts.
static std::vector<ExecSplitCount>
collectExecSplits(const Program &P, ArrayRef<InstCounts> Counts) {
  std::vector<ExecSplitCount> Out;
  for (size_t Idx = 0; Idx != P.Insts.size(); ++Idx) {
    const InstCounts &IC = Counts[Idx];
    if (!IC.ExecVisits)
      continue;
    ExecSplitCount E;
    E.Addr = P.Insts[Idx].Addr;
    E.Inst = P.Dec->print(P.Decoded[Idx]);
    E.Visits = IC.ExecVisits;
    E.Splits = IC.ExecSplits;
    E.LanesKept = IC.LanesKept;
    E.LanesSetAside = IC.LanesSetAside;
    E.Rejoins = IC.ExecRejoins;
    Out.push_back(std::move(E));
  }
  return Out;
}

static Error unsupportedOperand(WaveCtx &C, const Instr &I) {
  return instError(C, I,
                   "an operand is a register the emulator does not "
                   "model");
}

/// The operand roles the semantics read, by the target's named operands.
static const std::pair<Role, unsigned> NamedRoles[] = {
    {Role::VDst, AMDGPU::OpName::vdst},
    {Role::SDst, AMDGPU::OpName::sdst},
    {Role::Src0, AMDGPU::OpName::src0},
    {Role::Src1, AMDGPU::OpName::src1},
    {Role::Src2, AMDGPU::OpName::src2},
    {Role::VAddr, AMDGPU::OpName::vaddr},
    {Role::SAddr, AMDGPU::OpName::saddr},
    {Role::VData, AMDGPU::OpName::vdata},
    {Role::SData, AMDGPU::OpName::sdata},
    {Role::SBase, AMDGPU::OpName::sbase},
    {Role::SOffset, AMDGPU::OpName::soffset},
    {Role::Addr, AMDGPU::OpName::addr},
    {Role::Data0, AMDGPU::OpName::data0},
    {Role::Data1, AMDGPU::OpName::data1},
    {Role::Offset, AMDGPU::OpName::offset},
    {Role::Simm16, AMDGPU::OpName::simm16},
    {Role::Offset0, AMDGPU::OpName::offset0},
    {Role::Offset1, AMDGPU::OpName::offset1},
    {Role::Src0Mods, AMDGPU::OpName::src0_modifiers},
    {Role::Src1Mods, AMDGPU::OpName::src1_modifiers},
    {Role::Src2Mods, AMDGPU::OpName::src2_modifiers},
    {Role::Clamp, AMDGPU::OpName::clamp},
    {Role::OMod, AMDGPU::OpName::omod},
    {Role::SRsrc, AMDGPU::OpName::srsrc},
    {Role::DstSel, AMDGPU::OpName::dst_sel},
    {Role::DstUnused, AMDGPU::OpName::dst_unused},
    {Role::Src0Sel, AMDGPU::OpName::src0_sel},
    {Role::Src1Sel, AMDGPU::OpName::src1_sel},
    {Role::ImmK, AMDGPU::OpName::imm},
    {Role::DppCtrl, AMDGPU::OpName::dpp_ctrl},
    {Role::RowMask, AMDGPU::OpName::row_mask},
    {Role::BankMask, AMDGPU::OpName::bank_mask},
    {Role::BoundCtrl, AMDGPU::OpName::bound_ctrl},
    {Role::FetchInactive, AMDGPU::OpName::fi},
    {Role::Dpp8Sel, AMDGPU::OpName::dpp8}};

/// Decodes the kernel and every other function of the code object: the
/// kernel may call them (s_swappc_b64).
static Expected<std::vector<DecodedInst>>
decodeFunctions(const CodeObject &CO, const KernelInfo &K, Decoder &D) {
  std::vector<DecodedInst> All;
  bool SawKernel = false;
  for (auto [Addr, Size] : CO.functions()) {
    auto Decoded = D.decode(CO.getImage(), Addr, Addr + Size);
    if (!Decoded)
      return Decoded.takeError();
    SawKernel |= Addr == K.EntryAddr;
    All.insert(All.end(), std::make_move_iterator(Decoded->begin()),
               std::make_move_iterator(Decoded->end()));
  }
  if (!SawKernel)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '" + K.Name +
                                 "': no function symbol at its entry point");
  return All;
}

/// Many real (encoded) opcodes carry no named-operand table; their pseudo
/// has the same operand list and does. Inverts the target's pseudo -> real
/// map (getMCOpcode) over every encoding family to find it.
static DenseMap<unsigned, unsigned> mapRealToPseudo(const MCInstrInfo &MII) {
  DenseMap<unsigned, unsigned> PseudoOf;
  for (unsigned Opc = 0, E = MII.getNumOpcodes(); Opc != E; ++Opc)
    for (unsigned Gen = SIEncodingFamily::SI; Gen <= SIEncodingFamily::GFX12;
         ++Gen) {
      int Real = AMDGPU::getMCOpcode(Opc, Gen);
      if (Real >= 0 && unsigned(Real) != Opc)
        PseudoOf.try_emplace(unsigned(Real), Opc);
    }
  return PseudoOf;
}

/// The executable form of decoded instruction Idx of P: its operands by
/// role, its semantics, and the instruction that follows it.
static Instr buildInstr(Program &P, size_t Idx, const MCInstrInfo &MII,
                        const DenseMap<unsigned, unsigned> &PseudoOf) {
  const DecodedInst &DI = P.Decoded[Idx];
  Instr I;
  I.Addr = DI.Addr;
  I.Class = DI.Class;
  // Falling through past the end of a function is an error, not a jump
  // into whatever follows it.
  bool Contiguous = Idx + 1 < P.Decoded.size() &&
                    P.Decoded[Idx + 1].Addr == DI.Addr + DI.Size;
  I.Next = Contiguous ? uint32_t(Idx + 1) : NoTarget;
  I.Name = baseName(MII.getName(DI.Inst.getOpcode()));
  I.Index = uint32_t(Idx);
  I.Rel = movRelOf(I.Name);
  unsigned Opc = DI.Inst.getOpcode();
  auto Pseudo = PseudoOf.find(Opc);
  unsigned PseudoOpc = Pseudo == PseudoOf.end() ? Opc : Pseudo->second;
  P.PseudoOpcodes.push_back(PseudoOpc);
  for (auto [R, Name] : NamedRoles) {
    int OpIdx = AMDGPU::getNamedOperandIdx(Opc, Name);
    if (OpIdx < 0)
      OpIdx = AMDGPU::getNamedOperandIdx(PseudoOpc, Name);
    if (OpIdx >= 0 && unsigned(OpIdx) < DI.Inst.getNumOperands())
      I.Ops[unsigned(R)] = resolve(DI.Inst.getOperand(OpIdx), P.Regs);
  }
  I.VALU =
      (MII.get(Opc).TSFlags | MII.get(PseudoOpc).TSFlags) & SIInstrFlags::VALU;
  I.Fn = lookupSemantics(I.Name);
  setUpDpp(I, !MII.get(Opc).implicit_defs().empty() ||
                  !MII.get(PseudoOpc).implicit_defs().empty());
  if (I.Fn == unimplemented && onlyWritesActiveVGPRs(MII.get(Opc), I))
    I.Fn = unimplementedUnlessExecZero;
  // A register the emulator does not model (trap registers, POPS, ...)
  // must not read as some value: the instruction refuses to run.
  if (any_of(I.Ops,
             [](const Operand &O) { return O.Kind == OpKind::Unsupported; }))
    I.Fn = unsupportedOperand;
  return I;
}

/// Branch targets: SOPP branches are PC + 4 + simm16 * 4.
static void resolveBranchTargets(Program &P) {
  for (Instr &I : P.Insts) {
    if (I.Class != InstClass::Branch || !I.has(Role::Simm16))
      continue;
    int64_t Off = int16_t(I.op(Role::Simm16).Imm);
    uint64_t Target = I.Addr + 4 + uint64_t(Off * 4);
    auto It = P.IndexOf.find(Target);
    I.Target = It == P.IndexOf.end() ? NoTarget : It->second;
  }
}

static Expected<std::unique_ptr<Program>> buildProgram(const CodeObject &CO,
                                                       const KernelInfo &K) {
  if (K.CodeSize == 0)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '" + K.Name +
                                 "' has no code symbol giving its size");
  auto D = Decoder::create(CO.getProcessor(), K.WavefrontSize);
  if (!D)
    return D.takeError();
  auto All = decodeFunctions(CO, K, **D);
  if (!All)
    return All.takeError();
  auto P = std::make_unique<Program>();
  P->Dec = std::move(*D);
  P->Lanes = K.WavefrontSize;
  P->Regs = buildRegisterTable(P->Dec->getRegisterInfo());
  P->Processor = CO.getProcessor().str();
  P->Decoded = std::move(*All);
  const MCInstrInfo &MII = P->Dec->getInstrInfo();
  DenseMap<unsigned, unsigned> PseudoOf = mapRealToPseudo(MII);
  for (size_t Idx = 0; Idx != P->Decoded.size(); ++Idx) {
    P->IndexOf[P->Decoded[Idx].Addr] = uint32_t(Idx);
    P->Insts.push_back(buildInstr(*P, Idx, MII, PseudoOf));
  }
  resolveBranchTargets(*P);
  markBlockLeaders(*P);
  return std::move(P);
}

Executor::~Executor() = default;

void Executor::setTrace(raw_ostream *OS, int Lane) {
  Prog->Trace = OS;
  Prog->TraceLane = Lane;
}

void Executor::setMaxWaveInsts(uint64_t N) { Prog->MaxWaveInsts = N; }

void Executor::setCountUniformVGPRs(bool On) { Prog->CountUniformVGPRs = On; }

void Executor::setCheckWriteConflicts(bool On) {
  Prog->CheckWriteConflicts = On;
}

void Executor::setStrict(bool Strict) {
  Prog->Strict = Strict ? buildStrictProgram(*Prog, Prog->Processor) : nullptr;
}

/// Whether a VALU operation issues at a quarter of the full rate: the
/// transcendental unit and the 32-bit integer multiplier (AMD GCN and CDNA
/// ISA manuals, "VALU instruction throughput").
static bool isQuarterRate(StringRef Name) {
  for (StringRef Prefix :
       {"V_EXP_", "V_LOG_", "V_RCP_", "V_RSQ_", "V_SQRT_", "V_SIN_", "V_COS_",
        "V_MUL_LO_U32", "V_MUL_LO_I32", "V_MUL_HI_U32", "V_MUL_HI_I32",
        "V_MAD_U64_U32", "V_MAD_I64_I32", "V_MAD_U32_U24_E64"})
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// The timing model's view of each instruction of P (Timing.h).
static std::vector<TimingInst> buildTimingInsts(const Program &P,
                                                const StrictProgram &SP,
                                                const TimingParams &TP) {
  std::vector<TimingInst> Out(P.Insts.size());
  for (size_t Idx = 0; Idx != P.Insts.size(); ++Idx) {
    const Instr &I = P.Insts[Idx];
    const StrictInstr &SI = SP.Insts[Idx];
    TimingInst &T = Out[Idx];
    T.Counters = SI.Counters;
    T.Load = !SI.Writes.empty();
    if (SI.Counters)
      T.K = TimingInst::Memory;
    switch (I.Class) {
    case InstClass::ExecMask:
      if (!I.VALU) {
        T.Port = IssuePort::Scalar;
        break;
      }
      // A v_cmpx is issued by the VALU like any other compare.
      [[fallthrough]];
    case InstClass::VALU:
      T.Port = IssuePort::VALU;
      if (isQuarterRate(I.Name))
        T.RateFactor = 4;
      else if (I.Name.contains("_F64"))
        T.RateFactor = TP.F64RateFactor;
      break;
    case InstClass::SALU:
    case InstClass::SMEM:
      T.Port = IssuePort::Scalar;
      break;
    case InstClass::VMEM:
      T.Port = IssuePort::VMem;
      break;
    case InstClass::LDS:
      T.Port = IssuePort::LDS;
      break;
    case InstClass::Branch:
    case InstClass::WaitNop:
      T.Port = IssuePort::Other;
      break;
    }
    if (SI.IsWait) {
      T.K = TimingInst::Wait;
      std::copy(SI.Wait.begin(), SI.Wait.end(), T.WaitCounts.begin());
    } else if (I.Name.starts_with("S_NOP")) {
      T.K = TimingInst::Nop;
      T.NopCycles = unsigned(I.imm(Role::Simm16) & 0xf) + 1;
    } else if (I.Name.starts_with("S_SLEEP")) {
      T.K = TimingInst::Nop;
      T.NopCycles = 64 * unsigned(I.imm(Role::Simm16) & 0x7f);
    } else if (I.Name.starts_with("S_BARRIER")) {
      T.K = TimingInst::Barrier;
    } else if (I.Name.starts_with("S_ENDPGM")) {
      T.K = TimingInst::End;
      T.Port = IssuePort::Other;
    }
  }
  return Out;
}

void Executor::setTiming(const TimingParams *P) {
  if (!P) {
    Prog->Timing.reset();
    Prog->TimingInsts.clear();
    return;
  }
  Prog->Timing = std::make_unique<TimingParams>(*P);
  std::unique_ptr<StrictProgram> SP =
      buildStrictProgram(*Prog, Prog->Processor);
  Prog->TimingInsts = buildTimingInsts(*Prog, *SP, *P);
}

Expected<std::unique_ptr<Executor>> Executor::create(const CodeObject &CO,
                                                     const KernelInfo &K) {
  auto P = buildProgram(CO, K);
  if (!P)
    return P.takeError();
  std::unique_ptr<Executor> E(new Executor());
  E->Kernel = &K;
  E->Prog = std::move(*P);
  StringRef Proc = CO.getProcessor();
  // gfx90a, gfx940+ and gfx11+ pack the three work-item ids into v0.
  E->Prog->Entry = E->Prog->IndexOf.lookup(K.EntryAddr);
  std::vector<uint8_t> &Image =
      E->Mem.map(ImageBase, CO.getImage().size(), "code object image");
  std::copy(CO.getImage().begin(), CO.getImage().end(), Image.begin());
  E->Prog->PackedTID = Proc == "gfx90a" || Proc.starts_with("gfx94") ||
                       Proc.starts_with("gfx11") || Proc.starts_with("gfx12");
  E->Prog->CmpxWritesOnlyExec = Proc.starts_with("gfx1");
  E->Prog->FlatOffsetBits = Proc.starts_with("gfx10") ? 12 : 13;
  bool HasSramEcc = AMDGPU::getArchAttrAMDGCN(AMDGPU::parseArchAMDGCN(Proc)) &
                    AMDGPU::FEATURE_SRAMECC;
  E->Prog->D16PreservesUnusedBits =
      !HasSramEcc || CO.getTargetID().contains(":sramecc-");
  uint32_t Rsrc1 = K.Descriptor.compute_pgm_rsrc1;
  E->Prog->DenormMode32 =
      AMDHSA_BITS_GET(Rsrc1, amdhsa::COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_32);
  E->Prog->DenormMode64 =
      AMDHSA_BITS_GET(Rsrc1, amdhsa::COMPUTE_PGM_RSRC1_FLOAT_DENORM_MODE_16_64);
  return std::move(E);
}

//===----------------------------------------------------------------------===//
// Dispatch.
//===----------------------------------------------------------------------===//

namespace {

/// Writes little-endian V of Size bytes at Base + Off.
void put(std::vector<uint8_t> &Buf, uint64_t Off, uint64_t V, unsigned Size) {
  for (unsigned I = 0; I != Size && Off + I < Buf.size(); ++I)
    Buf[Off + I] = uint8_t(V >> (8 * I));
}

/// Fills the hidden arguments of the kernarg segment.
void fillHiddenArgs(const KernelInfo &K, const DispatchDims &D,
                    std::vector<uint8_t> &Seg) {
  unsigned Dims = D.Grid[2] > 1 ? 3 : D.Grid[1] > 1 ? 2 : 1;
  for (const KernelArg &A : K.Args) {
    if (!A.isHidden())
      continue;
    StringRef Kind = A.ValueKind;
    uint64_t V = 0;
    unsigned Axis = Kind.back() - 'x';
    if (Kind.starts_with("hidden_block_count_") && Axis < 3)
      V = (uint64_t(D.Grid[Axis]) + D.Group[Axis] - 1) / D.Group[Axis];
    else if (Kind.starts_with("hidden_group_size_") && Axis < 3)
      V = D.Group[Axis];
    else if (Kind.starts_with("hidden_remainder_") && Axis < 3)
      V = D.Grid[Axis] % D.Group[Axis];
    else if (Kind == "hidden_grid_dims")
      V = Dims;
    else if (Kind == "hidden_dynamic_lds_size")
      V = D.DynamicLDSSize;
    else if (Kind == "hidden_shared_base")
      V = SharedApertureBase;
    else if (Kind == "hidden_private_base")
      V = PrivateApertureBase;
    // Everything else (global offsets, queue, hostcall, heap, printf,
    // multigrid, dynamic LDS size, completion action) is zero.
    put(Seg, A.Offset, V, std::min<unsigned>(A.Size, 8));
  }
}

} // namespace

/// The largest workgroup the hardware dispatches, in work-items.
static constexpr uint64_t MaxWorkgroupSize = 1024;
/// The most LDS one workgroup can allocate (gfx9 and gfx10: 64 KiB).
static constexpr uint64_t MaxGroupSegmentSize = 64 * 1024;

/// The most scratch one wave can have: COMPUTE_TMPRING_SIZE.WAVESIZE is 13
/// bits in units of 256 dwords before gfx11 (15 bits of 64 dwords after),
/// as AMDGPU's getMaxWaveScratchSize() says.
static constexpr uint64_t MaxWaveScratchSize = ((1u << 13) - 1) * 256 * 4;

/// Why a dispatch of K with Dims cannot run on the hardware, if it cannot.
static Error checkDispatch(const KernelInfo &K, const DispatchDims &Dims,
                           unsigned Lanes) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             ("kernel '" + K.Name + "': " + Msg).str());
  };
  for (unsigned A = 0; A != 3; ++A)
    if (Dims.Grid[A] == 0 || Dims.Group[A] == 0)
      return Fail("grid and workgroup sizes must be positive");
  uint64_t GroupSize = 1;
  for (unsigned A = 0; A != 3; ++A)
    GroupSize *= Dims.Group[A];
  if (GroupSize > MaxWorkgroupSize)
    return Fail(formatv("a workgroup of {0}x{1}x{2} = {3} work-items exceeds "
                        "the hardware limit of {4}",
                        Dims.Group[0], Dims.Group[1], Dims.Group[2], GroupSize,
                        MaxWorkgroupSize));
  if (GroupSize > K.MaxFlatWorkgroupSize)
    return Fail(formatv("a workgroup of {0} work-items exceeds the kernel's "
                        ".max_flat_workgroup_size of {1}",
                        GroupSize, K.MaxFlatWorkgroupSize));
  uint64_t LDSSize = uint64_t(K.GroupSegmentFixedSize) + Dims.DynamicLDSSize;
  if (LDSSize > MaxGroupSegmentSize)
    return Fail(formatv("{0} bytes of LDS ({1} fixed, {2} dynamic) exceed the "
                        "{3} bytes a workgroup can have",
                        LDSSize, K.GroupSegmentFixedSize, Dims.DynamicLDSSize,
                        MaxGroupSegmentSize));
  if (uint64_t(K.PrivateSegmentFixedSize) * Lanes > MaxWaveScratchSize)
    return Fail(formatv(".private_segment_fixed_size {0} per work-item "
                        "exceeds the {1} bytes of scratch a wave of {2} can "
                        "have",
                        K.PrivateSegmentFixedSize, MaxWaveScratchSize, Lanes));
  return Error::success();
}

Error Executor::run(const DispatchDims &Dims, ArrayRef<uint8_t> Kernarg) {
  const KernelInfo &K = *Kernel;
  if (Error E = checkDispatch(K, Dims, Prog->Lanes))
    return E;
  if (Kernarg.size() > K.KernargSegmentSize)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("kernel '{0}' takes {1} bytes of arguments, {2} given", K.Name,
                K.KernargSegmentSize, Kernarg.size())
            .str());

  // The kernarg segment and the dispatch packet live in global memory. The
  // segment starts 16-byte aligned (kernarg_segment_align is at least 16)
  // and is mapped to the end of its last 16-byte block: the backend reads
  // the last arguments with scalar loads that may run past
  // kernarg_segment_size within that block (three dwords at offset 8 of a
  // 20-byte segment as one s_load_dwordx4), which hardware serves. The
  // padding reads as zero.
  uint64_t KernargAddr = Mem.allocate(
      alignTo(std::max<uint32_t>(K.KernargSegmentSize, 8), 16), "kernarg");
  std::vector<uint8_t> &Seg = Mem.buffer(KernargAddr);
  std::copy(Kernarg.begin(), Kernarg.end(), Seg.begin());
  fillHiddenArgs(K, Dims, Seg);

  uint64_t PacketAddr = Mem.allocate(64, "dispatch packet");
  std::vector<uint8_t> &Pkt = Mem.buffer(PacketAddr);
  unsigned NDims = Dims.Grid[2] > 1 ? 3 : Dims.Grid[1] > 1 ? 2 : 1;
  put(Pkt, 2, NDims, 2);
  for (unsigned A = 0; A != 3; ++A) {
    put(Pkt, 4 + 2 * A, Dims.Group[A], 2);
    put(Pkt, 12 + 4 * A, Dims.Grid[A], 4);
  }
  put(Pkt, 24, K.PrivateSegmentFixedSize, 4);
  put(Pkt, 28, K.GroupSegmentFixedSize + Dims.DynamicLDSSize, 4);
  put(Pkt, 32, ImageBase + K.DescriptorAddr, 8);
  put(Pkt, 40, KernargAddr, 8);

  Stats = Counters();
  Stats.WaveSize = Prog->Lanes;
  Stats.ValuCycles =
      TimingParams::forProcessor(Prog->Processor, Prog->Lanes).ValuCycles;
  std::vector<InstCounts> PerInst(Prog->Insts.size());
  DispatchState DS{*Prog,   K,    Mem,         Stats,
                   PerInst, Dims, KernargAddr, PacketAddr};
  FinalStates.clear();
  if (KeepFinalStates)
    DS.FinalStates = &FinalStates;
  std::array<uint32_t, 3> Groups;
  for (unsigned A = 0; A != 3; ++A)
    Groups[A] =
        uint32_t((uint64_t(Dims.Grid[A]) + Dims.Group[A] - 1) / Dims.Group[A]);
  DispatchTrace Trace;
  Trace.LDSBytes = K.GroupSegmentFixedSize + Dims.DynamicLDSSize;
  if (Prog->Timing)
    DS.Trace = &Trace;
  WriteLog Writes;
  if (Prog->CheckWriteConflicts)
    DS.Writes = &Writes;
  Timing.reset();
  for (uint32_t Z = 0; Z != Groups[2]; ++Z)
    for (uint32_t Y = 0; Y != Groups[1]; ++Y)
      for (uint32_t X = 0; X != Groups[0]; ++X)
        if (Error E = runWorkgroup(DS, {X, Y, Z}))
          return E;
  if (Prog->Timing) {
    Expected<TimingResult> T =
        simulateTiming(*Prog->Timing, Prog->TimingInsts, Trace, K.VGPRCount,
                       K.AGPRCount, K.SGPRCount);
    if (!T)
      return T.takeError();
    Timing = std::make_unique<TimingResult>(*T);
  }
  Stats.Blocks = collectBlocks(*Prog, PerInst);
  Stats.ExecSplits = collectExecSplits(*Prog, PerInst);
  for (size_t Idx = 0; Idx != PerInst.size(); ++Idx)
    if (PerInst[Idx].Executions)
      Stats.Insts.push_back({Prog->Insts[Idx].Addr, PerInst[Idx].Executions,
                             PerInst[Idx].LaneSlotsLost,
                             PerInst[Idx].LaneRedundant});
  llvm::sort(Stats.Insts, [](const InstCount &A, const InstCount &B) {
    return A.Addr < B.Addr;
  });
  return Error::success();
}
