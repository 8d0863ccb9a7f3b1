// Short-circuit && / || on per-lane data: an unstructured CFG that the
// upstream structurizer turns into a chain of Flow blocks.
__kernel void short_circuit(__global const int *a, __global const int *b,
                            __global int *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int x = a[i], y = b[i];
  int r;
  if ((x > 0 && y > 0) || (x < -100 && y < -100))
    r = x * y + 7;
  else if (x == y || (x & 3) == 1)
    r = x - y;
  else
    r = (x ^ y) >> 1;
  out[i] = r;
}
