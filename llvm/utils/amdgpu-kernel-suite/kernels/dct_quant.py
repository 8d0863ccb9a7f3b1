from kernelsuite.kernels import Buf, Launch, Val, ints, kernel


@kernel("dct_quant.cl", "darm", sizes=[64, 200, 1000], bench_size=16384)
def dct_quant(rng, n):
    """8x8 DCT quantization with sign-dependent rounding."""
    coef = ints(rng, n, -4000, 4000)
    qtab = ints(rng, 64, 1, 99)
    out = []
    for i, v in enumerate(coef):
        q = qtab[i % 64]
        mag = min((abs(v) + q // 2) // q, 2047)  # Half away from zero.
        out.append(-mag if v < 0 else mag)
    return Launch(n, 64 if n % 3 else 128,
                  [Buf("i32", coef), Buf("i32", qtab),
                   Buf("i32", [0] * n, expect=out), Val("i32", n)])
