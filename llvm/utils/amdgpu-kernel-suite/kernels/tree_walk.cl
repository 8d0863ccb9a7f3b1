// MUMmer-style tree walk: each lane looks up its queries (grid stride) in an
// unbalanced binary search tree and leaves the walk early on a match. The
// walk's length is the depth of the key or of the leaf where it would be.
__kernel void tree_walk(__global const int *keys, __global const int *left,
                        __global const int *right,
                        __global const int *queries, __global int *out,
                        int nq) {
  int stride = get_global_size(0);
  for (int q = get_global_id(0); q < nq; q += stride) {
    int key = queries[q], node = 0, depth = 0, found = -1;
    while (node >= 0) {
      int k = keys[node];
      if (k == key) {
        found = node;
        break;
      }
      node = key < k ? left[node] : right[node];
      ++depth;
    }
    out[q] = found >= 0 ? depth : -depth - 1;
  }
}
