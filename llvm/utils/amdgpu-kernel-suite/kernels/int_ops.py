from kernelsuite.kernels import Buf, Launch, Val, i32, idiv, irem, kernel, u32

NI, NL = 32, 22
M64 = (1 << 64) - 1


def i64(v):
    """v wrapped to a signed 64-bit integer."""
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def u64(v):
    return v & M64


def clz(v, bits):
    return bits - v.bit_length()


def rotl(v, r, bits):
    mask = (1 << bits) - 1
    v &= mask
    r %= bits
    return ((v << r) | (v >> (bits - r))) & mask


def mixed(rng, bits):
    """A value of every flavour: small, full range, near a power of two."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    k = rng.randrange(5)
    if k == 0:
        return rng.randint(-100, 100)
    if k == 1:
        return rng.randint(lo, hi)
    if k == 2:
        e = rng.randrange(bits - 1)
        return rng.choice([-1, 1]) * (1 << e) + rng.randint(-2, 2)
    if k == 3:
        return rng.choice([lo, hi, lo + 1, hi - 1, 0, -1, 1])
    return rng.randint(-(1 << 20), 1 << 20)


def divisor(rng, bits, dividend):
    """A divisor for dividend: never 0, never -1 under the minimum."""
    while True:
        d = mixed(rng, bits)
        if d != 0 and not (d == -1 and dividend == -(1 << (bits - 1))):
            return d


def int_row(a, b, c, s, t):
    ua, ub, uc = u32(a), u32(b), u32(c)
    a24, b24 = a >> 17, b >> 15
    ctz = (ua & -ua).bit_length() - 1  # -1 for 0: 31 - clz(0)
    sext8 = lambda v: (v & 0xff) - 0x100 if v & 0x80 else v & 0xff
    sext16 = lambda v: (v & 0xffff) - 0x10000 if v & 0x8000 else v & 0xffff
    return [
        idiv(a, b), irem(a, b), ua // ub, ua % ub,
        min(a, b), max(a, b), abs(a), min(ua, ub), max(ua, ub),
        clz(ua, 32), bin(ua).count("1"), rotl(ua, b, 32),
        (a * b) >> 32, (ua * ub) >> 32,
        a24 * b24 + (c >> 2), (ua & 0xffffff) * (ub & 0xffffff) + ub,
        (a & ~c) | (b & c),
        ua << (b & 31), a >> (b & 31), ua >> (b & 31),
        c if a > b else a + b, a if ua < ub else c,
        idiv(a, s), idiv(s, t) + u32(s) % u32(t) + a,
        irem(a, 7), ua // 10, a24 * b24,
        abs((a >> 1) - (b >> 1)) + ((a + c) >> 1) + ((b + c + 1) >> 1),
        clz(u32(s), 32) + bin(u32(t)).count("1") + min(s, t) +
        max(u32(s), u32(t)) + abs(s) + (u32(s) << (t & 31)) +
        (t >> (s & 31)) + a,
        ctz,
        sext8(a) + sext16(b) + (c & 0xff) + ((a >> 7) & 0xffff),
        (a & b) ^ (a | ~c) ^ (ua * ub) ^ (ua * 5 + c),
    ]


def long_row(a, b, la, lb, ls, lt, t):
    ua, ub, ula, ulb = u32(a), u32(b), u64(la), u64(lb)
    return [
        la + lb, la - lb, la * lb, ula << (b & 63), la >> (b & 63),
        ula >> (b & 63), idiv(la, lb), irem(la, lb), ula // ulb, ula % ulb,
        min(la, lb), max(ula, ulb), clz(ula, 64), bin(ula).count("1"),
        a * b, ua * ub,
        la * ls + (la if la > lb else ls),
        idiv(ls, lt) + irem(ls, lt) + (u64(ls) >> (t & 63)) + la,
        (la * lb) >> 64, rotl(ula, lb, 64), abs(la),
        a + (ub << 32) + (lb if la < 0 else -lb),
    ]


@kernel("int_ops.cl", "coverage", sizes=[64, 200, 500], bench_size=2048)
def int_ops(rng, n):
    """32/64-bit integer division, min/max, bit counts, mul_hi, mad24, shifts."""
    A = [mixed(rng, 32) for _ in range(n)]
    B = [divisor(rng, 32, a) for a in A]
    C = [mixed(rng, 32) for _ in range(n)]
    LA = [mixed(rng, 64) for _ in range(n)]
    LB = [divisor(rng, 64, la) for la in LA]
    s = rng.choice([-1, 1]) * rng.randint(2, 1000000)
    t = divisor(rng, 32, s)
    ls = mixed(rng, 64)
    lt = divisor(rng, 64, ls)
    out, lout = [], []
    for i in range(n):
        out += [i32(v) for v in int_row(A[i], B[i], C[i], s, t)]
        lout += [i64(v) for v in long_row(A[i], B[i], LA[i], LB[i], ls, lt, t)]
    assert len(out) == n * NI and len(lout) == n * NL
    return Launch(n, 64, [Buf("i32", A), Buf("i32", B), Buf("i32", C),
                          Buf("i64", LA), Buf("i64", LB),
                          Buf("i32", [0] * (n * NI), expect=out),
                          Buf("i64", [0] * (n * NL), expect=lout),
                          Val("i32", s), Val("i32", t), Val("i64", ls),
                          Val("i64", lt), Val("i32", n)])
