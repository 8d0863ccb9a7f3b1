// Quantization of 8x8 DCT coefficient blocks with sign-dependent rounding,
// as JPEG encoders do it: each work-item quantizes one coefficient by the
// table entry of its position, rounding half away from zero. Negative and
// non-negative coefficients take two similar paths (negate, round, divide,
// negate back), so the lanes of a wave split on the sign of their data: the
// DARM real-kernel "DCT quantization" pattern.
__kernel void dct_quant(__global const int *coef, __global const int *qtab,
                        __global int *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int v = coef[i];
  int q = qtab[i & 63];
  int r;
  if (v < 0) {
    int a = -v;
    r = -((a + (q >> 1)) / q);
    if (r < -2047)
      r = -2047;
  } else {
    r = (v + (q >> 1)) / q;
    if (r > 2047)
      r = 2047;
  }
  out[i] = r;
}
