// Per-workgroup operation selection: each workgroup reads an opcode from a
// table at its workgroup id and applies that operation to its slice of the
// data (a negative opcode skips the slice); kernel arguments set the number
// of mixing rounds and an optional saturation limit. Every branch depends
// only on kernel arguments and the workgroup id, so all control flow is
// uniform: a scalarization candidate whose branches can all be scalar
// branches on SCC that leave EXEC untouched.
__kernel void uniform_branches(__global const uint *in, __global uint *out,
                               __global const int *ops, int rounds,
                               uint limit) {
  uint g = get_group_id(0), i = get_global_id(0);
  int op = ops[g];
  if (op < 0)
    return;
  uint v = in[i], r;
  switch (op) {
  case 0: // Copy.
    r = v;
    break;
  case 1: // Affine map.
    r = v * 3u + g;
    break;
  case 2: // Hash rounds: a loop with a uniform trip count.
    r = v;
    for (int k = 0; k < rounds; ++k)
      r = (r ^ (r >> 7)) * 0x9e3779b1u + k;
    break;
  case 3: // Rotate by the workgroup id.
    r = rotate(v, g & 31);
    break;
  default: // Add the neighbouring work-item's element.
    r = v + in[i ^ 1];
  }
  if (g & 1)
    r = ~r;
  if (limit != 0) {
    for (uint k = 0; k < g % 3; ++k)
      r = r / 2 + (r & limit);
    r = min(r, limit);
  }
  out[i] = r;
}
