from kernelsuite.kernels import Buf, Launch, Val, ints, kernel, u32

# Bytes of the last word that a key of each length (1 to 12) adds: words
# k[0], k[1], k[2], masked to the key's length.
MASKS = [0xFFFFFFFF, 0xFFFFFF, 0xFFFF, 0xFF]


def rot(x, k):
    return u32((x << k) | (x >> (32 - k)))


def final_mix(a, b, c):
    s = {"a": a, "b": b, "c": c}
    for x, y, k in (("c", "b", 14), ("a", "c", 11), ("b", "a", 25),
                    ("c", "b", 16), ("a", "c", 4), ("b", "a", 14),
                    ("c", "b", 24)):
        s[x] = u32((s[x] ^ s[y]) - rot(s[y], k))
    return s["c"]


def hash_one(words, length):
    a = b = c = u32(0xDEADBEEF + length)
    if length == 0:
        return c
    state = [a, b, c]
    for w in range((length + 3) // 4):
        last = w == (length - 1) // 4
        mask = MASKS[(12 - length) % 4] if last else 0xFFFFFFFF
        state[w] = u32(state[w] + (words[w] & mask))
    return final_mix(*state)


@kernel("hash_tail.cl", "unstructured", sizes=[64, 100, 1000],
        bench_size=16384)
def hash_tail(rng, n):
    """lookup3 hash tail: a switch on key length whose case 0 returns."""
    keys = ints(rng, 3 * n, 0, 0xFFFFFFFF)
    lens = ints(rng, n, 0, 12)
    want = [hash_one(keys[3 * i:3 * i + 3], lens[i]) for i in range(n)]
    return Launch(n, 64, [Buf("u32", keys), Buf("i32", lens),
                          Buf("u32", [0] * n, expect=want), Val("i32", n)])
