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
           studies/rgem/tasksets/fig1{1,2}_*_bounded.tasks): every job's upload at its release,
           its download after the upload's bound plus the kernel time; measured worst upload
           and download response per task beside studies/rgem/bound.py's RU and RD.

The link runs at the engine's full rate (link_latency=2, mem_latency=2: the small build's
4-beat buffer covers a 2-cycle latency), 4 bytes per cycle.  Writes CSV files and summary.md
to --out and prints the issue's targets with PASS/FAIL:
  - a high-priority copy waits at most one lower-priority chunk + 8 cycles (fig10, chunked);
  - the engine's per-chunk overhead is at most 2 cycles (fig7_9 without link setup);
  - every measured worst case is at most its analytic bound (fig11_12).
--quick: fewer sizes and jobs (make test's smoke run).  Python 3 standard library only."""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "config small mem_latency=2 link_latency=2 link_bw=4"


def run(kmusim, out, name, text):
    """Run one workload on the C engine; the JSON's copies list."""
    wl = os.path.join(out, "wl", name + ".wl")
    js = os.path.join(out, "wl", name + ".json")
    with open(wl, "w") as f:
        f.write(text + "\n")
    p = subprocess.run([kmusim, wl, "--engine", "c", "--no-isolated", "--quiet", "--json", js],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"study.py: kmusim failed on {wl}:\n{p.stderr[-2000:]}")
    with open(js) as f:
        return json.load(f)["copies"]


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


def fig11_12(kmusim, out, quick):
    rows = []
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
        jobs = 2 if quick else 4
        ev = []
        for t in tasks:
            b = bound[t["name"]]
            for j in range(jobs):
                r = t.get("offset", 0) + j * t["period"]
                ev.append((r, f"copy bytes={t['upload']} dir=h2d prio={t['prio']} at={r}",
                           t["name"], "up"))
                dl = r + int(b["ru"]) + t["kernel"]
                ev.append((dl, f"copy bytes={t['download']} dir=d2h prio={t['prio']} at={dl}",
                           t["name"], "down"))
        ev.sort(key=lambda e: e[0])
        cp = run(kmusim, out, f"{fig}_tasks", f"{BASE} copy_chunk={lg}\n" +
                 "\n".join(e[1] for e in ev))
        # copies come back in workload order
        worst = {}
        for e, c in zip(ev, cp):
            k = (e[2], e[3])
            worst[k] = max(worst.get(k, 0), c["response"])
        for t in tasks:
            b = bound[t["name"]]
            rows.append((fig, t["name"], t["prio"], worst[(t["name"], "up")], int(b["ru"]),
                         worst[(t["name"], "down")], int(b["rd"]), int(b["bound"]),
                         t["period"]))
    with open(os.path.join(out, "fig11_12.csv"), "w") as f:
        f.write("fig,task,prio,upload_worst,upload_bound_RU,download_worst,download_bound_RD,"
                "job_bound_R,period\n")
        for r in rows:
            f.write(",".join(map(str, r)) + "\n")
    return rows


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
    f11 = fig11_12(a.kmusim, a.out, a.quick)
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
    md += ["", line, "", "## Fig. 11-12: periodic task sets, measured worst case and the bound", "",
           "| set | task | prio | upload worst | RU | download worst | RD | job bound R | period |",
           "|---|---|---|---|---|---|---|---|---|"]
    bad = 0
    for r in f11:
        md.append("| " + " | ".join(map(str, r)) + " |")
        bad += r[3] > r[4] or r[5] > r[6]
    line = f"measured worst case <= bound: {len(f11) * 2 - bad} of {len(f11) * 2} copy phases"
    ok &= bad == 0
    print(("PASS " if bad == 0 else "FAIL ") + "rgem.bound: " + line)
    md += ["", line, ""]
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print(f"study-rgem: {time.time() - t0:.1f} s, results in {a.out}/ (summary.md, *.csv)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
