// Integer arithmetic for instruction coverage: signed and unsigned 32-bit
// division and remainder (by per-lane, uniform and constant divisors), 64-bit
// add/sub/mul/shift/division/remainder, min/max/abs/abs_diff, clz/popcount/
// rotate, mul_hi, mul24/mad24, bitselect, hadd, shifts by variable amounts
// (OpenCL takes the amount modulo the width), sign/zero extension and
// selects (no signed overflow anywhere: wrapping arithmetic is unsigned);
// some operands are uniform kernel arguments, so part of the work
// is scalar (SALU) code.
#define NI 32
#define NL 22

__kernel void int_ops(__global const int *A, __global const int *B,
                      __global const int *C, __global const long *LA,
                      __global const long *LB, __global int *out,
                      __global long *lout, int s, int t, long ls, long lt,
                      int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int a = A[i], b = B[i], c = C[i];
  uint ua = a, ub = b;
  long la = LA[i], lb = LB[i];
  ulong ula = la, ulb = lb;
  // mul24/mad24 operands: in 24-bit range, products that fit in 32 bits.
  int a24 = a >> 17, b24 = b >> 15;
  __global int *o = out + i * NI;
  o[0] = a / b;
  o[1] = a % b;
  o[2] = ua / ub;
  o[3] = ua % ub;
  o[4] = min(a, b);
  o[5] = max(a, b);
  o[6] = abs(a);
  o[7] = min(ua, ub);
  o[8] = max(ua, ub);
  o[9] = clz(a);
  o[10] = popcount(a);
  o[11] = rotate(a, b);
  o[12] = mul_hi(a, b);
  o[13] = mul_hi(ua, ub);
  o[14] = mad24(a24, b24, c >> 2);
  o[15] = mad24(ua & 0xffffffu, ub & 0xffffffu, ub);
  o[16] = bitselect(a, b, c);
  o[17] = ua << b;
  o[18] = a >> b;
  o[19] = ua >> b;
  o[20] = a > b ? c : (int)(ua + ub);
  o[21] = ua < ub ? a : c;
  o[22] = a / s;
  o[23] = s / t + ((uint)s % (uint)t) + a;
  o[24] = a % 7;
  o[25] = ua / 10u;
  o[26] = mul24(a24, b24);
  // abs_diff of operands whose difference fits: with a wrapping difference
  // the device library's abs_diff optimizes differently at -O0 and -O1.
  o[27] = abs_diff(a >> 1, b >> 1) + hadd(a, c) + rhadd(b, c);
  o[28] = (uint)clz(s) + popcount(t) + min(s, t) + (int)max((uint)s, (uint)t) +
          abs(s) + ((uint)s << (t & 31)) + (t >> (s & 31)) + a;
  o[29] = 31 - clz(a & (int)(0u - ua));
  o[30] = (char)a + (short)b + (uchar)c + (ushort)(a >> 7);
  o[31] = (a & b) ^ (a | ~c) ^ (ua * ub) ^ (ua * 5u + c);
  __global long *lo = lout + i * NL;
  lo[0] = ula + ulb;
  lo[1] = ula - ulb;
  lo[2] = ula * ulb;
  lo[3] = ula << b;
  lo[4] = la >> b;
  lo[5] = ula >> b;
  lo[6] = la / lb;
  lo[7] = la % lb;
  lo[8] = ula / ulb;
  lo[9] = ula % ulb;
  lo[10] = min(la, lb);
  lo[11] = max(ula, ulb);
  lo[12] = clz(la);
  lo[13] = popcount(la);
  lo[14] = (long)a * (long)b;
  lo[15] = (ulong)ua * (ulong)ub;
  lo[16] = ula * (ulong)ls + (la > lb ? la : ls);
  lo[17] = ls / lt + ls % lt + ((ulong)ls >> (t & 63)) + la;
  lo[18] = mul_hi(la, lb);
  lo[19] = rotate(la, lb);
  lo[20] = abs(la);
  lo[21] = (long)a + ((ulong)ub << 32) + (la < 0 ? ulb : 0 - ulb);
}
