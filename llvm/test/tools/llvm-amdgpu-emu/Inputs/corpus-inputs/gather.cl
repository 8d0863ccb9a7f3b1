// A gather whose indices come from the data: with elements in [0, 63] and a
// stride of 4096 it reads past a 65536-element buffer, with elements in
// [0, 1] it does not.
__kernel void strided_gather(__global const int *idx, __global int *out) {
  int i = get_global_id(0);
  int j = idx[i] * 4096 + (i & 63);
  out[i] = idx[j] > 0 ? idx[j] * 3 : i;
}
