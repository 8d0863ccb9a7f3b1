//===- SemanticsMemory.cpp - What the vector memory instructions do -------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The semantics of the vector memory instructions: GLOBAL_* and FLAT_*
/// loads and stores, private memory (SCRATCH_*, and MUBUF through the
/// private-segment descriptor), LDS
/// (DS_*) reads and writes, and the atomics on global memory and LDS; and
/// what the timing model records about memory accesses (vmemCacheLines,
/// ldsBankCycles). The table in Semantics.cpp maps names to the routines.
///
//===----------------------------------------------------------------------===//

#include "SemanticsImpl.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cstring>
#include <type_traits>

using namespace llvm;
using namespace llvm::amdgpu_emu;
using namespace llvm::amdgpu_emu::semantics;

namespace llvm {
namespace amdgpu_emu {
namespace semantics {

// --- Global and flat memory -------------------------------------------------

/// The address of an active lane for GLOBAL_* / FLAT_* instructions.
static uint64_t vmemAddr(const WaveCtx &C, const Instr &I, unsigned L) {
  int64_t Off = SignExtend64(I.imm(Role::Offset), C.DS.Prog.FlatOffsetBits);
  if (I.has(Role::SAddr) && I.op(Role::SAddr).Kind == OpKind::SGPR)
    return readS(C, I.op(Role::SAddr)) + readV(C, I.op(Role::VAddr), L) +
           uint64_t(Off);
  return readV64(C, I.op(Role::VAddr), L) + uint64_t(Off);
}

/// The workgroup's LDS bytes [Addr, Addr + Bytes), or an error naming the
/// lane if they are not all inside the LDS allocation.
static Expected<uint8_t *> ldsPointer(WaveCtx &C, const Instr &I, unsigned L,
                                      uint64_t Addr, unsigned Bytes) {
  if (Addr + Bytes > C.LDS.size())
    return instError(C, I,
                     formatv("lane {0}: {1} bytes at LDS address 0x{2:x-} "
                             "are outside the {3}-byte LDS allocation",
                             L, Bytes, Addr, C.LDS.size()));
  return &C.LDS[Addr];
}

/// The LDS address of a DS_* instruction in lane L: addr + offset, in 32
/// bits (the compiler folds a constant into the offset of a negative base,
/// as AMDGPUDAGToDAGISel::isDSOffsetLegal allows from gfx7 on).
static uint64_t dsAddr(const WaveCtx &C, const Instr &I, unsigned L) {
  return uint32_t(readV(C, I.op(Role::Addr), L) +
                  uint16_t(I.imm(Role::Offset)));
}

/// Lane \p L's private bytes [Off, Off + Bytes), or an error naming the lane
/// if they are not all inside its private segment.
static Expected<uint8_t *> privatePointer(WaveCtx &C, const Instr &I,
                                          unsigned L, uint64_t Off,
                                          unsigned Bytes) {
  if (Off + Bytes > C.W.PrivateSize)
    return instError(C, I,
                     formatv("lane {0}: {1} private bytes at 0x{2:x-} are "
                             "outside the {3}-byte private segment",
                             L, Bytes, Off, C.W.PrivateSize));
  return &C.W.Priv[size_t(L) * C.W.PrivateSize + Off];
}

/// The host bytes a lane's GLOBAL_*/FLAT_* access of Bytes at Addr touches.
/// FLAT_* addresses inside the private aperture reach the lane's private
/// segment (offset = Addr - aperture base, as addrspacecast builds them),
/// inside the shared aperture the workgroup's LDS; anything else must lie in
/// one global allocation.
static Expected<uint8_t *> vmemPointer(WaveCtx &C, const Instr &I, unsigned L,
                                       uint64_t Addr, unsigned Bytes) {
  bool Flat = I.Name.starts_with("FLAT_");
  auto InAperture = [&](uint64_t Base) {
    return Flat && Addr >= Base && Addr - Base < (uint64_t(1) << 32);
  };
  if (InAperture(PrivateApertureBase))
    return privatePointer(C, I, L, Addr - PrivateApertureBase, Bytes);
  if (InAperture(SharedApertureBase))
    return ldsPointer(C, I, L, Addr - SharedApertureBase, Bytes);
  if (uint8_t *P = C.DS.Mem.translate(Addr, Bytes))
    return P;
  return instError(C, I,
                   formatv("lane {0}: {1} bytes at 0x{2:x-} are outside "
                           "every buffer",
                           L, Bytes, Addr));
}

/// Records lane \p L's store of \p Bytes bytes \p New at global address
/// \p Addr (host memory \p P) for Counters::WriteConflicts: a byte another
/// work-item stored with another value, with no barrier of their workgroup
/// between, is a conflict. Stores to LDS or private memory through a flat
/// address (P outside the global allocations) are not recorded.
static void noteGlobalStore(WaveCtx &C, unsigned L, uint64_t Addr,
                            const uint8_t *P, const uint8_t *New,
                            unsigned Bytes) {
  WriteLog *Log = C.DS.Writes;
  if (!Log || C.DS.Mem.translate(Addr, Bytes) != P)
    return;
  uint64_t Item = C.W.FirstItem + L;
  for (unsigned B = 0; B != Bytes; ++B) {
    ByteWriter Now{Item, C.W.Group, C.W.Barriers, New[B]};
    auto [It, Inserted] = Log->try_emplace(Addr + B, Now);
    if (Inserted)
      continue;
    const ByteWriter &Old = It->second;
    bool Ordered = Old.Group == Now.Group && Old.Barriers != Now.Barriers;
    if (Old.Item != Item && Old.Value != Now.Value && !Ordered) {
      Counters &S = C.DS.Stats;
      if (S.WriteConflicts++ == 0) {
        S.FirstConflictAddr = Addr + B;
        S.FirstConflictItems[0] = Old.Item;
        S.FirstConflictItems[1] = Item;
      }
    }
    It->second = Now;
  }
}

/// Stores lane \p L's dwords of \p Data to \p P, or loads them from it.
template <bool Store>
static void transferDwords(WaveCtx &C, const Operand &Data, unsigned L,
                           uint8_t *P) {
  for (unsigned Dw = 0; Dw != Data.Dwords; ++Dw) {
    uint32_t V;
    if (Store) {
      V = readV(C, Data, L, Dw);
      std::memcpy(P + 4 * Dw, &V, 4);
    } else {
      std::memcpy(&V, P + 4 * Dw, 4);
      writeV(C, Data, L, V, Dw);
    }
  }
}

template <bool Store> Error global_access(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::VData) : I.op(Role::VDst);
  unsigned Bytes = 4 * Data.Dwords;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> PtrOrErr =
        vmemPointer(C, I, L, vmemAddr(C, I, L), Bytes);
    if (!PtrOrErr)
      return PtrOrErr.takeError();
    uint8_t *P = *PtrOrErr;
    if (Store && C.DS.Writes) {
      uint32_t New[4];
      for (unsigned Dw = 0; Dw != Data.Dwords && Dw != 4; ++Dw)
        New[Dw] = readV(C, Data, L, Dw);
      noteGlobalStore(C, L, vmemAddr(C, I, L), P,
                      reinterpret_cast<const uint8_t *>(New),
                      std::min(Bytes, 16u));
    }
    transferDwords<Store>(C, Data, L, P);
  }
  return Error::success();
}

// --- Sub-dword accesses -----------------------------------------------------

/// The VGPR value after a sub-dword load of the \p Bytes at \p P, whose
/// value before was \p Old. A D16 load extends the bytes to 16 bits and
/// writes one half; the other half keeps its bits or, where the target
/// does not guarantee that (Program::D16PreservesUnusedBits), is zeroed.
template <unsigned Bytes, bool Signed, D16 Half>
static uint32_t subdwordLoadResult(const WaveCtx &C, const uint8_t *P,
                                   uint32_t Old) {
  uint32_t V = 0;
  std::memcpy(&V, P, Bytes);
  if (Signed)
    V = uint32_t(SignExtend32(V, 8 * Bytes));
  if (Half == D16::No)
    return V;
  uint32_t Kept = C.DS.Prog.D16PreservesUnusedBits ? Old : 0;
  if (Half == D16::Lo)
    return (Kept & 0xffff0000u) | (V & 0xffffu);
  return (Kept & 0xffffu) | (V << 16);
}

/// The value whose low bytes a sub-dword store of VGPR value \p Reg writes.
template <D16 Half> static uint32_t subdwordStoreValue(uint32_t Reg) {
  return Half == D16::Hi ? Reg >> 16 : Reg;
}

// --- Private memory ----------------------------------------------------------

/// The wave-level part of a MUBUF access to private memory, descriptor base
/// + soffset, which is the per-lane offset times the wave size (see
/// private_access); an error for a descriptor or addressing mode other than
/// the runtime's private-segment one.
static Expected<uint64_t> bufferWaveOffset(WaveCtx &C, const Instr &I) {
  const Operand &Rsrc = I.op(Role::SRsrc);
  if (Rsrc.Kind != OpKind::SGPR || Rsrc.Dwords != 4)
    return instError(C, I, "unexpected buffer descriptor operand");
  uint64_t Base = C.W.S[Rsrc.Index] | uint64_t(C.W.S[Rsrc.Index + 1] & 0xffff)
                                          << 32;
  if (Base >= PrivateDescriptorLimit)
    return instError(C, I,
                     "buffer accesses to global memory are not "
                     "implemented");
  if (I.Name.contains("IDXEN") || I.Name.contains("ADDR64") ||
      I.Name.contains("BOTHEN"))
    return instError(C, I, "indexed buffer addressing is not implemented");
  uint64_t WaveOff = Base + uint32_t(readS(C, I.op(Role::SOffset)));
  if (WaveOff % (4 * C.Lanes))
    return instError(C, I,
                     formatv("wave-scaled private offset 0x{0:x-} is not a "
                             "multiple of {1}",
                             WaveOff, 4 * C.Lanes));
  return WaveOff;
}

/// Lane \p L's private byte address of a SCRATCH_* instruction: its VGPR
/// address (SV mode; the _VE form on gfx940), its SGPR address (_SADDR),
/// both (_SVS) or neither (_ST), plus the instruction offset. Private
/// addresses are 32-bit.
static uint64_t scratchAddr(const WaveCtx &C, const Instr &I, unsigned L) {
  uint64_t Addr =
      uint64_t(SignExtend64(I.imm(Role::Offset), C.DS.Prog.FlatOffsetBits));
  if (I.has(Role::VAddr) && I.op(Role::VAddr).Kind == OpKind::VGPR)
    Addr += readV(C, I.op(Role::VAddr), L);
  if (I.has(Role::SAddr) && I.op(Role::SAddr).Kind == OpKind::SGPR)
    Addr += uint32_t(readS(C, I.op(Role::SAddr)));
  return uint32_t(Addr);
}

/// Loads lane \p L's \p Data from, or stores it to, the private bytes at
/// \p P: whole dwords, or (SubDword 1 or 2) a byte or short, which a load
/// zero- or (Signed) sign-extends into the VGPR or, D16, into one half of
/// it, and a store takes from the low bytes of the VGPR or of its high half.
template <bool Store, unsigned SubDword, bool Signed, D16 Half>
static void transferPrivate(WaveCtx &C, const Operand &Data, unsigned L,
                            uint8_t *P) {
  if (!SubDword) {
    transferDwords<Store>(C, Data, L, P);
    return;
  }
  uint32_t V = readV(C, Data, L);
  if (Store) {
    V = subdwordStoreValue<Half>(V);
    std::memcpy(P, &V, SubDword); // Little-endian: the low bytes.
    return;
  }
  writeV(C, Data, L, subdwordLoadResult<SubDword, Signed, Half>(C, P, V));
}

/// Loads and stores of the lane's private memory: SCRATCH_* instructions
/// (scratchAddr), and MUBUF instructions through a descriptor below
/// PrivateDescriptorLimit. The runtime's private-segment descriptor is
/// swizzled with an element size of 4 and an index stride of the wave
/// size, so the wave-level part of a MUBUF address (descriptor base +
/// soffset) is the per-lane offset times the wave size, and the per-lane
/// byte address is (base + soffset) / lanes + offset (+ vaddr with offen).
/// SubDword, Signed and Half select a sub-dword access (transferPrivate).
template <bool Store, unsigned SubDword, bool Signed, D16 Half>
Error private_access(WaveCtx &C, const Instr &I) {
  bool Scratch = I.Name.starts_with("SCRATCH_");
  uint64_t WaveOff = 0;
  if (!Scratch) {
    Expected<uint64_t> Off = bufferWaveOffset(C, I);
    if (!Off)
      return Off.takeError();
    WaveOff = *Off;
  }
  // Loaded into or stored from; MUBUF loads name their destination vdata.
  const Operand &Data =
      Scratch && !Store ? I.op(Role::VDst) : I.op(Role::VData);
  unsigned Bytes = SubDword ? SubDword : 4 * Data.Dwords;
  bool OffEn = I.Name.contains("OFFEN");
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    uint64_t Addr = Scratch
                        ? scratchAddr(C, I, L)
                        : WaveOff / C.Lanes + uint64_t(I.imm(Role::Offset)) +
                              (OffEn ? readV(C, I.op(Role::VAddr), L) : 0);
    Expected<uint8_t *> P = privatePointer(C, I, L, Addr, Bytes);
    if (!P)
      return P.takeError();
    transferPrivate<Store, SubDword, Signed, Half>(C, Data, L, *P);
  }
  return Error::success();
}

/// Sub-dword global loads (zero- or sign-extended into one VGPR or, D16,
/// into one half of it) and stores (the low Bytes of the VGPR or of its
/// high half).
template <unsigned Bytes, bool Store, bool Signed, D16 Half>
Error global_subdword(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::VData) : I.op(Role::VDst);
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> PtrOrErr =
        vmemPointer(C, I, L, vmemAddr(C, I, L), Bytes);
    if (!PtrOrErr)
      return PtrOrErr.takeError();
    uint8_t *P = *PtrOrErr;
    uint32_t V = readV(C, Data, L);
    if (Store) {
      V = subdwordStoreValue<Half>(V);
      noteGlobalStore(C, L, vmemAddr(C, I, L), P,
                      reinterpret_cast<const uint8_t *>(&V), Bytes);
      std::memcpy(P, &V, Bytes);
    } else {
      writeV(C, Data, L, subdwordLoadResult<Bytes, Signed, Half>(C, P, V));
    }
  }
  return Error::success();
}

// --- Atomics ----------------------------------------------------------------
//
// 32-bit read-modify-write on global/flat memory (vdata, and vdst for the
// _RTN forms) and on LDS (data0, data1 for cmpst, vdst for _RTN). Lanes are
// processed in lane order, each seeing the previous lanes' updates, and a
// returning form gives every lane the value before its own update.

/// The new memory value of a 32-bit (T = uint32_t) or 64-bit (uint64_t)
/// atomic; Data is the operand, Cmp the compare value.
template <typename T> static T atomicResult(AtomicOp Op, T Old, T Data, T Cmp) {
  using S = std::make_signed_t<T>;
  using F = std::conditional_t<sizeof(T) == 4, float, double>;
  auto AsF = [](T V) { return llvm::bit_cast<F>(V); };
  switch (Op) {
  case AtomicOp::Swap:
    return Data;
  case AtomicOp::CmpSwap:
    return Old == Cmp ? Data : Old;
  case AtomicOp::Add:
    return Old + Data;
  case AtomicOp::Sub:
    return Old - Data;
  case AtomicOp::SMin:
    return T(std::min(S(Old), S(Data)));
  case AtomicOp::UMin:
    return std::min(Old, Data);
  case AtomicOp::SMax:
    return T(std::max(S(Old), S(Data)));
  case AtomicOp::UMax:
    return std::max(Old, Data);
  case AtomicOp::And:
    return Old & Data;
  case AtomicOp::Or:
    return Old | Data;
  case AtomicOp::Xor:
    return Old ^ Data;
  case AtomicOp::Inc:
    return Old >= Data ? 0 : Old + 1;
  case AtomicOp::Dec:
    return Old == 0 || Old > Data ? Data : Old - 1;
  case AtomicOp::FAdd:
    return llvm::bit_cast<T>(F(AsF(Old) + AsF(Data)));
  case AtomicOp::FMin:
    return llvm::bit_cast<T>(F(std::fmin(AsF(Old), AsF(Data))));
  case AtomicOp::FMax:
    return llvm::bit_cast<T>(F(std::fmax(AsF(Old), AsF(Data))));
  }
  llvm_unreachable("bad atomic");
}

/// Dwords [First, First + sizeof(T) / 4) of operand O in lane L.
template <typename T>
static T readVN(const WaveCtx &C, const Operand &O, unsigned L,
                unsigned First) {
  if constexpr (sizeof(T) == 8)
    return readV(C, O, L, First) | T(readV(C, O, L, First + 1)) << 32;
  else
    return readV(C, O, L, First);
}

template <typename T>
static void writeVN(WaveCtx &C, const Operand &O, unsigned L, T V) {
  writeV(C, O, L, uint32_t(V));
  if constexpr (sizeof(T) == 8)
    writeV(C, O, L, uint32_t(V >> 32), 1);
}

/// GLOBAL_/FLAT_ATOMIC_* on T-sized memory: for CmpSwap vdata holds {new
/// value, compare}.
template <AtomicOp Op, bool Rtn, typename T>
Error global_atomic(WaveCtx &C, const Instr &I) {
  const Operand &Data = I.op(Role::VData);
  constexpr unsigned Dw = sizeof(T) / 4;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = vmemPointer(C, I, L, vmemAddr(C, I, L), sizeof(T));
    if (!P)
      return P.takeError();
    T Old;
    std::memcpy(&Old, *P, sizeof(T));
    T New = atomicResult<T>(Op, Old, readVN<T>(C, Data, L, 0),
                            Op == AtomicOp::CmpSwap ? readVN<T>(C, Data, L, Dw)
                                                    : T(0));
    std::memcpy(*P, &New, sizeof(T));
    if (Rtn)
      writeVN<T>(C, I.op(Role::VDst), L, Old);
  }
  return Error::success();
}

/// DS_* atomics on T-sized LDS; ds_cmpst compares with data0 and stores
/// data1.
template <AtomicOp Op, bool Rtn, typename T>
Error ds_atomic(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), sizeof(T));
    if (!P)
      return P.takeError();
    T Old;
    std::memcpy(&Old, *P, sizeof(T));
    T D0 = readVN<T>(C, I.op(Role::Data0), L, 0);
    T New = Op == AtomicOp::CmpSwap
                ? atomicResult<T>(Op, Old,
                                  readVN<T>(C, I.op(Role::Data1), L, 0), D0)
                : atomicResult<T>(Op, Old, D0, T(0));
    std::memcpy(*P, &New, sizeof(T));
    if (Rtn)
      writeVN<T>(C, I.op(Role::VDst), L, Old);
  }
  return Error::success();
}

// --- LDS --------------------------------------------------------------------

/// ds_read2*/ds_write2*: two elements of Size bytes (4 or 8) at addr +
/// offset0 * Stride and addr + offset1 * Stride, Stride = Size (x64 for the
/// st64 forms). Stores write data0 then data1; loads fill vdst in order.
template <bool Store, unsigned Size, bool St64>
Error ds_access2(WaveCtx &C, const Instr &I) {
  const unsigned Stride = Size * (St64 ? 64 : 1), Dw = Size / 4;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    uint64_t Base = readV(C, I.op(Role::Addr), L);
    for (unsigned E = 0; E != 2; ++E) {
      uint64_t Off = uint8_t(I.imm(E ? Role::Offset1 : Role::Offset0));
      Expected<uint8_t *> P =
          ldsPointer(C, I, L, uint32_t(Base + Off * Stride), Size);
      if (!P)
        return P.takeError();
      for (unsigned D = 0; D != Dw; ++D) {
        if (Store) {
          uint32_t V = readV(C, I.op(E ? Role::Data1 : Role::Data0), L, D);
          std::memcpy(*P + 4 * D, &V, 4);
        } else {
          uint32_t V;
          std::memcpy(&V, *P + 4 * D, 4);
          writeV(C, I.op(Role::VDst), L, V, E * Dw + D);
        }
      }
    }
  }
  return Error::success();
}

/// DS_WRITE_B8/B16 store the low bits of data0; DS_READ_U8/I8/U16/I16 zero-
/// or sign-extend into vdst.
template <unsigned Bytes, bool Store, bool Signed>
Error ds_subdword(WaveCtx &C, const Instr &I) {
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), Bytes);
    if (!P)
      return P.takeError();
    uint32_t V = 0;
    if (Store) {
      V = readV(C, I.op(Role::Data0), L);
      std::memcpy(*P, &V, Bytes);
      continue;
    }
    std::memcpy(&V, *P, Bytes);
    writeV(C, I.op(Role::VDst), L,
           Signed ? uint32_t(SignExtend32(V, 8 * Bytes)) : V);
  }
  return Error::success();
}

template <bool Store> Error ds_access(WaveCtx &C, const Instr &I) {
  const Operand &Data = Store ? I.op(Role::Data0) : I.op(Role::VDst);
  unsigned Bytes = 4 * Data.Dwords;
  uint64_t Exec = C.exec();
  for (unsigned L = 0; L != C.Lanes; ++L) {
    if (!((Exec >> L) & 1))
      continue;
    Expected<uint8_t *> P = ldsPointer(C, I, L, dsAddr(C, I, L), Bytes);
    if (!P)
      return P.takeError();
    transferDwords<Store>(C, Data, L, *P);
  }
  return Error::success();
}

// --- Specializations the table in Semantics.cpp uses ------------------------

template Error global_access<false>(WaveCtx &, const Instr &);
template Error global_access<true>(WaveCtx &, const Instr &);
template Error global_subdword<1, false, false>(WaveCtx &, const Instr &);
template Error global_subdword<1, false, true>(WaveCtx &, const Instr &);
template Error global_subdword<2, false, false>(WaveCtx &, const Instr &);
template Error global_subdword<2, false, true>(WaveCtx &, const Instr &);
template Error global_subdword<1, true, false>(WaveCtx &, const Instr &);
template Error global_subdword<2, true, false>(WaveCtx &, const Instr &);
template Error global_subdword<1, false, false, D16::Lo>(WaveCtx &,
                                                         const Instr &);
template Error global_subdword<1, false, false, D16::Hi>(WaveCtx &,
                                                         const Instr &);
template Error global_subdword<1, false, true, D16::Lo>(WaveCtx &,
                                                        const Instr &);
template Error global_subdword<1, false, true, D16::Hi>(WaveCtx &,
                                                        const Instr &);
template Error global_subdword<2, false, false, D16::Lo>(WaveCtx &,
                                                         const Instr &);
template Error global_subdword<2, false, false, D16::Hi>(WaveCtx &,
                                                         const Instr &);
template Error global_subdword<1, true, false, D16::Hi>(WaveCtx &,
                                                        const Instr &);
template Error global_subdword<2, true, false, D16::Hi>(WaveCtx &,
                                                        const Instr &);
template Error private_access<false, 0, false>(WaveCtx &, const Instr &);
template Error private_access<true, 0, false>(WaveCtx &, const Instr &);
template Error private_access<false, 1, false>(WaveCtx &, const Instr &);
template Error private_access<false, 1, true>(WaveCtx &, const Instr &);
template Error private_access<false, 2, false>(WaveCtx &, const Instr &);
template Error private_access<false, 2, true>(WaveCtx &, const Instr &);
template Error private_access<true, 1, false>(WaveCtx &, const Instr &);
template Error private_access<true, 2, false>(WaveCtx &, const Instr &);
template Error private_access<false, 1, false, D16::Lo>(WaveCtx &,
                                                        const Instr &);
template Error private_access<false, 1, false, D16::Hi>(WaveCtx &,
                                                        const Instr &);
template Error private_access<false, 1, true, D16::Lo>(WaveCtx &,
                                                       const Instr &);
template Error private_access<false, 1, true, D16::Hi>(WaveCtx &,
                                                       const Instr &);
template Error private_access<false, 2, false, D16::Lo>(WaveCtx &,
                                                        const Instr &);
template Error private_access<false, 2, false, D16::Hi>(WaveCtx &,
                                                        const Instr &);
template Error private_access<true, 1, false, D16::Hi>(WaveCtx &,
                                                       const Instr &);
template Error private_access<true, 2, false, D16::Hi>(WaveCtx &,
                                                       const Instr &);
template Error ds_access<false>(WaveCtx &, const Instr &);
template Error ds_access<true>(WaveCtx &, const Instr &);
template Error ds_access2<false, 4, false>(WaveCtx &, const Instr &);
template Error ds_access2<false, 4, true>(WaveCtx &, const Instr &);
template Error ds_access2<false, 8, false>(WaveCtx &, const Instr &);
template Error ds_access2<false, 8, true>(WaveCtx &, const Instr &);
template Error ds_access2<true, 4, false>(WaveCtx &, const Instr &);
template Error ds_access2<true, 4, true>(WaveCtx &, const Instr &);
template Error ds_access2<true, 8, false>(WaveCtx &, const Instr &);
template Error ds_access2<true, 8, true>(WaveCtx &, const Instr &);
template Error ds_subdword<1, true, false>(WaveCtx &, const Instr &);
template Error ds_subdword<2, true, false>(WaveCtx &, const Instr &);
template Error ds_subdword<1, false, false>(WaveCtx &, const Instr &);
template Error ds_subdword<1, false, true>(WaveCtx &, const Instr &);
template Error ds_subdword<2, false, false>(WaveCtx &, const Instr &);
template Error ds_subdword<2, false, true>(WaveCtx &, const Instr &);

#define INSTANTIATE_ATOMIC(OP, T)                                              \
  template Error global_atomic<AtomicOp::OP, false, T>(WaveCtx &,              \
                                                       const Instr &);         \
  template Error global_atomic<AtomicOp::OP, true, T>(WaveCtx &,               \
                                                      const Instr &);          \
  template Error ds_atomic<AtomicOp::OP, false, T>(WaveCtx &, const Instr &);  \
  template Error ds_atomic<AtomicOp::OP, true, T>(WaveCtx &, const Instr &);
#define INSTANTIATE_INT_ATOMICS(T)                                             \
  INSTANTIATE_ATOMIC(Swap, T)                                                  \
  INSTANTIATE_ATOMIC(CmpSwap, T)                                               \
  INSTANTIATE_ATOMIC(Add, T)                                                   \
  INSTANTIATE_ATOMIC(Sub, T)                                                   \
  INSTANTIATE_ATOMIC(SMin, T)                                                  \
  INSTANTIATE_ATOMIC(UMin, T)                                                  \
  INSTANTIATE_ATOMIC(SMax, T)                                                  \
  INSTANTIATE_ATOMIC(UMax, T)                                                  \
  INSTANTIATE_ATOMIC(And, T)                                                   \
  INSTANTIATE_ATOMIC(Or, T)                                                    \
  INSTANTIATE_ATOMIC(Xor, T)                                                   \
  INSTANTIATE_ATOMIC(Inc, T)                                                   \
  INSTANTIATE_ATOMIC(Dec, T)
INSTANTIATE_INT_ATOMICS(uint32_t)
INSTANTIATE_INT_ATOMICS(uint64_t)
INSTANTIATE_ATOMIC(FAdd, uint32_t)
INSTANTIATE_ATOMIC(FAdd, uint64_t)
INSTANTIATE_ATOMIC(FMin, uint32_t)
INSTANTIATE_ATOMIC(FMin, uint64_t)
INSTANTIATE_ATOMIC(FMax, uint32_t)
INSTANTIATE_ATOMIC(FMax, uint64_t)
#undef INSTANTIATE_INT_ATOMICS
#undef INSTANTIATE_ATOMIC

} // namespace semantics
} // namespace amdgpu_emu
} // namespace llvm

//===----------------------------------------------------------------------===//
// What the timing model (Timing.h) records about memory accesses.
//===----------------------------------------------------------------------===//

/// Bytes one lane's access moves: the widest of the data operands.
static unsigned accessBytes(const Instr &I) {
  unsigned Dwords = 1;
  for (Role R : {Role::VDst, Role::VData, Role::Data0})
    if (I.has(R))
      Dwords = std::max<unsigned>(Dwords, I.op(R).Dwords);
  return 4 * Dwords;
}

unsigned amdgpu_emu::vmemCacheLines(const WaveCtx &C, const Instr &I,
                                    uint64_t Exec) {
  constexpr unsigned LineShift = 7; // 128-byte lines.
  unsigned Bytes = accessBytes(I);
  if (!I.Name.starts_with("GLOBAL_") && !I.Name.starts_with("FLAT_"))
    return std::max(1u,
                    unsigned((popcount(Exec) * Bytes + (1u << LineShift) - 1) >>
                             LineShift));
  SmallVector<uint64_t, 128> Lines;
  for (uint64_t M = Exec; M; M &= M - 1) {
    uint64_t A = vmemAddr(C, I, countr_zero(M));
    for (uint64_t L = A >> LineShift; L <= (A + Bytes - 1) >> LineShift; ++L)
      Lines.push_back(L);
  }
  llvm::sort(Lines);
  return std::max<unsigned>(1, std::unique(Lines.begin(), Lines.end()) -
                                   Lines.begin());
}

unsigned amdgpu_emu::ldsBankCycles(const WaveCtx &C, const Instr &I,
                                   uint64_t Exec, unsigned Banks) {
  unsigned Groups = (C.Lanes + Banks - 1) / Banks, Cycles = 0;
  if (!I.has(Role::Addr) || I.op(Role::Addr).Kind != OpKind::VGPR) {
    for (unsigned G = 0; G != Groups; ++G)
      Cycles +=
          ((Exec >> (G * Banks)) & maskTrailingOnes<uint64_t>(Banks)) != 0;
    return Cycles;
  }
  // The dword addresses each lane touches: one element, or two for the
  // ds_read2/ds_write2 forms.
  bool Two = I.has(Role::Offset0) && I.has(Role::Offset1);
  unsigned ElemBytes = Two ? (I.Name.contains("B64") ? 8 : 4) : accessBytes(I);
  unsigned Stride = ElemBytes * (I.Name.contains("ST64") ? 64 : 1);
  for (unsigned G = 0; G != Groups; ++G) {
    SmallVector<std::pair<unsigned, uint32_t>, 128> Dwords; // (bank, dword)
    for (unsigned L = G * Banks; L != std::min(C.Lanes, (G + 1) * Banks); ++L) {
      if (!((Exec >> L) & 1))
        continue;
      SmallVector<uint32_t, 2> Elems;
      if (Two) {
        uint32_t Base = readV(C, I.op(Role::Addr), L);
        Elems.push_back(Base + uint8_t(I.imm(Role::Offset0)) * Stride);
        Elems.push_back(Base + uint8_t(I.imm(Role::Offset1)) * Stride);
      } else {
        Elems.push_back(uint32_t(dsAddr(C, I, L)));
      }
      for (uint32_t A : Elems)
        for (unsigned D = 0; D != ElemBytes / 4; ++D) {
          uint32_t Dw = A / 4 + D;
          Dwords.push_back({Dw % Banks, Dw});
        }
    }
    if (Dwords.empty())
      continue;
    llvm::sort(Dwords);
    Dwords.erase(std::unique(Dwords.begin(), Dwords.end()), Dwords.end());
    // Distinct dwords in the busiest bank: a broadcast costs nothing more.
    unsigned Worst = 0, Run = 0;
    for (size_t K = 0; K != Dwords.size(); ++K) {
      Run = K && Dwords[K].first == Dwords[K - 1].first ? Run + 1 : 1;
      Worst = std::max(Worst, Run);
    }
    Cycles += Worst;
  }
  return Cycles;
}
