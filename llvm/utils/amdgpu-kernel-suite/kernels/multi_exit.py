from kernelsuite.kernels import Buf, Launch, Val, ints, kernel


@kernel("multi_exit.cl", "unstructured", sizes=[64, 96, 500], bench_size=4096)
def multi_exit(rng, n):
    """Search loop with two exits leading to different code."""
    keys = ints(rng, n, -5, 60)
    needle = rng.randint(0, 60)
    out = []
    for i in range(n):
        start = keys[i] & 15
        k, res = start, 0
        while True:
            v = keys[(i + k) % n]
            if v == needle:
                res = k * 2 + 1
                break
            if v < 0:
                res = -k
                break
            k += 1
            if k > start + 32:
                break
        out.append(res)
    return Launch(n, 48 if n % 3 == 0 else 64,
                  [Buf("i32", keys), Buf("i32", [0] * n, expect=out),
                   Val("i32", n), Val("i32", needle)])
