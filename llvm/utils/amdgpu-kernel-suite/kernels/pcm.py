from kernelsuite.kernels import Buf, Launch, kernel

N, S = 64, 64  # As in pcm.cl.


def merge_split(runs):
    """One round (even and odd phase) of pcm.cl on a group's sorted runs:
    lower work-items keep the S smallest of their run and the next one,
    the others the S largest of the previous run and theirs."""
    for phase in (0, 1):
        nxt = []
        for t in range(N):
            lower = t == 0 or (t & 1 == phase and t + 1 < N)
            if lower:
                nxt.append(sorted(runs[t] + runs[t + 1])[:S])
            else:
                nxt.append(sorted(runs[t - 1] + runs[t])[S:])
        runs = nxt
    return runs


@kernel("pcm.cl", "darm", sizes=[N * S, 2 * N * S, 3 * N * S],
        bench_size=4 * N * S)
def pcm(rng, n):
    """DARM's PCM: odd-even merge of per-lane sorted runs in LDS."""
    data = [rng.randint(-5000, 5000) for _ in range(n)]
    if n == 2 * N * S:
        data = [rng.randint(-4, 4) for _ in range(n)]  # Many equal keys.
    want = []
    for g in range(0, n, N * S):
        runs = [sorted(data[g + t * S:g + (t + 1) * S]) for t in range(N)]
        data[g:g + N * S] = sum(runs, [])
        for _ in range(N // 2):
            runs = merge_split(runs)
        want += sum(runs, [])
    assert want == sum((sorted(want[g:g + N * S])
                        for g in range(0, n, N * S)), [])
    return Launch(n // S, N, [Buf("i32", data, expect=want)])
