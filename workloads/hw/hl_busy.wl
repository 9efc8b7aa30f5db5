# hl_busy.wl - host launches back to back while kmu_kmu's pending FIFO is full: HL_CMD writes
# that find the previous launch still pending are answered SLVERR (busy, register map 1.7: the
# bus is never held) and kmusim's host retries them (staging and HL_CMD again); every instance
# completes exactly once.  In scripts/test_kmusim_io.sh on c and cosim (hl_busy_retries > 0).
config small
kernel big grid=24 tb=64 regs=10 shmem=1024 cycles=400 prio=0 host
kernel hi grid=2 tb=32 regs=10 cycles=60 prio=2 host
launch big at=10 count=10 every=1
launch hi at=40 count=8 every=5
