# io_yield.wl - GPUpIO I/O thread blocks that yield(addr) while they wait (issue 13,
# docs/kmusim.md "I/O thread blocks"): two I/O kernels, 8 TBs each, 3 rounds of (compute 300,
# I/O 2000 cycles), and a compute kernel whose TBs fill the SMs meanwhile.  Every wait of an
# I/O TB is a yield taken (a compute TB always waits for the SM), so yields = TBs x rounds.
config small
kernel io1 grid=8 tb=64 cycles=300 host io=2000 rounds=3 yield=addr
kernel io2 grid=8 tb=64 cycles=300 host io=2000 rounds=3 yield=addr prio=1
kernel cmp grid=24 tb=128 cycles=1500 host
launch io1 at=10
launch io2 at=20
launch cmp at=30
