# io_wake_starve.wl - woken yield(addr) TBs under a TB-level preemption policy (issue 13; in
# scripts/test_kmusim_io.sh, c and cosim, Chimera and PEP).  bgx (prio 0) fills the SMs; k2
# (prio 3) preempts one bgx TB per SM (Chimera: saved, evicted, restorable), its TBs fill the
# SMs (256 threads each) and yield(addr) during their I/O.  With three yielded TBs and the
# preempted bgx TB in each SM's table (PTBS 4), the yields are woken by their YIELD_SIGNAL
# writes while the preemption controller holds the SMs (hold_i: k2/k2b still have TBs to
# start) and new TBs of k2 and k2b keep starting on the same SMs.  Before kmu_sm_ctrl's
# woken-TB rule (docs/blocks/kmu_sm_ctrl.md, Restore) a woken entry was an ordinary preempted
# TB: held by hold_i, and the restore pick took the lowest preempted entry (bgx's, held), so
# the woken TBs - of the preempting kernels themselves, which cannot finish without them - were
# not restored within kmusim's bound (101,424 cycles, for an I/O of 4,389) and the run failed
# with a lost wake-up.  Now a woken TB is restored before any new TB and is not held: the run
# completes (about 382k cycles; the wake-up latency, ~16k cycles, is that of policy=drain:
# the woken TBs wait for resident TBs to finish).  Found by scripts/gen_workload.py (mode io,
# seed 12), reduced:
#   build/bin/kmusim-small workloads/hw/io_wake_starve.wl --engine cosim --no-isolated
config small policy=chimera
kernel bgx grid=96 tb=256 regs=4 shmem=4096 cycles=4299 prio=0 host wb=144 loads=12
kernel k2 grid=17 tb=256 regs=3 shmem=0 cycles=350 prio=3 host class=user io=4389 rounds=4 yield=addr
kernel k2b grid=17 tb=256 regs=3 shmem=0 cycles=350 prio=3 host class=user io=4389 rounds=4 yield=addr
launch bgx at=10
launch k2 at=9105
launch k2b at=13261
