"""studies/common/kmusim_study.py - what the system-level studies (studies/edge/system.py,
studies/pep/system.py) share: one kmusim run on the C engine with its JSON read back, the
small number helpers of their tables, and the end of a study (the table written and printed,
PASS or FAIL, exit 1 on a failure)."""
import argparse
import concurrent.futures as cf
import json
import os
import subprocess
import time


def run(kmusim, wl, js, seed, svg=None, reuse=False, extra=()):
    """kmusim WL on engine c (no isolated runs): {cmd, rc, msg, wall, json} (json None unless
    rc is 0).  svg: also write the timeline.  reuse (development): keep a run whose JSON is
    newer than its workload.  extra: more kmusim arguments (e.g. --cycles N, a run's limit)."""
    args = [kmusim, wl, "--engine", "c", "--no-isolated", "--quiet", "--seed", str(seed),
            "--json", js] + list(extra)
    if svg:
        args += ["--timeline", svg]
    if reuse and os.path.exists(js) and os.path.getmtime(js) > os.path.getmtime(wl) and \
            (not svg or os.path.exists(svg)):
        with open(js) as f:
            d = json.load(f)
        ok = d.get("scoreboard", {}).get("ok", False)
        return {"cmd": " ".join(args), "rc": 0 if ok else 3, "wall": 0.0, "reused": True,
                "msg": "" if ok else "(reused) " + "; ".join(map(str, d["scoreboard"].get("errors", []))),
                "json": d if ok else None}
    t0 = time.time()
    try:
        p = subprocess.run(args, capture_output=True, text=True)
    except OSError as e:  # no such binary, not executable: a failed run, named
        return {"cmd": " ".join(args), "rc": 127, "msg": f"cannot run {kmusim}: {e}",
                "wall": 0.0, "json": None}
    wall = time.time() - t0
    d = None
    if p.returncode == 0:
        with open(js) as f:
            d = json.load(f)
    return {"cmd": " ".join(args), "rc": p.returncode, "msg": (p.stdout + p.stderr)[-3000:],
            "wall": wall, "json": d}


def run_all(kmusim, runs, seed, jobs, reuse=False):
    """every (key, wl, json, svg[, extra]) of `runs` through run(), `jobs` kmusim processes at a
    time, in the given order; prints a line per run; returns ({key: result}, [failure
    messages])"""
    res, failures = {}, []
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run, kmusim, r[1], r[2], seed, r[3], reuse, r[4] if len(r) > 4 else ()):
                r[0] for r in runs}
        for fu in cf.as_completed(futs):
            key = futs[fu]
            r = fu.result()
            res[key] = r
            tag = "/".join(key)
            if r["rc"] != 0:
                failures.append(f"kmusim failed (exit {r['rc']}): {r['cmd']}\n{r['msg']}")
                print(f"  FAIL {tag}: exit {r['rc']} ({r['wall']:.1f} s)", flush=True)
            else:
                print(f"  ran  {tag}: {r['json']['cycles']} cycles, {r['wall']:.1f} s",
                      flush=True)
    return res, failures


def study_args(doc):
    """the options of a kmusim study script: --kmusim BIN --out DIR [--quick] [--jobs N]
    [--reuse] [--seed N] (SEED from the environment by default); add more, then parse"""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--kmusim", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true",
                    help="development: keep a run whose JSON is newer than its workload")
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "1")))
    return ap


def write_wl(out, key, text):
    """OUTDIR/wl/<key joined by _>.wl with `text`, rewritten only when it changed (so --reuse
    keeps a run whose JSON is newer than its unchanged workload); returns (workload path, its
    JSON path OUTDIR/runs/<name>.json)"""
    name = "_".join(key)
    wl = os.path.join(out, "wl", name + ".wl")
    try:
        with open(wl) as f:
            same = f.read() == text
    except OSError:
        same = False
    if not same:
        with open(wl, "w") as f:
            f.write(text)
    return wl, os.path.join(out, "runs", name + ".json")


def write_csv(path, rows):
    """rows (dicts) as CSV: every key any row has, in first-seen order (dict values left out),
    empty for None; nothing written without rows"""
    if not rows:
        return
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys and not isinstance(r[k], dict)]
    with open(path, "w") as f:
        f.write(",".join(keys) + "\n")
        for r in rows:
            f.write(",".join("" if r.get(k) is None else str(r[k]) for k in keys) + "\n")


def mean(v):
    """mean of the values that are not None (None when there is none)"""
    v = [x for x in v if x is not None]
    return sum(v) / len(v) if v else None


def f2(x, n=2):
    return "-" if x is None else f"{x:.{n}f}"


def finish(outdir, lines, notes, failures, wall, name):
    """write OUTDIR/system.md, print it, and end the study: exit 1 on a failure"""
    lines = lines + ["", f"wall time {wall:.1f} s"] + [f"- {n}" for n in notes + failures]
    with open(os.path.join(outdir, "system.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if failures:
        print(f"{name}: FAILED")
        raise SystemExit(1)
    print(f"{name}: PASS ({wall:.1f} s wall)")
