#!/usr/bin/env python3
"""Static ISA statistics of kernels compiled by two compilers, side by side.

Each kernel source (OpenCL C .cl or HIP .hip) is compiled to an AMDHSA code
object by the baseline compiler (Debian's clang-19) and by the fork's clang,
both at the same flags. For every kernel in the code object the table shows:

  insts   static instruction count of the kernel's code
  bytes   size of the kernel's code in bytes (its symbol size)
  cbr     s_cbranch_* instructions (conditional branches)
  exec    instructions that write EXEC (s_*_saveexec_*, v_cmpx_*, and any
          instruction whose destination is exec/exec_lo/exec_hi)
  vgpr    .vgpr_count from the kernel's metadata note
  sgpr    .sgpr_count from the kernel's metadata note

Usage: isa_stats.py --fork-clang PATH [--mcpu gfx90a] [--json OUT] SOURCES...
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

LLVM_BIN = "/usr/lib/llvm-19/bin"
DEVICE_LIBS = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
COLUMNS = ("insts", "bytes", "cbr", "exec", "vgpr", "sgpr")
EXEC_DEST = re.compile(r"^\S+\s+(exec|exec_lo|exec_hi)\b")


def compile_cmd(clang, src, out, mcpu, extra):
    if src.endswith(".hip"):
        cmd = [clang, "-x", "hip", "--cuda-device-only", "--no-gpu-bundle-output",
               "--offload-arch=" + mcpu]
    else:
        cmd = [clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + mcpu]
    return cmd + ["-O3", src, "-o", out] + extra


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def kernel_metadata(obj):
    """Map kernel symbol name -> {'vgpr': n, 'sgpr': n} from the notes."""
    meta, cur = {}, {}
    for line in run([LLVM_BIN + "/llvm-readelf", "--notes", obj]).splitlines():
        m = re.match(r"\s*-?\s*\.(name|vgpr_count|sgpr_count):\s+(\S+)", line)
        if not m:
            continue
        key, val = m.groups()
        if key == "name":
            cur = meta.setdefault(val, {})
        else:
            cur[key.split("_")[0]] = int(val)
    return meta


def function_extents(obj):
    """Map function name -> (start address, size in bytes)."""
    extents = {}
    for line in run([LLVM_BIN + "/llvm-readelf", "-sW", obj]).splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == "FUNC":
            extents[f[7]] = (int(f[1], 16), int(f[2]))
    return extents


def instruction_stats(obj, extents):
    """Map function name -> instruction-class counts from the disassembly.

    Only instructions inside the function's symbol extent count: the padding
    the linker puts after the last function (s_code_end) is not code."""
    stats, cur, end = {}, None, 0
    out = run([LLVM_BIN + "/llvm-objdump", "-d", "--no-show-raw-insn", obj])
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            start, size = extents.get(m.group(1), (0, 0))
            end = start + size
            cur = stats.setdefault(m.group(1), dict.fromkeys(("insts", "cbr", "exec"), 0))
            continue
        addr = re.search(r"//\s*([0-9A-Fa-f]+):", line)
        text = line.split("//")[0].strip()
        if cur is None or not text or not addr or int(addr.group(1), 16) >= end:
            continue
        opcode = text.split()[0]
        cur["insts"] += 1
        if opcode.startswith("s_cbranch_"):
            cur["cbr"] += 1
        if "saveexec" in opcode or opcode.startswith("v_cmpx_") or EXEC_DEST.match(text):
            cur["exec"] += 1
    return stats


def kernel_stats(obj):
    meta, extents = kernel_metadata(obj), function_extents(obj)
    insts = instruction_stats(obj, extents)
    result = {}
    for name, regs in meta.items():
        row = dict(insts.get(name, {}))
        row["bytes"] = extents.get(name, (0, 0))[1]
        row.update(regs)
        result[name] = row
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fork-clang", required=True)
    ap.add_argument("--base-clang", default=LLVM_BIN + "/clang")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--json", help="also write the figures as JSON here")
    ap.add_argument("--fork-flag", action="append", default=[],
                    help="extra flag for the fork's clang only (repeatable)")
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()

    compilers = {
        "clang-19": (args.base_clang, ["--rocm-device-lib-path=" + DEVICE_LIBS]),
        "fork": (args.fork_clang, args.fork_flag),
    }
    table = {}
    with tempfile.TemporaryDirectory() as tmp:
        for src in args.sources:
            for cname, (clang, extra) in compilers.items():
                obj = os.path.join(tmp, cname + "-" + os.path.basename(src) + ".co")
                try:
                    run(compile_cmd(clang, src, obj, args.mcpu, extra))
                except subprocess.CalledProcessError as e:
                    sys.exit(f"error: {cname} failed to compile {src}:\n{e.stderr}")
                for kname, row in kernel_stats(obj).items():
                    table.setdefault((os.path.basename(src), kname), {})[cname] = row

    head = f"{'kernel':<28}" + "".join(f"{c:>16}" for c in COLUMNS)
    print(f"Static ISA statistics, -O3 -mcpu={args.mcpu}: clang-19 / fork\n")
    print(head)
    print("-" * len(head))
    for (src, kname), rows in sorted(table.items()):
        base, fork = rows.get("clang-19", {}), rows.get("fork", {})
        cells = "".join(f"{str(base.get(c, '-')) + ' / ' + str(fork.get(c, '-')):>16}"
                        for c in COLUMNS)
        label = kname if len(kname) <= 27 else kname[:24] + "..."
        print(f"{label:<28}{cells}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({f"{s}:{k}": v for (s, k), v in table.items()}, f, indent=1)


if __name__ == "__main__":
    main()
