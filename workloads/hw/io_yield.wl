# io_yield.wl - GPUpIO I/O thread blocks that yield(addr) while they wait (issue 13,
# docs/kmusim.md "I/O thread blocks"): a long compute kernel (kernel 0: its TBs always wait for
# an SM) and two I/O kernels of 2 TBs each, 3 rounds of (compute 300, I/O 2000 cycles).  At
# most 4 I/O TBs wait at once, even all on one SM: the small GPU's watch table (YW 8) and an
# SM's preempted-TB table (PTBS 4) hold them all, and other work always waits, so no yield is
# refused or held and every wait is one yield taken: yields = TBs x rounds
# (scripts/test_kmusim_io.sh).
config small
kernel cmp grid=64 tb=128 cycles=1500 host
kernel io1 grid=2 tb=64 cycles=300 host io=2000 rounds=3 yield=addr
kernel io2 grid=2 tb=64 cycles=300 host io=2000 rounds=3 yield=addr prio=1
launch cmp at=10
launch io1 at=20
launch io2 at=30
