from kernelsuite.kernels import Buf, Launch, Val, kernel, u32


@kernel("loop_merge_fig2.cl", "linearize", sizes=[64, 100, 256],
        bench_size=1024)
def loop_merge_fig2(rng, n):
    """Fig. 2(b): per-lane permutations of the same inner trip counts."""
    outer = 8
    trips, want = [], []
    for i in range(n):
        mine = [4 * k for k in range(outer)]
        rng.shuffle(mine)
        trips += mine
        acc = i
        for k in range(outer):
            acc = u32(acc * 3 + k)
            for j in range(mine[k]):
                acc = u32((acc ^ j) * 5 + 1)
            acc = u32(acc + 7)
        want.append(acc)
    return Launch(n, 64, [Buf("u32", trips), Buf("u32", [0] * n, expect=want),
                          Val("i32", outer)])
