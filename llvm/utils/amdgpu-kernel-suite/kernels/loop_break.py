from kernelsuite.kernels import Buf, Launch, Val, i32, ints, kernel, irem


@kernel("loop_break.cl", "unstructured", sizes=[128, 200, 777], bench_size=4096)
def loop_break(rng, n):
    """Loop with a divergent trip count, a continue and a break."""
    inp = ints(rng, n, -1000, 100000)
    out = []
    for v in inp:
        acc = 0
        for k in range(v & 63):
            if irem(v + k, 5) == 0:
                continue
            acc = i32(acc + i32((v ^ k) * 3))
            if acc > 10000:
                break
        out.append(acc)
    block = rng.choice([32, 64, 128])
    return Launch(n, block, [Buf("i32", inp), Buf("i32", [0] * n, expect=out),
                             Val("i32", n)])
