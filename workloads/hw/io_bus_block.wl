# io_bus_block.wl - a system hazard, fixed (issue 13's bounded-write rule; in
# scripts/test_kmusim_io.sh on c and cosim): a device's YIELD_SIGNAL write queued behind a
# back-pressured DOORBELL write on the one AXI-Lite port never reached kmu_gpu, so the TB it
# would wake never came back (kmusim: "lost wake-up ... queued on the AXI-Lite bus behind the
# host's write of 0x1000 (DOORBELL), still without its response").  The doorbell waited for the
# front end (launch_ready low), which waited for kernels that waited for their I/O TBs.  Now
# kmu_doorbell takes every doorbell at once and keeps the ones the EKT cannot take yet in a
# pending count per entry (docs/blocks/kmu_doorbell.md), so the wake-up write is answered and
# every kernel instance completes.  Found by scripts/gen_workload.py seed 11 with k0 at
# yield=addr (the generator now gives I/O kernels yield=spin beside event kernels).  Run:
#   build/bin/kmusim-small workloads/hw/io_bus_block.wl --engine c --seed 11 --no-isolated
config small mem_stall_pct=40 rgem=0 reserve=0x0 policy=drain vpol=0 opt=14 deadline=2000
kernel k0 grid=6 tb=128 regs=13 shmem=4096 cycles=529 prio=3 host class=batch io=2 rounds=4 yield=addr wb=572 bar=0
kernel k1 grid=5 tb=32 regs=39 shmem=4096 cycles=97 prio=0 host class=batch io=388 rounds=1 yield=off wb=195 bar=0
kernel k2 grid=5 tb=1 regs=21 shmem=0 cycles=20 prio=0 event ring=1 maxinf=1 loads=15 jitter=19 wb=392 bar=0
kernel k3 grid=5 tb=16 regs=26 shmem=0 cycles=244 prio=2 event ring=8 maxinf=1 wb=217 bar=0
kernel k4 grid=6 tb=1 regs=11 shmem=0 cycles=265 prio=2 event ring=4 maxinf=3 loads=36 jitter=24 wb=822 bar=2
kernel k5 grid=1 tb=16 regs=50 shmem=0 cycles=22 prio=0 event ring=4 maxinf=2
kernel bgx grid=153 tb=64 regs=10 shmem=1024 cycles=878 prio=0 host wb=891 loads=19
kernel hpx grid=3 tb=64 regs=10 cycles=87 prio=1 host
register k2 at=0
register k3 at=0
register k4 at=0
register k5 at=0
launch bgx at=10
hint hpx at=118 lead=751 count=6 every=2986
launch k0 at=867 count=4 every=1538
launch hpx at=869 count=6 every=2986
hint k0 at=3078 lead=2628 count=4 every=2466
doorbell k3 at=4470 count=11 every=179
doorbell k4 at=5148 count=11 every=32
launch k1 at=6521 count=4 every=300
doorbell k5 at=6768 count=4 every=552
doorbell k2 at=9327 count=7 every=1383
