from kernelsuite.kernels import Buf, Launch, Val, i32, irem, ints, kernel


@kernel("divergent_switch.cl", "unstructured", sizes=[64, 100, 1000],
        bench_size=16384)
def divergent_switch(rng, n):
    """Six-way switch on lane data with fall-through cases."""
    inp = ints(rng, n, -5000, 5000)
    want = []
    for v in inp:
        r, c = v, irem(v >> 3, 7)
        if c == 0:
            r = v * 3
        elif c in (1, 2):
            if c == 1:
                r += 11
            r ^= 0x55
        elif c in (3, 4):
            if c == 3:
                r = v - 100
            r *= 5
        elif c == 5:
            r = -v
        else:
            r = v >> 2
        want.append(i32(r))
    return Launch(n, 64, [Buf("i32", inp), Buf("i32", [0] * n, expect=want),
                          Val("i32", n)])
