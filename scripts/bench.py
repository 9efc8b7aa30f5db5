#!/usr/bin/env python3
"""bench.py - run the benchmark tests of the lockstep harnesses and write
build/reports/bench.json.

Every figure is measured in this run, on the Verilated RTL in lockstep with the C model (the
two agree cycle for cycle or the run fails).  Targets are printed beside the figures; a
missed target is reported, not hidden, and makes the exit status 1 when --strict is given.
The baseline for ratios is measured in the same run: plain register writes through the same
AXI slave and CSR path.
"""
import json
import os
import re
import resource
import subprocess
import sys
import time

CONFIGS = {
    "small": "build/tb/kmu_frontend/test_kmu_frontend",
    "paper": "build/tb/kmu_frontend_paper/test_kmu_frontend_paper",
}
BENCHES = ["bench_latency", "bench_rate", "bench_scratch_rate"]


def run(binary, args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    e.pop("SEED", None)
    p = subprocess.run([binary] + args, capture_output=True, text=True, env=e)
    if p.returncode != 0:
        sys.stdout.write(p.stdout + p.stderr)
        raise SystemExit(f"bench: {binary} {' '.join(args)} failed")
    return p.stdout


def parse(out):
    vals = {}
    for m in re.finditer(r"^BENCH (\S+) (\S+)$", out, re.M):
        vals[m.group(1)] = float(m.group(2))
    return vals


KMUSIM = {
    "small": "build/bin/kmusim-small",
    "paper": "build/bin/kmusim-paper",
}


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def kmusim(cfg, wl, engine="c", extra=(), cpu=None):
    """run one workload; returns (json, wall seconds); cpu (a dict) gets the run's CPU seconds"""
    out = f"build/bench/{os.path.basename(wl)}.{engine}.json"
    os.makedirs("build/bench", exist_ok=True)
    t0, c0 = time.monotonic(), cpu_children()
    p = subprocess.run([KMUSIM[cfg], wl, "--engine", engine, "--no-isolated", "--quiet",
                        "--json", out] + list(extra), capture_output=True, text=True)
    dt = time.monotonic() - t0
    if cpu is not None:
        cpu["seconds"] = cpu_children() - c0
    if p.returncode != 0:
        sys.stdout.write(p.stdout + p.stderr)
        raise SystemExit(f"bench: kmusim {wl} --engine {engine} failed")
    with open(out) as f:
        return json.load(f), dt


def launch_figures(wl, kname):
    """doorbell / HL_CMD accepted -> first TB started, and from the driver's first write"""
    d, _ = kmusim("small", wl, "cosim")
    ins = [i for i in d["instances"] if i["kernel"] == kname]
    acc = [i["launch_latency"] for i in ins]
    e2e = [i["first_dispatch"] - i["at"] for i in ins]
    return {"accepted_to_first_tb": {"min": min(acc), "mean": sum(acc) / len(acc), "max": max(acc)},
            "first_write_to_first_tb": {"min": min(e2e), "mean": sum(e2e) / len(e2e),
                                        "max": max(e2e)},
            "samples": len(ins), "workload": wl}


def system_benches(report, missed):
    """Event vs host launch on an idle and a busy GPU; simulation speed"""
    L = {}
    for name, wl, k in (("event_idle", "workloads/bench/idle_event.wl", "ev"),
                        ("event_idle_single_warp", "workloads/bench/idle_event_1warp.wl", "ev"),
                        ("host_idle", "workloads/bench/idle_host.wl", "hk"),
                        ("event_busy", "workloads/bench/busy_event.wl", "ev"),
                        ("host_busy", "workloads/bench/busy_host.wl", "hk")):
        L[name] = launch_figures(wl, k)
    ev, ho = L["event_idle"], L["host_idle"]
    L["targets"] = {
        "event_idle_accepted_to_first_tb_max": {"target": 4,
                                                "value": ev["accepted_to_first_tb"]["max"]},
        "event_idle_single_warp_accepted_to_first_tb_max": {
            "target": 4, "value": L["event_idle_single_warp"]["accepted_to_first_tb"]["max"]},
        "host_idle_accepted_to_first_tb_max": {"target": 4,
                                               "value": ho["accepted_to_first_tb"]["max"]},
    }
    for k, t in L["targets"].items():
        t["met"] = t["value"] <= t["target"]
        if not t["met"]:
            missed.append(k)
    L["ratios"] = {
        "host_vs_event_first_write_to_first_tb_idle":
            ho["first_write_to_first_tb"]["mean"] / ev["first_write_to_first_tb"]["mean"],
        "busy_vs_idle_event_accepted_to_first_tb":
            L["event_busy"]["accepted_to_first_tb"]["mean"] / ev["accepted_to_first_tb"]["mean"],
    }
    report["launch"] = L
    speed_benches(report, missed)


SPEED_WORKLOADS = (("small", "workloads/bench/speed_small.wl"),
                   ("paper", "workloads/bench/speed_paper.wl"))


def speed_benches(report, missed, workloads=SPEED_WORKLOADS):
    """Simulation speed of kmusim's hardware engines, small and paper configuration"""
    # Simulation speed: CPU seconds of each run (the machine may be shared: wall time would
    # count other processes), best of SPEED_REPS runs.  One more run with kmusim --time-engine
    # gives the engine's share of the cycle loop (time inside its comb and tick over the
    # loop's, from the same clock; its clock reads cost a few percent of a small run, so the
    # end-to-end figure comes from the runs without), so "engine" is the C model or the
    # Verilated RTL alone, apart from kmusim's own models (behavioural SMs, memory, AXI
    # driver), which the end-to-end figure includes.  The paper configuration runs once, timed
    # (its RTL runs take about half a minute each; the clock reads are lost in its cycles).
    S = {}
    for cfg, wl in workloads:
        reps = int(os.environ.get("SPEED_REPS", "3")) if cfg == "small" else 1
        r = {}
        for eng in ("c", "rtl", "cosim"):
            best = None
            for k in range(reps + (reps > 1)):
                timed = k == reps or reps == 1
                cpu = {}
                d, dt = kmusim(cfg, wl, eng, ("--time-engine",) if timed else (), cpu)
                if timed:
                    share = d["engine_seconds"] / d["run_seconds"] if d["run_seconds"] else 1.0
                if reps > 1 and timed:
                    break
                x = {"cycles": d["cycles"], "seconds": dt, "cpu_seconds": cpu["seconds"],
                     "cycles_per_second": d["cycles"] / cpu["seconds"]}
                if best is None or x["cpu_seconds"] < best["cpu_seconds"]:
                    best = x
            best["engine_share"] = share
            best["engine_cycles_per_second"] = best["cycles"] / (best["cpu_seconds"] * share)
            r[eng] = best
        r["c_vs_rtl_speed"] = r["c"]["cycles_per_second"] / r["rtl"]["cycles_per_second"]
        r["c_vs_rtl_engine_speed"] = (r["c"]["engine_cycles_per_second"] /
                                      r["rtl"]["engine_cycles_per_second"])
        r["note"] = ("cycles per CPU second, best of %d run(s) on this machine; cycles_per_second: "
                     "kmusim end to end (the engine plus the behavioural SMs, memory and AXI "
                     "driver around it); engine_cycles_per_second: the engine alone" % reps)
        S[cfg] = r
    S["targets"] = {}
    for cfg, _ in workloads:
        S["targets"]["c_model_at_least_10x_rtl_" + cfg] = {
            "target": 10.0, "value": S[cfg]["c_vs_rtl_engine_speed"]}
    if "small" in S:
        S["targets"]["lockstep_small_cycles_per_second"] = {
            "target": 200000, "value": S["small"]["cosim"]["cycles_per_second"]}
    for k, t in S["targets"].items():
        t["met"] = t["value"] >= t["target"]
        if not t["met"]:
            missed.append(k)
    report["simulation_speed"] = S


def policy_figures(wl, kname, policy, engine="c"):
    """a kernel's launch latency (accepted -> first TB or warp running) under one policy,
    and the run's preemption counters"""
    d, _ = kmusim("small", wl, engine, ("--policy", policy))
    acc = [i["launch_latency"] for i in d["instances"] if i["kernel"] == kname]
    acc.sort()
    p99 = acc[min(len(acc) - 1, int(0.99 * len(acc)))]
    return {"mean": sum(acc) / len(acc), "p99": p99, "max": max(acc), "samples": len(acc),
            "preemption": d["summary"]["preemption"], "policy": policy, "workload": wl}


def preemption_benches(report, missed):
    """Preemption on a busy GPU, each policy against draining in the same run (issue 11)"""
    R = {}
    # EDGE IV-D: a single-warp event kernel while background TBs hold every warp slot
    ev = {pol: policy_figures("workloads/bench/busy_event_1warp.wl", "ev", pol)
          for pol in ("drain", "reserve", "warp")}
    # PEP 3.3: a multi-warp high-priority kernel announced by a launch hint
    hk = {pol: policy_figures("workloads/bench/busy_hint.wl", "hk", pol)
          for pol in ("drain", "chimera", "chimera_dirty", "pep", "pep_inplace")}
    # slot-level inversion: low-priority kernels hold every KDU slot, then an urgent kernel
    inv = {pol: policy_figures("workloads/inversion.wl", "urgent", pol)
           for pol in ("drain", "chimera", "pep")}
    R["event_busy_single_warp"] = ev
    R["hinted_high_priority_busy"] = hk
    R["slot_inversion"] = inv
    pep_inv = inv["pep"]
    pp = pep_inv["preemption"]
    # one preemption: the SM's save time (save command -> done, summed over the SM's saves,
    # averaged over the SMs) plus the fixed path around it: trigger 1, predictor 1, pick and
    # pause 2, the SIMT's pause drain (sm_model: at most 8 + 6), evict and free 2, dispatch and
    # start 4 = 24 cycles
    nsm = 2
    one_preemption = pp["save_sm_cycles"] / nsm + 24
    R["targets"] = {
        "warp_event_busy_mean_at_most_60": {"target": 60, "value": ev["warp"]["mean"],
                                            "met": ev["warp"]["mean"] <= 60},
        "warp_event_busy_20x_below_drain": {"target": 20.0,
                                            "value": ev["drain"]["mean"] / ev["warp"]["mean"],
                                            "met": ev["drain"]["mean"] / ev["warp"]["mean"] >= 20},
        "pep_hinted_3x_below_drain": {"target": 3.0, "value": hk["drain"]["mean"] / hk["pep"]["mean"],
                                      "met": hk["drain"]["mean"] / hk["pep"]["mean"] >= 3},
        "pep_hinted_below_chimera": {"target": 1.0,
                                     "value": hk["chimera"]["mean"] / hk["pep"]["mean"],
                                     "met": hk["pep"]["mean"] < hk["chimera"]["mean"]},
        "inversion_urgent_within_one_preemption": {
            "target": one_preemption, "value": pep_inv["max"],
            "met": pep_inv["max"] <= one_preemption,
            "note": "urgent kernel's launch latency under pep against one measured preemption "
                    "(mean per-SM save cycles + 24 cycles of fixed path)"},
    }
    for k, t in R["targets"].items():
        if not t["met"]:
            missed.append(k)
    report["preemption"] = R


PEP_PAPER_TBS = 32  # TBS of kmu_pep_predictor_paper (tb/kmu_pep_predictor.mk)
PEP_BINS = {
    "predictor": "build/tb/kmu_pep_predictor_paper/test_kmu_pep_predictor_paper",
    "ctx_engine": "build/tb/kmu_ctx_engine_paper/test_kmu_ctx_engine_paper",
}


def pep_benches(report, missed):
    """The PEP intrinsic targets, measured on the paper-sized RTL in lockstep: the predictor
    decides one walk (2 TBS + 1 cycles) after a launch hint or a request, and within 2 cycles
    for a TB started while a hint is armed; the dirty scan adds no cycle to a save beyond the
    memory port's own (a save of B beats, memory ready every cycle, takes B + a fixed pipeline
    fill, whatever its dirty pattern)."""
    out = run(PEP_BINS["predictor"], ["latency"])
    lat = {}
    for m in re.finditer(r"latency: (.+?) in cycle (\d+) -> .+ in cycle (\d+) \((\d+) cycles?\)", out):
        key = {"launch hint": "hint_to_decision_cycles",
               "TB start while armed": "armed_tb_start_to_decision_cycles",
               "preemption request": "preempt_to_decision_cycles"}.get(m.group(1))
        if key:
            lat[key] = int(m.group(4))
    P = {"predictor": lat}
    # the serial predictor (issue 15): a hint's or a request's decision after one walk over the
    # resident TBs, 2 cycles each plus 1 (the paper harness: TBS = 32, no Chimera estimate in
    # this test); a TB started while a hint is armed is still judged within 2 cycles
    walk = 2 * PEP_PAPER_TBS + 1
    t = {"target": walk, "value": max(lat.get("hint_to_decision_cycles", 999),
                                      lat.get("preempt_to_decision_cycles", 999))}
    t["met"] = t["value"] <= t["target"]
    ta = {"target": 2, "value": lat.get("armed_tb_start_to_decision_cycles", 99)}
    ta["met"] = ta["value"] <= ta["target"]
    saves = []
    for test in ("timing_mem", "timing_inplace"):
        out = run(PEP_BINS["ctx_engine"], [test], {"KMU_COV": "1"})
        for m in re.finditer(r"(SAVE|RESTORE)( in place)?: (\d+) accesses \((\d+) registers\), "
                             r"command -> done_o (\d+) cycles(?: \(slot walk (\d+)\))?", out):
            acc, cyc, walk = int(m.group(3)), int(m.group(5)), int(m.group(6) or 0)
            saves.append({"test": test, "op": m.group(1) + (m.group(2) or ""), "accesses": acc,
                          "registers": int(m.group(4)), "cycles": cyc,
                          "cycles_beyond_accesses": cyc - acc, "slot_walk_cycles": walk})
    # ctxcyc: the issue side walks the slots one a cycle, so a save's bitmaps cost a cycle per
    # slot outside the TB's wmask below its last slot (the layout, not the size): the test
    # prints that term (from the latency formula) and it is taken out here
    over = [x["cycles_beyond_accesses"] - x["slot_walk_cycles"] for x in saves
            if x["op"].startswith("SAVE")]
    P["ctx_engine"] = saves
    P["targets"] = {
        "predictor_decision_within_one_walk_2tbs_plus_1": t,
        "predictor_armed_tb_start_within_2_cycles": ta,
        "save_overhead_cycles_independent_of_size": {
            "value": sorted(set(over)), "met": len(set(over)) == 1,
            "note": "cycles beyond one cycle per memory access and the bitmap walk's cycles for "
                    "the slots outside the wmask (ctxcyc), per save: one constant (the scan and "
                    "request pipeline fill, the last bitmap word's write and read), whatever the "
                    "save's size"},
    }
    for k, v in P["targets"].items():
        if not v["met"]:
            missed.append("pep." + k)
    report["pep"] = P


def main():
    strict = "--strict" in sys.argv
    report = {"generated_by": "make bench", "configs": {}}
    missed = []
    for cfg, binary in CONFIGS.items():
        v = parse(run(binary, BENCHES))
        # simulation speed of the lockstep pair (RTL + C model + checks), this machine
        cycles = 200000
        t0 = time.monotonic()
        run(binary, ["random"], {"CYCLES": str(cycles), "SEEDS": "1"})
        dt = time.monotonic() - t0
        lat = v["doorbell_to_descriptor_cycles_max"]
        rate = v["sustained_doorbells_per_cycle"]
        base_rate = v["baseline_register_writes_per_cycle"]
        base_lat = v["doorbell_write_to_bvalid_cycles_avg"]
        r = {
            "doorbell_to_descriptor_cycles": {
                "min": v["doorbell_to_descriptor_cycles_min"],
                "avg": v["doorbell_to_descriptor_cycles_avg"],
                "max": lat,
                "samples": int(v["doorbell_to_descriptor_samples"]),
                "target_max": 2,
                "met": lat <= 2,
                "note": "cycles from the later of the AXI AW/W handshakes to desc_valid_o, idle front end",
            },
            "sustained_doorbells_per_cycle": {
                "value": rate,
                "doorbells": int(v["sustained_doorbells"]),
                "entries": int(v["sustained_entries"]),
                "target": 1.0,
                # a finite run of N doorbells spans N + pipeline-fill cycles
                "met": rate >= 0.99,
            },
            "baseline": {
                "register_writes_per_cycle": base_rate,
                "write_to_bvalid_cycles": base_lat,
                "note": "plain SCRATCH writes through the same AXI slave and CSR block, same run",
            },
            "ratios": {
                "doorbell_rate_vs_register_write_rate": rate / base_rate if base_rate else None,
                "descriptor_latency_vs_bresp_latency": lat / base_lat if base_lat else None,
            },
            "lockstep_cycles_per_second": cycles / dt,
        }
        report["configs"][cfg] = r
        for k in ("doorbell_to_descriptor_cycles", "sustained_doorbells_per_cycle"):
            if not r[k]["met"]:
                missed.append(f"{cfg}.{k}")
    report["frontend"] = report.pop("configs")
    system_benches(report, missed)
    preemption_benches(report, missed)
    pep_benches(report, missed)
    os.makedirs("build/reports", exist_ok=True)
    with open("build/reports/bench.json", "w") as f:
        json.dump(report, f, indent=2)
    print(f"{'config':7} {'doorbell->desc (cyc)':>21} {'doorbells/cycle':>16} "
          f"{'baseline writes/cyc':>20} {'ratio':>6} {'lockstep cyc/s':>15}")
    for cfg, r in report["frontend"].items():
        d = r["doorbell_to_descriptor_cycles"]
        print(f"{cfg:7} {d['min']:>6.0f}/{d['avg']:.2f}/{d['max']:<6.0f}(<=2) "
              f"{r['sustained_doorbells_per_cycle']['value']:>9.4f} (>=1) "
              f"{r['baseline']['register_writes_per_cycle']:>17.4f}   "
              f"{r['ratios']['doorbell_rate_vs_register_write_rate']:>6.3f} "
              f"{r['lockstep_cycles_per_second']:>15.0f}")
    L = report["launch"]
    print()
    print(f"{'launch (cycles)':22} {'accepted->first TB min/mean/max':>34} {'first write->first TB mean':>28}")
    for k in ("event_idle", "event_idle_single_warp", "host_idle", "event_busy", "host_busy"):
        a, e = L[k]["accepted_to_first_tb"], L[k]["first_write_to_first_tb"]
        print(f"{k:22} {a['min']:>14.0f}/{a['mean']:.1f}/{a['max']:<10.0f} {e['mean']:>24.1f}")
    print(f"host/event first write->first TB (idle): {L['ratios']['host_vs_event_first_write_to_first_tb_idle']:.2f}x;"
          f" busy/idle event: {L['ratios']['busy_vs_idle_event_accepted_to_first_tb']:.1f}x (draining)")
    R = report["preemption"]
    print()
    print(f"{'preemption (small, c)':30} {'launch latency mean/p99/max':>30} {'requests':>9} "
          f"{'switched':>9} {'saved B':>8} {'warp-level':>10}")
    for bench, kname in (("event_busy_single_warp", "ev"), ("hinted_high_priority_busy", "hk"),
                         ("slot_inversion", "urgent")):
        for pol, f in R[bench].items():
            pr = f["preemption"]
            print(f"{bench[:20] + ' ' + pol:30} {f['mean']:>16.1f}/{f['p99']:.0f}/{f['max']:<8.0f} "
                  f"{pr['requests']:>9} {pr['evictions']:>9} {pr['ctx_save_bytes']:>8} "
                  f"{pr['warp_level_events']:>10}")
    for k, t in R["targets"].items():
        print(f"  {k}: {t['value']:.2f} (target {t['target']:.2f}) {'met' if t['met'] else 'MISSED'}")
    S = report["simulation_speed"]
    print()
    print(f"{'kmusim speed':12} {'C model cyc/s':>14} {'RTL cyc/s':>12} {'lockstep cyc/s':>15} "
          f"{'C/RTL':>7}   (per CPU second; end to end, engine alone in brackets)")
    for cfg in ("small", "paper"):
        r = S[cfg]
        print(f"{cfg:12} {r['c']['cycles_per_second']:>14.0f} {r['rtl']['cycles_per_second']:>12.0f} "
              f"{r['cosim']['cycles_per_second']:>15.0f} {r['c_vs_rtl_speed']:>7.2f}")
        print(f"{'':12} {'(%.0f)' % r['c']['engine_cycles_per_second']:>14} "
              f"{'(%.0f)' % r['rtl']['engine_cycles_per_second']:>12} "
              f"{'(%.0f)' % r['cosim']['engine_cycles_per_second']:>15} "
              f"{'(%.2f)' % r['c_vs_rtl_engine_speed']:>7}")
    for k, t in S["targets"].items():
        print(f"  {k}: {t['value']:.2f} (target {t['target']:.2f}) {'met' if t['met'] else 'MISSED'}")
    P = report["pep"]
    print()
    pl = P["predictor"]
    print(f"PEP predictor (paper size): hint -> decision {pl.get('hint_to_decision_cycles')} cycle(s), "
          f"TB started while armed -> decision {pl.get('armed_tb_start_to_decision_cycles')} (<=2); "
          f"preempt -> decision {pl.get('preempt_to_decision_cycles')}")
    for x in P["ctx_engine"]:
        print(f"  ctx engine {x['op']:17} {x['accesses']:>6} accesses {x['cycles']:>6} cycles "
              f"(+{x['cycles_beyond_accesses']}, of which the slot walk {x['slot_walk_cycles']})")
    print("targets missed: " + (", ".join(missed) if missed else "none"))
    print("wrote build/reports/bench.json")
    return 1 if (missed and strict) else 0


if __name__ == "__main__":
    sys.exit(main())
