from kernelsuite.kernels import Buf, Launch, Val, kernel, u32


def run(x):
    x &= 0xffff
    acc = s = 0
    state = "b" if x & 1 else "a"
    while True:
        if state == "a":
            acc = u32(acc + x)
            x >>= 1
            s += 1
            if s >= 48 or x <= 1:
                break
            state = "b" if x & 1 else "a"
        else:
            acc ^= u32(x << 2)
            x = u32(3 * x + 1)
            s += 1
            if s >= 48:
                break
            state = "a" if x & 2 else "b"
    return u32(acc + s)


@kernel("irreducible.cl", "unstructured", sizes=[64, 150, 1000],
        bench_size=8192)
def irreducible(rng, n):
    """Two-entry goto loop (irreducible) with data-dependent exits."""
    inp = [rng.getrandbits(32) for _ in range(n)]
    return Launch(n, 64, [Buf("u32", inp),
                          Buf("u32", [0] * n, expect=[run(v) for v in inp]),
                          Val("i32", n)])
