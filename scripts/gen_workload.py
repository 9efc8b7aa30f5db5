#!/usr/bin/env python3
"""gen_workload.py SEED [CYCLES] [CONFIG] - a random kmusim workload (docs/workload-format.md).

Reproducible from its seed: host and event kernels of random shapes that fit the
configuration, single-warp event kernels (the event-warp-table path), priorities 0..3,
registrations, doorbell trains and host launches (class user or batch) spread over about CYCLES cycles, some
memory back-pressure, and the software configuration: RGEM mode (rgem=), SMs reserved for
event kernels (reserve=, never every SM, so host kernels can run), and a preemption policy
(policy=, every policy and combination, with random victim policy, flush options, Chimera
deadline), register write-backs and barriers in the TBs (so that saves have dirty registers),
launch hints (hint lines ahead of host launches), a preemption-heavy kernel pair (long
low-priority TBs, a high-priority kernel arriving again and again), and now and then a grid of
more than 65,536 TBs, and copies of every size and priority preempting each other under
memory stalls (a random chunk size and host link).  POLICY (a fourth argument) forces the
policy; POLICY `copies` gives a workload of copies only (copies_only); POLICY `revokes` gives
the seed's workload without copies and with TReM revoke lines (add_revokes); POLICY `io` the
seed's workload with host kernels only, most of them doing GPUpIO I/O; POLICY
`trem_priority` / `trem_elastic` the seed's workload without copies under TReM's automatic
policy (config trem=, Elastic's sla= and period=).  About a third of the kernels of the default
mode do GPUpIO I/O (io=, rounds=, yield=: docs/workload-format.md).  Used by scripts/test_kmu_gpu_cosim.sh for top-level lockstep runs.
`gen_workload.py SEED NJOBS paper trem_mix MIX LOAD VARIANT`: a TReM task mix (trem_mix, the
Fig. 7-9 analogue of studies/trem/study.py)."""
import random
import re
import sys

SIZES = {  # warps, regs, shmem per SM; EKT entries; SMs
    "small": (8, 4096, 16384, 8, 2),
    "paper": (64, 65536, 98304, 32, 16),
}


def copies_only(seed, span, cfg):
    """A workload of copies only (POLICY argument `copies`): many copies of every size class
    up to 64 KiB and every priority of the build, at random times and in bursts, so that they
    preempt each other at chunk boundaries, under heavy memory stalls and a random chunk size
    and host link.  kmusim's copy scoreboard checks every byte."""
    r = random.Random(seed)
    nprio = 4 if cfg == "small" else 8
    out = [f"# random copies-only workload, seed {seed} (scripts/gen_workload.py)",
           f"config {cfg} mem_stall_pct={r.choice([10, 40, 70])} copy_chunk={r.randint(2, 12)}"
           f" link_latency={r.choice([1, 3, 20, 100])} link_bw={r.randint(1, 4)}"
           f" link_setup={r.choice([0, 2, 30])}"]
    events = []
    for _ in range(r.randint(20, 40)):
        t = r.randint(0, span) if r.random() < 0.6 else r.choice([100, span // 3])  # bursts
        size = 4 * r.choice([1, 2, 3, 16, 100, r.randint(1, 1024), r.randint(1, 16384)])
        events.append((t, f"copy bytes={size} dir={r.choice(['h2d', 'd2h'])} "
                          f"prio={r.randint(0, nprio - 1)} at={t}"))
    events.sort(key=lambda e: e[0])
    print("\n".join(out + [e[1] for e in events]))


def add_revokes(seed, span, kernels, events):
    """TReM revoke lines (POLICY `revokes`), from their own random stream: both actions, on
    host kernels at random times, right at or just after one of their launches (a revoke
    during its own launch, its first TBs, a preemption of its TBs), before any launch of the
    kernel (UNKNOWN), long after the arrivals (FINISHED, or REVOKED after a retire), and
    twice in a row (REVOKED while the replay waits).  kmusim's scoreboard checks every
    status, the dropped and replayed TBs, and that every request completes once."""
    r = random.Random(seed * 7919 + 5)
    hosts = [n for n, ev, _ in kernels if not ev]
    launches = {}
    for t, line in events:
        if line.startswith("launch "):
            launches.setdefault(line.split()[1], []).append(t)
    if not hosts:
        return
    for _ in range(r.randint(3, 12)):
        name = r.choice(hosts)
        mode = r.random()
        if mode < 0.6 and name in launches:
            t = r.choice(launches[name]) + r.choice([0, 1, 3, 10, 30, 100, 400, r.randint(0, 3000)])
        elif mode < 0.68:
            t = r.randint(0, 5)                       # before every launch: UNKNOWN
        elif mode < 0.76:
            t = span + r.randint(0, span)             # late: finished (or revoked before)
        else:
            t = r.randint(0, span)
        action = r.choice(["", " action=replay", " action=retire", ""])
        events.append((t, f"revoke {name} at={t}{action}"))
        if r.random() < 0.15:                         # again at once
            events.append((t, f"revoke {name} at={t}{r.choice(['', ' action=retire'])}"))


# ---- TReM task mixes (studies/trem Fig. 7-9 and 11b analogues, docs/results-trem.md) ----
# TReM Table III (average task execution time, ms): user-facing and batch tasks
TREM_USER_MS = [("particlefilter", 1), ("euclid", 8), ("nw", 38), ("bfs", 50),
                ("blackscholes", 60), ("pathfinder", 68), ("hotspot3d", 81),
                ("montecarlo", 150), ("darkgray", 170)]
TREM_BATCH_MS = [("lavamd", 46000), ("hotspot", 130696), ("gaussian", 311000)]
# The scale (paper configuration: 16 SMs).  A paper GPU is 4 SMs (the paper's 4 GPUs are our
# 16 SMs): a task is a kernel of 4 TBs of 1,024 threads and 64 registers per thread, each TB
# fills one SM's registers, so one task holds 4 SMs as a paper task holds one GPU.
TREM_SM_PER_GPU = 4
TREM_GPUS = 16 // TREM_SM_PER_GPU      # the paper's 4 GPUs
TREM_EL_UNIT = TREM_SM_PER_GPU.bit_length() - 1   # Elastic's TR_CTRL.UNIT: 2^2 SMs per task
TREM_CYC_PER_MS = 5            # user-facing tasks and the SLA: 1 paper ms = 5 cycles
TREM_BATCH_CYC_PER_S = 80      # batch tasks and batch jobs: 1 paper s = 80 cycles (63x more)
TREM_SLA = 200 * TREM_CYC_PER_MS   # the paper's 200 ms SLA: 1,000 cycles
TREM_USER_JOB = 4400           # user-facing job duration, Pareto mean (cycles; paper 5 s)
TREM_BATCH_JOB = 600 * TREM_BATCH_CYC_PER_S   # batch job duration, Pareto mean (paper 600 s)
TREM_PARETO_A = 2.5            # Pareto shape (the paper gives none); durations cut at 4x mean
TREM_JOB_OUT = 8               # outstanding tasks per user-facing job at most (paper V-B)
TREM_BATCH_OUT = 4             # outstanding batch tasks at most: one per paper GPU (see trem_mix)
TREM_MIXES = {"W1": 0.5, "W2": 0.8}   # user-facing share of the jobs (Table IV)
TREM_USER_MEAN = sum(ms for _, ms in TREM_USER_MS) * TREM_CYC_PER_MS / len(TREM_USER_MS)


def trem_pareto(r, mean):
    """a Pareto draw of the given mean (shape TREM_PARETO_A), cut at 4x the mean"""
    xm = mean * (TREM_PARETO_A - 1) / TREM_PARETO_A
    return min(4 * mean, xm / (1.0 - r.random()) ** (1.0 / TREM_PARETO_A))


def trem_mix(seed, mix, load, njobs, variant, cost=0, pause_drain=0,
             batch_out=TREM_BATCH_OUT, gpus=None):
    """A TReM task mix (TReM V-B, Table IV) as a kmusim workload (text) and its job list.

    njobs jobs arrive with exponential gaps of mean E[D] / (load x 4): load 1 offers as much
    task work as the 4 paper GPUs (16 SMs) take.  The jobs and their gaps are drawn from
    (seed, mix) alone and the gaps scaled by 1 / load, so every load and variant of a seed runs
    the same jobs (the paper scales the base inter-arrival mean the same way).  A job is
    user-facing with probability TREM_MIXES[mix], its duration D is a Pareto draw (TREM_USER_JOB or
    TREM_BATCH_JOB mean), its task type a random row of Table III; its tasks are identical
    kernels of t cycles (one kernel definition per job, 4 TBs).
      user-facing job: a stream of n = max(1, round(D / 348)) requests (348 cycles: Table
        III's mean user-facing task), one every t (the job keeps one paper GPU busy), at most
        TREM_JOB_OUT outstanding (after= the task 8 earlier); class user, priority 3.  Its
        work is n t: on average D.
      batch job: n = max(1, round(D / t)) tasks, every one released at its arrival; class
        batch, priority 0.  The host keeps at most batch_out (TREM_BATCH_OUT = 4, one per
        paper GPU) batch tasks in the hardware (after= the batch task 4 earlier, in release
        order), as the paper's scheduler sends a task to a GPU when one is free; the rest
        wait in the host's queue (their wait counts in the job's time).  A deeper hardware
        queue holds batch kernels admitted to a slot but not running, and kmu_revoke's ROOM
        victim, the batch kernel admitted most recently, is then one of them: it frees no SM
        (docs/results-trem.md, Found by the study).  The paper's per-job limit of 8 is not
        applied to batch jobs (batch_out is stricter).
    Every kernel line has est= its TB cycles (Elastic's NEAR_DONE rule).
    variant: prio (trem=off: the same priorities, no revocation), prio_tr (trem=priority),
    el_tr (trem=elastic, cost=COST), el (trem=elastic with cost=2^32-1: every ROOM_EL answers
    NEAR_DONE, so Elastic's split without revocation).  Elastic's TR_SLA is the SLA and
    TR_CTRL.UNIT 2 (config unit=): U = min(NSM, ceil(l_e q / SLA) << 2) SMs, ceil(l_e q / SLA)
    tasks of 4 SMs, the paper's Equation 2 in GPUs (before TR_CTRL.UNIT the study wrote SLA / 4,
    so U = ceil(4 l_e q / SLA) counted SMs and a task could get fewer than its 4 TBs need);
    TR_PERIOD 500 cycles (the paper's 100 ms).  pause_drain: kmusim's revocation-latency
    parameter.  gpus: the same jobs on that many paper GPUs (Fig. 11a; the load stays relative
    to 4 GPUs).  kmusim's engine is built for 16 SMs, so a paper GPU becomes 16 / gpus SMs: a
    task is 16 / gpus TBs (each fills an SM) of the same time, Elastic's unit log2(16 / gpus),
    and the host keeps one batch task per GPU (batch_out = gpus).
    Returns (text, jobs): jobs = [(name, kind, arrival, ntasks, t_cycles)]."""
    r = random.Random(seed * 7717 + (1 if mix == "W1" else 2))
    pu = TREM_MIXES[mix]
    ed = pu * TREM_USER_JOB + (1 - pu) * TREM_BATCH_JOB
    gap = ed / TREM_GPUS            # load 1; drawn at load 1 and scaled below
    cfg = "config paper"
    spg = TREM_SM_PER_GPU
    if gpus:
        spg, batch_out = 16 // gpus, gpus
    unit = spg.bit_length() - 1
    if variant == "prio_tr":
        cfg += " trem=priority"
    elif variant in ("el", "el_tr"):
        cfg += (f" trem=elastic sla={TREM_SLA} unit={unit}"
                f" period={100 * TREM_CYC_PER_MS}"
                f" cost={0xFFFFFFFF if variant == 'el' else cost}")
    elif variant != "prio":
        raise ValueError(f"trem_mix: unknown variant {variant}")
    if pause_drain:
        cfg += f" pause_drain={pause_drain}"
    kern, ev, jobs = [cfg], [], []
    t = 0.0
    for j in range(njobs):
        t += r.expovariate(1.0 / gap)
        a = int(t / load)
        user = r.random() < pu
        if user:
            name, ms = r.choice(TREM_USER_MS)
            tc = ms * TREM_CYC_PER_MS
            d = trem_pareto(r, TREM_USER_JOB)
        else:
            name, ms = r.choice(TREM_BATCH_MS)
            tc = ms * TREM_BATCH_CYC_PER_S // 1000
            d = trem_pareto(r, TREM_BATCH_JOB)
        # a user-facing job's requests: D over the mean user-facing task (Table III's mean,
        # 69.6 ms, so a 1 ms type does not give thousands of launches), one every t: the job
        # keeps one paper GPU busy; a batch job: D over its own task length
        n = max(1, round(d / (TREM_USER_MEAN if user else tc)))
        k = f"{'u' if user else 'b'}{j}_{name}"
        kern.append(f"kernel {k} grid={spg} tb=1024 regs=64 cycles={tc} host "
                    f"prio={3 if user else 0} class={'user' if user else 'batch'} est={tc}")
        for i in range(n):
            ev.append((a + (i * tc if user else 0), user, k, i))
        jobs.append((k, "user" if user else "batch", a, n, tc))
    ev.sort(key=lambda e: (e[0], e[2], e[3]))
    lines, nb = [], []
    for at, user, k, i in ev:
        line = f"launch {k} at={at} name={k}_{i}"
        if user and i >= TREM_JOB_OUT:
            line += f" after={k}_{i - TREM_JOB_OUT}"
        elif not user:
            if len(nb) >= batch_out:
                line += f" after={nb[-batch_out]}"
            nb.append(f"{k}_{i}")
        lines.append(line)
    head = [f"# TReM task mix {mix}, load {load}, variant {variant}, seed {seed}, {njobs} jobs, "
            f"{batch_out} batch tasks in the hardware at most (scripts/gen_workload.py trem_mix)"]
    return "\n".join(head + kern + lines) + "\n", jobs


def main():
    if len(sys.argv) > 4 and sys.argv[4] == "trem_mix":
        # gen_workload.py SEED NJOBS paper trem_mix MIX LOAD VARIANT: a TReM task mix
        print(trem_mix(int(sys.argv[1]), sys.argv[5], float(sys.argv[6]), int(sys.argv[2]),
                       sys.argv[7])[0], end="")
        return
    seed = int(sys.argv[1])
    span = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
    cfg = sys.argv[3] if len(sys.argv) > 3 else "small"
    force_policy = sys.argv[4] if len(sys.argv) > 4 else None
    revokes = force_policy == "revokes"
    # POLICY io: the seed's workload with host kernels only, most of them doing GPUpIO I/O
    # (yield=addr too: no doorbell can hold the device's signal on the bus)
    io_mode = force_policy == "io"
    if io_mode:
        force_policy = None
    # POLICY trem_priority / trem_elastic: the seed's workload without copies, under TReM's
    # automatic policy (config trem=, and for Elastic sla= and period= from their own stream)
    trem = force_policy[5:] if force_policy in ("trem_priority", "trem_elastic") else None
    if revokes or trem:
        force_policy = None
    if force_policy == "copies":
        copies_only(seed, span, cfg)
        return
    warps_sm, regs_sm, shmem_sm, entries, nsm = SIZES[cfg]
    r = random.Random(seed)
    rt = random.Random(seed * 1000003 + 12)  # TReM class: the rest of a seed stays
    out = [f"# random workload, seed {seed}, about {span} cycles (scripts/gen_workload.py)",
           f"config {cfg} mem_stall_pct={r.choice([0, 0, 10, 40])}"]
    if trem:
        rq = random.Random(seed * 1000003 + 77)
        out[1] += f" trem={trem}"
        if trem == "elastic":
            out[1] += f" sla={rq.choice([200, 1000, 5000])} period={rq.choice([0, 64, 500])}"
    # GPUpIO I/O thread blocks (io=, rounds=, yield=) on some kernels, from their own stream so
    # that the rest of a seed stays; not with revocations (a revoke dropping a yielded TB is an
    # open case of kmu_sm, docs/blocks/kmu_sm.md "Yield")
    rio = random.Random(seed * 1000003 + 31)
    kernels = []
    nk = r.randint(2, 7)
    nev = 0
    for k in range(nk):
        event = r.random() < 0.5 and nev < entries and not io_mode
        if event and r.random() < 0.5:
            tb, shmem = r.choice([32, 16, 1]), 0         # warp-level event kernel
        else:
            tb = r.choice([32, 64, 96, 128, 256])
            shmem = r.choice([0, 0, 1024, 4096, shmem_sm // 2])
        warps = (tb + 31) // 32
        regs = r.randint(1, max(1, min(64, regs_sm // (warps * 32))))
        grid = r.randint(1, 24 if not event else 6)
        cycles = r.randint(5, 600)
        prio = r.randint(0, 3)
        name = f"k{k}"
        line = (f"kernel {name} grid={grid} tb={tb} regs={regs} shmem={shmem} "
                f"cycles={cycles} prio={prio} ")
        if event:
            ring = r.randint(1, 8)
            line += f"event ring={ring} maxinf={r.randint(1, ring)}"
            nev += 1
        else:
            line += "host"
            # TReM: the class (HL_RES.CLASS), random, so that
            # kmu_elastic's arrivals, departures and samples see both classes
            line += f" class={rt.choice(['user', 'batch'])}"
        if r.random() < 0.5:
            line += f" loads={r.randint(0, 50)} jitter={r.randint(0, 30)}"
        # I/O on about a third of the kernels (not a warp-level event kernel: kmusim runs those
        # as event warps, which do no I/O): latencies that race the yield (0..4) or not
        if (not (revokes or trem) and rio.random() < (0.8 if io_mode else 0.4)
                and not (event and tb <= 32)):
            io = rio.choice([0, 1, 2, 3, 4, rio.randint(20, 400), rio.randint(500, 5000),
                             rio.randint(500, 5000)])
            line += (f" io={io} rounds={rio.randint(1, 4)}"
                     f" yield={rio.choice(['off', 'addr', 'addr', 'spin'])}")
        out.append(line)
        kernels.append((name, event, cycles * grid))
    if nev:
        # a doorbell the front end back-pressures holds the AXI-Lite bus, and the device's
        # YIELD_SIGNAL write behind it with it (docs/kmusim.md, "I/O thread blocks",
        # workloads/hw/io_bus_block.wl): with event kernels, yield(addr) TBs spin in place
        # (off); yield(0) needs no signal (its TB is restored by the tail rule and checks its
        # flag), so it stays (issue 13: three yield(0) on one SM no longer deadlock,
        # io_spin_hang.wl)
        out = [line.replace("yield=addr", "yield=off") for line in out]
    events = []
    for name, event, work in kernels:
        if event:
            events.append((0, f"register {name} at=0"))
            t = r.randint(50, span // 2)
            count = r.randint(1, 20)
            every = max(1, r.randint(1, max(2, (span - t) // count)))
            train = f" count={count} every={every}" if count > 1 else ""
            events.append((t, f"doorbell {name} at={t}{train}"))
        else:
            t = r.randint(10, span // 2)
            count = r.randint(1, 4)
            every = r.randint(1, max(2, span // (2 * count)))
            train = f" count={count} every={every}" if count > 1 else ""
            events.append((t, f"launch {name} at={t}{train}"))
    events.sort(key=lambda e: e[0])
    # software configuration (drawn last: the kernels and events of a seed stay as they were)
    rgem = r.choice([0, 0, 1])
    reserve = 0
    if r.random() < 0.5:
        reserve = r.randint(1, (1 << min(nsm, 32)) - 2)  # some SMs, never all of them
    out[1] += f" rgem={rgem} reserve=0x{reserve:x}"
    # preemption: a policy (or a combination), its parameters; TB behaviour that makes saves
    # matter (write-backs, barriers); launch hints ahead of host launches
    policy = r.choice(["drain", "warp", "chimera", "chimera_dirty", "pep", "pep_inplace",
                       "pep+warp", "chimera+warp", "chimera_dirty+warp", "pep_inplace+warp"])
    if force_policy:
        policy = force_policy
    out[1] += (f" policy={policy} vpol={r.randint(0, 2)} opt={r.randint(0, 15)}"
               f" deadline={r.choice([0, 50, 300, 2000, 100000])}")
    # (yield=addr and yield=spin under every policy: a woken TB is no longer held behind a
    # preempted one, workloads/hw/io_wake_starve.wl, issue 13's woken-TB rule)
    for i, line in enumerate(out):
        if line.startswith("kernel ") and r.random() < 0.7:
            out[i] = line + f" wb={r.randint(0, 900)} bar={r.choice([0, 0, 2, 10])}"
    for name, event, work in kernels:
        if not event and r.random() < 0.5:
            t = r.randint(10, span // 2)
            count = r.randint(1, 4)
            every = r.randint(1, max(2, span // (2 * count)))
            train = f" count={count} every={every}" if count > 1 else ""
            events.append((t, f"hint {name} at={t} lead={r.randint(0, 3000)}{train}"))
    # a preemption-heavy pair, often: long low-priority TBs that fill the SMs and a
    # high-priority kernel arriving again and again (with hints), so that TB-level policies
    # switch TBs out on several SMs at once and restore them
    if r.random() < 0.7:
        tb = r.choice([64, 128, 256])
        warps = tb // 32
        regs = r.randint(4, max(4, min(32, regs_sm // (warps * 32 * 2))))
        out.append(f"kernel bgx grid={r.randint(40, 200)} tb={tb} regs={regs} "
                   f"shmem={r.choice([0, 1024, 4096])} cycles={r.randint(800, 5000)} prio=0 "
                   f"host wb={r.randint(100, 900)} loads={r.randint(0, 30)}")
        out.append(f"kernel hpx grid={r.randint(1, 2 * nsm)} tb={r.choice([32, 64, 128])} "
                   f"regs={r.randint(4, 16)} cycles={r.randint(50, 400)} "
                   f"prio={r.randint(1, 3)} host")
        events.append((10, "launch bgx at=10"))
        t = r.randint(500, 3000)
        count = r.randint(3, 12)
        every = r.randint(600, 4000)
        events.append((t, f"launch hpx at={t} count={count} every={every}"))
        lead = r.randint(100, t - 10)
        events.append((t - lead, f"hint hpx at={t - lead} lead={lead} count={count} every={every}"))
    # now and then a grid above 65,536 TBs (a 2-D grid: TB indices past 16 bits), short TBs
    if r.random() < 0.08:
        gx, gy = r.randint(256, 400), r.randint(257, 300)
        out.append(f"kernel bigx grid={gx},{gy} tb=32 regs=4 cycles={r.randint(1, 4)} "
                   f"prio={r.randint(0, 1)} host")
        t = r.randint(10, span // 4)
        events.append((t, f"launch bigx at={t}"))
        kernels.append(("bigx", False, 0))
    if any(line.startswith("kernel bgx") for line in out):
        kernels += [("bgx", False, 0), ("hpx", False, 0)]
    if revokes or trem:  # no copies: a revoke's completion and a copy's share irq_o in kmusim
        if revokes:
            add_revokes(seed, span, kernels, events)
        if trem == "elastic":
            # Elastic's user SMs [0, U) and SM_RESERVE compose by AND: a reservation elsewhere
            # would starve event kernels (docs/blocks/kmu_trem_policy.md), so none here
            out[1] = re.sub(r" reserve=\S+", "", out[1])
            out[1] = re.sub(r"policy=(\S*)", lambda m: "policy=" + ("+".join(
                p for p in m.group(1).split("+") if p != "reserve") or "drain"), out[1])
        events.sort(key=lambda e: e[0])
        out += [e[1] for e in events]
        print("\n".join(out))
        return
    # copies (RGEM 3.1), often: every size class and every priority of the build, at random
    # times so that they preempt each other at chunk boundaries, with a random chunk size and
    # host link (latency, bandwidth, per-chunk setup); drawn last, so the rest of a seed stays
    if r.random() < 0.6:
        nprio = 4 if cfg == "small" else 8
        out[1] += (f" copy_chunk={r.randint(2, 12)} link_latency={r.choice([1, 5, 40, 200])}"
                   f" link_bw={r.randint(1, 4)} link_setup={r.choice([0, 0, 3, 20])}")
        for _ in range(r.randint(2, 12)):
            t = r.randint(0, span // 2)
            size = 4 * r.choice([1, 2, 15, 64, 250, r.randint(1, 4096)])
            events.append((t, f"copy bytes={size} dir={r.choice(['h2d', 'd2h'])} "
                              f"prio={r.randint(0, nprio - 1)} at={t}"))
    events.sort(key=lambda e: e[0])
    out += [e[1] for e in events]
    print("\n".join(out))


if __name__ == "__main__":
    main()
