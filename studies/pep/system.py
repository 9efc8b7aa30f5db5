#!/usr/bin/env python3
"""studies/pep/system.py OUTDIR KMUSIM [--quick] [--seed N] [--jobs N] [--modes one,all]

The PEP sweep at system level: kmusim's paper configuration (16 SMs sharing one memory port of
one 32-byte beat per cycle, the C twin of the whole GPU front end: engine c).  A low-priority
kernel K1 shaped after PEP Table 1 fills all 16 SMs; a high-priority kernel K2 that needs the
whole GPU (one TB of 32 warps per SM whose registers fill the register file: every K1 TB of
the SM must leave first) is launched through the host launch window, announced by a launch
hint (`hint`, PEP 3.3), while K1's first wave is at a chosen progress.  Policies drain,
chimera, chimera_dirty, pep, pep_inplace; each preempting policy in two modes of the
preemption controller when the binary has the `pre_all` configuration key:
  one  (PRE_CTRL.ALL = 0) the controller asks one SM at a time (the next when no asked SM is
       still saving);
  all  (pre_all=1) it asks every candidate SM at once; their saves share the memory port.
(pep+warp is not run: the workload has no event kernel, so warp-level preemption never
applies and pep+warp would repeat pep.)

Kernel shapes (workloads/pep/kernels.csv, table1.csv), as studies/pep/pep_study.c derives
them, with two system-level changes (stated in studies/pep/SYSTEM_SECTION.md):
  * context: the per-SM study gives each SM one beat per 3 cycles (its share of GTX980's
    224 GB/s when all 16 SMs preempt); here the 16 SMs share one beat per cycle, one beat per
    16 cycles each.  Registers per thread and shared memory per TB are derived with that share,
    so that all 16 SMs switching at once take Table 1's switch time:
        beats/TB = (switch_us * 1216 / TBs_per_SM - 6) / 16 - warps_per_TB,
    split between registers (4 beats per warp register) and shared memory by shm_share as in
    pep_study.c; a kernel with shm_share 0 gets no shared memory (the rounding goes to the
    registers).
  * TB time: Table 1's TB time in cycles at 1216 MHz, capped at CAP_US (long kernels).
Launch hint when the first wave is at PROGRESS % of its TB time; K2 launched LAUNCH_US later;
the hint's lead (PRE_HINT: predicted cycles to the launch) is PRED_US; Chimera's deadline
DEADLINE_US; PRE_BW.SHIFT = 1 (2 B/cycle: an SM's share of the port when all 16 save; the
predictor's estimate assumes it, as pep_study.c assumes a worst case).
Register write-backs (`wb`, per 1000 TB cycles) from kernels.csv's `hot`: the expected share
of a TB's warp registers rewritten between hint and launch is about `hot` (at least 1).

Measured per kernel x policy x mode:
  lat_first   K2's launch latency (kmusim: accepted -> first TB start)
  lat_sm      mean over the 16 SMs of (K2's TB start on the SM - K2 accepted): the time each
              SM needs to be free, the per-SM study's "preemption latency"
  lat_all     the last SM's (accepted -> K2's last TB start)
  ctx bytes   summary.preemption ctx_save_bytes, ctx_restore_bytes
  save cycles summary.preemption save_sm_cycles (SM cycles spent saving, summed over SMs)
  K1 slowdown K1 turnaround / K1 alone
Writes OUTDIR/system.csv, system.md, system.json; workloads in OUTDIR/wl, kmusim JSON and SVG
in OUTDIR/runs.  Exit 1 when a kmusim run fails (its row says FAILED with kmusim's message; the
other runs are still reported), or when pep's mean launch latency (lat_first, mean over the
kernels) is not below drain's in some mode.  SEED (environment, default 1) or --seed
is kmusim's --seed.  --quick: KS (TB time capped at 40 us), drain and pep, both modes, for
`make test` (a smoke test of the flow and the checks, not a result).  --reuse (development):
keep a run whose JSON is newer than its unchanged workload.
"""
import json
import math
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from kmusim_study import f2, finish, mean, run_all  # noqa: E402 (the shared study helpers)

HERE = os.path.dirname(os.path.abspath(__file__))
WL_DIR = os.path.join(HERE, "..", "..", "workloads", "pep")
MHZ = 1216.0
NSM, WARPS, REGS, SHMEM, RPW = 16, 64, 65536, 98304, 32
REG_BEATS, BEAT = 4, 32           # a warp register is 128 B = 4 beats of 32 B
SYS_II = 16                       # cycles per beat of one SM when all 16 save at once
CAP_US = 60.0                     # TB time cap (long kernels)
PROGRESS = 0.25                   # first wave's progress at the hint
LAUNCH_US = 15.0                  # K2 launched this long after the hint
PRED_US = 20.0                    # PEP: predicted launch (hint lead)
DEADLINE_US = 10.0                # Chimera's deadline
BW_SHIFT = 1
# K2's TB time: 20,000 cycles (16.4 us), longer than the one-at-a-time preemption of all 16
# SMs takes for these kernels, so that K2 needs every SM (a K2 TB that ends early would let
# the next one reuse its SM); pep_study.c holds its one SM until no victim is left + 2,000
K2_CYC = 20000
KERNELS = ["CP", "KS", "MRI", "ST", "PF", "HS"]
POLICIES = ["drain", "chimera", "chimera_dirty", "pep", "pep_inplace"]
# --quick (make test): KS with its TB time capped at 40 us, drain and pep: a smoke test
QUICK_KERNELS, QUICK_CAP_US = ["KS"], 40.0
QUICK_POLICIES = ["drain", "pep"]


def read_csv(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                rows.append(line.split(","))
    return rows


def shapes(names, cap_us):
    t1 = {r[0]: r for r in read_csv(os.path.join(WL_DIR, "table1.csv"))}
    kc = {r[0]: r for r in read_csv(os.path.join(WL_DIR, "kernels.csv"))}
    out = []
    D = LAUNCH_US * MHZ
    for n in names:
        a = t1[n]
        k = kc[n]
        tb_us, sw_us = float(a[4]), float(a[5])
        w, tps, sh, live, hot = int(k[1]), int(k[2]), float(k[3]), float(k[4]), float(k[5])
        b = (sw_us * MHZ / tps - 6.0) / SYS_II - w
        b = max(b, 0.0)
        if sh == 0:
            r = int(b / (REG_BEATS * w) + 0.5)
        else:
            r = int(b * (1.0 - sh) / (REG_BEATS * w) + 0.5)
        r = min(max(r, 1), RPW)
        shb = 0.0 if sh == 0 else max(b - r * REG_BEATS * w, 0.0)
        shm = int(shb + 0.5) * BEAT
        if shm * tps > SHMEM:
            shm = SHMEM // tps // BEAT * BEAT
        beats = w * r * REG_BEATS + w + (shm + BEAT - 1) // BEAT
        R = w * r
        wb = max(1, int(round(-math.log(1.0 - hot) * 1000.0 * R / D)))
        cyc = int(round(min(tb_us, cap_us) * MHZ))
        out.append({"name": n, "tb_us_paper": tb_us, "switch_us_paper": sw_us,
                    "warps": w, "tbs_per_sm": tps, "regs": r, "shmem": shm, "wb": wb,
                    "live": live, "hot": hot, "cycles": cyc, "capped": tb_us > cap_us,
                    "ctx_beats_tb": beats,
                    "gpu_switch_us_model": NSM * tps * (beats * 1 + 6.0 / SYS_II) / MHZ})
    return out


def k1_plan(k):
    T = k["cycles"]
    hint_at = 10 + int(PROGRESS * T)
    launch_at = hint_at + int(LAUNCH_US * MHZ)
    # one wave when the launch comes within the first wave; otherwise enough waves that K1
    # still has about a wave of work left at the launch
    waves = 1 if launch_at < T else math.ceil((launch_at + T) / T)
    return hint_at, launch_at, waves


def workload(path, k, policy, pre_all, alone=None):
    hint_at, launch_at, waves = k1_plan(k)
    grid = NSM * k["tbs_per_sm"] * waves
    cfg = (f"config paper policy={policy} deadline={int(DEADLINE_US * MHZ)} "
           f"bw_shift={BW_SHIFT}" + (" pre_all=1" if pre_all else ""))
    L = [f"# generated by studies/pep/system.py: {k['name']} {policy} "
         f"{'all-at-once' if pre_all else 'one-at-a-time'}", cfg,
         f"kernel k1 grid={grid} tb={32 * k['warps']} regs={k['regs']} shmem={k['shmem']} "
         f"cycles={k['cycles']} prio=0 host wb={k['wb']}",
         f"kernel hp grid={NSM} tb=1024 regs=64 cycles={K2_CYC} prio=3 host"]
    if alone == "k1":
        L.append("launch k1 at=10")
    elif alone == "hp":
        L.append("launch hp at=10")
    else:
        L += ["launch k1 at=10",
              f"hint hp at={hint_at} lead={int(PRED_US * MHZ)}",
              f"launch hp at={launch_at}"]
    text = "\n".join(L) + "\n"
    if not (os.path.exists(path) and open(path).read() == text):   # unchanged: keep its mtime
        with open(path, "w") as f:
            f.write(text)
    return waves


TIP = re.compile(r"<title>hp #(\d+) TB start (\d+) end (\d+) \(SM (\d+), rtb (\d+)\)</title>")


def hp_starts(svg):
    starts = {}
    with open(svg) as f:
        for m in TIP.finditer(f.read()):
            sm, st = int(m.group(4)), int(m.group(2))
            starts[sm] = min(st, starts.get(sm, st))
    return starts


def supports_pre_all(kmusim, outdir):
    p = os.path.join(outdir, "wl", "probe_pre_all.wl")
    with open(p, "w") as f:
        f.write("config paper pre_all=1\nkernel k grid=1 tb=32 cycles=10 host\nlaunch k at=0\n")
    try:
        r = subprocess.run([kmusim, p, "--check"], capture_output=True, text=True)
    except OSError as e:  # no such binary, not executable
        raise SystemExit(f"pep system study: FAILED: cannot run {kmusim}: {e}")
    return r.returncode == 0, (r.stdout + r.stderr).strip()


def main():
    argv = sys.argv[1:]
    pos = [a for i, a in enumerate(argv) if not a.startswith("--")
           and not (i > 0 and argv[i - 1] in ("--seed", "--jobs", "--modes"))]
    if len(pos) != 2:
        raise SystemExit(__doc__)
    outdir, kmusim = pos
    quick = "--quick" in argv
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    seed = int(os.environ.get("SEED", "1"))
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
    want = argv[argv.index("--modes") + 1].split(",") if "--modes" in argv else ["one", "all"]
    reuse = "--reuse" in argv   # development: keep a run whose JSON is newer than its workload
    t0_wall = time.time()
    wdir, rdir = os.path.join(outdir, "wl"), os.path.join(outdir, "runs")
    os.makedirs(wdir, exist_ok=True)
    os.makedirs(rdir, exist_ok=True)
    has_all, probe_msg = supports_pre_all(kmusim, outdir)
    modes = [m for m in want if m == "one" or (m == "all" and has_all)]
    notes = []
    if "all" in want and not has_all:
        last = probe_msg.splitlines()[-1] if probe_msg else "?"
        notes.append(f"pre_all=1 is not accepted by {kmusim} (--check: {last}): "
                     f"one-at-a-time mode only")
    cap_us = QUICK_CAP_US if quick else CAP_US
    K = shapes(QUICK_KERNELS if quick else KERNELS, cap_us)
    pols = QUICK_POLICIES if quick else POLICIES
    jl = []   # (key, wl, js, svg)
    for k in K:
        n = k["name"]
        for who in ("k1", "hp") if k is K[0] else ("k1",):
            tag = f"{n}_alone_{who}" if who == "k1" else "hp_alone"
            wl = os.path.join(wdir, tag + ".wl")
            workload(wl, k, "drain", False, alone=who)
            jl.append(((tag,), wl, os.path.join(rdir, tag + ".json"), None))
        for pol in pols:
            for mode in (["one"] if pol == "drain" else modes):
                tag = f"{n}_{pol}_{mode}"
                wl = os.path.join(wdir, tag + ".wl")
                k["waves"] = workload(wl, k, pol, mode == "all")
                jl.append(((n, pol, mode), wl, os.path.join(rdir, tag + ".json"),
                           os.path.join(rdir, tag + ".svg")))
    # longest first: the long-TB kernels' runs
    cyc = {k["name"]: k["cycles"] * k.get("waves", 1) for k in K}
    jl.sort(key=lambda j: -cyc.get(j[0][0].split("_")[0], 0))
    res, failures = run_all(kmusim, jl, seed, jobs, reuse)
    for f in failures:
        print(f)
    base_failed = [k for k, r in res.items() if len(k) == 1 and r["rc"] != 0]
    if base_failed:
        raise SystemExit(f"pep system study: FAILED (a reference run failed: {base_failed})")

    def inst(d, name):
        return [i for i in d["instances"] if i["kernel"] == name][0]

    hp_alone = inst(res[("hp_alone",)]["json"], "hp")["turnaround"]
    rows = []
    for k in K:
        n = k["name"]
        k1_alone = inst(res[(f"{n}_alone_k1",)]["json"], "k1")["turnaround"]
        k["k1_alone"] = k1_alone
        for pol in pols:
            for mode in (["one"] if pol == "drain" else modes):
                r = res[(n, pol, mode)]
                d = r["json"]
                if d is None:   # a failed run: a row that says so
                    rows.append({"kernel": n, "policy": pol, "mode": mode, "failed": True,
                                 "exit": r["rc"], "msg": r["msg"].strip().splitlines()[0]
                                 if r["msg"].strip() else ""})
                    continue
                hp, k1 = inst(d, "hp"), inst(d, "k1")
                st = hp_starts(os.path.join(rdir, f"{n}_{pol}_{mode}.svg"))
                sm_lat = [st[s] - hp["accepted"] for s in sorted(st)]
                p = d["summary"]["preemption"]
                kp = [x for x in d["kernels"] if x["name"] == "k1"][0]["preemption"]
                row = {"kernel": n, "policy": pol, "mode": mode, "failed": False,
                       "lat_first": hp["launch_latency"], "k2_sms": len(sm_lat),
                       "lat_sm": mean(sm_lat), "lat_all": max(sm_lat) if sm_lat else None,
                       "hp_turnaround": hp["turnaround"],
                       "k1_turnaround": k1["turnaround"], "k1_alone": k1_alone,
                       "k1_slowdown": k1["turnaround"] / k1_alone if k1["turnaround"] else None,
                       "requests": p["requests"], "evictions": p["evictions"],
                       "restores": p["restores"], "ctx_saves": p["ctx_saves"],
                       "save_bytes": p["ctx_save_bytes"], "restore_bytes": p["ctx_restore_bytes"],
                       "save_sm_cycles": p["save_sm_cycles"], "hints": p["hints"],
                       "k1_pauses": kp["pauses"], "k1_evictions": kp["evictions"],
                       "k1_evicted_cycles": kp["evicted_cycles"],
                       "cycles": d["cycles"], "wall_s": round(r["wall"], 1)}
                row["lat_sm_us"] = row["lat_sm"] / MHZ if row["lat_sm"] is not None else None
                rows.append(row)
                if len(sm_lat) != NSM:
                    notes.append(f"note: {n} {pol} {mode}: K2's 16 TBs ran on {len(sm_lat)} "
                                 f"SMs (a K2 TB reused an SM before every SM was free)")
    by = {(r["kernel"], r["policy"], r["mode"]): r for r in rows}
    avg = []
    for mode in modes:
        for pol in pols:
            m = "one" if pol == "drain" else mode
            sel = [by[(k["name"], pol, m)] for k in K if not by[(k["name"], pol, m)]["failed"]]
            a = {"mode": mode, "policy": pol, "n_kernels": len(sel)}
            for c in ("lat_first", "lat_sm", "lat_all", "save_bytes", "restore_bytes",
                      "save_sm_cycles", "k1_slowdown", "evictions"):
                a[c] = mean([s[c] for s in sel])
            a["lat_sm_us"] = a["lat_sm"] / MHZ if a["lat_sm"] is not None else None
            avg.append(a)
    A = {(a["mode"], a["policy"]): a for a in avg}
    for mode in modes:
        pe, dr = A[(mode, "pep")]["lat_first"], A[(mode, "drain")]["lat_first"]
        if not (pe is not None and dr is not None and pe < dr):
            failures.append(f"CHECK: mode {mode}: pep's mean latency {f2(pe, 1)} is not below "
                            f"drain's {f2(dr, 1)}")
    wall = time.time() - t0_wall

    cols = ["kernel", "policy", "mode", "failed", "lat_first", "k2_sms", "lat_sm", "lat_sm_us", "lat_all",
            "hp_turnaround", "k1_turnaround", "k1_alone", "k1_slowdown", "requests",
            "evictions", "restores", "ctx_saves", "save_bytes", "restore_bytes",
            "save_sm_cycles", "hints", "k1_pauses", "k1_evictions", "k1_evicted_cycles",
            "cycles", "wall_s"]
    with open(os.path.join(outdir, "system.csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join("" if r.get(c) is None else
                             (f"{r[c]:.6g}" if isinstance(r[c], float) else str(r[c]))
                             for c in cols) + "\n")
    params = {"cap_us": cap_us, "progress": PROGRESS, "launch_us": LAUNCH_US,
              "pred_us": PRED_US, "deadline_us": DEADLINE_US, "bw_shift": BW_SHIFT,
              "k2_cycles": K2_CYC, "sys_ii": SYS_II, "mhz": MHZ}
    with open(os.path.join(outdir, "system.json"), "w") as f:
        json.dump({"tool": "studies/pep/system.py", "seed": seed, "quick": quick,
                   "kmusim": kmusim, "modes": modes, "pre_all_supported": has_all,
                   "params": params, "kernels": K, "hp_alone": hp_alone, "runs": rows,
                   "averages": avg, "wall_s": round(wall, 1), "failures": failures,
                   "notes": notes}, f, indent=1)
    M = [f"# PEP at system level (kmusim paper configuration, engine c, SEED={seed}"
         f"{', --quick' if quick else ''})", "",
         f"Hint at {int(PROGRESS * 100)} % of K1's first wave, K2 launched {LAUNCH_US:g} us "
         f"later, PEP predicted launch {PRED_US:g} us, Chimera deadline {DEADLINE_US:g} us, "
         f"PRE_BW.SHIFT {BW_SHIFT}; TB time capped at {cap_us:g} us; K2 TB {K2_CYC} cycles; modes: "
         + ", ".join(modes) + f"; K2 alone: turnaround {hp_alone} cycles.", "",
         "| kernel | warps/TB | TBs/SM | regs | shmem B | wb | TB cycles | waves | K1 alone |",
         "|---|---|---|---|---|---|---|---|---|"]
    for k in K:
        M.append(f"| {k['name']} | {k['warps']} | {k['tbs_per_sm']} | {k['regs']} | "
                 f"{k['shmem']} | {k['wb']} | {k['cycles']}{' (cap)' if k['capped'] else ''} | "
                 f"{k.get('waves', 1)} | {k['k1_alone']} |")
    M += ["", "| kernel | policy | mode | lat first TB | K2 SMs | lat per SM (mean) | us | lat last SM | "
          "TBs switched | KB saved | KB restored | SM cycles saving | K1 slowdown |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["failed"]:
            M.append(f"| {r['kernel']} | {r['policy']} | {r['mode']} | FAILED: kmusim exit "
                     f"{r['exit']}: {r['msg']} |" + " |" * 11)
            continue
        M.append(f"| {r['kernel']} | {r['policy']} | {r['mode']} | {r['lat_first']} | {r['k2_sms']} | "
                 f"{f2(r['lat_sm'], 1)} | {f2(r['lat_sm_us'])} | {r['lat_all']} | "
                 f"{r['evictions']} | {r['save_bytes'] / 1024:.1f} | "
                 f"{r['restore_bytes'] / 1024:.1f} | {r['save_sm_cycles']} | "
                 f"{f2(r['k1_slowdown'], 3)} |")
    M += ["", "Mean over the kernels (kernels counted: n; a failed run leaves its kernel out):", "",
          "| mode | policy | n | lat first TB | lat per SM | us | lat last SM | KB saved | "
          "KB restored | SM cycles saving | K1 slowdown |",
          "|---|---|---|---|---|---|---|---|---|---|---|"]
    for a in avg:
        M.append(f"| {a['mode']} | {a['policy']} | {a['n_kernels']} | {f2(a['lat_first'], 1)} | "
                 f"{f2(a['lat_sm'], 1)} | {f2(a['lat_sm_us'])} | {f2(a['lat_all'], 1)} | "
                 f"{(a['save_bytes'] or 0) / 1024:.1f} | {(a['restore_bytes'] or 0) / 1024:.1f} | "
                 f"{f2(a['save_sm_cycles'], 0)} | {f2(a['k1_slowdown'], 3)} |")
    finish(outdir, M, notes, failures, wall, "pep system study")


if __name__ == "__main__":
    main()
