//===- SemanticsFloat.cpp - What the floating-point instructions do -------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The semantics of the floating-point vector instructions: f32, f64, f16
/// and packed arithmetic, conversions, the division sequence (v_div_scale,
/// v_div_fmas, v_div_fixup), rounding, square roots and transcendentals,
/// v_trig_preop_f64 and the legacy multiply-adds. The float compares are in
/// SemanticsVector.cpp with the other compares. The table in Semantics.cpp
/// maps names to them.
///
//===----------------------------------------------------------------------===//

#include "SemanticsImpl.h"
#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

namespace llvm {
namespace amdgpu_emu {
namespace semantics {

// --- f32 --------------------------------------------------------------------

/// What v_f32 computes from src0 (A), src1 (B) and the addend of the fused
/// forms (Acc: src2, or vdst for fmac). A NaN operand gives the first NaN
/// in operand order (propagatedNaN); max and min treat NaNs as fmaxAMD does.
template <F32Op Kind> static float f32Op(float A, float B, float Acc) {
  constexpr bool Fused = Kind == F32Op::Fma || Kind == F32Op::Fmac;
  if (Kind != F32Op::Max && Kind != F32Op::Min)
    if (std::optional<float> NaN =
            Fused ? propagatedNaN({A, B, Acc}) : propagatedNaN({A, B}))
      return *NaN;
  switch (Kind) {
  case F32Op::Add:
    return A + B;
  case F32Op::Sub:
    return A - B;
  case F32Op::SubRev:
    return B - A;
  case F32Op::Mul:
    return A * B;
  case F32Op::Fma:
  case F32Op::Fmac:
    return std::fma(A, B, Acc);
  case F32Op::Max:
    return fmaxAMD(A, B);
  default:
    return fminAMD(A, B);
  }
}

/// f32 arithmetic with modifiers.
template <F32Op Kind> Error v_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float Acc = 0.0f;
    if (Kind == F32Op::Fma) {
      Acc = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    } else if (Kind == F32Op::Fmac) {
      // The accumulator is an input: flushed as the sources are.
      uint32_t Bits = readV(C, I.op(Role::VDst), L);
      if (!(C.DS.Prog.DenormMode32 & 1))
        Bits = flushDenorm(Bits);
      Acc = asF(Bits);
    }
    writeV(C, I.op(Role::VDst), L, resultF(C, I, f32Op<Kind>(A, B, Acc)));
  });
  return Error::success();
}

Error v_rcp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, 1.0f / A));
  });
  return Error::success();
}

/// v_cvt_f32_ubyteN: byte N of src0, unsigned, as f32, with the VOP3
/// output modifiers (omod, clamp). In the SDWA form, src0 is first the
/// selected byte or word (sign-extended to 32 bits with SEXT), of which
/// byte N converts; the result is placed as dst_sel and dst_unused say.
template <unsigned Byte> Error v_cvt_f32_ubyte(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = srcInt(C, I, Role::Src0, L);
    writeInt(C, I, L, resultF(C, I, float((A >> (8 * Byte)) & 0xff)));
  });
  return Error::success();
}

template <bool Signed> Error v_cvt_f32_int(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = readV(C, I.op(Role::Src0), L);
    float D = Signed ? float(int32_t(A)) : float(A);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// v_cvt_f32_i32/u32 with SDWA: the source is the selected (and with SEXT
/// sign-extended) byte, word or dword; the result placed per dst_sel.
template <bool Signed> Error v_cvt_f32_int_sdwa(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t A = srcInt(C, I, Role::Src0, L);
    float D = Signed ? float(int32_t(A)) : float(A);
    writeInt(C, I, L, resultF(C, I, D));
  });
  return Error::success();
}

/// f32 -> integer, rounding toward zero, saturating; NaN gives 0.
template <bool Signed> Error v_cvt_int_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = std::trunc(srcF(C, I, Role::Src0, Role::Src0Mods, L));
    uint32_t D;
    if (std::isnan(A))
      D = 0;
    else if (Signed)
      D = A <= -2147483648.0f  ? 0x80000000u
          : A >= 2147483648.0f ? 0x7fffffffu
                               : uint32_t(int32_t(A));
    else
      D = A <= 0.0f ? 0u : A >= 4294967296.0f ? 0xffffffffu : uint32_t(A);
    writeInt(C, I, L, D);
  });
  return Error::success();
}

/// v_fmaak_f32 (src0 * src1 + K) and v_fmamk_f32 (src0 * K + src1), K the
/// literal.
template <bool AddK> Error v_fmak_f32(WaveCtx &C, const Instr &I) {
  if (!I.has(Role::ImmK))
    return instError(C, I, "missing literal operand");
  float K = asF(uint32_t(I.imm(Role::ImmK)));
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    // The multiplicands, then the addend.
    float X = A, Y = AddK ? B : K, Z = AddK ? K : B;
    float D = propagatedNaN({X, Y, Z}).value_or(std::fma(X, Y, Z));
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// v_frexp_exp_i32_f32 / v_frexp_mant_f32: x = mant * 2^exp with |mant| in
/// [0.5, 1); NaN and infinity give exponent 0 and return themselves as the
/// mantissa, a NaN quieted.
template <bool Exp> Error v_frexp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    int E = 0;
    float M = std::isfinite(X) ? std::frexp(X, &E)
              : std::isnan(X)  ? quieted(X)
                               : X;
    writeV(C, I.op(Role::VDst), L, Exp ? uint32_t(E) : resultF(C, I, M));
  });
  return Error::success();
}

/// v_ldexp_f32: src0 * 2^src1 (src1 a signed integer).
Error v_ldexp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    int E = int32_t(readV(C, I.op(Role::Src1), L));
    writeV(C, I.op(Role::VDst), L, resultF(C, I, std::ldexp(X, E)));
  });
  return Error::success();
}

/// Packed f32 (gfx90a v_pk_{add,mul,fma}_f32): two f32 lanes in a 64-bit
/// register pair. Result dword 0 takes each source's dword op_sel (0 =
/// low), dword 1 its op_sel_hi (1 = high by default); NEG negates the
/// dword-0 operand, NEG_HI (the ABS bit) the dword-1 operand.
template <PkF32Op Kind> Error v_pk_f32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp))
    return instError(C, I,
                     "clamp on a packed f32 operation is not "
                     "implemented");
  unsigned NumSrc = Kind == PkF32Op::Fma ? 3 : 2;
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  forActive(C, [&](unsigned L) {
    // Both halves read their sources before either is written: the
    // destination pair may also be a source pair.
    uint32_t Result[2];
    for (unsigned Half = 0; Half != 2; ++Half) {
      float V[3] = {};
      bool Signaling = false;
      for (unsigned S = 0; S != NumSrc; ++S) {
        uint64_t M = I.imm(Mods[S]);
        unsigned Sel = Half ? (M >> 3) & 1 : (M >> 2) & 1;
        uint32_t B = readV(C, I.op(Srcs[S]), L, Sel);
        if ((Half ? M >> 1 : M) & 1)
          B ^= 0x80000000;
        if (!(C.DS.Prog.DenormMode32 & 1))
          B = flushDenorm(B);
        V[S] = asF(B);
      }
      std::optional<float> NaN = Kind == PkF32Op::Fma
                                     ? propagatedNaN({V[0], V[1], V[2]})
                                     : propagatedNaN({V[0], V[1]});
      float D = NaN                    ? *NaN
                : Kind == PkF32Op::Add ? V[0] + V[1]
                : Kind == PkF32Op::Mul ? V[0] * V[1]
                                       : std::fma(V[0], V[1], V[2]);
      uint32_t R = asU(D);
      if (!(C.DS.Prog.DenormMode32 & 2))
        R = flushDenorm(R);
      Result[Half] = R;
    }
    writeV(C, I.op(Role::VDst), L, Result[0], 0);
    writeV(C, I.op(Role::VDst), L, Result[1], 1);
  });
  return Error::success();
}

// The f32 division sequence clang emits for correctly rounded division:
// v_div_scale (pre-scale operands whose quotient or reciprocal would leave
// the normal range), v_rcp + fma refinement, v_div_fmas (undo the scaling),
// v_div_fixup (special values and the sign). v_div_scale follows the AMD
// ISA's pseudo-code; v_div_fmas scales a lane whose VCC bit is set by
// 2^64 when the quotient is >= 2 and 2^-64 otherwise (the ISA text says
// 2^32, which cannot undo both scalings), rounding once; v_div_fixup turns
// a NaN quotient of finite operands (the scaled sequence overflowed) into
// an infinity. div-scaling.test checks the whole sequence against the
// correctly rounded IEEE quotient on operands that take every path.

static unsigned expF(uint32_t B) { return (B >> 23) & 0xff; }

/// The pre-scale of v_div_scale_{f32,f64} (the AMD ISA's pseudo-code):
/// D is S0 unless the quotient S2 / S1 or the reciprocal of S1 would leave
/// the normal range, in which case S0 is scaled by 2^+-Shift (64 for f32,
/// 128 for f64) and Scaled (the lane's VCC bit) says whether v_div_fmas must
/// undo a scaling of the quotient. ExpRange is 96 (f32) or 768 (f64),
/// TinyExp the mantissa width (23 or 52).
namespace {
template <typename T> struct DivScale {
  T D;
  bool Scaled;
};
} // namespace

/// The biased exponent field of X.
template <typename T> static int biasedExp(T X) {
  if constexpr (std::is_same_v<T, float>)
    return int(bit_cast<uint32_t>(X) >> 23) & 0xff;
  else
    return int(bit_cast<uint64_t>(X) >> 52) & 0x7ff;
}

template <typename T>
static DivScale<T> divScale(T S0, T S1, T S2, int Shift, int ExpRange,
                            int TinyExp) {
  auto Exp = [](T X) { return biasedExp(X); };
  auto IsDenorm = [](auto X) { return std::fpclassify(X) == FP_SUBNORMAL; };
  if (S2 == 0 || S1 == 0)
    return {std::numeric_limits<T>::quiet_NaN(), false};
  if (Exp(S2) - Exp(S1) >= ExpRange) // N / D near the largest value.
    return {S0 == S1 ? std::ldexp(S0, Shift) : S0, true};
  if (IsDenorm(S1))
    return {std::ldexp(S0, Shift), false};
  T Q = S2 / S1;
  bool RcpDenorm = IsDenorm(1.0 / double(S1));
  if (RcpDenorm && IsDenorm(Q))
    return {S0 == S1 ? std::ldexp(S0, Shift) : S0, true};
  if (RcpDenorm)
    return {std::ldexp(S0, -Shift), false};
  if (IsDenorm(Q)) // Only the numerator is scaled.
    return {S0 == S2 ? std::ldexp(S0, Shift) : S0, true};
  if (Exp(S2) <= TinyExp) // The numerator is tiny.
    return {std::ldexp(S0, Shift), false};
  return {S0, false};
}

/// v_div_scale_f32 vdst, vcc, s0, s1 (denominator), s2 (numerator).
Error v_div_scale_f32(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = 0;
  forActive(C, [&](unsigned L) {
    DivScale<float> R =
        divScale<float>(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                        srcF(C, I, Role::Src1, Role::Src1Mods, L),
                        srcF(C, I, Role::Src2, Role::Src2Mods, L), 64, 96, 23);
    uint32_t B = asU(R.D);
    if (!(C.DS.Prog.DenormMode32 & 2))
      B = flushDenorm(B);
    writeV(C, I.op(Role::VDst), L, B);
    Vcc |= uint64_t(R.Scaled) << L;
  });
  writeS(C, maskDst(C, I), Vcc);
  return Error::success();
}

/// fma(A, B, C) * 2^Shift rounded once to Narrow, computed in the wider
/// type Wide: the fma is rounded to odd (toward zero, then the lowest bit
/// set if inexact), which with two or more extra bits makes the final
/// rounding correct; the scaling is exact in Wide's range.
template <typename Narrow, typename Wide>
static Narrow scaledFma(Narrow A, Narrow B, Narrow C, int Shift) {
  int Mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  std::feclearexcept(FE_INEXACT);
  volatile Wide R = std::fma(Wide(A), Wide(B), Wide(C));
  bool Inexact = std::fetestexcept(FE_INEXACT);
  std::fesetround(Mode);
  Wide Odd = R;
  if (Inexact && std::isfinite(Odd)) {
    uint64_t Low; // The low mantissa bits (double, or x87's 64-bit mantissa).
    std::memcpy(&Low, &Odd, sizeof(Low));
    Low |= 1;
    std::memcpy(&Odd, &Low, sizeof(Low));
  }
  return Narrow(std::ldexp(Odd, Shift));
}

/// v_div_fmas_f32: fma(s0, s1, s2); in lanes whose VCC bit is set (the
/// quotient s2 was computed scaled), also times 2^64 if s2 >= 2 (the
/// denominator was scaled up) and 2^-64 otherwise (the numerator was).
Error v_div_fmas_f32(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = C.vcc();
  forActive(C, [&](unsigned L) {
    float S2 = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    float D = std::fma(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                       srcF(C, I, Role::Src1, Role::Src1Mods, L), S2);
    if ((Vcc >> L) & 1)
      D = scaledFma<float, double>(srcF(C, I, Role::Src0, Role::Src0Mods, L),
                                   srcF(C, I, Role::Src1, Role::Src1Mods, L),
                                   S2, expF(asU(S2)) > 127 ? 64 : -64);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, D));
  });
  return Error::success();
}

/// v_div_fixup_f32 vdst, s0 (quotient), s1 (denominator), s2 (numerator).
Error v_div_fixup_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float Q = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float D = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float N = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    bool Neg = std::signbit(D) != std::signbit(N);
    uint32_t Sign = Neg ? 0x80000000u : 0;
    uint32_t R;
    if (std::isnan(N))
      R = asU(N) | 0x00400000; // Quieted.
    else if (std::isnan(D))
      R = asU(D) | 0x00400000;
    else if ((D == 0 && N == 0) || (std::isinf(D) && std::isinf(N)))
      R = 0xffc00000; // The default NaN.
    else if (D == 0 || std::isinf(N))
      R = Sign | 0x7f800000;
    else if (std::isinf(D) || N == 0)
      R = Sign;
    else if (int(expF(asU(N))) - int(expF(asU(D))) < -150)
      R = Sign; // |N / D| < 2^-150 rounds to zero.
    else if (std::isnan(Q))
      R = Sign | 0x7f800000; // The scaled sequence overflowed.
    else
      R = Sign | (asU(Q) & 0x7fffffff);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, asF(R)));
  });
  return Error::success();
}

// --- f64 --------------------------------------------------------------------
//
// Doubles live in VGPR pairs (or 64-bit scalar operands); VOP3 abs/neg act
// on bit 63; denormals follow FLOAT_DENORM_MODE_16_64.

static void writeD(WaveCtx &C, const Instr &I, unsigned Lane, double D) {
  switch (I.imm(Role::OMod)) {
  case 1:
    D *= 2.0;
    break;
  case 2:
    D *= 4.0;
    break;
  case 3:
    D *= 0.5;
    break;
  }
  if (I.imm(Role::Clamp))
    D = std::isnan(D) ? 0.0 : std::min(std::max(D, 0.0), 1.0);
  uint64_t B = bit_cast<uint64_t>(D);
  if (!(C.DS.Prog.DenormMode64 & 2))
    B = flushDenorm64(B);
  writeV64(C, I.op(Role::VDst), Lane, B);
}

/// v_frexp_mant_f64 / v_frexp_exp_i32_f64: the mantissa in [0.5, 1) with
/// the sign of src0, or its exponent; an infinity or NaN gives itself (a
/// NaN quieted) and exponent 0 (as the f32 forms).
template <bool Exp> Error v_frexp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    int E = 0;
    double M = std::isfinite(X) ? std::frexp(X, &E)
               : std::isnan(X)  ? quieted(X)
                                : X;
    if (Exp)
      writeV(C, I.op(Role::VDst), L, uint32_t(E));
    else
      writeD(C, I, L, M);
  });
  return Error::success();
}

/// What v_f64 computes, as f32Op: a NaN operand gives the first NaN in
/// operand order.
template <F64Op Kind> static double f64Op(double A, double B, double Acc) {
  constexpr bool Fused = Kind == F64Op::Fma || Kind == F64Op::Fmac;
  if (Kind != F64Op::Max && Kind != F64Op::Min)
    if (std::optional<double> NaN =
            Fused ? propagatedNaN({A, B, Acc}) : propagatedNaN({A, B}))
      return *NaN;
  switch (Kind) {
  case F64Op::Add:
    return A + B;
  case F64Op::Mul:
    return A * B;
  case F64Op::Fma:
  case F64Op::Fmac:
    return std::fma(A, B, Acc);
  case F64Op::Max:
    return fmaxAMD(A, B);
  default:
    return fminAMD(A, B);
  }
}

template <F64Op Kind> Error v_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double A = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    double B = srcD(C, I, Role::Src1, Role::Src1Mods, L);
    double Acc = 0.0;
    if (Kind == F64Op::Fma) {
      Acc = srcD(C, I, Role::Src2, Role::Src2Mods, L);
    } else if (Kind == F64Op::Fmac) {
      // The accumulator is an input: flushed as the sources are.
      uint64_t Bits = readV64(C, I.op(Role::VDst), L);
      if (!(C.DS.Prog.DenormMode64 & 1))
        Bits = flushDenorm64(Bits);
      Acc = bit_cast<double>(Bits);
    }
    writeD(C, I, L, f64Op<Kind>(A, B, Acc));
  });
  return Error::success();
}

/// v_rcp_f64: the correctly rounded reciprocal (hardware is within 1 ulp;
/// the division sequence's refinement gives the same final quotient).
Error v_rcp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, 1.0 / srcD(C, I, Role::Src0, Role::Src0Mods, L));
  });
  return Error::success();
}

/// Conversions to and from f64. Float -> int truncates, saturates, and maps
/// NaN to 0.
template <CvtF64Op Kind> Error v_cvt_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    switch (Kind) {
    case CvtF64Op::F64FromI32:
      writeD(C, I, L, double(int32_t(readV(C, I.op(Role::Src0), L))));
      break;
    case CvtF64Op::F64FromU32:
      writeD(C, I, L, double(readV(C, I.op(Role::Src0), L)));
      break;
    case CvtF64Op::I32FromF64:
    case CvtF64Op::U32FromF64: {
      constexpr bool Signed = Kind == CvtF64Op::I32FromF64;
      double D = std::trunc(srcD(C, I, Role::Src0, Role::Src0Mods, L));
      double Lo = Signed ? double(INT32_MIN) : 0.0;
      double Hi = Signed ? double(INT32_MAX) : double(UINT32_MAX);
      uint32_t R = std::isnan(D) ? 0
                   : D <= Lo     ? (Signed ? uint32_t(INT32_MIN) : 0u)
                   : D >= Hi     ? (Signed ? uint32_t(INT32_MAX) : UINT32_MAX)
                   : Signed      ? uint32_t(int32_t(D))
                                 : uint32_t(D);
      writeV(C, I.op(Role::VDst), L, R);
      break;
    }
    case CvtF64Op::F32FromF64:
      writeV(C, I.op(Role::VDst), L,
             resultF(C, I, float(srcD(C, I, Role::Src0, Role::Src0Mods, L))));
      break;
    default:
      writeD(C, I, L, double(srcF(C, I, Role::Src0, Role::Src0Mods, L)));
      break;
    }
  });
  return Error::success();
}

static unsigned expD(uint64_t B) { return (B >> 52) & 0x7ff; }

/// The f64 division sequence, as for f32 (scaling by 2^+-128).
Error v_div_scale_f64(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = 0;
  forActive(C, [&](unsigned L) {
    DivScale<double> R = divScale<double>(
        srcD(C, I, Role::Src0, Role::Src0Mods, L),
        srcD(C, I, Role::Src1, Role::Src1Mods, L),
        srcD(C, I, Role::Src2, Role::Src2Mods, L), 128, 768, 53);
    uint64_t B = bit_cast<uint64_t>(R.D);
    if (!(C.DS.Prog.DenormMode64 & 2))
      B = flushDenorm64(B);
    writeV64(C, I.op(Role::VDst), L, B);
    Vcc |= uint64_t(R.Scaled) << L;
  });
  writeS(C, maskDst(C, I), Vcc);
  return Error::success();
}

/// v_div_fmas_f64: as v_div_fmas_f32, scaling by 2^+-128 (s2 >= 2: up).
Error v_div_fmas_f64(WaveCtx &C, const Instr &I) {
  uint64_t Vcc = C.vcc();
  forActive(C, [&](unsigned L) {
    double S2 = srcD(C, I, Role::Src2, Role::Src2Mods, L);
    double D = std::fma(srcD(C, I, Role::Src0, Role::Src0Mods, L),
                        srcD(C, I, Role::Src1, Role::Src1Mods, L), S2);
    if ((Vcc >> L) & 1)
      D = scaledFma<double, long double>(
          srcD(C, I, Role::Src0, Role::Src0Mods, L),
          srcD(C, I, Role::Src1, Role::Src1Mods, L), S2,
          expD(bit_cast<uint64_t>(S2)) > 1023 ? 128 : -128);
    writeD(C, I, L, D);
  });
  return Error::success();
}

Error v_div_fixup_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double Q = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    double D = srcD(C, I, Role::Src1, Role::Src1Mods, L);
    double N = srcD(C, I, Role::Src2, Role::Src2Mods, L);
    uint64_t Sign =
        std::signbit(D) != std::signbit(N) ? 0x8000000000000000ull : 0;
    uint64_t BN = bit_cast<uint64_t>(N), BD = bit_cast<uint64_t>(D), R;
    if (std::isnan(N))
      R = BN | 0x0008000000000000ull;
    else if (std::isnan(D))
      R = BD | 0x0008000000000000ull;
    else if ((D == 0 && N == 0) || (std::isinf(D) && std::isinf(N)))
      R = 0xfff8000000000000ull;
    else if (D == 0 || std::isinf(N))
      R = Sign | 0x7ff0000000000000ull;
    else if (std::isinf(D) || N == 0)
      R = Sign;
    else if (int(expD(BN)) - int(expD(BD)) < -1075)
      R = Sign; // |N / D| < 2^-1075 rounds to zero.
    else if (std::isnan(Q))
      R = Sign | 0x7ff0000000000000ull; // The scaled sequence overflowed.
    else
      R = Sign | (bit_cast<uint64_t>(Q) & 0x7fffffffffffffffull);
    writeD(C, I, L, bit_cast<double>(R));
  });
  return Error::success();
}

// --- Rounding, square roots, transcendentals, legacy mad --------------------

/// Rounding to an integral value; a NaN gives itself quieted (the host's
/// floor, ceil and trunc return a signaling NaN unchanged).
template <typename T> static T roundKind(RoundOp Kind, T X) {
  if (std::isnan(X))
    return quieted(X);
  switch (Kind) {
  case RoundOp::Floor:
    return std::floor(X);
  case RoundOp::Ceil:
    return std::ceil(X);
  case RoundOp::Trunc:
    return std::trunc(X);
  default:
    return std::nearbyint(X); // The host rounds to nearest even.
  }
}

template <RoundOp Kind> Error v_round_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, roundKind(Kind, X)));
  });
  return Error::success();
}

template <RoundOp Kind> Error v_round_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, roundKind(Kind, srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

/// v_fract: x - floor(x), at most the largest value below 1.0 (so that a tiny
/// negative x does not give 1.0); NaN for NaN and infinities. The definition
/// LLVM's constant folding of llvm.amdgcn.fract uses (OpenCL's fract).
template <typename F> static F fractOf(F X) {
  if (std::isinf(X))
    return std::numeric_limits<F>::quiet_NaN(); // Not the host's -NaN.
  F R = X - std::floor(X);
  return std::isnan(R) ? R : std::min(R, std::nextafter(F(1), F(0)));
}

Error v_fract_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, fractOf(X)));
  });
  return Error::success();
}

Error v_fract_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, fractOf(srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

/// v_sqrt_f32 / v_rsq_f32 / v_rsq_f64 / v_sqrt_f64: the correctly rounded
/// square root; the reciprocal square root computed in a wider type and
/// rounded once more (hardware guarantees 1 ulp for both, like v_rcp_f32).
Error v_sqrt_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, std::sqrt(X)));
  });
  return Error::success();
}
Error v_rsq_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, float(1.0 / std::sqrt(X))));
  });
  return Error::success();
}
/// v_exp_f32 / v_log_f32: 2^x and log2(x), computed in double and rounded
/// once (hardware guarantees 1 ulp). The special values follow the ISA:
/// 2^-inf = 0, 2^+inf = +inf, log2(+-0) = -inf, log2(x < 0) = NaN,
/// log2(+inf) = +inf; NaN stays NaN. Whatever the denormal mode, v_exp_f32
/// flushes a denormal result and v_log_f32 a denormal input to zero (the
/// reason LLVM's llvm.exp2/llvm.log2 lowering rescales those ranges).
Error v_exp_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float R = float(std::exp2(X));
    if (std::fpclassify(R) == FP_SUBNORMAL)
      R = 0.0f;
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}
Error v_log_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    if (std::fpclassify(X) == FP_SUBNORMAL)
      X = std::copysign(0.0f, X);
    float R = float(std::log2(double(X)));
    if (std::isnan(R) && !std::isnan(X)) // The default NaN, not the host's.
      R = std::numeric_limits<float>::quiet_NaN();
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}
/// sin(2 pi X) or (Cos) cos(2 pi X), X in revolutions, correctly rounded
/// to f32 but for a double rounding in the last of 64 bits. X is reduced
/// exactly: to F = X - nearest integer in [-1/2, 1/2] (both are doubles and
/// so is their difference), then to G with |G| <= 1/4 and the same result
/// as sin(2 pi G) (sin(2 pi F) = sin(2 pi (+-1/2 - F)), cos(2 pi F) =
/// sin(2 pi (1/4 - |F|))), so the long double product and sine keep their
/// relative precision. Multiples of a quarter revolution give exactly 0, 1
/// or -1, zeros positive as in LLVM's constant folding of
/// llvm.amdgcn.sin/cos (ConstantFolding.cpp), which the emulator must agree
/// with for a kernel to compute the same at every optimization level.
static float sinCosRevolutions(float X, bool Cos) {
  double F = double(X) - std::nearbyint(double(X));
  double G = Cos                   ? 0.25 - std::fabs(F)
             : std::fabs(F) > 0.25 ? std::copysign(0.5, F) - F
                                   : F;
  if (G == 0)
    return 0.0f;
  if (std::fabs(G) == 0.25)
    return std::copysign(1.0f, float(G));
  const long double Pi = 3.141592653589793238462643383279502884L;
  return float(std::sin(2 * Pi * static_cast<long double>(G)));
}

/// v_sin_f32 / v_cos_f32: D = sin(S0 * 2 pi) / cos(S0 * 2 pi) (AMD ISA
/// manuals): the input is in revolutions. Up to gfx8 the valid input range
/// is [-256, 256]; from gfx9 on any finite input is: neither LLVM
/// (FeatureTrigReducedRange, which makes SIISelLowering::LowerTrig insert
/// v_fract_f32, ends with gfx8) nor Mesa's AMD compilers ("before GFX9,
/// v_sin_f32 and v_cos_f32 had a valid input domain of [-256, +256]")
/// reduce the argument there. The emulator computes the exact reduction
/// and a correctly rounded result (sinCosRevolutions), where hardware
/// approximates; an infinity gives the default NaN, a NaN itself quieted.
/// Inputs outside [-256, 256] before gfx9, whose result the manuals and
/// LLVM describe differently, are refused.
template <bool Cos> Error v_sincos_f32(WaveCtx &C, const Instr &I) {
  StringRef Proc = C.DS.Prog.Processor;
  bool ReducedRange = Proc.starts_with("gfx6") || Proc.starts_with("gfx7") ||
                      Proc.starts_with("gfx8");
  bool OutOfRange = false;
  forActive(C, [&](unsigned L) {
    float X = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    OutOfRange |= ReducedRange && std::fabs(X) > 256.0f;
    float R = std::isnan(X)   ? quieted(X)
              : std::isinf(X) ? std::numeric_limits<float>::quiet_NaN()
                              : sinCosRevolutions(X, Cos);
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  if (OutOfRange)
    return instError(C, I,
                     "an input outside [-256, 256], whose result this "
                     "processor does not define, is not modelled");
  return Error::success();
}

Error v_sqrt_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    writeD(C, I, L, std::sqrt(srcD(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}
Error v_rsq_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    long double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    writeD(C, I, L, double(1.0L / std::sqrt(X)));
  });
  return Error::success();
}

/// v_ldexp_f64: src0 * 2^src1 (src1 a signed integer).
Error v_ldexp_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    writeD(C, I, L, std::ldexp(X, int32_t(readV(C, I.op(Role::Src1), L))));
  });
  return Error::success();
}

/// The 1,201 fraction bits of 2/pi that v_trig_preop_f64 reads (the ISA's
/// "(2.0/PI) == 0.{b_1200, b_1199, ..., b_0}"), most significant first, the
/// last word holding the final 17 (computed with integer arithmetic from
/// Machin's formula; they start 0xa2f9836e, the constant of every
/// Payne-Hanek argument reduction).
constexpr uint32_t TwoOverPiBits[] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041,
    0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c,
    0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
    0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
    0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
    0x56033046, 0xfc7b0000};

/// Word \p Index of TwoOverPiBits, 0 past its end.
static uint64_t twoOverPiWord(unsigned Index) {
  return Index < std::size(TwoOverPiBits) ? TwoOverPiBits[Index] : 0;
}

/// v_trig_preop_f64: a 53-bit segment of 2/pi for the argument reduction of
/// the f64 sine and cosine (ISA: "D = ldexp((2/PI << shift)[1200:1148],
/// scale)"). shift = src1[4:0] * 53, plus exponent(src0) - 1077 where that
/// biased exponent is larger (a large argument needs bits further down);
/// the segment is bits [shift, shift + 53) of the fraction, scaled by
/// 2^(-53 - shift), or by 2^(75 - shift) for an exponent of 1968 or more
/// (which keeps its product with src0 in range). Bits past the 1,201 of
/// the ISA's constant are 0; a NaN gives itself, quieted.
Error v_trig_preop_f64(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    double X = srcD(C, I, Role::Src0, Role::Src0Mods, L);
    if (std::isnan(X)) {
      writeD(C, I, L, bit_cast<double>(bit_cast<uint64_t>(X) | 1ull << 51));
      return;
    }
    unsigned Exp = (bit_cast<uint64_t>(X) >> 52) & 0x7ff;
    unsigned Shift = (readV(C, I.op(Role::Src1), L) & 31) * 53;
    if (Exp > 1077)
      Shift += Exp - 1077;
    unsigned Word = Shift / 32;
    uint64_t Bits = twoOverPiWord(Word) << 32 | twoOverPiWord(Word + 1);
    if (unsigned Skip = Shift % 32)
      Bits = Bits << Skip | twoOverPiWord(Word + 2) >> (32 - Skip);
    int Scale = -53 - int(Shift) + (Exp >= 1968 ? 128 : 0);
    writeD(C, I, L, std::ldexp(double(Bits >> 11), Scale));
  });
  return Error::success();
}

/// v_med3_f32 / v_min3_f32 / v_max3_f32. With a NaN operand med3 is min3
/// (ISA: "if (isNan(S0) || isNan(S1) || isNan(S2)) D = V_MIN3_F32(...)");
/// min/max as v_min_f32/v_max_f32 (a NaN operand yields the other one).
template <MinMax3Op Kind> Error v_minmax3_f32(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    float A = srcF(C, I, Role::Src0, Role::Src0Mods, L);
    float B = srcF(C, I, Role::Src1, Role::Src1Mods, L);
    float D = srcF(C, I, Role::Src2, Role::Src2Mods, L);
    float R;
    bool AnyNaN = std::isnan(A) || std::isnan(B) || std::isnan(D);
    if (Kind == MinMax3Op::Min || (Kind == MinMax3Op::Med && AnyNaN))
      R = fminAMD(fminAMD(A, B), D);
    else if (Kind == MinMax3Op::Max)
      R = fmaxAMD(fmaxAMD(A, B), D);
    else { // The ISA's median: the max of the two operands not the max3.
      float Max3 = fmaxAMD(fmaxAMD(A, B), D);
      R = Max3 == A ? fmaxAMD(B, D) : Max3 == B ? fmaxAMD(A, D) : fmaxAMD(A, B);
    }
    writeV(C, I.op(Role::VDst), L, resultF(C, I, R));
  });
  return Error::success();
}

/// Legacy multiply-add (v_mad_f32, v_mac_f32, v_madmk_f32, v_madak_f32): the
/// product rounded, then the sum rounded, denormals flushed on input and
/// output whatever the mode (LLVM selects these only for FMAD_FTZ or when
/// f32 denormals are flushed).
template <MadOp Kind> Error v_mad_f32(WaveCtx &C, const Instr &I) {
  if ((Kind == MadOp::Madmk || Kind == MadOp::Madak) && !I.has(Role::ImmK))
    return instError(C, I, "missing literal operand");
  auto Ftz = [](float F) { return asF(flushDenorm(asU(F))); };
  float K = asF(uint32_t(I.imm(Role::ImmK)));
  forActive(C, [&](unsigned L) {
    float A = Ftz(srcF(C, I, Role::Src0, Role::Src0Mods, L));
    float B = Ftz(srcF(C, I, Role::Src1, Role::Src1Mods, L));
    float M, Add;
    switch (Kind) {
    case MadOp::Mad:
      M = A * B, Add = srcF(C, I, Role::Src2, Role::Src2Mods, L);
      break;
    case MadOp::Mac:
      M = A * B, Add = asF(readV(C, I.op(Role::VDst), L));
      break;
    case MadOp::Madmk:
      M = A * Ftz(K), Add = B;
      break;
    default:
      M = A * B, Add = K;
      break;
    }
    // A NaN operand gives the first NaN: the multiplicands, then the addend.
    float X = A, Y = Kind == MadOp::Madmk ? K : B;
    float Z = Kind == MadOp::Madmk ? B : Add;
    float D = propagatedNaN({X, Y, Z}).value_or(Ftz(Ftz(M) + Ftz(Add)));
    writeV(C, I.op(Role::VDst), L, flushDenorm(resultF(C, I, D)));
  });
  return Error::success();
}

// --- f16 --------------------------------------------------------------------

// f16 <-> f32. FLOAT_DENORM_MODE_16_64 governs f16 denormals.

/// binary16 bits -> f32, exactly; a NaN is quieted.
static float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H & 0x8000) << 16, Exp = (H >> 10) & 0x1f,
           Man = H & 0x3ff;
  if (Exp == 0x1f)
    return asF(Sign | 0x7f800000 | (Man ? 0x400000 | (Man << 13) : 0));
  float V = std::ldexp(float(Man | (Exp ? 0x400 : 0)), int(Exp ? Exp : 1) - 25);
  return asF(Sign | asU(V));
}

/// f32 -> binary16 bits, rounded to nearest even (overflow to infinity); a
/// NaN is quieted, keeping the top of its payload.
static uint16_t floatToHalf(float F) {
  uint32_t B = asU(F);
  uint16_t Sign = (B >> 16) & 0x8000;
  if (std::isnan(F))
    return Sign | 0x7e00 | ((B >> 13) & 0x3ff);
  float A = std::fabs(F);
  if (A >= 65520.0f) // At or past the midpoint between 65504 and 2^16.
    return Sign | 0x7c00;
  if (A < 0x1p-14f) // Subnormal (or zero): a multiple of 2^-24.
    return Sign | uint16_t(std::nearbyint(A * 0x1p24f));
  int E;
  std::frexp(A, &E); // A = m * 2^E, m in [0.5, 1).
  uint32_t Mant = uint32_t(std::nearbyint(std::ldexp(A, 11 - E)));
  int Exp = E - 1 + 15;
  if (Mant == 2048)
    Mant = 1024, ++Exp;
  return Sign | uint16_t(Exp << 10) | uint16_t(Mant - 1024);
}

static uint16_t flushHalf(uint16_t H) {
  return (H & 0x7c00) == 0 ? H & 0x8000 : H;
}

/// An f16 source: the low half of the operand (the high half with op_sel),
/// abs/neg applied, input denormals flushed as the mode says.
static uint16_t srcHalf(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
                        unsigned Lane) {
  uint64_t M = I.imm(Mods);
  Role Sel = Src == Role::Src0 ? Role::Src0Sel : Role::Src1Sel;
  // An SDWA select picks the half; otherwise VOP3's op_sel does.
  uint16_t H = I.has(Sel)
                   ? uint16_t(sdwaSource(C, I, Src, Lane))
                   : uint16_t(readV(C, I.op(Src), Lane) >> (M & 4 ? 16 : 0));
  if (M & 2)
    H &= 0x7fff;
  if (M & 1)
    H ^= 0x8000;
  if (!(C.DS.Prog.DenormMode64 & 1))
    H = flushHalf(H);
  return H;
}

/// Writes a 16-bit result: into the high half when the instruction's dst
/// op_sel says so, else the low half,
/// the other half zeroed up to gfx9 and preserved from gfx10 on (as
/// GCNSubtarget::zeroesHigh16BitsOfDest says for these opcodes).
static void writeHalfBits(WaveCtx &C, const Instr &I, unsigned Lane,
                          uint16_t H) {
  uint32_t Old = readV(C, I.op(Role::VDst), Lane);
  bool Gfx10 = C.DS.Prog.CmpxWritesOnlyExec;
  uint32_t D = I.imm(Role::Src0Mods) & 8 ? (Old & 0xffff) | uint32_t(H) << 16
               : Gfx10                   ? (Old & 0xffff0000) | H
                                         : H;
  writeV(C, I.op(Role::VDst), Lane, D);
}

static void writeHalf(WaveCtx &C, const Instr &I, unsigned Lane, uint16_t H) {
  if (!(C.DS.Prog.DenormMode64 & 2))
    H = flushHalf(H);
  writeHalfBits(C, I, Lane, H);
}

/// An f16 source as a float (exact).
float srcHalfF(const WaveCtx &C, const Instr &I, Role Src, Role Mods,
               unsigned Lane) {
  return halfToFloat(srcHalf(C, I, Src, Mods, Lane));
}

/// Whether binary16 bits \p H are a signaling NaN (quiet bit 9 clear).
static bool isSignalingHalf(uint16_t H) {
  return (H & 0x7c00) == 0x7c00 && (H & 0x3ff) && !(H & 0x200);
}

/// fma(A, B, Acc) of f16 values held exactly as floats, as a float rounded
/// to odd: computed in double and converted to float, both toward zero,
/// then the lowest bit set if either step was inexact. A float has 13 bits
/// more than binary16, so floatToHalf's rounding of it is the correctly
/// rounded f16 fma (one rounding, as the ISA's fused f16 fma has).
static float halfFmaRoundedToOdd(float A, float B, float Acc) {
  int Mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  std::feclearexcept(FE_INEXACT);
  volatile double Wide = std::fma(double(A), double(B), double(Acc));
  volatile float Narrow = float(Wide);
  bool Inexact = std::fetestexcept(FE_INEXACT);
  std::fesetround(Mode);
  float R = Narrow;
  return Inexact && std::isfinite(R) ? asF(asU(R) | 1) : R;
}

/// What v_f16 and v_pk_f16 compute on f16 values held exactly as floats
/// (Acc: the addend of fma; Signaling: an operand's f16 bits are a
/// signaling NaN, which halfToFloat quiets). A NaN operand gives the first
/// NaN in operand order (propagatedNaN; halfToFloat keeps the f16 payload
/// in the top bits of the f32 one, floatToHalf takes it back); max and min
/// treat NaNs as fmaxAMD does, a signaling one included. fma rounds once
/// (halfFmaRoundedToOdd).
static float f16Op(F16Op Kind, float A, float B, float Acc, bool Signaling) {
  if (Kind != F16Op::Max && Kind != F16Op::Min)
    if (std::optional<float> NaN = Kind == F16Op::Fma
                                       ? propagatedNaN({A, B, Acc})
                                       : propagatedNaN({A, B}))
      return *NaN;
  if (Signaling && (Kind == F16Op::Max || Kind == F16Op::Min))
    return *propagatedNaN({A, B});
  switch (Kind) {
  case F16Op::Add:
    return A + B;
  case F16Op::Sub:
    return A - B;
  case F16Op::SubRev:
    return B - A;
  case F16Op::Mul:
    return A * B;
  case F16Op::Fma:
    return halfFmaRoundedToOdd(A, B, Acc);
  case F16Op::Max:
    return fmaxAMD(A, B);
  default:
    return fminAMD(A, B);
  }
}

/// f16 arithmetic. A sum or product of two f16 values is exact in f32, so it is
/// rounded to f16 once, and so is fma (f16Op). The high half of vdst:
/// writeHalf.
template <F16Op Kind> Error v_f16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I, "clamp/omod on an f16 operation is not implemented");
  forActive(C, [&](unsigned L) {
    uint16_t HA = srcHalf(C, I, Role::Src0, Role::Src0Mods, L);
    uint16_t HB = srcHalf(C, I, Role::Src1, Role::Src1Mods, L);
    float Acc = Kind == F16Op::Fma
                    ? srcHalfF(C, I, Role::Src2, Role::Src2Mods, L)
                    : 0.0f;
    bool Signaling = isSignalingHalf(HA) || isSignalingHalf(HB);
    writeHalf(C, I, L,
              floatToHalf(f16Op(Kind, halfToFloat(HA), halfToFloat(HB), Acc,
                                Signaling)));
  });
  return Error::success();
}

/// Packed f16 (VOP3P v_pk_{add,mul,fma,max,min}_f16; Kind as v_f16): result
/// half h takes each source's 16-bit half op_sel (h = 0) or op_sel_hi
/// (h = 1) selects, NEG negating the low-half operand and NEG_HI the
/// high-half one; both halves are written. A constant source other than 0
/// whose high half would be read is refused (whether hardware replicates a
/// packed inline constant into both halves is not modelled; 0 is the same
/// either way).
template <F16Op Kind> Error v_pk_f16(WaveCtx &C, const Instr &I) {
  unsigned NumSrc = Kind == F16Op::Fma ? 3 : 2;
  if (Error E = checkPackedModifiers(C, I, NumSrc, "f16", /*AllowNeg=*/true))
    return E;
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  forActive(C, [&](unsigned L) {
    uint32_t Result = 0;
    for (unsigned Half = 0; Half != 2; ++Half) {
      float V[3] = {};
      bool Signaling = false;
      for (unsigned S = 0; S != NumSrc; ++S) {
        uint64_t M = I.imm(Mods[S]);
        uint16_t H = packedSrcHalf(C, I, S, Half, L);
        if ((Half ? M >> 1 : M) & 1)
          H ^= 0x8000;
        if (!(C.DS.Prog.DenormMode64 & 1))
          H = flushHalf(H);
        V[S] = halfToFloat(H);
        Signaling |= S < 2 && isSignalingHalf(H);
      }
      uint16_t R = floatToHalf(f16Op(Kind, V[0], V[1], V[2], Signaling));
      if (!(C.DS.Prog.DenormMode64 & 2))
        R = flushHalf(R);
      Result |= uint32_t(R) << (16 * Half);
    }
    writeV(C, I.op(Role::VDst), L, Result);
  });
  return Error::success();
}

Error v_cvt_f16_f32(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I, "clamp/omod on v_cvt_f16_f32 is not implemented");
  forActive(C, [&](unsigned L) {
    writeHalf(C, I, L, floatToHalf(srcF(C, I, Role::Src0, Role::Src0Mods, L)));
  });
  return Error::success();
}

/// v_cvt_f16_i16 / v_cvt_f16_u16: the low 16 bits of src0 as an integer,
/// rounded to the nearest f16 (65520 and above overflow to infinity). The
/// SDWA form selects the source field (src0_sel, sext) and places the f16
/// result as dst_sel / dst_unused say.
template <bool Signed> Error v_cvt_f16_int16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.imm(Role::OMod))
    return instError(C, I,
                     "clamp/omod on an i16 to f16 conversion is not "
                     "implemented");
  bool Sdwa = I.has(Role::Src0Sel);
  forActive(C, [&](unsigned L) {
    uint16_t S = uint16_t(srcInt(C, I, Role::Src0, L));
    uint16_t H = floatToHalf(Signed ? float(int16_t(S)) : float(S));
    if (Sdwa)
      writeInt(C, I, L, H); // No denormal result: |H| >= 1 or 0.
    else
      writeHalf(C, I, L, H);
  });
  return Error::success();
}

/// v_cvt_i16_f16 / v_cvt_u16_f16: f16 to a 16-bit integer, rounding toward
/// zero and saturating; NaN gives 0 (as v_cvt_i32_f32 does). The result is
/// an integer: no denormal flushing of the written bits.
template <bool Signed> Error v_cvt_int16_f16(WaveCtx &C, const Instr &I) {
  if (I.imm(Role::Clamp) || I.has(Role::Src0Sel))
    return instError(C, I,
                     "clamp/sdwa on an f16 to i16 conversion is not "
                     "implemented");
  forActive(C, [&](unsigned L) {
    float A =
        std::trunc(halfToFloat(srcHalf(C, I, Role::Src0, Role::Src0Mods, L)));
    uint16_t D;
    if (std::isnan(A))
      D = 0;
    else if (Signed)
      D = A <= -32768.0f  ? 0x8000
          : A >= 32767.0f ? 0x7fff
                          : uint16_t(int16_t(A));
    else
      D = A <= 0.0f ? 0 : A >= 65535.0f ? 0xffff : uint16_t(A);
    writeHalfBits(C, I, L, D);
  });
  return Error::success();
}

Error v_cvt_f32_f16(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint16_t H = srcHalf(C, I, Role::Src0, Role::Src0Mods, L);
    writeInt(C, I, L, resultF(C, I, halfToFloat(H)));
  });
  return Error::success();
}

/// v_pack_b32_f16: vdst = {src1.f16, src0.f16}, each source's half chosen by
/// op_sel, with abs/neg; f16 input denormals flushed as the mode says.
Error v_pack_b32_f16(WaveCtx &C, const Instr &I) {
  forActive(C, [&](unsigned L) {
    uint32_t Lo = srcHalf(C, I, Role::Src0, Role::Src0Mods, L);
    uint32_t Hi = srcHalf(C, I, Role::Src1, Role::Src1Mods, L);
    writeV(C, I.op(Role::VDst), L, Lo | Hi << 16);
  });
  return Error::success();
}

/// v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16: fma of three sources,
/// each f32 or (op_sel_hi set) the f16 half op_sel picks, computed and
/// rounded in f32; mixlo/mixhi then convert to f16 (a second rounding) into
/// the low/high half of vdst, keeping the other half.
template <FmaMixOp Kind> Error v_fma_mix(WaveCtx &C, const Instr &I) {
  static const Role Srcs[] = {Role::Src0, Role::Src1, Role::Src2};
  static const Role Mods[] = {Role::Src0Mods, Role::Src1Mods, Role::Src2Mods};
  forActive(C, [&](unsigned L) {
    float V[3];
    for (unsigned S = 0; S != 3; ++S)
      V[S] = I.imm(Mods[S]) & 8
                 ? halfToFloat(srcHalf(C, I, Srcs[S], Mods[S], L))
                 : srcF(C, I, Srcs[S], Mods[S], L);
    float R =
        propagatedNaN({V[0], V[1], V[2]}).value_or(std::fma(V[0], V[1], V[2]));
    if (I.imm(Role::Clamp))
      R = std::isnan(R) ? 0.0f : std::min(std::max(R, 0.0f), 1.0f);
    if (Kind == FmaMixOp::F32) {
      uint32_t B = asU(R);
      if (!(C.DS.Prog.DenormMode32 & 2))
        B = flushDenorm(B);
      writeV(C, I.op(Role::VDst), L, B);
      return;
    }
    uint16_t H = floatToHalf(R);
    if (!(C.DS.Prog.DenormMode64 & 2))
      H = flushHalf(H);
    uint32_t Old = readV(C, I.op(Role::VDst), L);
    writeV(C, I.op(Role::VDst), L,
           Kind == FmaMixOp::LoF16 ? (Old & 0xffff0000) | H
                                   : (Old & 0xffff) | uint32_t(H) << 16);
  });
  return Error::success();
}

// --- Specializations the table in Semantics.cpp uses ------------------------

template Error v_f32<F32Op::Add>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Sub>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::SubRev>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Mul>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Fma>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Fmac>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Max>(WaveCtx &, const Instr &);
template Error v_f32<F32Op::Min>(WaveCtx &, const Instr &);
template Error v_cvt_f32_ubyte<0>(WaveCtx &, const Instr &);
template Error v_cvt_f32_ubyte<1>(WaveCtx &, const Instr &);
template Error v_cvt_f32_ubyte<2>(WaveCtx &, const Instr &);
template Error v_cvt_f32_ubyte<3>(WaveCtx &, const Instr &);
template Error v_cvt_f32_int<false>(WaveCtx &, const Instr &);
template Error v_cvt_f32_int<true>(WaveCtx &, const Instr &);
template Error v_cvt_f32_int_sdwa<false>(WaveCtx &, const Instr &);
template Error v_cvt_f32_int_sdwa<true>(WaveCtx &, const Instr &);
template Error v_cvt_int_f32<false>(WaveCtx &, const Instr &);
template Error v_cvt_int_f32<true>(WaveCtx &, const Instr &);
template Error v_cvt_f16_int16<false>(WaveCtx &, const Instr &);
template Error v_cvt_f16_int16<true>(WaveCtx &, const Instr &);
template Error v_cvt_int16_f16<false>(WaveCtx &, const Instr &);
template Error v_cvt_int16_f16<true>(WaveCtx &, const Instr &);
template Error v_fmak_f32<false>(WaveCtx &, const Instr &);
template Error v_fmak_f32<true>(WaveCtx &, const Instr &);
template Error v_frexp_f32<false>(WaveCtx &, const Instr &);
template Error v_frexp_f32<true>(WaveCtx &, const Instr &);
template Error v_frexp_f64<false>(WaveCtx &, const Instr &);
template Error v_frexp_f64<true>(WaveCtx &, const Instr &);
template Error v_pk_f32<PkF32Op::Add>(WaveCtx &, const Instr &);
template Error v_pk_f32<PkF32Op::Mul>(WaveCtx &, const Instr &);
template Error v_pk_f32<PkF32Op::Fma>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Add>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Mul>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Fma>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Fmac>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Max>(WaveCtx &, const Instr &);
template Error v_f64<F64Op::Min>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::F64FromI32>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::F64FromU32>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::I32FromF64>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::U32FromF64>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::F32FromF64>(WaveCtx &, const Instr &);
template Error v_cvt_f64<CvtF64Op::F64FromF32>(WaveCtx &, const Instr &);
template Error v_sincos_f32<false>(WaveCtx &, const Instr &);
template Error v_sincos_f32<true>(WaveCtx &, const Instr &);
template Error v_round_f32<RoundOp::Floor>(WaveCtx &, const Instr &);
template Error v_round_f32<RoundOp::Ceil>(WaveCtx &, const Instr &);
template Error v_round_f32<RoundOp::Trunc>(WaveCtx &, const Instr &);
template Error v_round_f32<RoundOp::Rndne>(WaveCtx &, const Instr &);
template Error v_round_f64<RoundOp::Floor>(WaveCtx &, const Instr &);
template Error v_round_f64<RoundOp::Ceil>(WaveCtx &, const Instr &);
template Error v_round_f64<RoundOp::Trunc>(WaveCtx &, const Instr &);
template Error v_round_f64<RoundOp::Rndne>(WaveCtx &, const Instr &);
template Error v_minmax3_f32<MinMax3Op::Min>(WaveCtx &, const Instr &);
template Error v_minmax3_f32<MinMax3Op::Max>(WaveCtx &, const Instr &);
template Error v_minmax3_f32<MinMax3Op::Med>(WaveCtx &, const Instr &);
template Error v_mad_f32<MadOp::Mad>(WaveCtx &, const Instr &);
template Error v_mad_f32<MadOp::Mac>(WaveCtx &, const Instr &);
template Error v_mad_f32<MadOp::Madmk>(WaveCtx &, const Instr &);
template Error v_mad_f32<MadOp::Madak>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Add>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Sub>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::SubRev>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Mul>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Fma>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Max>(WaveCtx &, const Instr &);
template Error v_f16<F16Op::Min>(WaveCtx &, const Instr &);
template Error v_pk_f16<F16Op::Add>(WaveCtx &, const Instr &);
template Error v_pk_f16<F16Op::Mul>(WaveCtx &, const Instr &);
template Error v_pk_f16<F16Op::Fma>(WaveCtx &, const Instr &);
template Error v_pk_f16<F16Op::Max>(WaveCtx &, const Instr &);
template Error v_pk_f16<F16Op::Min>(WaveCtx &, const Instr &);
template Error v_fma_mix<FmaMixOp::F32>(WaveCtx &, const Instr &);
template Error v_fma_mix<FmaMixOp::LoF16>(WaveCtx &, const Instr &);
template Error v_fma_mix<FmaMixOp::HiF16>(WaveCtx &, const Instr &);

} // namespace semantics
} // namespace amdgpu_emu
} // namespace llvm
