# paper_mix.wl - `make run`'s workload: a busy paper-sized GPU (two long low-priority host
# kernels that write back registers), a stream of event kernels rung at a steady rate (rx and
# timer are single-warp: EDGE's warp-level path), and a high-priority host kernel (infer)
# launched periodically, each launch announced by a launch hint (PEP 3.3).  Jittered TB times
# and memory traffic.  docs/workload-format.md
config paper mem_latency=300

kernel gemm    grid=64,4 tb=256 regs=32 shmem=8192  cycles=3000 prio=0 host loads=50 wb=800 bar=4 jitter=10
kernel conv    grid=128  tb=128 regs=24 shmem=8192  cycles=2000 prio=1 host loads=80 wb=400 jitter=20
kernel infer   grid=16   tb=128 regs=32             cycles=600  prio=3 host loads=40
kernel rx      grid=1    tb=32  regs=16             cycles=400  prio=3 event ring=16 maxinf=8 loads=20
kernel tx      grid=2    tb=64  regs=16             cycles=200  prio=2 event ring=8 loads=10
kernel timer   grid=1    tb=32  regs=8              cycles=50   prio=3 event ring=4 maxinf=2

register rx    at=0
register tx    at=0
register timer at=0
launch   gemm  at=100
launch   conv  at=200
doorbell rx    at=1000 count=40 every=700
doorbell tx    at=1500 count=30 every=900
doorbell timer at=2000 count=20 every=1500
hint     infer at=3000 lead=2000 count=5 every=5000
launch   infer at=5000 count=5 every=5000
launch   gemm  at=20k
