// Double-precision arithmetic for instruction coverage: add, multiply,
// fused multiply-add, correctly rounded division, compares and selects, and
// conversions between double, float and 32-bit integers (truncating,
// saturating). A sign test splits the lanes of a wave.
__kernel void f64_ops(__global const double *a, __global const int *k,
                      __global double *out, __global int *iout, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  double x = a[i];
  double y = x * 1.5 + (double)k[i];
  if (x < 0.0)
    y = -y / 3.0;
  else
    y = y / (x + 2.0);
  out[i] = y + (double)(float)x;
  iout[i] = (int)(x * 1000.0) + (int)(uint)(y > 0.0 ? y : 0.0);
}
