from kernelsuite.kernels import Buf, Launch, Val, i32, ints, kernel


@kernel("short_circuit.cl", "unstructured", sizes=[100, 300, 1000], bench_size=4096)
def short_circuit(rng, n):
    """Short-circuit && / || conditions picking one of three results."""
    a, b = ints(rng, n + 7, -200, 200), ints(rng, n + 7, -200, 200)
    out = [-9] * (n + 7)  # Lanes past n must leave their element alone.
    for i in range(n):
        x, y = a[i], b[i]
        if (x > 0 and y > 0) or (x < -100 and y < -100):
            out[i] = i32(x * y + 7)
        elif x == y or (x & 3) == 1:
            out[i] = i32(x - y)
        else:
            out[i] = i32(x ^ y) >> 1
    return Launch(n + 7, 64, [Buf("i32", a), Buf("i32", b),
                              Buf("i32", [-9] * (n + 7), expect=out), Val("i32", n)])
