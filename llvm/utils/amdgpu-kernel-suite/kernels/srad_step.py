from kernelsuite.kernels import Buf, Launch, Val, f32, floats, kernel


def srad(img, rows, cols, q0sqr):
    """The SRAD update of srad_step.hip, rounding to binary32 after every
    operation (the device may contract into FMAs: see the tolerance)."""
    out = [0.0] * (rows * cols)
    for r in range(rows):
        for c in range(cols):
            idx = r * cols + c
            jc = img[idx]
            n = img[idx - cols] if r > 0 else jc
            s = img[idx + cols] if r < rows - 1 else jc
            w = img[idx - 1] if c > 0 else jc
            e = img[idx + 1] if c < cols - 1 else jc
            dn, ds, dw, de = (f32(n - jc), f32(s - jc), f32(w - jc),
                              f32(e - jc))
            g2num = f32(f32(f32(f32(dn * dn) + f32(ds * ds)) + f32(dw * dw))
                        + f32(de * de))
            g2 = f32(g2num / f32(f32(jc * jc) + f32(1e-6)))
            lsum = f32(f32(f32(dn + ds) + dw) + de)
            lap = f32(lsum / f32(jc + f32(1e-6)))
            num = f32(f32(0.5 * g2) - f32(f32(0.0625 * lap) * lap))
            den = f32(1.0 + f32(0.25 * lap))
            qsqr = f32(num / f32(f32(den * den) + f32(1e-6)))
            coef = f32(1.0 / f32(1.0 + f32(f32(qsqr - q0sqr) /
                                           f32(q0sqr * f32(1.0 + q0sqr)))))
            coef = min(max(coef, 0.0), 1.0)
            out[idx] = f32(jc + f32(f32(0.25 * coef) * lsum))
    return out


@kernel("srad_step.hip", "darm", sizes=[24, 40, 70], bench_size=160,
        symbol="_Z9srad_stepPKfPfiif")
def srad_step(rng, size):
    """One SRAD diffusion step: boundary lanes take the clamped paths."""
    rows, cols = size // 2 + 1, size
    img = floats(rng, rows * cols, 0.5, 2.0)
    q0sqr = f32(rng.uniform(0.05, 0.5))
    want = srad(img, rows, cols, q0sqr)
    block = 32 if size % 3 else 64
    grid = [(cols + block - 1) // block * block, rows]
    return Launch(grid, [block, 1],
                  [Buf("f32", img), Buf("f32", [0.0] * len(img), expect=want,
                                        tolerance=2e-4),
                   Val("i32", rows), Val("i32", cols), Val("f32", q0sqr)])
