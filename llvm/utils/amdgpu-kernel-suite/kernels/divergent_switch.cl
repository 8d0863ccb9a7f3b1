// A switch on per-lane data with six cases, two of which fall through into
// the next: after LowerSwitch it is a tree of divergent branches with
// shared successors, so lanes of a wave take up to six paths that rejoin.
__kernel void divergent_switch(__global const int *in, __global int *out,
                               int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int v = in[i], r = v;
  switch ((v >> 3) % 7) {
  case 0:
    r = v * 3;
    break;
  case 1:
    r += 11; // Falls through.
  case 2:
    r ^= 0x55;
    break;
  case 3:
    r = v - 100;
    // Falls through.
  case 4:
    r *= 5;
    break;
  case 5:
    r = -v;
    break;
  default:
    r = v >> 2;
  }
  out[i] = r;
}
