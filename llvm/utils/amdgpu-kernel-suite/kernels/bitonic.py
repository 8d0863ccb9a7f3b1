from kernelsuite.kernels import Buf, Launch, ints, kernel


@kernel("bitonic.cl", "darm", sizes=[256, 512, 1024], bench_size=4096)
def bitonic_tile(rng, n):
    """Bitonic sort of 256-element tiles in LDS (DARM Fig. 1)."""
    data = ints(rng, n, -100000, 100000)
    if n == 512:
        data = [rng.randint(-3, 3) for _ in range(n)]  # Many equal keys.
    out = []
    for t in range(0, n, 256):
        out.extend(sorted(data[t:t + 256]))
    return Launch(n, 256, [Buf("i32", data, expect=out)])
