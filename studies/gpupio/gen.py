"""studies/gpupio/gen.py - the workloads of the GPUpIO study (make study-gpupio,
docs/results-gpupio.md): kmusim workload text (docs/workload-format.md) for the section 3
model sweep and its calibration, the mixed workload (Fig. 6) and the head / tail runs
(Fig. 12-15).  Plain functions of their parameters (no randomness: the runs' seed is kmusim's).

Every kernel uses kmusim's I/O thread-block keys (docs/workload-format.md): `io=I rounds=R
yield=off|addr|spin`: a TB runs R rounds of (compute `cycles`, then an I/O request that the
modelled device completes I cycles later by writing the TB's flag); while it waits it spins on
its SM (off), yields with its flag address (addr: saved, evicted, woken by the device's write,
restored at the head of its SM's queue) or yields with 0 (spin: saved, parked behind every TB
the dispatcher holds).

Why every TB of the section 3 runs holds a whole SM (shmem > SHMEM/2, so no second TB fits
beside it), and every TB of the mixed and head/tail runs half an SM (32 warps: two per SM):
the behavioural SMs model no issue contention, so a TB spinning on its flag would slow nothing
that runs beside it on the same SM; the paper's premise (section 3: "a GPU with one SM that can
run only one threadblock at each point in time"; section 6: the spinning I/O kernel occupies the
device) holds only when the spinning TB keeps other work off its SM.  With one TB per SM the
slot a spinning TB holds is the SM's whole capacity (half of it), as in the paper."""

CONFIG = "config paper"        # kmusim's paper build: 16 SMs (the study's choice: docs/results-gpupio.md)
SHMEM_SM = 98304               # the paper configuration's shared memory per SM
FULL = SHMEM_SM // 2 + 1       # shared memory of a TB that fills an SM alone (49,153 bytes)
ONE_SM = "reserve=0xfffe"      # host kernels on SM 0 only (the other SMs are kept for event kernels)
FOUR_SM = "reserve=0xfff0"     # host kernels on SMs 0..3: with two TBs per SM, 8 TB slots,
                               # as many as kmu_yield_mon's YW = 8 watch entries

# Section 3: the context sizes that set alpha (the TB's live state the yield saves and
# restores: registers of its warps + its shared memory); name -> (threads, regs per thread,
# shared memory bytes).  regs <= RPW = 32: kmu_sm takes a yield only from a TB of 1..RPW
# registers per warp slot (docs/blocks/kmu_sm.md, Yield).
SHAPES = {
    "ctx50k": (128, 1, FULL),      # 4 warps x 1 reg x 128 B + 49,153 B   =  49,665 B
    "ctx113k": (1024, 16, FULL),   # 32 warps x 16 x 128 B + 49,153 B     = 114,689 B
    "ctx197k": (1024, 32, 65535),  # 32 warps x 32 x 128 B + 65,535 B     = 196,607 B
    # the mixed and head/tail runs: half an SM (32 of its 64 warps), 4 KiB of context.  With a
    # TB of 50 KB, 8 SMs saving at once share kmu_gpu's one memory port (one 32-byte beat a
    # cycle for every SM's context engine): a yield's save took 8 x 1,557 cycles there
    "half4k": (1024, 1, 0),        # 32 warps x 1 reg x 128 B              =   4,096 B
}


def warps(shape):
    """the TB's warps (32 threads each)"""
    return (SHAPES[shape][0] + 31) // 32


def ctx_bytes(shape):
    """the TB's context in bytes: its warps' registers (REG_BYTES = 128 per warp register in
    the paper build) and its shared memory"""
    thr, regs, shm = SHAPES[shape]
    return warps(shape) * regs * 128 + shm


def kernel(name, grid, shape, cycles, io=None, rounds=None, yld=None, extra=""):
    thr, regs, shm = SHAPES[shape] if isinstance(shape, str) else shape
    s = f"kernel {name} grid={grid} tb={thr} regs={regs} shmem={shm} cycles={cycles} host"
    if io is not None:
        s += f" io={io}"
        if rounds is not None:
            s += f" rounds={rounds}"
        if yld is not None:
            s += f" yield={yld}"
    return s + (" " + extra if extra else "")


def text(lines):
    return "\n".join(lines) + "\n"


def wl_calib(shape, io_cycles, compute=1000, filler=200):
    """alpha's calibration: one I/O TB on SM 0 computes `compute` cycles and yields (a filler
    TB of the same size waits, so the yield is taken: NOWORK otherwise); the filler runs
    `filler` cycles and leaves the SM idle, so the device's write after `io_cycles` wakes the TB
    onto an idle SM: its wake-up latency is the restore alone (plus the monitor's cycles), its
    save the hardware's save of this context"""
    return text([f"{CONFIG} {ONE_SM}",
                 kernel("io", 1, shape, compute, io=io_cycles, rounds=1, yld="addr"),
                 kernel("fill", 1, shape, filler),
                 "launch io at=0", "launch fill at=1"])


def wl_model(shape, b, c, i, yld, serial=True):
    """section 3 (Fig. 1-2): B TBs of one I/O kernel on one SM (one TB at a time), each computes
    C cycles and then waits I cycles for its I/O (rounds=1: it is done when the I/O is).
    serial: the device serves one request at a time (kmusim's iodev_serial=1, the model's
    premise: "a pipeline of two stages"); False: every request on its own (requests overlap)"""
    return text([f"{CONFIG} {ONE_SM}" + (" iodev_serial=1" if serial else ""),
                 kernel("io", b, shape, c, io=i, rounds=1, yld=yld),
                 "launch io at=0"])


def wl_mixed(n_io, yld, p):
    """Fig. 6: n_io I/O kernels (grid = the 8 TB slots of SMs 0..3, `p['rounds']` rounds of io_c compute + io_i
    I/O) and the fixed compute kernels: an SRAD-like chain of p['srad_n'] kernels and a
    PathFinder-like chain of p['pf_n'] shorter ones (each chain in order, as one CUDA stream:
    `after=`), all enqueued at cycle 0, the I/O kernels first"""
    shp = p["shape"]
    ls = [f"{CONFIG} {FOUR_SM}"]
    for k in range(n_io):
        ls.append(kernel(f"io{k}", p["io_grid"], shp, p["io_c"], io=p["io_i"],
                         rounds=p["rounds"], yld=yld))
    ls.append(kernel("srad", p["srad_grid"], shp, p["srad_c"]))
    ls.append(kernel("pf", p["pf_grid"], shp, p["pf_c"]))
    for k in range(n_io):
        ls.append(f"launch io{k} at=0")
    for k in range(p["srad_n"]):
        ls.append(f"launch srad at=0 name=s{k}" + (f" after=s{k - 1}" if k else ""))
    for k in range(p["pf_n"]):
        ls.append(f"launch pf at=0 name=p{k}" + (f" after=p{k - 1}" if k else ""))
    return text(ls)


def wl_headtail(n_comp, yld, p, tail=False):
    """Fig. 12-15: one I/O kernel (grid = the 8 TB slots of SMs 0..3, p['rounds'] rounds) on
    top of the queue and n_comp compute kernels of p['comp_grid'] TBs of p['comp_c'] cycles
    each, all enqueued at cycle 0 (the paper: "all the kernels are enqueued at once, with the
    I/O kernels in the top of the queue"); the compute kernels run side by side (separate
    streams).  tail: YIELD_CTRL.TAIL set (kmusim's yield_tail=1): a woken TB re-enqueued at the
    tail instead of the head"""
    shp = p["shape"]
    ls = [f"{CONFIG} {FOUR_SM}" + (" yield_tail=1" if tail else ""),
          kernel("io", p["io_grid"], shp, p["io_c"], io=p["io_i"], rounds=p["rounds"], yld=yld),
          kernel("comp", p["comp_grid"], shp, p["comp_c"]),
          "launch io at=0"]
    ls += ["launch comp at=0"] * n_comp
    return text(ls)
