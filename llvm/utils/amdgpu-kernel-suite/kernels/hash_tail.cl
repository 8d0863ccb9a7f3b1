// The tail of a lookup3-style hash (Bob Jenkins' hashword): a switch on each
// key's length adds its last words to the state, and a zero-length key
// returns its seed without the final mix. After LowerSwitch the compare tree
// sends a wave's lanes to up to thirteen cases; twelve meet at the final mix
// and `case 0` leaves for the return block, bypassing that join.
#define ROT(x, k) (((x) << (k)) | ((x) >> (32 - (k))))

__kernel void hash_tail(__global const uint *keys, __global const int *lens,
                        __global uint *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __global const uint *k = keys + 3 * i;
  int len = lens[i];
  uint a = 0xdeadbeefu + (uint)len, b = a, c = a;
  switch (len) {
  case 12: c += k[2]; b += k[1]; a += k[0]; break;
  case 11: c += k[2] & 0xffffffu; b += k[1]; a += k[0]; break;
  case 10: c += k[2] & 0xffffu; b += k[1]; a += k[0]; break;
  case 9: c += k[2] & 0xffu; b += k[1]; a += k[0]; break;
  case 8: b += k[1]; a += k[0]; break;
  case 7: b += k[1] & 0xffffffu; a += k[0]; break;
  case 6: b += k[1] & 0xffffu; a += k[0]; break;
  case 5: b += k[1] & 0xffu; a += k[0]; break;
  case 4: a += k[0]; break;
  case 3: a += k[0] & 0xffffffu; break;
  case 2: a += k[0] & 0xffffu; break;
  case 1: a += k[0] & 0xffu; break;
  case 0:
    out[i] = c; // Nothing to mix.
    return;
  }
  c ^= b; c -= ROT(b, 14);
  a ^= c; a -= ROT(c, 11);
  b ^= a; b -= ROT(a, 25);
  c ^= b; c -= ROT(b, 16);
  a ^= c; a -= ROT(c, 4);
  b ^= a; b -= ROT(a, 14);
  c ^= b; c -= ROT(b, 24);
  out[i] = c;
}
