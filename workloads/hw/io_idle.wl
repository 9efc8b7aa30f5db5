# io_idle.wl - GPUpIO's wake-up latency on an idle SM (issue 13 target: watched write -> the TB
# issuing again <= its restore + 10 cycles).  Two I/O TBs of 256 threads fill both SMs and
# yield(addr) with a compute kernel waiting; its four short TBs are done long before the I/O
# completes, so each wake-up finds its SM idle.  scripts/test_kmusim_io.sh checks the JSON's
# wake_overhead_max (wake-up latency minus the restore: RESTORE command taken -> restored start)
# <= 10.
config small
kernel cmp grid=4 tb=256 cycles=200 host
kernel io grid=2 tb=256 cycles=300 host io=3000 yield=addr shmem=256
launch io at=10
launch cmp at=40
