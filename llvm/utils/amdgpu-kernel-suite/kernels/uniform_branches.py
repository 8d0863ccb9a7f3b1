from kernelsuite.kernels import Buf, Launch, Val, kernel, u32

WG = 128


def apply(op, g, v, other, rounds, limit):
    if op == 0:
        r = v
    elif op == 1:
        r = u32(v * 3 + g)
    elif op == 2:
        r = v
        for k in range(rounds):
            r = u32((r ^ (r >> 7)) * 0x9E3779B1 + k)
    elif op == 3:
        s = g & 31
        r = u32(v << s | v >> (32 - s)) if s else v
    else:
        r = u32(v + other)
    if g & 1:
        r = u32(~r)
    if limit:
        for _ in range(g % 3):
            r = u32(r // 2 + (r & limit))
        r = min(r, limit)
    return r


@kernel("uniform_branches.cl", "uniform", sizes=[6, 13, 40], bench_size=2048)
def uniform_branches(rng, groups):
    """Per-workgroup opcode selecting one of five operations (uniform)."""
    n = groups * WG
    inp = [rng.getrandbits(32) for _ in range(n)]
    # Every opcode, -1 (skip) included, appears at least once.
    ops = [op % 6 - 1 for op in range(groups)]
    rng.shuffle(ops)
    rounds = rng.randint(3, 16)
    # No saturation on the smallest size; else a limit about half reach.
    limit = 0 if groups < 10 else rng.randrange(1 << 31, 1 << 32)
    out = [0xDEADBEEF] * n  # Skipped workgroups leave their slice alone.
    for i in range(n):
        g = i // WG
        if ops[g] >= 0:
            out[i] = apply(ops[g], g, inp[i], inp[i ^ 1], rounds, limit)
    return Launch(n, WG, [Buf("u32", inp),
                          Buf("u32", [0xDEADBEEF] * n, expect=out),
                          Buf("i32", ops), Val("i32", rounds),
                          Val("u32", limit)])
