__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  int x = a[i];
  if (i & 1) {
    for (int j = 0; j < n; j++)
      x = x * 3 + j;
  }
  a[i] = x;
}
