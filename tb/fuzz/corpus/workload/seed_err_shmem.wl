# shmem.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: shmem=70000: out of range 0..65535
#
kernel k grid=1 tb=32 cycles=10 shmem=70000 host
launch k at=0
