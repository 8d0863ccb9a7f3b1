__kernel void explog(__global const float *a, __global const float *b,
                     __global float *e, __global float *l) {
  int i = get_global_id(0);
  e[i] = exp2(a[i]);
  l[i] = log2(b[i]);
}
