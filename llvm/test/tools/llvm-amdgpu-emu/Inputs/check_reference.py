#!/usr/bin/env python3
"""Check llvm-amdgpu-emu's output for a docs/examples kernel against a CPU
reference computed here from the dumped initial buffers.

Usage: llvm-amdgpu-emu --run ... --dump=... --dump-initial | check_reference.py KERNEL [SCALARS...]
Prints 'KERNEL: N values match the reference' or the first mismatches and
exits 1.
"""
import math
import re
import struct
import sys


def parse(text):
    bufs = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"^(initial|final) arg (\d+) \(buf:(\w+):", line)
        if m:
            cur = bufs.setdefault((m.group(1), int(m.group(2))), [])
            typ = m.group(3)
            continue
        if cur is not None and line.startswith("  "):
            conv = float if typ == "f32" else int
            cur.extend(conv(v) for v in line.split())
        else:
            cur = None
    return bufs


def i32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def short_circuit(b, n):
    a, bb = b[("initial", 0)], b[("initial", 1)]
    out = list(b[("initial", 2)])
    for i in range(min(n, len(out))):
        x, y = a[i], bb[i]
        if (x > 0 and y > 0) or (x < -100 and y < -100):
            r = i32(x * y + 7)
        elif x == y or (x & 3) == 1:
            r = i32(x - y)
        else:
            r = i32(x ^ y) >> 1
        out[i] = r
    return 2, out


def loop_break(b, n):
    inp, out = b[("initial", 0)], list(b[("initial", 1)])
    for i in range(n):
        v, acc = inp[i], 0
        for k in range(v & 63):
            if math.fmod(v + k, 5) == 0:  # C's % truncates toward zero
                continue
            acc = i32(acc + i32((v ^ k) * 3))
            if acc > 10000:
                break
        out[i] = acc
    return 1, out


def multi_exit(b, n, length, needle):
    keys, out = b[("initial", 0)], list(b[("initial", 1)])
    for i in range(n):
        start = keys[i] & 15
        k, res = start, 0
        while True:
            v = keys[(i + k) % length]
            if v == needle:
                res = k * 2 + 1
                break
            if v < 0:
                res = -k
                break
            k += 1
            if k > start + 32:
                res = 0
                break
        out[i] = res
    return 1, out


def bitonic_tile(b):
    inp = b[("initial", 0)]
    out = []
    for t in range(0, len(inp), 256):
        out.extend(sorted(inp[t:t + 256]))
    return 0, out


def uniform_stencil(b, n, radius, mode):
    inp, coef = b[("initial", 0)], b[("initial", 2)]
    out = list(b[("initial", 1)])
    for g in range(n):
        i = g + radius
        acc = 0.0
        for r in range(-radius, radius + 1):
            acc = f32(acc + f32(coef[r + radius] * inp[i + r]))
        if mode == 1:
            acc = f32(acc * 0.5)
        elif mode == 2:
            acc = f32(acc + inp[i])
        out[i] = acc
    return 1, out


KERNELS = {"short_circuit": short_circuit, "loop_break": loop_break,
           "multi_exit": multi_exit, "bitonic_tile": bitonic_tile,
           "uniform_stencil": uniform_stencil}


def main():
    name, scalars = sys.argv[1], [int(s) for s in sys.argv[2:]]
    bufs = parse(sys.stdin.read())
    if not bufs:
        sys.exit(f"{name}: no dumped buffers in the input")
    arg, want = KERNELS[name](bufs, *scalars)
    if ("final", arg) not in bufs:
        sys.exit(f"{name}: the output buffer (arg {arg}) was not dumped")
    got = bufs[("final", arg)]
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        ok = (abs(g - w) <= 1e-5 * max(1.0, abs(w))) if isinstance(w, float) \
            else g == w
        if not ok:
            bad.append(f"  [{i}] emulator {g}, reference {w}")
    if len(got) != len(want) or bad:
        print(f"{name}: {len(bad)} mismatches")
        print("\n".join(bad[:10]))
        sys.exit(1)
    print(f"{name}: {len(got)} values match the reference")


if __name__ == "__main__":
    main()
