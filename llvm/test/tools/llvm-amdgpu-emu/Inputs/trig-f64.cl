__kernel void trig_f64(__global const double *x, __global double *s,
                       __global double *c) {
  int i = get_global_id(0);
  s[i] = sin(x[i]);
  c[i] = cos(x[i]);
}
