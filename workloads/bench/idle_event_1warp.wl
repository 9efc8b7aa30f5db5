# bench: a warp-level event kernel (event, 1 warp, no shared memory: EDGE IV-C) launched by
# doorbells on an idle GPU, far apart (scripts/bench.py); idle_event.wl with tb=32
config small
kernel ev   grid=1 tb=32 regs=8 cycles=100 prio=3 event ring=4 maxinf=4
register ev at=0
doorbell ev at=1000 count=20 every=1000
