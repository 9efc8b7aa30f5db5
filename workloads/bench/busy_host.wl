# bench: the host-launched kernel while the same background kernel fills every SM
config small
kernel bg   grid=400 tb=256 regs=4 cycles=2000 prio=0 host
kernel hk   grid=1 tb=64 regs=8 cycles=100 prio=3 host
launch bg at=10
launch hk at=3000 count=20 every=1700
