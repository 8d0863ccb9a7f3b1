// One pass of a bottom-up mergesort: merges each pair of adjacent sorted runs
// of width w. Every work-item places its own element: it finds its rank in
// the other run by binary search -- a lower bound for elements of the first
// run, an upper bound for elements of the second, which keeps the merge
// stable. Which search a lane runs depends on its position, and how long it
// runs on the data: two similar divergent loops. (DARM's mergesort kernel,
// a sequential merge per work-item, is mergesort.cl.)
__kernel void merge_step(__global const int *in, __global int *out, int n,
                         int w) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int base = i / (2 * w) * (2 * w);
  int off = i - base;
  int x = in[i];
  int pos;
  if (off < w) {
    int lo = base + w, hi = min(base + 2 * w, n);
    int first = lo;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (in[mid] < x)
        lo = mid + 1;
      else
        hi = mid;
    }
    pos = off + (lo - first);
  } else {
    int lo = base, hi = base + w;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (in[mid] <= x)
        lo = mid + 1;
      else
        hi = mid;
    }
    pos = (off - w) + (lo - base);
  }
  out[base + pos] = x;
}
