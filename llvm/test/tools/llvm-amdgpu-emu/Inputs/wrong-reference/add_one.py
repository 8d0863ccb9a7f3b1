from kernelsuite.kernels import Buf, Launch, Val, kernel


@kernel("add_one.cl", "unstructured", sizes=[64, 70, 100])
def add_one(rng, n):
    """out[i] = in[i] + 1, with a reference that is wrong for n == 70."""
    inp = list(range(n))
    out = [v + 1 for v in inp]
    if n == 70:
        out[69] += 1
    return Launch(n, 64, [Buf("i32", inp), Buf("i32", [0] * n, expect=out),
                          Val("i32", n)])
