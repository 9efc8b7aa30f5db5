#!/usr/bin/env python3
"""studies/gpupio/study.py - the GPUpIO study (make study-gpupio, issue 13 item 6,
docs/results-gpupio.md).

    python3 studies/gpupio/study.py --kmusim build/bin/kmusim-paper --out build/study-gpupio
                                    [--quick] [--jobs N] [--seed N] [--reuse] [--part all|model]

Runs kmusim's paper configuration (16 SMs, engine c: the C twin of kmu_gpu with kmu_yield_mon
and every kmu_sm's yield lane) on the workloads of studies/gpupio/gen.py (written to OUTDIR/wl/,
each run's JSON kept in OUTDIR/runs/).  Every TB holds a whole SM (gen.py says why), and the
I/O thread blocks are kmusim's (`io= rounds= yield=`, docs/workload-format.md): the device
writes a TB's flag I cycles after its request, every request on its own (requests overlap),
except in the model sweep, whose device serves one request at a time (`iodev_serial=1`, the
model's premise: a request's I cycles start when the previous request's end).

  calib   per context size (gen.SHAPES: 50, 115 and 197 KB of registers + shared memory): one
          yield onto an idle SM.  Measured: the save (the TB's paused cycles: pause -> evict,
          kernels[].preemption), the wake-up latency (the device's YIELD_SIGNAL write accepted
          -> the TB issuing again, kmusim's wake_lat), the restore time (kmu_ctx_engine's
          restore: B + 2D + 2 + W cycles, B = the restore's memory reads counted on the port, D
          the memory latency, W = 2 x the TB's warps the slot walk (on an idle SM its warps sit
          in adjacent slots from 0); docs/blocks/kmu_ctx_engine.md, asserted by its tests), and
          alpha = save + wake-up latency: the SM time one yield costs.
  model   section 3 (Fig. 1-2): B TBs of one I/O kernel on one SM (reserve: SM 0 only), one TB
          at a time, each computes C then waits I (rounds=1), without yield (it spins: the
          model's blocking I/O) and with yield(addr); C/I = 0.1 .. 10, I fixed, alpha by the
          context size; the device serves one request at a time (iodev_serial=1).  The
          measured speedup is the steady state's: (T_off(B2) - T_off(B1)) /
          (T_yield(B2) - T_yield(B1)), the time per extra TB (the fill and drain of a B-TB run
          cancel; the total-time ratio at B2 is printed too) beside the model's
          S = (I + C) / (max(I, C) + alpha) and the two-stage pipeline with alpha on the SM's
          stage, S_pipe = (I + C) / max(I, C + alpha).  Second row: the same with a device that
          overlaps requests (iodev_serial=0), beside S_par = (I + C) / (C + alpha); run for
          C < I only: with C >= I a request comes at least C >= I cycles after the previous one
          (the next TB starts after the previous one left the SM), so the serial device never
          queues and the runs are the serial ones, cycle for cycle.  The blocking runs have
          one request outstanding at a time: one set serves both devices.
  mixed   Fig. 6: 1 .. 10 I/O kernels (8 TBs, 4 rounds of 600 compute + 10,000 I/O: compute
          intensity 5.7 %, the paper's about 6 %) and fixed compute kernels (an SRAD-like chain
          of 4 kernels and a PathFinder-like chain of 16 shorter ones) on SMs 0..3, two TBs of
          32 warps each (8 TB slots, as many as kmu_yield_mon's YW = 8 watch entries, so the
          I/O kernel fills the GPU and each of its TBs can sleep), all enqueued at once: total
          time without and with yield(addr), yields taken and refused, beside the full-overlap
          bound.
  headtail Fig. 12-15: one I/O kernel on top of the queue and 1 .. 8 compute kernels enqueued
          at once: the I/O kernel's time in system and restart delay, the compute kernels' time
          in system, without yield, with yield(addr) (a woken TB re-enqueued at the head: the
          hardware's default), with yield(addr) and YIELD_CTRL.TAIL (kmusim's yield_tail=1: a
          woken TB parked behind every TB the dispatcher holds for its SM, the paper's software
          prototype) and with yield(0) (spin: parked the same way before its I/O completes).

Checks that fail the study (exit 1): a kmusim run that failed (scoreboards: every TB done once,
every taken yield restored once, no lost wake-up, registers and shared memory intact, every
completion flag once) or did not complete, a kernel instance not complete, YIELD_ERR not 0,
I/O requests not all signalled and accepted, a taken yield without its wake-up, and a run that
is not the scenario it stands for (the calibration's yield not taken; a blocking run shorter
than the no-overlap time B (C + I)).  Targets, printed as TARGET MET / TARGET MISSED lines
(not fatal): the wake-up latency <= the restore time + 10 cycles (calibration, idle SM); the
measured speedup within 5 % of the model over the sweep (and the same for S_par); with head
re-enqueue, the I/O kernel's time in system does not grow with the compute kernels (relative
growth over the range, from the least-squares slope, <= 5 %).
Writes OUTDIR/{calib,model,mixed,headtail}.csv, OUTDIR/summary.md and OUTDIR/summary.json.
--quick: one context size, two ratios at a smaller scale, two mixed and two head/tail points
(make test's smoke run, studies/gpupio/test_quick.sh: the flow and the checks, not a result).
--part model: the calibration and the model sweep only (no mixed, no head/tail)."""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
sys.path.insert(0, HERE)
from kmusim_study import f2, run_all, study_args, write_csv, write_wl  # noqa: E402
import gen  # noqa: E402 (the workloads)

FULL_P = {
    "shapes": ["ctx50k", "ctx113k", "ctx197k"],
    "calib_io": 20000,
    "model_i": 10000,
    "ratios": [0.1, 0.2, 0.5, 1, 2, 5, 10],
    "model_b": (2, 4),
    "mixed_n": [1, 2, 3, 5, 10],
    "mixed": {"shape": "half4k", "io_grid": 8, "io_c": 600, "io_i": 10000, "rounds": 4,
              "srad_n": 4, "srad_grid": 160, "srad_c": 2650, "pf_n": 16, "pf_grid": 80,
              "pf_c": 1325},
    "ht_n": [1, 2, 4, 8],
    "headtail": {"shape": "half4k", "io_grid": 8, "io_c": 600, "io_i": 10000, "rounds": 4,
                 "comp_grid": 320, "comp_c": 2000},
}
QUICK_P = {
    "shapes": ["ctx50k"],
    "calib_io": 5000,
    "model_i": 3000,
    "ratios": [0.5, 2],
    "model_b": (2, 3),
    "mixed_n": [1],
    "mixed": {"shape": "half4k", "io_grid": 8, "io_c": 300, "io_i": 4000, "rounds": 2,
              "srad_n": 2, "srad_grid": 8, "srad_c": 4000, "pf_n": 2, "pf_grid": 8,
              "pf_c": 2000},
    "ht_n": [1, 2],
    "headtail": {"shape": "half4k", "io_grid": 8, "io_c": 300, "io_i": 4000, "rounds": 2,
                 "comp_grid": 8, "comp_c": 3000},
}
HT_MODES = ("off", "addr", "tail", "spin")   # tail: yield(addr) with YIELD_CTRL.TAIL
TOL = 0.05          # the issue's 5 %: speedup against the model, and time-in-system growth
WAKE_SLACK = 10     # the issue's wake-up target: restore time + 10 cycles


def kern(js, name):
    for k in js["kernels"]:
        if k["name"] == name:
            return k
    return None


def insts(js, name):
    return [i for i in js["instances"] if i.get("kernel") == name]


def ctr(js):
    return js.get("yield") or {}


def check_run(key, js, failures, tbs_rounds):
    """the checks every run passes (kmusim exit 0 already: its scoreboards held)"""
    tag = "/".join(key)
    if js.get("end_reason") != "completed":
        failures.append(f"{tag}: the run ended by {js.get('end_reason')}, not completed")
    if not js.get("scoreboard", {}).get("ok", False):
        failures.append(f"{tag}: scoreboard {js.get('scoreboard')}")
    for i in js["instances"]:
        if i.get("completed") is None:
            failures.append(f"{tag}: instance {i.get('kernel')} #{i.get('seq')} not complete")
    y = ctr(js)
    if y.get("err", 0):
        failures.append(f"{tag}: YIELD_ERR = {y['err']}")
    if not (y.get("io_requests") == y.get("signals") == y.get("signals_accepted") ==
            tbs_rounds):
        failures.append(f"{tag}: I/O requests {y.get('io_requests')}, signals "
                        f"{y.get('signals')}, accepted {y.get('signals_accepted')}, expected "
                        f"{tbs_rounds} (TBs x rounds)")
    if y.get("take", 0) != y.get("wake", 0):
        failures.append(f"{tag}: {y.get('take')} yields taken, {y.get('wake')} wake-ups")
    for k in js["kernels"]:
        if k.get("yield_mode") == "addr" and k.get("yields", 0) != k.get("wakeups", 0):
            failures.append(f"{tag}: kernel {k['name']}: {k.get('yields')} yields taken, "
                            f"{k.get('wakeups')} wake-ups")


def lsq_slope(xs, ys):
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


def main():
    ap = study_args(__doc__)
    ap.add_argument("--part", choices=("all", "model"), default="all",
                    help="model: the calibration and the section 3 sweep only")
    a = ap.parse_args()
    t0 = time.time()
    P = QUICK_P if a.quick else FULL_P
    out = a.out
    for d in ("wl", "runs"):
        os.makedirs(os.path.join(out, d), exist_ok=True)

    runs, tbr = [], {}

    def add(key, text, tbs_rounds):
        wl, jsn = write_wl(out, key, text)
        runs.append((key, wl, jsn, None))
        tbr[key] = tbs_rounds

    I = P["model_i"]
    cs = {r: max(1, round(r * I)) for r in P["ratios"]}
    # the most expensive runs first (two kmusim processes at a time finish together)
    for r in sorted(P["ratios"], reverse=True):
        for b in P["model_b"]:
            # without yield the context is never saved: one shape stands for all (the shapes'
            # warp counts change a TB's start by a few cycles)
            add(("model", "off", f"r{r}", f"B{b}"),
                gen.wl_model(P["shapes"][0], b, cs[r], I, "off"), b)
            for s in P["shapes"]:
                add(("model", "addr", s, f"r{r}", f"B{b}"), gen.wl_model(s, b, cs[r], I, "addr"),
                    b)
                if cs[r] < I:   # the overlapping device (C >= I: the serial runs, see above)
                    add(("model", "par", s, f"r{r}", f"B{b}"),
                        gen.wl_model(s, b, cs[r], I, "addr", serial=False), b)
    mp, hp = P["mixed"], P["headtail"]
    if a.part == "model":
        P = dict(P, mixed_n=[], ht_n=[])
    for n in sorted(P["mixed_n"], reverse=True):
        for m in ("off", "addr"):
            add(("mixed", m, f"N{n}"), gen.wl_mixed(n, m, mp), n * mp["io_grid"] * mp["rounds"])
    for n in sorted(P["ht_n"], reverse=True):
        for m in HT_MODES:
            add(("ht", m, f"N{n}"),
                gen.wl_headtail(n, "addr" if m == "tail" else m, hp, tail=m == "tail"),
                hp["io_grid"] * hp["rounds"])
    for s in P["shapes"]:
        add(("calib", s), gen.wl_calib(s, P["calib_io"]), 1)

    print(f"study-gpupio: {len(runs)} kmusim runs, {a.jobs} at a time", flush=True)
    res, failures = run_all(a.kmusim, runs, a.seed, a.jobs, a.reuse)
    for key, r in res.items():
        if r["json"] is not None:
            check_run(key, r["json"], failures, tbr[key])

    def js(key):
        r = res.get(key)
        return r["json"] if r else None

    # ---- calibration: alpha, restore, wake-up latency per context size ----
    calib = {}
    for s in P["shapes"]:
        d = js(("calib", s))
        row = {"shape": s, "ctx_bytes": gen.ctx_bytes(s)}
        if d:
            k = kern(d, "io")
            y, pre = ctr(d), k["preemption"]
            if y.get("take") != 1 or y.get("nowork") or y.get("full") or not k.get("wakeups"):
                failures.append(f"calib {s}: the yield was not taken and woken once ({y})")
            else:
                D = d["config"]["mem_latency"]
                reads = d["memory"]["port_reads"]
                row.update({
                    "save": pre["paused_cycles"] / max(1, pre["pauses"]),
                    "saved_bytes": d["summary"]["preemption"]["ctx_save_bytes"],
                    "restore_reads": reads,
                    # the slot walk: W = g - g1 + k + 1 = 2k for k warps in adjacent slots
                    "restore": reads + 2 * D + 2 + 2 * gen.warps(s),
                    "wake_lat": k["wake_lat_mean"]})
                row["alpha"] = row["save"] + row["wake_lat"]
                row["wake_over_restore"] = row["wake_lat"] - row["restore"]
        calib[s] = row

    # ---- section 3 model ----
    b1, b2 = P["model_b"]
    model = []
    for s in P["shapes"]:
        al = calib[s].get("alpha")
        for r in P["ratios"]:
            c = cs[r]
            o1, o2 = js(("model", "off", f"r{r}", f"B{b1}")), js(("model", "off", f"r{r}", f"B{b2}"))
            w1 = js(("model", "addr", s, f"r{r}", f"B{b1}"))
            w2 = js(("model", "addr", s, f"r{r}", f"B{b2}"))
            p1, p2 = (js(("model", "par", s, f"r{r}", f"B{b1}")),
                      js(("model", "par", s, f"r{r}", f"B{b2}"))) if c < I else (w1, w2)
            row = {"shape": s, "ratio": r, "C": c, "I": I, "alpha": al,
                   "beta": None if not al else I / al}
            if None in (o1, o2, w1, w2, p1, p2) or al is None:
                model.append(row)
                continue
            for b, o in ((b1, o1), (b2, o2)):
                if o["span"] < b * (c + I):
                    failures.append(f"model off C/I={r} B={b}: {o['span']} cycles, below the "
                                    f"no-overlap time B (C + I) = {b * (c + I)}")
            dt_off = o2["span"] - o1["span"]
            dt_y = w2["span"] - w1["span"]
            dt_p = p2["span"] - p1["span"]
            y2 = ctr(w2)
            row.update({
                "t_off_b2": o2["span"], "t_yield_b2": w2["span"],
                "per_tb_off": dt_off / (b2 - b1), "per_tb_yield": dt_y / (b2 - b1),
                "S_meas": dt_off / dt_y if dt_y > 0 else None,
                "S_total": o2["span"] / w2["span"],
                "S_model": (I + c) / (max(I, c) + al),
                "S_pipe": (I + c) / max(I, c + al),
                "per_tb_par": dt_p / (b2 - b1),
                "S_meas_par": dt_off / dt_p if dt_p > 0 else None,
                "S_par": (I + c) / (c + al),
                "taken": y2.get("take"), "nowork": y2.get("nowork"), "full": y2.get("full")})
            if row["S_meas"] is not None:
                row["err_model"] = row["S_meas"] / row["S_model"] - 1
                row["err_pipe"] = row["S_meas"] / row["S_pipe"] - 1
            if row["S_meas_par"] is not None:
                row["err_par"] = row["S_meas_par"] / row["S_par"] - 1
            model.append(row)

    # ---- mixed workload (Fig. 6) ----
    mixed = []
    comp_tbc = (mp["srad_n"] * mp["srad_grid"] * mp["srad_c"] +
                mp["pf_n"] * mp["pf_grid"] * mp["pf_c"])      # compute kernels' TB cycles
    io_chain = mp["rounds"] * (mp["io_c"] + mp["io_i"])        # one I/O TB's own time
    for n in P["mixed_n"]:
        o, w = js(("mixed", "off", f"N{n}")), js(("mixed", "addr", f"N{n}"))
        row = {"n_io": n}
        if o and w:
            y = ctr(w)
            ideal = max((comp_tbc + n * mp["io_grid"] * mp["rounds"] * mp["io_c"]) / 8, io_chain)
            ks = [kern(w, f"io{k}") for k in range(n)]
            row.update({"t_off": o["span"], "t_yield": w["span"],
                        "speedup": o["span"] / w["span"], "full_overlap": o["span"] / ideal,
                        "taken": y.get("take"), "full": y.get("full"), "nowork": y.get("nowork"),
                        "io_waits": sum(k.get("io_waits", 0) for k in ks),
                        "restart_mean": sum(k["restart_delay_mean"] or 0 for k in ks) / n})
        mixed.append(row)

    # ---- head vs tail (Fig. 12-15) ----
    ht = []
    for n in P["ht_n"]:
        row = {"n_comp": n}
        for m in HT_MODES:
            d = js(("ht", m, f"N{n}"))
            if not d:
                continue
            k = kern(d, "io")
            comp = [i["turnaround"] for i in insts(d, "comp") if i.get("turnaround")]
            y = ctr(d)
            row.update({f"{m}_tis": k["time_in_system"],
                        f"{m}_restart": k["restart_delay_mean"],
                        f"{m}_restart_p99": k["restart_delay_p99"],
                        f"{m}_comp_tis": sum(comp) / len(comp) if comp else None,
                        f"{m}_span": d["span"],
                        f"{m}_yields": (k.get("yields", 0) + k.get("yield_spins", 0)),
                        f"{m}_refused": k.get("yield_refused"),
                        f"{m}_ctr": y})
        ht.append(row)

    # ---- targets ----
    targets = []
    for s in P["shapes"]:
        c = calib[s]
        if c.get("wake_lat") is not None:
            targets.append((c["wake_lat"] <= c["restore"] + WAKE_SLACK,
                            f"gpupio.wake_lat {s}: wake-up latency {f2(c['wake_lat'], 0)} <= "
                            f"restore {c['restore']} + {WAKE_SLACK} (idle SM; "
                            f"{c['restore_reads']} restore reads, 2 x memory latency + 2, the walk)"))
    pts = [r for r in model if r.get("S_meas") is not None]

    def within(rows, err, name, what):
        """a model target: every row's `err` within TOL; the worst named"""
        w = max(rows, key=lambda r: abs(r[err]))
        targets.append((len(rows) > 0 and all(abs(r[err]) <= TOL for r in rows),
                        f"gpupio.{name}: measured speedup {what}: worst {w[err]:+.1%} "
                        f"({w['shape']}, C/I = {w['ratio']}); "
                        f"{sum(abs(r[err]) <= TOL for r in rows)}/{len(rows)} points"))
    if pts:
        within(pts, "err_model", "model", f"(serial device) within {TOL:.0%} of S = (I+C)/"
               "(max(I,C)+alpha) over the whole sweep")
        ok_ge1 = [r for r in pts if r["C"] >= r["I"]]
        if ok_ge1:
            within(ok_ge1, "err_model", "model_c_ge_i", "the same for C >= I (where the "
                   "model's max(I,C) is the SM's stage)")
        within(pts, "err_pipe", "model_pipe", f"(serial device) within {TOL:.0%} of S_pipe = "
               "(I+C)/max(I,C+alpha) (alpha on the SM's stage) over the whole sweep")
        pp = [r for r in pts if r.get("err_par") is not None]
        if pp:
            within(pp, "err_par", "model_par", f"with a device that overlaps requests "
                   f"(iodev_serial=0) within {TOL:.0%} of S_par = (I+C)/(C+alpha) over the "
                   "whole sweep")
    else:
        failures.append("model: no speedup measured")
    for m in ("addr", "tail", "spin"):
        xs = [r["n_comp"] for r in ht if r.get(f"{m}_tis") is not None]
        ys = [r[f"{m}_tis"] for r in ht if r.get(f"{m}_tis") is not None]
        if len(xs) >= 2:
            sl = lsq_slope(xs, ys)
            growth = sl * (max(xs) - min(xs)) / ys[0]
            lab = {"addr": "head (yield addr)", "tail": "tail (yield addr, YIELD_CTRL.TAIL)",
                   "spin": "yield(0) spin"}[m]
            if m == "addr":
                targets.append((growth <= TOL,
                                f"gpupio.head: {lab}: the I/O kernel's time in system against "
                                f"the compute kernels {min(xs)}..{max(xs)}: slope {sl:,.0f} "
                                f"cycles per kernel, growth {growth:+.1%} <= {TOL:.0%}"))
            else:
                targets.append((None, f"gpupio.{m}: {lab}: slope {sl:,.0f} cycles per compute "
                                f"kernel, growth {growth:+.1%} (information: the starvation "
                                f"the head re-enqueue removes)"))

    # ---- write ----
    def csv(name, rows):
        write_csv(os.path.join(out, name), rows)

    csv("calib.csv", list(calib.values()))
    csv("model.csv", model)
    csv("mixed.csv", mixed)
    csv("headtail.csv", ht)

    def c(x):
        return "-" if x is None else f"{round(x):,}"

    md = ["# GPUpIO study (make study-gpupio)" + (" -- QUICK (smoke test, not a result)"
                                                  if a.quick else "") +
          (" -- part model (calibration and section 3 only)" if a.part == "model" else ""), "",
          f"kmusim paper configuration, engine c, seed {a.seed}. Cycles. Every TB holds a "
          "whole SM (shared memory > SHMEM/2).", "",
          "## Calibration: one yield onto an idle SM (alpha = save + wake-up latency)", "",
          "| context | bytes (regs + shmem) | saved bytes | save (pause -> evict) | restore "
          "(B + 2D + 2 + W) | wake-up latency | wake - restore | alpha |", "|---|---|---|---|---|---|---|---|"]
    for s in P["shapes"]:
        r = calib[s]
        md.append(f"| {s} | {r['ctx_bytes']:,} | {c(r.get('saved_bytes'))} | {c(r.get('save'))} | "
                  f"{c(r.get('restore'))} | {c(r.get('wake_lat'))} | "
                  f"{c(r.get('wake_over_restore'))} | {c(r.get('alpha'))} |")
    md += ["", f"## Section 3 model (Fig. 1-2): one SM, one TB at a time, I = {I:,}", "",
           f"Measured S: time per extra TB without / with yield, between B = {b1} and {b2} TBs "
           f"(steady state); S total: T_off / T_yield at B = {b2}. The device serves one request "
           "at a time (iodev_serial=1); S_pipe = (I+C)/max(I,C+alpha). Last columns: the same "
           "with a device that overlaps requests (iodev_serial=0; C >= I: the serial runs, "
           "which never queue there) beside S_par = (I+C)/(C+alpha).", "",
           "| context | alpha | beta = I/alpha | C/I | C | per TB off | per TB yield | S measured "
           "| S total | S model | diff | S_pipe | diff | yields taken / NOWORK / FULL (B2) "
           "| overlapping device: per TB yield | S measured | S_par | diff |",
           "|" + "---|" * 18]
    for r in model:
        md.append(f"| {r['shape']} | {c(r['alpha'])} | {f2(r['beta'])} | {r['ratio']} | "
                  f"{r['C']:,} | {c(r.get('per_tb_off'))} | {c(r.get('per_tb_yield'))} | "
                  f"{f2(r.get('S_meas'), 3)} | {f2(r.get('S_total'), 3)} | "
                  f"{f2(r.get('S_model'), 3)} | "
                  f"{'-' if r.get('err_model') is None else format(r['err_model'], '+.1%')} | "
                  f"{f2(r.get('S_pipe'), 3)} | "
                  f"{'-' if r.get('err_pipe') is None else format(r['err_pipe'], '+.1%')} | "
                  f"{r.get('taken', '-')} / {r.get('nowork', '-')} / {r.get('full', '-')} | "
                  f"{c(r.get('per_tb_par'))} | {f2(r.get('S_meas_par'), 3)} | "
                  f"{f2(r.get('S_par'), 3)} | "
                  f"{'-' if r.get('err_par') is None else format(r['err_par'], '+.1%')} |")
    md += ["", "## Mixed workload (Fig. 6): I/O kernels + fixed compute kernels, 4 SMs x 2 TB slots", "",
           f"I/O kernel: {mp['io_grid']} TBs x {mp['rounds']} rounds of {mp['io_c']:,} compute + "
           f"{mp['io_i']:,} I/O; compute: {mp['srad_n']} x {mp['srad_grid']} TBs of "
           f"{mp['srad_c']:,} (chained) and {mp['pf_n']} x {mp['pf_grid']} TBs of "
           f"{mp['pf_c']:,} (chained). Full overlap: T_off / max(all TB compute / 8 slots, one I/O "
           "TB's own time).", "",
           "| I/O kernels | T without yield | T with yield | speedup | full-overlap bound | "
           "yields taken | refused FULL | refused NOWORK | I/O waits | restart delay mean |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in mixed:
        md.append(f"| {r['n_io']} | {c(r.get('t_off'))} | {c(r.get('t_yield'))} | "
                  f"{f2(r.get('speedup'))} | {f2(r.get('full_overlap'))} | {r.get('taken', '-')} | "
                  f"{r.get('full', '-')} | {r.get('nowork', '-')} | {r.get('io_waits', '-')} | "
                  f"{c(r.get('restart_mean'))} |")
    md += ["", "## Head vs tail re-enqueue (Fig. 12-15): one I/O kernel on top of the queue + N "
           "compute kernels, 4 SMs x 2 TB slots", "",
           f"I/O kernel: {hp['io_grid']} TBs x {hp['rounds']} rounds of {hp['io_c']:,} + "
           f"{hp['io_i']:,} I/O; compute kernel: {hp['comp_grid']} TBs of {hp['comp_c']:,}. "
           "Head = yield(addr) (the hardware's default), tail = yield(addr) with YIELD_CTRL.TAIL, "
           "spin = yield(0).", "",
           "| compute kernels | I/O time in system: off / head / tail / spin | restart delay mean: "
           "head / tail / spin | restart p99: head / tail / spin | compute time in system: off / "
           "head / tail / spin | total: off / head / tail / spin |", "|---|---|---|---|---|---|"]
    for r in ht:
        def t3(f):
            return " / ".join(c(r.get(f"{m}_{f}")) for m in HT_MODES)

        def t2(f):
            return " / ".join(c(r.get(f"{m}_{f}")) for m in HT_MODES[1:])
        md.append(f"| {r['n_comp']} | {t3('tis')} | {t2('restart')} | {t2('restart_p99')} | "
                  f"{t3('comp_tis')} | {t3('span')} |")
    md += ["", "## Targets", ""]
    for ok, t in targets:
        md.append(("INFO           " if ok is None else
                   "TARGET MET     " if ok else "TARGET MISSED  ") + t)
    wall = time.time() - t0
    md += ["", f"wall time {wall:.1f} s"]
    # the lines make test counts (scripts/run_tests.sh): one PASS for the runs' checks, or a
    # FAIL per failure
    md += [f"FAIL gpupio: {x}" for x in failures] or [
        f"PASS gpupio.runs: {len(runs)} kmusim runs complete, scoreboards ok, YIELD_ERR 0, "
        "every I/O request signalled and accepted, every taken yield woken, every scenario as "
        "designed"]
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"params": P, "calib": calib, "model": model, "mixed": mixed,
                   "headtail": [{k: v for k, v in r.items()} for r in ht],
                   "quick": a.quick, "seed": a.seed,
                   "targets": [{"met": ok, "text": t} for ok, t in targets],
                   "failures": failures}, f, indent=1)
    print("\n".join(md))
    if failures:
        print("study-gpupio: FAILED")
        return 1
    missed = sum(ok is False for ok, _ in targets)
    print(f"study-gpupio: PASS ({wall:.1f} s wall; {missed} of "
          f"{sum(ok is not None for ok, _ in targets)} targets missed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
