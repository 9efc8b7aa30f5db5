# bench: an event kernel's doorbells on an idle GPU, far apart (scripts/bench.py)
config small
kernel ev   grid=1 tb=64 regs=8 cycles=100 prio=3 event ring=4 maxinf=4
register ev at=0
doorbell ev at=1000 count=20 every=1000
