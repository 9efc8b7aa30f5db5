# reserve_hol.wl - policy reserve (SM 15 kept for event kernels): 64 single-warp events of
# 20,000 cycles rung at once need more than SM 15's 32 resident-TB entries.  The host kernel
# may only use SMs 0-14 (15 x 8 resident TBs of 4,000 cycles), which the events never touch,
# yet while events wait for SM 15 the dispatcher serves nobody (kmu_dispatch: the highest
# level with requests, or nothing), so the host kernel gets no TBs.  Measured (kmusim-paper,
# engine c, seed 1, 540cdfa): bg turnaround 98,357 cycles; 80,385 with the doorbell line removed.
config paper policy=reserve reserve=0x8000
kernel bg  grid=2400 tb=256 regs=16 cycles=4000 prio=0 host
kernel ev  grid=1 tb=32 regs=12 cycles=20000 prio=3 event ring=128 maxinf=128
register ev at=0
launch bg at=10
doorbell ev at=10000 count=64
