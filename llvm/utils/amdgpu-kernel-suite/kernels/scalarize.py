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


@kernel("scalarize.cl", "uniform", sizes=[64, 128, 320], bench_size=1024)
def matmul_rows(rng, n):
    """C = A x B, one work-group per row: uniform A, lane-affine B and C."""
    rows, k_dim = rng.randint(1, 6), rng.randint(1, 20)
    a = floats(rng, rows * k_dim, -1, 1)
    b = floats(rng, k_dim * n, -1, 1)
    c = []
    for r in range(rows):
        for col in range(n):
            acc = 0.0
            for k in range(k_dim):
                acc = f32(acc + f32(a[r * k_dim + k] * b[k * n + col]))
            c.append(acc)
    return Launch([n, rows], [64, 1], [Buf("f32", a), Buf("f32", b),
                                       Buf("f32", [0.0] * (rows * n), expect=c,
                                           tolerance=1e-4),
                                       Val("i32", k_dim), Val("i32", n)])


@kernel("scalarize.cl", "uniform", sizes=[16, 40, 100], bench_size=128)
def matmul_tiled(rng, n):
    """C = A x B in 16 x 16 LDS tiles: uniform loop bounds, divergent edges."""
    tile = 16
    m, k_dim = rng.randint(1, n), rng.randint(1, 2 * n)
    a = floats(rng, m * k_dim, -1, 1)
    b = floats(rng, k_dim * n, -1, 1)
    c = []
    for row in range(m):
        for col in range(n):
            acc = 0.0
            for t in range(0, k_dim, tile):
                for i in range(t, min(t + tile, k_dim)):
                    acc = f32(acc + f32(a[row * k_dim + i] * b[i * n + col]))
            c.append(acc)
    grid = [-(-n // tile) * tile, -(-m // tile) * tile]
    return Launch(grid, [tile, tile], [Val("i32", m), Val("i32", n),
                                       Val("i32", k_dim), Buf("f32", a),
                                       Buf("f32", b),
                                       Buf("f32", [0.0] * (m * n), expect=c,
                                           tolerance=1e-4)])
