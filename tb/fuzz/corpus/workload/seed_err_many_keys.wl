# many_keys.wl - more than 16 key=value arguments on one line (they were written past the
# parser's arrays and corrupted other keys); scripts/kmusim_smoke.sh checks message and exit
# expect-exit: 2
# expect: :5: kernel: more than 16 key=value arguments
kernel k grid=1 tb=32 cycles=10 regs=8 shmem=0 prio=0 loads=0 wb=0 bar=0 jitter=0 a=1 b=2 c=3 d=4 e=5 f=6 g=7 host
launch k at=0
