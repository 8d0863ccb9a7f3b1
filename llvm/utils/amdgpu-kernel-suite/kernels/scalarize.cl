// Kernels whose redundant work is uniform address and loop arithmetic, the
// case of Lee et al. (CGO 2013): scalarization moves it to the scalar unit.
//
// fir: the FIR filter of the paper's Fig. 1, one output per work-item, the
// work-group's slice of samples addressed from a 64-bit global id.
// matmul_rows: C = A x B with one work-group per row of C: A's row is read
// at uniform addresses, B and C at lane-affine ones.
// matmul_tiled: C = A x B in 16 x 16 tiles staged in LDS, with uniform tile
// and inner loop bounds; only the edge tests (row < m, col < n, t + lx < k)
// split lanes.

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

#define TS 16

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_tiled(int m, int n, int k, __global const float *a,
                  __global const float *b, __global float *c) {
  __local float ta[TS][TS], tb[TS][TS];
  int lx = get_local_id(0), ly = get_local_id(1);
  int col = get_group_id(0) * TS + lx, row = get_group_id(1) * TS + ly;
  float acc = 0.0f;
  for (int t = 0; t < k; t += TS) {
    ta[ly][lx] = row < m && t + lx < k ? a[row * k + t + lx] : 0.0f;
    tb[ly][lx] = t + ly < k && col < n ? b[(t + ly) * n + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < TS; i++)
      acc += ta[ly][i] * tb[i][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < m && col < n)
    c[row * n + col] = acc;
}
