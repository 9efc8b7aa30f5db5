#!/usr/bin/env python3
"""studies/edge/system.py OUTDIR KMUSIM [--quick] [--seed N] [--jobs N]

EDGE Fig. 13 (VI-D) at system level: the paper configuration of kmusim (16 SMs sharing one
memory port, the C twin of the whole GPU front end: engine c), a background of long
low-priority host kernels that keeps every SM full, and a stream of single-warp event kernels
(EDGE's warp-level events: `event` kernels with doorbells, tb=32) at a LOW and a HIGH rate,
under the policies drain, reserve (SM 15 reserved for events: 1 of 16 SMs) and warp (EDGE
IV-D warp-level preemption, best victim, every flush optimisation).

Rates: the per-SM study (studies/edge/edge_study.c part c) uses Poisson arrivals with a mean
gap of 2x the event's isolated runtime (low) and 1/4 of it (high) on one SM.  Here those gaps
are divided by 4 for the whole GPU (low: T_iso / 2, about 2 events in flight on the GPU; high:
T_iso / 16, about 16), which is the paper's overlap ("at most 2" and "16-32" events on the
GPU); the per-SM load x 16 would be 8 and 64 in flight.  Arrivals are seeded Poisson
(exponential gaps, Python's random.Random(SEED-derived)), the same for every policy, from half
a mean background TB time (the first wave's completions have begun) to about the last
background TB dispatch (the GPU is full throughout).

Measured per (event kernel, rate, policy), from kmusim's JSON:
  event slowdown   (completed - at) / isolated turnaround of the event kernel (alone on an idle
                   GPU, one doorbell): arrival to completion, so host-side waiting (maxinf,
                   a busy parameter entry) counts as well; mean and p99
  launch latency   kmusim's launch_latency: doorbell accepted -> first TB start or, for a
                   warp-level event, ev_start; mean and p99
  bg slowdown      background makespan (first launch accepted -> last background completion)
                   over the same background run alone (no events, policy drain), and over
                   drain's makespan at the same rate
  ANTT             mean over programs (every event instance, plus the background as one
                   program) of their slowdowns: the per-SM study's definition
  warp-level       event warps started by warp-level preemption (summary.preemption), and
                   background warps preempted (kernels[].preemption.warp_victims)
Writes OUTDIR/system.csv (one row per run), OUTDIR/system.md (tables), OUTDIR/system.json,
and keeps every workload (OUTDIR/wl/) and kmusim JSON (OUTDIR/runs/).

Exit 1 when a kmusim run fails (nonzero exit: scoreboard, conservation, hang), when an event
does not complete, or when `warp` does not give a lower mean event launch latency than `drain`
at either rate (the mean over the event kernels of each kernel's mean; a reversal for one event
kernel alone is printed as a note).  SEED (environment, default 1) or --seed seeds the arrivals and kmusim's --seed.
--quick: one event kernel (IPV4), background TBs 4x shorter, for `make test` (< 30 s on 2
cores): a smoke test of the flow and the checks, not a result.
"""
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from kmusim_study import f2, finish, mean, run_all  # noqa: E402 (the shared study helpers)

NSM = 16
RESERVE_MASK = 0x8000          # policy reserve: SM 15 (1 of 16 SMs) for event kernels
POLICIES = ["drain", "reserve", "warp"]
# GPU-wide mean gap between arrivals, in units of the event's isolated runtime: the per-SM
# study's gaps (2 and 1/4, part c) divided by 4, which puts about 2 (low) and 16 (high) events
# in flight on the GPU: the paper's "at most 2" and "16-32" overlapping events.
RATES = {"low": 2.0, "high": 0.25}
RATE_DIV = 4

# Background: three host kernels of 8-warp TBs (256 threads), shaped after the per-SM study's
# LD (16 registers, loads), BAR (32 registers: a full register file, barriers) and ALU (28
# registers) programs; their TB cycles are the per-SM study's measured TB times (part c: 40 TBs,
# 8 at a time, "bg_cycles" / 5 = LD 70k, BAR 61k, ALU 37k cycles).  Every SM holds 8 of their
# TBs (all 64 warp slots).  Launched together at the same priority, the dispatcher takes their
# TBs in turn (round robin over the kernels), so every SM runs a mix of the three; a jitter of
# +-50 % spreads the first wave's completions as widely as the steady state's.
# name, regs, cycles, loads, bar, wb
BG = [
    ("bg_ld", 16, 70000, 5, 0, 200),
    ("bg_bar", 32, 61000, 0, 2, 400),
    ("bg_alu", 28, 37000, 0, 0, 300),
]
BG_GRID, BG_GRID_QUICK = 112, 96
QUICK_TB_SCALE = 0.25          # --quick: background TBs 4x shorter (a smoke test, not a result)
BG_JITTER = 50
TB_SLOTS = NSM * 8             # resident background TBs on the full GPU

# Event kernels: single warps, no shared memory, priority 3.  IPV4 / MEMC follow the per-SM
# study's isolated runtimes (about 3,000 and 22,000 cycles; paper: about 2,300 and 23,000).
# No `loads`: kmusim's SMs run an event warp started by warp-level preemption for its kernel's
# cycles without issuing loads, so loads would only slow the regular path (unfair to drain).
EVENTS = [("ipv4", 12, 3000), ("memc", 24, 22000)]
RING, MAXINF = 4096, 255


def seed_of(argv):
    s = int(os.environ.get("SEED", "1"))
    if "--seed" in argv:
        s = int(argv[argv.index("--seed") + 1])
    return s


def bg_kernels(quick):
    sc = QUICK_TB_SCALE if quick else 1.0
    return [(n, r, int(c * sc), l, ba, wb) for n, r, c, l, ba, wb in BG]


def bg_lines(quick):
    grid = BG_GRID_QUICK if quick else BG_GRID
    return [f"kernel {n} grid={grid} tb=256 regs={r} cycles={c} prio=0 host loads={l} "
            f"bar={ba} wb={wb} jitter={BG_JITTER}" for n, r, c, l, ba, wb in bg_kernels(quick)]


def bg_estimate(quick):
    """cycles of the background alone: its TB-cycles over the resident slots (loads do not
    stretch these TBs: one load per warp every >= 1,600 cycles against a 400-cycle latency)."""
    grid = BG_GRID_QUICK if quick else BG_GRID
    return grid * sum(b[2] for b in bg_kernels(quick)) / TB_SLOTS


def config_line(policy):
    extra = f" reserve=0x{RESERVE_MASK:x}" if policy == "reserve" else ""
    return f"config paper policy={policy} vpol=2 opt=15{extra}"


def arrivals(seed, ev, rate, t_iso, t_start, t_end):
    rng = random.Random(f"edge-system/{seed}/{ev}/{rate}")
    gap = RATES[rate] * t_iso / RATE_DIV
    t, out = float(t_start), []
    while True:
        t += -gap * math.log(1.0 - rng.random())
        if t >= t_end:
            return out, gap
        out.append(int(t))


def workload(path, policy, quick, ev=None, times=(), iso=False):
    L = [f"# generated by studies/edge/system.py ({'isolated' if iso else policy})",
         config_line(policy)]
    if not iso or ev is None:
        L += bg_lines(quick)
    if ev:
        name, regs, cyc = ev
        L.append(f"kernel {name} grid=1 tb=32 regs={regs} cycles={cyc} prio=3 event "
                 f"ring={RING} maxinf={MAXINF}")
        L.append(f"register {name} at=0")
    if not iso or ev is None:
        for i, (name, *_r) in enumerate(BG):
            L.append(f"launch {name} at={10 + 10 * i}")
    if ev:
        name = ev[0]
        if iso:
            L.append(f"doorbell {name} at=100")
        for t in times:
            L.append(f"doorbell {name} at={t}")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def pct(v, q):
    if not v:
        return None
    s = sorted(v)
    return s[min(len(s) - 1, int(q * len(s)))]


def bg_span(d):
    bgn = {b[0] for b in BG}
    ins = [i for i in d["instances"] if i["kernel"] in bgn]
    if any(i["completed"] is None for i in ins):
        return None, None
    return (max(i["completed"] for i in ins) - min(i["accepted"] for i in ins),
            max(i["completed"] for i in ins))


def figures(d, evname, t_iso, bg_alone):
    ins = [i for i in d["instances"] if i["kernel"] == evname]
    done = [i for i in ins if i["completed"] is not None]
    slow = [(i["completed"] - i["at"]) / t_iso for i in done]
    lat = [i["launch_latency"] for i in ins if i["launch_latency"] is not None]
    hostw = [i["accepted"] - i["at"] for i in ins if i["accepted"] is not None]
    span, bg_end = bg_span(d)
    bgs = span / bg_alone if span else None
    kp = {k["name"]: k["preemption"] for k in d["kernels"]}
    victims = sum(kp[b[0]]["warp_victims"] for b in BG if b[0] in kp)
    return {
        "events": len(ins), "completed": len(done),
        "ev_slow_mean": mean(slow), "ev_slow_p99": pct(slow, 0.99),
        "lat_mean": mean(lat), "lat_p50": pct(lat, 0.5), "lat_p99": pct(lat, 0.99),
        "lat_max": max(lat) if lat else None,
        "host_wait_max": max(hostw) if hostw else None,
        "bg_span": span, "bg_slow": bgs,
        "antt": (sum(slow) + bgs) / (len(slow) + 1) if bgs else None,
        "warp_level": d["summary"]["preemption"]["warp_level_events"],
        "warp_victims": victims,
        "bg_busy_to_last_arrival": bool(bg_end and ins and bg_end > max(i["at"] for i in ins)),
        "cycles": d["cycles"], "util": d["summary"]["sm_warp_util"],
    }


def main():
    argv = sys.argv[1:]
    pos = [a for i, a in enumerate(argv) if not a.startswith("--")
           and not (i > 0 and argv[i - 1] in ("--seed", "--jobs"))]
    if len(pos) != 2:
        raise SystemExit(__doc__)
    outdir, kmusim = pos
    quick = "--quick" in argv
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    seed = seed_of(argv)
    events = EVENTS[:1] if quick else EVENTS
    wdir, rdir = os.path.join(outdir, "wl"), os.path.join(outdir, "runs")
    os.makedirs(wdir, exist_ok=True)
    os.makedirs(rdir, exist_ok=True)
    t0_wall = time.time()
    failures = []

    # the event window: the background keeps every SM busy until about its estimated end;
    # arrivals stop at 85 % of it (checked below: the background is still running at the last
    # arrival in every run)
    est = bg_estimate(quick)
    l_avg = sum(b[2] for b in bg_kernels(quick)) / len(BG)
    t_start = int(0.5 * l_avg)                # the first wave's completions have begun
    t_end = int(est - l_avg)                  # about the last background dispatch

    jobs_list = []   # (key, wl, json)
    wl = os.path.join(wdir, "bg_alone.wl")
    workload(wl, "drain", quick)
    jobs_list.append((("bg_alone",), wl, os.path.join(rdir, "bg_alone.json")))
    for ev in events:
        wl = os.path.join(wdir, f"{ev[0]}_iso.wl")
        workload(wl, "drain", quick, ev=ev, iso=True)
        jobs_list.append((("iso", ev[0]), wl, os.path.join(rdir, f"{ev[0]}_iso.json")))
    arr = {}
    for ev in events:
        for rate in RATES:
            # the arrival times use the per-SM study's nominal T_iso (the kernel's cycles);
            # slowdowns divide by the measured isolated turnaround
            times, gap = arrivals(seed, ev[0], rate, ev[2], t_start, t_end)
            arr[(ev[0], rate)] = (times, gap)
            for pol in POLICIES:
                wl = os.path.join(wdir, f"{ev[0]}_{rate}_{pol}.wl")
                workload(wl, pol, quick, ev=ev, times=times)
                jobs_list.append(((ev[0], rate, pol), wl,
                                  os.path.join(rdir, f"{ev[0]}_{rate}_{pol}.json")))
    # longest first (high-rate runs have the most events), so the two workers finish together
    order = sorted(jobs_list, key=lambda j: (j[0][0] in ("iso",), -os.path.getsize(j[1])))
    res, fails = run_all(kmusim, [(k, wl, js, None) for k, wl, js in order], seed, jobs)
    failures += fails
    if failures:
        for f in failures:
            print(f)
        raise SystemExit(1)

    bg_alone = bg_span(res[("bg_alone",)]["json"])[0]
    t_iso = {}
    for ev in events:
        i = [x for x in res[("iso", ev[0])]["json"]["instances"] if x["kernel"] == ev[0]][0]
        t_iso[ev[0]] = i["turnaround"]
    rows = []
    for ev in events:
        for rate in RATES:
            for pol in POLICIES:
                r = res[(ev[0], rate, pol)]
                fg = figures(r["json"], ev[0], t_iso[ev[0]], bg_alone)
                fg.update({"event": ev[0], "rate": rate, "policy": pol,
                           "gap_mean": arr[(ev[0], rate)][1], "t_iso": t_iso[ev[0]],
                           "wall_s": round(r["wall"], 1)})
                rows.append(fg)
    by = {(r["event"], r["rate"], r["policy"]): r for r in rows}
    for r in rows:
        dr = by[(r["event"], r["rate"], "drain")]
        r["bg_vs_drain"] = r["bg_span"] / dr["bg_span"] if r["bg_span"] and dr["bg_span"] else None

    # averages over the event kernels (the per-SM study averages over its combinations)
    avg = []
    for rate in RATES:
        for pol in POLICIES:
            sel = [by[(ev[0], rate, pol)] for ev in events]
            a = {"rate": rate, "policy": pol}
            for k in ("ev_slow_mean", "bg_slow", "antt", "lat_mean", "lat_p99"):
                vals = [s[k] for s in sel if s[k] is not None]
                a[k] = mean(vals)
            avg.append(a)
    A = {(a["rate"], a["policy"]): a for a in avg}

    def ratio(rate, p1, p2, k):
        x, y = A[(rate, p2)][k], A[(rate, p1)][k]
        return x / y if x and y else None
    ratios = [
        ("low: event, preemption over draining", ratio("low", "warp", "drain", "ev_slow_mean"), "1.3x"),
        ("low: event, reservation over preemption", ratio("low", "reserve", "warp", "ev_slow_mean"), "2.3x"),
        ("low: background, preemption over reservation", ratio("low", "warp", "reserve", "bg_slow"), "1.3x"),
        ("high: event, preemption over draining", ratio("high", "warp", "drain", "ev_slow_mean"), "1.4x"),
        ("high: event, preemption over reservation", ratio("high", "warp", "reserve", "ev_slow_mean"), "2.8x"),
        ("high: background, draining over preemption", ratio("high", "drain", "warp", "bg_slow"), "1.3x"),
        ("high: background, reservation over preemption", ratio("high", "reserve", "warp", "bg_slow"), "1.2x"),
        ("high: ANTT, preemption over draining", ratio("high", "warp", "drain", "antt"), "1.4x"),
        ("high: ANTT, preemption over reservation", ratio("high", "warp", "reserve", "antt"), "2.7x"),
    ]

    # checks: per rate, the mean launch latency (averaged over the event kernels) of warp must
    # be below drain's; a reversal for a single event kernel is reported as a note
    for rate in RATES:
        w, d = A[(rate, "warp")]["lat_mean"], A[(rate, "drain")]["lat_mean"]
        if not (w is not None and d is not None and w < d):
            failures.append(f"CHECK: {rate} rate: warp mean launch latency {f2(w, 1)} is not "
                            f"below drain's {f2(d, 1)}")
    kernel_notes = []
    for ev in events:
        for rate in RATES:
            w, d = by[(ev[0], rate, "warp")], by[(ev[0], rate, "drain")]
            if not (w["lat_mean"] is not None and d["lat_mean"] is not None
                    and w["lat_mean"] < d["lat_mean"]):
                kernel_notes.append(f"note: {ev[0]} {rate}: warp mean launch latency "
                                    f"{f2(w['lat_mean'], 1)} is not below drain's "
                                    f"{f2(d['lat_mean'], 1)} (not a failure: the check is per "
                                    f"rate, averaged over the event kernels)")
    notes = kernel_notes
    for r in rows:
        if r["completed"] != r["events"]:
            failures.append(f"CHECK: {r['event']} {r['rate']} {r['policy']}: "
                            f"{r['completed']} of {r['events']} events completed")
        if not r["bg_busy_to_last_arrival"]:
            notes.append(f"note: {r['event']} {r['rate']} {r['policy']}: the background ended "
                         f"before the last event arrived")
    wall = time.time() - t0_wall

    cols = ["event", "rate", "policy", "events", "completed", "t_iso", "gap_mean",
            "ev_slow_mean", "ev_slow_p99", "lat_mean", "lat_p50", "lat_p99", "lat_max",
            "host_wait_max", "bg_span", "bg_slow", "bg_vs_drain", "antt", "warp_level",
            "warp_victims", "util", "cycles", "bg_busy_to_last_arrival", "wall_s"]
    with open(os.path.join(outdir, "system.csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join("" if r[c] is None else (f"{r[c]:.6g}" if isinstance(r[c], float)
                                                       else str(r[c])) for c in cols) + "\n")
    summary = {"tool": "studies/edge/system.py", "seed": seed, "quick": quick,
               "kmusim": kmusim, "config": config_line("drain") + " (reserve: " +
               config_line("reserve") + ")", "reserve_mask": RESERVE_MASK,
               "background": [dict(zip(("name", "regs", "cycles", "loads", "bar", "wb"), b))
                              for b in bg_kernels(quick)],
               "bg_grid": BG_GRID_QUICK if quick else BG_GRID,
               "bg_jitter_pct": BG_JITTER, "bg_alone_span": bg_alone,
               "events": [dict(zip(("name", "regs", "cycles"), e)) for e in events],
               "t_iso": t_iso, "event_window": [t_start, t_end],
               "rates_per_sm_gap_x_tiso": RATES, "runs": rows, "averages": avg,
               "ratios": [{"what": w, "ours": v, "paper": p} for w, v, p in ratios],
               "wall_s": round(wall, 1), "failures": failures, "notes": notes}
    with open(os.path.join(outdir, "system.json"), "w") as f:
        json.dump(summary, f, indent=1)

    M = [f"# EDGE Fig. 13 at system level (kmusim paper configuration, engine c, SEED={seed}"
         f"{', --quick' if quick else ''})", "",
         f"Background alone: {bg_alone} cycles; event window {t_start}..{t_end}; isolated "
         f"event turnaround " + ", ".join(f"{k} {v}" for k, v in t_iso.items()) +
         f" cycles; reserve = SM mask 0x{RESERVE_MASK:x}; warp = vpol 2 (best), opt 15.", "",
         "| event | rate | policy | events | ev slowdown mean / p99 | launch lat mean / p50 / p99 / max | bg slowdown (vs alone) | bg vs drain | ANTT | warp-level events | bg warps preempted |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        M.append(f"| {r['event']} | {r['rate']} | {r['policy']} | {r['events']} | "
                 f"{f2(r['ev_slow_mean'])} / {f2(r['ev_slow_p99'])} | "
                 f"{f2(r['lat_mean'], 1)} / {r['lat_p50']} / {r['lat_p99']} / {r['lat_max']} | "
                 f"{f2(r['bg_slow'], 3)} | {f2(r['bg_vs_drain'], 3)} | {f2(r['antt'])} | "
                 f"{r['warp_level']} | {r['warp_victims']} |")
    M += ["", f"Average over the event kernels ({', '.join(e[0] for e in events)}):", "",
          "| rate | policy | event slowdown | background slowdown | ANTT | launch lat mean | launch lat p99 |",
          "|---|---|---|---|---|---|---|"]
    for a in avg:
        M.append(f"| {a['rate']} | {a['policy']} | {f2(a['ev_slow_mean'])} | "
                 f"{f2(a['bg_slow'], 3)} | {f2(a['antt'])} | {f2(a['lat_mean'], 1)} | "
                 f"{f2(a['lat_p99'], 1)} |")
    M += ["", "| ratio (> 1: the first is better) | ours | paper |", "|---|---|---|"]
    for w, v, p in ratios:
        M.append(f"| {w} | {f2(v)}x | {p} |")
    finish(outdir, M, notes, failures, wall, "edge system study")


if __name__ == "__main__":
    main()
