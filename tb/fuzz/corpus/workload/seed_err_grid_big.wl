# grid_big.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: grid=65536: dimension 65536 out of range 1..65535
#
kernel k grid=65536 tb=32 cycles=10 host
launch k at=0
