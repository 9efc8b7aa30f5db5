# bench: the same kernel launched by the host through the HOST_LAUNCH window, idle GPU
config small
kernel hk   grid=1 tb=64 regs=8 cycles=100 prio=3 host
launch hk at=1000 count=20 every=1000
