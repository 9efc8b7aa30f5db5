# reserve.wl - SM reservation (EDGE IV-A): SM 1 is reserved for event kernels.  kmusim writes
# SM_RESERVE = 0x2 at cycle 0; the host kernels then run only on SM 0 and the event kernel's
# TBs only on SM 1, so a doorbell finds a free SM at once even while the host kernels keep SM 0
# busy (latency of the event kernel vs. throughput of the host kernels; compare reserve=0x0).
# See docs/workload-format.md.
config small reserve=0x2

#      name    grid    tb     regs shmem cycles    prio kind   extras
kernel matmul  grid=12 tb=128 regs=16 shmem=4096 cycles=300 prio=0 host loads=10
kernel pkt     grid=2  tb=64  regs=8  cycles=60  prio=3 event ring=8 maxinf=4
kernel warp    grid=1  tb=32  regs=8  cycles=40  prio=2 event ring=4

register pkt    at=0
register warp   at=0
launch   matmul at=10 count=2 every=500
doorbell pkt    at=100 count=6 every=150
doorbell warp   at=150 count=4 every=200
