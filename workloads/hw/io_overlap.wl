# io_overlap.wl - GPUpIO's throughput case (paper section 3): I/O TBs with compute C = I/O I
# (1000 cycles, 4 rounds) beside a compute kernel.  With yield=addr the SM runs compute TBs
# while I/O TBs wait, so the whole run is shorter than with yield=off, where a waiting TB
# holds its slot (scripts/test_kmusim_io.sh runs both and compares the cycles).
config small
kernel io grid=8 tb=128 cycles=1000 host io=1000 rounds=4 yield=addr
kernel cmp grid=16 tb=128 cycles=1000 host
launch io at=10
launch cmp at=20
