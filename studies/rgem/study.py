#!/usr/bin/env python3
"""study.py - the RGEM copy study (make study-rgem, issue 14, docs/results-rgem.md).

Runs kmusim (the small build, engine c: the C twin of kmu_gpu with kmu_copy_engine, the host
link model, copies driven through the COPY_* window) on generated copy workloads:

  fig7_9   copy time against chunk size (RGEM Fig. 7-9): one copy of 64 KiB, each direction,
           chunks of 16 B .. 64 KiB and unchunked, host link without and with a per-chunk
           setup cost (link_setup, RGEM's O); the per-chunk overhead is
           (T(chunked) - T(one chunk)) / (chunks - 1).
  fig10    a high-priority 4 KiB copy's response against the size of a lower-priority copy
           running when it arrives (RGEM Fig. 10), 32 B .. the largest the build takes
           (2^20 - 64 B), chunks of 4 KiB against no chunking; and the worst phase: the high
           copy arriving at every other cycle around a low chunk's boundary.
  fig11_12 periodic task sets of two and four tasks (RGEM Fig. 11-12, the task sets
           studies/rgem/tasksets/fig1{1,2}_*_bounded.tasks) run as real jobs: at each release
           the upload, then the kernel, then the download, chained with kmusim's after=
           (docs/workload-format.md, Chaining), kernels one at a time by priority (rgem=1);
           per task the measured worst job response (release -> download done) beside
           studies/rgem/bound.py's R, and each phase beside RU, RK, RD.

The link runs at the engine's full rate (link_latency=2, mem_latency=2: the small build's
4-beat buffer covers a 2-cycle latency), 4 bytes per cycle.  Writes CSV files and summary.md
to --out and prints the issue's targets with PASS/FAIL:
  - a high-priority copy waits at most one lower-priority chunk + 8 cycles (fig10, chunked);
  - the engine's per-chunk overhead is at most 2 cycles (fig7_9 without link setup);
  - every kernel's stand-alone time is within the WCET (KC) the bound is given (fig11_12);
  - every task's measured worst job response is at most its bound R, every phase at most
    RU / RK / RD (fig11_12).
--quick: fewer sizes and jobs (make test's smoke run).  Python 3 standard library only."""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "config small mem_latency=2 link_latency=2 link_bw=4"


def kmusim_json(kmusim, out, name, text):
    """Run one workload on the C engine; its whole JSON."""
    wl = os.path.join(out, "wl", name + ".wl")
    js = os.path.join(out, "wl", name + ".json")
    with open(wl, "w") as f:
        f.write(text + "\n")
    p = subprocess.run([kmusim, wl, "--engine", "c", "--no-isolated", "--quiet", "--json", js],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"study.py: kmusim failed on {wl}:\n{p.stderr[-2000:]}")
    with open(js) as f:
        return json.load(f)


def run(kmusim, out, name, text):
    """Run one workload on the C engine; the JSON's copies list."""
    return kmusim_json(kmusim, out, name, text)["copies"]


def fig7_9(kmusim, out, quick):
    size = 16384 if quick else 65536
    logs = [4, 8, 12] if quick else [4, 6, 8, 10, 12, 14, 16]
    rows = []
    for setup in ([0] if quick else [0, 100]):
        for d in ["h2d", "d2h"]:
            one = run(kmusim, out, f"f79_{d}_s{setup}_one",
                      f"{BASE} link_setup={setup} copy_chunk=20\n"
                      f"copy bytes={size} dir={d} at=0")[0]
            t1 = one["response"]
            rows.append((setup, d, "none", 1, t1, 0.0))
            for lg in logs:
                c = run(kmusim, out, f"f79_{d}_s{setup}_c{lg}",
                        f"{BASE} link_setup={setup} copy_chunk={lg}\n"
                        f"copy bytes={size} dir={d} at=0")[0]
                n = size >> lg
                ov = (c["response"] - t1) / (n - 1) if n > 1 else 0.0
                rows.append((setup, d, 1 << lg, n, c["response"], ov))
    with open(os.path.join(out, "fig7_9.csv"), "w") as f:
        f.write("link_setup,dir,chunk_bytes,chunks,cycles,overhead_per_chunk\n")
        for r in rows:
            f.write(",".join(str(x) if not isinstance(x, float) else f"{x:.3f}" for x in r) + "\n")
    return rows, size


def fig10(kmusim, out, quick):
    sizes = [32, 512, 8192, 131072] if quick else [32, 128, 512, 2048, 8192, 32768, 131072,
                                                    524288, (1 << 20) - 64]
    rows = []
    for mode, lg in [("chunked", 12), ("unchunked", 20)]:
        for s in sizes:
            cp = run(kmusim, out, f"f10_{mode}_{s}",
                     f"{BASE} copy_chunk={lg}\n"
                     f"copy bytes={s} dir=h2d prio=0 at=0\n"
                     f"copy bytes=4096 dir=h2d prio=3 at=100")
            hi = [c for c in cp if c["prio"] == 3][0]
            rows.append((mode, s, hi["wait"], hi["response"], hi["blocking"]))
    # the worst phase: the high copy arriving around a low chunk's boundary (the low copy's
    # second chunk starts about 1024 + 6 cycles after it; its COPY_GO lands about 10 cycles
    # after the workload asks), every 2 cycles across 48
    for at in range(1024, 1072, 2) if not quick else range(1032, 1062, 6):
        cp = run(kmusim, out, f"f10_phase_{at}",
                 f"{BASE} copy_chunk=12\n"
                 f"copy bytes=16384 dir=h2d prio=0 at=0\n"
                 f"copy bytes=4096 dir=h2d prio=3 at={at}")
        hi = [c for c in cp if c["prio"] == 3][0]
        rows.append((f"chunked, high at cycle {at}", 16384, hi["wait"], hi["response"],
                     hi["blocking"]))
    with open(os.path.join(out, "fig10.csv"), "w") as f:
        f.write("mode,low_bytes,high_wait,high_response,high_blocking\n")
        for r in rows:
            f.write(",".join(map(str, r)) + "\n")
    return rows


def parse_tasks(path):
    tasks, plat = [], {}
    mult = {"K": 1024, "M": 1 << 20, "G": 1 << 30}

    def num(v):
        return int(v[:-1]) * mult[v[-1]] if v[-1] in mult else int(v)
    for line in open(path):
        line = line.split("#")[0].split()
        if not line:
            continue
        kv = dict(x.split("=", 1) for x in line[1:])
        if line[0] == "platform":
            plat = kv
        elif line[0] == "task":
            tasks.append({k: (v if k == "name" else num(v)) for k, v in kv.items()})
    return tasks, plat


def copy_done(c):
    """A copy is done for the host when its completion was read and its last word landed."""
    return max(c["done"], c["completion_read"])


# A kernel of the task sets (KC cycles, its WCET) runs as 8 TBs of 32 threads: one wave on the
# small build's 2 SMs x 4 TB slots, each TB KC - KERNEL_SLACK cycles, so that the launch path
# (the HL_* writes, dispatch, the completion-flag write) fits inside KC.  The study measures the
# kernel's stand-alone time (launch issued -> completion flag) and checks it against KC: the
# bound is only a bound for kernels whose WCET it was given.
KERNEL_SLACK = 100


# the top task's release shifts in the swept pattern (job j: SWEEP[j] cycles after its offset)
SWEEP = list(range(0, 48000, 4000))
SWEEP_QUICK = [8000, 36000]  # the worst shifts of the full sweep (fig11 and fig12's)


def run_jobs(kmusim, out, name, head, tasks, jobs, shift):
    """Jobs of every task, released at offset + j * period + shift(task, j): the upload, then
    (after=) its kernels, then (after=) the download.  Per task the worst job response
    (release -> download done) and the worst of each phase (upload: release -> upload done;
    kernels: upload done -> last kernel done; download: kernels done -> download done)."""
    jobl = []
    for t in tasks:
        for j in range(jobs):
            jobl.append((t.get("offset", 0) + j * t["period"] + shift(t, j), t, j))
    jobl.sort(key=lambda e: e[0])
    lines, where = list(head), {}
    for r, t, j in jobl:
        tag, prev = f"{t['name']}_j{j}", None
        stmts = []
        if t["upload"]:
            stmts.append(("up", f"copy bytes={t['upload']} dir=h2d prio={t['prio']} at={r}"))
        for i in range(len(t["kcs"])):
            stmts.append((f"k{i}", f"launch {t['name']}_k{i} at={r}"))
        if t["download"]:
            stmts.append(("down", f"copy bytes={t['download']} dir=d2h prio={t['prio']} at={r}"))
        for ph, st in stmts:
            st += f" name={tag}_{ph}" + (f" after={prev}" if prev else "")
            prev = f"{tag}_{ph}"
            lines.append(st)
            where[len(lines)] = (t["name"], j, ph)
    d = kmusim_json(kmusim, out, name, "\n".join(lines))
    done = {}  # (task, job, phase) -> the cycle the host sees it done
    for c in d["copies"]:
        done[where[c["line"]]] = copy_done(c)
    for x in d["instances"]:
        done[where[x["line"]]] = x["completed"]
    res = {}
    for r, t, j in jobl:
        w = res.setdefault(t["name"], {"up": 0, "k": 0, "down": 0, "job": 0})
        up = done[(t["name"], j, "up")] if t["upload"] else r
        kend = done[(t["name"], j, f"k{len(t['kcs']) - 1}")] if t["kcs"] else up
        end = done[(t["name"], j, "down")] if t["download"] else kend
        w["up"] = max(w["up"], up - r)
        w["k"] = max(w["k"], kend - up)
        w["down"] = max(w["down"], end - kend)
        w["job"] = max(w["job"], end - r)
    return res


def fig11_12(kmusim, out, quick):
    """Periodic task sets run as real jobs: at every release the upload, then (after=) the
    kernel(s), then (after=) the download, with rgem=1 (one kernel at a time, highest priority
    first: eq. 3's non-preemptive, priority-ordered kernels).  Per task: the measured worst
    job response (release -> download done) beside bound.py's R, and the phases beside RU, RK,
    RD."""
    rows, calib = [], []
    for fig, fname in [("fig11", "fig11_two_bounded.tasks"), ("fig12", "fig12_four_bounded.tasks")]:
        path = os.path.join(HERE, "tasksets", fname)
        p = subprocess.run([sys.executable, os.path.join(HERE, "bound.py"), path, "--json"],
                           capture_output=True, text=True)
        if p.returncode not in (0, 1):
            sys.exit(f"study.py: bound.py failed on {path}:\n{p.stderr}")
        bound = {t["name"]: t for t in json.loads(p.stdout)["tasks"]}
        tasks, plat = parse_tasks(path)
        chunk = int(plat.get("chunk", "4K").rstrip("K")) * 1024  # the sets give it in KiB
        lg = chunk.bit_length() - 1
        jobs = 1 if quick else 4
        head = [f"{BASE} copy_chunk={lg} rgem=1"]
        for t in tasks:
            kcs = [int(k) for k in str(t["kernel"]).split(",") if int(k) > 0]
            t["kcs"] = kcs
            for i, kc in enumerate(kcs):
                head.append(f"kernel {t['name']}_k{i} grid=8 tb=32 cycles={kc - KERNEL_SLACK} "
                            f"host prio={t['prio']}")
        # each kernel alone (at=100: clear of the cycle-0 configuration writes): its stand-alone
        # time against its WCET KC
        for t in tasks:
            for i, kc in enumerate(t["kcs"]):
                d = kmusim_json(kmusim, out, f"{fig}_{t['name']}_k{i}_alone",
                                "\n".join(head) + f"\nlaunch {t['name']}_k{i} at=100")
                x = d["instances"][0]
                calib.append((fig, f"{t['name']}_k{i}", x["completed"] - x["issued"], kc))
        top = max(tasks, key=lambda t: t["prio"])
        # two release patterns: the task set's offsets, period after period; and a sweep of
        # the top task's release across the lower tasks' jobs (job j shifted by SWEEP[j]
        # cycles: inter-arrival >= period, so the sporadic analysis still covers it) to meet
        # the phasings the first pattern never has, e.g. a lower kernel just launched
        sweep = SWEEP_QUICK if quick else SWEEP
        for pattern, njobs, shift in (("periodic", jobs, lambda t, j: 0),
                                      ("top swept", len(sweep),
                                       lambda t, j: sweep[j] if t is top else 0)):
            w = run_jobs(kmusim, out, f"{fig}_{pattern.replace(' ', '_')}", head, tasks, njobs,
                         shift)
            for t in tasks:
                b, x = bound[t["name"]], w[t["name"]]
                rows.append((fig, pattern, t["name"], t["prio"], njobs, x["job"], b["bound"],
                             x["up"], b["ru"], x["k"], b["rk"], x["down"], b["rd"], t["period"]))
    with open(os.path.join(out, "fig11_12.csv"), "w") as f:
        f.write("fig,pattern,task,prio,jobs,response_worst,bound_R,upload_worst,RU,kernel_worst,RK,"
                "download_worst,RD,period\n")
        for r in rows:
            f.write(",".join(map(str, r)) + "\n")
    return rows, calib


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kmusim", default="build/bin/kmusim-small")
    ap.add_argument("--out", default="build/study-rgem")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, "wl"), exist_ok=True)
    t0 = time.time()
    f79, size = fig7_9(a.kmusim, a.out, a.quick)
    f10 = fig10(a.kmusim, a.out, a.quick)
    f11, calib = fig11_12(a.kmusim, a.out, a.quick)
    ok = True
    md = ["# RGEM study (make study-rgem)", "",
          f"kmusim-small, engine c, `{BASE}`; {time.time() - t0:.0f} s.", "",
          f"## Fig. 7-9: one {size // 1024} KiB copy against the chunk size", "",
          "| link setup | dir | chunk | chunks | cycles | overhead per chunk |", "|---|---|---|---|---|---|"]
    for r in f79:
        md.append(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]:.2f} |")
    worst_ov = max(r[5] for r in f79 if r[0] == 0 and r[3] > 1)
    line = f"per-chunk overhead of the engine (no link setup): worst {worst_ov:.2f} cycles (target <= 2)"
    ok &= worst_ov <= 2
    print(("PASS " if worst_ov <= 2 else "FAIL ") + "rgem.overhead: " + line)
    md += ["", line, "", "## Fig. 10: a high-priority 4 KiB copy against a low-priority copy", "",
           "| mode | low copy bytes | high wait | high response | blocking cycles |",
           "|---|---|---|---|---|"]
    for r in f10:
        md.append(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} |")
    # one lower-priority chunk at the link's rate (4 B per cycle) + 8 cycles
    chunk_cycles = 4096 // 4
    wmax = max(r[2] for r in f10 if r[0].startswith("chunked"))
    line = (f"high-priority wait with 4 KiB chunks: worst {wmax} cycles, whatever the low copy's "
            f"size (target <= one chunk {chunk_cycles} + 8 = {chunk_cycles + 8})")
    ok &= wmax <= chunk_cycles + 8
    print(("PASS " if wmax <= chunk_cycles + 8 else "FAIL ") + "rgem.blocking: " + line)
    md += ["", line, "", "## Fig. 11-12: periodic task sets, real jobs, measured worst case and the bound",
           "", "Every job: upload, then kernel (after=), then download (after=), rgem=1.", "",
           "| kernel | stand-alone (launch issued -> completion) | its WCET KC in the task set |",
           "|---|---|---|"]
    kbad = 0
    for fig, k, t, kc in calib:
        md.append(f"| {fig} {k} | {t} | {kc} |")
        kbad += t > kc
    line = (f"kernels within the WCET the bound is given: {len(calib) - kbad} of {len(calib)}")
    ok &= kbad == 0
    print(("PASS " if kbad == 0 else "FAIL ") + "rgem.kernel_wcet: " + line)
    md += ["", line, "",
           "| set | releases | task | prio | jobs | response worst | bound R | upload worst | RU "
           "| kernel worst | RK | download worst | RD | period |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    bad = pbad = 0
    for r in f11:
        md.append("| " + " | ".join(map(str, r)) + " |")
        bad += r[6] is None or r[5] > r[6]
        pbad += sum(r[i + 1] is None or r[i] > r[i + 1] for i in (7, 9, 11))
    line = (f"measured worst job response (release -> download done) <= bound.py's R: "
            f"{len(f11) - bad} of {len(f11)} (task, release pattern)")
    ok &= bad == 0
    print(("PASS " if bad == 0 else "FAIL ") + "rgem.bound: " + line)
    md += ["", line]
    line = (f"measured worst phase <= its bound (upload RU, kernel RK, download RD): "
            f"{len(f11) * 3 - pbad} of {len(f11) * 3}")
    ok &= pbad == 0
    print(("PASS " if pbad == 0 else "FAIL ") + "rgem.bound_phases: " + line)
    md += ["", line, ""]
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print(f"study-rgem: {time.time() - t0:.1f} s, results in {a.out}/ (summary.md, *.csv)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
