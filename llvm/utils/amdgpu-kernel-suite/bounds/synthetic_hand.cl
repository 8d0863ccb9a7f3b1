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

// The per-path checksums ha, hb, hc and hd of the original kernels.
typedef struct {
  uint a, b, c, d;
} Sums;

// One step of the inner loop of each kernel: x is the lane's new LCG state,
// k the step.
#define STEP_ARGS Table ta, Table tb, Table tc, int lid, uint x, int k, Sums *h

static void sb1_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint w = mix(*p, x);
  *p = w + k;
  h->a += c ? w : 0;
  h->b += c ? 0 : w;
}

static void sb1_r_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint v = *p;
  uint w1 = mix(v, x), w2 = other(v, x);
  *p = c ? w1 + k : w2 | k;
  h->a += c ? w1 : 0;
  h->b ^= c ? 0 : w2;
}

static void sb2_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint v = *p;
  if (v & 4) {
    uint w = mix(v, x);
    *p = w + k;
    h->a += c ? w : 0;
    h->b += c ? 0 : w;
  }
}

static void sb2_r_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint v = *p;
  if (c ? (v & 4) != 0 : v < 0x80000000u) {
    uint w1 = mix(v, x), w2 = other(v, x);
    *p = c ? w1 + k : w2 | k;
    h->a += c ? w1 : 0;
    h->b ^= c ? 0 : w2;
  }
}

static void sb3_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint w = mix(*p, x);
  *p = w + k;
  h->a += c ? w : 0;
  h->b += c ? 0 : w;
  if (c && (w & 8)) {
    h->c = h->c * 3 + (w >> 3);
    ta[(s + 1) & 3][lid] ^= h->c;
  }
  __local uint *q = c ? &tb[t][lid] : &ta[s][lid];
  uint u = rotl(*q + w, 7) * 5;
  *q = u;
  h->c += c ? u ^ w : 0;
  h->d += c ? 0 : u ^ w;
}

static void sb3_r_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3;
  bool c = x & (1u << 16);
  __local uint *p = c ? &ta[s][lid] : &tb[t][lid];
  uint v = *p;
  uint w1 = mix(v, x), w2 = other(v, x);
  *p = c ? w1 + k : w2 | k;
  h->a += c ? w1 : 0;
  h->b ^= c ? 0 : w2;
  if (c && (w1 & 8)) {
    h->c = h->c * 3 + (w1 >> 3);
    ta[(s + 1) & 3][lid] ^= h->c;
  }
  __local uint *q = c ? &tb[t][lid] : &ta[s][lid];
  uint a = *q;
  uint u1 = rotl(a + w1, 7) * 5, u2 = (a ^ (w2 >> 2)) * 0x2545f491u - w2;
  *q = c ? u1 : u2;
  h->c += c ? u1 ^ w1 : 0;
  h->d = c ? h->d : (h->d ^ u2) + 3;
}

static void sb4_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
  uint path = (x >> 16) % 3;
  __local uint *p = path == 0   ? &ta[s][lid]
                    : path == 1 ? &tb[t][lid]
                                : &tc[q][lid];
  uint w = mix(*p, x);
  *p = w + k;
  h->a += path == 0 ? w : 0;
  h->b += path == 1 ? w : 0;
  h->c += path == 2 ? w : 0;
}

static void sb4_r_step(STEP_ARGS) {
  uint s = x >> 30, t = (x >> 28) & 3, q = (x >> 26) & 3;
  uint path = (x >> 16) % 3;
  __local uint *p = path == 0   ? &ta[s][lid]
                    : path == 1 ? &tb[t][lid]
                                : &tc[q][lid];
  uint v = *p;
  uint w1 = mix(v, x), w2 = other(v, x), w3 = third(v, x);
  *p = path == 0 ? w1 + k : path == 1 ? (w2 | k) : (w3 ^ k);
  h->a += path == 0 ? w1 : 0;
  h->b ^= path == 1 ? w2 : 0;
  h->c = path == 2 ? (h->c ^ w3) + 3 : h->c;
}

// The kernel around STEP, as in kernels/synthetic.cl: the tables (tc only
// for the 3-way kernels, THREE), `rounds` outer iterations of `steps`
// steps, the checksums mixed into out[gid] with the lane's tables.
#define HAND_KERNEL(NAME, STEP, THREE)                                         \
  __kernel void NAME(__global const uint *in, __global uint *out, int n,       \
                     int rounds, int steps) {                                  \
    Table ta, tb, tc;                                                          \
    int gid = get_global_id(0), lid = get_local_id(0);                         \
    if (gid >= n)                                                              \
      return;                                                                  \
    uint x = in[gid];                                                          \
    fill(ta, lid, x);                                                          \
    fill(tb, lid, ~x);                                                         \
    if (THREE)                                                                 \
      fill(tc, lid, x ^ 0x5bd1e995u);                                          \
    Sums h = {0, 0, 0, 0};                                                     \
    for (int r = 0; r < rounds; ++r) {                                         \
      for (int k = 0; k < steps; ++k) {                                        \
        x = next(x);                                                           \
        STEP(ta, tb, tc, lid, x, k, &h);                                       \
      }                                                                        \
      h.a = rotl(h.a, 5) + r;                                                  \
      h.b = rotl(h.b, 5) ^ r;                                                  \
      if (THREE)                                                               \
        h.c = rotl(h.c, 5) - r;                                                \
    }                                                                          \
    out[gid] = (h.a ^ h.b ^ h.c ^ h.d) + column_sum(ta, lid) * 3 +             \
               column_sum(tb, lid) + (THREE ? column_sum(tc, lid) ^ 0xff : 0); \
  }

HAND_KERNEL(sb1_hand, sb1_step, 0)
HAND_KERNEL(sb1_r_hand, sb1_r_step, 0)
HAND_KERNEL(sb2_hand, sb2_step, 0)
HAND_KERNEL(sb2_r_hand, sb2_r_step, 0)
HAND_KERNEL(sb3_hand, sb3_step, 0)
HAND_KERNEL(sb3_r_hand, sb3_r_step, 0)
HAND_KERNEL(sb4_hand, sb4_step, 1)
HAND_KERNEL(sb4_r_hand, sb4_r_step, 1)
