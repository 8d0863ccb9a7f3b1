// Early exit, then uniform loop nests reading uniform tables. Every kernel
// returns at once for the lanes past the end (`if (i >= n) return;`, a
// divergent branch); the rest of the kernel walks small tables whose indices
// depend only on loop counters and kernel arguments, so the loop branches and
// the table loads are uniform and the loads can be scalar loads.
//
// tensor_flip: the index of element i of an nd-dimensional tensor is
// decomposed with 64-bit divisions by the strides (a divergent fast/slow
// division diamond inside the uniform loop) and the coordinates of the
// dimensions listed in flip_dims are mirrored.
// poly_eval: Horner evaluation with a uniform coefficient table, then a
// uniform loop over a bounds table with a divergent if inside.
// permute_gather: element i of a tensor permuted by perm is read from the
// original layout; the inner loop recomputes the source stride of each
// dimension from the shape table (loads indexed by loads).

__kernel void tensor_flip(__global const float *in, __global float *out,
                          long n, __global const long *shape,
                          __global const long *strides, long nd,
                          __global const long *flip_dims, long nflip) {
  long i = get_global_id(0);
  if (i >= n)
    return;
  long rem = i, off = 0;
  for (long d = 0; d < nd; d++) {
    long idx = rem / strides[d];
    rem -= idx * strides[d];
    for (long j = 0; j < nflip; j++)
      if (flip_dims[j] == d)
        idx = shape[d] - 1 - idx;
    off += idx * strides[d];
  }
  out[i] = in[off];
}

__kernel void poly_eval(__global const int *x, __global int *y, int n,
                        __global const int *coef, int deg,
                        __global const int *bounds, int nbounds) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int v = x[i], acc = 0;
  for (int k = 0; k <= deg; k++)
    acc = acc * v + coef[k];
  for (int b = 0; b < nbounds; b++)
    if (acc > bounds[b])
      acc -= bounds[b];
  y[i] = acc;
}

__kernel void permute_gather(__global const int *src, __global int *dst,
                             uint n, __global const uint *shape,
                             __global const uint *perm, uint nd) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  uint rem = i, off = 0;
  for (uint d = nd; d-- > 0;) {
    uint dim = perm[d], ext = shape[dim];
    uint c = rem % ext;
    rem /= ext;
    uint stride = 1;
    for (uint e = dim + 1; e < nd; e++)
      stride *= shape[e];
    off += c * stride;
  }
  dst[i] = src[off];
}
