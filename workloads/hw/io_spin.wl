# io_spin.wl - GPUpIO's polite spin, yield(0) (issue 13 item 2): I/O TBs (2 rounds of compute
# 300, I/O 3000) that yield(0) while they wait, beside a compute kernel.  A taken spin is saved,
# evicted and re-enqueued at the tail (restored once no new TB waits: kmu_gpu's parked spin);
# restored before its I/O completed, the TB checks its flag and yields again; with nothing else
# waiting the yield is refused (NOWORK) and the TB spins in place.  Checks
# (scripts/test_kmusim_io.sh): every yield taken is a SPIN, YIELD_TAKE 0, every one restored.
config small
kernel cmp grid=12 tb=128 cycles=1200 host
kernel sp grid=4 tb=64 cycles=300 host io=3000 rounds=2 yield=spin wb=10 shmem=512
launch cmp at=10
launch sp at=20
