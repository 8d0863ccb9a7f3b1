__kernel void add_one(__global const int *in, __global int *out, int n) {
  int i = get_global_id(0);
  if (i < n)
    out[i] = in[i] + 1;
}
