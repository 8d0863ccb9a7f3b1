from kernelsuite.kernels import Buf, Launch, Val, i32, kernel


def partial_grid(n, block=64):
    """A grid of whole workgroups covering n lanes: the last one is partial
    unless block divides n."""
    return -(-n // block) * block, block


def random_shape(rng, nd, lo, hi):
    return [rng.randint(lo, hi) for _ in range(nd)]


def row_major_strides(shape):
    strides, s = [], 1
    for ext in reversed(shape):
        strides.append(s)
        s *= ext
    return list(reversed(strides))


@kernel("early_exit_tables.cl", "uniform", sizes=[1, 3, 4], bench_size=5)
def tensor_flip(rng, nd):
    """Mirror the flip_dims coordinates of an nd-dimensional tensor."""
    shape = random_shape(rng, nd, 2, 5)
    strides = row_major_strides(shape)
    n = strides[0] * shape[0]
    flip = rng.sample(range(nd), rng.randint(1, nd))
    data = [float(rng.randint(-1000, 1000)) for _ in range(n)]
    out = []
    for i in range(n):
        rem, off = i, 0
        for d in range(nd):
            idx, rem = divmod(rem, strides[d])
            if d in flip:
                idx = shape[d] - 1 - idx
            off += idx * strides[d]
        out.append(data[off])
    grid, block = partial_grid(n)
    return Launch(grid, block,
                  [Buf("f32", data), Buf("f32", [0.0] * n, expect=out),
                   Val("i64", n), Buf("i64", shape), Buf("i64", strides),
                   Val("i64", nd), Buf("i64", flip), Val("i64", len(flip))])


@kernel("early_exit_tables.cl", "uniform", sizes=[40, 100, 200],
        bench_size=2000)
def poly_eval(rng, n):
    """Horner with a uniform coefficient table, then uniform clamping."""
    deg = rng.randint(2, 6)
    coef = [rng.randint(-9, 9) for _ in range(deg + 1)]
    bounds = sorted((rng.randint(1, 1 << 20) for _ in range(5)), reverse=True)
    x = [rng.randint(-40, 40) for _ in range(n)]
    y = []
    for v in x:
        acc = 0
        for c in coef:
            acc = i32(acc * v + c)
        for b in bounds:
            if acc > b:
                acc = i32(acc - b)
        y.append(acc)
    grid, block = partial_grid(n)
    return Launch(grid, block,
                  [Buf("i32", x), Buf("i32", [0] * n, expect=y), Val("i32", n),
                   Buf("i32", coef), Val("i32", deg), Buf("i32", bounds),
                   Val("i32", len(bounds))])


@kernel("early_exit_tables.cl", "uniform", sizes=[1, 3, 4], bench_size=5)
def permute_gather(rng, nd):
    """Gather element i of a permuted tensor from the original layout."""
    shape = random_shape(rng, nd, 2, 5)
    perm = list(range(nd))
    rng.shuffle(perm)
    strides = row_major_strides(shape)
    n = strides[0] * shape[0]
    src = [rng.randint(-1 << 30, 1 << 30) for _ in range(n)]
    dst = []
    for i in range(n):
        rem, off = i, 0
        for d in reversed(range(nd)):
            rem, c = divmod(rem, shape[perm[d]])
            off += c * strides[perm[d]]
        dst.append(src[off])
    grid, block = partial_grid(n)
    return Launch(grid, block,
                  [Buf("i32", src), Buf("i32", [0] * n, expect=dst),
                   Val("u32", n), Buf("u32", shape), Buf("u32", perm),
                   Val("u32", nd)])
