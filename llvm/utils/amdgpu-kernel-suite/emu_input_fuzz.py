#!/usr/bin/env python3
"""Fuzz llvm-amdgpu-emu's inputs: no launch file or code object may crash or
hang it.

Seeds are the compiled kernels and launch files of a kernel-suite run
(suite.py check --out DIR). Each case takes one seed pair and mutates either
the launch file (JSON-aware: replaced values of every JSON type, huge,
negative and non-integer numbers, deleted and duplicated keys, nesting; or
raw: flipped, inserted and deleted bytes, truncation, nesting up to 100,000
deep) or the code object
(flipped bits and bytes anywhere, weighted towards the ELF and program
headers, the metadata note and the kernel descriptor; truncation; bytes
overwritten with 0x00/0xff runs), and runs

  llvm-amdgpu-emu --run --strict --max-steps=STEPS --launch=L CO

An exit status of 0 or 1 (a run, or an error naming the problem) is what a
hostile input must get. Anything else is a finding:

  crash    killed by a signal, or a crash report ("Stack dump", "PLEASE
           submit a bug report") on stderr
  hang     no exit within --timeout seconds although --max-steps bounds the
           dispatch
  status   another exit status

Findings are copied to --out with the command that reproduces them.

  emu_input_fuzz.py --emu EMU --seeds DIR [--cases N] [--seed S] [--jobs J]
                    [--out DIR]
"""

import argparse
import concurrent.futures
import glob
import json
import os
import random
import shutil
import sys
import tempfile

from kernelsuite import proc

MAX_STEPS = 2_000_000
INTERESTING_INTS = [0, 1, -1, 2**15, 2**16, 2**31 - 1, 2**31, -2**31,
                    2**32 - 1, 2**32, 2**53, 2**63 - 1, -2**63, 2**64, 10**30]
INTERESTING_FLOATS = [0.5, -0.0, 1e308, -1e308, 1e-310, 3.4e38]


def seed_pairs(seeds):
    """(code object, launch file) pairs of a suite.py check --out DIR."""
    pairs = []
    cos = sorted(glob.glob(os.path.join(seeds, "*.co")))
    for launch in sorted(glob.glob(os.path.join(seeds, "*", "launch.json"))):
        with open(launch) as f:
            kernel = json.load(f).get("kernel", "")
        # The suite names a kernel's code object after its source; any code
        # object defining the kernel works, so pick the first that lists it.
        for co in cos:
            if kernel and kernel.encode() in open(co, "rb").read():
                pairs.append((co, launch))
                break
    return pairs


def random_json(rng, depth=0):
    """A random JSON value."""
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.choice(INTERESTING_INTS)
    if kind == 1:
        return rng.choice(INTERESTING_FLOATS)
    if kind == 2:
        return rng.choice(["", "nan", "inf", "zero", "../" * 40, "/dev/null",
                           "\u0000", "x" * 5000, "i32", "f64", "lds"])
    if kind == 3:
        return rng.choice([None, True, False])
    if kind == 4:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["kernel", "grid", "block", "args", "buffer", "type",
                        "value", "count", "data", "fill", "seq", "rand",
                        "expect", "tolerance", "lds", "dynamic_lds", "file"]):
            random_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def mutate_tree(rng, node):
    """Mutates one place of a parsed JSON tree in place; returns the tree."""
    path = []
    cur = node
    while isinstance(cur, (dict, list)) and cur and rng.random() < 0.7:
        key = rng.choice(list(cur.keys()) if isinstance(cur, dict)
                         else range(len(cur)))
        path.append((cur, key))
        cur = cur[key]
    if not path:
        return random_json(rng) if rng.random() < 0.2 else node
    parent, key = path[-1]
    choice = rng.randrange(6)
    if choice == 0 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif choice == 2:
        wrapped = parent[key]
        for _ in range(rng.choice([2, 10, 70, 500])):
            wrapped = [wrapped]
        parent[key] = wrapped
    elif choice == 3 and isinstance(cur, (int, float)) and not isinstance(
            cur, bool):
        parent[key] = rng.choice([cur * 2**rng.randrange(1, 40), -cur,
                                  cur + 0.5, rng.choice(INTERESTING_INTS)])
    else:
        parent[key] = random_json(rng)
    return node


def mutate_bytes(rng, data, hot=()):
    """Flips, inserts, deletes or overwrites bytes of data; with hot
    (offset, length) regions, most mutations land in them."""
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 16])):
        if not data:
            break
        if hot and rng.random() < 0.7:
            start, length = rng.choice(hot)
            pos = min(len(data) - 1, start + rng.randrange(max(1, length)))
        else:
            pos = rng.randrange(len(data))
        op = rng.randrange(6)
        if op == 0:
            data[pos] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[pos] = rng.randrange(256)
        elif op == 2:
            run = rng.randrange(1, 9)
            data[pos:pos + run] = bytes([rng.choice([0, 0xff])]) * run
        elif op == 3:
            data[pos:pos] = bytes(rng.randrange(256)
                                  for _ in range(rng.randrange(1, 5)))
        elif op == 4:
            del data[pos:pos + rng.randrange(1, 9)]
        else:
            del data[rng.randrange(len(data)):]
    return bytes(data)


def elf_hot_regions(data):
    """(offset, length) of the ELF header, program headers and the notes."""
    import struct
    regions = [(0, 64)]
    if len(data) < 64 or data[:4] != b"\x7fELF":
        return regions
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    regions.append((phoff, phentsize * phnum))
    for i in range(phnum):
        off = phoff + i * phentsize
        if off + 56 > len(data):
            break
        ptype, = struct.unpack_from("<I", data, off)
        poff, = struct.unpack_from("<Q", data, off + 8)
        psize, = struct.unpack_from("<Q", data, off + 32)
        if ptype == 4:  # PT_NOTE: the metadata
            regions += [(poff, psize)] * 3
    rodata = data.find(b"\x00" * 16, 0x200)  # near the kernel descriptors
    if rodata > 0:
        regions.append((rodata, 64))
    return regions


def make_case(rng, pairs, work):
    """Writes one mutated (code object, launch) pair; returns their paths."""
    co, launch = rng.choice(pairs)
    with open(launch) as f:
        text = f.read()
    with open(co, "rb") as f:
        obj = f.read()
    name = f"case-{rng.getrandbits(64):016x}"
    what = rng.randrange(3)
    if what == 0:
        text = json.dumps(mutate_tree(rng, json.loads(text)))
    elif what == 1 and rng.random() < 0.05:
        depth = rng.choice([64, 65, 1000, 100000])
        pos = rng.randrange(len(text))
        text = text[:pos] + "[" * depth + "]" * depth + text[pos:]
    elif what == 1:
        text = mutate_bytes(rng, text.encode()).decode("utf-8", "replace")
    else:
        obj = mutate_bytes(rng, obj, elf_hot_regions(obj))
    # The launch stays in its case directory: its file names are relative.
    launch_out = os.path.join(os.path.dirname(launch), name + ".json")
    co_out = os.path.join(work, name + ".co")
    with open(launch_out, "w") as f:
        f.write(text)
    with open(co_out, "wb") as f:
        f.write(obj)
    return co_out, launch_out


def classify(p):
    """None for an acceptable run, else the kind of finding."""
    if p.returncode < 0 or "Stack dump" in p.stderr or \
            "PLEASE submit a bug report" in p.stderr:
        return "crash"
    if p.returncode not in (0, 1):
        return "status"
    return None


def run_case(args, case_seed, pairs, work):
    rng = random.Random(case_seed)
    co, launch = make_case(rng, pairs, work)
    cmd = [args.emu, "--run", "--strict", f"--max-steps={MAX_STEPS}",
           "--launch=" + launch, co]
    p = proc.run(cmd, timeout=args.timeout)
    if p.timed_out:
        kind, detail = "hang", f"no exit after {args.timeout} s"
    else:
        kind = classify(p)
        detail = (p.stderr or p.stdout).strip()[:300]
    if kind and args.out:
        d = os.path.join(args.out, f"{kind}-{case_seed}")
        os.makedirs(d, exist_ok=True)
        shutil.copy(co, d)
        shutil.copy(launch, d)
        with open(os.path.join(d, "command"), "w") as f:
            f.write(" ".join(cmd) + "\n" + detail + "\n")
    os.remove(co)
    os.remove(launch)
    return kind, detail


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--emu", required=True)
    ap.add_argument("--seeds", required=True,
                    help="a suite.py check --out directory")
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--out", help="where to keep findings")
    args = ap.parse_args()
    pairs = seed_pairs(args.seeds)
    if not pairs:
        sys.exit(f"no (code object, launch.json) pairs in {args.seeds}")
    counts = {}
    findings = []
    with tempfile.TemporaryDirectory(prefix="emu-fuzz-") as work:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_case, args, args.seed * 1000003 + i,
                                   pairs, work) for i in range(args.cases)]
            for fut in futures:
                kind, detail = fut.result()
                counts[kind or "ok"] = counts.get(kind or "ok", 0) + 1
                if kind:
                    findings.append(f"{kind}: {detail}")
    for f in findings[:20]:
        print(f)
    print(f"emu input fuzz: {args.cases} cases from {len(pairs)} seed pairs: "
          f"{counts.get('crash', 0)} crashes, {counts.get('hang', 0)} hangs, "
          f"{counts.get('status', 0)} other exit statuses")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
