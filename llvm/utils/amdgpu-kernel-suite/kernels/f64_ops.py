import struct

from kernelsuite.kernels import Buf, Launch, Val, f32, i32, ints, kernel


def trunc_i32(d):
    if d != d:
        return 0
    return max(-2**31, min(2**31 - 1, int(d)))


def trunc_u32(d):
    if d != d or d <= 0:
        return 0
    return min(2**32 - 1, int(d))


@kernel("f64_ops.cl", "coverage", sizes=[64, 100, 500], bench_size=4096)
def f64_ops(rng, n):
    """f64 add/mul/fma/div, compares, conversions to f32 and integers."""
    a = [rng.uniform(-1e6, 1e6) if i % 3 else rng.uniform(-1, 1)
         for i in range(n)]
    k = ints(rng, n, -1000, 1000)
    out, iout = [], []
    for x, kk in zip(a, k):
        y = x * 1.5 + kk
        y = -y / 3.0 if x < 0.0 else y / (x + 2.0)
        out.append(y + f32(x))
        iout.append(i32(trunc_i32(x * 1000.0) + trunc_u32(y if y > 0.0 else 0.0)))
    # x * 1.5 + k may be contracted into one FMA on the device.
    return Launch(n, 64, [Buf("f64", a), Buf("i32", k),
                          Buf("f64", [0.0] * n, expect=out, tolerance=1e-12),
                          Buf("i32", [0] * n, expect=iout), Val("i32", n)])
