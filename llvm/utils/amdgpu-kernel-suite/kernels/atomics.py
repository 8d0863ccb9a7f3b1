from kernelsuite.kernels import Buf, Launch, Val, i32, kernel, u32

NB = 16


@kernel("atomics.cl", "coverage", sizes=[64, 300, 1000], bench_size=4096)
def atomics(rng, n):
    """Global and LDS atomics: histograms, min/max, cmpxchg loops, tickets."""
    data = [rng.randint(-2**31, 2**31 - 1) if rng.randrange(4) == 0
            else rng.randint(-5000, 5000) for _ in range(n)]
    cas0 = [rng.randint(-1000, 1000) for _ in range(NB + 1)]
    tick0 = [0, 0, 1000000, 0, 12345, 0, 0, 0, 0, 0, 0]
    hist, wsum, lsum = [0] * NB, [0] * NB, [0] * (3 * NB)
    mm = [-2**31, 2**31 - 1, 0, -1]
    cas = list(cas0)
    bits = [0] * NB + [-1] * NB + [0] * NB
    tick = list(tick0)
    for v in data:
        b, w = v & (NB - 1), (v >> 4) & 0xff
        hist[b] += 1
        wsum[b] += w
        lsum[b] += w
        lsum[NB + b] ^= u32(w * 0x9e3779b1)
        lsum[2 * NB + b] |= 1 << (w & 31)
        mm[0], mm[1] = max(mm[0], v), min(mm[1], v)
        mm[2], mm[3] = max(u32(mm[2]), u32(v)), min(u32(mm[3]), u32(v))
        cas[0] += w
        cas[1 + b] += v
        bits[b] |= 1 << (w & 31)
        bits[NB + b] &= ~(1 << ((v >> 27) & 31))
        bits[2 * NB + b] ^= v
        tick[4] -= w
        tick[7 + (v & 1)] += 1
    tick[0] = n
    tick[1] = n * (n - 1) // 2
    tick[2] = tick0[2] - n
    tick[3] = n * tick0[2] - n * (n - 1) // 2
    tick[5], tick[6] = 7, 1
    fix = lambda xs: [i32(x) for x in xs]
    return Launch(n, 64 if n % 3 else 128, [
        Buf("i32", data),
        Buf("i32", [0] * NB, expect=fix(hist)),
        Buf("i32", [0] * NB, expect=fix(wsum)),
        Buf("i32", [0] * (3 * NB), expect=fix(lsum)),
        Buf("i32", [-2**31, 2**31 - 1, 0, -1], expect=fix(mm)),
        Buf("i32", cas0, expect=fix(cas)),
        Buf("i32", [0] * NB + [-1] * NB + [0] * NB, expect=fix(bits)),
        Buf("i32", tick0, expect=fix(tick)),
        Val("i32", n)])
