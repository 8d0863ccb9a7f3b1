from kernelsuite.kernels import Buf, Launch, Val, i32, ints, kernel


@kernel("reduction.cl", "uniform", sizes=[256, 700, 3000], bench_size=65536)
def reduction(rng, n):
    """LDS tree reduction, one partial sum per workgroup."""
    inp = ints(rng, n, -100000, 100000)
    groups = (n + 255) // 256
    want = [i32(sum(inp[g * 256:(g + 1) * 256])) for g in range(groups)]
    return Launch(groups * 256, 256,
                  [Buf("i32", inp), Buf("i32", [0] * groups, expect=want),
                   Val("i32", n)])
