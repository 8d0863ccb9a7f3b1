// CSR sparse matrix-vector product, each lane walking the rows with a grid
// stride. Row lengths come from a skewed distribution (most rows short, a
// few long), so the inner loop's trip count differs widely between the lanes
// of a wave on every outer iteration.
__kernel void spmv_csr_grid(__global const int *rowptr,
                            __global const int *col, __global const int *val,
                            __global const int *x, __global int *y,
                            int nrows) {
  int stride = get_global_size(0);
  for (int r = get_global_id(0); r < nrows; r += stride) {
    int sum = 0;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      sum += val[k] * x[col[k]];
    y[r] = sum;
  }
}
