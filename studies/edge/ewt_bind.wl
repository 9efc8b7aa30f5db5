# ewt_bind.wl - policy drain: a full GPU (128 TBs of 20,000 +-50 % cycles, no more TBs after
# the first wave) and 6 single-warp events rung at 5,000..6,500.  A one-warp event that fits
# no SM goes to an SM's event-warp table (kmu_dispatch, round robin over SMs with table room)
# and waits for a TB to end on that SM.  Measured (kmusim-paper, engine c, seed 1, 540cdfa): the first
# background TB ends at 12,337 (SM 14); the events start at 12,860, 16,102, 14,494, 16,436,
# 17,567, 17,755 (SMs 0, 1, 2, 3, 4, 5).  With tb=64 (two warps: the regular path, kept in
# the KMU until an SM fits) they start at 12,339, 12,340, 12,341, 12,342, 12,849, 12,850.
config paper policy=drain
kernel bg grid=128 tb=256 regs=32 cycles=20000 prio=0 host jitter=50
kernel ipv4 grid=1 tb=32 regs=12 cycles=3000 prio=3 event ring=4096 maxinf=255
register ipv4 at=0
launch bg at=10
doorbell ipv4 at=5000 count=6 every=300
end at=40000
