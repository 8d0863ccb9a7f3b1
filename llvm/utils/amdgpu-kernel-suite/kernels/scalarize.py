from kernelsuite.kernels import Buf, Launch, Val, f32, floats, kernel


@kernel("scalarize.cl", "uniform", sizes=[64, 200, 1000], bench_size=4096)
def fir(rng, n):
    """FIR filter of Lee et al., Fig. 1: uniform coefficients, lane-affine samples."""
    flen = rng.randint(1, 24)
    samples = floats(rng, n + flen, -1, 1)
    coeffs = floats(rng, flen, -1, 1)
    out = []
    for idx in range(n):
        acc = 0.0
        for i in range(flen):
            acc = f32(acc + f32(coeffs[i] * samples[idx + i]))
        out.append(acc)
    # The device may contract coeffs[i] * samples[idx + i] + acc into an FMA.
    return Launch(n, 64, [Buf("f32", samples), Buf("f32", coeffs),
                          Val("i32", flen),
                          Buf("f32", [0.0] * n, expect=out, tolerance=1e-4)])


def random_matmul(rng, rows, k_dim, cols):
    """Random A (rows x k_dim) and B (k_dim x cols) and C = A x B, each
    element of C summed in f32 in the order of k."""
    a = floats(rng, rows * k_dim, -1, 1)
    b = floats(rng, k_dim * cols, -1, 1)
    c = []
    for r in range(rows):
        for col in range(cols):
            acc = 0.0
            for k in range(k_dim):
                acc = f32(acc + f32(a[r * k_dim + k] * b[k * cols + col]))
            c.append(acc)
    return a, b, c


@kernel("scalarize.cl", "uniform", sizes=[64, 128, 320], bench_size=1024)
def matmul_rows(rng, n):
    """C = A x B, one work-group per row: uniform A, lane-affine B and C."""
    rows, k_dim = rng.randint(1, 6), rng.randint(1, 20)
    a, b, c = random_matmul(rng, rows, k_dim, n)
    return Launch([n, rows], [64, 1], [Buf("f32", a), Buf("f32", b),
                                       Buf("f32", [0.0] * (rows * n), expect=c,
                                           tolerance=1e-4),
                                       Val("i32", k_dim), Val("i32", n)])


@kernel("scalarize.cl", "uniform", sizes=[16, 40, 100], bench_size=128)
def matmul_tiled(rng, n):
    """C = A x B in 16 x 16 LDS tiles: uniform loop bounds, divergent edges."""
    tile = 16
    m, k_dim = rng.randint(1, n), rng.randint(1, 2 * n)
    # The tiles add the products in the order of k as well.
    a, b, c = random_matmul(rng, m, k_dim, n)
    grid = [-(-n // tile) * tile, -(-m // tile) * tile]
    return Launch(grid, [tile, tile], [Val("i32", m), Val("i32", n),
                                       Val("i32", k_dim), Buf("f32", a),
                                       Buf("f32", b),
                                       Buf("f32", [0.0] * (m * n), expect=c,
                                           tolerance=1e-4)])
