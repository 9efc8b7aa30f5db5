# bench: simulation speed, paper configuration
config paper
kernel bg   grid=512 tb=256 regs=16 cycles=3000 prio=0 host loads=20
kernel ev   grid=4 tb=64 regs=16 cycles=300 prio=3 event ring=16 maxinf=16
register ev at=0
launch bg at=10
doorbell ev at=100 count=100 every=500
