# grid_range.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: grid=4,0: dimension 0 out of range 1..65535
#
kernel k grid=4,0 tb=32 cycles=10 host
launch k at=0
