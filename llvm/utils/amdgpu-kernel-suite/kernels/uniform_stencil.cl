// A 1-D stencil whose branches and coefficients are uniform: every branch
// here is scalar, so no EXEC manipulation is needed at all.
__kernel void uniform_stencil(__global const float *in, __global float *out,
                              __constant float *coef, int radius, int mode) {
  int i = get_global_id(0) + radius;
  float acc = 0.0f;
  for (int r = -radius; r <= radius; ++r)
    acc += coef[r + radius] * in[i + r];
  if (mode == 1)
    acc = acc * 0.5f;
  else if (mode == 2)
    acc = acc + in[i];
  out[i] = acc;
}
