// Workgroup sum reduction in LDS: a tree of halving steps with barriers. The
// loop bounds are uniform (the workgroup size); only the `lid < s` test
// splits lanes, and it retires whole waves as s shrinks -- a scalarization
// candidate with uniform control around one divergent test.
#define WG 256

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduction(__global const int *in, __global int *partial, int n) {
  __local int buf[WG];
  uint lid = get_local_id(0), gid = get_global_id(0);
  buf[lid] = gid < (uint)n ? in[gid] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2; s > 0; s >>= 1) {
    if (lid < s)
      buf[lid] += buf[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = buf[0];
}
