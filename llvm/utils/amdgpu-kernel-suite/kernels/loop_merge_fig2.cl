// The nested loop of Anantpur and Govindarajan's Fig. 2(b): each lane runs
// the same number of outer iterations and the same total of inner ones, but
// in a different order (a per-lane permutation of the inner trip counts), so
// on every outer iteration some lane needs the longest inner loop.
__kernel void loop_merge_fig2(__global const uint *trips, __global uint *out,
                              int outer) {
  int i = get_global_id(0);
  uint acc = i;
  for (int k = 0; k < outer; ++k) {
    acc = acc * 3 + k;                    // S1
    uint n = trips[i * outer + k];
    for (uint j = 0; j < n; ++j)          // S2
      acc = (acc ^ j) * 5 + 1;
    acc += 7;                             // S3
  }
  out[i] = acc;
}
