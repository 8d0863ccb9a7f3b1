from kernelsuite.kernels import Buf, Launch, Val, kernel


@kernel("merge_step.cl", "coverage", sizes=[100, 256, 1000], bench_size=16384)
def merge_step(rng, n):
    """Bottom-up mergesort pass: binary-search ranks in the other run."""
    w = rng.choice([4, 8, 16, 32])
    data = [rng.randint(-50, 50) for _ in range(n)]  # Many ties.
    for s in range(0, n, w):
        data[s:s + w] = sorted(data[s:s + w])
    want = []
    for s in range(0, n, 2 * w):
        want += sorted(data[s:s + 2 * w])
    return Launch(n, 64, [Buf("i32", data), Buf("i32", [0] * n, expect=want),
                          Val("i32", n), Val("i32", w)])
