# bench: a single-warp event kernel (EDGE IV-D's warp-level event) while a low-priority
# background kernel holds every warp slot of every SM; run under policy drain and warp
config small
kernel bg   grid=400 tb=256 regs=4 cycles=2000 prio=0 host wb=200 loads=20
kernel ev   grid=1 tb=32 regs=8 cycles=100 prio=3 event ring=4 maxinf=4
register ev at=0
launch bg at=10
doorbell ev at=3000 count=20 every=1700
