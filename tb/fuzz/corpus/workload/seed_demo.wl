# demo.wl - a small mixed workload: one long host kernel keeps the SMs busy while a
# high-priority event kernel (e.g. a packet handler) is rung by doorbells.
# See docs/workload-format.md.
config small

#      name      grid   tb      regs shmem cycles     prio kind   extras
kernel matmul    grid=8 tb=128  regs=16 shmem=4096 cycles=400 prio=0 host loads=20 wb=500 bar=5
kernel pkt       grid=2 tb=64   regs=8  cycles=60  prio=3 event ring=8 maxinf=4 loads=10
kernel reduce    grid=4,2 tb=32,2 regs=32 cycles=150 prio=1 host

register pkt    at=0
launch   matmul at=10
doorbell pkt    at=200 count=6 every=150
launch   reduce at=500
launch   matmul at=900
