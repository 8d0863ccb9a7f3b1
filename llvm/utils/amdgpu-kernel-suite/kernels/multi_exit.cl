// A search loop with two exits that lead to different code: a multi-exit
// loop that upstream's UnifyLoopExits must rewrite before structurizing.
__kernel void multi_exit(__global const int *keys, __global int *out,
                         int len, int needle) {
  int i = get_global_id(0);
  int start = keys[i] & 15;
  int k = start;
  while (1) {
    int v = keys[(i + k) % len];
    if (v == needle) {
      out[i] = k * 2 + 1;
      return;
    }
    if (v < 0) {
      out[i] = -k;
      return;
    }
    if (++k > start + 32)
      break;
  }
  out[i] = 0;
}
