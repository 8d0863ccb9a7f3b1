import math

from kernelsuite.kernels import Buf, Launch, Val, f32, kernel

HIGH = [(3.34, 0.51, -0.12, 0.014, -0.00061, -0.95),
        (2.5, 0.0, 0.0, 0.0, 0.0, 2.547),
        (3.28, 1.48, -0.76, 0.21, -0.022, -1.09),
        (3.09, 0.54, -0.04, -0.011, 0.0018, 0.386),
        (3.03, 2.18, -0.16, -0.097, 0.017, -3.0),
        (4.01, 2.24, -0.63, 0.11, -0.0058, 0.11),
        (2.92, 1.49, -0.57, 0.1, -0.0069, -0.92),
        (3.57, -0.6, 0.58, -0.19, 0.019, -1.43)]
LOW = [(2.34, 7.98, -19.47, 20.15, -7.38, -0.92),
       (2.5, 0.007, -0.011, 0.0089, -0.0027, 2.547),
       (3.78, -2.99, 9.85, -9.68, 3.24, -1.06),
       (3.99, -2.4, 4.62, -3.88, 1.36, 0.362),
       (4.2, -2.04, 6.52, -5.49, 1.77, -3.029),
       (4.3, -4.75, 21.16, -24.27, 9.29, 0.029),
       (3.53, -0.12, -0.49, 0.69, -0.21, -1.05),
       (3.22, 2.13, -1.71, 0.58, -0.04, -1.49)]


def temperature_field(rng, n):
    """A smooth field that crosses 1000 K every few thousand points, with
    turbulent stretches of 256 points where neighbours differ at random."""
    period = rng.randint(2000, 6000)
    phase = rng.randint(0, period)
    field = []
    for i in range(n):
        if (i // 256) % 4 == 3:
            field.append(f32(rng.uniform(300.0, 2500.0)))
        else:
            x = 1000.0 + 700.0 * math.sin(2 * math.pi * (i + phase) / period)
            field.append(f32(x + rng.uniform(-5.0, 5.0)))
    return field


def fit(c, t, rt):
    a = [f32(v) for v in c]
    acc = a[4]
    for k in (3, 2, 1):
        acc = f32(a[k] + f32(t * acc))
    acc = f32(a[0] + f32(t * acc))
    return f32(math.exp(f32(acc + f32(a[5] * rt))))


@kernel("range_fit.cl", "coverage", sizes=[64, 700, 3000], bench_size=16384)
def range_fit(rng, n):
    """Eight two-range fits per point of a temperature field."""
    temp = temperature_field(rng, n)
    out = []
    for v in temp:
        t = f32(v * f32(1e-3))
        rt = f32(1.0 / t)
        coefs = HIGH if t > 1.0 else LOW
        out.extend(fit(c, t, rt) for c in coefs)
    grid = -(-n // 64) * 64
    return Launch(grid, 64, [Buf("f32", temp),
                             Buf("f32", [0.0] * (8 * n), expect=out,
                                 tolerance=1e-4),
                             Val("i32", n)])
