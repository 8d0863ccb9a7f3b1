// The perimeter step of blocked LU decomposition (in the style of Rodinia's
// lud_perimeter): with the diagonal block at (offset, offset) already
// factored in place (L unit lower, U upper), workgroup b updates the b-th
// block to the right of it (row perimeter: forward substitution with L) and
// the b-th block below it (column perimeter: solve with U). Work-items
// 0..B-1 take the row block, B..2B-1 the column block: one divergent branch
// whose two sides are similar loop nests -- the branch DARM melds.
#define B 16

__kernel __attribute__((reqd_work_group_size(2 * B, 1, 1)))
void lu_perimeter(__global float *m, int dim, int offset) {
  __local float dia[B][B], row[B][B], col[B][B];
  int tid = get_local_id(0);
  int blk = offset + (get_group_id(0) + 1) * B;
  // Load the diagonal block and this workgroup's two perimeter blocks.
  for (int k = 0; k < B / 2; ++k) {
    int r = tid / B + 2 * k, c = tid % B;
    dia[r][c] = m[(offset + r) * dim + offset + c];
    row[r][c] = m[(offset + r) * dim + blk + c];
    col[r][c] = m[(blk + r) * dim + offset + c];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < B) {
    int j = tid;
    for (int i = 1; i < B; ++i)
      for (int k = 0; k < i; ++k)
        row[i][j] -= dia[i][k] * row[k][j];
  } else {
    int i = tid - B;
    for (int j = 0; j < B; ++j) {
      for (int k = 0; k < j; ++k)
        col[i][j] -= col[i][k] * dia[k][j];
      col[i][j] /= dia[j][j];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < B / 2; ++k) {
    int r = tid / B + 2 * k, c = tid % B;
    m[(offset + r) * dim + blk + c] = row[r][c];
    m[(blk + r) * dim + offset + c] = col[r][c];
  }
}

// The same step with the three tiles passed as __local pointer arguments, as
// Rodinia's OpenCL lud_perimeter does: the tiles may alias, so every update
// keeps its load and store, and after full unrolling the two sides are long
// straight-line blocks of LDS accesses at different constant offsets.
__kernel __attribute__((reqd_work_group_size(2 * B, 1, 1)))
void lu_perimeter_local(__global float *m, __local float *dia,
                        __local float *row, __local float *col, int dim,
                        int offset) {
  int tid = get_local_id(0);
  int blk = offset + (get_group_id(0) + 1) * B;
  for (int k = 0; k < B / 2; ++k) {
    int r = tid / B + 2 * k, c = tid % B;
    dia[r * B + c] = m[(offset + r) * dim + offset + c];
    row[r * B + c] = m[(offset + r) * dim + blk + c];
    col[r * B + c] = m[(blk + r) * dim + offset + c];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < B) {
    int j = tid;
    for (int i = 1; i < B; ++i)
      for (int k = 0; k < i; ++k)
        row[i * B + j] -= dia[i * B + k] * row[k * B + j];
  } else {
    int i = tid - B;
    for (int j = 0; j < B; ++j) {
      for (int k = 0; k < j; ++k)
        col[i * B + j] -= col[i * B + k] * dia[k * B + j];
      col[i * B + j] /= dia[j * B + j];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < B / 2; ++k) {
    int r = tid / B + 2 * k, c = tid % B;
    m[(offset + r) * dim + blk + c] = row[r * B + c];
    m[(blk + r) * dim + offset + c] = col[r * B + c];
  }
}
