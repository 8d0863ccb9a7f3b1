//===- CodeObject.cpp - AMDHSA code objects for the wave emulator ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/BinaryFormat/MsgPackReader.h"
#include "llvm/Object/ELFObjectFile.h"
#include <cstring>

using namespace llvm;
using namespace llvm::amdgpu_emu;

/// Images larger than this are refused rather than allocated.
static constexpr uint64_t MaxImageSize = 1ull << 30;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "code object: " + Msg);
}

/// How deep the metadata's maps and lists may nest (the AMDGPU metadata
/// nests four levels).
static constexpr unsigned MaxMetadataDepth = 32;

/// Checks that Blob starts with one msgpack object whose map keys are all
/// strings and that nests at most MaxMetadataDepth deep. msgpack::Document
/// assumes map keys are scalars of comparable kinds (a map or list as a key
/// is undefined behaviour), so hostile metadata is refused before it is read
/// into one.
static Error checkMsgPack(StringRef Blob) {
  struct Level {
    uint64_t Left; ///< Objects still to come (keys and values for a map).
    bool IsMap;
  };
  SmallVector<Level, 8> Stack;
  msgpack::Reader R(Blob);
  bool Seen = false;
  for (;;) {
    msgpack::Object Obj;
    Expected<bool> More = R.read(Obj);
    if (!More)
      return makeError("the AMDGPU metadata note is not valid msgpack (" +
                       toString(More.takeError()) + ")");
    if (!*More)
      break;
    if (Stack.empty()) {
      Seen = true;
    } else {
      Level &L = Stack.back();
      if (L.IsMap && L.Left % 2 == 0 && Obj.Kind != msgpack::Type::String)
        return makeError("the AMDGPU metadata has a map key that is not a "
                         "string");
      --L.Left;
    }
    if (Obj.Kind == msgpack::Type::Map || Obj.Kind == msgpack::Type::Array) {
      if (Stack.size() == MaxMetadataDepth)
        return makeError("the AMDGPU metadata nests deeper than " +
                         Twine(MaxMetadataDepth));
      bool IsMap = Obj.Kind == msgpack::Type::Map;
      Stack.push_back({uint64_t(Obj.Length) * (IsMap ? 2 : 1), IsMap});
    }
    while (!Stack.empty() && Stack.back().Left == 0)
      Stack.pop_back();
    if (Stack.empty())
      break; // Like Document::readFromBlob, ignore what follows the object.
  }
  if (!Seen || !Stack.empty())
    return makeError("the AMDGPU metadata note is truncated");
  return Error::success();
}

unsigned KernelInfo::getUserSGPRCount() const {
  return AMDHSA_BITS_GET(Descriptor.compute_pgm_rsrc2,
                         amdhsa::COMPUTE_PGM_RSRC2_USER_SGPR_COUNT);
}

namespace llvm {
namespace amdgpu_emu {

/// Fills a CodeObject from an ELF file; one instance per parse.
class CodeObjectParser {
public:
  using ELFT = object::ELF64LE;

  CodeObjectParser(const object::ELFFile<ELFT> &File, CodeObject &CO)
      : File(File), CO(CO) {}

  Error parse() {
    if (Error E = checkHeader())
      return E;
    if (Error E = loadImage())
      return E;
    if (Error E = readMetadata())
      return E;
    return readDescriptors();
  }

private:
  const object::ELFFile<ELFT> &File;
  CodeObject &CO;
  msgpack::Document Doc;

  Error checkHeader() {
    const auto &Hdr = File.getHeader();
    if (Hdr.e_machine != ELF::EM_AMDGPU)
      return makeError("not an AMDGPU ELF file (e_machine " +
                       Twine(Hdr.e_machine) + ")");
    if (Hdr.e_ident[ELF::EI_OSABI] != ELF::ELFOSABI_AMDGPU_HSA)
      return makeError("not an AMDHSA code object (OS ABI " +
                       Twine(Hdr.e_ident[ELF::EI_OSABI]) + ")");
    if (Hdr.e_type != ELF::ET_DYN)
      return makeError("not a linked code object (e_type " + Twine(Hdr.e_type) +
                       "); link the object file with ld.lld -shared");
    return Error::success();
  }

  Error loadImage() {
    auto Phdrs = File.program_headers();
    if (!Phdrs)
      return Phdrs.takeError();
    uint64_t End = 0;
    for (const auto &P : *Phdrs) {
      if (P.p_type != ELF::PT_LOAD)
        continue;
      if (P.p_filesz > P.p_memsz || P.p_vaddr > MaxImageSize ||
          P.p_memsz > MaxImageSize - P.p_vaddr)
        return makeError("PT_LOAD segment at " + Twine(P.p_vaddr) +
                         " has an impossible size");
      End = std::max<uint64_t>(End, P.p_vaddr + P.p_memsz);
    }
    if (End == 0)
      return makeError("no loadable segment");
    CO.Image.assign(End, 0);
    ArrayRef<uint8_t> Bytes(File.base(), File.getBufSize());
    for (const auto &P : *Phdrs) {
      if (P.p_type != ELF::PT_LOAD || P.p_filesz == 0)
        continue;
      if (P.p_offset > Bytes.size() || P.p_filesz > Bytes.size() - P.p_offset)
        return makeError("PT_LOAD segment at " + Twine(P.p_vaddr) +
                         " lies outside the file");
      std::memcpy(&CO.Image[P.p_vaddr], Bytes.data() + P.p_offset, P.p_filesz);
    }
    return Error::success();
  }

  Error readMetadata() {
    auto Phdrs = File.program_headers();
    if (!Phdrs)
      return Phdrs.takeError();
    for (const auto &P : *Phdrs) {
      if (P.p_type != ELF::PT_NOTE)
        continue;
      Error Err = Error::success();
      for (const auto &Note : File.notes(P, Err)) {
        if (Note.getName() != "AMDGPU" ||
            Note.getType() != ELF::NT_AMDGPU_METADATA)
          continue;
        StringRef Blob = Note.getDescAsStringRef(4);
        if (Error E = checkMsgPack(Blob))
          return E;
        if (!Doc.readFromBlob(Blob, /*Multi=*/false))
          return makeError("the AMDGPU metadata note is not valid msgpack");
        return readRoot();
      }
      if (Err)
        return Err;
    }
    return makeError("no AMDGPU metadata note (code object v2/v3, or "
                     "stripped?); only code object v4 and v5 are supported");
  }

  static std::optional<uint64_t> getUnsigned(msgpack::DocNode N) {
    if (N.getKind() == msgpack::Type::UInt)
      return N.getUInt();
    if (N.getKind() == msgpack::Type::Int && N.getInt() >= 0)
      return uint64_t(N.getInt());
    return std::nullopt;
  }

  /// Map[Key], or an empty node (a default-constructed DocNode has no kind
  /// to ask for: isArray() on it dereferences null).
  static msgpack::DocNode lookup(msgpack::MapDocNode &Map, StringRef Key) {
    auto It = Map.find(Key);
    return It == Map.end() ? Map.getDocument()->getEmptyNode() : It->second;
  }

  Error getString(msgpack::MapDocNode &Map, StringRef Key, std::string &Out,
                  bool Required, const Twine &Where) {
    msgpack::DocNode N = lookup(Map, Key);
    if (N.isEmpty()) {
      if (Required)
        return makeError(Where + " has no " + Key);
      return Error::success();
    }
    if (!N.isString())
      return makeError(Where + ": " + Key + " is not a string");
    Out = N.getString().str();
    return Error::success();
  }

  Error getU32(msgpack::MapDocNode &Map, StringRef Key, uint32_t &Out,
               bool Required, const Twine &Where) {
    msgpack::DocNode N = lookup(Map, Key);
    if (N.isEmpty()) {
      if (Required)
        return makeError(Where + " has no " + Key);
      return Error::success();
    }
    std::optional<uint64_t> V = getUnsigned(N);
    if (!V || *V > UINT32_MAX)
      return makeError(Where + ": " + Key +
                       " is not a 32-bit unsigned integer");
    Out = uint32_t(*V);
    return Error::success();
  }

  Error readRoot() {
    if (!Doc.getRoot().isMap())
      return makeError("the metadata root is not a map");
    msgpack::MapDocNode Root = Doc.getRoot().getMap();

    msgpack::DocNode Version = lookup(Root, "amdhsa.version");
    if (!Version.isArray() || Version.getArray().size() < 1 ||
        !getUnsigned(Version.getArray()[0]))
      return makeError("metadata has no valid amdhsa.version");
    // amdhsa.version [1, 1] is code object v4, [1, 2] is v5.
    uint64_t Major = *getUnsigned(Version.getArray()[0]);
    uint64_t Minor = Version.getArray().size() > 1
                         ? getUnsigned(Version.getArray()[1]).value_or(0)
                         : 0;
    if (Major != 1 || Minor < 1 || Minor > 2)
      return makeError("unsupported amdhsa.version " + Twine(Major) + "." +
                       Twine(Minor) + " (code object v4 and v5 are supported)");
    CO.Version = unsigned(Minor + 3);

    if (Error E = getString(Root, "amdhsa.target", CO.TargetID,
                            /*Required=*/true, "metadata"))
      return E;
    StringRef Target = CO.TargetID;
    size_t Dashes = Target.find("--");
    if (!Target.starts_with("amdgcn-amd-amdhsa--") || Dashes == StringRef::npos)
      return makeError("unexpected target ID '" + Target + "'");
    CO.Processor = Target.substr(Dashes + 2).split(':').first.str();

    msgpack::DocNode Kernels = lookup(Root, "amdhsa.kernels");
    if (!Kernels.isArray())
      return makeError("metadata has no amdhsa.kernels list");
    for (msgpack::DocNode &K : Kernels.getArray())
      if (Error E = readKernel(K))
        return E;
    return Error::success();
  }

  Error readKernel(msgpack::DocNode &Node) {
    if (!Node.isMap())
      return makeError("an amdhsa.kernels entry is not a map");
    msgpack::MapDocNode Map = Node.getMap();
    KernelInfo K;
    if (Error E = getString(Map, ".name", K.Name, true, "a kernel"))
      return E;
    std::string Where = "kernel '" + K.Name + "'";
    if (Error E = getString(Map, ".symbol", K.Symbol, true, Where))
      return E;
    for (auto [Key, Field, Required] :
         {std::tuple<StringRef, uint32_t *, bool>{".kernarg_segment_size",
                                                  &K.KernargSegmentSize, true},
          {".group_segment_fixed_size", &K.GroupSegmentFixedSize, true},
          {".private_segment_fixed_size", &K.PrivateSegmentFixedSize, true},
          {".wavefront_size", &K.WavefrontSize, true},
          {".sgpr_count", &K.SGPRCount, true},
          {".vgpr_count", &K.VGPRCount, true},
          {".agpr_count", &K.AGPRCount, false},
          {".max_flat_workgroup_size", &K.MaxFlatWorkgroupSize, false}})
      if (Error E = getU32(Map, Key, *Field, Required, Where))
        return E;
    if (K.WavefrontSize != 32 && K.WavefrontSize != 64)
      return makeError(Where + ": unsupported .wavefront_size " +
                       Twine(K.WavefrontSize));

    msgpack::DocNode Args = lookup(Map, ".args");
    if (!Args.isEmpty() && !Args.isArray())
      return makeError(Where + ": .args is not a list");
    if (Args.isArray())
      for (msgpack::DocNode &A : Args.getArray())
        if (Error E = readArg(A, K, Where))
          return E;
    CO.Kernels.push_back(std::move(K));
    return Error::success();
  }

  Error readArg(msgpack::DocNode &Node, KernelInfo &K, const Twine &Where) {
    if (!Node.isMap())
      return makeError(Where + ": an .args entry is not a map");
    msgpack::MapDocNode Map = Node.getMap();
    KernelArg A;
    std::string ArgWhere = (Where + " argument " + Twine(K.Args.size())).str();
    if (Error E = getString(Map, ".value_kind", A.ValueKind, true, ArgWhere))
      return E;
    if (Error E = getString(Map, ".name", A.Name, false, ArgWhere))
      return E;
    if (Error E =
            getString(Map, ".address_space", A.AddressSpace, false, ArgWhere))
      return E;
    if (Error E = getU32(Map, ".offset", A.Offset, true, ArgWhere))
      return E;
    if (Error E = getU32(Map, ".size", A.Size, true, ArgWhere))
      return E;
    if (Error E =
            getU32(Map, ".pointee_align", A.PointeeAlign, false, ArgWhere))
      return E;
    if (uint64_t(A.Offset) + A.Size > K.KernargSegmentSize)
      return makeError(ArgWhere + " lies outside the kernarg segment");
    K.Args.push_back(std::move(A));
    return Error::success();
  }

  /// Finds every kernel's descriptor symbol and code symbol, and reads the
  /// descriptor from the image.
  Error readDescriptors() {
    auto Sections = File.sections();
    if (!Sections)
      return Sections.takeError();
    StringMap<std::pair<uint64_t, uint64_t>> Symbols; // name -> (addr, size)
    for (const auto &Sec : *Sections) {
      if (Sec.sh_type != ELF::SHT_SYMTAB && Sec.sh_type != ELF::SHT_DYNSYM)
        continue;
      auto Syms = File.symbols(&Sec);
      if (!Syms)
        return Syms.takeError();
      auto StrTab = File.getStringTableForSymtab(Sec);
      if (!StrTab)
        return StrTab.takeError();
      for (const auto &Sym : *Syms) {
        auto Name = Sym.getName(*StrTab);
        if (!Name)
          return Name.takeError();
        if (!Name->empty())
          Symbols[*Name] = {Sym.st_value, Sym.st_size};
        if (Sym.getType() == ELF::STT_FUNC && Sym.st_size > 0 &&
            Sym.st_value < CO.Image.size() &&
            Sym.st_size <= CO.Image.size() - Sym.st_value)
          CO.Functions.push_back({Sym.st_value, Sym.st_size});
      }
    }
    llvm::sort(CO.Functions);
    CO.Functions.erase(llvm::unique(CO.Functions), CO.Functions.end());
    for (KernelInfo &K : CO.Kernels) {
      auto It = Symbols.find(K.Symbol);
      if (It == Symbols.end())
        return makeError("kernel '" + K.Name + "': no symbol " + K.Symbol);
      K.DescriptorAddr = It->second.first;
      if (K.DescriptorAddr > CO.Image.size() ||
          CO.Image.size() - K.DescriptorAddr < sizeof(K.Descriptor))
        return makeError("kernel '" + K.Name +
                         "': the descriptor lies outside the image");
      std::memcpy(&K.Descriptor, &CO.Image[K.DescriptorAddr],
                  sizeof(K.Descriptor));
      K.EntryAddr =
          K.DescriptorAddr + K.Descriptor.kernel_code_entry_byte_offset;
      if (K.EntryAddr >= CO.Image.size())
        return makeError("kernel '" + K.Name +
                         "': the entry point lies outside the image");
      // The code symbol, where there is one, gives the code's extent.
      StringRef CodeSym = StringRef(K.Symbol).drop_back(3);
      auto Code = Symbols.find(CodeSym);
      if (K.Symbol.size() > 3 && StringRef(K.Symbol).ends_with(".kd") &&
          Code != Symbols.end() && Code->second.first == K.EntryAddr)
        K.CodeSize = Code->second.second;
    }
    return Error::success();
  }
};

} // namespace amdgpu_emu
} // namespace llvm

Expected<std::unique_ptr<CodeObject>>
CodeObject::create(MemoryBufferRef Buffer) {
  if (Buffer.getBufferSize() < ELF::EI_NIDENT ||
      !Buffer.getBuffer().starts_with("\x7f"
                                      "ELF"))
    return makeError("'" + Buffer.getBufferIdentifier() +
                     "' is not an ELF file");
  if (uint8_t(Buffer.getBuffer()[ELF::EI_CLASS]) != ELF::ELFCLASS64 ||
      uint8_t(Buffer.getBuffer()[ELF::EI_DATA]) != ELF::ELFDATA2LSB)
    return makeError("'" + Buffer.getBufferIdentifier() +
                     "' is not a 64-bit little-endian ELF file");
  auto File = object::ELFFile<object::ELF64LE>::create(Buffer.getBuffer());
  if (!File)
    return makeError(toString(File.takeError()));
  auto CO = std::unique_ptr<CodeObject>(new CodeObject());
  CodeObjectParser Parser(*File, *CO);
  if (Error E = Parser.parse())
    return std::move(E);
  return std::move(CO);
}

std::unique_ptr<CodeObject> CodeObject::createFromCode(StringRef Processor,
                                                       ArrayRef<uint8_t> Code,
                                                       KernelInfo K) {
  std::unique_ptr<CodeObject> CO(new CodeObject());
  CO->Processor = Processor.str();
  CO->TargetID = ("amdgcn-amd-amdhsa--" + Processor).str();
  CO->Version = 5;
  CO->Image.assign(Code.begin(), Code.end());
  CO->Functions.push_back({0, Code.size()});
  K.EntryAddr = 0;
  K.CodeSize = Code.size();
  CO->Kernels.push_back(std::move(K));
  return CO;
}

const KernelInfo *CodeObject::findKernel(StringRef Name) const {
  for (const KernelInfo &K : Kernels)
    if (K.Name == Name || K.Symbol == Name)
      return &K;
  return nullptr;
}
