# io_rounds.wl - rounds= without io=, and rounds out of range; scripts/kmusim_smoke.sh checks
# the first message and the exit code
# expect-exit: 2
# expect: :5: kernel 'k': rounds= needs io= (rounds of compute and I/O wait)
kernel k grid=1 tb=32 cycles=10 host rounds=3
kernel j grid=1 tb=32 cycles=10 host io=5 rounds=1001
kernel y grid=1 tb=32 cycles=10 host yield=addr
launch k at=0
