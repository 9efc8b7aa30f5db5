# threads.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel 'k': tb=64x32x1 is 2048 threads, more than 1024
#
kernel k grid=1 tb=64,32 cycles=10 host
launch k at=0
