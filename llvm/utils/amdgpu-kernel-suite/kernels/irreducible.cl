// A two-state machine built with goto: the loop {a, b} has two entries (the
// work-item's data picks the state it starts in), so its control flow is
// irreducible -- clang -O3 keeps it so (no natural loop header dominates
// both states). Each lane switches states and leaves the loop after a
// data-dependent number of steps: divergent, unstructured, irreducible.
__kernel void irreducible(__global const uint *in, __global uint *out,
                          int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  uint x = in[i] & 0xffff, acc = 0, s = 0;
  if (x & 1)
    goto b;
a:
  acc += x;
  x >>= 1;
  if (++s >= 48 || x <= 1)
    goto done;
  if (x & 1)
    goto b;
  goto a;
b:
  acc ^= x << 2;
  x = 3 * x + 1;
  if (++s >= 48)
    goto done;
  if (x & 2)
    goto a;
  goto b;
done:
  out[i] = acc + s;
}
