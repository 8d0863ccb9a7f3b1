// N-Queens counting with bitmask backtracking from a per-lane prefix: deep,
// data-dependent divergence in a loop with an explicit stack.
#include <hip/hip_runtime.h>

__global__ void nqueens(const unsigned *prefix, unsigned *count, int n,
                        int tasks) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= tasks)
    return;
  unsigned all = (1u << n) - 1;
  unsigned cols[16], d1[16], d2[16], avail[16];
  int depth = 0;
  cols[0] = prefix[3 * t];
  d1[0] = prefix[3 * t + 1];
  d2[0] = prefix[3 * t + 2];
  avail[0] = all & ~(cols[0] | d1[0] | d2[0]);
  unsigned found = 0;
  while (depth >= 0) {
    unsigned a = avail[depth];
    if (a == 0) {
      --depth;
      continue;
    }
    unsigned bit = a & (0u - a);
    avail[depth] = a ^ bit;
    unsigned c = cols[depth] | bit;
    if (c == all) {
      ++found;
      continue;
    }
    cols[depth + 1] = c;
    d1[depth + 1] = ((d1[depth] | bit) << 1) & all;
    d2[depth + 1] = (d2[depth] | bit) >> 1;
    avail[depth + 1] = all & ~(c | d1[depth + 1] | d2[depth + 1]);
    ++depth;
  }
  count[t] = found;
}
