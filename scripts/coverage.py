#!/usr/bin/env python3
"""coverage.py - make coverage: Verilator line, branch and toggle coverage per block and for
the system.

Each run is "<harness>:<top>:<rtl files>" (mk/coverage.mk).  The harness is built with
--coverage into build/cov/tb/<harness>/ (make COV=1), its existing test program runs (every
test at its default seeds and cycles; the system build runs scripts/test_kmu_gpu_cosim.sh),
each DUT it creates writes its counts to build/cov/dat/<harness>/ (tb/shim/kmu_shim.h), and
verilator_coverage merges them into build/coverage/<harness>.dat and all of them into
build/coverage/all.dat (annotated sources in build/coverage/annotated/).

A block's numbers come from its own test program (the runs whose top it is; a block without a
harness of its own, kmu_uart_rx/tx, from the runs that instantiate it), plus the parent's runs
named by --also BLOCK=HARNESS (COV_ALSO in mk/coverage.mk: features of the block that only its
parent's test drives, with the parent's scoreboard as the oracle).  Metrics:
  line    source lines inside a line or branch coverage point's span, each line belonging to
          the innermost point that spans it; covered when that point was reached
  branch  every if/else arm and case item (Verilator's v_branch points)
  toggle  every bit of every signal seen rising and falling (v_toggle)
Exclusions (tb/coverage_exclude.txt, each with its reason) drop lines and the points on them;
an exclusion whose quoted text is not on its line stops the script (the source moved).
The report, build/coverage/report.md, names every uncovered line (file:line and its text).
Exit status 1 when a block's line coverage is below --min percent, or a test failed.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

COV_TB = "build/cov/tb"
COV_DAT = "build/cov/dat"
OUT = "build/coverage"
EXCLUDE = "tb/coverage_exclude.txt"


def binary(h):
    return f"{COV_TB}/{h}/test_{h}"


def run_one(run):
    """Runs one harness's test program with coverage; returns (rc, seconds, passed, failed).
    A run whose result (build/cov/dat/<harness>.res) is newer than its binary is not run
    again (make coverage after a change measures only what changed)."""
    h = run["h"]
    d = f"{COV_DAT}/{h}"
    res = f"{COV_DAT}/{h}.res"
    if not os.path.exists(binary(h)):
        return 127, 0.0, 0, 0
    if os.path.exists(res) and os.path.getmtime(res) > os.path.getmtime(binary(h)) and \
            os.path.exists(f"{OUT}/{h}.dat"):
        rc, dt, p, f = open(res).read().split()
        run["reused"] = True
        return int(rc), float(dt), int(p), int(f)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    env = dict(os.environ, KMU_COV_DIR=d)
    env.pop("SEED", None)
    env.pop("CYCLES", None)
    env.pop("SEEDS", None)
    if os.environ.get("COV_SEEDS"):  # fewer seeds per random test: a quicker measurement
        env["SEEDS"] = os.environ["COV_SEEDS"]
    if run["top"] == "kmu_gpu":
        env.update(KMU_BIN=binary(h), KMU_CONFIG="small")
        cmd = ["bash", "scripts/test_kmu_gpu_cosim.sh"]
    else:
        cmd = [binary(h)]
    t0 = time.time()
    with open(f"{OUT}/log/{h}.log", "w") as log:
        rc = subprocess.call(["nice"] + cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    dt = time.time() - t0
    text = open(f"{OUT}/log/{h}.log").read()
    p, f = len(re.findall(r"^PASS ", text, re.M)), len(re.findall(r"^FAIL ", text, re.M))
    merge(f"{OUT}/{h}.dat", glob.glob(f"{d}/*.dat"))
    open(res, "w").write(f"{rc} {dt:.1f} {p} {f}\n")
    return rc, dt, p, f


def merge(out, files):
    """verilator_coverage -write, in chunks (a test program writes one file per DUT)."""
    files = sorted(files)
    if not files:
        open(out, "w").write("# SystemC::Coverage-3\n")
        return
    parts = []
    for k in range(0, len(files), 400):
        part = f"{out}.part{k // 400}"
        subprocess.check_call(["verilator_coverage", "-write", part] + files[k:k + 400])
        parts.append(part)
    subprocess.check_call(["verilator_coverage", "-write", out] + parts)
    for p in parts:
        os.remove(p)


POINT = re.compile(r"^C '(.*)' (\d+)$")


def parse(path):
    """The points of a coverage file: dicts with f, l, n, page, o, S, h and count."""
    pts = []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = POINT.match(line.rstrip("\n"))
        if not m:
            continue
        kv = {}
        for item in m.group(1).split("\x01"):
            if "\x02" in item:
                k, v = item.split("\x02", 1)
                kv[k] = v
        kv["count"] = int(m.group(2))
        kv["kind"] = kv.get("page", "").split("/")[0]
        kv["l"] = int(kv.get("l", "0"))
        pts.append(kv)
    return pts


def span(p):
    """The lines of a point's span S ("12-14", or a list "45,47,57-58"), None without one."""
    s = p.get("S")
    if not s:
        return None
    lines = []
    for part in s.split(","):
        a, _, b = part.partition("-")
        lines += range(int(a), int(b or a) + 1)
    return sorted(set(lines))


def load_exclusions(path):
    """[(kind, arg, reason)]: ('ifdef', MACRO, r) or ('lines', (file, a, b, text), r)."""
    ex = []
    for n, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^ifdef\s+(\w+)\s+(.+)$", line)
        if m:
            ex.append(("ifdef", m.group(1), m.group(2)))
            continue
        m = re.match(r'^(\S+):(\d+)(?:-(\d+))?\s+"([^"]*)"\s+(.+)$', line)
        if not m:
            sys.exit(f"{path}:{n}: not 'ifdef MACRO reason' nor 'file:line[-line] \"text\" reason'")
        f, a, b, text, reason = m.groups()
        a = int(a)
        b = int(b or a)
        src = open(f).read().split("\n") if os.path.exists(f) else []
        if a > len(src) or text not in src[a - 1]:
            sys.exit(f"{path}:{n}: \"{text}\" is not on {f}:{a} (the source moved: fix the entry)")
        ex.append(("lines", (f, a, b), reason))
    return ex


def excluded_lines(f, ex, cache={}):
    """The lines of file f the exclusions drop: {line: reason}."""
    if f in cache:
        return cache[f]
    out = {}
    src = open(f).read().split("\n") if os.path.exists(f) else []
    for kind, arg, reason in ex:
        if kind == "ifdef":
            depth, start = 0, None
            for i, s in enumerate(src, 1):
                t = s.strip()
                if start is None and re.match(r"`ifdef\s+" + arg + r"\b", t):
                    start, depth = i, 1
                    continue
                if start is not None:
                    if re.match(r"`if(n)?def\b", t):
                        depth += 1
                    elif t.startswith("`endif"):
                        depth -= 1
                        if depth == 0:
                            for k in range(start, i + 1):
                                out[k] = ("ifdef", reason)
                            start = None
        elif arg[0] == f:
            for k in range(arg[1], arg[2] + 1):
                out[k] = ("lines", reason)
    cache[f] = out
    return out


def metrics(pts, f, ex):
    """Coverage of file f from points pts (merged over instances and runs)."""
    exl = excluded_lines(f, ex)
    # one point per (line, column, kind, comment): instances and runs add up
    agg = {}
    for p in pts:
        if p.get("f") != f:
            continue
        key = (p["kind"], p["l"], p.get("n"), p.get("o"), p.get("S"))
        if key not in agg:
            agg[key] = dict(p)
        else:
            agg[key]["count"] += p["count"]
    res = {"line": [0, 0], "branch": [0, 0], "toggle": [0, 0], "uncovered": [],
           "excl_hit": set(), "excl_n": 0}
    lines = {}  # line -> (span length, covered)
    for p in agg.values():
        sp = span(p)
        rep = sp[0] if sp else p["l"]
        if rep in exl:
            # a reached excluded line is news only for a line exclusion (an assertion's
            # checking code runs every cycle; its failure arm is what never runs)
            if p["count"] and exl[rep][0] == "lines" and p["kind"] != "v_toggle":
                res["excl_hit"].add(rep)
            continue
        if p["kind"] == "v_toggle":
            res["toggle"][0] += p["count"] > 0
            res["toggle"][1] += 1
            continue
        if p["kind"] == "v_branch":
            res["branch"][0] += p["count"] > 0
            res["branch"][1] += 1
            if not p["count"] and not sp:
                res["uncovered"].append((p["l"], f"{p.get('o', '')} arm never taken"))
        if p["kind"] not in ("v_line", "v_branch") or not sp:
            continue
        ln = len(sp)
        for k in sp:
            if k in exl:
                continue
            old = lines.get(k)
            if old is None or ln < old[0]:
                lines[k] = (ln, p["count"] > 0)
            elif ln == old[0]:
                lines[k] = (ln, old[1] or p["count"] > 0)
    src = open(f).read().split("\n")
    res["line"] = [sum(1 for v in lines.values() if v[1]), len(lines)]
    for k, v in lines.items():
        if not v[1]:
            res["uncovered"].append((k, src[k - 1].strip() if k <= len(src) else ""))
    res["uncovered"].sort()
    res["excl_n"] = len(exl)
    return res


def pct(a):
    return 100.0 * a[0] / a[1] if a[1] else 100.0


def fmt(a):
    return f"{pct(a):.1f} % ({a[0]}/{a[1]})" if a[1] else "-"


def module_of(f):
    return os.path.splitext(os.path.basename(f))[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min", type=float, default=95.0)
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("COV_JOBS", "2")))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--no-run", action="store_true", help="report from the existing counts")
    ap.add_argument("--also", action="append", default=[], metavar="BLOCK=HARNESS",
                    help="count HARNESS's run toward BLOCK's figures too (a block whose "
                         "features are verified through its parent's test: mk/coverage.mk)")
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args()
    runs = []
    for r in a.runs:
        h, top, rtl = r.split(":", 2)
        runs.append({"h": h, "top": top, "rtl": rtl.split()})
    os.makedirs(f"{OUT}/log", exist_ok=True)
    os.makedirs(COV_DAT, exist_ok=True)
    t_start = time.time()
    ex = load_exclusions(EXCLUDE)
    if not a.no_build:
        t0 = time.time()
        subprocess.check_call(["make", "-s", f"-j{a.jobs}", "COV=1"] + [binary(r["h"]) for r in runs])
        print(f"coverage: built {len(runs)} harnesses in {time.time() - t0:.0f} s")
    if not a.no_run:
        with ThreadPoolExecutor(a.jobs) as pool:
            for r, res in zip(runs, pool.map(run_one, runs)):
                r["rc"], r["secs"], r["pass"], r["fail"] = res
                print(f"  {r['h']}: {r['pass']} passed, {r['fail']} failed, rc {r['rc']}, "
                      f"{r['secs']:.0f} s{' (earlier run, binary unchanged)' if r.get('reused') else ''}")
        merge(f"{OUT}/all.dat", [f"{OUT}/{r['h']}.dat" for r in runs])
        shutil.rmtree(f"{OUT}/annotated", ignore_errors=True)
        subprocess.call(["verilator_coverage", "--annotate", f"{OUT}/annotated",
                         "--annotate-min", "1", f"{OUT}/all.dat"],
                        stdout=subprocess.DEVNULL)
    for r in runs:
        r["pts"] = parse(f"{OUT}/{r['h']}.dat")
        r.setdefault("rc", None)

    # a block (one RTL file) is measured by its own runs, else by the runs that contain it
    files = sorted({f for r in runs for f in r["rtl"]})
    blocks = []
    for f in files:
        own = [r for r in runs if r["top"] == module_of(f)]
        own += [r for r in runs if f"{module_of(f)}={r['h']}" in a.also and r not in own]
        if not own:
            own = [r for r in runs if f in r["rtl"] and r["top"] != "kmu_gpu"] or \
                  [r for r in runs if f in r["rtl"]]
        pts = [p for r in own for p in r["pts"]]
        blocks.append((f, own, metrics(pts, f, ex)))
    system = [r for r in runs if r["top"] == "kmu_gpu"]

    low = [(f, m) for f, _, m in blocks if pct(m["line"]) < a.min]
    failed = [r for r in runs if r["rc"] not in (0, None)]
    md = ["# Coverage report (make coverage)", "",
          f"Verilator {subprocess.run(['verilator', '--version'], capture_output=True, text=True).stdout.split()[1]}"
          f" --coverage; target >= {a.min:g} % line per block.  Generated by scripts/coverage.py;"
          " exclusions from tb/coverage_exclude.txt.  Random tests: "
          + (f"{os.environ['COV_SEEDS']} seed(s) each (COV_SEEDS)" if os.environ.get("COV_SEEDS")
             else "their default seeds") + ".", ""]
    md += ["## Per block (its own test program)", "",
           "| block | measured by | line | branch | toggle | excluded lines |",
           "|---|---|---|---|---|---|"]
    for f, own, m in blocks:
        flag = "" if pct(m["line"]) >= a.min else " **below target**"
        md.append(f"| `{f}` | {', '.join(r['h'] for r in own)} | {fmt(m['line'])}{flag} | "
                  f"{fmt(m['branch'])} | {fmt(m['toggle'])} | {m['excl_n']} |")
    for r in system:
        md += ["", f"## System: {r['h']} (kmu_gpu small, scripts/test_kmu_gpu_cosim.sh)", "",
               "| file | line | branch | toggle |", "|---|---|---|---|"]
        tot = {"line": [0, 0], "branch": [0, 0], "toggle": [0, 0]}
        for f in r["rtl"]:
            m = metrics(r["pts"], f, ex)
            for k in tot:
                tot[k][0] += m[k][0]
                tot[k][1] += m[k][1]
            md.append(f"| `{f}` | {fmt(m['line'])} | {fmt(m['branch'])} | {fmt(m['toggle'])} |")
        md.append(f"| **total** | {fmt(tot['line'])} | {fmt(tot['branch'])} | {fmt(tot['toggle'])} |")
    md += ["", "## Runs", "", "| run | tests passed | failed | exit | seconds |", "|---|---|---|---|---|"]
    for r in runs:
        md.append(f"| {r['h']} | {r.get('pass', '-')} | {r.get('fail', '-')} | {r['rc']} | "
                  f"{r.get('secs', 0):.0f} |")
    md += ["", "## Uncovered lines per block", "",
           "Line (and never-taken empty branch arms) the block's own test program does not reach,"
           " after the exclusions.", ""]
    for f, own, m in blocks:
        if not m["uncovered"] and not m["excl_hit"]:
            continue
        md.append(f"### `{f}` ({fmt(m['line'])} line)")
        md.append("")
        for ln, text in m["uncovered"]:
            md.append(f"- `{f}:{ln}` `{text}`")
        for ln in sorted(m["excl_hit"]):
            md.append(f"- `{f}:{ln}` excluded but reached (the exclusion may be stale)")
        md.append("")
    md += ["## Exclusions applied", ""]
    for kind, arg, reason in ex:
        where = f"`` `ifdef {arg} `` regions" if kind == "ifdef" else f"`{arg[0]}:{arg[1]}-{arg[2]}`"
        md.append(f"- {where}: {reason}")
    md.append("")
    md.append(f"Total time: {time.time() - t_start:.0f} s.")
    open(f"{OUT}/report.md", "w").write("\n".join(md) + "\n")

    print(f"coverage: line / branch / toggle per block (>= {a.min:g} % line):")
    for f, own, m in blocks:
        print(f"  {module_of(f):20s} {fmt(m['line']):22s} {fmt(m['branch']):22s} {fmt(m['toggle'])}"
              f"{'  BELOW' if pct(m['line']) < a.min else ''}")
    print(f"coverage: report {OUT}/report.md ({time.time() - t_start:.0f} s)")
    for r in failed:
        print(f"coverage: FAIL {r['h']}: its tests failed (exit {r['rc']}), {OUT}/log/{r['h']}.log")
    if low:
        print(f"coverage: {len(low)} block(s) below {a.min:g} % line: "
              + ", ".join(module_of(f) for f, _ in low))
    return 1 if (low or failed) else 0


if __name__ == "__main__":
    sys.exit(main())
