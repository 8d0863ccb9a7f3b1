// Bitonic sort of one 256-element tile in LDS: the divergent compare-and-swap
// of DARM's Fig. 1. Lanes take the "ascending" or "descending" side of the
// branch depending on their index, so both sides run under partial EXEC.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void bitonic_tile(__global int *data) {
  __local int tile[256];
  unsigned lid = get_local_id(0);
  unsigned base = get_group_id(0) * 256;
  tile[lid] = data[base + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned k = 2; k <= 256; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = lid ^ j;
      if (ixj > lid) {
        int a = tile[lid], b = tile[ixj];
        if ((lid & k) == 0) {
          if (a > b) { tile[lid] = b; tile[ixj] = a; }
        } else {
          if (a < b) { tile[lid] = b; tile[ixj] = a; }
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  data[base + lid] = tile[lid];
}
