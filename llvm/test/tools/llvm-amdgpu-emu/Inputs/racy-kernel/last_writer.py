from kernelsuite.kernels import Buf, Launch, Val, kernel


@kernel("last_writer.cl", "unstructured", sizes=[64])
def last_writer(rng, n):
    """Every work-item stores its ID to out[0]: a race. The reference expects
    the ID of the last work-item, which the emulator's order (lanes in order)
    happens to leave there, so the buffers match."""
    out = [n - 1] + [1] * n
    return Launch(n, 64, [Buf("i32", [0] * (n + 1), expect=out),
                          Val("i32", n)])
