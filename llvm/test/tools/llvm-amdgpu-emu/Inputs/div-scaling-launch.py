"""Writes launch files for f32 and f64 division kernels whose operands take
every path of v_div_scale (denormal operands and quotients, quotients near
the largest value, tiny numerators, special values) plus random pairs over
the whole exponent range, each expecting the correctly rounded IEEE quotient.

  div-scaling-launch.py OUT_DIR [SEED]
"""
import json
import math
import random
import struct
import sys


def f32(x):
    """x rounded to binary32 (infinite when it rounds past the largest)."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def ieee_div(a, b, rnd):
    """a / b as IEEE 754 divides, rounded by rnd (exact double division
    rounded once is correctly rounded for binary32 operands)."""
    if math.isnan(a) or math.isnan(b) or (a == 0 and b == 0) or \
            (math.isinf(a) and math.isinf(b)):
        return math.nan
    sign = math.copysign(1, a) * math.copysign(1, b)
    if b == 0 or math.isinf(a):
        return math.copysign(math.inf, sign)
    if math.isinf(b) or a == 0:
        return math.copysign(0.0, sign)
    return rnd(a / b)


def js(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def pairs(rng, tiny, huge, max_exp, min_exp, rnd):
    fixed = [(1, 3), (-7, 2), (1e30, 1e-2), (3e38, 0.99), (2e38, 0.9),
             (3e38, 1e-3), (1e-40, 3), (1.4e-45, 0.5), (1, 1e-40),
             (1e-39, 3e-40), (1e-30, 1e10), (1e-37, 1e3), (1e-32, 1e-5),
             (5e-33, 7e-33), (1e-45, 1e-45), (3.4e38, 1.5e-45),
             (math.inf, 2), (2, math.inf), (0.0, 5), (5, 0.0), (0.0, 0.0),
             (math.nan, 1), (-0.0, 3), (-1e-40, -2e38)]
    if tiny < 1e-300:  # f64: the same shapes at f64's range.
        fixed += [(1e-310, 3), (1, 1e-310), (1e-300, 1e10), (1.7e308, 1e-3),
                  (1e300, 1e-10), (1e-320, 1e-320), (5e-324, 0.5),
                  (1e-200, 1e120)]
    out = [(rnd(a), rnd(b)) for a, b in fixed]
    for _ in range(2000 if len(sys.argv) > 2 else 360):
        a = rnd(math.ldexp(rng.uniform(1, 2), rng.randint(min_exp, max_exp)) *
                rng.choice([1, -1]))
        b = rnd(math.ldexp(rng.uniform(1, 2), rng.randint(min_exp, max_exp)) *
                rng.choice([1, -1]))
        out.append((a, b))
    return out


def launch(kernel, ty, ps, rnd):
    n = len(ps)
    return {"kernel": kernel, "grid": n, "block": 64,
            "args": [{"buffer": ty, "data": [js(a) for a, _ in ps]},
                     {"buffer": ty, "data": [js(b) for _, b in ps]},
                     {"buffer": ty, "count": n, "fill": 0,
                      "expect": [js(ieee_div(a, b, rnd)) for a, b in ps]}]}


def main():
    out = sys.argv[1]
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 20261126)
    ident = float
    for kernel, ty, rnd, tiny, huge, lo, hi in (
            ("divf", "f32", f32, 1e-45, 3.4e38, -149, 127),
            ("divd", "f64", ident, 5e-324, 1.7e308, -1074, 1023)):
        ps = pairs(rng, tiny, huge, hi, lo, rnd)
        with open(f"{out}/{kernel}.json", "w") as f:
            json.dump(launch(kernel, ty, ps, rnd), f)


if __name__ == "__main__":
    main()
