//===- Launch.cpp - Kernel launches: arguments, launch files, checks ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Launch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstring>
#include <random>

using namespace llvm;
using namespace llvm::amdgpu_emu;

/// The largest buffer a launch may declare, in elements.
static constexpr uint64_t MaxElements = uint64_t(1) << 28;

/// The most elements of a by-value list: 8 KiB of 64-bit elements, more than
/// a kernel's argument segment holds.
static constexpr size_t MaxAggregateElements = 1024;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg.str());
}

std::optional<ElemType> amdgpu_emu::parseElemType(StringRef Name) {
  return StringSwitch<std::optional<ElemType>>(Name)
      .Case("i32", ElemType::I32)
      .Case("u32", ElemType::U32)
      .Case("f32", ElemType::F32)
      .Case("i64", ElemType::I64)
      .Case("u64", ElemType::U64)
      .Case("f64", ElemType::F64)
      .Default(std::nullopt);
}

StringRef amdgpu_emu::getElemTypeName(ElemType T) {
  static const char *const Names[] = {"i32", "u32", "f32", "i64", "u64", "f64"};
  return Names[unsigned(T)];
}

unsigned amdgpu_emu::getElemSize(ElemType T) {
  return T == ElemType::I32 || T == ElemType::U32 || T == ElemType::F32 ? 4 : 8;
}

static bool isFloat(ElemType T) {
  return T == ElemType::F32 || T == ElemType::F64;
}

/// A number converted to T's bit pattern. Integers must fit T (signed or
/// unsigned range); floats are rounded to T.
static Expected<uint64_t> encode(ElemType T, double D, bool IsInt, int64_t I,
                                 const Twine &What) {
  switch (T) {
  case ElemType::F32:
    return uint64_t(bit_cast<uint32_t>(float(IsInt ? double(I) : D)));
  case ElemType::F64:
    return bit_cast<uint64_t>(IsInt ? double(I) : D);
  default:
    break;
  }
  if (!IsInt)
    return makeError(What + ": " + formatv("{0}", D) + " is not an integer");
  if (getElemSize(T) == 4 && (I < INT32_MIN || I > int64_t(UINT32_MAX)))
    return makeError(What + ": " + Twine(I) + " does not fit in 32 bits");
  return uint64_t(I);
}

static Expected<uint64_t> encodeText(ElemType T, StringRef V,
                                     const Twine &What) {
  int64_t I;
  if (!V.getAsInteger(0, I))
    return encode(T, 0, true, I, What);
  uint64_t U;
  if (!V.getAsInteger(0, U) && !isFloat(T) && getElemSize(T) == 8)
    return U;
  double D;
  if (!V.getAsDouble(D))
    return encode(T, D, false, 0, What);
  return makeError(What + ": bad " + getElemTypeName(T) + " value '" + V + "'");
}

static void append(std::vector<uint8_t> &Bytes, ElemType T, uint64_t V) {
  for (unsigned I = 0, E = getElemSize(T); I != E; ++I)
    Bytes.push_back(uint8_t(V >> (8 * I)));
}

static uint64_t load(ElemType T, ArrayRef<uint8_t> Bytes, size_t Index) {
  uint64_t V = 0;
  unsigned Size = getElemSize(T);
  std::memcpy(&V, Bytes.data() + Index * Size, Size);
  return V;
}

std::string amdgpu_emu::formatElement(ElemType T, ArrayRef<uint8_t> Bytes,
                                      size_t Index) {
  uint64_t V = load(T, Bytes, Index);
  switch (T) {
  case ElemType::I32:
    return std::to_string(int32_t(V));
  case ElemType::U32:
  case ElemType::U64:
    return std::to_string(V);
  case ElemType::I64:
    return std::to_string(int64_t(V));
  case ElemType::F32: { // Enough digits to tell any two floats apart.
    std::string S;
    raw_string_ostream(S) << format("%.9g", bit_cast<float>(uint32_t(V)));
    return S;
  }
  case ElemType::F64: {
    std::string S;
    raw_string_ostream(S) << format("%.17g", bit_cast<double>(V));
    return S;
  }
  }
  llvm_unreachable("bad element type");
}

//===----------------------------------------------------------------------===//
// Buffer initializers, shared by command-line specs and launch files.
//===----------------------------------------------------------------------===//

namespace {
/// How a buffer's initial contents are produced.
struct BufferInit {
  enum { Zero, Fill, Seq, Rand } Kind = Zero;
  uint64_t Seed = 0;
  // Fill value / seq start / rand low, and seq step / rand high, as text so
  // that each element type parses them its own way.
  std::string A, B;
};
} // namespace

static Expected<std::vector<uint8_t>> makeBuffer(ElemType T, uint64_t Count,
                                                 const BufferInit &Init,
                                                 const Twine &What) {
  if (Count == 0 || Count > MaxElements)
    return makeError(What + ": element count must be 1.." + Twine(MaxElements));
  std::vector<uint8_t> Bytes;
  Bytes.reserve(Count * getElemSize(T));
  auto Num = [&](StringRef S) { return encodeText(T, S, What); };
  switch (Init.Kind) {
  case BufferInit::Zero:
    Bytes.assign(Count * getElemSize(T), 0);
    return Bytes;
  case BufferInit::Fill: {
    auto V = Num(Init.A);
    if (!V)
      return V.takeError();
    for (uint64_t I = 0; I != Count; ++I)
      append(Bytes, T, *V);
    return Bytes;
  }
  case BufferInit::Seq: {
    auto Start = Num(Init.A), Step = Num(Init.B);
    if (!Start || !Step)
      return joinErrors(Start.takeError(), Step.takeError());
    for (uint64_t I = 0; I != Count; ++I) {
      if (T == ElemType::F32)
        append(Bytes, T,
               bit_cast<uint32_t>(bit_cast<float>(uint32_t(*Start)) +
                                  bit_cast<float>(uint32_t(*Step)) * float(I)));
      else if (T == ElemType::F64)
        append(Bytes, T,
               bit_cast<uint64_t>(bit_cast<double>(*Start) +
                                  bit_cast<double>(*Step) * double(I)));
      else
        append(Bytes, T, *Start + *Step * I);
    }
    return Bytes;
  }
  case BufferInit::Rand: {
    std::mt19937_64 Gen(Init.Seed);
    if (isFloat(T)) {
      double Lo, Hi;
      if (StringRef(Init.A).getAsDouble(Lo) ||
          StringRef(Init.B).getAsDouble(Hi) || !(Lo <= Hi))
        return makeError(What + ": bad random range '" + Init.A + "'..'" +
                         Init.B + "'");
      std::uniform_real_distribution<double> D(Lo, Hi);
      for (uint64_t I = 0; I != Count; ++I)
        append(Bytes, T,
               T == ElemType::F32 ? uint64_t(bit_cast<uint32_t>(float(D(Gen))))
                                  : bit_cast<uint64_t>(D(Gen)));
      return Bytes;
    }
    int64_t Lo, Hi;
    if (StringRef(Init.A).getAsInteger(0, Lo) ||
        StringRef(Init.B).getAsInteger(0, Hi) || Lo > Hi)
      return makeError(What + ": bad random range '" + Init.A + "'..'" +
                       Init.B + "'");
    std::uniform_int_distribution<int64_t> D(Lo, Hi);
    for (uint64_t I = 0; I != Count; ++I) {
      auto V = encode(T, 0, true, D(Gen), What);
      if (!V)
        return V.takeError();
      append(Bytes, T, *V);
    }
    return Bytes;
  }
  }
  llvm_unreachable("bad initializer");
}

//===----------------------------------------------------------------------===//
// Command-line specs.
//===----------------------------------------------------------------------===//

Expected<LaunchArg> amdgpu_emu::parseArgSpec(StringRef Spec) {
  SmallVector<StringRef, 8> F;
  Spec.split(F, ':');
  LaunchArg A;
  std::string What = ("--arg=" + Spec).str();
  A.Desc = What;
  if (F.size() == 2 && parseElemType(F[0])) {
    A.Type = *parseElemType(F[0]);
    auto V = encodeText(A.Type, F[1], What);
    if (!V)
      return V.takeError();
    append(A.Bytes, A.Type, *V);
    return A;
  }
  if (F.size() == 2 && F[0] == "lds") {
    A.IsLDS = true;
    if (F[1].getAsInteger(0, A.LDSBytes) || A.LDSBytes == 0)
      return makeError("bad " + What + " (expected lds:BYTES, BYTES > 0)");
    return A;
  }
  if (F.size() < 4 || F[0] != "buf" || !parseElemType(F[1]))
    return makeError("bad " + What +
                     " (expected TYPE:V or buf:TYPE:COUNT:INIT, TYPE one of "
                     "i32, u32, f32, i64, u64, f64)");
  A.IsBuffer = true;
  A.Type = *parseElemType(F[1]);
  uint64_t Count;
  if (F[2].getAsInteger(0, Count))
    return makeError("bad element count in " + What);
  BufferInit Init;
  ArrayRef<StringRef> P = ArrayRef(F).drop_front(4);
  StringRef Kind = F[3];
  if (Kind == "zero" && P.empty()) {
    Init.Kind = BufferInit::Zero;
  } else if (Kind == "fill" && P.size() == 1) {
    Init.Kind = BufferInit::Fill;
    Init.A = P[0].str();
  } else if (Kind == "seq" && P.size() == 2) {
    Init.Kind = BufferInit::Seq;
    Init.A = P[0].str();
    Init.B = P[1].str();
  } else if (Kind == "rand" && P.size() == 3) {
    Init.Kind = BufferInit::Rand;
    if (P[0].getAsInteger(0, Init.Seed))
      return makeError("bad seed in " + What);
    Init.A = P[1].str();
    Init.B = P[2].str();
  } else {
    return makeError("bad buffer initializer in " + What +
                     " (zero, fill:V, seq:START:STEP or rand:SEED:LO:HI)");
  }
  auto Bytes = makeBuffer(A.Type, Count, Init, What);
  if (!Bytes)
    return Bytes.takeError();
  A.Bytes = std::move(*Bytes);
  return A;
}

Expected<std::array<uint32_t, 3>> amdgpu_emu::parseDims(StringRef Text) {
  std::array<uint32_t, 3> D = {1, 1, 1};
  SmallVector<StringRef, 3> F;
  Text.split(F, ',');
  if (F.size() > 3)
    return makeError("bad size '" + Text + "' (X[,Y[,Z]])");
  for (size_t I = 0; I != F.size(); ++I)
    if (F[I].trim().getAsInteger(0, D[I]) || D[I] == 0)
      return makeError("bad size '" + Text + "' (positive sizes, X[,Y[,Z]])");
  return D;
}

//===----------------------------------------------------------------------===//
// Launch files.
//===----------------------------------------------------------------------===//

namespace {
/// Reads one launch file, remembering where it is for messages and for
/// relative paths.
class LaunchFileParser {
public:
  LaunchFileParser(StringRef BaseDir, StringRef FileName)
      : BaseDir(BaseDir), FileName(FileName) {}
  Expected<Launch> parse(StringRef Text);

private:
  StringRef BaseDir, FileName;

  Error error(const Twine &Where, const Twine &Msg) const {
    return makeError(FileName + ": " + Where + ": " + Msg);
  }
  std::string resolvePath(StringRef P) const;
  Expected<std::vector<uint8_t>> readFile(StringRef P, ElemType T,
                                          const Twine &Where) const;
  Expected<std::array<uint32_t, 3>> parseDims(const json::Value *V,
                                              StringRef Key) const;
  Expected<uint64_t> parseValue(const json::Value &V, ElemType T,
                                const Twine &Where) const;
  Expected<std::vector<uint8_t>> parseValues(const json::Array &A, ElemType T,
                                             const Twine &Where) const;
  Expected<LaunchArg> parseArg(const json::Value &V, unsigned Index) const;
  Error parseBuffer(const json::Object &O, LaunchArg &A,
                    const Twine &Where) const;
  Error parseExpectation(const json::Object &O, LaunchArg &A,
                         const Twine &Where) const;
};
} // namespace

std::string LaunchFileParser::resolvePath(StringRef P) const {
  if (sys::path::is_absolute(P) || BaseDir.empty())
    return P.str();
  SmallString<256> Full(BaseDir);
  sys::path::append(Full, P);
  return std::string(Full);
}

Expected<std::vector<uint8_t>>
LaunchFileParser::readFile(StringRef P, ElemType T, const Twine &Where) const {
  std::string Path = resolvePath(P);
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buf)
    return error(Where,
                 "cannot read '" + Path + "': " + Buf.getError().message());
  StringRef Data = (*Buf)->getBuffer();
  if (Data.empty() || Data.size() % getElemSize(T))
    return error(Where, "'" + Path + "' has " + Twine(Data.size()) +
                            " bytes, not a positive multiple of the " +
                            getElemTypeName(T) + " element size");
  return std::vector<uint8_t>(Data.bytes_begin(), Data.bytes_end());
}

Expected<std::array<uint32_t, 3>>
LaunchFileParser::parseDims(const json::Value *V, StringRef Key) const {
  std::array<uint32_t, 3> D = {1, 1, 1};
  if (!V)
    return error(Key, "missing (a size or a list of up to 3 sizes)");
  json::Array Single{*V};
  const json::Array *A = V->getAsArray();
  if (!A)
    A = &Single;
  if (A->empty() || A->size() > 3)
    return error(Key, "expected a size or a list of 1 to 3 sizes");
  for (size_t I = 0; I != A->size(); ++I) {
    std::optional<int64_t> N = (*A)[I].getAsInteger();
    if (!N || *N <= 0 || *N > int64_t(UINT32_MAX))
      return error(Key, "sizes must be positive 32-bit integers");
    D[I] = uint32_t(*N);
  }
  return D;
}

Expected<uint64_t> LaunchFileParser::parseValue(const json::Value &V,
                                                ElemType T,
                                                const Twine &Where) const {
  std::string What = (FileName + ": " + Where).str();
  if (std::optional<int64_t> N = V.getAsInteger())
    return encode(T, 0, true, *N, What);
  if (std::optional<double> D = V.getAsNumber())
    return encode(T, *D, false, 0, What);
  if (std::optional<StringRef> S = V.getAsString())
    return encodeText(T, *S, What); // "nan", "inf", "0x..."
  return error(Where, "expected a number");
}

Expected<std::vector<uint8_t>>
LaunchFileParser::parseValues(const json::Array &A, ElemType T,
                              const Twine &Where) const {
  std::vector<uint8_t> Bytes;
  for (size_t I = 0; I != A.size(); ++I) {
    Expected<uint64_t> V = parseValue(A[I], T, Where + "[" + Twine(I) + "]");
    if (!V)
      return V.takeError();
    append(Bytes, T, *V);
  }
  if (Bytes.empty())
    return error(Where, "empty list");
  return Bytes;
}

Error LaunchFileParser::parseBuffer(const json::Object &O, LaunchArg &A,
                                    const Twine &Where) const {
  std::optional<int64_t> Count = O.getInteger("count");
  if (O.get("count") &&
      (!Count || *Count <= 0 || uint64_t(*Count) > MaxElements))
    return error(Where, "'count' must be 1.." + Twine(MaxElements));
  unsigned Inits = 0;
  for (StringRef K : {"data", "file", "fill", "seq", "rand"})
    Inits += O.get(K) != nullptr;
  if (Inits > 1)
    return error(Where, "give at most one of data, file, fill, seq, rand");

  if (const json::Array *D = O.getArray("data")) {
    auto Bytes = parseValues(*D, A.Type, Where + ".data");
    if (!Bytes)
      return Bytes.takeError();
    A.Bytes = std::move(*Bytes);
  } else if (std::optional<StringRef> F = O.getString("file")) {
    auto Bytes = readFile(*F, A.Type, Where + ".file");
    if (!Bytes)
      return Bytes.takeError();
    A.Bytes = std::move(*Bytes);
  } else {
    if (!Count)
      return error(Where, "a buffer needs 'count', 'data' or 'file'");
    BufferInit Init;
    auto Text = [](const json::Value &V) -> std::optional<std::string> {
      if (std::optional<int64_t> I = V.getAsInteger())
        return std::to_string(*I);
      if (std::optional<double> D = V.getAsNumber())
        return formatv("{0:e17}", *D).str();
      if (std::optional<StringRef> S = V.getAsString())
        return S->str();
      return std::nullopt;
    };
    const json::Array *Seq = O.getArray("seq");
    const json::Array *Rand = O.getArray("rand");
    if (const json::Value *Fill = O.get("fill")) {
      Init.Kind = BufferInit::Fill;
      std::optional<std::string> V = Text(*Fill);
      if (!V)
        return error(Where + ".fill", "expected a number");
      Init.A = *V;
    } else if (Seq) {
      std::optional<std::string> S, T;
      if (Seq->size() == 2)
        S = Text((*Seq)[0]), T = Text((*Seq)[1]);
      if (!S || !T)
        return error(Where + ".seq", "expected [START, STEP]");
      Init.Kind = BufferInit::Seq;
      Init.A = *S;
      Init.B = *T;
    } else if (Rand) {
      std::optional<int64_t> Seed;
      std::optional<std::string> Lo, Hi;
      if (Rand->size() == 3)
        Seed = (*Rand)[0].getAsInteger(), Lo = Text((*Rand)[1]),
        Hi = Text((*Rand)[2]);
      if (!Seed || *Seed < 0 || !Lo || !Hi)
        return error(Where + ".rand", "expected [SEED, LO, HI]");
      Init.Kind = BufferInit::Rand;
      Init.Seed = uint64_t(*Seed);
      Init.A = *Lo;
      Init.B = *Hi;
    } else if (O.get("seq") || O.get("rand")) {
      return error(Where, "'seq' and 'rand' take a list");
    }
    auto Bytes =
        makeBuffer(A.Type, uint64_t(*Count), Init, FileName + ": " + Where);
    if (!Bytes)
      return Bytes.takeError();
    A.Bytes = std::move(*Bytes);
  }
  if (Count && A.Bytes.size() != uint64_t(*Count) * getElemSize(A.Type))
    return error(Where,
                 "'count' is " + Twine(*Count) + " but the contents have " +
                     Twine(A.Bytes.size() / getElemSize(A.Type)) + " elements");
  return parseExpectation(O, A, Where);
}

Error LaunchFileParser::parseExpectation(const json::Object &O, LaunchArg &A,
                                         const Twine &Where) const {
  const json::Array *Data = O.getArray("expect");
  std::optional<StringRef> File = O.getString("expect_file");
  if (Data && File)
    return error(Where, "give 'expect' or 'expect_file', not both");
  if (O.get("expect") && !Data)
    return error(Where + ".expect", "expected a list of values");
  if (Data || File) {
    auto Bytes = Data ? parseValues(*Data, A.Type, Where + ".expect")
                      : readFile(*File, A.Type, Where + ".expect_file");
    if (!Bytes)
      return Bytes.takeError();
    if (Bytes->size() != A.Bytes.size())
      return error(Where, "expected contents have " +
                              Twine(Bytes->size() / getElemSize(A.Type)) +
                              " elements, the buffer " +
                              Twine(A.Bytes.size() / getElemSize(A.Type)));
    A.Expected = std::move(*Bytes);
  }
  if (const json::Value *T = O.get("tolerance")) {
    std::optional<double> Tol = T->getAsNumber();
    if (!Tol || *Tol < 0 || !isFloat(A.Type))
      return error(Where + ".tolerance",
                   "a non-negative number, for f32/f64 buffers only");
    A.Tolerance = *Tol;
  }
  if (std::optional<StringRef> Out = O.getString("output"))
    A.OutputPath = resolvePath(*Out);
  return Error::success();
}

Expected<LaunchArg> LaunchFileParser::parseArg(const json::Value &V,
                                               unsigned Index) const {
  std::string Where = ("args[" + Twine(Index) + "]").str();
  const json::Object *O = V.getAsObject();
  if (!O)
    return error(Where, "expected an object");
  static const StringRef Known[] = {
      "buffer",      "value",     "type",   "count", "data",
      "file",        "fill",      "seq",    "rand",  "expect",
      "expect_file", "tolerance", "output", "name",  "lds"};
  for (const auto &KV : *O)
    if (!is_contained(Known, StringRef(KV.first)))
      return error(Where, "unknown key '" + StringRef(KV.first) + "'");
  LaunchArg A;
  if (const json::Value *LDS = O->get("lds")) {
    std::optional<int64_t> Bytes = LDS->getAsInteger();
    if (!Bytes || *Bytes <= 0 || *Bytes > UINT32_MAX || O->size() > 2 ||
        (O->size() == 2 && !O->get("name")))
      return error(Where, "a dynamic LDS argument is {\"lds\": BYTES} "
                          "(and an optional \"name\"), BYTES > 0");
    A.IsLDS = true;
    A.LDSBytes = uint32_t(*Bytes);
    A.Desc = Where + " (lds)";
    return A;
  }
  std::optional<StringRef> Buffer = O->getString("buffer");
  std::optional<StringRef> Type = Buffer ? Buffer : O->getString("type");
  if (!Type || !parseElemType(*Type))
    return error(Where, "needs \"buffer\": TYPE or \"type\": TYPE with "
                        "\"value\", TYPE one of i32, u32, f32, i64, u64, f64");
  A.Type = *parseElemType(*Type);
  A.IsBuffer = Buffer.has_value();
  A.Desc = (Where + (A.IsBuffer ? " (buffer " : " (") + *Type + ")").str();
  if (std::optional<StringRef> Name = O->getString("name"))
    A.Desc = (*Name + " " + A.Desc).str();
  if (A.IsBuffer) {
    if (O->get("value"))
      return error(Where, "a buffer has no 'value'");
    if (Error E = parseBuffer(*O, A, Where))
      return std::move(E);
    return A;
  }
  const json::Value *Val = O->get("value");
  if (!Val)
    return error(Where, "a by-value argument needs 'value'");
  // A list is an aggregate passed by value (a struct or a vector), laid out
  // as consecutive elements of the type.
  if (const json::Array *Elems = Val->getAsArray()) {
    if (Elems->size() > MaxAggregateElements)
      return error(Where + ".value", "at most " + Twine(MaxAggregateElements) +
                                         " elements in a by-value list");
    Expected<std::vector<uint8_t>> Bytes =
        parseValues(*Elems, A.Type, Where + ".value");
    if (!Bytes)
      return Bytes.takeError();
    A.Bytes = std::move(*Bytes);
    return A;
  }
  Expected<uint64_t> Bits = parseValue(*Val, A.Type, Where + ".value");
  if (!Bits)
    return Bits.takeError();
  append(A.Bytes, A.Type, *Bits);
  return A;
}

/// Launch files nest a few levels (top level, args, an argument, a value
/// list); json::parse recurses once per level, so deeper text is refused
/// before it is parsed.
static constexpr unsigned MaxLaunchFileDepth = 64;

/// The deepest nesting of arrays and objects in JSON text, outside strings.
static unsigned jsonDepth(StringRef Text) {
  unsigned Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I != Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      Max = std::max(Max, ++Depth);
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return Max;
}

Expected<Launch> LaunchFileParser::parse(StringRef Text) {
  static const StringRef TopLevelKeys[] = {"kernel", "grid",    "block",
                                           "args",   "comment", "dynamic_lds"};
  if (unsigned Depth = jsonDepth(Text); Depth > MaxLaunchFileDepth)
    return makeError(FileName + ": arrays and objects nest " + Twine(Depth) +
                     " deep; a launch file nests at most " +
                     Twine(MaxLaunchFileDepth));
  Expected<json::Value> Root = json::parse(Text);
  if (!Root)
    return makeError(FileName +
                     ": not valid JSON: " + toString(Root.takeError()));
  const json::Object *O = Root->getAsObject();
  if (!O)
    return makeError(FileName + ": expected a JSON object");
  for (const auto &KV : *O)
    if (!is_contained(TopLevelKeys, StringRef(KV.first)))
      return error("top level", "unknown key '" + StringRef(KV.first) + "'");
  Launch L;
  if (std::optional<StringRef> K = O->getString("kernel"))
    L.Kernel = K->str();
  auto Grid = parseDims(O->get("grid"), "grid");
  if (!Grid)
    return Grid.takeError();
  auto Block = parseDims(O->get("block"), "block");
  if (!Block)
    return Block.takeError();
  L.Dims.Grid = *Grid;
  L.Dims.Group = *Block;
  if (const json::Value *Dyn = O->get("dynamic_lds")) {
    std::optional<int64_t> Bytes = Dyn->getAsInteger();
    if (!Bytes || *Bytes < 0 || *Bytes > UINT32_MAX)
      return error("dynamic_lds", "expected a byte count");
    L.Dims.DynamicLDSSize = uint32_t(*Bytes);
  }
  const json::Array *Args = O->getArray("args");
  if (O->get("args") && !Args)
    return error("args", "expected a list");
  if (Args)
    for (size_t I = 0; I != Args->size(); ++I) {
      auto A = parseArg((*Args)[I], unsigned(I));
      if (!A)
        return A.takeError();
      L.Args.push_back(std::move(*A));
    }
  return L;
}

Expected<Launch> amdgpu_emu::parseLaunchJSON(StringRef Text, StringRef BaseDir,
                                             StringRef FileName) {
  return LaunchFileParser(BaseDir, FileName).parse(Text);
}

Expected<Launch> amdgpu_emu::parseLaunchFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return makeError("cannot read launch file '" + Path +
                     "': " + Buf.getError().message());
  return parseLaunchJSON((*Buf)->getBuffer(), sys::path::parent_path(Path),
                         Path);
}

//===----------------------------------------------------------------------===//
// Binding and checking.
//===----------------------------------------------------------------------===//

Expected<std::vector<uint8_t>>
amdgpu_emu::bindArguments(Executor &Ex, const KernelInfo &K, Launch &L) {
  std::vector<const KernelArg *> Explicit;
  for (const KernelArg &A : K.Args)
    if (!A.isHidden())
      Explicit.push_back(&A);
  if (L.Args.size() != Explicit.size())
    return makeError("kernel '" + K.Name + "' takes " + Twine(Explicit.size()) +
                     " arguments, " + Twine(L.Args.size()) + " given");
  uint32_t End = 0;
  for (const KernelArg *A : Explicit)
    End = std::max(End, A->Offset + A->Size);
  std::vector<uint8_t> Kernarg(End, 0);
  uint32_t LDSEnd = L.Dims.DynamicLDSSize; ///< Dynamic LDS bytes so far.
  for (size_t I = 0; I != Explicit.size(); ++I) {
    const KernelArg &KA = *Explicit[I];
    LaunchArg &A = L.Args[I];
    bool WantsLDS = KA.ValueKind == "dynamic_shared_pointer";
    if (A.IsLDS != WantsLDS)
      return makeError("argument " + Twine(I) + " of '" + K.Name + "' is " +
                       KA.ValueKind + " but " + A.Desc + " is " +
                       (A.IsLDS ? "dynamic LDS" : "not lds:BYTES"));
    if (A.IsLDS) {
      // Dynamic LDS follows the fixed group segment, each argument aligned
      // as its pointee needs; the kernel gets its 32-bit LDS address.
      uint64_t Base = alignTo(uint64_t(K.GroupSegmentFixedSize) + LDSEnd,
                              std::max<uint32_t>(KA.PointeeAlign, 4));
      uint64_t End = Base + A.LDSBytes;
      if (End > UINT32_MAX)
        return makeError("dynamic LDS arguments exceed 4 GiB");
      LDSEnd = uint32_t(End - K.GroupSegmentFixedSize);
      for (unsigned B = 0; B != std::min<uint32_t>(KA.Size, 4); ++B)
        Kernarg[KA.Offset + B] = uint8_t(Base >> (8 * B));
      continue;
    }
    bool WantsPointer = KA.ValueKind == "global_buffer";
    if (A.IsBuffer != WantsPointer)
      return makeError("argument " + Twine(I) + " of '" + K.Name + "' is " +
                       KA.ValueKind + " (" + Twine(KA.Size) + " bytes) but " +
                       A.Desc + " is " + (A.IsBuffer ? "a buffer" : "a value"));
    if (A.IsBuffer) {
      A.Addr = Ex.getMemory().allocate(A.Bytes.size(), A.Desc);
      std::copy(A.Bytes.begin(), A.Bytes.end(),
                Ex.getMemory().buffer(A.Addr).begin());
      for (unsigned B = 0; B != 8; ++B)
        Kernarg[KA.Offset + B] = uint8_t(A.Addr >> (8 * B));
      continue;
    }
    if (A.Bytes.size() != KA.Size)
      return makeError("argument " + Twine(I) + " of '" + K.Name + "' has " +
                       Twine(KA.Size) + " bytes, " + A.Desc + " has " +
                       Twine(A.Bytes.size()));
    std::copy(A.Bytes.begin(), A.Bytes.end(), Kernarg.begin() + KA.Offset);
  }
  L.Dims.DynamicLDSSize = LDSEnd;
  return Kernarg;
}

/// Whether element Index of Got matches Want under Tolerance.
static bool elementsMatch(ElemType T, ArrayRef<uint8_t> Got,
                          ArrayRef<uint8_t> Want, size_t Index,
                          double Tolerance) {
  uint64_t G = load(T, Got, Index), W = load(T, Want, Index);
  if (G == W)
    return true;
  if (!isFloat(T))
    return false;
  double GD = T == ElemType::F32 ? double(bit_cast<float>(uint32_t(G)))
                                 : bit_cast<double>(G);
  double WD = T == ElemType::F32 ? double(bit_cast<float>(uint32_t(W)))
                                 : bit_cast<double>(W);
  if (std::isnan(GD) || std::isnan(WD))
    return std::isnan(GD) && std::isnan(WD);
  return std::fabs(GD - WD) <= Tolerance * std::max(1.0, std::fabs(WD));
}

Expected<uint64_t> amdgpu_emu::checkExpectations(Executor &Ex, const Launch &L,
                                                 raw_ostream &OS) {
  constexpr unsigned MaxReported = 10;
  uint64_t Bad = 0;
  for (const LaunchArg &A : L.Args) {
    if (!A.IsBuffer)
      continue;
    ArrayRef<uint8_t> Got = Ex.getMemory().buffer(A.Addr);
    if (!A.OutputPath.empty()) {
      std::error_code EC;
      raw_fd_ostream Out(A.OutputPath, EC, sys::fs::OF_None);
      if (EC)
        return makeError("cannot write '" + A.OutputPath +
                         "': " + EC.message());
      Out.write(reinterpret_cast<const char *>(Got.data()), Got.size());
    }
    if (!A.Expected)
      continue;
    uint64_t BadHere = 0;
    size_t N = Got.size() / getElemSize(A.Type);
    for (size_t I = 0; I != N; ++I) {
      if (elementsMatch(A.Type, Got, *A.Expected, I, A.Tolerance))
        continue;
      if (BadHere++ < MaxReported)
        OS << "mismatch: " << A.Desc << " element " << I << ": got "
           << formatElement(A.Type, Got, I) << ", expected "
           << formatElement(A.Type, *A.Expected, I) << "\n";
    }
    if (BadHere > MaxReported)
      OS << "mismatch: " << A.Desc << ": " << BadHere - MaxReported
         << " more mismatching elements\n";
    Bad += BadHere;
  }
  return Bad;
}
