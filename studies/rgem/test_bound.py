#!/usr/bin/env python3
"""test_bound.py - tests of studies/rgem/bound.py (issue 14 item 3), run by
scripts/test_rgem_bound.sh in `make test`.  Prints one 'PASS name' or 'FAIL name: why' line per
check (scripts/run_tests.sh counts them) and ends with 'N passed, M failed'; exit 1 on a failure.

Every expected value is computed by hand from the equations as bound.py's docstring reads them,
the arithmetic in the comments; none is copied from the program's output.

The platform P of most cases: bandwidth 4 B/cycle, latency 10, chunk CS = 64 B, O = 2, S = 1,
chi = 0, EQ = 3, DQ = 2, chunked, one engine.  So:
    UL(64) = 10 + 64/4 = 26        one full chunk costs S + O + UL(64) + chi = 1 + 2 + 26 = 29
    EQ + DQ = 5                    the per-kernel overhead S + O + chi = 3
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bound  # noqa: E402

BOUND = os.path.join(HERE, "bound.py")
P = "platform bandwidth=4 latency=10 chunk=64 overhead=2 sched=1 switch=0 enqueue=3 dequeue=2\n"
BIG = 100000    # a period long enough that ceil(x/T) = 1 for every wait below
passed = failed = 0
tmp = tempfile.mkdtemp(prefix="test_bound_")


def check(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS bound.{name}")
    else:
        failed += 1
        print(f"FAIL bound.{name}: {why}")


def run(text, *opts, name="ts.tasks"):
    """Writes a task-set file, runs the CLI with --json; returns (rc, {task: result}, stderr)."""
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([sys.executable, BOUND, path, "--json", *opts],
                       capture_output=True, text=True)
    if r.returncode == 2:
        return 2, {}, r.stderr
    return r.returncode, {t["name"]: t for t in json.loads(r.stdout)["tasks"]}, r.stderr


def expect(name, got, want):
    check(name, got == want, f"got {got}, expected {want}")


def task(name, prio, up, kernel, down, period=BIG, extra=""):
    return (f"task name={name} prio={prio} period={period} upload={up} kernel={kernel} "
            f"download={down} {extra}\n")


# 1. one task alone = its own demand: no blocking (nothing below), no interference (nothing
# above).  upload 256 = 4 chunks of 64: RU = EQ + 4 * (S + O + 0 + UL(64) + chi) + DQ
# = 5 + 4 * 29 = 121.  kernel 1000: RK = 5 + (3 + 0 + 1000) = 1008.  download 128 = 2 chunks:
# RD = 5 + 2 * 29 = 63.  R = 121 + 1008 + 63 = 1192.
rc, r, _ = run(P + task("solo", 0, 256, 1000, 128))
s = r.get("solo", {})
expect("alone.ru", s.get("ru"), 121)
expect("alone.rk", s.get("rk"), 1008)
expect("alone.rd", s.get("rd"), 63)
expect("alone.bound", s.get("bound"), 1192)
expect("alone.waits", (s.get("bu"), s.get("bk"), s.get("bd")), (0, 0, 0))
expect("alone.rc", rc, 0)
# the last chunk is charged its own size: upload 100 = 64 + 36; UL(36) = 10 + 9 = 19:
# RU = 5 + 29 + (1 + 2 + 19) = 5 + 29 + 22 = 56.  No kernel, no download: R = 56.
rc, r, _ = run(P + task("solo", 0, 100, 0, 0))
expect("alone.partial_chunk", r.get("solo", {}).get("bound"), 56)
# a byte count that is not a multiple of the bandwidth: upload 7, one chunk, UL(7) = 10 +
# ceil(7/4) = 12: RU = 5 + 1 + 2 + 12 = 20
rc, r, _ = run(P + task("solo", 0, 7, 0, 0))
expect("alone.ceil_bandwidth", r.get("solo", {}).get("bound"), 20)

# 2. two tasks: the high one's upload is blocked by one low chunk.
# hi: upload 64 (1 chunk); lo: upload 4096 (64 chunks), both no kernel, no download.
# hi: BU = one lo chunk = 29 (nothing above: settles at once); RU = 5 + (1 + 2 + 29 + 26) = 63
#     (alone it would be 5 + 29 = 34: the 29 of blocking is visible).
# lo: BU^0 = 0 (nothing below); hi's job costs 29: BU^1 = 0 + (ceil(0/T)+1) * 29 = 29,
#     BU^2 = (ceil(29/T)+1) * 29 = 58, BU^3 = 58: settled.  RU = 5 + 64 * (3 + 58 + 26) = 5573.
TWO = P + task("hi", 1, 64, 0, 0) + task("lo", 0, 4096, 0, 0)
rc, r, _ = run(TWO)
expect("two.hi_bu", r.get("hi", {}).get("bu"), 29)
expect("two.hi_bound", r.get("hi", {}).get("bound"), 63)
expect("two.lo_bu", r.get("lo", {}).get("bu"), 58)
expect("two.lo_bound", r.get("lo", {}).get("bound"), 5573)
# priority order is by prio, not by line order: the same set written low first
rc, r2, _ = run(P + task("lo", 0, 4096, 0, 0) + task("hi", 1, 64, 0, 0))
expect("two.order_by_prio", (r2.get("hi", {}).get("bound"), r2.get("lo", {}).get("bound")),
       (63, 5573))
# a low-priority copy smaller than a chunk blocks for its own size only: lo upload 16:
# UL(16) = 10 + 4 = 14, its chunk costs 1 + 2 + 14 = 17: hi RU = 5 + 3 + 17 + 26 = 51
rc, r, _ = run(P + task("hi", 1, 64, 0, 0) + task("lo", 0, 16, 0, 0))
expect("two.small_low_copy", r.get("hi", {}).get("bound"), 51)

# 3. chunked vs unchunked: hi's blocking against the low copy's size.
# chunked: one lo chunk whatever lo's size: RU_hi = 63 for lo = 4096 and 8192 (case 2).
# unchunked: lo's whole copy blocks: UL(4096) = 10 + 1024 = 1034, cost 1 + 2 + 1034 = 1037;
#   RU_hi = 5 + (3 + 1037 + 26) = 1071.  lo = 8192: UL = 10 + 2048 = 2058, cost 2061,
#   RU_hi = 5 + 3 + 2061 + 26 = 2095: it grows by 1024 = 4096 B / 4 B per cycle.
res = {}
for mode in ("--chunked", "--unchunked"):
    for lo in (4096, 8192):
        rc, r, _ = run(P + task("hi", 1, 64, 0, 0) + task("lo", 0, lo, 0, 0), mode)
        res[mode, lo] = r.get("hi", {}).get("bound")
expect("chunking.chunked_4096", res["--chunked", 4096], 63)
expect("chunking.chunked_8192", res["--chunked", 8192], 63)
expect("chunking.unchunked_4096", res["--unchunked", 4096], 1071)
expect("chunking.unchunked_8192", res["--unchunked", 8192], 2095)
# unchunked lo: its copy is one transfer, waiting once: BU_lo = 58 as in case 2 (hi's job is
# one 64-byte transfer of 29 either way); RU_lo = 5 + 3 + 58 + 1034 = 1100
rc, r, _ = run(TWO, "--unchunked")
expect("chunking.unchunked_low", r.get("lo", {}).get("bound"), 1100)
# --chunk on the command line wins over the file: chunk 128 -> UL(128) = 10 + 32 = 42, a
# chunk costs 45; hi (64 B) is one chunk of 64 still: RU_hi = 5 + 3 + 45 + 26 = 79
rc, r, _ = run(TWO, "--chunk", "128")
expect("chunking.cli_chunk", r.get("hi", {}).get("bound"), 79)

# 4. one engine for both directions (default) vs one per direction (the paper's assumption).
# hi: upload 64 and download 64; lo: upload 4096.  lo's upload meets hi's upload and, with one
# engine, hi's download too: per hi job 29 + 29 = 58: BU^1 = 58, BU^2 = 2 * 58 = 116, settled;
# RU_lo = 5 + 64 * (3 + 116 + 26) = 5 + 64 * 145 = 9285.  Two engines: only hi's upload, as in
# case 2: 5573.  hi's download with one engine is blocked by a lo (upload) chunk: BD = 29,
# RD_hi = 63; with two engines nothing below downloads: BD = 0, RD_hi = 5 + 29 = 34.
UD = P + task("hi", 1, 64, 0, 64) + task("lo", 0, 4096, 0, 0)
rc, r, _ = run(UD)
expect("engines.one_lo", r.get("lo", {}).get("ru"), 9285)
expect("engines.one_hi_rd", r.get("hi", {}).get("rd"), 63)
rc, r, _ = run(UD, "--engines", "2")
expect("engines.two_lo", r.get("lo", {}).get("ru"), 5573)
expect("engines.two_hi_rd", r.get("hi", {}).get("rd"), 34)

# 5. kernels (eq. 3).  hi kernel 100, lo kernel 500.  hi: BK = one lo kernel with its launch,
# 3 + 500 = 503; RK_hi = 5 + (3 + 503 + 100) = 611.  lo: BK^1 = (0+1) * (3 + 100) = 103,
# BK^2 = (1+1) * 103 = 206, settled; RK_lo = 5 + (3 + 206 + 500) = 714.
rc, r, _ = run(P + task("hi", 1, 0, 100, 0) + task("lo", 0, 0, 500, 0))
expect("kernel.hi", r.get("hi", {}).get("rk"), 611)
expect("kernel.lo", r.get("lo", {}).get("rk"), 714)
# hi has two kernels 100,50: one hi job = 2 * 3 + 150 = 156 (the paper's letter: 3 + 150 =
# 153); BK_lo = 2 * 156 = 312; RK_lo = 5 + 3 + 312 + 500 = 820.  lo with kernels 500,20:
# RK_lo = 5 + (3 + 312 + 500) + (3 + 312 + 20) = 5 + 815 + 335 = 1155.
rc, r, _ = run(P + task("hi", 1, 0, "100,50", 0) + task("lo", 0, 0, 500, 0))
expect("kernel.two_kernels_above", r.get("lo", {}).get("rk"), 820)
rc, r, _ = run(P + task("hi", 1, 0, "100,50", 0) + task("lo", 0, 0, "500,20", 0))
expect("kernel.two_kernels_own", r.get("lo", {}).get("rk"), 1155)
# hi's blocking is the largest lo kernel: lo kernels 500,20 -> 503: RK_hi with kernels 100,50
# = 5 + (3 + 503 + 100) + (3 + 503 + 50) = 5 + 606 + 556 = 1167
expect("kernel.blocking_largest", r.get("hi", {}).get("rk"), 1167)

# 6. unschedulable sets.
# (a) R > D: hi upload 64 every 100 cycles (RU_hi = 63 <= 100); lo upload 12800 = 200 chunks,
# deadline 10000: BU_lo = 58 (T = 100: BU^1 = 29, BU^2 = (ceil(29/100)+1) * 29 = 58,
# BU^3 = (1+1) * 29 = 58); RU_lo = 5 + 200 * (3 + 58 + 26) = 17405 > 10000.
rc, r, _ = run(P + task("hi", 1, 64, 0, 0, period=100) + task("lo", 0, 12800, 0, 0, period=10000))
lo = r.get("lo", {})
check("unsched.r_gt_d", lo.get("schedulable") is False and lo.get("bound") is None
      and lo.get("exceeded") == 17405 and "17405 > deadline 10000" in lo.get("reason", ""),
      f"lo: {lo}")
check("unsched.hi_still_ok", r.get("hi", {}).get("bound") == 63, f"hi: {r.get('hi')}")
expect("unsched.exit_status", rc, 1)
# (b) a recurrence that never settles: hi costs 29 every 29 cycles (engine 100 % busy):
# BU_lo^{n+1} = (ceil(BU^n/29) + 1) * 29 grows by 29 each step (29, 58, 87, ...) and passes
# lo's deadline 10000: BU^n = 29 * n, first above 10000 at n = 345 (29 * 345 = 10005, 29 * 344 =
# 9976), where the iteration stops.  hi itself: RU = 63 > its deadline 29.
rc, r, _ = run(P + task("hi", 1, 64, 0, 0, period=29) + task("lo", 0, 64, 0, 0, period=10000))
lo, hi = r.get("lo", {}), r.get("hi", {})
check("unsched.diverges", lo.get("schedulable") is False and lo.get("bu") == 10005
      and "iteration 345 (10005)" in lo.get("reason", "") and lo.get("ru") is None, f"lo: {lo}")
check("unsched.hi_r_gt_d", hi.get("schedulable") is False and hi.get("exceeded") == 63,
      f"hi: {hi}")
# (c) the same for kernels: hi kernel 97 every 100 cycles, 3 + 97 = 100 per 100 cycles: the GPU
# is full: BK_lo = 100, 200, 300, ... passes lo's deadline 5000.
rc, r, _ = run(P + task("hi", 1, 0, 97, 0, period=100) + task("lo", 0, 0, 10, 0, period=5000))
lo = r.get("lo", {})
check("unsched.kernel_diverges", lo.get("schedulable") is False and "BK" in lo.get("reason", ""),
      f"lo: {lo}")

# 7. text output: one line per task, highest priority first, the verdict in it (set 6(a))
TXT = os.path.join(tmp, "text.tasks")
with open(TXT, "w") as f:
    f.write(P + task("lo", 0, 12800, 0, 0, period=10000) + task("hi", 1, 64, 0, 0, period=100))
r7 = subprocess.run([sys.executable, BOUND, TXT], capture_output=True, text=True)
lines = [x for x in r7.stdout.splitlines() if x.startswith(("hi ", "lo "))]
check("text.lines", len(lines) == 2 and lines[0].startswith("hi ") and "UNSCHEDULABLE" in lines[1],
      r7.stdout)

# 8. bad input: exit 2, 'bound.py: FILE:LINE: what' on stderr, nothing on stdout.
def bad(name, text, line, words, *opts):
    path = os.path.join(tmp, f"bad_{name}.tasks")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([sys.executable, BOUND, path, *opts], capture_output=True, text=True)
    loc = f"{path}:{line}:"
    ok = r.returncode == 2 and loc in r.stderr and all(w in r.stderr for w in words) \
        and r.stdout == ""
    check(f"bad.{name}", ok, f"exit {r.returncode}, stderr {r.stderr.strip()!r}, "
          f"expected {loc} and {words}")

GOOD = task("a", 1, 64, 10, 64)
bad("missing_field", P + GOOD + "task name=b prio=0 upload=64 kernel=1 download=0\n", 3,
    ["missing field", "period"])
bad("negative", P + "# comment line\n" + GOOD.replace("upload=64", "upload=-5"), 3,
    ["negative", "upload", "-5"])
bad("unknown_task_key", GOOD + task("b", 0, 1, 1, 1, extra="colour=3"), 2,
    ["unknown key", "colour"])
bad("unknown_platform_key", GOOD + "\nplatform chunk=64 chunks=3\n", 3, ["unknown key", "chunks"])
bad("not_a_number", GOOD.replace("period=100000", "period=1e5"), 1, ["period", "1e5"])
bad("kernel_list", GOOD.replace("kernel=10", "kernel=10,x"), 1, ["kernel", "'x'"])
bad("duplicate_prio", GOOD + task("b", 1, 1, 1, 1), 2, ["priority 1", "line 1"])
bad("duplicate_name", GOOD + task("a", 0, 1, 1, 1), 2, ["name 'a'", "line 1"])
bad("deadline_gt_period", task("a", 1, 1, 1, 1, period=100, extra="deadline=101"), 1,
    ["deadline", "101"])
bad("zero_period", task("a", 1, 1, 1, 1, period=0), 1, ["period"])
bad("zero_chunk", "platform chunk=0\n" + GOOD, 1, ["chunk", ">= 1"])
bad("engines_3", "platform engines=3\n" + GOOD, 1, ["engines", "1..2"])
bad("second_platform", P + GOOD + P, 3, ["second platform", "line 1"])
bad("no_equals", GOOD.replace("upload=64", "upload"), 1, ["key=value", "upload"])
bad("unknown_kind", GOOD + "tsak name=b\n", 2, ["unknown line kind", "tsak"])
bad("repeated_key", GOOD.replace("prio=1", "prio=1 prio=2"), 1, ["prio", "twice"])
bad("no_tasks", P, 0, ["no task lines"])
r = subprocess.run([sys.executable, BOUND, TXT, "--chunk", "-64"], capture_output=True, text=True)
check("bad.cli_value", r.returncode == 2 and "command line:0: negative number for 'chunk'"
      in r.stderr and r.stdout == "", f"exit {r.returncode}, stderr {r.stderr.strip()!r}")
r = subprocess.run([sys.executable, BOUND, os.path.join(tmp, "does_not_exist.tasks")],
                   capture_output=True, text=True)
check("bad.missing_file", r.returncode == 2 and "does_not_exist.tasks:0: cannot read" in r.stderr,
      r.stderr)
# the module raises the same error to a caller that imports it
try:
    bound.parse_taskset("inline", "task name=x prio=0\n")
    check("bad.import_api", False, "no TaskSetError")
except bound.TaskSetError as e:
    check("bad.import_api", str(e).startswith("inline:1:") and "missing field" in str(e), str(e))
# numbers with a binary suffix: upload=1K = 1024 bytes = 16 chunks alone: 5 + 16 * 29 = 469
rc, r, _ = run(P + task("k", 0, "1K", 0, 0))
expect("suffix_k", r.get("k", {}).get("bound"), 469)

# 9. the paper's task sets (Fig. 11-12).  At the paper's 50 ms period (75000 cycles) the analysis
# gives no bound: exit 1.  The highest task by hand (platform of the files: bandwidth 4,
# latency 16, CS 4 KB, O 1, S 0, chi 0, EQ 3, DQ 2, one engine; a full chunk costs
# 0 + 1 + (16 + 4096/4) + 0 = 1041):
#   RU = 5 + 8 chunks * (1041 blocking + 1041) = 5 + 16656 = 16661   (32 KB = 8 chunks)
#   RK = 5 + (1 + 34651 blocking: the low kernel and its launch + 34650) = 69307
#   RD = 5 + 4 * (1041 + 1041) = 8333                                 (16 KB = 4 chunks)
#   R = 16661 + 69307 + 8333 = 94301 > 75000; with the periods of the *_bounded sets
#   (450000, 1200000) it is its bound.
for f, n, want_rc in (("fig11_two.tasks", 2, 1), ("fig12_four.tasks", 4, 1),
                      ("fig11_two_bounded.tasks", 2, 0), ("fig12_four_bounded.tasks", 4, 0)):
    path = os.path.join(HERE, "tasksets", f)
    r = subprocess.run([sys.executable, BOUND, path, "--json"], capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
        prios = [t["prio"] for t in d["tasks"]]
        top = d["tasks"][0]
        top_r = top["bound"] if want_rc == 0 else top["exceeded"]
        ok = (r.returncode == want_rc and prios == sorted(prios, reverse=True)
              and len(prios) == n and top_r == 94301
              and all(t["schedulable"] == (want_rc == 0) for t in d["tasks"]))
        why = f"exit {r.returncode}, prios {prios}, top {top_r}, expected 94301"
    except (ValueError, KeyError, IndexError) as e:
        ok, why = False, f"exit {r.returncode}: {e}: {r.stderr.strip()}"
    check(f"taskset.{f}", ok, why)

shutil.rmtree(tmp, ignore_errors=True)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
