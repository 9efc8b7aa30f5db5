#!/usr/bin/env python3
"""study_edge_report.py DIR - tables, summary and plots of the EDGE warp-preemption study.

Reads DIR/results_{a,b,c,teeth}.csv (long format: part,bg,ev,mode,policy,opt,rate,metric,value;
one group of rows per simulated run, written by studies/edge/edge_study.c), merges them into
DIR/results.csv and writes DIR/table.md, DIR/summary.json and three plain-SVG plots:
fig11_latency.svg (preemption latency per flush optimisation and victim policy),
fig12_sched.svg (scheduling latency, draining vs preemption) and fig13_slowdown.svg (event and
background slowdowns, ANTT).  Every number comes from the CSV files; the paper's figures are
printed beside them, never used to compute them.  No third-party libraries."""
import csv
import json
import math
import os
import sys
from collections import OrderedDict, defaultdict

OPTS = [0, 1, 3, 7, 15]
OPT_LABEL = {0: "none (natural flush)", 1: "+boost", 3: "+i-buffer flush", 7: "+barrier skip",
             15: "+load drop (all)"}
POLS = ["oldest", "newest", "best"]
PAPER = {
    "a_ratio": {"oldest": 35.9, "newest": 33.7},
    "a_all_cycles": {"oldest": 50, "newest": 220},
    "a_natural_cycles": "2k-8k (Fig. 11a, text)",
    "b_all": {"avg": 2.6, "tail": 2.9},
    "b_fit": {"avg": 115.7, "tail": 68.4},
    "b_rsv": {"avg": 96.4, "tail": 53.8},
    "c_low": {"ev_P_over_D": 1.3, "ev_R_over_P": 2.3, "bg_P_over_R": 1.3},
    "c_high": {"ev_P_over_D": 1.4, "ev_P_over_R": 2.8, "bg_D_over_P": 1.3, "bg_R_over_P": 1.2,
               "antt_P_over_D": 1.4, "antt_P_over_R": 2.7},
    "d_intrinsic_max": 2,
}


def load(d):
    rows = []
    for name in sorted(os.listdir(d)):
        if name.startswith("results_") and name.endswith(".csv"):
            with open(os.path.join(d, name)) as f:
                for r in csv.DictReader(f):
                    r["value"] = float(r["value"])
                    r["opt"] = int(r["opt"])
                    rows.append(r)
    return rows


def index(rows, part):
    """{(bg, ev, mode, policy, opt, rate): {metric: value}}"""
    out = OrderedDict()
    for r in rows:
        if r["part"] != part:
            continue
        k = (r["bg"], r["ev"], r["mode"], r["policy"], r["opt"], r["rate"])
        out.setdefault(k, {})[r["metric"]] = r["value"]
    return out


def ratio(a, b):
    return a / b if (a is not None and b) else None


def fmt(x, nd=1):
    if x is None:
        return "-"
    if isinstance(x, float) and (math.isinf(x) or math.isnan(x)):
        return "inf"
    return f"{x:,.{nd}f}"


# ---------------------------------------------------------------- SVG
def svg_bars(path, title, groups, series, values, ylabel, log=False, colors=None, marks=None):
    """groups: x labels; series: legend labels; values[g][s] (None = no bar); marks[g][s] an
    optional second value drawn as a tick (e.g. the max)."""
    colors = colors or ["#888888", "#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b2"]
    W, H, L, R, T, B = 900, 420, 80, 20, 40, 90
    vals = [v for g in values for v in g if v is not None and v > 0]
    if marks:
        vals += [v for g in marks for v in g if v is not None and v > 0]
    if not vals:
        vals = [1]
    vmax = max(vals)
    if log:
        lo = 10 ** math.floor(math.log10(max(min(vals), 0.1)))
        hi = 10 ** math.ceil(math.log10(vmax))
        if hi <= lo:
            hi = lo * 10

        def y(v):
            v = max(v, lo)
            return T + (H - T - B) * (1 - (math.log10(v) - math.log10(lo)) /
                                      (math.log10(hi) - math.log10(lo)))
        ticks = []
        t = lo
        while t <= hi * 1.0001:
            ticks.append(t)
            t *= 10
    else:
        hi = vmax * 1.1

        def y(v):
            return T + (H - T - B) * (1 - v / hi)
        step = 10 ** math.floor(math.log10(hi / 5 if hi > 0 else 1))
        ticks = [i * step for i in range(0, int(hi / step) + 1)]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W/2}" y="20" text-anchor="middle" font-size="14">{title}</text>',
           f'<text x="15" y="{(H-B+T)/2}" transform="rotate(-90 15 {(H-B+T)/2})" '
           f'text-anchor="middle">{ylabel}</text>']
    for t in ticks:
        yy = y(t)
        out.append(f'<line x1="{L}" y1="{yy:.1f}" x2="{W-R}" y2="{yy:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L-5}" y="{yy+4:.1f}" text-anchor="end">{t:g}</text>')
    out.append(f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H-B}" stroke="black"/>')
    out.append(f'<line x1="{L}" y1="{H-B}" x2="{W-R}" y2="{H-B}" stroke="black"/>')
    gw = (W - L - R) / max(len(groups), 1)
    bw = gw * 0.8 / max(len(series), 1)
    for gi, g in enumerate(groups):
        x0 = L + gi * gw + gw * 0.1
        for si, _ in enumerate(series):
            v = values[gi][si]
            if v is None:
                continue
            x = x0 + si * bw
            yy = y(v) if v > 0 else H - B
            out.append(f'<rect x="{x:.1f}" y="{yy:.1f}" width="{bw*0.9:.1f}" '
                       f'height="{H-B-yy:.1f}" fill="{colors[si % len(colors)]}">'
                       f'<title>{g} / {series[si]}: {v:.4g}</title></rect>')
            if marks and marks[gi][si]:
                ym = y(marks[gi][si])
                out.append(f'<line x1="{x:.1f}" y1="{ym:.1f}" x2="{x+bw*0.9:.1f}" y2="{ym:.1f}" '
                           f'stroke="black" stroke-width="2"/>')
        out.append(f'<text x="{L+gi*gw+gw/2:.1f}" y="{H-B+16}" text-anchor="middle">{g}</text>')
    lx = L
    for si, s in enumerate(series):
        out.append(f'<rect x="{lx}" y="{H-40}" width="12" height="12" '
                   f'fill="{colors[si % len(colors)]}"/>')
        out.append(f'<text x="{lx+16}" y="{H-30}">{s}</text>')
        lx += 16 + 8 * len(s) + 20
    if marks:
        out.append(f'<text x="{W-R}" y="{H-10}" text-anchor="end">black tick: maximum</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# ---------------------------------------------------------------- parts
def part_a(rows, md, summ):
    A = index(rows, "a")
    if not A:
        return
    mixes = list(OrderedDict((k[0], 1) for k in A))
    pooled = {}
    for pol in POLS:
        for opt in OPTS:
            n = s = 0.0
            for k, v in A.items():
                if k[3] == pol and k[4] == opt:
                    n += v["n"]
                    s += v["n"] * v["lat_avg"]
            pooled[(pol, opt)] = s / n if n else None
    md.append("## a. Preemption latency per flush optimisation (EDGE Fig. 11c)\n")
    md.append("Acceptance of the event request (kmu_sm's event-warp table head asks "
              "kmu_warp_preempt) -> the event warp's first issue, cycles; events one at a time "
              "at random times into a full SM, always served by preemption (event body "
              "skipped).  Average over all events of the background mixes "
              + ", ".join(mixes) + ".\n")
    md.append("| victim | " + " | ".join(OPT_LABEL[o] for o in OPTS) +
              " | none / all (paper) |")
    md.append("|---|" + "---|" * (len(OPTS) + 1))
    summ["a"] = {"pooled_avg_cycles": {}, "ratio_none_over_all": {}, "per_mix": {}}
    for pol in POLS:
        r = ratio(pooled[(pol, 0)], pooled[(pol, 15)]) if pooled[(pol, 15)] else None
        paper = PAPER["a_ratio"].get(pol)
        md.append(f"| {pol} | " + " | ".join(fmt(pooled[(pol, o)]) for o in OPTS) +
                  f" | **{fmt(r)}x** ({str(paper) + 'x' if paper else '-'}) |")
        summ["a"]["pooled_avg_cycles"][pol] = {str(o): pooled[(pol, o)] for o in OPTS}
        summ["a"]["ratio_none_over_all"][pol] = r
    md.append("")
    md.append(f"Paper: with all optimisations about {PAPER['a_all_cycles']['oldest']} cycles "
              f"(Oldest) and {PAPER['a_all_cycles']['newest']} cycles (Newest); natural flush "
              f"{PAPER['a_natural_cycles']}.\n")
    md.append("Per background mix (average / max cycles, n events):\n")
    md.append("| mix | victim | " + " | ".join(OPT_LABEL[o] for o in OPTS) + " | none/all |")
    md.append("|---|---|" + "---|" * (len(OPTS) + 1))
    for mix in mixes:
        for pol in POLS:
            cells = []
            for o in OPTS:
                v = A.get((mix, k_ev(A, mix), "preempt", pol, o, "serial"))
                cells.append(f"{fmt(v['lat_avg'])} / {fmt(v['lat_max'], 0)} (n {int(v['n'])})"
                             if v else "-")
            v0 = A.get((mix, k_ev(A, mix), "preempt", pol, 0, "serial"))
            v4 = A.get((mix, k_ev(A, mix), "preempt", pol, 15, "serial"))
            rr = ratio(v0["lat_avg"], v4["lat_avg"]) if v0 and v4 else None
            md.append(f"| {mix} | {pol} | " + " | ".join(cells) + f" | {fmt(rr)}x |")
            summ["a"]["per_mix"][f"{mix}.{pol}"] = rr
    md.append("")
    svg_bars(os.path.join(D, "fig11_latency.svg"),
             "Preemption latency per flush optimisation (cf. EDGE Fig. 11c)",
             [OPT_LABEL[o] for o in OPTS], POLS,
             [[pooled[(p, o)] for p in POLS] for o in OPTS], "cycles (log)", log=True)


def k_ev(A, mix):
    for k in A:
        if k[0] == mix:
            return k[1]
    return "-"


def part_b(rows, md, summ):
    B = index(rows, "b")
    if not B:
        return
    combos = list(OrderedDict(((k[0], k[1]), 1) for k in B))
    modes = ["drain", "preempt", "preempt_rsv"]

    def pool(mode, only_fit=None):
        """per-combination average and maximum, averaged over the combinations (the paper's
        'average across kernels'); also the events pooled"""
        avgs, maxs, n, s = [], [], 0, 0.0
        for k, v in B.items():
            if k[2] != mode:
                continue
            if only_fit is not None and \
               int(B[(k[0], k[1], "preempt") + k[3:]].get("fit", 0)) != only_fit:
                continue
            avgs.append(v["sched_avg"])
            maxs.append(v["sched_max"])
            n += int(v["n"])
            s += v["sched_sum"]
        if not avgs:
            return None, None, 0, None
        return sum(avgs) / len(avgs), sum(maxs) / len(maxs), n, (s / n if n else None)
    md.append("## b. Event scheduling latency, preemption vs draining (EDGE Fig. 12)\n")
    md.append("Event arrival -> the event warp's first issue, cycles; one event at a time at "
              "random times into a full SM (events' execution skipped once scheduled, as in "
              "EDGE VI-C).  Draining waits in kmu_sm's event-warp table for a warp slot "
              "released by a finished TB (new TBs are held back while an event waits); "
              "`preempt` uses the paper's fit rule (victim has >= the event's registers, else "
              "drain); `preempt_rsv` the controller as built (free registers reserved, so any "
              "warp fits).  Tail = maximum.\n")
    md.append("| background | event | fit | " + " | ".join(f"{m} avg / max (n)" for m in modes) +
              " |")
    md.append("|---|---|---|" + "---|" * len(modes))
    for bg, ev in combos:
        fit = int(B.get((bg, ev, "preempt", "best", 15, "serial"), {}).get("fit", 0))
        cells = []
        for m in modes:
            v = B.get((bg, ev, m, "best", 15, "serial"))
            cells.append(f"{fmt(v['sched_avg'])} / {fmt(v['sched_max'], 0)} ({int(v['n'])})"
                         if v else "-")
        md.append(f"| {bg} | {ev} | {'yes' if fit else 'no'} | " + " | ".join(cells) + " |")
    md.append("")
    d_all, d_all_max, nd, d_pool = pool("drain")
    p_all, p_all_max, npv, p_pool = pool("preempt")
    r_all, r_all_max, nr, r_pool = pool("preempt_rsv")
    d_fit, d_fit_max, _, _ = pool("drain", 1)
    p_fit, p_fit_max, _, _ = pool("preempt", 1)
    res = OrderedDict()
    res["all_combos_preempt"] = {"avg": ratio(d_all, p_all), "tail": ratio(d_all_max, p_all_max),
                                 "paper_avg": PAPER["b_all"]["avg"],
                                 "paper_tail": PAPER["b_all"]["tail"]}
    res["fit_combos_preempt"] = {"avg": ratio(d_fit, p_fit), "tail": ratio(d_fit_max, p_fit_max),
                                 "paper_avg": PAPER["b_fit"]["avg"],
                                 "paper_tail": PAPER["b_fit"]["tail"]}
    res["all_combos_preempt_rsv"] = {"avg": ratio(d_all, r_all),
                                     "tail": ratio(d_all_max, r_all_max),
                                     "paper_avg": PAPER["b_rsv"]["avg"],
                                     "paper_tail": PAPER["b_rsv"]["tail"]}
    res["cycles"] = {"drain_avg": d_all, "drain_max": d_all_max, "preempt_avg": p_all,
                     "preempt_max": p_all_max, "preempt_rsv_avg": r_all,
                     "preempt_rsv_max": r_all_max, "drain_fit_avg": d_fit,
                     "preempt_fit_avg": p_fit, "n_drain": nd, "n_preempt": npv, "n_rsv": nr,
                     "pooled_drain_avg": d_pool, "pooled_preempt_avg": p_pool,
                     "pooled_preempt_rsv_avg": r_pool}
    summ["b"] = res
    md.append("| draining / preemption | average | tail (max) | paper average | paper tail |")
    md.append("|---|---|---|---|---|")
    md.append(f"| all combinations, fit rule | **{fmt(res['all_combos_preempt']['avg'])}x** | "
              f"**{fmt(res['all_combos_preempt']['tail'])}x** | 2.6x | 2.9x |")
    md.append(f"| combinations where the fit rule always holds | "
              f"**{fmt(res['fit_combos_preempt']['avg'])}x** | "
              f"**{fmt(res['fit_combos_preempt']['tail'])}x** | 115.7x | 68.4x |")
    md.append(f"| all combinations, free registers reserved (as built) | "
              f"**{fmt(res['all_combos_preempt_rsv']['avg'])}x** | "
              f"**{fmt(res['all_combos_preempt_rsv']['tail'])}x** | 96.4x | 53.8x |")
    md.append("")
    md.append(f"Average = mean over the combinations of each one's average; tail = mean over "
              f"the combinations of each one's maximum (cycles: draining {fmt(d_all)} / "
              f"{fmt(d_all_max, 0)}, preemption {fmt(p_all)} / {fmt(p_all_max, 0)}, as built "
              f"{fmt(r_all)} / {fmt(r_all_max, 0)}).  Events pooled instead: draining "
              f"{fmt(d_pool)} (n {nd}), preemption {fmt(p_pool)} (n {npv}), as built "
              f"{fmt(r_pool)} (n {nr}) cycles on average.\n")
    groups = [f"{bg}/{ev}" for bg, ev in combos]
    vals = [[B.get((bg, ev, m, "best", 15, "serial"), {}).get("sched_avg") for m in modes]
            for bg, ev in combos]
    marks = [[B.get((bg, ev, m, "best", 15, "serial"), {}).get("sched_max") for m in modes]
             for bg, ev in combos]
    svg_bars(os.path.join(D, "fig12_sched.svg"),
             "Event scheduling latency, average (bar) and maximum (cf. EDGE Fig. 12)",
             groups, modes, vals, "cycles (log)", log=True, marks=marks,
             colors=["#888888", "#dd8452", "#55a868"])


def part_c(rows, md, summ):
    C = index(rows, "c")
    if not C:
        return
    combos = list(OrderedDict(((k[0], k[1]), 1) for k in C))
    modes = ["drain", "reserve", "preempt", "preempt_rsv"]
    label = {"drain": "D", "reserve": "R", "preempt": "P", "preempt_rsv": "P(rsv)"}
    md.append("## c. Slowdowns and ANTT at a low and a high event rate (EDGE Fig. 13)\n")
    md.append("Poisson event arrivals while the background task (a fixed set of TBs) runs; "
              "low rate: mean gap 2x the event's isolated runtime; high: 1/4 of it (about 4 "
              "events at once).  Event slowdown = (arrival -> exit) / isolated runtime; "
              "background slowdown = the task's runtime / its runtime without events; ANTT = "
              "mean of all programs' slowdowns.  Reservation keeps one warp slot (and an "
              "event's registers) free for events (at TB granularity: one TB fewer).\n")
    md.append("| background | event | rate | " +
              " | ".join(f"{label[m]} ev / bg / ANTT" for m in modes) + " |")
    md.append("|---|---|---|" + "---|" * len(modes))
    avg = {}
    for rate in ["low", "high"]:
        for bg, ev in combos:
            cells = []
            for m in modes:
                v = C.get((bg, ev, m, "best", 15, rate))
                cells.append(f"{fmt(v['ev_slowdown'], 2)} / {fmt(v['bg_slowdown'], 3)} / "
                             f"{fmt(v['antt'], 2)} (n {int(v['n'])})" if v else "-")
            md.append(f"| {bg} | {ev} | {rate} | " + " | ".join(cells) + " |")
        for m in modes:
            vs = [C[(bg, ev, m, "best", 15, rate)] for bg, ev in combos
                  if (bg, ev, m, "best", 15, rate) in C]
            if vs:
                avg[(rate, m)] = {x: sum(v[x] for v in vs) / len(vs)
                                  for x in ("ev_slowdown", "bg_slowdown", "antt", "sched_avg")}
    md.append("")
    md.append("Averages over the combinations:\n")
    md.append("| rate | mode | event slowdown | background slowdown | ANTT | sched. latency avg |")
    md.append("|---|---|---|---|---|---|")
    for rate in ["low", "high"]:
        for m in modes:
            a = avg.get((rate, m))
            if a:
                md.append(f"| {rate} | {m} | {fmt(a['ev_slowdown'], 2)} | "
                          f"{fmt(a['bg_slowdown'], 3)} | {fmt(a['antt'], 2)} | "
                          f"{fmt(a['sched_avg'])} |")
    md.append("")
    res = OrderedDict()

    def g(rate, m, x):
        return avg.get((rate, m), {}).get(x)
    if g("low", "preempt", "ev_slowdown"):
        res["low"] = {
            "ev_P_over_D": ratio(g("low", "drain", "ev_slowdown"), g("low", "preempt", "ev_slowdown")),
            "ev_R_over_P": ratio(g("low", "preempt", "ev_slowdown"), g("low", "reserve", "ev_slowdown")),
            "bg_P_over_R": ratio(g("low", "reserve", "bg_slowdown"), g("low", "preempt", "bg_slowdown")),
            "antt_P_over_D": ratio(g("low", "drain", "antt"), g("low", "preempt", "antt")),
        }
        res["high"] = {
            "ev_P_over_D": ratio(g("high", "drain", "ev_slowdown"), g("high", "preempt", "ev_slowdown")),
            "ev_P_over_R": ratio(g("high", "reserve", "ev_slowdown"), g("high", "preempt", "ev_slowdown")),
            "bg_D_over_P": ratio(g("high", "preempt", "bg_slowdown"), g("high", "drain", "bg_slowdown")),
            "bg_R_over_P": ratio(g("high", "preempt", "bg_slowdown"), g("high", "reserve", "bg_slowdown")),
            "antt_P_over_D": ratio(g("high", "drain", "antt"), g("high", "preempt", "antt")),
            "antt_P_over_R": ratio(g("high", "reserve", "antt"), g("high", "preempt", "antt")),
        }
        res["averages"] = {f"{r}.{m}": avg[(r, m)] for (r, m) in avg}
        summ["c"] = res
        md.append("| ratio (x > 1: the first is better) | ours | paper |")
        md.append("|---|---|---|")
        names = {
            "ev_P_over_D": "event: preemption over draining",
            "ev_R_over_P": "event: reservation over preemption",
            "ev_P_over_R": "event: preemption over reservation",
            "bg_P_over_R": "background: preemption over reservation",
            "bg_D_over_P": "background: draining over preemption",
            "bg_R_over_P": "background: reservation over preemption",
            "antt_P_over_D": "ANTT: preemption over draining",
            "antt_P_over_R": "ANTT: preemption over reservation",
        }
        for rate in ["low", "high"]:
            for k, v in res[rate].items():
                p = PAPER[f"c_{rate}"].get(k)
                md.append(f"| {rate}: {names[k]} | **{fmt(v, 2)}x** | "
                          f"{str(p) + 'x' if p else '-'} |")
        md.append("")
    groups = [f"{r} {label[m]}" for r in ["low", "high"] for m in modes]
    vals = [[g(r, m, "ev_slowdown"), g(r, m, "bg_slowdown"), g(r, m, "antt")]
            for r in ["low", "high"] for m in modes]
    svg_bars(os.path.join(D, "fig13_slowdown.svg"),
             "Slowdowns and ANTT, average over combinations (cf. EDGE Fig. 13)",
             groups, ["event slowdown", "background slowdown", "ANTT"], vals, "slowdown (x)",
             colors=["#4c72b0", "#dd8452", "#55a868"])


def part_d(rows, md, summ):
    ctl = [r["value"] for r in rows if r["part"] == "d" and r["metric"] == "ctl_max"]
    n = [r["value"] for r in rows if r["part"] == "d" and r["metric"] == "ctl_n"]
    fmin = [r["value"] for r in rows if r["part"] == "d" and r["metric"] == "fi_min" and r["value"]]
    fmax = [r["value"] for r in rows if r["part"] == "d" and r["metric"] == "fi_max"]
    if not ctl:
        return
    summ["d"] = {"ctl_max": max(ctl), "preemptions": sum(n), "flushed_to_first_issue_min":
                 min(fmin) if fmin else None, "flushed_to_first_issue_max": max(fmax),
                 "target": PAPER["d_intrinsic_max"]}
    md.append("## d. Intrinsic controller latency\n")
    md.append(f"Victim flushed (its last in-flight instruction gone; registers saved when they "
              f"are saved) -> `ev_start_o`: **max {int(max(ctl))} cycles** over "
              f"{int(sum(n))} preemptions of all runs (target <= 2).  The event warp's first "
              f"issue follows `ev_start` by the pipeline's fetch (1 cycle, or an i-cache miss): "
              f"flushed -> first issue {int(min(fmin)) if fmin else '-'}..{int(max(fmax))} "
              f"cycles.\n")


def main():
    global D
    D = sys.argv[1] if len(sys.argv) > 1 else "build/study-edge"
    rows = load(D)
    if not rows:
        print(f"study_edge_report: no results_*.csv in {D}")
        return 1
    with open(os.path.join(D, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["part", "bg", "ev", "mode", "policy", "opt", "rate", "metric", "value"])
        for r in rows:
            w.writerow([r["part"], r["bg"], r["ev"], r["mode"], r["policy"], r["opt"], r["rate"],
                        r["metric"], f"{r['value']:.6g}"])
    md = ["# EDGE warp-level preemption study: measured results", "",
          "Generated by `make study-edge` (studies/edge/edge_study.c, "
          "studies/edge/report.py) from results.csv.  One SM: 64 warp slots, 2 GTO "
          "schedulers, 2048 registers per thread over all warps (EDGE Table II), the "
          "behavioural SIMT pipeline sim/env/simt_model driven by the C twin of the SM top "
          "kmu_sm (kmu_sm_ctrl's event-warp table and register accounting, kmu_warp_preempt).",
          ""]
    summ = OrderedDict()
    part_a(rows, md, summ)
    part_b(rows, md, summ)
    part_c(rows, md, summ)
    part_d(rows, md, summ)
    with open(os.path.join(D, "table.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    summ["paper"] = PAPER
    with open(os.path.join(D, "summary.json"), "w") as f:
        json.dump(summ, f, indent=2, default=lambda x: None)
    print("\n".join(md))
    print(f"wrote {D}/results.csv, table.md, summary.json, fig11_latency.svg, fig12_sched.svg, "
          f"fig13_slowdown.svg")
    return 0


D = "build/study-edge"
if __name__ == "__main__":
    sys.exit(main())
