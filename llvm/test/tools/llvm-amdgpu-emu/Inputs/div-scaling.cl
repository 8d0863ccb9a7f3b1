kernel void divf(global const float *a, global const float *b, global float *q) {
  int i = get_global_id(0);
  q[i] = a[i] / b[i];
}
kernel void divd(global const double *a, global const double *b, global double *q) {
  int i = get_global_id(0);
  q[i] = a[i] / b[i];
}
