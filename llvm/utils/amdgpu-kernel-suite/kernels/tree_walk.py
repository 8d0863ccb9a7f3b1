from kernelsuite.kernels import Buf, Launch, Val, kernel


@kernel("tree_walk.cl", "linearize", sizes=[64, 200, 500], bench_size=2048)
def tree_walk(rng, n):
    """Grid-stride lookups in an unbalanced BST, with early exits."""
    nkeys = 511
    # The last quarter of the keys is inserted in sorted order: long spines
    # make some walks much deeper than others.
    order = rng.sample(range(100000), nkeys)
    order[3 * nkeys // 4:] = sorted(order[3 * nkeys // 4:])
    keys, left, right = [], [], []
    for key in order:
        keys.append(key)
        left.append(-1)
        right.append(-1)
        node = 0
        while len(keys) > 1:
            side = left if key < keys[node] else right
            if side[node] < 0:
                side[node] = len(keys) - 1
                break
            node = side[node]
    queries = [rng.choice(keys) if rng.random() < 0.6 else rng.randrange(100000)
               for _ in range(n)]
    want = []
    for key in queries:
        node = depth = 0
        found = -1
        while node >= 0:
            if keys[node] == key:
                found = node
                break
            node = left[node] if key < keys[node] else right[node]
            depth += 1
        want.append(depth if found >= 0 else -depth - 1)
    lanes = 64 * rng.choice([1, 2])
    return Launch(lanes, 64, [Buf("i32", keys), Buf("i32", left),
                              Buf("i32", right), Buf("i32", queries),
                              Buf("i32", [0] * n, expect=want),
                              Val("i32", n)])
