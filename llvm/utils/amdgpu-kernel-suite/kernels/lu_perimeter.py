from kernelsuite.kernels import Buf, Launch, Local, Val, f32, kernel

B = 16


def reference(rng, blocks):
    """The matrix and the perimeter blocks the step leaves in it."""
    dim = blocks * B
    m = [f32(rng.uniform(-1, 1)) for _ in range(dim * dim)]
    for d in range(dim):  # Well conditioned: a dominant diagonal.
        m[d * dim + d] = f32(rng.uniform(4, 8))
    offset = 0
    want = list(m)
    at = lambda r, c: r * dim + c
    for g in range(blocks - 1):
        blk = offset + (g + 1) * B
        for j in range(B):  # Row perimeter, one column per work-item.
            for i in range(1, B):
                for k in range(i):
                    want[at(offset + i, blk + j)] = f32(
                        want[at(offset + i, blk + j)] -
                        f32(m[at(offset + i, offset + k)] *
                            want[at(offset + k, blk + j)]))
        for i in range(B):  # Column perimeter, one row per work-item.
            for j in range(B):
                for k in range(j):
                    want[at(blk + i, offset + j)] = f32(
                        want[at(blk + i, offset + j)] -
                        f32(want[at(blk + i, offset + k)] *
                            m[at(offset + k, offset + j)]))
                want[at(blk + i, offset + j)] = f32(
                    want[at(blk + i, offset + j)] / m[at(offset + j, offset + j)])
    return dim, offset, m, want


@kernel("lu_perimeter.cl", "darm", sizes=[3, 4, 6], bench_size=16)
def lu_perimeter(rng, blocks):
    """LU perimeter blocks: row/column halves run similar loop nests."""
    dim, offset, m, want = reference(rng, blocks)
    # FMA contraction and the device's division differ in the last bits.
    return Launch((blocks - 1) * 2 * B, 2 * B,
                  [Buf("f32", m, expect=want, tolerance=1e-4),
                   Val("i32", dim), Val("i32", offset)])


@kernel("lu_perimeter.cl", "coverage", sizes=[3, 4, 6], bench_size=16)
def lu_perimeter_local(rng, blocks):
    """lu_perimeter with the tiles as __local pointer arguments (Rodinia)."""
    dim, offset, m, want = reference(rng, blocks)
    tile = B * B * 4
    return Launch((blocks - 1) * 2 * B, 2 * B,
                  [Buf("f32", m, expect=want, tolerance=1e-4), Local(tile),
                   Local(tile), Local(tile), Val("i32", dim),
                   Val("i32", offset)])
