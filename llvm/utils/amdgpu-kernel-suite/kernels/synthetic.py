"""DARM's synthetic benchmarks SB1-SB4 and SB1-R-SB4-R (synthetic.cl)."""

from kernelsuite.kernels import Buf, Launch, Val, kernel

M = 0xFFFFFFFF
SLOTS = 4
ROUNDS, STEPS = 4, 12
SIZES, BENCH = [64, 200, 1000], 16384


def rotl(h, n):
    return (h << n | h >> (32 - n)) & M


def fill(seed):
    return [(seed + s * 0x01000193) & M for s in range(SLOTS)]


def column_sum(t):
    total = 0
    for v in t:
        total = (total * 31 + v) & M
    return total


def mix(v, x, k):
    """The identical blocks: returns (new table entry, w)."""
    w = ((v ^ x) * 0x9E3779B1) & M
    w ^= w >> 15
    return (w + k) & M, w


def other(v, x, k):
    """The first different computation of the -R variants."""
    w = ((v + (x >> 7)) ^ (v << 3)) & M
    w = (w - (x & 0xFFFF)) & M
    return w | k, w


def third(v, x, k):
    """sb4_r's third path."""
    w = (((v ^ (x >> 3)) * 0x2545F491) - x) & M
    w = (w + (w >> 11)) & M
    return w ^ k, w


def lane(shape, x, rounds, steps):
    """One work-item of sb1..sb4 (shape 1-4) or, with shape + 10, its -R
    variant; returns out[gid]."""
    r_variant, shape = shape >= 10, shape % 10
    ta, tb, tc = fill(x), fill(x ^ M), fill(x ^ 0x5BD1E995)
    h = [0, 0, 0, 0]  # ha, hb, hc, hd
    for r in range(rounds):
        for k in range(steps):
            x = (x * 1664525 + 1013904223) & M
            s, t, q = x >> 30, (x >> 28) & 3, (x >> 26) & 3
            taken = x & (1 << 16)
            if shape == 1:
                if taken:
                    ta[s], w = mix(ta[s], x, k)
                    h[0] = (h[0] + w) & M
                elif r_variant:
                    tb[t], w = other(tb[t], x, k)
                    h[1] ^= w
                else:
                    tb[t], w = mix(tb[t], x, k)
                    h[1] = (h[1] + w) & M
            elif shape == 2:
                if taken:
                    if ta[s] & 4:
                        ta[s], w = mix(ta[s], x, k)
                        h[0] = (h[0] + w) & M
                elif r_variant:
                    if tb[t] < 0x80000000:
                        tb[t], w = other(tb[t], x, k)
                        h[1] ^= w
                elif tb[t] & 4:
                    tb[t], w = mix(tb[t], x, k)
                    h[1] = (h[1] + w) & M
            elif shape == 3:
                if taken:
                    ta[s], w = mix(ta[s], x, k)  # C2
                    h[0] = (h[0] + w) & M
                    if w & 8:  # C4
                        h[2] = (h[2] * 3 + (w >> 3)) & M
                        ta[(s + 1) & 3] ^= h[2]
                    u = (rotl((tb[t] + w) & M, 7) * 5) & M  # C6
                    tb[t] = u
                    h[2] = (h[2] + (u ^ w)) & M
                elif r_variant:
                    tb[t], w = other(tb[t], x, k)  # C3
                    h[1] ^= w
                    u = ((ta[s] ^ (w >> 2)) * 0x2545F491 - w) & M  # C5
                    ta[s] = u
                    h[3] = ((h[3] ^ u) + 3) & M
                else:
                    tb[t], w = mix(tb[t], x, k)  # C3
                    h[1] = (h[1] + w) & M
                    u = (rotl((ta[s] + w) & M, 7) * 5) & M  # C5
                    ta[s] = u
                    h[3] = (h[3] + (u ^ w)) & M
            else:
                path = (x >> 16) % 3
                if path == 0:
                    ta[s], w = mix(ta[s], x, k)
                    h[0] = (h[0] + w) & M
                elif path == 1 and r_variant:
                    tb[t], w = other(tb[t], x, k)
                    h[1] ^= w
                elif path == 1:
                    tb[t], w = mix(tb[t], x, k)
                    h[1] = (h[1] + w) & M
                elif r_variant:
                    tc[q], w = third(tc[q], x, k)
                    h[2] = ((h[2] ^ w) + 3) & M
                else:
                    tc[q], w = mix(tc[q], x, k)
                    h[2] = (h[2] + w) & M
        h[0] = (rotl(h[0], 5) + r) & M
        h[1] = rotl(h[1], 5) ^ r
        if shape == 4:
            h[2] = (rotl(h[2], 5) - r) & M
    result = h[0] ^ h[1] ^ h[2] ^ h[3]
    result += column_sum(ta) * 3 + column_sum(tb)
    if shape == 4:
        result += column_sum(tc) ^ 0xFF
    return result & M


def launch(rng, n, shape):
    grid = (n + 31) // 32 * 32  # Not a multiple of the workgroup for n=200.
    block = rng.choice([64, 128, 256])
    data = [rng.getrandbits(32) for _ in range(grid)]
    out = [0xDEADBEEF] * grid  # Lanes past n must leave their element alone.
    expect = list(out)
    for i in range(n):
        expect[i] = lane(shape, data[i], ROUNDS, STEPS)
    return Launch(grid, block, [Buf("u32", data),
                                Buf("u32", out, expect=expect),
                                Val("i32", n), Val("i32", ROUNDS),
                                Val("i32", STEPS)])


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb1(rng, n):
    """SB1: a diamond whose two sides are identical blocks."""
    return launch(rng, n, 1)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb2(rng, n):
    """SB2: a diamond of two identical if-then regions."""
    return launch(rng, n, 2)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb3(rng, n):
    """SB3: two pairs of identical blocks, one if-then without a twin."""
    return launch(rng, n, 3)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb4(rng, n):
    """SB4: a 3-way if-else-if-else with three identical blocks."""
    return launch(rng, n, 4)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb1_r(rng, n):
    """SB1-R: SB1's diamond with different computations on each side."""
    return launch(rng, n, 11)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb2_r(rng, n):
    """SB2-R: SB2's if-then regions with different computations."""
    return launch(rng, n, 12)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb3_r(rng, n):
    """SB3-R: SB3's control flow with different computations."""
    return launch(rng, n, 13)


@kernel("synthetic.cl", "synthetic", sizes=SIZES, bench_size=BENCH)
def sb4_r(rng, n):
    """SB4-R: SB4's 3-way branch with three different computations."""
    return launch(rng, n, 14)
