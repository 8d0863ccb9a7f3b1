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
