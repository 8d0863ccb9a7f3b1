from kernelsuite.kernels import Buf, Launch, Val, kernel, u32


@kernel("nested_loops.cl", "unstructured", sizes=[64, 130, 1000],
        bench_size=8192)
def nested_loops(rng, n):
    """Nested loops with per-lane outer and inner trip counts."""
    inp = [rng.getrandbits(32) for _ in range(n)]
    want = []
    for v in inp:
        acc = 0
        for a in range(v & 7):
            for b in range((v >> (3 + a)) & 15):
                if (v ^ (a * 7 + b)) & 4:
                    acc = u32(acc + a * b + 1)
                else:
                    acc ^= u32((v >> b) + a)
        want.append(acc)
    return Launch(n, 32 if n % 2 else 64,
                  [Buf("u32", inp), Buf("u32", [0] * n, expect=want),
                   Val("i32", n)])
