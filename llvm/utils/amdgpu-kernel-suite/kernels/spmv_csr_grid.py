from kernelsuite.kernels import Buf, Launch, Val, i32, kernel


@kernel("spmv_csr_grid.cl", "linearize", sizes=[100, 333, 1000],
        bench_size=4096)
def spmv_csr_grid(rng, n):
    """Grid-stride CSR SpMV with skewed row lengths."""
    ncols = 256
    lengths = []
    for _ in range(n):
        r = rng.random()
        lengths.append(rng.randint(0, 3) if r < 0.7 else
                       rng.randint(4, 16) if r < 0.95 else
                       rng.randint(32, 96))
    rowptr = [0]
    for length in lengths:
        rowptr.append(rowptr[-1] + length)
    nnz = rowptr[-1]
    col = [rng.randrange(ncols) for _ in range(nnz)]
    val = [rng.randint(-50, 50) for _ in range(nnz)]
    x = [rng.randint(-1000, 1000) for _ in range(ncols)]
    want = [i32(sum(val[k] * x[col[k]] for k in range(rowptr[r], rowptr[r + 1])))
            for r in range(n)]
    lanes = 64 * rng.choice([1, 2, 4])
    return Launch(lanes, 64, [Buf("i32", rowptr), Buf("i32", col or [0]),
                              Buf("i32", val or [0]), Buf("i32", x),
                              Buf("i32", [0] * n, expect=want),
                              Val("i32", n)])
