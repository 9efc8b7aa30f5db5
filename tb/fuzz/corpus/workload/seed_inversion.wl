# inversion.wl - priority inversion at the kernel-slot level (kmu_kmu): four low-priority
# host kernels with many TBs hold every KDU slot of the small configuration (SLOTS=4), then
# a priority-3 host kernel arrives.  Before the completion table and slot swap-out it waited
# until one of the low kernels completed; now a low kernel's slot is swapped out (its
# un-started TBs go back to the pending pool) and the priority-3 kernel is admitted within a
# few cycles: its launch_latency is then bounded by the TBs already running on the SMs (the
# dispatcher drains: it waits for a TB slot), not by the low kernels' lengths.
config small

#      name   grid     tb     regs    cycles    prio kind
kernel low0   grid=400 tb=64  regs=16 cycles=300 prio=0 host
kernel low1   grid=400 tb=64  regs=16 cycles=300 prio=0 host
kernel low2   grid=400 tb=64  regs=16 cycles=300 prio=0 host
kernel low3   grid=400 tb=64  regs=16 cycles=300 prio=0 host
kernel urgent grid=4   tb=64  regs=16 cycles=100 prio=3 host

launch   low0   at=10
launch   low1   at=20
launch   low2   at=30
launch   low3   at=40
launch   urgent at=2000
