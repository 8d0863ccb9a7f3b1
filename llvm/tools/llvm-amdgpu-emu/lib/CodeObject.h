//===- CodeObject.h - AMDHSA code objects for the wave emulator -*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Loading of AMDHSA code objects (ELF shared objects made by ld.lld) for the
// wave emulator: the loaded image (every PT_LOAD segment at its virtual
// address), the kernels described by the AMDGPU metadata note (code object
// v4 and v5, msgpack), and each kernel's kernel descriptor.
//
// Terms used throughout the emulator:
//   image        the code object's loadable segments laid out at their
//                virtual addresses, starting at address 0
//   descriptor   the 64-byte amdhsa::kernel_descriptor_t named by a kernel's
//                '.symbol' (NAME.kd)
//   entry        the address of a kernel's first instruction: the
//                descriptor's address plus kernel_code_entry_byte_offset
//
// Every malformed input is reported as an Error naming what is wrong; nothing
// here asserts on the contents of the file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_AMDGPU_EMU_CODEOBJECT_H
#define LLVM_TOOLS_LLVM_AMDGPU_EMU_CODEOBJECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/AMDHSAKernelDescriptor.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace amdgpu_emu {

/// One kernel argument from the metadata's '.args' list.
struct KernelArg {
  std::string Name;          ///< '.name', empty if absent.
  std::string ValueKind;     ///< '.value_kind': by_value, global_buffer,
                             ///< hidden_block_count_x, ...
  std::string AddressSpace;  ///< '.address_space', empty if absent.
  uint32_t Offset = 0;       ///< '.offset' in the kernarg segment.
  uint32_t Size = 0;         ///< '.size' in bytes.
  uint32_t PointeeAlign = 0; ///< '.pointee_align' (LDS pointers), 0 if absent.

  bool isHidden() const { return StringRef(ValueKind).starts_with("hidden_"); }
};

/// A kernel: its metadata and its kernel descriptor.
struct KernelInfo {
  std::string Name;   ///< '.name', the source-level name.
  std::string Symbol; ///< '.symbol', the descriptor symbol (NAME.kd).
  uint64_t DescriptorAddr = 0;
  uint64_t EntryAddr = 0;
  uint64_t CodeSize = 0; ///< Size of the kernel function symbol, 0 if unknown.
  amdhsa::kernel_descriptor_t Descriptor = {};
  uint32_t KernargSegmentSize = 0;
  uint32_t GroupSegmentFixedSize = 0;
  uint32_t PrivateSegmentFixedSize = 0;
  uint32_t WavefrontSize = 0;
  uint32_t SGPRCount = 0;
  uint32_t VGPRCount = 0;
  uint32_t AGPRCount = 0;
  /// '.max_flat_workgroup_size': the largest workgroup the code supports.
  uint32_t MaxFlatWorkgroupSize = 1024;
  std::vector<KernelArg> Args;

  /// The number of user SGPRs the descriptor requests (COMPUTE_PGM_RSRC2).
  unsigned getUserSGPRCount() const;
};

class CodeObject {
public:
  /// Parse a code object. The bytes are copied: the buffer need not outlive
  /// the result.
  static Expected<std::unique_ptr<CodeObject>> create(MemoryBufferRef Buffer);

  /// A code object without an ELF file, for unit tests: Code is loaded at
  /// address 0 as the only function, and K (whose EntryAddr and CodeSize
  /// are set here) is its only kernel.
  static std::unique_ptr<CodeObject>
  createFromCode(StringRef Processor, ArrayRef<uint8_t> Code, KernelInfo K);

  /// The target ID from the metadata, e.g. amdgcn-amd-amdhsa--gfx90a:xnack-.
  StringRef getTargetID() const { return TargetID; }
  /// The processor part of the target ID, e.g. gfx90a.
  StringRef getProcessor() const { return Processor; }
  /// The code object version (4 or 5) from 'amdhsa.version'.
  unsigned getVersion() const { return Version; }

  ArrayRef<KernelInfo> kernels() const { return Kernels; }
  /// The kernel whose '.name' or '.symbol' is Name, or null.
  const KernelInfo *findKernel(StringRef Name) const;

  /// The loaded image; address A is Image[A].
  ArrayRef<uint8_t> getImage() const { return Image; }

  /// Every function symbol (kernels and the functions they call) as
  /// (address, size), sorted by address.
  ArrayRef<std::pair<uint64_t, uint64_t>> functions() const {
    return Functions;
  }

private:
  std::string TargetID;
  std::string Processor;
  unsigned Version = 0;
  std::vector<KernelInfo> Kernels;
  std::vector<uint8_t> Image;
  std::vector<std::pair<uint64_t, uint64_t>> Functions;

  friend class CodeObjectParser;
};

} // namespace amdgpu_emu
} // namespace llvm

#endif // LLVM_TOOLS_LLVM_AMDGPU_EMU_CODEOBJECT_H
