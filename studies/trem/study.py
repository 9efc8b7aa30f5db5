#!/usr/bin/env python3
"""studies/trem/study.py - the TReM revocation study (make study-trem, issue 12 item 5,
docs/results-trem.md).

    python3 studies/trem/study.py --kmusim build/bin/kmusim-paper-c --out build/study-trem
                                  [--quick] [--jobs N] [--seed N] [--seeds N] [--mix-only]
                                  [--reuse] [--[no-]elastic]

Runs kmusim's paper configuration (16 SMs, engine c: the C twin of kmu_gpu with kmu_revoke
and every kmu_sm's drop engine) on generated workloads; every run's scoreboard must pass
(kmusim exit 0: no TB lost or duplicated, every completion flag once, revoked TBs dropped by
design, replayed kernels run once to completion), else the study fails.

  table2  TReM Table II analogue: a batch kernel of G TBs (G = 256 .. 65,536) and TB length L
          fills every SM (256 resident TBs: 16 per SM of 4 warps each, loads in flight); at
          cycle R, in the middle of its first wave, the host stops it by one of:
            revoke  `revoke batch at=R action=retire` (TR_CMD through the TReM window)
            drain   nothing: wait for the kernel to complete (asm(exit)'s cost: every thread
                    must finish)
            flag    the paper's flag-polling exit (Algorithm 1 without the trap): every TB
                    reads a flag at its start and exits at once if it is set.  Model: the
                    resident first wave runs to its end (it read the flag before R); the
                    TBs after it are a second kernel of G-256 TBs of 10 cycles and one
                    global load (the flag read), queued behind the first at a lower priority
          and the next kernel (class user, 16 TBs) is launched at R (revoke) or as soon as the
          host sees the batch complete (drain, flag: `after=`).  Measured: R -> the batch gone
          (revoke: TR_CMD accepted -> TR_RESULT.DONE, kmusim's revoke latency; drain, flag:
          its completion flag written) and R -> the next kernel's first TB start.
          late: the same revoke early in the fourth wave (grids of 4+ waves); t2mem: the
          revoke at memory latencies 100 .. 1,600 and without loads (where the cycles go).
  fig6    TReM Fig. 6 analogue: a user-facing kernel (prio 3, class user) arrives at R in the
          middle of a batch kernel's first wave; its response (launch accepted -> completion
          flag) over its stand-alone response, against the batch kernel's length (1 .. 16
          waves of 2,000-cycle TBs, one wave of 8,000 and 32,000), for:
            kernel          rgem=1: one kernel at a time (the paper's GPU: a kernel runs to
                            its end before another starts); no revocation
            kernel_revoke   rgem=1 and the driver retires the batch kernel at the arrival and
                            launches it again after the user kernel (a replay under rgem=1
                            hangs: docs/results-trem.md, Found by the study)
            tb              rgem=0: TB-level priority dispatch, no revocation: the user's TBs
                            take the SMs as batch TBs finish (draining TBs, not the kernel)
            revoke          rgem=0 and the driver revokes the batch kernel (action=replay) at
                            the user kernel's arrival: it found no room
  fig11b  TReM Fig. 11b analogue: 10 user kernels (seeded exponential arrivals) over a 24-wave
          batch kernel; the SLA met against the revocation latency, modelled as the driver's
          revoke written d cycles after each arrival (rgem=1, retire + relaunch), beside no
          revocation (rgem=1 and rgem=0).
  mix     TReM Fig. 7-9 analogue (studies/trem/mix.py, scripts/gen_workload.py trem_mix): the
          task mixes W1 (50:50) and W2 (80:20) of Table III's tasks, Pareto job durations,
          exponential arrivals, loads 0.25 .. 2.0, under Priority and Elastic, each with and
          without revocation: user-facing tasks meeting the SLA, revocations, wasted work,
          batch jobs' time to completion; and the mix's Fig. 11b analogue: W1 and W2 at load
          1.0 under Priority+TReM with the revocation latency raised by kmusim's pause_drain;
          and the starvation guard (TReM VII): Priority+TReM at loads 1.0 and 2.0 with
          TR_THRESH = mix.GUARD_THR (kmusim thresh=), replays per task capped, guard events.
          Target: every TReM curve at or above the paper's without-revocation curve.
Writes OUTDIR/{table2,table2_mem,fig6,fig11b,mix,mix_seeds,fig11b_mix,fig11a_mix,guard_mix}.csv,
OUTDIR/summary.md and OUTDIR/summary.json, keeps every workload (OUTDIR/wl/) and kmusim JSON
(OUTDIR/runs/).
Prints the issue's targets as PASS/FAIL lines (revocation latency <= 2,000 cycles, flat:
max/min <= 1.05 over the grids).  Exit 1 when a kmusim run fails or a run's result is not
what the scenario requires (a revoke not OK, fewer TBs dropped than were resident, a kernel
not completed); a missed target is a FAIL line and exit 1 as well, except the task mixes'
comparison with the paper's curve: TARGET MET / TARGET MISSED lines, reported, not fatal.
--quick: grids 256 and 1,024, one TB length, one Fig. 6 point, no Fig. 11b, one task-mix
point of 6 jobs, the same with the starvation guard (a task must reach it), and no mix target
(make test's smoke run through studies/trem/test_quick.sh, a few seconds: the flow and the
checks, not a result).
--elastic / --no-elastic: the mixes with or without the Elastic variants (default mix.ELASTIC).
--seeds N: the task mixes with the generator seeds SEED .. SEED+N-1 (default mix.SEEDS, or
MIX_SEEDS); each point prints the mean and min .. max over its seeds, its target MET or MISSED on
the mean, and how many seeds meet it.  --mix-only: the task mixes (and their probes) alone."""
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from kmusim_study import f2, run_all, study_args  # noqa: E402 (the shared study helpers)
import mix  # noqa: E402 (the task-mix part: Fig. 7-9 and the mix's Fig. 11b)

CONFIG = "config paper"
NSM = 16
TB_THREADS = 128               # 4 warps: 16 TBs fill an SM's 64 warp slots
RESIDENT = NSM * 16            # batch TBs resident on the full GPU
GRIDS = [256, 1024, 4096, 16384, 65536]
LENS = [2000, 8000]            # batch TB lengths (cycles, without memory stalls)
LENS_REVOKE_ONLY = [32000]     # revoke runs only: drain/flag would take too long to simulate
DRAIN_MAX_WAVES = {2000: 256, 8000: 16}   # the largest drain/flag runs simulated (waves)
BATCH_LOADS = 20               # global loads per 1000 TB cycles: memory in flight at the revoke
FLAG_CYCLES, FLAG_LOADS = 10, 100   # a flag-polling TB after the flag: 10 cycles, one load
MEM_LAT = [None, 100, 800, 1600]  # t2mem: the revoke at 4,096 TBs, L 2,000, memory latencies
NEXT = "kernel nxt grid=16 tb=128 regs=16 cycles=1000 host prio=3 class=user"
FIG6_WAVES = [1, 4, 16]
F6_MODES = ("kernel", "kernel_revoke", "tb", "revoke")
FIG6_LEN = 2000
FIG6B_LENS = [2000, 8000, 32000]   # fig6b: one wave of batch TBs this long
USER = "kernel user grid=64 tb=128 regs=16 cycles=1000 host prio=3 class=user loads=20"
# fig11b: a stream of user kernels over a replayed batch kernel, the revoke delayed by d
# arrivals, mean gap (cycles), batch waves (24 waves, about 106,000 cycles alone: the batch
# outlasts the stream, so every user kernel arrives while it runs)
F11_N, F11_GAP, F11_WAVES = 10, 9000, 24
USER_ALONE_NOMINAL = 2232     # cycles: the user kernel alone (checked against the measurement)
F11_BURST = 4000               # arrivals closer than this share one revoke and one relaunch
# the host relaunches a retired batch kernel this long after the revoke: after its completion
# (about 480 cycles), as a host that waits for the result does
F11_RELAUNCH = 1000
F11_SLA_X = 3                  # SLA = 3x the user kernel alone (the paper: 200 ms over 1..170 ms)
F11_D = [0, 0.1, 0.5, 1, 2]    # revoke delay d in SLAs (the paper's 22 ms is 0.11 SLA)
# paper, Table II (ms): process kill, asm(exit), TReM per <blocks, threads> kernel
PAPER_T2 = [(256, 3000, 130, 22), (1024, 3000, 195, 22), (4096, 3000, 600, 22),
            (16384, 3000, 1430, 22)]
TARGET_CYCLES, TARGET_FLAT = 2000, 1.05


def rpoint(L):
    """the revoke / arrival cycle: the first wave (256 TBs, one start a cycle) is resident and
    half way through its TB length"""
    return 700 + L // 2


def grid(G):
    """a grid of G TBs: one dimension up to 65,535 (kmusim's limit per dimension), else two
    (G a multiple of 256)"""
    return str(G) if G <= 65535 else f"256,{G // 256}"


def batch_line(name, G, L, prio=0, cycles=None, loads=BATCH_LOADS):
    return (f"kernel {name} grid={grid(G)} tb={TB_THREADS} regs=16 cycles={cycles or L} host "
            f"prio={prio} class=batch loads={loads}")


def rlate(L):
    """the late revoke: about three waves later (a TB with its loads takes about 2.2 L), early
    in the fourth wave, when the TBs' phases have spread"""
    return rpoint(L) + 6 * L


def wl_table2(mode, G, L, mem=None, loads=BATCH_LOADS):
    R = rlate(L) if mode == "late" else rpoint(L)
    lines = [CONFIG + ("" if mem is None else f" mem_latency={mem}")]
    if mode == "flag":
        head = min(G, RESIDENT)
        lines += [batch_line("batch", head, L, prio=1), NEXT]
        tail = G - head
        if tail:
            lines.insert(2, batch_line("tail", tail, L, prio=0, cycles=FLAG_CYCLES,
                                       loads=FLAG_LOADS))
        lines += ["launch batch at=0 name=batch"] + (["launch tail at=1 name=tail"] if tail else [])
        lines += [f"launch nxt at={R} after={'tail' if tail else 'batch'}"]
    else:
        lines += [batch_line("batch", G, L, loads=loads), NEXT, "launch batch at=0 name=batch"]
        if mode in ("revoke", "late"):
            lines += [f"revoke batch at={R} action=retire", f"launch nxt at={R}"]
        else:
            lines += [f"launch nxt at={R} after=batch"]
    return "\n".join(lines) + "\n"


def wl_fig6(mode, waves, L=FIG6_LEN):
    R = rpoint(L)
    cfg = CONFIG + (" rgem=1" if mode in ("kernel", "kernel_revoke") else "")
    lines = [cfg, batch_line("batch", waves * RESIDENT, L), USER, "launch batch at=0"]
    if mode == "revoke":
        lines += [f"revoke batch at={R} action=replay"]
    if mode == "kernel_revoke":     # retire, and the host launches the batch again after user
        lines += [f"revoke batch at={R} action=retire", f"launch user at={R} name=u",
                  f"launch batch at={R + F11_RELAUNCH} after=u"]
    else:
        lines += [f"launch user at={R}"]
    return "\n".join(lines) + "\n"


def f11_arrivals(seed):
    """F11_N seeded exponential arrival cycles from the first wave's middle on"""
    rng = random.Random(1000 + seed)
    t, out = float(rpoint(FIG6_LEN)), []
    for _ in range(F11_N):
        out.append(int(t))
        t += rng.expovariate(1.0 / F11_GAP)
    return out


def wl_fig11(mode, arr, d=None):
    """mode kernel / tb: no revocation; revoke: the host's driver retires the running batch
    kernel d cycles after a user kernel arrives and launches it again (TReM's replay from the
    host) once the user kernels are done, except after the last burst (the stream ends).
    Arrivals closer than F11_BURST cycles (about a user kernel's response: the previous one
    still runs) form a burst: one revoke at the burst's
    first arrival + d, one relaunch after its last user kernel has completed, and at least
    F11_RELAUNCH cycles after the revoke (a revoke names the kernel's latest launch issued)"""
    cfg = CONFIG + (" rgem=1" if mode in ("kernel", "revoke") else "")
    ev = [(0, 0, "launch batch at=0")]
    bursts = []
    for i, t in enumerate(arr):
        ev.append((t, 1, f"launch user at={t} name=u{i}"))
        if bursts and t - arr[bursts[-1][-1]] < F11_BURST:
            bursts[-1].append(i)
        else:
            bursts.append([i])
    if mode == "revoke":
        for j, b in enumerate(bursts):
            t = arr[b[0]] + d
            ev.append((t, 2, f"revoke batch at={t} action=retire"))
            if j + 1 < len(bursts):     # the stream ends with the last burst: no relaunch
                t2 = max(t + F11_RELAUNCH, arr[b[-1]])   # after= names an earlier line
                ev.append((t2, 3, f"launch batch at={t2} after=u{b[-1]}"))
    ev.sort(key=lambda e: (e[0], e[1]))
    return "\n".join([cfg, batch_line("batch", F11_WAVES * RESIDENT, FIG6_LEN), USER] +
                     [e[2] for e in ev]) + "\n"


def wl_alone():
    return "\n".join([CONFIG, USER, "launch user at=0"]) + "\n"


def insts(js, kernel):
    """the kernel's instances in the run's JSON (by kernel name)"""
    return [i for i in js["instances"] if i.get("kernel") == kernel]


def revokes(js):
    """kmusim's revoke records (docs/kmusim.md, Metrics: revokes)"""
    return js.get("revokes") or []


def rv_latency(r):
    """TR_CMD accepted -> TR_RESULT.DONE in cycles, from one revoke record"""
    for k in ("latency", "revoke_latency"):
        if r.get(k) is not None:
            return r[k]
    if r.get("accepted") is not None and r.get("done") is not None:
        return r["done"] - r["accepted"]
    return None


def rv_accepted(r):
    return r.get("accepted")


def main():
    ap = study_args(__doc__)
    ap.add_argument("--seeds", type=int,
                    default=int(os.environ.get("MIX_SEEDS", str(mix.SEEDS))),
                    help="task-mix generator seeds per point: SEED .. SEED+N-1")
    ap.add_argument("--variants", default=None,
                    help="development: the task-mix variants to run (comma list of prio, "
                    "prio_tr, el, el_tr; default all)")
    ap.add_argument("--mix-only", action="store_true",
                    help="the task mixes alone (no Table II, Fig. 6, manual Fig. 11b)")
    ap.add_argument("--elastic", dest="elastic", action="store_true", default=mix.ELASTIC,
                    help="the task mixes with the Elastic variants (default: mix.ELASTIC)")
    ap.add_argument("--no-elastic", dest="elastic", action="store_false",
                    help="the task mixes without the Elastic variants")
    a = ap.parse_args()
    t0 = time.time()
    out = a.out
    for d in ("wl", "runs"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    grids = [] if a.mix_only else [256, 1024] if a.quick else GRIDS
    lens = [] if a.mix_only else [2000] if a.quick else LENS
    lens_rv = [] if a.quick or a.mix_only else LENS_REVOKE_ONLY
    waves6 = [] if a.mix_only else [1] if a.quick else FIG6_WAVES
    lens6b = [] if a.quick or a.mix_only else FIG6B_LENS[1:]
    seeds = [a.seed] if a.quick else list(range(a.seed, a.seed + max(1, a.seeds)))

    runs, cost = [], {}

    def add(key, text, est=1, extra=()):
        cost[key] = est
        name = "_".join(key)
        wl = os.path.join(out, "wl", name + ".wl")
        try:
            with open(wl) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:            # unchanged: keep its time stamp (--reuse)
            with open(wl, "w") as f:
                f.write(text)
        runs.append((key, wl, os.path.join(out, "runs", name + ".json"), None, extra))

    for L in lens + lens_rv:
        for G in grids:
            for mode in ("revoke", "late", "drain", "flag"):
                if mode in ("drain", "flag") and (L in lens_rv or
                                                  G // RESIDENT > DRAIN_MAX_WAVES[L]):
                    continue
                if mode == "late" and (L in lens_rv or G < 4 * RESIDENT):
                    continue
                add(("t2", mode, f"G{G}", f"L{L}"), wl_table2(mode, G, L),
                    G * L if mode == "drain" else G * 500 if mode == "flag" else
                    RESIDENT * rlate(L) if mode == "late" else L)
    mems = [] if a.quick or a.mix_only else MEM_LAT
    for m in mems:              # None: no loads at all, at the default memory latency
        add(("t2mem", f"M{m}"), wl_table2("revoke", 4096, 2000, mem=m if m else None,
                                          loads=0 if m is None else BATCH_LOADS))
    for w in waves6:
        for mode in F6_MODES:
            add(("f6", mode, f"W{w}"), wl_fig6(mode, w), w * RESIDENT * FIG6_LEN)
    for L in lens6b:
        for mode in F6_MODES:
            add(("f6", mode, "W1", f"L{L}"), wl_fig6(mode, 1, L), RESIDENT * L)
    if not a.mix_only:
        add(("f6", "alone"), wl_alone())
    arr = f11_arrivals(a.seed)
    # the SLA from the user kernel alone measured by the first run of this study (below);
    # the delays need it before any run: use the nominal 2,232-cycle figure of the paper
    # configuration, checked against the measurement after the runs
    sla = F11_SLA_X * USER_ALONE_NOMINAL
    f11_modes = [] if a.quick or a.mix_only else \
        [("kernel", None), ("tb", None)] + [("revoke", int(x * sla)) for x in F11_D]
    for mode, d in f11_modes:
        add(("f11", mode) + (() if d is None else (f"d{d}",)), wl_fig11(mode, arr, d),
            F11_N * F11_GAP * RESIDENT)

    # ---- the task mixes (mix.py): Fig. 7-9 and the mix's Fig. 11b ----
    mvars = [v for v, _, _ in mix.VARIANTS if (a.elastic or not v.startswith("el")) and
             (a.variants is None or v in a.variants.split(","))]
    # cost: about 120 per cycle in the units above (65,536 TBs of 2,000 cycles: 1.07M cycles)
    mjobs = mix.plan(seeds, a.quick, mvars,
                     lambda k, t, lim, ex: add(k, t, 30 * lim, ex))
    mix.probes([] if a.quick else mix.F11_DRAIN, add)
    # the longest runs first (drain and flag of the largest grids), so that the two
    # workers finish together
    runs.sort(key=lambda r: -cost.get(r[0], 1))
    print(f"study-trem: {len(runs)} kmusim runs (paper configuration, engine c), "
          f"{a.jobs} at a time", flush=True)
    res, failures = run_all(a.kmusim, runs, a.seed, a.jobs, reuse=a.reuse)

    def js(key):
        r = res.get(key)
        return r["json"] if r and r["rc"] == 0 else None

    # ---- Table II ----
    t2 = []
    for L in lens + lens_rv:
        for G in grids:
            row = {"grid": G, "tb_cycles": L, "R": rpoint(L)}
            for mode in ("revoke", "late", "drain", "flag"):
                d = js(("t2", mode, f"G{G}", f"L{L}"))
                row[mode + "_gone"] = row[mode + "_next"] = None
                if d is None:
                    continue
                nx = insts(d, "nxt")
                if len(nx) != 1 or nx[0].get("completed") is None:
                    failures.append(f"table2 {mode} G={G} L={L}: the next kernel did not "
                                    f"complete")
                    continue
                if mode in ("revoke", "late"):
                    rv = revokes(d)
                    if len(rv) != 1 or rv[0].get("status") not in ("OK", 0):
                        failures.append(f"table2 {mode} G={G} L={L}: revoke records {rv}")
                        continue
                    acc = rv_accepted(rv[0])
                    row[mode + "_gone"] = rv_latency(rv[0])
                    row[mode + "_next"] = nx[0]["first_dispatch"] - acc
                    row[mode + "_dropped"] = rv[0].get("tbs_dropped")
                    if mode == "revoke" and row["revoke_dropped"] != min(G, RESIDENT):
                        failures.append(f"table2 revoke G={G} L={L}: {row['revoke_dropped']} "
                                        f"TBs dropped, expected {min(G, RESIDENT)} resident")
                    b = insts(d, "batch")
                    if any(i.get("completed") is not None for i in b):
                        failures.append(f"table2 {mode} G={G} L={L}: the retired batch kernel "
                                        f"wrote a completion flag")
                else:
                    last = "tail" if mode == "flag" and G > RESIDENT else "batch"
                    b = insts(d, last)
                    if len(b) != 1 or b[0].get("completed") is None:
                        failures.append(f"table2 {mode} G={G} L={L}: {last} did not complete")
                        continue
                    row[mode + "_gone"] = b[0]["completed"] - row["R"]
                    row[mode + "_next"] = nx[0]["first_dispatch"] - row["R"]
            t2.append(row)

    # ---- revocation latency against the memory latency ----
    tm = []
    for m in mems:
        d = js(("t2mem", f"M{m}"))
        rv = revokes(d) if d else []
        if d is None or len(rv) != 1 or rv[0].get("status") != 0:
            failures.append(f"t2mem M={m}: revoke records {rv}")
            continue
        nx = insts(d, "nxt")[0]
        tm.append({"mem_latency": m or 400, "loads": 0 if m is None else BATCH_LOADS,
                   "gone": rv_latency(rv[0]), "next": nx["first_dispatch"] - rv[0]["accepted"]})
    if mems:    # the paper configuration's 400 cycles, from the main table
        r0 = next((r for r in t2 if r["grid"] == 4096 and r["tb_cycles"] == 2000), None)
        if r0:
            tm.append({"mem_latency": 400, "loads": BATCH_LOADS, "gone": r0["revoke_gone"],
                       "next": r0["revoke_next"]})
        tm.sort(key=lambda r: (r["loads"], r["mem_latency"]))

    # ---- Fig. 6 ----
    alone = js(("f6", "alone"))
    t_alone = None
    if alone:
        u = insts(alone, "user")
        t_alone = u[0]["turnaround"] if u and u[0].get("turnaround") else None
    f6 = []
    for w, L in [(w, FIG6_LEN) for w in waves6] + [(1, L) for L in lens6b]:
        row = {"waves": w, "batch_tbs": w * RESIDENT, "tb_cycles": L}
        for mode in F6_MODES:
            key = ("f6", mode, f"W{w}") + (() if L == FIG6_LEN else (f"L{L}",))
            d = js(key)
            row[mode] = row[mode + "_norm"] = None
            if d is None:
                continue
            u, b = insts(d, "user"), insts(d, "batch")
            if len(u) != 1 or u[0].get("turnaround") is None or \
                    b[-1].get("completed") is None:
                failures.append(f"fig6 {mode} W={w} L={L}: user or batch did not complete")
                continue
            row[mode] = u[0]["turnaround"]
            row[mode + "_norm"] = row[mode] / t_alone if t_alone else None
            if mode == "kernel":    # the batch alone's length: its completion, in this run
                row["batch_cycles"] = b[0]["completed"] - b[0]["accepted"]
            if mode in ("revoke", "kernel_revoke"):
                rv = revokes(d)
                if len(rv) != 1 or rv[0].get("status") not in ("OK", 0):
                    failures.append(f"fig6 {mode} W={w} L={L}: revoke records {rv}")
        f6.append(row)

    # ---- Fig. 11b ----
    f11 = []
    if t_alone is not None and abs(t_alone - USER_ALONE_NOMINAL) > USER_ALONE_NOMINAL // 20:
        failures.append(f"fig11b: the user kernel alone took {t_alone} cycles, the SLA assumes "
                        f"{USER_ALONE_NOMINAL} (update USER_ALONE_NOMINAL)")
    for mode, d in f11_modes:
        d_ = js(("f11", mode) + (() if d is None else (f"d{d}",)))
        row = {"mode": mode, "delay": d, "delay_sla": None if d is None else d / sla}
        if d_ is None:
            f11.append(row)
            continue
        u = insts(d_, "user")
        resp = [i["turnaround"] for i in u if i.get("turnaround") is not None]
        b = insts(d_, "batch")      # every launch of it: retired ones have no completion
        if len(resp) != len(arr) or \
                any(i.get("completed") is None and not i.get("retired") for i in b):
            failures.append(f"fig11b {mode} d={d}: {len(resp)}/{len(arr)} user kernels "
                            f"complete, or a batch launch neither completed nor retired")
        st = {}
        for r in revokes(d_):
            st[r.get("status_name")] = st.get(r.get("status_name"), 0) + 1
        row.update({"met_pct": 100.0 * sum(x <= sla for x in resp) / max(1, len(resp)),
                    "resp_mean": sum(resp) / max(1, len(resp)), "resp_max": max(resp or [0]),
                    "revokes": ";".join(f"{k}:{v}" for k, v in sorted(st.items())),
                    "batch_launches": len(b),
                    "batch_completed": sum(i.get("completed") is not None for i in b)})
        f11.append(row)

    # ---- task mixes (Fig. 7-9) and the mix's Fig. 11b ----
    srows = [mix.analyse(k, js(k), jl, failures) for k, jl in mjobs.items()]
    mrows = mix.aggregate(srows)        # one row per point: mean, min .. max over the seeds
    probe = {}
    for d in ([] if a.quick else mix.F11_DRAIN):
        dj = js(("mixprobe", f"D{d}"))
        rv = revokes(dj) if dj else []
        if len(rv) != 1 or rv[0].get("status") != 0:
            failures.append(f"mix probe pause_drain={d}: revoke records {rv}")
        else:
            probe[d] = rv_latency(rv[0])
    mf11 = []
    for v in [mix.F11_VARIANT] if not a.quick else []:
        for d in mix.F11_DRAIN:
            met = {r["mix"]: r.get("sla_met_pct") for r in mrows if r["variant"] == v and
                   r["load"] == mix.F11_LOAD and r["pause_drain"] == d and mix.plain(r)}
            ok = [met.get(m) for m in mix.MIXES if met.get(m) is not None]
            rng = {r["mix"]: (r.get("sla_met_pct_min"), r.get("sla_met_pct_max"))
                   for r in mrows if r["variant"] == v and r["load"] == mix.F11_LOAD and
                   r["pause_drain"] == d and mix.plain(r)}
            mf11.append({"variant": v, "pause_drain": d, "latency": probe.get(d),
                         "latency_ms": None if probe.get(d) is None else
                         probe[d] / mix.gw.TREM_CYC_PER_MS,
                         **{f"met_{m}": met.get(m) for m in mix.MIXES},
                         **{f"met_{m}_range": rng.get(m, (None, None)) for m in mix.MIXES},
                         "violations_pct": 100 - sum(ok) / len(ok) if len(ok) == len(mix.MIXES)
                         else None})

    # ---- Fig. 11a: violations against the number of paper GPUs (load 1.0, W1 and W2 averaged)
    mf11a = []
    for v in [v for v in mix.F11A_VARIANTS if v in mvars] if not a.quick else []:
        for g in mix.F11A_GPUS:
            pr = {r["mix"]: r for r in mrows if r["variant"] == v and r["load"] == mix.F11_LOAD
                  and not r["pause_drain"] and r["gpus"] == g and not r["thresh"] and
                  (g != mix.gw.TREM_GPUS or r["batch_out"] == mix.gw.TREM_BATCH_OUT)}
            met = {m: pr[m].get("sla_met_pct") for m in pr if not pr[m].get("failed")}
            ok = [met[m] for m in mix.MIXES if met.get(m) is not None]
            mf11a.append({"variant": v, "gpus": g, "sms_per_gpu": 16 // g,
                          **{f"met_{m}": met.get(m) for m in mix.MIXES},
                          **{f"met_{m}_range": (pr[m].get("sla_met_pct_min"),
                                                pr[m].get("sla_met_pct_max")) if m in pr
                             else (None, None) for m in mix.MIXES},
                          **{f"rev_{m}": pr[m].get("revocations") if m in pr else None
                             for m in mix.MIXES},
                          "violations_pct": 100 - sum(ok) / len(ok) if len(ok) == len(mix.MIXES)
                          else None})

    # ---- the starvation guard: its points beside the same ones without it ----
    mg = [r for r in mrows if r["variant"] == mix.GUARD_VARIANT and r["load"] in mix.GUARD_LOADS
          and not r["pause_drain"] and r["batch_out"] == mix.gw.TREM_BATCH_OUT and
          r["gpus"] == mix.gw.TREM_GPUS and any(x["thresh"] for x in mrows)]
    mg.sort(key=lambda r: (r["mix"], r["load"], r["thresh"]))
    if a.quick and not any(r["thresh"] and r.get("guarded") for r in mg):
        failures.append("the starvation guard's smoke point: no task reached TR_THRESH (kmusim "
                        "thresh= not written, or the guard not acting)")

    # ---- write ----
    def csv(name, rows):
        if not rows:
            return
        keys = list(rows[0].keys())
        for r in rows:
            keys += [k for k in r if k not in keys]
        with open(os.path.join(out, name), "w") as f:
            f.write(",".join(keys) + "\n")
            for r in rows:
                f.write(",".join("" if r.get(k) is None else str(r[k]) for k in keys) + "\n")

    csv("table2.csv", t2)
    csv("fig6.csv", f6)
    csv("table2_mem.csv", tm)
    csv("fig11b.csv", f11)
    csv("mix.csv", [{k: v for k, v in r.items() if k != "met"} for r in mrows])
    csv("mix_seeds.csv", srows)
    csv("fig11b_mix.csv", mf11)
    csv("fig11a_mix.csv", [{k: v for k, v in r.items() if not k.endswith("_range")}
                           for r in mf11a])
    csv("guard_mix.csv", [{k: v for k, v in r.items() if k != "met"} for r in mg])

    def c(x):
        return "-" if x is None else f"{x:,}"

    md = ["# TReM study (make study-trem)" + (" -- QUICK (smoke test, not a result)"
                                               if a.quick else ""), "",
          f"kmusim paper configuration, engine c, seed {a.seed}. Cycles.", "",
          "## Table II analogue: R -> batch kernel gone / -> next kernel's first TB", "",
          "| grid (TBs) | TB cycles | revoke: gone | revoke: next | late revoke: gone / next "
          "(TBs dropped) | drain: gone | drain: next | flag: gone | flag: next |",
          "|---|---|---|---|---|---|---|---|---|"]
    for r in t2:
        late = "-" if r["late_gone"] is None else \
            f"{c(r['late_gone'])} / {c(r['late_next'])} ({r['late_dropped']})"
        md.append(f"| {r['grid']:,} | {r['tb_cycles']:,} | {c(r['revoke_gone'])} | "
                  f"{c(r['revoke_next'])} | {late} | {c(r['drain_gone'])} | "
                  f"{c(r['drain_next'])} | {c(r['flag_gone'])} | {c(r['flag_next'])} |")
    if tm:
        md += ["", "## Revocation latency against the memory latency (4,096 TBs, TB 2,000 "
               "cycles)", "", "| memory latency | loads / 1000 cycles | gone | next |",
               "|---|---|---|---|"]
        md += [f"| {r['mem_latency']:,} | {r['loads']} | {c(r['gone'])} | {c(r['next'])} |"
               for r in tm]
    md += ["", "## Fig. 6 analogue: user-facing response / stand-alone, against batch length",
           "", f"user kernel alone: {c(t_alone)} cycles (launch accepted -> completion flag)",
           "", "| batch waves | batch TBs | TB cycles | batch cycles (alone) | kernel-at-a-time | "
           "kernel-at-a-time + revoke | TB-level priority | TB-level + revoke |",
           "|---|---|---|---|---|---|---|---|"]
    for r in f6:
        md.append(f"| {r['waves']} | {r['batch_tbs']:,} | {r['tb_cycles']:,} | "
                  f"{c(r.get('batch_cycles'))} | "
                  f"{f2(r['kernel_norm'])} | {f2(r['kernel_revoke_norm'])} | {f2(r['tb_norm'])} | "
                  f"{f2(r['revoke_norm'])} |")

    md += [] if not f11 else [
           "", "## Fig. 11b analogue: user kernels meeting the SLA against the revocation latency",
           "", f"{len(arr)} user kernels, seeded exponential gaps of mean {F11_GAP:,} "
           f"cycles, over a {F11_WAVES}-wave batch kernel; SLA {sla:,} cycles "
           f"({F11_SLA_X}x the user kernel alone)", "",
           "| mode | revoke delay (cycles) | delay / SLA | SLA met % | response mean | "
           "response max | revoke statuses | batch launches | batch launches completed |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in f11:
        md.append(f"| {r['mode']} | {c(r['delay'])} | {f2(r['delay_sla'])} | "
                  f"{f2(r.get('met_pct'), 0)} | "
                  f"{c(round(r['resp_mean'])) if r.get('resp_mean') else '-'} | "
                  f"{c(r.get('resp_max'))} | {r.get('revokes') or '-'} | "
                  f"{r.get('batch_launches', '-')} | "
                  f"{r.get('batch_completed', '-')} |")

    vlabel = {v: lab for v, lab, _ in mix.VARIANTS}

    def mr(r, f, n=1):
        """a point's mean and, over several seeds, its min .. max"""
        if r.get(f) is None:
            return "-"
        fm = (lambda x: f"{x:,.{n}f}")
        if r["seeds_ok"] < 2 or r[f + "_min"] == r[f + "_max"]:
            return fm(r[f])
        return f"{fm(r[f])} ({fm(r[f + '_min'])}..{fm(r[f + '_max'])})"

    def pmet(r, ref):
        """MET / MISSED on the mean against ref, and how many seeds meet it"""
        if r.get("failed") or r.get("sla_met_pct") is None:
            return "FAILED"
        k = sum(x >= ref for x in r["met"])
        return f"{'MET' if r['sla_met_pct'] >= ref else 'MISSED'} ({k}/{r['seeds']})"
    srange = f"{seeds[0]}" if len(seeds) == 1 else f"{seeds[0]}..{seeds[-1]}"
    if mrows:
        md += ["", "## Fig. 7-9 analogue: task mixes (scripts/gen_workload.py trem_mix)", "",
               f"{mix.NJOBS if not a.quick else 6} jobs per run, generator seeds {srange}: "
               f"each cell the mean over the seeds and (min..max) where they differ; SLA "
               f"{mix.gw.TREM_SLA:,} cycles (200 ms at {mix.gw.TREM_CYC_PER_MS} cycles per "
               f"paper ms); a paper GPU = {mix.gw.TREM_SM_PER_GPU} SMs. vs paper: the mean "
               f"against the paper's without-TReM curve (TReM variants), seeds meeting it", "",
               "| mix | load | offered (user %) | policy | user tasks | SLA met % | paper w/o "
               "TReM | vs paper | response p50 / p99 | revocations | wasted work % | batch "
               "time / alone p50 / p99 |", "|---" * 12 + "|"]
        for r in mrows:
            if r["pause_drain"] or not mix.plain(r):
                continue
            if r.get("failed"):
                md.append(f"| {r['mix']} | {r['load']} | - | {vlabel[r['variant']]} | FAILED "
                          f"(a kmusim run failed or hit its cycle limit) | | | | | | | |")
                continue
            ref = mix.PAPER_NO_TR[r['mix']].get(r['load'])
            md.append(f"| {r['mix']} | {r['load']} | {f2(r['offered'])} "
                      f"({f2(r['user_share_pct'], 0)}) | {vlabel[r['variant']]} | "
                      f"{mr(r, 'user_tasks', 0)} | {mr(r, 'sla_met_pct')} | "
                      f"{'-' if ref is None else ref} | "
                      f"{pmet(r, ref) if r['variant'].endswith('_tr') and ref else '-'} | "
                      f"{c(round(r['resp_p50']))} / {c(round(r['resp_p99']))} | "
                      f"{mr(r, 'revocations')} | {mr(r, 'wasted_pct')} | "
                      f"{f2(r['batch_slow_p50'])} / {f2(r['batch_slow_p99'])} |")
    mq = [r for r in mrows if r["batch_out"] != mix.gw.TREM_BATCH_OUT and
          r["gpus"] == mix.gw.TREM_GPUS and not r["thresh"]]
    if mq:
        md += ["", f"## The hardware queue: {mix.Q_DEEP} batch tasks in the hardware instead of "
               f"{mix.gw.TREM_BATCH_OUT} (load {mix.Q_LOAD}; seeds {srange})", "",
               "| mix | policy | user tasks | SLA met % | revocations | wasted work % | "
               "batch time / alone p50 / p99 |", "|---|---|---|---|---|---|---|"]
        for r in mq:
            md.append(f"| {r['mix']} | {vlabel[r['variant']]} | {mr(r, 'user_tasks', 0)} | "
                      f"{mr(r, 'sla_met_pct')} | {mr(r, 'revocations')} | "
                      f"{mr(r, 'wasted_pct')} | {f2(r.get('batch_slow_p50'))} / "
                      f"{f2(r.get('batch_slow_p99'))} |")
    if mg:
        md += ["", f"## The starvation guard: {vlabel[mix.GUARD_VARIANT]} with TR_THRESH "
               f"{mix.GUARD_THR} beside no guard (seeds {srange})", "",
               "| mix | load | TR_THRESH | user tasks | SLA met % | revocations | most replays of "
               "one task | tasks guarded (guard events) | wasted work % | batch time / alone "
               "p50 / p99 |", "|---" * 10 + "|"]
        for r in mg:
            md.append(f"| {r['mix']} | {r['load']} | {r['thresh'] or '0 (off)'} | "
                      f"{mr(r, 'user_tasks', 0)} | {mr(r, 'sla_met_pct')} | "
                      f"{mr(r, 'revocations')} | {mr(r, 'max_replays', 0)} | "
                      f"{mr(r, 'guarded')} | {mr(r, 'wasted_pct')} | "
                      f"{f2(r.get('batch_slow_p50'))} / {f2(r.get('batch_slow_p99'))} |")

    def rg(r, m):
        lo, hi = r[f"met_{m}_range"]
        return f2(r.get(f"met_{m}"), 1) + ("" if lo is None or lo == hi else
                                           f" ({lo:.1f}..{hi:.1f})")
    if mf11:
        md += ["", "## Fig. 11b analogue: SLA violations against the revocation latency (mixes "
               f"at load {mix.F11_LOAD}; seeds {srange}, mean (min..max))", "",
               "| policy | pause_drain | revocation latency (cycles) | (paper ms) | SLA met W1 % | "
               "SLA met W2 % | violations % (mean) |", "|---|---|---|---|---|---|---|"]
        for r in mf11:
            md.append(f"| {vlabel[r['variant']]} | {r['pause_drain']} | {c(r['latency'])} | "
                      f"{f2(r['latency_ms'], 0)} | {rg(r, 'W1')} | "
                      f"{rg(r, 'W2')} | {f2(r['violations_pct'], 1)} |")

    if mf11a:
        md += ["", "## Fig. 11a analogue: SLA violations against the number of paper GPUs (mixes "
               f"at load {mix.F11_LOAD} for 4 GPUs; seeds {srange}, the GPU counts other than 4 on "
               f"the first {min(len(seeds), mix.F11A_SEEDS or len(seeds))}; mean (min..max))", "",
               "| policy | paper GPUs | SMs per GPU | SLA met W1 % | SLA met W2 % | revocations W1 / W2 "
               "| violations % (mean of W1, W2) |", "|---|---|---|---|---|---|---|"]
        for r in mf11a:
            md.append(f"| {vlabel[r['variant']]} | {r['gpus']} | {r['sms_per_gpu']} | {rg(r, 'W1')} | "
                      f"{rg(r, 'W2')} | {f2(r['rev_W1'], 1)} / {f2(r['rev_W2'], 1)} | "
                      f"{f2(r['violations_pct'], 1)} |")

    # ---- targets ----
    checks = []
    gone = [r[m + "_gone"] for r in t2 for m in ("revoke", "late") if r[m + "_gone"] is not None]
    nxt = [r[m + "_next"] for r in t2 for m in ("revoke", "late") if r[m + "_next"] is not None]
    if gone and nxt:
        worst = max(gone + nxt)
        checks.append((worst <= TARGET_CYCLES, f"trem.latency: worst revocation latency "
                       f"{worst} cycles (gone {max(gone)}, next TB {max(nxt)}) <= "
                       f"{TARGET_CYCLES}"))
        for L in lens + lens_rv:
            for what, col in (("gone", "_gone"), ("next TB", "_next")):
                v = [r[m + col] for r in t2 for m in ("revoke", "late")
                     if r["tb_cycles"] == L and r[m + col] is not None]
                if v:
                    fl = max(v) / max(1, min(v))
                    checks.append((fl <= TARGET_FLAT, f"trem.flat: TB {L} cycles, {what}: "
                                   f"max/min {max(v)}/{min(v)} = {fl:.3f} over grids "
                                   f"{grids[0]}..{grids[-1]}, first and fourth wave, "
                                   f"<= {TARGET_FLAT}"))
    elif not a.mix_only:
        failures.append("no revocation latency measured (does kmusim run `revoke`?)")
    # the task mixes: every TReM curve above the paper's without-revocation curve (mix.py says
    # how its numbers were read); not in the quick run (one smoke point, no curve).  Printed
    # as MET / MISSED target lines that do not fail the study: they compare a scaled model
    # with a paper's testbed (docs/results-trem.md says why each point differs); the runs'
    # own checks above still do
    targets = []
    for v in [v for v in mvars if v.endswith("_tr")] if not a.quick else []:
        for m in mix.MIXES:
            for ld in mix.LOADS:
                r = next((r for r in mrows if r["variant"] == v and r["mix"] == m and
                          r["load"] == ld and not r["pause_drain"] and mix.plain(r)), None)
                got = r.get("sla_met_pct") if r and not r.get("failed") else None
                ref = mix.PAPER_NO_TR[m][ld]
                k = sum(x >= ref for x in r["met"]) if r else 0
                targets.append((got is not None and got >= ref,
                                f"trem.sla_met: {vlabel[v]} {m} load {ld}: "
                                f"{f2(got, 1)} % of user-facing tasks meet the SLA (mean over "
                                f"{len(seeds)} seeds; {k} of {len(seeds)} seeds meet) >= "
                                f"{ref} % (the paper's Priority/Elastic without TReM)"))
    md += ["", "## Targets", ""] + [("PASS " if ok else "FAIL ") + t for ok, t in checks]
    md += [("TARGET MET    " if ok else "TARGET MISSED ") + t for ok, t in targets]
    wall = time.time() - t0
    md += ["", f"wall time {wall:.1f} s"] + [f"- {x}" for x in failures]
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"table2": t2, "table2_mem": tm, "fig6": f6, "fig11b": f11,
                   "mix": mrows, "mix_seeds": srows, "fig11b_mix": mf11, "fig11a_mix": mf11a, "guard_mix": mg, "mix_probe": probe,
                   "user_alone": t_alone, "quick": a.quick,
                   "seed": a.seed, "mix_seed_list": seeds, "checks": [{"ok": ok, "text": t} for ok, t in checks],
                   "targets": [{"met": ok, "text": t} for ok, t in targets],
                   "failures": failures}, f, indent=1)
    print("\n".join(md))
    if failures or not all(ok for ok, _ in checks):
        print("study-trem: FAILED")
        return 1
    missed = sum(not ok for ok, _ in targets)
    print(f"study-trem: PASS ({wall:.1f} s wall)" +
          (f"; {missed} of {len(targets)} task-mix targets missed" if targets else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
