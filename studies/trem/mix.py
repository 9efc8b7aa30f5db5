"""studies/trem/mix.py - the task-mix part of the TReM study (make study-trem): TReM's Fig. 7-9
analogue (user-facing kernels meeting the SLA, revocations, wasted work, batch jobs' time to
completion against the load, for the mixes W1 50:50 and W2 80:20, Priority and Elastic with
and without revocation) and Fig. 11b analogue (SLA violations against the revocation latency,
a model parameter: kmusim's pause_drain).  The workloads come from
scripts/gen_workload.py trem_mix (the scale and the job model are written there); study.py
runs them with its other runs and calls the functions here.  docs/results-trem.md."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
import gen_workload as gw  # noqa: E402 (the mix generator)

LOADS = [0.25, 0.5, 1.0, 2.0]
MIXES = ["W1", "W2"]
NJOBS = 14                     # jobs per run (the paper: 30; the CPU budget of the study)
SEEDS = 3                      # generator seeds per point (the paper: 5): SEED, SEED+1, ...
# variants: (key, label, TReM on).  Without revocation = the same priorities (user-facing 3,
# batch 0) and, for Elastic, the same split; only the revocation is off (gen_workload.trem_mix)
# Elastic runs since kmu_dispatch's fix of its hang (a batch pick held when U = NSM: parked
# now); --no-elastic leaves it out
ELASTIC = True
VARIANTS = [("prio", "Priority", False), ("prio_tr", "Priority+TReM", True),
            ("el", "Elastic", False), ("el_tr", "Elastic+TReM", True)]
F11_LOAD = 1.0                 # the paper's Fig. 11b: W1 and W2 at load 1.0, averaged
F11_DRAIN = [0, 410, 910, 2410, 4910]   # pause_drain: revocations of about 90 .. 5,000 cycles
F11_VARIANT = "prio_tr"        # Fig. 11b's policy
Q_DEEP, Q_LOAD = 16, 2.0       # the deeper hardware queue: 16 batch tasks, at load 2.0
# the starvation guard (TReM VII, issue 12 item 3): Priority+TReM with TR_THRESH = GUARD_THR
# (kmusim config thresh=) at the loads where a batch kernel is revoked most often; the paper
# names no threshold value: 2 caps the loss at two replays of a task
GUARD_THR, GUARD_LOADS, GUARD_VARIANT = 2, [1.0, 2.0], "prio_tr"
# Fig. 11a: the same load-1.0 jobs (load relative to 4 paper GPUs) on 2 .. 16 paper GPUs: the
# engine is built for 16 SMs, so a paper GPU is 16 / GPUs SMs and a task as many TBs
# (gen_workload.trem_mix gpus=), the host keeping one batch task per GPU in the hardware;
# Elastic with and without revocation as in the paper's figure
F11A_GPUS = [2, 4, 8, 16]
F11A_VARIANTS = ("el", "el_tr")
# Fig. 11a's extra GPU counts run on the first F11A_SEEDS seeds only (MIX_F11A_SEEDS; default
# every seed): a 64-SM run costs about four times a 16-SM one per cycle
F11A_SEEDS = int(os.environ.get("MIX_F11A_SEEDS", "0")) or None
# MIX_EXTRAS=0 (development): without the mix's Fig. 11b latencies and the deeper queue
EXTRAS = os.environ.get("MIX_EXTRAS", "1") != "0"
ONLY_F11A = os.environ.get("MIX_ONLY_F11A", "0") == "1"   # development: Fig. 11a's runs alone
# The paper's without-revocation curve of Fig. 7 (Priority and Elastic without TReM, % of
# user-facing tasks meeting the SLA).  The figure itself is not in the text we have
# (../shared/papers/trem-task-revocation.txt); its numbers are the text's statements about it
# (VI-B.1): at 0.25 "more than 99%" for every policy (99); W1 "93% at load 1.0 and 92% at 2.0";
# W2 "90% of the tasks at load 1.0"; W2 at 2.0 from the conclusion's "88.8% of tasks under high
# load" (its workload unnamed); 0.5 is not stated: linear between 0.25 and 1.0.
PAPER_NO_TR = {"W1": {0.25: 99.0, 0.5: 97.0, 1.0: 93.0, 2.0: 92.0},
               "W2": {0.25: 99.0, 0.5: 96.0, 1.0: 90.0, 2.0: 88.8}}
# the paper's TReM curve from the same text: W1 99% at 1.0, 98% at 2.0; W2 98% at 1.0, 96% at
# 2.0; more than 99% at 0.25 (0.5: not stated)
PAPER_TR = {"W1": {0.25: 99.0, 1.0: 99.0, 2.0: 98.0}, "W2": {0.25: 99.0, 1.0: 98.0, 2.0: 96.0}}


def cycle_limit(jobs):
    """a run's cycle limit (kmusim --cycles): four times a generous estimate of its span (the
    last arrival plus every task's work on the 4 paper GPUs, plus the longest task), so that
    a hung run (kmusim's own no-progress check is 200,000 cycles of nothing moving) ends as a
    failed point instead of holding the study"""
    last = max(a for _, _, a, _, _ in jobs)
    work = sum(n * t for _, _, _, n, t in jobs)
    return 4 * (last + work // gw.TREM_GPUS + max(t for *_, t in jobs)) + 200000


def plan(seeds, quick, variants, add):
    """add every mix run, for every generator seed of `seeds`, through add(key, text, est,
    extra); returns {key: jobs}.  A key is ("mix", mix, "L<load>", variant, "S<seed>") and,
    for the Fig. 11b and deeper-queue points, "D<pause_drain>" or "Q<batch tasks>" """
    jobs = {}
    if quick:     # the smoke point: one overloaded run of few jobs, the flow and its checks,
        # and the same with the starvation guard (in it 4 tasks reach the threshold)
        pts = [("W1", 2.0, "prio_tr", 0), ("W1", 2.0, GUARD_VARIANT, ("T", GUARD_THR))]
        nj = 6
    else:
        pts = [(m, ld, v, 0) for m in MIXES for ld in LOADS for v in variants]
        pts += [(m, F11_LOAD, F11_VARIANT, d) for m in MIXES for d in F11_DRAIN if d
                if F11_VARIANT in variants and EXTRAS]
        # the deeper hardware queue (docs/results-trem.md, Found by the study)
        pts += [(m, Q_LOAD, v, -Q_DEEP) for m in MIXES for v in ("prio", "prio_tr")
                if v in variants and EXTRAS]
        pts += [(m, ld, GUARD_VARIANT, ("T", GUARD_THR)) for m in MIXES for ld in GUARD_LOADS
                if GUARD_VARIANT in variants and EXTRAS]
        nj = NJOBS
    # Fig. 11a's GPU counts other than the main points' 4 (their 4-GPU point is the main one)
    gpts = [] if quick else [(m, F11_LOAD, v, g) for m in MIXES for v in F11A_VARIANTS
                             if v in variants for g in F11A_GPUS if g != gw.TREM_GPUS]
    for seed in seeds:
        gp = gpts if seed in seeds[:F11A_SEEDS] else []
        for m, ld, v, d in ([] if ONLY_F11A else pts) + [(m, ld, v, ("G", g)) for m, ld, v, g in gp]:
            g = d[1] if isinstance(d, tuple) and d[0] == "G" else None
            thr = d[1] if isinstance(d, tuple) and d[0] == "T" else 0
            d = 0 if isinstance(d, tuple) else d
            text, jl = gw.trem_mix(seed, m, ld, nj, v, cost=COST if v == "el_tr" else 0,
                                   pause_drain=max(d, 0), batch_out=g or (-d if d < 0 else
                                   gw.TREM_BATCH_OUT), gpus=g)
            if thr:     # the guard: TR_THRESH written by kmusim at cycle 0
                text = "\n".join(ln + f" thresh={thr}" if ln.startswith("config ") else ln
                                 for ln in text.split("\n"))
            key = ("mix", m, f"L{ld}", v, f"S{seed}") + \
                ((f"D{d}",) if d > 0 else (f"Q{-d}",) if d else (f"G{g}",) if g else
                 (f"T{thr}",) if thr else ())
            jobs[key] = jl
            add(key, text, cycle_limit(jl),
                ("--cycles", str(cycle_limit(jl)), "--hang", "100000"))
    return jobs


# Elastic's TR_COST: the revocation latency of this configuration without loads in flight
# (the mix's kernels issue none): 88 cycles measured by probe D0 below; the paper's rule leaves
# a batch kernel whose estimated remaining time is below it
COST = 90


def probes(drains, add):
    """one TR_CMD revoke per pause_drain value: the revocation latency each Fig. 11b point
    stands for (kmusim's revoke latency, TR_CMD accepted -> completion), on a GPU full of
    batch TBs of the mix's shape (4 TBs of 1,024 threads, no loads)"""
    for d in drains:
        text = "\n".join([
            "config paper" + (f" pause_drain={d}" if d else ""),
            "kernel batch grid=64 tb=1024 regs=64 cycles=20000 host class=batch",
            "kernel nxt grid=4 tb=1024 regs=64 cycles=300 host prio=3 class=user",
            "launch batch at=0 name=batch", "revoke batch at=5000 action=replay",
            "launch nxt at=5000"]) + "\n"
        add(("mixprobe", f"D{d}"), text, 1, ())


def pct(v, p):
    """nearest-rank percentile p (0..100) of the list v (None when empty)"""
    if not v:
        return None
    v = sorted(v)
    return v[max(0, math.ceil(p / 100 * len(v)) - 1)]


def analyse(key, js, jl, failures):
    """one mix run's row: user-facing tasks meeting the SLA (response = completion flag -
    issue, the issue being when the host released it: its time and its after= dependency),
    revocations, wasted work, batch jobs' time to completion over their time alone"""
    ext = key[5] if len(key) > 5 else ""
    row = {"mix": key[1], "load": float(key[2][1:]), "variant": key[3],
           "seed": int(key[4][1:]),
           "pause_drain": int(ext[1:]) if ext[:1] == "D" else 0,
           "batch_out": int(ext[1:]) if ext[:1] in "QG" and ext else gw.TREM_BATCH_OUT,
           "gpus": int(ext[1:]) if ext[:1] == "G" else gw.TREM_GPUS,
           "thresh": int(ext[1:]) if ext[:1] == "T" else 0}
    if js is None:
        row["failed"] = True
        return row
    by = {}
    for i in js["instances"]:
        by.setdefault(i["kernel"], []).append(i)
    resp, useful, uwork, slow = [], 0, 0, []
    bad = 0
    for name, kind, arr, n, t in jl:
        ins = by.get(name, [])
        done = [i for i in ins if i.get("completed") is not None]
        if len(ins) != n or len(done) != n:
            bad += 1
            continue
        spg = 16 // row["gpus"]        # SMs a task holds (a paper GPU)
        useful += n * spg * t
        if kind == "user":
            uwork += n * spg * t
            resp += [i["completed"] - i["issued"] for i in done]
        else:
            alone = math.ceil(n / row["gpus"]) * t
            slow.append((max(i["completed"] for i in done) - arr) / alone)
    if bad:
        failures.append(f"{'/'.join(key)}: {bad} jobs with tasks not launched or not complete")
    # the automatic replays per batch task (instance; kmusim writes auto_replays per instance
    # since the guard's key): the guard caps them at its threshold, and each task that reaches
    # it is one guard event (TR_EVENTS.GUARD: the replay that reaches the threshold pulses it)
    reps = [i.get("auto_replays", 0) for i in js["instances"]]
    if row["thresh"] and max(reps, default=0) > row["thresh"]:
        failures.append(f"{'/'.join(key)}: a task replayed {max(reps)} times past the starvation "
                        f"guard's threshold {row['thresh']}")
    known = not js.get("auto_replays") or any("auto_replays" in i for i in js["instances"])
    row.update({"max_replays": max(reps, default=0) if known else None,   # None: an older kmusim
                "guarded": sum(x >= row["thresh"] for x in reps) if row["thresh"] else None})
    kt = {k["name"]: k.get("trem", {}) for k in js["kernels"]}
    dropped = sum(x.get("dropped_cycles", 0) for x in kt.values())
    revs = sum(x.get("replays", 0) for x in kt.values())
    last = max(a for _, _, a, _, _ in jl)
    row.update({
        "user_tasks": len(resp),
        "sla_met_pct": 100.0 * sum(x <= gw.TREM_SLA for x in resp) / max(1, len(resp)),
        "resp_p50": pct(resp, 50), "resp_p99": pct(resp, 99),
        "revocations": revs, "auto_replays": js.get("auto_replays"),
        "wasted_pct": 100.0 * dropped / max(1, useful),
        "batch_jobs": len(slow), "batch_slow_p50": pct(slow, 50), "batch_slow_p99": pct(slow, 99),
        # offered load as generated: the task work over the 4 paper GPUs' time to the last
        # arrival (Pareto draws of few jobs: not exactly the nominal load)
        "offered": useful / (16 // row["gpus"]) / gw.TREM_GPUS / last if last else None,
        "user_share_pct": 100.0 * uwork / max(1, useful),
        "cycles": js["cycles"]})
    return row


# the per-seed numbers a point averages (mean, and min .. max over its seeds)
AGG = ["sla_met_pct", "resp_p50", "resp_p99", "revocations", "wasted_pct", "batch_slow_p50",
       "batch_slow_p99", "offered", "user_share_pct", "user_tasks", "batch_jobs", "cycles",
       "max_replays", "guarded"]
POINT = ("mix", "load", "variant", "pause_drain", "batch_out", "gpus", "thresh")


def plain(r):
    """a point with the default hardware queue, 4 paper GPUs and no starvation guard (the main
    table's and Fig. 11b's; pause_drain is checked where it matters)"""
    return r["batch_out"] == gw.TREM_BATCH_OUT and r["gpus"] == gw.TREM_GPUS and not r["thresh"]


def aggregate(rows):
    """one row per point (POINT) over its seeds: every AGG field's mean, and its min and max as
    <field>_min, <field>_max; "seeds" the seeds run, "seeds_ok" those that did not fail,
    "met" the per-seed SLA-met percentages (in seed order); "failed" when any seed failed"""
    pts = {}
    for r in rows:
        pts.setdefault(tuple(r[k] for k in POINT), []).append(r)
    out = []
    for k, rs in pts.items():
        rs.sort(key=lambda r: r["seed"])
        ok = [r for r in rs if not r.get("failed")]
        a = dict(zip(POINT, k))
        a.update({"seeds": len(rs), "seeds_ok": len(ok), "failed": len(ok) != len(rs),
                  "met": [r["sla_met_pct"] for r in ok]})
        for f in AGG:
            v = [r[f] for r in ok if r.get(f) is not None]
            a[f] = sum(v) / len(v) if v else None
            a[f + "_min"] = min(v) if v else None
            a[f + "_max"] = max(v) if v else None
        out.append(a)
    return out
