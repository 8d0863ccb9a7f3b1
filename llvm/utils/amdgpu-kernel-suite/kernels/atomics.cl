// 32-bit atomics for instruction coverage: a histogram with global
// atomic_inc / atomic_add (per-lane addresses), the same histogram in LDS
// (local atomic_add / atomic_inc / atomic_or) flushed to global memory once
// per workgroup, atomic_max / atomic_min (signed and unsigned) on one
// address -- the atomic optimizer turns uniform-address atomics into a wave
// reduction and one atomic --, compare-exchange loops in global and local
// memory, and/or/xor bit masks, xchg, dec and sub. Returned (pre-op) values
// are checked through order-independent sums: a lane's ticket from
// atomic_inc on one counter is its rank, and the ranks sum to n(n-1)/2
// whatever order the lanes ran in. Every output is independent of the
// order in which lanes, waves and workgroups perform their atomics.
#define NB 16

__kernel void atomics(__global const int *data, __global int *hist,
                      __global int *wsum, __global int *lsum,
                      __global int *mm, __global int *cas,
                      __global int *bits, __global int *tick, int n) {
  __local int lh[NB], lc[NB], lb[NB], lt[2];
  int i = get_global_id(0), lid = get_local_id(0);
  if (lid < NB) {
    lh[lid] = 0;
    lc[lid] = 0;
    lb[lid] = 0;
  }
  if (lid < 2)
    lt[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) {
    int v = data[i];
    int bin = v & (NB - 1), w = (v >> 4) & 0xff;
    atomic_inc(&hist[bin]);
    atomic_add(&wsum[bin], w);
    atomic_add(&lh[bin], w);
    atomic_or(&lb[bin], 1 << (w & 31));
    // A compare-exchange loop: lc[bin] ^= w * 0x9e3779b1 (order-free).
    int old = lc[bin];
    for (;;) {
      int prev = atomic_cmpxchg(&lc[bin], old, old ^ (w * 0x9e3779b1));
      if (prev == old)
        break;
      old = prev;
    }
    atomic_max(&mm[0], v);
    atomic_min(&mm[1], v);
    atomic_max((__global uint *)&mm[2], (uint)v);
    atomic_min((__global uint *)&mm[3], (uint)v);
    // Global compare-exchange loop: cas[0] += w, cas[1 + bin] += v.
    int g = cas[0];
    for (;;) {
      int prev = atomic_cmpxchg(&cas[0], g, g + w);
      if (prev == g)
        break;
      g = prev;
    }
    int h = cas[1 + bin];
    while ((g = atomic_cmpxchg(&cas[1 + bin], h, (int)((uint)h + v))) != h)
      h = g;
    atomic_or(&bits[bin], 1 << (w & 31));
    atomic_and(&bits[NB + bin], ~(1 << (v >> 27 & 31)));
    atomic_xor(&bits[2 * NB + bin], v);
    // Returned values: ranks from one counter (global and local).
    int t = atomic_inc(&tick[0]);
    atomic_add(&tick[1], t);
    int d = atomic_dec(&tick[2]);
    atomic_add(&tick[3], d);
    atomic_sub(&tick[4], w);
    if (atomic_xchg(&tick[5], 7) == 0)
      atomic_inc(&tick[6]);
    int r = atomic_inc(&lt[0]);
    atomic_add(&lt[1], r);
    atomic_add(&tick[7 + (v & 1)], atomic_add(&tick[9], 0) >= 0);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < NB) {
    atomic_add(&lsum[lid], lh[lid]);
    atomic_xor(&lsum[NB + lid], lc[lid]);
    atomic_or(&lsum[2 * NB + lid], lb[lid]);
  }
  if (lid == 0)
    atomic_add(&tick[10], lt[1] - lt[0] * (lt[0] - 1) / 2);
}
