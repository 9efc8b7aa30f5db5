# io_full.wl - GPUpIO with more waiting TBs than watch entries (paper configuration: kmu_gpu's
# YW = 8 watch entries, 16 SMs): 32 I/O TBs of 1024 threads fill the GPU, compute, and yield(addr)
# at about the same time with a compute kernel waiting.  Eight yields are taken, the others are
# refused FULL and spin in place until their flag is written (scripts/test_kmusim_io.sh, engine
# c of build/bin/kmusim-paper: the small GPU holds at most 8 yielded TBs, its watch table never
# fills).
config paper
kernel cmp grid=64 tb=1024 cycles=2000 host
kernel io grid=32 tb=1024 cycles=500 host io=5000 rounds=2 yield=addr jitter=20
launch io at=10
launch cmp at=20
