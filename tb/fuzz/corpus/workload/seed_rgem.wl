# rgem.wl - RGEM mode (RGEM 3.2): one kernel at a time, the highest-priority pending one
# first.  kmusim writes KMU_CTRL.RGEM = 1 at cycle 0; then three host kernels of different
# priorities are launched back to back while a long low-priority kernel runs: they run one
# after another, highest priority first, never side by side.  Compare with rgem=0 (the same
# file with `config small rgem=0`): the kernels share the SMs.  See docs/workload-format.md.
config small rgem=1

#      name    grid   tb     regs cycles    prio kind
kernel bulk    grid=8 tb=64  regs=16 cycles=300 prio=0 host
kernel low     grid=4 tb=64  regs=16 cycles=100 prio=1 host
kernel mid     grid=4 tb=64  regs=16 cycles=100 prio=2 host
kernel high    grid=4 tb=64  regs=16 cycles=100 prio=3 host
kernel pkt     grid=2 tb=32  regs=8  cycles=50  prio=3 event ring=4 maxinf=2

register pkt   at=0
launch   bulk  at=10
launch   low   at=50
launch   mid   at=60
launch   high  at=70
doorbell pkt   at=400 count=4 every=200
