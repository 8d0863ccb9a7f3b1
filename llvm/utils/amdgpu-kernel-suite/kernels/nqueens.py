from kernelsuite.kernels import Buf, Launch, Val, kernel


def prefixes(n, rows):
    """Every non-attacking placement of the first `rows` queens, as the
    kernel's (cols, d1, d2) state words and as the list of columns."""
    out = []

    def place(placed):
        if len(placed) == rows:
            out.append(list(placed))
            return
        r = len(placed)
        for c in range(n):
            if all(c != pc and abs(c - pc) != r - pr
                   for pr, pc in enumerate(placed)):
                place(placed + [c])
    place([])
    full = (1 << n) - 1
    states = []
    for placed in out:
        cols = d1 = d2 = 0
        for c in placed:  # The kernel's recurrence for one more row.
            bit = 1 << c
            cols, d1, d2 = cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1
        states.append((cols, d1, d2))
    return out, states


def completions(n, placed):
    """Independent reference: count full boards extending `placed` (a list
    of columns for the first rows) by plain backtracking over rows."""
    cols = set(placed)
    diag = {r - c for r, c in enumerate(placed)}
    anti = {r + c for r, c in enumerate(placed)}

    def go(r):
        if r == n:
            return 1
        total = 0
        for c in range(n):
            if c not in cols and r - c not in diag and r + c not in anti:
                cols.add(c), diag.add(r - c), anti.add(r + c)
                total += go(r + 1)
                cols.remove(c), diag.remove(r - c), anti.remove(r + c)
        return total
    return go(len(placed))


@kernel("nqueens.hip", "darm", sizes=[8, 9, 10], bench_size=10,
        symbol="_Z7nqueensPKjPjii")
def nqueens(rng, n):
    """N-Queens: bitmask backtracking per two-row prefix (N = size)."""
    placed, states = prefixes(n, 2)
    order = list(range(len(states)))
    rng.shuffle(order)  # Neighbouring lanes get unrelated subtrees.
    words, want = [], []
    for i in order:
        words += states[i]
        want.append(completions(n, placed[i]))
    tasks = len(order)
    assert sum(want) == {8: 92, 9: 352, 10: 724, 11: 2680}[n]
    return Launch(tasks, 64, [Buf("u32", words),
                              Buf("u32", [0] * tasks, expect=want),
                              Val("i32", n), Val("i32", tasks)])
