#!/usr/bin/env python3
"""run_policies.py KMUSIM WORKLOAD OUTDIR [--main POLICY] [--policies P,P,...]

`make run`: one workload under draining and under the preempting policies, side by side.

Every policy runs on the C model (engine c, with the isolated runs that give ANTT); the main
preempting policy (default pep+warp) runs once more on the C model and the Verilated RTL in
lockstep (engine cosim), which writes OUTDIR/metrics.json and OUTDIR/timeline.svg and must give
the same launch latencies as its C run (the twins are cycle-identical).  Every run's JSON is
kept as OUTDIR/<policy>.json.  The table: event-kernel and high-priority host-kernel launch
latency (accepted -> first TB or event warp running; mean and p99), background slowdown (mean
turnaround of the low-priority host kernels over drain's, same run set), ANTT, TB-level
preemption requests, TBs switched out, context bytes saved + restored, warp-level preemptions.
Exit status 1 when a run fails (a scoreboard, a lockstep mismatch) or the cosim run's latencies
differ from the C run's."""
import json
import os
import subprocess
import sys

DEFAULT_POLICIES = ["drain", "reserve", "warp", "chimera", "pep", "pep+warp"]


def run(kmusim, wl, out, policy, engine, isolated=True, timeline=None):
    args = [kmusim, wl, "--engine", engine, "--policy", policy, "--quiet", "--json", out]
    if not isolated:
        args.append("--no-isolated")
    if timeline:
        args += ["--timeline", timeline]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stdout.write(p.stdout + p.stderr)
        raise SystemExit(f"run_policies: kmusim {' '.join(args[1:])} failed")
    with open(out) as f:
        return json.load(f)


def stats(vals):
    if not vals:
        return None
    v = sorted(vals)
    return {"mean": sum(v) / len(v), "p99": v[min(len(v) - 1, int(0.99 * len(v)))], "n": len(v)}


def figures(d):
    kinds = {k["name"]: k for k in d["kernels"]}
    ev = [i["launch_latency"] for i in d["instances"]
          if kinds[i["kernel"]]["kind"] == "event" and i["launch_latency"] is not None]
    hi = [i["launch_latency"] for i in d["instances"]
          if kinds[i["kernel"]]["kind"] == "host" and kinds[i["kernel"]]["prio"] >= 2
          and i["launch_latency"] is not None]
    bg = [i["turnaround"] for i in d["instances"]
          if kinds[i["kernel"]]["kind"] == "host" and kinds[i["kernel"]]["prio"] <= 1
          and i["turnaround"] is not None]
    p = d["summary"]["preemption"]
    return {"event": stats(ev), "high": stats(hi), "bg_turnaround": stats(bg),
            "antt": d["summary"]["antt"], "requests": p["requests"], "switched": p["evictions"],
            "ctx_bytes": p["ctx_save_bytes"] + p["ctx_restore_bytes"],
            "warp_level": p["warp_level_events"], "cycles": d["cycles"]}


def fmt(s):
    return f"{s['mean']:8.1f} / {s['p99']:<6}" if s else f"{'-':>8}   {'':6}"


def main():
    a = sys.argv[1:]
    if len(a) < 3:
        raise SystemExit(__doc__)
    kmusim, wl, outdir = a[:3]
    main_pol = "pep+warp"
    policies = list(DEFAULT_POLICIES)
    rest = a[3:]
    while rest:
        if rest[0] == "--main" and len(rest) > 1:
            main_pol, rest = rest[1], rest[2:]
        elif rest[0] == "--policies" and len(rest) > 1:
            policies, rest = rest[1].split(","), rest[2:]
        else:
            raise SystemExit(f"run_policies: unknown argument {rest[0]}")
    if main_pol not in policies:
        policies.append(main_pol)
    os.makedirs(outdir, exist_ok=True)
    F = {}
    for pol in policies:
        d = run(kmusim, wl, os.path.join(outdir, pol.replace("+", "_") + ".json"), pol, "c")
        F[pol] = figures(d)
    # the main preempting policy in lockstep: the product's two twins, timeline and metrics
    dm = run(kmusim, wl, os.path.join(outdir, "metrics.json"), main_pol, "cosim", isolated=False,
             timeline=os.path.join(outdir, "timeline.svg"))
    fm = figures(dm)
    same = all(fm[k] == F[main_pol][k] for k in ("event", "high", "requests", "switched",
                                                  "ctx_bytes", "warp_level", "cycles"))
    base = F["drain"]["bg_turnaround"]["mean"] if "drain" in F and F["drain"]["bg_turnaround"] else None
    print(f"kmusim {wl}: {len(policies)} policies on engine c; {main_pol} also in lockstep "
          f"(engine cosim){'' if same else ': DIFFERENT from its C run'}")
    print(f"{'policy':14} {'event launch mean / p99':>24} {'high-prio launch mean / p99':>28} "
          f"{'bg slowdown':>11} {'ANTT':>6} {'requests':>8} {'switched':>8} {'ctx bytes':>10} "
          f"{'warp-level':>10}")
    for pol in policies:
        f = F[pol]
        slow = (f["bg_turnaround"]["mean"] / base) if base and f["bg_turnaround"] else None
        antt = f"{f['antt']:6.2f}" if f["antt"] is not None else f"{'-':>6}"
        print(f"{pol:14} {fmt(f['event']):>24} {fmt(f['high']):>28} "
              f"{(f'{slow:.3f}x' if slow else '-'):>11} {antt} {f['requests']:>8} "
              f"{f['switched']:>8} {f['ctx_bytes']:>10} {f['warp_level']:>10}")
    print(f"latency in cycles: accepted -> first TB or event warp running; bg slowdown: mean "
          f"turnaround of the priority 0-1 host kernels over drain's")
    print(f"wrote {outdir}/metrics.json and {outdir}/timeline.svg ({main_pol}, lockstep), and "
          f"{outdir}/<policy>.json")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
