from kernelsuite.kernels import Buf, Launch, f32, i32, kernel

NO = 16


def group_pred(rng, want_any):
    """Predicate values (ints, > 0 means true) for one 64-lane group whose
    __any (want_any) or __all is the same for the whole group and for each
    32-lane half: both halves agree."""
    if want_any:  # any: both halves have a true lane, or neither has.
        vals = [rng.randint(-50, 0) for _ in range(64)]
        if rng.randrange(2):
            for half in (0, 32):
                for j in rng.sample(range(half, half + 32), rng.randint(1, 4)):
                    vals[j] = rng.randint(1, 50)
        return vals
    # all: both halves all true, or both have a false lane.
    vals = [rng.randint(1, 50) for _ in range(64)]
    if rng.randrange(2):
        for half in (0, 32):
            for j in rng.sample(range(half, half + 32), rng.randint(1, 4)):
                vals[j] = rng.randint(-50, 0)
    return vals


def group_ref(a, fa):
    """Outputs of the 32 work-items of one 32-lane group."""
    out, fout = [], []
    bal = sum(1 << j for j in range(32) if a[j] > 0)
    odd_bal = sum(1 << j for j in range(32) if a[j] & 1 and a[j] > 100)
    s = list(a)
    m = 16
    while m:
        s = [s[j] + s[j ^ m] for j in range(32)]
        m >>= 1
    d = list(a)
    k = 16
    while k:
        d = [d[j] + (d[j + k] if j + k < 32 else d[j]) for j in range(32)]
        k >>= 1
    fs = list(fa)
    m = 1
    while m < 32:
        fs = [f32(fs[j] + fs[j ^ m]) for j in range(32)]
        m <<= 1
    for j in range(32):
        up3 = a[j - 3] if j >= 3 else a[j]
        down1 = a[j + 1] if j + 1 < 32 else a[j]
        up1 = a[j - 1] if j >= 1 else a[j]
        out.append([j, bal, bin(bal).count("1"),
                    bin(bal & ((1 << j) - 1)).count("1"), None, None,
                    s[j], d[j], a[(j * 7 + 3) & 31], a[(j * 5 + 1) & 31],
                    up3, a[j ^ 5], odd_bal if a[j] & 1 else 0, 0, None,
                    down1 - up1])
        fout.append(fs[j])
    return out, fout


@kernel("wave_ops.hip", "coverage", sizes=[64, 256, 1024], bench_size=4096,
        symbol="_Z8wave_opsPKiS0_S0_PKfPiPf")
def wave_ops(rng, n):
    """Ballot/any/all, lane ids and shuffle reductions in 32-lane groups."""
    a = [rng.randint(-1000, 1000) for _ in range(n)]
    f = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    pa, pb = [], []
    for g in range(0, n, 64):
        pa += group_pred(rng, True)
        pb += group_pred(rng, False)
    out, fout = [], []
    for g in range(0, n, 32):
        rows, frows = group_ref(a[g:g + 32], f[g:g + 32])
        g64 = g & ~63
        anyv = int(any(x > 0 for x in pa[g64:g64 + 64]))
        allv = int(all(x > 0 for x in pb[g64:g64 + 64]))
        for j, row in enumerate(rows):
            row[4], row[5] = anyv, allv
            row[14] = a[g64 + 5] ^ j
            out += [i32(x) for x in row]
        fout += frows
    block = {64: 64, 256: 128}.get(n, 256)
    return Launch(n, block, [
        Buf("i32", a), Buf("i32", pa), Buf("i32", pb), Buf("f32", f),
        Buf("i32", [0] * (n * NO), expect=out),
        Buf("f32", [0.0] * n, expect=fout)])
