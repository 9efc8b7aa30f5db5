#!/usr/bin/env python3
"""bound.py TASKSET [options] - RGEM's response-time bound (the appendix, eq. 1-3) per task.

Issue 14 item 3.  Python 3 standard library only.  Every time is in cycles, every size in
bytes.  The later study (`make study-rgem`) sets each task's bound beside its measured worst
case; `--json` prints what it reads.

How the appendix is read here
=============================
The paper (RGEM, Kato et al., appendix "Blocking Delay Analysis") bounds three parts of a job:
its upload RU_i(b) (eq. 1), its kernels RK_i (eq. 3) and its download RD_i(b) (eq. 2).  A job
is upload, then kernels, then download, so the job's bound here is

    R_i = RU_i(UT_i) + RK_i + RD_i(DT_i)         and task i is schedulable iff R_i <= D_i.

Notation (the paper's): tau_1..tau_n, tau_1 the HIGHEST priority; T_h the period; UT/DT the
bytes uploaded/downloaded per job; CS the chunk size; UL(b)/DL(b) the time to move b bytes;
O the setup of one DMA transfer (one chunk); S one scheduler invocation; chi one context
switch; EQ/DQ enqueue/dequeue; KC_{i,j} the WCET of kernel j of task i, KC_i their sum, KN_i
their number.

Eq. 1:  RU_i(b) = EQ + ceil(b/CS) * (S + O + BU_i + UL(CS) + chi) + DQ
        BU_i^0 = UL(CS)
        BU_i^{n+1} = UL(CS)
                     + sum_{h<i} ceil(BU_i^n/T_h + 1) * ceil(UT_h/CS) * (S + O + UL(CS) + chi)
  Read as: every chunk of the task's own copy costs a scheduler call, a DMA setup, the wait
  BU_i for the engine, its own transfer and a switch.  BU_i is the wait of ONE chunk: one
  lower-priority chunk already on the link (non-preemptive) plus every chunk of every
  higher-priority job that can be released in the window (ceil(x/T) + 1 jobs: the "+1" is the
  job released just before the window).  The iteration is the classic fixed point of
  response-time analysis [Audsley et al.]: start at the blocking term, repeat until it does
  not change.  ceil(x/T + 1) = ceil(x/T) + 1 exactly (1 is whole), computed that way.
Eq. 2:  the same with D for U (RD, BD, DL, DT).
Eq. 3:  RK_i = EQ + sum_{j=1..KN_i} (S + O + BK_i + KC_{i,j} + chi) + DQ
        BK_i^0 = max_{l>i} max_j KC_{l,j}              (the paper: KT_{l,j}, see the typos)
        BK_i^{n+1} = max_{l>i} max_j KC_{l,j}          (the paper: KT_{l,k})
                     + sum_{h<i} ceil(BK_i^n/T_h + 1) * (S + O + KC_h + chi)
  Read as eq. 1 with a kernel for a chunk: kernels do not preempt each other, so one
  lower-priority kernel may be running (the max), and every kernel of every higher-priority
  job released in the window runs first.

Typos in the paper, as read here (each checked against the text):
  - "arranged in ... increasing order of priorities": the sums run over h = 1..i-1 and are
    called "the higher-priority tasks tau_h", and the blocking max runs over l = i+1..n, the
    lower ones.  So index 1 is the highest priority: DECREASING order of priority is meant.
  - Eq. 3's BK^0 and recurrence write KT_{l,j} / KT_{l,k}: KT is defined nowhere; the
    kernel's WCET KC_{l,j} is meant, and the inner index k (bound by nothing) should be j,
    the index of the inner max.
  - Eq. 2's explanation says "the interference from the memory uploads of higher-priority
    tasks"; its recurrence sums DT_h (downloads), so downloads are meant.
  - The appendix says the analysis "can be incorporated into" response-time analysis but
    never adds the three parts up; R_i above is that step (a job's phases run in sequence:
    section 2 "data ... uploaded before and downloaded after the kernel execution").

Where this code differs from the letter of the paper, and why (every change keeps the bound
safe; the ones marked TIGHTER give a smaller number only where the paper's is loose by
construction):
  1. Blocking is one lower-priority chunk costed like any chunk, S + O + UL(c) + chi, not just
     UL(CS): the lower-priority chunk's setup and scheduling pass are as non-preemptive as its
     transfer (in kmu_copy_engine the boundary cycle belongs to the chunk that won it).  SAFER.
  2. Blocking is the largest chunk a lower-priority task can really have on the link:
     UL(min(CS, its copy)), and 0 when no lower-priority task copies (the paper charges UL(CS)
     even to the lowest-priority task).  TIGHTER, still a bound: no larger chunk exists.
  3. Each chunk is charged its own size: a copy of b bytes is floor(b/CS) chunks of CS and one
     of b mod CS; the paper charges UL(CS) to every chunk, the last too.  TIGHTER, exact.
  4. A higher-priority job of KN_h kernels costs KN_h * (S + O + chi) + KC_h: eq. 3 charges
     S + O + chi per kernel to the task's own kernels but only once per job to a
     higher-priority one (S + O + KC_h + chi).  SAFER; the same when KN_h = 1.
  5. One copy engine for both directions (platform `engines=1`, the default: kmu_copy_engine
     has one reader for both).  The paper assumes "host-device memory copies are
     bi-directional" (an upload engine and a download engine); with one engine an upload
     waits for higher-priority downloads too, and can be blocked by a lower-priority download
     chunk.  `engines=2` gives the paper's assumption (uploads meet only uploads).
  6. Without chunking (`chunked=0`) every copy is one chunk of its own size: a whole
     lower-priority copy blocks, and the task's own copy is one transfer.
  7. UL(b) = DL(b) = latency + ceil(b / bandwidth): one host link for both directions
     (the paper measured U_1 != D_1 on its PCIe bus).
  8. O and S of eq. 3 (kernel launches) are the same platform parameters as for copies, as in
     the paper's equation.  The paper's EQ_i(q) and DQ_i(q) (per task and queue) are one
     platform value each (in hardware they do not depend on the task).
  9. A recurrence whose value passes the task's deadline stops there: the task is
     unschedulable (R_i <= D_i is impossible).  This is the divergence limit: the iteration
     is monotone, so it either settles or passes any limit.  The analysis assumes D_i <= T_i
     (a job ends before its task's next release); a task set with D_i > T_i is refused.

Task-set file (a line format; `#` starts a comment; blank lines ignored)
==========================================================================
    platform key=value ...     at most one line; every key optional (defaults below)
    task key=value ...         one line per task
Numbers are whole and non-negative, decimal, optionally with a binary suffix K (x1024),
M (x1024^2) or G (x1024^3).  Task keys:
    name      a word ([A-Za-z0-9_.-]+), unique                      required
    prio      priority, a larger number is a HIGHER priority (as kmu_copy_engine's
              cmd_prio_i: NPRIO-1 highest), unique                  required
    period    T_i, cycles >= 1                                     required
    deadline  D_i, cycles >= 1, <= period                           default: period
    upload    UT_i, bytes host -> device per job (0: none)          required
    kernel    KC_{i,1},...,KC_{i,KN}: comma-separated WCETs, cycles
              (0 alone: no kernel)                                   required
    download  DT_i, bytes device -> host per job (0: none)          required
    offset    release offset of the first job, cycles: for the simulation study only; the
              analysis ignores it (it assumes the worst phasing)     default: 0
Platform keys (each also a command-line option, which wins over the file):
    bandwidth  host-link bytes per cycle, >= 1               default 4 (one 32-bit beat)
    latency    host-link latency of one transfer, cycles      default 0
    chunk      CS, bytes >= 1                                 default 4096
    overhead   O, cycles per chunk (DMA setup)               default 1 (kmu_copy_engine)
    sched      S, cycles per scheduler invocation            default 0
    switch     chi, cycles per context switch                default 0
    enqueue    EQ, cycles                                    default 0
    dequeue    DQ, cycles                                    default 0
    chunked    1: copies are chunked; 0: a copy is one transfer   default 1
    engines    1: one copy engine for both directions; 2: one per direction   default 1
A bad file is refused with `bound.py: FILE:LINE: what is wrong` on stderr and exit status 2.

Command line and output
=======================
    python3 studies/rgem/bound.py TASKSET [--chunk B] [--overhead C] [--sched C]
        [--switch C] [--enqueue C] [--dequeue C] [--bandwidth B] [--latency C]
        [--chunked | --unchunked] [--engines 1|2] [--json]
Prints one line per task, highest priority first: RU, RK, RD, the bound R (cycles) and the
verdict.  --json prints {"taskset", "platform", "schedulable", "tasks": [...]}, each task with
its inputs, "bound" (R_i, or null when unschedulable), "ru", "rk", "rd", the per-chunk /
per-kernel waits "bu", "bk", "bd", "schedulable" and "reason".  Exit status: 0 every task
schedulable, 1 some task unschedulable, 2 bad input.
"""
import argparse
import json
import re
import sys

PLATFORM_DEFAULTS = {
    "bandwidth": 4, "latency": 0, "chunk": 4096, "overhead": 1, "sched": 0,
    "switch": 0, "enqueue": 0, "dequeue": 0, "chunked": 1, "engines": 1,
}
# smallest legal value of each platform key (the others: >= 0)
PLATFORM_MIN = {"bandwidth": 1, "chunk": 1, "engines": 1}
PLATFORM_MAX = {"chunked": 1, "engines": 2}
TASK_REQUIRED = ("name", "prio", "period", "upload", "kernel", "download")
TASK_OPTIONAL = ("deadline", "offset")
MAX_ITER = 100000   # a guard only: a monotone iteration stops at the deadline long before
NAME_RE = re.compile(r"^[A-Za-z0-9_.-]+$")
NUM_RE = re.compile(r"^(-?)([0-9]+)([KMG]?)$")
SUFFIX = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


class TaskSetError(Exception):
    """A bad task set: str() is 'FILE:LINE: what is wrong' (LINE 0: the file as a whole)."""

    def __init__(self, path, line, msg):
        super().__init__(f"{path}:{line}: {msg}")


class Platform:
    def __init__(self, **kw):
        for k, v in PLATFORM_DEFAULTS.items():
            setattr(self, k, kw.get(k, v))

    def as_dict(self):
        return {k: getattr(self, k) for k in PLATFORM_DEFAULTS}


class Task:
    def __init__(self, name, prio, period, upload, kernels, download, deadline=None,
                 offset=0, line=0):
        self.name, self.prio, self.period = name, prio, period
        self.upload, self.kernels, self.download = upload, list(kernels), download
        self.deadline = period if deadline is None else deadline
        self.offset, self.line = offset, line


# ---------------------------------------------------------------- parsing
def parse_number(text, key, err):
    m = NUM_RE.match(text)
    if not m:
        raise err(f"'{key}' is not a whole number: '{text}'")
    if m.group(1):
        raise err(f"negative number for '{key}': {text}")
    return int(m.group(2)) * SUFFIX[m.group(3)]


def parse_taskset(path, text=None):
    """Returns (tasks, platform-keys-set-in-the-file); raises TaskSetError."""
    if text is None:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise TaskSetError(path, 0, f"cannot read: {e.strerror}") from None
    tasks, plat, plat_line = [], {}, None
    for ln, raw in enumerate(text.splitlines(), 1):
        def err(msg, ln=ln):
            return TaskSetError(path, ln, msg)
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        kind, fields = words[0], {}
        for w in words[1:]:
            if "=" not in w:
                raise err(f"expected key=value, found '{w}'")
            k, v = w.split("=", 1)
            if k in fields:
                raise err(f"key '{k}' given twice")
            fields[k] = v
        if kind == "platform":
            if plat_line is not None:
                raise err(f"a second platform line (the first is line {plat_line})")
            plat_line = ln
            for k, v in fields.items():
                if k not in PLATFORM_DEFAULTS:
                    raise err(f"unknown key '{k}' in platform line (keys: "
                              f"{', '.join(PLATFORM_DEFAULTS)})")
                plat[k] = parse_number(v, k, err)
                check_platform_value(k, plat[k], err)
        elif kind == "task":
            for k in fields:
                if k not in TASK_REQUIRED + TASK_OPTIONAL:
                    raise err(f"unknown key '{k}' in task line (keys: "
                              f"{', '.join(TASK_REQUIRED + TASK_OPTIONAL)})")
            for k in TASK_REQUIRED:
                if k not in fields:
                    raise err(f"task missing field '{k}'")
            name = fields["name"]
            if not NAME_RE.match(name):
                raise err(f"task name '{name}' is not a word of [A-Za-z0-9_.-]")
            num = {k: parse_number(fields[k], k, err)
                   for k in ("prio", "period", "upload", "download", "deadline", "offset")
                   if k in fields}
            kernels = [parse_number(x, "kernel", err) for x in fields["kernel"].split(",")]
            kernels = [k for k in kernels if k > 0]   # a 0-cycle kernel launches nothing
            if num["period"] < 1:
                raise err("'period' must be at least 1 cycle")
            if "deadline" in num and not 1 <= num["deadline"] <= num["period"]:
                raise err(f"'deadline' {num['deadline']} must be 1..period ({num['period']}): "
                          "the analysis assumes a job ends before its next release")
            for t in tasks:
                if t.name == name:
                    raise err(f"task name '{name}' already used on line {t.line}")
                if t.prio == num["prio"]:
                    raise err(f"priority {num['prio']} already used by task '{t.name}' on "
                              f"line {t.line} (priorities are fixed and distinct)")
            tasks.append(Task(name, num["prio"], num["period"], num["upload"], kernels,
                              num["download"], num.get("deadline"), num.get("offset", 0), ln))
        else:
            raise err(f"unknown line kind '{kind}' (expected 'platform' or 'task')")
    if not tasks:
        raise TaskSetError(path, 0, "no task lines")
    return tasks, plat


def check_platform_value(k, v, err):
    lo, hi = PLATFORM_MIN.get(k, 0), PLATFORM_MAX.get(k)
    if v < lo or (hi is not None and v > hi):
        want = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise err(f"'{k}' must be {want}, found {v}")


# ---------------------------------------------------------------- the analysis
def ceil_div(a, b):
    return -(-a // b)


def link_time(p, b):
    """UL(b) = DL(b): one transfer of b bytes on the host link (difference 7)."""
    return p.latency + ceil_div(b, p.bandwidth)


def chunks(p, b):
    """The chunk sizes of a copy of b bytes (difference 3; 6: one chunk when unchunked)."""
    if b == 0:
        return []
    if not p.chunked or b <= p.chunk:
        return [b]
    n, r = divmod(b, p.chunk)
    return [p.chunk] * n + ([r] if r else [])


def chunk_cost(p, c):
    """One chunk through the engine: S + O + UL(c) + chi (the per-chunk term of eq. 1-2)."""
    return p.sched + p.overhead + link_time(p, c) + p.switch


def copy_cost(p, b):
    """A whole copy of b bytes, chunk by chunk, with no wait: what one higher-priority job's
    copy adds to a lower one's window (eq. 1's ceil(UT_h/CS) * (S + O + UL(CS) + chi))."""
    return sum(chunk_cost(p, c) for c in chunks(p, b))


def copies_met(p, t, direction):
    """The copies of task t that share the engine with a copy in `direction` (difference 5)."""
    if p.engines == 2:
        return [t.upload if direction == "up" else t.download]
    return [t.upload, t.download]


def fixed_point(base, interferers, limit):
    """x = base + sum (ceil(x/T_h) + 1) * c_h, iterated from x = base (the paper's B^0).
    Returns (x, None) when settled, (x, n) when x passed `limit` at iteration n."""
    x = base
    for n in range(1, MAX_ITER + 1):
        nxt = base + sum((ceil_div(x, period) + 1) * cost for period, cost in interferers)
        if nxt == x:
            return x, None
        x = nxt
        if x > limit:
            return x, n
    raise RuntimeError("fixed_point: no convergence within MAX_ITER")  # monotone: unreachable


def analyse(tasks, p):
    """Per task (highest priority first): a dict with the bound and its parts."""
    order = sorted(tasks, key=lambda t: -t.prio)
    out = []
    for i, t in enumerate(order):
        higher, lower = order[:i], order[i + 1:]
        res = {"name": t.name, "prio": t.prio, "period": t.period, "deadline": t.deadline,
               "upload": t.upload, "kernels": t.kernels, "download": t.download,
               "offset": t.offset}
        reasons = []
        parts = {}
        # eq. 1 and 2: the copies
        for d, size, key, wait in (("up", t.upload, "ru", "bu"), ("down", t.download, "rd", "bd")):
            if size == 0:
                parts[key], res[wait] = 0, 0
                continue
            block = max([chunk_cost(p, max(chunks(p, b))) for l in lower
                         for b in copies_met(p, l, d) if b > 0], default=0)
            inter = [(h.period, sum(copy_cost(p, b) for b in copies_met(p, h, d)))
                     for h in higher]
            w, passed = fixed_point(block, [x for x in inter if x[1] > 0], t.deadline)
            res[wait] = w
            if passed is not None:
                reasons.append(f"{wait.upper()} (the wait of one {d}load chunk) passed the "
                               f"deadline {t.deadline} at iteration {passed} ({w})")
                parts[key] = None
                continue
            n = len(chunks(p, size))
            parts[key] = p.enqueue + n * w + copy_cost(p, size) + p.dequeue
        # eq. 3: the kernels
        if not t.kernels:
            parts["rk"], res["bk"] = 0, 0
        else:
            per = p.sched + p.overhead + p.switch
            block = max([per + k for l in lower for k in l.kernels], default=0)
            inter = [(h.period, len(h.kernels) * per + sum(h.kernels))
                     for h in higher if h.kernels]
            w, passed = fixed_point(block, inter, t.deadline)
            res["bk"] = w
            if passed is not None:
                reasons.append(f"BK (the wait of one kernel launch) passed the deadline "
                               f"{t.deadline} at iteration {passed} ({w})")
                parts["rk"] = None
            else:
                parts["rk"] = (p.enqueue + len(t.kernels) * (per + w) + sum(t.kernels)
                               + p.dequeue)
        res.update(parts)
        total = None if None in parts.values() else parts["ru"] + parts["rk"] + parts["rd"]
        if total is not None and total > t.deadline:
            reasons.append(f"R = RU + RK + RD = {parts['ru']} + {parts['rk']} + {parts['rd']}"
                           f" = {total} > deadline {t.deadline}")
        res["schedulable"] = not reasons
        res["bound"] = total if not reasons else None
        res["exceeded"] = total if reasons else None
        res["reason"] = "; ".join(reasons) if reasons else "R <= D"
        out.append(res)
    return out


# ---------------------------------------------------------------- command line
def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="bound.py", description="RGEM response-time bound (appendix eq. 1-3) per task; "
        "see the module docstring for the file format and the reading of the paper.")
    ap.add_argument("taskset")
    for k in PLATFORM_DEFAULTS:
        if k != "chunked":
            ap.add_argument(f"--{k}", metavar="N")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--chunked", dest="chunked", action="store_const", const="1")
    g.add_argument("--unchunked", dest="chunked", action="store_const", const="0")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    a = ap.parse_args(argv)
    try:
        tasks, plat = parse_taskset(a.taskset)
        for k in PLATFORM_DEFAULTS:
            v = getattr(a, k)
            if v is not None:
                def err(msg):
                    return TaskSetError("command line", 0, msg)
                plat[k] = parse_number(v, k, err)
                check_platform_value(k, plat[k], err)
    except TaskSetError as e:
        print(f"bound.py: {e}", file=sys.stderr)
        return 2
    p = Platform(**plat)
    res = analyse(tasks, p)
    ok = all(r["schedulable"] for r in res)
    if a.json:
        print(json.dumps({"taskset": a.taskset, "platform": p.as_dict(), "schedulable": ok,
                          "tasks": res}, indent=1))
    else:
        pd = p.as_dict()
        print(f"task set {a.taskset}: {len(res)} tasks; platform "
              + " ".join(f"{k}={v}" for k, v in pd.items()))
        print(f"{'task':<12} {'prio':>4} {'deadline':>9} {'RU':>9} {'RK':>9} {'RD':>9} "
              f"{'bound':>9}  verdict")
        for r in res:
            def f(x):
                return "-" if x is None else str(x)
            print(f"{r['name']:<12} {r['prio']:>4} {r['deadline']:>9} {f(r['ru']):>9} "
                  f"{f(r['rk']):>9} {f(r['rd']):>9} {f(r['bound']):>9}  "
                  + ("schedulable" if r["schedulable"] else "UNSCHEDULABLE: " + r["reason"]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
