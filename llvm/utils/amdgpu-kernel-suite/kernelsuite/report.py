#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Writes the bench report of suite.py bench: Markdown tables and a plot.

The report has, per kernel group, one table of dynamic figures from the
emulator (wave-instructions, VALU lane utilization, cycle estimate, the
timing model's cycles, lane-redundant VALU instructions) and one of
static figures (code bytes, VGPRs, SGPRs, compile time), each configuration
next to the upstream baseline with its ratio to it, then the geometric means
of the ratios; and the instruction-class mix of the baseline. The plot
(gnuplot, SVG) shows the wave-instruction and cycle ratios per kernel.
"""

import datetime
import json
import math
import os
import shutil
import tempfile

from . import proc

GROUP_TITLES = {
    "darm": "DARM's real-kernel set",
    "synthetic": "DARM's synthetic benchmarks (SB1-SB4, -R)",
    "unstructured": "Unstructured control flow",
    "linearize": "Divergent loop nests (linearization)",
    "uniform": "Uniform-heavy kernels (scalarization)",
    "coverage": "Instruction coverage (plain kernels)",
    "bound": "Hand-melded bounds (bounds/: SB1-SB4, -R melded in the source)",
}
CLASSES = ("salu", "valu", "smem", "vmem", "lds", "branch", "exec", "waitnop")


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(v, digits=0):
    if v is None:
        return "-"
    if isinstance(v, float) and digits:
        return f"{v:.{digits}f}"
    return f"{v:,}" if isinstance(v, int) else f"{v:.0f}"


def fmt_ratio(r):
    return "-" if r is None else f"{r:.3f}"


def metric(row, key):
    if row is None or "error" in row:
        return None
    if key == "valu_util":
        return row.get("valu_utilization")
    if key.startswith("timing_"):
        return row.get("timing", {}).get(key[len("timing_"):])
    return row.get(key)


# (column title, counters key, digits, lower is better)
DYNAMIC = [("wave-insts", "wave_instructions", 0),
           ("VALU util", "valu_util", 3),
           ("cycles (est.)", "cycle_estimate", 0),
           ("cycles (timing)", "timing_cycles", 0),
           ("lane-redundant VALU", "lane_redundant_valu", 0)]
STATIC = [("code bytes", "bytes", 0), ("VGPRs", "vgpr", 0), ("SGPRs", "sgpr", 0),
          ("compile s", "compile_s", 2)]


def table(report, names, metrics):
    configs = report["configs"]
    base = configs[0]
    head = ["kernel"]
    for title, _, _ in metrics:
        head += [f"{title} {base}"]
        for c in configs[1:]:
            head += [f"{c}", f"{c}/{base}"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    ratios = {(m[1], c): [] for m in metrics for c in configs[1:]}
    for n in names:
        k = report["kernels"][n]
        cells = [n]
        for _, key, digits in metrics:
            b = metric(k.get(base), key)
            cells.append(fmt(b, digits))
            for c in configs[1:]:
                v = metric(k.get(c), key)
                r = ratio(v, b)
                ratios[(key, c)].append(r)
                cells += [fmt(v, digits), fmt_ratio(r)]
        lines.append("| " + " | ".join(cells) + " |")
    cells = ["**geomean**"]
    for _, key, _ in metrics:
        cells.append("")
        for c in configs[1:]:
            cells += ["", "**" + fmt_ratio(geomean(ratios[(key, c)])) + "**"]
    lines.append("| " + " | ".join(cells) + " |")
    return lines


def mix_table(report, names):
    base = report["configs"][0]
    head = ["kernel", "size", "waves"] + list(CLASSES) + [
        "execz/nz taken", "not taken", "lane-redundant VALU", "of VALU",
        "single-lane VALU"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for n in names:
        k = report["kernels"][n]
        row = k.get(base) or {}
        if "error" in row:
            lines.append(f"| {n} | error: {row['error']} |")
            continue
        cls = row.get("classes", {})
        cells = [n, str(k["size"]), fmt(row.get("waves"))]
        cells += [fmt(cls.get(c)) for c in CLASSES]
        cells += [fmt(row.get("exec_branches_taken")),
                  fmt(row.get("exec_branches_not_taken")),
                  fmt(row.get("lane_redundant_valu")),
                  fmt_ratio(ratio(row.get("lane_redundant_valu"), cls.get("valu"))),
                  fmt(row.get("single_lane_valu"))]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def write_plot(report, path):
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        raise SystemExit("error: gnuplot not found (Debian package gnuplot-nox; "
                         "ci/deps.sh installs it)")
    base = report["configs"][0]
    names = [n for g in GROUP_TITLES for n in sorted(report["kernels"])
             if report["kernels"][n]["group"] == g]
    # A configuration that failed on every kernel has nothing to plot (and
    # gnuplot rejects an all-NaN column).
    configs = [base] + [
        c for c in report["configs"][1:]
        if any(metric(report["kernels"][n].get(c), "wave_instructions")
               for n in names)]
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "ratios.dat")
        with open(data, "w") as f:
            for n in names:
                k = report["kernels"][n]
                vals = []
                for c in configs[1:]:
                    for key in ("wave_instructions", "cycle_estimate"):
                        r = ratio(metric(k.get(c), key), metric(k.get(base), key))
                        vals.append("NaN" if r is None else f"{r:.4f}")
                f.write(n.replace("_", "\\\\_") + " " + " ".join(vals) + "\n")
        series = []
        col = 2
        for c in configs[1:]:
            for what in ("wave-instructions", "cycle estimate"):
                series.append(f"'{data}' using {col}:xtic(1) title '{c}: {what}'")
                col += 1
        script = f"""
set terminal svg size {max(900, 28 * len(names))},480 dynamic font 'sans,10'
set output '{path}'
set title 'Ratio to upstream clang-19 -O3 ({report['mcpu']}, emulator), lower is better'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -45 scale 0
set ylabel 'ratio'
set yrange [0:*]
set offsets 0, 0, 0.35, 0
set grid ytics
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb 'black'
set key top left
plot {', '.join(series)}
"""
        p = proc.run([gnuplot], input=script)
        if p.returncode:
            raise SystemExit("error: gnuplot failed:\n" + p.stderr)


def write(report, md_path=None, plot_path=None, json_path=None):
    """Writes the Markdown report to md_path (with the plot, if plot_path,
    linked from it) and the raw figures to json_path; each only if given."""
    if json_path:
        with open(json_path, "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    if not md_path:
        return
    configs = report["configs"]
    out = ["# Benchmarks", "",
           "Generated by the kernel-suite bench "
           "(`llvm/utils/amdgpu-kernel-suite/suite.py bench`); do not edit by hand.",
           "", f"- Command: `{report['command']}`",
           f"- Date: {datetime.date.today().isoformat()}; target {report['mcpu']}; "
           "every kernel at -O3, one launch per kernel (seed 1, the kernel's "
           "bench size), run on `llvm-amdgpu-emu` and checked against its CPU "
           "reference.",
           "- Configurations: " + "; ".join(
               f"`{c}`" + (f" (`{report['flags'][c]}`)" if report["flags"][c] else "")
               for c in configs) + f". Ratios are configuration / `{configs[0]}`; "
           "lower is better except for VALU utilization. Lane-redundant VALU: "
           "wave-instructions that wrote one value in every active lane "
           "(Emulator.md).",
           "- What the figures mean, and what the cycle estimate does not model: "
           "[Emulator.md](Emulator.md#counters-and-the-cycle-estimate). "
           "`cycles (timing)` is the timing model's "
           "(`--timing`, one CU: [Emulator.md](Emulator.md#timing-model)).", ""]
    if plot_path:
        write_plot(report, plot_path)
        rel = os.path.relpath(plot_path, os.path.dirname(os.path.abspath(md_path)))
        out += [f"![ratios]({rel})", ""]
    for g, title in GROUP_TITLES.items():
        names = sorted(n for n, k in report["kernels"].items() if k["group"] == g)
        if not names:
            continue
        out += [f"## {title}", "", "Dynamic (emulator):", ""]
        out += table(report, names, DYNAMIC)
        out += ["", "Static (code object) and compile time:", ""]
        out += table(report, names, STATIC)
        out += [""]
    out += ["## Overall geometric means", ""]
    allnames = sorted(report["kernels"])
    for c in configs[1:]:
        for title, key, _ in DYNAMIC + STATIC:
            rs = [ratio(metric(report["kernels"][n].get(c), key),
                        metric(report["kernels"][n].get(configs[0]), key))
                  for n in allnames]
            out.append(f"- `{c}` / `{configs[0]}` {title}: {fmt_ratio(geomean(rs))}")
    out += ["", f"## Instruction mix of `{configs[0]}` (dynamic wave-instructions)", ""]
    out += mix_table(report, [n for g in GROUP_TITLES for n in sorted(report["kernels"])
                              if report["kernels"][n]["group"] == g])
    failed = [f"{n} / {c}: {k[c]['error']}" for n, k in sorted(report["kernels"].items())
              for c in configs if isinstance(k.get(c), dict) and "error" in k[c]]
    if failed:
        out += ["", "## Failures", ""] + [f"- {f}" for f in failed]
    with open(md_path, "w") as f:
        f.write("\n".join(out) + "\n")
