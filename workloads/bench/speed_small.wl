# bench: simulation speed, small configuration (a steady mix, about 200k cycles)
config small
kernel bg   grid=200 tb=128 regs=8 cycles=3000 prio=0 host loads=20
kernel ev   grid=2 tb=32 regs=8 cycles=200 prio=3 event ring=8 maxinf=8
register ev at=0
launch bg at=10
doorbell ev at=100 count=300 every=600
