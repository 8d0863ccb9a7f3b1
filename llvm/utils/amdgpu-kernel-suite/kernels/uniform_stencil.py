from kernelsuite.kernels import Buf, Launch, Val, f32, floats, kernel


@kernel("uniform_stencil.cl", "uniform", sizes=[60, 100, 1000], bench_size=4096)
def uniform_stencil(rng, n):
    """1-D stencil with uniform coefficients and a uniform mode switch."""
    radius, mode = rng.randint(1, 4), rng.randint(0, 2)
    inp = floats(rng, n + 2 * radius, -1, 1)
    coef = floats(rng, 2 * radius + 1, 0, 1)
    out = [0.0] * len(inp)
    for g in range(n):
        i = g + radius
        acc = 0.0
        for r in range(-radius, radius + 1):
            acc = f32(acc + f32(coef[r + radius] * inp[i + r]))
        if mode == 1:
            acc = f32(acc * 0.5)
        elif mode == 2:
            acc = f32(acc + inp[i])
        out[i] = acc
    # The device may contract coef * in + acc into an FMA.
    return Launch(n, 64, [Buf("f32", inp), Buf("f32", [0.0] * len(inp), expect=out,
                                              tolerance=1e-5),
                          Buf("f32", coef), Val("i32", radius), Val("i32", mode)])
