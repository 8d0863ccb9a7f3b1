//===- Launch.h - Kernel launches: arguments, launch files, checks -*- C++
//-*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A *launch* is everything one dispatch needs besides the code object: the
// kernel's name, the grid and workgroup sizes, and one value per explicit
// kernel argument. A by-value argument is its bytes; a buffer argument is the
// initial contents of a global allocation whose address is passed, plus
// optionally the contents expected after the dispatch (checked here) and a
// file to write the final contents to.
//
// Launches come from command-line specs (parseArgSpec) or from a JSON launch
// file (parseLaunchFile); the format is documented in docs/Emulator.md. This
// is also the C++ API the unit tests use:
//
//   Launch L = cantFail(parseLaunchFile("k.json"));
//   auto Ex = cantFail(Executor::create(CO, *CO.findKernel(L.Kernel)));
//   std::vector<uint8_t> Kernarg = cantFail(bindArguments(*Ex, K, L));
//   cantFail(Ex->run(L.Dims, Kernarg));
//   unsigned Bad = checkExpectations(*Ex, L, errs());
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_LAUNCH_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_LAUNCH_H

#include "Executor.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

/// Element type of a buffer, or type of a by-value argument.
enum class ElemType { I32, U32, F32, I64, U64, F64 };

/// Parses "i32", "u32", "f32", "i64", "u64", "f64".
std::optional<ElemType> parseElemType(StringRef Name);
StringRef getElemTypeName(ElemType T);
unsigned getElemSize(ElemType T);

struct LaunchArg {
  std::string Desc; ///< How the user wrote it, for messages.
  bool IsBuffer = false;
  /// A `__local` pointer: LDSBytes of dynamic LDS per workgroup.
  bool IsLDS = false;
  uint32_t LDSBytes = 0;
  ElemType Type = ElemType::I32;
  std::vector<uint8_t> Bytes; ///< Value bytes, or a buffer's initial contents.

  // Buffers only.
  std::optional<std::vector<uint8_t>> Expected; ///< Contents after the run.
  /// Floating-point elements match if |got - want| <= Tolerance * max(1,
  /// |want|); 0 asks for bit-exact equality (NaNs match any NaN).
  double Tolerance = 0;
  std::string OutputPath; ///< Write the final contents here, if set.
  uint64_t Addr = 0;      ///< The allocation, once bound.
};

struct Launch {
  std::string Kernel;
  DispatchDims Dims;
  std::vector<LaunchArg> Args;
};

/// A command-line argument: i32:V, u32:V, f32:V, i64:V, u64:V, f64:V,
/// buf:TYPE:COUNT:INIT with INIT one of zero, fill:V, seq:START:STEP,
/// rand:SEED:LO:HI, or lds:BYTES (a `__local` pointer to BYTES of dynamic
/// LDS).
Expected<LaunchArg> parseArgSpec(StringRef Spec);

/// "X[,Y[,Z]]" with positive sizes.
Expected<std::array<uint32_t, 3>> parseDims(StringRef Text);

/// A JSON launch file. Relative file names inside it are relative to the
/// launch file's directory.
Expected<Launch> parseLaunchFile(StringRef Path);
Expected<Launch> parseLaunchJSON(StringRef Text, StringRef BaseDir,
                                 StringRef FileName = "<launch>");

/// Allocates L's buffers in Ex's memory, copies their initial contents,
/// places its dynamic LDS arguments after the kernel's fixed LDS (adding
/// them to L.Dims.DynamicLDSSize), and returns the explicit part of the
/// kernarg segment. Fails if the arguments do not fit kernel K (count,
/// kinds, sizes).
Expected<std::vector<uint8_t>> bindArguments(Executor &Ex, const KernelInfo &K,
                                             Launch &L);

/// After a run: compares every buffer that has expected contents, prints
/// the first mismatches of each to OS, writes the requested output files,
/// and returns the number of mismatching elements.
Expected<uint64_t> checkExpectations(Executor &Ex, const Launch &L,
                                     raw_ostream &OS);

/// The value of element Index of a buffer of type T, printed.
std::string formatElement(ElemType T, ArrayRef<uint8_t> Bytes, size_t Index);

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_LAUNCH_H
