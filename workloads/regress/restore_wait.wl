# regression (paper config, engine c): a restore's offer waits for the shared SIMT start bus while
# the SM's sequencer already runs the next restore's commands; kmusim's SM model once checked the
# first restore's shared memory against the second's writes ("shared-memory word 0 was not
# written by the restore", a false failure). Found by studies/pep/system.py (pep_inplace).
config paper policy=pep_inplace deadline=12160 bw_shift=1
kernel k1 grid=128 tb=128 regs=5 shmem=384 cycles=50000 prio=0 host wb=1
kernel hp grid=16 tb=1024 regs=64 cycles=5000 prio=3 host
launch k1 at=10
launch hp at=36490
