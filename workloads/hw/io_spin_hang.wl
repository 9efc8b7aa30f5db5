# io_spin_hang.wl - REPRODUCER of a hardware liveness bug, expected to FAIL (not in make test):
# GPUpIO's polite spin, yield(0), on one SM (SM 0 reserved for event kernels, none here).  sp's
# TBs fill the SM (256 threads = 8 warps) and yield(0) during a long I/O; other work waits.
# TB 0's spin is taken and parked (kmu_gpu's yp_valid_q), TB 1's spin is taken and held behind
# it, TB 2's yield is accepted by kmu_sm but never answered: the parked spin is handed to its SM
# only once no other work waits (other_q = 0), the other work waits for the SM, and TB 2 holds
# the SM while it waits for its answer.  kmusim (c, rtl, cosim alike, no mismatch) reports no
# progress, TB 2 resident with its yield accepted and TBs 0, 1 evicted with their flags written:
#   build/bin/kmusim-small workloads/hw/io_spin_hang.wl --engine cosim --no-isolated --hang 50000
# Found by scripts/gen_workload.py (mode io, seeds 1, 5, 10 before it stopped giving yield=spin).
config small reserve=0x1
kernel other grid=4 tb=256 cycles=100 host
kernel sp grid=4 tb=256 cycles=100 host io=5000 yield=spin
launch sp at=10
launch other at=20
