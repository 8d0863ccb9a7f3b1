// Sparse matrix-vector product (CSR), one row per workgroup: the row's bounds
// are read through a uniform index (the workgroup id), so they and the loop
// trip count are uniform across the workgroup; lanes stride over the row's
// nonzeros and reduce in LDS. A scalarization candidate: the row pointer
// loads can be scalar loads.
#define WG 64

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void matvec_uniform(__global const int *rowptr, __global const int *cols,
                    __global const int *vals, __global const int *x,
                    __global int *y) {
  __local int sums[WG];
  uint row = get_group_id(0), lid = get_local_id(0);
  int begin = rowptr[row], end = rowptr[row + 1];
  int acc = 0;
  for (int k = begin + lid; k < end; k += WG)
    acc += vals[k] * x[cols[k]];
  sums[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (lid < s)
      sums[lid] += sums[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    y[row] = sums[0];
}
