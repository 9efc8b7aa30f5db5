# io_wake_starve.wl - REPRODUCER of a hardware liveness bug, expected to FAIL (not in make test):
# woken yield(addr) TBs starve (not restored) under a TB-level preemption policy.  bgx (prio 0)
# fills the SMs; k2 (prio 3) preempts one bgx TB per SM (Chimera: saved, evicted, restorable),
# its TBs fill the SMs (256 threads each) and yield(addr) during their I/O.  With three yielded
# TBs and the preempted bgx TB in each SM's table (PTBS 4), the yields are woken by their
# YIELD_SIGNAL writes (accepted, cycle ~16,000) but not restored within kmusim's bound (101,424
# cycles, for an I/O of 4,389), while new TBs of k2 and k2b
# keep starting on the same SMs.  Likely cause (docs/blocks/kmu_sm_ctrl.md, Restore): a woken
# entry becomes an ordinary preempted TB, and with hold_i high (the preemption controller holds
# restores while the preempting kernels have work) no restore starts and new TBs fit normally;
# the restore pick also takes the lowest preempted entry only (bgx's, held).  The woken TBs
# belong to the preempting kernels themselves, which cannot finish without them: no progress
# for them while k2/k2b have TBs to start.  kmusim, c and cosim alike (no
# mismatch), reports the lost wake-up naming the TB, then the SMs' resident and evicted TBs:
#   build/bin/kmusim-small workloads/hw/io_wake_starve.wl --engine cosim --no-isolated
# With policy=drain it completes.  Found by scripts/gen_workload.py (mode io, seed 12), reduced.
config small policy=chimera
kernel bgx grid=96 tb=256 regs=4 shmem=4096 cycles=4299 prio=0 host wb=144 loads=12
kernel k2 grid=17 tb=256 regs=3 shmem=0 cycles=350 prio=3 host class=user io=4389 rounds=4 yield=addr
kernel k2b grid=17 tb=256 regs=3 shmem=0 cycles=350 prio=3 host class=user io=4389 rounds=4 yield=addr
launch bgx at=10
launch k2 at=9105
launch k2b at=13261
