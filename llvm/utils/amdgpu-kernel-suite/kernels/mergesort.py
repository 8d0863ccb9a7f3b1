from kernelsuite.kernels import Buf, Launch, Val, kernel


@kernel("mergesort.cl", "darm", sizes=[100, 512, 1000], bench_size=8192)
def mergesort_pass(rng, n):
    """DARM's MS: per-lane sequential merge of two sorted runs."""
    w = rng.choice([8, 16, 32])
    threads = 64 if n < 1000 else 128
    slices = n // (threads * w) + 1
    data = [rng.randint(-1000, 1000) for _ in range(n)]
    for s in range(0, n, w // 2):
        data[s:s + w // 2] = sorted(data[s:s + w // 2])
    want = []
    for s in range(0, n, w):
        want += sorted(data[s:s + w])
    return Launch(threads, 64, [Buf("i64", data), Buf("i64", [0] * n, expect=want),
                                Val("i64", n), Val("i64", w), Val("i64", slices)])
