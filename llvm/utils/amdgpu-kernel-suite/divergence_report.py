#!/usr/bin/env python3
"""Divergence report of one kernel: where its waves lose lanes, and why.

Compiles the kernel with -g by the fork's clang and by upstream's (Debian's
clang-19), runs both builds on one launch on llvm-amdgpu-emu (--lines,
--divergence), collects the fork's static divergence remarks
(-Rpass-analysis=amdgpu-divergence), and writes

  - an HTML page (static, no scripts, no network): totals for both
    compilers, the source with each line's lane-slots lost as a heat bar for
    each, the divergent branches with their static cause, what the fork's
    transforms did (their remarks), the EXEC splits of both builds, and the
    top lines left to fix;
  - a terminal summary (the totals and the top lines).

A suite kernel (its CPU reference checks both runs):

  divergence_report.py --clang build/obj/bin/clang \
      --emu build/obj/bin/llvm-amdgpu-emu --kernel bitonic_tile --out r.html

A kernel of your own, with a launch file (docs/Emulator.md, *Launch files*):

  divergence_report.py --clang build/obj/bin/clang \
      --emu build/obj/bin/llvm-amdgpu-emu --source k.cl --launch k.json --out r.html

Lane-slots lost: for every vector instruction executed (VALU, VMEM, LDS),
the lanes of the wave that were not active, summed over its executions
(issue slots lost to divergence and to partial waves).
"""
import argparse
import html
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernelsuite import proc  # noqa: E402
from kernelsuite.kernels import load_kernels  # noqa: E402
from kernelsuite.run import (DEVICE_LIBS, compile_kernel,  # noqa: E402
                             prepare_case)

REMARK = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):\d+: remark: (?P<text>.*?)"
                    r" \[-Rpass(?:-analysis)?=(?P<pass>[a-z0-9-]+)\]$")

# The fork's transforms whose remarks say what it did about divergence.
FORK_PASSES = ["cf-meld", "reconverge-cfg", "linearize-cfg",
               "amdgpu-invariant-readfirstlane", "amdgpu-lane-affine-address"]


def compile_both(args, src, work):
    """The fork's and upstream's code objects, and the fork's remarks."""
    flags = ["-g"] + args.flag
    cos = {}
    for name, clang in (("fork", args.clang), ("upstream", args.ref_clang)):
        cos[name] = os.path.join(work, name + ".co")
        compile_kernel(clang, src, "-O3", args.mcpu, cos[name], flags)
    # The remarks: the same compile, assembly to nowhere.
    cmd = [args.clang, "-O3", "-S", "-o", os.devnull,
           "--rocm-device-lib-path=" + DEVICE_LIBS,
           # One regular expression each: a later -Rpass= replaces an earlier.
           "-Rpass=" + "|".join(FORK_PASSES),
           "-Rpass-analysis=" + "|".join(["amdgpu-divergence"] + FORK_PASSES),
           src] + flags
    if src.endswith(".hip"):
        cmd[1:1] = ["-x", "hip", "--cuda-device-only",
                    "--offload-arch=" + args.mcpu]
    else:
        cmd[1:1] = ["--target=amdgcn-amd-amdhsa", "-mcpu=" + args.mcpu]
    p = proc.run(cmd)
    remarks, actions = {}, []
    for line in p.stderr.splitlines():
        m = REMARK.match(line)
        if not m or os.path.basename(m["file"]) != os.path.basename(src):
            continue
        if m["pass"] == "amdgpu-divergence":
            remarks.setdefault(int(m["line"]), []).append(m["text"])
        else:
            actions.append((int(m["line"]), m["pass"], m["text"]))
    return cos, remarks, actions


def run(args, co, launch, out_json):
    p = proc.run([args.emu, "--run",
                  "--lines", "--divergence", "--launch=" + launch,
                  "--counters-json=" + out_json, co])
    if p.returncode:
        sys.exit("error: the run of %s failed:\n%s" % (co, p.stdout + p.stderr))
    with open(out_json) as f:
        return json.load(f)


def lines_of(counters, src):
    """Source line -> (wave-instructions, lane-slots lost), this file only."""
    base = os.path.basename(src)
    out = {}
    for entry in counters.get("lines", []):
        where, _, num = entry["line"].rpartition(":")
        if os.path.basename(where) == base and num.isdigit():
            out[int(num)] = (entry["wave_instructions"],
                             entry["lane_slots_lost"])
    return out


def lane_slots_lost(counters):
    return sum(e["lane_slots_lost"] for e in counters.get("lines", []))


def totals(counters):
    return {"wave-instructions": counters["wave_instructions"],
            "VALU utilization": "%.4f" % counters["valu_utilization"],
            "lane-slots lost": lane_slots_lost(counters),
            "divergent EXEC splits": sum(e["divergent_visits"]
                                         for e in counters["exec_writes"]),
            "cycle estimate": counters["cycle_estimate"]}


def summarize(texts):
    """The remarks of one line: the first, and how many more (an unrolled
    loop has one per copy of the branch)."""
    if not texts:
        return ""
    more = len(texts) - 1
    return texts[0] + (" (and %d more on this line)" % more if more else "")


def top_lines(per_line, remarks, n):
    ranked = sorted(per_line.items(), key=lambda kv: (-kv[1][1], kv[0]))
    return [(line, lost, remarks.get(line, []))
            for line, (_, lost) in ranked[:n] if lost]


CSS = """
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
td.num, th.num { text-align: right; }
table.src td { border: none; padding: 0 6px; font-family: monospace;
               white-space: pre; vertical-align: top; }
.bar { display: inline-block; height: 0.8em; }
.fork { background: #d9534f; }
.upstream { background: #5b8dd6; }
.remark { color: #8a4b00; font-family: sans-serif; white-space: normal; }
"""


def bar(value, peak, cls):
    width = 0 if not peak else round(120 * value / peak)
    return ('<span class="bar %s" style="width:%dpx"></span> %s'
            % (cls, width, format(value, ",")))


def write_html(path, title, src, results, remarks, actions, top):
    per = {name: lines_of(c, src) for name, c in results.items()}
    peak = max([lost for p in per.values() for _, lost in p.values()] or [0])
    out = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">",
           "<title>%s</title><style>%s</style></head><body>"
           % (html.escape(title), CSS),
           "<h1>%s</h1>" % html.escape(title)]

    out.append('<h2>Totals</h2><table id="totals"><tr><th></th>'
               '<th class="num">fork</th><th class="num">upstream</th></tr>')
    tf, tu = totals(results["fork"]), totals(results["upstream"])
    for key in tf:
        out.append('<tr><td>%s</td><td class="num">%s</td>'
                   '<td class="num">%s</td></tr>' % (key, tf[key], tu[key]))
    out.append("</table>")

    out.append('<h2>Top lines left to fix (fork)</h2><table id="top">'
               '<tr><th class="num">line</th><th class="num">lane-slots lost'
               '</th><th>static cause</th></tr>')
    for line, lost, why in top:
        out.append('<tr><td class="num">%d</td><td class="num">%s</td>'
                   '<td>%s</td></tr>' % (line, format(lost, ","),
                                         html.escape(summarize(why))))
    out.append("</table>")

    out.append('<h2>Divergent branches (fork, static)</h2>'
               '<table id="branches"><tr><th class="num">line</th>'
               '<th>remark</th></tr>')
    for line in sorted(remarks):
        out.append('<tr><td class="num">%d</td><td>%s</td></tr>'
                   % (line, html.escape(summarize(remarks[line]))))
    out.append("</table>")

    out.append('<h2>What the fork did</h2><p>Remarks of its transforms: '
               'control-flow melding, the reconverging-CFG transform, '
               'linearization, scalarization.</p><table id="actions">'
               '<tr><th class="num">line</th><th>pass</th><th>remark</th></tr>')
    for line, name, text in sorted(set(actions)):
        out.append('<tr><td class="num">%d</td><td>%s</td><td>%s</td></tr>'
                   % (line, name, html.escape(text)))
    out.append("</table>")

    out.append('<h2>EXEC splits (dynamic)</h2><p>Every instruction that '
               'wrote EXEC: wave visits, visits that split the active lanes '
               '(a divergent branch taken both ways), and the average lanes '
               'kept and set aside when it did.</p>')
    for name in ("fork", "upstream"):
        out.append('<h3>%s</h3><table id="splits-%s"><tr><th>instruction</th>'
                   '<th class="num">visits</th><th class="num">divergent</th>'
                   '<th class="num">kept</th><th class="num">set aside</th>'
                   '</tr>' % (name, name))
        for e in results[name]["exec_writes"]:
            n = e["divergent_visits"] or 1
            out.append('<tr><td>%s</td><td class="num">%d</td>'
                       '<td class="num">%d</td><td class="num">%.1f</td>'
                       '<td class="num">%.1f</td></tr>'
                       % (html.escape(e["instruction"]), e["visits"],
                          e["divergent_visits"], e["lanes_kept"] / n,
                          e["lanes_set_aside"] / n))
        out.append("</table>")

    out.append('<h2>Source</h2><p>Bars: lane-slots lost per line, '
               '<span class="bar fork" style="width:12px"></span> fork, '
               '<span class="bar upstream" style="width:12px"></span> '
               'upstream.</p><table class="src" id="source">')
    with open(src, errors="replace") as f:
        for num, text in enumerate(f.read().splitlines(), 1):
            cells = []
            for name, cls in (("fork", "fork"), ("upstream", "upstream")):
                lost = per[name].get(num, (0, 0))[1]
                cells.append(bar(lost, peak, cls) if lost else "")
            note = ('<div class="remark">%s</div>'
                    % html.escape(summarize(remarks[num]))
                    if num in remarks else "")
            out.append("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s%s</td>"
                       "</tr>" % (num, cells[0], cells[1], html.escape(text),
                                  note))
    out.append("</table></body></html>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clang", default="clang", help="the fork's clang")
    ap.add_argument("--emu", default="llvm-amdgpu-emu")
    ap.add_argument("--ref-clang", default="/usr/lib/llvm-19/bin/clang",
                    help="upstream's clang (default: Debian's clang-19)")
    ap.add_argument("--kernel", help="a kernel of the suite")
    ap.add_argument("--size", type=int,
                    help="the suite kernel's size (default: its bench size)")
    ap.add_argument("--source", help="a kernel source of your own")
    ap.add_argument("--launch", help="its launch file")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--flag", action="append", default=[],
                    help="extra compiler flag for both compilers (repeatable)")
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--work", help="keep the code objects and counters here")
    ap.add_argument("--out", required=True, help="the HTML page")
    args = ap.parse_args()
    if bool(args.kernel) == bool(args.source) or (args.source and
                                                   not args.launch):
        ap.error("give --kernel NAME, or --source FILE with --launch FILE")

    work = args.work or tempfile.mkdtemp(prefix="divergence-report.")
    os.makedirs(work, exist_ok=True)
    if args.kernel:
        kernels = load_kernels()
        if args.kernel not in kernels:
            sys.exit("error: no suite kernel '%s' (suite.py list)" % args.kernel)
        k = kernels[args.kernel]
        src = k.path
        launch = prepare_case(k, 1, args.size or k.bench_size, work)
        title = "%s (%s, size %d)" % (k.name, k.source,
                                      args.size or k.bench_size)
    else:
        src, launch = os.path.abspath(args.source), os.path.abspath(args.launch)
        title = os.path.basename(src)

    cos, remarks, actions = compile_both(args, src, work)
    results = {name: run(args, co, launch,
                         os.path.join(work, name + ".counters.json"))
               for name, co in cos.items()}
    top = top_lines(lines_of(results["fork"], src), remarks, args.top)
    write_html(args.out, title + ", " + args.mcpu, src, results, remarks,
               actions, top)

    print("divergence report: %s, %s -> %s" % (title, args.mcpu, args.out))
    tf, tu = totals(results["fork"]), totals(results["upstream"])
    for key in tf:
        print("  %-22s fork %12s   upstream %12s" % (key, tf[key], tu[key]))
    print("top lines (fork), lane-slots lost:")
    for line, lost, why in top:
        print("  line %4d %12s  %s" % (line, format(lost, ","), summarize(why)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
