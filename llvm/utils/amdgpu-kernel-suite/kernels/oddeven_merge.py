from kernelsuite.kernels import Buf, Launch, ints, kernel


@kernel("oddeven_merge.cl", "coverage", sizes=[256, 512, 1024], bench_size=4096)
def oddeven_merge(rng, n):
    """Batcher odd-even merge sort of 256-element LDS tiles."""
    data = ints(rng, n, -100000, 100000)
    if n == 512:
        data = [rng.randint(-3, 3) for _ in range(n)]  # Many equal keys.
    want = []
    for t in range(0, n, 256):
        want += sorted(data[t:t + 256])
    return Launch(n, 256, [Buf("i32", data, expect=want)])
