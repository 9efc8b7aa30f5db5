#!/usr/bin/env python3
"""study_pep_report.py DIR - tables and a plot from the PEP study's raw results.

Reads DIR/results.csv (one row per simulated preemption, written by the study program
studies/pep/pep_study.c) and writes DIR/table.md (per kernel and policy: average preemption
latency, context bytes per switched TB split into base and incremental, SM cycles spent saving
per switched TB, the runtime-selection breakdown), DIR/summary.json (the averages the paper
quotes, with the paper's own figures beside them) and DIR/latency.svg, DIR/context.svg (grouped
bar charts, plain SVG: no plotting library needed).  Every number comes from results.csv; the
paper's figures are printed beside them, never used to compute them."""
import csv
import json
import os
import sys
from collections import OrderedDict, defaultdict

POLICIES = ["chimera", "chimera_dirty", "pep", "pep_inplace"]
LABEL = {"chimera": "Chimera", "chimera_dirty": "Chimera+dirty", "pep": "PEP",
         "pep_inplace": "PEP+in-place"}
COLOR = {"chimera": "#888888", "chimera_dirty": "#4c72b0", "pep": "#dd8452",
         "pep_inplace": "#55a868"}
# PEP section 4 (Figures 6-9 and text): the anchor, printed beside our figures.  Sources in
# the paper text: 8.9 -> 4.5 / 3.6 us and -31.8 / -58.5 / -70.3 % (4.2; the abstract says
# -58.6 %; note 8.9 -> 4.5 us is itself only -49.4 %: the paper averages differently per
# figure); Chimera+dirty -34.4 % context (4.3); 23.3 % is the abstract's "overall saved state
# vs full context switching" (4.3 says in-place saves a further 16.2 %); incremental 3.34 KB =
# 29.4 % of base (4.3).
PAPER = {
    "latency_us": {"chimera": 8.9, "pep": 4.5, "pep_inplace": 3.6},
    "latency_reduction_pct": {"chimera_dirty": 31.8, "pep": 58.5, "pep_inplace": 70.3},
    "context_reduction_pct": {"chimera_dirty": 34.4, "pep_inplace": 23.3},
    "incremental_over_base_pct": 29.4,
    "incremental_kb_per_tb": 3.34,
}


def mean(v):
    return sum(v) / len(v) if v else 0.0


def load(path):
    with open(path) as f:
        rows = [r for r in csv.DictReader(f)]
    for r in rows:
        for k, v in list(r.items()):
            if k not in ("kernel", "policy"):
                r[k] = float(v)
    return rows


def bars_svg(path, title, ylabel, kernels, series, unit_fmt="{:.1f}"):
    """series: policy -> list of values per kernel."""
    w, h, left, bottom, top = 1100, 420, 70, 80, 40
    pw, ph = w - left - 20, h - bottom - top
    vmax = max([max(v) for v in series.values() if v] + [1e-9]) * 1.1
    gw = pw / max(1, len(kernels))
    bw = gw * 0.8 / max(1, len(series))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w/2}" y="20" text-anchor="middle" font-size="14">{title}</text>']
    for t in range(6):
        v = vmax * t / 5
        y = top + ph - ph * t / 5
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left+pw}" y2="{y:.1f}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{left-5}" y="{y+4:.1f}" text-anchor="end">'
                   f'{unit_fmt.format(v)}</text>')
    out.append(f'<text x="15" y="{top+ph/2}" transform="rotate(-90 15 {top+ph/2})" '
               f'text-anchor="middle">{ylabel}</text>')
    for i, k in enumerate(kernels):
        x0 = left + i * gw + gw * 0.1
        for j, (pol, vals) in enumerate(series.items()):
            v = vals[i]
            bh = ph * v / vmax
            out.append(f'<rect x="{x0 + j*bw:.1f}" y="{top+ph-bh:.1f}" width="{bw:.1f}" '
                       f'height="{bh:.1f}" fill="{COLOR[pol]}"><title>{k} {LABEL[pol]}: '
                       f'{unit_fmt.format(v)}</title></rect>')
        out.append(f'<text x="{left + i*gw + gw/2:.1f}" y="{top+ph+15}" '
                   f'text-anchor="middle">{k}</text>')
    for j, pol in enumerate(series):
        x = left + j * 150
        out.append(f'<rect x="{x}" y="{h-30}" width="12" height="12" fill="{COLOR[pol]}"/>')
        out.append(f'<text x="{x+16}" y="{h-20}">{LABEL[pol]}</text>')
    out.append('</svg>')
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else "build/study-pep"
    rows = load(os.path.join(d, "results.csv"))
    mhz = rows[0]["mhz"] if rows else 1216.0
    kernels = list(OrderedDict.fromkeys(r["kernel"] for r in rows))
    by = defaultdict(list)
    for r in rows:
        by[(r["kernel"], r["policy"])].append(r)

    def avg(k, p, field, per_switched=False):
        rs = by[(k, p)]
        if per_switched:
            n = sum(r["n_switch"] for r in rs)
            return sum(r[field] for r in rs) / n if n else 0.0
        return mean([r[field] for r in rs])

    lat = {p: [avg(k, p, "latency_cyc") / mhz for k in kernels] for p in POLICIES}
    ctx = {p: [avg(k, p, "bytes_total", True) / 1024 for k in kernels] for p in POLICIES}
    base = {p: [avg(k, p, "bytes_base", True) / 1024 for k in kernels] for p in POLICIES}
    inc = {p: [avg(k, p, "bytes_inc", True) / 1024 for k in kernels] for p in POLICIES}
    idle = {p: [avg(k, p, "save_cyc", True) / mhz for k in kernels] for p in POLICIES}

    lines = ["# PEP study: measured on the C twins of the hardware as built", "",
             f"{len(rows)} simulated preemptions, clock {mhz:.0f} MHz. Latency: preempting "
             "kernel arrives -> the SM holds no victim TB (every switched TB saved, every "
             "drained TB finished). Context: bytes saved per switched TB (base + incremental). "
             "Saving: cycles a switched TB is stopped for its saves, in us.", "",
             "| kernel | " + " | ".join(f"{LABEL[p]} lat us" for p in POLICIES) +
             " | " + " | ".join(f"{LABEL[p]} KB/TB" for p in POLICIES) +
             " | PEP base KB | PEP inc KB | " +
             " | ".join(f"{LABEL[p]} save us" for p in POLICIES) + " | PEP switch/drain/base |",
             "|---" * (1 + 4 + 4 + 2 + 4 + 1) + "|"]
    for i, k in enumerate(kernels):
        rs = by[(k, "pep")]
        sel = "{:.0f}/{:.0f}/{:.0f}".format(sum(r["n_switch"] for r in rs),
                                            sum(r["n_drain"] for r in rs),
                                            sum(r["n_base"] for r in rs))
        lines.append(f"| {k} | " + " | ".join(f"{lat[p][i]:.2f}" for p in POLICIES) + " | " +
                     " | ".join(f"{ctx[p][i]:.2f}" for p in POLICIES) +
                     f" | {base['pep'][i]:.2f} | {inc['pep'][i]:.2f} | " +
                     " | ".join(f"{idle[p][i]:.2f}" for p in POLICIES) + f" | {sel} |")

    def overall(vals):
        return mean(vals)

    def over_switched(p, field):
        rs = [r for r in rows if r["policy"] == p]
        n = sum(r["n_switch"] for r in rs)
        return sum(r[field] for r in rs) / n if n else 0.0

    s = {"latency_us": {p: overall(lat[p]) for p in POLICIES},
         "ctx_kb_per_tb": {p: over_switched(p, "bytes_total") / 1024 for p in POLICIES},
         "save_us_per_tb": {p: over_switched(p, "save_cyc") / mhz for p in POLICIES},
         "pep_base_kb": over_switched("pep", "bytes_base") / 1024,
         "pep_inc_kb": over_switched("pep", "bytes_inc") / 1024}
    c = s["latency_us"]["chimera"]
    s["latency_reduction_pct"] = {p: 100 * (1 - s["latency_us"][p] / c) if c else 0.0
                                  for p in POLICIES if p != "chimera"}
    cc = s["ctx_kb_per_tb"]["chimera"]
    s["context_reduction_pct"] = {p: 100 * (1 - s["ctx_kb_per_tb"][p] / cc) if cc else 0.0
                                  for p in POLICIES if p != "chimera"}
    s["incremental_over_base_pct"] = (100 * s["pep_inc_kb"] / s["pep_base_kb"]
                                      if s["pep_base_kb"] else 0.0)
    s["paper"] = PAPER
    lines += ["", "## Averages beside the paper's", "",
              "| figure | ours | paper |", "|---|---|---|"]
    for p in POLICIES:
        pv = PAPER["latency_us"].get(p)
        lines.append(f"| preemption latency, {LABEL[p]} (us) | {s['latency_us'][p]:.2f} | "
                     f"{pv if pv is not None else '-'} |")
    for p in ["chimera_dirty", "pep", "pep_inplace"]:
        pv = PAPER["latency_reduction_pct"].get(p)
        lines.append(f"| latency reduction vs Chimera, {LABEL[p]} (%) | "
                     f"{s['latency_reduction_pct'][p]:.1f} | {pv if pv is not None else '-'} |")
    for p in ["chimera_dirty", "pep", "pep_inplace"]:
        pv = PAPER["context_reduction_pct"].get(p)
        lines.append(f"| context per TB reduction vs Chimera, {LABEL[p]} (%) | "
                     f"{s['context_reduction_pct'][p]:.1f} | {pv if pv is not None else '-'} |")
    lines.append(f"| PEP incremental / base (%) | {s['incremental_over_base_pct']:.1f} | "
                 f"{PAPER['incremental_over_base_pct']} |")
    lines.append(f"| PEP incremental per TB (KB) | {s['pep_inc_kb']:.2f} | "
                 f"{PAPER['incremental_kb_per_tb']} |")
    for p in POLICIES:
        lines.append(f"| saving per switched TB, {LABEL[p]} (us) | "
                     f"{s['save_us_per_tb'][p]:.2f} | - |")
    with open(os.path.join(d, "table.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(d, "summary.json"), "w") as f:
        json.dump(s, f, indent=2)
    bars_svg(os.path.join(d, "latency.svg"), "PEP study: average preemption latency",
             "us", kernels, lat, "{:.1f}")
    bars_svg(os.path.join(d, "context.svg"), "PEP study: context saved per switched TB",
             "KB", kernels, ctx, "{:.1f}")
    print("\n".join(lines[-(len(POLICIES) * 2 + 9):]))
    print(f"wrote {d}/table.md, {d}/summary.json, {d}/latency.svg, {d}/context.svg")


if __name__ == "__main__":
    main()
