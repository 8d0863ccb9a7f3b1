// Wave-level operations for instruction coverage: __ballot (v_cmp into an
// SGPR mask), __any / __all, __popcll, __lane_id (v_mbcnt), __shfl /
// __shfl_up / __shfl_down / __shfl_xor (ds_bpermute) and butterfly and
// shift-down reductions, readfirstlane and readlane.
//
// Every result is independent of the wave size (64 on gfx90a, 32 on
// gfx1030): shuffles stay within aligned groups of 32 lanes, ballots are
// cut to the work-item's 32-lane group, and __any / __all see predicates
// that the reference builds so that both halves of every 64-lane group
// agree (any: both halves have a true lane or neither has; all: both are
// all true or both have a false lane). The grid is whole 64-lane groups.
#include <hip/hip_runtime.h>

#define NO 16

__global__ void wave_ops(const int *a, const int *pa, const int *pb,
                         const float *f, int *out, float *fout) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[t];
  int lane = __lane_id();
  int l32 = lane & 31;
  int shift = lane & ~31; // Where this lane's 32-group starts in the wave.
  int *o = out + t * NO;
  unsigned long long bal = __ballot(v > 0);
  unsigned grp = (unsigned)(bal >> shift);
  o[0] = l32;
  o[1] = grp;
  o[2] = __popcll((unsigned long long)grp);
  o[3] = __popcll(grp & ((1ull << l32) - 1)); // Rank among true lanes.
  o[4] = __any(pa[t] > 0);
  o[5] = __all(pb[t] > 0);
  // Sum over the 32-group: butterfly with __shfl_xor.
  int s = v;
  for (int m = 16; m > 0; m >>= 1)
    s += __shfl_xor(s, m, 32);
  o[6] = s;
  // Shift-down reduction: partial sums, the full sum in the group's lane 0.
  int d = v;
  for (int k = 16; k > 0; k >>= 1)
    d += __shfl_down(d, k, 32);
  o[7] = d;
  o[8] = __shfl(v, (l32 * 7 + 3) & 31, 32);
  o[9] = __shfl(v, shift + ((l32 * 5 + 1) & 31)); // Full-width form.
  o[10] = __shfl_up(v, 3, 32);
  o[11] = __shfl_xor(v, 5, 32);
  // Divergent ballot: only the lanes with odd v vote.
  int odd = 0;
  if (v & 1)
    odd = (int)(unsigned)(__ballot(v > 100) >> shift);
  o[12] = odd;
  // Uniform values: readfirstlane of the lane id is 0 (all lanes active),
  // readlane of a value that is the same in lanes l and l + 32.
  o[13] = __builtin_amdgcn_readfirstlane(lane) + warpSize % 32;
  o[14] = __builtin_amdgcn_readlane(a[(t & ~63) + 5], 5) ^ l32;
  o[15] = __shfl_down(v, 1, 32) - __shfl_up(v, 1, 32);
  // A float butterfly sum (the same additions in every lane of a pair).
  float fs = f[t];
  for (int m = 1; m < 32; m <<= 1)
    fs += __shfl_xor(fs, m, 32);
  fout[t] = fs;
}
