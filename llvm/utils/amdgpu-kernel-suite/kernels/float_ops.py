import math
import struct
from fractions import Fraction

from kernelsuite.kernels import Buf, Launch, Val, f32, i32, kernel

NE, NA, NI, NL, ND = 24, 5, 12, 4, 18
INF, NAN = float("inf"), float("nan")


def round_f32(fr):
    """The rational fr rounded once to the nearest binary32 (ties to even)."""
    if fr == 0:
        return 0.0
    sign = -1.0 if fr < 0 else 1.0
    a = abs(fr)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)  # Subnormals share the minimum exponent.
    q = a / Fraction(2) ** (e - 23)
    m = math.floor(q)
    if q - m > Fraction(1, 2) or (q - m == Fraction(1, 2) and m % 2):
        m += 1
    v = m * 2.0 ** (e - 23)
    return sign * (INF if v > 3.4028234663852886e38 else v)


def keep_sign(r, x):
    """r, a float, with the sign of x when r is zero (-0.0 stays -0.0)."""
    r = float(r)
    return math.copysign(0.0, x) if r == 0 else r


def rint(x):
    return keep_sign(round(x), x)  # Python rounds half to even.


def round_away(x):
    r = math.floor(Fraction(abs(x)) + Fraction(1, 2))
    return keep_sign(math.copysign(r, x), x)


def sat(v, lo, hi):
    """convert_*_sat as the ROCm device library writes it: fptosi of
    minnum(maxnum(v, lo), hi), so a NaN gives lo (maxnum(NaN, lo) = lo)."""
    if v != v:
        return lo
    if v <= lo:
        return lo
    if v >= hi:
        return hi
    return int(v)


def half_bits(v):
    """float -> binary16 bits, round to nearest even, overflow to infinity."""
    try:
        return struct.unpack("<H", struct.pack("<e", v))[0]
    except OverflowError:
        return 0xfc00 if v < 0 else 0x7c00


def half_value(b):
    return struct.unpack("<e", struct.pack("<H", b))[0]


def sext16(v):
    v &= 0xffff
    return v - 0x10000 if v & 0x8000 else v


def pick_x(rng):
    k = rng.randrange(10)
    if k < 5:
        return f32(rng.uniform(-1000, 1000))
    if k < 7:
        return f32(rng.uniform(-1, 1))
    if k < 8:  # Tiny: subnormal halves after * 100.
        return f32(rng.choice([-1, 1]) * rng.uniform(1e-7, 1e-5))
    return rng.randint(-40, 40) + 0.5  # Ties for rint / round.


def pick_w(rng):
    specials = [NAN, -NAN, INF, -INF, 3e9, -3e9, 5e9, -5e9, 1e20, -1e20,
                -0.5, 4294967040.0, 4294967296.0, 2147483520.0, 2147483648.0,
                -2147483648.0, -2147483904.0, 0.75]
    if rng.randrange(3) == 0:
        return rng.choice(specials)
    return f32(rng.uniform(-100, 100))


def pick_int(rng, bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    k = rng.randrange(4)
    if k == 0:
        return rng.randint(-1000, 1000)
    if k == 1:
        return rng.randint(lo, hi)
    if k == 2:  # Many significant bits near a power of two: rounding.
        e = rng.randrange(20, bits - 1)
        return rng.choice([-1, 1]) * ((1 << e) + rng.randint(0, (1 << (e - 20)) * 3))
    return rng.choice([lo, hi, 0, -1, 1, (1 << 24) + 1, hi - 64,
                       (1 << min(53, bits - 2)) + 1])


def pick_d(rng):
    k = rng.randrange(6)
    if k == 0:
        return rng.randint(-50, 50) + 0.5
    if k == 1:
        return rng.uniform(-1, 1) * 1e-3
    return rng.uniform(-1000, 1000)


def nonzero(rng, lo, hi, least):
    while True:
        v = rng.uniform(lo, hi)
        if abs(v) >= least:
            return v


@kernel("float_ops.cl", "coverage", sizes=[64, 150, 400], bench_size=2048)
def float_ops(rng, n):
    """f32/f64/half arithmetic, rounding, compares and conversions."""
    X = [pick_x(rng) for _ in range(n)]
    Y = [f32(nonzero(rng, -100, 100, 1e-3)) for _ in range(n)]
    Z = [x if rng.randrange(8) == 0 else f32(rng.uniform(-100, 100)) for x in X]
    W = [pick_w(rng) for _ in range(n)]
    K = [pick_int(rng, 32) for _ in range(n)]
    LK = [pick_int(rng, 64) for _ in range(n)]
    D = [pick_d(rng) for _ in range(n)]
    E = [nonzero(rng, -1000, 1000, 1e-3) for _ in range(n)]
    Hb = []
    for _ in range(n):
        while True:
            b = rng.randrange(1 << 16)
            if (b & 0x7c00) != 0x7c00 or (b & 0x3ff) == 0:  # No NaN.
                break
        Hb.append(b)
    if n % 2:
        Hb.append(0)
    H = [Hb[j] | Hb[j + 1] << 16 for j in range(0, len(Hb), 2)]
    fe, fa, ic, lc, de, ho = [], [], [], [], [], []
    for i in range(n):
        x, y, z, w, k, lk, d, e = X[i], Y[i], Z[i], W[i], K[i], LK[i], D[i], E[i]
        uk, ulk = k & 0xffffffff, lk & ((1 << 64) - 1)
        fe += [
            f32(x + y), f32(x * y),
            round_f32(Fraction(x) * Fraction(y) + Fraction(z)),
            keep_sign(math.floor(x), x), keep_sign(math.ceil(x), x),
            keep_sign(math.trunc(x), x), rint(x), round_away(x),
            min(x, y), max(x, y), abs(x), math.copysign(x, y),
            f32(float(k)), f32(float(uk)),
            round_f32(Fraction(lk)), round_f32(Fraction(ulk)),
            half_value(Hb[i]), f32(d), f32(x * 2.0 ** ((k & 15) - 8)),
            x if x > y else z, -x, f32(x - z), float(sext16(k)), max(x, 0.0),
        ]
        fa += [f32(x / y), f32(math.sqrt(abs(x))), f32(1.0 / y),
               f32(1.0 / math.sqrt(f32(abs(z) + 1.0))), f32(x / 3.0)]
        isnan = w != w
        ic += [i32(v) for v in [
            int(x), int(abs(x)),
            sat(w, -2**31, 2**31 - 1), sat(w, 0, 2**32 - 1),
            int(d), sat(d * 1e7, -2**31, 2**31 - 1),
            isnan + 2 * (abs(w) == INF) + 4 * (not isnan and abs(w) != INF) +
            8 * (math.copysign(1.0, w) < 0),
            int(round(x)),
            (x < y) + 2 * (x == z) + 4 * (x >= z) + 8 * isnan + 16 * isnan,
            (d < e) + 2 * (d >= x) + 4 * (d * w != d * w) + 8 * (d != e),
            int(abs(d)), math.floor(f32(x * 100.0)),
        ]]
        lc += [int(f32(x * 1e6)), int(f32(abs(x) * 1e6)), int(d * 1e9),
               int(abs(d) * 1e9)]
        de += [
            d + e, d * e, float(Fraction(d) * Fraction(e) + Fraction(d)),
            x, float(k), float(uk), float(lk), float(ulk),
            keep_sign(math.floor(d), d), keep_sign(math.ceil(d), d),
            keep_sign(math.trunc(d), d), rint(d), min(d, e), max(d, e),
            math.copysign(abs(d), e), d / e, math.sqrt(abs(d)), d - e,
        ]
        ho.append(half_bits(f32(x * 100.0)) |
                  half_bits(f32(f32(min(w, 1e30) if w == w else 1e30) * 1e-5)) << 16)
    # Device division, sqrt and rsqrt are within 2.5 / 3 / 2 ulp, not
    # correctly rounded: 1e-6 relative (absolute below 1) covers them.
    return Launch(n, 64, [
        Buf("f32", X), Buf("f32", Y), Buf("f32", Z), Buf("f32", W),
        Buf("i32", K), Buf("i64", LK), Buf("f64", D), Buf("f64", E),
        Buf("u32", H),
        Buf("f32", [0.0] * (n * NE), expect=fe),
        Buf("f32", [0.0] * (n * NA), expect=fa, tolerance=1e-6),
        Buf("i32", [0] * (n * NI), expect=ic),
        Buf("i64", [0] * (n * NL), expect=lc),
        Buf("f64", [0.0] * (n * ND), expect=de),
        Buf("u32", [0] * n, expect=ho), Val("i32", n)])
