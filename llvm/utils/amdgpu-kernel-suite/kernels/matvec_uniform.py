from kernelsuite.kernels import Buf, Launch, i32, kernel


@kernel("matvec_uniform.cl", "uniform", sizes=[8, 30, 100], bench_size=400)
def matvec_uniform(rng, rows):
    """CSR matrix-vector product, one row per workgroup (uniform bounds)."""
    ncols = 97
    rowptr, cols, vals = [0], [], []
    for r in range(rows):
        nnz = rng.choice([0, 1, 5, 40, 63, 64, 65, 150])
        for _ in range(nnz):
            cols.append(rng.randrange(ncols))
            vals.append(rng.randint(-50, 50))
        rowptr.append(len(cols))
    x = [rng.randint(-1000, 1000) for _ in range(ncols)]
    y = [i32(sum(vals[k] * x[cols[k]] for k in range(rowptr[r], rowptr[r + 1])))
         for r in range(rows)]
    cols, vals = cols or [0], vals or [0]  # Buffers are never empty.
    return Launch(rows * 64, 64,
                  [Buf("i32", rowptr), Buf("i32", cols), Buf("i32", vals),
                   Buf("i32", x), Buf("i32", [0] * rows, expect=y)])
