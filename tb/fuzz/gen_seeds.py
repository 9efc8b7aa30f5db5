#!/usr/bin/env python3
"""gen_seeds.py - the hand-made seed inputs of the fuzz targets (tb/fuzz/corpus/<target>/seed_*).

  python3 tb/fuzz/gen_seeds.py        (re)writes them; libFuzzer grows the corpus from there

workload: every workload of workloads/ and workloads/errors/ (good and malformed text).
gpu_mmio: MMIO programs in the op encoding of fuzz_gpu_mmio.c: a host launch, an event-kernel
registration with doorbells, the preemption policies with two priorities competing, and every
window including the reserved ones and unmapped addresses.
"""
import glob
import os
import shutil
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "tb", "fuzz", "corpus")

# windows in the order of fuzz_gpu_mmio.c addr_of()
WIN = {0x0000: 0, 0x0100: 1, 0x1000: 2, 0x2000: 3, 0x2100: 4, 0x2200: 5, 0x2300: 6}


def addr_bytes(addr):
    """A B such that addr_of(A, B) == addr (aligned, inside a window)."""
    base = max(b for b in WIN if b <= addr)
    w = (addr - base) // 4
    return bytes([WIN[base] << 5 | (w >> 8 & 0x0F), w & 0xFF])


def wr(addr, data, strb=0xF):
    op = 0x20 if strb == 0xF else strb & 0xF
    return bytes([op]) + addr_bytes(addr) + struct.pack("<I", data & 0xFFFFFFFF)


def rd(addr):
    return bytes([0x40]) + addr_bytes(addr)


def run(n):
    """about n cycles"""
    out = b""
    while n > 0:
        k = min(63, max(0, (n - 1) // 8))
        out += bytes([0xC0 | k])
        n -= 8 * k + 1
    return out


def header(h0=0, h1=0, seed=1):
    return bytes([h0, h1]) + struct.pack(">Q", seed)


def host_launch(gx, gy, tbx, prio, nregs=8, shmem=0, kptr=0x100000):
    return (wr(0x2000, kptr) + wr(0x2004, gx | gy << 16) + wr(0x2008, 1) +
            wr(0x200C, tbx | 1 << 16) + wr(0x2010, 1) +
            wr(0x2014, shmem | nregs << 16 | prio << 24) + wr(0x2018, 0x40000000) +
            wr(0x201C, 0x40000040) + wr(0x2020, 1) + rd(0x2024))


def register(gx, tbx, prio, maxinf=4, kptr=0x200000, pbase=0x10000000):
    return (wr(0x0100, kptr) + wr(0x0104, gx | 1 << 16) + wr(0x0108, 1) +
            wr(0x010C, tbx | 1 << 16) + wr(0x0110, 1) + wr(0x0114, 8 << 16 | prio << 24) +
            wr(0x0118, pbase) + wr(0x011C, pbase + 64 * 8) + wr(0x0120, 64 | maxinf << 16) +
            wr(0x0124, 1) + run(60) + rd(0x0128))


def mmio_seeds():
    s = {}
    s["host_launch"] = header() + host_launch(4, 1, 32, 0) + run(300) + rd(0x002C) + rd(0x0050)
    s["event_doorbells"] = (header(seed=2) + register(2, 64, 2) + wr(0x1000, 0) + wr(0x1000, 0) +
                            run(100) + wr(0x1000, 0) + run(200) + rd(0x0040) + rd(0x0048))
    for pol, name in ((1, "chimera"), (2, "chimera_dirty"), (3, "pep")):
        s["preempt_" + name] = (
            header(seed=3 + pol, h1=0xC0) + wr(0x2100, pol | 0xF << 4) + wr(0x2104, 0x80000000) +
            wr(0x2108, 2000) + wr(0x210C, 2) + host_launch(16, 1, 64, 0) + run(40) +
            register(2, 64, 3) + wr(0x1000, 0) + run(600) + rd(0x2114) + rd(0x2118))
    s["warp_preempt"] = (header(seed=9, h1=0x80) + wr(0x2100, 0x8 | 0xF << 4) +
                         host_launch(8, 1, 256, 0) + run(30) + register(1, 32, 3) +
                         wr(0x1000, 0) + run(300))
    s["reserve_rgem"] = (header(seed=10) + wr(0x0030, 1) + wr(0x0034, 2) + host_launch(3, 1, 32, 1) +
                         register(3, 32, 2) + wr(0x1000, 0) + run(300) + rd(0x000C))
    allwin = header(h0=0x15, h1=0x15, seed=11)
    for a in (0x0000, 0x0004, 0x0010, 0x0020, 0x004C, 0x00FC, 0x0100, 0x0128, 0x01FC, 0x1000,
              0x1FFC, 0x2000, 0x2024, 0x20FC, 0x2100, 0x21FC, 0x2200, 0x220C, 0x2300, 0x23FC):
        allwin += wr(a, 0xFFFFFFFF) + rd(a) + wr(a, 0x1234, strb=0x3)
    allwin += bytes([0x40, 0xE0 | 0x1F, 0xFF, 0x50, 0x01, 0x02, 0x00, 0x35, 0x00, 0x01, 0x02, 0x03, 0x04])
    s["all_windows"] = allwin + rd(0x0020) + rd(0x0010)
    return s


def main():
    wl = os.path.join(OUT, "workload")
    mm = os.path.join(OUT, "gpu_mmio")
    for d in (wl, mm):
        os.makedirs(d, exist_ok=True)
        for f in glob.glob(os.path.join(d, "seed_*")):
            os.remove(f)
    for f in sorted(glob.glob(os.path.join(ROOT, "workloads", "*.wl")) +
                    glob.glob(os.path.join(ROOT, "workloads", "errors", "*.wl"))):
        sub = "err_" if "/errors/" in f else ""
        shutil.copy(f, os.path.join(wl, "seed_" + sub + os.path.basename(f)))
    with open(os.path.join(wl, "seed_overrides.wl"), "w") as fh:
        fh.write("#policy pep+warp\n#config fpga\nkernel k grid=2 tb=32 cycles=10 host\n"
                 "launch k at=0 count=3 every=0x10\nend at=1k\n")
    for name, data in mmio_seeds().items():
        with open(os.path.join(mm, "seed_" + name), "wb") as fh:
            fh.write(data)


if __name__ == "__main__":
    main()
