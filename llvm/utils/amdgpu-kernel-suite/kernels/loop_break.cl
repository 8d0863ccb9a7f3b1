// A loop with a divergent trip count, a divergent break and a continue: the
// exit mask of every iteration differs per lane.
__kernel void loop_break(__global const int *in, __global int *out, int n) {
  int i = get_global_id(0);
  int v = in[i];
  int acc = 0;
  for (int k = 0; k < (v & 63); ++k) {
    if ((v + k) % 5 == 0)
      continue;
    acc += (v ^ k) * 3;
    if (acc > 10000)
      break;
  }
  out[i] = acc;
}
