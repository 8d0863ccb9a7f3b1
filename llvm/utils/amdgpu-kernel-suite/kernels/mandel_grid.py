from kernelsuite.kernels import Buf, Launch, Val, kernel


def escape_time(cx, cy, maxiter):
    x = y = it = 0
    while it < maxiter:
        x2, y2 = (x * x) >> 12, (y * y) >> 12
        if x2 + y2 > (4 << 12):
            break
        xy = (x * y) >> 11
        x, y = x2 - y2 + cx, xy + cy
        it += 1
    return it


@kernel("mandel_grid.cl", "linearize", sizes=[16, 24, 40], bench_size=48)
def mandel_grid(rng, n):
    """Grid-stride Mandelbrot: an escape-time loop in a pixel loop."""
    w, h, maxiter = n, (n * 3) // 4, 64
    # A window on the set's boundary, jittered per seed: escape times range
    # over the whole 1..maxiter.
    step = (3 << 12) // w
    x0 = -(2 << 12) - 400 + rng.randint(0, 800)
    y0 = -((h * step) // 2) + rng.randint(-200, 200)
    want = [escape_time(x0 + (p % w) * step, y0 + (p // w) * step, maxiter)
            for p in range(w * h)]
    lanes = 64 * rng.choice([1, 2])
    return Launch(lanes, 64, [Buf("u32", [0] * (w * h), expect=want),
                              Val("i32", w), Val("i32", h),
                              Val("i32", maxiter), Val("i32", x0),
                              Val("i32", y0), Val("i32", step)])
