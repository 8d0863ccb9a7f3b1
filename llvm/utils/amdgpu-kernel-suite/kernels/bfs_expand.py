from kernelsuite.kernels import Buf, Launch, Val, kernel

UNREACHED = 0x7FFFFFFF


@kernel("bfs_expand.cl", "linearize", sizes=[100, 300, 1000],
        bench_size=4096)
def bfs_expand(rng, n):
    """A BFS frontier expansion over a power-law graph."""
    nv = n
    degrees = [min(nv, int(rng.paretovariate(1.2))) for _ in range(nv)]
    rowptr = [0]
    for d in degrees:
        rowptr.append(rowptr[-1] + d)
    adj = [rng.randrange(nv) for _ in range(rowptr[-1])]
    level = [UNREACHED] * nv
    frontier = rng.sample(range(nv), max(1, nv // 3))
    for v in rng.sample(range(nv), nv // 4):
        level[v] = 1
    for v in frontier:
        level[v] = 2
    nxt = 3
    want = list(level)
    for v in frontier:
        for e in range(rowptr[v], rowptr[v + 1]):
            want[adj[e]] = min(want[adj[e]], nxt)
    lanes = 64 * rng.choice([1, 2])
    return Launch(lanes, 64, [Buf("i32", frontier), Val("i32", len(frontier)),
                              Buf("i32", rowptr), Buf("i32", adj or [0]),
                              Buf("i32", level, expect=want),
                              Val("i32", nxt)])
