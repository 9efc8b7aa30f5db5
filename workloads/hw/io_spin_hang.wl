# io_spin_hang.wl - a hardware liveness bug, fixed (issue 13; in make test: scripts/test_kmusim_io.sh).
# GPUpIO's polite spin, yield(0), on one SM (SM 0 reserved for event kernels, none here).  sp's
# TBs fill the SM (256 threads = 8 warps) and yield(0) during a long I/O; other work waits.
# It used to deadlock: TB 0's spin was taken and parked (kmu_gpu's yp_valid_q), TB 1's spin was
# taken and held behind it in the monitor's wake port, TB 2's yield was accepted by kmu_sm and
# never answered (the held port blocked its SM's lane), the parked spin waited for the other
# work, the other work for the SM, and TB 2 held the SM (c, rtl and cosim alike).
# YIELD_CTRL.MAXWAIT (config yield_maxwait=2 or 6) ended it; now the wake port is never held and
# a spin is refused FULL while its SM's park is busy (docs/blocks/kmu_gpu.md, Yield, Liveness):
# TB 0 SPIN, the later spins FULL (they spin in place), every TB done, TB 0 restored once.
#   build/bin/kmusim-small workloads/hw/io_spin_hang.wl --engine cosim --no-isolated --hang 50000
# Found by scripts/gen_workload.py (mode io, seeds 1, 5, 10 when it gave yield=spin).
config small reserve=0x1
kernel other grid=4 tb=256 cycles=100 host
kernel sp grid=4 tb=256 cycles=100 host io=5000 yield=spin
launch sp at=10
launch other at=20
