# bad_number.wl - one malformed line; scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: cycles=12x: not a number
#
kernel k grid=1 tb=32 cycles=12x host
launch k at=0
