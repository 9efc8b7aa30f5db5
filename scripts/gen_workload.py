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
the seed's workload without copies and with TReM revoke lines (add_revokes); POLICY
`trem_priority` / `trem_elastic` the seed's workload without copies under TReM's automatic
policy (config trem=, Elastic's sla= and period=).  Used by scripts/test_kmu_gpu_cosim.sh for top-level lockstep runs."""
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


def main():
    seed = int(sys.argv[1])
    span = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
    cfg = sys.argv[3] if len(sys.argv) > 3 else "small"
    force_policy = sys.argv[4] if len(sys.argv) > 4 else None
    revokes = force_policy == "revokes"
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
    kernels = []
    nk = r.randint(2, 7)
    nev = 0
    for k in range(nk):
        event = r.random() < 0.5 and nev < entries
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
        out.append(line)
        kernels.append((name, event, cycles * grid))
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
