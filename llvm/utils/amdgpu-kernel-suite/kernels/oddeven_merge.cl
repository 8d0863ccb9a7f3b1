// Batcher's odd-even merge sort of 256-element tiles in LDS, element by
// element (DARM's PCM kernel, which merges whole per-lane runs, is pcm.cl). In step (p, k) the
// comparators pair element t with t + k when t lies in the lower half of its
// 2k-group (counted from k mod p) and both lie in the same 2p-block; each
// work-item tests whether it is the low end of a comparator, so which lanes
// compare-and-swap changes from step to step, and whether they swap depends
// on the data.
#define N 256

__kernel __attribute__((reqd_work_group_size(N, 1, 1)))
void oddeven_merge(__global int *data) {
  __local int tile[N];
  int t = get_local_id(0);
  int base = get_group_id(0) * N;
  tile[t] = data[base + t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int p = 1; p < N; p <<= 1) {
    for (int k = p; k >= 1; k >>= 1) {
      int pos = t - k % p;
      if (pos >= 0 && pos % (2 * k) < k && t + k < N &&
          t / (2 * p) == (t + k) / (2 * p)) {
        int a = tile[t], b = tile[t + k];
        if (a > b) {
          tile[t] = b;
          tile[t + k] = a;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  data[base + t] = tile[t];
}
