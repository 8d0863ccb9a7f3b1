// Kernels whose redundant work is uniform address and loop arithmetic, the
// case of Lee et al. (CGO 2013): scalarization moves it to the scalar unit.
//
// fir: the FIR filter of the paper's Fig. 1, one output per work-item, the
// work-group's slice of samples addressed from a 64-bit global id.
// matmul_rows: C = A x B with one work-group per row of C: A's row is read
// at uniform addresses, B and C at lane-affine ones.

__kernel void fir(__global const float *samples, __global const float *coeffs,
                  int flen, __global float *results) {
  size_t idx = get_global_id(0);
  float result = 0.0f;
  for (int i = 0; i < flen; i++)
    result += coeffs[i] * samples[idx + i];
  results[idx] = result;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void matmul_rows(__global const float *a, __global const float *b,
                 __global float *c, int k_dim, int n_dim) {
  size_t col = get_global_id(0);
  size_t row = get_group_id(1);
  float acc = 0.0f;
  for (int k = 0; k < k_dim; k++)
    acc += a[row * k_dim + k] * b[(size_t)k * n_dim + col];
  c[row * n_dim + col] = acc;
}
