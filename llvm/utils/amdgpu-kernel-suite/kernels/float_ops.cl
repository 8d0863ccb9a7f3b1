// Floating point for instruction coverage: f32 add/mul/fma, floor/ceil/
// trunc/rint/round, fmin/fmax, fabs/copysign, ldexp, selects, compares and
// class tests (isnan/isinf), int <-> float conversions both ways (32- and
// 64-bit, signed and unsigned, negative values, saturating conversions of
// out-of-range values, infinities and NaN), f64 add/mul/fma/div/sqrt,
// rounding, min/max and conversions, and half <-> float (vload_half,
// vstore_half, with half subnormals, overflow to infinity and infinities).
// OpenCL's default f32 division (2.5 ulp), sqrt (3 ulp) and rsqrt (2 ulp)
// are not correctly rounded: they go to their own output buffer, checked
// with a tolerance. Everything else is exact.
#define NE 24
#define NA 5
#define NI 12
#define NL 4
#define ND 18

__kernel void float_ops(__global const float *X, __global const float *Y,
                        __global const float *Z, __global const float *W,
                        __global const int *K, __global const long *LK,
                        __global const double *D, __global const double *E,
                        __global const half *H, __global float *fe,
                        __global float *fa, __global int *ic,
                        __global long *lc, __global double *de,
                        __global half *ho, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float x = X[i], y = Y[i], z = Z[i], w = W[i];
  int k = K[i];
  long lk = LK[i];
  double d = D[i], e = E[i];
  __global float *o = fe + i * NE;
  o[0] = x + y;
  o[1] = x * y;
  o[2] = fma(x, y, z);
  o[3] = floor(x);
  o[4] = ceil(x);
  o[5] = trunc(x);
  o[6] = rint(x);
  o[7] = round(x);
  o[8] = fmin(x, y);
  o[9] = fmax(x, y);
  o[10] = fabs(x);
  o[11] = copysign(x, y);
  o[12] = (float)k;
  o[13] = (float)(uint)k;
  o[14] = (float)lk;
  o[15] = (float)(ulong)lk;
  o[16] = vload_half(i, H);
  o[17] = (float)d;
  o[18] = ldexp(x, (k & 15) - 8);
  o[19] = x > y ? x : z;
  o[20] = -x;
  o[21] = x - z;
  o[22] = (float)(short)k;
  o[23] = max(x, 0.0f);
  __global float *p = fa + i * NA;
  p[0] = x / y;
  p[1] = sqrt(fabs(x));
  p[2] = 1.0f / y;
  p[3] = rsqrt(fabs(z) + 1.0f);
  p[4] = x / 3.0f;
  __global int *q = ic + i * NI;
  q[0] = (int)x;
  q[1] = (uint)fabs(x);
  q[2] = convert_int_sat(w);
  q[3] = convert_uint_sat(w);
  q[4] = (int)d;
  q[5] = convert_int_sat(d * 1e7);
  q[6] = isnan(w) + 2 * isinf(w) + 4 * isfinite(w) + 8 * signbit(w);
  q[7] = convert_int_rte(x);
  q[8] = (x < y) + 2 * (x == z) + 4 * isgreaterequal(x, z) +
         8 * isunordered(w, x) + 16 * (w != w);
  q[9] = (d < e) + 2 * (d >= x) + 4 * isnan(d * w) + 8 * islessgreater(d, e);
  q[10] = (uint)fabs(d);
  q[11] = (int)floor(x * 100.0f);
  __global long *r = lc + i * NL;
  r[0] = (long)(x * 1e6f);
  r[1] = (ulong)(fabs(x) * 1e6f);
  r[2] = (long)(d * 1e9);
  r[3] = (ulong)(fabs(d) * 1e9);
  __global double *s = de + i * ND;
  s[0] = d + e;
  s[1] = d * e;
  s[2] = fma(d, e, d);
  s[3] = (double)x;
  s[4] = (double)k;
  s[5] = (double)(uint)k;
  s[6] = (double)lk;
  s[7] = (double)(ulong)lk;
  s[8] = floor(d);
  s[9] = ceil(d);
  s[10] = trunc(d);
  s[11] = rint(d);
  s[12] = fmin(d, e);
  s[13] = fmax(d, e);
  s[14] = copysign(fabs(d), e);
  s[15] = d / e;
  s[16] = sqrt(fabs(d));
  s[17] = d - e;
  vstore_half(x * 100.0f, 2 * i, ho);
  vstore_half(fmin(w, 1e30f) * 1e-5f, 2 * i + 1, ho); // No NaN.
}
