// Bounds for DARM's synthetic benchmarks: sb1..sb4_r (kernels/synthetic.cl)
// melded by hand in the source, as sbN_hand, with the same results.
//
// Each pair of corresponding table accesses becomes one access through a
// selected address (`c ? &ta[s][lid] : &tb[t][lid]`); the computation of a
// side is written once where both sides do the same (sb1..sb4) and both
// computations run where they differ (the -R variants), with selects of
// the results; each per-path checksum adds its side's value or 0. What
// stays a branch is what no meld can remove: sb2's if-then on the loaded
// value and sb3's C4, which has no twin. The bench compares these with
// what the compiler makes of the original kernels
// (docs/ControlFlowMelding.md, *Targets*).

#define MAX_WG 256
#define SLOTS 4
typedef __local uint Table[SLOTS][MAX_WG];
static uint next(uint x) { return x * 1664525u + 1013904223u; }
static uint rotl(uint h, int n) { return h << n | h >> (32 - n); }
static void fill(Table t, int lid, uint seed) {
  for (int s = 0; s < SLOTS; ++s)
    t[s][lid] = seed + s * 0x01000193u;
}
static uint column_sum(Table t, int lid) {
  uint sum = 0;
  for (int s = 0; s < SLOTS; ++s)
    sum = sum * 31 + t[s][lid];
  return sum;
}
static uint mix(uint v, uint x) {
  uint w = (v ^ x) * 0x9e3779b1u;
  return w ^ (w >> 15);
}
static uint other(uint v, uint x) {
  uint w = (v + (x >> 7)) ^ (v << 3);
  return w - (x & 0xffff);
}
static uint third(uint v, uint x) {
  uint w = (v ^ (x >> 3)) * 0x2545f491u - x;
  return w + (w >> 11);
}

#define PROLOGUE                                                               \
  Table ta, tb;                                                                \
  int gid = get_global_id(0), lid = get_local_id(0);                           \
  if (gid >= n)                                                                \
    return;                                                                    \
  uint x = in[gid];                                                            \
  fill(ta, lid, x);                                                            \
  fill(tb, lid, ~x);

__kernel void sb1_hand(__global const uint *in, __global uint *out, int n,
                       int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint w = mix(*p, x);
      *p = w + k;
      ha += c ? w : 0;
      hb += c ? 0 : w;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb1_r_hand(__global const uint *in, __global uint *out, int n,
                         int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint v = *p;
      uint w1 = mix(v, x), w2 = other(v, x);
      *p = c ? w1 + k : w2 | k;
      ha += c ? w1 : 0;
      hb ^= c ? 0 : w2;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb2_hand(__global const uint *in, __global uint *out, int n,
                       int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint v = *p;
      if (v & 4) {
        uint w = mix(v, x);
        *p = w + k;
        ha += c ? w : 0;
        hb += c ? 0 : w;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb2_r_hand(__global const uint *in, __global uint *out, int n,
                         int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint v = *p;
      if (c ? (v & 4) != 0 : v < 0x80000000u) {
        uint w1 = mix(v, x), w2 = other(v, x);
        *p = c ? w1 + k : w2 | k;
        ha += c ? w1 : 0;
        hb ^= c ? 0 : w2;
      }
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] = (ha ^ hb) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb3_hand(__global const uint *in, __global uint *out, int n,
                       int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0, hc = 0, hd = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint w = mix(*p, x);
      *p = w + k;
      ha += c ? w : 0;
      hb += c ? 0 : w;
      if (c && (w & 8)) {
        hc = hc * 3 + (w >> 3);
        ta[(s + 1) & 3][lid] ^= hc;
      }
      __local uint *q = c ? &tb[t][lid] : &ta[s][lid];
      uint u = rotl(*q + w, 7) * 5;
      *q = u;
      hc += c ? u ^ w : 0;
      hd += c ? 0 : u ^ w;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] =
      (ha ^ hb ^ hc ^ hd) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb3_r_hand(__global const uint *in, __global uint *out, int n,
                         int rounds, int steps) {
  PROLOGUE
  uint ha = 0, hb = 0, hc = 0, hd = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3;
      bool c = x & (1u << 16);
      __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
      uint v = *p;
      uint w1 = mix(v, x), w2 = other(v, x);
      *p = c ? w1 + k : w2 | k;
      ha += c ? w1 : 0;
      hb ^= c ? 0 : w2;
      if (c && (w1 & 8)) {
        hc = hc * 3 + (w1 >> 3);
        ta[(s + 1) & 3][lid] ^= hc;
      }
      __local uint *q = c ? &tb[t][lid] : &ta[s][lid];
      uint a = *q;
      uint u1 = rotl(a + w1, 7) * 5, u2 = (a ^ (w2 >> 2)) * 0x2545f491u - w2;
      *q = c ? u1 : u2;
      hc += c ? u1 ^ w1 : 0;
      hd = c ? hd : (hd ^ u2) + 3;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
  }
  out[gid] =
      (ha ^ hb ^ hc ^ hd) + column_sum(ta, lid) * 3 + column_sum(tb, lid);
}

__kernel void sb4_hand(__global const uint *in, __global uint *out, int n,
                       int rounds, int steps) {
  PROLOGUE
  Table tc;
  fill(tc, lid, x ^ 0x5bd1e995u);
  uint ha = 0, hb = 0, hc = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
      uint path = (x >> 16) % 3;
      __local uint *p = path == 0   ? &ta[s][lid]
                        : path == 1 ? &tb[t][lid]
                                    : &tc[q][lid];
      uint w = mix(*p, x);
      *p = w + k;
      ha += path == 0 ? w : 0;
      hb += path == 1 ? w : 0;
      hc += path == 2 ? w : 0;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
    hc = rotl(hc, 5) - r;
  }
  out[gid] = (ha ^ hb ^ hc) + column_sum(ta, lid) * 3 + column_sum(tb, lid) +
             (column_sum(tc, lid) ^ 0xff);
}

__kernel void sb4_r_hand(__global const uint *in, __global uint *out, int n,
                         int rounds, int steps) {
  PROLOGUE
  Table tc;
  fill(tc, lid, x ^ 0x5bd1e995u);
  uint ha = 0, hb = 0, hc = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < steps; ++k) {
      x = next(x);
      uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
      uint path = (x >> 16) % 3;
      __local uint *p = path == 0   ? &ta[s][lid]
                        : path == 1 ? &tb[t][lid]
                                    : &tc[q][lid];
      uint v = *p;
      uint w1 = mix(v, x), w2 = other(v, x), w3 = third(v, x);
      *p = path == 0 ? w1 + k : path == 1 ? (w2 | k) : (w3 ^ k);
      ha += path == 0 ? w1 : 0;
      hb ^= path == 1 ? w2 : 0;
      hc = path == 2 ? (hc ^ w3) + 3 : hc;
    }
    ha = rotl(ha, 5) + r;
    hb = rotl(hb, 5) ^ r;
    hc = rotl(hc, 5) - r;
  }
  out[gid] = (ha ^ hb ^ hc) + column_sum(ta, lid) * 3 + column_sum(tb, lid) +
             (column_sum(tc, lid) ^ 0xff);
}
