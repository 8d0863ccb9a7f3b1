// DARM's synthetic benchmarks (CGO'22, section 7, Fig. 7): SB1-SB4 and their
// -R variants, as kernels sb1..sb4 and sb1_r..sb4_r.
//
// Every kernel runs, per work-item, two nested loops -- `rounds` outer
// iterations of `steps` inner ones -- and the inner loop body holds a region
// that diverges on per-lane data: x, a per-lane LCG state seeded from
// in[gid], whose bit 16 (upper bits for sb4) splits the lanes of a wave about
// evenly. Each path of the region works on the lane's scratch tables in LDS
// (lane l owns column l of ta, tb and tc, so lanes never share an element and
// no barrier is needed) and folds its result into its own checksum (ha, hb,
// ...). out[gid] mixes the checksums with the lane's tables.
//
//   sb1:   a diamond, if (c) A2 else A3; A2 and A3 are identical blocks.
//   sb2:   a diamond of two if-then regions, if (c) { if (p) B2 } else
//          { if (q) B3 }; the two regions (a table load and a test, then
//          the body) are identical, B2 and B3 included.
//   sb3:   if (c) { C2; if (p) C4; C6 } else { C3; C5 }; the pairs C2-C3
//          and C6-C5 are identical, C4 has no counterpart.
//   sb4:   a 3-way if-else-if-else with three identical blocks D2, D4, D5.
//   sbN_r: the control flow of sbN with a different computation on each
//          path (DARM's SBN-R).
//
// "Identical" blocks are the same instructions on different operands: each
// reads and writes its own table at its own slot (s, t or q, all from x) and
// updates its own checksum. Melding them needs a select per differing
// operand, and LLVM's sinking of common code cannot merge them (the
// checksums feed different phis), so both sides stay separate code under
// EXEC masking at -O3.

#define MAX_WG 256
#define SLOTS 4

// A lane's scratch table: SLOTS entries in column get_local_id(0), for
// workgroups of up to MAX_WG work-items.
typedef __local uint Table[SLOTS][MAX_WG];

// The per-lane generator: a 32-bit LCG, whose upper bits are close to
// uniform.
static uint next(uint x) { return x * 1664525u + 1013904223u; }

static uint rotl(uint h, int n) { return h << n | h >> (32 - n); }

// Fills lane lid's column of table t from seed.
static void fill(Table t, int lid, uint seed) {
  for (int s = 0; s < SLOTS; ++s)
    t[s][lid] = seed + s * 0x01000193u;
}

// A checksum of lane lid's column of table t.
static uint column_sum(Table t, int lid) {
  uint sum = 0;
  for (int s = 0; s < SLOTS; ++s)
    sum = sum * 31 + t[s][lid];
  return sum;
}

// SB1: A2 and A3 identical.
__kernel void sb1(__global const uint *in, __global uint *out, int n,
                  int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        // A2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
      } else {
        // A3.
        uint v = tb[t][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        tb[t][lid] = w + k;
        hb += w;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

// SB1-R: A2 and A3 differ.
__kernel void sb1_r(__global const uint *in, __global uint *out, int n,
                    int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        // A2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
      } else {
        // A3.
        uint v = tb[t][lid];
        uint w = (v + (x >> 7)) ^ (v << 3);
        w -= x & 0xffff;
        tb[t][lid] = w | k;
        hb ^= w;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

// SB2: the if-then regions around B2 and B3 identical.
__kernel void sb2(__global const uint *in, __global uint *out, int n,
                  int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        uint v = ta[s][lid];
        if (v & 4) {
          // B2.
          uint w = (v ^ x) * 0x9e3779b1u;
          w ^= w >> 15;
          ta[s][lid] = w + k;
          ha += w;
        }
      } else {
        uint v = tb[t][lid];
        if (v & 4) {
          // B3.
          uint w = (v ^ x) * 0x9e3779b1u;
          w ^= w >> 15;
          tb[t][lid] = w + k;
          hb += w;
        }
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

// SB2-R: the if-then regions around B2 and B3 differ.
__kernel void sb2_r(__global const uint *in, __global uint *out, int n,
                    int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        uint v = ta[s][lid];
        if (v & 4) {
          // B2.
          uint w = (v ^ x) * 0x9e3779b1u;
          w ^= w >> 15;
          ta[s][lid] = w + k;
          ha += w;
        }
      } else {
        uint v = tb[t][lid];
        if (v < 0x80000000u) {
          // B3.
          uint w = (v + (x >> 7)) ^ (v << 3);
          w -= x & 0xffff;
          tb[t][lid] = w | k;
          hb ^= w;
        }
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

// SB3: C2 and C3 identical, C6 and C5 identical.
__kernel void sb3(__global const uint *in, __global uint *out, int n,
                  int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0, hc = 0, hd = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        // C2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
        if (w & 8) {
          // C4.
          hc = hc * 3 + (w >> 3);
          ta[(s + 1) & 3][lid] ^= hc;
        }
        // C6.
        uint u = tb[t][lid] + w;
        u = rotl(u, 7) * 5;
        tb[t][lid] = u;
        hc += u ^ w;
      } else {
        // C3.
        uint v = tb[t][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        tb[t][lid] = w + k;
        hb += w;
        // C5.
        uint u = ta[s][lid] + w;
        u = rotl(u, 7) * 5;
        ta[s][lid] = u;
        hd += u ^ w;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb ^ hc ^ hd) + column_sum(ta, lid) * 3 +
             column_sum(tb, lid);
}

// SB3-R: C2 and C3 differ, C6 and C5 differ.
__kernel void sb3_r(__global const uint *in, __global uint *out, int n,
                    int rounds, int steps) {
  Table ta, tb;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  uint ha = 0, hb = 0, hc = 0, hd = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      if (x & (1u << 16)) {
        // C2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
        if (w & 8) {
          // C4.
          hc = hc * 3 + (w >> 3);
          ta[(s + 1) & 3][lid] ^= hc;
        }
        // C6.
        uint u = tb[t][lid] + w;
        u = rotl(u, 7) * 5;
        tb[t][lid] = u;
        hc += u ^ w;
      } else {
        // C3.
        uint v = tb[t][lid];
        uint w = (v + (x >> 7)) ^ (v << 3);
        w -= x & 0xffff;
        tb[t][lid] = w | k;
        hb ^= w;
        // C5.
        uint u = ta[s][lid] ^ (w >> 2);
        u = u * 0x2545f491u - w;
        ta[s][lid] = u;
        hd = (hd ^ u) + 3;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb ^ hc ^ hd) + column_sum(ta, lid) * 3 +
             column_sum(tb, lid);
}

// SB4: D2, D4 and D5 identical.
__kernel void sb4(__global const uint *in, __global uint *out, int n,
                  int rounds, int steps) {
  Table ta, tb, tc;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  fill(tc, lid, x ^ 0x5bd1e995u);
  uint ha = 0, hb = 0, hc = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
      uint path = (x >> 16) % 3;
      if (path == 0) {
        // D2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
      } else if (path == 1) {
        // D4.
        uint v = tb[t][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        tb[t][lid] = w + k;
        hb += w;
      } else {
        // D5.
        uint v = tc[q][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        tc[q][lid] = w + k;
        hc += w;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
    hc = rotl(hc, 5) - r;
  }
  out[gid] = (ha ^ hb ^ hc) + column_sum(ta, lid) * 3 + column_sum(tb, lid) +
             (column_sum(tc, lid) ^ 0xff);
}

// SB4-R: D2, D4 and D5 all differ.
__kernel void sb4_r(__global const uint *in, __global uint *out, int n,
                    int rounds, int steps) {
  Table ta, tb, tc;
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  uint x = in[gid];
  fill(ta, lid, x);
  fill(tb, lid, ~x);
  fill(tc, lid, x ^ 0x5bd1e995u);
  uint ha = 0, hb = 0, hc = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
      uint path = (x >> 16) % 3;
      if (path == 0) {
        // D2.
        uint v = ta[s][lid];
        uint w = (v ^ x) * 0x9e3779b1u;
        w ^= w >> 15;
        ta[s][lid] = w + k;
        ha += w;
      } else if (path == 1) {
        // D4.
        uint v = tb[t][lid];
        uint w = (v + (x >> 7)) ^ (v << 3);
        w -= x & 0xffff;
        tb[t][lid] = w | k;
        hb ^= w;
      } else {
        // D5.
        uint v = tc[q][lid];
        uint w = (v ^ (x >> 3)) * 0x2545f491u - x;
        w += w >> 11;
        tc[q][lid] = w ^ k;
        hc = (hc ^ w) + 3;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
    hc = rotl(hc, 5) - r;
  }
  out[gid] = (ha ^ hb ^ hc) + column_sum(ta, lid) * 3 + column_sum(tb, lid) +
             (column_sum(tc, lid) ^ 0xff);
}
