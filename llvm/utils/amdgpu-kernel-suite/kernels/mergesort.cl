// One pass of the bottom-up mergesort that DARM measured as MS: work-item t
// merges `slices` consecutive pairs of sorted runs of width w/2 into runs of
// width w, one element per step, by itself. Whether the next element comes
// from the left or the right run depends on the data, so the if-else in the
// inner loop diverges on almost every step; both sides load an element, store
// it to the same place and advance their own cursor.
__kernel void mergesort_pass(__global const long *src, __global long *dst,
                             long size, long w, long slices) {
  long start = w * (long)get_global_id(0) * slices;
  for (long s = 0; s < slices; ++s, start += w) {
    if (start >= size)
      break;
    long mid = min(start + w / 2, size);
    long end = min(start + w, size);
    long i = start, j = mid;
    for (long k = start; k < end; ++k) {
      if (i < mid && (j >= end || src[i] < src[j])) {
        dst[k] = src[i];
        ++i;
      } else {
        dst[k] = src[j];
        ++j;
      }
    }
  }
}
