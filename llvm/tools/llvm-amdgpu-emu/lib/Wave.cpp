//===- Wave.cpp - Initial wave state and the workgroup loop ---------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The initial register state follows the AMDHSA ABI ("Initial Kernel
// Execution State" in AMDGPUUsage): the user SGPRs the descriptor enables, in
// their fixed order, then the system SGPRs (workgroup ids, workgroup info,
// private segment wave offset); work-item ids in v0 (packed x | y << 10 |
// z << 20 where the processor packs them) or v0, v1, v2.
//
//===----------------------------------------------------------------------===//

#include "ExecutorImpl.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include <optional>

using namespace llvm;
using namespace llvm::amdgpu_emu;

Error amdgpu_emu::instError(WaveCtx &C, const Instr &I, const Twine &Msg) {
  const Program &P = C.DS.Prog;
  size_t Idx = I.Index; // I may be a relocated copy (relocateOperands).
  std::string Asm = P.Dec->print(P.Decoded[Idx]);
  return createStringError(
      inconvertibleErrorCode(),
      formatv("kernel '{0}': {1} at 0x{2:x-} ({3}): ", C.DS.Kernel.Name,
              P.Dec->getOpcodeName(P.Decoded[Idx].Inst), I.Addr, Asm)
              .str() +
          Msg.str());
}

/// The operands relocateOperands moves, and by how many registers.
static SmallVector<std::pair<Role, int64_t>, 4>
relativeOperands(const WaveCtx &C, const Instr &I) {
  uint32_t M0 = C.W.S[SRegM0];
  switch (I.Rel) {
  case MovRel::Src:
    return {{Role::Src0, int32_t(M0)}};
  case MovRel::Dst:
    return {{Role::VDst, int32_t(M0)}};
  case MovRel::SrcDst:
    return {{Role::Src0, int32_t(M0)}, {Role::VDst, int32_t(M0)}};
  case MovRel::SrcDst2:
    return {{Role::Src0, M0 & 0x3ff}, {Role::VDst, (M0 >> 16) & 0x3ff}};
  case MovRel::None:
    break;
  }
  SmallVector<std::pair<Role, int64_t>, 4> Moves;
  if (!C.W.GprIdxEn || !I.VALU)
    return Moves;
  // VGPR index mode (gfx9 ISA, s_set_gpr_idx_on): M0[15:12] enables the
  // index M0[7:0] for the VGPR in src0, src1, src2 and vdst.
  static const Role Fields[] = {Role::Src0, Role::Src1, Role::Src2, Role::VDst};
  unsigned Mode = (M0 >> GprIdxModeShift) & 0xf;
  for (unsigned B = 0; B != 4; ++B)
    if ((Mode >> B) & 1)
      Moves.push_back({Fields[B], M0 & GprIdxIndexMask});
  return Moves;
}

Expected<Instr> amdgpu_emu::relocateOperands(WaveCtx &C, const Instr &I) {
  Instr R = I;
  unsigned Limit = NumVRegs / 2; // The VGPR file, without the AGPRs.
  if (C.DS.Kernel.VGPRCount)
    Limit = std::min(Limit, C.DS.Kernel.VGPRCount);
  // With no active lane, an instruction that respects EXEC touches no VGPR
  // (code entered with EXEC = 0 may hold any index): as encoded, it does
  // the same.
  bool NoLane = C.exec() == 0 && !I.Name.contains("LANE");
  for (auto [Field, Offset] : relativeOperands(C, I)) {
    Operand &O = R.Ops[unsigned(Field)];
    if (O.Kind == OpKind::AGPR)
      return instError(C, I, "an AGPR operand relative to M0 is not modelled");
    // Constants and SGPRs are not relative: indexing applies to VGPRs.
    if (O.Kind != OpKind::VGPR)
      continue;
    int64_t Reg = int64_t(O.Index) + Offset;
    if (Reg < 0 || Reg + O.Dwords > Limit) {
      if (NoLane)
        return I;
      return instError(
          C, I,
          formatv("the VGPR v{0} + {1} (M0) lies outside the kernel's {2} "
                  "VGPRs",
                  O.Index, Offset, Limit));
    }
    O.Index = uint16_t(Reg);
  }
  return R;
}

static void setS64(Wave &W, unsigned &Next, uint64_t V) {
  W.S[Next++] = uint32_t(V);
  W.S[Next++] = uint32_t(V >> 32);
}

/// Sets up the SGPRs of a wave; fails on an initial state not modelled.
static Error initSGPRs(DispatchState &DS, Wave &W,
                       std::array<uint32_t, 3> GroupId) {
  const amdhsa::kernel_descriptor_t &D = DS.Kernel.Descriptor;
  uint16_t P = D.kernel_code_properties;
  uint32_t R2 = D.compute_pgm_rsrc2;
  unsigned N = 0;
#define PROP(NAME) AMDHSA_BITS_GET(P, amdhsa::KERNEL_CODE_PROPERTY_##NAME)
#define RSRC2(NAME) AMDHSA_BITS_GET(R2, amdhsa::COMPUTE_PGM_RSRC2_##NAME)
  if (PROP(ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER)) {
    // Base 0 (below PrivateDescriptorLimit), all records, swizzled as the
    // runtime sets it up; the emulator only looks at the base.
    W.S[N++] = 0;
    W.S[N++] = 0;
    W.S[N++] = 0xffffffff;
    W.S[N++] = 0x00e00000;
  }
  if (PROP(ENABLE_SGPR_DISPATCH_PTR))
    setS64(W, N, DS.PacketAddr);
  if (PROP(ENABLE_SGPR_QUEUE_PTR))
    N += 2; // No queue: a load through it faults, naming the address.
  if (PROP(ENABLE_SGPR_KERNARG_SEGMENT_PTR))
    setS64(W, N, DS.KernargAddr);
  if (PROP(ENABLE_SGPR_DISPATCH_ID))
    N += 2;
  if (PROP(ENABLE_SGPR_FLAT_SCRATCH_INIT))
    N += 2;
  if (PROP(ENABLE_SGPR_PRIVATE_SEGMENT_SIZE))
    W.S[N++] = DS.Kernel.PrivateSegmentFixedSize;
  if (N != DS.Kernel.getUserSGPRCount())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("kernel '{0}': the descriptor enables {1} user SGPRs but "
                "asks for {2} (preloaded kernel arguments are not modelled)",
                DS.Kernel.Name, N, DS.Kernel.getUserSGPRCount())
            .str());
  if (RSRC2(ENABLE_SGPR_WORKGROUP_ID_X))
    W.S[N++] = GroupId[0];
  if (RSRC2(ENABLE_SGPR_WORKGROUP_ID_Y))
    W.S[N++] = GroupId[1];
  if (RSRC2(ENABLE_SGPR_WORKGROUP_ID_Z))
    W.S[N++] = GroupId[2];
  if (RSRC2(ENABLE_SGPR_WORKGROUP_INFO))
    W.S[N++] = 0;
  if (RSRC2(ENABLE_PRIVATE_SEGMENT))
    W.S[N++] = 0; // Private segment wave byte offset.
#undef PROP
#undef RSRC2
  return Error::success();
}

/// The lane mask in s[Index] (s[Index:Index+1] in wave64).
static uint64_t laneMask(const Wave &W, unsigned Index, unsigned Lanes) {
  uint64_t M = W.S[Index];
  if (Lanes == 64 && Index + 1 < NumSRegs)
    M |= uint64_t(W.S[Index + 1]) << 32;
  return M;
}

/// Whether the lanes of Exec agree on lane mask Mask: all set or all clear.
static bool agreeOnActiveLanes(uint64_t Mask, uint64_t Exec) {
  Mask &= Exec;
  return Mask == 0 || Mask == Exec;
}

/// Whether VALU instruction I, which ran under Exec (two lanes or more), left
/// one value in every active lane: each dword of its VGPR destination, and
/// its lane-mask destination (sdst, or VCC of a VOPC without one; v_cmpx is
/// not VALU but ExecMask). std::nullopt if it has no per-lane result.
static std::optional<bool> isLaneRedundant(const WaveCtx &C, const Instr &I,
                                           uint64_t Exec) {
  const Wave &W = C.W;
  const unsigned Lanes = C.DS.Prog.Lanes;
  bool HasResult = false;
  const Operand &VDst = I.op(Role::VDst);
  if (VDst.Kind == OpKind::VGPR || VDst.Kind == OpKind::AGPR) {
    HasResult = true;
    unsigned Base = (VDst.Kind == OpKind::AGPR ? 256 : 0) + VDst.Index;
    unsigned First = countr_zero(Exec);
    for (unsigned D = 0; D != VDst.Dwords; ++D) {
      const uint32_t *R = &W.V[size_t(Base + D) * Lanes];
      for (uint64_t M = Exec & (Exec - 1); M; M &= M - 1)
        if (R[countr_zero(M)] != R[First])
          return false;
    }
  }
  const Operand &SDst = I.op(Role::SDst);
  if (SDst.Kind == OpKind::SGPR) {
    HasResult = true;
    if (!agreeOnActiveLanes(laneMask(W, SDst.Index, Lanes), Exec))
      return false;
  } else if (!HasResult && I.Name.starts_with("V_CMP")) {
    HasResult = true; // VOPC without sdst: the result is VCC.
    if (!agreeOnActiveLanes(laneMask(W, SRegVCC, Lanes), Exec))
      return false;
  }
  if (!HasResult)
    return std::nullopt;
  return true;
}

/// Counts a VALU instruction at index Idx that ran under Exec.
static void countVALU(WaveCtx &C, const Instr &I, uint32_t Idx, uint64_t Exec) {
  InstCounts &IC = C.DS.PerInst[Idx];
  if (popcount(Exec) == 1) {
    ++C.DS.Stats.SingleLaneVALU;
    ++IC.SingleLane;
    return;
  }
  if (Exec && isLaneRedundant(C, I, Exec).value_or(false)) {
    ++C.DS.Stats.LaneRedundantVALU;
    ++IC.LaneRedundant;
  }
}

/// Counts what an instruction that writes EXEC did to the active lanes:
/// Before and After are EXEC around it.
static void countExecWrite(InstCounts &IC, uint64_t Before, uint64_t After) {
  if (!Before)
    return;
  ++IC.ExecVisits;
  if ((After & ~Before) != 0) {
    ++IC.ExecRejoins;
    return;
  }
  if (After != 0 && After != Before) {
    ++IC.ExecSplits;
    IC.LanesKept += popcount(After);
    IC.LanesSetAside += popcount(Before & ~After);
  }
}

/// The VGPRs and AGPRs the wave has written that hold one value in every
/// lane of Exec.
static unsigned countUniformVGPRs(const Wave &W, unsigned Lanes,
                                  uint64_t Exec) {
  if (!Exec)
    return 0;
  unsigned First = countr_zero(Exec), N = 0;
  for (unsigned R = 0; R != NumVRegs; ++R) {
    if (!W.Written[R])
      continue;
    const uint32_t *V = &W.V[size_t(R) * Lanes];
    bool Same = true;
    for (uint64_t M = Exec & (Exec - 1); M && Same; M &= M - 1)
      Same = V[countr_zero(M)] == V[First];
    N += Same;
  }
  return N;
}

/// Records that I wrote its VGPR or AGPR destination.
static void noteWritten(Wave &W, const Instr &I) {
  for (Role R : {Role::VDst, Role::VData}) {
    const Operand &O = I.op(R);
    if ((O.Kind != OpKind::VGPR && O.Kind != OpKind::AGPR) ||
        (R == Role::VData && !I.Name.contains("LOAD") &&
         !I.Name.contains("ATOMIC")))
      continue;
    unsigned Base = (O.Kind == OpKind::AGPR ? 256 : 0) + O.Index;
    for (unsigned D = 0; D != O.Dwords && Base + D < NumVRegs; ++D)
      W.Written.set(Base + D);
  }
}

/// Runs wave W until it ends or reaches a barrier.
/// With --trace: the scalar registers an instruction wrote (v_readlane and
/// VOPC results included), after the instruction line.
static void traceScalarResult(raw_ostream &OS, const Wave &W,
                              const Operand &Dst) {
  if (Dst.Kind != OpKind::SGPR || Dst.Index + Dst.Dwords > W.S.size())
    return;
  OS << "    s" << Dst.Index << ":";
  for (unsigned D = 0; D != Dst.Dwords; ++D)
    OS << formatv(" {0:x8}", W.S[Dst.Index + D]);
  OS << "\n";
}

static Error runWave(DispatchState &DS, Wave &W, const Wave &Wave0,
                     std::vector<uint8_t> &LDS,
                     std::vector<TimingEvent> *Events) {
  Program &P = DS.Prog;
  Counters &St = DS.Stats;
  WaveCtx C{DS, W, LDS, P.Lanes};
  const uint32_t End = uint32_t(P.Insts.size());
  uint64_t LastAddr = 0;
  while (!W.Ended && !W.AtBarrier) {
    if (W.PC >= End)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("kernel '{0}': execution ran past the end of a function "
                  "(last instruction at 0x{1:x-})",
                  DS.Kernel.Name, LastAddr)
              .str());
    LastAddr = P.Insts[W.PC].Addr;
    const Instr &I = P.Insts[W.PC];
    if (P.Trace)
      *P.Trace << formatv(
          "wave {0} exec {1:x16} vcc {5:x16} scc {2} {3:x-}: {4}\n",
          &W - &Wave0, C.exec(), unsigned(W.SCC), I.Addr,
          P.Dec->print(P.Decoded[W.PC]), C.vcc());
    const uint64_t Exec = C.exec();
    ++St.WaveInsts;
    ++St.ByClass[unsigned(I.Class)];
    if (I.Class == InstClass::VALU)
      St.VALUActiveLanes += popcount(Exec);
    else if (I.Class == InstClass::ExecMask && I.VALU)
      ++St.VALUExecWrites;
    {
      InstCounts &IC = DS.PerInst[W.PC];
      ++IC.Executions;
      if (I.Class == InstClass::VALU || I.Class == InstClass::VMEM ||
          I.Class == InstClass::LDS)
        IC.LaneSlotsLost += P.Lanes - popcount(Exec);
    }
    if (I.Leader) {
      InstCounts &IC = DS.PerInst[W.PC];
      ++IC.Entries;
      IC.EntryLanes += popcount(Exec);
      if (P.CountUniformVGPRs)
        IC.UniformVGPRs += countUniformVGPRs(W, P.Lanes, Exec);
    }
    uint32_t Idx = W.PC;
    // The instruction as it executes: with its VGPR operands moved where
    // VGPR index mode or v_movrel* address them relative to M0.
    std::optional<Instr> Relocated;
    if (I.Rel != MovRel::None || (W.GprIdxEn && I.VALU)) {
      Expected<Instr> R = relocateOperands(C, I);
      if (!R)
        return R.takeError();
      Relocated = std::move(*R);
    }
    const Instr &X = Relocated ? *Relocated : I;
    if (Events) {
      // Before the instruction runs: it may overwrite its address.
      unsigned Extra = 0;
      if (I.Class == InstClass::VMEM)
        Extra = vmemCacheLines(C, I, Exec);
      else if (I.Class == InstClass::LDS)
        Extra = ldsBankCycles(C, I, Exec, P.Timing->LDSBanks);
      Events->push_back({Idx, Extra});
    }
    if (W.Strict)
      if (Error E = W.Strict->before(C, X, Idx))
        return E;
    W.PC = I.Next;
    if (Error E = I.Dpp == DppForm::None ? I.Fn(C, X) : runDpp(C, X))
      return E;
    if (W.Strict)
      W.Strict->after(Idx);
    if (I.Class == InstClass::VALU)
      countVALU(C, X, Idx, Exec);
    else if (I.Class == InstClass::ExecMask)
      countExecWrite(DS.PerInst[Idx], Exec, C.exec());
    if (P.CountUniformVGPRs)
      noteWritten(W, X);
    const Operand &VDst = X.op(Role::VDst);
    if (P.Trace)
      traceScalarResult(*P.Trace, W,
                        VDst.Kind == OpKind::SGPR ? VDst : X.op(Role::SDst));
    if (P.Trace && P.TraceLane >= 0 && unsigned(P.TraceLane) < P.Lanes &&
        (VDst.Kind == OpKind::VGPR || VDst.Kind == OpKind::AGPR)) {
      unsigned Base = (VDst.Kind == OpKind::AGPR ? 256 : 0) + VDst.Index;
      *P.Trace << "    lane " << P.TraceLane << ":";
      for (unsigned D = 0; D != VDst.Dwords; ++D)
        *P.Trace << formatv(" {0:x8}", W.V[(Base + D) * P.Lanes + P.TraceLane]);
      *P.Trace << "\n";
    }
    if (St.WaveInsts > P.MaxWaveInsts)
      return instError(C, I,
                       formatv("the dispatch exceeded {0} wave-instructions "
                               "(--max-steps)",
                               P.MaxWaveInsts));
  }
  return Error::success();
}

Error amdgpu_emu::runWorkgroup(DispatchState &DS,
                               std::array<uint32_t, 3> GroupId) {
  Program &P = DS.Prog;
  const DispatchDims &D = DS.Dims;
  // This workgroup's size: the last one in a dimension may be partial.
  std::array<uint32_t, 3> Size;
  for (unsigned A = 0; A != 3; ++A)
    Size[A] = uint32_t(std::min<uint64_t>(
        D.Group[A], D.Grid[A] - uint64_t(GroupId[A]) * D.Group[A]));
  uint32_t Items = Size[0] * Size[1] * Size[2];
  uint32_t NumWaves = (Items + P.Lanes - 1) / P.Lanes;

  std::vector<uint8_t> LDS(DS.Kernel.GroupSegmentFixedSize + D.DynamicLDSSize);
  std::vector<Wave> Waves(NumWaves);
  uint64_t GroupLinear = 0;
  for (unsigned A = 3; A-- != 0;) {
    uint64_t Groups = (uint64_t(D.Grid[A]) + D.Group[A] - 1) / D.Group[A];
    GroupLinear = GroupLinear * Groups + GroupId[A];
  }
  uint32_t WIEnable =
      AMDHSA_BITS_GET(DS.Kernel.Descriptor.compute_pgm_rsrc2,
                      amdhsa::COMPUTE_PGM_RSRC2_ENABLE_VGPR_WORKITEM_ID);
  for (uint32_t WI = 0; WI != NumWaves; ++WI) {
    Wave &W = Waves[WI];
    W.V.assign(size_t(NumVRegs) * P.Lanes, 0);
    W.PC = P.Entry;
    W.Group = uint32_t(GroupLinear);
    W.FirstItem =
        GroupLinear * (uint64_t(D.Group[0]) * D.Group[1] * D.Group[2]) +
        uint64_t(WI) * P.Lanes;
    if (P.Strict)
      W.Strict = std::make_unique<StrictWave>(*P.Strict);
    W.PrivateSize = DS.Kernel.PrivateSegmentFixedSize;
    W.Priv.assign(size_t(W.PrivateSize) * P.Lanes, 0);
    if (Error E = initSGPRs(DS, W, GroupId))
      return E;
    uint64_t Exec = 0;
    for (uint32_t L = 0; L != P.Lanes; ++L) {
      uint32_t Lin = WI * P.Lanes + L;
      if (Lin >= Items)
        break;
      Exec |= uint64_t(1) << L;
      uint32_t X = Lin % Size[0], Y = Lin / Size[0] % Size[1],
               Z = Lin / (Size[0] * Size[1]);
      if (P.PackedTID) {
        W.V[0 * P.Lanes + L] =
            X | (WIEnable >= 1 ? Y << 10 : 0) | (WIEnable >= 2 ? Z << 20 : 0);
      } else {
        W.V[0 * P.Lanes + L] = X;
        W.V[1 * P.Lanes + L] = WIEnable >= 1 ? Y : 0;
        W.V[2 * P.Lanes + L] = WIEnable >= 2 ? Z : 0;
      }
    }
    W.Written.set(0); // The work-item IDs.
    if (!P.PackedTID) {
      W.Written[1] = WIEnable >= 1;
      W.Written[2] = WIEnable >= 2;
    }
    W.S[SRegEXEC] = uint32_t(Exec);
    W.S[SRegEXEC + 1] = P.Lanes == 64 ? uint32_t(Exec >> 32) : 0;
  }
  DS.Stats.Waves += NumWaves;
  ++DS.Stats.Workgroups;
  std::vector<std::vector<TimingEvent>> *Traces = nullptr;
  if (DS.Trace) {
    DS.Trace->Workgroups.emplace_back(NumWaves);
    Traces = &DS.Trace->Workgroups.back();
  }

  // Round-robin until every wave has ended; release barriers as they fill.
  for (;;) {
    unsigned Alive = 0, Waiting = 0;
    for (Wave &W : Waves) {
      if (Error E = runWave(DS, W, Waves.front(), LDS,
                            Traces ? &(*Traces)[&W - &Waves.front()] : nullptr))
        return E;
      Alive += !W.Ended;
      Waiting += W.AtBarrier;
    }
    if (Alive == 0) {
      if (DS.FinalStates)
        for (const Wave &W : Waves)
          DS.FinalStates->push_back(WaveState{P.Lanes, W.S, W.SCC, W.V});
      return Error::success();
    }
    if (Waiting == Alive)
      for (Wave &W : Waves)
        W.AtBarrier = false;
  }
}
