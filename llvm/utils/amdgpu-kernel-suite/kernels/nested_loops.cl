// Nested loops whose trip counts differ per lane: the outer count comes from
// the data, the inner one from the data and the outer index, and the inner
// body branches on both. Lanes leave both loops at different iterations, so
// EXEC shrinks inside the inner loop and regrows twice.
__kernel void nested_loops(__global const uint *in, __global uint *out,
                           int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  uint v = in[i], acc = 0;
  uint outer = v & 7;
  for (uint a = 0; a < outer; ++a) {
    uint inner = (v >> (3 + a)) & 15;
    for (uint b = 0; b < inner; ++b) {
      if ((v ^ (a * 7 + b)) & 4)
        acc += a * b + 1;
      else
        acc ^= (v >> b) + a;
    }
  }
  out[i] = acc;
}
